"""Typed views and events: one definition of what a game shows, read by everyone.

A game writes its view (and each of its events) as a ``TypedDict`` marked :data:`closed`,
wraps it in a pydantic ``TypeAdapter`` in its ``views.py`` and declares both on its
``GameSpec`` (``view_type``, ``event_type``). Then:

- its bot, its RL observer and its terminal renderer read a view through the adapter
  (``VIEW.validate_python(raw)``), so mypy knows every field and a reader handed something
  else fails at once instead of guessing;
- a view or an event cannot grow a key nobody declared (a secret, say): a closed TypedDict
  refuses it, and the property tests validate every view and event of random games;
- :func:`schemas` gives their JSON Schemas, which the server hands the browser.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, cast

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict  # pydantic reads TypedDicts from here on 3.11

if TYPE_CHECKING:
    from asobi.core.protocol import GameSpec, Outcome

closed = with_config(ConfigDict(extra="forbid", defer_build=True))
"""Decorate a view's or an event's TypedDict: a key it does not declare is refused."""


@closed
class OutcomeJSON(TypedDict):
    """A finished game as every game reports it (``Outcome.to_json``): scores and ranks by
    seat (rank 1 the best, ties share), and the game's own details."""

    scores: list[float]
    ranks: list[int]
    details: dict[str, Any]


def outcome_json(outcome: Outcome | None) -> OutcomeJSON | None:
    """A view's ``outcome``: None while the game goes on."""
    return None if outcome is None else cast(OutcomeJSON, outcome.to_json())


@closed
class GameOver(TypedDict):
    """The last event of every game: its outcome, for everyone."""

    kind: Literal["game_over"]
    seat: None
    scores: list[float]
    ranks: list[int]
    details: dict[str, Any]


def schemas(spec: GameSpec) -> dict[str, Any]:
    """The JSON Schemas of a game's view and events (None where it declares no type)."""
    return {
        "view": spec.view_type.resolve().json_schema() if spec.view_type else None,
        "events": spec.event_type.resolve().json_schema() if spec.event_type else None,
    }
