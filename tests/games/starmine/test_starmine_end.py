"""§6 最終フェーズ (also when the deck runs out in the middle of an action) and 打上げ失敗,
§7 勝敗の決定, §8 引分けの場合 (追い打ち)."""

from __future__ import annotations

import random
from typing import Any

from asobi.games.starmine.actions import PASS
from asobi.games.starmine.state import StarmineState

from .starmine_helpers import (
    active,
    duel,
    hand,
    legal,
    pass_to_the_end,
    phase,
    play,
    refused,
    totals,
)


def final_phase(hands: list[list[str]], rows: list[dict[str, Any]], turn: int = 0) -> StarmineState:
    """The seat to play discards its last listed card and draws the deck's only card (B7):
    the final phase begins with that seat. No other discard lies face up."""
    state = duel(
        {"hands": hands, "rows": rows, "deck": ["B7"], "discards": [], "turn": turn, "rest": "box"}
    )
    play(state, turn, f"discard {hands[turn][-1]}", "draw deck")
    assert phase(state) == "final" and active(state) == [turn]
    return state


# --- §6 最終フェーズ ----------------------------------------------------------------------
HANDS = [["R1", "Y1", "G4", "W1"], ["R2", "Y2", "B6", "W2"]]


def test_s6_final_phase_starts_the_moment_the_last_deck_card_is_drawn() -> None:
    """§6: 「山札の最後のカードが引かれたら、即座に最終フェーズを行います」
    「最後の山札を引いたプレイヤーから順に」"""
    state = duel(
        {"hands": HANDS, "deck": ["B1", "B2"], "discards": ["G7"], "turn": 0, "rest": "box"}
    )
    play(state, 0, "discard G4", "draw deck")
    assert phase(state) == "draw" and state.view(None)["deck_size"] == 1
    play(state, 0, "draw deck")
    view = state.view(None)
    assert view["deck_size"] == 0
    assert view["phase"] == "final"
    assert view["last_drawer"] == 0
    assert active(state) == [0], "the player who drew the last card goes first"


def test_s6_the_player_who_drew_the_last_card_goes_first_even_after_their_turn() -> None:
    """§6: 「最後の山札を引いたプレイヤーから順に、各プレイヤーは…1組だけ任意の列に配置できます」"""
    state = duel(
        {"hands": HANDS, "deck": ["B1", "B2", "B3", "B4"], "discards": [], "turn": 0, "rest": "box"}
    )
    play(state, 0, "discard G4", "draw deck", "draw deck")
    play(state, 1, "discard B6", "draw deck", "draw deck")
    assert phase(state) == "final"
    assert active(state) == [1]
    play(state, 1, "pass")
    assert active(state) == [0]


def test_s6_each_player_may_place_one_meld_on_any_row_without_refilling() -> None:
    """§6: 「各プレイヤーは役の揃った手札のカードを1組だけ任意の列に配置できます」"""
    state = duel(
        {"hands": HANDS, "deck": ["B1", "B2"], "discards": ["G7"], "turn": 0, "rest": "box"}
    )
    play(state, 0, "discard G4", "draw deck", "draw deck")
    codes = legal(state)
    assert {"place opening pair R1 Y1", "place main pair R1 Y1", "place finale pair R1 Y1"} <= set(
        codes
    )
    assert codes[-1] == "pass"
    play(state, 0, "place finale pair R1 Y1")
    assert hand(state, 0) == ["B1", "B2", "W1"], "no refill in the final phase"
    assert active(state) == [1]
    refused(state, 0, "place opening pair B1 W1", "turn order")  # only one meld
    play(state, 1, "place main pair R2 Y2")
    assert state.outcome() is not None, "after one chance each, the game ends"


def test_s6_only_a_meld_or_a_pass_in_the_final_phase() -> None:
    """§6: the final phase offers 「1組だけ」 placing; there are no more turns."""
    state = duel(
        {"hands": HANDS, "deck": ["B1", "B2"], "discards": ["G7"], "turn": 0, "rest": "box"}
    )
    play(state, 0, "discard G4", "draw deck", "draw deck")
    refused(state, 0, "discard R1", "§6: only one meld or pass")
    refused(state, 0, "draw G7", "§5 A/B")
    refused(state, 1, "pass", "turn order")


# --- §6: the deck runs out in the middle of an action ------------------------------------
def test_s6_the_last_card_as_the_first_of_two_draws_ends_action_A_at_once() -> None:
    """§6: 「山札の最後のカードが引かれたら、即座に最終フェーズを行います。」 — 即座に: when the
    deck's last card is the first of action A's two draws, the second draw does not happen,
    not even from the face-up discards."""
    state = duel(
        {"hands": HANDS, "deck": ["B1"], "discards": ["G7", "Y6"], "turn": 0, "rest": "box"}
    )
    play(state, 0, "discard G4", "draw deck")
    view = state.view(None)
    assert view["deck_size"] == 0 and view["draws_left"] == 0
    assert phase(state) == "final" and active(state) == [0]
    assert hand(state, 0) == ["R1", "Y1", "B1", "W1"], "one card drawn, not two"
    assert view["discards"] == ["G7", "Y6", "G4"]
    refused(state, 0, "draw Y6", "§5 A/B")


def test_s6_the_last_card_in_the_refill_of_action_B_ends_it_at_once() -> None:
    """§5 B 「出したカードと同数のカードを山札 or 捨て札から補充」 and §6 「即座に最終フェーズ」:
    the refill stops at the deck's last card."""
    state = duel({"hands": HANDS, "deck": ["B1"], "discards": ["G7"], "turn": 0, "rest": "box"})
    play(state, 0, "place opening pair R1 Y1", "draw deck")
    assert phase(state) == "final" and active(state) == [0]
    assert hand(state, 0) == ["G4", "B1", "W1"]
    assert state.view(None)["discards"] == ["G7"]


def test_s6_face_up_draws_before_the_last_card_are_still_drawn() -> None:
    """§5 A: each draw comes from the deck or the discards; only the deck's last card ends
    the action, so a face-up draw first and the deck's last card second make two draws."""
    state = duel({"hands": HANDS, "deck": ["B1"], "discards": ["G7"], "turn": 0, "rest": "box"})
    play(state, 0, "discard G4", "draw G7", "draw deck")
    assert phase(state) == "final"
    assert hand(state, 0) == ["R1", "Y1", "G7", "B1", "W1"]


# --- 打上げ失敗 --------------------------------------------------------------------------
EMPTY_OPENING = {
    "main": ["seq R1 R2 R3", "seq Y1 Y2 Y3"],
    "finale": ["seq G1 G2 G3"],
}
THREE_PAIRS = {"opening": ["pair R5 Y5"], "main": ["pair R6 Y6"], "finale": ["pair G6 B6"]}


def test_s6_a_player_with_an_empty_row_fails_the_launch_and_loses() -> None:
    """§6 注意！打上げ失敗: 「ゲーム終了時、各列に最低1つ以上のカードを配置していないと
    打上げは失敗です。勝負に敗北してしまうので注意しましょう！」 — even with more rows won."""
    state = final_phase([["W1", "G7"], ["W2"]], [EMPTY_OPENING, THREE_PAIRS])
    pass_to_the_end(state)
    result = state.outcome()
    assert result is not None
    assert result.details["rows_won"] == [2, 1]
    assert result.details["failed_launch"] == [True, False]
    assert result.winners == (1,)


def test_s6_the_final_meld_can_still_save_the_launch() -> None:
    """§6: a row filled in the final phase is filled at the game's end (ゲーム終了時)."""
    state = final_phase([["W1", "G7"], ["W2"]], [EMPTY_OPENING, THREE_PAIRS])
    play(state, 0, "place opening pair B7 W1")
    pass_to_the_end(state)
    result = state.outcome()
    assert result is not None
    assert result.details["failed_launch"] == [False, False]
    assert totals(state, 0) == (2, 14, 7)
    assert result.winners == (0,), "main and finale won, opening lost 2-3"


def test_ruling_both_players_failing_the_launch_is_a_draw() -> None:
    """Ruling: if both players fail the launch (打上げ失敗), the game is drawn — with no
    追い打ち."""
    empty_finale = {"opening": ["pair R5 Y5"], "main": ["pair R6 Y6"]}
    state = final_phase([["R4", "Y4", "G7"], ["G4", "B4"]], [EMPTY_OPENING, empty_finale])
    pass_to_the_end(state)
    result = state.outcome()
    assert result is not None
    assert result.is_draw
    assert result.details["failed_launch"] == [True, True]
    assert result.details["chase_rounds"] == 0


# --- §7 勝敗の決定 -----------------------------------------------------------------------
def test_s7_rulebook_example_player_B_wins_two_rows() -> None:
    """§7 ゲーム終了時のイメージ: フィナーレ 10 ↔ 11, メイン 5 ↔ 6, オープニング 5 ↔ 3;
    「例) 上の図例では、各列ごとに評価点の合計を比較し、2つの列で勝利したプレイヤー B が
    ゲームに勝利しました」"""
    state = duel(
        {
            "hands": [["R1", "Y1", "G7", "W1"], ["R7", "Y7", "W2", "B6"]],
            "rows": [
                {  # player A (seat 0)
                    "opening": ["three R6 Y6 G6"],
                    "main": ["three R5 Y5 G5"],
                    "finale": ["seq B1 B2 B3"],
                },
                {  # player B (seat 1)
                    "opening": ["pair R4 Y4"],
                    "main": ["pair R2 Y2", "pair R3 Y3"],
                    "finale": ["seq G2 G3 G4"],
                },
            ],
            "deck": ["B7", "B4"],
            "discards": ["G1"],
            "turn": 0,
            "rest": "box",
        }
    )
    play(state, 0, "place finale pair R1 Y1", "draw deck", "draw deck")  # the last card
    play(state, 0, "pass")
    play(state, 1, "place finale three R7 Y7 W2")  # 5 − 1 for the boost
    assert totals(state, 0) == (5, 5, 10)
    assert totals(state, 1) == (3, 6, 11)
    result = state.outcome()
    assert result is not None
    assert result.details["rows_won"] == [1, 2]
    assert result.winners == (1,)
    assert result.ranks == (2, 1)


def test_s7_rows_are_compared_one_by_one_and_a_level_row_goes_to_nobody() -> None:
    """§7 ①: 「各列ごとに出されたカードの評価点の合計を比較し、列ごとに勝敗・引き分けを確認」
    ②: 「勝利した列の多いプレイヤーが…ゲームに勝利します」"""
    rows0 = {"opening": ["pair R1 Y1"], "main": ["seq R2 R3 R4"], "finale": ["pair G5 B5"]}
    rows1 = {"opening": ["pair G1 B1"], "main": ["three Y3 G3 B3"], "finale": ["pair R6 Y6"]}
    state = final_phase([["W1", "G7"], ["W2"]], [rows0, rows1])
    pass_to_the_end(state)
    result = state.outcome()
    assert result is not None
    assert result.details["rows"] == [
        {"opening": 3, "main": 7, "finale": 3},
        {"opening": 3, "main": 5, "finale": 3},
    ]
    assert result.details["rows_won"] == [1, 0]
    assert result.winners == (0,)
    assert result.details["chase_rounds"] == 0, "one row to none is no tie"


def test_s7_points_come_from_melds_not_from_card_numbers() -> None:
    """§7: 「評価点は役で決まり、カードの数字の大小等は関係ありません」"""
    rows0 = {"opening": ["pair R7 Y7"], "main": ["three R6 Y6 G6"], "finale": ["seq B4 B5 B6"]}
    rows1 = {"opening": ["pair R1 Y1"], "main": ["three R2 Y2 G2"], "finale": ["seq B1 B2 B3"]}
    state = final_phase([["G7"], ["G5"]], [rows0, rows1])
    pass_to_the_end(state)
    result = state.outcome()
    assert result is not None
    assert result.details["rows_won"] == [0, 0]
    assert result.is_draw


# --- §8 引分けの場合 | 追い打ち ------------------------------------------------------------
LEVEL = [
    {"opening": ["pair R1 Y1"], "main": ["pair R2 Y2"], "finale": ["pair R3 Y3"]},
    {"opening": ["pair G1 B1"], "main": ["pair G2 B2"], "finale": ["pair G3 B3"]},
]


def test_s8_a_tie_goes_to_oiuchi_from_the_last_drawer() -> None:
    """§8 ①: 「手札にまだ役の揃っているカードが残っている場合、最後の山札を引いたプレイヤー
    から順に、手札の役の揃ったカード1組を任意の列へ追加することが出来ます」
    ②: 「その結果、勝利した列の多いプレイヤーが勝利します」"""
    state = final_phase([["R5", "Y5", "G7"], ["G5", "B5", "W2"]], LEVEL)
    play(state, 0, "pass")
    play(state, 1, "pass")
    assert phase(state) == "chase"
    assert state.view(None)["chase_rounds"] == 1
    assert active(state) == [0], "the player who drew the last card adds first"
    play(state, 0, "place main pair R5 Y5")
    assert active(state) == [1]
    play(state, 1, "pass")
    result = state.outcome()
    assert result is not None
    assert result.winners == (0,)
    assert result.details["rows_won"] == [1, 0]
    assert result.details["chase_rounds"] == 1


def test_s8_oiuchi_starts_with_the_last_drawer_when_that_is_the_second_player() -> None:
    """§8 ①: 「最後の山札を引いたプレイヤーから順に」"""
    state = final_phase([["R5", "Y5"], ["G5", "B5", "G7"]], LEVEL, turn=1)
    play(state, 1, "pass")
    play(state, 0, "pass")
    assert phase(state) == "chase" and active(state) == [1]
    play(state, 1, "place finale pair G5 B5")
    assert active(state) == [0]
    play(state, 0, "place finale pair R5 Y5")
    result = state.outcome()
    assert result is not None and result.is_draw, "still level, and no meld left"


def test_s8_oiuchi_repeats_while_the_game_stays_level() -> None:
    """§8 ②: 「それでも勝敗がつかない場合は、追い打ちの処理を繰り返します」"""
    hands = [["R5", "Y5", "R6", "Y6", "G7"], ["G5", "B5", "G6", "W2"]]
    state = final_phase(hands, LEVEL)
    play(state, 0, "pass")  # the final phase
    play(state, 1, "pass")
    play(state, 0, "place main pair R5 Y5")
    play(state, 1, "place main pair G5 B5")
    assert phase(state) == "chase"
    assert state.view(None)["chase_rounds"] == 2
    assert active(state) == [0]
    play(state, 0, "place finale pair R6 Y6")
    play(state, 1, "place finale pair G6 W2")  # 3 − 1: the boost costs a point
    result = state.outcome()
    assert result is not None
    assert totals(state, 0) == (3, 6, 6)
    assert totals(state, 1) == (3, 6, 5)
    assert result.winners == (0,)
    assert result.details["chase_rounds"] == 2


def test_s8_still_level_when_nobody_adds_is_a_draw() -> None:
    """§8 ③: 「追い打ちを繰り返しても、勝敗が決まらない場合は、この勝負は引き分けとし、
    再戦を誓い合しましょう」"""
    state = final_phase([["R5", "Y5", "G7"], ["G5", "B5", "W2"]], LEVEL)
    play(state, 0, "pass")
    play(state, 1, "pass")
    assert phase(state) == "chase"
    play(state, 0, "pass")
    play(state, 1, "pass")
    result = state.outcome()
    assert result is not None
    assert result.is_draw
    assert result.ranks == (1, 1)


def test_s8_level_until_no_meld_is_left_is_a_draw() -> None:
    """§8 ③: each adds the same until nobody holds a meld: 引き分け."""
    state = final_phase([["R5", "Y5", "G7"], ["G5", "B5"]], LEVEL)
    play(state, 0, "pass")
    play(state, 1, "pass")
    play(state, 0, "place opening pair R5 Y5")
    play(state, 1, "place opening pair G5 B5")
    result = state.outcome()
    assert result is not None and result.is_draw
    assert result.details["chase_rounds"] == 1


def test_s8_with_no_meld_in_either_hand_the_chase_is_passed_and_drawn() -> None:
    """§8 ①: 「手札にまだ役の揃っているカードが残っている場合」, ③ 「勝敗が決まらない場合は…
    引き分け」, ruling 14: whether a hand holds a meld is hidden, so the 追い打ち round is
    played; a player without a meld passes, and a round with none added is a draw."""
    state = final_phase([["R5", "Y6", "G7"], ["G5", "B6"]], LEVEL)
    play(state, 0, "pass")
    play(state, 1, "pass")
    assert phase(state) == "chase" and active(state) == [0]
    assert legal(state) == ["pass"]
    play(state, 0, "pass")
    assert legal(state) == ["pass"]
    play(state, 1, "pass")
    result = state.outcome()
    assert result is not None and result.is_draw
    assert result.details["chase_rounds"] == 1


def test_s8_the_chase_tells_a_player_without_a_meld_nothing_of_the_other_hand() -> None:
    """Issue 30 (7): seat 0 holds no meld. Whether the game ends or goes to 追い打ち after
    seat 1's pass used to depend on seat 1's hidden hand (a pair there: 追い打ち; none: the
    end), so seat 0 learned it. Now it is the same in every world seat 0 cannot tell apart."""
    state = final_phase([["R5", "Y6", "G7"], ["G5", "B6"]], LEVEL)
    play(state, 0, "pass")
    after = state.clone()
    after.apply(1, PASS)
    for k in range(20):
        world = state.determinize(0, random.Random(k))
        world.apply(1, PASS)
        assert world.view(0) == after.view(0)
        assert world.active_seats() == after.active_seats() == {0}


def test_s8_with_fewer_than_two_cards_in_each_hand_a_tie_is_a_draw_at_once() -> None:
    """§8 ①: every meld holds 2 cards or more (a pair, ペア): with one card in each hand, as
    everyone sees, no 追い打ち can be added and the tie is a draw at once."""
    state = final_phase([["G7"], ["G5"]], LEVEL)
    play(state, 0, "pass")
    play(state, 1, "pass")
    result = state.outcome()
    assert result is not None and result.is_draw
    assert result.details["chase_rounds"] == 0


def test_s8_a_player_with_no_meld_can_only_pass() -> None:
    """§8 ①: only 「手札の役の揃ったカード1組」 can be added."""
    state = final_phase([["R5", "Y6", "G7"], ["G5", "B5"]], LEVEL)
    play(state, 0, "pass")
    play(state, 1, "pass")
    assert phase(state) == "chase"
    assert legal(state) == ["pass"]
    refused(state, 0, "discard R5", "§8: only one meld or pass")
    refused(state, 0, "place main pair R5 W1", "§5 B")


def test_the_finished_game_refuses_every_action() -> None:
    """After §7/§8 the game is over."""
    state = final_phase([["R5", "Y6", "G7"], ["G5", "B6"]], LEVEL)
    pass_to_the_end(state)
    assert state.active_seats() == frozenset()
    assert legal(state, 0) == legal(state, 1) == []
    refused(state, 0, "pass", "end of game")
    refused(state, 1, "pass", "end of game")
