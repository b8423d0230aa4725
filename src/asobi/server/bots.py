"""Bots off the event loop: a line of decisions, oldest first, feeding a pool of worker
processes that each answer "what does this bot play here?" for a game record.

A job carries the record, not a state: a worker rebuilds the state by replaying it (a few
milliseconds; the worker keeps the last state of each room and only plays the new moves),
asks the bot through :func:`~asobi.core.bots.choose_for` like every other front end does,
and sends back the action's code. Processes rather than threads because bots are pure
Python: a thread thinking holds the interpreter, a process does not.

The pool is sized to the machine (a process per CPU) and its processes run at a lower
priority than the server's, so that serving moves comes first: the strong bots think for a
set time, so they answer as soon, only having looked less far. A decision waits in line
while every process is busy; one that waited longer than :data:`PATIENCE` is made by the
game's ``normal`` bot instead (a few milliseconds), so a long line drains fast and no room
waits long for its bot: under overload the bots get weaker, not slower. The line holds at
most one decision per room (a room's bots move one at a time).

No worker outlives the server: each asks the kernel to end it when its parent dies (Linux)
and watches its parent besides (elsewhere, and for the moment before it asked).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import OrderedDict, deque
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import asobi.agents  # noqa: F401  (the generic bots, loaded in each worker before its first move)
from asobi.core.bots import LEVELS, choose_for, level_bot, make_bot
from asobi.core.protocol import State
from asobi.core.records import GameRecord, replay
from asobi.core.registry import all_specs, get_spec

log = logging.getLogger("asobi.server")

PATIENCE = 0.25  # seconds a decision may wait in line before the normal bot makes it
NICE = 10  # how much lower the workers' priority is than the server's
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


def end_with_parent(parent: int) -> None:
    """End this process when process ``parent`` (the one that started it) ends, however it
    ends (``kill -9`` too): on Linux the kernel sends SIGKILL (PR_SET_PDEATHSIG); everywhere
    a thread checks every second whether the parent is still there."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG = 1
    if os.getppid() != parent:  # it died before the kernel was asked
        os._exit(0)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="asobi-parent-watch", daemon=True).start()


def _worker_start(parent: int) -> None:
    end_with_parent(parent)
    # Its priority lowered only now, by itself: started at the server's priority, a worker
    # is quick to reach end_with_parent; started lower, on a busy machine it took a minute,
    # and would outlive a server killed meanwhile for as long.
    if hasattr(os, "setpriority"):
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, 0, NICE)
    all_specs()  # every game's tables built now, not in a room's first decision


def _ready() -> None:
    """A job that does nothing: sent once per worker at start, so that they all start."""


def default_workers(processes: int = 1) -> int:
    """Bot processes for one of ``processes`` server processes: the CPUs, shared out."""
    return max(1, (os.cpu_count() or 1) // max(1, processes))


@dataclass
class _Decision:
    record: dict[str, Any]
    seat: int
    bot: str
    seed: int
    asked: float
    answer: asyncio.Future[str] = field(repr=False)


class BotRunner:
    """``workers`` processes (0: one thread in this process, for tests and tiny servers) and
    the line of decisions waiting for them."""

    def __init__(self, workers: int = 1, patience: float = PATIENCE) -> None:
        self.workers = workers
        self.patience = patience
        self._pool: Executor = (
            ProcessPoolExecutor(
                workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_worker_start,
                initargs=(os.getpid(),),
            )
            if workers > 0
            else ThreadPoolExecutor(1, thread_name_prefix="asobi-bot")
        )
        self._line: deque[_Decision] = deque()
        self._thinking = 0

    def start(self) -> None:
        """Start every worker now (each builds the games' tables as it starts)."""
        for _ in range(self.workers):
            self._pool.submit(_ready)

    @property
    def waiting(self) -> int:
        """Decisions in line (not yet given to a worker)."""
        return len(self._line)

    async def choose(self, record: dict[str, Any], seat: int, bot: str, seed: int) -> str:
        """The code of what ``bot`` plays for ``seat`` after ``record``'s moves (decided by
        the game's normal bot instead if it waited in line too long)."""
        loop = asyncio.get_running_loop()
        decision = _Decision(record, seat, bot, seed, loop.time(), loop.create_future())
        self._line.append(decision)
        self._next()
        return await decision.answer

    def _next(self) -> None:
        """Hand the oldest decisions in line to the free workers."""
        capacity = max(1, self.workers)
        while self._line and self._thinking < capacity:
            decision = self._line.popleft()
            if decision.answer.done():  # its room stopped waiting (cancelled)
                continue
            bot = decision.bot
            waited = asyncio.get_running_loop().time() - decision.asked
            if waited > self.patience:
                bot = _quick(decision.record["game"], bot)
                log.info("a decision waited %.2f s in line: %s decides it", waited, bot)
            job = self._pool.submit(choose, decision.record, decision.seat, bot, decision.seed)
            self._thinking += 1
            job.add_done_callback(partial(self._answered, decision))

    def _answered(self, decision: _Decision, job: Future[str]) -> None:
        """(In the worker's thread.) Hand the answer to the event loop."""
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
            decision.answer.get_loop().call_soon_threadsafe(self._answer, decision, job)

    def _answer(self, decision: _Decision, job: Future[str]) -> None:
        self._thinking -= 1
        if not decision.answer.done():
            error = job.exception()
            if error is not None:
                decision.answer.set_exception(error)
            else:
                decision.answer.set_result(job.result())
        self._next()

    def close(self) -> None:
        """The decisions in line dropped, the workers ended now: one still starting would
        otherwise go on importing, then building every game's tables, before it found its
        server gone (tens of seconds on a busy machine)."""
        for decision in self._line:
            decision.answer.cancel()
        self._line.clear()
        # The pool's own processes (Python 3.14 has ProcessPoolExecutor.terminate_workers).
        workers: dict[int, multiprocessing.Process] = getattr(self._pool, "_processes", None) or {}
        processes = list(workers.values())
        self._pool.shutdown(wait=False, cancel_futures=True)
        for worker in processes:
            worker.terminate()


def _quick(game: str, bot: str) -> str:
    """The bot that decides for ``bot`` when the line is long: itself if it is no slower than
    the game's normal bot, else that one."""
    quick = {level_bot(game, level) for level in LEVELS if level != "hard"}
    return bot if bot in quick else level_bot(game, "normal")
