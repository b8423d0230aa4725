"""asobi.core.cards and the decks: the SEVEN deck, the French 52 and Starmine's fireworks
(``asobi.games.starmine.cards``), and card parsing."""

from __future__ import annotations

from collections import Counter

import pytest

from asobi.core.cards import (
    FRENCH52,
    SEVEN,
    SEVEN_SUITS,
    Card,
    Deck,
    Suit,
    codes,
    french_rank_label,
    seven_rank_label,
    seven_suit_top,
)
from asobi.core.errors import InvalidSetup
from asobi.games.starmine.cards import BOOST, FIREWORK_COLOURS, FIREWORKS, is_boost


# --- Starmine fireworks --------------------------------------------------------------------
def test_fireworks_has_30_cards_four_colours_one_to_seven_and_two_boosts() -> None:
    assert len(FIREWORKS) == 30
    fireworks = [c for c in FIREWORKS.cards if not is_boost(c)]
    boosts = [c for c in FIREWORKS.cards if is_boost(c)]
    assert len(fireworks) == 28 and len(boosts) == 2
    assert Counter((c.suit, c.rank) for c in fireworks) == Counter(
        (colour, rank) for colour in "RYGB" for rank in range(1, 8)
    )
    assert sorted(c.code for c in boosts) == ["W1", "W2"]
    assert all(c.suit == BOOST for c in boosts)


def test_fireworks_colours_have_names_in_both_languages() -> None:
    assert [s.letter for s in FIREWORK_COLOURS] == ["R", "Y", "G", "B"]
    assert FIREWORKS.suit("B") == Suit("B", "blue", "青")  # the rulebook names blue (青)
    assert FIREWORKS.suit(BOOST).en == "boost"
    with pytest.raises(KeyError):
        FIREWORKS.suit("X")


def test_card_codes_are_unique_and_parse_back() -> None:
    for deck in (FIREWORKS, SEVEN, FRENCH52):
        assert len({c.code for c in deck.cards}) == len(deck)
        for card in deck.cards:
            assert deck.card(card.code) is card
            assert deck.card(f"  {card.code.lower()} ") is card
            assert str(card) == card.code


def test_parse_accepts_lists_and_strings_with_spaces_or_commas() -> None:
    r1, y2, w1 = FIREWORKS.card("R1"), FIREWORKS.card("Y2"), FIREWORKS.card("W1")
    assert FIREWORKS.parse("R1, y2  W1") == [r1, y2, w1]
    assert FIREWORKS.parse(["R1", "Y2", "W1"]) == [r1, y2, w1]
    assert FIREWORKS.parse("") == []
    assert codes([r1, w1]) == ["R1", "W1"]


def test_unknown_code_raises_invalid_setup_naming_code_and_deck() -> None:
    with pytest.raises(InvalidSetup, match=r"'R8' is not a card of the Starmine fireworks deck"):
        FIREWORKS.card("R8")
    with pytest.raises(InvalidSetup, match="SEVEN"):
        SEVEN.parse("HA HQ")  # there is no Q in the SEVEN deck


def test_index_is_dense_and_sort_follows_deck_order() -> None:
    for deck in (FIREWORKS, SEVEN, FRENCH52):
        assert [deck.index(c) for c in deck.cards] == list(range(len(deck)))
        shuffled = list(reversed(deck.cards))
        assert deck.sort(shuffled) == list(deck.cards)


def test_deck_rejects_two_cards_with_one_code() -> None:
    with pytest.raises(ValueError, match="share a code"):
        Deck("bad", (Card("R", 1, "R1"), Card("R", 2, "r1")), (Suit("R", "red", "赤"),))


# --- the SEVEN deck ------------------------------------------------------------------------
SEVEN_RANGES = {"H": (1, 7), "O": (2, 8), "B": (3, 9), "C": (4, 10), "S": (5, 11), "T": (6, 12)}
SEVEN_RANGES["K"] = (7, 13)


def test_seven_deck_has_49_cards() -> None:
    assert len(SEVEN) == 49


def test_seven_suits_are_seven_consecutive_ranks() -> None:
    assert [s.letter for s in SEVEN_SUITS] == list("HOBCSTK")
    assert [s.en for s in SEVEN_SUITS] == [
        "Heart", "Onion", "Book", "Coin", "Star", "Time", "Coffin"
    ]  # fmt: skip
    for letter, (low, high) in SEVEN_RANGES.items():
        ranks = sorted(c.rank for c in SEVEN.cards if c.suit == letter)
        assert ranks == list(range(low, high + 1)), letter
        assert 7 in ranks  # every suit holds a 7


@pytest.mark.parametrize("rank", range(1, 14))
def test_seven_rank_r_has_min_r_14_minus_r_copies(rank: int) -> None:
    assert sum(c.rank == rank for c in SEVEN.cards) == min(rank, 14 - rank)


def test_seven_labels_ace_and_king_and_numbers_for_11_and_12() -> None:
    assert [seven_rank_label(r) for r in (1, 10, 11, 12, 13)] == ["A", "10", "11", "12", "K"]
    assert SEVEN.card("HA") == Card("H", 1, "HA")
    assert SEVEN.card("KK") == Card("K", 13, "KK")  # Coffin's K
    assert SEVEN.card("T12").rank == 12
    assert {c.code for c in SEVEN.cards if c.rank == 1} == {"HA"}
    assert {c.code for c in SEVEN.cards if c.rank == 13} == {"KK"}


def test_seven_suit_tops_are_each_suits_highest_card() -> None:
    tops = [seven_suit_top(s.letter).code for s in SEVEN_SUITS]
    assert tops == ["H7", "O8", "B9", "C10", "S11", "T12", "KK"]


# --- the French 52 -------------------------------------------------------------------------
def test_french52_has_four_suits_of_thirteen() -> None:
    assert len(FRENCH52) == 52
    assert Counter(c.suit for c in FRENCH52.cards) == {"S": 13, "H": 13, "D": 13, "C": 13}
    assert Counter(c.rank for c in FRENCH52.cards) == {r: 4 for r in range(1, 14)}
    assert [french_rank_label(r) for r in (1, 2, 10, 11, 12, 13)] == ["A", "2", "10", "J", "Q", "K"]
    assert FRENCH52.card("sa") == Card("S", 1, "SA")
    assert FRENCH52.card("D10").rank == 10
    assert FRENCH52.card("HQ").rank == 12
    with pytest.raises(InvalidSetup):
        FRENCH52.card("JOKER")
