"""Rooms: one game each, its seats, and who is watching; the lobby that holds them.

The server is authoritative: a room's state changes only through :meth:`Lobby.act`, which
checks whose turn it is, lets the engine validate the action (an illegal one raises
:class:`IllegalAction` naming the rule, and changes nothing), commits the move to the store
and only then tells anyone. What each listener is told is cut to its seat: its own view,
the events it may see, its own action codes (another seat's code can be a secret: a bid,
the card kept), never anything else.

Bots think in a worker pool (:class:`~asobi.server.bots.BotRunner`), off the event loop, so
a thinking bot never stalls other rooms; their seeds come from the room's seed, the seat and
the move number, so a room replays the same after a restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import secrets
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Annotated, Any

from pydantic import AfterValidator, StringConstraints, TypeAdapter, ValidationError

from asobi.core.bots import LEVELS, level_bot, make_bot
from asobi.core.errors import AsobiError, BadActionCode, IllegalAction
from asobi.core.events import Event
from asobi.core.protocol import GameSpec, State
from asobi.core.records import GameRecord, replay, replay_steps
from asobi.core.registry import get_spec
from asobi.core.takeback import take_back_refusal
from asobi.core.words import Phrasebook
from asobi.server.bots import BotRunner
from asobi.server.store import RoomRecord, SeatRecord, Store, token_hash

log = logging.getLogger("asobi.server")

TAKEOVER_LEVEL = "normal"  # who plays for a person who left or ran out of time
BACKLOG = 500  # messages waiting for one connection before it is cut off
FALLBACK_BOT = "random"  # plays a decision its own bot failed at three times
NOT_SAVED = "the server could not save that; nothing changed, try again"
RETRY_PAUSE = 0.5  # seconds before a failed bot move is tried again, doubling each time
NAME_LENGTH = 40  # characters of a seat's name


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
    """A request the server refuses; ``status`` is the HTTP status it answers with."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def bot_seed(room_seed: int, seat: int, number: int) -> int:
    """A bot's seed for the decision after ``number`` moves: the same after a restart."""
    return (room_seed * 1_000_003 + seat * 7_919 + number * 104_729) % 2**32


@dataclass
class Listener:
    """One open connection: a seat (None: a spectator) and the messages waiting for it. A
    client that stops reading is cut off once :data:`BACKLOG` messages wait (it reconnects
    and is sent what it missed) rather than filling the server's memory."""

    seat: int | None
    queue: asyncio.Queue[dict[str, Any]] = field(
        default_factory=lambda: asyncio.Queue(maxsize=BACKLOG)
    )
    behind: bool = False
    # The room's news while a reconnection's catch-up is being worked out (None: none held):
    # sent after the moves it missed, so that every move reaches it in order.
    held: list[dict[str, Any]] | None = None

    def send(self, message: dict[str, Any]) -> None:
        if self.held is not None:
            self.held.append(message)
            return
        self.put(message)

    def put(self, message: dict[str, Any]) -> None:
        """Queue ``message`` now, ahead of any news held."""
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.behind = True

    def hold(self) -> None:
        """Keep the room's news back (until :meth:`release`)."""
        self.held = []

    def release(self) -> None:
        """Queue the news held, in the order it came, and send the rest as it comes."""
        held, self.held = self.held or [], None
        for message in held:
            self.put(message)


class Room:
    """A game in progress (or over), rebuilt from its record."""

    def __init__(self, stored: RoomRecord) -> None:
        self.id = stored.id
        self.record: GameRecord = stored.record
        self.seats: list[SeatRecord] = stored.seats
        self.settings = stored.settings
        self.by = stored.by
        self.created = stored.created
        self.spec: GameSpec = get_spec(self.record.game)
        self.state: State = replay(self.record)
        self.words = Said(self.spec.phrasebook(self.spec.options(self.record.options)))
        self.lock = asyncio.Lock()
        self.listeners: list[Listener] = []
        self.bot_task: asyncio.Task[None] | None = None
        self.timer: asyncio.Task[None] | None = None
        self.deadlines: dict[int, float] = {}  # per person to move: when their time is up
        self.rematch: tuple[str, list[str | None]] | None = None  # the next room, its tokens

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

    def connected(self) -> list[bool]:
        return [any(li.seat == s for li in self.listeners) for s in range(len(self.seats))]

    def seat_info(self) -> list[dict[str, Any]]:
        connected = self.connected()
        return [
            {"seat": s, "name": seat.name, "bot": seat.bot, "connected": connected[s]}
            for s, seat in enumerate(self.seats)
        ]

    @property
    def number(self) -> int:
        """Moves played so far."""
        return len(self.record.moves)

    def summary(self) -> dict[str, Any]:
        """What anyone may know about the room (the lobby's listing)."""
        return {
            "room": self.id,
            "game": self.spec.id,
            "name_en": self.spec.name_en,
            "name_ja": self.spec.name_ja,
            "options": self.record.options,
            "seats": self.seat_info(),
            "moves": self.number,
            "over": self.state.is_over,
            "outcome": self.record.outcome,
            "turn_seconds": self.settings.get("turn_seconds"),
        }

    # --- what a seat is told ----------------------------------------------------------------
    def snapshot(self, seat: int | None) -> dict[str, Any]:
        """The room as ``seat`` may see it now (None: a spectator)."""
        state = self.state
        active = sorted(state.active_seats())
        mine = seat is not None and seat in active and self.seats[seat].bot is None
        outcome = state.outcome()
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
            "status": self.words.book.status(view).to_json(),
            "view": view,
            "seats": self.seat_info(),
            "outcome": outcome.to_json() if outcome is not None else None,
            # The end in words: a headline and the score breakdown as a table.
            "outcome_table": self.words.outcome(outcome.to_json()) if outcome else None,
        }

    def move_message(
        self, seat: int | None, number: int, actor: int, code: str, events: Sequence[Event]
    ) -> dict[str, Any]:
        return move_message(seat, number, actor, code, self.by[number - 1], events, self.words)

    def broadcast(self, message_for: Any) -> None:
        for listener in self.listeners:
            listener.send(message_for(listener.seat))


class Said:
    """A room's phrasebook as the messages need it: a move's words once per code (the same
    codes come back all game), the outcome with its table in words."""

    def __init__(self, book: Phrasebook) -> None:
        self.book = book
        self._actions: dict[str, dict[str, str]] = {}

    def action(self, code: str) -> dict[str, str]:
        said = self._actions.get(code)
        if said is None:
            said = self._actions[code] = self.book.action(code).to_json()
        return said

    def events(self, events: Sequence[dict[str, Any]]) -> list[dict[str, str]]:
        out = []
        for event in events:
            words = self.book.event(event)
            if words is not None:
                out.append(words.to_json())
        return out

    def outcome(self, outcome: dict[str, Any]) -> dict[str, Any]:
        return self.book.outcome(outcome).to_json()


@dataclass(frozen=True)
class NewSeat:
    """A seat asked for when a room is made: a person (``bot`` None) or a bot."""

    name: str
    bot: str | None = None


class Lobby:
    """Every live room, the store behind them and the bots' worker pool."""

    def __init__(self, store: Store, bots: BotRunner, open_seeds: bool = False) -> None:
        self.store = store
        self.bots = bots
        # Whether a room of several people may be made with a seed of the maker's choosing:
        # the seed deals every card, so its chooser could work out the others' hands. Only
        # for servers whose players trust each other (tests); a room with one person (and
        # bots) may always take one, to replay a deal.
        self.open_seeds = open_seeds
        self.rooms: dict[str, Room] = {}
        # One thread writes to the store, in order: writers waiting on each other's
        # database locks cost more than waiting in line.
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="asobi-store")

    async def _write(self, refusal: str, write: Callable[..., None], *args: Any) -> None:
        """``write(*args)`` to the store, in line; if it fails, logged and answered with
        ``refusal`` (a 503) before anything in memory has changed."""
        try:
            await asyncio.get_running_loop().run_in_executor(self._writer, write, *args)
        except Exception:
            log.exception("store write %s%r failed", write.__name__, args[:2])
            raise RoomError(refusal, 503) from None

    async def start(self) -> None:
        """Bring back every unfinished game (a restart loses nothing) and let bots go on."""
        for stored in self.store.unfinished():
            try:
                room = Room(stored)
            except AsobiError:
                log.exception("room %s does not replay; left in the store", stored.id)
                continue
            self.rooms[room.id] = room
            self._kick(room)

    async def stop(self) -> None:
        self._writer.shutdown(wait=True)
        for room in self.rooms.values():
            for task in (room.bot_task, room.timer):
                if task is not None:
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await task

    # --- rooms ------------------------------------------------------------------------------
    def create(
        self,
        game: str,
        options: Mapping[str, Any] | None,
        seats: Sequence[NewSeat],
        seed: int | None = None,
        turn_seconds: float | None = None,
    ) -> tuple[Room, list[str | None]]:
        """A new room; returns it and each seat's token (None for a bot's seat). Tokens
        exist only in this answer: the store keeps their hashes."""
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
                    make_bot(seat.bot, game, 0)
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
        tokens: list[str | None] = []
        records = []
        for seat in seats:
            token = None if seat.bot is not None else secrets.token_urlsafe(18)
            tokens.append(token)
            records.append(
                SeatRecord(seat.name, token_hash(token) if token else None, _bot_name(game, seat))
            )
        spec.new_game(opts, seed)  # a setup that cannot start fails here, before storing
        stored = RoomRecord(
            id=secrets.token_hex(6),
            record=GameRecord(game=game, options=opts.model_dump(), seed=seed),
            seats=records,
            settings={"turn_seconds": turn_seconds} if turn_seconds else {},
        )
        self.store.create(stored)
        room = Room(stored)
        self.rooms[room.id] = room
        self._kick(room)
        return room, tokens

    def get(self, room_id: str) -> Room:
        room = self.rooms.get(room_id)
        if room is None:
            stored = self.store.load(room_id)
            if stored is None:
                raise RoomError(f"no room {room_id!r}", 404)
            room = self.rooms[room_id] = Room(stored)
        return room

    # --- playing ----------------------------------------------------------------------------
    async def act(self, room: Room, seat: int, code: str) -> None:
        """A person's action for ``seat``: refused with a clear error (and nothing changed)
        unless it is that seat's turn and the rules allow it."""
        async with room.lock:
            if room.seats[seat].bot is not None:
                raise RoomError(f"seat {seat} is played by the bot {room.seats[seat].bot}")
            await self._play(room, seat, code, "seat")
        self._kick(room)

    async def leave(self, room: Room, seat: int) -> None:
        """``seat`` leaves: a bot plays it from now on (the game does not end early)."""
        async with room.lock:
            await self._take_over(room, [seat], "left")
        self._kick(room)

    async def undo(self, room: Room, seat: int) -> None:
        """Take back ``seat``'s last move, within the rules of fair play
        (:func:`~asobi.core.takeback.take_back_refusal`): its own, by its own hand, in its
        own turn, having shown nobody anything hidden and drawn on no chance."""
        async with room.lock:
            moves = room.record.moves
            if not moves or moves[-1][0] != seat or room.by[-1] != "seat":
                raise RoomError("only your own last move can be taken back")
            earlier = replace(room.record, moves=moves[:-1], outcome=None)
            action = room.spec.action_space.decode(moves[-1][1])
            before, refusal = await asyncio.to_thread(_take_back, earlier, seat, action)
            if refusal is not None:
                raise RoomError(f"{moves[-1][1]!r} cannot be taken back: {refusal}")
            number = room.number - 1
            await self._write(NOT_SAVED, self.store.truncate, room.id, number)
            moves.pop()
            room.by.pop()
            room.state = before
            room.broadcast(
                lambda s: {
                    "type": "undo", "seat": seat, "number": number, "state": room.snapshot(s)
                }
            )  # fmt: skip
        self._kick(room)

    async def rename(self, room: Room, seat: int, name: Any) -> None:
        """``seat``'s person names themselves: printable text, told to everyone at the table."""
        if not isinstance(name, str):
            raise RoomError('name needs a "name": text')
        try:
            name = _SEAT_NAME.validate_python(name)
        except ValidationError as exc:
            raise RoomError(f"that name will not do: {exc.errors()[0]['msg']}") from None
        async with room.lock:
            renamed = [replace(s, name=name) if i == seat else s for i, s in enumerate(room.seats)]
            await self._write(NOT_SAVED, self.store.update_seats, room.id, renamed)
            room.seats[:] = renamed
        self._presence(room)

    async def rematch(self, room: Room, seat: int) -> None:
        """A new game with the same seats, told to each seat with its own new link (made once:
        whoever asks next is sent the same room)."""
        async with room.lock:
            if not room.state.is_over:
                raise RoomError("a rematch is for a game that is over")
            if room.rematch is None:
                # People stay people (one who left comes back as one); bots stay bots.
                seats = [NewSeat(s.name, None if s.token_hash else s.bot) for s in room.seats]
                new, tokens = self.create(
                    room.spec.id, room.record.options, seats,
                    turn_seconds=room.settings.get("turn_seconds"),
                )  # fmt: skip
                room.rematch = (new.id, tokens)
            new_id, tokens = room.rematch
            for listener in room.listeners:
                s = listener.seat
                token = tokens[s] if s is not None else None
                link = f"/play/{new_id}" + (f"?token={token}" if token else "")
                listener.send({"type": "rematch", "room": new_id, "link": link})

    async def _play(self, room: Room, seat: int, code: str, by: str) -> None:
        state = room.state
        if state.is_over:
            raise RoomError("the game is over")
        if seat not in state.active_seats():
            waiting = ", ".join(room.name_of(s) for s in sorted(state.active_seats()))
            raise RoomError(f"it is not your turn (waiting for {waiting})")
        try:
            action = room.spec.action_space.decode(code)
        except BadActionCode as exc:
            raise RoomError(f"{code!r} is not a move of {room.spec.name_en}: {exc}") from None
        # The move is made on a copy, which becomes the room's state once the store has it:
        # until then anyone connecting sees the room as it was, number and state alike.
        after = state.clone()
        events = after.apply(seat, action)  # IllegalAction: refused, nothing changed
        code = action.encode()
        number = room.number + 1
        outcome = after.outcome()
        result = outcome.to_json() if outcome is not None else None
        await self._write(
            "the move could not be saved; nothing changed, try again",
            self.store.append, room.id, number, seat, code, by, result,
        )  # fmt: skip
        room.state = after
        room.record.moves.append((seat, code))
        for other in list(room.deadlines):
            if other != seat:  # someone else moved: their turn is over, their clock too
                del room.deadlines[other]
        room.record.outcome = result
        room.by.append(by)
        room.broadcast(
            lambda s: {
                **room.move_message(s, number, seat, code, events),
                "state": room.snapshot(s),
            }
        )

    async def _take_over(self, room: Room, seats: Sequence[int], why: str) -> None:
        bot = level_bot(room.spec.id, TAKEOVER_LEVEL)
        taken = [replace(s, bot=bot) if i in seats else s for i, s in enumerate(room.seats)]
        await self._write(NOT_SAVED, self.store.update_seats, room.id, taken)
        room.seats[:] = taken
        for seat in seats:
            room.broadcast(
                lambda s, seat=seat: {
                    "type": "takeover", "seat": seat, "bot": bot, "why": why,
                    "state": room.snapshot(s),
                }
            )  # fmt: skip

    def _kick(self, room: Room) -> None:
        """Let the bots of ``room`` move if it is their turn (one runner per room)."""
        if room.state.is_over:
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
                due = [s for s in sorted(state.active_seats()) if room.seats[s].bot]
                if state.is_over or not due:
                    self._arm_timer(room)
                    return
                seat, number = due[0], room.number
                bot = room.seats[seat].bot
                assert bot is not None
                thinker = bot if failures < 3 else FALLBACK_BOT
                record, seed = room.record.to_json(), bot_seed(room.record.seed, seat, number)
            try:
                code = await self.bots.choose(record, seat, thinker, seed)
                async with room.lock:
                    if room.number != number or room.seats[seat].bot != bot:
                        continue  # the game moved on while it thought: think again
                    await self._play(room, seat, code, bot)
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
        bot. Each person's clock starts when their turn does and runs until someone else
        moves: their own moves within the turn, or taking one back, do not wind it back."""
        seconds = room.settings.get("turn_seconds")
        if room.timer is not None:
            room.timer.cancel()
            room.timer = None
        if not seconds or room.state.is_over:
            return
        loop = asyncio.get_running_loop()
        people = [s for s in sorted(room.state.active_seats()) if room.seats[s].bot is None]
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
                    if room.seats[s].bot is None and room.deadlines.get(s, now + 1) <= now
                ]  # fmt: skip
                if late:
                    await self._take_over(room, late, "time")
            self._kick(room)

        room.timer = loop.create_task(expire())

    # --- listening --------------------------------------------------------------------------
    def listen(self, room: Room, listener: Listener) -> None:
        room.listeners.append(listener)
        self._presence(room)

    def unlisten(self, room: Room, listener: Listener) -> None:
        with contextlib.suppress(ValueError):
            room.listeners.remove(listener)
        self._presence(room)

    def _presence(self, room: Room) -> None:
        room.broadcast(lambda s: {"type": "presence", "seats": room.seat_info()})


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
    record: GameRecord, by: list[str], seat: int | None, since: int, words: Said
) -> list[dict[str, Any]]:
    """The moves of ``record`` after the first ``since``, as ``seat`` saw them (for a
    reconnection; a replay, so run off the event loop)."""
    return [
        move_message(
            seat, step.number, step.seat, step.code, by[step.number - 1], step.events, words
        )
        for step in replay_steps(record)
        if step.number > since and step.seat is not None and step.code is not None
    ]


def _take_back(record: GameRecord, seat: int, action: Any) -> tuple[State, str | None]:
    """The state before the last move, and why it may not be taken back (off the loop)."""
    before = replay(record)
    return before, take_back_refusal(before, seat, action)


def _bot_name(game: str, seat: NewSeat) -> str | None:
    """A level resolves to its bot now, so a room keeps the bot it was made with."""
    if seat.bot is None:
        return None
    return level_bot(game, seat.bot) if seat.bot in LEVELS else seat.bot


def illegal_message(exc: IllegalAction) -> dict[str, Any]:
    return {"type": "error", "message": exc.reason, "rule": exc.rule}
