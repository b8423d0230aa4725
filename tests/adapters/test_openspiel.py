"""OpenSpiel: every game registered as a Python game, played by OpenSpiel's own algorithms."""

from __future__ import annotations

import json

import numpy as np
import pytest
from adapter_helpers import GAMES

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from asobi.adapters.openspiel_game import register, short_name  # noqa: E402
from asobi.core.bots import choose_for, make_bot  # noqa: E402

register()


def load(game: str, players: int) -> pyspiel.Game:
    return pyspiel.load_game(short_name(game), {"players": players})


def random_playthrough(game: pyspiel.Game, seed: int) -> pyspiel.State:
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.is_simultaneous_node():
            state.apply_actions(
                [int(rng.choice(state.legal_actions(p))) for p in range(game.num_players())]
            )
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    assert {short_name(game) for game in GAMES} <= names


def test_a_random_playthrough_ends_with_places(setting: tuple[str, int]) -> None:
    name, players = setting
    game = load(name, players)
    assert game.num_players() == players
    state = random_playthrough(game, seed=players)
    returns = state.returns()
    assert len(returns) == players
    if players > 1:
        assert sum(returns) == pytest.approx(0.0)
        assert max(returns) <= 1.0 and min(returns) >= -1.0


def test_the_root_is_a_chance_node_over_the_deals() -> None:
    """Chance is explicit: the deal is the root's outcome, every later draw follows from it."""
    game = pyspiel.load_game(short_name("laminate"), {"players": 3, "deals": 50})
    root = game.new_initial_state()
    assert root.is_chance_node()
    assert root.chance_outcomes() == [(deal, 1 / 50) for deal in range(50)]
    one, two = root.child(7), root.child(7)
    assert one.information_state_string(0) == two.information_state_string(0)
    assert one.information_state_string(0) != root.child(8).information_state_string(0)


def test_its_mine_bids_are_a_simultaneous_node() -> None:
    game = load("itsmine", 2)
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    state = game.new_initial_state().child(0)
    assert state.is_simultaneous_node()
    assert state.legal_actions(0) and state.legal_actions(1)


def test_options_pass_as_json() -> None:
    game = pyspiel.load_game(
        short_name("itsmine"), {"players": 2, "options": json.dumps({"variant": "simple"})}
    )
    state = game.new_initial_state().child(0)
    assert json.loads(state.information_state_string(0))["view"]["variant"] == "simple"


def test_observations_and_information_states_are_the_seats_own() -> None:
    """A resampled world (the game's determinize) looks the same to the seat it is for."""
    game = load("starmine", 2)
    state = game.new_initial_state().child(3)
    for _ in range(6):
        state.apply_action(state.legal_actions()[0])
    seat = state.current_player()
    world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.information_state_string(seat) == state.information_state_string(seat)
    assert world.observation_tensor(seat) == state.observation_tensor(seat)
    assert world.clone().returns() == state.returns()


def play_against_heuristic(game_id: str, spiel_bot: pyspiel.Bot, seed: int) -> list[float]:
    """OpenSpiel's bot at seat 0, asobi's heuristic bot (``normal``) at seat 1."""
    game = load(game_id, 2)
    heuristic = make_bot("normal", game_id, seed=seed)
    state = game.new_initial_state().child(seed)
    while not state.is_terminal():
        seat = state.current_player()
        if seat == 0:
            state.apply_action(spiel_bot.step(state))
        else:
            action = choose_for(heuristic, state.table.state, seat)
            state.apply_action(state.table.coding.space.index(action))
    return list(state.returns())


def test_openspiel_ismcts_plays_starmine_against_the_heuristic_bot() -> None:
    """OpenSpiel's own ISMCTS, resampling worlds through the adapter, plays whole games."""
    game = load("starmine", 2)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rng)
    assert sorted(play_against_heuristic("starmine", bot, seed=1)) in ([-1.0, 1.0], [0.0, 0.0])


def test_openspiel_ismcts_plays_laminate() -> None:
    game = load("laminate", 3)
    rng = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=5, random_state=rng)
    state = game.new_initial_state().child(1)
    for _ in range(20):
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
