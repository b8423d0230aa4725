"""The observation vector (``asobi.games.starmine.observation``): a seat's view as a fixed
number of floats, built from the view alone, the observing seat first."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from asobi.core.observation import Vector
from asobi.core.registry import get_spec
from asobi.games.starmine.cards import FIREWORKS
from asobi.games.starmine.observation import StarmineObserver, observer
from asobi.games.starmine.state import StarmineOptions, StarmineState
from tests.rule_checks import worlds_encode_alike

from .starmine_helpers import duel, play, solo

SPEC = get_spec("starmine")

TABLE: dict[str, Any] = {
    "hands": [["R4", "R5", "R6", "Y2", "W1"], ["B4", "B5", "G1", "W2"]],
    "deck": ["R7", "Y7", "G7", "B7"],
    "discards": ["G5", "Y3", "B1"],
    "rows": [{"opening": ["pair R1 Y1"]}, {"main": ["seq G2 G3 G4"]}],
    "turn": 0,
    "rest": "box",
}


def observer_for(players: int, **options: object) -> StarmineObserver:
    made = observer(StarmineOptions.model_validate({"players": players, **options}))
    assert isinstance(made, StarmineObserver)
    return made


def bag(*codes: str) -> Vector:
    """A bag of cards as the observation writes one: a count per card, in deck order."""
    out = np.zeros(len(FIREWORKS), dtype=np.float32)
    for code in codes:
        out[FIREWORKS.index(FIREWORKS.card(code))] += 1
    return out


def block(obs: StarmineObserver, state: StarmineState, seat: int, name: str) -> Vector:
    return obs.layout.block(obs.encode(state.view(seat)), name)


def random_positions(players: int, games: int, seed: int = 5) -> Iterator[StarmineState]:
    """Every position of a few games of random legal moves (a seeded generator)."""
    rng = random.Random(seed)
    for game in range(games):
        state = duel(seed=game) if players == 2 else solo(seed=game)
        yield state
        while state.outcome() is None:
            (seat,) = state.active_seats()
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            yield state


# --- size and values ------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 1])
def test_every_decision_gives_a_finite_float32_vector_of_the_layout_size(players: int) -> None:
    """At every position of random games, for every seat, to the end of the game."""
    assert SPEC.observer is not None, "the game spec names its observer"
    obs = SPEC.observer(SPEC.options({"players": players}))
    positions = 0
    for state in random_positions(players, games=12):
        for seat in range(players):
            vector = obs.encode(state.view(seat))
            assert vector.dtype == np.float32
            assert vector.shape == (obs.layout.size,)
            assert np.isfinite(vector).all()
            assert vector.min() >= 0.0
        positions += 1
    assert positions > 12 * 5


def test_the_size_depends_on_the_player_count_only() -> None:
    """The duel adds the discards and the known cards; the solo contest its own areas."""
    assert observer_for(2).layout.size == 401
    assert observer_for(1).layout.size == 267
    assert observer_for(2, hand_size=6, start_player=1).layout.size == 401


@pytest.mark.parametrize("players", [2, 1])
def test_every_feature_is_described(players: int) -> None:
    """``Layout.describe`` is the documentation: every block has a meaning."""
    obs = observer_for(players)
    table = obs.layout.describe()
    for feature in obs.layout.features:
        assert feature.meaning
        assert f"`{feature.name}`" in table


# --- only the view ----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 1])
def test_worlds_consistent_with_the_view_give_the_same_vector(players: int) -> None:
    """Ruling 9: hands and the deck's order are hidden. ``determinize`` deals them again; the
    seat's view stays the same, and so does its vector."""
    resampled = worlds_encode_alike(
        observer_for(players),
        random_positions(players, games=4, seed=9),
        lambda world, state: world.deck != state.deck or world.hands != state.hands,
        every=3,
    )
    assert resampled > 0, "the worlds must really differ in what the seat cannot see"


def test_the_other_hand_does_not_change_the_vector() -> None:
    """Ruling 9: 「手札として3枚を裏向きで配布」 — the other hand's unknown cards are hidden:
    two tables that differ only there look the same to seat 0, not to seat 1."""
    obs = observer_for(2)
    other = {**TABLE, "hands": [TABLE["hands"][0], ["Y4", "Y5", "B6", "W2"]]}
    first, second = duel(TABLE), duel(other)
    assert np.array_equal(obs.encode(first.view(0)), obs.encode(second.view(0)))
    assert not np.array_equal(obs.encode(first.view(1)), obs.encode(second.view(1)))


# --- the blocks on a known position -------------------------------------------------------------
def test_the_blocks_of_a_duel_position() -> None:
    """Seat 0 to act (§5) holding five cards, three discards face up, one meld in each town."""
    obs = observer_for(2)
    state = duel(TABLE)
    vector = obs.encode(state.view(0))

    def get(name: str) -> Vector:
        return obs.layout.block(vector, name)

    assert list(get("phase")) == [1, 0, 0, 0, 0, 0]  # turn
    assert list(get("to_act")) == [1, 0] and list(get("turn")) == [1, 0]
    assert list(get("last_drawer")) == [0, 0]
    assert get("deck_size")[0] == pytest.approx(4 / 30)
    assert np.array_equal(get("hand"), bag("R4", "R5", "R6", "Y2", "W1"))
    assert np.allclose(get("hand_size"), [5 / 15, 4 / 15])
    known = get("known_cards").reshape(2, -1)
    assert np.array_equal(known[0], bag("W1")), "what the opponent knows of my hand"
    assert np.array_equal(known[1], bag("W2")), "the boost dealt to the other hand"
    assert np.array_equal(get("discards"), bag("G5", "Y3", "B1"))
    assert not get("discarded_this_turn").any()
    rows = get("rows").reshape(2, 3, -1)
    assert np.array_equal(rows[0, 0], bag("R1", "Y1"))  # own opening
    assert np.array_equal(rows[1, 1], bag("G2", "G3", "G4"))  # their main
    assert rows.sum() == 5
    assert np.allclose(get("row_totals"), [3 / 20, 0, 0, 0, 7 / 20, 0])
    melds = get("row_melds").reshape(2, 3, 3)  # seat, row, (seq, three, pair)
    assert melds[0, 0, 2] == pytest.approx(1 / 4) and melds[1, 1, 0] == pytest.approx(1 / 4)
    assert melds.sum() == pytest.approx(2 / 4)
    # Unseen: the deck (4), the other hand's unknown cards (3), the cards in the box (9).
    unseen = get("unseen")
    assert unseen.sum() == 16
    for code in ("R7", "B4", "B5", "G1"):
        assert unseen[FIREWORKS.index(FIREWORKS.card(code))] == 1
    for code in ("R4", "W2", "G5", "R1", "G3"):
        assert unseen[FIREWORKS.index(FIREWORKS.card(code))] == 0


def test_a_discard_shows_the_draws_owed_and_the_card_not_to_draw_back() -> None:
    """§5 A: discard one, then draw 2, 「この手番で捨てたカード以外」."""
    obs = observer_for(2)
    state = duel(TABLE)
    play(state, 0, "discard Y2")
    assert list(block(obs, state, 0, "phase")) == [0, 1, 0, 0, 0, 0]  # draw
    assert block(obs, state, 0, "draws_left")[0] == pytest.approx(2 / 3)
    assert np.array_equal(block(obs, state, 1, "discarded_this_turn"), bag("Y2"))
    assert np.array_equal(block(obs, state, 0, "discards"), bag("G5", "Y3", "B1", "Y2"))
    play(state, 0, "draw G5")  # ruling 9: a card taken from the discards is known
    known = block(obs, state, 1, "known_cards").reshape(2, -1)
    assert np.array_equal(known[1], bag("W1", "G5"))


def test_the_final_phase_names_the_last_drawer_from_each_seat() -> None:
    """§6: the deck's last card drawn, the final phase starts with the one who drew it."""
    obs = observer_for(2)
    state = duel({**TABLE, "deck": ["R7"]})
    play(state, 0, "discard Y2", "draw G5", "draw deck")  # R7, the last card: the end
    assert list(block(obs, state, 0, "phase")) == [0, 0, 0, 1, 0, 0]  # final
    assert list(block(obs, state, 0, "last_drawer")) == [1, 0]
    assert list(block(obs, state, 1, "last_drawer")) == [0, 1]
    assert list(block(obs, state, 1, "to_act")) == [0, 1]
    play(state, 0, "pass")
    assert list(block(obs, state, 1, "to_act")) == [1, 0]


def test_the_blocks_of_a_solo_position() -> None:
    """ソロ §3 A: the first card turned up waits for its area; the open and removed cards, the
    rows closed below the current one."""
    obs = observer_for(1)
    state = solo(
        {
            "hands": [["R2", "Y2", "G2", "W1"]],
            "deck": ["B4", "B5", "B6", "B7"],
            "open": ["G6"],
            "removed": ["Y6"],
            "rows": [{"opening": ["pair R1 Y1"]}],
            "current_row": "main",
            "rest": "box",
        }
    )
    vector = obs.encode(state.view(0))

    def get(name: str) -> Vector:
        return obs.layout.block(vector, name)

    assert "discards" not in obs.layout.offsets and "known_cards" not in obs.layout.offsets
    assert list(get("phase")) == [0, 0, 1, 0, 0, 0]  # flip
    assert np.array_equal(get("flipped"), bag("B4"))
    assert get("deck_size")[0] == pytest.approx(3 / 30)
    assert np.array_equal(get("open_cards"), bag("G6"))
    assert np.array_equal(get("removed_cards"), bag("Y6"))
    assert list(get("current_row")) == [0, 1, 0]
    assert np.array_equal(get("hand"), bag("R2", "Y2", "G2", "W1"))
    assert np.array_equal(get("rows").reshape(3, -1)[0], bag("R1", "Y1"))
    play(state, 0, "open")  # B4 to the open cards, the next card turned up (B5) removed
    assert not block(obs, state, 0, "flipped").any()
    assert np.array_equal(block(obs, state, 0, "open_cards"), bag("G6", "B4"))
    assert np.array_equal(block(obs, state, 0, "removed_cards"), bag("Y6", "B5"))
    assert list(block(obs, state, 0, "phase")) == [1, 0, 0, 0, 0, 0]  # turn: B or C


# --- perspective ----------------------------------------------------------------------------------
def test_each_seat_finds_its_own_things_first() -> None:
    """The same position from seat 0 and from seat 1: each one's own hand in ``hand``, its own
    rows and hand size first, the turn player's place from its own seat."""
    obs = observer_for(2)
    state = duel(TABLE)
    mine, theirs = obs.encode(state.view(0)), obs.encode(state.view(1))
    assert np.array_equal(obs.layout.block(mine, "hand"), bag("R4", "R5", "R6", "Y2", "W1"))
    assert np.array_equal(obs.layout.block(theirs, "hand"), bag("B4", "B5", "G1", "W2"))
    assert np.allclose(obs.layout.block(theirs, "hand_size"), [4 / 15, 5 / 15])
    rows = obs.layout.block(theirs, "rows").reshape(2, 3, -1)
    assert np.array_equal(rows[0, 1], bag("G2", "G3", "G4"))
    assert np.array_equal(rows[1, 0], bag("R1", "Y1"))
    assert list(obs.layout.block(theirs, "turn")) == [0, 1]
    assert np.array_equal(obs.layout.block(mine, "discards"), obs.layout.block(theirs, "discards"))
