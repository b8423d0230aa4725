"""OpenSpiel: every game registered as a Python game, checked by OpenSpiel's own tests and
played by OpenSpiel's own algorithms."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from .adapter_helpers import GAMES, SETTINGS, setting_id

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from asobi.adapters.openspiel_game import register, resampler, short_name  # noqa: E402
from asobi.core.bots import choose_for, make_bot  # noqa: E402
from asobi.core.registry import get_spec  # noqa: E402

register()

# OpenSpiel's random_sim_test plays whole random games, checking every state on the way
# (clones, serialisation, legal-action masks, observations and information states of every
# seat, action strings, returns). Through those checks a random game of Starmine or It's
# Mine! takes about a second and three are played; one of Laminate (250-350 moves) about
# five; Rummy City (about 770 moves) and Carrotein (some 2,600 pose choices a step, each
# named) tens of seconds: they play one game each and are marked slow.
SIMS = {("starmine", 1): 3, ("starmine", 2): 3, ("itsmine", 2): 3, ("laminate", 3): 1}


def load(game: str, players: int, **params: object) -> Any:  # a pyspiel.Game
    return pyspiel.load_game(short_name(game), {"players": players, **params})


def random_moves(state: Any, moves: int, rng: np.random.Generator) -> Any:  # pyspiel.State
    """``state`` after up to ``moves`` random choices (chance included)."""
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.is_simultaneous_node():
            players = state.get_game().num_players()
            state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in range(players)])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    assert {short_name(game) for game in GAMES} <= names


@pytest.mark.parametrize(
    "setting",
    [s if s in SIMS else pytest.param(s, marks=pytest.mark.slow) for s in SETTINGS],
    ids=setting_id,
)
def test_openspiels_random_sim_test_passes(setting: tuple[str, int]) -> None:
    """OpenSpiel's own API checks (``pyspiel.random_sim_test``, with serialisation)."""
    name, players = setting
    game = load(name, players)
    pyspiel.random_sim_test(game, num_sims=SIMS.get(setting, 1), serialize=True, verbose=False)


def test_openspiels_random_sim_test_passes_on_its_mines_simultaneous_form() -> None:
    game = load("itsmine", 2, simultaneous=True)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_the_game_type_is_declared_per_seat_count(setting: tuple[str, int]) -> None:
    """Zero-sum with others (the returns are places); general-sum alone (the score)."""
    name, players = setting
    game = load(name, players)
    kind = game.get_type()
    if players == 1:
        assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
        assert game.utility_sum() is None
    else:
        assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
        assert game.utility_sum() == 0.0
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL


def test_only_a_game_that_declares_simultaneous_decisions_offers_the_simultaneous_form() -> None:
    for name in GAMES:
        spec = get_spec(name)
        players = spec.default_players or spec.seat_counts[0]
        if spec.simultaneous:
            kind = load(name, players, simultaneous=True).get_type()
            assert kind.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
        else:
            with pytest.raises(pyspiel.SpielError, match="simultaneous"):
                load(name, players, simultaneous=True)


def test_the_root_is_a_chance_node_over_the_deals() -> None:
    """Chance is explicit: the deal is the root's outcome, every later draw follows from it."""
    game = pyspiel.load_game(short_name("laminate"), {"players": 3, "deals": 50})
    root = game.new_initial_state()
    assert root.is_chance_node()
    assert root.chance_outcomes() == [(deal, 1 / 50) for deal in range(50)]
    one, two = root.child(7), root.child(7)
    assert one.information_state_string(0) == two.information_state_string(0)
    assert one.information_state_string(0) != root.child(8).information_state_string(0)


def test_its_mine_bids_are_sequential_moves_hidden_from_the_other_seat() -> None:
    """フェイズ1:オークション 1)「お互いに自分のダイスを手に取り,何の目を出すか相手に分からない
    よう隠し持つ.」 2)「…各自,自分の目の前にダイスの目が見えるように公開する.」 Seat 0 bids
    first, then seat 1, who knows only that seat 0 has bid; both faces show once both are in."""
    state = load("itsmine", 2).new_initial_state().child(0)
    assert not state.is_simultaneous_node() and state.current_player() == 0
    after = [state.child(bid) for bid in state.legal_actions()]
    assert len(after) > 1 and all(s.current_player() == 1 for s in after)
    assert len({s.information_state_string(1) for s in after}) == 1
    assert len({tuple(s.observation_tensor(1)) for s in after}) == 1
    assert len({s.information_state_string(0) for s in after}) == len(after)
    revealed = after[0].child(after[0].legal_actions()[0])
    faces = json.loads(revealed.information_state_string(1))["view"]
    assert faces != json.loads(after[0].information_state_string(1))["view"]


def test_its_mine_bids_are_one_simultaneous_node_in_the_simultaneous_form() -> None:
    state = load("itsmine", 2, simultaneous=True).new_initial_state().child(0)
    assert state.is_simultaneous_node()
    assert state.legal_actions(0) and state.legal_actions(1)


def test_options_pass_as_json() -> None:
    game = pyspiel.load_game(
        short_name("itsmine"), {"players": 2, "options": json.dumps({"variant": "simple"})}
    )
    state = game.new_initial_state().child(0)
    assert json.loads(state.information_state_string(0))["view"]["variant"] == "simple"


def test_a_resampled_world_is_one_the_seat_cannot_tell_apart(setting: tuple[str, int]) -> None:
    """``resample_from_infostate`` (the game's ``determinize``) keeps everything the seat
    knows: its information state, its observation and, when it is to act, its legal
    actions; and the world plays on."""
    name, players = setting
    rng = np.random.default_rng(5)
    sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    state = load(name, players).new_initial_state()
    for moves in (1, 6, 20):
        state = random_moves(state, moves, rng)
        if state.is_terminal():
            break
        for seat in range(players):
            worlds = [state.resample_from_infostate(seat, sampler) for _ in range(4)]
            for world in worlds:
                assert world.information_state_string(seat) == state.information_state_string(seat)
                assert world.observation_tensor(seat) == state.observation_tensor(seat)
                if seat == state.current_player():
                    assert world.legal_actions() == state.legal_actions()
        random_moves(worlds[0].clone(), 30, rng)


@pytest.mark.parametrize("setting", [("starmine", 2), ("laminate", 3)], ids=setting_id)
def test_a_resampled_world_deals_the_other_hands_again(setting: tuple[str, int]) -> None:
    """What the seat cannot see (the other hands) is drawn again: another seat's
    information state differs in some world."""
    name, players = setting
    state = load(name, players).new_initial_state().child(4)
    sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    worlds = [state.resample_from_infostate(0, sampler) for _ in range(4)]
    truth = state.information_state_string(1)
    assert any(world.information_state_string(1) != truth for world in worlds)


@pytest.mark.parametrize("name", ["starmine", "itsmine"])
def test_openspiel_ismcts_plays_whole_games_against_the_heuristic_bot(name: str) -> None:
    """OpenSpiel's own ISMCTS, resampling worlds through the adapter, at seat 0; asobi's
    heuristic bot (``normal``) at seat 1."""
    game = load(name, 2)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=5, random_state=rng)
    heuristic = make_bot("normal", name, seed=1)
    state = game.new_initial_state().child(1)
    while not state.is_terminal():
        if state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            action = choose_for(heuristic, state.table.state, 1)
            state.apply_action(state.table.coding.space.index(action))
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_openspiel_ismcts_with_a_seeded_resampler_repeats_its_choices() -> None:
    """Determinism: given the same seeds (its own and the resampler's), the bot chooses
    the same actions."""
    game = load("laminate", 3)

    def choices() -> list[int]:
        rng = np.random.RandomState(2)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=rng)
        bot.set_resampler(resampler(seed=9))
        state = game.new_initial_state().child(1)
        made = []
        for _ in range(6):
            action = int(bot.step(state))
            assert action in state.legal_actions()
            made.append(action)
            state.apply_action(action)
        return made

    assert choices() == choices()
