"""Laminate Rummy throughput on one core, through the public protocol only, and the speed of
the combination finder.

    .venv/bin/python benchmarks/bench_laminate.py                 # the tables
    .venv/bin/python benchmarks/bench_laminate.py --json out.json # and the figures as JSON
    .venv/bin/python benchmarks/bench_laminate.py --profile       # plus cProfile's top entries
    .venv/bin/python benchmarks/bench_laminate.py --phases 200    # plus the CPU by phase

Playouts: every decision goes through the protocol as an arena drives it (see
``bench_itsmine.py``): ``active_seats()``, ``legal_actions(seat)``, a seeded uniform choice,
``apply`` (which validates). Setup is counted. Publishing counts one decision per step
(the paper, each card, each thanks), as a player makes them.

The finder: for seeded random positions of a 20-card hand and 12 citable cards (6 on the
player's own complete papers, 6 on other players'), how long it takes (a) to decide which
of the 15 papers can be published at all (a turn's legal list), (b) to list the legal
first cards of every publishable paper (the first step of each publication), and (c) to
plan the cheapest publication of every paper (what a bot does), by following the finder's
costs card by card.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from typing import Any

from asobi.core.cards import SEVEN
from asobi.core.protocol import GameSpec
from asobi.core.registry import get_spec
from asobi.games.laminate.actions import PUBLISHABLE
from asobi.games.laminate.papers import (
    COST,
    HAND,
    OWN,
    Pool,
    finished,
    min_cost,
    next_cards,
    publishable,
)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import (
    ANCHORED,
    add_common_arguments,
    bot_playout,
    decisions_per_s,
    machine,
    measure,
    pin,
    print_playouts,
    profile,
    random_playout,
    time_per_item,
    write_json,
)

SPEC: GameSpec = get_spec("laminate")
MAX_DECISIONS = 5000  # a bot game longer than this has stalled


def positions(count: int, hand: int = 20, own: int = 6, foreign: int = 6) -> list[Pool]:
    pools = []
    for seed in range(count):
        cards = list(SEVEN.cards)
        random.Random(seed).shuffle(cards)
        pools.append(
            Pool(cards[:hand], cards[hand : hand + own], cards[hand + own : hand + own + foreign])
        )
    return pools


def plan(paper: Any, pool: Pool, hand_size: int) -> list[Any]:
    """The cheapest publication, card by card (what a bot follows)."""
    chosen: list[Any] = []
    laid = 0
    budget = hand_size
    while not finished(paper, chosen) and not (
        paper.at_least and sum(c.rank for c in chosen) >= paper.total and laid
    ):
        steps = next_cards(paper, chosen, pool, budget, not laid)
        # the cheapest step (its cost and the rest's), own citations first
        card, src, _ = min(steps, key=lambda s: (COST[s[1]] + s[2], s[1] != OWN))
        chosen.append(card)
        budget -= COST[src]
        laid += src == HAND
        pool = pool.without(card, src)
    return chosen


def finder_rows(count: int, repeat: int) -> list[dict[str, Any]]:
    pools = positions(count)
    rows = []

    def timed(name: str, work: Any) -> dict[str, Any]:
        return time_per_item(name, pools, work, repeat)

    rows.append(timed("which papers", lambda p: [publishable(x, p, 20) for x in PUBLISHABLE]))
    rows.append(
        timed(
            "first cards",
            lambda p: [
                next_cards(x, [], p, 20, True) for x in PUBLISHABLE if publishable(x, p, 20)
            ],
        )
    )
    rows.append(
        timed(
            "cheapest plans",
            lambda p: [
                plan(x, p, 20) for x in PUBLISHABLE if min_cost(x, [], p, 20, True) is not None
            ],
        )
    )
    return rows


def phase_rows(games: int, players: int = 4) -> list[dict[str, Any]]:
    """Where a random game's CPU goes, by the phase a decision is made in: the legal list
    asked, then ``apply``, each timed alone (``time.process_time`` around every call, which
    adds well under a microsecond to each)."""
    options = SPEC.options({"players": players})
    spent: dict[str, list[float]] = {}  # phase -> [decisions, legal-list s, apply s]
    for seed in range(games):
        state = SPEC.new_game(options, seed)
        rng = random.Random(seed)
        while active := state.active_seats():
            for seat in sorted(active):
                phase = str(state.phase)  # type: ignore[attr-defined]
                start = time.process_time()
                legal = state.legal_actions(seat)
                listed = time.process_time()
                action = rng.choice(legal)
                applying = time.process_time()
                state.apply(seat, action)
                row = spent.setdefault(phase, [0, 0.0, 0.0])
                row[0] += 1
                row[1] += listed - start
                row[2] += time.process_time() - applying
    total = sum(legal + apply for _, legal, apply in spent.values())
    return [
        {
            "phase": phase,
            "decisions": int(n),
            "legal_us": legal / n * 1e6,
            "apply_us": apply / n * 1e6,
            "share": (legal + apply) / total,
        }
        for phase, (n, legal, apply) in sorted(spent.items(), key=lambda kv: -kv[1][1] - kv[1][2])
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="random games per seat count")
    parser.add_argument("--greedy-games", type=int, default=40, help="greedy games (4 players)")
    parser.add_argument(
        "--positions", type=int, default=300, help="finder positions (0: the finder is not timed)"
    )
    parser.add_argument(
        "--phases", type=int, default=0, help="also time each phase over this many 4p games"
    )
    add_common_arguments(parser, repeat=3, top=25)
    args = parser.parse_args(argv)
    pin(args)

    options = {n: SPEC.options({"players": n}) for n in SPEC.seat_counts}
    for seed in range(20):  # warm up: imports, interned tables, caches
        random_playout(SPEC, options[4], seed)
    rows = [
        measure(
            f"random {n}p",
            lambda s, o=o: random_playout(SPEC, o, s),  # type: ignore[misc]
            args.games,
            args.repeat,
        )
        for n, o in options.items()
    ]
    if "greedy" in SPEC.bots and args.greedy_games > 0:
        rows.append(
            measure(
                "greedy 4p",
                lambda s: bot_playout(SPEC, options[4], s, "greedy", max_decisions=MAX_DECISIONS),
                args.greedy_games,
                1,
            )
        )
    info = machine()
    print_playouts(info, rows)
    overall = decisions_per_s([r for r in rows if r["name"].startswith("random")])
    print(f"random: {overall:,.0f} decisions a CPU-second over 3-5 players; {ANCHORED}")
    finder = finder_rows(args.positions, args.repeat) if args.positions > 0 else []
    if finder:
        print("\ncombination finder, 20-card hand + 12 citable cards (6 own, 6 foreign):")
    for r in finder:
        print(f"  {r['name']:<15} {r['us_per_position']:>9,.0f} us per position")
    report: dict[str, Any] = {"machine": info, "results": rows, "finder": finder}
    if args.phases:
        phases = phase_rows(args.phases)
        print(f"\nby phase, {args.phases} random 4-player games (us a decision, share of CPU):")
        for r in phases:
            print(
                f"  {r['phase']:<8} {r['decisions']:>7,} decisions  legal list "
                f"{r['legal_us']:5.1f}  apply {r['apply_us']:5.1f}  {r['share']:4.0%}"
            )
        report["phases"] = phases
    if args.profile:
        text = profile(
            lambda seed: random_playout(SPEC, options[4], seed), min(args.games, 100), args.top
        )
        print(text)
        report["profile"] = text
    if args.json:
        write_json(args.json, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
