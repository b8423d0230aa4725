"""A player who speaks the server's protocol, rooms made through the HTTP API, and a real
server (``asobi serve``) in its own process."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, Protocol

from fastapi.testclient import TestClient

from asobi.server.process import running_server


def make_room(
    client: TestClient, game: str, seats: list[dict[str, Any]], **extra: Any
) -> dict[str, Any]:
    answer = client.post("/api/rooms", json={"game": game, "seats": seats, **extra})
    assert answer.status_code == 201, answer.text
    room: dict[str, Any] = answer.json()
    return room


class Connection(Protocol):
    """What a player needs of its websocket: the test client's, or a real one (``Socket``)."""

    def receive_json(self) -> Any: ...

    def send_json(self, message: Any) -> None: ...


class Player:
    """One websocket: every message it received, in order, and helpers to wait for news."""

    def __init__(self, ws: Connection) -> None:
        self.ws = ws
        self.received: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        # The action sent and not yet answered (by its move, or an error): a state that comes
        # before the answer was sent before the server had the action.
        self.pending: str | None = None

    def next(self) -> dict[str, Any]:
        message: dict[str, Any] = self.ws.receive_json()
        self.received.append(message)
        if message["type"] == "error" or (
            message["type"] == "move" and message["code"] == self.pending
        ):
            self.pending = None  # only the mover is told a move's code
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
        """Wait until this seat has legal moves or the game is over; the current state. A
        refusal of its last act fails the test at once (it would otherwise wait for ever)."""
        while (
            self.pending is not None
            or self.state is None
            or not (self.state["legal"] or self.state["outcome"])
        ):
            acting = self.pending is not None
            message = self.next()
            assert not (acting and message["type"] == "error"), message
        return self.state

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send_json(message)

    def act(self, code: str) -> None:
        self.send({"type": "act", "action": code})
        self.pending = code
        self.state = None  # the state its move brings tells what came of it

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


def play_together(
    players: list[Player], rng: random.Random, prefer: Callable[[str], bool] | None = None
) -> None:
    """People in several seats (one websocket each) play random legal moves, every one
    reading what it is told, until the game ends. (A seat is not told of every move: a step
    of another's move of which it sees nothing is not news to it. So each asks for the
    table as it is now, after the news of each move.)"""
    while True:
        for p in players:
            while p.pending is not None:
                p.next()
            # (The answer to a ping comes after the state asked for, and after any news
            # queued before it: the last state read then is the table as it is.)
            p.send({"type": "sync"})
            p.send({"type": "ping"})
            p.until(lambda m: m["type"] == "pong")
        state = players[0].state
        assert state is not None
        if state["outcome"]:
            return
        movers = [p for p in players if p.state and p.state["legal"]]
        if movers:
            mover = movers[0]
            assert mover.state is not None
            legal = mover.state["legal"]
            liked = [c for c in legal if prefer is not None and prefer(c)]
            mover.act(rng.choice(liked if liked and rng.random() < 0.8 else legal))
        else:  # a bot's turn: wait for news of it
            players[0].until(lambda m: m["type"] in ("move", "takeover"))


class Socket:
    """A websockets client with the test client's two calls."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws

    def receive_json(self) -> Any:
        return json.loads(self.ws.recv(timeout=30))

    def send_json(self, message: Any) -> None:
        self.ws.send(json.dumps(message))


@contextmanager
def server(db: str, log: Path) -> Iterator[str]:
    """``asobi serve`` in its own process (bots in a thread), logging to ``log``."""
    with running_server(db, log) as url:
        yield url


@contextmanager
def seated(client: TestClient, room: str, tokens: list[str]) -> Iterator[list[Player]]:
    """A player for each of ``tokens``' seats, each connected with its link and shown the
    table."""
    base = f"/api/rooms/{room}/ws?token="
    with ExitStack() as stack:
        players = [Player(stack.enter_context(client.websocket_connect(base + t))) for t in tokens]
        for p in players:
            p.until(lambda m: m["type"] == "state")
        yield players


@contextmanager
def two_seated(client: TestClient, room: str, tokens: list[str]) -> Iterator[tuple[Player, Player]]:
    """The first two seats' players, each connected with its link and shown the table."""
    base = f"/api/rooms/{room}/ws?token="
    with (
        client.websocket_connect(base + tokens[0]) as w0,
        client.websocket_connect(base + tokens[1]) as w1,
    ):
        players = Player(w0), Player(w1)
        for p in players:
            p.until(lambda m: m["type"] == "state")
        yield players
