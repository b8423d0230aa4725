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
   starting from the middle of its mask's poses, then, if that fails, from the poses that
   keep the two plates farthest apart. The two boards go to the judge
   (:func:`~asobi.games.carrotein.sky.judge`), which also refuses overlapping boards. A
   solution is only ever reported after the judge accepted it.

:func:`reference_solve` is the same idea made slow and exhaustive — a far finer grid, a
slack that covers every pose between its grid points, and every candidate refined — and the
fast solver is measured against it (``benchmarks/bench_carrotein.py``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache, cached_property, lru_cache
from itertools import combinations

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely import affinity

from asobi.core.errors import IllegalAction
from asobi.games.carrotein.sky import Board, Pose, Sky, Verdict, default_sky, judge

MOST_SHOWN = 2  # "2つだけ隠せない【中心点】があったがそれ以外は全て隠せた" still succeeds
WORD = 64  # centre points per mask word
CLEARANCE = 0.2  # mm: a refined pose keeps each centre point this far inside (judge's rounding)
GIVE_UP = 4.0  # mm: a point farther out than this no longer pulls a board while refining
OVERLAP_STEP = 1.0  # overlapping boards cost as much as a point a millimetre out ...
OVERLAP_PER_MM = 1.0  # ... and more the deeper they overlap
NEAR = 2  # the first look pairs masks within this many points of each board's best
FINEST = 0.1  # mm (and degrees): refining stops at this step


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


def _turned(
    points: NDArray[np.float64], angle: NDArray[np.float64], mirrored: bool
) -> NDArray[np.float64]:
    """Points in a board's own frame (``(m, 2)``) at each turn of ``angle`` (degrees, ``(P,)``),
    turned over first when ``mirrored``: ``(P, m, 2)``, about the board's origin."""
    x = -points[:, 0] if mirrored else points[:, 0]
    y = points[:, 1]
    c, s = np.cos(np.radians(angle))[:, None], np.sin(np.radians(angle))[:, None]
    return np.stack([c * x - s * y, s * x + c * y], axis=2)


def _row(pose: Pose) -> NDArray[np.float64]:
    """One pose as the ``(1, 3)`` array of x, y and turn that the fast queries take."""
    return np.array([[pose.x, pose.y, pose.angle]])


class _Shapes:
    """One board, fast to query many poses at once: its figure as a signed distance field
    (sampled every ``FIELD`` mm, read between samples bilinearly) and its plate as the
    corners of its convex hull, both in the board's own frame."""

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
        self.field = np.where(inside, distance, -distance)
        self.x0, self.y0 = float(xs[0]), float(ys[0])
        self.hull = shapely.get_coordinates(board.plate.convex_hull)[:-1]  # closed ring
        sides = np.roll(self.hull, -1, axis=0) - self.hull
        self.normals = np.stack([-sides[:, 1], sides[:, 0]], 1) / np.hypot(*sides.T)[:, None]

    def margins(
        self, poses: NDArray[np.float64], mirrored: bool, xs: NDArray[np.float64],
        ys: NDArray[np.float64], radius: float,
    ) -> NDArray[np.float64]:  # fmt: skip
        """For each pose (rows of x, y, turn) and centre point: how far inside (+) or outside
        (-) of being hidden it is, in mm — ``(P, N)``."""
        turn = np.radians(poses[:, 2])[:, None]
        dx, dy = xs[None, :] - poses[:, 0:1], ys[None, :] - poses[:, 1:2]
        bx = np.cos(turn) * dx + np.sin(turn) * dy
        by = -np.sin(turn) * dx + np.cos(turn) * dy
        if mirrored:
            bx = -bx
        fx, fy = (bx - self.x0) / FIELD, (by - self.y0) / FIELD
        nx, ny = self.field.shape
        ix = np.clip(np.floor(fx).astype(np.int64), 0, nx - 2)
        iy = np.clip(np.floor(fy).astype(np.int64), 0, ny - 2)
        tx, ty = np.clip(fx - ix, 0.0, 1.0), np.clip(fy - iy, 0.0, 1.0)
        f = self.field
        distance = (f[ix, iy] * (1 - tx) + f[ix + 1, iy] * tx) * (1 - ty) + (
            f[ix, iy + 1] * (1 - tx) + f[ix + 1, iy + 1] * tx
        ) * ty
        out: NDArray[np.float64] = distance - radius
        return out

    def corners(self, poses: NDArray[np.float64], mirrored: bool) -> NDArray[np.float64]:
        """The plate's corners at each pose: ``(P, m, 2)``."""
        return _turned(self.hull, poses[:, 2], mirrored) + poses[:, None, 0:2]

    def axes(self, poses: NDArray[np.float64], mirrored: bool) -> NDArray[np.float64]:
        """The normals of the plate's edges at each pose: ``(P, m, 2)``."""
        return _turned(self.normals, poses[:, 2], mirrored)

    def plate(self, pose: Pose) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """The plate's corners and edge normals at one pose."""
        return self.corners(_row(pose), pose.mirrored)[0], self.axes(_row(pose), pose.mirrored)[0]

    def support(self, angle: float, mirrored: bool) -> NDArray[np.float64]:
        """How far the plate reaches from the board's origin along each separating
        direction, at one orientation: ``(DIRECTIONS,)``."""
        corners = _turned(self.hull, np.array([angle]), mirrored)[0]
        reach: NDArray[np.float64] = (corners @ _UNITS.T).max(axis=0)
        return reach


_SHAPES: dict[int, _Shapes] = {}


def _shapes(board: Board) -> _Shapes:
    """Kept per board object (hashing a board's geometry costs more than a query)."""
    kept = _SHAPES.get(id(board))
    if kept is None or kept.board is not board:
        kept = _SHAPES[id(board)] = _Shapes(board)
    return kept


def _overlap(
    corners: NDArray[np.float64], axes: NDArray[np.float64], other: NDArray[np.float64],
    other_axes: NDArray[np.float64],
) -> NDArray[np.float64]:  # fmt: skip
    """How deep each of ``P`` convex plates (corners ``(P, m, 2)``, edge normals ``axes``
    the same) reaches into the ``other`` (``(k, 2)`` each), in mm, by separating axes:
    positive when they overlap, and when apart the (negative) gap along the best axis."""
    every = np.concatenate(
        [axes, np.broadcast_to(other_axes, (len(corners), *other_axes.shape))], 1
    )
    mine = np.einsum("pkc,pvc->pkv", every, corners)
    theirs = np.einsum("pkc,vc->pkv", every, other)
    overlap = np.minimum(mine.max(2), theirs.max(2)) - np.maximum(mine.min(2), theirs.min(2))
    depth: NDArray[np.float64] = overlap.min(axis=1)
    return depth


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


def prepare(sky: Sky, eye: Eye) -> None:
    """Build every board's shapes and bitmaps for ``eye`` now (some seconds, once a process),
    so that a bot in a hurry does not spend its first decision's time on them."""
    for board in sky.boards:
        _bitmaps(board, eye, sky.centre_radius)


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
    order = np.lexsort(rows.T[::-1]) if rows.shape[1] > 1 else np.argsort(rows[:, 0], kind="stable")
    ordered = rows[order]
    new = np.ones(len(rows), dtype=bool)
    new[1:] = (ordered[1:] != ordered[:-1]).any(axis=1)
    return order, np.flatnonzero(new)


@dataclass(frozen=True)
class _Masks:
    """Distinct hopeful masks of one board (``words[m]``); for each, where its plate can be
    along each separating direction over the poses that give it — the least far forward it
    can reach (``front``) and the farthest back it can start (``back``) — and the poses
    themselves, to start a refinement from.

    Poses are kept as *rows*: a row is one orientation's grid cells giving one mask
    (``cells[k][row_start[r]:row_stop[r]]``, translations in mm); mask ``m``'s rows are
    ``row_order[row_from[m]:row_to[m]]``."""

    words: NDArray[np.uint64]  # (masks, words)
    front: NDArray[np.float64]  # (masks, DIRECTIONS)
    back: NDArray[np.float64]
    deepest: NDArray[np.intp]  # per mask, its row with the most cells
    row_order: NDArray[np.intp]
    row_from: NDArray[np.intp]
    row_to: NDArray[np.intp]
    row_k: NDArray[np.intp]  # per row: orientation, and its slice of cells[k]
    row_start: NDArray[np.intp]
    row_stop: NDArray[np.intp]
    cells: tuple[NDArray[np.float64], ...]
    eye: Eye
    supports: NDArray[np.float64]  # (orientations, DIRECTIONS)

    def __len__(self) -> int:
        return len(self.words)

    def at_least(self, count: int) -> _Masks:
        """Only the masks of at least ``count`` points."""
        keep = _popcount(self.words.T) >= count
        return replace(
            self, words=self.words[keep], front=self.front[keep], back=self.back[keep],
            deepest=self.deepest[keep], row_from=self.row_from[keep], row_to=self.row_to[keep],
        )  # fmt: skip

    def _cells(self, row: int) -> NDArray[np.float64]:
        return self.cells[int(self.row_k[row])][self.row_start[row] : self.row_stop[row]]

    def _pose(self, row: int, at: NDArray[np.float64]) -> Pose:
        """The pose at translation ``at`` in the orientation of ``row``."""
        angle, mirrored = self.eye.orientations[int(self.row_k[row])]
        return Pose(float(at[0]), float(at[1]), angle, mirrored)

    def deepest_pose(self, m: int) -> Pose:
        """The middle of the most cells giving mask ``m`` in one orientation: the deepest
        inside, the most room to spare."""
        row = int(self.deepest[m])
        return self._pose(row, self._cells(row).mean(axis=0))

    def extreme(self, m: int, direction: int, forward: bool) -> Pose:
        """The pose giving mask ``m`` whose plate reaches least far along ``direction``
        (``forward``), or starts farthest along it."""
        best: tuple[float, Pose] | None = None
        for row in self.row_order[self.row_from[m] : self.row_to[m]].tolist():
            k = int(self.row_k[row])
            cells = self._cells(row)
            along = cells @ _UNITS[direction]
            if forward:
                i = int(np.argmin(along))
                value = float(along[i] + self.supports[k, direction])
            else:
                i = int(np.argmax(along))
                value = -float(along[i] - self.supports[k, _OPPOSITE[direction]])
            if best is None or value < best[0]:
                best = (value, self._pose(row, cells[i]))
        assert best is not None
        return best[1]


class _Grid:
    """The centre points snapped to an eye's grid."""

    def __init__(self, centres: Sequence[tuple[float, float]], eye: Eye) -> None:
        pts = np.array(centres, dtype=float).reshape(-1, 2)
        self.n = len(pts)
        self.eye = eye
        self.u = np.rint(pts[:, 0] / eye.cell).astype(np.int64)
        self.v = np.rint(pts[:, 1] / eye.cell).astype(np.int64)
        self.words = max(1, -(-self.n // WORD))

    def accumulate(self, bitmap: _Bitmap) -> tuple[NDArray[np.uint64], int, int]:
        """For every grid translation, the mask of centre points a pose there may hide; and
        the grid translation of cell [0, 0]."""
        wa, wb = bitmap.flipped.shape
        umin, vmin = int(self.u.min()), int(self.v.min())
        shape = (self.words, int(self.u.max()) - umin + wa, int(self.v.max()) - vmin + wb)
        acc = np.zeros(shape, dtype=np.uint64)
        for i in range(self.n):
            du, dv = int(self.u[i]) - umin, int(self.v[i]) - vmin
            window = acc[i // WORD, du : du + wa, dv : dv + wb]
            window |= bitmap.flipped << np.uint64(i % WORD)
        # Window cell k holds board cell a1 - k, so cell 0 is translation umin - a1.
        return acc, umin - (bitmap.a0 + wa - 1), vmin - (bitmap.b0 + wb - 1)

    def caps(self, bitmaps: Sequence[_Bitmap]) -> list[int]:
        """Per orientation, the most centre points one pose may hide (counted, not masked:
        bytes instead of words)."""
        umin, vmin = int(self.u.min()), int(self.v.min())
        spans = (int(self.u.max()) - umin, int(self.v.max()) - vmin)
        out = []
        for bitmap in bitmaps:
            wa, wb = bitmap.ones.shape
            count = np.zeros((spans[0] + wa, spans[1] + wb), dtype=np.uint8)
            for du, dv in zip((self.u - umin).tolist(), (self.v - vmin).tolist(), strict=True):
                count[du : du + wa, dv : dv + wb] += bitmap.ones
            out.append(int(count.max()))
        return out

    def masks(self, bitmaps: Sequence[_Bitmap], caps: Sequence[int], floor: int) -> _Masks:
        """The distinct masks of at least ``floor`` points, and the poses that give them."""
        words, fronts, backs = [], [], []
        row_k, row_start, row_stop = [], [], []
        cells: list[NDArray[np.float64]] = []
        supports = np.stack([bitmap.support for bitmap in bitmaps])
        for k, bitmap in enumerate(bitmaps):
            if caps[k] < max(floor, 1):
                cells.append(np.zeros((0, 2)))
                continue
            acc, gx0, gy0 = self.accumulate(bitmap)
            xs, ys = np.nonzero(_popcount(acc) >= max(floor, 1))
            found = np.ascontiguousarray(acc[:, xs, ys].T)  # (cells, words)
            order, starts = _groups(found)
            t = np.stack([(gx0 + xs[order]) * self.eye.cell, (gy0 + ys[order]) * self.eye.cell], 1)
            cells.append(t)
            along = t @ _UNITS.T  # (cells, DIRECTIONS)
            fronts.append(np.minimum.reduceat(along, starts, axis=0) + bitmap.support)
            backs.append(np.maximum.reduceat(along, starts, axis=0) - bitmap.support[_OPPOSITE])
            words.append(found[order[starts]])
            row_k.append(np.full(len(starts), k))
            row_start.append(starts)
            row_stop.append(np.append(starts[1:], len(t)))
        if not words:
            none = np.zeros(0, dtype=np.intp)
            return _Masks(
                np.zeros((0, self.words), np.uint64), np.zeros((0, DIRECTIONS)),
                np.zeros((0, DIRECTIONS)), none, none, none, none, none, none, none,
                tuple(cells), self.eye, supports,
            )  # fmt: skip
        rows = np.concatenate(words)
        starts_ = np.concatenate(row_start)
        size = np.concatenate(row_stop) - starts_
        # The same mask from several orientations is one mask, with all their rows.
        order, starts = _groups(rows)
        stops = np.append(starts[1:], len(order))
        group = np.repeat(np.arange(len(starts)), stops - starts)
        by_size = np.lexsort((-size[order], group))  # within each group, the biggest first
        return _Masks(
            words=rows[order[starts]],
            front=np.minimum.reduceat(np.concatenate(fronts)[order], starts, axis=0),
            back=np.maximum.reduceat(np.concatenate(backs)[order], starts, axis=0),
            deepest=order[by_size[starts]],
            row_order=order,
            row_from=starts,
            row_to=stops,
            row_k=np.concatenate(row_k),
            row_start=starts_,
            row_stop=starts_ + size,
            cells=tuple(cells),
            eye=self.eye,
            supports=supports,
        )


# --- placing for real ----------------------------------------------------------------------
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
    and the turn, halving its steps, that weighs its six moves at once."""
    shapes = _shapes(board)
    other = None if avoid is None else _shapes(avoid[0]).plate(avoid[1])

    def shortfall(poses: NDArray[np.float64]) -> NDArray[np.float64]:
        m = shapes.margins(poses, start.mirrored, xs, ys, radius) - CLEARANCE
        value: NDArray[np.float64] = (weights * np.clip(m, -GIVE_UP, 0.0)).sum(axis=1)
        if other is not None:
            mine = shapes.corners(poses, start.mirrored), shapes.axes(poses, start.mirrored)
            depth = _overlap(*mine, *other) + PLATE_GAP
            value -= np.where(depth > 0, OVERLAP_STEP + OVERLAP_PER_MM * depth, 0.0)
        return value

    pose = np.array([start.x, start.y, start.angle])
    best = float(shortfall(pose[None, :])[0])
    step, turn = eye.cell, eye.turn / 2
    while best < 0 and (step > FINEST or turn > FINEST):
        moves = np.array(
            [(step, 0, 0), (-step, 0, 0), (0, step, 0), (0, -step, 0), (0, 0, turn), (0, 0, -turn)]
        )
        trials = pose[None, :] + moves
        values = shortfall(trials)
        k = int(np.argmax(values))
        if values[k] > best:
            pose, best = trials[k], float(values[k])
        else:
            step, turn = step / 2, turn / 2
    return Pose(float(pose[0]), float(pose[1]), float(pose[2]) % 360, start.mirrored)


def hidden_by(
    board: Board, pose: Pose, xs: NDArray[np.float64], ys: NDArray[np.float64], radius: float
) -> NDArray[np.bool_]:
    """Which centre points ``board`` at ``pose`` hides, as the distance field reads it."""
    margins = _shapes(board).margins(_row(pose), pose.mirrored, xs, ys, radius)
    hidden: NDArray[np.bool_] = margins[0] >= 0
    return hidden


def _apart(sky: Sky, a: Board, b: Board, pose_a: Pose) -> Pose:
    """A pose for ``b`` clear of ``a`` (for a layout ``a`` hides alone)."""
    x = pose_a.x + a.reach + b.reach + 1.0
    if x > sky.width + b.reach:
        x = pose_a.x - a.reach - b.reach - 1.0
    return Pose(x, pose_a.y)


# --- the solver -----------------------------------------------------------------------------
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
    ) -> None:
        self.sky = sky
        # A bot in a hurry (``time.perf_counter()`` to stop by): the search then gives its
        # best so far, so its answers depend on the machine. None: it searches to the end.
        self.deadline = deadline
        self.centres = tuple(centres)
        self.eye = eye
        self.weights = tuple(weights) if weights is not None else (0.0,) * len(self.centres)
        self._xs = np.array([x for x, _ in self.centres], dtype=float)
        self._ys = np.array([y for _, y in self.centres], dtype=float)
        self._grid = _Grid(self.centres, eye) if self.centres else None
        self._caps: dict[str, list[int]] = {}
        self._kept: dict[str, tuple[int, _Masks]] = {}

    def _bitmaps(self, board: Board) -> tuple[_Bitmap, ...]:
        return _bitmaps(board, self.eye, self.sky.centre_radius)

    def _orientation_caps(self, board: Board) -> list[int]:
        if self._grid is None:
            return [0]
        if board.id not in self._caps:
            self._caps[board.id] = self._grid.caps(self._bitmaps(board))
        return self._caps[board.id]

    def _masks(self, board: Board, floor: int) -> _Masks:
        """The board's masks of at least ``floor`` points (kept: other pairs ask again)."""
        assert self._grid is not None
        kept = self._kept.get(board.id)
        if kept is None or kept[0] > floor:
            bitmaps = self._bitmaps(board)
            kept = self._kept[board.id] = (
                floor,
                self._grid.masks(bitmaps, self._orientation_caps(board), floor),
            )
        return kept[1]

    def cap(self, board: Board) -> int:
        """The most centre points ``board`` may hide at one pose (hopeful)."""
        return max(self._orientation_caps(board))

    def _judge(self, a: Board, b: Board, pa: Pose, pb: Pose) -> Attempt | None:
        pa, pb = pa.rounded(), pb.rounded()  # as an action's text code will carry them
        try:
            verdict = judge(self.sky, self.centres, [(a, pa), (b, pb)])
        except IllegalAction:  # the boards overlap at these poses
            return None
        return Attempt((a.id, b.id), (pa, pb), verdict)

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
        return self.deadline is not None and time.perf_counter() > self.deadline

    def pair(self, a: Board, b: Board) -> Attempt:
        """The best placement of ``a`` and ``b`` found: a success when the search finds one,
        otherwise the attempt leaving out the fewest centre points."""
        start = Pose(*self.sky.middle)
        best = self._judge(a, b, start, _apart(self.sky, a, b, start))
        assert best is not None
        if self._grid is None or (best.success and self._settled(best)):
            return best
        n = len(self.centres)
        caps_a, caps_b = self._orientation_caps(a), self._orientation_caps(b)
        need = n - MOST_SHOWN
        floor_a, floor_b = need - max(caps_b), need - max(caps_a)
        if max(caps_a) + max(caps_b) < need:
            return best  # hopeless: no two poses hide enough (a failure is a failure)
        # Near-best masks first: most skies that can be done, can be with a board (nearly)
        # at its best; all the masks down to the floors only when that fails.
        stages = [(max(floor_a, max(caps_a) - NEAR), max(floor_b, max(caps_b) - NEAR))]
        if stages[0] != (floor_a, floor_b):
            stages.append((floor_a, floor_b))
        for stage_a, stage_b in stages:
            masks_a = self._masks(a, floor_a).at_least(stage_a)
            masks_b = self._masks(b, floor_b).at_least(stage_b)
            for i, j, direction in self._candidates(masks_a, masks_b):
                found = self._place(a, b, masks_a, masks_b, i, j, direction)
                if found is not None and self._better(found, best):
                    best = found
                if (best.success and self._settled(best)) or self._late():
                    return best
            if best.success:
                break
        return best

    def _candidates(self, ma: _Masks, mb: _Masks) -> list[tuple[int, int, int]]:
        """Candidates ``(i, j, direction)``: pairs of masks (-1: the board alone) that leave
        out at most 2 points, with the direction of a line between their plates. Pairs whose
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
            chunk = max(1, 200_000 // len(mb))
            for start in range(0, len(ma), chunk):
                a = ma.words[start : start + chunk]
                left = full[None, None, :] & ~(a[:, None, :] | mb.words[None, :, :])
                missing = np.bitwise_count(left).sum(axis=2)
                ii, jj = np.nonzero(missing <= MOST_SHOWN)
                if len(ii) == 0:  # none may succeed: keep the closest for a best failure
                    flat = np.argpartition(missing.reshape(-1), 1)[:2] if missing.size > 1 else [0]
                    ii, jj = np.divmod(np.asarray(flat), len(mb))
                # How far apart the plates can be, along the best line between them.
                room_all = mb.back[jj] - ma.front[start + ii]  # (pairs, DIRECTIONS)
                direction = np.argmax(room_all, axis=1)
                room = room_all[np.arange(len(ii)), direction]
                good = np.bitwise_count(left[ii, jj] & gain[None, :]).sum(axis=1)
                apart = room >= -self.eye.cell  # a grid step short may still do
                key = (~apart) * 1e9 + missing[ii, jj] * 1e6 - good * 1e3 - np.clip(room, -999, 999)
                for p in np.argsort(key, kind="stable")[: self.eye.tries]:
                    out.append((
                        int(not apart[p]), int(missing[ii[p], jj[p]]), -int(good[p]),
                        -float(room[p]), start + int(ii[p]), int(jj[p]), int(direction[p]),
                    ))  # fmt: skip
        out.sort()
        valid = [(i, j, d) for _, m, _, _, i, j, d in out if m <= MOST_SHOWN]
        return valid[: self.eye.tries] if valid else [(i, j, d) for *_, i, j, d in out[:2]]

    def _place(
        self, a: Board, b: Board, ma: _Masks, mb: _Masks, i: int, j: int, direction: int
    ) -> Attempt | None:
        """Refine a candidate's poses so that each board hides its share, then judge. Each
        board starts deepest in its mask; if that fails, the two start on either side of the
        line between them (``direction``): ``a`` where its plate reaches least far towards
        ``b``, ``b`` where it starts farthest away."""
        assert self._grid is not None
        n = self._grid.n
        none = np.zeros(self._grid.words, dtype=np.uint64)
        mask_a, mask_b = (ma.words[i] if i >= 0 else none), (mb.words[j] if j >= 0 else none)
        share_a, share_b = set(_members(mask_a, n)), set(_members(mask_b, n))
        if i < 0:
            return self._lay(a, b, share_a, share_b, None, mb.deepest_pose(j))
        if j < 0:
            return self._lay(a, b, share_a, share_b, ma.deepest_pose(i), None)
        deepest = self._lay(a, b, share_a, share_b, ma.deepest_pose(i), mb.deepest_pose(j))
        if deepest is not None and deepest.success:
            return deepest
        apart = self._lay(
            a, b, share_a, share_b, ma.extreme(i, direction, True), mb.extreme(j, direction, False)
        )
        return apart if self._better(apart, deepest) else deepest

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
            pose_a = refine(a, start_a, xs_a, ys_a, w_a, r, self.eye, avoid)
        if start_b is not None:
            hidden_a: set[int] = set()
            if pose_a is not None:
                hidden_a = set(np.nonzero(hidden_by(a, pose_a, self._xs, self._ys, r))[0].tolist())
            rest = sorted(share_b - hidden_a) or sorted(share_b)
            idx = np.array(rest)
            avoid = None if pose_a is None else (a, pose_a)
            w = np.ones(len(rest))
            pose_b = refine(b, start_b, self._xs[idx], self._ys[idx], w, r, self.eye, avoid)
            if pose_a is not None and self._touching(a, pose_a, b, pose_b):
                # Still in each other's way: let a give way to b too.
                pose_a = refine(a, pose_a, xs_a, ys_a, w_a, r, self.eye, (b, pose_b))
        if pose_a is None:
            assert pose_b is not None
            pose_a = _apart(self.sky, b, a, pose_b)
        if pose_b is None:
            pose_b = _apart(self.sky, a, b, pose_a)
        return self._judge(a, b, pose_a, pose_b)

    @staticmethod
    def _touching(a: Board, pose_a: Pose, b: Board, pose_b: Pose) -> bool:
        """Closer than ``PLATE_GAP`` (or overlapping)."""
        corners, axes = _shapes(a).plate(pose_a)
        depth = _overlap(corners[None], axes[None], *_shapes(b).plate(pose_b))[0]
        return bool(depth + PLATE_GAP > 0)

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


def reference_solve(
    sky: Sky, centres: Sequence[tuple[float, float]], a: Board, b: Board
) -> Attempt:
    """The slow exhaustive reference the solver is measured by (``REFERENCE``'s eye)."""
    return Solver(sky, centres, REFERENCE).pair(a, b)
