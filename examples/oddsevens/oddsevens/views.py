"""What each seat may know: the view, typed once and read by everyone.

``view_of(state, seat)`` is the only place where the state becomes something a person, a
bot or a network peer sees, so it is where secrecy is decided: a seat learns *that* the
other seat has chosen this round (``chosen``), never *what*, until both numbers are shown
together. The bot, the terminal renderer, the phrasebook and the RL observer all read this
JSON (``read_view``), never the state, so none of them can leak what the view leaves out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter
from typing_extensions import TypedDict  # pydantic reads TypedDicts from here on 3.11

from asobi.core.typed import GameOver, OutcomeJSON, closed, outcome_json
from oddsevens.state import OddsEvensState


# A key that is not declared here is refused (``closed``): a view cannot grow a field (a
# secret, say) that no reader and no schema knows of.
@closed
class RoundView(TypedDict):
    """A round once both numbers are shown: each seat's fingers, their sum, who won it."""

    fingers: list[int]
    sum: int
    winner: int


@closed
class OddsEvensView(TypedDict):
    game: str
    seat: int | None  # whose view this is; None: a spectator's
    odd_seat: int  # the seat that wins an odd sum (the other wins an even one)
    rounds_to_win: int
    active: list[int]  # the seats still to choose this round
    chosen: list[bool]  # per seat: has it chosen this round? (never what)
    my_choice: int | None  # the viewer's own number this round, once chosen
    wins: list[int]
    rounds: list[RoundView]  # every round played, in order
    outcome: OutcomeJSON | None


VIEW = TypeAdapter(OddsEvensView)
"""The view's validator and JSON Schema (``VIEW.json_schema()``)."""


# --- the events ``resolve`` returns, as ``Event.to_json`` writes them ----------------------
@closed
class Chose(TypedDict):
    """Everyone learns that ``seat`` has chosen this round, never what."""

    kind: Literal["chose"]
    seat: int


@closed
class Showing(TypedDict):
    """``seat``'s own number, to that seat alone."""

    kind: Literal["showing"]
    seat: int
    fingers: int


@closed
class Shown(TypedDict):
    """Both numbers together, the round's sum and its winner, for everyone."""

    kind: Literal["shown"]
    seat: None
    fingers: list[int]
    sum: int
    winner: int


Events = Annotated[Chose | Showing | Shown | GameOver, Field(discriminator="kind")]
EVENT = TypeAdapter(Events)
"""An event's validator and JSON Schema, one definition per ``kind``."""


def view_of(state: OddsEvensState, seat: int | None) -> OddsEvensView:
    return {
        "game": state.spec.id,
        "seat": seat,
        "odd_seat": state.odd_seat,
        "rounds_to_win": state.options.rounds_to_win,
        "active": sorted(state.active_seats()),
        "chosen": [choice is not None for choice in state.pending],
        "my_choice": None if seat is None else state.pending[seat],
        "wins": list(state.wins),
        "rounds": [
            {"fingers": list(r.fingers), "sum": r.total, "winner": r.winner} for r in state.rounds
        ],
        "outcome": outcome_json(state.outcome()),
    }


def read_view(view: Mapping[str, Any]) -> OddsEvensView:
    """A view as its type: checked, so a reader that gets something else fails at once."""
    return VIEW.validate_python(view)
