"""Compiled random playouts: a world played to its end with uniformly random legal moves, in
machine code, for the searches that play thousands of them a decision.

A random playout through the protocol costs a Python call chain a move (``active_seats``,
``legal_actions``, ``resolve`` with its events); a long game (Laminate Rummy's 300 moves,
Rummy City's 1,000) then takes milliseconds a playout. A game may declare on its
``GameSpec`` a ``playout``: ``playout(world, seed, max_moves, trace) -> Playout``, which
copies the world into arrays and plays it out in compiled code (numba), as
:func:`asobi.agents.ismcts.random_rollout` would through the protocol:

- the seats act as :func:`asobi.agents.ismcts.play_on` takes them: every active seat, in
  seat order, each choosing after the one before has moved;
- each chooses uniformly among exactly the actions ``legal_actions`` lists;
- chance (a reshuffle, a new round's deal) is drawn from the playout's own generator
  (:mod:`asobi.core.playout_kernels`), seeded by ``seed``: the same seed, the same playout.

**Proven equal to the engine** by ``tests/properties/test_playouts.py``, for every game that
declares one: a traced playout (``trace=True``) records each move's seat, every legal action
it counted and the one it chose (indices of the game's ``action_space``), and each draw of
chance; the test plays the same moves through the engine, its chance scripted to make the
same draws (:class:`ScriptedChance`, put in the state's ``rng``), and holds every legal list,
every active seat and the outcome's scores and ranks to the playout's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from asobi.core.protocol import Chance, State


@dataclass(frozen=True)
class Draw:
    """One draw of chance in a playout: a shuffle's new order (``values[i]`` is the place,
    before the shuffle, of the item now at ``i``) or a ``randrange``'s value."""

    kind: Literal["shuffle", "randrange"]
    values: tuple[int, ...]


@dataclass(frozen=True)
class Step:
    """One move of a traced playout: who moved, every action it could have taken (indices
    of the game's action space, each once), the one taken, and the draws it made."""

    seat: int
    legal: tuple[int, ...]
    chosen: int
    draws: tuple[Draw, ...] = ()


@dataclass(frozen=True)
class Playout:
    """How a playout ended: ``moves`` played, and the outcome's ``scores`` and ``ranks``
    (None for both when it was cut at ``max_moves`` before the end); traced, its steps."""

    moves: int
    scores: tuple[float, ...] | None
    ranks: tuple[int, ...] | None
    steps: tuple[Step, ...] = ()

    @property
    def finished(self) -> bool:
        return self.ranks is not None


PlayoutFunction = Callable[[State, int, int, bool], Playout | None]
"""``playout(world, seed, max_moves, trace)``: what a game declares on ``GameSpec.playout``;
None where the world's options are not compiled (then play it through the protocol)."""


def compiled_playout(world: State) -> PlayoutFunction | None:
    """The game's compiled playout, if it declares one."""
    declared: Any = type(world).spec.playout
    return None if declared is None else declared.resolve()


def playout_seed(rng: random.Random) -> int:
    """A playout's seed, drawn from a search's generator (64 bits)."""
    return rng.getrandbits(64)


class ScriptedChance(Chance):
    """A state's chance that makes the given draws, in order, and fails on any other: what
    a traced playout drew, imposed on the engine replaying it."""

    __slots__ = ("draws",)

    def __init__(self, draws: Sequence[Draw] = ()) -> None:
        super().__init__(random.Random(0))
        self.draws = list(draws)

    def _next(self, kind: str) -> Draw:
        if not self.draws:
            raise AssertionError(f"the engine drew ({kind}) where the playout did not")
        draw = self.draws.pop(0)
        if draw.kind != kind:
            raise AssertionError(f"the engine drew {kind} where the playout drew {draw.kind}")
        return draw

    def shuffle(self, items: list[Any]) -> None:
        order = self._next("shuffle").values
        if sorted(order) != list(range(len(items))):
            raise AssertionError(f"a shuffle of {len(items)} items, but the playout's was {order}")
        items[:] = [items[place] for place in order]

    def randrange(self, stop: int) -> int:
        (value,) = self._next("randrange").values
        if not 0 <= value < stop:
            raise AssertionError(f"randrange({stop}) drew {value} in the playout")
        return value

    def getrandbits(self, bits: int) -> int:
        raise AssertionError("a playout never draws bits: the engine's draws must be mirrored")

    def copy(self) -> Chance:
        raise AssertionError("a replayed world is never cloned")


def draws_in(log: Any) -> tuple[Draw, ...]:
    """The draws a kernel recorded in ``log`` (``playout_kernels.draw_log``), in order."""
    found: list[Draw] = []
    at, end = 1, int(log[0])
    while at < end:
        kind, size = int(log[at]), int(log[at + 1])
        values = tuple(int(v) for v in log[at + 2 : at + 2 + size])
        found.append(Draw("shuffle" if kind == 0 else "randrange", values))
        at += 2 + size
    return tuple(found)


def traced(
    active: Callable[[], Sequence[int]],
    legal: Callable[[int], Sequence[int]],
    move: Callable[[int, int, Any], None],
    chosen: Callable[[int], int],
    new_log: Callable[[], Any],
    max_moves: int,
) -> tuple[bool, tuple[Step, ...]]:
    """Play a kernel's world out one move at a time from Python, recording each step: the
    loop every game's compiled playout runs, here with its pieces called one by one.
    ``active()`` the seats to act (in seat order; none once the game is over),
    ``legal(seat)`` their actions, ``chosen(n)`` the playout's pick among n,
    ``move(seat, action, log)`` the move (its draws recorded in ``log``, a fresh
    ``new_log()``). Returns whether the game ended (not cut at ``max_moves``) and the steps.
    """
    steps: list[Step] = []
    while True:
        seats = list(active())
        if not seats:
            return True, tuple(steps)
        if len(steps) >= max_moves:
            return False, tuple(steps)
        for seat in seats:
            actions = tuple(int(a) for a in legal(seat))
            action = actions[chosen(len(actions))]
            log = new_log()
            move(seat, action, log)
            steps.append(Step(seat, actions, action, draws_in(log)))
