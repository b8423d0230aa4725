"""A player who speaks the server's protocol, rooms made through the HTTP API, and a real
server (``asobi serve``) in its own process."""

from __future__ import annotations

import json
import random
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession


def make_room(
    client: TestClient, game: str, seats: list[dict[str, Any]], **extra: Any
) -> dict[str, Any]:
    answer = client.post("/api/rooms", json={"game": game, "seats": seats, **extra})
    assert answer.status_code == 201, answer.text
    room: dict[str, Any] = answer.json()
    return room


class Player:
    """One websocket: every message it received, in order, and helpers to wait for news."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.received: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None

    def next(self) -> dict[str, Any]:
        message: dict[str, Any] = self.ws.receive_json()
        self.received.append(message)
        if message["type"] == "state":
            self.state = message
        elif "state" in message:
            self.state = message["state"]
        return message

    def until(self, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        while True:
            message = self.next()
            if done(message):
                return message

    def my_turn_or_over(self) -> dict[str, Any]:
        """Wait until this seat has legal moves or the game is over; the current state."""
        while self.state is None or not (self.state["legal"] or self.state["outcome"]):
            self.next()
        return self.state

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send_json(message)

    def act(self, code: str) -> None:
        self.send({"type": "act", "action": code})
        self.state = None  # the next state tells what came of it

    def error(self) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == "error")


def play_out(player: Player, rng: random.Random, moves: list[str] | None = None) -> dict[str, Any]:
    """Play this seat with random legal moves until the game ends; the final state."""
    while True:
        state = player.my_turn_or_over()
        if state["outcome"]:
            return state
        code = rng.choice(state["legal"])
        if moves is not None:
            moves.append(code)
        player.act(code)


def play_together(players: list[Player], rng: random.Random) -> None:
    """People in several seats (one websocket each) play random legal moves, every one
    reading every move, until the game ends."""
    number = 0
    while True:
        for p in players:
            while p.state is None or p.state["number"] < number:
                p.next()
        state = players[0].state
        assert state is not None
        if state["outcome"]:
            return
        movers = [p for p in players if p.state and p.state["legal"]]
        if movers:
            mover = movers[0]
            assert mover.state is not None
            mover.act(rng.choice(mover.state["legal"]))
        number += 1  # a person's move, or a bot's


class Socket:
    """A websockets client with the test client's two calls."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws

    def receive_json(self) -> Any:
        return json.loads(self.ws.recv(timeout=30))

    def send_json(self, message: Any) -> None:
        self.ws.send(json.dumps(message))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def server(db: str, log: Path) -> Iterator[str]:
    """``asobi serve`` in its own process, logging to ``log``; yields its address; killed
    (SIGKILL) at the end."""
    port = free_port()
    with log.open("a") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "asobi.cli", "serve", "--port", str(port), "--db", db,
             "--bot-workers", "0"],
            stdout=subprocess.DEVNULL, stderr=err,
        )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                httpx.get(url + "/api/games", timeout=1).raise_for_status()
                break
            except httpx.HTTPError:
                assert proc.poll() is None, log.read_text()
                time.sleep(0.05)
        yield url
    finally:
        proc.kill()
        proc.wait()
