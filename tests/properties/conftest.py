"""The ``slow`` tests (the long fuzz runs) run only when asked for: ``pytest -m slow``."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "slow" in (config.getoption("markexpr") or ""):
        return
    wait = pytest.mark.skip(reason="a long run: pytest -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(wait)
