"""A real server app per test, on its own SQLite file."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from asobi.server.app import create_app
from asobi.server.store import scratch_schema


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'asobi.db'}"


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    # A test client sends faster than a person: no rate limit here (tested on its own); and
    # its players trust each other with chosen seeds, for games that replay the same.
    with TestClient(create_app(db, bot_workers=0, rate=1e9, open_seeds=True)) as c:
        yield c


def needs(variable: str, what: str) -> str:
    """A service the test needs, from the environment: under CI a missing one fails the test
    (``tools/check.py`` starts them there); elsewhere the test is skipped, saying why."""
    value = os.environ.get(variable)
    if value:
        return value
    message = f"{what} is needed: set {variable} (tools/check.py does under CI=true)"
    if os.environ.get("ASOBI_REQUIRE_SERVICES") == "1" or os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture
def postgres() -> Iterator[str]:
    """A PostgreSQL database of the test's own: a schema of the test server's database,
    dropped afterwards (other tests, other checkouts may use the same server at once)."""
    with scratch_schema(needs("ASOBI_TEST_POSTGRES", "a PostgreSQL server"), "test") as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The persistence tests run on a SQLite file and on a real PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'asobi.db'}"
    url: str = request.getfixturevalue("postgres")
    return url
