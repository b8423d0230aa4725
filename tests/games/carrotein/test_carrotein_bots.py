"""The solver bots (bots.py): they pass on a sky nobody can do, place where they still can,
choose boards that succeed, play only legal moves, and play the same for the same seed."""

from __future__ import annotations

import pytest

from asobi.core.bots import choose_for, decision_for
from asobi.games.carrotein import SPEC
from asobi.games.carrotein import bots as bots_module
from asobi.games.carrotein.actions import PASS, Choose, Place
from asobi.games.carrotein.bots import BOTS
from asobi.games.carrotein.layouts import scattered
from asobi.games.carrotein.sky import default_sky, judge
from asobi.games.carrotein.solver import BEGINNER, GOOD_EYE, PERFECT
from asobi.games.carrotein.state import CarroteinState
from asobi.games.carrotein.views import read_view

CORNERS = [[x, y, "colourless"] for x in (30, 55, 545, 570) for y in (30, 420)]


def game(setup: dict[str, object] | None = None, players: int = 3) -> CarroteinState:
    state = SPEC.new_game({"players": players, "start_player": 0}, seed=1, setup=setup)
    assert isinstance(state, CarroteinState)
    return state


def test_a_bot_passes_when_no_two_boards_can_do_the_sky() -> None:
    """散らかしタイム: "星座を作ることができない状態なら素直に【パス】を宣言しましょう"."""
    state = game({"chips": CORNERS})
    for level in ("perfect", "good_eye"):
        assert choose_for(BOTS[level](0), state, 0) == PASS


def test_a_bot_places_on_a_sky_it_can_still_do() -> None:
    """On a fresh mat (the first star alone) a bot places its chip where two boards still
    hide all but two centre points."""
    state = game()
    action = choose_for(BOTS["perfect"](0), state, 0)
    assert isinstance(action, Place)


def test_a_challenger_chooses_a_pair_that_succeeds() -> None:
    """星座作成タイム 1: the bot chooses two boards its solver succeeds with, and the lay it
    makes is judged a success."""
    chips = [[270, 225, "red"], [330, 225, "blue"], [300, 260, "red"], [300, 190, "green"]]
    state = game({"chips": chips, "challenger": 0})
    bot = BOTS["perfect"](0)
    choice = choose_for(bot, state, 0)
    assert isinstance(choice, Choose)
    state.apply(0, choice)
    state.apply(0, choose_for(bot, state, 0))
    assert state.challenges[-1].verdict.success


def test_the_same_seed_makes_the_same_decision() -> None:
    """Bots are seeded: the same seed and position give the same move."""
    state = game({"chips": [[250, 225, "red"], [350, 225, "blue"]], "turn": 2})
    for level in BOTS:
        first = BOTS[level](7).choose(decision_for(state, 2))
        again = BOTS[level](7).choose(decision_for(state, 2))
        assert first == again, level


@pytest.mark.slow
def test_bots_play_a_whole_game_with_legal_moves_only() -> None:
    """A game between the beginner and the good eye runs to its end through ``choose_for``
    (which refuses an illegal choice)."""
    state = game(players=2)
    bots = [BOTS["beginner"](1), BOTS["good_eye"](2)]
    for _ in range(1000):  # a round is at most 140 placements and passes
        if state.is_over:
            break
        seat = next(iter(state.active_seats()))
        state.apply(seat, choose_for(bots[seat], state, seat))
    assert state.is_over


def test_a_bot_in_a_hurry_moves_as_the_untimed_bot_when_it_has_the_time() -> None:
    """The hard level (``perfect:seconds=0.75``) looks with its own eye first, for three
    quarters of its budget, so a decision that fits in that moves exactly as the untimed
    ``perfect`` does; the coarse good eye comes second, for a look cut short."""
    hurried = BOTS["perfect"](0, seconds="1000")
    assert hurried.eyes == (PERFECT, GOOD_EYE) and BOTS["perfect"](0).eyes == (PERFECT,)
    assert BOTS["good_eye"](0, seconds="0.9").eyes == (GOOD_EYE,)
    assert BOTS["beginner"](0, seconds="0.9").eyes == (BEGINNER,)  # no other eye
    chips = [[270, 225, "red"], [330, 225, "blue"], [300, 260, "red"], [300, 190, "green"]]
    for state in (game(), game({"chips": CORNERS}), game({"chips": chips, "challenger": 0})):
        untimed = BOTS["perfect"](5)
        assert BOTS["perfect"](5, seconds="1000").choose(decision_for(state, 0)) == untimed.choose(
            decision_for(state, 0)
        )


@pytest.mark.slow
def test_a_bot_whose_own_eye_is_out_of_time_answers_with_the_coarse_eye(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With no time for its own eye (its share of the budget set to nothing), the hurried
    bot's look is cut short at once and it answers with the good eye's search: it still
    passes on a sky nobody can do, places on a fresh mat, and challenges with a pair that
    succeeds."""
    monkeypatch.setattr(bots_module, "OWN_SHARE", 0.0)
    hurried = BOTS["perfect"](0, seconds="1000")
    # A sky (layouts.scattered, seed 2300) that no pair does from its first pose: the own
    # eye's look is cut short, the coarse eye's is not.
    centres, _, _ = scattered(default_sky(), 2300, chips=10, spread=50)
    colours = ("red", "blue", "green")
    sky = [[x, y, colours[i % 3]] for i, (x, y) in enumerate(centres[1:])]  # (the first star)
    state = game({"chips": sky, "challenger": 0})
    assert choose_for(hurried, game({"chips": CORNERS}), 0) == PASS
    assert isinstance(choose_for(hurried, game(), 0), Place)
    state.apply(0, choose_for(hurried, state, 0))
    assert hurried.last_eye == GOOD_EYE
    state.apply(0, choose_for(hurried, state, 0))
    assert state.challenges[-1].verdict.success


def test_a_bot_out_of_time_on_a_sky_it_can_do_places_where_the_boards_hide_the_chip() -> None:
    """A hurried bot that knows the sky can be done now (an answer found before) but has no
    time to weigh a spot does not pass, which would hand the sky to the players left: it
    places its chip where the boards that do the sky now already hide it."""
    chips = [[270, 225, "red"], [330, 225, "blue"], [300, 260, "red"], [300, 190, "green"]]
    state = game({"chips": chips})
    decision = decision_for(state, 0)
    untimed = BOTS["perfect"](0)
    now = untimed._any_pair(0, read_view(decision.view))  # the sky as it is, answered and kept
    assert now is not None and now.success
    hurried = BOTS["perfect"](0, seconds="0.000001")
    action = hurried.choose(decision)
    assert isinstance(action, Place) and hurried.last_eye == PERFECT
    boards = [(hurried.sky.board(i), pose) for i, pose in zip(now.boards, now.poses, strict=True)]
    assert judge(hurried.sky, [(action.x, action.y)], boards).hidden == (True,)


def test_a_spot_the_boards_still_do_as_they_lie_is_one_the_solver_does_too() -> None:
    """Weighing a spot, a bot first judges the boards where they do the sky now with the
    chip added (``_still_done``): where that succeeds, its solver's search for the pair
    succeeds as well, so the shortcut changes no choice, only its time."""
    # A sky (layouts.scattered, seed 2305) that the boards do leaving out 2 chips: a spot
    # they hide keeps it done, one they do not hide needs the search.
    centres, _, _ = scattered(default_sky(), 2305, chips=9, spread=45)
    colours = ("red", "blue", "green")
    sky = [[x, y, colours[i % 3]] for i, (x, y) in enumerate(centres[1:])]  # (the first star)
    decision = decision_for(game({"chips": sky}), 0)
    bot = BOTS["good_eye"](0)
    view = read_view(decision.view)
    now = bot._any_pair(0, view)
    assert now is not None and now.success and now.verdict.shown == 2
    a, b = (bot.sky.board(i) for i in now.boards)
    laid = list(zip((a, b), now.poses, strict=True))
    spots = bot._nearest(view, [s for s in decision.legal if isinstance(s, Place)])
    verdicts = {spot: bot._still_done(view, spot, laid) for spot in spots[:3] + spots[-3:]}
    assert set(verdicts.values()) == {True, False}
    done = [spot for spot, still in verdicts.items() if still]
    boards = [(a, now.poses[0]), (b, now.poses[1])]
    assert all(judge(bot.sky, [(s.x, s.y)], boards).hidden == (True,) for s in done)
    for spot in done:
        solver = bot._solver(0, view, GOOD_EYE, spot)
        assert solver.pair(a, b, any_success=True).success
