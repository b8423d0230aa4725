"""◇3枚ボーナス: the first to lay 3 cards under a mine takes the top bonus card."""

from __future__ import annotations

from typing import Any

from .itsmine_helpers import active, bids, column, duel, hand, legal, phase, play, refused


def phase3(
    hands: list[list[str]],
    columns: list[dict[str, list[str]]],
    bonus: list[str],
    higher: int = 0,
    **more: Any,
) -> Any:
    """Phase 3 with nothing to take, ``higher`` laying first; ``bonus`` top first."""
    state = duel(
        {
            "hands": hands,
            "columns": columns,
            "citizens": [],
            "deck": ["HA", "H2", "H3"],
            "bonus": bonus,
            "rest": "box",
            **more,
        }
    )
    bids(state, 5, 2) if higher == 0 else bids(state, 2, 5)
    assert phase(state) == "play"
    return state


def test_bonus_the_first_to_three_cards_draws_the_top_bonus_card_and_sees_it_alone() -> None:
    """3枚ボーナス: 「ある1つの鉱山において,自分の目の前に先に3枚以上のカードを並べたプレイヤー
    は,即座に以下のボーナスを得る」「ボーナスの山の一番上の1枚を手に取り,自分だけ中身を確認する」."""
    state = phase3([["K10"], ["O3"]], [{"K": ["K8", "K9"]}, {}], ["T11", "S10"])
    events = play(state, 0, "play K10")
    assert phase(state) == "bonus" and active(state) == [0]
    assert legal(state, 0) == ["keep", "remove"]
    assert state.view(0)["bonus_card"] == "T11", "the top card, to its taker"
    assert "bonus_card" not in state.view(1) and "bonus_card" not in state.view(None)
    assert state.view(None)["bonus_pile"] == 1
    assert all("T11" not in str(e.data) for e in events if e.visible_to(1))
    refused(state, 1, "play O3", "turn order")


def test_bonus_c_keep_it_in_hand() -> None:
    """3枚ボーナス: 「c.手札に入れる」."""
    state = phase3([["K10"], ["O3"]], [{"K": ["K8", "K9"]}, {}], ["T11"])
    play(state, 0, "play K10", "keep")
    assert hand(state, 0) == ["T11"]
    assert state.view(1)["seats"][0]["hand_size"] == 1, "hand sizes are public (ruling)"
    assert active(state) == [1], "then the lower face plays"


def test_bonus_d_remove_it_face_down_unseen() -> None:
    """3枚ボーナス: 「d.裏向きでゲームから除外する(ゲームから場外する場合は,相手に内容を明かす
    ことなく,箱などにしまってください)」."""
    state = phase3([["K10"], ["O3"]], [{"K": ["K8", "K9"]}, {}], ["T11"])
    events = play(state, 0, "play K10", "remove")
    assert hand(state, 0) == []
    assert state.view(0)["seats"][0]["removed_bonus"] == ["T11"]
    for seat in (1, None):
        assert "T11" not in str(state.view(seat)), "the other never learns the card"
        assert "removed_bonus" not in state.view(seat)["seats"][0]
        assert state.view(seat)["seats"][0]["removed_count"] == 1, "that a card went is seen"
    assert all("T11" not in str(e.data) for e in events if e.visible_to(1))
    assert "T11" not in str([e.data for e in events if e.visible_to(None)])


def test_supplement8_once_per_mine_per_game() -> None:
    """≪補足8≫ 「3枚ボーナスは各鉱山の列において,それぞれゲーム中に1回しか起きない」: a fourth
    card, a round later, earns nothing."""
    state = phase3([["K10", "K11"], ["O3", "O4"]], [{"K": ["K8", "K9"]}, {}], ["T11", "S10"])
    play(state, 0, "play K10", "keep")
    assert state.view(None)["bonus_claimed"] == ["KK"]
    play(state, 1, "play O3")
    bids(state, 6, 3)
    play(state, 1, "take HA", "take H2", "take H3")
    play(state, 0, "play K11")
    assert column(state, 0, "KK") == ["K8", "K9", "K10", "K11"]
    assert phase(state) == "play" and active(state) == [1], "no second Coffin bonus"
    assert state.view(None)["bonus_pile"] == 1


def test_QA_whoever_lays_three_first_gets_the_bonus() -> None:
    """Q&A: 「同じフェイズ中に,お互いのプレイヤーが同じ鉱山で3枚ボーナスを達成した場合は?」
    「先に3枚以上のカードを並べたプレイヤーが,即座に3枚ボーナスを得ます.つまり,後から3枚以上の
    カードを並べても,そのプレイヤーは3枚ボーナスを得ることができません.」"""
    state = phase3([["K10"], ["K12"]], [{"K": ["K8", "K9"]}, {"K": ["K7", "K11"]}], ["T11", "S10"])
    play(state, 0, "play K10", "keep")
    play(state, 1, "play K12")
    assert column(state, 1, "KK") == ["K7", "K11", "K12"]
    assert phase(state) == "bid" and state.view(None)["bonus_pile"] == 1
    assert hand(state, 1) == []


def test_bonus_note_several_at_once_from_the_largest_mine_down_each_decided_alone() -> None:
    """3枚ボーナス【注意】: 「1度に2つ以上の鉱山で「3枚ボーナス」を得た場合は,大きい数の鉱山
    (最大の鉱山は『コフィンのK』の鉱山)から順番に処理をしていく.その際,ボーナスを「手札に入れる/
    除外する」を鉱山ごとに(1枚ずつ)任意に選択してよい(例:最初のボーナスは除外したが、次のボーナス
    は手札に入れた)」: Book 7 and Coin 7 complete two columns; the Coin 10 mine comes first."""
    state = phase3(
        [["B7", "C7"], []],
        [{"B": ["B3", "B4"], "C": ["C4", "C5"]}, {}],
        ["T11", "S10", "K12"],
    )
    events = play(state, 0, "play B7 C7")
    assert [e.data["mine"] for e in events if e.kind == "bonus"] == ["C10"]
    assert state.view(0)["bonus_card"] == "T11"
    play(state, 0, "remove")
    assert phase(state) == "bonus" and state.view(0)["bonus_card"] == "S10"
    events = play(state, 0, "keep")
    assert hand(state, 0) == ["S10"]
    assert state.view(0)["seats"][0]["removed_bonus"] == ["T11"]
    assert state.view(None)["bonus_claimed"] == ["B9", "C10"]
    assert state.view(None)["bonus_pile"] == 1


def test_bonus_note_none_when_the_pile_is_empty() -> None:
    """3枚ボーナス【注意】: 「もしボーナスの山にカードがない場合は,3枚以上並べたとしても誰も
    ボーナスを得ることができない」."""
    state = phase3([["K10"], []], [{"K": ["K8", "K9"]}, {}], [])
    play(state, 0, "play K10")
    assert phase(state) == "play" and active(state) == [1]


def test_bonus_note_one_card_left_for_two_mines_goes_to_the_larger() -> None:
    """【注意】 both at once: the largest mine first, and then the pile is empty."""
    state = phase3([["B7", "C7"], []], [{"B": ["B3", "B4"], "C": ["C4", "C5"]}, {}], ["T11"])
    events = play(state, 0, "play B7 C7")
    assert [e.data["mine"] for e in events if e.kind == "bonus"] == ["C10"]
    play(state, 0, "keep")
    assert phase(state) == "play" and active(state) == [1]


def test_bonus_three_cards_laid_in_one_run_count() -> None:
    """「先に3枚以上のカードを並べた」: three at once from an empty column earns it too."""
    state = phase3([["S7", "S8", "S9"], []], [{}, {}], ["T11"])
    play(state, 0, "play S7 S8 S9")
    assert phase(state) == "bonus"


def test_bonus_keep_or_remove_only_when_a_bonus_card_waits() -> None:
    state = phase3([["K10"], []], [{"K": ["K8", "K9"]}, {}], ["T11"])
    refused(state, 0, "keep", "3枚ボーナス")
    refused(state, 0, "remove", "3枚ボーナス")
    play(state, 0, "play K10")
    refused(state, 0, "play K10", "フェイズ3 5)")
    refused(state, 0, "bid 2", "フェイズ1 1)")
