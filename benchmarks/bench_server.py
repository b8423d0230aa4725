"""Load on the web server: N rooms at once, each a game between scripted people (one a
seat, the game's usual count) who play through websockets on loopback, each moving about once
a second when it may.

    .venv/bin/python benchmarks/bench_server.py                      # N = 50 ... 1000
    .venv/bin/python benchmarks/bench_server.py --rooms 20 --seconds 20 --game itsmine
    .venv/bin/python benchmarks/bench_server.py --rooms 100 --game laminate --players 4
    .venv/bin/python benchmarks/bench_server.py --db postgresql+psycopg://... --workers 2

A real server (``asobi serve``, its own processes; SQLite in a temporary folder unless
``--db`` names a PostgreSQL database, where the run makes a schema of its own and drops it
at the end, so that no run's rooms are brought back by the next; every move committed
before it is acknowledged) and, in
``--clients`` processes of their own, a websocket client a seat. Each client is a
random player: when its seat may move it waits about ``--pace`` seconds (between half and
one and a half times that), sends a legal move and times the wait until the server's news
of that move comes back (validation, the commit, the views and words sent to every seat).
New rooms replace finished games until the time is up; the first ``--warmup`` seconds
(rooms being made, sockets opening) are not counted.

Reported per N, over the counted window: moves per second, the p50 / p99 of that latency,
the server's CPU time per move (its processes' CPU seconds over the moves: what stays true
when other work shares the machine; the bots' worker processes not counted), the load
generator's, the memory of the server's processes (its bot workers aside), the
machine's load average (/proc/loadavg) before and after; then the knee: the largest N
whose p99 stays under 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from contextlib import AsyncExitStack, ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import uvloop
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from asobi.core import get_spec
from asobi.server.process import cpu_seconds, resident_mb, serving
from asobi.server.store import scratch_schema

# Every client is on this machine: one address for all of them, so no per-address limit.
UNLIMITED = ["--max-sockets", "1000000", "--rooms-per-minute", "1e9"]
OPENING = 32  # rooms being made or connected at once, per client process
OPEN_TIMEOUT = 60.0  # seconds a websocket may take to open
GRACE = 30.0  # seconds a client waits for the answers to its last moves once time is up


@dataclass(frozen=True)
class Window:
    """When the clients start, when counting starts, when they stop sending (time.time())."""

    start: float
    counted: float
    end: float


@dataclass
class Tally:
    """What one client process saw."""

    sent: int = 0
    acknowledged: int = 0
    errors: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)  # seconds, moves sent in the window
    bot_latencies: list[float] = field(default_factory=list)  # a bot's move since the last news
    cpu: float = 0.0  # the client process's own CPU seconds in the window

    def add(self, other: Tally) -> None:
        self.sent += other.sent
        self.acknowledged += other.acknowledged
        self.errors += other.errors
        self.latencies += other.latencies
        self.bot_latencies += other.bot_latencies
        self.cpu += other.cpu


def _state_of(message: dict[str, Any]) -> dict[str, Any] | None:
    if message["type"] == "state":
        return message
    state: dict[str, Any] | None = message.get("state")
    return state


async def _seat(
    ws: ClientConnection, rng: random.Random, pace: float, window: Window, tally: Tally
) -> None:
    """One scripted person: on its turn it waits about ``pace`` seconds, then sends a legal
    move from the latest state it has; each move timed until the server's news of it."""
    sent: tuple[str, float] | None = None
    due: float | None = None  # when it will move (its turn, nothing waiting for an answer)
    state: dict[str, Any] | None = None
    news = time.time()  # when the last message came
    while True:
        now = time.time()
        if sent is None and due is not None and now >= due and state and state["legal"]:
            if now >= window.end:
                return  # time is up and nothing is waiting for an answer
            code = rng.choice(state["legal"])
            sent, due = (code, now), None
            tally.sent += 1
            await ws.send(orjson.dumps({"type": "act", "action": code}).decode())
            continue
        if sent is None and now >= window.end:
            return
        if sent is not None:
            wait = window.end + GRACE - now  # the answer to its move
        else:
            wait = min(window.end, due if due is not None else window.end) - now
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout=max(0.0, wait))
        except TimeoutError:
            if sent is not None:
                tally.errors.append(f"no answer to {sent[0]!r}")
                return
            continue
        message = orjson.loads(raw)
        kind = message["type"]
        if kind == "move" and message["by"] != "seat" and news >= window.counted:
            tally.bot_latencies.append(time.time() - news)  # its line, its thinking
        news = time.time()
        if kind == "error":
            tally.errors.append(message["message"])
            sent = None
        elif kind == "move" and sent is not None and message["code"] == sent[0]:
            tally.acknowledged += 1
            if sent[1] >= window.counted:
                tally.latencies.append(time.time() - sent[1])
            sent = None
        new = _state_of(message)
        if new is None:
            continue
        state = new
        if state["outcome"]:
            return
        if not state["legal"]:
            due = None
        elif due is None and sent is None:
            due = time.time() + pace * rng.uniform(0.5, 1.5)


async def _room_loop(
    http: httpx.AsyncClient, ws_urls: Sequence[str], game: str, players: int, k: int,
    pace: float, window: Window, tally: Tally, opening: asyncio.Semaphore,
    bot: str | None = None,
) -> None:  # fmt: skip
    """Rooms one after another until the time is up, each of ``players`` scripted people
    (on ``ws_urls`` in turn: with several servers, neighbours are on different ones), or of
    one and ``bot`` in the other seats. The rooms open one after another over most of the
    warm-up, a few at a time (``opening``), rather than all at once."""
    rng = random.Random(k)
    ramp = max(pace, 0.8 * (window.counted - window.start) - pace)
    await asyncio.sleep(max(0.0, window.start - time.time()) + rng.uniform(0, ramp))
    while time.time() < window.end:
        try:
            await _room(http, ws_urls, game, players, k, pace, window, tally, opening, rng, bot)
        except (OSError, TimeoutError, httpx.HTTPError, WebSocketException) as exc:
            tally.errors.append(f"room {k}: {type(exc).__name__}: {exc}")
            return


async def _room(
    http: httpx.AsyncClient, ws_urls: Sequence[str], game: str, players: int, k: int,
    pace: float, window: Window, tally: Tally, opening: asyncio.Semaphore,
    rng: random.Random, bot: str | None,
) -> None:  # fmt: skip
    """One room, played until its game ends or the time is up: a scripted person in every
    seat, or in the first seat and ``bot`` in the others."""
    others = [{"bot": bot} if bot else {"name": f"p{i}"} for i in range(1, players)]
    async with opening:
        answer = await http.post(
            "/api/rooms", json={"game": game, "seats": [{"name": "a"}, *others]}
        )
    if answer.status_code != 201:
        raise OSError(f"room not made: {answer.status_code} {answer.text}")
    room = answer.json()
    tokens = [invite["token"] for invite in room["invites"]]
    urls = [
        f"{ws_urls[(k + i) % len(ws_urls)]}/api/rooms/{room['room']}/ws?token={token}"
        for i, token in enumerate(tokens)
    ]
    async with AsyncExitStack() as sockets:
        async with opening:
            people = [
                await sockets.enter_async_context(await connect(url, open_timeout=OPEN_TIMEOUT))
                for url in urls
            ]
        await asyncio.gather(*(_seat(ws, rng, pace, window, tally) for ws in people))


async def _clients(
    urls: Sequence[str], game: str, players: int, rooms: Sequence[int], pace: float,
    window: Window, bot_rooms: Sequence[int] = (), bot: str = "hard",
) -> Tally:  # fmt: skip
    tally = Tally()
    ws_urls = [url.replace("http", "ws", 1) for url in urls]
    limits = httpx.Limits(max_connections=OPENING)
    opening = asyncio.Semaphore(OPENING)
    async with httpx.AsyncClient(base_url=urls[0], timeout=60, limits=limits) as http:
        # Rooms are made on each server in turn.
        clients = [http]
        for url in urls[1:]:
            clients.append(httpx.AsyncClient(base_url=url, timeout=60, limits=limits))
        tasks = [
            _room_loop(
                clients[k % len(clients)], ws_urls, game, players, k, pace, window, tally, opening
            )
            for k in rooms
        ] + [
            _room_loop(
                clients[k % len(clients)],
                ws_urls,
                game,
                players,
                k,
                pace,
                window,
                tally,
                opening,
                bot,
            )
            for k in bot_rooms
        ]
        cpu_before: float | None = None

        async def mark() -> None:
            nonlocal cpu_before
            await asyncio.sleep(max(0.0, window.counted - time.time()))
            cpu_before = time.process_time()

        marker = asyncio.ensure_future(mark())
        await asyncio.gather(*tasks)
        await marker
        tally.cpu = time.process_time() - (cpu_before or 0.0)
        for other in clients[1:]:
            await other.aclose()
    return tally


def _client_process(
    urls: Sequence[str], game: str, players: int, rooms: Sequence[int], pace: float,
    window: Window, bot_rooms: Sequence[int], bot: str,
) -> Tally:  # fmt: skip
    return uvloop.run(_clients(urls, game, players, rooms, pace, window, bot_rooms, bot))


def loadavg() -> str:
    with open("/proc/loadavg", encoding="ascii") as f:
        return " ".join(f.read().split()[:3])


def measure(
    urls: Sequence[str],
    server_pids: Sequence[int],
    game: str,
    rooms: int,
    seconds: float,
    warmup: float = 5.0,
    pace: float = 1.0,
    clients: int = 1,
    bot_rooms: int = 0,
    bot: str = "hard",
    players: int = 2,
) -> dict[str, Any]:
    """``rooms`` rooms of ``players`` seats on the servers at ``urls`` for ``warmup`` +
    ``seconds`` seconds, the clients in ``clients`` processes (0: this one), and ``bot_rooms``
    more of one scripted person against bots; the figures of the counted window."""
    start = time.time() + 0.5
    window = Window(start, start + warmup, start + warmup + seconds)
    load_before = loadavg()
    shares = [list(range(rooms))[i :: max(1, clients)] for i in range(max(1, clients))]
    bots = [list(range(rooms, rooms + bot_rooms)) if i == 0 else [] for i in range(len(shares))]
    tally = Tally()
    cpu: list[float] = []
    memory: list[float] = []

    def sample() -> None:
        cpu.append(cpu_seconds(server_pids))
        memory.append(resident_mb(server_pids))

    if clients == 0:

        async def run_here() -> Tally:
            async def samples() -> None:
                await asyncio.sleep(window.counted - time.time())
                sample()
                await asyncio.sleep(window.end - time.time())
                sample()

            sampler = asyncio.ensure_future(samples())
            found = await _clients(urls, game, players, shares[0], pace, window, bots[0], bot)
            await sampler
            return found

        tally = uvloop.run(run_here())
    else:
        context = multiprocessing.get_context("spawn")
        with context.Pool(clients) as pool:
            jobs = [
                pool.apply_async(
                    _client_process, (urls, game, players, share, pace, window, mine, bot)
                )
                for share, mine in zip(shares, bots, strict=True)
            ]
            time.sleep(max(0.0, window.counted - time.time()))
            sample()
            time.sleep(max(0.0, window.end - time.time()))
            sample()
            for job in jobs:
                tally.add(job.get(timeout=seconds + warmup + 2 * GRACE + 60))
    ms = sorted(x * 1000 for x in tally.latencies)
    counted = len(ms)
    bot_ms = sorted(x * 1000 for x in tally.bot_latencies)
    return {
        "rooms": rooms,
        "moves": counted,
        "sent": tally.sent,
        "acknowledged": tally.acknowledged,
        "errors": tally.errors,
        "seconds": seconds,
        "moves_per_second": counted / seconds,
        "p50_ms": statistics.median(ms) if ms else float("nan"),
        "p99_ms": ms[min(counted - 1, int(0.99 * counted))] if ms else float("nan"),
        "server_cpu_ms_per_move": 1000 * (cpu[1] - cpu[0]) / max(1, counted),
        "server_cpu_share": (cpu[1] - cpu[0]) / seconds,
        "client_cpu_ms_per_move": 1000 * tally.cpu / max(1, counted),
        "server_mb": memory[1],
        "bot_moves": len(bot_ms),
        "bot_p50_ms": statistics.median(bot_ms) if bot_ms else float("nan"),
        "bot_max_ms": bot_ms[-1] if bot_ms else float("nan"),
        "load_before": load_before,
        "load_after": loadavg(),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, nargs="*", default=[50, 100, 200, 500, 1000])
    parser.add_argument("--seconds", type=float, default=30.0, help="counted, per room count")
    parser.add_argument(
        "--warmup", type=float, default=None,
        help="seconds not counted while the rooms open (default: 10 + rooms / 25)",
    )  # fmt: skip
    parser.add_argument("--pace", type=float, default=1.0, help="seconds a player thinks")
    parser.add_argument("--game", default="starmine")
    parser.add_argument(
        "--players", type=int, default=None,
        help="seats a room, each a scripted person (default: the game's usual count)",
    )  # fmt: skip
    parser.add_argument(
        "--db", help="a database URL (default: SQLite in a temporary folder); on PostgreSQL "
        "the run works in a schema of its own",
    )  # fmt: skip
    parser.add_argument("--workers", type=int, default=1, help="asobi serve --workers")
    parser.add_argument(
        "--servers", type=int, default=1,
        help="separate asobi serve processes on one --db (PostgreSQL); a room's two players "
        "on different ones",
    )  # fmt: skip
    parser.add_argument("--clients", type=int, default=1, help="load generator processes")
    parser.add_argument(
        "--bot-rooms", type=int, default=0,
        help="more rooms, each of one scripted person against --bot (its moves timed too)",
    )  # fmt: skip
    parser.add_argument("--bot", default="hard", help="the bot of --bot-rooms")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    spec = get_spec(args.game)
    players = args.players or spec.default_players or max(spec.seat_counts)
    if players not in spec.seat_counts:
        parser.error(f"{args.game} is played by {sorted(spec.seat_counts)} players, not {players}")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        extra = [*UNLIMITED, "--workers", str(args.workers)] if args.workers > 1 else UNLIMITED
        with ExitStack() as stack:
            db = args.db or f"sqlite:///{folder / 'bench.db'}"
            if db.startswith("postgresql"):
                db = stack.enter_context(scratch_schema(db, "bench"))
            served = [
                stack.enter_context(serving(db, folder / f"server{i}.log", None, extra))
                for i in range(args.servers)
            ]
            urls = [s.url for s in served]
            for n in args.rooms:
                pids = [pid for s in served for pid in s.serving()]  # bots' thinking aside
                warmup = args.warmup if args.warmup is not None else 10 + n / 25
                row = measure(
                    urls, pids, args.game, n, args.seconds, warmup, args.pace,
                    args.clients, args.bot_rooms, args.bot, players,
                )  # fmt: skip
                rows.append(row)
                _print_row(row)
    print(
        f"{args.game}, {players} players; {args.servers} server process(es) x "
        f"{args.workers} worker(s); "
        f"{args.clients} client process(es); {args.seconds:g} s counted per row after "
        f"{'10 + rooms/25' if args.warmup is None else f'{args.warmup:g}'} s; "
        f"pace {args.pace:g} s; {os.cpu_count()} CPUs"
        + (f"; {args.bot_rooms} more room(s) against {args.bot}" if args.bot_rooms else "")
    )
    print(
        "| rooms | moves/s | p50 ms | p99 ms | server CPU ms/move | server CPU share | "
        "client CPU ms/move | server MB | load before → after | errors |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|")
    for r in rows:
        print(
            f"| {r['rooms']} | {r['moves_per_second']:,.0f} | {r['p50_ms']:.1f} | "
            f"{r['p99_ms']:.1f} | {r['server_cpu_ms_per_move']:.2f} | "
            f"{r['server_cpu_share']:.0%} | {r['client_cpu_ms_per_move']:.2f} | "
            f"{r['server_mb']:.0f} | {r['load_before']} → {r['load_after']} | "
            f"{len(r['errors'])} |"
        )
    if args.bot_rooms:
        print("| rooms | bot moves | bot's answer p50 ms | bot's answer max ms |")
        print("|---:|---:|---:|---:|")
        for r in rows:
            print(
                f"| {r['rooms']} | {r['bot_moves']} | {r['bot_p50_ms']:.0f} | "
                f"{r['bot_max_ms']:.0f} |"
            )
    fine = [r["rooms"] for r in rows if r["p99_ms"] < 100 and not r["errors"]]
    print(f"knee (largest N with p99 under 100 ms): {max(fine) if fine else 'none'}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n")
    return 0


def _print_row(row: dict[str, Any]) -> None:
    print(
        f"  {row['rooms']} rooms: {row['moves_per_second']:.0f} moves/s, p50 "
        f"{row['p50_ms']:.1f} ms, p99 {row['p99_ms']:.1f} ms, "
        f"{row['server_cpu_ms_per_move']:.2f} ms server CPU a move, "
        f"load {row['load_before']} → {row['load_after']}, {len(row['errors'])} errors",
        file=sys.stderr,
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main())
