"""Helpers shared by the Starmine rule tests in this folder.

Positions are set up with scenarios (see ``asobi/games/starmine/scenarios.py``): hands,
the deck top first, the face-up discards oldest first, rows written as melds. Moves are
played by their text codes, as a player would type them.
"""

from __future__ import annotations

from typing import Any

from asobi.core import new_game
from asobi.core.events import Event
from asobi.games.starmine.actions import ACTION_SPACE, ROW_NAMES, StarmineAction
from asobi.games.starmine.state import StarmineState
from tests.rule_checks import (
    refused as refused,  # re-exported: each game's tests import it from here
)
from tests.rule_checks import snapshot as snapshot
from tests.rule_checks import visible_strings as visible_strings


def duel(setup: dict[str, Any] | None = None, seed: int = 0, **options: Any) -> StarmineState:
    """A two-player game (rulebook sections 4-8)."""
    state = new_game("starmine", {"players": 2, **options}, seed, setup=setup)
    assert isinstance(state, StarmineState)
    return state


def solo(setup: dict[str, Any] | None = None, seed: int = 0, **options: Any) -> StarmineState:
    """The solo contest (ソロ用ルール)."""
    state = new_game("starmine", {"players": 1, **options}, seed, setup=setup)
    assert isinstance(state, StarmineState)
    return state


def action(code: str) -> StarmineAction:
    return ACTION_SPACE.decode(code)


def play(state: StarmineState, seat: int, *codes: str) -> list[Event]:
    """``seat`` plays each code in turn; returns every event."""
    events: list[Event] = []
    for code in codes:
        events += state.apply(seat, action(code))
    return events


def legal(state: StarmineState, seat: int | None = None) -> list[str]:
    """The legal action codes of ``seat`` (default: the seat to act)."""
    if seat is None:
        (seat,) = state.active_seats()
    return [a.encode() for a in state.legal_actions(seat)]


def hand(state: StarmineState, seat: int) -> list[str]:
    """The seat's hand as that seat sees it."""
    return list(state.view(seat)["seats"][seat]["hand"])


def totals(state: StarmineState, seat: int) -> tuple[int, int, int]:
    """The seat's row scores (opening, main, finale) as everyone sees them."""
    row_totals = state.view(None)["seats"][seat]["row_totals"]
    opening, main, finale = (row_totals[name] for name in ROW_NAMES)
    return opening, main, finale


def row_melds(state: StarmineState, seat: int, row: str) -> list[str]:
    """The melds in one row, written as codes ("pair R2 Y2")."""
    melds = state.view(None)["seats"][seat]["rows"][row]
    return [f"{m['kind']} {' '.join(m['cards'])}" for m in melds]


def active(state: StarmineState) -> list[int]:
    return list(state.view(None)["active"])


def phase(state: StarmineState) -> str:
    return str(state.view(None)["phase"])


def pass_to_the_end(state: StarmineState) -> None:
    """Everyone still to act in the final phase / 追い打ち passes."""
    while state.outcome() is None:
        (seat,) = state.active_seats()
        play(state, seat, "pass")
