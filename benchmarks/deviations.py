"""Where a search leaves its heuristic bot's move: the same decisions asked of both.

    .venv/bin/python benchmarks/deviations.py --game laminate --players 3 --games 4 --workers 2 \\
        --bot ismcts:seconds=0.8:rollout=greedy:expand=8:prior=greedy:bias=3

A tournament says how often a search wins; this says where its moves differ from the
heuristic bot's, which is where any edge (or loss) must come from. Each game seats the
search in one seat (the game's seed modulo the players) and the heuristic bot (``--policy``) in the
others, and plays it out. At every decision of the search's seat that offers a choice, the
heuristic bot is asked the same decision ``--asks`` times with different seeds: its seeds
only break ties (or draw a mixed bid), so the moves it gives are the ones it rates best.
The search **leaves** the heuristic's move when its own is none of them. (A tie of ``k``
moves is missed, and counted as left, with chance ``(1 - 1/k) ** asks``: about 0.1% for a
five-way tie at the default 32.)

The table counts decisions with a choice and those the search left, by phase of the game
(fifths of the search seat's decisions) and by the kind of move the heuristic would have
made (the first word of its move's code), with the time the search took per decision (on
average and at worst; the heuristic's answers are not timed).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from multiprocessing import Pool
from typing import Any

from asobi.core import new_game
from asobi.core.bots import decision_for, make_bot

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import machine, write_json

PHASES = 5


def play(job: tuple[str, int, str, str, int, int]) -> dict[str, Any]:
    """One seeded game, and each decision of the search's seat that offered a choice."""
    game, players, bot, policy, asks, seed = job
    state = new_game(game, {"players": players}, seed)
    searcher = seed % players
    search = make_bot(bot, game, seed)
    others = [make_bot(policy, game, seed * 7 + s) for s in range(players)]
    rows: list[dict[str, Any]] = []
    while not state.is_over:
        for seat in sorted(state.active_seats()):
            decision = decision_for(state, seat)
            if seat != searcher:
                state.apply(seat, others[seat].choose(decision))
                continue
            start = time.perf_counter()
            move = search.choose(decision)
            spent = time.perf_counter() - start
            if len(decision.legal) > 1:
                theirs = [
                    make_bot(policy, game, seed * 1000 + k).choose(decision) for k in range(asks)
                ]
                rows.append(
                    {
                        "kind": theirs[0].encode().split()[0],
                        "left": move not in theirs,
                        "seconds": spent,
                    }
                )
            state.apply(seat, move)
    for i, row in enumerate(rows):  # known once the seat's decisions are counted
        row["phase"] = i * PHASES // len(rows)
    outcome = state.outcome()
    assert outcome is not None
    scores = list(outcome.scores)
    mine = scores.pop(searcher)
    return {"seed": seed, "seat": searcher, "rows": rows, "score": mine, "others": scores}


def placing(mine: float, best_other: float) -> str:
    return "ahead" if mine > best_other else "behind" if mine < best_other else "level"


def table(title: str, groups: dict[Any, list[dict[str, Any]]], label: Any) -> list[str]:
    lines = [
        f"| {title} | decisions with a choice | left the heuristic's move | share | s/decision "
        "| slowest s |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for key in sorted(groups):
        rows = groups[key]
        left = sum(r["left"] for r in rows)
        mean = sum(r["seconds"] for r in rows) / len(rows)
        slowest = max(r["seconds"] for r in rows)
        lines.append(
            f"| {label(key)} | {len(rows)} | {left} | {left / len(rows):.0%} | {mean:.2f} "
            f"| {slowest:.2f} |"
        )
    return lines


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    """Run the games, print the tables; the games (for a test)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", required=True, help="the search, as --bot names it")
    parser.add_argument("--policy", default="greedy", help="the heuristic bot (default greedy)")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=9000, help="the first game's seed")
    parser.add_argument("--asks", type=int, default=32, help="seeds the heuristic is asked with")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", help="also write every decision to this JSON file")
    args = parser.parse_args(argv)
    jobs = [
        (args.game, args.players, args.bot, args.policy, args.asks, n)
        for n in range(args.seed, args.seed + args.games)
    ]
    started = time.perf_counter()
    if args.workers > 1:
        with Pool(args.workers) as pool:
            games = pool.map(play, jobs, chunksize=1)
    else:
        games = [play(job) for job in jobs]
    wall = time.perf_counter() - started
    rows = [row for g in games for row in g["rows"]]
    by_phase: dict[int, list[dict[str, Any]]] = {}
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_phase.setdefault(row["phase"], []).append(row)
        by_kind.setdefault(row["kind"], []).append(row)
    ahead = Counter(placing(g["score"], max(g["others"])) for g in games)
    print(
        f"{args.bot} against {args.policy} in {args.players}-player {args.game}, "
        f"{len(games)} games (seeds {args.seed}–{args.seed + args.games - 1}), "
        f"{wall / 60:.1f} min on {args.workers} worker(s)\n"
    )
    fifths = ("first fifth", "second", "third", "fourth", "last fifth")
    print("\n".join(table("phase of the game", by_phase, lambda k: fifths[k])))
    print()
    print("\n".join(table("the heuristic's move", by_kind, lambda k: f"`{k}`")))
    print(
        f"\nThe search's seat against the best other seat: {ahead['ahead']} ahead, "
        f"{ahead['level']} level, {ahead['behind']} behind."
    )
    if args.json:
        write_json(
            args.json,
            {"command": sys.argv, "machine": machine(), "wall_seconds": wall, "games": games},
        )
    return games


if __name__ == "__main__":
    main()
