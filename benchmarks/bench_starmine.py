"""Starmine throughput on one core, through the public protocol only.

    .venv/bin/python benchmarks/bench_starmine.py                 # the table
    .venv/bin/python benchmarks/bench_starmine.py --json out.json # and the figures as JSON
    .venv/bin/python benchmarks/bench_starmine.py --profile       # plus cProfile's top entries

Every decision of a "random" playout goes through the protocol exactly as an arena or a
front end drives it: ``active_seats()`` names the seat, ``legal_actions(seat)`` lists every
legal action, one is chosen with a seeded ``random.Random``, and ``apply(seat, action)``
validates it before carrying it out. Setup is counted (one ``new_game`` per game); the
options are validated once, as an arena does for a batch of games with the same options.

The "greedy" row runs the game's own greedy bot in every seat through
``asobi.core.bots.choose_for``: each decision builds the bot's :class:`Decision` (a clone
of the state for the world sampler, the seat's view, its legal actions), asks the bot,
and re-checks the answer against the legal list, as front ends do.

Each figure is the best of ``--repeat`` runs (the machine is shared; the best run is the
one least disturbed by other processes); the median is reported too.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from asobi.core.protocol import GameOptions, GameSpec
from asobi.core.registry import get_spec

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import (
    ANCHORED,
    add_common_arguments,
    bot_playout,
    machine,
    measure,
    pin,
    print_playouts,
    profile,
    random_playout,
    write_json,
)

SPEC: GameSpec = get_spec("starmine")
DUEL: GameOptions = SPEC.options({"players": 2})
SOLO: GameOptions = SPEC.options({"players": 1})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5000, help="random duel games per run")
    parser.add_argument("--solo-games", type=int, default=5000, help="random solo games per run")
    parser.add_argument("--greedy-games", type=int, default=300, help="greedy-vs-greedy games")
    add_common_arguments(parser, repeat=5, top=20)
    args = parser.parse_args(argv)

    pin(args)

    # Warm up: imports, interned tables, caches.
    for seed in range(200):
        random_playout(SPEC, DUEL, seed)
        random_playout(SPEC, SOLO, seed)

    rows = [
        measure("random duel", lambda s: random_playout(SPEC, DUEL, s), args.games, args.repeat),
        measure(
            "random solo", lambda s: random_playout(SPEC, SOLO, s), args.solo_games, args.repeat
        ),
    ]
    if "greedy" in SPEC.bots and args.greedy_games > 0:
        rows.append(
            measure(
                "greedy duel",
                lambda s: bot_playout(SPEC, DUEL, s, "greedy"),
                args.greedy_games,
                max(1, args.repeat // 2),
            )
        )
        rows.append(
            measure(
                "greedy solo",
                lambda s: bot_playout(SPEC, SOLO, s, "greedy"),
                args.greedy_games,
                max(1, args.repeat // 2),
            )
        )

    info = machine()
    print_playouts(info, rows)
    print(ANCHORED)

    report: dict[str, Any] = {"machine": info, "results": rows}
    if args.profile:
        text = profile(
            lambda seed: random_playout(SPEC, DUEL, seed), min(args.games, 3000), args.top
        )
        print(text)
        report["profile"] = text
    if args.json:
        write_json(args.json, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
