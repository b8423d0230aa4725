"""The server's own work for a move, in process: ``Lobby.act`` (the check, the move, the
commit to SQLite, every seat's message worked out and encoded), without the websockets.

    .venv/bin/python benchmarks/bench_lobby.py                        # every card game
    .venv/bin/python benchmarks/bench_lobby.py --game laminate --players 4 --profile

Each room seats one connection a seat (its messages are read and dropped), and random legal
moves are played through ``Lobby.act`` to the game's end; CPU time (``time.process_time``)
of the calls alone. What the rest of a move costs (frames, the event loop, the socket
writes) is ``bench_server.py``'s figure less this one.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import random
import tempfile
import time
from pathlib import Path

from asobi.core.registry import get_spec
from asobi.server.bots import BotRunner
from asobi.server.rooms import Listener, Lobby, NewSeat
from asobi.server.store import Store

CARD_GAMES = (("starmine", 2), ("itsmine", 2), ("rummycity", 2), ("laminate", 4))


async def act_cpu(
    game: str, players: int, games: int, profile: cProfile.Profile | None
) -> tuple[int, float]:
    """``games`` seeded random games of ``game`` through a lobby: the moves, and the CPU
    µs a move."""
    with tempfile.TemporaryDirectory() as folder:
        # Seeded rooms (open_seeds): the same games in every run.
        store = Store(f"sqlite:///{Path(folder) / 'bench.db'}")
        lobby = Lobby(store, BotRunner(0), open_seeds=True)
        await lobby.start()
        await lobby.opened()
        rng = random.Random(0)
        seconds, moves = 0.0, 0
        for _ in range(games):
            seats = [NewSeat(f"p{s}") for s in range(players)]
            room, _ = await lobby.create(
                game, {"players": players}, seats, seed=rng.randrange(2**31)
            )
            listeners = [Listener(s, queue=asyncio.Queue()) for s in range(players)]
            for listener in listeners:
                lobby.listen(room, listener)
            while not room.state.is_over:
                seat = min(room.state.active_seats())
                code = rng.choice(room.state.legal_actions(seat)).encode()
                start = time.process_time()
                if profile is not None:
                    profile.enable()
                await lobby.act(room, seat, code)
                if profile is not None:
                    profile.disable()
                seconds += time.process_time() - start
                moves += 1
                for listener in listeners:  # read, as a connection would
                    while not listener.queue.empty():
                        listener.queue.get_nowait()
        await lobby.stop()
        lobby.bots.close()
        lobby.store.close()
    return moves, 1e6 * seconds / moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="one game (default: every card game at its usual seats)")
    parser.add_argument("--players", type=int, help="seats (with --game)")
    parser.add_argument("--games", type=int, default=6, help="seeded random games a row")
    parser.add_argument("--profile", action="store_true", help="cProfile's top entries (CPU)")
    args = parser.parse_args()
    if args.game:  # (without --players, the game's usual count)
        rows = [(args.game, args.players or get_spec(args.game).options().players)]
    else:
        rows = list(CARD_GAMES)
    profile = cProfile.Profile(time.process_time) if args.profile else None
    print("| game | seats | games | moves | Lobby.act µs a move (CPU) |")
    print("|---|---:|---:|---:|---:|")
    for game, players in rows:
        moves, micros = asyncio.run(act_cpu(game, players, args.games, profile))
        name = get_spec(game).name_en
        print(f"| {name} | {players} | {args.games} | {moves:,} | {micros:,.0f} |", flush=True)
    if profile is not None:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(30)


if __name__ == "__main__":
    main()
