"""Carrotein's constellation solver: right (against the slow reference) and fast, on one core.

    .venv/bin/python benchmarks/bench_carrotein.py                  # the tables
    .venv/bin/python benchmarks/bench_carrotein.py --layouts 10     # a smaller corpus
    .venv/bin/python benchmarks/bench_carrotein.py --json out.json  # and the figures as JSON
    .venv/bin/python benchmarks/bench_carrotein.py --profile        # cProfile of the fast solver

The corpus (seeded, the same every run):

- **planted**: two random boards laid at random (turned, flipped, not overlapping, near
  each other around the mat), 23 chips scattered where they hide (anywhere under the
  figures, edges included: the hard case) and 2 anywhere: 25 chips that *can* be done.
- **one loose too many**: the same with 22 under the boards and 3 anywhere: mostly not
  doable (unless another placement does it), so "impossible" answers are put to the test.
- **scattered**: 14 chips dropped around the middle (normal spread, 50 mm), as a table
  looks when players keep placing; the pair asked is the two boards that hide the most.

For every layout the fast solver (``solve_pair``, the game's eye) and the reference
(``reference_solve``: 2° turns, 1 mm cells, a slack covering every pose between grid points,
up to 2,000 candidates refined) answer for the pair; every success either reports is
re-judged (``judge``). A *false impossible* is a layout the reference does but the fast
solver does not; a *false solution* (a success the judge rejects) must never happen. Then
the time of the fast solver for a pair (median, one core) and for all 21 pairs of the seven
boards (``solve_any``), against the targets for 25 chips: 100 ms and 1 s.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from typing import Any

from asobi.games.carrotein.layouts import Layout, planted, scattered
from asobi.games.carrotein.sky import Sky, default_sky, judge
from asobi.games.carrotein.solver import Attempt, Solver, reference_solve, solve_any, solve_pair

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import add_common_arguments, machine, pin, profile, write_json

CHIPS = 25


FAMILIES = ("planted", "one loose too many", "scattered")


def corpus(sky: Sky, count: int) -> list[tuple[str, int, Layout]]:
    return (
        [("planted", s, planted(sky, s)) for s in range(count)]
        + [("one loose too many", s, planted(sky, 500 + s, loose=3)) for s in range(count)]
        + [("scattered", s, scattered(sky, 1000 + s, chips=14, spread=50)) for s in range(count)]
    )


def rejudged(sky: Sky, centres: list[tuple[float, float]], attempt: Attempt) -> bool:
    """Does the judge accept a reported success as it stands?"""
    boards = [sky.board(i) for i in attempt.boards]
    verdict = judge(sky, centres, list(zip(boards, attempt.poses, strict=True)))
    return verdict.success


def agreement(sky: Sky, layouts: list[tuple[str, int, Layout]]) -> dict[str, Any]:
    rows: list[dict[str, Any]] = []
    for family, seed, (centres, a, b) in layouts:
        t0 = time.perf_counter()
        fast = solve_pair(sky, centres, a, b)
        fast_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        ref = reference_solve(sky, centres, a, b)
        ref_s = time.perf_counter() - t0
        rows.append(
            {
                "family": family,
                "seed": seed,
                "pair": [a.id, b.id],
                "fast": fast.success,
                "reference": ref.success,
                "fast_judged": not fast.success or rejudged(sky, centres, fast),
                "reference_judged": not ref.success or rejudged(sky, centres, ref),
                "fast_ms": 1000 * fast_s,
                "reference_s": ref_s,
            }
        )
    summary: dict[str, Any] = {}
    for family in FAMILIES:
        mine = [r for r in rows if r["family"] == family]
        summary[family] = {
            "layouts": len(mine),
            "fast_succeeds": sum(r["fast"] for r in mine),
            "reference_succeeds": sum(r["reference"] for r in mine),
            "false_impossible": sum(r["reference"] and not r["fast"] for r in mine),
            "fast_only": sum(r["fast"] and not r["reference"] for r in mine),
            "false_solutions": sum(not (r["fast_judged"] and r["reference_judged"]) for r in mine),
            "fast_median_ms": statistics.median(float(r["fast_ms"]) for r in mine),
            "reference_median_s": statistics.median(float(r["reference_s"]) for r in mine),
        }
    return {"rows": rows, "summary": summary}


def timings(sky: Sky, layouts: list[tuple[str, int, Layout]], repeat: int) -> dict[str, Any]:
    """Median (over layouts, best of ``repeat`` each) of a pair and of all pairs."""
    pair_ms, all_ms, all_success = [], [], 0
    for _, _, (centres, a, b) in layouts:
        best_pair = best_all = math.inf
        found: Attempt | None = None
        for _ in range(repeat):
            t0 = time.perf_counter()
            solve_pair(sky, centres, a, b)
            best_pair = min(best_pair, time.perf_counter() - t0)
            t0 = time.perf_counter()
            found = solve_any(sky, centres, sky.boards)
            best_all = min(best_all, time.perf_counter() - t0)
        pair_ms.append(1000 * best_pair)
        all_ms.append(1000 * best_all)
        all_success += bool(found and found.success)
    return {
        "layouts": len(layouts),
        "pair_median_ms": statistics.median(pair_ms),
        "pair_max_ms": max(pair_ms),
        "all_pairs_median_ms": statistics.median(all_ms),
        "all_pairs_max_ms": max(all_ms),
        "all_pairs_successes": all_success,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layouts", type=int, default=30, help="layouts per family")
    parser.add_argument("--no-reference", action="store_true", help="timings only")
    add_common_arguments(parser, repeat=3, top=25)
    args = parser.parse_args()
    pin(args)
    sky = default_sky()
    layouts = corpus(sky, args.layouts)
    for board in sky.boards:  # draw every board's bitmaps before timing anything
        Solver(sky, [sky.middle]).cap(board)
    report: dict[str, Any] = {"machine": machine(), "chips": CHIPS}
    print(f"{CHIPS} chips a layout, {args.layouts} layouts per family")
    if not args.no_reference:
        report["agreement"] = agreement(sky, layouts)
        print("family             layouts  fast ok  reference ok  false impossible  fast only  "
              "false solutions  fast median  reference median")  # fmt: skip
        for family, s in report["agreement"]["summary"].items():
            print(
                f"{family:<18} {s['layouts']:>7}  {s['fast_succeeds']:>7}  "
                f"{s['reference_succeeds']:>12}  {s['false_impossible']:>16}  "
                f"{s['fast_only']:>9}  {s['false_solutions']:>15}  "
                f"{s['fast_median_ms']:>8.1f} ms  {s['reference_median_s']:>13.1f} s"
            )
    for family in FAMILIES:
        mine = [entry for entry in layouts if entry[0] == family]
        report[f"timing_{family}"] = t = timings(sky, mine, args.repeat)
        print(
            f"{family}: a given pair {t['pair_median_ms']:.1f} ms median "
            f"(max {t['pair_max_ms']:.0f}; target 100), all pairs "
            f"{t['all_pairs_median_ms']:.0f} ms median (max {t['all_pairs_max_ms']:.0f}; "
            f"target 1000), {t['all_pairs_successes']}/{t['layouts']} done by some pair"
        )
    if args.profile:
        centres_list = [layout for _, _, layout in layouts]

        def playout(i: int) -> object:
            centres, a, b = centres_list[i % len(centres_list)]
            return solve_pair(sky, centres, a, b)

        print(profile(playout, len(centres_list), args.top))
    if args.json:
        write_json(args.json, report)


if __name__ == "__main__":
    main()
