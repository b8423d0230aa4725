"""Rooms: one game each, its seats, and who is watching; the lobby that holds them.

The server is authoritative: a room's state changes only through :meth:`Lobby.act`, which
checks whose turn it is, lets the engine validate the action (an illegal one raises
:class:`IllegalAction` naming the rule, and changes nothing), commits the move to the store
and only then tells anyone. What each listener is told is cut to its seat: its own view,
the events it may see, its own action codes (another seat's code can be a secret: a bid,
the card kept), never anything else. Each message is worked out and encoded once per seat
(spectators share one), however many connections are told it.

Bots think in a worker pool (:class:`~asobi.server.bots.BotRunner`), off the event loop, so
a thinking bot never stalls other rooms; their seeds come from the room's seed, the seat and
the move number, so a room replays the same after a restart.

Several server processes may serve one database (:mod:`asobi.server.cluster`): a room may
be loaded in more than one, each telling its own connections; a change made by one reaches
the others as a note (:meth:`Lobby.heard`), and a process that finds itself behind the
store catches up from it (:meth:`Lobby.catch_up`). Only the process that holds a room's lock
(``room.driven``) runs its bots and its turn timer.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import inspect
import logging
import secrets
import sys
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial
from typing import Annotated, Any

import orjson
from pydantic import AfterValidator, StringConstraints, TypeAdapter, ValidationError
from sqlalchemy.exc import IntegrityError

from asobi.core.bots import LEVELS, level_bot, make_bot, mix_seeds
from asobi.core.errors import AsobiError, BadActionCode, IllegalAction
from asobi.core.events import Event
from asobi.core.protocol import GameOptions, GameSpec, State
from asobi.core.records import GameRecord, replay, replay_steps
from asobi.core.registry import all_specs, get_spec
from asobi.core.takeback import cannot_take_back, take_back_refusal
from asobi.core.words import Phrasebook, Words, addressed, fill
from asobi.server.bots import BotRunner
from asobi.server.store import (
    Behind,
    Happening,
    Move,
    RoomRecord,
    SeatRecord,
    Store,
    token_hash,
)

log = logging.getLogger("asobi.server")

TAKEOVER_LEVEL = "normal"  # who plays for a person who left or ran out of time
BACKLOG = 500  # messages waiting for one connection before it is cut off
FALLBACK_BOT = "random"  # plays a decision its own bot failed at three times
NOT_SAVED = Words(
    "the server could not save that; nothing changed, try again",
    "サーバーが保存できませんでした。何も変わっていません。もう一度どうぞ",
)
NOT_MOVED = Words(
    "the move could not be saved; nothing changed, try again",
    "手を保存できませんでした。何も変わっていません。もう一度どうぞ",
)
MOVED_ON = Words(
    "the game moved on meanwhile; nothing changed, look again",
    "その間にゲームが進みました。何も変わっていません。盤面を見直してください",
)
GAME_OVER = Words("the game is over", "ゲームは終わっています")
NOT_YOURS = Words(
    "only your own last move can be taken back", "取り消せるのは自分の最後の手だけです"
)
RETRY_PAUSE = 0.5  # seconds before a failed bot move is tried again, doubling each time
NAME_LENGTH = 40  # characters of a seat's name
CHECKPOINT = 1.0  # seconds between copies of SQLite's log into its database file
BATCH = 200  # moves committed together at most (PostgreSQL)


def encode(message: dict[str, Any]) -> str:
    """A message as the JSON text sent (orjson: several times faster than json, the same
    text but for spacing)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def _printable(name: str) -> str:
    if any(not ch.isprintable() for ch in name):
        raise ValueError("a name holds no control characters or line breaks")
    return name


# What a person may be called: any printable text (it is only ever shown as text).
SeatName = Annotated[
    str,
    StringConstraints(strip_whitespace=True, max_length=NAME_LENGTH),
    AfterValidator(_printable),
]
_SEAT_NAME: TypeAdapter[str] = TypeAdapter(SeatName)


class RoomError(AsobiError):
    """A request the server refuses; ``status`` is the HTTP status it answers with. A refusal
    a person at the table can meet is also said for the page (``said``), in both languages,
    with the marks of a game's words (``{s:N}``, ``{c:CODE}``): given as :class:`Words`, or
    beside a ``message`` for programs that differs (one naming a move by its code)."""

    def __init__(self, message: str | Words, status: int = 400, said: Words | None = None) -> None:
        self.message = message.en if isinstance(message, Words) else message
        self.said = message if isinstance(message, Words) else said
        super().__init__(self.message)
        self.status = status


def bot_seed(room_seed: int, seat: int, number: int) -> int:
    """A bot's seed for the decision after ``number`` moves: the same after a restart."""
    return mix_seeds(room_seed, seat, number)


def rematch_id(room_id: str) -> str:
    """The id of ``room_id``'s rematch: the same in every process, so that it is made once
    (a second attempt finds it there) and found again after a restart."""
    return hashlib.sha256(f"{room_id}:rematch".encode()).hexdigest()[:12]


@dataclass
class Listener:
    """One open connection: a seat (None: a spectator), the token it came with, and the
    messages waiting for it (encoded). A client that stops reading is cut off once
    :data:`BACKLOG` messages wait (it reconnects and is sent what it missed) rather than
    filling the server's memory. A reconnection's catch-up is a burst it asked for, which
    may be longer (a long game passes 500 moves): it widens the room by its length
    (:meth:`burst`), narrowed again as it is sent (:meth:`sent`)."""

    seat: int | None
    token: str | None = None
    queue: asyncio.Queue[str] = field(default_factory=asyncio.Queue)
    room: int = field(default_factory=lambda: BACKLOG)  # messages that may wait before a cut
    behind: bool = False
    # The room's news while a reconnection's catch-up is being worked out (None: none held):
    # sent after the moves it missed, so that every move reaches it in order.
    held: list[str] | None = None

    def send(self, message: dict[str, Any] | str) -> None:
        text = message if isinstance(message, str) else encode(message)
        if self.held is not None:
            self.held.append(text)
            return
        self.put(text)

    def put(self, text: str) -> None:
        """Queue ``text`` now, ahead of any news held."""
        if self.queue.qsize() >= self.room:
            self.behind = True
            return
        self.queue.put_nowait(text)

    def burst(self, texts: Sequence[str]) -> None:
        """Queue a catch-up's messages, however many: the connection asked for them."""
        self.room += len(texts)
        for text in texts:
            self.put(text)

    def sent(self) -> None:
        """One message went out: a catch-up's room shrinks back as it is sent."""
        self.room = max(BACKLOG, self.room - 1)

    def hold(self) -> None:
        """Keep the room's news back (until :meth:`release`)."""
        self.held = []

    def release(self) -> None:
        """Queue the news held, in the order it came, and send the rest as it comes."""
        held, self.held = self.held or [], None
        for text in held:
            self.put(text)


def summary_of(stored: RoomRecord, connected: Sequence[bool] | None = None) -> dict[str, Any]:
    """What anyone may know about a room (the lobby's listing)."""
    spec = get_spec(stored.record.game)
    connected = connected or [False] * len(stored.seats)
    return {
        "room": stored.id,
        "game": spec.id,
        "name_en": spec.name_en,
        "name_ja": spec.name_ja,
        "options": stored.record.options,
        "seats": seat_info(stored.seats, connected),
        "moves": len(stored.record.moves),
        "over": stored.record.outcome is not None,
        "outcome": stored.record.outcome,
        "turn_seconds": stored.settings.get("turn_seconds"),
        "hints": hints_allowed(stored),
    }


def hints_allowed(stored: RoomRecord) -> bool:
    """Whether the game's suggestions for the one to act (an insight's ``hint``: a game's
    solver's move) are offered at this table: as the room was made, else where
    one person plays, against bots. Among several people a hint would play for whoever asks
    (anyone may: the insight is worked out from the public table), unless they all chose it."""
    people = sum(1 for seat in stored.seats if seat.token_hash is not None)
    return bool(stored.settings.get("hints", people <= 1))


def seat_info(seats: Sequence[SeatRecord], connected: Sequence[bool]) -> list[dict[str, Any]]:
    return [
        {
            "seat": s,
            "name": seat.name,
            "bot": seat.bot,
            "connected": connected[s],
            "joined": seat.joined,
        }
        for s, seat in enumerate(seats)
    ]


class Room:
    """A game in progress (or over), rebuilt from its record."""

    def __init__(self, stored: RoomRecord) -> None:
        self.id = stored.id
        self.stored = stored  # record, seats, settings, by: kept current with the room
        self.record: GameRecord = stored.record
        self.seats: list[SeatRecord] = stored.seats
        self.settings = stored.settings
        self.by = stored.by
        self.created = stored.created
        self.happenings = stored.happenings  # takeovers, comebacks, take-backs: for the log
        self.spec: GameSpec = get_spec(self.record.game)
        self.state: State = replay(self.record)
        # The state before the last move, and the number of moves it had seen: a take-back
        # asked about, or made, starts from it (a replay of the record otherwise).
        self.previous: tuple[State, int] | None = None
        self.words = said_for(self.spec.id, self.spec.options(self.record.options))
        self.lock = asyncio.Lock()
        self.listeners: list[Listener] = []
        # Seats connected through other server processes, by process (cluster only).
        self.elsewhere: dict[str, frozenset[int]] = {}
        self.driven = False  # whether this process runs the room's bots and timer
        self.version = 0  # moves on with every change: a bot's answer to an older one is void
        self.bot_task: asyncio.Task[None] | None = None
        self.timer: asyncio.Task[None] | None = None
        self.deadlines: dict[int, float] = {}  # per person to move: when their time is up
        # People whose turn's time ran out: a bot makes their moves until that turn ends
        # (their seat stays theirs: the next turn, or a move of their own now, is theirs).
        self.standins: dict[int, str] = {}
        # The game's insight into the position it was asked of (asked by every page after
        # every move: a solver's answer may take a second of CPU), once a position.
        self._insight: tuple[State, asyncio.Future[Mapping[str, Any]]] | None = None

    # --- who is who ------------------------------------------------------------------------
    def seat_for(self, token: str) -> int | None:
        """The seat ``token`` opens, or None (compared in constant time)."""
        digest = token_hash(token)
        for seat, record in enumerate(self.seats):
            if record.token_hash is not None and hmac.compare_digest(record.token_hash, digest):
                return seat
        return None

    def name_of(self, seat: int) -> str:
        """A seat's name as the server's own messages say it ("seat 2" when unnamed)."""
        return self.seats[seat].name or f"seat {seat + 1}"

    def player(self, seat: int) -> str | None:
        """The bot that moves for ``seat`` now (its own, or a stand-in), or None: its person."""
        return self.seats[seat].bot or self.standins.get(seat)

    def here(self) -> frozenset[int]:
        """The seats connected to this process."""
        return frozenset(li.seat for li in self.listeners if li.seat is not None)

    def connected(self) -> list[bool]:
        seated = self.here().union(*self.elsewhere.values())
        return [s in seated for s in range(len(self.seats))]

    def seat_info(self) -> list[dict[str, Any]]:
        return seat_info(self.seats, self.connected())

    @property
    def number(self) -> int:
        """Moves played so far."""
        return len(self.record.moves)

    def summary(self) -> dict[str, Any]:
        """What anyone may know about the room (the lobby's listing)."""
        return summary_of(self.stored, self.connected())

    # --- what a seat is told ----------------------------------------------------------------
    def told_alike(self) -> dict[str, Any]:
        """What a snapshot tells every seat alike now: worked out once when all are told."""
        outcome = self.state.outcome()
        return {
            "seats": self.seat_info(),
            "outcome": outcome.to_json() if outcome is not None else None,
            # The end in words: a headline and the score breakdown as a table.
            "outcome_table": self.words.outcome(outcome.to_json()) if outcome else None,
            "time_left": self.time_left(),
        }

    def time_left(self) -> dict[int, float]:
        """Seconds left to each person whose turn timer runs here (the process that runs the
        room's timer; elsewhere, and before a new turn's timer starts, the page counts from
        when it heard of the turn)."""
        try:
            now = asyncio.get_running_loop().time()  # (the deadlines are the loop's times)
        except RuntimeError:  # (not on the event loop: no timer runs there)
            return {}
        return {s: round(max(0.0, due - now), 1) for s, due in self.deadlines.items()}

    def snapshot(self, seat: int | None, alike: dict[str, Any] | None = None) -> dict[str, Any]:
        """The room as ``seat`` may see it now (None: a spectator); ``alike``: what
        :meth:`told_alike` gives now, when every seat is told in turn."""
        state = self.state
        active = sorted(state.active_seats())
        mine = seat is not None and seat in active and self.seats[seat].bot is None
        codes: list[str] = []
        cautions: dict[str, dict[str, str]] = {}
        if seat is not None and mine:
            for action in state.legal_actions(seat):
                codes.append(action.encode())
                caution = state.caution(seat, action)
                if caution is not None:
                    cautions[codes[-1]] = caution.to_json()
        view = state.view(seat)
        return {
            "type": "state",
            "room": self.id,
            "game": self.spec.id,
            "seat": seat,
            "number": self.number,
            "active": active,
            "legal": codes,
            # What the page shows of them: each move's words, and a warning beside a move
            # whose consequence a player could miss.
            "labels": {code: self.words.action(code) for code in codes},
            "cautions": cautions,
            "status": self.words.status(view, seat),
            "view": view,
            **(alike if alike is not None else self.told_alike()),
        }

    def move_message(
        self, seat: int | None, number: int, actor: int, code: str, events: Sequence[Event]
    ) -> dict[str, Any]:
        return move_message(seat, number, actor, code, self.by[number - 1], events, self.words)

    def broadcast(self, message_for: Callable[[int | None], dict[str, Any] | None]) -> None:
        """Tell every connection its seat's ``message_for(seat)`` (None: nothing): worked
        out and encoded once per seat, however many connections share it."""
        texts: dict[int | None, str | None] = {}
        for listener in self.listeners:
            if listener.seat not in texts:
                message = message_for(listener.seat)
                texts[listener.seat] = None if message is None else encode(message)
            text = texts[listener.seat]
            if text is not None:
                listener.send(text)

    def changed(self) -> None:
        self.version += 1

    async def insight(self) -> Mapping[str, Any]:
        """The game's insight into the table as it is (``GameSpec.insight``, from the public
        view), worked out in a thread once a position, however many pages ask, and at once."""
        assert self.spec.insight is not None
        if self._insight is None or self._insight[0] is not self.state:
            work = asyncio.to_thread(self.spec.insight, self.state.view(None))
            self._insight = (self.state, asyncio.ensure_future(work))
        # shielded: a page that leaves while waiting does not cancel the others' answer
        return await asyncio.shield(self._insight[1])


class Said:
    """A game's phrasebook as the messages need it: a move's words once per code (the same
    codes come back all game, and in every room of the game: the last :data:`KEPT` are
    kept), the outcome with its table in words."""

    KEPT = 4096  # codes whose words are kept (a game of placements anywhere has no end of codes)

    def __init__(self, book: Phrasebook) -> None:
        self.book = book
        # (OrderedDict: a catch-up's thread says moves too, and its popitem is one step)
        self._actions: OrderedDict[str, dict[str, str]] = OrderedDict()

    def action(self, code: str) -> dict[str, str]:
        said = self._actions.get(code)
        if said is None:
            if len(self._actions) >= self.KEPT:
                self._actions.popitem(last=False)  # the oldest
            said = self._actions[code] = self.book.action(code).to_json()
        return said

    def events(self, events: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        """Each event's words; a milestone's (``Phrasebook.milestones``) marked as such,
        for the page to set its line apart."""
        out: list[dict[str, Any]] = []
        for event in events:
            words = self.book.event(event)
            if words is not None:
                said: dict[str, Any] = words.to_json()
                if event.get("kind") in self.book.milestones:
                    said["milestone"] = True
                out.append(said)
        return out

    def status(self, view: Mapping[str, Any], seat: int | None) -> dict[str, str]:
        """What the table waits for, as ``seat`` reads it (to the seat to act: what to do)."""
        return addressed(self.book.status(view), seat).to_json()

    def outcome(self, outcome: dict[str, Any]) -> dict[str, Any]:
        return self.book.outcome(outcome).to_json()


@lru_cache(maxsize=64)
def said_for(game: str, options: GameOptions) -> Said:
    """The words of every room of ``game`` with ``options`` (a phrasebook depends on nothing
    else): shared, so a move's words are worked out once in the process, not once a room."""
    spec = get_spec(game)
    return Said(spec.phrasebook(options))


@dataclass(frozen=True)
class NewSeat:
    """A seat asked for when a room is made: a person (``bot`` None) or a bot."""

    name: str
    bot: str | None = None


class Moves:
    """The moves waiting for the store (PostgreSQL), committed together: while one batch is
    being written, the moves made meanwhile, in any room, gather for the next. A commit
    waits for the database (its disk, the network) whatever it holds, so a line of one move
    a commit bounds a process at a few hundred moves a second; batched, the wait is paid
    once for all the moves that came during it. A room's moves never share a batch: the
    room's lock holds its next move until its last is stored."""

    def __init__(self, store: Store, writer: ThreadPoolExecutor) -> None:
        self.store = store
        self.writer = writer
        self.waiting: list[tuple[Move, asyncio.Future[bool]]] = []
        self._draining: asyncio.Task[None] | None = None

    async def append(self, move: Move) -> bool:
        """Whether ``move`` was stored (False: the store is ahead: :class:`Behind`)."""
        loop = asyncio.get_running_loop()
        stored: asyncio.Future[bool] = loop.create_future()
        self.waiting.append((move, stored))
        if self._draining is None or self._draining.done():
            self._draining = loop.create_task(self._drain())
        return await stored

    async def _drain(self) -> None:
        while self.waiting:
            batch = self._next_batch()
            try:
                stored = await self._write([move for move, _ in batch])
            except Exception as exc:
                if len(batch) == 1:
                    _settle(batch[0][1], exc)
                    continue
                # One move the database refuses must not refuse the others: each alone.
                for move, wanted in batch:
                    try:
                        _settle(wanted, (await self._write([move]))[0])
                    except Exception as alone:
                        _settle(wanted, alone)
                continue
            for (_, wanted), ok in zip(batch, stored, strict=True):
                _settle(wanted, ok)

    async def _write(self, moves: list[Move]) -> list[bool]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.writer, self.store.append_all, moves)

    def _next_batch(self) -> list[tuple[Move, asyncio.Future[bool]]]:
        rooms: set[str] = set()
        size = 0
        for move, _ in self.waiting:
            if move.room in rooms or size == BATCH:
                break
            rooms.add(move.room)
            size += 1
        batch, self.waiting = self.waiting[:size], self.waiting[size:]
        return batch


def _settle(future: asyncio.Future[bool], outcome: bool | BaseException) -> None:
    """Answer a move's waiter, unless it stopped waiting (its connection closed)."""
    if future.done():
        return
    if isinstance(outcome, BaseException):
        future.set_exception(outcome)
    else:
        future.set_result(outcome)


class Lobby:
    """Every room this process holds, the store behind them and the bots' worker pool.

    With one process (SQLite, the default) it holds every unfinished room and runs them all.
    With several on one PostgreSQL database (``shared``) it holds the rooms it runs and those
    that its connections watch, and tells the others of each change it makes (a note)."""

    def __init__(
        self, store: Store, bots: BotRunner, open_seeds: bool = False, process: str = ""
    ) -> None:
        self.store = store
        self.bots = bots
        # Whether a room of several people may be made with a seed of the maker's choosing:
        # the seed deals every card, so its chooser could work out the others' hands. Only
        # for servers whose players trust each other (tests); a room with one person (and
        # bots) may always take one, to replay a deal.
        self.open_seeds = open_seeds
        self.shared = store.postgres  # other processes may serve the same rooms
        self.process = process or f"asobi {secrets.token_hex(4)}"
        # How this process's own notes begin (``_note``'s first key): every listener hears
        # them too, and they are known by these bytes without being read.
        self.own_notes = encode({"from": self.process})[:-1].encode() + b","
        self.rooms: dict[str, Room] = {}
        # Unfinished rooms whose record no longer replays (stored by another version of a
        # game): claimed once, logged once, then left in the store (their lock held, so no
        # other process tries them again while this one lives).
        self.unplayable: set[str] = set()
        self.ready: asyncio.Future[None] | None = None
        self._checkpoints: asyncio.Future[None] | None = None
        # One thread writes to the store, in order (writers waiting on each other's
        # database locks cost more than waiting in line); SQLite's writes are made inline.
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="asobi-store")
        self._moves = Moves(store, self._writer)

    async def _write(self, refusal: Words, write: Callable[..., Any], *args: Any) -> Any:
        """``write(*args)`` to the store, in line; if it fails, logged and answered with
        ``refusal`` (a 503) before anything in memory has changed. :class:`Behind` (another
        process got there first) is passed on."""
        try:
            if self.store.inline:  # SQLite: quicker here than handed to a thread and back
                return write(*args)
            if inspect.iscoroutinefunction(write):  # a line of its own to the writer (Moves)
                return await write(*args)
            return await asyncio.get_running_loop().run_in_executor(self._writer, write, *args)
        except (Behind, IntegrityError):
            raise
        except Exception:
            log.exception("store write %s%r failed", write.__name__, args[:2])
            raise RoomError(refusal, 503) from None

    async def _store(self, move: Move) -> None:
        """Store ``move`` as :meth:`_write` does (refused with a 503 if it fails,
        :class:`Behind` if another process stored one first); on PostgreSQL in the line of
        moves committed together (:class:`Moves`)."""
        if self.store.inline:
            stored = (await self._write(NOT_MOVED, self.store.append_all, [move]))[0]
        else:
            stored = await self._write(NOT_MOVED, self._moves.append, move)
        if not stored:
            raise Behind(move.room)

    def _note(self, room: Room, kind: str, **data: Any) -> str | None:
        """What the other processes are told of a change to ``room`` (None: there are none)."""
        if not self.shared:
            return None
        return encode({"from": self.process, "room": room.id, "kind": kind, **data})

    # --- starting and stopping --------------------------------------------------------------
    async def start(self) -> None:
        """Open in the background: every game loaded (its tables built) off the event loop,
        then the unfinished games brought back (a restart loses nothing) and their bots let
        go on. Whatever needs a game or a room waits for it first (:meth:`opened`)."""
        self.bots.start()
        self.ready = asyncio.ensure_future(self._open())
        if self.store.inline:
            self._checkpoints = asyncio.ensure_future(self._checkpoint())

    async def opened(self) -> None:
        assert self.ready is not None, "the lobby was not started"
        await asyncio.shield(self.ready)

    async def _open(self) -> None:
        await asyncio.to_thread(all_specs)
        if self.shared:
            await self.adopt()  # the rooms no other process runs
            return
        stored = await asyncio.to_thread(self.store.unfinished)
        for room in await asyncio.to_thread(_rebuild, stored):
            self.rooms[room.id] = room
            room.driven = True
            self._kick(room)

    async def _checkpoint(self) -> None:
        while True:
            await asyncio.sleep(CHECKPOINT)
            try:
                await asyncio.to_thread(self.store.checkpoint)
            except Exception:
                log.exception("checkpoint failed; trying again")

    async def stop(self) -> None:
        for task in (self.ready, self._checkpoints):
            if task is not None and not task.done():
                task.cancel()
        for room in self.rooms.values():
            for task in (room.bot_task, room.timer):
                if task is not None:
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await task
        self._writer.shutdown(wait=True)

    # --- rooms ------------------------------------------------------------------------------
    async def create(
        self,
        game: str,
        options: Mapping[str, Any] | None,
        seats: Sequence[NewSeat],
        seed: int | None = None,
        turn_seconds: float | None = None,
        hints: bool | None = None,
    ) -> tuple[Room, list[str | None]]:
        """A new room; returns it and each seat's token (None for a bot's seat). Tokens
        exist only in this answer: the store keeps their hashes. ``hints``: whether the
        game's suggestions are offered (None: as :func:`hints_allowed` decides)."""
        tokens = [None if seat.bot is not None else secrets.token_urlsafe(18) for seat in seats]
        hashes = [token_hash(t) if t is not None else None for t in tokens]
        settings: dict[str, Any] = {"turn_seconds": turn_seconds} if turn_seconds else {}
        if hints is not None:
            settings["hints"] = hints
        room = await self._make(secrets.token_hex(6), game, options, seats, hashes, seed,
                                settings)  # fmt: skip
        return room, tokens

    async def _make(
        self,
        room_id: str,
        game: str,
        options: Mapping[str, Any] | None,
        seats: Sequence[NewSeat],
        hashes: Sequence[str | None],
        seed: int | None,
        settings: dict[str, Any],
    ) -> Room:
        await self.opened()
        spec = get_spec(game)
        raw = dict(options or {})
        raw.setdefault("players", len(seats))
        opts = spec.options(raw)  # InvalidOptions says what is wrong
        if opts.players != len(seats):
            raise RoomError(f"{len(seats)} seats given for a game of {opts.players} players")
        for seat in seats:
            if seat.bot is not None:
                if ":" in seat.bot:  # a bot's budget is the server's to set, not a guest's
                    raise RoomError(
                        f"bot {seat.bot!r}: a seat's bot is a level (random, easy, normal, "
                        "hard) or a bot's name, without parameters"
                    )
                try:
                    # In a thread: a bot may build its tables as it is made (a search's
                    # bitmaps, compiled code: a second or two, once a process), and the
                    # other rooms go on meanwhile.
                    await asyncio.to_thread(make_bot, seat.bot, game, 0)
                except ValueError as exc:
                    raise RoomError(str(exc)) from None
        people = sum(1 for seat in seats if seat.bot is None)
        if seed is not None and people > 1 and not self.open_seeds:
            raise RoomError(
                "a room of several people takes no chosen seed: the seed deals every card, "
                "so whoever chose it could work out the others' hands"
            )
        # 63 random bits: no table of all seeds' deals can be made in advance.
        seed = secrets.randbits(63) if seed is None else seed
        records = [
            # (a person has not come to the table yet: joining starts their clock afresh)
            SeatRecord(seat.name, digest, _bot_name(game, seat), joined=digest is None)
            for seat, digest in zip(seats, hashes, strict=True)
        ]
        spec.new_game(opts, seed)  # a setup that cannot start fails here, before storing
        stored = RoomRecord(
            id=room_id,
            record=GameRecord(game=game, options=opts.model_dump(), seed=seed),
            seats=records,
            settings=settings,
        )
        await self._write(NOT_SAVED, self.store.create, stored)
        room = Room(stored)
        self.rooms[room.id] = room
        room.driven = not self.shared or bool(
            await self._write(NOT_SAVED, self.store.claim, [room.id])
        )
        self._kick(room)
        return room

    async def get(self, room_id: str) -> Room:
        """The room, loaded from the store if this process does not hold it yet (and then
        run by this process if no other does)."""
        await self.opened()
        room = self.rooms.get(room_id)
        if room is not None:
            return room
        stored = await asyncio.to_thread(self.store.load, room_id)
        if stored is None:
            raise RoomError(f"no room {room_id!r}", 404)
        room = self.rooms.get(room_id)  # loaded meanwhile
        if room is None:
            room = self.rooms[room_id] = (await asyncio.to_thread(_rebuild, [stored]))[0]
            if not self.shared:
                room.driven = True
            else:
                # Notes about the room that came while it was loading were not heard here.
                await self.catch_up(room)
                if not room.state.is_over:
                    room.driven = bool(await self._write(NOT_SAVED, self.store.claim, [room.id]))
            self._kick(room)
        return room

    async def peek(self, room_id: str) -> RoomRecord:
        """What the store (or this process) knows of a room, without holding it."""
        await self.opened()
        room = self.rooms.get(room_id)
        if room is not None:
            return room.stored
        stored = await asyncio.to_thread(self.store.load, room_id)
        if stored is None:
            raise RoomError(f"no room {room_id!r}", 404)
        return stored

    async def listing(self) -> list[dict[str, Any]]:
        """The rooms in play, newest first (at most 100)."""
        await self.opened()
        if not self.shared:
            rooms = sorted(self.rooms.values(), key=lambda r: r.created, reverse=True)
            return [room.summary() for room in rooms if not room.state.is_over][:100]
        found = await asyncio.to_thread(self.store.in_play, 100)
        return [self.rooms[s.id].summary() if s.id in self.rooms else summary_of(s) for s in found]

    # --- playing ----------------------------------------------------------------------------
    async def act(self, room: Room, seat: int, code: str) -> None:
        """A person's action for ``seat``: refused with a clear error (and nothing changed)
        unless it is that seat's turn and the rules allow it."""
        async with room.lock:
            bot = room.seats[seat].bot
            if bot is not None:
                # (the page names the seat, as the log does: {s:N})
                said = Words(f"{{s:{seat}}} is played by the bot {bot}",
                             f"{{s:{seat}}}はボット({bot})がプレイしています")  # fmt: skip
                raise RoomError(f"seat {seat} is played by the bot {bot}", said=said)
            if room.standins.pop(seat, None) is not None:
                room.changed()  # in time after all: the stand-in's answer, if any, is void
            if not room.seats[seat].joined:  # (a program that plays without joining first)
                await self._joined(room, seat)
            try:
                await self._play(room, seat, code, "seat")
            except Behind:
                # Another process moved first: look again, and try once more if it is
                # still this seat's turn and the move still allowed.
                await self._catch_up(room)
                try:
                    await self._play(room, seat, code, "seat")
                except Behind:
                    await self._catch_up(room)
                    raise RoomError(MOVED_ON, 409) from None
        self._kick(room)

    async def come_back(self, room: Room, seat: int) -> None:
        """``seat``'s person plays it again after a bot took it over (they left, ran out of
        time, or arrived after their turn's time ran out): their clock starts afresh."""
        async with room.lock:
            if room.state.is_over:
                raise RoomError(GAME_OVER)
            if room.seats[seat].bot is None:
                raise RoomError(Words("you are playing this seat already",
                                      "この席はもうあなたがプレイしています"))  # fmt: skip
            await self._change_seats(
                room, lambda now: [replace(s, bot=None, joined=True) if i == seat else s
                                   for i, s in enumerate(now)],
                self._note(room, "seats", why="back", seats=[seat]),
                [Happening(room.number, seat, "back")],
            )  # fmt: skip
            room.changed()  # a bot's answer for the seat, thought meanwhile, is void
            room.deadlines.pop(seat, None)
            self._told_back(room, seat)
            self._arm_timer(room)
        self._kick(room)

    async def join(self, room: Room, seat: int) -> None:
        """``seat``'s person has come to the table (past the page's join form): their turn
        clock starts afresh, so the form cost them no time. A person who never comes is
        stood in for when their time is up, as one who is away: the table goes on."""
        async with room.lock:
            if room.seats[seat].joined:
                return
            await self._joined(room, seat)
        self._presence(room)

    async def _joined(self, room: Room, seat: int) -> None:
        """Keep that ``seat``'s person joined (the room's lock held), and start their clock
        afresh if it is their turn (in the process that runs the room's timer: another one
        hears of it from the note, and does the same as it catches up)."""
        await self._change_seats(
            room, lambda now: [replace(s, joined=True) if i == seat else s
                               for i, s in enumerate(now)],
            self._note(room, "seats", why="joined"),
        )  # fmt: skip
        room.deadlines.pop(seat, None)
        self._arm_timer(room)

    def _told_back(self, room: Room, seat: int) -> None:
        at = len(room.happenings)
        room.broadcast(
            lambda s: {"type": "back", "seat": seat, "at": at, "state": room.snapshot(s)}
        )

    async def leave(self, room: Room, seat: int) -> None:
        """``seat`` leaves: a bot plays it from now on (the game does not end early)."""
        async with room.lock:
            await self._take_over(room, [seat], "left")
        self._kick(room)

    async def _taking_back(self, room: Room, seat: int) -> tuple[State, Any, Words | None]:
        """The state before ``seat``'s last move, that move, and why it may not be taken back
        (None: it may); the room's lock held."""
        moves = room.record.moves
        if not moves or moves[-1][0] != seat or room.by[-1] != "seat":
            raise RoomError(NOT_YOURS)
        action = room.spec.action_space.decode(moves[-1][1])
        if room.previous is not None and room.previous[1] == room.number - 1:
            before = room.previous[0]
        else:
            earlier = replace(room.record, moves=moves[:-1], outcome=None)
            before = await asyncio.to_thread(replay, earlier)
        return before, action, await asyncio.to_thread(take_back_refusal, before, seat, action)

    async def can_undo(self, room: Room, seat: int) -> dict[str, Any]:
        """Whether ``seat``'s last move could be taken back now, asked by its page before it
        offers "Take back" (the answer for the room's current move number): the same test as
        :meth:`undo`, a millisecond or so of work, done only for a person who could use it."""
        async with room.lock:
            number = room.number
            try:
                _, _, refusal = await self._taking_back(room, seat)
            except RoomError:
                return {"type": "can_undo", "number": number, "ok": False}
        return {"type": "can_undo", "number": number, "ok": refusal is None}

    async def undo(self, room: Room, seat: int) -> None:
        """Take back ``seat``'s last move, within the rules of fair play
        (:func:`~asobi.core.takeback.take_back_refusal`): its own, by its own hand, in its
        own turn, having shown nobody anything hidden and drawn on no chance."""
        async with room.lock:
            moves = room.record.moves
            before, undone, refusal = await self._taking_back(room, seat)
            if refusal is not None:
                code = moves[-1][1]
                move = room.words.action(code)
                said = cannot_take_back(Words(move["en"], move["ja"]), refusal)
                why = fill(refusal.en, [])  # (for a program: its seat marks as "seat N")
                raise RoomError(f"{code!r} cannot be taken back: {why}", said=said)
            number = room.number - 1
            told_of = _told_of(before, seat, undone)
            note = self._note(room, "undo", seat=seat, n=number)
            happened = Happening(number, seat, "undo", code=moves[-1][1])
            try:
                await self._write(NOT_SAVED, self.store.truncate, room.id, number, note, [happened])
            except Behind:
                await self._catch_up(room)
                raise RoomError(MOVED_ON, 409) from None
            room.happenings.append(happened)
            moves.pop()
            room.by.pop()
            room.state = before
            room.previous = None
            room.changed()
            self._told_undo(room, seat, number, told_of)
        self._kick(room)

    def _told_undo(
        self, room: Room, seat: int, number: int, told_of: Callable[[int | None], bool]
    ) -> None:
        """Tell who was told of the move (``told_of``) that it was taken back."""
        at = len(room.happenings)
        room.broadcast(
            lambda s: (
                {"type": "undo", "seat": seat, "number": number, "at": at,
                 "state": room.snapshot(s)}
                if told_of(s)
                else None
            )
        )  # fmt: skip

    async def rename(self, room: Room, seat: int, name: Any) -> None:
        """``seat``'s person names themselves: printable text, told to everyone at the table."""
        if not isinstance(name, str):
            raise RoomError('name needs a "name": text')
        try:
            name = _SEAT_NAME.validate_python(name)
        except ValidationError:
            name = ""
        if not name:  # (blank would leave the seat "Player 2" for everyone)
            raise RoomError(
                Words(f"a name is 1 to {NAME_LENGTH} printable characters",
                      f"名前は1〜{NAME_LENGTH}文字の表示できる文字です")
            )  # fmt: skip
        async with room.lock:
            # (Naming yourself at the join form is joining the table.)
            joined = room.seats[seat].joined
            await self._change_seats(
                room, lambda seats: [replace(s, name=name, joined=True) if i == seat else s
                                     for i, s in enumerate(seats)],
                self._note(room, "seats", why="name"),
            )  # fmt: skip
            if not joined:
                room.deadlines.pop(seat, None)
                self._arm_timer(room)
        self._presence(room)

    async def _change_seats(
        self,
        room: Room,
        change: Callable[[list[SeatRecord]], list[SeatRecord]],
        note: str | None,
        happened: Sequence[Happening] = (),
    ) -> None:
        seats = await self._write(
            NOT_SAVED, self.store.update_seats, room.id, change,
            (lambda _: note) if note else None, happened,
        )  # fmt: skip
        room.seats[:] = seats
        room.happenings.extend(happened)
        room.changed()

    async def rematch(self, room: Room, seat: int) -> None:
        """A new game with the same seats (made once: whoever asks next, in any process, is
        sent the same room); each connection at the table is sent its link, with the token
        it came with (each person's seat in the new room opens with the same token)."""
        async with room.lock:
            if not room.state.is_over:
                raise RoomError("a rematch is for a game that is over")
            new_id = rematch_id(room.id)
            # People stay people (one who left comes back as one); bots stay bots.
            seats = [NewSeat(s.name, None if s.token_hash else s.bot) for s in room.seats]
            with contextlib.suppress(IntegrityError):  # made already, here or elsewhere
                await self._make(
                    new_id, room.spec.id, room.record.options, seats,
                    [s.token_hash for s in room.seats], None, dict(room.settings),
                )  # fmt: skip
            note = self._note(room, "rematch", new=new_id)
            if note is not None:
                await self._write(NOT_SAVED, self.store.notify, note)
        self._told_rematch(room, new_id)

    def _told_rematch(self, room: Room, new_id: str) -> None:
        for listener in room.listeners:
            token = listener.token if listener.seat is not None else None
            link = f"/play/{new_id}" + (f"?token={token}" if token else "")
            listener.send({"type": "rematch", "room": new_id, "link": link})

    async def _play(self, room: Room, seat: int, code: str, by: str) -> None:
        state = room.state
        if state.is_over:
            raise RoomError(GAME_OVER)
        if seat not in state.active_seats():
            waiting = [room.name_of(s) for s in sorted(state.active_seats())]
            en, ja = ", ".join(waiting), "、".join(waiting)
            raise RoomError(Words(f"it is not your turn (waiting for {en})",
                                  f"あなたの番ではありません({ja}を待っています)"))  # fmt: skip
        try:
            action = room.spec.action_space.decode(code)
        except BadActionCode as exc:
            said = Words(f"not a move of {room.spec.name_en}: {exc}",
                         f"{room.spec.name_ja}の手ではありません:{exc.said('ja')}")  # fmt: skip
            raise RoomError(
                f"{code!r} is not a move of {room.spec.name_en}: {exc}", said=said
            ) from None
        # Checked against the legal moves the seat was shown (kept by the room's state: a
        # copy would work them out again), then made on a copy, which becomes the room's
        # state once the store has it: until then anyone connecting sees the room as it
        # was, number and state alike.
        state.check(seat, action)  # IllegalAction: refused, nothing changed
        after = state.clone()
        events = after.resolve(seat, action)
        code = action.encode()
        number = room.number + 1
        outcome = after.outcome()
        result = outcome.to_json() if outcome is not None else None
        note = self._note(room, "move", n=number, seat=seat, code=code, by=by)
        await self._store(Move(room.id, number, seat, code, by, result, note))
        self._moved(room, after, seat, code, by, events)

    def _moved(
        self, room: Room, after: State, seat: int, code: str, by: str, events: Sequence[Event]
    ) -> None:
        """Move ``code`` of ``seat`` is stored: the room's state is ``after``; tell everyone."""
        room.previous = (room.state, room.number)
        room.state = after
        room.record.moves.append((seat, code))
        room.by.append(by)
        outcome = after.outcome()
        room.record.outcome = outcome.to_json() if outcome is not None else None
        room.changed()
        for other in list(room.deadlines):
            if other != seat:  # someone else moved: their turn is over, their clock too
                del room.deadlines[other]
        acting = after.active_seats()
        for other in [s for s in room.standins if s not in acting]:
            del room.standins[other]  # the turn it stood in for is over
        number = room.number
        alike = room.told_alike()
        room.broadcast(
            lambda s: (
                {
                    **room.move_message(s, number, seat, code, events),
                    "state": room.snapshot(s, alike),
                }
                if told(s, seat, events, after)
                else None
            )
        )

    async def _take_over(self, room: Room, seats: Sequence[int], why: str) -> None:
        bot = level_bot(room.spec.id, TAKEOVER_LEVEL)
        await self._change_seats(
            room, lambda now: [replace(s, bot=bot) if i in seats else s
                               for i, s in enumerate(now)],
            self._note(room, "seats", why=why, seats=list(seats), bot=bot),
            [Happening(room.number, seat, "takeover", bot, why) for seat in seats],
        )  # fmt: skip
        self._told_takeover(room, seats, bot, why)

    async def _stand_in(self, room: Room, seats: Sequence[int]) -> None:
        """``seats``' time ran out: a bot makes their moves for the rest of this turn (their
        next turn is theirs again, with a full clock): a table of people who are away goes
        on at the timer's pace, which leaves them time to come back."""
        bot = level_bot(room.spec.id, TAKEOVER_LEVEL)
        await self._change_seats(
            room, lambda now: now, self._note(room, "standin", seats=list(seats), bot=bot),
            [Happening(room.number, seat, "takeover", bot, "time") for seat in seats],
        )  # fmt: skip
        room.standins.update(dict.fromkeys(seats, bot))
        room.changed()
        self._told_takeover(room, seats, bot, "time")

    def _told_takeover(self, room: Room, seats: Sequence[int], bot: str, why: str) -> None:
        for seat in seats:
            room.broadcast(partial(_takeover_message, room, seat, bot, why))

    def _kick(self, room: Room) -> None:
        """Let the bots of ``room`` move if it is their turn (one runner per room), if this
        process runs the room."""
        if room.state.is_over or not room.driven:
            return
        if room.bot_task is None or room.bot_task.done():
            room.bot_task = asyncio.get_running_loop().create_task(self._run_bots(room))

    async def _run_bots(self, room: Room) -> None:
        """Bots move while it is their turn. A failure (the store, the bot) is retried after
        a pause, and a decision its bot failed at three times is made by the random bot: the
        room never waits for a bot that has given up."""
        failures = 0
        while True:
            async with room.lock:
                state = room.state
                due = [s for s in sorted(state.active_seats()) if room.player(s)]
                if state.is_over or not due or not room.driven:
                    self._arm_timer(room)
                    if state.is_over and room.driven and self.shared:
                        await self._let_go(room)
                    return
                seat, number, version = due[0], room.number, room.version
                bot = room.player(seat)
                assert bot is not None
                thinker = bot if failures < 3 else FALLBACK_BOT
                record, seed = room.record.to_json(), bot_seed(room.record.seed, seat, number)
            try:
                code = await self.bots.choose(record, seat, thinker, seed)
                async with room.lock:
                    if room.version != version or room.player(seat) != bot:
                        continue  # the game moved on while it thought: think again
                    try:
                        await self._play(room, seat, code, bot)
                    except Behind:
                        await self._catch_up(room)
                        continue
                failures = 0
            except asyncio.CancelledError:
                raise
            except Exception:
                failures += 1
                log.exception(
                    "room %s: bot %s failed (%d); trying again", room.id, thinker, failures
                )
                await asyncio.sleep(min(30.0, RETRY_PAUSE * 2**failures))

    def _arm_timer(self, room: Room) -> None:
        """With a turn timer, a person who has not finished their turn in time is played by a
        bot. Each person's clock starts when their turn does (and afresh when they join the
        table) and runs until someone else moves: their own moves within the turn, or taking
        one back, do not wind it back."""
        seconds = room.settings.get("turn_seconds")
        if room.timer is not None:
            room.timer.cancel()
            room.timer = None
        if not seconds or room.state.is_over or not room.driven:
            return
        loop = asyncio.get_running_loop()
        people = [s for s in sorted(room.state.active_seats()) if room.player(s) is None]
        for seat in people:
            room.deadlines.setdefault(seat, loop.time() + float(seconds))
        if not people:
            return

        async def expire() -> None:
            await asyncio.sleep(max(0.0, min(room.deadlines[s] for s in people) - loop.time()))
            async with room.lock:
                if room.state.is_over:
                    return
                now = loop.time()
                late = [
                    s for s in sorted(room.state.active_seats())
                    if room.player(s) is None and room.deadlines.get(s, now + 1) <= now
                ]  # fmt: skip
                if late:
                    await self._stand_in(room, late)
            self._kick(room)

        room.timer = loop.create_task(expire())

    # --- listening --------------------------------------------------------------------------
    def listen(self, room: Room, listener: Listener) -> None:
        first = not room.listeners
        room.listeners.append(listener)
        self._presence(room, announce=listener.seat is not None or first, ask=first)

    def unlisten(self, room: Room, listener: Listener) -> None:
        with contextlib.suppress(ValueError):
            room.listeners.remove(listener)
        self._presence(room, announce=listener.seat is not None, ask=False)
        if self.shared and not room.listeners and not room.driven:
            self.rooms.pop(room.id, None)  # kept current by nobody here: let it go

    def _presence(self, room: Room, announce: bool = False, ask: bool = False) -> None:
        """Tell the connections who is connected; with ``announce``, tell the other processes
        which seats are connected here (with ``ask``, asking them the same)."""
        room.broadcast(lambda s: {"type": "presence", "seats": room.seat_info()})
        if announce and self.shared:
            note = self._note(room, "presence", seats=sorted(room.here()), ask=ask)
            assert note is not None
            self._send_note(note)

    def _send_note(self, note: str) -> None:
        """Tell the other processes, in line with the writes, without waiting."""
        future = asyncio.get_running_loop().run_in_executor(self._writer, self.store.notify, note)
        future.add_done_callback(_log_failure)

    # --- other processes (PostgreSQL) -------------------------------------------------------
    async def heard(self, payload: str | bytes) -> None:
        """A note from another process about a room (see :meth:`_note`): this process's copy
        of the room is brought up to date and its connections told."""
        try:
            note = orjson.loads(payload)
        except orjson.JSONDecodeError:
            return
        room = self.rooms.get(note.get("room"))
        if room is None or note.get("from") == self.process:
            return  # not held here, or this process's own
        kind = note.get("kind")
        if kind == "presence":
            seats = frozenset(note["seats"])
            if seats:
                room.elsewhere[note["from"]] = seats
            else:
                room.elsewhere.pop(note["from"], None)
            # A process that has just opened the room asks the others who is connected.
            self._presence(room, announce=note["ask"] and bool(room.here()), ask=False)
            return
        if kind == "rematch":
            self._told_rematch(room, note["new"])
            return
        async with room.lock:
            if kind == "move" and note["n"] == room.number + 1:
                self._follow(room, note)
            elif kind == "move" and note["n"] <= room.number:
                return  # had it already (caught up from the store)
            else:
                await self._catch_up(room, note)
        self._kick(room)

    def _follow(self, room: Room, note: dict[str, Any]) -> None:
        """Play another process's move on this copy of the room (checked there already)."""
        after = room.state.clone()
        try:
            events = after.apply(note["seat"], room.spec.action_space.decode(note["code"]))
        except AsobiError:
            log.exception("room %s: move %s from another process does not apply", room.id,
                          note["n"])  # fmt: skip
            return
        self._moved(room, after, note["seat"], note["code"], note["by"], events)

    async def catch_up(self, room: Room) -> None:
        """Bring ``room`` up to date with the store (after a missed note)."""
        async with room.lock:
            await self._catch_up(room)
        self._kick(room)

    async def _catch_up(self, room: Room, note: dict[str, Any] | None = None) -> None:
        """This copy of the room brought up to the store's (under the room's lock): moves it
        missed are played and told one by one; seats changed, or an undo, told as such."""
        stored = await asyncio.to_thread(self.store.load, room.id)
        if stored is None:
            return
        note = note or {}
        room.happenings[:] = stored.happenings
        if note.get("kind") == "standin":  # (the seats stay as they were)
            self._told_takeover(room, note["seats"], note["bot"], "time")
        if stored.seats != room.seats:
            before = list(room.seats)
            room.seats[:] = stored.seats
            room.changed()
            for seat, (was, now) in enumerate(zip(before, stored.seats, strict=True)):
                if now.joined and not was.joined:  # (joined in another process)
                    room.deadlines.pop(seat, None)
            taken = [s for s, (was, now) in enumerate(zip(before, stored.seats, strict=True))
                     if now.bot and was.bot != now.bot]  # fmt: skip
            back = [s for s, (was, now) in enumerate(zip(before, stored.seats, strict=True))
                    if was.bot and not now.bot]  # fmt: skip
            if taken:
                bot = stored.seats[taken[0]].bot or ""
                self._told_takeover(room, taken, bot, note.get("why", "left"))
            for seat in back:
                self._told_back(room, seat)
            if not taken and not back:
                self._presence(room)
        moves = stored.record.moves
        if moves[: room.number] == room.record.moves:
            for number in range(room.number + 1, len(moves) + 1):
                seat, code = moves[number - 1]
                self._follow(room, {"n": number, "seat": seat, "code": code,
                                    "by": stored.by[number - 1]})  # fmt: skip
            return
        # Moves were taken back (an undo this process had not heard of): start again from
        # the record.
        [fresh] = await asyncio.to_thread(_rebuild, [stored])
        told_of: Callable[[int | None], bool] = _everyone
        if len(room.record.moves) == len(moves) + 1 and room.record.moves[:-1] == moves:
            undone_seat, undone_code = room.record.moves[-1]
            undone = room.spec.action_space.decode(undone_code)
            told_of = _told_of(fresh.state, undone_seat, undone)
        room.record.moves[:] = stored.record.moves
        room.record.outcome = stored.record.outcome
        room.by[:] = stored.by
        room.state = fresh.state
        room.previous = None
        room.changed()
        if note.get("kind") == "undo":
            self._told_undo(room, note["seat"], room.number, told_of)
        else:
            room.broadcast(room.snapshot)

    async def adopt(self) -> None:
        """Run the unfinished rooms that no process runs (at start, and whenever a process
        died): each is loaded here and its bots let go on."""
        mine = [room_id for room_id, room in self.rooms.items() if room.driven]
        adopted = await self._write(NOT_SAVED, self.store.claim_unheld, [*mine, *self.unplayable])
        for room_id in adopted:
            room = self.rooms.get(room_id)
            if room is None:
                stored = await asyncio.to_thread(self.store.load, room_id)
                if stored is None:
                    continue
                rebuilt = await asyncio.to_thread(_rebuild, [stored])  # logs one that fails
                if not rebuilt:
                    self.unplayable.add(room_id)
                    continue
                room = self.rooms.setdefault(room_id, rebuilt[0])
            await self.catch_up(room)  # notes that came while it was loading
            room.driven = True
            self._kick(room)

    def lost_locks(self) -> None:
        """The connection that held this process's room locks was lost, and the locks with
        it: this process runs no room until it claims them again (:meth:`adopt`)."""
        for room in self.rooms.values():
            room.driven = False
            for task in (room.bot_task, room.timer):
                if task is not None:
                    task.cancel()
            room.bot_task = room.timer = None

    def gone(self, alive: set[str]) -> None:
        """Only the processes ``alive`` are: the seats connected through others are not."""
        for room in self.rooms.values():
            dead = [p for p in room.elsewhere if p not in alive]
            for process in dead:
                del room.elsewhere[process]
            if dead:
                self._presence(room)

    async def _let_go(self, room: Room) -> None:
        """The game is over: another process may hold the room; this one runs it no more."""
        room.driven = False
        with contextlib.suppress(RoomError):
            await self._write(NOT_SAVED, self.store.let_go, room.id)
        if not room.listeners:
            self.rooms.pop(room.id, None)


def _takeover_message(room: Room, seat: int, bot: str, why: str, to: int | None) -> dict[str, Any]:
    return {
        "type": "takeover", "seat": seat, "bot": bot, "why": why,
        "at": len(room.happenings), "state": room.snapshot(to),
    }  # fmt: skip


def _log_failure(future: asyncio.Future[Any]) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.error("a note to the other processes was not sent: %s", future.exception())


def _rebuild(stored: Sequence[RoomRecord]) -> list[Room]:
    """Rooms replayed from their records (off the event loop: a replay takes a while); one
    that does not replay is logged and left in the store."""
    rooms = []
    for record in stored:
        try:
            rooms.append(Room(record))
        except AsobiError:
            log.exception("room %s does not replay; left in the store", record.id)
    return rooms


def told(seat: int | None, actor: int, events: Sequence[Event], after: State) -> bool:
    """Whether ``seat`` is told of ``actor``'s move at all: its own always; another's unless
    it is a step of a move still in progress (the actor still to act) of which ``seat`` sees
    no event. Such a step leaves the seat's view as it was (the property tests hold every
    game to that), and even a message without news would say that, say, a paper is being
    drafted, a card at a time (Laminate Rummy: the others see an ordinary turn until it is
    on the table)."""
    return (
        seat == actor
        or actor not in after.active_seats()
        or any(e.visible_to(seat) for e in events)
    )


def _everyone(seat: int | None) -> bool:
    """Told of a change whatever it was: every seat, and the spectators."""
    return True


def _told_of(before: State, actor: int, action: Any) -> Callable[[int | None], bool]:
    """Who was told of ``actor``'s ``action`` made in ``before`` (:func:`told`): those told
    of a move taken back are told that it was."""
    after = before.clone()
    events = after.apply(actor, action)
    return lambda seat: told(seat, actor, events, after)


def move_message(
    seat: int | None,
    number: int,
    actor: int,
    code: str,
    by: str,
    events: Sequence[Event],
    words: Said,
) -> dict[str, Any]:
    """Move ``number`` as ``seat`` is told it: another seat's code may be a secret (a bid,
    the card kept), so only the mover gets its code; events only as far as visible, and
    what they say in words (``said``)."""
    shown = [e.to_json() for e in events if e.visible_to(seat)]
    return {
        "type": "move",
        "number": number,
        "seat": actor,
        "by": by,
        "code": code if seat == actor else None,
        "events": shown,
        "said": words.events(shown),
    }


def missed(
    record: GameRecord,
    by: list[str],
    seat: int | None,
    since: int,
    words: Said,
    happenings: Sequence[Happening] = (),
) -> list[dict[str, Any]]:
    """The moves of ``record`` after the first ``since``, as ``seat`` saw them, and what
    happened at the table from then on besides (:func:`happening_message`), each where it
    happened (for a reconnection; a replay, so run off the event loop)."""
    spec = get_spec(record.game)
    due = [place for place in _placed(happenings) if place[0] >= since]
    found: list[dict[str, Any]] = []
    for step in replay_steps(record):
        if (
            step.number > since
            and step.seat is not None
            and step.code is not None
            and told(seat, step.seat, step.events, step.state)
        ):
            found.append(
                move_message(
                    seat, step.number, step.seat, step.code, by[step.number - 1],
                    step.events, words,
                )
            )  # fmt: skip
        while due and due[0][0] == step.number:
            where, at, happening, sure = due.pop(0)
            then = step.state if sure else None
            found.extend(happening_message(spec, at, where, happening, seat, then))
    return found


def _placed(happenings: Sequence[Happening]) -> list[tuple[int, int, Happening, bool]]:
    """Each happening (its position ``at``, from 1) with the count of moves of the record
    now that it comes after: its own ``after``, unless a later take-back went back further
    (its moves are gone: it comes where they were taken back). ``sure``: its moves are still
    the record's (so the state it happened in is the record's)."""
    placed = []
    floor = sys.maxsize
    for at in range(len(happenings), 0, -1):
        happening = happenings[at - 1]
        placed.append((min(happening.after, floor), at, happening, happening.after <= floor))
        if happening.kind == "undo":
            floor = min(floor, happening.after)
    return placed[::-1]


def happening_message(
    spec: GameSpec,
    at: int,
    where: int,
    happening: Happening,
    seat: int | None,
    then: State | None,
) -> list[dict[str, Any]]:
    """The ``at``-th thing that happened at the table besides the moves, after move
    ``where``, as a page opened later is told it (``was``). A take-back only to those told
    of the move (made in the state ``then``; unknown: to nobody, rather than tell someone of
    a move they never saw)."""
    if happening.kind == "undo":
        if then is None or happening.code is None:
            return []
        undone = spec.action_space.decode(happening.code)
        if not _told_of(then, happening.seat, undone)(seat):
            return []
    return [{
        "type": "was", "kind": happening.kind, "at": at, "number": where,
        "seat": happening.seat, "bot": happening.bot, "why": happening.why,
    }]  # fmt: skip


def _bot_name(game: str, seat: NewSeat) -> str | None:
    """A level resolves to its bot now, so a room keeps the bot it was made with."""
    if seat.bot is None:
        return None
    return level_bot(game, seat.bot) if seat.bot in LEVELS else seat.bot


def illegal_message(exc: IllegalAction) -> dict[str, Any]:
    """A refusal by the rules; in both languages (``said``) where the game wrote both."""
    message: dict[str, Any] = {"type": "error", "message": exc.reason, "rule": exc.rule}
    if exc.ja:
        message["said"] = {"en": exc.reason, "ja": exc.ja}
    return message
