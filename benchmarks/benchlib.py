"""Shared by the benchmark scripts: seeded playouts through the public protocol, timing
them, and describing the machine."""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import platform
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from asobi.core.bots import Bot, choose_for, make_bot
from asobi.core.protocol import GameOptions, GameSpec


def measure(
    name: str, playout: Callable[[int], int], games: int, repeat: int, first_seed: int = 0
) -> dict[str, Any]:
    """Play ``games`` seeded games ``repeat`` times; games and decisions a CPU-second (this
    process's CPU time: what stays comparable on a machine shared with other work)."""
    runs = []
    decisions = 0
    for _ in range(repeat):
        decisions = 0
        start = time.process_time()
        for seed in range(first_seed, first_seed + games):
            decisions += playout(seed)
        runs.append(time.process_time() - start)
    best = min(runs)
    median = statistics.median(runs)
    return {
        "name": name,
        "games": games,
        "repeat": repeat,
        "decisions": decisions,
        "decisions_per_game": decisions / games,
        "games_per_s": games / best,
        "decisions_per_s": decisions / best,
        "us_per_decision": 1e6 * best / decisions,
        "games_per_s_median": games / median,
        "decisions_per_s_median": decisions / median,
        "seconds": runs,
    }


def time_per_item(
    name: str, items: Sequence[Any], work: Callable[[Any], object], repeat: int
) -> dict[str, Any]:
    """Run ``work`` on every item ``repeat`` times; CPU microseconds per item (best, median)."""
    runs = []
    for _ in range(repeat):
        start = time.process_time()
        for item in items:
            work(item)
        runs.append(time.process_time() - start)
    return {
        "name": name,
        "positions": len(items),
        "us_per_position": 1e6 * min(runs) / len(items),
        "us_median": 1e6 * statistics.median(runs) / len(items),
    }


def add_common_arguments(parser: argparse.ArgumentParser, repeat: int, top: int) -> None:
    """The options every bench script takes (after its own game counts)."""
    parser.add_argument("--repeat", type=int, default=repeat, help="runs per figure; best is kept")
    parser.add_argument("--pin", type=int, default=None, help="pin the process to this CPU")
    parser.add_argument("--json", help="also write the figures to this JSON file")
    parser.add_argument("--profile", action="store_true", help="print cProfile's top entries")
    parser.add_argument("--top", type=int, default=top, help="profile entries to print")


def pin(args: argparse.Namespace) -> None:
    """Run on the CPU ``--pin`` names, if it names one."""
    if args.pin is not None:
        os.sched_setaffinity(0, {args.pin})


def machine() -> dict[str, Any]:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "cpu": cpu,
        "cpus": os.cpu_count(),
        "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
    }


def random_playout(spec: GameSpec, options: GameOptions, seed: int) -> int:
    """One full game, every seat choosing uniformly among its legal actions; the number
    of decisions it took (a simultaneous decision counts one per seat)."""
    state = spec.new_game(options, seed)
    rng = random.Random(seed)
    decisions = 0
    while True:
        active = state.active_seats()
        if not active:
            return decisions
        for seat in sorted(active):  # simultaneous: each active seat commits in turn
            legal = state.legal_actions(seat)
            state.apply(seat, rng.choice(legal))
            decisions += 1


def bot_playout(
    spec: GameSpec,
    options: GameOptions,
    seed: int,
    bot_name: str,
    max_decisions: int | None = None,
) -> int:
    """One full game with the named bot in every seat, through ``choose_for``; a game past
    ``max_decisions`` is reported as stalled."""
    state = spec.new_game(options, seed)
    bots: list[Bot] = [
        make_bot(bot_name, spec.id, seed * 7 + seat) for seat in range(options.players)
    ]
    decisions = 0
    while True:
        active = state.active_seats()
        if not active:
            return decisions
        if max_decisions is not None and decisions > max_decisions:
            raise RuntimeError(f"{bot_name} vs {bot_name}, seed {seed}: stalled")
        for seat in sorted(active):
            state.apply(seat, choose_for(bots[seat], state, seat))
            decisions += 1


def profile(playout: Callable[[int], object], games: int, top: int) -> str:
    """cProfile of ``games`` seeded playouts, its ``top`` entries by own time."""
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in range(games):
        playout(seed)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


def print_playouts(info: dict[str, Any], rows: list[dict[str, Any]]) -> None:
    """The machine, then one line per ``measure`` row."""
    machine = f"python {info['python']} ({info['implementation']}) on {info['cpu']}"
    print(f"{machine}, one core, CPU time")
    width = max(12, *(len(r["name"]) for r in rows))
    header = (
        f"{'playouts':<{width}} {'games':>6} {'games/s':>9} {'decisions/s':>12} "
        f"{'dec/game':>9} {'us/dec':>7} {'games/s med':>12}"
    )
    print(header)
    print("-" * len(header))
    for r in rows:
        print(
            f"{r['name']:<{width}} {r['games']:>6} {r['games_per_s']:>9,.1f} "
            f"{r['decisions_per_s']:>12,.0f} {r['decisions_per_game']:>9.1f} "
            f"{r['us_per_decision']:>7.2f} {r['games_per_s_median']:>12,.1f}"
        )


# The engines' goals are ratios to outside engines run in the same process (a figure in
# decisions a second alone depends on the machine and on what else it runs).
ANCHORED = "goals: ratios to OpenSpiel's engines in the same run: benchmarks/compare.py"


def decisions_per_s(rows: list[dict[str, Any]]) -> float:
    """The decisions per second of several rows taken together (total over total time)."""
    decisions = sum(int(r["decisions"]) for r in rows)
    seconds = sum(float(r["decisions"]) / float(r["decisions_per_s"]) for r in rows)
    return decisions / seconds


def write_json(path: str, report: dict[str, Any]) -> None:
    with open(path, "w", encoding="utf-8") as f:
        json.dump(report, f, indent=1)
        f.write("\n")
