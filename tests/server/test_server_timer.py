"""The turn timer starts a person's clock afresh when they join the table: the time spent
opening the seat's link and typing a name in the join form is not counted against them. A
person who never comes is stood in for when their time is up, like one who is away, so the
table goes on. Joining is kept with the seats, so a restart keeps it."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from asobi.server.app import create_app

from .helpers import Player, make_room


def _ami_first(client: TestClient, turn_seconds: float) -> tuple[str, str]:
    room = make_room(
        client, "starmine", [{"name": "ami"}, {"bot": "normal"}], seed=3,
        turn_seconds=turn_seconds, options={"start_player": 0},
    )  # fmt: skip
    return room["room"], room["invites"][0]["token"]


def _quiet_for(player: Player, seconds: float) -> list[dict[str, Any]]:
    """What ``player`` was told over ``seconds`` (read up to an answered ping after them)."""
    start = len(player.received)
    time.sleep(seconds)
    player.send({"type": "ping"})
    player.until(lambda m: m["type"] == "pong")
    return player.received[start:]


def test_a_person_s_clock_starts_afresh_when_they_join(client: TestClient) -> None:
    """Ami opens her link and takes her time over the join form: her turn's 3 s clock runs
    meanwhile (the table does not wait for a person who may never come), and when she joins
    she has her 3 s again."""
    room, token = _ami_first(client, turn_seconds=3)
    with client.websocket_connect(f"/api/rooms/{room}/ws?token={token}") as ws:
        ami = Player(ws)
        state = ami.until(lambda m: m["type"] == "state")
        assert state["active"] == [0] and state["seats"][0]["joined"] is False
        assert 0 < state["time_left"]["0"] <= 3
        _quiet_for(ami, 1.6)  # at the form
        ami.send({"type": "sync"})
        assert ami.until(lambda m: m["type"] == "state")["time_left"]["0"] < 1.5

        ami.send({"type": "join"})
        joined = ami.until(lambda m: m["type"] == "presence")
        assert joined["seats"][0]["joined"] is True
        ami.send({"type": "sync"})
        assert 2.5 < ami.until(lambda m: m["type"] == "state")["time_left"]["0"] <= 3
        news = ami.until(lambda m: m["type"] == "takeover")
        assert news == {**news, "seat": 0, "why": "time"}


def test_a_person_who_never_comes_is_stood_in_for(client: TestClient) -> None:
    """Nobody opens Ami's link: when her time is up a bot plays her turn, and the game goes
    on at the timer's pace (a spectator sees it)."""
    room, _ = _ami_first(client, turn_seconds=1)
    with client.websocket_connect(f"/api/rooms/{room}/ws") as ws:
        watcher = Player(ws)
        news = watcher.until(lambda m: m["type"] == "takeover")
        assert news == {**news, "seat": 0, "why": "time"}
        watcher.until(lambda m: m["type"] == "move" and m["seat"] == 0)
    assert client.get(f"/api/rooms/{room}").json()["seats"][0]["joined"] is False


def test_naming_yourself_or_moving_is_joining(client: TestClient) -> None:
    """The join form's name joins the table; so does a move (a program that plays without
    the form): either starts the clock."""
    room, token = _ami_first(client, turn_seconds=30)
    with client.websocket_connect(f"/api/rooms/{room}/ws?token={token}") as ws:
        ami = Player(ws)
        ami.until(lambda m: m["type"] == "state")
        ami.send({"type": "name", "name": "Ami"})
        seats = ami.until(lambda m: m["type"] == "presence")["seats"]
        assert seats[0] == {**seats[0], "name": "Ami", "joined": True}
        ami.send({"type": "sync"})
        assert 0 < ami.until(lambda m: m["type"] == "state")["time_left"]["0"] <= 30
    room, token = _ami_first(client, turn_seconds=30)
    with client.websocket_connect(f"/api/rooms/{room}/ws?token={token}") as ws:
        ami = Player(ws)
        ami.act(ami.my_turn_or_over()["legal"][0])
        ami.until(lambda m: m["type"] == "move" and m["seat"] == 0)
    assert client.get(f"/api/rooms/{room}").json()["seats"][0]["joined"] is True


def test_a_spectator_cannot_join_for_a_seat(client: TestClient) -> None:
    room, _ = _ami_first(client, turn_seconds=1)
    with client.websocket_connect(f"/api/rooms/{room}/ws") as ws:
        watcher = Player(ws)
        watcher.send({"type": "join"})
        assert "spectators watch" in watcher.error()["message"]
    assert client.get(f"/api/rooms/{room}").json()["seats"][0]["joined"] is False


def test_having_joined_outlasts_a_restart(db: str) -> None:
    """Ami joined, then the server restarted: she is still joined (joining is stored with
    the seats), and her clock, started afresh by the restart, runs out as before."""
    with TestClient(create_app(db, bot_workers=0, open_seeds=True)) as client:
        room, token = _ami_first(client, turn_seconds=2)
        with client.websocket_connect(f"/api/rooms/{room}/ws?token={token}") as ws:
            ami = Player(ws)
            ami.until(lambda m: m["type"] == "state")
            ami.send({"type": "join"})
            ami.until(lambda m: m["type"] == "presence" and m["seats"][0]["joined"])
    with TestClient(create_app(db, bot_workers=0, open_seeds=True)) as client:
        assert client.get(f"/api/rooms/{room}").json()["seats"][0]["joined"] is True
        with client.websocket_connect(f"/api/rooms/{room}/ws?token={token}") as ws:
            ami = Player(ws)  # (and says nothing)
            news = ami.until(lambda m: m["type"] == "takeover")
            assert news == {**news, "seat": 0, "why": "time"}
