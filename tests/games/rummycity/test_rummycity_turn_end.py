"""Ruling 21: the game moves on by itself only when everyone can see there is nothing else
to do. A turn of building, a final turn (ラウンドの終了) or one's lay-offs (決算) that might
still hold a move, as far as the other player knows, waits for its player's ``end``: ending
it by itself would tell the other player what the hand cannot make (issue 30, item 7)."""

from __future__ import annotations

import random

from asobi.games.rummycity.state import RummyCityState
from tests.properties.harness import Chooser, choose_move, with_chance_of

from .rummycity_helpers import SPEC, acting, build, game, legal, phase, play, table


def same_for(state: RummyCityState, seat: int, mover: int, code: str, worlds: int = 20) -> None:
    """``code`` by ``mover`` leaves ``seat`` the same view in the true state and in every
    world sampled for ``seat`` (what it cannot see dealt again; chance after the move, a new
    round's deal, falls alike)."""
    action = SPEC.action_space.decode(code)
    after = state.clone()
    after.apply(mover, action)
    for k in range(worlds):
        world = with_chance_of(state.determinize(seat, random.Random(k)), state)
        world.apply(mover, action)
        assert world.view(seat) == after.view(seat), f"world {k} differs after {code!r}"


def test_the_issue_reproduction_no_longer_tells_seat_0_anything() -> None:
    """Issue 30: seed 1000, 14 random moves, then seat 1 plays ``done``. Before, the true
    game ended seat 1's turn by itself (its hand could build nothing more) while a world
    sampled for seat 0 kept seat 1 building. Now seat 1 ends its turn itself, in every world."""
    state = game(seed=1000)
    chooser = Chooser([], 1000)
    for _ in range(14):
        seat, action = choose_move(state, chooser)
        state.apply(seat, action)
    assert acting(state) == 1 and legal(state) == ["done"]
    same_for(state, 0, 1, "done")
    play(state, 1, "done")
    assert acting(state) == 1 and phase(state) == "build" and legal(state) == ["end"]
    play(state, 1, "end")
    assert acting(state) == 0 and phase(state) == "turn"


def test_a_turn_that_might_build_again_waits_for_end() -> None:
    """プレーの手順 2 「建物を3つまで建てる」: after one building seat 0 holds three cards that
    make nothing; seat 1 cannot know that, so seat 0 ends its turn itself."""
    state = table([["S3", "S4", "S5", "H2", "D9", "CK"], ["DK", "CQ"]], ["?C10", "H10", "SJ"])
    play(state, 0, "build park", "lay S3", "lay S4", "lay S5")
    same_for(state, 1, 0, "done")
    play(state, 0, "done")
    assert acting(state) == 0 and phase(state) == "build" and legal(state) == ["end"]
    play(state, 0, "end")
    assert acting(state) == 1 and phase(state) == "turn"


def test_the_third_building_ends_the_turn_by_itself() -> None:
    """プレーの手順 2: 「建物を3つまで」: after the third building there is nothing left to do
    whatever the hand holds (no Bank or Police station to put a card on): the turn ends."""
    state = table(
        [["S3", "S4", "S5", "H3", "H4", "H5", "C3", "C4", "C5", "D9", "D10", "SK"], ["DK", "CQ"]],
        ["H10", "SJ"],
    )
    build(state, 0, "park", "S3 S4 S5")
    build(state, 0, "library", "H3 H4 H5")
    build(state, 0, "bakery", "C3 C4 C5")
    assert acting(state) == 1 and phase(state) == "turn"


def test_a_hand_of_two_cards_ends_the_turn_by_itself() -> None:
    """組み合わせ: every combination has 3 cards or more, and the hand's size is public: with
    two cards left (and no card to put on a building) the turn ends by itself."""
    state = table([["S3", "S4", "S5", "H2", "D9"], ["DK", "CQ"]], ["H10", "SJ"])
    build(state, 0, "park", "S3 S4 S5")
    assert acting(state) == 1 and phase(state) == "turn"


def test_an_empty_bank_keeps_the_turn_open() -> None:
    """銀行について 「いつでも好きなタイミングで」: a card may still go on the Bank, so even
    after the third building the turn waits for its player."""
    state = table(
        [["S3", "S4", "S5", "H3", "H4", "H5", "C3", "C4", "C5", "D9"], ["DK", "CQ"]],
        ["H10", "SJ"],
        buildings=[["bank"], []],
    )
    build(state, 0, "park", "S3 S4 S5")
    build(state, 0, "library", "H3 H4 H5")
    build(state, 0, "bakery", "C3 C4 C5")
    assert acting(state) == 0 and legal(state) == ["end", "place bank D9"]


def test_lay_offs_wait_for_end_while_a_combination_is_open() -> None:
    """決算 「相手の公開している組み合わせに、いくらでもつけ札を」: seat 1 holds cards and seat
    0's run can still grow, so seat 1 says it has nothing to lay off; against a full Set
    (4 cards) and a full MIX Run, nothing can be laid off and the settlement moves on."""
    state = table([["S2"], ["DK", "CJ"]], ["C10"], laid=[["run H3 H4 H5"], []])
    play(state, 0, "draw 1")
    assert phase(state) == "settle" and acting(state) == 1 and legal(state) == ["end"]
    same_for(state, 0, 1, "end")
    play(state, 1, "end")
    assert state.view(None)["settlements"]

    state = table(
        [["S2"], ["DK", "CJ"]], ["C10"], laid=[["set S7 H7 D7 C7", "mix S3 H4 D5 C6"], []]
    )
    play(state, 0, "draw 1")
    assert state.view(None)["settlements"] and state.view(None)["round"] == 2
