"""ISMCTS iterations per CPU-second, per game, with random rollouts to the end of the game (and
with the game's greedy bot as the rollout policy, and short random playouts of ``--depth``
moves where the game keeps a standing), on one core, beside OpenSpiel's own Python ISMCTS on
its C++ gin rummy in the same run.

    .venv/bin/python benchmarks/bench_ismcts.py                       # every game
    .venv/bin/python benchmarks/bench_ismcts.py --games starmine      # one game
    .venv/bin/python benchmarks/bench_ismcts.py --profile --games laminate

An iteration samples a world (``determinize``), walks the tree, adds a node and plays the
world out. Each figure is the total over ``--positions`` decisions (positions reached by
10·k random moves from seeded deals, at each game's default player count), best of
``--repeat`` rounds in CPU time (``time.process_time``). The anchor (when ``open_spiel``
imports: the ``rl`` extra) is ``open_spiel.python.algorithms.ismcts`` with one random rollout
to the end a simulation, ``uct_c=2``, on gin rummy (``bench_openspiel.py``'s positions and
search); every row and the anchor take turns within each round, so a change in the
machine's load falls on all alike, and each row is printed with its ratio to the anchor.
Goal: random rollouts at 2× the anchor in Laminate Rummy and Rummy City.

Where a game has its random playouts compiled (``GameSpec.playout``, ``asobi.core.playouts``)
the "random" row uses them, as the search does by default, and a row "random, protocol"
plays them through the protocol (``compiled=no``); the compiled code is loaded (compiled on
a fresh install) before any row is timed.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from asobi.agents.ismcts import ISMCTS, Rollout, bot_rollout, random_rollout
from asobi.core import new_game
from asobi.core.bots import decision_for, make_bot
from asobi.core.playouts import compiled_playout
from asobi.core.protocol import State

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import add_common_arguments, machine, pin, profile, write_json

GAMES = ("starmine", "itsmine", "laminate", "rummycity")
ANCHOR = "gin rummy (OpenSpiel)"


def positions(game: str, count: int) -> list[tuple[State, int]]:
    """Decisions with a real choice, ``10 * k`` random moves into seeded games."""
    out: list[tuple[State, int]] = []
    seed = 0
    while len(out) < count:
        state = new_game(game, None, seed)
        rng = random.Random(seed)
        for _ in range(10 * (len(out) % 4)):
            if state.is_over:
                break
            seat = min(state.active_seats())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        seed += 1
        if not state.is_over:
            seat = min(state.active_seats())
            if len(state.legal_actions(seat)) > 1:
                out.append((state, seat))
    return out


# game, label, rollout, iterations, depth, compiled playouts where the game has them
Row = tuple[str, str, Rollout, int, int | None, bool]


def seconds_to_search(
    cases: list[tuple[State, int]],
    rollout: Rollout,
    iterations: int,
    depth: int | None,
    compiled: bool = True,
) -> tuple[int, float]:
    """Iterations made and CPU seconds taken to decide every case."""
    done, start = 0, time.process_time()
    for state, seat in cases:
        bot = ISMCTS(seed=1, iterations=iterations, rollout=rollout, depth=depth, compiled=compiled)
        bot.choose(decision_for(state, seat))
        done += bot.last_iterations
    return done, time.process_time() - start


def anchor() -> Callable[[int, int], float] | None:
    """OpenSpiel's ISMCTS on its gin rummy: simulations per CPU-second over ``positions``
    decisions of ``simulations`` each (None without the ``rl`` extra)."""
    try:
        import bench_openspiel as outside
    except ImportError:
        return None
    game = outside.load(outside.REFERENCE)

    def rate(positions: int, simulations: int) -> float:
        states = outside.positions(game, positions)
        return positions * simulations / outside.search_seconds(game, states, simulations)

    return rate


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids")
    parser.add_argument("--positions", type=int, default=8, help="decisions per game")
    parser.add_argument("--iterations", type=int, default=200, help="per decision (random)")
    parser.add_argument(
        "--depth", type=int, default=20, help="short playouts: moves after the tree (standing)"
    )
    parser.add_argument(
        "--simulations", type=int, default=100, help="per decision of the anchor (OpenSpiel)"
    )
    add_common_arguments(parser, repeat=3, top=25)
    args = parser.parse_args(argv)
    pin(args)
    rows: list[Row] = []
    cases: dict[str, list[tuple[State, int]]] = {}
    for game in args.games.split(","):
        cases[game] = positions(game, args.positions)
        greedy = bot_rollout(make_bot("greedy", game, 0))
        rows.append((game, "random", random_rollout, args.iterations, None, True))
        fast = compiled_playout(cases[game][0][0])
        if fast is not None:
            fast(cases[game][0][0].clone(), 0, 10, False)  # loaded (or compiled) before timing
            rows.append((game, "random, protocol", random_rollout, args.iterations, None, False))
        rows.append((game, "greedy", greedy, max(1, args.iterations // 10), None, True))
        if new_game(game, None, 0).standing() is not None:  # short playouts where they stop
            rows.append((game, f"random, depth {args.depth}", random_rollout, args.iterations,
                         args.depth, True))  # fmt: skip
    outside = anchor()
    best: dict[tuple[str, str], float] = {}
    for _ in range(args.repeat):
        if outside is not None:
            key = (ANCHOR, "random")
            best[key] = max(best.get(key, 0.0), outside(args.positions, args.simulations))
        for game, label, rollout, iterations, depth, compiled in rows:
            done, seconds = seconds_to_search(cases[game], rollout, iterations, depth, compiled)
            best[game, label] = max(best.get((game, label), 0.0), done / seconds)
    info = machine()
    load = " ".join(f"{x:.2f}" for x in info["load_average"])
    print(f"python {info['python']} on {info['cpu']}; load average {load}")
    print(f"{'game':<22} {'rollouts':<18} {'iterations/s':>13} {'x anchor':>9}")
    report: dict[str, Any] = {"machine": info, "rows": []}
    base = best.get((ANCHOR, "random"))
    for (game, label), value in best.items():
        ratio = value / base if base else None
        shown = f"{ratio:>9.2f}" if ratio is not None else f"{'-':>9}"
        print(f"{game:<22} {label:<18} {value:>13,.0f} {shown}")
        report["rows"].append(
            {"game": game, "rollouts": label, "iterations_per_s": value, "ratio": ratio}
        )
    if args.profile:
        for game in args.games.split(","):
            search = cases[game]

            def one(i: int, search: list[tuple[State, int]] = search) -> object:
                state, seat = search[i % len(search)]
                return ISMCTS(seed=i, iterations=args.iterations).choose(decision_for(state, seat))

            print(profile(one, len(search), args.top))
    if args.json:
        write_json(args.json, report)
    return report


if __name__ == "__main__":
    main()
