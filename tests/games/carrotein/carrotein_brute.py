"""A brute-force reference for Carrotein's constellation solver: every pose on a coarse grid.

It is a test tool, slow and plain: nothing in it is shared with the solver, so that it can
tell whether the solver misses placements that exist.

Every board is tried at every pose of a grid: its centre on every point of a ``step`` mm
lattice (multiples of ``step`` from the mat's corner) that puts its figure over some centre
point, turned by every multiple of ``turn`` degrees, either side up. At each pose the
centre points it hides *with room to spare* are found exactly (shapely): a point counts
when the disc of the centre point's radius plus ``spare`` mm lies under the figure, i.e.
the point lies in the figure shrunk by that much. Two poses, one per board (or one board
alone, the other put aside), make a candidate when together they hide all but at most two
centre points; the plates must also lie ``spare`` mm apart, by a separating axis (an edge
normal of either plate: a gap along one implies at least that distance). Every pair of poses
whose masks qualify is checked, so "none" means none on this grid. A candidate found is
then handed to the judge (``sky.judge``), and checked again with exact distances for the
room to spare, before it is reported.

``spare`` is the solver's safety margin (``solver.CLEARANCE``, 0.2 mm): a placement the
reference reports is one the solver, which keeps that much room, should find too.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely import affinity
from shapely.geometry import Point, Polygon

from asobi.games.carrotein.sky import Board, Pose, Sky, judge, placed

SPARE = 0.2  # mm: the room to spare (the solver's CLEARANCE)
MOST_SHOWN = 2  # "2つだけ隠せない【中心点】があった…" still succeeds
ASIDE = Pose(-1000.0, -1000.0)  # a board put aside, far off the mat (hides nothing)
PAIRS_AT_ONCE = 2_000_000  # pose pairs checked in one numpy pass


@dataclass(frozen=True)
class Grid:
    """The poses tried: ``step`` mm apart, ``turn`` degrees apart, both sides."""

    step: float = 5.0
    turn: float = 5.0

    @property
    def orientations(self) -> list[tuple[float, bool]]:
        turns = round(360 / self.turn)
        return [(k * self.turn, mirrored) for mirrored in (False, True) for k in range(turns)]


COARSE = Grid(5.0, 5.0)


@dataclass(frozen=True)
class Found:
    """A placement the reference found and the judge accepted: the boards, their poses (the
    one put aside at ``ASIDE``), and the least room to spare of the points it needs hidden
    and between the plates, in mm (exact, shapely)."""

    boards: tuple[str, str]
    poses: tuple[Pose, Pose]
    shown: int
    room: float


@dataclass
class _Poses:
    """One board's poses that hide some centre point: orientation index, translation, and
    the mask of the points hidden with room to spare."""

    k: NDArray[np.intp]
    x: NDArray[np.float64]
    y: NDArray[np.float64]
    masks: NDArray[np.uint64]


@cache
def _regions(board: Board, depth: float, grid: Grid) -> list[Polygon]:
    """Where a centre point lies ``depth`` mm inside the figure, relative to the board's
    origin, at every orientation of the grid (turned over first, as ``Pose.place`` does)."""
    region = board.figure.buffer(-depth, quad_segs=32)
    out = []
    for angle, mirrored in grid.orientations:
        shape = region
        if mirrored:
            shape = affinity.scale(shape, xfact=-1.0, yfact=1.0, origin=(0, 0))
        shape = affinity.rotate(shape, angle, origin=(0, 0))
        shapely.prepare(shape)
        out.append(shape)
    return out


def _poses(
    board: Board, xs: NDArray[np.float64], ys: NDArray[np.float64], depth: float, grid: Grid
) -> _Poses:
    """Every grid pose of ``board`` hiding some of the points (xs, ys), ``depth`` mm in: a
    point p is hidden at translation t when p - t lies in the turned region."""
    ks, txs, tys, masks = [], [], [], []
    for k, region in enumerate(_regions(board, depth, grid)):
        minx, miny, maxx, maxy = region.bounds
        # Per point, the translations whose region's box holds it; then one shapely call.
        windows = []
        for px, py in zip(xs.tolist(), ys.tolist(), strict=True):
            i0, i1 = math.ceil((px - maxx) / grid.step), math.floor((px - minx) / grid.step)
            j0, j1 = math.ceil((py - maxy) / grid.step), math.floor((py - miny) / grid.step)
            ti, tj = np.meshgrid(np.arange(i0, i1 + 1), np.arange(j0, j1 + 1), indexing="ij")
            windows.append((ti.ravel(), tj.ravel()))
        ti = np.concatenate([w[0] for w in windows])
        tj = np.concatenate([w[1] for w in windows])
        point = np.repeat(np.arange(len(xs)), [len(w[0]) for w in windows])
        inside = shapely.contains_xy(region, xs[point] - ti * grid.step, ys[point] - tj * grid.step)
        ti, tj, point = ti[inside], tj[inside], point[inside]
        if len(ti) == 0:
            continue
        # Each translation's mask: the bits of its points (distinct bits: OR is a sum).
        key = (ti - ti.min()) * (int(tj.max() - tj.min()) + 1) + (tj - tj.min())
        unique, slot = np.unique(key, return_inverse=True)
        acc = np.zeros(len(unique), dtype=np.uint64)
        np.add.at(acc, slot, np.left_shift(np.uint64(1), point.astype(np.uint64)))
        first = np.zeros(len(unique), dtype=np.intp)
        first[slot] = np.arange(len(slot))
        ks.append(np.full(len(unique), k, dtype=np.intp))
        txs.append(ti[first] * grid.step)
        tys.append(tj[first] * grid.step)
        masks.append(acc)
    if not ks:
        empty = np.zeros(0)
        return _Poses(np.zeros(0, dtype=np.intp), empty, empty, np.zeros(0, dtype=np.uint64))
    return _Poses(
        np.concatenate(ks), np.concatenate(txs), np.concatenate(tys), np.concatenate(masks)
    )


def _hull(board: Board, grid: Grid) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The plate's corners and edge normals at every orientation: ``(K, m, 2)`` each."""
    hull = shapely.get_coordinates(board.plate.convex_hull)[:-1]
    sides = np.roll(hull, -1, axis=0) - hull
    normals = np.stack([sides[:, 1], -sides[:, 0]], 1) / np.hypot(*sides.T)[:, None]
    corners, axes = [], []
    for angle, mirrored in grid.orientations:
        c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        turn = np.array([[c, s], [-s, c]])  # row vectors times this: turned anticlockwise
        flip = np.array([-1.0, 1.0]) if mirrored else np.array([1.0, 1.0])
        corners.append((hull * flip) @ turn)
        axes.append((normals * flip) @ turn)
    return np.array(corners), np.array(axes)


@cache
def _tables(
    a: Board, b: Board, grid: Grid, gap: float
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """For every orientation of ``a`` and of ``b``, the axes to separate their plates along
    (either plate's edge normals, each both ways) and how far b's translation must lie
    beyond a's along each for the plates to be ``gap`` apart: projected on an axis u, a's
    plate spans u·ta + [min u·ca, max u·ca] over its corners ca, and b's likewise."""
    ca, na = _hull(a, grid)
    cb, nb = _hull(b, grid)
    ka, kb = len(ca), len(cb)
    one_way = np.concatenate(
        [
            np.broadcast_to(na[:, None], (ka, kb, *na.shape[1:])),
            np.broadcast_to(nb[None, :], (ka, kb, *nb.shape[1:])),
        ],
        axis=2,
    )
    axes = np.concatenate([one_way, -one_way], axis=2)  # (ka, kb, axes, 2)
    on_a = axes @ ca[:, None].transpose(0, 1, 3, 2)  # a's corners on each axis
    on_b = axes @ cb[None].transpose(0, 1, 3, 2)
    need = on_a.max(axis=3) - on_b.min(axis=3) + gap
    return axes, need


def _plates_apart(
    pa: _Poses, ia: NDArray[np.intp], pb: _Poses, ib: NDArray[np.intp],
    axes: NDArray[np.float64], need: NDArray[np.float64], close: float,
) -> tuple[NDArray[np.intp], NDArray[np.intp]]:  # fmt: skip
    """The pairs of a pose ``ia`` of a and one ``ib`` of b whose plates lie apart, b beyond
    a along some axis by the need: their rows in ``ia`` and ``ib``. Pairs whose centres lie
    closer than ``close`` (the two plates' inscribed circles touch) overlap: skipped."""
    dx = pb.x[ib][None, :] - pa.x[ia][:, None]
    dy = pb.y[ib][None, :] - pa.y[ia][:, None]
    rows, cols = np.nonzero(dx * dx + dy * dy >= close * close)
    ka, kb = pa.k[ia][rows], pb.k[ib][cols]
    u = axes[ka, kb]  # (pairs, axes, 2)
    along = u[..., 0] * dx[rows, cols][:, None] + u[..., 1] * dy[rows, cols][:, None]
    apart = (along >= need[ka, kb]).any(axis=1)
    return rows[apart], cols[apart]


def _inscribed(board: Board) -> float:
    """The radius of the largest circle round the board's origin inside its plate."""
    return float(board.plate.exterior.distance(Point(0, 0)))


def _popcount(masks: NDArray[np.uint64]) -> NDArray[np.int64]:
    return np.bitwise_count(masks).astype(np.int64)


class Reference:
    """The brute-force reference on one layout: each board's grid poses worked out once,
    then asked about any pair."""

    def __init__(
        self, sky: Sky, centres: Sequence[tuple[float, float]], grid: Grid = COARSE,
        spare: float = SPARE,
    ) -> None:  # fmt: skip
        self.sky = sky
        self.centres = [(float(x), float(y)) for x, y in centres]
        assert len(self.centres) <= 64, "one word of mask"
        self.grid = grid
        self.spare = spare
        self._xs = np.array([x for x, _ in self.centres])
        self._ys = np.array([y for _, y in self.centres])
        self._kept: dict[str, _Poses] = {}

    def poses(self, board: Board) -> _Poses:
        if board.id not in self._kept:
            depth = self.sky.centre_radius + self.spare
            self._kept[board.id] = _poses(board, self._xs, self._ys, depth, self.grid)
        return self._kept[board.id]

    def pair(self, a: Board, b: Board) -> Found | None:
        """A placement of ``a`` and ``b`` hiding all but at most two centre points with room
        to spare, the plates apart, that the judge accepts; None if no grid pose gives one."""
        n = len(self.centres)
        need = n - MOST_SHOWN
        if need <= 0:
            return self._checked(a, ASIDE, b, ASIDE)
        pa, pb = self.poses(a), self.poses(b)
        for one, other, poses, first in ((a, b, pa, True), (b, a, pb, False)):
            alone = np.flatnonzero(_popcount(poses.masks) >= need)
            for i in alone.tolist():
                pose = self._pose(poses, i)
                found = self._checked(one, pose, other, ASIDE)
                if found is not None:
                    return found if first else _swapped(found)
        axes, table = _tables(a, b, self.grid, self.spare)
        ua, inv_a = np.unique(pa.masks, return_inverse=True)
        ub, inv_b = np.unique(pb.masks, return_inverse=True)
        cap_a, cap_b = int(_popcount(ua).max(initial=0)), int(_popcount(ub).max(initial=0))
        keep_a = np.flatnonzero(_popcount(ua) >= need - cap_b)
        keep_b = np.flatnonzero(_popcount(ub) >= need - cap_a)
        by_a = _members(inv_a, len(ua))
        by_b = _members(inv_b, len(ub))
        for i in keep_a.tolist():
            union = _popcount(ua[i] | ub[keep_b])
            partners = keep_b[union >= need].tolist()
            if partners:
                ib = np.concatenate([by_b[j] for j in partners])
                found = self._apart(a, pa, by_a[i], b, pb, ib, axes, table)
                if found is not None:
                    return found
        return None

    def _apart(
        self, a: Board, pa: _Poses, ia: NDArray[np.intp], b: Board, pb: _Poses,
        ib: NDArray[np.intp], axes: NDArray[np.float64], table: NDArray[np.float64],
    ) -> Found | None:  # fmt: skip
        """The first pair of these poses whose plates lie apart and that the judge accepts."""
        rows = max(1, PAIRS_AT_ONCE // max(1, len(ib)))
        close = _inscribed(a) + _inscribed(b)
        for start in range(0, len(ia), rows):
            chunk = ia[start : start + rows]
            for r, c in zip(*_plates_apart(pa, chunk, pb, ib, axes, table, close), strict=True):
                found = self._checked(
                    a, self._pose(pa, int(chunk[r])), b, self._pose(pb, int(ib[c]))
                )
                if found is not None:
                    return found
        return None

    def _pose(self, poses: _Poses, i: int) -> Pose:
        angle, mirrored = self.grid.orientations[int(poses.k[i])]
        return Pose(float(poses.x[i]), float(poses.y[i]), angle, mirrored)

    def _checked(self, a: Board, pose_a: Pose, b: Board, pose_b: Pose) -> Found | None:
        """The judge's verdict, and the room to spare measured exactly: a Found only when the
        judge accepts and every point needed hidden, and the plates, have the room."""
        verdict = judge(self.sky, self.centres, [(a, pose_a), (b, pose_b)])
        if not verdict.success:
            return None
        room = room_to_spare(self.sky, self.centres, a, pose_a, b, pose_b)
        if room < self.spare - 1e-9:
            return None
        return Found((a.id, b.id), (pose_a, pose_b), verdict.shown, room)


def room_to_spare(
    sky: Sky, centres: Sequence[tuple[float, float]], a: Board, pose_a: Pose, b: Board,
    pose_b: Pose,
) -> float:  # fmt: skip
    """How much room a placement leaves, exactly (shapely), in mm: the least, over the
    centre points it hides but the two it may leave showing, of how far each lies deeper
    than hidden, and the distance between the plates. Negative when it fails."""
    shapes = [placed(a, pose_a), placed(b, pose_b)]
    r = sky.centre_radius
    depths = []
    for x, y in centres:
        point = Point(x, y)
        best = -math.inf
        for _, figure in shapes:
            inside = figure.covers(point)
            edge = figure.boundary.distance(point)
            best = max(best, edge - r if inside else -edge - r)
        depths.append(best)
    depths.sort()
    kept = depths[MOST_SHOWN:] if len(depths) > MOST_SHOWN else [math.inf]
    plates = float(shapes[0][0].distance(shapes[1][0]))
    return min(min(kept), plates)


def _members(inverse: NDArray[np.intp], groups: int) -> list[NDArray[np.intp]]:
    """The indices of each group (``inverse``: each item's group)."""
    order = np.argsort(inverse, kind="stable")
    bounds = np.searchsorted(inverse[order], np.arange(groups + 1))
    return [order[bounds[g] : bounds[g + 1]] for g in range(groups)]


def _swapped(found: Found) -> Found:
    return Found(
        (found.boards[1], found.boards[0]), (found.poses[1], found.poses[0]), found.shown,
        found.room,
    )  # fmt: skip
