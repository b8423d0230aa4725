"""Fixtures for the core tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from asobi.core import GameSpec

from .simultaneous_game import registered


@pytest.fixture
def odds_evens() -> Iterator[GameSpec]:
    """The test-only simultaneous game, registered for the duration of one test."""
    with registered() as spec:
        yield spec
