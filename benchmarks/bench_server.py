"""Load on the web server: N rooms at once, each a game between two bots that play through
websockets on loopback, like people would (issue 8).

    .venv/bin/python benchmarks/bench_server.py                   # N = 1, 5, 10, 20, 40
    .venv/bin/python benchmarks/bench_server.py --rooms 10 --seconds 20 --game itsmine

A real server (``asobi serve``, its own process, SQLite in a temporary folder, every move
committed before it is acknowledged) and, in this process, two websocket clients per room,
each a random player: when its seat may move it sends a legal move and times the wait until
the server's news of that move comes back (validation, the commit, the broadcast). New
rooms replace finished games until the time is up. Reported per N: moves per second over
all rooms, and the p50 / p99 of that latency; and the largest N whose p99 stays under 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from asobi.server.process import running_server
from benchlib import machine


async def _seat(
    url: str, room: str, token: str, rng: random.Random, latencies: list[float]
) -> None:
    """One random player: moves when it may, timing each until the server's news of it."""
    async with connect(f"{url}/api/rooms/{room}/ws?token={token}") as ws:
        sent: tuple[str, float] | None = None
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "move" and sent and message["code"] == sent[0]:
                latencies.append(time.perf_counter() - sent[1])
                sent = None
            state = message if message["type"] == "state" else message.get("state")
            if state is None:
                continue
            if state["outcome"]:
                return
            if state["legal"] and sent is None:
                code = rng.choice(state["legal"])
                sent = (code, time.perf_counter())
                await ws.send(json.dumps({"type": "act", "action": code}))


async def _room_loop(
    http: httpx.AsyncClient, ws_url: str, game: str, seed: int, until: float,
    latencies: list[float],
) -> None:  # fmt: skip
    rng = random.Random(seed)
    while time.perf_counter() < until:
        answer = await http.post(
            "/api/rooms", json={"game": game, "seats": [{"name": "a"}, {"name": "b"}], "seed": seed}
        )
        room = answer.json()
        tokens = [i["token"] for i in room["invites"]]
        await asyncio.gather(*(_seat(ws_url, room["room"], t, rng, latencies) for t in tokens))
        seed += 1000


async def measure(url: str, game: str, rooms: int, seconds: float) -> dict[str, Any]:
    latencies: list[float] = []
    ws_url = url.replace("http", "ws")
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        start = time.perf_counter()
        until = start + seconds
        await asyncio.gather(
            *(_room_loop(http, ws_url, game, k, until, latencies) for k in range(rooms))
        )
        elapsed = time.perf_counter() - start
    ms = sorted(x * 1000 for x in latencies)
    return {
        "rooms": rooms,
        "moves": len(ms),
        "seconds": elapsed,
        "moves_per_second": len(ms) / elapsed,
        "p50_ms": statistics.median(ms),
        "p99_ms": ms[min(len(ms) - 1, int(0.99 * len(ms)))],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, nargs="*", default=[1, 5, 10, 20, 40])
    parser.add_argument("--seconds", type=float, default=10.0, help="per room count")
    parser.add_argument("--game", default="starmine")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        # Every client is on this machine: one address for all of them, so no per-address limit.
        unlimited = ["--max-sockets", "100000", "--rooms-per-minute", "1e9"]
        db = f"sqlite:///{folder / 'bench.db'}"
        with running_server(db, folder / "server.log", 1, unlimited) as url:
            rows = [asyncio.run(measure(url, args.game, n, args.seconds)) for n in args.rooms]
    print(f"{args.game}, {args.seconds:g} s per row; {machine()}")
    print("| rooms at once | moves | moves/s | p50 ms | p99 ms |")
    print("|---:|---:|---:|---:|---:|")
    for r in rows:
        print(
            f"| {r['rooms']} | {r['moves']:,} | {r['moves_per_second']:,.0f} | "
            f"{r['p50_ms']:.1f} | {r['p99_ms']:.1f} |"
        )
    fine = [r["rooms"] for r in rows if r["p99_ms"] < 100]
    print(f"largest N with p99 under 100 ms: {max(fine) if fine else 'none'}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
