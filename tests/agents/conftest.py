"""Shared fixtures of the bot tests."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from asobi.core.protocol import State


@pytest.fixture
def count_resolves(monkeypatch: pytest.MonkeyPatch) -> Callable[[type[State]], list[int]]:
    """Count the moves carried out on every state of a class: ``played = count(cls)``, then
    ``played[0]`` is how many ``resolve`` calls there have been since (a search's playouts
    included)."""

    def count(cls: type[State]) -> list[int]:
        played = [0]
        resolve = cls.resolve

        def counting(self: State, seat: int, action: object) -> object:
            played[0] += 1
            return resolve(self, seat, action)

        monkeypatch.setattr(cls, "resolve", counting)
        return played

    return count
