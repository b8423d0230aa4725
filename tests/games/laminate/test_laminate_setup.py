"""【ゲームの内容物】 and 【ゲームの準備】 1–6: the 35 paper cards, the SEVEN deck, the deal of
3, 3, 4, 4, 5 cards and the discards down to three from the third seat on; the options and
the scenario format."""

from __future__ import annotations

from typing import Any

import pytest

from asobi.core import InvalidOptions, InvalidSetup, new_game
from asobi.core.cards import SEVEN
from asobi.games.laminate.actions import PAPER_TYPES

from .laminate_helpers import (
    active,
    deck_size,
    discards,
    game,
    hand,
    legal,
    phase,
    play,
    refused,
    seen_by,
    setup_deal,
    supply,
    table,
)

# 【役の補足説明】: (id, 役, 得点, 枚数)
CATALOGUE = [
    ("straight5", "5ストレート", 1, 4),
    ("straight7", "7ストレート", 3, 3),
    ("straight9", "9ストレート", 5, 2),
    ("straight11", "11ストレート", 9, 1),
    ("kind3", "3カード", 1, 4),
    ("kind5", "5カード", 4, 3),
    ("pairs3", "スリーペア", 2, 3),
    ("pairs4", "フォーペア", 5, 2),
    ("threes3", "トリプルスリー", 7, 1),
    ("flush4", "4ストフラ", 4, 2),
    ("flush6", "6ストフラ", 7, 2),
    ("sum49", "49", 2, 4),
    ("sum100", "100+", 6, 1),
    ("ak", "AK", 2, 1),
    ("even", "オールイーブン", 6, 1),
    ("endflag", "エンドフラグ", 1, 1),
]


# --- 【ゲームの内容物】 ------------------------------------------------------------------------
def test_contents_35_paper_cards_as_in_the_table() -> None:
    """【ゲームの内容物】 「論文カード 35枚」, and 【役の補足説明】's 得点 and 枚数 for each 役."""
    assert [(p.id, p.ja, p.points, p.copies) for p in PAPER_TYPES] == CATALOGUE
    assert sum(copies for *_, copies in CATALOGUE) == 35


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup_1_every_paper_card_lies_in_the_centre(players: int) -> None:
    """準備 1: 「論文カードを種類ごとにテーブル中央に並べます」: all 35 are in the supply."""
    state = game(players=players)
    assert supply(state) == {pid: copies for pid, _, _, copies in CATALOGUE}
    assert all(s["papers"] == [] for s in state.view(None)["seats"])


@pytest.mark.parametrize("seed", range(4))
def test_setup_2_the_49_seven_cards_are_all_in_play_once(seed: int) -> None:
    """準備 2: 「セブンのカードをよくシャッフルし」 — the whole SEVEN deck, 49 cards."""
    state = game(seed=seed, players=5)
    assert len(SEVEN.cards) == 49
    assert sorted(state.all_cards()) == sorted(SEVEN.cards)
    setup_deal(state)
    assert sorted(state.all_cards()) == sorted(SEVEN.cards)


def test_setup_2_the_deck_is_shuffled() -> None:
    """準備 2: 「よくシャッフルし」: different seeds deal different hands."""
    deals = {tuple(hand(game(seed=seed), 0)) for seed in range(12)}
    assert len(deals) > 6


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup_2_the_discard_pile_starts_empty(players: int) -> None:
    """準備 2: 「この段階では捨て札置き場にカードは置かれていません」."""
    assert discards(game(players=players)) == []


@pytest.mark.parametrize(
    ("players", "dealt"), [(3, [3, 3, 4]), (4, [3, 3, 4, 4]), (5, [3, 3, 4, 4, 5])]
)
def test_setup_5_the_deal_is_3_3_4_4_5_in_seat_order(players: int, dealt: list[int]) -> None:
    """準備 5: 「山札から引く枚数は、スタートプレイヤーと次のプレイヤーは3枚、3番手と4番手の
    プレイヤーは4枚、5番手のプレイヤーは5枚です」."""
    state = game(seed=1, players=players)
    assert [s["hand_size"] for s in state.view(None)["seats"]] == dealt
    assert [len(hand(state, seat)) for seat in range(players)] == dealt
    assert deck_size(state) == 49 - sum(dealt)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup_6_from_the_third_seat_on_each_discards_down_to_three(players: int) -> None:
    """準備 6: 「ゲーム開始時の初期手札は3枚です。3番手から順に、手札に残すカードを3枚選びます。
    余った手札のカードは、山札の脇の捨て札置き場に表向きに捨てます」: seat 2 first, then
    seat 3, then seat 4 (twice); seats 0 and 1 keep what they were dealt."""
    state = game(seed=2, players=players)
    dealt = [hand(state, seat) for seat in range(players)]
    order = []
    thrown = []
    while phase(state) == "setup":
        (seat,) = active(state)
        order.append(seat)
        assert legal(state) == [f"discard {code}" for code in hand(state, seat)], "any card"
        card = hand(state, seat)[-1]
        events = play(state, seat, f"discard {card}")
        assert seen_by(events, None)[0] == {"kind": "discard", "seat": seat, "card": card}
        thrown.append(card)
    assert order == {3: [2], 4: [2, 3], 5: [2, 3, 4, 4]}[players]
    assert [len(hand(state, seat)) for seat in range(players)] == [3] * players
    assert hand(state, 0) == dealt[0] and hand(state, 1) == dealt[1]
    assert discards(state) == thrown, "face up, in the order discarded"
    assert deck_size(state) == 49 - 3 * players - len(thrown)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup_6_the_game_starts_with_the_last_discard_on_top(players: int) -> None:
    """準備 6: 「捨て札置き場の一番上には最後の手番のプレイヤーが捨てたカードが置かれた状態で
    ゲームが始まります」; 準備 4: the start player (seat 0) has the first turn, and may take it."""
    state = game(seed=4, players=players)
    seats, top = [], ""
    while phase(state) == "setup":
        (seat,) = active(state)
        top = hand(state, seat)[0]
        play(state, seat, f"discard {top}")
        seats.append(seat)
    assert seats[-1] == players - 1, "the last seat discards last"
    assert discards(state)[-1] == top
    assert phase(state) == "turn" and active(state) == [0]
    assert "take" in legal(state)
    play(state, 0, "take")
    assert top in hand(state, 0)


def test_setup_6_only_the_seat_discarding_may_act() -> None:
    """準備 6 「3番手から順に」: the others wait; nothing but discarding happens now."""
    state = game(seed=5, players=5)
    assert active(state) == [2]
    for seat in (0, 1, 3, 4):
        assert legal(state, seat) == []
        refused(state, seat, f"discard {hand(state, seat)[0]}", "turn order")
    refused(state, 2, "draw", "ゲームの進行")
    refused(state, 2, "take", "ゲームの進行")
    stranger = next(c.code for c in SEVEN.cards if c.code not in hand(state, 2))
    refused(state, 2, f"discard {stranger}", "ゲームの準備 6")


def test_setup_6_no_discarding_once_the_game_has_begun() -> None:
    state = table([["HA", "O2", "B3", "C4"], ["S5"], ["T6"]], deck=["K7"])
    refused(state, 0, "discard HA", "ゲームの準備 6")


# --- options ------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 6])
def test_options_three_to_five_players(players: int) -> None:
    """プレイ人数：3～5人."""
    with pytest.raises(InvalidOptions):
        new_game("laminate", {"players": players})


def test_options_the_end_condition_is_15_points() -> None:
    """ゲームの終了: 「15点以上の論文が完成していたら」."""
    assert game().view(None)["end_points"] == 15


# --- scenarios ----------------------------------------------------------------------------
def test_scenario_pins_hands_deck_discards_papers_and_turn() -> None:
    state = game(
        {
            "hands": [["O7", "C7"], ["S5"], []],
            "deck": ["S6", "T9"],
            "discards": ["B4", "C6"],
            "papers": [
                [{"paper": "kind3", "cards": ["H7"]}],
                [{"paper": "flush4", "cards": ["C8", "C9", "C10"]}],
                [],
            ],
            "turn": 1,
        }
    )
    view = state.view(None)
    assert hand(state, 0) == ["O7", "C7"] and hand(state, 1) == ["S5"] and hand(state, 2) == []
    assert view["discards"] == ["B4", "C6"]
    assert [c.code for c in state.deck[-2:]] == ["T9", "S6"], "the deck top first"
    assert view["seats"][0]["papers"] == [{"paper": "kind3", "cards": ["H7"], "complete": True}]
    assert view["seats"][1]["papers"][0]["complete"] is False
    assert view["supply"]["kind3"] == 3 and view["supply"]["flush4"] == 1
    assert active(state) == [1] and phase(state) == "turn"
    assert sorted(state.all_cards()) == sorted(SEVEN.cards), "the rest goes under the deck"


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"bonus": []}, "unknown scenario keys"),
        ({"hands": [["H2"], ["H2"], []]}, "twice"),
        ({"hands": [["H2"]]}, "per seat"),
        ({"papers": [[{"paper": "kind3", "cards": ["H7", "O7", "B7", "C7"]}], [], []]}, "at most"),
        ({"papers": [[{"paper": "ak", "cards": ["HA"]}], [{"paper": "ak", "cards": ["KK"]}], []]},
         "only 1"),
        ({"papers": [[{"paper": "nope", "cards": ["H7"]}], [], []]}, "not a paper"),
        ({"turn": 3}, "turn"),
        ({"rest": "floor"}, "rest"),
        # Issue 30: wrong types are refused by the scenario's model, naming where they are.
        ({"papers": [True, [], []]}, "papers.0: Input should be a valid list, not true"),
        ({"papers": [[{"paper": "kind3", "cards": ["H7"], "x": 1}], [], []]},
         "papers.0.0.x: unknown key"),
        ({"papers": [[{"paper": 3, "cards": ["H7"]}], [], []]}, "papers.0.0.paper: 3 is not"),
        ({"turn": 1.5}, "turn: Input should be a valid integer, not 1.5"),
        ({"end_condition_met_by": False}, "end_condition_met_by: Input should be a valid int"),
    ],
)  # fmt: skip
def test_scenario_errors_are_invalid_setup(setup: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidSetup, match=message):
        game(setup)


def test_scenario_cards_not_listed_may_stay_in_the_box() -> None:
    state = table([["H2"], [], []])
    assert deck_size(state) == 0 and discards(state) == []
    assert len(state.all_cards()) == 49
