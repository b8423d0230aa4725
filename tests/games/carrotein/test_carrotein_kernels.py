"""The solver's compiled inner loops (``carrotein.kernels``) work out, to the last bit, what
their plain numpy forms here work out: a refinement compares these values at every step, so a
last bit off could move a board (and change a bot's move, or a hint).

The plain forms are the solver's arithmetic written out with numpy, per pose and point: a
point's margin read bilinearly from the board's distance field, the plates turned
(``_turned``) and their overlap by separating axes, numpy's own sum over the points, and the
pattern search of a refinement over them.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import fields
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
import shapely
from numpy.typing import NDArray

from asobi.core.errors import IllegalAction
from asobi.games.carrotein import kernels
from asobi.games.carrotein.sky import TOUCH, Pose, default_sky, judge
from asobi.games.carrotein.solver import (
    _OPPOSITE,
    _UNITS,
    CLEARANCE,
    DIRECTIONS,
    FIELD,
    FINEST,
    GIVE_UP,
    OVERLAP_PER_MM,
    OVERLAP_STEP,
    PERFECT,
    PLATE_GAP,
    Solver,
    _best_off,
    _bitmaps,
    _Cells,
    _Grid,
    _groups,
    _Masks,
    _overlaps,
    _shapes,
    _sure_verdict,
    _turned,
    _turns,
    refine,
    shortfalls,
)

SKY = default_sky()
CELLS = [field.name for field in fields(_Cells)]
BOARDS = [b.id for b in SKY.boards]


def plain_margins(
    board_id: str, poses: NDArray[np.float64], mirrored: bool, xs: NDArray[np.float64],
    ys: NDArray[np.float64], radius: float,
) -> NDArray[np.float64]:  # fmt: skip
    shapes = _shapes(SKY.board(board_id))
    c, s = _turns(poses[:, 2])
    dx, dy = xs[None, :] - poses[:, 0:1], ys[None, :] - poses[:, 1:2]
    bx = c * dx + s * dy
    by = -s * dx + c * dy
    if mirrored:
        bx = -bx
    fx, fy = (bx - shapes.x0) / FIELD, (by - shapes.y0) / FIELD
    nx, ny = shapes.field.shape
    ix = np.clip(np.floor(fx).astype(np.int64), 0, nx - 2)
    iy = np.clip(np.floor(fy).astype(np.int64), 0, ny - 2)
    tx, ty = np.clip(fx - ix, 0.0, 1.0), np.clip(fy - iy, 0.0, 1.0)
    f, at, rx = shapes.field.reshape(-1), ix * ny + iy, 1 - tx
    distance = (f[at] * rx + f[at + ny] * tx) * (1 - ty) + (
        f[at + 1] * rx + f[at + (ny + 1)] * tx
    ) * ty
    out: NDArray[np.float64] = distance - radius
    return out


def plain_plates(
    board_id: str, poses: NDArray[np.float64], sides: NDArray[np.bool_]
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Each pose's plate: its corners and its edges' normals, ``(P, m, 2)`` each."""
    shapes = _shapes(SKY.board(board_id))
    corners, normals = (
        np.empty((len(poses), *shapes.hull.shape)),
        np.empty((len(poses), *shapes.normals.shape)),
    )
    for mirrored in (False, True):
        on = sides == mirrored
        turns = _turns(poses[on, 2])
        corners[on] = _turned(shapes.hull, turns, mirrored) + poses[on, None, 0:2]
        normals[on] = _turned(shapes.normals, turns, mirrored)
    return corners, normals


def plain_overlap(
    corners: NDArray[np.float64], normals: NDArray[np.float64],
    other_corners: NDArray[np.float64], other_normals: NDArray[np.float64],
) -> NDArray[np.float64]:  # fmt: skip
    """Separating axes with einsum: per pair of plates (rows), how deep they overlap."""
    axes = np.concatenate([normals, other_normals], axis=1)
    mine = np.einsum("pkc,pvc->pkv", axes, corners)
    theirs = np.einsum("pkc,pvc->pkv", axes, other_corners)
    top = np.minimum(mine.max(axis=2), theirs.max(axis=2))
    bottom = np.maximum(mine.min(axis=2), theirs.min(axis=2))
    depth: NDArray[np.float64] = (top - bottom).min(axis=1)
    return depth


def plain_shortfall(
    board_id: str, poses: NDArray[np.float64], mirrored: bool, xs: NDArray[np.float64],
    ys: NDArray[np.float64], weights: NDArray[np.float64], radius: float,
    avoid: tuple[str, Pose] | None,
) -> NDArray[np.float64]:  # fmt: skip
    m = plain_margins(board_id, poses, mirrored, xs, ys, radius) - CLEARANCE
    value: NDArray[np.float64] = np.add.reduce(np.clip(m, -GIVE_UP, 0.0) * weights, axis=1)
    if avoid is not None:
        corners, normals = plain_plates(board_id, poses, np.full(len(poses), mirrored))
        other = np.array([[avoid[1].x, avoid[1].y, avoid[1].angle]])
        theirs = plain_plates(avoid[0], other, np.array([avoid[1].mirrored]))
        count = len(poses)
        depth = plain_overlap(corners, normals, *(np.repeat(p, count, axis=0) for p in theirs))
        depth += PLATE_GAP
        value -= np.where(depth > 0, OVERLAP_STEP + OVERLAP_PER_MM * depth, 0.0)
    return value


def plain_refine(
    board_id: str, start: Pose, xs: NDArray[np.float64], ys: NDArray[np.float64],
    weights: NDArray[np.float64], avoid: tuple[str, Pose] | None,
) -> Pose:  # fmt: skip
    """The pattern search: the six moves weighed at once, the best (the first of equals)
    taken if better, else the steps halved."""
    moves = np.array([(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)], float)
    radius = SKY.centre_radius
    pose = np.array([start.x, start.y, start.angle])

    def weigh(poses: NDArray[np.float64]) -> NDArray[np.float64]:
        return plain_shortfall(board_id, poses, start.mirrored, xs, ys, weights, radius, avoid)

    best = float(weigh(pose[None, :])[0])
    step, turn = PERFECT.cell, PERFECT.turn / 2
    while best < 0 and (step > FINEST or turn > FINEST):
        trials = pose + moves * (step, step, turn)
        values = weigh(trials)
        k = int(np.argmax(values))
        if values[k] > best:
            pose, best = trials[k], float(values[k])
        else:
            step, turn = step / 2, turn / 2
    return Pose(float(pose[0]), float(pose[1]), float(pose[2]) % 360, start.mirrored)


def sky_around(
    rng: np.random.Generator,
) -> tuple[str, str, NDArray[np.float64], NDArray[np.float64], float, float]:
    board, other = (str(b) for b in rng.choice(BOARDS, 2, replace=False))
    n = int(rng.integers(1, 30))
    cx, cy = rng.uniform(150, 450), rng.uniform(100, 350)
    xs, ys = rng.uniform(cx - 60, cx + 60, n), rng.uniform(cy - 60, cy + 60, n)
    return board, other, xs, ys, float(cx), float(cy)


@pytest.mark.parametrize("seed", range(6))
def test_the_compiled_shortfall_and_margins_are_the_plain_forms_to_the_last_bit(seed: int) -> None:
    rng = np.random.default_rng(seed)
    radius = SKY.centre_radius
    for _ in range(20):
        board, other, xs, ys, cx, cy = sky_around(rng)
        weights = rng.choice([1.0, 0.3], len(xs))
        mirrored = bool(rng.integers(2))
        avoid = None
        if rng.random() < 0.7:
            avoid = (
                other,
                Pose(cx + rng.normal(0, 40), cy + rng.normal(0, 40), 37.5, bool(rng.integers(2))),
            )
        for count in (1, 6, 11):
            poses = np.column_stack([
                rng.uniform(cx - 30, cx + 30, count), rng.uniform(cy - 30, cy + 30, count),
                rng.uniform(-400, 400, count),
            ])  # fmt: skip
            avoided = None if avoid is None else (SKY.board(avoid[0]), avoid[1])
            got = shortfalls(SKY.board(board), poses, mirrored, xs, ys, weights, radius, avoided)
            plain = plain_shortfall(board, poses, mirrored, xs, ys, weights, radius, avoid)
            assert got.tobytes() == plain.tobytes()
            margins = _shapes(SKY.board(board)).margins(poses, mirrored, xs, ys, radius)
            assert (
                margins.tobytes() == plain_margins(board, poses, mirrored, xs, ys, radius).tobytes()
            )


@pytest.mark.parametrize("seed", range(3))
def test_a_compiled_refinement_ends_where_the_plain_pattern_search_does(seed: int) -> None:
    rng = np.random.default_rng(100 + seed)
    moved = 0
    for _ in range(12):
        board, other, xs, ys, cx, cy = sky_around(rng)
        xs, ys = xs[:8], ys[:8]
        weights = rng.choice([1.0, 0.3], len(xs))
        start = Pose(
            cx + rng.normal(0, 10),
            cy + rng.normal(0, 10),
            float(rng.uniform(0, 360)),
            bool(rng.integers(2)),
        )
        avoid = None if rng.random() < 0.3 else (other, Pose(cx + 70, cy, 90.0))
        avoided = None if avoid is None else (SKY.board(avoid[0]), avoid[1])
        got = refine(SKY.board(board), start, xs, ys, weights, SKY.centre_radius, PERFECT, avoided)
        assert got == plain_refine(board, start, xs, ys, weights, avoid)
        moved += got != start
    assert moved  # (refinements that went somewhere)


@pytest.mark.parametrize("n", [*range(1, 20), 31, 64, 127, 128, 129, 200, 256, 257, 300, 1000])
def test_points_are_summed_as_numpy_sums_a_row(n: int) -> None:
    """numpy adds a row pairwise (blocks of 128, eight running sums in each), and the order
    of additions shows in the last bit."""
    rng = np.random.default_rng(n)
    values = rng.normal(size=(5, n)) * 10.0 ** rng.integers(-6, 6, size=(5, n))
    expected = np.add.reduce(values, axis=1)
    for row, total in zip(values, expected, strict=True):
        assert kernels._pairwise(np.ascontiguousarray(row), n) == total


@pytest.mark.parametrize("seed", range(4))
def test_plates_overlap_as_the_plain_separating_axes_say(seed: int) -> None:
    rng = np.random.default_rng(seed)
    board, other = SKY.boards[seed], SKY.boards[(seed + 3) % len(SKY.boards)]
    count = 300
    poses = np.column_stack([
        rng.normal(300, 80, count), rng.normal(220, 80, count), rng.uniform(-400, 400, count)
    ])  # fmt: skip
    sides = rng.random(count) < 0.5
    at = Pose(300.0, 220.0, 20.0 * seed, bool(seed % 2))
    mine = plain_plates(board.id, poses, sides)
    theirs = plain_plates(other.id, np.array([[at.x, at.y, at.angle]]), np.array([at.mirrored]))
    expected = plain_overlap(*mine, *(np.repeat(p, count, axis=0) for p in theirs))
    assert _overlaps(_shapes(board), poses, sides, (other, at)).tobytes() == expected.tobytes()
    # Every pose of one list against every pose of another.
    shapes_a, shapes_b = _shapes(board), _shapes(other)
    pa, sa, pb, sb = poses[:20], sides[:20], poses[20:35], sides[20:35]
    every = kernels.pair_overlaps(
        pa, sa, shapes_a.outlines, len(shapes_a.hull), pb, sb, shapes_b.outlines, len(shapes_b.hull)
    )
    a_plates, b_plates = plain_plates(board.id, pa, sa), plain_plates(other.id, pb, sb)
    rows = plain_overlap(
        *(np.repeat(p, len(pb), axis=0) for p in a_plates),
        *(np.tile(p, (len(pa), 1, 1)) for p in b_plates),
    )
    assert every.reshape(-1).tobytes() == rows.tobytes()


@pytest.mark.parametrize("seed", range(4))
def test_the_best_pose_off_a_plate_is_the_one_weighing_every_pose_finds(seed: int) -> None:
    """``_best_off``: the pose (the first of equals) of the greatest value less what
    overlapping the other plate costs, here with most of the best poses on that plate."""
    rng = np.random.default_rng(seed)
    board, other = SKY.boards[seed], SKY.boards[(seed + 3) % len(SKY.boards)]
    at = Pose(300.0, 220.0, 20.0 * seed)
    count = 3000
    poses = np.column_stack([
        rng.normal(300, 60, count), rng.normal(220, 60, count), rng.choice([0.0, 36.0, 90.0], count)
    ])  # fmt: skip
    sides = rng.random(count) < 0.5
    # Values with ties, the best nearest the plate's middle.
    value = -np.round(np.hypot(poses[:, 0] - 300, poses[:, 1] - 220) / 5)
    mine = plain_plates(board.id, poses, sides)
    theirs = plain_plates(other.id, np.array([[at.x, at.y, at.angle]]), np.array([False]))
    depth = plain_overlap(*mine, *(np.repeat(p, count, axis=0) for p in theirs)) + PLATE_GAP
    weighed = value - np.where(depth > 0, OVERLAP_STEP + OVERLAP_PER_MM * depth, 0.0)
    cells, angles = np.ascontiguousarray(poses[:, :2]), np.ascontiguousarray(poses[:, 2])
    best = _best_off(_shapes(board), cells, angles, sides, value, (other, at))
    assert best == int(np.argmax(weighed))
    assert depth[best] <= 0 < depth[int(np.argmax(value))]  # (it had to step off the plate)


@pytest.mark.parametrize("bits", [3, 16, 17, 40])
def test_masks_are_grouped_as_one_stable_sort_of_their_words_groups_them(bits: int) -> None:
    """Masks of a few points are sorted as 16-bit keys (by radix): the same order."""
    rng = np.random.default_rng(bits)
    masks = rng.integers(0, 2**bits, (40, 1), dtype=np.uint64)
    rows = masks[rng.integers(0, 40, 3000)]
    order, starts = _groups(rows)
    expected = np.argsort(rows[:, 0], kind="stable")
    assert np.array_equal(order, expected)
    ordered = rows[expected, 0]
    assert np.array_equal(starts, np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]]))


def fused(x: float, y: float, u: float, v: float) -> float:
    """x·u + y·v with one rounding after y·v is added to the rounded x·u (exactly)."""
    return float(Fraction(y) * Fraction(v) + Fraction(x * u))


def _rows_of_cells(rng: np.random.Generator) -> tuple[NDArray[np.float64], NDArray[np.intp]]:
    """Rows as a look makes them, each ordered by x, then y, on a 4 mm grid: scattered
    cells, a blob, cells in a line (straight, sloping, upright), a lone cell."""
    rows: list[list[tuple[float, float]]] = []
    rows.append(sorted({(float(x), float(y)) for x, y in rng.integers(-20, 20, (60, 2))}))
    blob = rng.integers(-6, 7, (120, 2))
    rows.append(sorted({(float(x), float(y)) for x, y in blob if x * x + 2 * y * y < 40}))
    for dx, dy in ((1, 0), (0, 1), (3, 1), (2, -5), (1, 1)):
        line = [(float(k * dx), float(k * dy)) for k in range(-5, 9)]
        rows.append(sorted({*line, *[(x + dy, y - dx) for x, y in line[::3]]}))
    rows.append([(7.0, -3.0)])
    starts = np.cumsum([0, *[len(row) for row in rows[:-1]]])
    return np.array([cell for row in rows for cell in row]) * 4.0, starts.astype(np.intp)


Rows = tuple[NDArray[Any], ...]


def masks_of_rows(
    t: NDArray[np.float64], starts: NDArray[np.intp], groups: list[list[int]], k: NDArray[np.intp],
    supports: NDArray[np.float64],
) -> Rows:  # fmt: skip
    """Rows of cells ``t`` (from each of ``starts``, in orientations ``k`` whose plates reach
    ``supports``) as ``_Masks.rows`` gives them, mask ``m``'s rows ``groups[m]``."""
    order = np.array([r for group in groups for r in group], dtype=np.intp)
    row_to = np.cumsum([len(group) for group in groups]).astype(np.intp)
    row_from = np.r_[0, row_to[:-1]].astype(np.intp)
    stop = np.r_[starts[1:], len(t)].astype(np.intp)
    return (order, row_from, row_to, starts, stop, k, t, supports)


def reach_of(m: int, rows: Rows) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """``kernels.mask_reach`` of mask ``m``."""
    front, back, row_front, row_back = (np.empty(len(_UNITS)) for _ in range(4))
    outline = np.empty((2 * len(rows[6]) + 2, 2))
    kernels.mask_reach(m, rows, _OPPOSITE, _UNITS, front, back, outline, row_front, row_back)
    return front, back


@pytest.mark.parametrize("seed", range(4))
def test_a_rows_reach_is_the_least_and_most_over_all_its_cells(seed: int) -> None:
    """Only the cells on the boundary of a row's hull count (of those, the ends of each run
    of one x): the same as over every cell of the row, each projection rounded once."""
    rng = np.random.default_rng(seed)
    support = np.linspace(-30.0, 40.0, len(_UNITS))
    t, starts = _rows_of_cells(rng)
    t += rng.integers(-30, 30, 2) * 4.0
    alone = [[r] for r in range(len(starts))]
    rows = masks_of_rows(t, starts, alone, np.zeros(len(starts), np.intp), support[None])
    for r, (low, high) in enumerate(zip(starts, [*starts[1:], len(t)], strict=True)):
        along = np.array([[fused(x, y, u, v) for u, v in _UNITS] for x, y in t[low:high]])
        front, back = reach_of(r, rows)
        assert np.array_equal(front, along.min(axis=0) + support)
        assert np.array_equal(back, along.max(axis=0) - support[_OPPOSITE])


@pytest.mark.parametrize("seed", range(3))
def test_a_masks_reach_is_the_least_and_most_of_its_rows(seed: int) -> None:
    """A mask's rows, each in its own orientation (its plate's own support): the least of
    their fronts and the most of their backs, direction by direction."""
    rng = np.random.default_rng(seed)
    t, starts = _rows_of_cells(rng)
    supports = rng.uniform(-40.0, 40.0, (len(starts), len(_UNITS)))
    k = rng.permutation(len(starts)).astype(np.intp)
    each = masks_of_rows(t, starts, [[r] for r in range(len(starts))], k, supports)
    alone = [reach_of(r, each) for r in range(len(starts))]
    groups = [[2, 0, 5], [1], [3, 4], [7, 6]]
    rows = masks_of_rows(t, starts, groups, k, supports)
    for m, group in enumerate(groups):
        front, back = reach_of(m, rows)
        assert front.tobytes() == np.min([alone[r][0] for r in group], axis=0).tobytes()
        assert back.tobytes() == np.max([alone[r][1] for r in group], axis=0).tobytes()


@pytest.mark.parametrize(("chips", "floor"), [(5, 1), (12, 1), (12, 4), (20, 3), (20, 9), (40, 2)])
def test_every_orientations_cells_at_once_are_each_orientations_own(chips: int, floor: int) -> None:
    """``_Grid.layers`` (all orientations in one pass, compiled) gives each orientation's
    cells, masks and rows as ``_Grid.layer`` finds them one orientation at a time;
    masks of 8, 16, 32 and 64 bits."""
    rng = np.random.default_rng(chips * 100 + floor)
    centres = [(float(x), float(y)) for x, y in rng.normal((300, 220), 35, (chips, 2))]
    grid = _Grid(centres, PERFECT)
    board = SKY.board("sitting")
    bitmaps = _bitmaps(board, PERFECT, SKY.centre_radius)
    caps = grid.caps(bitmaps)
    wanted = [cap >= floor for cap in caps]
    together = grid.layers(bitmaps, floor, wanted)
    parts = [grid.layer(bitmaps[k], floor, k) for k in range(len(bitmaps)) if wanted[k]]
    alone = _Cells.joined(parts, grid.words)
    assert set(together.k.tolist()) == {k for k, want in enumerate(wanted) if want}
    for name in CELLS:
        mine, theirs = getattr(together, name), getattr(alone, name)
        assert mine.dtype == theirs.dtype and np.array_equal(mine, theirs), name


@pytest.mark.parametrize("chips", [1, 7, 20, 40])
def test_counts_are_the_bitmaps_added_at_every_point(chips: int) -> None:
    """``_Grid.counts`` (compiled, from the bitmaps' runs) counts what adding each
    orientation's bitmap at every centre point counts, and its caps are the most."""
    rng = np.random.default_rng(chips)
    centres = [(float(x), float(y)) for x, y in rng.normal((300, 220), 40, (chips, 2))]
    grid = _Grid(centres, PERFECT)
    bitmaps = _bitmaps(SKY.board("ears"), PERFECT, SKY.centre_radius)
    count, caps = grid.counts(bitmaps)
    du, dv = grid.u - grid.u.min(), grid.v - grid.v.min()
    for k, bitmap in enumerate(bitmaps):
        a, b = bitmap.ones.shape
        plain = np.zeros(count.shape[1:], dtype=np.uint8)
        for u, v in zip(du.tolist(), dv.tolist(), strict=True):
            plain[u : u + a, v : v + b] += bitmap.ones
        assert count.dtype == plain.dtype and np.array_equal(count[k], plain), k
        assert caps[k] == plain.max()


@pytest.mark.parametrize("seed", range(6))
def test_caps_grown_by_a_point_are_those_counted_afresh(seed: int) -> None:
    """A spot's caps grown from the sky's counts (``_Grid.grown_caps``, compiled) are the
    caps counted with the spot from scratch: spots among the chips, at the window's edges
    and far off it (where no count grows past 1)."""
    rng = np.random.default_rng(seed)
    centres = [(float(x), float(y)) for x, y in rng.normal((300, 220), 30, (12, 2))]
    base = _Grid(centres, PERFECT)
    bitmaps = _bitmaps(SKY.board(BOARDS[seed % len(BOARDS)]), PERFECT, SKY.centre_radius)
    count, caps = base.counts(bitmaps)
    xs, ys = [x for x, _ in centres], [y for _, y in centres]
    spots = [
        *[(float(x), float(y)) for x, y in rng.normal((300, 220), 30, (6, 2))],
        (min(xs) - 40.0, min(ys) - 40.0), (max(xs) + 60.0, max(ys) + 60.0),
        (min(xs), max(ys) + 5.0), (max(xs) + 500.0, min(ys)),
    ]  # fmt: skip
    for spot in spots:
        grown = _Grid([*centres, spot], PERFECT)
        assert grown.grown_caps(base, count, caps, bitmaps) == grown.caps(bitmaps), spot


@pytest.mark.parametrize("seed", range(4))
def test_a_sure_verdict_is_the_judges(seed: int) -> None:
    """The compiled verdict (``solver._sure_verdict``), where it is sure, is the judge's
    (None: the boards overlap): boards at random poses, apart or on each other, with points
    around them, and points on a figure's edge or at the clearance from it, where it leaves
    the call to the judge."""
    rng = np.random.default_rng(seed)
    told: dict[str, int] = {"verdict": 0, "overlap": 0, "unsure": 0}
    for _ in range(300):
        a, b = (SKY.boards[k] for k in rng.choice(len(SKY.boards), 2, replace=False))
        x, y = rng.uniform(120, 480), rng.uniform(100, 350)
        pa = Pose(round(x, 1), round(y, 1), round(rng.uniform(0, 360), 1), bool(rng.random() < 0.5))
        side = rng.choice([-1, 1])
        pb = Pose(
            round(x + side * rng.uniform(100, 240), 1), round(y + rng.uniform(-60, 60), 1),
            round(rng.uniform(0, 360), 1), bool(rng.random() < 0.5),
        )  # fmt: skip
        points = rng.uniform((x - 70, y - 70), (x + 70, y + 70), (int(rng.integers(1, 25)), 2))
        # Points on the figure's edge and at the clearance from it: not sure there.
        figure = pa.place(a.figure)
        edge = shapely.get_coordinates(figure)[rng.integers(0, 100)]
        inward = shapely.get_coordinates(shapely.shortest_line(figure.boundary, figure.centroid))
        step = (inward[1] - inward[0]) / np.hypot(*(inward[1] - inward[0]))
        extra = [edge, inward[0] + step * (SKY.centre_radius - TOUCH)]
        for pts in (points, np.vstack([points, extra])):
            centres = [(float(px), float(py)) for px, py in pts]
            xs, ys = pts[:, 0].copy(), pts[:, 1].copy()
            sure, got = _sure_verdict(SKY, xs, ys, a, pa, b, pb)
            try:
                expected = judge(SKY, centres, [(a, pa), (b, pb)])
            except IllegalAction:
                expected = None
            if sure:
                assert got == expected
            told["unsure" if not sure else "overlap" if got is None else "verdict"] += 1
    assert min(told.values()) > 100, told


def test_plates_that_just_touch_are_left_to_the_judge() -> None:
    a, b = SKY.board("stretching"), SKY.board("leaping")  # plates 200 and 196 mm wide
    xs, ys = np.array([300.0]), np.array([200.0])
    for gap, told in ((0.0, (False, None)), (1e-9, (False, None)), (-1.0, (True, None))):
        pb = Pose(300.0 + 100 + 98 + gap, 200.0)
        assert _sure_verdict(SKY, xs, ys, a, Pose(300.0, 200.0), b, pb) == told
    pb = Pose(300.0 + 100 + 98 + 0.01, 200.0)
    assert _sure_verdict(SKY, xs, ys, a, Pose(300.0, 200.0), b, pb)[0]


def reaching(reach: NDArray[np.float64], forward: bool) -> Rows:
    """Masks of one row of one cell at (0, 0) each, in an orientation of its own whose
    plate's support makes their front (``forward``) or back ``reach`` exactly: 0 + s, or
    0 - (-s) (a plate's front and back are its support both ways: one of them is given)."""
    masks = len(reach)
    supports = reach.copy() if forward else np.empty_like(reach)
    if not forward:
        supports[:, _OPPOSITE] = -reach
    t = np.zeros((masks, 2))
    each = np.arange(masks, dtype=np.intp)
    return masks_of_rows(t, each, [[m] for m in range(masks)], each, supports)


def plain_pairings(
    words_a: NDArray[np.uint64], words_b: NDArray[np.uint64], front_a: NDArray[np.float64],
    back_b: NDArray[np.float64], full: NDArray[np.uint64], gain: NDArray[np.uint64],
    cell: float, tries: int, chunk: int,
) -> set[tuple[int, int, int, int, float, int]]:  # fmt: skip
    """The pairs worth placing, in numpy: every pair of a run of a's masks with every one of
    b's at once, the valid ones' keys sorted stably (else the two fewest left out)."""
    out = set()
    for start in range(0, len(words_a), chunk):
        a = words_a[start : start + chunk]
        left = full[None, None, :] & ~(a[:, None, :] | words_b[None, :, :])
        missing = np.bitwise_count(left).sum(axis=2)
        ii, jj = np.nonzero(missing <= 2)
        if len(ii) == 0:
            flat = np.lexsort((np.arange(missing.size), missing.reshape(-1)))[:2]
            ii, jj = np.divmod(flat, len(words_b))
        room_all = back_b[jj] - front_a[start + ii]
        direction = np.argmax(room_all, axis=1)
        room = room_all[np.arange(len(ii)), direction]
        good = np.bitwise_count(left[ii, jj] & gain[None, :]).sum(axis=1)
        apart = room >= -cell
        key = (~apart) * 1e9 + missing[ii, jj] * 1e6 - good * 1e3 - np.clip(room, -999, 999)
        for p in np.argsort(key, kind="stable")[:tries]:
            out.add((
                start + int(ii[p]), int(jj[p]), int(missing[ii[p], jj[p]]), int(good[p]),
                float(room[p]), int(direction[p]),
            ))  # fmt: skip
    return out


@pytest.mark.parametrize(("points", "seed"), [(10, 0), (14, 1), (20, 2), (70, 3)])
def test_the_pairs_worth_placing_are_those_numpy_finds(points: int, seed: int) -> None:
    """Masks of one and of two words, with many ties (the first found of equals), runs of
    masks of a that leave none valid, and rooms that tie along several directions."""
    rng = np.random.default_rng(seed)
    words = -(-points // 64)

    def masks(count: int, density: float) -> NDArray[np.uint64]:
        bits = rng.random((count, words * 64)) < density
        bits[:, points:] = False
        weights = np.uint64(1) << np.arange(64, dtype=np.uint64)
        return np.stack(
            [
                (bits[:, w * 64 : (w + 1) * 64] * weights).sum(axis=1, dtype=np.uint64)
                for w in range(words)
            ],
            axis=1,
        )

    words_a, words_b = masks(90, 0.7), masks(70, 0.6)
    full = np.zeros(words, np.uint64)
    for i in range(points):
        full[i // 64] |= np.uint64(1) << np.uint64(i % 64)
    gain = full & masks(1, 0.3)[0]
    front_a = np.round(rng.normal(0, 20, (90, 36)))
    back_b = np.round(rng.normal(0, 20, (70, 36)))
    for chunk, tries in ((7, 12), (90, 4), (1, 3)):
        points_a = np.bitwise_count(words_a).sum(axis=1).astype(np.int64)
        points_b = np.bitwise_count(words_b).sum(axis=1).astype(np.int64)
        fullest = np.argsort(-points_b, kind="stable")
        rows_a, rows_b = reaching(front_a, forward=True), reaching(back_b, forward=False)
        assert np.array_equal(reach_of(7, rows_a)[0], front_a[7])
        assert np.array_equal(reach_of(7, rows_b)[1], back_b[7])
        got = kernels.pairings(
            words_a, words_b, rows_a, rows_b, _OPPOSITE, _UNITS, full, gain, 2.0, tries, chunk,
            2, points_a, points_b, fullest,
        )  # fmt: skip
        rows = set(zip(*(array.tolist() for array in got), strict=True))
        assert rows == plain_pairings(
            words_a, words_b, front_a, back_b, full, gain, 2.0, tries, chunk
        )
        assert len(rows) == len(got[0])


def plain_good_poses(
    masks: _Masks, m: int, board_id: str, xs: NDArray[np.float64], ys: NDArray[np.float64],
    count: int, direction: int | None, forward: bool,
) -> tuple[NDArray[np.float64], NDArray[np.bool_], NDArray[np.float64]]:  # fmt: skip
    """Row by row, in numpy: each row's best pose, and the one as good that lies farthest
    back along ``direction``; then the ``count`` best of those."""
    poses, sides, values = [], [], []
    for row in masks.row_order[masks.row_from[m] : masks.row_to[m]].tolist():
        angle, mirrored = PERFECT.orientations[int(masks.row_k[row])]
        cells = masks.t[masks.row_start[row] : masks.row_stop[row]]
        at = np.column_stack([cells, np.full(len(cells), angle)])
        depth = plain_margins(board_id, at, mirrored, xs, ys, SKY.centre_radius) - CLEARANCE
        value = np.clip(depth, -GIVE_UP, 0.0).sum(axis=1) + 1e-3 * depth.min(axis=1)
        k = int(np.argmax(value))
        picks = [k]
        if direction is not None:
            along = cells @ _UNITS[direction]
            along = np.where(value >= value[k] - 1e-9, along if forward else -along, np.inf)
            picks.append(int(np.argmin(along)))
        for k in picks:
            poses.append(at[k])
            sides.append(mirrored)
            values.append(float(value[k]))
    order = np.argsort(-np.array(values), kind="stable")[:count]
    return np.array(poses)[order], np.array(sides)[order], np.array(values)[order]


@pytest.mark.parametrize("seed", range(3))
def test_a_masks_good_poses_are_those_weighed_row_by_row(seed: int) -> None:
    rng = np.random.default_rng(seed)
    centres = [(float(x), float(y)) for x, y in rng.normal((300, 220), 30, (9, 2))]
    board = SKY.board(BOARDS[seed])
    solver = Solver(SKY, centres, PERFECT)
    masks = solver._masks(board, 3).at_least(3)
    xs, ys = solver._xs[:5], solver._ys[:5]
    for m in rng.choice(len(masks), 6, replace=False).tolist():
        for direction, forward in ((None, True), (7, True), (25, False)):
            got = masks.good_poses(
                m, _shapes(board), xs, ys, SKY.centre_radius, 48, direction, forward
            )
            expected = plain_good_poses(masks, m, board.id, xs, ys, 48, direction, forward)
            for mine, theirs in zip(got, expected, strict=True):
                assert mine.tobytes() == theirs.tobytes()


@pytest.mark.parametrize("cells", [1, 2, 3, 8])
def test_a_projection_is_numpys_product_of_a_rows_cells(cells: int) -> None:
    """``cells @ unit``: gemv's rounding for rows of several cells, a dot product's for one."""
    rng = np.random.default_rng(cells)
    for _ in range(200):
        t = rng.integers(-200, 200, (cells, 2)) * 4.0 + rng.normal(0, 1, (cells, 2))
        for unit in _UNITS:
            mine = [kernels.projected(x, y, unit, cells == 1) for x, y in t.tolist()]
            assert np.array(mine).tobytes() == (t @ unit).tobytes()


def plain_extreme(masks: _Masks, m: int, direction: int, forward: bool) -> Pose:
    """Row by row in numpy: the cell of least (or most) projection, and of those the row's
    whose plate reaches least far (or starts farthest back); the first of equals."""
    best: tuple[float, Pose] | None = None
    for row in masks.row_order[masks.row_from[m] : masks.row_to[m]].tolist():
        k = int(masks.row_k[row])
        cells = masks.t[masks.row_start[row] : masks.row_stop[row]]
        along = cells @ _UNITS[direction]
        if forward:
            i = int(np.argmin(along))
            value = float(along[i] + masks.supports[k, direction])
        else:
            i = int(np.argmax(along))
            value = -float(along[i] - masks.supports[k, _OPPOSITE[direction]])
        if best is None or value < best[0]:
            angle, mirrored = PERFECT.orientations[k]
            best = (value, Pose(float(cells[i, 0]), float(cells[i, 1]), angle, mirrored))
    assert best is not None
    return best[1]


@pytest.mark.parametrize("seed", range(3))
def test_a_masks_extreme_pose_is_the_one_numpy_finds(seed: int) -> None:
    """Masks of rows of one cell (whose projection numpy works out as a dot product) and of
    many, every direction both ways."""
    rng = np.random.default_rng(seed)
    centres = [(float(x), float(y)) for x, y in rng.normal((300, 220), 30, (9, 2))]
    board = SKY.board(BOARDS[seed + 3])
    masks = Solver(SKY, centres, PERFECT)._masks(board, 2)
    sizes = masks.row_stop - masks.row_start
    lone = [m for m in range(len(masks)) if (sizes[masks.row_order[masks.row_from[m]]] == 1)]
    picked = [*rng.choice(len(masks), 8, replace=False).tolist(), *lone[:8]]
    assert lone
    for m in picked:
        for direction in range(0, DIRECTIONS, 5):
            for forward in (True, False):
                expected = plain_extreme(masks, m, direction, forward)
                assert masks.extreme(m, direction, forward) == expected


def test_the_game_and_its_bots_load_without_numba_until_the_solver_runs() -> None:
    """Listing the games (the command line's help) imports this game and its bots; numba
    takes a quarter of a second to import, so the kernels wait for the first search."""
    code = (
        "import sys\n"
        "import asobi.games.carrotein, asobi.games.carrotein.solver as solver\n"
        "print('numba' in sys.modules)\n"
        "sky = asobi.games.carrotein.sky.default_sky()\n"
        "solver.refine(sky.boards[0], solver.Pose(300, 200), *[solver.np.array([300.0])] * 3,"
        " sky.centre_radius, solver.PERFECT)\n"
        "print('numba' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "True"]
