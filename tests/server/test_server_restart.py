"""A restart loses nothing: a real server (uvicorn on loopback) is killed mid-game, started
again on the same database, the player reconnects with its link, gets the moves it missed
and finishes; the record is the one an uninterrupted game of the same seed and moves makes."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from .helpers import Player, Socket, play_out, server

pytestmark = pytest.mark.slow  # each test takes seconds (tools/check.py --fast leaves them out)


def _new_room(url: str, seed: int) -> tuple[str, str]:
    answer = httpx.post(
        url + "/api/rooms",
        json={"game": "starmine", "seats": [{"name": "ami"}, {"bot": "normal"}], "seed": seed},
    )
    assert answer.status_code == 201, answer.text
    room = answer.json()
    return room["room"], room["invites"][0]["token"]


def _ws(url: str, room: str, token: str, since: int | None = None) -> Any:
    query = f"?token={token}" + (f"&since={since}" if since is not None else "")
    return connect(url.replace("http", "ws") + f"/api/rooms/{room}/ws{query}")


def test_a_killed_server_loses_nothing_and_the_game_goes_on(any_db: str, tmp_path: Path) -> None:
    db = any_db
    log = tmp_path / "server.log"
    rng = random.Random(4)
    played: list[str] = []
    with server(db, log) as url:
        room, token = _new_room(url, seed=4)
        with _ws(url, room, token) as ws:
            ami = Player(Socket(ws))
            for _ in range(6):  # six of ami's moves, then the server dies
                state = ami.my_turn_or_over()
                code = rng.choice(state["legal"])
                played.append(code)
                ami.act(code)
            ami.until(lambda m: m["type"] == "move" and m["code"] == played[-1])
            seen = ami.state["number"] if ami.state else 0
    with server(db, log) as url, _ws(url, room, token, since=seen) as ws:
        ami = Player(Socket(ws))
        hello = ami.next()
        assert hello["type"] == "hello" and hello["seat"] == 0 and hello["moves"] >= seen
        missed = [ami.next() for _ in range(hello["moves"] - seen)]
        assert [m["number"] for m in missed] == list(range(seen + 1, hello["moves"] + 1))
        assert ami.next()["type"] == "presence"  # the news, after what it missed
        final = play_out(ami, rng, played)
        record = httpx.get(url + f"/api/rooms/{room}/record").json()
    assert final["outcome"] == record["outcome"]

    # The same seed and the same moves of ami's, never interrupted (a new room).
    with server(db, log) as url:
        again, token = _new_room(url, seed=4)
        with _ws(url, again, token) as ws:
            ami = Player(Socket(ws))
            for code in played:
                ami.my_turn_or_over()
                ami.act(code)
            assert ami.my_turn_or_over()["outcome"]
        uninterrupted = httpx.get(url + f"/api/rooms/{again}/record").json()
    assert record["moves"] == uninterrupted["moves"]
    assert record == uninterrupted
    assert "Traceback" not in log.read_text()
