#!/usr/bin/env python3
"""Fingerprints of seeded random games, to prove that a change to an engine changes nothing
for players: the same seeds must give the same games.

    PYTHONPATH=src .venv/bin/python tools/game_hashes.py --games 5000 --out before.json
    PYTHONPATH=src .venv/bin/python tools/game_hashes.py --games 5000 --check before.json
    PYTHONPATH=src .venv/bin/python tools/game_hashes.py --games 30 --seeds-out expected.json

A game is played through the protocol only, as an arena drives it: ``active_seats()``, the
lowest active seat's ``legal_actions``, a choice by ``random.Random(seed)``, ``apply``. Its
fingerprint is a SHA-256 over, at every decision, the active seats, the deciding seat and
its whole legal list (the actions' text codes, in order); every event ``apply`` returns
(its JSON with sorted keys, and the seats it is shown to: ``None`` for everyone, so what
each seat sees is fixed by it); and at the end the outcome's JSON. Python's ``hash()`` is
never used: its values change between runs.

``--out`` writes, for each mode, one digest of all its games in seed order and each
game's fingerprint; ``--check`` plays the same seeds and names the first seed of each mode
whose game differs. ``--seeds-out`` writes only the per-seed fingerprints (the small file
``tests/properties/test_same_games.py`` checks).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from asobi.core.registry import get_spec

# Every game and mode a player can choose: (name, game id, options).
MODES: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("starmine-duel", "starmine", {"players": 2}),
    ("starmine-solo", "starmine", {"players": 1}),
    ("itsmine", "itsmine", {"players": 2}),
    ("laminate-3", "laminate", {"players": 3}),
    ("laminate-4", "laminate", {"players": 4}),
    ("laminate-5", "laminate", {"players": 5}),
    ("rummycity-duel", "rummycity", {"players": 2}),
    ("rummycity-solo", "rummycity", {"players": 1}),
    ("carrotein-3", "carrotein", {"players": 3}),
)


def _json(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()


def game_fingerprint(game: str, options: dict[str, Any], seed: int) -> str:
    """The fingerprint of one seeded random game (see the module's docstring)."""
    spec = get_spec(game)
    state = spec.new_game(options, seed)
    rng = random.Random(seed)
    digest = hashlib.sha256()
    while True:
        active = sorted(state.active_seats())
        digest.update(_json(active))
        if not active:
            break
        seat = active[0]  # a simultaneous decision: each seat commits in turn, lowest first
        legal = state.legal_actions(seat)
        digest.update(_json([seat, [action.encode() for action in legal]]))
        for event in state.apply(seat, rng.choice(legal)):
            to = None if event.to is None else sorted(event.to)
            digest.update(_json([event.to_json(), to]))
    outcome = state.outcome()
    assert outcome is not None  # no active seat means the game is over
    digest.update(_json(outcome.to_json()))
    return digest.hexdigest()[:32]


def mode_fingerprints(name: str, seeds: Sequence[int]) -> list[str]:
    _, game, options = next(mode for mode in MODES if mode[0] == name)
    return [game_fingerprint(game, options, seed) for seed in seeds]


def combined(fingerprints: Sequence[str]) -> str:
    """One digest of a mode's games in seed order."""
    return hashlib.sha256("\n".join(fingerprints).encode()).hexdigest()[:32]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5000, help="seeds 0..games-1 per mode")
    parser.add_argument(
        "--modes", default=",".join(m[0] for m in MODES), help="comma-separated mode names"
    )
    parser.add_argument(
        "--limit", action="append", default=[], metavar="MODE=N", help="fewer games in a mode"
    )
    parser.add_argument("--out", help="write every mode's digest and fingerprints here")
    parser.add_argument("--seeds-out", help="write only the per-seed fingerprints here")
    parser.add_argument("--check", help="compare with a file written by --out or --seeds-out")
    args = parser.parse_args(argv)
    limits = {k: int(v) for k, v in (item.split("=", 1) for item in args.limit)}
    expected: dict[str, Any] = {}
    if args.check:
        with open(args.check, encoding="utf-8") as f:
            expected = json.load(f)
    report: dict[str, Any] = {}
    failed = False
    for name in args.modes.split(","):
        games = limits.get(name, args.games)
        if name in expected:
            games = min(games, len(expected[name]["seeds"]))
        start = time.process_time()
        prints = mode_fingerprints(name, range(games))
        seconds = time.process_time() - start
        report[name] = {"games": games, "digest": combined(prints), "seeds": prints}
        verdict = ""
        if name in expected:
            before = expected[name]["seeds"][:games]
            differ = [s for s, (a, b) in enumerate(zip(prints, before, strict=True)) if a != b]
            verdict = (
                f"  DIFFERS at seeds {differ[:5]} ({len(differ)} in all)" if differ else "  same"
            )
            failed = failed or bool(differ)
        print(f"{name:<15} {games:>6} games {seconds:>8.1f} s CPU  {combined(prints)}{verdict}")
        sys.stdout.flush()
    if args.out:
        _write(args.out, report)
    if args.seeds_out:
        _write(args.seeds_out, {k: {"seeds": v["seeds"]} for k, v in report.items()})
    return 1 if failed else 0


def _write(path: str, report: dict[str, Any]) -> None:
    with open(path, "w", encoding="utf-8") as f:
        json.dump(report, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    sys.exit(main())
