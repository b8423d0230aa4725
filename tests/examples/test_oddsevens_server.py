"""The example game in the browser's server, with nothing of its own there: two people play
it through the HTTP API and a websocket each (the page would draw it with ``generic.js``),
and neither is ever sent the other's number before both are shown."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from asobi.server.app import create_app
from tests.server.helpers import Player, make_room, play_together


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'asobi.db'}", bot_workers=0, rate=1e9)
    with TestClient(app) as c:
        yield c


def test_two_people_play_it_and_each_number_reaches_its_chooser_alone(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert games["oddsevens"]["name_ja"] == "丁半"
    assert games["oddsevens"]["table"] is None  # the browser draws it from its view alone
    assert client.get("/static/games/oddsevens.js").status_code == 404
    assert games["oddsevens"]["style"] is None
    room = make_room(client, "oddsevens", [{"name": "ami"}, {"name": "ben"}])
    url = f"/api/rooms/{room['room']}/ws?token="
    tokens = [i["token"] for i in room["invites"]]
    with (
        client.websocket_connect(url + tokens[0]) as w0,
        client.websocket_connect(url + tokens[1]) as w1,
    ):
        players = [Player(w0), Player(w1)]
        play_together(players, random.Random(5))
        final = players[0].state
        assert final is not None and final["outcome"]["ranks"] in ([1, 2], [2, 1])
        for seat, player in enumerate(players):
            other = 1 - seat
            theirs = [m for m in player.received if m["type"] == "move" and m["seat"] == other]
            assert theirs, f"seat {seat} was told none of seat {other}'s moves"
            for message in theirs:
                assert message["code"] is None  # the other's "show N" is never sent
                kinds = [e["kind"] for e in message["events"]]
                assert "showing" not in kinds, message
                assert "will show" not in json.dumps(message["said"])


def test_the_server_hands_out_the_view_and_event_schemas(client: TestClient) -> None:
    """The browser gets what the table will be sent as JSON Schemas: a view field or an
    event kind the game does not declare is not in them."""
    found = client.get("/api/games/oddsevens/schema").json()
    assert found["view"]["additionalProperties"] is False
    assert "my_choice" in found["view"]["properties"]
    kinds = {d["properties"]["kind"]["const"] for d in found["events"]["$defs"].values()}
    assert kinds == {"chose", "showing", "shown", "game_over"}
    assert client.get("/api/games/no-such-game/schema").status_code == 404
