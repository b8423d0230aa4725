"""Several server processes on one PostgreSQL database, each serving any room: two people
connected to different processes play a whole game; a process killed mid-game loses
nothing (its player reconnects to the other and finishes; its room's bots go on there); a
process whose listening connection is lost listens again and catches up; a note that fails
to be followed does not stop the process hearing the next."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import random
import secrets
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, cast

import httpx
import orjson
import psycopg
import pytest
from websockets.sync.client import ClientConnection, connect

from asobi.core.records import GameRecord, replay
from asobi.server.bots import BotRunner
from asobi.server.cluster import Cluster
from asobi.server.process import Served, serving
from asobi.server.rooms import Lobby, encode
from asobi.server.store import RoomRecord, SeatRecord, Store, token_hash

pytestmark = pytest.mark.slow  # real server processes (tools/check.py --fast leaves them out)


class Person:
    """One websocket to one server: the moves it was told (by number) and its last state."""

    def __init__(
        self, sockets: ExitStack, url: str, room: str, token: str, since: int | None = None
    ) -> None:
        query = f"?token={token}" + (f"&since={since}" if since is not None else "")
        address = url.replace("http", "ws", 1) + f"/api/rooms/{room}/ws{query}"
        self.ws: ClientConnection = sockets.enter_context(connect(address))
        self.moves: list[int] = []
        self.state: dict[str, Any] | None = None

    @property
    def number(self) -> int:
        return -1 if self.state is None else int(self.state["number"])

    def read(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=60))
        assert message["type"] != "error", message
        if message["type"] == "move":
            self.moves.append(message["number"])
        state = message if message["type"] == "state" else message.get("state")
        if state is not None:
            self.state = state
        return message

    def act(self, code: str) -> None:
        self.ws.send(json.dumps({"type": "act", "action": code}))


def play(people: list[Person], rng: random.Random, moves: int | None = None) -> int:
    """Random legal moves by whoever may move (a bot's turn: wait for it), every person
    reading every move, until the game ends or ``moves`` moves have been made; the moves
    made in all."""
    while True:
        number = max(0, *(p.number for p in people))
        for person in people:
            while person.number < number:
                person.read()
        if any(p.number != number for p in people):
            continue  # one of them read on further: catch the others up with it
        state = people[0].state
        assert state is not None
        if state["outcome"] or (moves is not None and number >= moves):
            return number
        mover = next((p for p in people if p.state and p.state["legal"]), None)
        if mover is not None:
            assert mover.state is not None
            mover.act(rng.choice(mover.state["legal"]))
        waiter = mover or people[0]
        while waiter.number <= number:
            waiter.read()


def _room(url: str, seats: list[dict[str, str]]) -> tuple[str, list[str]]:
    answer = httpx.post(url + "/api/rooms", json={"game": "starmine", "seats": seats}, timeout=60)
    assert answer.status_code == 201, answer.text
    room = answer.json()
    return room["room"], [invite["token"] for invite in room["invites"]]


def _the_record_holds(url: str, room: str, outcome: dict[str, Any], moves: int) -> None:
    record = GameRecord.from_json(httpx.get(f"{url}/api/rooms/{room}/record", timeout=60).json())
    assert len(record.moves) == moves
    assert replay(record).outcome() is not None and record.outcome == outcome


@contextmanager
def _two_servers(db: str, folder: Path) -> Iterator[tuple[Served, Served]]:
    with ExitStack() as stack:
        first = stack.enter_context(serving(db, folder / "first.log"))
        second = stack.enter_context(serving(db, folder / "second.log"))
        yield first, second
    for log in ("first.log", "second.log"):
        assert "Traceback" not in (folder / log).read_text()


def test_two_people_on_two_processes_play_a_whole_game(postgres: str, tmp_path: Path) -> None:
    with _two_servers(postgres, tmp_path) as (first, second), ExitStack() as sockets:
        room, tokens = _room(first.url, [{"name": "ami"}, {"name": "ben"}])
        ami = Person(sockets, first.url, room, tokens[0])
        ben = Person(sockets, second.url, room, tokens[1])
        played = play([ami, ben], random.Random(1))
        assert ami.moves == ben.moves == list(range(1, played + 1))  # each once, in order
        assert ami.state is not None and ben.state is not None
        assert ami.state["outcome"] == ben.state["outcome"]
        for served in (first, second):
            _the_record_holds(served.url, room, ami.state["outcome"], played)


def test_a_process_killed_mid_game_loses_nothing(postgres: str, tmp_path: Path) -> None:
    """Ben's process dies; Ben reconnects to Ami's, is sent the moves he missed, and they
    finish; and the room whose bot ran in the dead process goes on in the other."""
    rng = random.Random(2)
    with serving(postgres, tmp_path / "first.log") as first, ExitStack() as sockets:
        second = serving(postgres, tmp_path / "second.log")
        other = second.__enter__()
        room, tokens = _room(first.url, [{"name": "ami"}, {"name": "ben"}])
        ami = Person(sockets, first.url, room, tokens[0])
        ben = Person(sockets, other.url, room, tokens[1])
        # A room against a bot, made (and so run) by the process about to die. The bot may
        # open the game before Cleo connects: she asks for every move since the start.
        bot_room, [cleo_token] = _room(other.url, [{"name": "cleo"}, {"bot": "normal"}])
        cleo = Person(sockets, first.url, bot_room, cleo_token, since=0)
        play([cleo], rng, moves=6)
        played = play([ami, ben], rng, moves=12)
        second.__exit__(None, None, None)  # SIGKILL, as a crash would
        seen = ben.moves[-1]
        ben = Person(sockets, first.url, room, tokens[1], since=seen)
        final = play([ami, ben], rng)
        assert ami.moves == list(range(1, final + 1))
        assert ben.moves == list(range(seen + 1, final + 1))  # what it missed, then the rest
        assert played <= seen
        assert ami.state is not None and ami.state["outcome"]
        _the_record_holds(first.url, room, ami.state["outcome"], final)
        cleo_final = play([cleo], rng)  # its bot now runs in the process still alive
        assert cleo.moves == list(range(1, cleo_final + 1))
        assert cleo.state is not None
        _the_record_holds(first.url, bot_room, cleo.state["outcome"], cleo_final)
    assert "Traceback" not in (tmp_path / "first.log").read_text()


def test_a_stored_room_that_no_longer_replays_is_left_once(
    postgres: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A room stored by another version of a game, which today's rules refuse, is logged and
    left in the store; the process goes on with the others (it failed to open at all) and
    does not try that room again at each look for rooms that no process runs."""
    store = Store(postgres)
    record = GameRecord(game="starmine", options={"players": 2}, seed=5)
    store.create(RoomRecord("old", record, [SeatRecord("ami", token_hash("t")), SeatRecord("ben")]))
    store.append("old", 1, 0, "no such move", "seat", None)
    store.create(RoomRecord("new", record, [SeatRecord("cy", token_hash("u")), SeatRecord("di")]))
    lobby = Lobby(Store(postgres), BotRunner(0))

    async def look_twice() -> None:
        await lobby.adopt()
        await lobby.adopt()

    try:
        with caplog.at_level(logging.ERROR, logger="asobi.server"):
            asyncio.run(look_twice())
    finally:
        lobby.bots.close()
        lobby.store.close()
        store.close()
    assert set(lobby.rooms) == {"new"}
    assert lobby.unplayable == {"old"}
    assert [r.getMessage() for r in caplog.records] == [
        "room old does not replay; left in the store"
    ]


def _ports(pid: int) -> set[int]:
    """The local TCP ports of ``pid``'s sockets (Linux: its fds' inodes in /proc/net/tcp)."""
    fds = Path(f"/proc/{pid}/fd")
    inodes = set()
    for fd in fds.iterdir():
        with contextlib.suppress(OSError):
            target = os.readlink(fd)
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[9] in inodes:
                ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads /proc (Linux)")
def test_a_lost_listening_connection_is_opened_again(postgres: str, tmp_path: Path) -> None:
    """The database ends the connection on which Ben's process hears the other's notes (as a
    restart of PostgreSQL or a network fault would): the process listens again within a
    second or so, catches up on the moves it missed meanwhile, and the game goes on to its
    end, every move told to Ben once and in order."""
    rng = random.Random(3)
    with _two_servers(postgres, tmp_path) as (first, second), ExitStack() as sockets:
        room, tokens = _room(first.url, [{"name": "ami"}, {"name": "ben"}])
        ami = Person(sockets, first.url, room, tokens[0])
        ben = Person(sockets, second.url, room, tokens[1])
        play([ami, ben], rng, moves=10)
        ports = sorted(_ports(second.process.pid))
        with psycopg.connect(postgres.replace("+psycopg", ""), autocommit=True) as db:
            ended = db.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE query ILIKE 'LISTEN%%' AND client_port = ANY(%s)", (ports,)
            ).fetchall()  # fmt: skip
        assert ended == [(True,)]
        final = play([ami, ben], rng)
        assert ami.moves == ben.moves == list(range(1, final + 1))
        assert ami.state is not None and ami.state["outcome"]
        _the_record_holds(second.url, room, ami.state["outcome"], final)
    assert "listening for the other processes failed" in (tmp_path / "second.log").read_text()


class _Ears:
    """The part of a lobby that the listener (``Cluster``) talks to: it keeps the notes
    that carry ``marker`` (others' tests share the channel) and fails at the first."""

    def __init__(self, postgres: str, marker: str) -> None:
        self.marker = marker.encode()
        self.process = f"asobi test {marker}"
        self.own_notes = encode({"from": self.process})[:-1].encode() + b","
        self.store = Store(postgres)
        self.rooms: dict[str, Any] = {}
        self.notes: list[bytes] = []

    async def opened(self) -> None:
        return None

    async def heard(self, payload: str | bytes) -> None:
        assert isinstance(payload, bytes)
        if self.marker in payload:
            self.notes.append(payload)
            if len(self.notes) == 1:
                raise RuntimeError("a bug in following the first note")

    async def adopt(self) -> None:
        return None

    def gone(self, alive: Any) -> None:
        return None


def test_a_note_that_fails_does_not_deafen_the_process(
    postgres: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A note whose following raises is logged, and the notes after it are still heard, in
    order; the process's own notes are left unheard."""
    marker = secrets.token_hex(4)
    ears = _Ears(postgres, marker)

    async def listen() -> None:
        cluster = Cluster(cast(Lobby, ears))
        cluster.start()
        await asyncio.wait_for(cluster.listening.wait(), 30)
        for sender, k in (("other", 1), (ears.process, 2), ("other", 3)):
            ears.store.notify(encode({"from": sender, "room": marker, "k": k}))
        for _ in range(300):
            if len(ears.notes) == 2:
                break
            await asyncio.sleep(0.05)
        await cluster.stop()

    try:
        with caplog.at_level(logging.ERROR, logger="asobi.server"):
            asyncio.run(listen())
    finally:
        ears.store.close()
    assert [orjson.loads(note)["k"] for note in ears.notes] == [1, 3]
    [failure] = caplog.records
    assert failure.getMessage().startswith("a note from another process failed")


def test_joining_through_another_process_starts_the_clock_afresh_where_the_timer_runs(
    postgres: str, tmp_path: Path
) -> None:
    """The process that made the room runs its turn timer; Ami's page is served by the
    other. Her clock runs while she is at the join form; her joining, told by a note,
    starts it afresh where the timer runs: its bot stands in for her only a whole turn's
    time after she joined."""
    with _two_servers(postgres, tmp_path) as (first, second), ExitStack() as sockets:
        answer = httpx.post(
            first.url + "/api/rooms",
            json={"game": "starmine", "seats": [{"name": "ami"}, {"bot": "normal"}],
                  "turn_seconds": 4, "options": {"start_player": 0}},
            timeout=60,
        )  # fmt: skip
        assert answer.status_code == 201, answer.text
        room, token = answer.json()["room"], answer.json()["invites"][0]["token"]
        ami = Person(sockets, second.url, room, token)
        while ami.state is None:
            ami.read()
        time.sleep(2.5)  # at the join form
        ami.ws.send(json.dumps({"type": "join"}))
        joined = time.monotonic()
        news = ami.read()
        while news["type"] != "takeover":
            news = ami.read()
        assert news == {**news, "seat": 0, "why": "time"}
        assert time.monotonic() - joined > 3.0  # not 1.5 s on: her clock started afresh
