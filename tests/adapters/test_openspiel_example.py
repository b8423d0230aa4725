"""examples/openspiel_search.py: OpenSpiel's evaluate_bots runs ISMCTS and determinized MCTS
on two games, one seed gives one result, and the determinized bot decides from what its
seat knows (a few seconds; the example itself plays for minutes)."""

from __future__ import annotations

from types import ModuleType

import pytest

from .adapter_helpers import load_example

pyspiel = pytest.importorskip("pyspiel")

from asobi.adapters.openspiel_game import register, short_name  # noqa: E402


@pytest.fixture(scope="module")
def example() -> ModuleType:
    return load_example("openspiel_search")


@pytest.mark.slow
def test_evaluate_bots_plays_both_searches_on_two_games(example: ModuleType) -> None:
    results = example.run(["starmine", "itsmine"], matches=2, simulations=4, worlds=2, seed=0)
    assert [(r.game, r.first, r.second) for r in results] == [
        (game, first, second)
        for game in ("starmine", "itsmine")
        for first, second in [
            ("ismcts", "random"),
            ("determinized mcts", "random"),
            ("ismcts", "determinized mcts"),
        ]
    ]
    for result in results:
        assert len(result.returns) == 2
        assert all(r in (-1.0, 0.0, 1.0) for r in result.returns)


def test_one_seed_gives_one_result(example: ModuleType) -> None:
    register()
    searched = ("ismcts", example.ismcts_bot(4))
    determinized = ("determinized mcts", example.determinized_bot(2, 4))
    first = example.match("itsmine", searched, determinized, games=1, seed=3)
    assert example.match("itsmine", searched, determinized, games=1, seed=3) == first


def test_the_determinized_bot_decides_from_what_its_seat_knows(example: ModuleType) -> None:
    """Whatever face seat 0 bid (hidden until both are in), seat 1's bot, with the same
    seed, bids the same: it searches worlds drawn from its own information state."""
    register()
    game = pyspiel.load_game(short_name("itsmine"), {"players": 2})
    state = game.new_initial_state().child(2)
    choices = {
        example.DeterminizedMCTSBot(game, worlds=2, simulations=6, seed=1).step(state.child(bid))
        for bid in state.legal_actions()
    }
    assert len(choices) == 1
