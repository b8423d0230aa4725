"""Shared by the benchmark scripts: timing seeded playouts, and describing the machine."""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any


def measure(
    name: str, playout: Callable[[int], int], games: int, repeat: int, first_seed: int = 0
) -> dict[str, Any]:
    """Play ``games`` seeded games ``repeat`` times; games/s and decisions/s."""
    runs = []
    decisions = 0
    for _ in range(repeat):
        decisions = 0
        start = time.perf_counter()
        for seed in range(first_seed, first_seed + games):
            decisions += playout(seed)
        runs.append(time.perf_counter() - start)
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
