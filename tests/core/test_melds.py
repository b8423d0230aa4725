"""asobi.core.melds: sets, runs with wildcards, no wrap-around, suit rules."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from asobi.core.cards import FRENCH52, SEVEN, Card
from asobi.core.melds import (
    is_run,
    is_set,
    never_wild,
    rank_sum,
    run_starts,
    split_wild,
    sub_hands,
)
from asobi.games.starmine.cards import FIREWORKS, is_boost

WILD = Card("W", 0, "*")


def wild(card: Card) -> bool:
    return card.suit == "W"


def f(codes: str) -> list[Card]:
    """French cards by code; ``*`` is a wildcard."""
    return [WILD if c == "*" else FRENCH52.card(c) for c in codes.split()]


# --- sets ----------------------------------------------------------------------------------
def test_sets_of_one_rank() -> None:
    assert is_set(f("S5 H5"), 2)
    assert is_set(f("S5 H5 D5"), 3)
    assert not is_set(f("S5 H6"), 2)
    assert not is_set(f("S5 H5 D6"), 3)


def test_set_size_must_match() -> None:
    assert not is_set(f("S5 H5 D5"), 2)
    assert not is_set(f("S5 H5"), 3)


def test_sets_with_wildcards() -> None:
    assert is_set(f("S5 * D5"), 3, wild=wild)
    assert is_set(f("S5 * *"), 3, wild=wild)
    assert not is_set(f("S5 * D6"), 3, wild=wild)
    # without a wild predicate the joker is just an odd card of rank 0
    assert not is_set(f("S5 * D5"), 3)


def test_split_wild() -> None:
    natural, wilds = split_wild(f("S5 * D5 *"), wild)
    assert natural == f("S5 D5") and wilds == 2
    assert split_wild(f("S5 D5")) == (f("S5 D5"), 0)
    assert never_wild(WILD) is False


# --- runs ----------------------------------------------------------------------------------
def test_same_suit_runs() -> None:
    assert is_run(f("S3 S4 S5"), 3, 1, 13)
    assert is_run(f("S5 S3 S4"), 3, 1, 13)  # any order
    assert not is_run(f("S3 S4 H5"), 3, 1, 13)
    assert not is_run(f("S3 S4 S6"), 3, 1, 13)
    assert not is_run(f("S3 S4 S4"), 3, 1, 13)  # a repeated rank is no run
    assert not is_run(f("S3 S4"), 3, 1, 13)


def test_runs_never_wrap_around() -> None:
    assert not is_run(f("SQ SK SA"), 3, 1, 13)
    assert not is_run(f("SK SA S2"), 3, 1, 13)
    assert is_run(f("SJ SQ SK"), 3, 1, 13)
    assert is_run(f("SA S2 S3"), 3, 1, 13)
    sevens = FIREWORKS.parse("R6 R7 R1")  # Starmine: 7 and 1 do not connect
    assert not is_run(sevens, 3, 1, 7, wild=is_boost)


def test_runs_with_wildcards_fill_gaps_and_ends_within_bounds() -> None:
    assert is_run(f("S3 * S5"), 3, 1, 13, wild=wild)
    assert is_run(f("S3 S4 *"), 3, 1, 13, wild=wild)
    assert is_run(f("SQ SK *"), 3, 1, 13, wild=wild)  # the wild is the J
    assert not is_run(f("S3 * S6"), 3, 1, 13, wild=wild)
    assert is_run(FIREWORKS.parse("R7 W1 W2"), 3, 1, 7, wild=is_boost)  # R5 R6 R7
    assert not is_run(FIREWORKS.parse("R7 W1 W2"), 4, 1, 7, wild=is_boost)  # wrong size
    assert is_run(FIREWORKS.parse("R6 R7 W1 W2"), 4, 1, 7, wild=is_boost)  # R4 R5 R6 R7
    assert is_run(f("* *"), 2, 1, 13, wild=wild)


def test_run_suit_rules() -> None:
    mixed = f("S3 H4 D5")
    assert not is_run(mixed, 3, 1, 13, suits="same")
    assert is_run(mixed, 3, 1, 13, suits="distinct")
    assert is_run(mixed, 3, 1, 13, suits="any")
    two_spades = f("S3 S4 H5")
    assert not is_run(two_spades, 3, 1, 13, suits="distinct")
    assert is_run(two_spades, 3, 1, 13, suits="any")
    assert is_run(f("S3 * D5"), 3, 1, 13, suits="distinct", wild=wild)
    assert not is_run(f("S3 * S5 H6"), 4, 1, 13, suits="distinct", wild=wild)


def test_seven_deck_runs_stop_at_king_and_ace() -> None:
    assert is_run(SEVEN.parse("C10 S11 T12 KK"), 4, 1, 13, suits="any")
    assert not is_run(SEVEN.parse("T12 KK HA"), 3, 1, 13, suits="any")


def test_run_starts_lists_every_possible_lowest_rank() -> None:
    assert run_starts([4, 5], 3, 1, 1, 7) == [3, 4]
    assert run_starts([7], 3, 2, 1, 7) == [5]
    assert run_starts([1], 3, 2, 1, 7) == [1]
    assert run_starts([], 3, 3, 1, 7) == [1, 2, 3, 4, 5]
    assert run_starts([4, 4], 3, 1, 1, 7) == []  # duplicates
    assert run_starts([1, 7], 3, 1, 1, 7) == []  # no wrap
    assert run_starts([2, 3], 3, 2, 1, 7) == []  # card count != length


@st.composite
def candidate_runs(draw: st.DrawFn) -> tuple[list[Card], int, int, int, str]:
    low, high = draw(st.sampled_from([(1, 13), (1, 7), (2, 8)]))
    naturals = draw(
        st.lists(
            st.builds(
                lambda s, r: Card(s, r, f"{s}{r}"),
                st.sampled_from("SHDC"),
                st.integers(low, high),
            ),
            max_size=5,
        )
    )
    wilds = draw(st.integers(0, 2))
    cards = naturals + [WILD] * wilds
    cards = draw(st.permutations(cards))
    length = draw(st.integers(1, 6))
    suits = draw(st.sampled_from(["same", "distinct", "any"]))
    return list(cards), length, low, high, suits


def brute_force_run(cards: list[Card], length: int, low: int, high: int, suits: str) -> bool:
    """Try every rank for every wildcard; a run is distinct consecutive ranks in bounds."""
    if len(cards) != length:
        return False
    naturals = [c for c in cards if not wild(c)]
    suit_names = [c.suit for c in naturals]
    if suits == "same" and len(set(suit_names)) > 1:
        return False
    if suits == "distinct" and len(set(suit_names)) != len(suit_names):
        return False
    wild_count = len(cards) - len(naturals)
    for ranks in product(range(low, high + 1), repeat=wild_count):
        every = sorted([c.rank for c in naturals] + list(ranks))
        if every == list(range(every[0], every[0] + length)):
            return True
    return False


@given(candidate_runs())
def test_is_run_agrees_with_brute_force(case: tuple[list[Card], int, int, int, str]) -> None:
    cards, length, low, high, suits = case
    expected = brute_force_run(cards, length, low, high, suits)
    assert is_run(cards, length, low, high, suits=suits, wild=wild) == expected


# --- sums and sub-hands --------------------------------------------------------------------
def test_rank_sum_counts_ace_1_and_king_13() -> None:
    assert rank_sum(SEVEN.parse("HA KK C10")) == 24
    assert rank_sum([]) == 0


def test_sub_hands_in_hand_order() -> None:
    hand = f("SA S2 S3")
    assert list(sub_hands(hand, [2])) == [
        tuple(f("SA S2")), tuple(f("SA S3")), tuple(f("S2 S3"))
    ]  # fmt: skip
    assert [len(h) for h in sub_hands(hand, [3, 1])] == [3, 1, 1, 1]


@pytest.mark.parametrize("size", [0, 4])
def test_sub_hands_of_impossible_sizes(size: int) -> None:
    assert list(sub_hands(f("SA S2 S3"), [size])) == ([()] if size == 0 else [])
