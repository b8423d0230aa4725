"""プレーの手順 1 (drawing), ♥について (the draw limit and the School), and what each seat
sees of the cards drawn."""

from __future__ import annotations

from asobi.games.rummycity.state import RummyCityState

from .rummycity_helpers import (
    acting,
    events_named,
    hand,
    legal,
    phase,
    play,
    refused,
    row,
    sorted_codes,
    table,
    tepu,
    visible_strings,
)

ROW = ["S3", "?H9", "D4", "C5", "S6", "?CJ", "D10", "H2"]


def test_draw_1_to_3_cards() -> None:
    """プレーの手順 1: 「カードを山札から3枚まで引く」「山札から1~3枚を引く」."""
    state = table([["SK", "HQ"], ["DK", "CQ"]], ROW)
    assert [c for c in legal(state) if c.startswith("draw")] == ["draw 1", "draw 2", "draw 3"]
    refused(state, 0, "draw 4", "プレーの手順 1")
    refused(state, 0, "draw 99", "プレーの手順 1")  # past any draw limit: the rule says why
    refused(state, 0, "done", "プレーの手順")  # nothing under way (once "rule: protocol")


def test_draw_takes_the_cards_from_the_top_of_the_row_in_order() -> None:
    """準備: 「山札を引く際は、必ず、横に並べた時に上側にあった方から引く」."""
    state = table([["SK", "HQ"], ["DK", "CQ"]], ROW)
    play(state, 0, "draw 3")
    assert hand(state, 0) == sorted_codes("SK HQ S3 H9 D4")
    assert row(state, None) == ["C5", "S6", None, "D10", "H2"]
    assert acting(state) == 1  # a draw is the whole turn
    play(state, 1, "draw 1")
    assert "C5" in hand(state, 1)
    assert row(state, None)[0] == "S6"


def test_drawing_is_a_whole_turn_and_nothing_is_discarded() -> None:
    """プレーの手順: 「どちらかを必ず行います」; 「引いたカードを捨てることは出来ません」."""
    state = table([["SK", "HQ"], ["DK", "CQ"]], ROW)
    play(state, 0, "draw 2")
    assert phase(state) == "turn" and acting(state) == 1
    assert len(hand(state, 0)) == 4
    assert not any(code.startswith("discard") for code in legal(state, 1))
    refused(state, 1, "end", "プレーの手順")


def test_cannot_draw_more_cards_than_the_row_holds() -> None:
    """プレーの手順 1: the row's cards are all there is to draw."""
    state = table([["SK", "HQ"], ["DK", "CQ"]], ["S3", "H9"])
    assert [c for c in legal(state) if c.startswith("draw")] == ["draw 1", "draw 2"]
    refused(state, 0, "draw 3", "プレーの手順 1")


def test_each_heart_building_raises_the_draw_limit_by_one() -> None:
    """♥について: 「上限を増やす、とは、通常時に引く枚数をその分増加させます。1枚上限が
    増えると、4枚まで引けることになります。」"""
    state = table([["SK", "HQ"], ["DK", "CQ"]], ROW, buildings=[["library", "hospital"], ["park"]])
    seats = state.view(None)["seats"]
    assert [s["draw_limit"] for s in seats] == [5, 3]
    assert [c for c in legal(state) if c.startswith("draw")][-1] == "draw 5"
    refused(state, 0, "draw 6", "プレーの手順 1")
    play(state, 0, "draw 5")
    assert len(hand(state, 0)) == 7


def test_a_non_heart_building_does_not_raise_the_limit() -> None:
    """♥について: only ♥ buildings raise it (♣, ♦ and ♠ ones do not)."""
    state = table([["SK", "HQ"], ["DK", "CQ"]], ROW, buildings=[["bakery", "market", "park"], []])
    assert state.view(None)["seats"][0]["draw_limit"] == 3


def test_face_down_cards_can_be_drawn_but_not_seen_before() -> None:
    """プレーの手順 1: 「裏向きのカードを見ることは出来ませんが、引くことは可能です」."""
    state = table([["SK", "HQ"], ["DK", "CQ"]], ROW)
    assert row(state, 0)[:2] == ["S3", None]
    assert row(state, 1)[:2] == ["S3", None]
    assert "H9" not in visible_strings(state.view(0))
    play(state, 0, "draw 2")
    assert "H9" in hand(state, 0)


def test_a_face_down_card_drawn_is_seen_by_its_drawer_only() -> None:
    """プレーの手順 1 and issue 5: face-down cards are drawn unseen; the other seat's view
    does not show them, the drawer's does."""
    state = table([["SK", "HQ"], ["DK", "CQ"]], ROW)
    events = play(state, 0, "draw 2")
    assert "H9" in state.view(0)["seats"][0]["hand"]
    for viewer in (1, None):
        assert "H9" not in visible_strings(state.view(viewer))
        assert state.view(viewer)["seats"][0]["hand_size"] == 4
    (drawn,) = events_named(events, "draw")
    assert drawn.to is None and drawn.data["face_down"] == 1 and drawn.data["face_up"] == ["S3"]
    hidden = [e for e in events if "H9" in visible_strings(e.to_json())]
    assert hidden and all(e.to == frozenset({0}) for e in hidden)


def test_a_face_up_card_drawn_stays_known_to_the_other_seat() -> None:
    """準備 (「カードの数字がよく見えるように」) and issue 5: 「a face-up card drawn into a hand
    stays known to the other player (the views must track this)」."""
    state = table([["SK", "HQ"], ["DK", "CQ"]], ROW)
    play(state, 0, "draw 3")
    assert state.view(1)["seats"][0]["known_cards"] == sorted_codes("S3 D4")
    assert state.view(None)["seats"][0]["known_cards"] == sorted_codes("S3 D4")
    # The dealt cards were never seen by the other seat.
    assert "SK" not in visible_strings(state.view(1))
    play(state, 1, "draw 1")
    assert state.view(0)["seats"][1]["known_cards"] == ["C5"]
    assert state.view(1)["seats"][0]["known_cards"] == sorted_codes("S3 D4")


def test_a_known_card_is_no_longer_known_once_it_leaves_the_hand() -> None:
    """Issue 5 (views): a known card laid in a combination is public there, not in hand."""
    state = table([["S4", "S5"], ["DK", "CQ"]], ["S3", "H9", "D4", "CA"])
    play(state, 0, "draw 1")
    play(state, 1, "draw 1")
    assert state.view(1)["seats"][0]["known_cards"] == ["S3"]
    play(state, 0, "build park", "lay S3", "lay S4", "lay S5", "done")
    assert state.view(1)["seats"][0]["known_cards"] == []
    assert state.view(1)["seats"][0]["combinations"][0]["cards"] == ["S3", "S4", "S5"]


# --- 学校 (the School) ---------------------------------------------------------------------
def school_table() -> RummyCityState:
    return table([["SK", "HQ"], ["DK", "CQ"]], ROW, buildings=[["school"], []])


def test_school_looks_at_the_range_and_takes_the_cards_wanted() -> None:
    """♥について: 学校 「山札から引くときに、いらないカードは残し、要るカードをもらう。
    但し、範囲は通常通り、3枚までで、上限が増えるとその分範囲も広がる」 — the School is ♥,
    so its owner's range is 4."""
    state = school_table()
    assert "look" in legal(state) and not any(c.startswith("draw") for c in legal(state))
    play(state, 0, "look")
    assert phase(state) == "pick"
    assert state.view(0)["looking"]["cards"] == ["S3", "H9", "D4", "C5"]
    assert legal(state) == ["take 1", "take 2", "take 3", "take 4"]
    play(state, 0, "take 2", "take 4")
    assert "done" in legal(state)
    play(state, 0, "done")
    assert hand(state, 0) == sorted_codes("SK HQ H9 C5")
    # The rest stay in the row, in their order.
    assert row(state, None) == ["S3", "D4", "S6", None, "D10", "H2"]
    assert acting(state) == 1


def test_school_range_grows_with_more_heart_buildings() -> None:
    """♥について: 「上限が増えるとその分範囲も広がる」: School + Library = 5."""
    state = table([["SK", "HQ"], ["DK", "CQ"]], ROW, buildings=[["school", "library"], []])
    play(state, 0, "look")
    assert state.view(0)["looking"]["count"] == 5
    play(state, 0, "take 1", "take 2", "take 3", "take 4", "take 5")
    # Taking the whole range finishes the draw.
    assert acting(state) == 1 and len(hand(state, 0)) == 7


def test_school_must_take_at_least_one_card() -> None:
    """プレーの手順 1: 「山札から1~3枚を引く」 — the School too draws at least one."""
    state = school_table()
    play(state, 0, "look")
    refused(state, 0, "done", "プレーの手順 1")
    refused(state, 0, "draw 1", "学校 (School)")
    refused(state, 0, "take 5", "学校 (School)")
    play(state, 0, "take 3")
    refused(state, 0, "take 3", "学校 (School)")


def test_school_owner_sees_the_face_down_cards_in_range_the_other_does_not() -> None:
    """♥について (School) and issue 5 (views): the looker sees the range; the other seat
    sees only that a look happened; a face-down card it takes stays unknown to the other."""
    state = school_table()
    events = play(state, 0, "look")
    assert state.view(1)["looking"]["cards"] is None
    assert state.view(1)["looking"]["count"] == 4
    assert "H9" not in visible_strings(state.view(1))
    assert row(state, 0)[1] == "H9"  # looked at: the looker now sees it in the row
    assert row(state, 1)[1] is None
    assert all(e.to == frozenset({0}) for e in events if "H9" in visible_strings(e.to_json()))
    play(state, 0, "take 2", "take 3", "done")
    assert state.view(1)["seats"][0]["known_cards"] == ["D4"]


def test_school_leaves_a_looked_at_card_known_to_the_looker_only() -> None:
    """♥について (School): a face-down card looked at and left in the row is still face down
    for the other seat, which may draw it unseen."""
    state = school_table()
    play(state, 0, "look", "take 1", "done")
    assert row(state, 0)[0] == "H9"
    assert row(state, 1)[0] is None
    play(state, 1, "draw 1")
    # Seat 0 had looked at H9: it knows that seat 1 holds it now.
    assert state.view(0)["seats"][1]["known_cards"] == ["H9"]


def test_without_the_school_there_is_no_look() -> None:
    """♥について: only the School's owner looks before taking."""
    state = table([["SK", "HQ"], ["DK", "CQ"]], ROW, buildings=[["library"], []])
    refused(state, 0, "look", "学校 (School)")
    with_school = school_table()
    refused(with_school, 0, "draw 2", "学校 (School)")


# --- our Station ------------------------------------------------------------
def test_station_charges_the_other_player_a_fare_for_drawing_three_or_more() -> None:
    """駅 (our design, issue 5: 「an interaction effect of your design」): the other player
    pays the Station's owner 1 tepu when drawing 3 or more cards."""
    state = table([["SK", "HQ"], ["DK", "CQ"]], ROW, buildings=[[], ["station"]], tepu=[5, 5])
    play(state, 0, "draw 3")
    assert tepu(state) == [4, 6]
    play(state, 1, "draw 3")  # its own draws cost nothing
    assert tepu(state) == [4, 6]
    play(state, 0, "draw 2")  # fewer than 3: no fare
    assert tepu(state) == [4, 6]


def test_station_fare_is_not_charged_to_an_empty_purse() -> None:
    """駅 (our design): nobody goes below 0 tepu."""
    state = table([["SK", "HQ"], ["DK", "CQ"]], ROW, buildings=[[], ["station"]], tepu=[0, 5])
    play(state, 0, "draw 3")
    assert tepu(state) == [0, 5]
