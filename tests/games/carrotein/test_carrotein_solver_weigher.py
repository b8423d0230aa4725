"""The refinement's fast inner loop (``solver._Weigher``) weighs poses to the last bit as the
plain form does: the same arithmetic, element by element, laid out flat in fewer numpy calls.
A refinement's every step compares these values, so a last bit off could move a board.

The plain form here is the solver's arithmetic written out per pose and point, as it was
before the flat layout: a point's margin read bilinearly from the board's distance field,
the plate turned (``_turned``) and its overlap with the other's by separating axes
(``_overlap_along``).
"""

from __future__ import annotations

import numpy as np
import pytest
from numpy.typing import NDArray

from asobi.games.carrotein.sky import Pose, default_sky
from asobi.games.carrotein.solver import (
    CLEARANCE,
    FIELD,
    GIVE_UP,
    OVERLAP_PER_MM,
    OVERLAP_STEP,
    PLATE_GAP,
    _best_off,
    _groups,
    _overlap,
    _overlap_along,
    _shapes,
    _turned,
    _turns,
    _Weigher,
)

SKY = default_sky()


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


def plain_shortfall(
    board_id: str, poses: NDArray[np.float64], mirrored: bool, xs: NDArray[np.float64],
    ys: NDArray[np.float64], weights: NDArray[np.float64], radius: float,
    avoid: tuple[str, Pose] | None,
) -> NDArray[np.float64]:  # fmt: skip
    m = plain_margins(board_id, poses, mirrored, xs, ys, radius) - CLEARANCE
    value: NDArray[np.float64] = np.add.reduce(weights * np.clip(m, -GIVE_UP, 0.0), axis=1)
    if avoid is not None:
        shapes, turns = _shapes(SKY.board(board_id)), _turns(poses[:, 2])
        other_corners, other_axes = _shapes(SKY.board(avoid[0])).plate(avoid[1])
        axes = np.concatenate(
            [
                _turned(shapes.normals, turns, mirrored),
                np.broadcast_to(other_axes, (len(poses), *other_axes.shape)),
            ],
            1,
        )
        corners = _turned(shapes.hull, turns, mirrored) + poses[:, None, 0:2]
        depth = _overlap_along(axes, corners, other_corners) + PLATE_GAP
        value -= np.where(depth > 0, OVERLAP_STEP + OVERLAP_PER_MM * depth, 0.0)
    return value


@pytest.mark.parametrize("seed", range(6))
def test_the_flat_weigher_weighs_poses_to_the_last_bit_as_the_plain_form(seed: int) -> None:
    rng = np.random.default_rng(seed)
    boards = [b.id for b in SKY.boards]
    radius = SKY.centre_radius
    for _ in range(20):
        board, other = rng.choice(boards, 2, replace=False)
        n = int(rng.integers(1, 30))
        cx, cy = rng.uniform(150, 450), rng.uniform(100, 350)
        xs, ys = rng.uniform(cx - 60, cx + 60, n), rng.uniform(cy - 60, cy + 60, n)
        weights = rng.choice([1.0, 0.3], n)
        mirrored = bool(rng.integers(2))
        avoid = None
        if rng.random() < 0.7:
            avoid = (str(other), Pose(cx + rng.normal(0, 40), cy + rng.normal(0, 40), 37.5))
        plate = None if avoid is None else _shapes(SKY.board(avoid[0])).plate(avoid[1])
        weigher = _Weigher(_shapes(SKY.board(board)), mirrored, xs, ys, weights, radius, plate)
        for count in (1, 6, 6, 11):  # a layout is kept per count: asked again, the same
            poses = np.column_stack(
                [
                    rng.uniform(cx - 30, cx + 30, count),
                    rng.uniform(cy - 30, cy + 30, count),
                    rng.uniform(-400, 400, count),
                ]
            )
            got = weigher.shortfall(poses)
            plain = plain_shortfall(board, poses, mirrored, xs, ys, weights, radius, avoid)
            assert got.tobytes() == plain.tobytes()
            margins = _shapes(SKY.board(board)).margins(poses, mirrored, xs, ys, radius)
            assert (
                margins.tobytes() == plain_margins(board, poses, mirrored, xs, ys, radius).tobytes()
            )


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


@pytest.mark.parametrize("seed", range(4))
def test_the_overlap_by_separating_axes_is_einsums_to_the_last_bit(seed: int) -> None:
    """``_overlap_along`` writes the projections out (``_along``): the same two products and
    sum as the einsum it replaced, and so the same depths."""
    rng = np.random.default_rng(seed)
    for count in (1, 2, 7, 300):
        every = rng.normal(size=(count, 8, 2))
        corners = rng.uniform(-400, 400, (count, 4, 2))
        other = rng.uniform(-400, 400, (4, 2))
        mine = np.einsum("pkc,pvc->pkv", every, corners)
        theirs = np.einsum("pkc,vc->pkv", every, other)
        top = np.minimum(mine.max(axis=2), theirs.max(axis=2))
        bottom = np.maximum(mine.min(axis=2), theirs.min(axis=2))
        expected = (top - bottom).min(axis=1)
        assert _overlap_along(every, corners, other).tobytes() == expected.tobytes()


@pytest.mark.parametrize("seed", range(4))
def test_the_best_pose_off_a_plate_is_the_one_weighing_every_pose_finds(seed: int) -> None:
    """``_best_off`` weighs the best values first, in chunks that double, and stops when no
    pose left can come level: the pose (the first of equals) that weighing the overlap of
    every pose gives, here with most of the best poses on the other plate."""
    rng = np.random.default_rng(seed)
    board, other = SKY.boards[seed], SKY.boards[(seed + 3) % len(SKY.boards)]
    shapes = _shapes(board)
    plate = _shapes(other).plate(Pose(300.0, 220.0, 20.0 * seed))
    count = 3000
    poses = np.column_stack([
        rng.normal(300, 60, count), rng.normal(220, 60, count), rng.choice([0.0, 36.0, 90.0], count)
    ])  # fmt: skip
    sides = rng.random(count) < 0.5
    # Values with ties, the best nearest the plate's middle.
    value = -np.round(np.hypot(poses[:, 0] - 300, poses[:, 1] - 220) / 5)
    weighed = value.copy()
    for mirrored in (False, True):
        on = np.flatnonzero(sides == mirrored)
        some = poses[on]
        depth = _overlap(shapes.corners(some, mirrored), shapes.axes(some, mirrored), *plate)
        depth += PLATE_GAP
        weighed[on] -= np.where(depth > 0, OVERLAP_STEP + OVERLAP_PER_MM * depth, 0.0)
    assert _best_off(shapes, poses, sides, value, plate) == int(np.argmax(weighed))
