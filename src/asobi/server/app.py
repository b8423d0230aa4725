"""The web server (``asobi serve``): an HTTP API for the lobby and a websocket per player.

HTTP (described at ``/docs`` and ``/openapi.json``):

- ``GET /api/games``: the games, their names in English and Japanese, seat counts, levels,
  and where the module that draws each one's table is (``GET /static/games/{game}.js``, the
  file its ``GameSpec.browser`` names in its package) with its style sheet
  (``GET /static/games/{game}.css``, the file of the same name beside it).
- ``POST /api/rooms``: make a room (a game, its options, who sits where: people or bots);
  the answer holds each person's seat token, inside an invite link, once.
- ``GET /api/rooms``, ``GET /api/rooms/{room}``: what anyone may know about rooms.
- ``GET /api/rooms/{room}/record``: the game record for ``asobi replay``, once the game is
  over (before that it would tell every hidden card: the seed deals them).

Websocket ``/api/rooms/{room}/ws?token=T&since=N``: with a seat's token, that seat's view,
its legal moves and its actions; without one, the spectators' view. ``since`` (moves the
client already has) makes the server send the moves it missed, then any news that came
meanwhile (so every move arrives once and in order), then the current state.

Messages from the client are JSON objects with a ``type``:
``{"type": "act", "action": CODE}``; ``{"type": "join"}`` (the seat's person has come to the
table: with a turn timer, their clock starts afresh; naming yourself or moving joins too);
``{"type": "undo"}`` (take back your last move, if fair
play allows: :mod:`asobi.core.takeback`); ``{"type": "can_undo"}`` (would it? answered
``{"type": "can_undo", "number": N, "ok": BOOL}`` for the room's move number N, so that a page
offers a take-back only where it would work); ``{"type": "leave"}`` (a bot plays the seat from
then on); ``{"type": "back"}`` (its person plays the seat again, after a bot took it over);
``{"type": "name", "name": NAME}`` (the name your seat is shown by, up to
:data:`~asobi.server.rooms.NAME_LENGTH` characters); ``{"type": "rematch"}`` (once the game
is over: a new room with the same seats, each seat sent its own link); ``{"type": "sync"}``
(the current state again) and ``{"type": "ping"}``. Anything else, anything too big (over
:data:`MAX_MESSAGE` bytes) or too fast (over :data:`RATE` a second) gets ``{"type":
"error", "message": ...}`` and changes nothing; the connection stays open (a frame of a
megabyte too). A refusal a person at the table can meet (a take-back fair play forbids, a
move out of turn) also carries ``"said": {"en": ..., "ja": ...}``, the page's words for it.
Only a frame over :data:`MAX_FRAME` bytes is not even read: the connection is closed (code
1009, "message too big"), and the page reconnects. A token longer than any the server makes
(over :data:`MAX_TOKEN` characters) is refused at once, like a wrong one (code 4403).

The server's messages: ``hello`` (the room), ``state`` (what this seat sees: its view, its
legal moves with their ``labels`` in words and any ``cautions``, the ``status`` in words,
the ``outcome`` and its ``outcome_table`` in words), ``move`` (a move as this seat may know
it: its events and what they ``said``, in English and Japanese, an event that settles a
round marked ``"milestone": true``), ``presence`` (who sits where and is connected),
``takeover``, ``back``, ``undo``, ``can_undo``, ``rematch`` and ``error``; in a catch-up
(``since``), ``was``: a takeover, a comeback or a take-back before, where it happened (the
live ones carry the same count, ``at``, so that a page tells each once). Words come as
``{"en": ..., "ja": ...}`` texts whose ``{s:N}`` and ``{c:CODE}`` marks name a seat and a
card (:mod:`asobi.core.words`): the page fills them in, as text.

One address may hold at most :data:`~asobi.server.MAX_SOCKETS` websockets at once (one more
is told so and closed, code 4429) and make :data:`~asobi.server.ROOMS_PER_MINUTE` rooms a
minute (then ``429``), so that no one client can fill the server's memory or its database.
Behind a proxy every player comes from the proxy's address: raise both (``asobi serve
--max-sockets --rooms-per-minute``).

Several processes may serve the same rooms from one PostgreSQL database (``asobi serve
--workers N``, or processes on several machines): any of them answers any request and any
websocket (:mod:`asobi.server.cluster`), so a proxy in front needs no sticky sessions.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import os
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from importlib import resources
from pathlib import Path, PurePosixPath
from typing import Any

from fastapi import FastAPI, HTTPException, Query, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.exception_handlers import http_exception_handler
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from asobi.core.bots import LEVELS, bot_names, level_bot
from asobi.core.errors import AsobiError, IllegalAction, InvalidOptions, UnknownGame
from asobi.core.registry import all_specs, get_spec
from asobi.core.typed import schemas
from asobi.server import MAX_SOCKETS, ROOMS_PER_MINUTE
from asobi.server.bots import BotRunner, default_workers, end_with_parent
from asobi.server.cluster import Cluster
from asobi.server.rooms import (
    Listener,
    Lobby,
    NewSeat,
    Room,
    RoomError,
    SeatName,
    encode,
    hints_allowed,
    illegal_message,
    missed,
    summary_of,
)
from asobi.server.store import Store

WEB = Path(__file__).resolve().parent.parent / "web"  # the browser client: static files
MAX_MESSAGE = 4_096  # bytes: the longest action code is a few dozen
# bytes: a frame up to this is read and, if over MAX_MESSAGE, answered with an error (a
# megabyte, what a careless client might send, among them); past it the connection is
# closed unread (1009). Memory is bounded by it times the sockets an address may hold.
MAX_FRAME = 2 * 1024 * 1024
MAX_TOKEN = 64  # characters: the server's tokens have 24
MAX_CODE = 200  # characters of a move's code (the store's column; every game's are far shorter)
RATE = 20.0  # messages a second per connection, in bursts of up to BURST
BURST = 40.0
# The pages run only the server's own scripts: no inline script, no script from elsewhere,
# no plugin, no framing. Whatever a player types can never run as code even if it reached
# the page as markup (it never does: the page inserts it as text).
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; manifest-src 'self'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
# FastAPI's own API pages (/docs, /redoc) load Swagger UI and ReDoc from their CDN and start
# them with an inline script; they show no player's text.
API_PAGES_POLICY = (
    "default-src 'none'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
    "font-src https://fonts.gstatic.com; img-src 'self' data: https://fastapi.tiangolo.com "
    "https://cdn.redoc.ly; worker-src blob:; connect-src 'self'; frame-ancestors 'none'"
)
API_PAGES = ("/docs", "/redoc")


class SeatRequest(BaseModel):
    """A seat: a person (``bot`` omitted) or a bot, by level or by name. Without a name the
    pages call a seat by its number ("Player 2", "Bot 3")."""

    name: SeatName = ""
    bot: str | None = Field(default=None, max_length=120, examples=["normal", "hard", "greedy"])


class RoomRequest(BaseModel):
    game: str = Field(examples=["starmine"])
    options: dict[str, Any] = Field(default_factory=dict, examples=[{"players": 2}])
    seats: list[SeatRequest] = Field(
        min_length=1, max_length=8, examples=[[{"name": "me"}, {"bot": "normal"}]]
    )
    seed: int | None = Field(default=None, ge=0, lt=2**31)
    turn_seconds: float | None = Field(default=None, ge=1, le=3600)
    # The game's suggestions for the one to act (an insight's hint: a solver's move);
    # None: offered where one person plays against bots, not among several people.
    hints: bool | None = None


class Bucket:
    """A token bucket: at most ``rate`` messages a second, in bursts of ``burst``."""

    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class PerAddress:
    """What each client address holds: websockets open, and a bucket for making rooms."""

    KEPT = 10_000  # addresses remembered, the longest unused forgotten first (only a refill)

    def __init__(self, max_sockets: int, rooms_per_minute: float) -> None:
        self.max_sockets = max_sockets
        self.rooms_per_minute = rooms_per_minute
        self.sockets: dict[str, int] = {}
        self.buckets: dict[str, Bucket] = {}

    def open(self, address: str) -> bool:
        """Count one more websocket of ``address``, unless it holds the most already."""
        held = self.sockets.get(address, 0)
        if held >= self.max_sockets:
            return False
        self.sockets[address] = held + 1
        return True

    def close(self, address: str) -> None:
        held = self.sockets.pop(address, 1) - 1
        if held > 0:
            self.sockets[address] = held

    def may_make_room(self, address: str) -> bool:
        bucket = self.buckets.pop(address, None)
        if bucket is None:
            rate = self.rooms_per_minute / 60
            bucket = Bucket(rate, max(1.0, self.rooms_per_minute / 3))
            while len(self.buckets) >= self.KEPT:
                del self.buckets[next(iter(self.buckets))]
        self.buckets[address] = bucket  # last used, last in line to be forgotten
        return bucket.take()


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol (websockets' sans-I/O one), answering an opening it
    cannot read (a request line over :data:`~asobi.server.MAX_LINE` bytes, too many headers)
    with websockets' own refusal (414, 431...) and closing, instead of leaving the client
    waiting."""

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if not self.handshake_complete and self.conn.handshake_exc is not None:
            self.transport.write(b"".join(self.conn.data_to_send()))
            self.transport.close()


@functools.cache
def table_file(game: str, suffix: str) -> str | None:
    """What draws ``game``'s table in the browser, from the game's package: the module its
    spec's ``browser`` names ("package:file.js"), or (``suffix`` ".css") the style sheet of
    the same name beside it; None where the game has none."""
    located = get_spec(game).browser
    if located is None:
        return None
    package, _, name = located.partition(":")
    found = resources.files(package).joinpath(str(PurePosixPath(name).with_suffix(suffix)))
    return found.read_text(encoding="utf-8") if found.is_file() else None


SETTINGS = "ASOBI_SERVE"  # the environment variable serve --workers passes its settings in


def app_from_environment() -> FastAPI:
    """The app of one of ``asobi serve --workers N``'s processes (uvicorn starts each one and
    calls this in it), made with the settings :data:`SETTINGS` holds (JSON: ``parent``, the
    process that started it, whose end is its own end; the rest: :func:`create_app`'s)."""
    settings = json.loads(os.environ[SETTINGS])
    end_with_parent(settings.pop("parent"))
    return create_app(**settings)


def _address(client: Any) -> str:
    return client.host if client is not None else "unknown"


def create_app(
    db: str = "sqlite:///asobi.db",
    bot_workers: int | None = None,
    rate: float = RATE,
    open_seeds: bool = False,
    max_sockets: int = MAX_SOCKETS,
    rooms_per_minute: float = ROOMS_PER_MINUTE,
) -> FastAPI:
    """The server's app: rooms stored at ``db`` (a SQLAlchemy URL), bots thinking in
    ``bot_workers`` processes (0: a thread of this one; None: one per CPU), each connection
    allowed ``rate`` messages a second (in bursts of twice that), each client address
    ``max_sockets`` websockets at once and ``rooms_per_minute`` new rooms. ``open_seeds``:
    rooms of several people may be made with a chosen seed (only where the players trust
    each other: tests)."""
    addresses = PerAddress(max_sockets, rooms_per_minute)
    store = Store(db)
    runner = BotRunner(default_workers() if bot_workers is None else bot_workers)
    lobby = Lobby(store, runner, open_seeds)
    cluster = Cluster(lobby) if lobby.shared else None
    game_list: list[dict[str, Any]] = []

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await lobby.start()
        if cluster is not None:
            cluster.start()
        yield
        if cluster is not None:
            await cluster.stop()
        await lobby.stop()
        runner.close()
        store.close()

    app = FastAPI(
        title="asobi",
        summary="Play five Japanese indie tabletop games against bots or friends.",
        lifespan=lifespan,
    )
    app.state.lobby = lobby
    app.state.cluster = cluster

    @app.middleware("http")
    async def security_headers(request: Request, call_next: Any) -> Response:
        response: Response = await call_next(request)
        api_page = request.url.path in API_PAGES
        response.headers["Content-Security-Policy"] = API_PAGES_POLICY if api_page else POLICY
        response.headers["X-Content-Type-Options"] = "nosniff"
        # A seat's link holds its token: no other site is told the address of a table.
        response.headers["Referrer-Policy"] = "no-referrer"
        return response

    @app.exception_handler(RoomError)
    async def room_error(request: Any, exc: RoomError) -> JSONResponse:
        return JSONResponse({"detail": exc.message}, status_code=exc.status)

    @app.exception_handler(StarletteHTTPException)
    async def no_such_page(request: Request, exc: StarletteHTTPException) -> Response:
        """An address that is no page: a person who typed or pasted it gets a page that
        says so, in both languages, with the way back; the API and the files the pages
        load keep answering JSON (a missing game's script says which game)."""
        path = request.url.path
        if exc.status_code == 404 and not path.startswith(("/api/", "/static/")):
            return FileResponse(WEB / "missing.html", status_code=404)
        return await http_exception_handler(request, exc)

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        """Every game: ids, names, seat counts, difficulty levels and bots."""
        await lobby.opened()
        if not game_list:
            game_list.extend(_games())
        return game_list

    def _games() -> list[dict[str, Any]]:
        return [
            {
                "id": spec.id,
                "name_en": spec.name_en,
                "name_ja": spec.name_ja,
                "seat_counts": list(spec.seat_counts),
                "default_players": spec.default_players or spec.seat_counts[0],
                "levels": {level: level_bot(spec.id, level) for level in LEVELS},
                "bots": bot_names(spec.id),
                "options": spec.options_model.model_json_schema(),
                # The game can suggest a move on request (its insight's hint): a room of
                # several people offers it only if made so (the lobby asks).
                "hints": spec.insight is not None,
                "table": f"/static/games/{spec.id}.js" if spec.browser else None,
                "style": (f"/static/games/{spec.id}.css" if table_file(spec.id, ".css") else None),
            }
            for spec in all_specs()
        ]

    @app.get("/api/games/{game}/assets")
    async def game_assets(game: str) -> dict[str, Any]:
        """What a front end needs to draw ``game`` beyond its views: its deck of cards, and
        what the game adds (Carrotein: the mat and the boards' shapes, in mm)."""
        await lobby.opened()
        try:
            spec = get_spec(game)
        except UnknownGame as exc:
            raise HTTPException(404, str(exc)) from None
        found = dict(spec.assets(spec.options({}))) if spec.assets else {}
        if spec.deck is not None:
            found["deck"] = spec.deck.to_json()
        return found

    @app.get("/static/games/{game}.js", include_in_schema=False)
    async def game_table(game: str) -> Response:
        """The module that draws ``game``'s table in the browser, from the game's package."""
        return Response(_table_file(game, ".js"), media_type="text/javascript; charset=utf-8")

    @app.get("/static/games/{game}.css", include_in_schema=False)
    async def game_style(game: str) -> Response:
        """The style sheet of ``game``'s table, beside its module in the game's package."""
        return Response(_table_file(game, ".css"), media_type="text/css; charset=utf-8")

    def _table_file(game: str, suffix: str) -> str:
        try:
            found = table_file(game, suffix)
        except UnknownGame as exc:
            raise HTTPException(404, str(exc)) from None
        if found is None:
            raise HTTPException(404, f"{game} has no table{suffix} of its own")
        return found

    @app.get("/api/games/{game}/schema")
    async def game_schema(game: str) -> dict[str, Any]:
        """The JSON Schemas of ``game``'s view and events: what the table is sent."""
        await lobby.opened()
        try:
            spec = get_spec(game)
        except UnknownGame as exc:
            raise HTTPException(404, str(exc)) from None
        return schemas(spec)

    @app.post("/api/rooms", status_code=201)
    async def create_room(request: RoomRequest, http: Request) -> dict[str, Any]:
        """Make a room. Each person's seat comes back with its token inside an invite link:
        whoever holds the link plays that seat, so share each only with its player."""
        if not addresses.may_make_room(_address(http.client)):
            raise HTTPException(
                429,
                f"too many rooms made from your address (at most {rooms_per_minute:g} a "
                "minute): wait a moment",
            )
        await lobby.opened()
        try:
            spec = get_spec(request.game)
        except UnknownGame as exc:
            raise HTTPException(404, str(exc)) from None
        seats = [NewSeat(s.name, s.bot) for s in request.seats]
        try:
            room, tokens = await lobby.create(
                spec.id,
                request.options,
                seats,
                request.seed,
                request.turn_seconds,
                request.hints,
            )
        except InvalidOptions as exc:
            raise HTTPException(422, str(exc)) from None
        return {
            **room.summary(),
            "invites": [
                {"seat": s, "token": t, "link": f"/play/{room.id}?token={t}"}
                for s, t in enumerate(tokens)
                if t is not None
            ],
            "spectate": f"/play/{room.id}",
        }

    @app.get("/api/rooms")
    async def list_rooms() -> list[dict[str, Any]]:
        """Rooms in play, newest first."""
        return await lobby.listing()

    @app.get("/api/rooms/{room_id}")
    async def get_room(room_id: str) -> dict[str, Any]:
        room = lobby.rooms.get(room_id)
        return room.summary() if room is not None else summary_of(await lobby.peek(room_id))

    @app.get("/api/rooms/{room_id}/record")
    async def get_record(room_id: str) -> dict[str, Any]:
        """The game record (``asobi replay`` reads it), once the game is over."""
        stored = await lobby.peek(room_id)
        if stored.record.outcome is None:
            raise HTTPException(
                409, "the record is given once the game is over (its seed deals every card)"
            )
        return stored.record.to_json()

    @app.get("/api/rooms/{room_id}/insight")
    async def get_insight(room_id: str) -> dict[str, Any]:
        """What the game can tell about the table on request, from the public view alone
        (Carrotein: after a failed challenge, a placement that would have worked), with its
        suggestion for the one to act (``hint``) only where the room offers hints."""
        room = await lobby.get(room_id)
        if room.spec.insight is None:
            return {}
        found = dict(await room.insight())
        if not hints_allowed(room.stored):
            found.pop("hint", None)
        return found

    @app.websocket("/api/rooms/{room_id}/ws")
    async def play(
        ws: WebSocket, room_id: str, token: str | None = None, since: str | None = Query(None)
    ) -> None:
        await ws.accept()
        if token is not None and len(token) > MAX_TOKEN:  # no seat has such a token
            await ws.send_json({"type": "error", "message": "this link opens no seat here"})
            await ws.close(4403)
            return
        if since is not None and not since.isdigit():
            await ws.send_json({"type": "error", "message": "since is a number of moves"})
            await ws.close(4400)
            return
        try:
            room = await lobby.get(room_id)
        except (RoomError, AsobiError) as exc:
            await ws.send_json({"type": "error", "message": str(exc)})
            await ws.close(4404)
            return
        seat = None
        if token is not None:
            seat = room.seat_for(token)
            if seat is None:
                await ws.send_json({"type": "error", "message": "this link opens no seat here"})
                await ws.close(4403)
                return
        address = _address(ws.client)
        if not addresses.open(address):
            message = f"too many connections from your address (at most {max_sockets} at once)"
            await ws.send_json({"type": "error", "message": message})
            await ws.close(4429)
            return
        try:
            await _serve_socket(ws, lobby, room, seat, token, since, rate)
        finally:
            addresses.close(address)

    app.mount("/static", StaticFiles(directory=WEB), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/play/{room_id}", include_in_schema=False)
    async def table_page(room_id: str) -> FileResponse:
        return FileResponse(WEB / "play.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(WEB / "favicon.svg", media_type="image/svg+xml")

    return app


async def _serve_socket(
    ws: WebSocket,
    lobby: Lobby,
    room: Room,
    seat: int | None,
    token: str | None,
    since: str | None,
    rate: float,
) -> None:
    """One player's (or spectator's) connection, from hello until it closes."""
    listener = Listener(seat, token if seat is not None else None)
    listener.send({"type": "hello", "seat": seat, **room.summary()})
    if since is not None:
        # Moves made while the catch-up is worked out wait behind it: every move in order.
        listener.hold()
    lobby.listen(room, listener)
    sender = asyncio.create_task(_send_all(ws, listener))
    try:
        if since is not None:
            # A replay of the game: off the event loop, on a copy of the record as it is
            # at listen() (the news held begins where it ends).
            record = replace(room.record, moves=list(room.record.moves))
            by, happenings = list(room.by), list(room.happenings)
            catch_up = await asyncio.to_thread(
                missed, record, by, seat, int(since), room.words, happenings
            )
            listener.burst([encode(message) for message in catch_up])
            listener.release()
        listener.send(room.snapshot(seat))
        bucket = Bucket(rate, 2 * rate)
        while True:
            frame = await ws.receive()
            if frame["type"] == "websocket.disconnect":
                break
            text = frame.get("text")
            if text is None:
                listener.send({"type": "error", "message": "send text frames of JSON"})
                continue
            reply = await _handle(lobby, room, seat, text, bucket)
            if reply is not None:
                listener.send(reply)
    except WebSocketDisconnect:
        pass
    finally:
        lobby.unlisten(room, listener)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender


async def _send_all(ws: WebSocket, listener: Listener) -> None:
    while True:
        text = await listener.queue.get()
        listener.sent()
        if listener.behind:  # it stopped reading: cut off, it reconnects and catches up
            await ws.close(4408, "too far behind: reconnect")
            return
        await ws.send({"type": "websocket.send", "text": text})  # encoded once per seat


async def _handle(
    lobby: Lobby, room: Room, seat: int | None, text: str, bucket: Bucket
) -> dict[str, Any] | None:
    """One client message: its answer, if any (the room's news reaches everyone anyway)."""
    if not bucket.take():
        return {"type": "error", "message": f"too many messages (at most {bucket.rate:g} a second)"}
    if len(text.encode()) > MAX_MESSAGE:
        return {"type": "error", "message": f"message too long (at most {MAX_MESSAGE} bytes)"}
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return {"type": "error", "message": 'not JSON: send an object like {"type": "ping"}'}
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        return {"type": "error", "message": 'a message is a JSON object with a "type"'}
    kind = message["type"]
    if kind == "ping":
        return {"type": "pong"}
    if kind == "sync":
        return room.snapshot(seat)
    if kind in ("act", "join", "leave", "back", "undo", "can_undo", "rematch", "name") and (
        seat is None
    ):
        return {"type": "error", "message": "spectators watch: open your seat's link to play"}
    try:
        if kind == "act":
            code = message.get("action")
            if not isinstance(code, str):
                return {"type": "error", "message": 'act needs an "action": the move\'s code'}
            if len(code) > MAX_CODE:  # (no move's code is so long: not echoed back whole)
                return {
                    "type": "error",
                    "message": f"a move's code is at most {MAX_CODE} characters",
                }
            assert seat is not None
            await lobby.act(room, seat, code)
            return None
        if kind == "join":
            assert seat is not None
            await lobby.join(room, seat)
            return None
        if kind == "leave":
            assert seat is not None
            await lobby.leave(room, seat)
            return None
        if kind == "back":
            assert seat is not None
            await lobby.come_back(room, seat)
            return None
        if kind == "undo":
            assert seat is not None
            await lobby.undo(room, seat)
            return None
        if kind == "can_undo":
            assert seat is not None
            return await lobby.can_undo(room, seat)
        if kind == "rematch":
            assert seat is not None
            await lobby.rematch(room, seat)
            return None
        if kind == "name":
            assert seat is not None
            await lobby.rename(room, seat, message.get("name"))
            return None
    except IllegalAction as exc:
        return illegal_message(exc)
    except RoomError as exc:
        said = {"said": exc.said.to_json()} if exc.said else {}
        return {"type": "error", "message": exc.message, **said}
    known = "act, join, undo, can_undo, leave, back, name, rematch, sync, ping"
    return {"type": "error", "message": f"unknown message type {kind!r} ({known})"}
