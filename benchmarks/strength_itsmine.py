"""How strong It's Mine!'s bots are: win rates, points and leftovers, per variant.

    .venv/bin/python benchmarks/strength_itsmine.py                      # greedy vs random
    .venv/bin/python benchmarks/strength_itsmine.py --games 1000
    .venv/bin/python benchmarks/strength_itsmine.py --a greedy --b greedy --json out.json
    .venv/bin/python benchmarks/strength_itsmine.py --b largest   # a yardstick above random
    .venv/bin/python benchmarks/strength_itsmine.py --a greedy --a-params '{"planned": 0.9}' \
        --b greedy --games 300                                   # a tuning sweep step

Games alternate seats: game ``i`` puts bot A in seat ``i % 2`` and uses seed ``i`` for the
deal, so both bots see the same deals from both seats. Bots act through
``asobi.core.bots.choose_for``, exactly as front ends call them; in a simultaneous decision
(the bids, the plays after a tied auction) each active seat chooses in turn without seeing
the other's choice (the view hides it). ``--a-params`` / ``--b-params`` give the greedy
bot's weights (fields of ``asobi.games.itsmine.bots.Params``) as JSON, for tuning.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from dataclasses import replace
from typing import Any

from asobi.core.actions import Action
from asobi.core.bots import Bot, Decision, choose_for, make_bot
from asobi.core.registry import get_spec
from asobi.games.itsmine.actions import Play
from asobi.games.itsmine.bots import DEFAULT, GreedyBot

SPEC = get_spec("itsmine")


class LargestBot:
    """A yardstick a little above random: random bids, takes and bonus decisions, but it
    always lays one of its largest plays (the most cards at once)."""

    def __init__(self, seed: int) -> None:
        self.name = "largest"
        self.rng = random.Random(seed)

    def choose(self, decision: Decision) -> Action:
        plays = [a for a in decision.legal if isinstance(a, Play)]
        if plays:
            most = max(len(a.cards) for a in plays)
            return self.rng.choice([a for a in plays if len(a.cards) == most])
        return self.rng.choice(list(decision.legal))


def bot(name: str, seed: int, params: dict[str, Any] | None = None) -> Bot:
    """A bot by name ("largest": the yardstick above); the greedy bot with some weights
    changed when ``params`` says so."""
    if name == "largest":
        return LargestBot(seed)
    if params:
        if name != "greedy":
            raise SystemExit(f"--a-params / --b-params apply to the greedy bot, not {name!r}")
        return GreedyBot(seed, replace(DEFAULT, **params))
    return make_bot(name, SPEC.id, seed)


# The rules let a game stall: with one card in the deck and the citizens full, a tied
# auction changes nothing, so two players who keep tying never finish. Such a game is
# abandoned after this many decisions and reported (none has been, with these bots).
MAX_DECISIONS = 3000


def play(bots: list[Bot], variant: str, seed: int) -> Any:
    """The finished state, or None for a game abandoned as stalled."""
    state = SPEC.new_game({"variant": variant}, seed)
    decisions = 0
    while True:
        active = state.active_seats()
        if not active:
            return state
        if decisions > MAX_DECISIONS:
            return None
        for seat in sorted(active):
            state.apply(seat, choose_for(bots[seat], state, seat))
            decisions += 1


def matches(
    a: str,
    b: str,
    variant: str,
    games: int,
    first_seed: int = 0,
    a_params: dict[str, Any] | None = None,
    b_params: dict[str, Any] | None = None,
) -> dict[str, Any]:
    wins = draws = losses = 0
    points: list[list[float]] = [[], []]  # A, B
    leftovers: list[list[int]] = [[], []]
    mines: list[list[int]] = [[], []]
    rounds = []
    stalled: list[int] = []
    for i in range(games):
        seed = first_seed + i
        a_seat = i % 2
        bots = [bot(a, 2 * seed, a_params), bot(b, 2 * seed + 1, b_params)]
        if a_seat == 1:
            bots.reverse()
        state = play(bots, variant, seed)
        if state is None:
            stalled.append(seed)
            continue
        outcome = state.outcome()
        rounds.append(state.round)
        for who, seat in ((0, a_seat), (1, 1 - a_seat)):
            points[who].append(outcome.scores[seat])
            leftovers[who].append(len(outcome.details["leftover"][seat]))
            mines[who].append(len(outcome.details["mines"][seat]))
        if outcome.is_draw:
            draws += 1
        elif a_seat in outcome.winners:
            wins += 1
        else:
            losses += 1
    played = games - len(stalled)
    score = (wins + 0.5 * draws) / played
    se = math.sqrt(max(score * (1 - score), 1e-12) / played)
    return {
        "a": a,
        "b": b,
        "a_params": a_params or {},
        "b_params": b_params or {},
        "variant": variant,
        "games": games,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "stalled": stalled,
        "win_rate": wins / played,
        "score": score,
        "score_95": [score - 1.96 * se, score + 1.96 * se],
        "mean_points": [statistics.fmean(p) for p in points],
        "mean_leftover": [statistics.fmean(x) for x in leftovers],
        "mean_mines": [statistics.fmean(x) for x in mines],
        "mean_rounds": statistics.fmean(rounds),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", default="greedy")
    parser.add_argument("--b", default="random")
    parser.add_argument("--games", type=int, default=500, help="games per variant")
    parser.add_argument("--a-params", type=json.loads, default=None, help="greedy weights (JSON)")
    parser.add_argument("--b-params", type=json.loads, default=None, help="greedy weights (JSON)")
    parser.add_argument("--variants", default="basic,simple")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--json", help="also write the figures to this JSON file")
    args = parser.parse_args(argv)

    report: list[dict[str, Any]] = []
    for variant in args.variants.split(","):
        start = time.perf_counter()
        r = matches(args.a, args.b, variant, args.games, args.seed, args.a_params, args.b_params)
        r["seconds"] = time.perf_counter() - start
        report.append(r)
        a_name = r["a"] + (f" {json.dumps(r['a_params'])}" if r["a_params"] else "")
        b_name = r["b"] + (f" {json.dumps(r['b_params'])}" if r["b_params"] else "")
        print(
            f"{variant}: {a_name} vs {b_name}, {r['games']} games, seats alternating: "
            f"{r['wins']} won, {r['draws']} drawn, {r['losses']} lost; "
            f"win rate {r['win_rate']:.1%}, score {r['score']:.3f} "
            f"(95% {r['score_95'][0]:.3f}-{r['score_95'][1]:.3f}); mean points "
            f"{r['mean_points'][0]:.1f} to {r['mean_points'][1]:.1f}, mines "
            f"{r['mean_mines'][0]:.2f} to {r['mean_mines'][1]:.2f}, leftover cards "
            f"{r['mean_leftover'][0]:.2f} to {r['mean_leftover'][1]:.2f}, "
            f"{r['mean_rounds']:.1f} rounds"
            + (f", {len(r['stalled'])} stalled (seeds {r['stalled']})" if r["stalled"] else "")
            + f" [{r['seconds']:.1f} s]"
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=1, ensure_ascii=False)
            f.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
