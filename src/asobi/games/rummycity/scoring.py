"""決算 (settlement) and the end of the game (ゲームの終了)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from asobi.core.protocol import Outcome, ranks_from_scores
from asobi.games.rummycity.state import RummyCityState


def settle(state: RummyCityState) -> dict[str, Any]:
    """Each town pays 1 tepu per card left in hand, "もし、支払えるだけのテプがない場合は、
    手持ちのテプをすべて支払い、0テプとして" the gains still follow: 1 per combination laid
    this round ("枚数ではありません!"), then each building's income (our catalogue's)."""
    towns = []
    for seat in range(state.players):
        cards = len(state.hands[seat])
        paid = min(cards, state.tepu[seat])
        combinations = len(state.laid[seat])
        # Which buildings paid it: they may change hands in the rounds after, and the table
        # says what each town's settlement came from.
        income_from = {
            b: state.building(b).income for b in state.owned[seat] if state.building(b).income
        }
        income = sum(income_from.values())
        state.tepu[seat] += combinations + income - paid
        towns.append(
            {
                "hand": cards,
                "paid": paid,
                "combinations": combinations,
                "income": income,
                "income_from": income_from,
                "tepu": state.tepu[seat],
            }
        )
    return {"round": state.round, "towns": towns}


def gained_in_rounds(
    settlements: Sequence[Mapping[str, Any]], opening: Sequence[int]
) -> list[list[int]]:
    """Per settlement, what each town gained (or paid, below 0) during the round before it:
    buildings' effects, the Station's fares. The tepu held when the settlement began (its
    record holds what it came to) less the tepu after the settlement before (``opening``,
    each town's as the game began, for the first). Without it a row of settlements does not
    follow from the one before."""
    out: list[list[int]] = []
    before = list(opening)
    for record in settlements:
        towns = list(record.get("towns") or [])
        began = [
            int(t.get("tepu", 0)) - int(t.get("combinations", 0)) - int(t.get("income", 0))
            + int(t.get("paid", 0))
            for t in towns
        ]  # fmt: skip
        out.append([b - a for b, a in zip(began, before, strict=True)])
        before = [int(t.get("tepu", 0)) for t in towns]
    return out


def outcome(state: RummyCityState, reason: str) -> Outcome:
    """More tepu wins ("テプの多い方が勝利します"); equal after the extra round: a draw.
    The solo score attack's score is the tepu held at the end."""
    scores = tuple(float(t) for t in state.tepu)
    details: dict[str, Any] = {
        "tepu": list(state.tepu),
        "rounds": state.round,
        "buildings": [list(owned) for owned in state.owned],
        "reason": reason,
        "settlements": [dict(s) for s in state.settlements],
    }
    if state.opening_tepu != (state.options.start_tepu,) * state.players:
        # A scenario's own tepu at the start: the first round's gain counts from them (only
        # then, so that the outcome of every other game stays as it was recorded).
        details["opening_tepu"] = list(state.opening_tepu)
    return Outcome(scores=scores, ranks=ranks_from_scores(scores), details=details)
