"""How strong Starmine's bots are: duel win rates and solo evaluations.

    .venv/bin/python benchmarks/strength_starmine.py                     # greedy vs random
    .venv/bin/python benchmarks/strength_starmine.py --duels 1000 --solos 1000
    .venv/bin/python benchmarks/strength_starmine.py --a greedy --b greedy --json out.json

Duels alternate seats: game ``i`` puts bot A in seat ``i % 2``, and uses seed ``i`` for the
deal and the start player (drawn from the seed), so both bots see the same deals from both
seats. Bots act through ``asobi.core.bots.choose_for``, exactly as front ends call them.
Solo games are played by each named bot on the same seeds.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from typing import Any

from asobi.core.bots import Bot, choose_for, make_bot
from asobi.core.registry import get_spec

SPEC = get_spec("starmine")


def play(bots: list[Bot], players: int, seed: int) -> Any:
    state = SPEC.new_game({"players": players}, seed)
    while True:
        active = state.active_seats()
        if not active:
            return state.outcome()
        for seat in active:
            state.apply(seat, choose_for(bots[seat], state, seat))


def duels(a: str, b: str, games: int, first_seed: int = 0) -> dict[str, Any]:
    wins = draws = losses = 0
    failed_a = failed_b = 0
    for i in range(games):
        seed = first_seed + i
        a_seat = i % 2
        bots = [make_bot(a, "starmine", 2 * seed), make_bot(b, "starmine", 2 * seed + 1)]
        if a_seat == 1:
            bots.reverse()
        outcome = play(bots, 2, seed)
        failed = outcome.details["failed_launch"]
        failed_a += failed[a_seat]
        failed_b += failed[1 - a_seat]
        if outcome.is_draw:
            draws += 1
        elif a_seat in outcome.winners:
            wins += 1
        else:
            losses += 1
    score = (wins + 0.5 * draws) / games
    # Standard error of the score (wins 1, draws 1/2), for a 95% interval.
    se = math.sqrt(max(score * (1 - score), 1e-12) / games)
    return {
        "a": a,
        "b": b,
        "games": games,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "win_rate": wins / games,
        "score": score,
        "score_95": [score - 1.96 * se, score + 1.96 * se],
        "a_failed_launches": failed_a,
        "b_failed_launches": failed_b,
    }


def solos(name: str, games: int, first_seed: int = 0) -> dict[str, Any]:
    evaluations = []  # a failed launch scores 0
    launched = []
    failures = 0
    titles: dict[str, int] = {}
    for i in range(games):
        seed = first_seed + i
        outcome = play([make_bot(name, "starmine", seed)], 1, seed)
        if outcome.details["failed_launch"]:
            failures += 1
            evaluations.append(0)
        else:
            evaluations.append(outcome.details["evaluation"])
            launched.append(outcome.details["evaluation"])
            titles[outcome.details["title"]] = titles.get(outcome.details["title"], 0) + 1
    return {
        "bot": name,
        "games": games,
        "failure_rate": failures / games,
        "mean_evaluation": statistics.fmean(evaluations),  # a failed launch scores 0
        "mean_evaluation_launched": statistics.fmean(launched) if launched else None,
        "best": max(evaluations),
        "titles": titles,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", default="greedy")
    parser.add_argument("--b", default="random")
    parser.add_argument("--duels", type=int, default=600)
    parser.add_argument("--solos", type=int, default=600)
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--json", help="also write the figures to this JSON file")
    args = parser.parse_args(argv)

    report: dict[str, Any] = {}
    if args.duels:
        start = time.perf_counter()
        d = duels(args.a, args.b, args.duels, args.seed)
        d["seconds"] = time.perf_counter() - start
        report["duel"] = d
        print(
            f"duel {d['a']} vs {d['b']}, {d['games']} games, seats alternating: "
            f"{d['wins']} won, {d['draws']} drawn, {d['losses']} lost; "
            f"win rate {d['win_rate']:.1%}, score {d['score']:.3f} "
            f"(95% {d['score_95'][0]:.3f}-{d['score_95'][1]:.3f}); failed launches "
            f"{d['a']} {d['a_failed_launches']}, {d['b']} {d['b_failed_launches']} "
            f"[{d['seconds']:.1f} s]"
        )
    if args.solos:
        report["solo"] = []
        for name in dict.fromkeys([args.a, args.b]):
            start = time.perf_counter()
            s = solos(name, args.solos, args.seed)
            s["seconds"] = time.perf_counter() - start
            report["solo"].append(s)
            launched = s["mean_evaluation_launched"]
            print(
                f"solo {name}, {s['games']} games: failure rate {s['failure_rate']:.1%}, "
                f"mean evaluation {s['mean_evaluation']:.2f} (failures count 0; "
                f"launched only {launched if launched is None else round(launched, 2)}), "
                f"best {s['best']}, titles {s['titles']} [{s['seconds']:.1f} s]"
            )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=1, ensure_ascii=False)
            f.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
