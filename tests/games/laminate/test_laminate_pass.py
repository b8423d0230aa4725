"""Passing: 【ゲームの進行】 「できるアクションがあるときはパスはできません」, 【ゲームの終了と
勝利条件】 「ごく稀に、自分の番にできない場合があります…全員が連続でパスをしたら、その場でゲーム
終了です」 and 【補遺】 パスに対する注意."""

from __future__ import annotations

from .laminate_helpers import (
    active,
    hand,
    legal,
    paper,
    phase,
    play,
    refused,
    table,
)

HANDS = [["HA"], ["O2"], ["B3"]]


def test_pass_when_neither_research_nor_review_is_possible() -> None:
    """ごく稀に、自分の番にできない場合があります。そのときはパスをすることになります: no deck, no
    discards, no paper under review."""
    state = table(HANDS, [[paper("kind3", "H7")], [], []])
    assert legal(state) == ["pass"]
    play(state, 0, "pass")
    assert active(state) == [1] and hand(state, 0) == ["HA"]
    assert state.view(None)["passes_in_row"] == 1


def test_pass_refused_while_research_is_possible() -> None:
    """補遺: 「研究か査読ができるときはパスはできません」."""
    for deck, discards in ((["C4"], []), ([], ["C4"]), (["C4", "S5"], ["T6"])):
        state = table(HANDS, deck=deck, discards=discards)
        assert "pass" not in legal(state)
        error = refused(state, 0, "pass", "補遺 パスに対する注意")
        assert "研究か査読ができるときはパスはできません" in str(error)


def test_pass_refused_while_review_is_possible() -> None:
    state = table(HANDS, [[], [], [paper("kind3", "O7", "C7")]])
    assert "pass" not in legal(state)
    assert set(legal(state)) == {"review O7", "review C7"}
    refused(state, 0, "pass", "補遺 パスに対する注意")


def test_pass_publishing_may_be_declined() -> None:
    """補遺: 「論文発表できるときでも、論文発表できる組み合わせが見つけれなかったことにしてパスする
    ことができます」."""
    state = table([["O7", "C7", "B7"], ["O2"], ["B3"]])
    assert legal(state) == ["publish kind3", "pass"]
    play(state, 0, "pass")
    assert sorted(hand(state, 0)) == sorted(["O7", "C7", "B7"])
    assert active(state) == [1]


def test_pass_does_not_stop_later_actions() -> None:
    """補遺: 「パスをしても、次のターン以降は今まで同様にアクションができます」: seat 0 passes,
    seat 1 publishes a paper under review, and seat 0 may review it on its next turn."""
    state = table([["HA"], ["O7", "C7", "B7"], ["B3"]])
    play(state, 0, "pass")
    play(state, 1, "publish kind3", "lay O7", "lay C7", "lay B7")
    play(state, 2, "review B7")
    assert legal(state) == ["review O7", "review C7"]
    play(state, 0, "review O7")
    assert sorted(hand(state, 0)) == sorted(["HA", "O7"])


def test_pass_everyone_in_a_row_ends_the_game_at_once() -> None:
    """「全員が連続でパスをしたら、その場でゲーム終了です。完成した論文…の合計点が一番高いプレイヤー
    （同点の場合は完成した論文が少ないプレイヤー）が勝利です」."""
    state = table(
        HANDS,
        [
            [paper("kind5", "H7"), paper("kind3", "O7")],
            [paper("pairs4", "C7")],
            [paper("flush4", "B7"), paper("straight5", "S7")],
        ],
    )
    play(state, 0, "pass")
    play(state, 1, "pass")
    assert state.outcome() is None
    play(state, 2, "pass")
    assert phase(state) == "over" and active(state) == []
    result = state.outcome()
    assert result is not None
    assert result.details["reason"] == "everyone passed in a row"
    assert result.scores == (5, 5, 5)
    assert result.ranks == (2, 1, 2), "5 points in one paper beat 5 in two"
    refused(state, 0, "pass", "end of game")


def test_pass_everyone_in_a_row_even_during_the_last_turns() -> None:
    state = table(HANDS, end_condition_met_by=1, turns_left=4, passes_in_row=1, turn=2)
    play(state, 2, "pass")
    assert state.outcome() is None
    play(state, 0, "pass")
    assert state.outcome() is not None


def test_pass_an_action_in_between_restarts_the_count() -> None:
    """「連続で」: seat 1 publishes a complete AK (nothing left to review) between the passes."""
    state = table([["O2"], ["HA", "C4"], ["B3"]], [[], [paper("kind3", "KK")], []])
    play(state, 0, "pass")
    play(state, 1, "publish ak", "cite KK")
    # A draft in progress is the drafter's secret: the count ends when the paper is laid.
    assert state.view(None)["passes_in_row"] == 1 and state.view(0)["passes_in_row"] == 1
    play(state, 1, "lay HA")
    assert state.view(None)["passes_in_row"] == 0
    play(state, 2, "pass")
    play(state, 0, "pass")
    assert state.outcome() is None, "three passes, but not in a row"
    play(state, 1, "pass")
    assert state.outcome() is not None
