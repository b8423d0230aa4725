"""It's Mine! throughput on one core, through the public protocol only.

    .venv/bin/python benchmarks/bench_itsmine.py                 # the table
    .venv/bin/python benchmarks/bench_itsmine.py --json out.json # and the figures as JSON
    .venv/bin/python benchmarks/bench_itsmine.py --profile       # plus cProfile's top entries

Every decision of a "random" playout goes through the protocol exactly as an arena or a
front end drives it: ``active_seats()`` names the seats to act; in a simultaneous decision
(the dice bids, the plays after a tied auction) each of them acts in turn, in
``sorted(state.active_seats())`` order; for each, ``legal_actions(seat)`` lists every legal
action, one is chosen with a seeded ``random.Random``, and ``apply(seat, action)``
validates it (raising ``IllegalAction`` naming the rule) before carrying it out. Setup is
counted (one ``new_game`` per game: a shuffle and a deal); the options are validated once,
as an arena does for a batch of games with the same options.

The "greedy" rows run the game's own greedy bot in every seat through
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

SPEC: GameSpec = get_spec("itsmine")
BASIC: GameOptions = SPEC.options({"variant": "basic"})
SIMPLE: GameOptions = SPEC.options({"variant": "simple"})
MAX_DECISIONS = 3000  # a bot game longer than this has stalled (see strength_itsmine.py)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000, help="random basic games per run")
    parser.add_argument(
        "--simple-games", type=int, default=3000, help="random simple-variant games per run"
    )
    parser.add_argument("--greedy-games", type=int, default=200, help="greedy-vs-greedy games")
    add_common_arguments(parser, repeat=5, top=20)
    parser.add_argument(
        "--profile-bot", default=None, help="profile this bot's games instead of random play"
    )
    args = parser.parse_args(argv)

    pin(args)

    # Warm up: imports, interned tables, caches.
    for seed in range(100):
        random_playout(SPEC, BASIC, seed)
        random_playout(SPEC, SIMPLE, seed)

    rows = [
        measure("random basic", lambda s: random_playout(SPEC, BASIC, s), args.games, args.repeat),
        measure(
            "random simple",
            lambda s: random_playout(SPEC, SIMPLE, s),
            args.simple_games,
            args.repeat,
        ),
    ]
    if "greedy" in SPEC.bots and args.greedy_games > 0:
        for label, options in (("greedy basic", BASIC), ("greedy simple", SIMPLE)):
            rows.append(
                measure(
                    label,
                    lambda s, o=options: bot_playout(
                        SPEC, o, s, "greedy", max_decisions=MAX_DECISIONS
                    ),  # type: ignore[misc]
                    args.greedy_games,
                    max(1, args.repeat // 2),
                )
            )

    info = machine()
    print_playouts(info, rows)
    print(ANCHORED)

    report: dict[str, Any] = {"machine": info, "results": rows}
    if args.profile or args.profile_bot:
        games = min(args.games, 2000) if not args.profile_bot else min(args.greedy_games, 100)
        bot = args.profile_bot
        text = profile(
            (lambda seed: random_playout(SPEC, BASIC, seed))
            if bot is None
            else (lambda seed: bot_playout(SPEC, BASIC, seed, bot, max_decisions=MAX_DECISIONS)),
            games,
            args.top,
        )
        print(text)
        report["profile"] = text
    if args.json:
        write_json(args.json, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
