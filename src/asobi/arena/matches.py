"""One game between named bots, timed decision by decision."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from asobi.core.bots import choose, decision_for, make_bot, mix_seeds
from asobi.core.records import Match


@dataclass(frozen=True)
class GameResult:
    """What a played game tells a tournament or a balance report: per seat, who sat there
    and how it went, and the record to replay it with (game, options, seed, moves)."""

    index: int
    seed: int
    lineup: tuple[str, ...]  # the bot in each seat
    ranks: tuple[int, ...]  # 1 = first; equal ranks tie
    scores: tuple[float, ...]
    decisions: tuple[int, ...]  # decisions each seat took (forced ones included)
    seconds: tuple[float, ...]  # time each seat spent choosing
    slowest: tuple[float, ...]  # each seat's longest decision, in seconds
    moves: tuple[tuple[int, str], ...]  # the record: replay with (game, options, seed)
    choices: tuple[int, ...] = ()  # legal actions each seat was offered, summed
    forced: tuple[int, ...] = ()  # decisions with a single legal action
    first_player: int | None = None  # who took the first turn (None: all opened at once)
    details: Mapping[str, Any] = field(default_factory=dict)  # the outcome's breakdown
    facts: Mapping[str, Any] = field(default_factory=dict)  # GameSpec.facts, as JSON
    options: Mapping[str, Any] = field(default_factory=dict)  # the game's options, in full
    variant: str = ""  # the swept options' values that made these options

    def to_json(self) -> dict[str, Any]:
        return asdict(self)  # tuples, which JSON writes as lists


def bot_seed(tournament_seed: int, index: int, seat: int) -> int:
    """Each bot's own seed, from the tournament's, the game's index and the seat."""
    return mix_seeds(tournament_seed, index, seat)


def play_game(
    game: str,
    options: Mapping[str, Any],
    seed: int,
    lineup: Sequence[str],
    *,
    index: int = 0,
    bot_seed_base: int = 0,
    variant: str = "",
) -> GameResult:
    """Play one game to its end, seat ``s`` played by the bot named ``lineup[s]``."""
    match = Match(game, {**options, "players": len(lineup)}, seed)
    bots = [
        make_bot(name, game, bot_seed(bot_seed_base, index, seat))
        for seat, name in enumerate(lineup)
    ]
    n = len(lineup)
    decisions, choices, forced = [0] * n, [0] * n, [0] * n
    seconds, slowest = [0.0] * n, [0.0] * n
    state = match.state
    first_player = state.first_player()
    while (outcome := state.outcome()) is None:
        for seat in sorted(state.active_seats()):
            start = time.perf_counter()
            decision = decision_for(state, seat)
            action = choose(bots[seat], decision)
            spent = time.perf_counter() - start
            decisions[seat] += 1
            choices[seat] += len(decision.legal)
            forced[seat] += len(decision.legal) == 1
            seconds[seat] += spent
            slowest[seat] = max(slowest[seat], spent)
            match.play(seat, action)
    facts = state.spec.facts(outcome).to_json() if state.spec.facts else {}
    return GameResult(
        index=index,
        seed=seed,
        lineup=tuple(lineup),
        ranks=tuple(outcome.ranks),
        scores=tuple(float(s) for s in outcome.scores),
        decisions=tuple(decisions),
        seconds=tuple(seconds),
        slowest=tuple(slowest),
        moves=tuple(match.record.moves),
        choices=tuple(choices),
        forced=tuple(forced),
        first_player=first_player,
        details=dict(outcome.details),
        facts=facts,
        options=match.record.options,
        variant=variant,
    )
