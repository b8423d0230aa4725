"""asobi's bots against OpenSpiel's ISMCTS at equal time per move (issue 34 goal 7, issue 35
goal 5): seat-rotated matches on every game.

    .venv/bin/python benchmarks/strength_openspiel.py --seconds 0.1 --matches 46
    .venv/bin/python benchmarks/strength_openspiel.py --games rummycity --bots hard --matches 16
    .venv/bin/python benchmarks/strength_openspiel.py --probe 12    # OpenSpiel's simulations

**The outside bot** is OpenSpiel's Python ``ISMCTSBot`` with its usual settings (one random
rollout a simulation, ``uct_c=2``), playing asobi's games through the OpenSpiel adapter as the
bot ``openspiel_ismcts`` (``asobi.adapters.openspiel_bot``), searching ``--seconds`` of wall
time a decision. **asobi's bots** get the same seconds: ``hard`` is the game's hard level with
its time budget set to ``--seconds`` (its world cap, where it has one, kept), ``ismcts`` asobi's
own ISMCTS with random rollouts (``ismcts:seconds=S``). Both count wall time, as every timed
asobi bot does; the s/move printed is what each took.

Each pairing is a tournament of the arena (``benchmarks/strength.py``, ``asobi tournament``):
each round deals once and plays the deal in every seating, at the game's default player count
(Laminate Rummy: one bot alone against two of the other, the lone seat going round the table,
then the other way about), ``--matches`` games at least. The score is asobi's bot's against
OpenSpiel's (½ even) with its 95% Wilson interval. Deals and bot seeds come from ``--seed``;
with a time budget the moves depend on the machine, so a run repeats only approximately.
Each pairing's summary goes to ``benchmarks/results/strength/GAME-Np-openspiel-BOT-Ss.json``
(``S`` the seconds).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shlex
import statistics
import sys
import time
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from asobi.adapters.openspiel_bot import NAME, OpenSpielISMCTS, register
from asobi.arena.tournament import lineups
from asobi.core import get_spec
from asobi.core.bots import choose, decision_for, level_bot, make_bot, parse_bot
from asobi.core.records import Match
from strength import RESULTS, run, write_doc

GAMES = ("starmine", "itsmine", "laminate", "rummycity", "carrotein")
PLAYERS = {"carrotein": 2, "laminate": 3}  # the others at their default count


def asobi_bot(game: str, bot: str, seconds: float) -> str:
    """``hard`` (the game's level, its time budget set to ``seconds``) or ``ismcts``."""
    if bot == "ismcts":
        return f"ismcts:seconds={seconds:g}"
    name, params = parse_bot(level_bot(game, "hard"))
    params["seconds"] = f"{seconds:g}"
    return ":".join([name, *(f"{key}={value}" for key, value in params.items())])


def players_of(game: str) -> int:
    spec = get_spec(game)
    return PLAYERS.get(game) or spec.default_players or max(spec.seat_counts)


def pairing(game: str, bot: str, args: argparse.Namespace) -> dict[str, Any]:
    """One tournament of asobi's ``bot`` against OpenSpiel's, summarised and stored."""
    players = players_of(game)
    bots = [asobi_bot(game, bot, args.seconds), f"{NAME}:seconds={args.seconds:g}"]
    rounds = math.ceil(args.matches / len(lineups(bots, players)))
    summary = run(game, players, rounds, args.workers, args.seed, bots)
    summary["label"] = f"openspiel-{bot}-{args.seconds:g}s"
    summary["command"] = "benchmarks/strength_openspiel.py " + shlex.join(
        [
            *("--games", game, "--bots", bot, "--matches", str(args.matches)),
            *("--seconds", f"{args.seconds:g}", "--seed", str(args.seed)),
            *("--workers", str(args.workers)),
        ]
    )
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{game}-{players}p-{summary['label']}.json"
    path.write_text(json.dumps(summary, indent=1) + "\n")
    return summary


def row(summary: dict[str, Any]) -> str:
    mine, theirs = summary["bots"]
    score = next(p for p in summary["pairwise"] if p["a"] == mine)
    took = summary["per_bot"]
    return (
        f"| {summary['game']} | {summary['players']} | `{mine}` | {summary['games']} "
        f"| {score['score']:.2f} [{score['low']:.2f}, {score['high']:.2f}] "
        f"| {took[mine]['seconds_per_decision']:.3f} ({took[mine]['slowest_decision']:.2f}) "
        f"| {took[theirs]['seconds_per_decision']:.3f} ({took[theirs]['slowest_decision']:.2f}) |"
    )


def probe(game: str, seconds: float, decisions: int, seed: int) -> dict[str, float]:
    """How much OpenSpiel's search does in ``seconds``: its simulations and wall time in the
    first ``decisions`` real decisions (more than one legal move) of a seeded game, at seat 0
    against the game's ``normal`` bot."""
    match = Match(game, {"players": players_of(game)}, seed)
    bots = [make_bot(f"{NAME}:seconds={seconds:g}", game, seed)]
    bots += [make_bot("normal", game, seed + seat) for seat in range(1, players_of(game))]
    searched = bots[0]
    assert isinstance(searched, OpenSpielISMCTS)
    simulations: list[int] = []
    took: list[float] = []
    state = match.state
    while state.outcome() is None and len(simulations) < decisions:
        for seat in sorted(state.active_seats()):
            decision = decision_for(state, seat)
            start = time.perf_counter()
            action = choose(bots[seat], decision)
            if seat == 0 and len(decision.legal) > 1:
                took.append(time.perf_counter() - start)
                simulations.append(searched.last_simulations)
            match.play(seat, action)
    return {
        "simulations": statistics.median(simulations),
        "fewest": min(simulations),
        "most": max(simulations),
        "seconds": statistics.fmean(took),
        "slowest": max(took),
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids")
    parser.add_argument("--bots", default="hard,ismcts", help="asobi's side: hard and/or ismcts")
    parser.add_argument("--matches", type=int, default=46, help="games a pairing, at least")
    parser.add_argument("--seconds", type=float, default=0.1, help="per decision, each bot")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=34_000)
    parser.add_argument(
        "--probe",
        type=int,
        default=0,
        metavar="N",
        help="no matches: OpenSpiel's simulations in the first N decisions of a game",
    )
    args = parser.parse_args()
    if args.seconds <= 0 or args.matches < 1:
        parser.error("--seconds and --matches must be positive")
    if unknown := set(args.games.split(",")) - set(GAMES):
        parser.error(f"no game {', '.join(sorted(unknown))} (games: {', '.join(GAMES)})")
    if unknown := set(args.bots.split(",")) - {"hard", "ismcts"}:
        parser.error(f"--bots takes hard and ismcts, not {', '.join(sorted(unknown))}")
    register()
    if args.probe:
        print(f"{NAME}:seconds={args.seconds:g}, first {args.probe} decisions against normal")
        print("| game | simulations a decision, median (range) | s/decision (slowest) |")
        print("|---|---|---|")
        for game in args.games.split(","):
            p = probe(game, args.seconds, args.probe, args.seed)
            print(
                f"| {game} | {p['simulations']:g} ({p['fewest']}–{p['most']}) "
                f"| {p['seconds']:.2f} ({p['slowest']:.2f}) |",
                flush=True,
            )
        return
    rows = []
    for game in args.games.split(","):
        for bot in args.bots.split(","):
            rows.append(row(pairing(game, bot, args)))
            print(rows[-1], flush=True)
    print()
    print(f"asobi's bot against {NAME}:seconds={args.seconds:g}, score with its 95% interval")
    print()
    print("| game | players | asobi's bot | games | score | s/move (worst) | OpenSpiel's |")
    print("|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    write_doc()


if __name__ == "__main__":
    main()
