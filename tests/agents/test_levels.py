"""Difficulty levels and bots by name with parameters (issue 7: "Difficulty levels a person
can choose: easy, normal, hard (and random), each mapped to a bot and budget per game")."""

from __future__ import annotations

import pytest

import asobi.agents
from asobi.agents import ISMCTS, CarelessBot, Lookahead
from asobi.core import all_specs, new_game
from asobi.core.bots import LEVELS, choose_for, decision_for, level_bot, make_bot, parse_bot
from asobi.games.carrotein.bots import SolverBot

GAMES = [spec.id for spec in all_specs()]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_every_game_has_every_level(game: str, level: str) -> None:
    bot = make_bot(level, game, seed=1)
    state = new_game(game, {}, seed=2)
    seat = min(state.active_seats())
    if level == "hard":
        return  # searches for up to a second: its legality is the property test's
    choose_for(bot, state, seat)


def test_levels_map_to_the_games_bots() -> None:
    assert level_bot("starmine", "normal") == "greedy"
    assert isinstance(make_bot("easy", "starmine"), CarelessBot)
    assert isinstance(make_bot("random", "laminate"), asobi.agents.RandomBot)
    hard = make_bot("hard", "starmine")
    assert isinstance(hard, Lookahead) and hard.seconds is not None and hard.seconds <= 1.0
    # Where more worlds would only make a long game slower, hard compares fewer of them.
    for game, worlds in (("itsmine", 8), ("rummycity", 5)):
        capped = make_bot("hard", game)
        assert isinstance(capped, Lookahead) and capped.worlds == worlds
        assert capped.seconds is not None and capped.seconds <= 1.0
    # Laminate's hard searches only where six worlds of every candidate fit in its time.
    endgame = make_bot("hard", "laminate")
    assert isinstance(endgame, Lookahead) and endgame.least == 6 and endgame.top == 3
    assert endgame.seconds is not None and endgame.seconds <= 1.0
    # Carrotein's levels are its solver bots; hard is perfect within a second.
    levels = [level_bot("carrotein", lv) for lv in ("easy", "normal", "hard")]
    assert levels == ["beginner", "good_eye", "perfect:seconds=0.75"]
    timed = make_bot("hard", "carrotein")
    assert isinstance(timed, SolverBot) and timed.name == "perfect" and timed.seconds == 0.75


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="levels: random, easy, normal, hard"):
        level_bot("starmine", "expert")


def test_bot_parameters_are_parsed_and_checked() -> None:
    assert parse_bot("ismcts:iterations=20:c=0.5") == ("ismcts", {"iterations": "20", "c": "0.5"})
    bot = make_bot("ismcts:iterations=20:c=0.5:rollout=greedy", "starmine", 3)
    assert isinstance(bot, ISMCTS) and bot.iterations == 20 and bot.c == 0.5
    for bad, message in [
        ("ismcts:iterations", "key=value"),
        ("ismcts:iterations=many", "not an integer"),
        ("ismcts:c=wide", "not a number"),
        ("ismcts:width=3", "not width"),
        ("ismcts:depth=many", "not an integer"),
        ("ismcts:iterations=0", "at least one iteration"),
        ("ismcts:rollout=nobody", "nobody"),
        ("careless:p=2", "probability"),
        ("greedy:seconds=1", "no parameters"),
        ("perfect:eye=sharp", "not eye"),
    ]:
        game = "carrotein" if bad.startswith("perfect") else "starmine"
        with pytest.raises(ValueError, match=message):
            make_bot(bad, game)


def test_a_careless_bot_slips_as_often_as_asked() -> None:
    """``easy``: the heuristic bot, one decision in three at random."""
    state = new_game("starmine", {}, seed=5)
    seat = min(state.active_seats())
    decision = decision_for(state, seat)
    greedy_choice = make_bot("greedy", "starmine").choose(decision)
    never = CarelessBot(make_bot("greedy", "starmine"), 0.0, seed=1)
    assert all(never.choose(decision) == greedy_choice for _ in range(20))
    always = CarelessBot(make_bot("greedy", "starmine"), 1.0, seed=1)
    assert len({always.choose(decision) for _ in range(60)}) > 1
    # Same seed, same slips.
    a = [
        CarelessBot(make_bot("greedy", "starmine"), 0.5, seed=9).choose(decision) for _ in range(3)
    ]
    b = [
        CarelessBot(make_bot("greedy", "starmine"), 0.5, seed=9).choose(decision) for _ in range(3)
    ]
    assert a == b


def test_hard_answers_within_its_budget_on_starmine() -> None:
    """The time budget bounds a decision (measured figures: docs/strength.md)."""
    bot = make_bot("ismcts:seconds=0.05:rollout=greedy", "starmine", 1)
    state = new_game("starmine", {}, seed=5)
    seat = min(state.active_seats())
    choose_for(bot, state, seat)
    assert isinstance(bot, ISMCTS) and 1 <= bot.last_iterations < 10**9
