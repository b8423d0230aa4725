"""Several server processes on one PostgreSQL database: how each hears of the others.

Any process can serve any room. The database keeps each room's moves in order (a write is
conditional on the count of moves the writer saw: :class:`~asobi.server.store.Behind`) and
carries every change to the other processes as a note (``NOTIFY``, sent in the same
transaction as the change: heard exactly when committed, in commit order). Each process
listens on its own connection and hands every note to its lobby (:meth:`Lobby.heard`), which
brings its copy of the room up to date and tells its own connections.

Every few seconds each process also claims the unfinished rooms that no process runs (their
process died: its advisory locks went with its connection), and forgets the seats shown as
connected through processes that are gone (a process is known by its listening
connection's ``application_name``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from typing import Any

import psycopg
from psycopg import pq, sql

from asobi.server.rooms import Lobby
from asobi.server.store import CHANNEL

log = logging.getLogger("asobi.server")

WATCH = 2.0  # seconds between looks for rooms that no process runs


class Cluster:
    """This process's listening connection and its watch over the others."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.listening = asyncio.Event()  # set while the listening connection is open
        self._tasks: list[asyncio.Task[None]] = []

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen()), loop.create_task(self._watch())]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def _listen(self) -> None:
        """Hear the other processes' notes, in order; after a lost connection, listen again
        and catch every room up from the store (notes sent meanwhile are lost)."""
        url = self.lobby.store.engine.url.set(drivername="postgresql")
        conninfo = url.render_as_string(hide_password=False)
        await self.lobby.opened()
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    conninfo, autocommit=True, application_name=self.lobby.process
                ) as connection:
                    await connection.execute(sql.SQL("LISTEN {}").format(sql.Identifier(CHANNEL)))
                    self.listening.set()
                    for room in list(self.lobby.rooms.values()):
                        await self.lobby.catch_up(room)
                    await self._hear(connection)
            except (psycopg.Error, OSError) as exc:
                self.listening.clear()
                log.warning("listening for the other processes failed (%s); again in 1 s", exc)
                await asyncio.sleep(1.0)

    async def _hear(self, connection: psycopg.AsyncConnection[Any]) -> None:
        """Hand each note that comes on ``connection`` to the lobby, in order, until the
        connection is lost (raised). The notes are read straight off the connection's socket
        (libpq's ``consume_input`` and ``notifies``, psycopg's ``pgconn``) whenever it is
        readable, all that came at once, where psycopg's own ``notifies()`` sets up a wait for
        every note: that cost a process more than half the CPU of a note it had to follow.
        This process's own notes come back to it too (PostgreSQL tells every listener) and
        are left unread, known by their first bytes."""
        pgconn = connection.pgconn
        loop = asyncio.get_running_loop()
        notes: deque[bytes] = deque()
        came = asyncio.Event()
        lost: list[BaseException] = []
        own = self.lobby.own_notes

        def readable() -> None:
            try:
                pgconn.consume_input()
                if pgconn.status != pq.ConnStatus.OK:
                    raise psycopg.OperationalError("the listening connection was lost")
                while (note := pgconn.notifies()) is not None:
                    if not note.extra.startswith(own):
                        notes.append(note.extra)
            except psycopg.Error as exc:  # the connection is gone
                lost.append(exc)
                loop.remove_reader(socket)
            came.set()

        socket = pgconn.socket
        loop.add_reader(socket, readable)
        try:
            while not lost:
                await came.wait()
                came.clear()
                while notes:
                    note = notes.popleft()
                    try:
                        await self.lobby.heard(note)
                    except Exception:  # one note's failure must not deafen the process
                        log.exception("a note from another process failed: %r", note[:200])
            raise lost[0]
        finally:
            loop.remove_reader(socket)

    async def _watch(self) -> None:
        await self.lobby.opened()
        store = self.lobby.store
        session = store.sessions
        while True:
            await asyncio.sleep(WATCH)
            try:
                if store.sessions != session:  # the connection holding the locks was lost
                    self.lobby.lost_locks()
                await self.lobby.adopt()
                session = store.sessions
                alive = await asyncio.to_thread(store.processes, "asobi ")
                self.lobby.gone(alive)
            except Exception:
                log.exception("looking for rooms that no process runs failed")
