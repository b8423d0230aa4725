"""Bots off the event loop: a pool of worker processes that each answer "what does this bot
play here?" for a game record.

A job carries the record, not a state: a worker rebuilds the state by replaying it (a few
milliseconds; the worker keeps the last state of each room and only plays the new moves),
asks the bot through :func:`~asobi.core.bots.choose_for` like every other front end does,
and sends back the action's code. Processes rather than threads because bots are pure
Python: a thread thinking holds the interpreter, a process does not.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import asobi.agents  # noqa: F401  (registers the generic bots, here and in each worker)
from asobi.core.bots import choose_for, make_bot
from asobi.core.protocol import State
from asobi.core.records import GameRecord, replay
from asobi.core.registry import get_spec

_KEEP = 64  # the last state of this many games, per worker
_states: OrderedDict[tuple[str, int, str], tuple[list[tuple[int, str]], State]] = OrderedDict()


def _state_for(record: GameRecord) -> State:
    """The state after ``record``'s moves, from the worker's last state of the same game
    when that is a prefix of them (an undo or another game starts afresh)."""
    key = (record.game, record.seed, repr(sorted(record.options.items())))
    kept = _states.pop(key, None)
    if kept is not None and kept[0] == record.moves[: len(kept[0])]:
        moves, state = kept
        action_space = get_spec(record.game).action_space
        for seat, code in record.moves[len(moves) :]:
            state.apply(seat, action_space.decode(code))
    else:
        state = replay(GameRecord(record.game, record.options, record.seed, record.setup,
                                  list(record.moves)))  # fmt: skip
    _states[key] = (list(record.moves), state)
    while len(_states) > _KEEP:
        _states.popitem(last=False)
    return state


def choose(record: dict[str, Any], seat: int, bot: str, seed: int) -> str:
    """What ``bot`` (seeded with ``seed``) plays for ``seat`` after ``record``'s moves."""
    game = GameRecord.from_json(record)
    state = _state_for(game)
    return choose_for(make_bot(bot, game.game, seed), state, seat).encode()


class BotRunner:
    """``workers`` processes (0: one thread in this process, for tests and tiny servers)."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._pool: Executor = (
            ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
            if workers > 0
            else ThreadPoolExecutor(1, thread_name_prefix="asobi-bot")
        )

    async def choose(self, record: dict[str, Any], seat: int, bot: str, seed: int) -> str:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, choose, record, seat, bot, seed)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
