"""Carrotein's solver against a brute-force reference: does it miss placements that exist?

    .venv/bin/python benchmarks/reference_carrotein.py                    # 315 layouts
    .venv/bin/python benchmarks/reference_carrotein.py --per-count 1      # 63 layouts
    .venv/bin/python benchmarks/reference_carrotein.py --jobs 2 --save ref.json
    .venv/bin/python benchmarks/reference_carrotein.py --load ref.json    # the solver only
    .venv/bin/python benchmarks/reference_carrotein.py --load \
        benchmarks/results/carrotein/reference_10-16.json,benchmarks/results/carrotein/reference_17-30.json
    .venv/bin/python benchmarks/reference_carrotein.py --counts 10-16     # some chip counts
    .venv/bin/python benchmarks/reference_carrotein.py --counts 17-30 --save more.json \
        --skip benchmarks/results/carrotein/reference_17-30.json          # the layouts not saved

The corpus (``layouts.corpus``, seeded): at every chip count from 10 to 30, ``--per-count``
layouts of each family (planted, crowded, cluster; 5 each by default: 315 layouts), every
one asked about all 21 pairs of boards. The reference
(``tests/games/carrotein/carrotein_brute.py``) tries every pose on a grid of 5 mm and 5°,
either side up, and reports a placement the judge accepts with 0.2 mm to spare (the
solver's safety margin), or none. A *false impossible* is a pair the reference does and
the solver (``Solver(...).pair``, the game's eye, nothing kept between questions) does not;
a layout the reference does with some pair and ``solve_any`` does not is counted apart.
Every success the solver reports is judged again. ``--save`` keeps the reference's answers
(a few minutes to an hour of work) and ``--load`` reads them back, to measure a changed
solver against the same answers (a file cut short: the layouts it holds). Last, the CPU
time (``time.process_time``) of ``Solver(...).pair`` per pair of boards, p50 and p95 per chip
count: the figures of docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations
from typing import Any

from asobi.games.carrotein.layouts import CORPUS_FAMILIES, corpus
from asobi.games.carrotein.sky import default_sky, judge
from asobi.games.carrotein.solver import PERFECT, Solver, prepare, solve_any

# The reference is a test tool: it lives with the tests that keep a sample of its answers.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tests.games.carrotein.carrotein_brute import Reference

Layout = tuple[str, int, list[tuple[float, float]]]


def reference_answers(layout: Layout) -> dict[str, Any]:
    """The reference's answer for every pair of one layout, and its CPU time."""
    family, seed, centres = layout
    sky = default_sky()
    start = time.process_time()
    reference = Reference(sky, centres)
    pairs: dict[str, Any] = {}
    for a, b in combinations(sky.boards, 2):
        found = reference.pair(a, b)
        pairs[f"{a.id} {b.id}"] = None if found is None else {
            "boards": list(found.boards),
            "poses": [pose.encode() for pose in found.poses],
            "room": round(found.room, 3),
        }  # fmt: skip
    return {
        "family": family, "seed": seed, "chips": len(centres), "centres": centres,
        "pairs": pairs, "seconds": time.process_time() - start,
    }  # fmt: skip


def solver_answers(entry: dict[str, Any]) -> dict[str, Any]:
    """The solver's answer for every pair of one layout (and solve_any's), each re-judged."""
    sky = default_sky()
    centres = [tuple(c) for c in entry["centres"]]
    out: dict[str, Any] = {"pairs": {}, "judged": True, "pair seconds": []}
    start = time.process_time()
    for a, b in combinations(sky.boards, 2):
        asked = time.process_time()
        attempt = Solver(sky, centres).pair(a, b)
        out["pair seconds"].append(time.process_time() - asked)
        out["pairs"][f"{a.id} {b.id}"] = attempt.success
        if attempt.success:
            laid = list(zip((a, b), attempt.poses, strict=True))
            out["judged"] &= judge(sky, centres, laid).success
    found = solve_any(sky, centres, sky.boards)
    out["any"] = bool(found and found.success)
    out["seconds"] = time.process_time() - start
    return out


def _save(path: str, answers: list[dict[str, Any]]) -> None:
    """Write the answers so far (whole: a file is never left half written)."""
    with open(path + ".part", "w", encoding="utf-8") as file:
        json.dump(answers, file)
    os.replace(path + ".part", path)


def _read(paths: str) -> list[dict[str, Any]]:
    """The answers saved in these comma-separated JSON files, one after the other."""
    answers: list[dict[str, Any]] = []
    for path in paths.split(","):
        with open(path, encoding="utf-8") as file:
            answers += json.load(file)
    return answers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-count", type=int, default=5, help="layouts a family a count")
    parser.add_argument("--jobs", type=int, default=1, help="processes (CPU time is per layout)")
    parser.add_argument("--save", help="write the reference's answers to this JSON file")
    parser.add_argument("--load", help="read the reference's answers from these JSON files (a, b)")
    parser.add_argument("--counts", default="10-30", help="chip counts, e.g. 10-30 or 12-12")
    parser.add_argument(
        "--skip", help="with --save: leave out the layouts already in these JSON files (a, b)"
    )
    args = parser.parse_args()
    low, _, high = args.counts.partition("-")
    sky = default_sky()
    prepare(sky, PERFECT)
    layouts = corpus(sky, args.per_count, range(int(low), int(high or low) + 1))
    start = time.perf_counter()
    if args.load:
        answers = _read(args.load)
        # (A run cut short keeps the answers of the layouts it finished, a prefix.)
        wanted = {(f, s) for f, s, _ in layouts}
        answers = [a for a in answers if (a["family"], a["seed"]) in wanted]
        assert answers, "no layout of these counts in the saved answers"
    else:
        if args.skip:
            done = {(a["family"], a["seed"]) for a in _read(args.skip)}
            layouts = [layout for layout in layouts if (layout[0], layout[1]) not in done]
        # The first layout of each family at every count first, then the second...: a run
        # cut short (an hour of CPU in all) still covers every count; ``--save`` is written
        # after each layout, so that such a run keeps what it did.
        layouts.sort(key=lambda layout: layout[1] % 100)
        answers = []
        with ProcessPoolExecutor(args.jobs) as pool:
            for answer in pool.map(reference_answers, layouts, chunksize=1):
                answers.append(answer)
                if args.save:
                    _save(args.save, answers)
        print(f"reference: {time.perf_counter() - start:.0f} s wall with {args.jobs} process(es), "
              f"{sum(a['seconds'] for a in answers):.0f} s CPU")  # fmt: skip
    with ProcessPoolExecutor(args.jobs) as pool:
        ours = list(pool.map(solver_answers, answers, chunksize=1))
    print(f"solver: {sum(o['seconds'] for o in ours):.0f} s CPU for {len(ours)} layouts")
    rows: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    misses = []
    seconds: dict[int, list[float]] = defaultdict(list)
    for entry, mine in zip(answers, ours, strict=True):
        row = rows[entry["chips"]]
        row["layouts"] += 1
        for key, found in entry["pairs"].items():
            solved = mine["pairs"][key]
            row["pairs"] += 1
            row["reference"] += found is not None
            row["solver"] += solved
            row["false impossible"] += found is not None and not solved
            row["solver only"] += solved and found is None
            if found is not None and not solved:
                misses.append((entry["family"], entry["seed"], entry["chips"], key, found))
        some = any(found is not None for found in entry["pairs"].values())
        row["layouts done"] += some
        row["any missed"] += some and not mine["any"]
        row["false solutions"] += not mine["judged"]
        seconds[entry["chips"]] += mine["pair seconds"]
    columns = ["layouts", "pairs", "reference", "solver", "false impossible", "solver only",
               "layouts done", "any missed", "false solutions"]  # fmt: skip
    print("chips  " + "  ".join(columns))
    total: dict[str, int] = defaultdict(int)
    for chips in sorted(rows):
        print(f"{chips:>5}  " + "  ".join(f"{rows[chips][c]:>{len(c)}}" for c in columns))
        for c in columns:
            total[c] += rows[chips][c]
    print("  all  " + "  ".join(f"{total[c]:>{len(c)}}" for c in columns))
    print("\nCPU time of Solver(...).pair for one pair of boards, nothing kept between pairs:")
    print("chips  pairs    p50 ms   p95 ms   max ms")
    for chips in sorted(seconds):
        ms = sorted(1000 * t for t in seconds[chips])
        p95 = ms[min(len(ms) - 1, math.ceil(0.95 * len(ms)) - 1)]
        print(f"{chips:>5}  {len(ms):>5}  {statistics.median(ms):>8.0f} {p95:>8.0f} {ms[-1]:>8.0f}")
    by_family = {f: sum(1 for m in misses if m[0] == f) for f in CORPUS_FAMILIES}
    print("false impossible by family:", by_family)
    for family, seed, chips, key, found in misses:
        poses = " ".join(found["poses"])
        print(f"  {family} seed {seed} ({chips} chips) {key}: the reference lays {poses}, "
              f"{found['room']} mm to spare")  # fmt: skip


if __name__ == "__main__":
    main()
