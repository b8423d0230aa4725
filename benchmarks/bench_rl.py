"""How fast the RL adapters step: PettingZoo's own ``performance_benchmark`` on
every game's AEC environment, and Gymnasium steps per second against random bots.

    .venv/bin/python benchmarks/bench_rl.py                 # the table in docs/performance.md
    .venv/bin/python benchmarks/bench_rl.py --games starmine

``performance_benchmark`` steps the AEC environment for 5 seconds with random legal actions
(from the mask), resetting at each game end, and prints turns (agent steps, ``wait`` included)
and cycles per second; the figures here are those it prints. One process, one core.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import platform
import re
import time
import warnings

import numpy as np
from pettingzoo.test import performance_benchmark

from asobi.adapters.gymnasium_env import AsobiEnv
from asobi.adapters.pettingzoo_env import env
from asobi.core.registry import all_specs


def pettingzoo_figures(game: str) -> tuple[float, float]:
    """(turns per second, cycles per second) as PettingZoo's benchmark prints them."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        performance_benchmark(env(game))
    text = printed.getvalue()
    turns = float(re.search(r"([\d.]+) turns per second", text).group(1))  # type: ignore[union-attr]
    cycles = float(re.search(r"([\d.]+) cycles per second", text).group(1))  # type: ignore[union-attr]
    return turns, cycles


def gymnasium_steps(game: str, seconds: float = 5.0) -> float:
    """The learning seat's steps per second, random legal actions, random bots elsewhere."""
    gym = AsobiEnv(game, opponents="random")
    rng = np.random.default_rng(0)
    observation, _ = gym.reset(seed=0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        legal = np.flatnonzero(observation["action_mask"])
        observation, _, terminated, truncated, _ = gym.step(int(rng.choice(legal)))
        steps += 1
        if terminated or truncated:
            observation, _ = gym.reset(seed=steps)
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=[spec.id for spec in all_specs()])
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, {platform.machine()}")
    print("| game | players | PettingZoo turns/s | cycles/s | Gymnasium steps/s |")
    print("|---|---:|---:|---:|---:|")
    for game in args.games:
        players = next(s for s in all_specs() if s.id == game).options().players
        turns, cycles = pettingzoo_figures(game)
        steps = gymnasium_steps(game)
        print(f"| {game} | {players} | {turns:,.0f} | {cycles:,.0f} | {steps:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
