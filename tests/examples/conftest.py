"""The example game (``examples/oddsevens``) registered for each test, as an installed game
would be, without installing it (pytest's ``pythonpath`` puts its package on the path)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from asobi.core import GameSpec
from oddsevens import SPEC
from tests.core.simultaneous_game import registered


@pytest.fixture(autouse=True)
def oddsevens() -> Iterator[GameSpec]:
    with registered(SPEC) as spec:
        yield spec
