"""銀行/警察署について: the card put on the Bank or the Police station."""

from __future__ import annotations

from collections import Counter

from asobi.core.cards import FRENCH52

from .rummycity_helpers import (
    acting,
    build,
    buildings,
    finish_round,
    hand,
    legal,
    phase,
    play,
    refused,
    table,
)

OTHER = ["DK", "CQ"]
ROW = ["C10", "H10", "SJ", "DJ"]


def test_the_owner_may_put_a_hand_card_on_the_bank_face_up_at_any_time() -> None:
    """銀行/警察署について: 「建設して、いつでも好きなタイミングで、カードをその建物に置く
    ことが出来ます。置く時は、表向きにします。」"""
    state = table([["S7", "H9"], OTHER], ROW, buildings=[["bank"], []])
    assert "place bank S7" in legal(state)
    play(state, 0, "place bank S7")
    assert hand(state, 0) == ["H9"]
    assert state.view(1)["deposits"] == {"bank": "S7"}  # face up: everyone sees it
    # Putting a card is no turn: the owner still draws or builds.
    assert acting(state) == 0 and phase(state) == "turn"
    assert Counter(state.all_cards()) == Counter(FRENCH52.cards)


def test_a_card_can_be_put_right_after_building_the_bank() -> None:
    """銀行/警察署について: 「建設して、いつでも好きなタイミングで」: between combinations."""
    state = table([["S7", "H7", "D7", "C7", "H9"], ["S2"]], ["C10"])
    build(state, 0, "bank", "S7 H7 D7")
    assert phase(state) == "build" and acting(state) == 0
    assert "place bank C7" in legal(state)
    play(state, 0, "place bank C7")
    assert state.view(None)["deposits"] == {"bank": "C7"}


def test_a_card_can_be_put_in_a_final_turn_and_at_settlement() -> None:
    """銀行/警察署について: 「いつでも好きなタイミングで」 — also when the round ends, before
    the lay-offs that the card then helps (「ラウンド終了時の付け札にもこの効果は適用され」)."""
    state = table(
        [["S2"], ["C9", "H9", "DK"]],
        ["C10"],
        buildings=[[], ["bank"]],
        laid=[["run H6 H7 H8"], []],
    )
    play(state, 0, "draw 1")
    # Seat 1's final turn: only the Bank's card to put, or end.
    assert acting(state) == 1 and phase(state) == "build"
    assert "place bank DK" in legal(state)
    play(state, 1, "end")
    assert phase(state) == "settle" and acting(state) == 1
    assert "layoff C9 1" not in legal(state)
    play(state, 1, "place bank DK")
    assert "layoff C9 1" not in legal(state)  # a king on the Bank: the nines are unchanged
    state = table(
        [["S2"], ["C9", "H9", "DK"]],
        ["C10"],
        buildings=[[], ["bank"]],
        laid=[["run H6 H7 H8"], []],
    )
    play(
        state,
        0,
        "draw 1",
    )
    play(state, 1, "end", "place bank H9")
    assert "layoff C9 1" in legal(state)
    play(state, 1, "layoff C9 1")


def test_only_one_card_and_it_cannot_be_changed() -> None:
    """銀行/警察署について: 「置いたカードを変更することはできません」."""
    state = table([["S7", "H9"], OTHER], ROW, buildings=[["bank"], []], deposits={"bank": "C3"})
    assert not any(code.startswith("place") for code in legal(state))
    refused(state, 0, "place bank S7", "銀行/警察署")


def test_only_the_owner_may_put_a_card_and_only_on_the_bank_or_police() -> None:
    state = table([["S7", "H9"], OTHER], ROW, buildings=[["park"], ["bank"]])
    refused(state, 0, "place bank S7", "銀行/警察署")
    refused(state, 0, "place police S7", "銀行/警察署")
    state = table([["S7", "H9"], OTHER], ROW, buildings=[["bank"], []])
    refused(state, 0, "place bank D7", "銀行/警察署")  # not in hand


def test_bank_card_rank_counts_as_any_suit_for_a_run() -> None:
    """銀行について: 「置いた数字のカードと同じ数字のカードは、どのマークにもなる」: with a 7 on
    the Bank, ♣7 completes ♥6-♥8 into the Library's ♥3Run."""
    state = table(
        [["H6", "C7", "H8"], OTHER], ROW, buildings=[["bank"], []], deposits={"bank": "S7"}
    )
    assert "build library" in legal(state)
    build(state, 0, "library", "H6 C7 H8")
    combo = state.view(1)["seats"][0]["combinations"][0]
    assert combo["cards"] == ["H6", "C7", "H8"]
    assert "C7" in combo["standing"]


def test_bank_card_rank_counts_as_any_suit_for_a_mix_run() -> None:
    """銀行について: a suitless ♥7 takes a suit nobody else in the MIX Run uses."""
    state = table(
        [["H6", "H7", "D8"], OTHER], ROW, buildings=[["bank"], []], deposits={"bank": "S7"}
    )
    build(state, 0, "community_hall", "H6 H7 D8")
    assert "community_hall" in buildings(state, 0)


def test_bank_does_not_change_the_rank() -> None:
    """銀行について: 「どのマークにもなる」 — any suit, not any rank."""
    state = table(
        [["H6", "C9", "H8"], OTHER], ROW, buildings=[["bank"], []], deposits={"bank": "S9"}
    )
    assert "build library" not in legal(state)


def test_without_a_card_on_it_the_bank_does_nothing() -> None:
    state = table([["H6", "C7", "H8"], OTHER], ROW, buildings=[["bank"], []])
    assert "build library" not in legal(state)


def test_police_card_rank_is_wild() -> None:
    """警察署について: 「置いた数字と同じ数字のカードは、ジョーカーになる」: with a 2 on the
    Police station, ♣2 stands for ♥7 in ♥6-♥7-♥8."""
    state = table(
        [["H6", "C2", "H8"], OTHER], ROW, buildings=[["police"], []], deposits={"police": "S2"}
    )
    build(state, 0, "library", "H6 C2 H8")
    assert "library" in buildings(state, 0)


def test_police_card_rank_is_wild_in_a_set() -> None:
    state = table(
        [["S9", "H9", "C2", "D4"], OTHER],
        ROW,
        buildings=[["police"], []],
        deposits={"police": "S2"},
    )
    assert "build bank" in legal(state)
    build(state, 0, "bank", "S9 C2 H9")


def test_the_jack_queen_king_and_ace_may_be_put_too() -> None:
    """銀行/警察署について: 「数字、と書いていますが、J,Q,K,Aも置いて構いません」."""
    state = table([["SA", "HK", "DQ"], OTHER], ROW, buildings=[["bank"], []])
    assert {"place bank SA", "place bank HK", "place bank DQ"} <= set(legal(state))
    play(state, 0, "place bank SA")
    assert state.view(None)["deposits"] == {"bank": "SA"}


def test_cards_stay_on_the_bank_when_it_is_taken() -> None:
    """銀行/警察署について: 「建物を奪っても、置いたカードを変更することはできません」: the card
    goes with the building; the new owner's cards of that rank are any suit, the old
    owner's are not any more, and the new owner cannot put another card."""
    state = table(
        [["H6", "C7", "H8", "S4"], ["SQ", "HQ", "DQ", "D9"]],
        ROW,
        buildings=[["bank"], []],
        deposits={"bank": "S7"},
        turn=1,
    )
    # Seat 1 takes the Bank with a Set3 of queens.
    build(state, 1, "bank", "SQ HQ DQ")
    assert buildings(state, 1) == ["bank"] and buildings(state, 0) == []
    assert state.view(None)["deposits"] == {"bank": "S7"}
    # Seat 0's ♣7 is a plain club again: no ♥3Run.
    assert acting(state) == 0
    assert "build library" not in legal(state)


def test_the_new_owner_of_the_bank_uses_its_card_and_cannot_change_it() -> None:
    """銀行/警察署について: the taken Bank's card works for its new owner."""
    state = table(
        [["H9", "SK"], ["SQ", "HQ", "DQ", "D6", "C7", "D8"]],
        ROW,
        buildings=[["bank"], []],
        deposits={"bank": "S7"},
        turn=1,
    )
    build(state, 1, "bank", "SQ HQ DQ")
    # ♣7 is any suit for seat 1 now: ♦6-♣7-♦8 is a ♦3Run.
    assert "build market" in legal(state, 1)
    refused(state, 1, "place bank D6", "銀行/警察署")
    build(state, 1, "market", "D6 C7 D8")
    assert sorted(buildings(state, 1)) == ["bank", "market"]


def test_cards_stay_on_the_police_station_when_it_is_taken() -> None:
    """銀行/警察署について: the Police station keeps its card too."""
    state = table(
        [["H9", "SK"], ["S5", "H5", "D5", "C5", "H6", "C2", "H8"]],
        ROW,
        buildings=[["police"], []],
        deposits={"police": "S2"},
        turn=1,
    )
    build(state, 1, "police", "S5 H5 D5 C5")
    assert state.view(None)["deposits"] == {"police": "S2"}
    build(state, 1, "library", "H6 C2 H8")


def test_the_card_on_a_building_stays_there_in_the_next_round() -> None:
    """銀行/警察署について and 決算 (「建てた建物はそのままにしておきます」): the card stays on
    the building and out of the next deal; the 52 cards are all accounted for."""
    state = table([["S7", "H9"], OTHER], ["C10"], buildings=[["bank"], []], rest="row")
    play(state, 0, "place bank S7")
    finish_round(state)
    assert state.view(None)["round"] == 2
    assert state.view(None)["deposits"] == {"bank": "S7"}
    assert Counter(state.all_cards()) == Counter(FRENCH52.cards)
    assert len(state.view(None)["row"]) == 47  # 52 − 4 dealt − the card on the Bank
    assert "S7" not in hand(state, 0) and "S7" not in hand(state, 1)
