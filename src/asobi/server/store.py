"""Persistence: a room is its game record (options, seed, moves) plus its seats.

SQLAlchemy, so the same code runs on a SQLite file (the default, nothing to install) and on
PostgreSQL (``postgresql+psycopg://...``). Every accepted move is one committed row before
the server acknowledges it, so a restart loses nothing: :meth:`Store.unfinished` gives the
rooms to bring back, and replaying their moves rebuilds each game exactly.

Several server processes may share one PostgreSQL database (``asobi serve --workers``):
each write is conditional on the room being as the writer last saw it (its count of moves,
``played``, in the room's row: the update takes the row's lock, so writers of one room go
one at a time), and a writer that is behind is told so (:class:`Behind`) and changes
nothing. A write may carry a note, sent with ``pg_notify`` in the same transaction: the other
processes hear of a change exactly when it is committed, in commit order. Which process runs
a room's bots and timers is decided by a session-level advisory lock per room, held on the
writer's connection, so it is let go when that process dies (:meth:`Store.claim`).

Seat tokens are never stored, only their SHA-256: a copy of the database does not let
anyone act for a seat.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    ForeignKey,
    Integer,
    String,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, relationship

from asobi.core.records import GameRecord

CHANNEL = "asobi"  # the PostgreSQL notification channel every server process listens on
LOCKS = 0x61736F  # the first key of every room's advisory lock ("aso"); the second: the room
SCHEMA_LOCK = LOCKS + 1  # the advisory lock held while the tables are made


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Behind(Exception):
    """The store holds changes to the room that this process has not seen yet (another
    process wrote them): nothing was written; catch up and try again."""


class _Base(DeclarativeBase):
    pass


class _Room(_Base):
    __tablename__ = "rooms"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)  # 63 random bits
    # none_as_null: None is SQL NULL (not JSON null), so "unfinished" is "outcome IS NULL".
    setup: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True), nullable=True)
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True), nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # Moves stored: each write checks it and moves it on, in one statement under the row's
    # lock, so writers of one room take turns and one that is behind writes nothing.
    played: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    moves: Mapped[list[_Move]] = relationship(
        order_by="_Move.number", cascade="all, delete-orphan", lazy="selectin"
    )
    happenings: Mapped[list[_Happening]] = relationship(
        order_by="_Happening.position", cascade="all, delete-orphan", lazy="selectin"
    )


class _Move(_Base):
    __tablename__ = "moves"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1, 2, ... no gaps
    seat: Mapped[int] = mapped_column(Integer)
    code: Mapped[str] = mapped_column(String(200))
    by: Mapped[str] = mapped_column(String(64))  # "seat", or the bot that played it


class _Happening(_Base):
    __tablename__ = "happenings"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1, 2, ... no gaps
    after: Mapped[int] = mapped_column(Integer)  # the moves made before it
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    why: Mapped[str | None] = mapped_column(String(16), nullable=True)
    code: Mapped[str | None] = mapped_column(String(200), nullable=True)


@dataclass
class SeatRecord:
    """Who sits in a seat: a person (with the hash of their token) or a bot by name.

    ``bot`` is set for a bot seat, and also for a person's seat once a bot has taken it
    over (they left or ran out of time): the game never ends early because someone left.
    ``joined``: whether the seat's person has come to the table (their turn timer runs only
    then); a seat stored before this was kept had its clock running, and keeps it.
    """

    name: str
    token_hash: str | None = None
    bot: str | None = None
    joined: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "token_hash": self.token_hash, "bot": self.bot,
                "joined": self.joined}  # fmt: skip

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatRecord:
        return cls(str(data["name"]), data.get("token_hash"), data.get("bot"),
                   bool(data.get("joined", True)))  # fmt: skip


@dataclass(frozen=True)
class Happening:
    """What happened at a table besides a move, kept so that a page opened later tells it in
    its log where it happened (after the first ``after`` moves): a bot took ``seat`` over
    (``kind`` "takeover", the ``bot``, ``why``: "left" or "time"), its person came back
    ("back"), or the seat's move ``code`` was taken back ("undo": ``after`` is the count of
    moves left)."""

    after: int
    seat: int
    kind: str
    bot: str | None = None
    why: str | None = None
    code: str | None = None


@dataclass
class RoomRecord:
    """Everything the store keeps about a room."""

    id: str
    record: GameRecord
    seats: list[SeatRecord]
    settings: dict[str, Any] = field(default_factory=dict)
    by: list[str] = field(default_factory=list)  # per move: "seat" or the bot's name
    created: datetime = field(default_factory=lambda: datetime.now(UTC))
    happenings: list[Happening] = field(default_factory=list)  # in the order they happened


@dataclass(frozen=True)
class Move:
    """A move to store: move ``number`` of room ``room``, ``seat``'s ``code``, chosen by
    ``by`` ("seat" or a bot's name); the outcome if it ended the game; the note that tells
    the other processes (None: there are none)."""

    room: str
    number: int
    seat: int
    code: str
    by: str
    outcome: dict[str, Any] | None = None
    note: str | None = None


def _json(outcome: dict[str, Any] | None) -> str | None:
    return json.dumps(outcome) if outcome is not None else None


class Store:
    """Rooms and their moves in a SQL database (``url``: any SQLAlchemy URL).

    Writes go through one connection, held (one at a time: the server writes from one
    thread), as plain Core statements: a move is one or two statements and a commit, and on
    PostgreSQL the moves of several rooms can share one statement and one commit
    (:meth:`append_all`).
    Reads take a connection of the pool.

    On SQLite a write is quick enough to make on the event loop itself (``inline``): a
    commit appends to the write-ahead log and waits for no disk; the slow part, copying the
    log into the database file and syncing it, is left to :meth:`checkpoint`, which the
    server runs in a thread of its own every second."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: Engine = create_engine(url)
        self.postgres = self.engine.dialect.name == "postgresql"
        self.inline = self.engine.dialect.name == "sqlite"
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        with self.engine.begin() as c:
            if self.postgres:
                # Processes starting at once on a new database (serve --workers) would each
                # create the tables, and all but the first fail: one at a time.
                c.execute(text("SELECT pg_advisory_xact_lock(:key, 0)"), {"key": SCHEMA_LOCK})
            _Base.metadata.create_all(c)
            _add_played(c)
        self._held: Connection | None = None
        self._writing_lock = threading.Lock()
        # A new connection for writes is a new session: advisory locks held on the last one
        # are gone (see :meth:`claim`).
        self.sessions = 0

    def close(self) -> None:
        with self._writing_lock:
            if self._held is not None:
                self._held.close()
                self._held = None
        self.engine.dispose()

    @contextmanager
    def _writing(self) -> Iterator[Connection]:
        """The write connection, in a transaction; one broken by the database going away is
        dropped (the next write opens another)."""
        with self._writing_lock:
            if self._held is None or self._held.closed or self._held.invalidated:
                if self._held is not None:
                    self._held.close()
                self._held = self.engine.connect()
                self.sessions += 1
                if self.inline:  # no commit of this connection copies the log: checkpoint()
                    self._held.exec_driver_sql("PRAGMA wal_autocheckpoint=0")
                    self._held.commit()
            try:
                with self._held.begin():
                    yield self._held
            except DBAPIError as exc:
                if exc.connection_invalidated:
                    self._held.close()
                    self._held = None
                raise

    def create(self, room: RoomRecord, note: str | None = None) -> None:
        """Store a new room (one of that id already there: IntegrityError)."""
        rec = room.record
        with self._writing() as c:
            c.execute(
                insert(_Room).values(
                    id=room.id, game=rec.game, options=rec.options, seed=rec.seed,
                    setup=rec.setup, seats=[s.to_json() for s in room.seats],
                    settings=room.settings, outcome=rec.outcome, created=room.created,
                    played=len(rec.moves),
                )
            )  # fmt: skip
            self._notify(c, note)

    def append(
        self, room_id: str, number: int, seat: int, code: str, by: str,
        outcome: dict[str, Any] | None, note: str | None = None,
    ) -> None:  # fmt: skip
        """Commit move ``number`` (and the outcome, if it ended the game) in one transaction,
        told to the other processes with ``note``. If the store does not hold exactly
        ``number - 1`` moves of the room, nothing is written: :class:`Behind`. (A second move
        of the same number also fails on the primary key.)"""
        if not self.append_all([Move(room_id, number, seat, code, by, outcome, note)])[0]:
            raise Behind(room_id)

    def append_all(self, moves: Sequence[Move]) -> list[bool]:
        """Commit ``moves``, each of another room, in one transaction: whether each was
        written (False: the store did not hold exactly ``number - 1`` moves of its room, and
        nothing of that move was written; see :meth:`append`). One commit for many moves is
        what lets a process keep up when each commit waits (for the disk, for the network)."""
        if len({move.room for move in moves}) != len(moves):
            raise ValueError("append_all takes at most one move of a room")
        with self._writing() as c:
            # The driver's own cursor: SQLAlchemy's statement machinery cost more than the
            # database's work.
            cursor = c.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
            if self.postgres:
                # One round trip for them all: claim each number, add the moves, tell the others.
                cursor.execute(
                    _APPEND_ALL,
                    {"rooms": [m.room for m in moves], "numbers": [m.number for m in moves],
                     "seats": [m.seat for m in moves], "codes": [m.code for m in moves],
                     "bys": [m.by for m in moves], "outcomes": [_json(m.outcome) for m in moves],
                     "channel": CHANNEL, "notes": [m.note or "" for m in moves]},
                )  # fmt: skip
                written = {at for at, _ in cursor.fetchall()}
                return [at in written for at in range(1, len(moves) + 1)]
            stored = []
            for move in moves:
                if move.outcome is None:
                    cursor.execute(_SQLITE_COUNT, (move.number, move.room, move.number - 1))
                else:
                    cursor.execute(
                        _SQLITE_END,
                        (move.number, _json(move.outcome), move.room, move.number - 1),
                    )
                stored.append(cursor.rowcount == 1)
                if stored[-1]:
                    cursor.execute(
                        _SQLITE_ADD, (move.room, move.number, move.seat, move.code, move.by)
                    )
            return stored

    def truncate(
        self, room_id: str, keep: int, note: str | None = None, happened: Sequence[Happening] = ()
    ) -> None:
        """Delete the moves after the first ``keep`` (an undo of move ``keep + 1``; with
        another count stored: :class:`Behind`), and keep what ``happened``."""
        with self._writing() as c:
            self._claim_number(c, room_id, keep + 1, keep, None)
            c.execute(delete(_Move).where(_Move.room_id == room_id, _Move.number > keep))
            self._add_happenings(c, room_id, happened)
            self._notify(c, note)

    @staticmethod
    def _add_happenings(c: Connection, room_id: str, happened: Sequence[Happening]) -> None:
        """Add ``happened`` after the room's happenings (its row locked by the write)."""
        if not happened:
            return
        kept = c.execute(
            select(func.count()).select_from(_Happening).where(_Happening.room_id == room_id)
        ).scalar_one()
        c.execute(
            insert(_Happening),
            [{"room_id": room_id, "position": kept + i, **asdict(h)}
             for i, h in enumerate(happened, start=1)],
        )  # fmt: skip

    @staticmethod
    def _claim_number(
        c: Connection, room_id: str, was: int, now: int, outcome: dict[str, Any] | None
    ) -> None:
        counted = c.execute(
            _COUNT if outcome is None else _COUNT_TO_THE_END,
            {"room": room_id, "was": was, "now": now, "outcome": outcome},
        )
        if counted.rowcount != 1:
            raise Behind(room_id)

    def update_seats(
        self,
        room_id: str,
        change: Callable[[list[SeatRecord]], list[SeatRecord]],
        note: Callable[[list[SeatRecord]], str] | None = None,
        happened: Sequence[Happening] = (),
    ) -> list[SeatRecord]:
        """Change the room's seats as stored (read under the row's lock, so that changes made
        by two processes at once both count), keeping what ``happened``; the seats now."""
        with self._writing() as c:
            stored = c.execute(
                select(_Room.seats).where(_Room.id == room_id).with_for_update()
            ).scalar_one()
            seats = change([SeatRecord.from_json(s) for s in stored])
            c.execute(
                update(_Room).where(_Room.id == room_id).values(seats=[s.to_json() for s in seats])
            )
            self._add_happenings(c, room_id, happened)
            self._notify(c, note(seats) if note is not None else None)
        return seats

    def checkpoint(self) -> None:
        """SQLite: copy the write-ahead log into the database file (without stopping writes),
        so that the log stays short."""
        if self.inline:
            with self.engine.connect() as c:
                c.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def notify(self, note: str) -> None:
        """Tell the other processes ``note`` (PostgreSQL; elsewhere there are no others)."""
        if self.postgres:
            with self._writing() as c:
                self._notify(c, note)

    def _notify(self, c: Connection, note: str | None) -> None:
        if note is not None and self.postgres:
            c.execute(text("SELECT pg_notify(:channel, :note)"), {"channel": CHANNEL, "note": note})

    # --- who runs a room's bots and timers (PostgreSQL) -------------------------------------
    def claim(self, room_ids: Sequence[str]) -> list[str]:
        """Of ``room_ids`` (none held by this process yet), those whose lock this process now
        holds: it runs their bots and timers until it lets go (:meth:`let_go`) or dies."""
        if not room_ids:
            return []
        with self._writing() as c:
            return list(c.execute(_CLAIM, {"locks": LOCKS, "ids": list(room_ids)}).scalars())

    def claim_unheld(self, mine: Sequence[str]) -> list[str]:
        """The unfinished rooms, other than ``mine``, whose lock nobody held (their process
        died, or none has loaded them): now this process's."""
        with self._writing() as c:
            return list(c.execute(_CLAIM_UNHELD, {"locks": LOCKS, "mine": list(mine)}).scalars())

    def let_go(self, room_id: str) -> None:
        with self._writing() as c:
            c.execute(_LET_GO, {"locks": LOCKS, "room": room_id})

    def processes(self, prefix: str) -> set[str]:
        """The names (``application_name``) of the sessions that start with ``prefix``: the
        server processes alive, each known by its listening connection."""
        with self.engine.connect() as c:
            found = c.execute(
                text(
                    "SELECT application_name FROM pg_stat_activity WHERE application_name LIKE :p"
                ),
                {"p": prefix + "%"},
            )
            return set(found.scalars())

    # --- reading ----------------------------------------------------------------------------
    def load(self, room_id: str) -> RoomRecord | None:
        with Session(self.engine) as session:
            row = session.get(_Room, room_id)
            return None if row is None else _room_record(row)

    def unfinished(self) -> list[RoomRecord]:
        """The rooms whose game has not ended: what a restarting server brings back."""
        with Session(self.engine) as session:
            rows = session.scalars(select(_Room).where(_Room.outcome.is_(None)))
            return [_room_record(row) for row in rows]

    def in_play(self, limit: int = 100) -> list[RoomRecord]:
        """The unfinished rooms, newest first (the lobby's listing)."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(_Room)
                .where(_Room.outcome.is_(None))
                .order_by(_Room.created.desc())
                .limit(limit)
            )
            return [_room_record(row) for row in rows]

    def recent(self, limit: int = 50) -> list[RoomRecord]:
        with Session(self.engine) as session:
            rows = session.scalars(select(_Room).order_by(_Room.created.desc()).limit(limit))
            return [_room_record(row) for row in rows]


# Made once (a statement built for each write costs more than the write).
_COUNT = (
    update(_Room)
    .where(_Room.id == bindparam("room"), _Room.played == bindparam("was"))
    .values(played=bindparam("now"))
)
_COUNT_TO_THE_END = _COUNT.values(outcome=bindparam("outcome", type_=_Room.outcome.type))
_SQLITE_COUNT = "UPDATE rooms SET played = ? WHERE id = ? AND played = ?"
_SQLITE_END = "UPDATE rooms SET played = ?, outcome = ? WHERE id = ? AND played = ?"
_SQLITE_ADD = 'INSERT INTO moves (room_id, number, seat, code, "by") VALUES (?, ?, ?, ?, ?)'
# Each move's number claimed (the room's count of moves moved on from the one before), the
# moves added, then their notes sent (each of another room, so their order does not matter):
# psycopg's %(name)s parameters, lists as arrays. A move whose claim fails adds nothing and
# sends nothing.
_APPEND_ALL = """
    WITH items AS (
        SELECT * FROM unnest(
            %(rooms)s::text[], %(numbers)s::int[], %(seats)s::int[], %(codes)s::text[],
            %(bys)s::text[], %(outcomes)s::text[], %(notes)s::text[]
        ) WITH ORDINALITY AS item(room, number, seat, code, by, outcome, note, at)
    ), claimed AS (
        UPDATE rooms SET played = items.number,
                         outcome = COALESCE(CAST(items.outcome AS json), rooms.outcome)
        FROM items WHERE rooms.id = items.room AND rooms.played = items.number - 1
        RETURNING items.at
    ), added AS (
        INSERT INTO moves (room_id, number, seat, code, "by")
        SELECT items.room, items.number, items.seat, items.code, items.by
        FROM items JOIN claimed USING (at)
        RETURNING room_id, number
    )
    SELECT items.at, CASE WHEN items.note <> '' THEN pg_notify(%(channel)s, items.note) END
    FROM items JOIN added ON added.room_id = items.room
    ORDER BY items.at
"""
_CLAIM = text(
    "SELECT id FROM unnest(CAST(:ids AS text[])) AS id "
    "WHERE pg_try_advisory_lock(:locks, hashtext(id))"
)
# MATERIALIZED: the rooms are chosen first, and only theirs are locked (a lock taken twice
# by one session is held twice).
_CLAIM_UNHELD = text(
    """
    WITH candidates AS MATERIALIZED (
        SELECT id FROM rooms WHERE outcome IS NULL AND NOT (id = ANY(CAST(:mine AS text[])))
    )
    SELECT id FROM candidates WHERE pg_try_advisory_lock(:locks, hashtext(id))
    """
)
_LET_GO = text("SELECT pg_advisory_unlock(:locks, hashtext(:room))")


@contextmanager
def scratch_schema(url: str, prefix: str = "scratch") -> Iterator[str]:
    """``url`` (PostgreSQL) with a new schema of its own as its search path, dropped with
    everything in it at the end: for a test or a benchmark on a database that other runs
    share (a server brings back every unfinished room it finds)."""
    schema = f"{prefix}_{secrets.token_hex(6)}"
    engine = create_engine(url)
    try:
        with engine.begin() as c:
            c.execute(text(f"CREATE SCHEMA {schema}"))
        try:
            yield f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"
        finally:
            with engine.begin() as c:
                c.execute(text(f"DROP SCHEMA {schema} CASCADE"))
    finally:
        engine.dispose()


def _add_played(c: Connection) -> None:
    """A database made before rooms counted their moves gets the column, filled in."""
    if "played" in {column["name"] for column in inspect(c).get_columns("rooms")}:
        return
    c.execute(text("ALTER TABLE rooms ADD COLUMN played INTEGER NOT NULL DEFAULT 0"))
    c.execute(
        text(
            "UPDATE rooms SET played = (SELECT count(*) FROM moves WHERE moves.room_id = rooms.id)"
        )
    )


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """Write-ahead logging: a commit is one append to the log instead of rewriting pages
    (several times faster), and readers do not wait for the writer. With synchronous=NORMAL
    a committed move survives the server's process dying (the log is in the operating
    system's hands); only a power cut can lose the last moments."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def _room_record(row: _Room) -> RoomRecord:
    record = GameRecord(
        game=row.game,
        options=dict(row.options),
        seed=row.seed,
        setup=dict(row.setup) if row.setup is not None else None,
        moves=[(m.seat, m.code) for m in row.moves],
        outcome=dict(row.outcome) if row.outcome is not None else None,
    )
    return RoomRecord(
        id=row.id,
        record=record,
        seats=[SeatRecord.from_json(s) for s in row.seats],
        settings=dict(row.settings or {}),
        by=[m.by for m in row.moves],
        # SQLite keeps no time zone: a time read back from it is naive, and a naive time
        # cannot be compared with a new room's (the lobby sorts rooms by it).
        created=row.created if row.created.tzinfo else row.created.replace(tzinfo=UTC),
        happenings=[
            Happening(h.after, h.seat, h.kind, h.bot, h.why, h.code) for h in row.happenings
        ],
    )
