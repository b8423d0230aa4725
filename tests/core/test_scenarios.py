"""The scenario reader every game's ``scenarios.py`` uses (``asobi.core.scenarios``)."""

from __future__ import annotations

import pytest

from asobi.core.cards import SEVEN
from asobi.core.errors import InvalidSetup
from asobi.core.scenarios import ScenarioCards


def test_unknown_keys_are_named() -> None:
    with pytest.raises(InvalidSetup, match="unknown scenario keys: decks, hand"):
        ScenarioCards({"hand": [], "decks": []}, SEVEN, {"hands", "deck"}, 3)


def test_cards_listed_twice_are_named() -> None:
    listed = ScenarioCards({}, SEVEN, set(), 3)
    listed.take(["H7", "C10"], "hand 0")
    listed.take("C10 H7 KK", "deck")
    with pytest.raises(InvalidSetup, match="cards listed twice: C10, H7"):
        listed.check_unique()


def test_the_rest_is_every_card_not_listed_in_deck_order() -> None:
    listed = ScenarioCards({}, SEVEN, set(), 2)
    listed.take(["KK"], "deck")
    listed.note(SEVEN.parse("HA"))
    rest = listed.rest()
    assert len(rest) == 47 and rest == [c for c in SEVEN.cards if c.code not in ("HA", "KK")]
    assert listed.rest(SEVEN.parse("HA H2 H3")) == SEVEN.parse("H2 H3")


def test_bad_lists_are_refused() -> None:
    listed = ScenarioCards({"hands": [[], []]}, SEVEN, {"hands"}, 3)
    with pytest.raises(InvalidSetup, match=r"hands: one entry per seat \(3\)"):
        listed.per_seat("hands")
    with pytest.raises(InvalidSetup, match="deck: expected a list of card codes"):
        listed.take(7, "deck")
    with pytest.raises(InvalidSetup, match="not a card of the SEVEN deck"):
        listed.take(["Z9"], "deck")
