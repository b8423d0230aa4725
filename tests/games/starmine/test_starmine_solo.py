"""ソロ用ルール: the solo contest, its rulings, its evaluation and titles."""

from __future__ import annotations

import pytest

from asobi.games.starmine.cards import FIREWORKS
from asobi.games.starmine.scoring import gap_penalty, title
from asobi.games.starmine.words import phrasebook

from .starmine_helpers import active, hand, legal, phase, play, refused, row_melds, solo, totals

# --- ソロ §2 セットアップ ----------------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_solo_s2_three_cards_and_the_boost(seed: int) -> None:
    """ソロ §2 ②: 「全ての花火カードをよく混ぜ、手札3枚とブーストカードを手札として受け取ります」
    — one boost only; the other stays in the box."""
    state = solo(seed=seed)
    cards = hand(state, 0)
    assert len(cards) == 4
    assert [c for c in cards if c.startswith("W")] == ["W1"]
    everything_visible = str(state.view(0))
    assert "W2" not in everything_visible
    assert FIREWORKS.card("W2") not in state.deck + state.discards + state.removed
    assert sorted(state.all_cards()) == sorted(FIREWORKS.cards)


def test_solo_s2_the_deck_and_the_two_empty_areas() -> None:
    """ソロ §2 ③④: 「残りの花火カードは裏向きに山札に」「オープン札エリアと廃棄札エリアの
    2つのカード置き場を用意します」 — 28 − 3 = 25 cards; the first turn turns one up."""
    view = solo(seed=1).view(0)
    assert view["mode"] == "solo"
    assert view["open_cards"] == [] and view["removed_cards"] == []
    assert view["flipped"] is not None
    assert view["deck_size"] == 25 - 1
    assert "discards" not in view, "the solo game has no 捨て札, only open and removed cards"


# --- ソロ §3 A オープン札／廃棄札の選択 ----------------------------------------------------
OPENING_HAND = ["R2", "Y2", "G2", "W1"]


def test_solo_s3A_turn_up_a_card_and_send_it_to_the_open_cards() -> None:
    """ソロ §3 A ①: 「山札から1枚カードを捲り、そのカードを補充可能なオープン札にするか？
    それとも ゲームから除外する廃棄札にするか？を選びます」 ②: 「その後、もう1枚山札から
    カードをめくり、先ほど選択しなかった方（オープン札もしくは廃棄札）とします」"""
    state = solo({"hands": [OPENING_HAND], "deck": ["B1", "B2", "B3", "B4"], "rest": "box"})
    assert state.view(0)["flipped"] == "B1"
    assert legal(state) == ["open", "remove"]
    play(state, 0, "open")
    view = state.view(0)
    assert view["open_cards"] == ["B1"]
    assert view["removed_cards"] == ["B2"]
    assert view["flipped"] is None and view["deck_size"] == 2
    assert phase(state) == "turn"


def test_solo_s3A_or_send_it_to_the_removed_cards() -> None:
    """ソロ §3 A ①②: 廃棄札 for the first, so the second becomes an open card."""
    state = solo({"hands": [OPENING_HAND], "deck": ["B1", "B2", "B3", "B4"], "rest": "box"})
    play(state, 0, "remove")
    assert state.view(0)["removed_cards"] == ["B1"]
    assert state.view(0)["open_cards"] == ["B2"]


def test_solo_s3A_the_turned_up_card_is_settled_before_anything_else() -> None:
    """ソロ §3: 「毎手番の最初 A オープン札／廃棄札の選択」 then B or C."""
    state = solo({"hands": [OPENING_HAND], "deck": ["B1", "B2", "B3", "B4"], "rest": "box"})
    rule = "solo §3 A: place the turned-up card first"
    refused(state, 0, "discard R2", rule)
    refused(state, 0, "place opening three R2 Y2 G2", rule)
    refused(state, 0, "draw deck", "§5 A/B")
    play(state, 0, "open")
    refused(state, 0, "open", "solo §3 A")


# --- ソロ §3 B 手札を増やす / C 花火カードを配置する ---------------------------------------
def test_solo_s3B_remove_a_hand_card_from_the_game_and_draw_two() -> None:
    """ソロ §3 B: 「手札1枚を廃棄札にして、2枚ドロー」「②山札 or オープン札からカード2枚を
    補充」「手札から捨てるカードは捨札ではなく廃棄札となりゲームから除外されます」"""
    state = solo({"hands": [OPENING_HAND], "deck": ["B1", "B2", "B3", "B4", "B5"], "rest": "box"})
    play(state, 0, "open")  # B1 open, B2 removed
    play(state, 0, "discard G2")
    view = state.view(0)
    assert view["removed_cards"] == ["B2", "G2"], "removed from the game, not an open card"
    assert view["open_cards"] == ["B1"]
    refused(state, 0, "draw G2", "solo §3 B")
    refused(state, 0, "draw B2", "solo §3 B")
    assert legal(state) == ["draw deck", "draw B1"]
    play(state, 0, "draw B1", "draw deck")
    assert hand(state, 0) == ["R2", "Y2", "B1", "B3", "W1"]
    assert state.view(0)["flipped"] == "B4", "the next turn starts with a card turned up"


def test_solo_s3C_place_a_meld_then_refill_from_the_deck_or_the_open_cards() -> None:
    """ソロ §3 C ①: 「手札で役が揃っているカード1組を配置、出した枚数分のカードを山札か
    オープン札から補充」"""
    state = solo({"hands": [OPENING_HAND], "deck": ["B1", "B2", "B3", "B4", "B5"], "rest": "box"})
    play(state, 0, "open", "place opening three R2 Y2 G2")
    assert state.view(0)["draws_left"] == 3
    play(state, 0, "draw B1", "draw deck", "draw deck")
    assert hand(state, 0) == ["B1", "B3", "B4", "W1"]
    assert totals(state, 0) == (5, 0, 0)


def test_solo_a_turn_is_B_or_C_and_cannot_be_passed() -> None:
    """ソロ §3: 「B 手札を増やす OR C 花火カードを配置する」"""
    state = solo({"hands": [OPENING_HAND], "deck": ["B1", "B2", "B3", "B4"], "rest": "box"})
    play(state, 0, "open")
    codes = legal(state)
    assert all(c.startswith(("discard ", "place ")) for c in codes)
    refused(state, 0, "pass", "solo §3")


# --- ソロ §1 / §3 C ②③: rows from the bottom up, rising ----------------------------------
def test_solo_s3C_the_first_meld_goes_on_the_opening() -> None:
    """ソロ §3 C ②: 「カードは必ず一番下のオープニング列から配置していきます。」 — while the
    opening is empty, a meld may go nowhere else."""
    state = solo({"hands": [OPENING_HAND], "deck": ["B1", "B2", "B3", "B4"], "rest": "box"})
    play(state, 0, "open")
    places = [c for c in legal(state) if c.startswith("place ")]
    assert places and all(c.startswith("place opening ") for c in places)
    error = refused(state, 0, "place main three R2 Y2 G2", "solo §3 C ②")
    assert "opening" in str(error)
    refused(state, 0, "place finale three R2 Y2 G2", "solo §3 C ②")
    play(state, 0, "place opening pair R2 Y2")
    assert totals(state, 0) == (3, 0, 0)


def test_solo_s3C_an_empty_opening_never_makes_a_successful_launch() -> None:
    """ソロ §3 C ② 「必ず一番下のオープニング列から」 with §4 ② 「フィナーレの列へ加えます」:
    a game in which no meld was placed in a turn ends with the opening and main empty, and
    rows 0, 0 and a finale do not rise (the old 0 / 3 / 7 launch cannot happen)."""
    state = solo({"hands": [OPENING_HAND], "deck": ["B1", "B2", "B3", "B4"], "rest": "box"})
    play(state, 0, "open", "discard G2", "draw deck", "draw deck")  # B3, B4: the last
    assert phase(state) == "final"
    play(state, 0, "place finale pair R2 Y2")
    result = state.outcome()
    assert result is not None and result.details["failed_launch"] is True
    assert totals(state, 0) == (0, 0, 3)


def test_solo_s3C_rows_are_built_from_the_bottom_up() -> None:
    """ソロ §3 C ②: 「カードは必ず一番下のオープニング列から配置していきます。一度次の列に
    カードを配置したら、それ以前の列は完成したとみなし、それ以前の列へカードを配置する
    ことは出来ません」"""
    state = solo(
        {
            "hands": [["R5", "Y5", "G5", "R3", "Y3", "W1"]],
            "deck": ["B1", "B2", "B3", "B4"],  # then the other cards, shuffled
        }
    )
    play(state, 0, "open")
    assert "place opening pair R3 Y3" in legal(state)
    play(state, 0, "place opening pair R3 Y3", "draw deck", "draw deck")
    assert state.view(0)["current_row"] == "opening", "the opening stays open"
    play(state, 0, "open")
    assert "place opening three R5 Y5 G5" in legal(state), "more melds may join it"
    play(state, 0, "place main three R5 Y5 G5", "draw deck", "draw deck", "draw deck")
    assert state.view(0)["current_row"] == "main"
    assert phase(state) == "flip"
    play(state, 0, "remove")
    assert not any(c.startswith("place opening") for c in legal(state))


def test_solo_s1_a_completed_row_takes_no_more_cards() -> None:
    """ソロ §1: 「一度完成させた列へは、花火カードを追加できません」"""
    state = solo(
        {
            "hands": [["R5", "Y5", "G5", "W1"]],
            "rows": [{"opening": ["pair R1 Y1"], "main": ["seq B1 B2 B3"]}],
            "current_row": "main",
            "deck": ["B4", "B5", "B6", "B7"],  # then the other cards, shuffled
        }
    )
    play(state, 0, "open")
    error = refused(state, 0, "place opening three R5 Y5 G5", "solo §3 C ②")
    assert "closed" in str(error)
    play(state, 0, "place finale three R5 Y5 G5")
    play(state, 0, "draw deck", "draw deck", "draw deck")
    play(state, 0, "open")
    refused(state, 0, "place main pair B7 W1", "solo §3 C ②")


def test_solo_ruling_the_main_row_must_close_higher_than_the_opening() -> None:
    """ソロ §3 C ③: 「各列の評価は、列が進むごとに評価点が大きくなるように配置（同点不可）
    出来なければ、打ち上げ失敗となりゲーム終了」 — ruling: when the main row closes it must
    already be higher than the opening, or the launch fails at once."""
    state = solo(
        {
            "hands": [["R5", "Y5", "G5", "W1"]],
            "rows": [{"opening": ["three R1 Y1 G1"], "main": ["pair R2 Y2"]}],
            "current_row": "main",
            "deck": ["B4", "B5", "B6", "B7"],
            "rest": "box",
        }
    )
    play(state, 0, "open", "place finale three R5 Y5 G5")
    result = state.outcome()
    assert result is not None, "the game ends at once"
    assert phase(state) == "over" and active(state) == []
    assert result.details["failed_launch"] is True
    assert result.details["title"] is None
    assert "3" in result.details["reason"] and "5" in result.details["reason"]


def test_solo_ruling_a_main_row_level_with_the_opening_fails_too() -> None:
    """ソロ §3 C ③: 「評価点が大きくなるように配置（同点不可）」"""
    state = solo(
        {
            "hands": [["R5", "Y5", "G5", "W1"]],
            "rows": [{"opening": ["pair R1 Y1"], "main": ["pair R2 Y2"]}],
            "current_row": "main",
            "deck": ["B4", "B5", "B6", "B7"],
            "rest": "box",
        }
    )
    play(state, 0, "open", "place finale three R5 Y5 G5")
    result = state.outcome()
    assert result is not None and result.details["failed_launch"] is True


def test_solo_ruling_a_main_row_above_the_opening_closes_and_play_goes_on() -> None:
    state = solo(
        {
            "hands": [["R5", "Y5", "G5", "W1"]],
            "rows": [{"opening": ["pair R1 Y1"], "main": ["three R2 Y2 G2"]}],
            "current_row": "main",
            "deck": ["B4", "B5", "B6", "B7"],
            "rest": "box",
        }
    )
    play(state, 0, "open", "place finale three R5 Y5 G5")
    assert state.outcome() is None
    assert phase(state) == "draw" and state.view(0)["current_row"] == "finale"


def test_solo_ruling_skipping_the_main_row_closes_it_empty_and_fails() -> None:
    """Ruling: a meld in the finale closes the main row too; empty, it is not above the
    opening (an empty row counts 0), so the launch fails at once."""
    state = solo(
        {
            "hands": [OPENING_HAND],
            "rows": [{"opening": ["pair R1 Y1"]}],
            "deck": ["B1", "B2", "B3", "B4"],
            "rest": "box",
        }
    )
    play(state, 0, "open", "place finale three R2 Y2 G2")
    result = state.outcome()
    assert result is not None and result.details["failed_launch"] is True


# --- ソロ §4 ゲームの終了 ----------------------------------------------------------------
def test_solo_s4_the_last_deck_card_drawn_ends_the_game_with_one_finale_meld() -> None:
    """ソロ §4 ①: 「山札の最後のカードが引かれたら、ゲームは終了します」 ②: 「手札から1組だけ
    役の完成しているカードをフィナーレの列へ加えます」"""
    state = solo(
        {
            "hands": [["R5", "Y5", "G5", "R7", "Y7", "W1"]],
            "rows": [{"opening": ["pair R1 Y1"], "main": ["three R2 Y2 G2"]}],
            "current_row": "main",
            "deck": ["B1", "B2", "B3", "B4"],
            "rest": "box",
        }
    )
    play(state, 0, "open", "discard W1", "draw deck")  # B3
    play(state, 0, "draw deck")  # B4: the deck's last card
    assert phase(state) == "final" and active(state) == [0]
    codes = legal(state)
    assert codes[-1] == "pass"
    assert all(c.startswith("place finale ") for c in codes[:-1])
    refused(state, 0, "place main three R5 Y5 G5", "solo §4 ②")
    refused(state, 0, "discard R5", "solo §4 ②: only the final meld or pass")
    play(state, 0, "place finale three R5 Y5 G5")
    result = state.outcome()
    assert result is not None
    assert totals(state, 0) == (3, 5, 5)
    assert result.details["failed_launch"] is True, "finale level with main: 同点不可"


def test_solo_s4_the_last_meld_goes_on_the_finale_even_from_the_opening() -> None:
    """ソロ §4 ②: 「フィナーレの列へ加えます」 — whatever row was being built."""
    state = solo({"hands": [OPENING_HAND], "deck": ["B1", "B2"], "rest": "box"})
    play(state, 0, "open")
    assert phase(state) == "final"
    assert "place finale three R2 Y2 G2" in legal(state)
    assert all(c.startswith("place finale ") for c in legal(state)[:-1])
    refused(state, 0, "place opening three R2 Y2 G2", "solo §4 ②")


def test_solo_s4_a_turn_start_flip_of_the_last_card_ends_the_game_at_once() -> None:
    """ソロ §4 ①: 「山札の最後のカードが引かれたら、ゲームは終了します。」 — the game ends as the
    deck's last card is turned up at the start of a turn (§3 A ①), before it is given an
    area: nothing will be drawn again, so open or remove would decide nothing. Then only
    the final meld (§4 ②)."""
    state = solo(
        {"hands": [OPENING_HAND], "deck": ["B1", "B2", "B3"], "open": ["G6", "G7"], "rest": "box"}
    )
    play(state, 0, "open")  # B1 open, B2 removed
    play(state, 0, "discard G2", "draw G6", "draw G7")  # the deck keeps its last card...
    view = state.view(0)
    assert view["flipped"] == "B3" and view["deck_size"] == 0  # ...turned up: the end
    assert phase(state) == "final", "no open / remove for the deck's last card"
    assert view["removed_cards"] == ["B2", "G2"] and view["open_cards"] == ["B1"]
    assert all(c.startswith("place finale") or c == "pass" for c in legal(state))
    refused(state, 0, "remove", "solo §3 A")
    play(state, 0, "pass")
    assert state.outcome() is not None


def test_solo_ruling_a_turn_start_flip_of_the_last_two_cards_ends_the_game() -> None:
    """The same ruling when the second card turned up is the deck's last."""
    state = solo(
        {
            "hands": [OPENING_HAND],
            "deck": ["B1", "B2", "B3", "B4"],
            "open": ["G6", "G7"],
            "rest": "box",
        }
    )
    play(state, 0, "open", "discard G2", "draw G6", "draw G7")
    assert state.view(0)["flipped"] == "B3"
    play(state, 0, "open")
    assert state.view(0)["open_cards"] == ["B1", "B3"]
    assert state.view(0)["removed_cards"] == ["B2", "G2", "B4"]
    assert phase(state) == "final"


def test_solo_s4_the_last_card_drawn_mid_action_ends_the_game_at_once() -> None:
    """ソロ §4 ①: 「山札の最後のカードが引かれたら、ゲームは終了します。」 — the refill of
    action C stops at the deck's last card, even with an open card left to draw."""
    state = solo({"hands": [OPENING_HAND], "deck": ["B1", "B2", "B3", "B4"], "rest": "box"})
    play(state, 0, "open", "place opening three R2 Y2 G2", "draw deck", "draw deck")
    view = state.view(0)
    assert view["deck_size"] == 0 and view["draws_left"] == 0
    assert phase(state) == "final", "two of the three draws: the game is over"
    assert hand(state, 0) == ["B3", "B4", "W1"]
    assert view["open_cards"] == ["B1"]


def test_solo_s4_rows_must_rise_strictly_at_the_end() -> None:
    """ソロ §4: 「ゲーム終了時、列が上へ行くほどに評価点が大きくなるように配置できていな
    ければ、打上げ失敗となりゲームは終了します」"""
    state = solo(
        {
            "hands": [["R5", "Y5", "G5", "W1"]],
            "rows": [{"opening": ["pair R1 Y1"], "main": ["seq B1 B2 B3"]}],
            "current_row": "main",
            "deck": ["B4"],  # turned up at once: the game ends on it
            "rest": "box",
        }
    )
    assert phase(state) == "final"
    play(state, 0, "place finale three R5 Y5 G5")  # 3, 7, 5
    result = state.outcome()
    assert result is not None and result.details["failed_launch"] is True
    assert result.scores == (0.0,)
    # The result says which row does not rise (the caution said it only before the move).
    said = phrasebook(state.options).outcome(result.to_json()).headline
    assert said.en.endswith("failed (打上げ失敗): the finale row (5) is not above the main row (7)")
    assert said.ja == "打上げ失敗:フィナーレ(5点)がメイン(7点)を超えていない"


def test_solo_a_low_launch_that_rises_is_evaluated() -> None:
    """スターマインの評価: rows 2, 3, 5 rise; 10 − gap 3 (penalty 1) = 9: 駆け出しの花火職人."""
    state = solo(
        {
            "hands": [["R5", "Y5", "G5", "B7"]],
            "rows": [{"opening": ["pair R1 W1"], "main": ["pair R2 Y2"]}],
            "current_row": "main",
            "deck": ["B4"],
            "rest": "box",
        }
    )
    play(state, 0, "place finale three R5 Y5 G5")
    result = state.outcome()
    assert result is not None and result.details["failed_launch"] is False
    assert result.details["evaluation"] == 9
    assert result.details["title"] == "駆け出しの花火職人"


# --- スターマインの評価 -------------------------------------------------------------------
def test_solo_rulebook_example_5_6_12_is_23_minus_3_is_20() -> None:
    """スターマインの例: 「(各列合計) 12+6+5 = 23」「差 1 + 差 6 = 差 7」「ギャップポイント表
    から減点 3」「最終評価は 23-3=20 となり、称号は「天才肌の花火職人」」 — played out."""
    state = solo(
        {
            "hands": [["R2", "Y2", "G2", "W1"]],
            # top first: two turned up per turn, then the draws of that turn
            "deck": [
                *("R1", "Y1", "B5", "B6", "G3"),
                *("R3", "Y3", "G4", "G5", "R7"),
                *("R4", "Y4", "Y7", "G7"),
            ],
            "rest": "box",
        }
    )
    # turn 1: the opening, three of a kind (5)
    play(state, 0, "remove", "place opening three R2 Y2 G2", "draw deck", "draw deck", "draw deck")
    # turn 2: the main, a sequence with the boost as B4 or B7 (7 − 1 = 6)
    play(state, 0, "open", "place main seq B5 B6 W1", "draw deck", "draw deck", "draw deck")
    # turn 3: the finale, a sequence (7); the main closes at 6 > 5
    play(state, 0, "remove", "place finale seq G3 G4 G5", "draw deck", "draw deck")
    assert state.view(0)["deck_size"] == 0, "G7 was the deck's last card: the game ends"
    # ソロ §4 ②: one last meld onto the finale: three of a kind (5)
    assert phase(state) == "final"
    play(state, 0, "place finale three R7 Y7 G7")
    assert row_melds(state, 0, "finale") == ["seq G3 G4 G5", "three R7 Y7 G7"]
    assert totals(state, 0) == (5, 6, 12)
    result = state.outcome()
    assert result is not None
    details = result.details
    assert details["failed_launch"] is False
    assert details["total"] == 23
    assert details["total_gap"] == 7
    assert details["gap_penalty"] == 3
    assert details["evaluation"] == 20
    assert result.scores == (20.0,)
    assert details["title"] == "天才肌の職人"


@pytest.mark.parametrize(
    ("total_gap", "penalty"),
    [(2, 0), (3, 1), (4, 1), (5, 3), (6, 3), (7, 3), (8, 6), (9, 6), (10, 6), (11, 10), (20, 10)],
)
def test_solo_gap_penalty_table(total_gap: int, penalty: int) -> None:
    """ギャップペナルティ: 「合計ギャップ 2 / 3-4 / 5-7 / 8-10 / 11- → 0 / 1 / 3 / 6 / 10」"""
    assert gap_penalty(total_gap) == penalty


@pytest.mark.parametrize(
    ("evaluation", "expected"),
    [
        (30, "伝説の花火師"),
        (26, "伝説の花火師"),
        (25, "打ち上げ名人"),
        (23, "打ち上げ名人"),
        (22, "天才肌の職人"),
        (20, "天才肌の職人"),
        (19, "一流の花火職人"),
        (16, "一流の花火職人"),
        (15, "駆け出しの花火職人"),
        (0, "駆け出しの花火職人"),
    ],
)
def test_solo_titles(evaluation: int, expected: str) -> None:
    """評価と称号: 「26- 伝説の花火師 / 23-25 打ち上げ名人 / 20-22 天才肌の職人 /
    16-19 一流の花火職人 / -15 駆け出しの花火職人」"""
    assert title(evaluation)[0] == expected
