"""ラウンドの終了 (round end): the final turns after the last card is drawn."""

from __future__ import annotations

import pytest

from .rummycity_helpers import (
    acting,
    build,
    buildings,
    end_all,
    events_named,
    legal,
    meld,
    phase,
    play,
    refused,
    table,
)

FOUR_RUNS = ["S3", "S4", "S5", "H3", "H4", "H5", "C3", "C4", "C5", "D3", "D4", "D5"]


def test_the_round_ends_when_the_row_is_empty() -> None:
    """ラウンドの終了: 「山札が無くなると、ラウンド終了の合図になります」."""
    state = table([["S7", "H9"], ["DK", "C9"]], ["C10", "HJ"])
    play(state, 0, "draw 1")
    assert state.view(None)["final_turn"] is False and phase(state) == "turn"
    events = play(state, 1, "draw 1")
    assert next(e for e in events if e.kind == "round_end").seat == 1  # the last drawer
    # Neither hand makes a combination, but each holds 3 cards: as far as the other knows
    # it might, so each player ends its final turn (ruling 21); the settlement follows (no
    # combination to lay off onto), then the next round.
    events += end_all(state)
    kinds = [e.kind for e in events]
    assert kinds.index("round_end") < kinds.index("settled") < kinds.index("round")
    assert state.view(None)["settlements"][0]["round"] == 1
    assert state.view(None)["round"] == 2


def test_the_other_player_then_the_last_drawer_take_a_final_turn() -> None:
    """ラウンドの終了: 「最後のカードを引いた後、次のプレイヤー(相手)は組み合わせをいくらでも
    出す事ができます」「最後のカードを引いた方も同様にプレーし、ラウンドは終了します」."""
    state = table([["S3", "S4", "S5"], ["H3", "H4", "H5"]], ["C10"])
    play(state, 0, "draw 1")
    view = state.view(None)
    assert view["final_turn"] is True and view["last_drawer"] == 0
    assert acting(state) == 1 and phase(state) == "build"
    # No drawing in a final turn (the row is empty), no pass.
    assert not any(code.startswith("draw") for code in legal(state))
    build(state, 1, "library", "H3 H4 H5")
    assert acting(state) == 0 and state.view(None)["final_turn"] is True
    build(state, 0, "park", "S3 S4 S5")
    assert phase(state) == "settle" and acting(state) == 0  # ♣10 might extend seat 1's run
    play(state, 0, "end")
    assert state.view(None)["settlements"][0]["round"] == 1


def test_when_seat_1_draws_last_seat_0_has_the_first_final_turn() -> None:
    """ラウンドの終了: the order follows who drew last."""
    state = table([["S3", "S4", "S5"], ["H3", "H4", "H5"]], ["C10"], turn=1)
    play(state, 1, "draw 1")
    assert acting(state) == 0 and state.view(None)["last_drawer"] == 1
    play(state, 0, "end")
    assert acting(state) == 1


def test_final_turn_lays_any_number_of_combinations_but_builds_at_most_three() -> None:
    """ラウンドの終了: 「組み合わせをいくらでも出す事ができます。ただし、建物は3つまでしか
    建てられません」; `meld` lays a combination that claims no building."""
    state = table([["C10", "CJ"], FOUR_RUNS], ["S9"])
    play(state, 0, "draw 1")
    assert acting(state) == 1
    assert {"meld run"} <= set(legal(state))
    build(state, 1, "park", "S3 S4 S5")
    build(state, 1, "library", "H3 H4 H5")
    build(state, 1, "bakery", "C3 C4 C5")
    assert acting(state) == 1 and phase(state) == "build"
    assert not any(code.startswith("build") for code in legal(state))
    refused(state, 1, "build market", "プレーの手順 2")
    assert "meld run" in legal(state)
    play(state, 1, "meld run", "lay D3", "lay D4", "lay D5")
    combos = state.view(None)["seats"][1]["combinations"]
    assert len(combos) == 3
    events = play(state, 1, "done")
    (laid,) = events_named(events, "combination")
    assert laid.data == {"combination": "run", "cards": ["D3", "D4", "D5"]}
    assert not events_named(events, "build")
    assert sorted(buildings(state, 1)) == ["bakery", "library", "park"]
    assert "market" in state.view(None)["supply"]
    end_all(state)
    assert state.view(None)["settlements"][0]["towns"][1]["combinations"] == 4


def test_final_turn_may_meld_before_building() -> None:
    """ラウンドの終了: combinations are laid in any order; melds do not count as buildings."""
    state = table([["C10", "CJ"], FOUR_RUNS], ["S9"])
    play(state, 0, "draw 1")
    meld(state, 1, "run", "D3 D4 D5")
    meld(state, 1, "run", "C3 C4 C5")
    build(state, 1, "park", "S3 S4 S5")
    build(state, 1, "library", "H3 H4 H5")
    assert sorted(buildings(state, 1)) == ["library", "park"]
    end_all(state)
    assert state.view(None)["settlements"][0]["towns"][1]["combinations"] == 4


@pytest.mark.parametrize(
    ("kind", "cards"), [("set", "S7 H7 D7"), ("mix", "S3 H4 D5"), ("run", "S8 S9 S10 SJ")]
)
def test_meld_lays_each_kind(kind: str, cards: str) -> None:
    """ラウンドの終了: any combination (Run, MIX Run, Set) may be laid in a final turn."""
    state = table([["C10", "CJ"], cards.split()], ["HQ"])
    play(state, 0, "draw 1")
    events = meld(state, 1, kind, cards)
    (laid,) = events_named(events, "combination")
    assert laid.data == {"combination": kind, "cards": cards.split()}
    end_all(state)
    assert state.view(None)["settlements"][0]["towns"][1]["combinations"] == 1


def test_meld_must_be_a_combination() -> None:
    state = table([["C10", "CJ"], ["S3", "S4", "S5", "H6"]], ["HQ"])
    play(state, 0, "draw 1")
    play(state, 1, "meld run", "lay S3", "lay S4")
    refused(state, 1, "lay H6", "組み合わせ")
    refused(state, 1, "done", "組み合わせ")
    refused(state, 1, "meld set", "プレーの手順 2")


def test_meld_of_a_kind_the_hand_lacks_is_refused() -> None:
    state = table([["C10", "CJ"], ["S3", "S4", "S5", "H6"]], ["HQ"])
    play(state, 0, "draw 1")
    assert "meld set" not in legal(state)
    refused(state, 1, "meld set", "ラウンドの終了")


def test_final_turn_cannot_meld_the_recipe_of_a_building_you_own() -> None:
    """プレーの手順 2: 「自分が既に立てている建物の組み合わせを出しても意味がありません。
    出すこともできません。」 — issue 5 states it for every combination, the final turns
    included: owning the Park (♠3Run), ♠3-♠4-♠5 cannot be laid, not even as a meld."""
    state = table([["C10", "CJ"], ["S3", "S4", "S5", "H9"]], ["HQ"], buildings=[[], ["park"]])
    play(state, 0, "draw 1")
    if acting(state) == 1 and "meld run" in legal(state):
        play(state, 1, "meld run", "lay S3", "lay S4")
        assert "lay S5" not in legal(state)
    assert state.view(None)["seats"][1]["combinations"] == []


def test_a_hand_too_small_for_a_combination_has_no_final_turn_to_play() -> None:
    """ラウンドの終了 / ruling 21: with fewer than 3 cards nothing can be laid (every
    combination has 3 or more): those final turns pass by at once, as everyone can see."""
    state = table([["C10"], ["H2", "S9"]], ["S3"])
    play(state, 0, "draw 1")
    assert state.view(None)["settlements"]


def test_a_final_turn_that_might_lay_is_ended_by_its_player() -> None:
    """ラウンドの終了 / ruling 21: seat 0's three cards make nothing, but the other player
    cannot know that; the game waits for seat 0's ``end`` rather than move on by itself
    (which would tell seat 1 that the hand makes nothing)."""
    state = table([["C10", "CJ"], ["H2", "S9"]], ["S3"])
    play(state, 0, "draw 1")
    assert acting(state) == 0 and phase(state) == "build"
    assert legal(state) == ["end"]
    play(state, 0, "end")
    assert state.view(None)["settlements"]
