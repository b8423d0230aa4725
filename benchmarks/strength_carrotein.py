"""Carrotein's solver bots head to head, each with its own caches, as if in its own process.

    .venv/bin/python benchmarks/strength_carrotein.py --bots perfect:seconds=0.75,perfect
    .venv/bin/python benchmarks/strength_carrotein.py --bots hard,perfect,good_eye --seeds 1-6

In ``asobi tournament`` (and ``benchmarks/strength.py``) every bot of a process shares the
process's answers and refinements (``solver.shared_answers``, ``shared_memo``): that is what
makes a game's bots cheap, but in a match between a timed bot and an untimed one it lends the
timed bot every answer the untimed one worked out, which a bot alone (against people) would
not have. Here each bot gets its own, so a timed bot is measured as it plays alone; the
game's own solver (the lay a challenger is offered) still uses the process's.

Every seed is played in every rotation of the lineup (one game per rotation), one process,
one game at a time; the score of one bot against another is the arena's (``game_score``:
the share of games it ranks above it, a tie half), with its 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import time

from asobi.arena.tournament import Meeting, game_score, wilson
from asobi.core.bots import choose, decision_for, make_bot
from asobi.core.records import Match
from asobi.games.carrotein.bots import SolverBot
from asobi.games.carrotein.solver import Answers, Memo


def seeds(text: str) -> list[int]:
    """``1-6`` or ``1,2,5``."""
    if "-" in text:
        low, high = text.split("-")
        return list(range(int(low), int(high) + 1))
    return [int(s) for s in text.split(",")]


def own_caches(bot: SolverBot) -> None:
    bot.answers = Answers(bot.sky)
    bot.memos = {eye: Memo(bot.sky, eye) for eye in bot.eyes}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bots", required=True, help="comma-separated: one seat each")
    parser.add_argument("--seeds", default="1-12", help="deals: 1-12 or 1,2,5")
    parser.add_argument(
        "--shared", action="store_true", help="the process's caches, as in asobi tournament"
    )
    args = parser.parse_args()
    lineup = args.bots.split(",")
    n = len(lineup)
    scores: dict[tuple[str, str], list[float]] = {
        (a, b): [] for a in lineup for b in lineup if a != b
    }
    spent: dict[str, list[float]] = {a: [] for a in lineup}
    started = time.perf_counter()
    for seed in seeds(args.seeds):
        for turn in range(n):
            names = lineup[turn:] + lineup[:turn]
            match = Match("carrotein", {"players": n}, seed)
            bots = [make_bot(name, "carrotein", seed * 10 + i) for i, name in enumerate(names)]
            for bot in bots:
                if isinstance(bot, SolverBot) and not args.shared:  # (random keeps none)
                    own_caches(bot)
            state = match.state
            while (outcome := state.outcome()) is None:
                for seat in sorted(state.active_seats()):
                    decision = decision_for(state, seat)
                    start = time.perf_counter()
                    action = choose(bots[seat], decision)
                    spent[names[seat]].append(time.perf_counter() - start)
                    match.play(seat, action)
            met = Meeting(seed * n + turn, tuple(names), tuple(outcome.ranks))
            for a, b in scores:
                score = game_score(met, a, b)
                assert score is not None  # every bot sits at every game
                scores[(a, b)].append(score)
            print(f"seed {seed}, seats {names}: ranks {list(outcome.ranks)}", flush=True)
    print(f"\n{args.bots}, {n} players, seeds {args.seeds}:\n")
    print("| bot | against | score | 95% interval | games |\n|---|---|---|---|---|")
    for (a, b), won in scores.items():
        mean = sum(won) / len(won)
        low, high = wilson(mean, len(won))
        print(f"| `{a}` | `{b}` | {mean:.2f} | [{low:.2f}, {high:.2f}] | {len(won)} |")
    print("\n| bot | s/decision | slowest s |\n|---|---|---|")
    for a, times in spent.items():
        print(f"| `{a}` | {sum(times) / len(times):.3f} | {max(times):.2f} |")
    print(f"\n({(time.perf_counter() - started) / 60:.0f} min)")


if __name__ == "__main__":
    main()
