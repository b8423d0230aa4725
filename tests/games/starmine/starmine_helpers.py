"""Helpers shared by the Starmine rule tests in this folder.

Positions are set up with scenarios (see ``asobi/games/starmine/scenarios.py``): hands,
the deck top first, the face-up discards oldest first, rows written as melds. Moves are
played by their text codes, as a player would type them.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from asobi.core import IllegalAction, new_game
from asobi.core.events import Event
from asobi.games.starmine.actions import ACTION_SPACE, ROW_NAMES, StarmineAction
from asobi.games.starmine.rules import StarmineState

# Everything a Starmine state holds besides its caches (compared before/after refusals).
STATE_FIELDS = (
    "hands",
    "deck",
    "discards",
    "removed",
    "boxed",
    "rows",
    "known",
    "turn",
    "phase",
    "draws_left",
    "no_take",
    "flipped",
    "last_drawer",
    "queue",
    "placed_this_round",
    "chase_rounds",
    "current_row",
    "failure",
    "result",
)


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
    return tuple(row_totals[name] for name in ROW_NAMES)  # type: ignore[return-value]


def row_melds(state: StarmineState, seat: int, row: str) -> list[str]:
    """The melds in one row, written as codes ("pair R2 Y2")."""
    melds = state.view(None)["seats"][seat]["rows"][row]
    return [f"{m['kind']} {' '.join(m['cards'])}" for m in melds]


def active(state: StarmineState) -> list[int]:
    return list(state.view(None)["active"])


def phase(state: StarmineState) -> str:
    return str(state.view(None)["phase"])


def snapshot(state: StarmineState) -> dict[str, Any]:
    """Everything observable about a state: every view, the internals, the RNG."""
    return {
        "views": json.dumps(
            [state.view(None), *(state.view(s) for s in range(state.players))],
            ensure_ascii=False,
            sort_keys=True,
        ),
        "internals": {name: copy.deepcopy(getattr(state, name)) for name in STATE_FIELDS},
        "rng": state.rng.getstate(),
        "legal": [legal(state, s) for s in range(state.players)],
    }


def refused(state: StarmineState, seat: int, act: str | StarmineAction, rule: str) -> IllegalAction:
    """Assert that ``seat`` may not play ``act``: IllegalAction naming ``rule``, and the
    state exactly as it was."""
    before = snapshot(state)
    if isinstance(act, str):
        act = action(act)
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, act)
    assert info.value.rule == rule, f"refused under {info.value.rule!r}, expected {rule!r}"
    assert rule in str(info.value), "the message must name the rule"
    assert snapshot(state) == before, "an illegal action must leave the state untouched"
    return info.value


def pass_to_the_end(state: StarmineState) -> None:
    """Everyone still to act in the final phase / 追い打ち passes."""
    while state.outcome() is None:
        (seat,) = state.active_seats()
        play(state, seat, "pass")


def visible_strings(value: Any) -> set[str]:
    """Every string anywhere in a JSON-ready value (keys included)."""
    found: set[str] = set()
    if isinstance(value, str):
        found.add(value)
        found.update(value.split())
    elif isinstance(value, dict):
        for k, v in value.items():
            found |= visible_strings(k) | visible_strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            found |= visible_strings(v)
    return found
