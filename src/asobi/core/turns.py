"""Seat order helpers shared by the games."""

from __future__ import annotations

from collections.abc import Sequence

# Interned one-seat sets: active_seats() is called on every apply, so never rebuild them.
_ONE_SEAT = tuple(frozenset({seat}) for seat in range(8))
NOBODY: frozenset[int] = frozenset()


def just(seat: int) -> frozenset[int]:
    """The frozenset holding only ``seat`` (interned)."""
    return _ONE_SEAT[seat]


def next_seat(seat: int, players: int) -> int:
    """The next seat clockwise."""
    return (seat + 1) % players


def order_from(first: int, players: int) -> list[int]:
    """Every seat once, clockwise, starting with ``first``."""
    return [(first + i) % players for i in range(players)]


def seats_after(first: int, players: int, among: Sequence[int] | None = None) -> list[int]:
    """``order_from`` restricted to ``among`` (for rounds that skip some seats)."""
    order = order_from(first, players)
    return order if among is None else [s for s in order if s in among]
