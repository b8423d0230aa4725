"""The hand's summary the rules read at nearly every decision (``Pool``: per suit the
positions its cards stand at, per rank how many, the suitless cards and the jokers) is kept
move by move: a card laid or laid off leaves it (``Pool.minus``), cards drawn join it
(``Pool.plus``). Kept or not, it must always be the summary of the hand as it is, read
with the owner's Bank and Police station (銀行/警察署: "そのカードと同じ数字のカードは…");
a stale one would offer moves the hand cannot make. These tests compare it with one made
afresh after every move of seeded random games, in worlds resampled for a search, and
after a scenario sets the hands.
"""

from __future__ import annotations

import random

import pytest

from asobi.core.cards import FRENCH52
from asobi.games.rummycity.combos import JOKER, NATURAL, SUITLESS, Piece, Pool
from asobi.games.rummycity.state import RummyCityState

from .rummycity_helpers import SPEC, game, table


def contents(pool: Pool) -> tuple[object, ...]:
    return (
        list(pool.pieces),
        pool.by_suit,
        pool.ranks,
        pool.suits_at,
        pool.flex,
        pool.jokers,
        pool.somewhere,
    )


def assert_summaries_current(state: RummyCityState) -> None:
    for seat in range(state.players):
        fresh = Pool(state.pieces(seat, state.hands[seat]))
        assert contents(state.hand_summary(seat)) == contents(fresh), f"seat {seat}"


@pytest.mark.parametrize("seed", range(6))
def test_a_summary_changed_card_by_card_is_the_one_made_afresh(seed: int) -> None:
    """Cards of every standing (natural, suitless, joker; aces low and high) added and
    removed in random order: each step's summary equals one read from its cards."""
    rng = random.Random(seed)
    deck = list(FRENCH52.cards)
    rng.shuffle(deck)
    standings = [NATURAL, NATURAL, SUITLESS, JOKER]
    pieces: list[Piece] = []  # the cards at hand, in order
    pool = Pool([])
    for _ in range(60):
        if pieces and (rng.random() < 0.4 or not deck):
            gone = rng.choice(pieces)
            pieces.remove(gone)
            pool = pool.minus(gone)
        else:
            count = min(rng.randint(1, 3), len(deck))
            added = [Piece(deck.pop(), rng.choice(standings)) for _ in range(count)]
            pieces += added
            pool = pool.plus(added)
        assert contents(pool) == contents(Pool(list(pieces)))


@pytest.mark.parametrize(
    ("players", "seed"), [(2, s) for s in range(8)] + [(1, s) for s in range(8)]
)
def test_the_kept_summary_is_the_hand_after_every_move(players: int, seed: int) -> None:
    """Random moves, Bank and Police station cards included (a card placed changes how
    the whole hand reads), through the end of the game."""
    state = game(seed=seed, players=players)
    rng = random.Random(seed)
    while active := state.active_seats():
        seat = min(active)
        legal = state.legal_actions(seat)
        # A card on a Bank or a Police station whenever one may be placed.
        placed = [a for a in legal if a.encode().startswith("place")]
        state.apply(seat, rng.choice(placed or legal))
        assert_summaries_current(state)


@pytest.mark.parametrize("seed", range(4))
def test_a_resampled_world_reads_its_own_hands(seed: int) -> None:
    """``determinize`` deals the hidden hands again: their summaries are the new hands'."""
    state = game(seed=seed)
    rng = random.Random(seed)
    for step in range(400):
        if not (active := state.active_seats()):
            break
        seat = min(active)
        for k in range(2):
            world = state.determinize(seat, random.Random(1000 * step + k))
            assert_summaries_current(world)
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_a_scenario_reads_the_hands_it_sets() -> None:
    """A scenario sets the hands, the Bank's card with them."""
    state = table(
        [["S4", "H5", "S6", "C5"], ["D2", "D3"]],
        ["S7", "H8", "C9"],
        buildings=[["bank"], []],
        deposits={"bank": "D5"},
    )
    assert_summaries_current(state)
    assert state.hand_summary(0).flex == 1 << 5  # the fives stand in any suit
    state.apply(0, SPEC.action_space.decode("draw 1"))
    assert_summaries_current(state)


def test_a_card_placed_on_the_bank_reads_the_hand_again() -> None:
    """銀行: once a five lies on the Bank, the fives in hand stand in any suit."""
    state = table(
        [["S4", "H5", "S6", "C5"], ["D2", "D3"]], ["S7", "H8", "C9"], buildings=[["bank"], []]
    )
    assert state.hand_summary(0).flex == 0
    state.apply(0, SPEC.action_space.decode("place bank H5"))
    assert_summaries_current(state)
    assert state.hand_summary(0).flex == 1 << 5
