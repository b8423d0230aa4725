"""ゲームの終了 (the end of the game): 50 tepu, the extra round (延長戦), the draw, and the
round_limit option."""

from __future__ import annotations

from .rummycity_helpers import acting, end_all, phase, play, refused, table, tepu

# Six cards that never make a combination (ranks 2 5 8 10 J K): rounds played with them
# alone are pure drawing, and each final turn and lay-off is ended (``end_all``).
QUIET = [["S2", "H5"], ["D8", "CJ"]]
QUIET_ROW = ["SK", "H10"]


def test_the_game_ends_after_a_settlement_with_50_tepu() -> None:
    """ゲームの終了: 「決算を終えた後、どちらかが「50テプ」を所有していた場合、ゲームはこの
    ラウンドで終了し、次のラウンドは行いません。テプの多い方が勝利します。」"""
    state = table(
        [["S2"], ["DK", "CJ"]],
        ["C10"],
        laid=[["run H3 H4 H5", "run D3 D4 D5", "run C3 C4 C5"], []],
        tepu=[49, 10],
    )
    play(state, 0, "draw 1")
    # Seat 1 holds cards and seat 0's runs are open: it may lay off, and says it does not.
    assert phase(state) == "settle" and acting(state) == 1
    play(state, 1, "end")
    assert tepu(state) == [50, 8]
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.details["tepu"] == [50, 8]
    assert phase(state) == "over" and state.view(None)["round"] == 1
    assert state.active_seats() == frozenset()
    refused(state, 0, "draw 1", "end of game")


def test_reaching_50_during_a_round_does_not_end_it() -> None:
    """ゲームの終了: only 「決算を終えた後」: the Market's tepu mid-round end nothing."""
    state = table(
        [["S2", "H9"], ["DK", "CJ"]], ["C10", "DQ", "H2"], buildings=[["market"], []], tepu=[49, 7]
    )
    play(state, 0, "draw 1")  # the turn ends with a face-up ♦ on top: the Market pays
    assert tepu(state) == [50, 7]
    assert state.outcome() is None and acting(state) == 1


def test_below_50_another_round_follows() -> None:
    """ゲームの終了 / 決算: 「また、新しいラウンドを始めます」."""
    state = table(QUIET, QUIET_ROW, tepu=[49, 49])
    play(state, 0, "draw 1")
    play(state, 1, "draw 1")
    end_all(state)
    assert tepu(state) == [46, 46]
    assert state.outcome() is None and state.view(None)["round"] == 2


def test_more_tepu_wins_when_both_have_50() -> None:
    """ゲームの終了: 「テプの多い方が勝利します」."""
    state = table(QUIET, QUIET_ROW, tepu=[60, 55])
    play(state, 0, "draw 2")  # the row is empty: seat 0 pays 4, seat 1 pays 2
    end_all(state)
    outcome = state.outcome()
    assert outcome is not None
    assert tepu(state) == [56, 53] and outcome.winners == (0,)
    assert outcome.ranks == (1, 2)


def test_a_tie_at_50_plays_one_more_round() -> None:
    """ゲームの終了: 「同じ場合、延長戦として、もう1ラウンドおこないます」."""
    state = table(QUIET, QUIET_ROW, tepu=[53, 53])
    events = play(state, 0, "draw 1")
    events += play(state, 1, "draw 1")
    events += end_all(state)
    assert tepu(state) == [50, 50]
    assert state.outcome() is None
    view = state.view(None)
    assert view["overtime"] is True and view["round"] == 2
    assert "overtime" in [e.kind for e in events]


def test_a_tie_after_the_extra_round_is_a_draw() -> None:
    """ゲームの終了: 「それでも同じ場合、引き分けとして、ふたつの街の物語を紡いでってください」."""
    state = table(QUIET, QUIET_ROW, tepu=[53, 53])
    play(state, 0, "draw 1")
    play(state, 1, "draw 1")
    end_all(state)
    # The extra round: seat 1 starts (the first player alternates).
    assert acting(state) == 1
    play(state, 1, "draw 1")
    play(state, 0, "draw 1")
    end_all(state)
    outcome = state.outcome()
    assert outcome is not None and outcome.is_draw
    assert tepu(state) == [47, 47]


def test_the_extra_round_is_decided_by_more_tepu_even_below_50() -> None:
    """ゲームの終了: after the extra round the game ends; 「テプの多い方が勝利します」."""
    state = table(QUIET, QUIET_ROW, tepu=[53, 53])
    play(state, 0, "draw 1")
    play(state, 1, "draw 1")
    end_all(state)
    play(state, 1, "draw 2")  # the row is empty: seat 1 holds 4 cards, seat 0 holds 2
    end_all(state)
    outcome = state.outcome()
    assert outcome is not None
    assert tepu(state) == [48, 46] and outcome.winners == (0,)


def test_round_limit_option_ends_the_game() -> None:
    """The ``round_limit`` option (not in the rulebook): the game stops after that round,
    more tepu winning."""
    state = table(QUIET, QUIET_ROW, tepu=[20, 7], options={"round_limit": 1})
    play(state, 0, "draw 1")
    play(state, 1, "draw 1")
    end_all(state)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert "round limit" in outcome.details["reason"]


def test_round_limit_counts_rounds() -> None:
    state = table(QUIET, QUIET_ROW, options={"round_limit": 2})
    play(state, 0, "draw 1")
    play(state, 1, "draw 1")
    end_all(state)
    assert state.outcome() is None and state.view(None)["round"] == 2
    play(state, 1, "draw 2")
    end_all(state)
    assert state.outcome() is not None


def test_target_option_moves_the_goal() -> None:
    """ゲームの終了 「50テプ」 is the default ``target``."""
    state = table(QUIET, QUIET_ROW, tepu=[12, 7], options={"target": 10})
    play(state, 0, "draw 1")
    play(state, 1, "draw 1")
    end_all(state)
    assert tepu(state) == [9, 4] and state.outcome() is None
    state = table(QUIET, QUIET_ROW, tepu=[13, 7], options={"target": 10})
    play(state, 0, "draw 1")
    play(state, 1, "draw 1")
    end_all(state)
    outcome = state.outcome()
    assert tepu(state) == [10, 4] and outcome is not None and outcome.winners == (0,)
