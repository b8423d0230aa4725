"""♠について: passing, and the ♦ effects a pass gives up."""

from __future__ import annotations

from rummycity_helpers import acting, hand, legal, play, refused, row, table, tepu

OTHER = ["DK", "CQ"]
ROW = ["?C10", "?H10", "SJ", "DJ", "S9", "H2"]


def test_a_spade_building_lets_its_owner_pass() -> None:
    """♠について: 「パス、とはカードを引くことも、出すこともしない、ということです」."""
    state = table([["S7", "H9"], OTHER], ROW, buildings=[["park"], []])
    assert "pass" in legal(state)
    play(state, 0, "pass")
    assert acting(state) == 1
    assert hand(state, 0) == ["S7", "H9"]
    assert len(row(state)) == 6  # nothing drawn (and in the duel nothing discarded)


def test_the_tower_is_a_spade_building_whatever_its_recipe() -> None:
    """♠について: the mark (♠) gives the pass: the Tower is ♠ with a ♣5+Run recipe."""
    state = table([["S7", "H9"], OTHER], ROW, buildings=[["tower"], []])
    assert "pass" in legal(state)


def test_without_a_spade_building_there_is_no_pass() -> None:
    """プレーの手順: 「どちらかを必ず行います」 — only ♠ lets a turn do neither."""
    state = table([["S7", "H9"], OTHER], ROW, buildings=[["castle", "library"], []])
    assert "pass" not in legal(state)
    refused(state, 0, "pass", "♠について")


def test_no_pass_right_after_a_pass() -> None:
    """♠について / solo 5 (「連続でパスは行えません」), applied to the duel by the engine's
    ruling so that a game always ends: after a pass the next turn may not pass."""
    state = table([["S7", "H9"], ["DK", "CQ"]], ROW, buildings=[["park"], ["shrine"]])
    play(state, 0, "pass")
    assert "pass" not in legal(state, 1)
    refused(state, 1, "pass", "solo 5 / ruling")
    play(state, 1, "draw 1")
    assert "pass" in legal(state, 0)


def test_a_pass_is_only_a_whole_turn() -> None:
    """♠について: a pass replaces the turn's draw or build; not in the middle of building."""
    state = table([["S3", "S4", "S5", "H3", "H4", "H5"], OTHER], ROW, buildings=[["shrine"], []])
    play(state, 0, "build park", "lay S3", "lay S4", "lay S5", "done")
    assert "pass" not in legal(state)
    refused(state, 0, "pass", "♠について")


def test_passing_forfeits_the_diamond_effects() -> None:
    """♠について: 「♦️の効果と重複することはなく、パスをすると、♦️の効果は無くなってしまいます」:
    with the Market and the Mine, a pass gains nothing."""
    state = table([["S7", "H9"], OTHER], ROW, buildings=[["park", "market", "mine"], []])
    play(state, 0, "pass")
    assert tepu(state) == [7, 7]
    # The same seat drawing face-down cards on a later turn does gain (the Mine).
    play(state, 1, "draw 1")
    assert row(state)[0] is None
    play(state, 0, "draw 1")
    assert tepu(state) == [8, 7]
