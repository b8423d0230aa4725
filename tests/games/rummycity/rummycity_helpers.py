"""Helpers shared by the Rummy City (ラミーシティ) rule tests in this folder.

Positions are set up with scenarios (see ``asobi/games/rummycity/scenarios.py``): hands,
the row top first ("?" marks a face-down card), tepu, buildings, the cards on the Bank /
Police station, this round's laid combinations, who acts. Moves are played by their text
codes, as a player would type them (``draw 3``, ``look``, ``take 2``, ``done``, ``pass``,
``build park``, ``meld run``, ``lay S4``, ``end``, ``place bank S7``, ``layoff H5 1``,
``return park``). Cards: suit S H D C + A 2–10 J Q K.

Rulebook: ``shared/rulebooks/003_48bc01829b2ac84d.txt``; rulings: issue 5.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from asobi.core.cards import FRENCH52
from asobi.core.events import Event
from asobi.core.registry import get_spec
from asobi.games.rummycity.state import RummyCityState
from tests.rule_checks import (
    refused as refused,  # re-exported: each game's tests import it from here
)
from tests.rule_checks import snapshot as snapshot
from tests.rule_checks import visible_strings as visible_strings

SPEC = get_spec("rummycity")


def game(
    setup: dict[str, Any] | None = None, seed: int = 0, players: int = 2, **options: Any
) -> RummyCityState:
    """A game of ``players`` seats (1: the solo score attack), dealt as in 準備 or started
    from ``setup``."""
    state = SPEC.new_game({"players": players, **options}, seed, setup=setup)
    assert isinstance(state, RummyCityState)
    return state


def table(
    hands: Sequence[Sequence[str]],
    row: Sequence[str] = (),
    *,
    turn: int = 0,
    rest: str = "box",
    seed: int = 0,
    options: dict[str, Any] | None = None,
    **more: Any,
) -> RummyCityState:
    """A round under way, ``turn`` to act: these hands (one list per seat, which sets the
    seat count) and this row (top first). Unlisted cards stay out of play unless
    ``rest="row"`` (then they lie face up under the listed row)."""
    setup: dict[str, Any] = {
        "hands": [list(h) for h in hands],
        "row": list(row),
        "turn": turn,
        "rest": rest,
        **more,
    }
    return game(setup, seed, players=len(hands), **(options or {}))


def play(state: RummyCityState, seat: int, *codes: str) -> list[Event]:
    """``seat`` plays each code in turn; returns every event."""
    events: list[Event] = []
    for code in codes:
        events += state.apply(seat, SPEC.action_space.decode(code))
    return events


def legal(state: RummyCityState, seat: int | None = None) -> list[str]:
    """The legal action codes of ``seat`` (default: the seat to act)."""
    if seat is None:
        seat = acting(state)
    return [a.encode() for a in state.legal_actions(seat)]


def acting(state: RummyCityState) -> int:
    (seat,) = state.active_seats()
    return seat


def hand(state: RummyCityState, seat: int) -> list[str]:
    """The seat's hand as that seat sees it (sorted)."""
    return list(state.view(seat)["seats"][seat]["hand"])


def row(state: RummyCityState, seat: int | None = None) -> list[str | None]:
    """The row top first as ``seat`` sees it: None for a face-down card it cannot see."""
    return [entry["card"] for entry in state.view(seat)["row"]]


def tepu(state: RummyCityState) -> list[int]:
    return [s["tepu"] for s in state.view(None)["seats"]]


def buildings(state: RummyCityState, seat: int) -> list[str]:
    return list(state.view(None)["seats"][seat]["buildings"])


def phase(state: RummyCityState) -> str:
    return str(state.view(None)["phase"])


def build(state: RummyCityState, seat: int, building: str, cards: str) -> list[Event]:
    """Lay one combination (its cards in the given order) that claims ``building``."""
    return play(state, seat, f"build {building}", *(f"lay {c}" for c in cards.split()), "done")


def meld(state: RummyCityState, seat: int, kind: str, cards: str) -> list[Event]:
    """Final turns: lay a combination that claims no building."""
    return play(state, seat, f"meld {kind}", *(f"lay {c}" for c in cards.split()), "done")


def events_named(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def finish_round(state: RummyCityState) -> None:
    """Play the current round to its settlement plainly: each turn draws as many cards as
    allowed (the School takes all it looks at), every final turn and lay-off ends at once."""
    start = state.round
    while state.outcome() is None and state.round == start:
        seat = acting(state)
        codes = legal(state, seat)
        draws = [c for c in codes if c.startswith("draw ")]
        if draws:
            play(state, seat, draws[-1])
        elif "look" in codes:
            play(state, seat, "look")
            while phase(state) == "pick":
                play(state, seat, next(c for c in legal(state, seat) if c.startswith("take")))
        elif "end" in codes:
            play(state, seat, "end")
        else:
            raise AssertionError(f"no plain move among {codes}")


def end_all(state: RummyCityState) -> list[Event]:
    """End every final turn and lay-off still to play, one ``end`` each, through the
    settlement. A seat whose hand might still lay something acts, if only to end (ruling
    21); this plays those ends."""
    events: list[Event] = []
    start = state.round
    while state.outcome() is None and state.round == start:
        view = state.view(None)
        if not (view["final_turn"] or view["phase"] == "settle"):
            break
        events += play(state, acting(state), "end")
    return events


def sorted_codes(codes: str) -> list[str]:
    """Card codes in the order a view lists a hand."""
    return [c.code for c in FRENCH52.sort(FRENCH52.parse(codes))]
