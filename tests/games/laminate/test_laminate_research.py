"""1. 研究 (research) and 【補遺】 研究アクションに対する注意: draw two and keep one, or take the
top discard; the discard pile in order; the reshuffle only when a deck draw is needed."""

from __future__ import annotations

import pytest

from .laminate_helpers import (
    active,
    deck_size,
    discards,
    hand,
    hand_size,
    legal,
    phase,
    play,
    refused,
    seen_by,
    table,
)

HANDS = [["O7"], ["S5"], ["T6"]]


# --- draw two, keep one -------------------------------------------------------------------
def test_research_draw_two_from_the_top_keep_one_discard_the_other_face_up() -> None:
    """1. 研究: 「山札の上から2枚引き、そのうち1枚を手札に加え、もう1枚を捨て札置き場に表向きに
    捨てる」."""
    state = table(HANDS, deck=["HA", "O2", "B3"], discards=["C4"])
    assert legal(state) == ["draw", "take"]
    play(state, 0, "draw")
    assert phase(state, 0) == "keep" and active(state) == [0]
    assert state.view(0)["drawn"] == ["HA", "O2"], "the top two cards"
    assert legal(state) == ["keep HA", "keep O2"]
    assert deck_size(state) == 1
    events = play(state, 0, "keep O2")
    assert sorted(hand(state, 0)) == sorted(["O7", "O2"])
    assert discards(state) == ["C4", "HA"], "the other card is on top, face up"
    assert {"kind": "discard", "seat": 0, "card": "HA"} in seen_by(events, 1)
    assert active(state) == [1], "one action per turn: the turn is over"


def test_research_keep_only_one_of_the_two_cards_drawn() -> None:
    state = table(HANDS, deck=["HA", "O2", "B3"])
    refused(state, 0, "keep HA", "1. 研究")  # nothing drawn yet
    play(state, 0, "draw")
    refused(state, 0, "keep B3", "1. 研究")
    refused(state, 0, "keep O7", "1. 研究")
    refused(state, 0, "draw", "ゲームの進行")
    refused(state, 0, "take", "ゲームの進行")
    refused(state, 0, "pass", "ゲームの進行")
    refused(state, 1, "keep HA", "turn order")


def test_research_take_the_top_discard() -> None:
    """1. 研究: 「捨て札置き場の一番上にあるカードを手札に加える」; it is seen by everyone."""
    state = table(HANDS, deck=["HA"], discards=["C4", "B3"])
    events = play(state, 0, "take")
    assert sorted(hand(state, 0)) == sorted(["O7", "B3"])
    assert discards(state) == ["C4"] and deck_size(state) == 1
    assert seen_by(events, 2)[0] == {"kind": "take", "seat": 0, "card": "B3"}
    assert state.view(2)["seats"][0]["known_cards"] == ["B3"]
    assert active(state) == [1]


def test_research_take_needs_a_discard_and_draw_needs_a_card() -> None:
    state = table(HANDS, deck=[], discards=[], papers=[[], [], []])
    assert "take" not in legal(state) and "draw" not in legal(state)
    refused(state, 0, "take", "1. 研究")
    refused(state, 0, "draw", "1. 研究")


@pytest.mark.parametrize("how", ["draw", "take"])
def test_research_either_way_the_hand_grows_by_one(how: str) -> None:
    """1. 研究: 「いずれの場合も手札が一枚増えます」."""
    state = table(HANDS, deck=["HA", "O2"], discards=["C4"])
    play(state, 0, how)
    if how == "draw":
        play(state, 0, "keep HA")
    assert hand_size(state, 0) == 2
    assert hand_size(state, 1) == hand_size(state, 2) == 1


# --- 補遺: the discard pile and the reshuffle ------------------------------------------------
def test_addendum_the_discards_stay_in_the_order_discarded() -> None:
    """補遺: 「捨て札のカードは捨てられた順に置きます。山札のリシャッフルが起こるまでは順番を変え
    ないでください」."""
    state = table(HANDS, deck=["HA", "O2", "B3", "C4", "K7", "K8"])
    expected: list[str] = []
    for seat in (0, 1, 2):
        play(state, seat, "draw")
        first, second = state.view(seat)["drawn"]
        play(state, seat, f"keep {second}")
        expected.append(first)
        assert discards(state) == expected
    assert deck_size(state) == 0


def test_addendum_an_empty_deck_is_not_refilled_at_once() -> None:
    """補遺: 「山札が 0 枚になってもすぐに捨て札のリシャッフルは行いません」: the next player may
    still take the top discard."""
    state = table(HANDS, deck=["HA", "O2"], discards=["C4", "B3"])
    play(state, 0, "draw", "keep HA")
    assert deck_size(state) == 0
    assert discards(state) == ["C4", "B3", "O2"]
    assert legal(state, 1) == ["draw", "take"]
    play(state, 1, "take")
    assert "O2" in hand(state, 1) and discards(state) == ["C4", "B3"]
    assert deck_size(state) == 0


def test_addendum_the_discards_are_reshuffled_when_a_deck_draw_is_needed() -> None:
    """1. 研究: 「山札がなくなったら、次に山札を引く必要が出来たタイミングで捨て札置き場のカードを
    シャッフルし、新たな山札にします」."""
    state = table(HANDS, deck=[], discards=["HA", "O2", "B3", "C4"])
    assert "draw" in legal(state)
    events = play(state, 0, "draw")
    assert {"kind": "reshuffle", "seat": None, "deck": 4} in seen_by(events, None)
    drawn = state.view(0)["drawn"]
    assert set(drawn) <= {"HA", "O2", "B3", "C4"} and len(set(drawn)) == 2
    assert deck_size(state) == 2 and discards(state) == []
    play(state, 0, f"keep {drawn[0]}")
    assert discards(state) == [drawn[1]]
    assert {c.code for c in state.deck} == {"HA", "O2", "B3", "C4"} - set(drawn)


def test_addendum_the_reshuffle_is_a_shuffle() -> None:
    discarded = ["HA", "O2", "B3", "C4", "S6", "T7", "K7", "K8"]
    firsts = set()
    for seed in range(10):
        state = table(HANDS, deck=[], discards=discarded, seed=seed)
        play(state, 0, "draw")
        firsts.add(tuple(state.view(0)["drawn"]))
    assert len(firsts) > 3


def test_addendum_one_card_left_draw_it_reshuffle_then_draw_the_new_top() -> None:
    """補遺: 「山札が残り 1 枚の状態では山札の 2 枚から 1 枚を選ぶ場合は、山札の最後の 1 枚を引いた
    うえで捨て札をシャッフルし、新しい山札を用意してその一番上のカードを引きます。この 2 枚から 1
    枚を手札に加え、1 枚を（何も置かれていない）捨て札置き場に置きます」."""
    state = table(HANDS, deck=["HA"], discards=["O2", "B3", "C4"])
    events = play(state, 0, "draw")
    kinds = [e["kind"] for e in seen_by(events, None)]
    assert kinds == ["reshuffle", "draw"]
    last, new_top = state.view(0)["drawn"]
    assert last == "HA", "the deck's last card is drawn first"
    assert new_top in {"O2", "B3", "C4"}
    assert discards(state) == [], "every discard went into the new deck"
    assert deck_size(state) == 2
    play(state, 0, f"keep {new_top}")
    assert discards(state) == ["HA"], "the unkept card starts the empty discard pile"
    assert new_top in hand(state, 0)
    assert active(state) == [1]


def test_addendum_one_card_left_keeping_the_last_deck_card() -> None:
    state = table(HANDS, deck=["HA"], discards=["O2", "B3"])
    play(state, 0, "draw")
    _, new_top = state.view(0)["drawn"]
    play(state, 0, "keep HA")
    assert discards(state) == [new_top]
    assert deck_size(state) == 1


def test_addendum_deck_and_discards_hold_one_card_it_goes_to_the_hand_from_the_deck() -> None:
    """補遺: 「山札と捨て札が合わせて 1 枚しかないときは、その 1 枚を手札に加えます」: the last
    deck card, with no discards to reshuffle."""
    state = table(HANDS, deck=["HA"], discards=[])
    assert legal(state) == ["draw"]
    events = play(state, 0, "draw")
    assert sorted(hand(state, 0)) == sorted(["O7", "HA"])
    assert phase(state, 0) == "turn" and active(state) == [1], "nothing to choose"
    assert deck_size(state) == 0 and discards(state) == []
    assert any(e["kind"] == "drawn" and e["cards"] == ["HA"] for e in seen_by(events, 0))
    assert not any("HA" in str(e) for e in seen_by(events, 1))


def test_addendum_deck_and_discards_hold_one_card_it_goes_to_the_hand_from_the_discards() -> None:
    """補遺: 「山札と捨て札が合わせて 1 枚しかないときは、その 1 枚を手札に加えます」: the only
    discard is taken (there are not two cards to draw)."""
    state = table(HANDS, deck=[], discards=["B3"])
    assert legal(state) == ["take"]
    refused(state, 0, "draw", "補遺 研究アクションに対する注意")
    play(state, 0, "take")
    assert sorted(hand(state, 0)) == sorted(["O7", "B3"])
    assert discards(state) == [] and deck_size(state) == 0
