"""Rummy City throughput on one core, through the public protocol only, and the speed of
the combination finder.

    .venv/bin/python benchmarks/bench_rummycity.py                 # the tables
    .venv/bin/python benchmarks/bench_rummycity.py --json out.json # and the figures as JSON
    .venv/bin/python benchmarks/bench_rummycity.py --profile       # plus cProfile's top entries

Playouts: every decision goes through the protocol as an arena drives it (see
``bench_itsmine.py``): ``active_seats()``, ``legal_actions(seat)``, a seeded uniform choice,
``apply`` (which validates). Setup is counted. A turn of building counts one decision per
step (the building, each card laid, ``done``, ``end``), as a player makes them. Random
two-player games run until 50 tepu as the rules say (random towns take 5–12 rounds).

By phase: a legal list's CPU time at each phase of a turn (turn, lay, pick, build,
settle; final turns apart) over the positions of seeded random two-player games.

The finder: for seeded random hands of 20 cards (natural, and with two jokers as a Police
station gives them), how long it takes (a) to decide which of the 18 buildings a hand can
build (a turn's legal list) and (b) to list the cards that may be laid first towards each
of them (the first step of each building).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from typing import Any

from asobi.core.cards import FRENCH52
from asobi.core.protocol import GameSpec
from asobi.core.registry import get_spec
from asobi.games.rummycity.buildings import catalogue_of, default_data
from asobi.games.rummycity.combos import JOKER, NATURAL, Piece, Pool, next_pieces

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

SPEC: GameSpec = get_spec("rummycity")
MAX_DECISIONS = 20_000  # a bot game longer than this has stalled


def hands(count: int, jokers: int, size: int = 20) -> list[list[Piece]]:
    out = []
    for seed in range(count):
        cards = list(FRENCH52.cards)
        random.Random(seed).shuffle(cards)
        out.append([Piece(c, JOKER if i < jokers else NATURAL) for i, c in enumerate(cards[:size])])
    return out


def finder_rows(count: int, repeat: int) -> list[dict[str, Any]]:
    recipes = [b.recipe for b in catalogue_of(default_data()).buildings]
    rows = []
    for jokers in (0, 2):
        pools = hands(count, jokers)

        label = "no jokers" if not jokers else f"{jokers} jokers"

        def which(pieces: list[Piece]) -> list[bool]:
            pool = Pool(pieces)
            return [pool.can_make(r) for r in recipes]

        def first_cards(pieces: list[Piece]) -> list[list[Piece]]:
            pool = Pool(pieces)
            return [next_pieces(r, [], pieces) for r in recipes if pool.can_make(r)]

        rows.append(time_per_item(f"which buildings, {label}", pools, which, repeat))
        rows.append(time_per_item(f"first cards, {label}", pools, first_cards, repeat))
    return rows


def phase_rows(games: int, repeat: int) -> list[dict[str, Any]]:
    """A legal list's CPU time by the phase of the turn, over the positions of seeded
    random two-player games: each position is kept (a clone) and, in each of ``repeat``
    passes, cloned again before the clock starts and its list worked out (best pass). A
    clone reads its hands afresh, so each list includes summarising the hand, which in a
    game is kept from move to move. The phase is the game's own ``state.phase`` (with
    "final" in the final turns), read for the breakdown only."""
    duel = SPEC.options({"players": 2})
    positions: dict[str, list[tuple[Any, int]]] = {}
    for seed in range(games):
        state: Any = SPEC.new_game(duel, seed)
        rng = random.Random(seed)
        while active := state.active_seats():
            seat = min(active)
            phase = f"{state.phase.value}{' (final)' if state.final else ''}"
            positions.setdefault(phase, []).append((state.clone(), seat))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    total = sum(len(p) for p in positions.values())
    rows = []
    for phase, items in sorted(positions.items(), key=lambda kv: -len(kv[1])):
        passes = []
        for _ in range(repeat):
            fresh = [(position.clone(), seat) for position, seat in items]
            start = time.process_time()
            for position, seat in fresh:
                position.legal_actions(seat)
            passes.append(time.process_time() - start)
        rows.append(
            {
                "name": phase,
                "positions": len(items),
                "share": len(items) / total,
                "us_per_position": 1e6 * min(passes) / len(items),
            }
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="random games per mode")
    parser.add_argument("--greedy-games", type=int, default=30, help="greedy two-player games")
    parser.add_argument("--positions", type=int, default=300, help="finder positions")
    parser.add_argument(
        "--phase-games", type=int, default=15, help="random games timed phase by phase"
    )
    add_common_arguments(parser, repeat=3, top=25)
    args = parser.parse_args(argv)
    pin(args)

    duel = SPEC.options({"players": 2})
    solo = SPEC.options({"players": 1})
    for seed in range(10):  # warm up: imports, interned tables, caches
        random_playout(SPEC, duel, seed)
    rows = [
        measure("random 2p", lambda s: random_playout(SPEC, duel, s), args.games, args.repeat),
        measure("random solo", lambda s: random_playout(SPEC, solo, s), args.games, args.repeat),
    ]
    if args.greedy_games > 0:
        rows.append(
            measure(
                "greedy 2p",
                lambda s: bot_playout(SPEC, duel, s, "greedy", max_decisions=MAX_DECISIONS),
                args.greedy_games,
                1,
            )
        )
    info = machine()
    print_playouts(info, rows)
    overall = decisions_per_s([r for r in rows if r["name"].startswith("random")])
    print(f"random: {overall:,.0f} decisions a CPU-second, two players and solo; {ANCHORED}")
    phases = phase_rows(args.phase_games, args.repeat)
    print(f"\na legal list by phase, {args.phase_games} random two-player games:")
    for r in phases:
        print(
            f"  {r['name']:<16} {r['positions']:>7,} positions ({r['share']:>4.0%})"
            f" {r['us_per_position']:>8,.1f} us each"
        )
    finder = finder_rows(args.positions, args.repeat)
    print("\ncombination finder, 20-card hands, the 18 default buildings:")
    for r in finder:
        print(f"  {r['name']:<28} {r['us_per_position']:>9,.1f} us per hand")
    report: dict[str, Any] = {
        "machine": info,
        "results": rows,
        "phases": phases,
        "finder": finder,
    }
    if args.profile:
        text = profile(lambda seed: random_playout(SPEC, duel, seed), min(args.games, 50), args.top)
        print(text)
        report["profile"] = text
    if args.json:
        write_json(args.json, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
