"""Games per second of ``asobi simulate``: every game, random and heuristic bots, on 1 and 2
workers, and on a local Ray instance of 1 and 2 CPUs.

    .venv/bin/python benchmarks/bench_simulate.py                  # the table in docs
    .venv/bin/python benchmarks/bench_simulate.py --games itsmine --scale 0.2 --no-ray

Each figure is a whole simulation as the command runs it (a fresh folder, games.jsonl
written as the games come, the worker processes started and stopped), timed by the wall
clock: games / seconds. The heuristic bot is the ``normal`` level (Carrotein: ``good_eye``).
The deals are the same for every row, so the rows compare the machine, not the luck.
"""

from __future__ import annotations

import argparse
import platform
import tempfile
import time
from pathlib import Path

from asobi.arena.simulate import Simulation, prepare, run_simulation
from asobi.core.registry import get_spec

# games a measurement plays, per game and bot: some ten seconds on one worker here
GAMES = {
    ("starmine", "random"): 1000,
    ("starmine", "normal"): 1000,
    ("itsmine", "random"): 600,
    ("itsmine", "normal"): 200,
    ("laminate", "random"): 100,
    ("laminate", "normal"): 20,
    ("rummycity", "random"): 60,
    ("rummycity", "normal"): 80,
    ("carrotein", "random"): 10,
    ("carrotein", "normal"): 2,
}


def games_per_second(
    game: str, bot: str, games: int, workers: int, backend: str = "local"
) -> float:
    spec = get_spec(game)
    plan = Simulation(game, (bot,), games, seed=1)
    jobs = plan.jobs(lambda opts: spec.options(opts).players)
    with tempfile.TemporaryDirectory() as folder:
        prepare(Path(folder), plan)
        start = time.perf_counter()
        run_simulation(Path(folder), plan, jobs, workers=workers, backend=backend)
        return games / (time.perf_counter() - start)


def on_ray(game: str, bot: str, games: int, cpus: int) -> float:
    """On a local Ray instance of ``cpus`` CPUs, started (and its workers warmed up by a
    first simulation) before the clock starts: the figure is the games, not Ray's start."""
    import ray

    ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
    try:
        games_per_second(game, bot, 2 * cpus, cpus, "ray")
        return games_per_second(game, bot, games, cpus, "ray")
    finally:
        ray.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--games", nargs="*", default=["starmine", "itsmine", "laminate", "rummycity", "carrotein"]
    )
    parser.add_argument("--scale", type=float, default=1.0, help="scale the games played")
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray rows")
    args = parser.parse_args()
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print()
    print("| game | bots | 1 worker | 2 workers | speed-up |")
    print("|---|---|---|---|---|")
    for game in args.games:
        for bot in ("random", "normal"):
            games = max(2, round(GAMES[game, bot] * args.scale))
            one = games_per_second(game, bot, games, 1)
            two = games_per_second(game, bot, games, 2)
            print(f"| {game} | {bot} | {one:.1f} | {two:.1f} | {two / one:.2f}× |", flush=True)
    if args.no_ray:
        return
    print()
    print("| game | bots | Ray, 1 CPU | Ray, 2 CPUs | speed-up |")
    print("|---|---|---|---|---|")
    for game, bot in (("itsmine", "normal"), ("laminate", "normal")):
        games = max(4, round(GAMES[game, bot] * args.scale * 2))
        one = on_ray(game, bot, games, 1)
        two = on_ray(game, bot, games, 2)
        print(f"| {game} | {bot} | {one:.1f} | {two:.1f} | {two / one:.2f}× |", flush=True)


if __name__ == "__main__":
    main()
