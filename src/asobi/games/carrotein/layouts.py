"""Seeded layouts of chips for measuring and testing the solver (and for puzzles).

``planted`` lays two boards at random and scatters chips where they hide — a layout that
*can* be done, with the placement that does it; ``scattered`` drops chips around the middle
as a table looks when players keep placing.
"""

from __future__ import annotations

import math
import random

from shapely.geometry import Point

from asobi.games.carrotein.sky import Board, Pose, Sky, chip_refusal, judge, placed
from asobi.games.carrotein.solver import Solver

Layout = tuple[list[tuple[float, float]], Board, Board]


def planted(sky: Sky, seed: int, chips: int = 25, loose: int = 2) -> Layout:
    """``chips - loose`` chips under two boards laid at random (near each other, turned,
    flipped, not overlapping; anywhere under the figures, edges included) and ``loose`` ones
    anywhere: a layout the two boards can do."""
    rng = random.Random(seed)
    while True:
        a, b = rng.sample(list(sky.boards), 2)
        pa = Pose(
            rng.uniform(150, 450), rng.uniform(120, 330), rng.uniform(0, 360), rng.random() < 0.5
        )
        heading = rng.uniform(0, 2 * math.pi)
        gap = a.reach + b.reach - rng.uniform(0, 60)
        pb = Pose(
            pa.x + gap * math.cos(heading),
            pa.y + gap * math.sin(heading),
            rng.uniform(0, 360),
            rng.random() < 0.5,
        )
        (plate_a, figure_a), (plate_b, figure_b) = placed(a, pa), placed(b, pb)
        if plate_a.intersection(plate_b).area > 0:
            continue
        regions = [f.buffer(-sky.centre_radius) for f in (figure_a, figure_b)]
        centres: list[tuple[float, float]] = []
        for _ in range(5000):
            if len(centres) == chips - loose:
                break
            region = regions[rng.random() < 0.5]
            minx, miny, maxx, maxy = region.bounds
            x, y = rng.uniform(minx, maxx), rng.uniform(miny, maxy)
            if region.contains(Point(x, y)) and chip_refusal(sky, x, y, centres) is None:
                centres.append((x, y))
        if len(centres) < chips - loose:
            continue
        while len(centres) < chips:
            x, y = rng.uniform(10, sky.width - 10), rng.uniform(10, sky.height - 10)
            if chip_refusal(sky, x, y, centres) is None:
                centres.append((x, y))
        if judge(sky, centres, [(a, pa), (b, pb)]).success:
            return centres, a, b


def scattered(sky: Sky, seed: int, chips: int = 25, spread: float = 80.0) -> Layout:
    """Chips dropped around the middle; the pair of boards that may hide the most."""
    rng = random.Random(seed)
    centres = [sky.middle]
    while len(centres) < chips:
        x, y = rng.gauss(sky.middle[0], spread), rng.gauss(sky.middle[1], spread)
        if chip_refusal(sky, x, y, centres) is None:
            centres.append((x, y))
    solver = Solver(sky, centres)
    a, b = sorted(sky.boards, key=lambda board: -solver.cap(board))[:2]
    return centres, a, b
