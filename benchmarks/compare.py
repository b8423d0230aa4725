"""asobi's engines beside other engines, in one run on one core: random legal
moves through each one's full interface, decisions per CPU-second, and the ratios.

    .venv/bin/python benchmarks/compare.py                  # the table in docs/performance.md
    .venv/bin/python benchmarks/compare.py --seconds 0.5 --rows laminate-4,rummycity-duel

An asobi decision is what an arena does (``benchlib.random_playout``): ``active_seats()``,
``legal_actions(seat)``, a seeded ``random.Random`` choice, ``apply`` (which validates it and
returns its events). The anchors are driven the same way from Python:

- OpenSpiel's gin rummy, C++ behind ``pyspiel``: ``legal_actions()``, a choice,
  ``apply_action``; chance moves (the deal, draws from the stock) are made the same way but
  not counted as decisions.
- OpenSpiel's block dominoes written in Python (``open_spiel.python.games.block_dominoes``),
  the same way.
- RLCard's gin rummy (``env.step``, which also builds the next player's observation), when
  ``rlcard`` can be imported; it is not a dependency of asobi. To add it:
  ``pip install --target DIR --no-deps rlcard==1.2.0 termcolor`` and put DIR on PYTHONPATH.

Each row plays seeded games (seeds 0, 1, 2, ...) until ``--seconds`` of CPU time
(``time.process_time``) have passed, setup and deals included. The rows take turns within
each of ``--repeat`` rounds, so a change in the machine's load falls on all of them alike;
each figure is the row's best round. Goals (the last column): Laminate Rummy and Rummy City at
least 1.0x gin rummy, Starmine and It's Mine! at least 2.5x, Carrotein at least 1.0x block
dominoes.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from asobi.core.registry import get_spec
from benchlib import machine, pin, random_playout, write_json

GIN = "gin rummy (OpenSpiel C++)"
DOMINOES = "block dominoes (OpenSpiel Python)"
RLCARD = "gin rummy (RLCard)"

# asobi's rows: (name, game id, seats, goal as (anchor, ratio)).
ASOBI: tuple[tuple[str, str, int, tuple[str, float]], ...] = (
    ("starmine-duel", "starmine", 2, (GIN, 2.5)),
    ("starmine-solo", "starmine", 1, (GIN, 2.5)),
    ("itsmine", "itsmine", 2, (GIN, 2.5)),
    ("laminate-3", "laminate", 3, (GIN, 1.0)),
    ("laminate-4", "laminate", 4, (GIN, 1.0)),
    ("laminate-5", "laminate", 5, (GIN, 1.0)),
    ("rummycity-duel", "rummycity", 2, (GIN, 1.0)),
    ("rummycity-solo", "rummycity", 1, (GIN, 1.0)),
    ("carrotein-3", "carrotein", 3, (DOMINOES, 1.0)),
)

# A playout: play the game of this seed to the end; the decisions it took.
Playout = Callable[[int], int]


def asobi_playout(game: str, players: int) -> Playout:
    spec = get_spec(game)
    options = spec.options({"players": players})
    return lambda seed: random_playout(spec, options, seed)


def openspiel_playout(name: str) -> Playout:
    import pyspiel

    if name.startswith("python_"):
        import open_spiel.python.games  # noqa: F401  (registers the Python games)
    game = pyspiel.load_game(name)

    def playout(seed: int) -> int:
        state = game.new_initial_state()
        rng = random.Random(seed)
        decisions = 0
        while not state.is_terminal():
            if not state.is_chance_node():
                decisions += 1
            state.apply_action(rng.choice(state.legal_actions()))
        return decisions

    return playout


def rlcard_playout() -> Playout | None:
    try:
        import rlcard
    except ImportError:
        return None
    env = rlcard.make("gin-rummy", config={"seed": 0})

    def playout(seed: int) -> int:
        env.seed(seed)
        rng = random.Random(seed)
        state, _ = env.reset()
        decisions = 0
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            decisions += 1
        return decisions

    return playout


def one_round(playout: Playout, seconds: float) -> tuple[int, float]:
    """Seeded games until ``seconds`` of CPU time have passed: (decisions, CPU seconds)."""
    decisions = 0
    seed = 0
    start = time.process_time()
    while True:
        decisions += playout(seed)
        seed += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return decisions, spent


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds a row a round")
    parser.add_argument("--repeat", type=int, default=3, help="rounds; each row's best is kept")
    parser.add_argument(
        "--rows", default=",".join(r[0] for r in ASOBI), help="asobi's rows, comma-separated"
    )
    parser.add_argument("--pin", type=int, default=None, help="pin the process to this CPU")
    parser.add_argument("--json", help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    pin(args)
    chosen = args.rows.split(",")
    unknown = set(chosen) - {r[0] for r in ASOBI}
    if unknown:
        parser.error(f"unknown rows: {', '.join(sorted(unknown))}")
    rows = [r for r in ASOBI if r[0] in chosen]
    playouts: dict[str, Playout] = {
        GIN: openspiel_playout("gin_rummy"),
        DOMINOES: openspiel_playout("python_block_dominoes"),
    }
    rlcard = rlcard_playout()
    if rlcard is not None:
        playouts[RLCARD] = rlcard
    anchors = list(playouts)
    for name, game, players, _ in rows:
        playouts[name] = asobi_playout(game, players)
    best: dict[str, float] = {}
    cpu = 0.0
    for _ in range(args.repeat):
        for name, playout in playouts.items():
            decisions, spent = one_round(playout, args.seconds)
            cpu += spent
            best[name] = max(best.get(name, 0.0), decisions / spent)
    info = machine()
    print(f"python {info['python']} on {info['cpu']}; load average {info['load_average']}")
    print(f"random legal moves, {args.seconds} CPU s a row a round, best of {args.repeat}")
    short = {GIN: "x gin", DOMINOES: "x dominoes", RLCARD: "x RLCard"}
    header = f"{'engine':<34} {'decisions/s':>11}" + "".join(f" {short[a]:>10}" for a in anchors)
    print(header + f" {'goal':>16}")
    print("-" * (len(header) + 17))
    report: list[dict[str, Any]] = []
    goals = {name: goal for name, _, _, goal in rows}
    for name in playouts:
        ratios = {a: best[name] / best[a] for a in anchors}
        line = f"{name:<34} {best[name]:>11,.0f}" + "".join(f" {r:>10.2f}" for r in ratios.values())
        goal = goals.get(name)
        if goal is not None:
            anchor, wanted = goal
            met = "met" if ratios[anchor] >= wanted else "NOT met"
            line += f" {f'{wanted}{short[anchor]} {met}':>16}"
        print(line)
        report.append({"engine": name, "decisions_per_s": best[name], "ratios": ratios})
    print(f"CPU time {cpu:.1f} s; load average now {list(os.getloadavg())}")
    result = {"machine": info, "rows": report, "cpu_seconds": cpu}
    if args.json:
        write_json(args.json, result)
    return result


if __name__ == "__main__":
    main()
