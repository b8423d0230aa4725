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
   first; the rest are paired with numpy, fewest points left out first.
3. **Placing for real.** For each candidate, each board's pose is refined continuously
   (a pattern search over x, y and the turn) to hide its points with a margin, and the two
   boards go to the judge (:func:`~asobi.games.carrotein.sky.judge`), which also refuses
   overlapping boards. A solution is only ever reported after the judge accepted it.

:func:`reference_solve` is the same idea made slow and exhaustive — a far finer grid, a
slack that covers every pose between its grid points, and every candidate refined — and the
fast solver is measured against it (``benchmarks/bench_carrotein.py``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely import affinity
from shapely.geometry.base import BaseGeometry

from asobi.core.errors import IllegalAction
from asobi.games.carrotein.sky import Board, Pose, Sky, Verdict, default_sky, judge

MOST_SHOWN = 2  # "2つだけ隠せない【中心点】があったがそれ以外は全て隠せた" still succeeds
WORD = 64  # centre points per mask word
CLEARANCE = 0.2  # mm: a refined pose keeps each centre point this far inside (judge's rounding)
GIVE_UP = 4.0  # mm: a point farther out than this no longer pulls a board while refining
OVERLAP_STEP = 1.0  # overlapping boards cost as much as a point a millimetre out ...
OVERLAP_PER_MM2 = 0.05  # ... and more the more they overlap
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

    @property
    def orientations(self) -> tuple[tuple[float, bool], ...]:
        steps = max(1, round(360 / self.turn))
        return tuple(
            (k * 360 / steps, mirrored) for mirrored in (False, True) for k in range(steps)
        )


PERFECT = Eye(turn=6.0, cell=2.0, slack=2.5, tries=12, pairs=8)  # the game's solver
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


# --- the coarse look ---------------------------------------------------------------------
@dataclass(frozen=True)
class _Bitmap:
    """H(o) grown by the slack, in cells of the translation grid, flipped (ready to be laid
    at a centre point); cell [0, 0] of the unflipped bitmap is board point (a0, b0) cells."""

    flipped: NDArray[np.uint64]
    a0: int
    b0: int

    ones: NDArray[np.uint8]  # the same, for counting


@cache
def _bitmaps(board: Board, eye: Eye, radius: float) -> tuple[_Bitmap, ...]:
    """One bitmap per orientation of ``eye`` (cached: boards never change)."""
    region = board.figure.buffer(eye.slack - radius, quad_segs=8)
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
        out.append(_Bitmap(flipped.astype(np.uint64), a0, b0, flipped.astype(np.uint8)))
    return tuple(out)


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


@dataclass(frozen=True)
class _Masks:
    """Distinct hopeful masks of one board (``words[m]``), each with a grid pose."""

    words: NDArray[np.uint64]  # (masks, words)
    poses: tuple[Pose, ...]


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
        """The distinct masks of at least ``floor`` points, each with the pose a refinement
        had best start from: the middle of the grid cells that give it, in the orientation
        where they are most (the deepest inside, the most room to spare)."""
        best: dict[bytes, tuple[int, NDArray[np.uint64], Pose]] = {}
        for k in sorted(range(len(bitmaps)), key=lambda k: -caps[k]):
            if caps[k] < max(floor, 1):
                break
            acc, gx0, gy0 = self.accumulate(bitmaps[k])
            xs, ys = np.nonzero(_popcount(acc) >= max(floor, 1))
            found = np.ascontiguousarray(acc[:, xs, ys].T)  # (cells, words)
            # One row of words as one opaque value: a 1-d unique, far faster than axis=0.
            rows = found.view(np.dtype((np.void, 8 * self.words))).reshape(-1)
            _, first, inverse, counts = np.unique(
                rows, return_index=True, return_inverse=True, return_counts=True
            )
            unique = found[first]
            inverse = inverse.reshape(-1)
            mid_x = np.bincount(inverse, weights=xs) / counts
            mid_y = np.bincount(inverse, weights=ys) / counts
            angle, mirrored = self.eye.orientations[k]
            for m, mask in enumerate(unique):
                key = mask.tobytes()
                if key not in best or best[key][0] < counts[m]:
                    x = (gx0 + float(mid_x[m])) * self.eye.cell
                    y = (gy0 + float(mid_y[m])) * self.eye.cell
                    best[key] = (int(counts[m]), mask, Pose(x, y, angle, mirrored))
        words = np.array([w for _, w, _ in best.values()], dtype=np.uint64)
        return _Masks(words.reshape(-1, self.words), tuple(p for _, _, p in best.values()))


# --- placing for real ----------------------------------------------------------------------
_OUTLINES: dict[int, tuple[Board, BaseGeometry, BaseGeometry]] = {}


def _outline(board: Board) -> tuple[BaseGeometry, BaseGeometry]:
    """The figure and its edges, prepared for many point queries (kept per board object:
    hashing a board's geometry on every query costs more than the query)."""
    kept = _OUTLINES.get(id(board))
    if kept is None or kept[0] is not board:
        figure, edges = board.figure, board.figure.boundary
        shapely.prepare(figure)
        shapely.prepare(edges)
        kept = _OUTLINES[id(board)] = (board, figure, edges)
    return kept[1], kept[2]


def margins(
    board: Board, pose: Pose, xs: NDArray[np.float64], ys: NDArray[np.float64], radius: float
) -> NDArray[np.float64]:
    """How far inside (+) or outside (-) of being hidden each centre point is: the distance
    from its centre to the figure's edge, less the centre point's radius (negative outside)."""
    figure, edges = _outline(board)
    turn = math.radians(pose.angle)
    dx, dy = xs - pose.x, ys - pose.y
    bx = math.cos(turn) * dx + math.sin(turn) * dy
    by = -math.sin(turn) * dx + math.cos(turn) * dy
    if pose.mirrored:
        bx = -bx
    inside = shapely.contains_xy(figure, bx, by)
    distance = shapely.distance(edges, shapely.points(bx, by))
    return np.where(inside, distance, -distance) - radius


def refine(
    board: Board,
    start: Pose,
    xs: NDArray[np.float64],
    ys: NDArray[np.float64],
    weights: NDArray[np.float64],
    radius: float,
    eye: Eye,
    avoid: tuple[BaseGeometry, Pose, float] | None = None,
) -> Pose:
    """Move ``board`` from ``start`` (same side up) to hide the given centre points, the
    heavier first, and off the other board's plate (``avoid``: the plate as placed, its pose
    and reach): a pattern search over x, y and the turn, halving its steps."""

    def shortfall(pose: Pose) -> float:
        m = margins(board, pose, xs, ys, radius) - CLEARANCE
        value = float((weights * np.clip(m, -GIVE_UP, 0.0)).sum())
        overlap = _overlap(board, pose, avoid) if avoid is not None else 0.0
        if overlap > 0:
            value -= OVERLAP_STEP + OVERLAP_PER_MM2 * overlap
        return value

    pose, best = start, shortfall(start)
    step, turn = eye.cell, eye.turn / 2
    while best < 0 and (step > FINEST or turn > FINEST):
        moved = False
        for dx, dy, da in (
            (step, 0, 0), (-step, 0, 0), (0, step, 0), (0, -step, 0), (0, 0, turn), (0, 0, -turn)
        ):  # fmt: skip
            trial = Pose(pose.x + dx, pose.y + dy, pose.angle + da, pose.mirrored)
            value = shortfall(trial)
            if value > best:
                pose, best, moved = trial, value, True
        if not moved:
            step, turn = step / 2, turn / 2
    return Pose(pose.x, pose.y, pose.angle % 360, pose.mirrored)


def _overlap(board: Board, pose: Pose, other: tuple[BaseGeometry, Pose, float]) -> float:
    """The area ``board`` at ``pose`` shares with the other board's plate (0 when too far
    apart to meet, without building the polygon)."""
    plate, at, reach = other
    if math.hypot(pose.x - at.x, pose.y - at.y) >= board.reach + reach:
        return 0.0
    return float(pose.place(board.plate).intersection(plate).area)


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
    ) -> None:
        self.sky = sky
        self.centres = tuple(centres)
        self.eye = eye
        self.weights = tuple(weights) if weights is not None else (0.0,) * len(self.centres)
        self._xs = np.array([x for x, _ in self.centres], dtype=float)
        self._ys = np.array([y for _, y in self.centres], dtype=float)
        self._grid = _Grid(self.centres, eye) if self.centres else None
        self._caps: dict[str, list[int]] = {}

    def _bitmaps(self, board: Board) -> tuple[_Bitmap, ...]:
        return _bitmaps(board, self.eye, self.sky.centre_radius)

    def _orientation_caps(self, board: Board) -> list[int]:
        if self._grid is None:
            return [0]
        if board.id not in self._caps:
            self._caps[board.id] = self._grid.caps(self._bitmaps(board))
        return self._caps[board.id]

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
            masks_a = self._grid.masks(self._bitmaps(a), caps_a, stage_a)
            masks_b = self._grid.masks(self._bitmaps(b), caps_b, stage_b)
            for i, j in self._candidates(masks_a, masks_b):
                found = self._place(a, b, masks_a, masks_b, i, j)
                if found is not None and self._better(found, best):
                    best = found
                if best.success and self._settled(best):
                    return best
            if best.success:
                break
        return best

    def _candidates(self, ma: _Masks, mb: _Masks) -> list[tuple[int, int]]:
        """Pairs of masks (-1: the board alone), fewest points left out first; only those
        that may succeed, or when none may, the closest few."""
        assert self._grid is not None
        full = _bits(range(self._grid.n), self._grid.words)
        gain = _bits([i for i, w in enumerate(self.weights) if w > 0], self._grid.words)
        out: list[tuple[int, int, int, int]] = []
        # A board alone is a candidate too (the other is put aside).
        for side, masks in ((0, ma), (1, mb)):
            if len(masks.poses):
                left = full[None, :] & ~masks.words
                missing = _popcount(left.T)
                for m in np.argsort(missing, kind="stable")[: self.eye.tries]:
                    pair = (int(m), -1) if side == 0 else (-1, int(m))
                    out.append((int(missing[m]), 0, *pair))
        if len(ma.poses) and len(mb.poses):
            chunk = max(1, 200_000 // len(mb.poses))
            for start in range(0, len(ma.poses), chunk):
                a = ma.words[start : start + chunk]
                left = full[None, None, :] & ~(a[:, None, :] | mb.words[None, :, :])
                missing = np.bitwise_count(left).sum(axis=2)
                good = np.bitwise_count(left & gain[None, None, :]).sum(axis=2)
                flat_missing = missing.reshape(-1)
                top = min(self.eye.tries, flat_missing.size) - 1
                nearest = np.argpartition(flat_missing, top)[: top + 1]
                for flat in nearest:
                    i, j = divmod(int(flat), len(mb.poses))
                    out.append((int(missing[i, j]), -int(good[i, j]), start + i, j))
        out.sort()
        valid = [(i, j) for m, _, i, j in out if m <= MOST_SHOWN]
        return valid[: self.eye.tries] if valid else [(i, j) for _, _, i, j in out[:2]]

    def _place(self, a: Board, b: Board, ma: _Masks, mb: _Masks, i: int, j: int) -> Attempt | None:
        """Refine a candidate's poses so that each board hides its share, then judge."""
        assert self._grid is not None
        n, r = self._grid.n, self.sky.centre_radius
        none = np.zeros(self._grid.words, dtype=np.uint64)
        mask_a, mask_b = (ma.words[i] if i >= 0 else none), (mb.words[j] if j >= 0 else none)
        own_a = set(_members(mask_a, n))
        own_b = set(_members(mask_b, n))
        # A board pulls hardest at the points only it can hide; shared ones pull less.
        idx_a = np.array(sorted(own_a), dtype=np.int64)
        w_a = np.array([1.0 if k not in own_b else 0.3 for k in idx_a.tolist()])
        xs_a, ys_a = self._xs[idx_a], self._ys[idx_a]
        pose_a = pose_b = None
        if own_a:
            pose_a = refine(a, ma.poses[i], xs_a, ys_a, w_a, r, self.eye)
        if own_b:
            hidden_a: set[int] = set()
            if pose_a is not None:
                m = margins(a, pose_a, self._xs, self._ys, r)
                hidden_a = set(np.nonzero(m >= 0)[0].tolist())
            rest = sorted(own_b - hidden_a) or sorted(own_b)
            idx = np.array(rest)
            w = np.ones(len(rest))
            avoid = None if pose_a is None else (pose_a.place(a.plate), pose_a, a.reach)
            start = mb.poses[j]
            pose_b = refine(b, start, self._xs[idx], self._ys[idx], w, r, self.eye, avoid)
            if avoid is not None and _overlap(b, pose_b, avoid) > 0:
                # Still in each other's way: let a give way to b too.
                assert pose_a is not None
                avoid_b = (pose_b.place(b.plate), pose_b, b.reach)
                pose_a = refine(a, pose_a, xs_a, ys_a, w_a, r, self.eye, avoid_b)
        if pose_a is None:
            assert pose_b is not None
            pose_a = _apart(self.sky, b, a, pose_b)
        if pose_b is None:
            pose_b = _apart(self.sky, a, b, pose_a)
        return self._judge(a, b, pose_a, pose_b)

    def any_pair(self, boards: Sequence[Board]) -> Attempt | None:
        """The best attempt over the pairs of ``boards``: those whose boards may hide the
        most first (``Eye.pairs`` of them), stopping at a success; None with fewer than two
        boards."""
        pairs = sorted(combinations(boards, 2), key=lambda ab: -(self.cap(ab[0]) + self.cap(ab[1])))
        best: Attempt | None = None
        for a, b in pairs[: self.eye.pairs]:
            if best is not None and best.success:
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
