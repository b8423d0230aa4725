"""asobi.core.words: the shared pieces of what games say (their sentences are each game's)."""

from __future__ import annotations

from asobi.core.words import fill, plural, seat_label, seat_names


def test_a_seat_is_labelled_for_its_viewer_and_in_a_solo_game() -> None:
    assert seat_label(1, 0) == "seat 1"
    assert seat_label(0, 0) == "seat 0 (you)"
    assert seat_label(0, None) == "seat 0"  # a spectator has no seat of its own
    assert seat_label(0, 0, solo=True) == "you"
    assert seat_label(None, 0) == "nobody"


def test_marks_are_filled_with_names_and_counts_agree() -> None:
    names = seat_names(["Ami", "Ben"], 1, "ja")
    assert fill("{s:0} passed {s:1}", names) == "Ami passed あなた"
    assert fill("{s:7} left", names) == "seat 7 left"  # no such seat: its number
    assert plural(1, "card") == "1 card" and plural(3, "card") == "3 cards"
