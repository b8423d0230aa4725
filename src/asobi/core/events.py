"""Events: what happened, and who may know it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple


class Event(NamedTuple):
    """One thing that happened in ``apply``.

    ``to`` is ``None`` for a public event, otherwise the seats that may see it (a card
    drawn from a hidden deck is seen by its drawer only). Front ends animate events and
    logs filter them per seat with :meth:`visible_to`.
    """

    kind: str
    seat: int | None
    data: Mapping[str, Any]
    to: frozenset[int] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, **self.data}


def public(kind: str, seat: int | None, **data: Any) -> Event:
    return Event(kind, seat, data, None)


def private(kind: str, seat: int | None, to: frozenset[int], **data: Any) -> Event:
    return Event(kind, seat, data, to)
