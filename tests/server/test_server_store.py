"""The store, on SQLite and on PostgreSQL: a room is its record and seats; tokens are kept
only as hashes; a finished game is not brought back; a move number is written once, and a
writer that is behind the store writes nothing."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import create_engine, text

from asobi.core.records import GameRecord
from asobi.server.store import (
    CHANNEL,
    Behind,
    Happening,
    Move,
    RoomRecord,
    SeatRecord,
    Store,
    token_hash,
)


def _room(room_id: str) -> RoomRecord:
    return RoomRecord(
        id=room_id,
        record=GameRecord(game="starmine", options={"players": 2}, seed=5),
        seats=[SeatRecord("ami", token_hash("secret")), SeatRecord("bot 2", bot="greedy")],
    )


def test_rooms_and_moves_come_back_as_they_were_saved(any_db: str) -> None:
    store = Store(any_db)
    store.create(_room("a"))
    store.append("a", 1, 1, "discard R6", "greedy", None)
    store.append("a", 2, 0, "draw deck", "seat", None)
    again = Store(any_db).load("a")
    assert again is not None
    assert again.record.moves == [(1, "discard R6"), (0, "draw deck")]
    assert again.by == ["greedy", "seat"]
    assert [s.name for s in again.seats] == ["ami", "bot 2"]
    assert again.seats[0].token_hash == token_hash("secret") != "secret"


def test_only_unfinished_games_are_brought_back(any_db: str) -> None:
    store = Store(any_db)
    store.create(_room("playing"))
    store.create(_room("done"))
    store.append("done", 1, 1, "stop", "greedy", {"scores": [1, 0], "ranks": [1, 2]})
    assert [r.id for r in store.unfinished()] == ["playing"]


def test_a_move_number_is_written_once(any_db: str) -> None:
    """Two writers cannot both extend one game: the second move 1 is refused, and so is a
    move 3 from a writer that missed move 2, or that missed an undo."""
    store = Store(any_db)
    store.create(_room("a"))
    store.append("a", 1, 1, "discard R6", "greedy", None)
    with pytest.raises(Behind):
        store.append("a", 1, 1, "discard Y5", "greedy", None)
    with pytest.raises(Behind):
        store.append("a", 3, 1, "discard Y5", "greedy", None)
    store.append("a", 2, 0, "draw deck", "seat", None)
    store.truncate("a", 1)  # move 2 taken back
    with pytest.raises(Behind):
        store.append("a", 3, 1, "discard Y5", "greedy", None)
    with pytest.raises(Behind):
        store.truncate("a", 1)
    loaded = store.load("a")
    assert loaded is not None and loaded.record.moves == [(1, "discard R6")]


def test_seat_changes_from_two_writers_both_count(any_db: str) -> None:
    store, other = Store(any_db), Store(any_db)
    store.create(_room("a"))
    store.update_seats("a", lambda seats: [replace(seats[0], name="ami!"), seats[1]])
    other.update_seats("a", lambda seats: [seats[0], replace(seats[1], name="beep")])
    loaded = store.load("a")
    assert loaded is not None and [s.name for s in loaded.seats] == ["ami!", "beep"]


def test_a_database_made_before_moves_were_counted_gets_its_count(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    store = Store(url)
    store.create(_room("a"))
    store.append("a", 1, 1, "discard R6", "greedy", None)
    store.append("a", 2, 0, "draw deck", "seat", None)
    store.close()
    with create_engine(url).begin() as c:  # as the server left it before the column
        c.execute(text("ALTER TABLE rooms DROP COLUMN played"))
    again = Store(url)
    again.append("a", 3, 1, "discard Y5", "greedy", None)
    with pytest.raises(Behind):
        again.append("a", 3, 1, "discard Y5", "greedy", None)


def test_processes_starting_at_once_on_a_new_database_all_open(postgres: str) -> None:
    """``serve --workers`` starts its processes at once on a database that may be new: each
    makes the tables if missing, one at a time (one of two such processes failed, and with
    it the whole server)."""
    with ThreadPoolExecutor(4) as pool:
        stores = list(pool.map(lambda _: Store(postgres), range(4)))
    for store in stores:
        assert store.unfinished() == []
        store.close()


def test_the_moves_of_several_rooms_are_stored_together(any_db: str) -> None:
    """One commit for the moves of several rooms: each is written or not on its own (a room
    whose count is not the move's number before it gets nothing), in the order given."""
    store = Store(any_db)
    for room in "abc":
        store.create(_room(room))
    store.append("a", 1, 1, "discard R6", "greedy", None)
    done = {"scores": [1, 0], "ranks": [1, 2]}
    stored = store.append_all(
        [
            Move("a", 2, 0, "draw deck", "seat"),
            Move("b", 2, 1, "discard Y5", "greedy"),  # b has no move 1: behind
            Move("c", 1, 1, "stop", "greedy", outcome=done),
        ]
    )
    assert stored == [True, False, True]
    a, b, c = (Store(any_db).load(room) for room in "abc")
    assert a is not None and a.record.moves == [(1, "discard R6"), (0, "draw deck")]
    assert b is not None and b.record.moves == []
    assert c is not None and c.record.outcome == done
    assert sorted(r.id for r in store.unfinished()) == ["a", "b"]
    with pytest.raises(ValueError, match="one move of a room"):
        store.append_all([Move("a", 3, 1, "x", "seat"), Move("a", 4, 0, "y", "seat")])


def test_the_notes_of_moves_stored_together_are_sent_for_those_written(postgres: str) -> None:
    """The other processes hear of each move written (its note, once it is committed), of no
    move refused, and nothing for a move without a note."""
    store = Store(postgres)
    for room in "abc":
        store.create(_room(room))
    url = store.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(url, autocommit=True) as listener:
        listener.execute(f"LISTEN {CHANNEL}")
        store.append_all(
            [
                Move("a", 1, 1, "discard R6", "greedy", note="a1"),
                Move("b", 2, 1, "discard Y5", "greedy", note="b2"),  # behind: not written
                Move("c", 1, 1, "discard G4", "greedy"),
            ]
        )
        heard = [n.payload for n in listener.notifies(timeout=1.0)]
    # Tests running at once on the same database (other schemas) notify the same channel:
    # their lobbies' notes are JSON objects, this test's are plain words.
    assert [note for note in heard if not note.startswith("{")] == ["a1"]


def test_what_happened_besides_the_moves_is_kept_in_its_order(any_db: str) -> None:
    """A takeover, a comeback and a take-back are written with the change they came with
    (the seats, the moves cut back), numbered in the order they happened."""
    store = Store(any_db)
    store.create(_room("a"))
    store.append("a", 1, 1, "discard R6", "greedy", None)
    store.append("a", 2, 0, "draw deck", "seat", None)
    store.truncate("a", 1, happened=[Happening(1, 0, "undo", code="draw deck")])
    taken = [Happening(1, 0, "takeover", "greedy", "time")]
    store.update_seats("a", lambda s: [replace(s[0], bot="greedy"), s[1]], happened=taken)
    back = [Happening(1, 0, "back")]
    store.update_seats("a", lambda s: [replace(s[0], bot=None), s[1]], happened=back)
    store.update_seats("a", lambda s: [replace(s[0], name="amy"), s[1]])  # nothing to tell
    again = Store(any_db).load("a")
    assert again is not None
    assert again.happenings == [
        Happening(1, 0, "undo", code="draw deck"),
        Happening(1, 0, "takeover", "greedy", "time"),
        Happening(1, 0, "back"),
    ]
    assert store.load("b") is None
