"""OpenSpiel's own Python ISMCTS through the adapter: simulations per CPU-second on
asobi's games next to OpenSpiel's C++ gin rummy, in the same run, and their ratios.

    .venv/bin/python benchmarks/bench_openspiel.py          # the table in docs/performance.md
    .venv/bin/python benchmarks/bench_openspiel.py --games starmine --profile

The bot is ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with one random rollout to the
end of the game per simulation (``mcts.RandomRolloutEvaluator``) and ``uct_c=2``; a
simulation resamples a world (``resample_from_infostate``), walks the tree by
information-state strings and plays the world out. Each game searches ``--positions``
decisions of ``--simulations`` simulations, reached by random moves from seeded deals. The
games take turns within each of ``--repeat`` rounds, so a change in the machine's load falls
on all of them alike; each figure is the best round, in CPU time (``time.process_time``).
Goal: every ratio to gin rummy at least 0.5.

Beside each game, its floor (``openspiel_floor.py``): the same search on a Python game that
does nothing but count moves, its simulations as long as the game's random rollouts. Its
ratio is the most any engine of that game's length could reach through OpenSpiel's Python
game interface; ``asobi share`` is the part of a simulation the game and the adapter take,
and ``budget us`` the microseconds a move they may take for the game to reach the goal
(negative: not even a game that costs nothing would).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from asobi.adapters.openspiel_game import register, short_name

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import openspiel_floor
from benchlib import add_common_arguments, machine, pin, write_json

GAMES = ("starmine", "itsmine", "laminate")
REFERENCE = "gin_rummy"
GOAL = 0.5  # the ratio to gin rummy each game should reach


def load(game: str) -> pyspiel.Game:
    """The game at its default seat count (OpenSpiel's own game by its name)."""
    return pyspiel.load_game(game if game == REFERENCE else short_name(game))


def positions(game: pyspiel.Game, count: int) -> list[pyspiel.State]:
    """Decisions with a real choice, ``5 * k`` random moves into seeded deals."""
    out: list[pyspiel.State] = []
    rng = np.random.RandomState(0)
    while len(out) < count:
        state = game.new_initial_state()
        moves = 5 * (len(out) % 4)
        while not state.is_terminal() and (state.is_chance_node() or moves > 0):
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
                moves -= 1
        if not state.is_terminal() and len(state.legal_actions()) > 1:
            out.append(state)
    return out


def search_seconds(game: pyspiel.Game, states: list[pyspiel.State], simulations: int) -> float:
    """CPU seconds ISMCTS takes to decide every position."""
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=rng
    )
    start = time.process_time()
    for state in states:
        bot.step(state)
    return time.process_time() - start


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids")
    parser.add_argument("--positions", type=int, default=6, help="decisions per game")
    parser.add_argument("--simulations", type=int, default=100, help="per decision")
    parser.add_argument(
        "--rollouts", type=int, default=10, help="random rollouts a position, for its floor"
    )
    add_common_arguments(parser, repeat=3, top=30)
    args = parser.parse_args(argv)
    pin(args)
    register()
    floor = openspiel_floor.register()
    names = [REFERENCE, *args.games.split(",")]
    games = {name: load(name) for name in names}
    cases = {name: positions(games[name], args.positions) for name in names}
    lengths: dict[str, float] = {}
    for name in names[1:]:
        games[f"floor:{name}"] = floor
        cases[f"floor:{name}"], lengths[name] = openspiel_floor.mirror(
            floor, cases[name], args.rollouts
        )
    searched = args.positions * args.simulations
    best: dict[str, float] = {}
    cpu = 0.0
    for _ in range(args.repeat):
        for name in games:
            seconds = search_seconds(games[name], cases[name], args.simulations)
            cpu += seconds
            best[name] = max(best.get(name, 0.0), searched / seconds)
    info = machine()
    print(f"python {info['python']} on {info['cpu']}; load average {info['load_average']}")
    print(f"{args.positions} decisions x {args.simulations} simulations, best of {args.repeat}")
    print(
        f"{'game':<10} {'players':>7} {'moves left':>10} {'simulations/s':>14} "
        f"{'ratio':>6} {'floor /s':>9} {'floor ratio':>11} {'asobi share':>11} {'budget us':>9}"
    )
    rows: list[dict[str, Any]] = []
    for name in names:
        ratio = best[name] / best[REFERENCE]
        players = games[name].num_players()
        row: dict[str, Any] = {
            "game": name, "players": players, "simulations_per_s": best[name], "ratio": ratio
        }  # fmt: skip
        line = f"{name:<10} {players:>7} {'':>10} {best[name]:>14,.1f} {ratio:>6.2f}"
        if name in lengths:
            bare = best[f"floor:{name}"]
            row |= {
                "moves_left": lengths[name],
                "floor_simulations_per_s": bare,
                "floor_ratio": bare / best[REFERENCE],
                "asobi_share": 1.0 - best[name] / bare,
                # what a move may cost for the ratio to reach GOAL: a simulation's time at
                # the goal, less the floor's, over the moves
                "budget_us": 1e6
                * (1 / (GOAL * best[REFERENCE]) - 1 / bare)
                / max(lengths[name], 1.0),
            }
            line = (
                f"{name:<10} {players:>7} {lengths[name]:>10.0f} {best[name]:>14,.1f} "
                f"{ratio:>6.2f} {bare:>9,.1f} {row['floor_ratio']:>11.2f} "
                f"{row['asobi_share']:>11.0%} {row['budget_us']:>9.1f}"
            )
        print(line)
        rows.append(row)
    print(f"CPU time {cpu:.1f} s")
    if args.profile:
        import cProfile
        import pstats

        for name in names[1:]:
            profiler = cProfile.Profile()
            profiler.runcall(search_seconds, games[name], cases[name], args.simulations)
            pstats.Stats(profiler).sort_stats("tottime").print_stats(args.top)
    report = {"machine": info, "rows": rows, "cpu_seconds": cpu}
    if args.json:
        write_json(args.json, report)
    return report


if __name__ == "__main__":
    main()
