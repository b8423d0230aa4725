"""Moves of many rooms on PostgreSQL, committed together (``rooms.Moves``): a commit waits for
the database whatever it holds, so the moves made while one is written share the next. Each
move is still stored before anyone is told of it, and a move the database refuses refuses
no other."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

from asobi.server.bots import BotRunner
from asobi.server.rooms import Lobby, NewSeat, Room, RoomError
from asobi.server.store import Move, Store


def _lobby_with(postgres: str, write: Callable[[Callable[..., Any], Sequence[Move]], Any]) -> Lobby:
    """A lobby whose every ``append_all`` goes through ``write(the real one, moves)``."""
    store = Store(postgres)
    real = store.append_all
    store.append_all = lambda moves: write(real, moves)  # type: ignore[method-assign]
    return Lobby(store, BotRunner(0))


async def _rooms(lobby: Lobby, count: int) -> list[Room]:
    await lobby.start()
    await lobby.opened()
    seats = [NewSeat("ami"), NewSeat("ben")]
    return [(await lobby.create("starmine", None, seats))[0] for _ in range(count)]


async def _move_everywhere(lobby: Lobby, rooms: list[Room]) -> list[BaseException | None]:
    """One move in every room at once (the first legal one of the seat to act)."""

    async def move(room: Room) -> None:
        state = room.state
        seat = min(state.active_seats())
        await lobby.act(room, seat, state.legal_actions(seat)[0].encode())

    return await asyncio.gather(*(move(room) for room in rooms), return_exceptions=True)


def test_moves_made_at_once_in_many_rooms_share_commits(postgres: str) -> None:
    batches: list[int] = []

    def counted(real: Callable[..., Any], moves: Sequence[Move]) -> Any:
        batches.append(len(moves))
        return real(moves)

    lobby = _lobby_with(postgres, counted)

    async def play() -> list[Room]:
        rooms = await _rooms(lobby, 20)
        for _ in range(3):
            assert await _move_everywhere(lobby, rooms) == [None] * 20
        await lobby.stop()
        return rooms

    try:
        rooms = asyncio.run(play())
        assert sum(batches) == 60
        assert max(batches) > 1 and len(batches) < 60  # shared commits
        for room in rooms:  # each stored as played, in order
            stored = lobby.store.load(room.id)
            assert stored is not None and stored.record.moves == room.record.moves
            assert len(room.record.moves) == 3
    finally:
        lobby.bots.close()
        lobby.store.close()


def test_a_move_the_database_refuses_refuses_no_other(postgres: str) -> None:
    """The batch is written again move by move: the refused move's player gets the usual
    "could not be saved" (its room unchanged), everyone else's move is made."""
    doomed: set[str] = set()

    def failing(real: Callable[..., Any], moves: Sequence[Move]) -> Any:
        if doomed & {move.room for move in moves}:
            raise RuntimeError("the database refuses this one")
        return real(moves)

    lobby = _lobby_with(postgres, failing)

    async def play() -> tuple[list[Room], list[BaseException | None]]:
        rooms = await _rooms(lobby, 10)
        doomed.add(rooms[3].id)
        results = await _move_everywhere(lobby, rooms)
        await lobby.stop()
        return rooms, results

    try:
        rooms, results = asyncio.run(play())
    finally:
        lobby.bots.close()
        lobby.store.close()
    refused = results.pop(3)
    assert isinstance(refused, RoomError) and refused.status == 503
    assert "could not be saved; nothing changed" in refused.message
    assert results == [None] * 9
    assert rooms[3].number == 0 and all(r.number == 1 for i, r in enumerate(rooms) if i != 3)
