"""Helpers shared by the Laminate Rummy rule tests in this folder.

Positions are set up with scenarios (see ``asobi/games/laminate/scenarios.py``): hands,
the deck top first, the discard pile bottom first (its last card is the top), the papers
on the table per seat (a paper holding one card is complete). Moves are played by their
text codes, as a player would type them (``draw``, ``keep C7``, ``take``, ``review S9``,
``publish kind5``, ``lay O7``, ``cite H7``, ``done``, ``give T12``, ``flag B4``, ``pass``,
``discard K9``). Seat 0 is the start player; play goes 0, 1, 2, ... (時計回り).

SEVEN codes: H (Heart A–7), O (Onion 2–8), B (Book 3–9), C (Coin 4–10), S (Star 5–11),
T (Time 6–12), K (Coffin 7–K); A = 1, K = 13 (※2).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from asobi.core import new_game
from asobi.core.events import Event
from asobi.games.laminate.actions import ACTION_SPACE, LaminateAction
from asobi.games.laminate.state import LaminateState
from tests.rule_checks import (
    refused as refused,  # re-exported: each game's tests import it from here
)
from tests.rule_checks import snapshot as snapshot
from tests.rule_checks import visible_strings as visible_strings


def game(
    setup: dict[str, Any] | None = None, seed: int = 0, players: int = 3, **options: Any
) -> LaminateState:
    """A game of ``players`` seats, dealt from a shuffled deck or started from ``setup``."""
    state = new_game("laminate", {"players": players, **options}, seed, setup=setup)
    assert isinstance(state, LaminateState)
    return state


def table(
    hands: Sequence[Sequence[str]],
    papers: Sequence[Sequence[dict[str, Any]]] | None = None,
    *,
    deck: Sequence[str] = (),
    discards: Sequence[str] = (),
    rest: str = "box",
    seed: int = 0,
    **more: Any,
) -> LaminateState:
    """A position at the start of a turn (seat 0's unless ``turn=``): these hands (one
    list per seat, which sets the seat count), papers, deck (top first) and discards (the
    last is the top). The cards not listed stay in the box unless ``rest="deck"``."""
    n = len(hands)
    setup: dict[str, Any] = {
        "hands": [list(h) for h in hands],
        "papers": [list(p) for p in papers] if papers is not None else [[] for _ in range(n)],
        "deck": list(deck),
        "discards": list(discards),
        "rest": rest,
        **more,
    }
    return game(setup, seed, players=n)


def paper(kind: str, *cards: str) -> dict[str, Any]:
    """A paper on the table: its id and the SEVEN cards under it (one card: complete)."""
    return {"paper": kind, "cards": list(cards)}


def action(code: str) -> LaminateAction:
    return ACTION_SPACE.decode(code)


def play(state: LaminateState, seat: int, *codes: str) -> list[Event]:
    """``seat`` plays each code in turn; returns every event."""
    events: list[Event] = []
    for code in codes:
        events += state.apply(seat, action(code))
    return events


def legal(state: LaminateState, seat: int | None = None) -> list[str]:
    """The legal action codes of ``seat`` (default: the one seat to act)."""
    if seat is None:
        (seat,) = state.active_seats()
    return [a.encode() for a in state.legal_actions(seat)]


def active(state: LaminateState) -> list[int]:
    return list(state.view(None)["active"])


def phase(state: LaminateState, seat: int | None = None) -> str:
    """The phase as ``seat`` sees it (default: a spectator)."""
    return str(state.view(seat)["phase"])


def hand(state: LaminateState, seat: int) -> list[str]:
    """The seat's hand as that seat sees it (sorted)."""
    return list(state.view(seat)["seats"][seat]["hand"])


def hand_size(state: LaminateState, seat: int) -> int:
    return int(state.view(None)["seats"][seat]["hand_size"])


def papers_of(state: LaminateState, seat: int) -> list[tuple[str, list[str], bool]]:
    """The seat's papers as everyone sees them: (id, cards under it, complete)."""
    return [
        (p["paper"], list(p["cards"]), bool(p["complete"]))
        for p in state.view(None)["seats"][seat]["papers"]
    ]


def points(state: LaminateState, seat: int) -> int:
    return int(state.view(None)["seats"][seat]["points"])


def supply(state: LaminateState) -> dict[str, int]:
    return dict(state.view(None)["supply"])


def discards(state: LaminateState) -> list[str]:
    """The discard pile as everyone sees it, bottom first (the last is the top)."""
    return list(state.view(None)["discards"])


def deck_size(state: LaminateState) -> int:
    return int(state.view(None)["deck_size"])


def view_json(state: LaminateState, seat: int | None) -> str:
    return json.dumps(state.view(seat), ensure_ascii=False, sort_keys=True)


def seen_by(events: Sequence[Event], seat: int | None) -> list[dict[str, Any]]:
    """The events ``seat`` may see, as JSON."""
    return [e.to_json() for e in events if e.visible_to(seat)]


def setup_deal(state: LaminateState) -> None:
    """準備 6: every seat with more than three cards discards its first cards."""
    while phase(state) == "setup":
        (seat,) = state.active_seats()
        state.apply(seat, state.legal_actions(seat)[0])


def research(state: LaminateState) -> list[Event]:
    """The seat to act does research: takes the top discard, else draws and keeps the
    first card drawn."""
    (seat,) = state.active_seats()
    options = legal(state, seat)
    if "take" in options:
        return play(state, seat, "take")
    events = play(state, seat, "draw")
    if phase(state, seat) == "keep":
        events += play(state, seat, legal(state, seat)[0])
    return events


def finish(state: LaminateState, limit: int = 2000) -> dict[str, Any]:
    """Play out the rest with the first legal action everywhere; the outcome's JSON."""
    for _ in range(limit):
        if state.outcome() is not None:
            break
        (seat,) = state.active_seats()
        state.apply(seat, state.legal_actions(seat)[0])
    result = state.outcome()
    assert result is not None, "the game should have ended"
    return result.to_json()
