"""The constellation solver (solver.py): it finds placements that the judge accepts, it
never reports one the judge rejects, and it says "impossible" where nothing can be done.

The solver's agreement with the slow reference on a 50-layout corpus, and its speed, are
measured by ``benchmarks/bench_carrotein.py``; against the brute-force reference at every chip
count by ``benchmarks/reference_carrotein.py`` (figures in ``docs/performance.md``).
"""

from __future__ import annotations

import numpy as np
import pytest
from shapely.geometry import Point

from asobi.games.carrotein.layouts import planted, scattered
from asobi.games.carrotein.sky import Pose, default_sky, judge
from asobi.games.carrotein.solver import (
    CLEARANCE,
    GOOD_EYE,
    Attempt,
    Solver,
    _overlaps,
    _shapes,
    hindsight,
    reference_solve,
    solve_any,
    solve_pair,
)

SKY = default_sky()


def judged(centres: list[tuple[float, float]], attempt: Attempt) -> bool:
    """The judge's own verdict on the attempt's poses, as a player would lay them."""
    boards = [SKY.board(i) for i in attempt.boards]
    verdict = judge(SKY, centres, list(zip(boards, attempt.poses, strict=True)))
    assert verdict == attempt.verdict
    return verdict.success


@pytest.mark.parametrize("seed", range(6))
def test_a_planted_layout_is_done_and_the_judge_agrees(seed: int) -> None:
    """星座作成タイム: a layout two boards can hide (chips planted under them, 2 loose) is
    found doable with those two boards, at poses the judge accepts."""
    centres, a, b = planted(SKY, seed, chips=14)
    attempt = solve_pair(SKY, centres, a, b)
    assert attempt.success, (seed, a.id, b.id, attempt.verdict.shown)
    assert judged(centres, attempt)


@pytest.mark.parametrize("seed", range(4))
def test_a_reported_success_is_always_one_the_judge_accepts(seed: int) -> None:
    """Never a "solution" the judge rejects: for crowded layouts, whatever the answer, the
    attempt's verdict is the judge's."""
    centres, a, b = scattered(SKY, seed, chips=18, spread=60)
    attempt = solve_pair(SKY, centres, a, b, eye=GOOD_EYE)
    assert judged(centres, attempt) == attempt.success


def test_two_or_fewer_centre_points_need_no_hiding() -> None:
    """ "2つだけ隠せない【中心点】があった…" still succeeds: the first star and one chip
    succeed wherever the boards lie."""
    attempt = solve_pair(SKY, [SKY.middle, (30, 30)], SKY.board("ears"), SKY.board("carrot"))
    assert attempt.success


def test_stars_in_all_four_corners_cannot_be_done() -> None:
    """Clusters in the four corners and the middle: two boards cannot reach them all."""
    corners = [(30, 30), (570, 30), (30, 420), (570, 420)]
    centres = [SKY.middle] + [(x + dx, y) for x, y in corners for dx in (0, 25)]
    attempt = solve_any(SKY, centres, SKY.boards)
    assert attempt is not None and not attempt.success
    assert attempt.verdict.shown > 2


@pytest.mark.slow
def test_any_pair_finds_the_boards_that_fit() -> None:
    """Asked about every pair, the solver returns a success with some pair when a planted
    pair exists."""
    centres, _, _ = planted(SKY, 11, chips=12)
    attempt = solve_any(SKY, centres, SKY.boards)
    assert attempt is not None and attempt.success and judged(centres, attempt)


def test_a_success_leaves_out_the_challengers_own_chips_first() -> None:
    """The challenger gains from its own chips left showing (they score for it) and loses
    from another's: with a choice, the solver leaves out its own."""
    # Two lone chips far from everything, one the challenger's (+1), one another's (-1), and
    # a third lone one: only two may be left out, so one lone chip must be hidden.
    centres = [SKY.middle, (40, 40), (560, 410), (300, 260)]
    weights = [0.0, 1.0, -1.0, 0.0]
    attempt = Solver(SKY, centres, weights=weights).pair(SKY.board("sitting"), SKY.board("ears"))
    assert attempt.success
    assert attempt.verdict.hidden[2], "another player's chip should be the one hidden"


def test_boards_far_apart_are_never_refused_as_overlapping() -> None:
    """The judge refuses overlapping boards; the solver's answers never overlap."""
    centres, a, b = planted(SKY, 3, chips=16)
    attempt = solve_pair(SKY, centres, a, b)
    judge(SKY, centres, list(zip((a, b), attempt.poses, strict=True)))  # no IllegalAction


@pytest.mark.slow
def test_the_reference_agrees_on_a_small_planted_layout() -> None:
    """The slow reference (2°, 1 mm, every candidate refined) finds what the solver finds."""
    centres, a, b = planted(SKY, 2, chips=9)
    ours, ref = solve_pair(SKY, centres, a, b), reference_solve(SKY, centres, a, b)
    assert ours.success and ref.success and judged(centres, ref)


def test_poses_are_rounded_as_codes_write_them() -> None:
    """An attempt's poses are to a tenth of a mm and of a degree, so a `lay` code carries
    them exactly."""
    centres, a, b = planted(SKY, 4, chips=10)
    for pose in solve_pair(SKY, centres, a, b).poses:
        assert pose == Pose(round(pose.x, 1), round(pose.y, 1), round(pose.angle, 1), pose.mirrored)
        assert 0 <= pose.angle < 360


def test_hindsight_shows_a_placement_that_would_have_worked() -> None:
    """After a failed challenge the game shows what would have worked: a success over some
    pair of the boards on the mat, or None when the solver finds none."""
    centres, _, _ = planted(SKY, 5, chips=10)
    found = hindsight(tuple(centres), tuple(b.id for b in SKY.boards))
    assert found is not None and found.success and judged(centres, found)
    corners = ((30.0, 30.0), (570.0, 30.0), (30.0, 420.0), (570.0, 420.0), SKY.middle)
    assert hindsight(corners, ("sitting", "sleeping")) is None


@pytest.mark.parametrize("board_id", [b.id for b in SKY.boards])
def test_the_distance_field_reads_margins_as_the_judge_measures_them(board_id: str) -> None:
    """The solver's fast margins (a distance field sampled every half millimetre) agree with
    shapely's exact distance to the figure's edge to a quarter of a millimetre, inside and
    out; and a centre point the field puts inside by the solver's clearance is hidden: a
    pose refined on the field hides what the field says."""
    board = SKY.board(board_id)
    rng = np.random.default_rng(7)
    minx, miny, maxx, maxy = board.figure.bounds
    xs, ys = rng.uniform(minx - 3, maxx + 3, 1000), rng.uniform(miny - 3, maxy + 3, 1000)
    pose = Pose(300.0, 200.0, 37.0, True)
    placed_figure = pose.place(board.figure)
    fast = _shapes(board).margins(
        np.array([[pose.x, pose.y, pose.angle]]), pose.mirrored, *_on_mat(pose, xs, ys), 0.0
    )[0]
    edges = placed_figure.boundary
    mx, my = _on_mat(pose, xs, ys)
    exact = np.array(
        [
            (1 if placed_figure.covers(Point(x, y)) else -1) * edges.distance(Point(x, y))
            for x, y in zip(mx, my, strict=True)
        ]
    )
    assert np.abs(fast - exact).max() < 0.25
    radius = SKY.centre_radius
    assert (exact[fast - radius >= CLEARANCE] >= radius).all()


def _on_mat(pose: Pose, xs: np.ndarray, ys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Board-frame points put where ``pose`` lays the board."""
    x = -xs if pose.mirrored else xs
    turn = np.radians(pose.angle)
    return (
        pose.x + np.cos(turn) * x - np.sin(turn) * ys,
        pose.y + np.sin(turn) * x + np.cos(turn) * ys,
    )


@pytest.mark.parametrize("seed", range(3))
def test_plates_overlap_by_separating_axes_exactly_when_shapely_says(seed: int) -> None:
    """星座作成タイム 2 (boards may not overlap): the solver's quick overlap test on the
    plates agrees with the judge's geometry, for random poses near each other."""
    rng = np.random.default_rng(seed)
    a, b = SKY.board("sleeping"), SKY.board("leaping")
    for _ in range(200):
        pa = Pose(300.0, 200.0, float(rng.uniform(0, 360)), bool(rng.random() < 0.5))
        pb = Pose(
            float(300 + rng.uniform(-200, 200)), float(200 + rng.uniform(-150, 150)),
            float(rng.uniform(0, 360)), bool(rng.random() < 0.5),
        )  # fmt: skip
        at, side = np.array([[pa.x, pa.y, pa.angle]]), np.array([pa.mirrored])
        depth = float(_overlaps(_shapes(a), at, side, (b, pb))[0])
        area = pa.place(a.plate).intersection(pb.place(b.plate)).area
        if abs(depth) > 1e-6:
            assert (depth > 0) == (area > 1e-6), (pa, pb, depth, area)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("seed", "boards"), [(1002, ("sitting", "ears")), (1012, ("sitting", "sleeping"))]
)
def test_a_loose_cluster_is_done_with_the_boards_on_either_side_of_a_line(
    seed: int, boards: tuple[str, str]
) -> None:
    """A loose cluster of 14 chips that two big boards can only do side by side, their
    plates nearly touching (the case the first solver missed): done, and the judge agrees."""
    centres, _, _ = scattered(SKY, seed, chips=14, spread=50)
    attempt = solve_pair(SKY, centres, SKY.board(boards[0]), SKY.board(boards[1]))
    assert attempt.success and judged(centres, attempt)
