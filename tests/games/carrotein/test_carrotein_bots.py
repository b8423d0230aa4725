"""The solver bots (bots.py): they pass on a sky nobody can do, place where they still can,
choose boards that succeed, play only legal moves, and play the same for the same seed."""

from __future__ import annotations

from asobi.core.bots import choose_for, decision_for
from asobi.games.carrotein import SPEC
from asobi.games.carrotein.actions import PASS, Choose, Place
from asobi.games.carrotein.bots import BOTS
from asobi.games.carrotein.rules import CarroteinState

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


def test_a_bot_in_a_hurry_looks_coarsely_first() -> None:
    """The hard level (``perfect:seconds=0.9``) looks with the good eye before its own, so a
    sky the coarse eye can read is answered as the coarse eye would, and one it cannot is
    still searched finely; untimed, ``perfect`` looks only with its own eye."""
    from asobi.games.carrotein.solver import BEGINNER, GOOD_EYE, PERFECT

    hurried = BOTS["perfect"](0, seconds="0.9")
    assert hurried.eyes == (GOOD_EYE, PERFECT) and BOTS["perfect"](0).eyes == (PERFECT,)
    assert BOTS["good_eye"](0, seconds="0.9").eyes == (GOOD_EYE,)
    assert BOTS["beginner"](0, seconds="0.9").eyes == (BEGINNER,)  # no finer eye first
    # Placing on a fresh mat, passing on a sky no pair can do, choosing a pair that works.
    assert isinstance(choose_for(hurried, game(), 0), Place)
    assert choose_for(hurried, game({"chips": CORNERS}), 0) == PASS
    chips = [[270, 225, "red"], [330, 225, "blue"], [300, 260, "red"], [300, 190, "green"]]
    state = game({"chips": chips, "challenger": 0})
    state.apply(0, choose_for(hurried, state, 0))
    state.apply(0, choose_for(hurried, state, 0))
    assert state.challenges[-1].verdict.success
