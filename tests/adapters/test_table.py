"""The table every RL adapter plays through: encodings, masks, refusals, returns, records."""

from __future__ import annotations

import json
import pickle
import random

import numpy as np
import pytest

from asobi.adapters.table import Table, legal_indices, returns
from asobi.core.errors import BadActionCode, IllegalAction
from asobi.core.protocol import Outcome
from asobi.core.records import replay
from asobi.core.registry import get_spec

from .adapter_helpers import GAMES, play_random


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_an_observer_and_a_coding(game: str) -> None:
    spec = get_spec(game)
    for players in spec.seat_counts:
        options = spec.options({"players": players})
        assert spec.observer is not None, f"{game} needs GameSpec.observer"
        layout = spec.observer(options).layout
        assert layout.size == sum(f.size for f in layout.features) > 0
        assert spec.action_coding(options).size >= spec.action_space.size


@pytest.mark.parametrize("game", GAMES)
def test_index_to_action_to_index_round_trips(game: str) -> None:
    """Every index of the finite action space decodes to an action that encodes back to it,
    through its text code as well."""
    spec = get_spec(game)
    coding = spec.action_coding(spec.options())
    space = spec.action_space
    for index in range(space.size):
        action = space.action(index)
        assert space.index(action) == index
        assert space.index(space.decode(action.encode())) == index
        assert coding.space.action(index) == action


def test_an_observation_is_the_seats_view_whatever_the_hidden_parts(
    setting: tuple[str, int],
) -> None:
    """Observations never hold another seat's hidden information: a world resampled for a
    seat (its view unchanged, everything it cannot see redrawn) gives the same vector."""
    game, players = setting
    table = Table(game, {"players": players})
    rng = random.Random(7)
    for seed in range(2):
        table.reset(seed)
        while not table.is_over:
            for seat in range(players):
                world = table.clone(table.state.determinize(seat, random.Random(rng.random())))
                assert world.state.view(seat) == table.state.view(seat)
                seen, imagined = table.observe(seat), world.observe(seat)
                assert seen.dtype == np.float32 and seen.shape == (table.observation_size,)
                assert np.isfinite(seen).all()
                np.testing.assert_array_equal(seen, imagined)
            play_random(table, rng, choices=rng.randint(1, 12))


def test_a_masked_out_choice_is_refused_and_changes_nothing(setting: tuple[str, int]) -> None:
    """Bad input gets a clear error naming the rule, and the game stays as it was."""
    game, players = setting
    table = Table(game, {"players": players})
    table.reset(3)
    rng = random.Random(3)
    refused = 0
    while not table.is_over and refused < 20:
        seat = table.to_act()[0]
        mask = table.mask(seat)
        forbidden = [int(i) for i in np.flatnonzero(~mask)]
        if forbidden:
            before = json.dumps(table.state.view(None), sort_keys=True)
            moves = list(table.record().moves)
            with pytest.raises(IllegalAction) as refusal:
                table.choose(seat, rng.choice(forbidden))
            assert refusal.value.rule
            assert json.dumps(table.state.view(None), sort_keys=True) == before
            assert table.record().moves == moves
            np.testing.assert_array_equal(table.mask(seat), mask)
            refused += 1
        play_random(table, rng, choices=1)
    with pytest.raises(BadActionCode):
        table.choose(table.to_act()[0] if not table.is_over else 0, table.coding.size)


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_not_to_act_is_refused_by_turn_order(game: str) -> None:
    table = Table(game)
    table.reset(1)
    idle = [s for s in range(table.players) if s not in table.state.active_seats()]
    if not idle:
        pytest.skip("every seat acts at the start")
    assert not table.mask(idle[0]).any()
    with pytest.raises(IllegalAction, match="not to act"):
        table.choose(idle[0], 0)


@pytest.mark.parametrize("game", GAMES)
def test_a_tables_game_is_a_record_that_replays(game: str) -> None:
    """Determinism: (game, options, seed, moves) rebuild the very game the table played."""
    table = Table(game)
    table.reset(11)
    play_random(table, random.Random(11))
    assert table.is_over
    record = table.record()
    assert replay(record).view(None) == table.state.view(None)


@pytest.mark.parametrize("game", GAMES)
def test_a_clone_shares_nothing_that_changes(game: str) -> None:
    table = Table(game)
    table.reset(5)
    copy = table.clone()
    before = table.state.view(None)
    play_random(copy, random.Random(5), choices=30)
    assert table.state.view(None) == before
    assert table.record().moves == []


@pytest.mark.parametrize("game", GAMES)
def test_a_table_pickles_as_its_game_so_far(game: str) -> None:
    """OpenSpiel serialises a state by pickling it: the game so far comes back, and goes on
    as the original does."""
    table = Table(game)
    table.reset(6)
    play_random(table, random.Random(6), choices=12)
    copy = pickle.loads(pickle.dumps(table))
    assert copy.state.view(None) == table.state.view(None)
    assert copy.record() == table.record() and copy.pending == table.pending
    play_random(copy, random.Random(7), choices=20)
    play_random(table, random.Random(7), choices=20)
    assert copy.state.view(None) == table.state.view(None)


def test_returns_are_places_from_plus_one_to_minus_one_ties_sharing() -> None:
    def places(ranks: tuple[int, ...]) -> tuple[float, ...]:
        return returns(Outcome(scores=(0.0,) * len(ranks), ranks=ranks), len(ranks))

    assert places((1, 2)) == (1.0, -1.0)
    assert places((1, 1)) == (0.0, 0.0)
    assert places((2, 1, 3)) == (0.0, 1.0, -1.0)
    assert places((1, 1, 3, 4)) == pytest.approx((2 / 3, 2 / 3, -1 / 3, -1.0))
    for ranks in [(1, 2, 2), (1, 1, 1, 4, 5), (3, 1, 1)]:
        assert sum(places(ranks)) == pytest.approx(0.0)


def test_alone_the_return_is_the_games_own_score() -> None:
    """Starmine's and Rummy City's solo contests are scored, not placed (ソロ用ルール)."""
    assert returns(Outcome(scores=(17.0,), ranks=(1,)), 1) == (17.0,)
    for game in ("starmine", "rummycity"):
        table = Table(game, {"players": 1})
        table.reset(2)
        play_random(table, random.Random(2))
        outcome = table.state.outcome()
        assert outcome is not None
        assert table.returns() == (outcome.scores[0],)


def test_a_legal_index_list_is_the_mask() -> None:
    assert legal_indices(np.array([False, True, False, True])) == [1, 3]
