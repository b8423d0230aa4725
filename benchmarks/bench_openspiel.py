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
from benchlib import add_common_arguments, machine, pin, write_json

GAMES = ("starmine", "itsmine", "laminate")
REFERENCE = "gin_rummy"


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids")
    parser.add_argument("--positions", type=int, default=6, help="decisions per game")
    parser.add_argument("--simulations", type=int, default=100, help="per decision")
    add_common_arguments(parser, repeat=3, top=30)
    args = parser.parse_args()
    pin(args)
    register()
    names = [REFERENCE, *args.games.split(",")]
    games = {name: load(name) for name in names}
    cases = {name: positions(games[name], args.positions) for name in names}
    searched = args.positions * args.simulations
    best: dict[str, float] = {}
    cpu = 0.0
    for _ in range(args.repeat):
        for name in names:
            seconds = search_seconds(games[name], cases[name], args.simulations)
            cpu += seconds
            best[name] = max(best.get(name, 0.0), searched / seconds)
    info = machine()
    print(f"python {info['python']} on {info['cpu']}; load average {info['load_average']}")
    print(f"{args.positions} decisions x {args.simulations} simulations, best of {args.repeat}")
    print(f"{'game':<12} {'players':>7} {'simulations/s':>14} {'ratio to gin rummy':>19}")
    rows: list[dict[str, Any]] = []
    for name in names:
        ratio = best[name] / best[REFERENCE]
        players = games[name].num_players()
        print(f"{name:<12} {players:>7} {best[name]:>14,.1f} {ratio:>19.2f}")
        rows.append(
            {"game": name, "players": players, "simulations_per_s": best[name], "ratio": ratio}
        )
    print(f"CPU time {cpu:.1f} s")
    if args.profile:
        import cProfile
        import pstats

        for name in names[1:]:
            profiler = cProfile.Profile()
            profiler.runcall(search_seconds, games[name], cases[name], args.simulations)
            pstats.Stats(profiler).sort_stats("tottime").print_stats(args.top)
    if args.json:
        write_json(args.json, {"machine": info, "rows": rows, "cpu_seconds": cpu})


if __name__ == "__main__":
    main()
