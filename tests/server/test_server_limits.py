"""The limits on what one connection may send, as the docs state them (src/asobi/server/app.py),
on a real server (uvicorn and its websocket library set some of them): a message over 4 KB,
a frame of a megabyte among them, gets an error and the connection stays; a frame over 2 MiB
closes the connection unread (1009); a token longer than any the server makes is refused at
once (4403), and an address too long to read at all is answered (414 or 400) rather than
left waiting."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from asobi.server import MAX_LINE
from asobi.server.app import MAX_FRAME, MAX_MESSAGE
from asobi.server.process import running_server

pytestmark = pytest.mark.slow  # real server processes (tools/check.py --fast leaves them out)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, str]]:
    """A server, a room on it and its person's token."""
    folder = tmp_path_factory.mktemp("limits")
    with running_server(f"sqlite:///{folder / 'asobi.db'}", folder / "server.log") as url:
        answer = httpx.post(
            url + "/api/rooms",
            json={"game": "starmine", "seats": [{"name": "ami"}, {"bot": "random"}]},
        )
        room = answer.json()
        yield url.replace("http", "ws", 1), room["room"], room["invites"][0]["token"]


def _next(ws: ClientConnection, kinds: tuple[str, ...]) -> dict[str, object]:
    while True:
        message: dict[str, object] = json.loads(ws.recv(timeout=30))
        if message["type"] in kinds:
            return message


@pytest.mark.parametrize("pad", [2 * MAX_MESSAGE, 1_048_576])
def test_a_message_too_long_gets_an_error_and_the_connection_stays(
    site: tuple[str, str, str], pad: int
) -> None:
    """Up to a frame of a megabyte (issue 32: one used to close the connection)."""
    url, room, token = site
    with connect(f"{url}/api/rooms/{room}/ws?token={token}", max_size=None) as ws:
        ws.send(json.dumps({"type": "ping", "pad": "x" * pad}))
        error = _next(ws, ("error", "pong"))
        assert error == {
            "type": "error",
            "message": f"message too long (at most {MAX_MESSAGE} bytes)",
        }
        ws.send(json.dumps({"type": "ping"}))
        assert _next(ws, ("error", "pong")) == {"type": "pong"}


def test_a_frame_too_big_to_read_closes_the_connection_with_1009(
    site: tuple[str, str, str],
) -> None:
    url, room, token = site
    # The server may close while the frame is still being sent: the send fails then.
    with (
        connect(f"{url}/api/rooms/{room}/ws?token={token}", max_size=None) as ws,
        pytest.raises(ConnectionClosed) as closed,
    ):
        ws.send(json.dumps({"type": "ping", "pad": "x" * (MAX_FRAME + 1_000)}))
        _next(ws, ("error", "pong"))
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


@pytest.mark.parametrize("length", [100, 10_000, MAX_LINE // 2])
def test_a_token_too_long_is_refused_at_once_with_4403(
    site: tuple[str, str, str], length: int
) -> None:
    url, room, _ = site
    with connect(f"{url}/api/rooms/{room}/ws?token={'x' * length}") as ws:
        assert _next(ws, ("error",)) == {"type": "error", "message": "this link opens no seat here"}
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=30)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403


@pytest.mark.parametrize("length", [MAX_LINE + 1_000, 2 * MAX_LINE])
def test_an_address_too_long_to_read_is_refused_at_once(
    site: tuple[str, str, str], length: int
) -> None:
    """Past what the websocket library reads: 414 (URI too long) from it, or, longer still,
    400 from uvicorn's HTTP parser; either way an answer, not a wait."""
    url, room, _ = site
    with pytest.raises(InvalidStatus) as refused:
        connect(f"{url}/api/rooms/{room}/ws?token={'x' * length}", open_timeout=30)
    assert refused.value.response.status_code in (400, 414)
