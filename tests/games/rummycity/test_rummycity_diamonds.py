"""♦ buildings (ruling 12): our Market (市場) and Mine (鉱山) pay at the end of every turn their
owner does not pass, by the card then on top of the row; a pass gives that up (♠について:
「♦️の効果と重複することはなく、パスをすると、♦️の効果は無くなってしまいます」)."""

from __future__ import annotations

from asobi.core.events import Event

from .rummycity_helpers import build, events_named, game, play, row, table, tepu

OTHER = ["DK", "CQ"]


def gains(events: list[Event]) -> list[str]:
    """Why each tepu was gained in these events."""
    return [e.data["why"] for e in events_named(events, "gain")]


# --- 市場 (Market): a face-up ♦ on top ---------------------------------------------------------
def test_market_pays_when_a_draw_leaves_a_face_up_diamond_on_top() -> None:
    """Ruling 12: at the end of a turn its owner did not pass, +1 tepu if the row's top card is
    a face-up ♦; any other top card pays nothing."""
    state = table(
        [["S2", "H9"], OTHER], ["C10", "DQ", "H2", "S5", "C3"], buildings=[["market"], []]
    )
    events = play(state, 0, "draw 1")  # ♦Q now on top
    assert tepu(state) == [8, 7] and gains(events) == ["market"]
    play(state, 1, "draw 1")  # the other town owns no Market
    assert tepu(state) == [8, 7]
    events = play(state, 0, "draw 1")  # ♠5 on top: nothing
    assert tepu(state) == [8, 7] and gains(events) == []


def test_market_pays_after_a_turn_of_building_too() -> None:
    """Ruling 12: every turn without a pass, not only draws: a turn of building leaves the
    row as it was, with its face-up ♦ on top."""
    state = table([["S3", "S4", "S5", "H9"], OTHER], ["D7", "C10"], buildings=[["market"], []])
    events = build(state, 0, "park", "S3 S4 S5")  # one card left: the turn ends by itself
    assert tepu(state) == [8, 7] and gains(events) == ["market"]


def test_market_does_not_pay_for_a_face_down_diamond() -> None:
    """Ruling 12: the Market pays for a ♦ everyone can see; a face-down card is the Mine's."""
    state = table([["S2", "H9"], OTHER], ["C10", "?DQ", "H2"], buildings=[["market"], []])
    play(state, 0, "draw 1")
    assert row(state, 1)[0] is None and tepu(state) == [7, 7]


def test_nothing_is_paid_when_the_turn_empties_the_row() -> None:
    """Ruling 12: with the row empty (ラウンドの終了) there is no top card and nothing to pay;
    the final turns pay nothing either."""
    state = table([["S2", "H9"], OTHER], ["C10", "DQ"], buildings=[["market", "mine"], []])
    events = play(state, 0, "draw 2")
    assert gains(events) == [] and tepu(state)[0] <= 7


# --- 鉱山 (Mine): a face-down card on top ------------------------------------------------------
def test_mine_pays_when_a_turn_ends_with_a_face_down_card_on_top() -> None:
    """Ruling 12: at the end of a turn its owner did not pass, +1 tepu if the row's top card
    lies face down (whatever it is)."""
    state = table(
        [["S2", "H9"], OTHER], ["S7", "?H10", "C5", "?D4", "S6"], buildings=[["mine"], []]
    )
    events = play(state, 0, "draw 1")  # a face-down card now on top
    assert tepu(state) == [8, 7] and gains(events) == ["mine"]
    play(state, 1, "draw 1")  # takes it; ♣5 on top, and seat 1 owns no Mine
    assert tepu(state) == [8, 7]
    play(state, 0, "draw 1")
    assert tepu(state) == [9, 7]


def test_the_mine_and_the_market_pay_together_once_each() -> None:
    """Ruling 12: one top card pays at most one of them (a card is face up or face down)."""
    state = table(
        [["S2", "H9"], OTHER], ["S7", "?D10", "D5", "C3"], buildings=[["market", "mine"], []]
    )
    events = play(state, 0, "draw 1")
    assert gains(events) == ["mine"]
    play(state, 1, "draw 1")
    events = play(state, 0, "draw 1")  # ♣3 on top
    assert gains(events) == []


# --- ♠ and ♦: a pass gives the ♦ effects up ----------------------------------------------------
def test_passing_forfeits_the_diamond_effects() -> None:
    """♠について: 「♦️の効果と重複することはなく、パスをすると、♦️の効果は無くなってしまいます」:
    the face-down card on top would pay the Mine at the end of the turn, and the face-up ♦ the
    Market; passing, seat 0 gains nothing. Drawing on its next turn, it does."""
    state = table(
        [["S7", "H9"], OTHER],
        ["?C10", "H10", "SJ", "DJ", "S9", "H2"],
        buildings=[["park", "market", "mine"], []],
    )
    events = play(state, 0, "pass")
    assert tepu(state) == [7, 7] and gains(events) == []
    play(state, 1, "draw 2")  # ♠J on top now
    events = play(state, 0, "draw 1")  # ♦J on top: the Market
    assert tepu(state) == [8, 7] and gains(events) == ["market"]


def test_solo_the_top_card_is_the_one_after_the_discards() -> None:
    """Solo 1 「引いた後で、引いた枚数と同じだけ上からカードを捨て札にします」: the turn ends
    after the discards, so the card below them is on top."""
    state = game(
        {
            "hands": [["SK", "HQ"]],
            "row": ["S3", "D9", "DQ", "C5"],
            "rest": "box",
            "turn": 0,
            "buildings": [["market"]],
        },
        players=1,
    )
    events = play(state, 0, "draw 1")  # S3 drawn, D9 discarded: DQ on top
    assert gains(events) == ["market"] and tepu(state) == [8]
