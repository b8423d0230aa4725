"""The browser client in a real Chromium (Playwright driving Debian's ``/usr/bin/chromium``;
its own browser download cannot be used here) against a real server in its own process.

The pages run under the server's strict Content-Security-Policy, which forbids evaluating
strings as script: Playwright's ``wait_for_function`` does exactly that, so the tests wait
with :func:`helpers.wait`, which polls ``page.evaluate`` from Python instead.

Every test here starts Chromium against a server process: all are ``slow`` (left out of
``tools/check.py --fast``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import sync_playwright

from asobi.server.process import running_server
from tests.server.conftest import needs


def _chromium() -> str:
    found = os.environ.get("ASOBI_TEST_CHROMIUM")
    if found:
        return found
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    return needs("ASOBI_TEST_CHROMIUM", "Chromium (Debian's chromium package)")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server for each test module (its rooms are independent), on a fresh SQLite file."""
    folder = tmp_path_factory.mktemp("site")
    with running_server(f"sqlite:///{folder / 'asobi.db'}", folder / "server.log") as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_playwright() as p:
        chromium = p.chromium.launch(
            executable_path=_chromium(),
            args=["--no-sandbox", "--disable-background-networking", "--disable-component-update"],
        )
        yield chromium
        chromium.close()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.slow)
