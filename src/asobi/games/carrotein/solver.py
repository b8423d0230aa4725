"""The constellation solver: can two boards hide all but at most 2 centre points, and where?

How it searches
---------------
A centre point (中心点) is hidden by a board lying at pose (t, o) — translation t,
orientation o (turn, turned over or not) — exactly when ``p - t`` lies in the board's
*hiding region* H(o): its rabbit figure shrunk by the centre point's radius, turned to o.

1. **A coarse look.** For each orientation on a grid of turns (``Eye.turn`` degrees apart,
   both sides) the solver draws H(o), grown by ``Eye.slack`` mm, as a bitmap of ``Eye.cell``
   mm cells (once per process). Laying the bitmap, flipped, at each centre point (snapped to
   the grid) and OR-ing in the point's bit gives, for every translation on the grid, the set
   of centre points that a pose *near* it may hide: a bit mask per cell. The slack makes the
   masks hopeful, so that a pose between grid points is not missed.
2. **Pairing.** Two masks, one per board, that leave at most 2 centre points out make a
   candidate. Masks that cannot get there even with the other board's best are dropped
   first; the rest are paired with numpy. Two boards may not overlap, and their plates are
   convex, so a line lies between them: for each mask the solver also knows how far its
   plate can stay back along each of ``DIRECTIONS`` directions (over the poses that give
   the mask), and a pair of masks whose plates cannot lie apart along any of them comes
   last. Among the rest: fewest points left out, the challenger's gain, most room apart.
3. **Placing for real.** For each candidate, each board's pose is refined continuously
   (a pattern search over x, y and the turn, on a distance field of the figure and the
   plates' separating axes) to hide its points with a margin, off the other's plate —
   starting from the middle of its mask's poses, then, if that fails, from the poses of
   the masks that truly come nearest to hiding the points (the masks are hopeful), then
   from the poses that keep the two plates farthest apart. The two boards go to the judge
   (:func:`~asobi.games.carrotein.sky.judge`), which also refuses overlapping boards. A
   solution is only ever reported after the judge accepted it. A candidate whose plates
   cannot lie apart is given up once its first ``OVERLAPPED`` starts have all left the two
   boards on each other (most such candidates do from every start).

**Asked again, one chip more.** A bot weighs a spot by asking a new solver about the sky as
it is and that chip. Such a solver grows its caps from the solver of the sky as it is
(``base``): only the counts under the new chip's bitmaps change. Its cells it looks at
afresh: the look is compiled (``kernels``), every orientation in one pass, and costs less
than growing each orientation's cells. Refinements are shared between a bot's solvers
(:class:`Memo`). Neither changes an answer, to the last bit
(``tests/games/carrotein/test_carrotein_solver_reuse.py``): the bot only moves sooner.

**Compiled.** The inner loops — the look, the masks' reach, the pairs of masks, the
weighing of poses, the refinements and the plates' overlaps — are numba functions in
``kernels.py``, each the arithmetic of its numpy form in the same order, held to it to the
last bit by ``tests/games/carrotein/test_carrotein_kernels.py``. So is the judge's verdict
on a pair of poses wherever it is sure (:func:`_sure_verdict`; the judge's own shapely
geometry decides the rest).

**Asked again, the same.** Bots place their chips on the grid spots nearest the stars, so
the same skies come back round after round and game after game. The bots and the game's
own solver of a process share one :class:`Answers` (whole answers, by the question) and
one :class:`Memo` per eye (refinements, the judge's verdicts, and the coarse looks of the
last skies: :class:`_Look`); each answer is the one a solver alone would give, to the last
bit (``tests/games/carrotein/test_carrotein_speedups.py``), so a balance simulation plays
the same moves, only sooner: after some games, most questions have been answered.

:func:`reference_solve` is the same idea made slow and exhaustive — a far finer grid, a
slack that covers every pose between its grid points, and every candidate refined — and the
fast solver is measured against it (``benchmarks/bench_carrotein.py``).
"""

from __future__ import annotations

import math
import struct
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, cached_property, lru_cache
from itertools import combinations
from typing import Any

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely import affinity

from asobi.core.errors import IllegalAction
from asobi.core.lazy import LazyModule
from asobi.games.carrotein.sky import (
    TOUCH,
    Board,
    Pose,
    Sky,
    Verdict,
    cos_sin,
    default_sky,
    judge,
)

# The compiled kernels, imported when first used: numba takes a quarter of a second to
# import, and a command that only lists the games (its help) imports this module.
kernels: Any = LazyModule("asobi.games.carrotein.kernels")

MOST_SHOWN = 2  # "2つだけ隠せない【中心点】があったがそれ以外は全て隠せた" still succeeds
WORD = 64  # centre points per mask word
CLEARANCE = 0.2  # mm: a refined pose keeps each centre point this far inside (judge's rounding)
GIVE_UP = 4.0  # mm: a point farther out than this no longer pulls a board while refining
OVERLAP_STEP = 1.0  # overlapping boards cost as much as a point a millimetre out ...
OVERLAP_PER_MM = 1.0  # ... and more the deeper they overlap
NEAR = 2  # the first look pairs masks within this many points of each board's best
FINEST = 0.1  # mm (and degrees): refining stops at this step
# mm: the compiled verdict's decisions this far from their lines are the judge's (whose
# geometry differs from it in the last bits, some 1e-13 mm); nearer, the judge decides.
SURE = 1e-7
SURE_AREA = 1e-6  # mm²: plates with more in common overlap (the judge allows a touch, 1e-9)
GOOD = 48  # poses of each board's mask weighed together for a candidate's second start
TOGETHER = 6  # the best pairs of those tried: the plates of the best can overlap too deep to part
# Starts of a candidate whose plates cannot lie apart that all end with the boards on each
# other, before it is given up: in 2 layouts a family at each count of the corpus, 5,800 of
# 7,200 such candidates overlapped from every start (three fifths of the refining), and 1 of
# their 23 successes came after the first four had.
OVERLAPPED = 4


@dataclass(frozen=True)
class Eye:
    """How a solver looks: the turns it tries (degrees apart), its cell (mm), how hopeful its
    masks are (``slack``, mm), how many candidate pairs of masks it places for real, and how
    many pairs of boards it tries when asked about any two."""

    turn: float
    cell: float
    slack: float
    tries: int
    pairs: int = 21  # pairs of boards tried when any two may do, the likeliest first

    def __hash__(self) -> int:
        # The dataclass's hash, worked out once: every answer looked up hashes the eye.
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash((self.turn, self.cell, self.slack, self.tries, self.pairs))

    @cached_property
    def orientations(self) -> tuple[tuple[float, bool], ...]:
        steps = max(1, round(360 / self.turn))
        return tuple(
            (k * 360 / steps, mirrored) for mirrored in (False, True) for k in range(steps)
        )


PERFECT = Eye(turn=6.0, cell=2.0, slack=3.0, tries=12)  # the game's solver, every pair
GOOD_EYE = Eye(turn=15.0, cell=4.0, slack=2.0, tries=4, pairs=4)  # sees a coarse search only
BEGINNER = Eye(turn=45.0, cell=6.0, slack=1.0, tries=2, pairs=2)  # tries a few obvious poses
# Slow and exhaustive: 1° turns and 1 mm cells, with a slack that covers any pose between
# grid points (half a cell's diagonal, and 1° of turn at 110 mm, past any board's figure).
REFERENCE = Eye(turn=2.0, cell=1.0, slack=0.71 + 110 * math.radians(1.0), tries=2_000)


@dataclass(frozen=True)
class Attempt:
    """The best placement found for two boards, and the judge's verdict on it."""

    boards: tuple[str, str]
    poses: tuple[Pose, Pose]
    verdict: Verdict

    @property
    def success(self) -> bool:
        return self.verdict.success


# --- the boards made fast to query ------------------------------------------------------------
DIRECTIONS = 36  # separating lines tried between two boards' plates, 10° apart
_HEADINGS = np.arange(DIRECTIONS) * 2 * np.pi / DIRECTIONS
_UNITS = np.stack([np.cos(_HEADINGS), np.sin(_HEADINGS)], axis=1)
_OPPOSITE = (np.arange(DIRECTIONS) + DIRECTIONS // 2) % DIRECTIONS
FIELD = 0.5  # mm between samples of a figure's distance field
PLATE_GAP = 0.3  # mm kept between refined plates, so that rounding a pose cannot make them meet


_Turns = tuple[NDArray[np.float64], NDArray[np.float64]]


def _turns(angle: NDArray[np.float64]) -> _Turns:
    """The cosine and sine of each turn of ``angle`` (degrees, ``(P,)``) as columns
    ``(P, 1)``."""
    turn = np.radians(angle)[:, None]
    return np.cos(turn), np.sin(turn)


def _turned(points: NDArray[np.float64], turns: _Turns, mirrored: bool) -> NDArray[np.float64]:
    """Points in a board's own frame (``(m, 2)``) at each of ``P`` turns (:func:`_turns`),
    turned over first when ``mirrored``: ``(P, m, 2)``, about the board's origin."""
    x = -points[:, 0] if mirrored else points[:, 0]
    y = points[:, 1]
    c, s = turns
    out = np.empty((len(c), len(points), 2))
    out[:, :, 0] = c * x - s * y
    out[:, :, 1] = s * x + c * y
    return out


def _row(pose: Pose) -> NDArray[np.float64]:
    """One pose as the ``(1, 3)`` array of x, y and turn that the fast queries take."""
    return np.array([[pose.x, pose.y, pose.angle]])


class _Shapes:
    """One board, fast to query many poses at once: its figure as a signed distance field
    (sampled every ``FIELD`` mm, read between samples bilinearly) and its plate as the
    corners of its convex hull, both in the board's own frame.

    The queries that are the refinement's inner loop are compiled (``kernels``)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        pad = GIVE_UP + CLEARANCE + 2.0  # farther out than this, a point no longer pulls
        minx, miny, maxx, maxy = board.figure.bounds
        xs = np.arange(minx - pad, maxx + pad + FIELD, FIELD)
        ys = np.arange(miny - pad, maxy + pad + FIELD, FIELD)
        gx, gy = np.meshgrid(xs, ys, indexing="ij")
        figure, edges = board.figure, board.figure.boundary
        shapely.prepare(figure)
        shapely.prepare(edges)
        inside = shapely.contains_xy(figure, gx, gy)
        distance = shapely.distance(edges, shapely.points(gx, gy))
        self.field = np.ascontiguousarray(np.where(inside, distance, -distance))
        self.x0, self.y0 = float(xs[0]), float(ys[0])
        self.hull = shapely.get_coordinates(board.plate.convex_hull)[:-1]  # closed ring
        sides = np.roll(self.hull, -1, axis=0) - self.hull
        self.normals = np.stack([-sides[:, 1], sides[:, 0]], 1) / np.hypot(*sides.T)[:, None]
        # The hull's corners then its edges' normals, by side (``[int(mirrored)]``: turned
        # over, x is negated): turned in one go.
        outline = np.concatenate([self.hull, self.normals])
        self.outlines = np.stack([outline, outline * [-1.0, 1.0]])
        # The figure's rings, each closed, one after another, and where each ends: for the
        # judge's verdict where it is sure (``kernels.verdict``; the plate is its hull).
        rings = shapely.get_rings(shapely.get_parts(figure))
        self.rings = np.ascontiguousarray(shapely.get_coordinates(rings))
        self.ring_ends = np.cumsum(shapely.get_num_coordinates(rings)).astype(np.int64)
        # What the compiled kernels read of the board, by side (``kernels.NY``...): the
        # field's rows, the last sample they read from, its origin and step in the board's
        # frame (turned over, x is negated), and the hull's corners.
        nx, ny = self.field.shape
        self.flat = self.field.reshape(-1)
        self.constants = np.array([
            [ny, nx - 2.0, ny - 2.0, sign * self.x0, self.y0, sign * FIELD, FIELD, len(self.hull)]
            for sign in (1.0, -1.0)
        ])  # fmt: skip

    def margins(
        self, poses: NDArray[np.float64], mirrored: bool, xs: NDArray[np.float64],
        ys: NDArray[np.float64], radius: float,
    ) -> NDArray[np.float64]:  # fmt: skip
        """For each pose (rows of x, y, turn) and centre point: how far inside (+) or outside
        (-) of being hidden it is, in mm — ``(P, N)`` (compiled: ``kernels.margins``, the
        refinement's own reading)."""
        out: NDArray[np.float64] = kernels.margins(
            np.ascontiguousarray(poses, dtype=float), xs, ys, self.flat,
            self.constants[int(mirrored)], radius,
        )  # fmt: skip
        return out

    def values(
        self, cells: NDArray[np.float64], angles: NDArray[np.float64], sides: NDArray[np.bool_],
        xs: NDArray[np.float64], ys: NDArray[np.float64], radius: float,
    ) -> NDArray[np.float64]:  # fmt: skip
        """How near each pose (translation, turn, side) comes to hiding the points at
        ``xs``, ``ys`` with the clearance: the depths of the points left out (each as far
        as ``GIVE_UP`` at most) summed, plus a thousandth of the least (compiled:
        ``kernels.pose_values``)."""
        out: NDArray[np.float64] = kernels.pose_values(
            cells, angles, sides, xs, ys, self.flat, self.constants, _knobs(radius)
        )
        return out

    def support(self, angle: float, mirrored: bool) -> NDArray[np.float64]:
        """How far the plate reaches from the board's origin along each separating
        direction, at one orientation: ``(DIRECTIONS,)``."""
        corners = _turned(self.hull, _turns(np.array([angle])), mirrored)[0]
        reach: NDArray[np.float64] = (corners @ _UNITS.T).max(axis=0)
        return reach


_SHAPES: dict[int, _Shapes] = {}


def _shapes(board: Board) -> _Shapes:
    """Kept per board object (hashing a board's geometry costs more than a query)."""
    kept = _SHAPES.get(id(board))
    if kept is None or kept.board is not board:
        kept = _SHAPES[id(board)] = _Shapes(board)
    return kept


# --- the coarse look ---------------------------------------------------------------------
@dataclass(frozen=True)
class _Bitmap:
    """H(o) grown by the slack, in cells of the translation grid, flipped (ready to be laid
    at a centre point); cell [0, 0] of the unflipped bitmap is board point (a0, b0) cells.
    ``support``: how far the plate reaches along each separating direction."""

    flipped: NDArray[np.uint64]
    a0: int
    b0: int
    ones: NDArray[np.uint8]  # the same, for counting
    support: NDArray[np.float64]


@cache
def _bitmaps(board: Board, eye: Eye, radius: float) -> tuple[_Bitmap, ...]:
    """One bitmap per orientation of ``eye`` (cached: boards never change)."""
    region = board.figure.buffer(eye.slack - radius, quad_segs=8)
    shapes = _shapes(board)
    out = []
    for angle, mirrored in eye.orientations:
        shape = region
        if mirrored:
            shape = affinity.scale(shape, xfact=-1.0, yfact=1.0, origin=(0, 0))
        shape = affinity.rotate(shape, angle, origin=(0, 0))
        minx, miny, maxx, maxy = shape.bounds
        a0, a1 = math.floor(minx / eye.cell), math.ceil(maxx / eye.cell)
        b0, b1 = math.floor(miny / eye.cell), math.ceil(maxy / eye.cell)
        xs, ys = np.meshgrid(
            np.arange(a0, a1 + 1) * eye.cell, np.arange(b0, b1 + 1) * eye.cell, indexing="ij"
        )
        inside = np.asarray(shapely.contains_xy(shape, xs, ys), dtype=bool)
        flipped = np.ascontiguousarray(inside[::-1, ::-1])
        out.append(
            _Bitmap(
                flipped.astype(np.uint64), a0, b0, flipped.astype(np.uint8),
                shapes.support(angle, mirrored),
            )
        )  # fmt: skip
    return tuple(out)


@dataclass(frozen=True)
class _Runs:
    """A board's bitmaps for every orientation (flipped, as :func:`_bitmaps` keeps them) as
    the compiled look and counts read them: runs of cells (each run's row, first column and
    end column; ``spans[span_from[k]:span_from[k + 1]]`` orientation k's), the size of
    the largest bitmap (rows, columns), the board cell of each bitmap's last row and column
    (``a0 + rows - 1``, ``b0 + columns - 1``: a window's cell [0, 0] lies that far behind
    the lowest centre point), and each orientation's plate's support."""

    spans: NDArray[np.int64]
    span_from: NDArray[np.int64]
    size: tuple[int, int]
    last: NDArray[np.int64]  # (orientations, 2)
    supports: NDArray[np.float64]  # (orientations, DIRECTIONS)


_RUNS: dict[int, tuple[tuple[_Bitmap, ...], _Runs]] = {}


def _runs(bitmaps: Sequence[_Bitmap]) -> _Runs:
    """:class:`_Runs` of a board's bitmaps, kept per tuple of bitmaps (they never change)."""
    kept = _RUNS.get(id(bitmaps))
    if kept is None or kept[0] is not bitmaps:
        runs, starts = [], [0]
        for bitmap in bitmaps:
            # Where each row's runs start and end (row by row, as the edges are found).
            edged = np.diff(np.pad(bitmap.ones.astype(np.int8), ((0, 0), (1, 1))), axis=1)
            rows, columns = np.nonzero(edged)
            runs.append(np.column_stack([rows[::2], columns[::2], columns[1::2]]))
            starts.append(starts[-1] + len(rows) // 2)
        sizes = np.array([bitmap.ones.shape for bitmap in bitmaps], dtype=np.int64)
        corners = np.array([(bitmap.a0, bitmap.b0) for bitmap in bitmaps], dtype=np.int64)
        largest = sizes.max(axis=0).tolist()
        kept = _RUNS[id(bitmaps)] = (
            tuple(bitmaps),
            _Runs(
                np.concatenate(runs).astype(np.int64), np.array(starts, dtype=np.int64),
                (largest[0], largest[1]), corners + sizes - 1,
                np.stack([bitmap.support for bitmap in bitmaps]),
            ),
        )  # fmt: skip
    return kept[1]


def prepare(sky: Sky, eye: Eye) -> None:
    """Build every board's shapes and bitmaps for ``eye`` now (some seconds, once a process),
    and load the compiled kernels, so that a bot in a hurry does not spend its first
    decision's time on them."""
    for board in sky.boards:
        _runs(_bitmaps(board, eye, sky.centre_radius))
    _load_kernels(sky)


@cache
def _load_kernels(sky: Sky) -> None:
    """Call each compiled kernel once with the types the solver gives it: numba loads its
    machine code on a function's first call of a process (some tenths of a second in all;
    on a fresh install it compiles them, some seconds)."""
    board, other = sky.boards[0], sky.boards[1]
    shapes, radius = _shapes(board), sky.centre_radius
    start = Pose(*sky.middle)
    xs, ys, one = np.array([start.x]), np.array([start.y]), np.ones(1)
    refine(board, start, xs, ys, one, radius, PERFECT, (other, _apart(sky, board, other, start)))
    shapes.margins(_row(start), False, xs, ys, radius)
    side = np.array([False])
    _overlaps(shapes, _row(start), side, (other, start))
    _best_off(
        shapes, np.array([[start.x, start.y]]), np.zeros(1), side, np.zeros(1), (other, start)
    )
    kernels.pair_overlaps(
        _row(start), side, shapes.outlines, len(shapes.hull), _row(start), side, shapes.outlines,
        len(shapes.hull),
    )  # fmt: skip
    bitmaps = _bitmaps(board, PERFECT, radius)
    for points in (2, 9, 17, 33):  # masks of 8, 16, 32 and 64 bits
        grid = _Grid([(start.x + k, start.y) for k in range(points)], PERFECT)
        grid.layers(bitmaps, 1, [True] + [False] * (len(bitmaps) - 1))
    # A ring of points: the search pairs masks and weighs the poses of their rows.
    ring = [
        (start.x + 70 * math.cos(k * math.pi / 4), start.y + 70 * math.sin(k * math.pi / 4))
        for k in range(8)
    ]  # fmt: skip
    Solver(sky, ring, PERFECT).pair(board, other)


def _bits(indices: Sequence[int], words: int) -> NDArray[np.uint64]:
    out = np.zeros(words, dtype=np.uint64)
    for i in indices:
        out[i // WORD] |= np.uint64(1 << (i % WORD))
    return out


def _members(mask: NDArray[np.uint64], n: int) -> list[int]:
    return [i for i in range(n) if int(mask[i // WORD]) >> (i % WORD) & 1]


def _popcount(words: NDArray[np.uint64]) -> NDArray[np.int64]:
    """Bits set per mask (the word axis first)."""
    counts: NDArray[np.int64] = np.bitwise_count(words).sum(axis=0, dtype=np.int64)
    return counts


def _groups(rows: NDArray[np.uint64]) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    """Equal rows of words grouped: the rows in group order, and where each group starts in
    that order (one stable sort)."""
    new = np.ones(len(rows), dtype=bool)
    if rows.shape[1] > 1:
        order = np.lexsort(rows.T[::-1])
        ordered = rows[order]
        new[1:] = (ordered[1:] != ordered[:-1]).any(axis=1)
        return order, np.flatnonzero(new)
    key = rows[:, 0]
    if len(key) and int(key.max()) < 1 << 16:
        # A stable sort is the same permutation on any keys in the same order, and numpy
        # sorts 16-bit ones by radix: about twice as fast (up to 16 centre points).
        key = key.astype(np.uint16)
    order = np.argsort(key, kind="stable")
    ordered = key[order]
    new[1:] = ordered[1:] != ordered[:-1]
    return order, np.flatnonzero(new)


@dataclass(frozen=True)
class _Cells:
    """A board's grid cells of at least some points, orientation after orientation, each
    orientation's sorted by mask, then by translation. A *row* is a run of one
    orientation's cells with the same mask: row ``r`` is ``t[start[r]:start[r + 1]]``
    (the last ends with ``t``), in orientation ``k[r]``."""

    t: NDArray[np.float64]  # (cells, 2): grid translations, in mm
    words: NDArray[np.uint64]  # (cells, words): each cell's mask
    k: NDArray[np.int64]  # per row: its orientation
    start: NDArray[np.int64]  # per row: its first cell

    @staticmethod
    def none(words: int) -> _Cells:
        rows = np.zeros(0, dtype=np.int64)
        return _Cells(np.zeros((0, 2)), np.zeros((0, words), np.uint64), rows, rows)

    @staticmethod
    def joined(parts: Sequence[_Cells], words: int) -> _Cells:
        """The cells of ``parts`` (orientations), one after another."""
        if not parts:
            return _Cells.none(words)
        offsets = np.cumsum([0, *[len(part.t) for part in parts[:-1]]]).tolist()
        starts = [part.start + offset for part, offset in zip(parts, offsets, strict=True)]
        return _Cells(
            np.concatenate([part.t for part in parts]),
            np.concatenate([part.words for part in parts]),
            np.concatenate([part.k for part in parts]),
            np.concatenate(starts),
        )

    @property
    def stop(self) -> NDArray[np.int64]:
        """Per row: where its cells end."""
        return np.append(self.start[1:], len(self.t))

    def above(self, floor: int) -> _Cells:
        """Only the rows of at least ``floor`` points: the same cells in the same order, and
        so the same rows, as from scratch."""
        sizes = self.stop - self.start
        enough = _popcount(self.words[self.start].T) >= floor
        rows = np.flatnonzero(enough)
        cells = np.flatnonzero(np.repeat(enough, sizes))
        start = np.cumsum(sizes[rows]) - sizes[rows]
        return _Cells(self.t[cells], self.words[cells], self.k[rows], start)


@dataclass(frozen=True)
class _Masks:
    """Distinct hopeful masks of one board (``words[m]``) and the poses that give each: to
    start a refinement from, and to tell where its plate can be along each separating
    direction — the least far forward it can reach and the farthest back it can start
    (``kernels.mask_reach``, worked out for the masks a pairing weighs).

    Poses are kept as *rows*: a row is one orientation's grid cells giving one mask
    (``t[row_start[r]:row_stop[r]]``, translations in mm, as :class:`_Cells` keeps them);
    mask ``m``'s rows are ``row_order[row_from[m]:row_to[m]]``."""

    words: NDArray[np.uint64]  # (masks, words)
    deepest: NDArray[np.intp]  # per mask, its row with the most cells
    row_order: NDArray[np.intp]
    row_from: NDArray[np.intp]
    row_to: NDArray[np.intp]
    row_k: NDArray[np.intp]  # per row: orientation, and its cells, t[row_start:row_stop]
    row_start: NDArray[np.intp]
    row_stop: NDArray[np.intp]
    t: NDArray[np.float64]
    eye: Eye
    supports: NDArray[np.float64]  # (orientations, DIRECTIONS)
    # A mask's poses (``gathered``) and their weighing against some points (``values``),
    # kept: a candidate's starts weigh them more than once, and masks come back in other
    # candidates. Not copied by ``replace``: the masks of a copy are others.
    _weighed: dict[tuple[int, bytes], NDArray[np.float64]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    _gathered: dict[
        int, tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.bool_], NDArray[np.int64]]
    ] = field(default_factory=dict, init=False, compare=False, repr=False)

    @staticmethod
    def of(cells: _Cells, supports: NDArray[np.float64], eye: Eye) -> _Masks:
        """The masks of a board's cells (``supports``: its orientations' plates')."""
        if not len(cells.start):
            none = np.zeros(0, dtype=np.intp)
            return _Masks(
                cells.words[:0], none, none, none, none, none, none, none, cells.t, eye, supports
            )  # fmt: skip
        stop = cells.stop
        rows = cells.words[cells.start]
        # The same mask from several orientations is one mask, with all their rows.
        order, starts = _groups(rows)
        stops = np.append(starts[1:], len(order))
        group = np.repeat(np.arange(len(starts)), stops - starts)
        size = stop - cells.start
        by_size = np.lexsort((-size[order], group))  # within each group, the biggest first
        return _Masks(
            words=rows[order[starts]],
            deepest=order[by_size[starts]],
            row_order=order,
            row_from=starts,
            row_to=stops,
            row_k=cells.k,
            row_start=cells.start,
            row_stop=stop,
            t=cells.t,
            eye=eye,
            supports=supports,
        )

    def __len__(self) -> int:
        return len(self.words)

    def at_least(self, count: int) -> _Masks:
        """Only the masks of at least ``count`` points."""
        keep = _popcount(self.words.T) >= count
        return replace(
            self, words=self.words[keep], deepest=self.deepest[keep],
            row_from=self.row_from[keep], row_to=self.row_to[keep],
        )  # fmt: skip

    @property
    def rows(self) -> tuple[NDArray[Any], ...]:
        """The rows as ``kernels.mask_reach`` reads them, with their cells and the
        orientations' plates' support."""
        return (
            self.row_order, self.row_from, self.row_to, self.row_start, self.row_stop,
            self.row_k, self.t, self.supports,
        )  # fmt: skip

    def _cells(self, row: int) -> NDArray[np.float64]:
        return self.t[self.row_start[row] : self.row_stop[row]]

    def _pose(self, row: int, at: NDArray[np.float64]) -> Pose:
        """The pose at translation ``at`` in the orientation of ``row``."""
        angle, mirrored = self.eye.orientations[int(self.row_k[row])]
        return Pose(float(at[0]), float(at[1]), angle, mirrored)

    def deepest_pose(self, m: int) -> Pose:
        """The middle of the most cells giving mask ``m`` in one orientation: the deepest
        inside, the most room to spare."""
        row = int(self.deepest[m])
        return self._pose(row, self._cells(row).mean(axis=0))

    def gathered(
        self, m: int
    ) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.bool_], NDArray[np.int64]]:
        """Every pose giving mask ``m``, row by row: its translation, turn and side (turned
        over or not), and where each row's poses start (and the last's end). Kept for the
        last few masks asked about."""
        kept = self._gathered.get(m)
        if kept is None:
            rows = self.row_order[self.row_from[m] : self.row_to[m]].tolist()
            parts = [self._cells(row) for row in rows]
            sizes = [len(part) for part in parts]
            turns = [self.eye.orientations[int(self.row_k[row])] for row in rows]
            angles = np.repeat(np.array([angle for angle, _ in turns], dtype=float), sizes)
            sides = np.repeat(np.array([side for _, side in turns], dtype=bool), sizes)
            if len(self._gathered) >= 64:
                self._gathered.clear()
            kept = self._gathered[m] = (
                np.concatenate(parts),
                angles,
                sides,
                np.cumsum([0, *sizes]),
            )
        return kept

    def values(
        self, m: int, shapes: _Shapes, xs: NDArray[np.float64], ys: NDArray[np.float64],
        radius: float,
    ) -> NDArray[np.float64]:  # fmt: skip
        """How near each pose giving mask ``m`` (as :meth:`gathered` lists them) comes to
        hiding the points at ``xs``, ``ys`` (:meth:`_Shapes.values`), kept for the last
        few questions."""
        key = (m, np.concatenate([xs, ys, [radius]]).tobytes())
        value = self._weighed.get(key)
        if value is None:
            if len(self._weighed) >= 64:
                self._weighed.clear()
            cells, angles, sides, _ = self.gathered(m)
            value = self._weighed[key] = shapes.values(cells, angles, sides, xs, ys, radius)
        return value

    def good_poses(
        self, m: int, shapes: _Shapes, xs: NDArray[np.float64], ys: NDArray[np.float64],
        radius: float, count: int, direction: int | None = None, forward: bool = True,
    ) -> tuple[NDArray[np.float64], NDArray[np.bool_], NDArray[np.float64]]:  # fmt: skip
        """Of the poses giving mask ``m``, those that truly come nearest to hiding the points
        at ``xs``, ``ys`` with the clearance (read from the figure's distance field): the
        best of each orientation, then the ``count`` best of those (the first of equals).
        Returns their x, y and turn, whether turned over, and their shortfall (0: all
        hidden), deepest first. The masks are hopeful, so the middle of a mask's cells can
        lie where a point is out and a refinement stuck short of it, when another of its
        cells hides them all already; one per orientation keeps them varied, for when
        the best of one board is in the way of the other. Given a ``direction``, each
        orientation's as good as its best that lies farthest back along it (``forward``:
        the other board lies that way) comes too."""
        cells, angles, sides, bounds = self.gathered(m)
        value = self.values(m, shapes, xs, ys, radius)
        unit = _UNITS[0 if direction is None else direction]
        best, back = kernels.best_in_rows(
            cells, bounds, value, unit, forward, direction is not None
        )
        picks = best if direction is None else np.stack([best, back], 1).reshape(-1)
        order = np.argsort(-value[picks], kind="stable")[:count]
        picked = picks[order]
        return np.column_stack([cells[picked], angles[picked]]), sides[picked], value[picked]

    def extreme(self, m: int, direction: int, forward: bool) -> Pose:
        """The pose giving mask ``m`` whose plate reaches least far along ``direction``
        (``forward``), or starts farthest along it (compiled: ``kernels.extreme``)."""
        row, cell = kernels.extreme(
            self.rows, m, _UNITS[direction], direction, int(_OPPOSITE[direction]), forward
        )
        return self._pose(row, self.t[cell])


_UNSIGNED: tuple[type[np.unsignedinteger[Any]], ...] = (np.uint8, np.uint16, np.uint32, np.uint64)


class _Grid:
    """The centre points snapped to an eye's grid."""

    def __init__(self, centres: Sequence[tuple[float, float]], eye: Eye) -> None:
        pts = np.array(centres, dtype=float).reshape(-1, 2)
        self.n = len(pts)
        self.eye = eye
        self.u = np.rint(pts[:, 0] / eye.cell).astype(np.int64)
        self.v = np.rint(pts[:, 1] / eye.cell).astype(np.int64)
        self.words = max(1, -(-self.n // WORD))
        # The narrowest unsigned type that holds a mask (a few points: bytes, not eight of
        # them: the work of a look is in writing and reading its windows).
        self.dtype: type[np.unsignedinteger[Any]] = np.uint64
        if self.words == 1:
            self.dtype = next(t for t in _UNSIGNED if self.n <= 8 * np.dtype(t).itemsize)

    def accumulate(self, bitmap: _Bitmap) -> tuple[NDArray[np.unsignedinteger], int, int]:
        """For every grid translation, the mask of centre points a pose there may hide; and
        the grid translation of cell [0, 0]. The masks are words of :attr:`dtype`."""
        dtype = self.dtype
        ones = bitmap.ones
        wa, wb = ones.shape
        umin, vmin = int(self.u.min()), int(self.v.min())
        shape = (self.words, int(self.u.max()) - umin + wa, int(self.v.max()) - vmin + wb)
        acc = np.zeros(shape, dtype=dtype)
        shifted = np.empty(ones.shape, dtype=dtype)
        us, vs = (self.u - umin).tolist(), (self.v - vmin).tolist()
        for i, (du, dv) in enumerate(zip(us, vs, strict=True)):
            np.left_shift(ones, dtype(i % WORD), out=shifted)
            window = acc[i // WORD, du : du + wa, dv : dv + wb]
            np.bitwise_or(window, shifted, out=window)
        # Window cell k holds board cell a1 - k, so cell 0 is translation umin - a1.
        return acc, umin - (bitmap.a0 + wa - 1), vmin - (bitmap.b0 + wb - 1)

    def caps(self, bitmaps: Sequence[_Bitmap]) -> list[int]:
        """Per orientation, the most centre points one pose may hide."""
        return self.counts(bitmaps)[1]

    def counts(self, bitmaps: Sequence[_Bitmap]) -> tuple[NDArray[np.uint8], list[int]]:
        """Per orientation, how many centre points a pose may hide at each grid translation
        (cell [0, 0] lies at the translation of the lowest u and v, less the bitmap's), and
        the most (its cap). All orientations are counted in one compiled call
        (``kernels.counts``) on a window that fits the largest bitmap: ``(orientations,
        width, height)``, 0 past an orientation's own bitmap."""
        runs = _runs(bitmaps)
        wa, wb = runs.size
        umin, vmin = int(self.u.min()), int(self.v.min())
        width, height = int(self.u.max()) - umin, int(self.v.max()) - vmin
        count, caps = kernels.counts(
            self.u - umin, self.v - vmin, runs.spans, runs.span_from, width + wa, height + wb
        )
        return count, caps.tolist()

    def grown_caps(
        self, base: _Grid, count: NDArray[np.uint8], caps: Sequence[int],
        bitmaps: Sequence[_Bitmap],
    ) -> list[int]:  # fmt: skip
        """:meth:`caps`, from the counts (``count``) and ``caps`` of ``base``, whose centre
        points are these but the last: the counts change only under the last one's bitmap
        (compiled: ``kernels.grown_caps``)."""
        du, dv = int(self.u[-1]) - int(base.u.min()), int(self.v[-1]) - int(base.v.min())
        runs = _runs(bitmaps)
        grown: list[int] = kernels.grown_caps(
            count, np.array(caps), runs.spans, runs.span_from, du, dv
        ).tolist()
        return grown

    def layer(self, bitmap: _Bitmap, floor: int, k: int) -> _Cells:
        """Orientation ``k``'s cells of at least ``floor`` points (at least 1)."""
        acc, gx0, gy0 = self.accumulate(bitmap)
        xs, ys = np.nonzero(_popcount(acc) >= max(floor, 1))
        found = acc[:, xs, ys].T.astype(np.uint64, order="C")  # (cells, words)
        order, starts = _groups(found)
        grid = np.stack([gx0 + xs[order], gy0 + ys[order]], 1)
        t = (grid * self.eye.cell).astype(np.float64, copy=False)
        return _Cells(t, found[order], np.full(len(starts), k), starts.astype(np.int64))

    def layers(self, bitmaps: Sequence[_Bitmap], floor: int, wanted: Sequence[bool]) -> _Cells:
        """:meth:`layer` for each orientation ``wanted``, one after another, all of them in
        one compiled call (``kernels.look``) on a window that fits the largest bitmap. An
        orientation's grid is :meth:`accumulate`'s with zero cells after it, which no floor
        keeps: the same cells in the same order, and so the same rows."""
        picked = [k for k, want in enumerate(wanted) if want]
        if self.words > 1:  # (over 64 points: one orientation at a time)
            return _Cells.joined([self.layer(bitmaps[k], floor, k) for k in picked], self.words)
        if not picked:
            return _Cells.none(self.words)
        runs = _runs(bitmaps)
        umin, vmin = int(self.u.min()), int(self.v.min())
        width = int(self.u.max()) - umin + runs.size[0]
        height = int(self.v.max()) - vmin + runs.size[1]
        chosen = np.array(picked)
        shifts = np.array([umin, vmin]) - runs.last[chosen]  # each window's cell [0, 0]
        window = np.zeros((width, height), dtype=self.dtype)
        return _Cells(
            *kernels.look(
                self.u - umin, self.v - vmin, runs.spans, runs.span_from, chosen, window,
                floor, 8 * -(-self.n // 8), shifts, self.eye.cell,
            )
        )  # fmt: skip


# --- placing for real ----------------------------------------------------------------------
_NOTHING_TO_AVOID = (np.zeros((0, 2)), np.zeros(4))


@cache
def _knobs(radius: float) -> NDArray[np.float64]:
    """The constants of a refinement, as ``kernels.RADIUS``... order them (made once: read,
    never written)."""
    knobs = np.array([radius, CLEARANCE, GIVE_UP, PLATE_GAP, OVERLAP_STEP, OVERLAP_PER_MM, FINEST])
    knobs.flags.writeable = False
    return knobs


def _avoided(avoid: tuple[Board, Pose] | None) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The other board's outline (its side up) and its pose with its hull's corners."""
    if avoid is None:
        return _NOTHING_TO_AVOID
    shapes, pose = _shapes(avoid[0]), avoid[1]
    outline = shapes.outlines[int(pose.mirrored)]
    return outline, np.array([pose.x, pose.y, pose.angle, len(shapes.hull)])


def shortfalls(
    board: Board, poses: NDArray[np.float64], mirrored: bool, xs: NDArray[np.float64],
    ys: NDArray[np.float64], weights: NDArray[np.float64], radius: float,
    avoid: tuple[Board, Pose] | None = None,
) -> NDArray[np.float64]:  # fmt: skip
    """Per pose (rows of x, y, turn), what a refinement climbs: the weighted depth of the
    points left out (0: all hidden with the clearance), each as far as ``GIVE_UP`` at most,
    less what overlapping the other board's plate (or coming closer than ``PLATE_GAP``)
    costs."""
    shapes = _shapes(board)
    outline, pose = _avoided(avoid)
    out: NDArray[np.float64] = kernels.shortfalls(
        np.ascontiguousarray(poses, dtype=float), xs, ys, weights, shapes.flat,
        shapes.constants[int(mirrored)], shapes.outlines[int(mirrored)], outline, pose,
        _knobs(radius),
    )  # fmt: skip
    return out


def refine(
    board: Board,
    start: Pose,
    xs: NDArray[np.float64],
    ys: NDArray[np.float64],
    weights: NDArray[np.float64],
    radius: float,
    eye: Eye,
    avoid: tuple[Board, Pose] | None = None,
) -> Pose:
    """Move ``board`` from ``start`` (same side up) to hide the given centre points, the
    heavier first, and off the other board's plate (``avoid``): a pattern search over x, y
    and the turn, from steps of a cell and half the eye's turn, halving them (compiled:
    ``kernels.refine``)."""
    shapes = _shapes(board)
    outline, pose = _avoided(avoid)
    x, y, angle = kernels.refine(
        start.x, start.y, start.angle, eye.cell, eye.turn / 2, xs, ys, weights, shapes.flat,
        shapes.constants[int(start.mirrored)], shapes.outlines[int(start.mirrored)], outline, pose,
        _knobs(radius),
    )  # fmt: skip
    return Pose(x, y, angle % 360, start.mirrored)


def _overlaps(
    shapes: _Shapes, poses: NDArray[np.float64], sides: NDArray[np.bool_],
    avoid: tuple[Board, Pose],
) -> NDArray[np.float64]:  # fmt: skip
    """How deep the board's plate at each pose (turned over where ``sides``) reaches into
    the plate of the board ``avoid`` at its pose, in mm, by separating axes: positive when
    they overlap, and when apart the (negative) gap along the best axis."""
    depth: NDArray[np.float64] = kernels.overlaps(
        np.ascontiguousarray(poses, dtype=float), np.ascontiguousarray(sides, dtype=bool),
        shapes.outlines, len(shapes.hull), *_avoided(avoid),
    )  # fmt: skip
    return depth


def _overlap_cost(depth: NDArray[np.float64]) -> NDArray[np.float64]:
    """What plates ``depth`` into each other (or closer than ``PLATE_GAP``) cost."""
    depth = depth + PLATE_GAP
    cost: NDArray[np.float64] = np.where(depth > 0, OVERLAP_STEP + OVERLAP_PER_MM * depth, 0.0)
    return cost


def _best_off(
    shapes: _Shapes, cells: NDArray[np.float64], angles: NDArray[np.float64],
    sides: NDArray[np.bool_], value: NDArray[np.float64], avoid: tuple[Board, Pose],
) -> int:  # fmt: skip
    """The pose (its index; translation ``cells``, turn ``angles``, turned over where
    ``sides``) of greatest ``value`` less what overlapping the plate of the board ``avoid``
    costs, the first of equals (compiled: ``kernels.best_off``, which weighs the overlap only
    of the poses that could still come level)."""
    best: int = kernels.best_off(
        cells, angles, sides, value, shapes.outlines, len(shapes.hull), *_avoided(avoid),
        _knobs(0.0),
    )  # fmt: skip
    return best


def hidden_by(
    board: Board, pose: Pose, xs: NDArray[np.float64], ys: NDArray[np.float64], radius: float
) -> NDArray[np.bool_]:
    """Which centre points ``board`` at ``pose`` hides, as the distance field reads it."""
    margins = _shapes(board).margins(_row(pose), pose.mirrored, xs, ys, radius)
    hidden: NDArray[np.bool_] = margins[0] >= 0
    return hidden


def _sure_verdict(
    sky: Sky, xs: NDArray[np.float64], ys: NDArray[np.float64], a: Board, pa: Pose, b: Board,
    pb: Pose,
) -> tuple[bool, Verdict | None]:  # fmt: skip
    """The judge's verdict on two boards where the compiled one is sure (some 10 µs where
    shapely takes some 200): (True, the verdict), or (True, None) where the boards overlap;
    (False, None) where the plates just touch or a point lies within ``SURE`` of a line
    the judge draws, and the judge's own geometry must decide."""
    shapes_a, shapes_b = _shapes(a), _shapes(b)
    status, hidden = kernels.verdict(
        xs, ys, shapes_a.rings, shapes_a.ring_ends, shapes_a.hull, _placing(pa),
        shapes_b.rings, shapes_b.ring_ends, shapes_b.hull, _placing(pb),
        sky.centre_radius - TOUCH, SURE, SURE_AREA,
    )  # fmt: skip
    if status == kernels.JUDGED:
        return True, Verdict(tuple(hidden.tolist()))
    return status == kernels.OVERLAP, None


def _placing(pose: Pose) -> NDArray[np.float64]:
    """A pose as ``kernels.verdict`` reads it: x, y, the turn's cosine and sine as the judge
    works them out, -1 turned over (else 1)."""
    cos, sin = cos_sin(pose.angle)
    return np.array([pose.x, pose.y, cos, sin, -1.0 if pose.mirrored else 1.0])


def _apart(sky: Sky, a: Board, b: Board, pose_a: Pose) -> Pose:
    """A pose for ``b`` clear of ``a`` (for a layout ``a`` hides alone)."""
    x = pose_a.x + a.reach + b.reach + 1.0
    if x > sky.width + b.reach:
        x = pose_a.x - a.reach - b.reach - 1.0
    return Pose(x, pose_a.y)


# --- the solver -----------------------------------------------------------------------------
_Key = tuple[str, bytes, bytes, bytes, bytes, str, bytes]


def _pose_bytes(pose: Pose) -> bytes:
    """A pose exactly, as a key (a float's bits: 0.0 and -0.0 are two poses here)."""
    return _POSE_BITS.pack(pose.x, pose.y, pose.angle, pose.mirrored)


_POSE_BITS = struct.Struct("=3d?")


@dataclass
class _Look:
    """What solvers of one sky found in their coarse look, each part as first asked for:
    per board, its orientations' caps and counts, its cells by floor, and its masks with
    the floor they go down to. Each is the same, to the last bit, however it was worked out
    (caps from scratch or grown from a ``base``'s, cells from scratch or from cells of
    fewer points: ``tests/games/carrotein/test_carrotein_solver_reuse.py``); the masks
    depend on the cells alone (the bots of a game weigh the same skies: the sky one has
    just made is the next one's)."""

    caps: dict[str, list[int]] = field(default_factory=dict)
    count_maps: dict[str, tuple[NDArray[np.uint8], list[int]]] = field(default_factory=dict)
    cells: dict[tuple[str, int], _Cells] = field(default_factory=dict)
    masks: dict[str, tuple[int, _Masks]] = field(default_factory=dict)


class Memo:
    """Refinements already made on one sky with one eye, for every :class:`Solver` given it.
    A refinement depends only on its board, start, centre points, weights and the board it
    avoids, so a bot weighing spots one solver each (the same chips and one more) finds many
    of them here: a spot away from a candidate's boards changes neither its starts nor its
    shares of the points. Kept for the last ``size`` refinements or so (cleared when full:
    a bot's next decisions ask about much the same chips).

    The judge's verdicts are kept the same way (the same poses come back), and the coarse
    looks of the last ``looks`` skies (:class:`_Look`, a few MB each): a solver given the
    memo takes up the look of its centre points where other solvers left it. A sky whose
    nearest spots fail comes back, and is weighed again with other spots, from the same
    cells."""

    def __init__(self, sky: Sky, eye: Eye, size: int = 20_000, looks: int = 8) -> None:
        self.sky = sky
        self.eye = eye
        self.size = size
        self._poses: dict[_Key, Pose] = {}
        self._verdicts: dict[tuple[str, bytes, str, bytes, bytes], Verdict | None] = {}
        self.looks = looks
        self._looks: OrderedDict[bytes, _Look] = OrderedDict()

    def look(self, key: bytes) -> _Look:
        """The look kept for the centre points of these bits (exactly), or a new one (the
        one asked least recently then goes)."""
        look = self._looks.get(key)
        if look is None:
            look = self._looks[key] = _Look()
            if len(self._looks) > self.looks:
                self._looks.popitem(last=False)
        else:
            self._looks.move_to_end(key)
        return look

    def refine(
        self, board: Board, start: Pose, xs: NDArray[np.float64], ys: NDArray[np.float64],
        weights: NDArray[np.float64], avoid: tuple[Board, Pose] | None,
    ) -> Pose:  # fmt: skip
        """:func:`refine` with this sky's radius and this eye, or its answer to the same
        question before."""
        key = (
            board.id, _pose_bytes(start), xs.tobytes(), ys.tobytes(), weights.tobytes(),
            "" if avoid is None else avoid[0].id,
            b"" if avoid is None else _pose_bytes(avoid[1]),
        )  # fmt: skip
        pose = self._poses.get(key)
        if pose is None:
            radius = self.sky.centre_radius
            pose = refine(board, start, xs, ys, weights, radius, self.eye, avoid)
            if len(self._poses) >= self.size:
                self._poses.clear()
            self._poses[key] = pose
        return pose

    def judge(
        self, centres: Sequence[tuple[float, float]], centres_key: bytes,
        xs: NDArray[np.float64], ys: NDArray[np.float64], a: Board, pa: Pose, b: Board,
        pb: Pose,
    ) -> Verdict | None:  # fmt: skip
        """The judge's verdict on ``a`` and ``b`` at these poses (None: they overlap), or its
        verdict on the same before (``centres_key``: the centre points' bits; ``xs``,
        ``ys``: the points). The same poses come back: the refinements of a pair of masks
        are often those of another, and a spot weighed again is judged again."""
        key = (a.id, _pose_bytes(pa), b.id, _pose_bytes(pb), centres_key)
        if key in self._verdicts:
            return self._verdicts[key]
        sure, verdict = _sure_verdict(self.sky, xs, ys, a, pa, b, pb)
        if not sure:
            try:
                verdict = judge(self.sky, centres, [(a, pa), (b, pb)])
            except IllegalAction:  # the boards overlap at these poses
                verdict = None
        if len(self._verdicts) >= self.size:
            self._verdicts.clear()
        self._verdicts[key] = verdict
        return verdict


class Solver:
    """Answers challenges on one layout, sharing each board's coarse look between pairs.

    ``weights`` rank successes: a centre point left out with a positive weight (the
    challenger's own chip, which then scores for them) is better than one with a negative
    weight (another player's, which scores for them).
    """

    def __init__(
        self,
        sky: Sky,
        centres: Sequence[tuple[float, float]],
        eye: Eye = PERFECT,
        weights: Sequence[float] | None = None,
        deadline: float | None = None,
        memo: Memo | None = None,
        base: Solver | None = None,
    ) -> None:
        self.sky = sky
        # A bot in a hurry (``time.perf_counter()`` to stop by): the search then gives its
        # best so far, so its answers depend on the machine. None: it searches to the end.
        self.deadline = deadline
        self.cuts = 0  # searches cut short by the deadline (their answers are not kept)
        self.centres = tuple(centres)
        self.eye = eye
        self.weights = tuple(weights) if weights is not None else (0.0,) * len(self.centres)
        self._xs = np.array([x for x, _ in self.centres], dtype=float)
        self._ys = np.array([y for _, y in self.centres], dtype=float)
        self._grid = _Grid(self.centres, eye) if self.centres else None
        # A solver of the same sky and eye whose centre points are these but the last (the
        # sky as it is, when a spot is weighed): its cells are grown by the new point's.
        self._base: Solver | None = None
        if base is not None and base.sky is sky and base.eye == eye:
            self._base = base if base.centres == self.centres[:-1] else None
        # Refinements shared with other solvers of this sky and eye (a bot's), else its own;
        # and with them, what solvers of the same centre points found in their coarse look.
        self._memo = memo if memo is not None else Memo(sky, eye)
        assert self._memo.sky is sky and self._memo.eye == eye, "a memo of another sky or eye"
        self._centres_key = np.array(self.centres, dtype=float).tobytes()  # their bits
        self._shared = memo is not None

    # What solvers of these centre points found in their coarse look, taken up when first
    # needed (a solver whose answer was known before never is: it keeps the memo's few
    # looks for the skies that are worked on).
    @cached_property
    def _look(self) -> _Look:
        return self._memo.look(self._centres_key) if self._shared else _Look()

    @cached_property
    def _caps(self) -> dict[str, list[int]]:
        return self._look.caps

    @cached_property
    def _count_maps(self) -> dict[str, tuple[NDArray[np.uint8], list[int]]]:
        return self._look.count_maps

    @cached_property
    def _kept(self) -> dict[str, tuple[int, _Masks]]:
        """Masks by board, and the floor they go down to."""
        return self._look.masks

    @cached_property
    def _cells(self) -> dict[tuple[str, int], _Cells]:
        """Cells by board and floor."""
        return self._look.cells

    def _bitmaps(self, board: Board) -> tuple[_Bitmap, ...]:
        return _bitmaps(board, self.eye, self.sky.centre_radius)

    def _orientation_caps(self, board: Board) -> list[int]:
        if self._grid is None:
            return [0]
        if board.id not in self._caps:
            bitmaps = self._bitmaps(board)
            base = self._base
            if base is not None and base._grid is not None:
                caps = base._orientation_caps(board)
                counts = base._counts(board)[0]
                self._caps[board.id] = self._grid.grown_caps(base._grid, counts, caps, bitmaps)
            elif self._shared:
                # With the counts, kept: the solvers of the spots a bot weighs on this sky
                # grow their caps from them (a solver of its own asks for none).
                self._caps[board.id] = self._counts(board)[1]
            else:
                self._caps[board.id] = self._grid.caps(bitmaps)
        return self._caps[board.id]

    def _counts(self, board: Board) -> tuple[NDArray[np.uint8], list[int]]:
        """:meth:`_Grid.counts` and caps (kept for the spots' solvers: some MB a board, so
        only for the boards they ask about)."""
        assert self._grid is not None
        if board.id not in self._count_maps:
            self._count_maps[board.id] = self._grid.counts(self._bitmaps(board))
        return self._count_maps[board.id]

    def _masks(self, board: Board, floor: int) -> _Masks:
        """The board's masks of at least ``floor`` points (kept: other pairs ask again)."""
        assert self._grid is not None
        kept = self._kept.get(board.id)
        if kept is None or kept[0] > floor:
            cells = self._layers(board, floor)
            masks = _Masks.of(cells, _runs(self._bitmaps(board)).supports, self.eye)
            kept = self._kept[board.id] = (floor, masks)
        return kept[1]

    def _layers(self, board: Board, floor: int) -> _Cells:
        """The board's cells of at least ``floor`` points (kept: other pairs ask again).
        Given a memo, the cells are those of every solver of the same centre points (its
        :class:`_Look`): from scratch or from cells of fewer points (:meth:`_Cells.above`),
        they are the same to the last bit. (A spot's solver looks afresh rather than
        growing the cells of its ``base``: the compiled look of every orientation costs
        less than growing each.)"""
        assert self._grid is not None
        key = (board.id, max(floor, 1))
        lower = [f for b, f in self._cells if b == board.id and f < key[1]]
        if key not in self._cells and lower:
            # Cells of fewer points asked before (by a pair with another board, or by a
            # spot's solver): these are some of them.
            self._cells[key] = self._cells[(board.id, max(lower))].above(key[1])
        if key not in self._cells:
            # No cell has more points than its orientation's cap.
            wanted = [cap >= key[1] for cap in self._orientation_caps(board)]
            self._cells[key] = self._grid.layers(self._bitmaps(board), floor, wanted)
        return self._cells[key]

    def cap(self, board: Board) -> int:
        """The most centre points ``board`` may hide at one pose (hopeful)."""
        return max(self._orientation_caps(board))

    def _judge(self, a: Board, b: Board, pa: Pose, pb: Pose) -> Attempt | None:
        pa, pb = pa.rounded(), pb.rounded()  # as an action's text code will carry them
        verdict = self._memo.judge(
            self.centres, self._centres_key, self._xs, self._ys, a, pa, b, pb
        )
        return None if verdict is None else Attempt((a.id, b.id), (pa, pb), verdict)

    def _key(self, attempt: Attempt) -> tuple[int, float]:
        """Smaller is better: points left out beyond the allowance, then the weight lost."""
        shown = [i for i, h in enumerate(attempt.verdict.hidden) if not h]
        return (max(0, len(shown) - MOST_SHOWN), -sum(self.weights[i] for i in shown))

    def _better(self, one: Attempt | None, other: Attempt | None) -> bool:
        return one is not None and (other is None or self._key(one) < self._key(other))

    def _settled(self, attempt: Attempt) -> bool:
        """A success that leaves out no point of negative weight cannot be bettered much."""
        return attempt.success and all(
            h or self.weights[i] >= 0 for i, h in enumerate(attempt.verdict.hidden)
        )

    def _late(self) -> bool:
        """Past the deadline: the search asking stops here, with its best so far."""
        late = self.deadline is not None and time.perf_counter() > self.deadline
        self.cuts += late
        return late

    def pair(self, a: Board, b: Board, any_success: bool = False) -> Attempt:
        """The best placement of ``a`` and ``b`` found: a success when the search finds one,
        otherwise the attempt leaving out the fewest centre points. With ``any_success``, the
        first success found (for a caller that asks only whether the sky can be done: the
        search would not turn it into a failure, only look on for a better success)."""
        start = Pose(*self.sky.middle)
        best = self._judge(a, b, start, _apart(self.sky, a, b, start))
        assert best is not None

        def done(best: Attempt) -> bool:
            return best.success and (any_success or self._settled(best))

        if self._grid is None or done(best):
            return best
        n = len(self.centres)
        caps_a, caps_b = self._orientation_caps(a), self._orientation_caps(b)
        need = n - MOST_SHOWN
        floor_a, floor_b = need - max(caps_b), need - max(caps_a)
        if max(caps_a) + max(caps_b) < need:
            return best  # hopeless: no two poses hide enough (a failure is a failure)
        if self._late():
            return best  # (a board's masks can take a fifth of a second to build)
        # Near-best masks first: most skies that can be done, can be with a board (nearly)
        # at its best; all the masks down to the floors only when that fails.
        stages = [(max(floor_a, max(caps_a) - NEAR), max(floor_b, max(caps_b) - NEAR))]
        if stages[0] != (floor_a, floor_b):
            stages.append((floor_a, floor_b))
        tried: set[tuple[bytes, bytes, int]] = set()
        for stage_a, stage_b in stages:
            # Each board's masks down to the stage's floor only: the cells of fewer points
            # (most of the work) are built when the near-best ones have failed.
            masks_a = self._masks(a, stage_a).at_least(stage_a)
            masks_b = self._masks(b, stage_b).at_least(stage_b)
            for i, j, direction, apart in self._candidates(masks_a, masks_b):
                # A pair of masks is placed once: the masks of a lower stage include the
                # higher one's, each with the same poses, and so the same placement.
                placed = (
                    b"" if i < 0 else masks_a.words[i].tobytes(),
                    b"" if j < 0 else masks_b.words[j].tobytes(),
                    direction,
                )
                if placed in tried:
                    continue
                tried.add(placed)
                found = self._place(a, b, masks_a, masks_b, i, j, direction, apart)
                if found is not None and self._better(found, best):
                    best = found
                if done(best) or self._late():
                    return best
            if best.success:
                break
        return best

    def _candidates(self, ma: _Masks, mb: _Masks) -> list[tuple[int, int, int, bool]]:
        """Candidates ``(i, j, direction, apart)``: pairs of masks (-1: the board alone) that
        leave out at most 2 points, with the direction of a line between their plates, and
        whether the plates can lie apart along it (a board alone always can). Pairs whose
        plates can lie apart come first (the widest apart among equals), then the fewest
        points left out, then the challenger's gain; when no pair may succeed, the closest
        few."""
        assert self._grid is not None
        full = _bits(range(self._grid.n), self._grid.words)
        gain = _bits([i for i, w in enumerate(self.weights) if w > 0], self._grid.words)
        # (apart?, left out, -gain, -room, i, j, direction)
        out: list[tuple[int, int, int, float, int, int, int]] = []
        # A board alone is a candidate too (the other is put aside).
        for side, masks in ((0, ma), (1, mb)):
            if len(masks):
                left = full[None, :] & ~masks.words
                missing = _popcount(left.T)
                for m in np.argsort(missing, kind="stable")[: self.eye.tries]:
                    i, j = (int(m), -1) if side == 0 else (-1, int(m))
                    out.append((0, int(missing[m]), 0, 0.0, i, j, -1))
        if len(ma) and len(mb):
            # Each run of masks of a against all of b's: its best pairs (or its closest two).
            chunk = max(1, 200_000 // len(mb))
            points_a, points_b = _popcount(ma.words.T), _popcount(mb.words.T)
            pairs = kernels.pairings(
                ma.words, mb.words, ma.rows, mb.rows, _OPPOSITE, _UNITS, full, gain,
                self.eye.cell, self.eye.tries, chunk, MOST_SHOWN, points_a, points_b,
                np.argsort(-points_b, kind="stable"),
            )  # fmt: skip
            for i, j, missing, good, room, direction in zip(
                *(p.tolist() for p in pairs), strict=True
            ):
                apart = room >= -self.eye.cell  # a grid step short may still do
                out.append((int(not apart), missing, -good, -room, i, j, direction))
        out.sort()
        valid = [(i, j, d, not far) for far, m, _, _, i, j, d in out if m <= MOST_SHOWN]
        closest = [(i, j, d, not far) for far, *_, i, j, d in out[:2]]
        return valid[: self.eye.tries] if valid else closest

    def _place(
        self, a: Board, b: Board, ma: _Masks, mb: _Masks, i: int, j: int, direction: int,
        apart: bool = True,
    ) -> Attempt | None:  # fmt: skip
        """Refine a candidate's poses so that each board hides its share, then judge. Each
        board starts deepest in its mask (most candidates that succeed, do from there); if
        that fails, from the few pairs of poses of the masks that come nearest to hiding the shares
        for real, off each other's plates (:meth:`_together`); then the board with the
        larger share from its best pose and the other from its best off that one's plate
        (:meth:`_after`); last, the two on either side of the line between them
        (``direction``): ``a`` where its plate reaches least far towards ``b``, ``b`` where
        it starts farthest away. The masks are hopeful, so the middle of a mask's cells can
        leave a point out where a refinement gets stuck, when another of its cells hides
        them all already (from the middle alone, 16 pairs of the 10–12 chip layouts of
        ``benchmarks/reference_carrotein.py`` came out falsely "impossible"). A candidate
        whose plates cannot lie apart (``apart``) is given up once its first ``OVERLAPPED``
        starts have all ended with the boards on each other: most such do from every start."""
        assert self._grid is not None
        n = self._grid.n
        none = np.zeros(self._grid.words, dtype=np.uint64)
        mask_a, mask_b = (ma.words[i] if i >= 0 else none), (mb.words[j] if j >= 0 else none)
        share_a, share_b = set(_members(mask_a, n)), set(_members(mask_b, n))
        if i < 0 or j < 0:  # one board alone, the other put aside
            side = (a, ma, i, share_a) if j < 0 else (b, mb, j, share_b)
            found = None
            # From the middle of its mask's poses, then from the best of them.
            for start in (side[1].deepest_pose(side[2]), None):
                start = start or self._after(side, None)
                alone = (start, None) if j < 0 else (None, start)
                attempt = self._lay(a, b, share_a, share_b, *alone)
                if attempt is not None and attempt.success:
                    return attempt
                found = attempt if self._better(attempt, found) else found
            return found
        deepest = self._lay(a, b, share_a, share_b, ma.deepest_pose(i), mb.deepest_pose(j))
        if deepest is not None and deepest.success:
            return deepest
        # Each board from one of the poses of its mask that come nearest to hiding its share,
        # the pairs that do best together, off each other's plates.
        best = deepest
        overlapped = int(deepest is None)
        for starts in self._together(a, b, ma, mb, i, j, share_a, share_b, direction):
            if not apart and overlapped >= OVERLAPPED:
                return best
            found = self._lay(a, b, share_a, share_b, *starts)
            if found is not None and found.success:
                return found
            best = found if self._better(found, best) else best
            overlapped = overlapped + 1 if found is None and overlapped else 0
        if not apart and overlapped >= OVERLAPPED:
            return best
        # The board with the most to hide from its best pose, the other from the pose of
        # its mask that does best off that one's plate.
        first = (a, ma, i, share_a) if len(share_a) >= len(share_b) else (b, mb, j, share_b)
        second = (b, mb, j, share_b) if first[0] is a else (a, ma, i, share_a)
        start = self._after(first, None)
        other = self._after(second, (first[0], start))
        found = self._lay(
            a, b, share_a, share_b, *((start, other) if first[0] is a else (other, start))
        )
        if found is not None and found.success:
            return found
        best = found if self._better(found, best) else best
        either_side = self._lay(
            a, b, share_a, share_b, ma.extreme(i, direction, True), mb.extreme(j, direction, False)
        )
        return either_side if self._better(either_side, best) else best

    def _after(
        self, side: tuple[Board, _Masks, int, set[int]], avoid: tuple[Board, Pose] | None
    ) -> Pose:
        """Of every pose giving a board's mask, the one that comes nearest to hiding its
        share (those of the points the board ``avoid`` does not hide at its pose), off that
        board's plate, as a refinement weighs it (the first of equals)."""
        board, masks, m, share = side
        r = self.sky.centre_radius
        index = sorted(share)
        if avoid is not None:
            hidden = hidden_by(avoid[0], avoid[1], self._xs, self._ys, r)
            index = sorted(k for k in share if not hidden[k]) or index
        shapes = _shapes(board)
        cells, angles, sides, _ = masks.gathered(m)
        value = masks.values(m, shapes, self._xs[index], self._ys[index], r)
        k = (
            int(np.argmax(value))
            if avoid is None
            else _best_off(shapes, cells, angles, sides, value, avoid)
        )
        return Pose(float(cells[k, 0]), float(cells[k, 1]), float(angles[k]), bool(sides[k]))

    def _together(
        self, a: Board, b: Board, ma: _Masks, mb: _Masks, i: int, j: int, share_a: set[int],
        share_b: set[int], direction: int,
    ) -> list[tuple[Pose, Pose]]:  # fmt: skip
        """Starts for a candidate: of the ``GOOD`` poses of each board's mask that come
        nearest to hiding its share (:meth:`_Masks.good_poses`; with those of each
        orientation that keep farthest from the other's side of the line between them,
        ``direction``), the ``TOGETHER`` pairs whose shortfalls together, and what
        overlapping plates costs, are least (as a refinement weighs them; the first of
        equals), best first. More than one: in a tight sky every pair of such poses can
        overlap, and whether a refinement parts the plates is not what this weighs
        (cluster 31004 of the corpus, stretching and dancing, parts from the fifth)."""
        r = self.sky.centre_radius
        found = []
        for board, masks, m, share, forward in (
            (a, ma, i, share_a, True), (b, mb, j, share_b, False)
        ):  # fmt: skip
            index = sorted(share)
            shapes = _shapes(board)
            poses, sides, values = masks.good_poses(
                m, shapes, self._xs[index], self._ys[index], r, GOOD, direction, forward
            )
            found.append((poses, sides, values, shapes))
        (pa, sa, va, ha), (pb, sb, vb, hb) = found
        # Every pose of a's against every pose of b's, by separating axes.
        depth = kernels.pair_overlaps(
            pa, sa, ha.outlines, len(ha.hull), pb, sb, hb.outlines, len(hb.hull)
        ).reshape(-1)  # fmt: skip
        cost = _overlap_cost(depth)
        value = np.add.outer(va, vb).reshape(-1) - cost
        poses_a = list(zip(pa.tolist(), sa.tolist(), strict=True))
        poses_b = list(zip(pb.tolist(), sb.tolist(), strict=True))
        starts: dict[tuple[float, ...], tuple[Pose, Pose]] = {}
        for k in np.argsort(-value, kind="stable").tolist():
            (xa, ya, ta), side_a = poses_a[k // len(pb)]
            (xb, yb, tb), side_b = poses_b[k % len(pb)]
            # (An orientation's best can also lie farthest back: the same pair again.)
            pair = (xa, ya, ta, side_a, xb, yb, tb, side_b)
            if pair not in starts:
                starts[pair] = (Pose(xa, ya, ta, side_a), Pose(xb, yb, tb, side_b))
            if len(starts) == TOGETHER:
                break
        return list(starts.values())

    def _lay(
        self, a: Board, b: Board, share_a: set[int], share_b: set[int],
        start_a: Pose | None, start_b: Pose | None,
    ) -> Attempt | None:  # fmt: skip
        """Refine each board from its start to hide its share of the centre points, off the
        other's plate, then judge."""
        r = self.sky.centre_radius
        # A board pulls hardest at the points only it can hide; shared ones pull less.
        idx_a = np.array(sorted(share_a), dtype=np.int64)
        w_a = np.array([1.0 if k not in share_b else 0.3 for k in idx_a.tolist()])
        xs_a, ys_a = self._xs[idx_a], self._ys[idx_a]
        pose_a = pose_b = None
        if start_a is not None:
            avoid = None if start_b is None else (b, start_b)
            pose_a = self._refine(a, start_a, xs_a, ys_a, w_a, avoid)
        if start_b is not None:
            hidden_a: set[int] = set()
            if pose_a is not None:
                hidden_a = set(np.nonzero(hidden_by(a, pose_a, self._xs, self._ys, r))[0].tolist())
            rest = sorted(share_b - hidden_a) or sorted(share_b)
            idx = np.array(rest)
            avoid = None if pose_a is None else (a, pose_a)
            w = np.ones(len(rest))
            pose_b = self._refine(b, start_b, self._xs[idx], self._ys[idx], w, avoid)
            if pose_a is not None and self._touching(a, pose_a, b, pose_b):
                # Still in each other's way: let a give way to b too.
                pose_a = self._refine(a, pose_a, xs_a, ys_a, w_a, (b, pose_b))
        if pose_a is None:
            assert pose_b is not None
            pose_a = _apart(self.sky, b, a, pose_b)
        if pose_b is None:
            pose_b = _apart(self.sky, a, b, pose_a)
        return self._judge(a, b, pose_a, pose_b)

    def _refine(
        self, board: Board, start: Pose, xs: NDArray[np.float64], ys: NDArray[np.float64],
        weights: NDArray[np.float64], avoid: tuple[Board, Pose] | None,
    ) -> Pose:  # fmt: skip
        return self._memo.refine(board, start, xs, ys, weights, avoid)

    @staticmethod
    def _touching(a: Board, pose_a: Pose, b: Board, pose_b: Pose) -> bool:
        """Closer than ``PLATE_GAP`` (or overlapping)."""
        row, side = _row(pose_a), np.array([pose_a.mirrored])
        return bool(_overlaps(_shapes(a), row, side, (b, pose_b))[0] + PLATE_GAP > 0)

    def any_pair(self, boards: Sequence[Board]) -> Attempt | None:
        """The best attempt over the pairs of ``boards``: those whose boards may hide the
        most first (``Eye.pairs`` of them), stopping at a success; None with fewer than two
        boards."""
        pairs = sorted(combinations(boards, 2), key=lambda ab: -(self.cap(ab[0]) + self.cap(ab[1])))
        best: Attempt | None = None
        for a, b in pairs[: self.eye.pairs]:
            if best is not None and (best.success or self._late()):
                break
            if best is not None and self.cap(a) + self.cap(b) < len(self.centres) - MOST_SHOWN:
                continue  # cannot succeed, and a failed attempt is already on record
            found = self.pair(a, b)
            if self._better(found, best):
                best = found
        return best


# --- answers given before ------------------------------------------------------------------
_AnswerKey = tuple[Eye, bytes, bytes, tuple[str, ...], bool]


class Answers:
    """Answers already given on one sky, for any solver of it: what :meth:`Solver.pair` and
    :meth:`Solver.any_pair` said about the same question before.

    The same questions come back a great deal: bots place their chips on grid spots, the
    nearest to the stars first, so a round's skies are mostly those of the rounds and games
    before (in a balance simulation, after some games most of a bot's looks and most
    challenges have been worked out already in its process). An answer depends only on the
    eye, the centre points, their weights and the boards asked about, so it is kept by
    those, exactly
    (the floats' bits): the same answer as the solver's own, only sooner. A solver with a
    deadline takes the answers kept like any other (each is the answer its own search gives
    when it has the time), and its own is kept only when its search was not cut short: a
    search cut short gives its best so far, which depends on the machine. The last ``size``
    answers are kept (the least recently asked go first; a few MB)."""

    def __init__(self, sky: Sky, size: int = 16_384) -> None:
        self.sky = sky
        self.size = size
        self._answers: OrderedDict[_AnswerKey, Attempt | None] = OrderedDict()
        self.hits = self.misses = 0  # for a profile

    def _key(self, solver: Solver, boards: tuple[str, ...], any_success: bool) -> _AnswerKey:
        assert solver.sky is self.sky, "answers of another sky"
        weights = np.array(solver.weights, dtype=float).tobytes()
        return (solver.eye, solver._centres_key, weights, boards, any_success)

    def _answer(
        self, solver: Solver, key: _AnswerKey, work: Callable[[], Attempt | None]
    ) -> Attempt | None:
        if key in self._answers:
            self.hits += 1
            self._answers.move_to_end(key)
            return self._answers[key]
        self.misses += 1
        cuts = solver.cuts
        found = work()
        if solver.cuts > cuts:
            return found
        self._answers[key] = found
        if len(self._answers) > self.size:
            self._answers.popitem(last=False)
        return found

    def pair(self, solver: Solver, a: Board, b: Board, any_success: bool = False) -> Attempt:
        """``solver.pair(a, b, any_success)``, or its answer to the same question before."""
        key = self._key(solver, (a.id, b.id), any_success)
        found = self._answer(solver, key, lambda: solver.pair(a, b, any_success))
        assert found is not None
        return found

    def any_pair(self, solver: Solver, boards: Sequence[Board]) -> Attempt | None:
        """``solver.any_pair(boards)``, or its answer to the same question before."""
        key = self._key(solver, tuple(b.id for b in boards), False)
        return self._answer(solver, key, lambda: solver.any_pair(boards))


_SHARED: dict[int, tuple[Sky, Answers, dict[Eye, Memo]]] = {}


def _shared(sky: Sky) -> tuple[Answers, dict[Eye, Memo]]:
    """The answers and memos of ``sky`` kept for the whole process (by the sky object, as
    :func:`_shapes` keeps boards)."""
    kept = _SHARED.get(id(sky))
    if kept is None or kept[0] is not sky:
        kept = _SHARED[id(sky)] = (sky, Answers(sky), {})
    return kept[1], kept[2]


def shared_answers(sky: Sky) -> Answers:
    """One :class:`Answers` per sky for the process: every bot and every game's own solver
    (``rules.CarroteinState.attempt``) asks the same questions."""
    return _shared(sky)[0]


def shared_memo(sky: Sky, eye: Eye) -> Memo:
    """One :class:`Memo` per sky and eye for the process: a refinement is the same whichever
    bot asks for it, and the bots of a game (and of the games after) ask for the same ones."""
    memos = _shared(sky)[1]
    if eye not in memos:
        memos[eye] = Memo(sky, eye)
    return memos[eye]


def solve_pair(
    sky: Sky,
    centres: Sequence[tuple[float, float]],
    a: Board,
    b: Board,
    eye: Eye = PERFECT,
    weights: Sequence[float] | None = None,
) -> Attempt:
    """Can ``a`` and ``b`` hide all but at most 2 of ``centres``, and where?"""
    return Solver(sky, centres, eye, weights).pair(a, b)


def solve_any(
    sky: Sky,
    centres: Sequence[tuple[float, float]],
    boards: Sequence[Board],
    eye: Eye = PERFECT,
    weights: Sequence[float] | None = None,
) -> Attempt | None:
    """Can any two of ``boards`` hide all but at most 2 of ``centres``, and where?"""
    return Solver(sky, centres, eye, weights).any_pair(boards)


@lru_cache(maxsize=32)
def hindsight(centres: tuple[tuple[float, float], ...], boards: tuple[str, ...]) -> Attempt | None:
    """After a failed challenge: two of ``boards`` (those on the mat then) and a placement
    that would have worked, or None if the solver finds none. Cached: a front end asks again
    at every redraw."""
    sky = default_sky()
    found = solve_any(sky, centres, [sky.board(b) for b in boards])
    return found if found is not None and found.success else None


def placement(
    sky: Sky, centres: Sequence[tuple[float, float]], weights: Sequence[float], a: Board, b: Board
) -> Attempt:
    """The game's solver's placement of ``a`` then ``b`` for a challenger who gains
    ``weights`` from the chips left out: what the RL coding's ``SOLVER`` lays and the front
    ends offer as a hint (answers kept for the process, as every bot's are)."""
    return shared_answers(sky).pair(Solver(sky, centres, PERFECT, weights), a, b)


def reference_solve(
    sky: Sky, centres: Sequence[tuple[float, float]], a: Board, b: Board
) -> Attempt:
    """The slow exhaustive reference the solver is measured by (``REFERENCE``'s eye)."""
    return Solver(sky, centres, REFERENCE).pair(a, b)
