"""``asobi serve`` on an address it cannot listen on: one clear line, before it says to open
the address (it said "open http://..." and then logged uvicorn's "[Errno 98] ...")."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest

from tests.play.helpers import invoke
from tests.play.test_cli import assert_clean_error

pytest.importorskip("uvicorn")  # the server extra


def serve(tmp_path: Path, *args: str) -> Any:
    return invoke(["serve", "--db", f"sqlite:///{tmp_path / 'rooms.db'}", *args])


def test_a_port_in_use_is_refused_before_the_address_is_offered(tmp_path: Path) -> None:
    with socket.socket() as held:  # another server on the port
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        result = serve(tmp_path, "--port", str(port))
    assert_clean_error(
        result,
        f"port {port} on 127.0.0.1 is in use (another asobi serve?); choose another with --port",
    )
    assert "open http" not in result.output and "Errno" not in result.output


def test_an_address_not_of_this_machine_is_one_line(tmp_path: Path) -> None:
    result = serve(tmp_path, "--host", "203.0.113.9", "--port", "8000")  # TEST-NET-3
    assert_clean_error(result, "--host 203.0.113.9 --port 8000: ")
    assert "open http" not in result.output


def test_a_port_past_the_last_is_one_line(tmp_path: Path) -> None:
    assert_clean_error(serve(tmp_path, "--port", "70000"), "--port 70000: ports are 0 to 65535")
