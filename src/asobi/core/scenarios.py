"""Reading scenarios: the part every game's ``scenarios.py`` shares.

A scenario is JSON that pins a position (hands, deck order, what lies on the table). A
:class:`ScenarioCards` checks its keys, reads its card lists and remembers every card it
read, so that a card listed twice is a clear error and the cards not listed are the rest,
to be dealt or boxed.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from asobi.core.cards import Card, Deck
from asobi.core.errors import InvalidSetup


def check_keys(setup: Mapping[str, Any], keys: Collection[str]) -> None:
    """A scenario names only keys its game knows."""
    unknown = set(setup) - set(keys)
    if unknown:
        raise InvalidSetup(f"unknown scenario keys: {', '.join(sorted(unknown))}")


def per_seat(
    setup: Mapping[str, Any], key: str, seats: int, what: str = "one entry per seat"
) -> list[Any]:
    """The value of ``key``: a list with one entry per seat."""
    value = setup[key]
    if not isinstance(value, list | tuple) or len(value) != seats:
        raise InvalidSetup(f"{key}: {what} ({seats})")
    return list(value)


class ScenarioCards:
    def __init__(
        self, setup: Mapping[str, Any], deck: Deck, keys: Collection[str], seats: int
    ) -> None:
        check_keys(setup, keys)
        self.setup = setup
        self.deck = deck
        self.seats = seats
        self.used: list[Card] = []

    def take(self, codes: Any, what: str) -> list[Card]:
        """The cards of a list of codes (or one string of them), remembered as used."""
        if not isinstance(codes, list | tuple | str):
            raise InvalidSetup(f"{what}: expected a list of card codes")
        cards = self.deck.parse(codes)
        self.used.extend(cards)
        return cards

    def note(self, cards: Iterable[Card]) -> None:
        """Cards the game read in its own way (a meld's cards), remembered as used."""
        self.used.extend(cards)

    def per_seat(self, key: str, what: str = "one entry per seat") -> list[Any]:
        """The value of ``key``: a list with one entry per seat."""
        return per_seat(self.setup, key, self.seats, what)

    def check_unique(self) -> None:
        used = self.used
        if len(set(used)) != len(used):
            dupes = sorted({c.code for c in used if used.count(c) > 1})
            raise InvalidSetup(f"cards listed twice: {', '.join(dupes)}")

    def rest(self, among: Sequence[Card] | None = None) -> list[Card]:
        """The cards (of the deck, or of ``among``) the scenario did not list, in order."""
        taken = set(self.used)
        return [c for c in (self.deck.cards if among is None else among) if c not in taken]
