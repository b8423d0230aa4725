"""Rummy City's building catalogue under simulation: how long games last, which buildings win.

    .venv/bin/python benchmarks/balance_rummycity.py                 # 1000 greedy games
    .venv/bin/python benchmarks/balance_rummycity.py --games 200 --catalogue my.toml
    .venv/bin/python benchmarks/balance_rummycity.py --json out.json

Greedy plays greedy in two-player games (game ``i`` uses seed ``i`` for the deal and seeds
``2i``, ``2i + 1`` for the bots, so the report is reproducible). For each game it records
the rounds played until someone holds 50 tepu after a settlement, and for each building:

- *owned by the winner*: in how many decided games the winner owned it at the end;
- *owner wins*: of the games where someone owned it at the end, how often that owner won;
- *decides*: in how many decided games the tepu the building earned its final owner-winner
  over the game (its income at each settlement while they owned it, and the Market's, the
  Mine's, the Post office's and the Station's tepu) is more than the winning margin: without
  that building's earnings the winner would not have been ahead;
- *effect a round*: for the buildings whose effect pays (the Market, the Mine, the Post
  office, the Station), the tepu the effect paid whoever held it, per settlement at which
  someone held it (income is not counted: it is the catalogue's number).

The default catalogue was tuned with it so that the median game lasts 4–8 rounds and no
building decides most games (``docs/rules/rummycity.md`` quotes its report). It also plays
greedy against random (seats alternating) and the solo score attack.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter
from typing import Any

from asobi.core.bots import choose_for, make_bot
from asobi.core.registry import get_spec
from asobi.games.rummycity.state import RummyCityState

SPEC = get_spec("rummycity")
EFFECT_GAINS = ("market", "mine", "post_office")


def _building_with(state: RummyCityState, seat: int, effect: str) -> str:
    return next(b for b in state.owned[seat] if state.building(b).effect == effect)


def new_game(options: dict[str, Any], seed: int) -> RummyCityState:
    state = SPEC.new_game(options, seed)
    assert isinstance(state, RummyCityState)
    return state


def play(seed: int, bots: tuple[str, str], options: dict[str, Any]) -> dict[str, Any]:
    """One seeded two-player game; what the report needs from it."""
    state = new_game({"players": 2, **options}, seed)
    players = [make_bot(name, "rummycity", 2 * seed + i) for i, name in enumerate(bots)]
    earned: list[Counter[str]] = [Counter(), Counter()]
    paid: Counter[str] = Counter()  # what each effect paid, whoever held the building
    held: Counter[str] = Counter()  # settlements at which someone held it
    decisions = 0
    while not state.is_over:
        seat = next(iter(state.active_seats()))
        events = state.apply(seat, choose_for(players[seat], state, seat))
        decisions += 1
        for e in events:
            if e.kind == "gain" and e.data["why"] in EFFECT_GAINS:
                assert e.seat is not None  # a gain is always some seat's
                building = _building_with(state, e.seat, e.data["why"])
                earned[e.seat][building] += e.data["tepu"]
                paid[building] += e.data["tepu"]
            elif e.kind == "fare":
                to = e.data["to"]
                building = _building_with(state, to, "station")
                earned[to][building] += e.data["tepu"]
                paid[building] += e.data["tepu"]
            elif e.kind == "settled":
                for s in range(2):
                    for b in state.owned[s]:
                        earned[s][b] += state.building(b).income
                        held[b] += 1
    result = state.outcome()
    assert result is not None
    winner = None if result.is_draw else result.winners[0]
    return {
        "seed": seed,
        "rounds": state.round,
        "winner": winner,
        "tepu": list(state.tepu),
        "margin": abs(state.tepu[0] - state.tepu[1]),
        "owned": [list(o) for o in state.owned],
        "earned": [dict(e) for e in earned],
        "paid": dict(paid),
        "held": dict(held),
        "decisions": decisions,
    }


def report(games: list[dict[str, Any]], buildings: list[str]) -> dict[str, Any]:
    decided = [g for g in games if g["winner"] is not None]
    rounds = [g["rounds"] for g in games]
    rows = []
    for b in buildings:
        owned_games = [g for g in games if any(b in o for o in g["owned"])]
        owner_wins = sum(
            1 for g in owned_games if g["winner"] is not None and b in g["owned"][g["winner"]]
        )
        by_winner = sum(1 for g in decided if b in g["owned"][g["winner"]])
        decides = sum(1 for g in decided if g["earned"][g["winner"]].get(b, 0) > g["margin"])
        held = sum(g["held"].get(b, 0) for g in games)
        rows.append(
            {
                "building": b,
                "owned_by_winner": by_winner / len(decided) if decided else 0.0,
                "owner_wins": owner_wins / len(owned_games) if owned_games else 0.0,
                "decides": decides / len(decided) if decided else 0.0,
                "effect_a_round": sum(g["paid"].get(b, 0) for g in games) / held if held else 0.0,
            }
        )
    quartiles = statistics.quantiles(rounds, n=4) if len(rounds) > 1 else [rounds[0]] * 3
    return {
        "games": len(games),
        "draws": len(games) - len(decided),
        "rounds_median": statistics.median(rounds),
        "rounds_quartiles": quartiles,
        "rounds_range": [min(rounds), max(rounds)],
        "rounds_histogram": dict(sorted(Counter(rounds).items())),
        "first_seat_wins": sum(1 for g in decided if g["winner"] == 0) / max(1, len(decided)),
        "winning_tepu_median": statistics.median(max(g["tepu"]) for g in games),
        "margin_median": statistics.median(g["margin"] for g in decided) if decided else 0,
        "buildings": rows,
    }


def markdown(summary: dict[str, Any], strength: dict[str, Any], solo: dict[str, Any]) -> str:
    q = summary["rounds_quartiles"]
    lines = [
        f"Greedy vs greedy, {summary['games']} two-player games (seeds 0–{summary['games'] - 1}):",
        f"rounds to 50 tepu: median **{summary['rounds_median']:g}**, quartiles "
        f"{q[0]:g}–{q[2]:g}, range {summary['rounds_range'][0]}–{summary['rounds_range'][1]} "
        f"(histogram {summary['rounds_histogram']}); draws {summary['draws']}; "
        f"seat 0 wins {100 * summary['first_seat_wins']:.1f}% of decided games; "
        f"winner's tepu median {summary['winning_tepu_median']:g}, margin median "
        f"{summary['margin_median']:g}.",
        "",
        "| building | owned by the winner | its owner wins | decides | effect a round |",
        "|---|---:|---:|---:|---:|",
    ]
    for row in sorted(summary["buildings"], key=lambda r: -r["decides"]):
        effect = f"{row['effect_a_round']:.1f}" if row["effect_a_round"] else "–"
        lines.append(
            f"| {row['building']} | {100 * row['owned_by_winner']:.0f}% | "
            f"{100 * row['owner_wins']:.0f}% | {100 * row['decides']:.1f}% | {effect} |"
        )
    lines += [
        "",
        f"Greedy vs random: greedy wins {strength['wins']} of {strength['games']} "
        f"({100 * strength['share']:.1f}%, seats alternating).",
        f"Solo score attack, greedy, {solo['games']} games: final tepu median "
        f"{solo['median']:g}, quartiles {solo['quartiles'][0]:g}–{solo['quartiles'][2]:g}.",
    ]
    return "\n".join(lines)


def strength(games: int, options: dict[str, Any]) -> dict[str, Any]:
    wins = 0.0
    for i in range(games):
        bots = ("greedy", "random") if i % 2 == 0 else ("random", "greedy")
        g = play(100_000 + i, bots, options)
        greedy_seat = i % 2
        if g["winner"] is None:
            wins += 0.5
        elif g["winner"] == greedy_seat:
            wins += 1
    return {"games": games, "wins": wins, "share": wins / games}


def solo(games: int, options: dict[str, Any]) -> dict[str, Any]:
    scores = []
    for seed in range(games):
        state = new_game({**options, "players": 1}, seed)
        bot = make_bot("greedy", "rummycity", seed)
        while not state.is_over:
            state.apply(0, choose_for(bot, state, 0))
        scores.append(state.tepu[0])
    return {
        "games": games,
        "median": statistics.median(scores),
        "quartiles": statistics.quantiles(scores, n=4),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--strength-games", type=int, default=200)
    parser.add_argument("--solo-games", type=int, default=200)
    parser.add_argument("--catalogue", help="a catalogue file instead of the default")
    parser.add_argument("--json", help="write the figures and every game here")
    args = parser.parse_args()
    options: dict[str, Any] = {}
    if args.catalogue:
        options["catalogue"] = args.catalogue
    start = time.perf_counter()
    games = [play(seed, ("greedy", "greedy"), options) for seed in range(args.games)]
    state = SPEC.new_game({"players": 2, **options}, 0)
    buildings = [b.id for b in state.catalogue.buildings]  # type: ignore[attr-defined]
    summary = report(games, buildings)
    vs_random = strength(args.strength_games, options)
    alone = solo(args.solo_games, options)
    print(markdown(summary, vs_random, alone))
    print(f"\n({time.perf_counter() - start:.0f} s)")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(
                {"summary": summary, "strength": vs_random, "solo": alone, "games": games},
                f,
                indent=1,
            )


if __name__ == "__main__":
    main()
