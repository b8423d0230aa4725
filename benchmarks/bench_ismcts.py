"""ISMCTS iterations per second, per game, with random rollouts to the end of the game (and
with the game's greedy bot as the rollout policy, and short random playouts of ``--depth``
moves where the game keeps a standing), on one core.

    .venv/bin/python benchmarks/bench_ismcts.py                       # every game
    .venv/bin/python benchmarks/bench_ismcts.py --games starmine      # one game
    .venv/bin/python benchmarks/bench_ismcts.py --profile --games laminate

An iteration samples a world (``determinize``), walks the tree, adds a node and plays the
world out. Each figure is the total over ``--positions`` decisions (positions reached by
10·k random moves from seeded deals, at each game's default player count), best of
``--repeat``. Target: 3,000 iterations/s with random rollouts on the rummy games.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from typing import Any

from asobi.agents.ismcts import ISMCTS, Rollout, bot_rollout, random_rollout
from asobi.core import new_game
from asobi.core.bots import decision_for, make_bot
from asobi.core.protocol import State

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import add_common_arguments, machine, pin, profile, write_json

GAMES = ("starmine", "itsmine", "laminate", "rummycity")


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


def rate(
    game: str, rollout: Rollout, iterations: int, count: int, repeat: int, depth: int | None = None
) -> float:
    """Iterations per second over ``count`` decisions, best of ``repeat``."""
    best = 0.0
    for _ in range(repeat):
        done, spent = 0, 0.0
        for state, seat in positions(game, count):
            bot = ISMCTS(seed=1, iterations=iterations, rollout=rollout, depth=depth)
            decision = decision_for(state, seat)
            t0 = time.perf_counter()
            bot.choose(decision)
            spent += time.perf_counter() - t0
            done += bot.last_iterations
        best = max(best, done / spent)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids")
    parser.add_argument("--positions", type=int, default=8, help="decisions per game")
    parser.add_argument("--iterations", type=int, default=200, help="per decision (random)")
    parser.add_argument(
        "--depth", type=int, default=20, help="short playouts: moves after the tree (standing)"
    )
    add_common_arguments(parser, repeat=3, top=25)
    args = parser.parse_args()
    pin(args)
    report: dict[str, Any] = {"machine": machine(), "rows": []}
    print("game        rollouts          iterations/s")
    for game in args.games.split(","):
        greedy = bot_rollout(make_bot("greedy", game, 0))
        runs: list[tuple[str, Rollout, int, int | None]] = [
            ("random", random_rollout, args.iterations, None),
            ("greedy", greedy, max(1, args.iterations // 10), None),
        ]
        if new_game(game, None, 0).standing() is not None:  # short playouts where they stop
            runs.append(
                (f"random, depth {args.depth}", random_rollout, args.iterations, args.depth)
            )
        for label, rollout, iterations, depth in runs:
            value = rate(game, rollout, iterations, args.positions, args.repeat, depth)
            report["rows"].append({"game": game, "rollouts": label, "iterations_per_s": value})
            print(f"{game:<11} {label:<16} {value:>13,.0f}", flush=True)
        if args.profile:
            cases = positions(game, args.positions)

            def search(i: int, cases: list[tuple[State, int]] = cases) -> object:
                state, seat = cases[i % len(cases)]
                return ISMCTS(seed=i, iterations=args.iterations).choose(decision_for(state, seat))

            print(profile(search, len(cases), args.top))
    if args.json:
        write_json(args.json, report)


if __name__ == "__main__":
    main()
