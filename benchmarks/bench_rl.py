"""How fast the RL adapters step: PettingZoo's own ``performance_benchmark`` on
every game's AEC environment, and Gymnasium steps per second against random bots.

    .venv/bin/python benchmarks/bench_rl.py                 # the table in docs/performance.md
    .venv/bin/python benchmarks/bench_rl.py --games starmine

``performance_benchmark`` steps the AEC environment for 5 seconds with random legal actions
(from the mask), resetting at each game end, and prints turns (agent steps, ``wait`` included)
and cycles per second; the figures here are those it prints (wall time). Then the learning
seat's Gymnasium steps per CPU-second against ``random`` and against the ``normal`` level,
random legal actions from the mask, after ``WARM_UP`` steps. One process, one core.
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

WARM_UP = 50  # steps before the clock starts


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


def gymnasium_steps(game: str, opponents: str = "random", seconds: float = 5.0) -> float:
    """The learning seat's steps per CPU-second (this process's), random legal actions
    from the mask, ``opponents`` (a bot or a level) in the other seats, the first
    ``WARM_UP`` steps left out (tables built once a process, the bots' first looks)."""
    gym = AsobiEnv(game, opponents=opponents)
    rng = np.random.default_rng(0)
    observation, _ = gym.reset(seed=0)
    steps, start = -WARM_UP, 0.0
    while steps <= 0 or time.process_time() - start < seconds:
        if steps == 0:
            start = time.process_time()
        legal = np.flatnonzero(observation["action_mask"])
        observation, _, terminated, truncated, _ = gym.step(int(rng.choice(legal)))
        steps += 1
        if terminated or truncated:
            observation, _ = gym.reset(seed=steps + WARM_UP)
    return steps / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=[spec.id for spec in all_specs()])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU time a measure")
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, {platform.machine()}")
    print(
        "| game | players | PettingZoo turns/s | cycles/s "
        "| Gymnasium steps/CPU-s vs random | vs normal |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for game in args.games:
        players = next(s for s in all_specs() if s.id == game).options().players
        turns, cycles = pettingzoo_figures(game)
        steps = [gymnasium_steps(game, bots, args.seconds) for bots in ("random", "normal")]
        print(
            f"| {game} | {players} | {turns:,.0f} | {cycles:,.0f} "
            f"| {steps[0]:,.0f} | {steps[1]:,.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
