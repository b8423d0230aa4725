"""Persistence: a room is its game record (options, seed, moves) plus its seats.

SQLAlchemy, so the same code runs on a SQLite file (the default, nothing to install) and on
PostgreSQL (``postgresql+psycopg://...``). Every accepted move is one committed row before
the server acknowledges it, so a restart loses nothing: :meth:`Store.unfinished` gives the
rooms to bring back, and replaying their moves rebuilds each game exactly.

Seat tokens are never stored, only their SHA-256: a copy of the database does not let
anyone act for a seat.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    ForeignKey,
    Integer,
    String,
    create_engine,
    event,
    select,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, relationship

from asobi.core.records import GameRecord


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


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
    moves: Mapped[list[_Move]] = relationship(
        order_by="_Move.number", cascade="all, delete-orphan", lazy="selectin"
    )


class _Move(_Base):
    __tablename__ = "moves"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1, 2, ... no gaps
    seat: Mapped[int] = mapped_column(Integer)
    code: Mapped[str] = mapped_column(String(200))
    by: Mapped[str] = mapped_column(String(64))  # "seat", or the bot that played it


@dataclass
class SeatRecord:
    """Who sits in a seat: a person (with the hash of their token) or a bot by name.

    ``bot`` is set for a bot seat, and also for a person's seat once a bot has taken it
    over (they left or ran out of time): the game never ends early because someone left.
    """

    name: str
    token_hash: str | None = None
    bot: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "token_hash": self.token_hash, "bot": self.bot}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatRecord:
        return cls(str(data["name"]), data.get("token_hash"), data.get("bot"))


@dataclass
class RoomRecord:
    """Everything the store keeps about a room."""

    id: str
    record: GameRecord
    seats: list[SeatRecord]
    settings: dict[str, Any] = field(default_factory=dict)
    by: list[str] = field(default_factory=list)  # per move: "seat" or the bot's name
    created: datetime = field(default_factory=lambda: datetime.now(UTC))


class Store:
    """Rooms and their moves in a SQL database (``url``: any SQLAlchemy URL)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: Engine = create_engine(url)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        _Base.metadata.create_all(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def create(self, room: RoomRecord) -> None:
        rec = room.record
        with Session(self.engine) as session, session.begin():
            session.add(
                _Room(
                    id=room.id,
                    game=rec.game,
                    options=rec.options,
                    seed=rec.seed,
                    setup=rec.setup,
                    seats=[s.to_json() for s in room.seats],
                    settings=room.settings,
                    outcome=rec.outcome,
                    created=room.created,
                )
            )

    def append(
        self, room_id: str, number: int, seat: int, code: str, by: str,
        outcome: dict[str, Any] | None,
    ) -> None:  # fmt: skip
        """Commit move ``number`` (and the outcome, if it ended the game): one transaction.
        A second move with the same number fails (the primary key), so two writers can
        never both extend one game."""
        with Session(self.engine) as session, session.begin():
            session.add(_Move(room_id=room_id, number=number, seat=seat, code=code, by=by))
            if outcome is not None:
                row = session.get(_Room, room_id)
                assert row is not None
                row.outcome = outcome

    def truncate(self, room_id: str, keep: int) -> None:
        """Delete the moves after the first ``keep`` (an undo)."""
        with Session(self.engine) as session, session.begin():
            for move in session.scalars(
                select(_Move).where(_Move.room_id == room_id, _Move.number > keep)
            ):
                session.delete(move)

    def update_seats(self, room_id: str, seats: list[SeatRecord]) -> None:
        with Session(self.engine) as session, session.begin():
            row = session.get(_Room, room_id)
            assert row is not None
            row.seats = [s.to_json() for s in seats]

    def load(self, room_id: str) -> RoomRecord | None:
        with Session(self.engine) as session:
            row = session.get(_Room, room_id)
            return None if row is None else _room_record(row)

    def unfinished(self) -> list[RoomRecord]:
        """The rooms whose game has not ended: what a restarting server brings back."""
        with Session(self.engine) as session:
            rows = session.scalars(select(_Room).where(_Room.outcome.is_(None)))
            return [_room_record(row) for row in rows]

    def recent(self, limit: int = 50) -> list[RoomRecord]:
        with Session(self.engine) as session:
            rows = session.scalars(select(_Room).order_by(_Room.created.desc()).limit(limit))
            return [_room_record(row) for row in rows]


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
        created=row.created,
    )
