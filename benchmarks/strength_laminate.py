"""How strong Laminate Rummy's bots are: win rates against random, and greedy self-play.

    .venv/bin/python benchmarks/strength_laminate.py                  # greedy vs random, 3-5p
    .venv/bin/python benchmarks/strength_laminate.py --games 1000 --players 4
    .venv/bin/python benchmarks/strength_laminate.py --a greedy --a-params '{"fetch": 0.6}' \
        --b greedy --games 300                            # a tuning sweep step
    .venv/bin/python benchmarks/strength_laminate.py --self-play 0 --json out.json

One bot A against ``players - 1`` copies of bot B. Games rotate seats: game ``i`` puts A in
seat ``i % players`` and uses seed ``i`` for the deal, so A plays every seat equally often
(the seat matters: it decides who plays first, and the later seats choose their three cards
from four or five). A tie at the top (the rules let every tied player win) counts ``1 / k``
of a win for each of the ``k`` winners, so an even match scores ``1 / players``. The 95%
interval is the Wilson score interval of the win share (it stays inside 0-1 near a clean
sweep). Bots act through ``asobi.core.bots.decision_for`` and a legality check, as
``choose_for`` does (so the bots' own CPU time is measured apart from building views);
``--a-params`` / ``--b-params`` give the greedy bot's weights (fields of
``asobi.games.laminate.bots.Params``) as JSON. The self-play rows put the greedy bot in every
seat and report how long its games are: turns (one per player action), rounds (turns /
players), decisions (a turn takes several: a publication lays its cards one by one), how they
end, the winning score, and the bot's CPU time per decision (its ``choose`` alone).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from dataclasses import replace
from typing import Any

from asobi.core.bots import Bot, decision_for, make_bot
from asobi.core.registry import get_spec
from asobi.games.laminate.bots import DEFAULT, GreedyBot

SPEC = get_spec("laminate")

# Every player passing in a row ends a game, so none can stall; this only guards the loop.
MAX_DECISIONS = 20_000


def bot(name: str, seed: int, params: dict[str, Any] | None = None) -> Bot:
    """A bot by name; the greedy bot with some weights changed when ``params`` says so."""
    if params:
        if name != "greedy":
            raise SystemExit(f"--a-params / --b-params apply to the greedy bot, not {name!r}")
        return GreedyBot(seed, replace(DEFAULT, **params))
    return make_bot(name, SPEC.id, seed)


def play(bots: list[Bot], seed: int) -> tuple[Any, int, float]:
    """The finished state, its number of decisions and the CPU seconds the bots took."""
    state = SPEC.new_game({"players": len(bots)}, seed)
    decisions, thinking = 0, 0.0
    while True:
        active = state.active_seats()
        if not active:
            return state, decisions, thinking
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"seed {seed}: no end after {MAX_DECISIONS} decisions")
        for seat in sorted(active):
            # What choose_for does, with the bot's own time measured apart from the view.
            decision = decision_for(state, seat)
            start = time.process_time()
            action = bots[seat].choose(decision)
            thinking += time.process_time() - start
            if action not in decision.legal:
                raise RuntimeError(f"bot {bots[seat].name} chose an illegal {action.encode()!r}")
            state.apply(seat, action)
            decisions += 1


def wilson(rate: float, n: int, z: float = 1.96) -> list[float]:
    """The 95% Wilson score interval of a proportion ``rate`` over ``n`` trials."""
    centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [max(0.0, centre - half), min(1.0, centre + half)]


def matches(
    a: str,
    b: str,
    players: int,
    games: int,
    first_seed: int = 0,
    a_params: dict[str, Any] | None = None,
    b_params: dict[str, Any] | None = None,
) -> dict[str, Any]:
    share = 0.0
    outright = 0
    points: list[list[float]] = [[], []]  # A, the best of the Bs
    margins: list[float] = []
    turns: list[int] = []
    for i in range(games):
        seed = first_seed + i
        a_seat = i % players
        bots = [bot(b, players * seed + s, b_params) for s in range(players)]
        bots[a_seat] = bot(a, players * seed + a_seat, a_params)
        state, _decisions, _thinking = play(bots, seed)
        outcome = state.outcome()
        winners = outcome.winners
        if a_seat in winners:
            share += 1 / len(winners)
            outright += len(winners) == 1
        mine = outcome.scores[a_seat]
        best_other = max(s for seat, s in enumerate(outcome.scores) if seat != a_seat)
        points[0].append(mine)
        points[1].append(best_other)
        margins.append(mine - best_other)
        turns.append(state.turn_no)
    rate = share / games
    return {
        "a": a,
        "b": b,
        "a_params": a_params or {},
        "b_params": b_params or {},
        "players": players,
        "games": games,
        "win_share": rate,
        "win_95": wilson(rate, games),
        "even": 1 / players,
        "outright_wins": outright,
        "mean_points": statistics.fmean(points[0]),
        "mean_best_other": statistics.fmean(points[1]),
        "mean_margin": statistics.fmean(margins),
        "mean_turns": statistics.fmean(turns),
    }


def self_play(players: int, games: int, first_seed: int = 0) -> dict[str, Any]:
    """The greedy bot in every seat: how long its games are, and how fast it thinks."""
    turns, decisions, winning = [], [], []
    reasons: dict[str, int] = {}
    thinking = 0.0
    for i in range(games):
        seed = first_seed + i
        bots = [bot("greedy", players * seed + s) for s in range(players)]
        state, n, seconds = play(bots, seed)
        thinking += seconds
        turns.append(state.turn_no)
        decisions.append(n)
        winning.append(max(state.outcome().scores))
        reasons[state.end_reason] = reasons.get(state.end_reason, 0) + 1
    return {
        "players": players,
        "games": games,
        "mean_turns": statistics.fmean(turns),
        "sd_turns": statistics.stdev(turns) if games > 1 else 0.0,
        "min_turns": min(turns),
        "max_turns": max(turns),
        "mean_rounds": statistics.fmean(turns) / players,
        "mean_decisions": statistics.fmean(decisions),
        "mean_winning_score": statistics.fmean(winning),
        "end_reasons": reasons,
        "ms_per_decision": 1000 * thinking / sum(decisions),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", default="greedy")
    parser.add_argument("--b", default="random")
    parser.add_argument("--games", type=int, default=300, help="games per player count")
    parser.add_argument("--players", default="3,4,5")
    parser.add_argument("--self-play", type=int, default=100, help="greedy self-play games")
    parser.add_argument("--a-params", type=json.loads, default=None, help="greedy weights (JSON)")
    parser.add_argument("--b-params", type=json.loads, default=None, help="greedy weights (JSON)")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--json", help="also write the figures to this JSON file")
    args = parser.parse_args(argv)

    counts = [int(p) for p in args.players.split(",")]
    report: dict[str, list[dict[str, Any]]] = {"matches": [], "self_play": []}
    for players in counts:
        if args.games <= 0:
            break
        start = time.perf_counter()
        r = matches(args.a, args.b, players, args.games, args.seed, args.a_params, args.b_params)
        r["seconds"] = time.perf_counter() - start
        report["matches"].append(r)
        a_name = r["a"] + (f" {json.dumps(r['a_params'])}" if r["a_params"] else "")
        b_name = r["b"] + (f" {json.dumps(r['b_params'])}" if r["b_params"] else "")
        print(
            f"{players} players: 1 {a_name} vs {players - 1} {b_name}, {r['games']} games, "
            f"seats rotating: win share {r['win_share']:.1%} "
            f"(95% {r['win_95'][0]:.1%}-{r['win_95'][1]:.1%}; even {r['even']:.1%}), "
            f"{r['outright_wins']} outright wins; mean points {r['mean_points']:.1f} against "
            f"the best other's {r['mean_best_other']:.1f}, {r['mean_turns']:.1f} turns "
            f"[{r['seconds']:.1f} s]"
        )
    for players in counts:
        if args.self_play <= 0:
            break
        s = self_play(players, args.self_play, args.seed)
        report["self_play"].append(s)
        reasons = ", ".join(f"{k}: {v}" for k, v in sorted(s["end_reasons"].items()))
        print(
            f"{players} players, greedy in every seat, {s['games']} games: "
            f"{s['mean_turns']:.1f} turns (sd {s['sd_turns']:.1f}, {s['min_turns']}-"
            f"{s['max_turns']}), {s['mean_rounds']:.1f} rounds, {s['mean_decisions']:.0f} "
            f"decisions; winning score {s['mean_winning_score']:.1f}; {reasons}; "
            f"{s['ms_per_decision']:.2f} ms per bot decision"
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=1, ensure_ascii=False)
            f.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
