"""The fast lane (``tools/check.py --fast``, ``-m "not slow"``) and the full one (CI).

Tests parametrized over every game at every seat count run each game once in the fast lane,
at its first setting; its other settings are marked ``slow``, so CI still runs them all.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any, TypeVar

import pytest

T = TypeVar("T")


def first_of_each_fast(
    settings: Iterable[T],
    game_of: Callable[[T], Hashable],
    name: Callable[[T], str],
    unpack: bool = False,
) -> list[Any]:
    """``settings`` as pytest parameters named by ``name``: the first one of each game (as
    ``game_of`` tells) as it is, every later one marked ``slow``. ``unpack``: each setting is
    a tuple giving several arguments."""
    seen: set[Hashable] = set()
    params = []
    for setting in settings:
        game = game_of(setting)
        marks = [pytest.mark.slow] if game in seen else []
        values = tuple(setting) if unpack and isinstance(setting, tuple) else (setting,)
        params.append(pytest.param(*values, marks=marks, id=name(setting)))
        seen.add(game)
    return params
