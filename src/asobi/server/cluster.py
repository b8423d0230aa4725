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

import psycopg
from psycopg import sql

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
                    async for note in connection.notifies():
                        await self.lobby.heard(note.payload)
            except (psycopg.Error, OSError) as exc:
                self.listening.clear()
                log.warning("listening for the other processes failed (%s); again in 1 s", exc)
                await asyncio.sleep(1.0)

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
