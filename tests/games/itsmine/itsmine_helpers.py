"""Helpers shared by the It's Mine! rule tests in this folder.

Positions are set up with scenarios (see ``asobi/games/itsmine/scenarios.py``): hands,
the deck top first, the face-up citizens, the bonus pile top first, the columns per seat
by suit letter. Moves are played by their text codes, as a player would type them
(``bid 3``, ``take C7``, ``done``, ``play S7 S8 S9``, ``pass``, ``keep``, ``remove``).
Seat 0 is the rulebook's player A, seat 1 its player B.
"""

from __future__ import annotations

from typing import Any

from asobi.core import new_game
from asobi.core.events import Event
from asobi.games.itsmine.actions import ACTION_SPACE, ItsMineAction
from asobi.games.itsmine.state import ItsMineState
from tests.rule_checks import (
    refused as refused,  # re-exported: each game's tests import it from here
)
from tests.rule_checks import snapshot as snapshot
from tests.rule_checks import visible_strings as visible_strings

# A scenario with nothing left to draw, take or win as a bonus: the final round of a game
# whose columns and hands are all given. Cards not listed stay in the box.
ENDGAME: dict[str, Any] = {
    "deck": [],
    "citizens": [],
    "bonus": [],
    "rest": "box",
    "final_round": True,
}


def duel(setup: dict[str, Any] | None = None, seed: int = 0, **options: Any) -> ItsMineState:
    """A game of the basic rules (or of ``variant=...``)."""
    state = new_game("itsmine", {"variant": "basic", **options}, seed, setup=setup)
    assert isinstance(state, ItsMineState)
    return state


def simple(setup: dict[str, Any] | None = None, seed: int = 0, **options: Any) -> ItsMineState:
    """A game of the simple variant (ヴァリアントルール シンプル)."""
    return duel(setup, seed, variant="simple", **options)


def endgame(
    hands: list[list[str]],
    columns: list[dict[str, list[str]]],
    variant: str = "basic",
    **more: Any,
) -> ItsMineState:
    """The final round, with these hands and columns and nothing else in play."""
    return duel({**ENDGAME, "hands": hands, "columns": columns, **more}, variant=variant)


def action(code: str) -> ItsMineAction:
    return ACTION_SPACE.decode(code)


def play(state: ItsMineState, seat: int, *codes: str) -> list[Event]:
    """``seat`` plays each code in turn; returns every event."""
    events: list[Event] = []
    for code in codes:
        events += state.apply(seat, action(code))
    return events


def bids(state: ItsMineState, face0: int, face1: int) -> list[Event]:
    """Both dice are shown (seat 0 commits first)."""
    return play(state, 0, f"bid {face0}") + play(state, 1, f"bid {face1}")


def legal(state: ItsMineState, seat: int | None = None) -> list[str]:
    """The legal action codes of ``seat`` (default: the one seat to act)."""
    if seat is None:
        (seat,) = state.active_seats()
    return [a.encode() for a in state.legal_actions(seat)]


def plays(state: ItsMineState, seat: int | None = None) -> set[str]:
    """The legal plays of ``seat`` as a set of codes."""
    return {code for code in legal(state, seat) if code.startswith("play ")}


def hand(state: ItsMineState, seat: int) -> list[str]:
    """The seat's hand as that seat sees it."""
    return list(state.view(seat)["seats"][seat]["hand"])


def column(state: ItsMineState, seat: int, mine: str) -> list[str]:
    """The seat's column under ``mine`` (H7 O8 B9 C10 S11 T12 KK), as everyone sees it."""
    return list(state.view(None)["seats"][seat]["columns"][mine])


def active(state: ItsMineState) -> list[int]:
    return list(state.view(None)["active"])


def phase(state: ItsMineState) -> str:
    return str(state.view(None)["phase"])


def citizens(state: ItsMineState) -> list[str]:
    return list(state.view(None)["citizens"])


def finish(state: ItsMineState) -> dict[str, Any]:
    """Play out the rest with the first legal action everywhere; the outcome's JSON."""
    for _ in range(500):
        if state.outcome() is not None:
            break
        seat = min(state.active_seats())
        state.apply(seat, state.legal_actions(seat)[0])
    result = state.outcome()
    assert result is not None, "the game should have ended"
    return result.to_json()
