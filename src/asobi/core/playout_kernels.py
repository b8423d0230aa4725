"""What every compiled playout (:mod:`asobi.core.playouts`) draws its chance from: a
splitmix64 generator held in a one-word array, so that a playout is a function of its seed
alone (numba's own ``np.random`` is one hidden state per thread), and the record of its
draws that a traced playout returns.

numba compiles these into each game's kernels that call them (``cache=True``: once per
install, then loaded from ``__pycache__``).
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numpy.typing import NDArray

compiled = njit(cache=True, nogil=True)

SHUFFLE = 0  # a draw's kind in a trace (Draw.kind "shuffle")
RANDRANGE = 1  # (Draw.kind "randrange")

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)


def generator(seed: int) -> NDArray[np.uint64]:
    """A generator's state for ``seed`` (any int; 64 bits of it are used)."""
    return np.array([seed & 0xFFFF_FFFF_FFFF_FFFF], dtype=np.uint64)


@compiled
def next_word(state: NDArray[np.uint64]) -> np.uint64:
    """The next 64 random bits (splitmix64: Steele, Lea and Flood, 2014)."""
    state[0] += _GOLDEN
    z: np.uint64 = state[0]
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@compiled
def below(state: NDArray[np.uint64], n: int) -> int:
    """A uniform integer in [0, n), n ≥ 1: a word below the largest multiple of n is taken
    modulo n, any other drawn again, so that no value is likelier than another."""
    m = np.uint64(n)
    threshold = (np.uint64(0) - m) % m  # 2**64 mod n: the words past the last multiple
    while True:
        word = next_word(state)
        if word >= threshold:
            return int(word % m)


@compiled
def shuffle_order(state: NDArray[np.uint64], n: int) -> NDArray[np.int64]:
    """A uniformly random order of n places (Fisher–Yates): ``order[i]`` is the place, before
    the shuffle, of the item put at ``i`` (what :class:`asobi.core.playouts.Draw` records)."""
    order = np.arange(n, dtype=np.int64)
    for i in range(n - 1, 0, -1):
        j = below(state, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


# --- the record of a traced playout's draws --------------------------------------------------
# A log is an int64 array: ``log[0]`` the words used so far, then each draw as its kind, its
# length and its values. An empty array means "not traced": nothing is recorded.


def draw_log(size: int = 1 << 16) -> NDArray[np.int64]:
    """An empty log for a traced move's draws (``no_log()`` when not tracing)."""
    log = np.zeros(size, dtype=np.int64)
    log[0] = 1
    return log


def no_log() -> NDArray[np.int64]:
    """The log of a playout that is not traced: nothing is recorded in it."""
    return np.zeros(0, dtype=np.int64)


@compiled
def record(log: NDArray[np.int64], kind: int, values: NDArray[np.int64]) -> None:
    """Record a draw of ``kind`` (``SHUFFLE``, ``RANDRANGE``) in ``log``, if it is kept."""
    if log.size == 0:
        return
    at = log[0]
    log[at] = kind
    log[at + 1] = values.size
    log[at + 2 : at + 2 + values.size] = values
    log[0] = at + 2 + values.size


@compiled
def shuffled(state: NDArray[np.uint64], items: NDArray[np.int64], log: NDArray[np.int64]) -> None:
    """Shuffle ``items`` in place, as the engine's ``Chance.shuffle`` does a list, and
    record the order drawn."""
    order = shuffle_order(state, items.size)
    items[:] = items[order]
    record(log, SHUFFLE, order)


@compiled
def drawn_below(state: NDArray[np.uint64], n: int, log: NDArray[np.int64]) -> int:
    """``Chance.randrange(n)``'s counterpart, recorded."""
    value = below(state, n)
    record(log, RANDRANGE, np.array([value], dtype=np.int64))
    return value
