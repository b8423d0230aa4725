"""asobi.core.turns: seat order helpers."""

from __future__ import annotations

from asobi.core.turns import NOBODY, just, next_seat, order_from, seats_after


def test_next_seat_wraps_clockwise() -> None:
    assert [next_seat(s, 3) for s in range(3)] == [1, 2, 0]
    assert next_seat(0, 1) == 0


def test_order_from_lists_every_seat_once() -> None:
    assert order_from(2, 4) == [2, 3, 0, 1]
    assert order_from(0, 1) == [0]


def test_seats_after_restricts_to_some_seats() -> None:
    assert seats_after(1, 4) == [1, 2, 3, 0]
    assert seats_after(3, 5, among=[0, 2, 3]) == [3, 0, 2]


def test_just_is_an_interned_one_seat_set() -> None:
    assert just(2) == frozenset({2})
    assert just(2) is just(2)
    assert frozenset() == NOBODY
