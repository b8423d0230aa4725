"""ソロプレイルール (the solo score attack), rules 1–5 and the ruling on the solo round end."""

from __future__ import annotations

from collections import Counter

import pytest

from asobi.core.cards import FRENCH52
from asobi.core.errors import InvalidSetup

from .rummycity_helpers import (
    build,
    buildings,
    end_all,
    finish_round,
    game,
    hand,
    legal,
    meld,
    phase,
    play,
    refused,
    row,
    sorted_codes,
    table,
    tepu,
)

ROW = ["S9", "HJ", "D10", "CQ", "S10", "DJ", "HQ", "H2", "S8", "DQ"]
SIX = ["park", "library", "market", "bakery", "shrine", "hospital"]


def test_solo_setup_is_the_two_player_setup_for_one_town() -> None:
    """ソロプレイルール: 「これ以外は、通常時の2人プレーと同じです」: 2 cards, 12 of the rest
    face down and the others face up (one hand is dealt, so 50 lie in the row), 7 tepu."""
    state = game(seed=4, players=1)
    view = state.view(0)
    assert view["mode"] == "solo"
    assert len(view["seats"]) == 1 and len(view["seats"][0]["hand"]) == 2
    assert len(view["row"]) == 50
    assert sum(1 for entry in view["row"] if not entry["face_up"]) == 12
    assert tepu(state) == [7]
    assert Counter(state.all_cards()) == Counter(FRENCH52.cards)


def test_solo_1_drawing_n_cards_discards_the_next_n() -> None:
    """ソロ 1: 「山札を引く際は、引いた後で、引いた枚数と同じだけ上からカードを捨て札に
    します」."""
    state = table([["SK", "DK"]], ROW[:9])
    play(state, 0, "draw 2")
    assert hand(state, 0) == sorted_codes("SK DK S9 HJ")
    assert state.view(0)["discards"] == ["D10", "CQ"]
    assert row(state, 0) == ["S10", "DJ", "HQ", "H2", "S8"]
    play(state, 0, "draw 1")
    assert state.view(0)["discards"] == ["D10", "CQ", "DJ"]
    assert row(state, 0) == ["HQ", "H2", "S8"]


def test_solo_1_discards_what_is_left_when_the_row_runs_short() -> None:
    """ソロ 1: with fewer cards left than drawn, the rest are discarded and the round ends."""
    state = table([["SK", "DK"]], ["S3", "H9", "D4", "C5"])
    events = play(state, 0, "draw 3")
    assert [e.data["cards"] for e in events if e.kind == "discard"] == [["C5"]]
    assert "round_end" in [e.kind for e in events]


def test_solo_discards_are_face_up_and_counted() -> None:
    """ソロ 1: the discarded cards leave play for the round; all 52 stay accounted for."""
    state = game(seed=2, players=1)
    play(state, 0, "draw 3")
    assert len(state.view(0)["discards"]) == 3
    assert len(state.view(0)["row"]) == 44  # 50 − 3 drawn − 3 discarded
    assert Counter(state.all_cards()) == Counter(FRENCH52.cards)


def test_solo_2_at_most_six_buildings_a_seventh_returns_one() -> None:
    """ソロ 2: 「建物は、最大6個までです。最大まで建てた場合は、次に建設する時に、建物のうち
    1つを場に返さなければなりません」."""
    state = table([["C3", "C4", "C5", "C6", "H9"]], ROW, buildings=[SIX])
    assert "build restaurant" in legal(state)
    build(state, 0, "restaurant", "C3 C4 C5 C6")
    assert phase(state) == "return"
    assert sorted(legal(state)) == sorted(f"return {b}" for b in [*SIX, "restaurant"])
    refused(state, 0, "draw 1", "solo 2")
    refused(state, 0, "end", "solo 2")
    refused(state, 0, "return castle", "solo 2")
    play(state, 0, "return park")
    assert len(buildings(state, 0)) == 6
    assert "park" not in buildings(state, 0) and "restaurant" in buildings(state, 0)
    assert "park" in state.view(0)["supply"]


def test_solo_2_six_buildings_need_no_return() -> None:
    state = table([["C3", "C4", "C5", "C6", "H9"]], ROW, buildings=[SIX[:5]])
    build(state, 0, "restaurant", "C3 C4 C5 C6")
    assert phase(state) == "turn" and len(buildings(state, 0)) == 6


def test_solo_return_is_refused_before_a_seventh_building() -> None:
    state = table([["C3", "C4", "C5", "C6", "H9"]], ROW, buildings=[SIX[:5]])
    refused(state, 0, "return park", "solo 2")


def test_solo_3_no_station_and_no_post_office() -> None:
    """ソロ 3: 「ゲーム開始前に、「駅」と「郵便局」は使わないので、除外します」."""
    state = game(seed=0, players=1)
    ids = [b["id"] for b in state.view(0)["catalogue"]]
    assert "station" not in ids and "post_office" not in ids
    assert "station" not in state.view(0)["supply"]
    assert "bank" in ids and "police" in ids
    state = table([["S7", "H7", "D7", "C7"]], ROW)
    builds = {code for code in legal(state) if code.startswith("build")}
    assert builds == {"build bank", "build police"}
    refused(state, 0, "build station", "建物カード")
    with pytest.raises(InvalidSetup, match="station"):
        table([["S7"]], ROW, buildings=[["station"]])


def test_solo_4_the_game_ends_after_three_rounds_and_scores_the_tepu() -> None:
    """ソロ 4: 「終了条件を、「3ラウンド行ったら終了」とします」; 「最終的に、いくらテプを
    持っているかの「スコアアタック」です」."""
    state = game(seed=5, players=1)
    for expected in (1, 2, 3):
        assert state.view(0)["round"] == expected and state.outcome() is None
        finish_round(state)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (float(tepu(state)[0]),)
    assert outcome.details["rounds"] == 3
    assert len(state.view(0)["settlements"]) == 3


def test_solo_50_tepu_does_not_end_the_game_early() -> None:
    """ソロ 4 replaces the 50-tepu end: only the three rounds count."""
    state = table([["SK", "DK"]], ["S3", "H9"], tepu=[80])
    play(state, 0, "draw 1")
    end_all(state)  # the final turn of a hand of 3 is ended by the player (ruling 21)
    assert state.outcome() is None and state.view(0)["round"] == 2


def test_solo_5_a_pass_discards_four_cards() -> None:
    """ソロ 5: 「♠マークの建物の効果でパスした場合、山札から4枚捨てます」."""
    state = table([["SK", "DK"]], ROW, buildings=[["park"]])
    play(state, 0, "pass")
    assert hand(state, 0) == sorted_codes("SK DK")
    assert state.view(0)["discards"] == ROW[:4]
    assert row(state, 0) == ROW[4:]


def test_solo_5_no_two_passes_in_a_row() -> None:
    """ソロ 5: 「連続でパスは行えません」."""
    state = table([["SK", "DK"]], ROW, buildings=[["park"]])
    play(state, 0, "pass")
    assert "pass" not in legal(state)
    refused(state, 0, "pass", "solo 5")
    play(state, 0, "draw 1")
    assert "pass" in legal(state)


def test_solo_round_end_is_one_final_turn_then_settlement_without_lay_offs() -> None:
    """Ruling (issue 5): 「In the solo round end, the player gets the one final turn (any
    number of combinations, at most 3 buildings), then settles without lay-offs」."""
    hand_cards = ["S3", "S4", "S5", "H3", "H4", "H5", "C3", "C4", "C5", "D3", "D4", "D5"]
    state = table([hand_cards], ["C10", "H10"])
    play(state, 0, "draw 1")  # ♥10 is discarded: the row is empty
    view = state.view(0)
    assert view["final_turn"] is True and phase(state) == "build"
    assert "meld run" in legal(state)
    build(state, 0, "park", "S3 S4 S5")
    build(state, 0, "library", "H3 H4 H5")
    build(state, 0, "bakery", "C3 C4 C5")
    assert not any(code.startswith("build") for code in legal(state))
    meld(state, 0, "run", "D3 D4 D5")
    # No settle phase (no lay-offs): straight to the accounts and the next round.
    settled = state.view(0)["settlements"][0]["towns"][0]
    assert (settled["hand"], settled["combinations"], settled["paid"]) == (1, 4, 1)
    assert settled["income"] == 1  # the Bakery
    assert tepu(state) == [7 - 1 + 4 + 1]
    assert state.view(0)["round"] == 2


def test_solo_round_end_after_a_pass_that_empties_the_row() -> None:
    """ソロ 5 and ラウンドの終了: a pass that discards the last cards ends the round too."""
    state = table([["S3", "S4", "S5", "HK"]], ["C10", "H10", "D10"], buildings=[["shrine"]])
    play(state, 0, "pass")
    assert state.view(0)["final_turn"] is True
    build(state, 0, "park", "S3 S4 S5")
    assert state.view(0)["round"] == 2
