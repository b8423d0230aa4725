"""Reading scenarios: the part every game's ``scenarios.py`` shares.

A scenario is JSON that pins a position (hands, deck order, what lies on the table). Each
game defines its form once, as a :class:`Scenario` model whose docstrings describe every
key, and reads a scenario in two steps:

1. :func:`read_scenario` checks the form: every key known, every value of its type, and
   strictly so (``1`` is not a card code, ``true`` not a seat, ``1.0`` not a round); card
   codes are read as the game's cards. A problem is an :class:`InvalidSetup` naming where
   it lies: ``hands.0: 'Z9' is not a card of the SEVEN deck``.
2. The game checks what only its rules know on the parsed model (one entry per seat, a
   card listed twice, a meld that is none, a seat in range), then builds its state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel, ConfigDict, PlainValidator, ValidationError

from asobi.core.cards import Card, Deck
from asobi.core.errors import InvalidSetup, key_name, problems

if TYPE_CHECKING:
    from asobi.core.protocol import GameSpec


class Scenario(BaseModel):
    """Base of every game's scenario model: strict types, no key it does not name, and the
    attributes' docstrings as the keys' descriptions (they are the format's documentation)."""

    model_config = ConfigDict(
        strict=True, extra="forbid", frozen=True, use_attribute_docstrings=True
    )


S = TypeVar("S", bound=Scenario)
T = TypeVar("T")


def scenario_model(spec: GameSpec) -> type[Scenario] | None:
    """The model of ``spec``'s scenarios as its spec declares it (``GameSpec.scenario``),
    imported now; None for a game that starts only from a deal."""
    if spec.scenario is None:
        return None
    model = spec.scenario.resolve()
    if not (isinstance(model, type) and issubclass(model, Scenario)):
        raise TypeError(f"game {spec.id}: {spec.scenario.target} is not a Scenario model")
    return model


def read_scenario(model: type[S], setup: Mapping[str, Any]) -> S:
    """``setup`` read as a ``model``, or an :class:`InvalidSetup` naming every unknown key,
    else the first problems with their paths."""
    if not isinstance(setup, Mapping):
        raise InvalidSetup(
            f"a scenario is a JSON object with the keys {', '.join(model.model_fields)}"
        )
    unknown = sorted(key_name(key) for key in setup if key not in model.model_fields)
    if unknown:
        raise InvalidSetup(
            f"unknown scenario keys: {', '.join(unknown)} "
            f"(the keys are {', '.join(model.model_fields)})"
        )
    try:
        return model.model_validate(dict(setup))
    except ValidationError as exc:
        raise InvalidSetup(problems(exc, "scenario")) from None


def reader(read: Callable[[Any], T], json_type: Any) -> PlainValidator:
    """A field's validator from a function that reads the field's JSON value (of
    ``json_type``, for the schema) and raises :class:`InvalidSetup` saying what is wrong:
    ``Annotated[Meld, reader(parse_meld, str)]``. The message is the field's problem."""

    def validate(value: Any) -> T:
        try:
            return read(value)
        except InvalidSetup as exc:
            raise ValueError(str(exc)) from None

    return PlainValidator(validate, json_schema_input_type=json_type)


def read_cards(deck: Deck, value: Any) -> list[Card]:
    """``deck``'s cards from a list of their codes, ``["R1", "R2"]``, or one string of
    codes, ``"R1 R2"``."""
    codes = isinstance(value, list | tuple) and all(isinstance(c, str) for c in value)
    if not codes and not isinstance(value, str):
        raise InvalidSetup("expected a list of card codes")
    return deck.parse(value)


def card_codes(deck: Deck) -> PlainValidator:
    """The validator of a list of ``deck``'s cards written by code (:func:`read_cards`):
    ``Annotated[list[Card], card_codes(FIREWORKS)]``."""
    return reader(partial(read_cards, deck), list[str] | str)


def card_code(deck: Deck) -> PlainValidator:
    """The validator of one of ``deck``'s cards written by code: ``Annotated[Card, ...]``."""

    def read(value: Any) -> Card:
        if not isinstance(value, str):
            raise InvalidSetup("expected a card code")
        return deck.card(value)

    return reader(read, str)


def per_seat(
    values: Sequence[T], key: str, seats: int, what: str = "one entry per seat"
) -> Sequence[T]:
    """``values`` (the scenario's ``key``), checked to hold one entry per seat."""
    if len(values) != seats:
        raise InvalidSetup(f"{key}: {what} ({seats})")
    return values


def check_unique(cards: Iterable[Card]) -> None:
    """A scenario lists every card at most once, wherever it puts it."""
    listed = list(cards)
    if len(set(listed)) != len(listed):
        twice = sorted({c.code for c in listed if listed.count(c) > 1})
        raise InvalidSetup(f"cards listed twice: {', '.join(twice)}")


def unlisted(among: Sequence[Card], listed: Iterable[Card]) -> list[Card]:
    """The cards of ``among`` (a deck's, in its order) that the scenario did not list: the
    rest, to be dealt, shuffled under the deck or boxed."""
    taken = set(listed)
    return [c for c in among if c not in taken]
