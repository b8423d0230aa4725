"""ゲームの準備 (setup); the options; the scenario format."""

from __future__ import annotations

from typing import Any

import pytest

from asobi.core import InvalidOptions, InvalidSetup, new_game
from asobi.core.cards import SEVEN
from asobi.games.itsmine.actions import MINES, PLAYING_CARDS

from .itsmine_helpers import active, duel, hand, legal, refused


# --- ゲームの準備 ---------------------------------------------------------------------------------
def test_setup_the_mines_are_each_suits_highest_card_in_a_row() -> None:
    """準備: 「各スートの最大値(ハートの7,オニオンの8,ブックの9,コインの10,スターの11,タイムの
    12,コフィンのK)のカードを1枚ずつ抜き出す」「7・8・9・10・11・12・Kと…横1列になるよう並べる」"""
    assert duel().view(None)["mines"] == ["H7", "O8", "B9", "C10", "S11", "T12", "KK"]
    assert [m.rank for m in MINES] == [7, 8, 9, 10, 11, 12, 13]


@pytest.mark.parametrize("seed", range(5))
def test_setup_the_other_42_cards_are_all_in_play_once(seed: int) -> None:
    """準備: 「残りのカードを全て混ぜ」 — the SEVEN deck's 49 cards less the 7 mines."""
    state = duel(seed=seed)
    assert len(PLAYING_CARDS) == 42 and len(SEVEN.cards) == 49
    assert sorted(state.all_cards()) == sorted(PLAYING_CARDS)
    assert not set(state.all_cards()) & set(MINES), "the mines are never dealt"


def test_setup_the_cards_are_shuffled() -> None:
    """準備: 「残りのカードを全て混ぜ」: different seeds deal different games."""
    deals = {tuple(hand(duel(seed=seed), 0)) for seed in range(12)}
    assert len(deals) > 6


@pytest.mark.parametrize("seed", range(5))
def test_setup_three_cards_each_eight_citizens_five_bonus_cards_and_the_deck(seed: int) -> None:
    """準備: 「裏向きで全員に3枚になるように配って手札にする」「山札の一番上からカードを8枚引き…
    おもて向きに置く(…『国民カード』)」「山札の一番上から5枚カードを裏向きで取り…『ボーナスの山』」:
    42 − 6 − 8 − 5 = 23 in the deck."""
    state = duel(seed=seed)
    view = state.view(None)
    assert [s["hand_size"] for s in view["seats"]] == [3, 3]
    assert len(hand(state, 0)) == len(hand(state, 1)) == 3
    assert len(view["citizens"]) == 8
    assert view["bonus_pile"] == 5
    assert view["deck_size"] == 23
    assert all(cards == [] for s in view["seats"] for cards in s["columns"].values())


def test_setup_both_dice_show_one_so_one_is_barred_in_round_one() -> None:
    """準備: 「各自ダイスを1つ取り,「」の目を上にして」; ≪補足2≫ 「つまり,プレイ開始時に「1」は
    選択できない」 (the figure of a 1 was lost in extraction; 補足2 says which)."""
    state = duel()
    view = state.view(None)
    assert [s["die"] for s in view["seats"]] == [1, 1]
    assert view["round"] == 1 and view["phase"] == "bid"
    for seat in (0, 1):
        assert legal(state, seat) == ["bid 2", "bid 3", "bid 4", "bid 5", "bid 6"]
        error = refused(state, seat, "bid 1", "補足2")
        assert "last round" not in str(error)  # there was none


def test_setup_the_game_opens_with_both_players_choosing_a_face() -> None:
    """フェイズ1 1): 「お互いに自分のダイスを手に取り」 — both act at once."""
    assert active(duel()) == [0, 1]


# --- options --------------------------------------------------------------------------------------
def test_options_it_is_a_game_for_two() -> None:
    """人数 2人."""
    with pytest.raises(InvalidOptions, match="3 players"):
        new_game("itsmine", {"players": 3})
    assert duel().players == 2


def test_options_the_variant_is_basic_or_simple() -> None:
    """ヴァリアントルール: only シンプル is described."""
    assert duel(variant="simple").view(None)["variant"] == "simple"
    assert duel().view(None)["variant"] == "basic"
    with pytest.raises(InvalidOptions, match="variant"):
        new_game("itsmine", {"variant": "hard"})
    with pytest.raises(InvalidOptions, match="colour"):
        new_game("itsmine", {"colour": "red"})


@pytest.mark.parametrize(
    "options",
    [{"hand_size": 9}, {"citizens": 13}, {"citizens": 0}, {"bonus_cards": 8}, {"hand_size": -1}],
)
def test_options_the_rule_constants_must_fit_the_42_cards(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidOptions):
        new_game("itsmine", options)


def test_options_the_rule_constants_change_the_deal() -> None:
    state = duel(hand_size=5, citizens=6, bonus_cards=2)
    view = state.view(None)
    assert [s["hand_size"] for s in view["seats"]] == [5, 5]
    assert len(view["citizens"]) == 6 and view["bonus_pile"] == 2
    assert view["deck_size"] == 42 - 10 - 6 - 2


# --- scenarios ------------------------------------------------------------------------------------
def test_scenario_pins_hands_deck_citizens_bonus_and_columns() -> None:
    state = duel(
        {
            "hands": [["H2", "O3"], ["C5"]],
            "deck": ["S6", "T9"],
            "citizens": ["B4", "C6"],
            "bonus": ["K8", "T7"],
            "columns": [{"C": ["C4", "C7"]}, {"S": ["S9"]}],
            "last_face": [3, 5],
            "round": 4,
        }
    )
    view = state.view(None)
    assert hand(state, 0) == ["H2", "O3"] and hand(state, 1) == ["C5"]
    assert view["citizens"] == ["B4", "C6"]
    assert view["seats"][0]["columns"]["C10"] == ["C4", "C7"]
    assert view["seats"][1]["columns"]["S11"] == ["S9"]
    assert [s["die"] for s in view["seats"]] == [3, 5]
    assert view["round"] == 4
    assert state.deck[-1].code == "S6" and state.deck[-2].code == "T9", "top first"
    assert state.bonus[-1].code == "K8"
    assert sorted(state.all_cards()) == sorted(PLAYING_CARDS), "the rest goes under the deck"
    assert legal(state, 0) == ["bid 1", "bid 2", "bid 4", "bid 5", "bid 6"]


def test_scenario_a_column_already_at_three_has_had_its_bonus() -> None:
    state = duel({"columns": [{"K": ["K8", "K9", "K10"]}, {}]})
    assert state.view(None)["bonus_claimed"] == ["KK"]


def test_scenario_rest_box_keeps_unlisted_cards_out_of_play() -> None:
    state = duel({"hands": [["H2"], []], "deck": [], "citizens": [], "bonus": [], "rest": "box"})
    view = state.view(None)
    assert view["deck_size"] == 0 and view["citizens"] == [] and view["bonus_pile"] == 0
    assert len(state.all_cards()) == 42


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"dice": [1, 1]}, "unknown scenario keys"),
        ({"hands": [["KK"], []]}, "mines"),
        ({"hands": [["H2"], ["H2"]]}, "twice"),
        ({"hands": [["H2"]]}, "per seat"),
        ({"hands": [["Z9"], []]}, "not a card"),
        ({"columns": [{"C": ["S5"]}, {}]}, "only C cards"),
        ({"columns": [{"X": ["S5"]}, {}]}, "columns.0: 'X' should be 'H', 'O', 'B'"),
        ({"columns": [{"C": ["C4", "C6", "C5"]}, {}]}, "neither ascending nor descending"),
        ({"last_face": [0, 7]}, "1–6"),
        ({"rest": "floor"}, "rest"),
        ({"bonus_claimed": ["X"]}, "bonus_claimed.0: Input should be 'H', 'O', 'B'"),
        ({"round": 0}, "round"),
        ({"citizens": "nonsense!"}, "not a card"),
        # Issue 30: wrong types are refused by the scenario's model, naming where they are.
        ({"columns": [False, {}]}, "columns.0: Input should be a valid dictionary, not false"),
        ({"columns": [{"C": [4]}, {}]}, "columns.0.C: expected a list of card codes"),
        ({"last_face": [1.0, 2]}, "last_face.0: Input should be a valid integer, not 1.0"),
        ({"round": True}, "round: Input should be a valid integer"),
        ({"final_round": "yes"}, "final_round: Input should be a valid boolean"),
    ],
)
def test_scenario_errors_are_invalid_setup(setup: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidSetup, match=message):
        duel(setup)
