"""【ゲームの終了と勝利条件】: complete papers worth 15 or more at the end of one's own turn
meet the end condition; the End Flag (エンドフラグ); one more turn for that player, two for
the others; the highest total wins, a tie goes to the fewest complete papers."""

from __future__ import annotations

from typing import Any

import pytest

from asobi.games.laminate.state import LaminateState

from .laminate_helpers import (
    active,
    finish,
    hand,
    legal,
    paper,
    papers_of,
    phase,
    play,
    points,
    refused,
    research,
    seen_by,
    supply,
    table,
)

# Complete papers worth 14: 9 + 2 + 2 + 1.
FOURTEEN = [
    paper("straight11", "T12"),
    paper("sum49", "B3"),
    paper("ak", "KK"),
    paper("kind3", "H7"),
]
DECK = ["H2", "O3", "B4", "C5", "S6", "T8", "K8", "K9", "K10", "K11"]


def fourteen_and_a_flush_under_review(seat: int = 0, **more: Any) -> LaminateState:
    """``seat`` has 14 points of complete papers and a 4ストフラ (4 points) under review
    holding C8 and C9."""
    papers: list[list[dict[str, Any]]] = [[], [], []]
    papers[seat] = [*FOURTEEN, paper("flush4", "C8", "C9")]
    return table([["O2", "S5"], ["HA"], ["O4"]], papers, deck=DECK, **more)


# --- the end condition ---------------------------------------------------------------------
def test_end_condition_met_at_the_end_of_ones_own_turn() -> None:
    """ゲームの終了: 「自分の手番終了時に自分の場に15点以上の論文が完成していたら、ゲーム終了条件が
    満たされます」: seat 0 completes its own 4ストフラ by reviewing it: 14 + 4 = 18."""
    state = fourteen_and_a_flush_under_review()
    events = play(state, 0, "review C8")
    assert points(state, 0) == 18
    assert {"kind": "end_triggered", "seat": 0, "points": 18, "flag": True} in seen_by(events, 1)
    assert state.view(None)["end_condition_met_by"] == 0


def test_end_condition_not_met_below_15() -> None:
    state = table([["O2"], ["HA"], ["O4"]], [FOURTEEN, [], []], deck=DECK)
    research(state)
    assert state.view(None)["end_condition_met_by"] is None
    assert active(state) == [1]


def test_end_condition_papers_under_review_do_not_count() -> None:
    """3. 査読: 「この状態で初めて論文の価値が認められ、勝利点を得られます」: 14 complete points and
    a 4ストフラ still under review are not 15."""
    state = fourteen_and_a_flush_under_review()
    assert points(state, 0) == 14
    research(state)
    assert state.view(None)["end_condition_met_by"] is None


def test_end_condition_checked_at_the_end_of_the_players_own_turn_only() -> None:
    """「自分の手番終了時に」: seat 0 completes seat 1's paper (seat 1 now has 18), but the
    condition is met at the end of seat 1's own turn, not seat 0's."""
    state = fourteen_and_a_flush_under_review(seat=1)
    play(state, 0, "review C9")
    assert points(state, 1) == 18
    assert state.view(None)["end_condition_met_by"] is None
    assert active(state) == [1] and phase(state) == "turn"
    play(state, 1, "draw", "keep H2")
    assert state.view(None)["end_condition_met_by"] == 1
    assert phase(state) == "flag" and active(state) == [1]


def test_end_condition_met_by_passing_too() -> None:
    """A pass ends the turn like any other: 15 points at its end meet the condition."""
    state = table(
        [["O2"], ["HA"], ["O4"]], [[*FOURTEEN, paper("straight5", "S5")], [], []], deck=[]
    )
    assert legal(state) == ["pass"]
    play(state, 0, "pass")
    assert state.view(None)["end_condition_met_by"] == 0
    assert legal(state) == ["flag O2"]


# --- the End Flag ----------------------------------------------------------------------------
def test_end_flag_taken_with_a_hand_card_of_ones_choice() -> None:
    """ゲームの終了: 「ゲーム終了条件を満たしたプレイヤーは、手番の終了時に論文カード「エンド
    フラグ」を獲得し、手札の好きなカード1枚と合わせて自分の場に出します」; ruling: it is a
    complete paper worth 1 (【役の補足説明】 エンドフラグ 1点)."""
    state = fourteen_and_a_flush_under_review()
    play(state, 0, "review C8")
    assert phase(state, 0) == "flag" and active(state) == [0]
    assert sorted(legal(state)) == sorted(["flag O2", "flag S5", "flag C8"])
    events = play(state, 0, "flag S5")
    assert {"kind": "flag", "seat": 0, "card": "S5"} in seen_by(events, 2)
    assert papers_of(state, 0)[-1] == ("endflag", ["S5"], True)
    assert points(state, 0) == 18 + 1
    assert sorted(hand(state, 0)) == sorted(["O2", "C8"])
    assert supply(state)["endflag"] == 0
    assert active(state) == [1]


def test_end_flag_cannot_be_refused() -> None:
    """補遺 その他: 「エンドフラグは、手札がないとき以外は獲得してください…受け取り拒否は
    できません」; 「ゲームを終了しないことを選ぶことはできません」."""
    state = fourteen_and_a_flush_under_review()
    play(state, 0, "review C8")
    assert all(code.startswith("flag ") for code in legal(state))
    refused(state, 0, "pass", "ゲームの進行")
    refused(state, 0, "draw", "ゲームの進行")
    refused(state, 0, "flag HA", "ゲームの終了と勝利条件")  # not in the hand
    refused(state, 1, "flag HA", "turn order")


def test_end_flag_only_for_the_player_meeting_the_condition() -> None:
    state = table([["O2"], ["HA"], ["O4"]], [FOURTEEN, [], []], deck=DECK)
    refused(state, 0, "flag O2", "ゲームの終了と勝利条件")


def test_end_flag_none_with_an_empty_hand_but_the_condition_is_met() -> None:
    """ゲームの終了: 「手札のカードがない場合は「エンドフラグ」が獲得できません。その場合でもゲーム
    終了条件は満たされます。あとから「エンドフラグ」を取り直すことはできません」: seat 0 (13
    points) publishes an AK citing its own Coffin K, laying its last card: 15 points, no hand."""
    state = table(
        [["HA"], ["O2"], ["O4"]],
        [[paper("straight11", "T12"), paper("kind3", "KK"), paper("straight7", "S9")], [], []],
        deck=DECK,
    )
    events = play(state, 0, "publish ak", "cite KK", "lay HA")
    assert points(state, 0) == 15 and hand(state, 0) == []
    assert {"kind": "end_triggered", "seat": 0, "points": 15, "flag": False} in seen_by(events, 1)
    assert state.view(None)["end_condition_met_by"] == 0
    assert active(state) == [1] and phase(state) == "turn"
    assert supply(state)["endflag"] == 1
    research(state)
    research(state)
    research(state)  # seat 0 now has a card
    assert hand(state, 0) != []
    assert phase(state) == "turn" and active(state) == [1], "no flag later"
    refused(state, 1, "flag O2", "ゲームの終了と勝利条件")
    assert supply(state)["endflag"] == 1
    assert all(kind != "endflag" for kind, _, _ in papers_of(state, 0))


def test_end_flag_is_taken_once_only() -> None:
    """Only the first player to meet the condition takes the one エンドフラグ."""
    state = table(
        [["O2"], ["HA"], ["O4"]],
        [
            [paper("straight11", "T12"), paper("even", "O8")],
            [paper("threes3", "S11"), paper("flush6", "C10"), paper("ak", "KK")],
            [],
        ],
        deck=DECK,
    )
    research(state)
    play(state, 0, legal(state)[0])
    assert state.view(None)["end_condition_met_by"] == 0
    research(state)  # seat 1: 16 points at the end of its turn
    assert active(state) == [2] and phase(state) == "turn"
    assert state.view(None)["end_condition_met_by"] == 0


# --- the last turns ----------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "trigger"), [(3, 0), (3, 2), (4, 1), (5, 3), (5, 0)])
def test_end_one_more_turn_for_the_trigger_two_for_the_others(players: int, trigger: int) -> None:
    """ゲームの終了: 「そのプレイヤーから手番を2周したらゲームが終了です。最後はゲーム終了条件を
    満たしたプレイヤーの右隣のプレイヤーの手番でゲームが終わります。つまり、ゲーム終了条件を満たした
    プレイヤーはあと1回、その他のプレイヤーにはあと2回の手番があることになります」 (play goes
    clockwise, so the player to the right plays just before)."""
    hands: list[list[str]] = [[] for _ in range(players)]
    hands[trigger] = ["O2"]
    papers: list[list[dict[str, Any]]] = [[] for _ in range(players)]
    papers[trigger] = [paper("straight11", "T12"), paper("even", "O8")]
    state = table(hands, papers, deck=[], rest="deck", turn=trigger)
    research(state)
    assert phase(state) == "flag"
    play(state, trigger, legal(state)[0])
    turns = []
    while state.outcome() is None:
        (seat,) = active(state)
        turns.append(seat)
        research(state)
    expected = [(trigger + i) % players for i in range(1, 2 * players)]
    assert turns == expected
    assert turns.count(trigger) == 1
    assert all(turns.count(s) == 2 for s in range(players) if s != trigger)
    assert turns[-1] == (trigger - 1) % players, "the player to the trigger's right"
    assert phase(state) == "over" and active(state) == []
    refused(state, trigger, "draw", "end of game")


# --- the winner -------------------------------------------------------------------------------
def last_turn(papers: list[list[dict[str, Any]]], **more: Any) -> LaminateState:
    """Seat 0 met the end condition; seat 2 (to its right) plays the last turn."""
    return table(
        [["O2"], ["HA"], ["O4"]],
        papers,
        discards=["H2"],
        turn=2,
        end_condition_met_by=0,
        turns_left=0,
        **more,
    )


def ended(state: LaminateState) -> dict[str, Any]:
    play(state, 2, "take")
    result = state.outcome()
    assert result is not None, "the game ends after the last turn"
    return result.to_json()


def test_winner_the_highest_total_of_complete_papers() -> None:
    """ゲームの終了: 「ゲーム終了時、論文の得点の合計が最も高いプレイヤーが勝利です」."""
    state = last_turn(
        [
            [paper("straight11", "T12"), paper("even", "O8"), paper("endflag", "S5")],
            [paper("flush6", "S10"), paper("straight9", "B9")],
            [paper("threes3", "K7")],
        ]
    )
    result = ended(state)
    assert result["scores"] == [16, 12, 7]
    assert result["ranks"] == [1, 2, 3]
    assert result["details"]["reason"] == "the end condition was met"


def test_winner_papers_under_review_do_not_score() -> None:
    """3. 査読: only complete papers 「勝利点を得られます」: seat 1's 11ストレート under review
    scores nothing."""
    state = last_turn(
        [
            [paper("straight7", "T12"), paper("endflag", "S5")],
            [paper("straight11", "S10", "S11"), paper("kind3", "H7")],
            [],
        ]
    )
    result = ended(state)
    assert result["scores"] == [4, 1, 0]
    assert result["ranks"] == [1, 2, 3]
    assert result["details"]["under_review"][1] == ["straight11"]


def test_winner_a_tie_goes_to_the_fewest_complete_papers() -> None:
    """「同点だった場合は、最高得点者の中で完成した論文の数が最も少ないプレイヤーが勝利です」;
    ruling: the End Flag is a complete paper in this count. Seat 0: 6 + 7 + 2 + flag 1 = 16 in
    four papers; seat 1: 9 + 5 + 2 = 16 in three."""
    state = last_turn(
        [
            [paper("even", "O8"), paper("flush6", "S10"), paper("sum49", "B3"),
             paper("endflag", "S5")],
            [paper("straight11", "T12"), paper("straight9", "B9"), paper("ak", "KK")],
            [paper("kind3", "H7")],
        ]
    )  # fmt: skip
    result = ended(state)
    assert result["scores"] == [16, 16, 1]
    assert result["details"]["complete_papers"] == [4, 3, 1]
    assert result["ranks"] == [2, 1, 3]


def test_winner_still_tied_all_of_them_win() -> None:
    """「論文の枚数も同じだったらその全員が勝利です」: 16 points in four papers each, the End Flag
    counted as a paper."""
    state = last_turn(
        [
            [paper("even", "O8"), paper("flush6", "S10"), paper("sum49", "B3"),
             paper("endflag", "S5")],
            [paper("straight11", "T12"), paper("flush4", "C9"), paper("ak", "KK"),
             paper("kind3", "H7")],
            [paper("threes3", "K7"), paper("pairs4", "K9"), paper("straight7", "T9"),
             paper("straight5", "T10")],
        ]
    )  # fmt: skip
    result = ended(state)
    assert result["scores"] == [16, 16, 16]
    assert result["details"]["complete_papers"] == [4, 4, 4]
    assert result["ranks"] == [1, 1, 1]
    assert state.outcome() is not None and state.outcome().winners == (0, 1, 2)  # type: ignore[union-attr]


def test_winner_a_random_game_ends_with_a_result() -> None:
    state = table([["O2"], ["HA"], ["O4"]], rest="deck")
    result = finish(state)
    assert len(result["ranks"]) == 3 and 1 in result["ranks"]
