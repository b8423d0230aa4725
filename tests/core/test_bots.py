"""asobi.core.bots: decisions hold only what a seat may know; bots by name."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator

import pytest

import asobi.agents
from asobi.core import GameSpec, new_game
from asobi.core import bots as core_bots
from asobi.core.bots import (
    LEVELS,
    Decision,
    bot_names,
    choose_for,
    decision_for,
    level_bot,
    make_bot,
    register_bot,
)
from asobi.core.errors import AsobiError, InvalidBot
from tests.properties.harness import fingerprint

from .simultaneous_game import FirstLegalBot, Show, registered


def test_the_generic_random_bot_plays_any_game() -> None:
    assert "random" in bot_names("starmine")
    bot = make_bot("random", "starmine", seed=3)
    assert isinstance(bot, asobi.agents.RandomBot) and bot.name == "random"


def test_decision_holds_the_seats_view_and_legal_actions() -> None:
    state = new_game("starmine", {}, seed=4)
    seat = min(state.active_seats())
    decision = decision_for(state, seat)
    assert decision.game == "starmine" and decision.seat == seat
    assert decision.view == state.view(seat)
    assert list(decision.legal) == state.legal_actions(seat)


def test_decision_never_holds_the_true_state() -> None:
    state = new_game("starmine", {}, seed=4)
    seat = min(state.active_seats())
    decision = decision_for(state, seat)
    reachable = [getattr(decision, f.name) for f in dataclasses.fields(decision)]
    reachable += [cell.cell_contents for cell in decision.sample_world.__closure__ or ()]
    assert all(thing is not state for thing in reachable)


def test_sampled_worlds_agree_with_the_view_and_stay_at_the_decision() -> None:
    state = new_game("starmine", {}, seed=4)
    seat = min(state.active_seats())
    decision = decision_for(state, seat)
    worlds = [decision.sample_world(random.Random(k)) for k in range(5)]
    assert all(w.view(seat) == decision.view for w in worlds)
    assert len({repr(fingerprint(w)) for w in worlds}) > 1, "worlds are not resampled"
    state.apply(seat, state.legal_actions(seat)[0])  # the real game moves on
    assert decision.sample_world(random.Random(9)).view(seat) == decision.view


class ChaosBot:
    """Plays around in a sampled world, then answers with a legal action."""

    name = "chaos"

    def choose(self, decision: Decision) -> object:
        world = decision.sample_world(random.Random(0))
        while not world.is_over:
            s = min(world.active_seats())
            world.apply(s, world.legal_actions(s)[-1])
        return decision.legal[0]


def test_a_bot_playing_in_its_worlds_cannot_change_the_game() -> None:
    state = new_game("starmine", {}, seed=8)
    before = fingerprint(state)
    seat = min(state.active_seats())
    action = choose_for(ChaosBot(), state, seat)  # type: ignore[arg-type]
    assert action == state.legal_actions(seat)[0]
    assert fingerprint(state) == before


class CheatBot:
    name = "cheat"

    def choose(self, decision: Decision) -> object:
        return Show(9)


def test_choose_for_refuses_an_illegal_choice() -> None:
    state = new_game("starmine", {}, seed=1)
    with pytest.raises(RuntimeError, match="bot cheat chose an illegal action 'show 9'"):
        choose_for(CheatBot(), state, min(state.active_seats()))  # type: ignore[arg-type]


def test_random_bot_is_reproducible_from_its_seed() -> None:
    def choices(seed: int) -> list[str]:
        state = new_game("starmine", {}, seed=2)
        bot = make_bot("random", "starmine", seed)
        out = []
        while not state.is_over:
            seat = min(state.active_seats())
            action = choose_for(bot, state, seat)
            out.append(action.encode())
            state.apply(seat, action)
        return out

    assert choices(5) == choices(5)
    assert choices(5) != choices(6)


def test_unknown_bot_lists_the_known_ones(odds_evens: GameSpec) -> None:
    with pytest.raises(ValueError, match=r"no bot 'genius' for starmine \(known: .*random"):
        make_bot("genius", "starmine")
    # The levels first, then every bot by name.
    with pytest.raises(ValueError, match=r"known: random, easy, normal, hard, .*first"):
        make_bot("genius", odds_evens.id)


def test_a_games_own_bots_come_with_its_spec(odds_evens: GameSpec) -> None:
    names = bot_names(odds_evens.id)
    assert {"first", "random"} <= set(names) and names == sorted(names)
    assert "first" not in bot_names("starmine")  # a game's own bots are its own
    bot = make_bot("first", odds_evens.id, seed=4)
    assert isinstance(bot, FirstLegalBot) and bot.seed == 4
    state = odds_evens.new_game({}, 0)
    assert choose_for(bot, state, 1) == Show(0)


def test_a_games_heuristic_bot_makes_its_levels_and_is_the_one_searches_play_with(
    odds_evens: GameSpec,
) -> None:
    spec = dataclasses.replace(odds_evens, id="test-heuristic", heuristic="first")
    with registered(spec):
        assert [level_bot(spec.id, level) for level in LEVELS] == [
            "random",
            "careless:p=0.33:bot=first",
            "first",
            "lookahead:seconds=0.8",
        ]
        careless = make_bot("easy", spec.id, seed=2)
        assert isinstance(careless, asobi.agents.CarelessBot)
        assert isinstance(careless.inner, FirstLegalBot)
        hard = make_bot("hard", spec.id, seed=2)
        assert isinstance(hard, asobi.agents.Lookahead)
        assert isinstance(hard.policy(0), FirstLegalBot)


def test_a_game_without_a_heuristic_bot_is_played_by_searches_at_every_level(
    odds_evens: GameSpec,
) -> None:
    """Searches with random playouts need nothing of the game; the reproducible budgets of
    easy and normal are moves simulated, bounded in work however long a game is."""
    assert odds_evens.heuristic is None
    assert [level_bot(odds_evens.id, level) for level in LEVELS] == [
        "random",
        "ismcts:moves=1000",
        "ismcts:moves=10000",
        "ismcts:seconds=0.8",
    ]
    state = odds_evens.new_game({}, 0)
    for level in ("easy", "normal"):
        first, second = (make_bot(level, odds_evens.id, seed=5) for _ in range(2))
        assert choose_for(first, state, 0) == choose_for(second, state, 0)


def test_careless_and_lookahead_ask_for_a_bot_where_a_game_has_no_heuristic_one(
    odds_evens: GameSpec,
) -> None:
    for name in ("careless", "lookahead"):
        told = rf"^{name} plays with a bot of .*: name one \({name}:bot=NAME\)$"
        with pytest.raises(InvalidBot, match=told):
            make_bot(name, odds_evens.id)
    named = make_bot("careless:bot=first", odds_evens.id)
    assert isinstance(named, asobi.agents.CarelessBot)
    assert isinstance(named.inner, FirstLegalBot)


def test_a_games_heuristic_bot_is_one_of_its_bots(odds_evens: GameSpec) -> None:
    with pytest.raises(ValueError, match="heuristic bot 'nobody' is not one of its bots"):
        dataclasses.replace(odds_evens, heuristic="nobody")


@pytest.fixture
def shadowing_game(odds_evens: GameSpec) -> Iterator[GameSpec]:
    spec = dataclasses.replace(odds_evens, id="test-shadow", bots={"random": FirstLegalBot})
    with registered(spec):
        yield spec


def test_a_games_own_bot_comes_before_a_generic_one_of_the_same_name(
    shadowing_game: GameSpec,
) -> None:
    assert isinstance(make_bot("random", shadowing_game.id), FirstLegalBot)
    assert isinstance(make_bot("random", "starmine"), asobi.agents.RandomBot)


def test_generic_bots_serve_every_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(core_bots, "_GENERIC", dict(core_bots._GENERIC))
    made: list[tuple[str, int]] = []

    def factory(game: str, seed: int) -> FirstLegalBot:
        made.append((game, seed))
        return FirstLegalBot(seed)

    register_bot("first-anywhere", factory)
    assert "first-anywhere" in bot_names("starmine")
    assert isinstance(make_bot("first-anywhere", "starmine", 12), FirstLegalBot)
    assert made == [("starmine", 12)]


@pytest.mark.parametrize(
    ("name", "game", "message"),
    [
        ("ismcts:seconds=nan", "starmine", "seconds='nan' is not a finite number"),
        ("ismcts:seconds=inf", "starmine", "seconds='inf' is not a finite number"),
        ("ismcts:c=NaN", "starmine", "c='NaN' is not a finite number"),
        ("ismcts:margin=-inf", "starmine", "margin='-inf' is not a finite number"),
        ("ismcts:bias=nan", "starmine", "bias='nan' is not a finite number"),
        ("ismcts:c=-1", "starmine", "c='-1' is less than 0"),
        ("ismcts:margin=-0.5", "starmine", "margin='-0.5' is less than 0"),
        ("ismcts:depth=-1", "starmine", "depth='-1' is less than 0"),
        ("lookahead:seconds=nan", "starmine", "seconds='nan' is not a finite number"),
        ("lookahead:margin=1e999", "starmine", "margin='1e999' is not a finite number"),
        ("lookahead:depth=-3", "starmine", "depth='-3' is less than 0"),
        ("lookahead:least=0", "starmine", "least='0' is less than 1"),
        ("careless:p=nan", "starmine", "p='nan' is not a finite number"),
        ("perfect:seconds=nan", "carrotein", "seconds='nan' is not a finite number"),
        ("good_eye:seconds=0", "carrotein", "a time budget is more than 0"),
        ("beginner:seconds=-1", "carrotein", "a time budget is more than 0"),
    ],
)
def test_a_bot_parameter_that_means_nothing_is_refused(name: str, game: str, message: str) -> None:
    """Issue 30, 14: ``seconds=nan`` made a decision that never ends (no deadline is ever
    past NaN); every number a bot takes must be finite, and not below what means anything.
    The error is an AsobiError (one line at the CLI) and a ValueError, as bot names were."""
    with pytest.raises(InvalidBot, match=re.escape(message)) as refused:
        make_bot(name, game)
    assert isinstance(refused.value, AsobiError) and isinstance(refused.value, ValueError)
