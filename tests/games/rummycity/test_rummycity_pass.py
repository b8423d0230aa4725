"""♠について: passing (the ♦ effects a pass gives up: test_rummycity_diamonds)."""

from __future__ import annotations

from .rummycity_helpers import acting, hand, legal, play, refused, row, table

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


def test_in_the_duel_a_spade_owner_may_pass_after_the_other_passed() -> None:
    """ソロプレイルール 5 lists 「連続でパスは行えません」 among the solo game's differences
    (「これ以外は、通常時の2人プレーと同じです」): two passes in a row are a solo rule. In the
    duel, after seat 0 passes, seat 1 (a ♠ owner) may pass too."""
    state = table([["S7", "H9"], ["DK", "CQ"]], ROW, buildings=[["park"], ["shrine"]])
    play(state, 0, "pass")
    assert "pass" in legal(state, 1)
    play(state, 1, "pass")
    assert acting(state) == 0 and row(state) == [None, None, *ROW[2:]]


def test_a_spade_owner_may_pass_on_each_of_its_turns() -> None:
    """ソロプレイルール 5 is the solo game's alone: in the duel a player who passed may pass
    again on its next turn once the other player has drawn."""
    state = table([["S7", "H9"], ["DK", "CQ"]], ROW, buildings=[["park"], []])
    play(state, 0, "pass")
    play(state, 1, "draw 1")
    assert "pass" in legal(state, 0)
    play(state, 0, "pass")
    assert acting(state) == 1


def test_after_both_players_pass_the_next_turn_draws_or_builds() -> None:
    """Ruling 11 (ours): once both players have passed in turn the table is exactly as it
    was, and two ♠ owners could pass for ever; so the next player may not pass (the one pass
    the rulebook's duel leaves out). A draw opens passing again."""
    state = table([["S7", "H9"], ["DK", "CQ"]], ROW, buildings=[["park"], ["shrine"]])
    play(state, 0, "pass")
    play(state, 1, "pass")
    assert "pass" not in legal(state, 0)
    assert state.view(0)["passes_in_a_row"] == 2
    refused(state, 0, "pass", "ruling 11")
    play(state, 0, "draw 1")
    assert "pass" in legal(state, 1)


def test_a_pass_is_only_a_whole_turn() -> None:
    """♠について: a pass replaces the turn's draw or build; not in the middle of building."""
    state = table([["S3", "S4", "S5", "H3", "H4", "H5"], OTHER], ROW, buildings=[["shrine"], []])
    play(state, 0, "build park", "lay S3", "lay S4", "lay S5", "done")
    assert "pass" not in legal(state)
    refused(state, 0, "pass", "♠について")
