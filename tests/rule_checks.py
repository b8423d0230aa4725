"""Checks every game's rule tests share: a refused action names its rule and changes
nothing; what a view shows. Game helpers (``tests/games/<id>/<id>_helpers.py``) re-export
these next to their own builders."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import numpy as np
import pytest

from asobi.core import IllegalAction, State
from asobi.core.observation import Observer

S = TypeVar("S", bound=State)


def snapshot(state: State) -> dict[str, Any]:
    """Everything observable about a state: every view, the internals (not the private
    caches), the RNG and the legal actions."""
    seats = range(state.players)
    internals = {k: v for k, v in vars(state).items() if k != "rng" and not k.startswith("_")}
    return {
        "views": json.dumps(
            [state.view(None), *(state.view(s) for s in seats)], ensure_ascii=False, sort_keys=True
        ),
        "internals": copy.deepcopy(internals),
        "rng": state.rng.getstate(),  # type: ignore[attr-defined]
        "legal": [[a.encode() for a in state.legal_actions(s)] for s in seats],
    }


def refused(state: State, seat: int, act: Any, rule: str) -> IllegalAction:
    """Assert that ``seat`` may not do ``act`` (an action or its code): IllegalAction
    naming ``rule``, and the state exactly as it was."""
    before = snapshot(state)
    if isinstance(act, str):
        act = state.spec.action_space.decode(act)
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, act)
    assert info.value.rule == rule, f"refused under {info.value.rule!r}, expected {rule!r}"
    assert rule in str(info.value), "the message must name the rule"
    assert snapshot(state) == before, "an illegal action must leave the state untouched"
    return info.value


def visible_strings(value: Any) -> set[str]:
    """Every string anywhere in a JSON-ready value (keys included), also split in words."""
    found: set[str] = set()
    if isinstance(value, str):
        found.add(value)
        found.update(value.split())
    elif isinstance(value, dict):
        for k, v in value.items():
            found |= visible_strings(k) | visible_strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            found |= visible_strings(v)
    return found


def worlds_encode_alike(
    observer: Observer,
    states: Iterable[S],
    differ: Callable[[S, S], bool],
    every: int = 1,
) -> int:
    """For every ``every``-th state and each seat: a world ``determinize`` redeals for the seat
    shows it the same view, and so the same vector. Returns how many worlds ``differ`` from
    their state where the seat cannot see (a test wants some, or it proved nothing)."""
    redealt = 0
    for n, state in enumerate(states):
        if n % every:
            continue
        for seat in range(state.players):
            world = state.determinize(seat, random.Random(n))
            assert world.view(seat) == state.view(seat)
            assert np.array_equal(
                observer.encode(world.view(seat)), observer.encode(state.view(seat))
            )
            redealt += differ(world, state)
    return redealt
