"""Seeded layouts of chips for measuring and testing the solver (and for puzzles).

``planted`` lays two boards at random and scatters chips where they hide — a layout that
*can* be done, with the placement that does it; ``scattered`` drops chips around the middle
as a table looks when players keep placing. ``corpus`` mixes the three kinds of layout the
solver is measured on, at every chip count.
"""

from __future__ import annotations

import math
import random

from shapely.geometry import Point

from asobi.games.carrotein.sky import Board, Pose, Sky, chip_refusal, judge, placed
from asobi.games.carrotein.solver import Solver

Layout = tuple[list[tuple[float, float]], Board, Board]


def planted(
    sky: Sky, seed: int, chips: int = 25, loose: int = 2, near: float | None = None
) -> Layout:
    """``chips - loose`` chips under two boards laid at random (near each other, turned,
    flipped, not overlapping; anywhere under the figures, edges included) and ``loose`` ones
    anywhere: a layout the two boards can do. With ``near``, the loose ones are dropped
    within ``near`` mm of the two plates' box and the layout is kept whether or not the
    planted poses do it."""
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
        low_x, low_y, high_x, high_y = 10.0, 10.0, sky.width - 10, sky.height - 10
        if near is not None:
            minx, miny, maxx, maxy = plate_a.union(plate_b).bounds
            low_x, low_y = max(low_x, minx - near), max(low_y, miny - near)
            high_x, high_y = min(high_x, maxx + near), min(high_y, maxy + near)
        for _ in range(5000):
            if len(centres) == chips:
                break
            x, y = rng.uniform(low_x, high_x), rng.uniform(low_y, high_y)
            if chip_refusal(sky, x, y, centres) is None:
                centres.append((x, y))
        if len(centres) < chips:
            continue
        # Dropped near the boards, the loose chips make a layout doable or not by a hair:
        # kept either way. Dropped anywhere, the layout is kept when the planted poses do it.
        if near is not None or judge(sky, centres, [(a, pa), (b, pb)]).success:
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


CORPUS_FAMILIES = ("planted", "crowded", "cluster")


def corpus(
    sky: Sky, per_count: int, counts: range = range(10, 31)
) -> list[tuple[str, int, list[tuple[float, float]]]]:
    """The layouts the solver is measured on, ``per_count`` of each family at each chip
    count (family, seed, centre points; the seed gives the count: ``seed // 100 % 100``):

    - **planted**: chips under two boards laid at random, two anywhere: doable.
    - **crowded**: the same with three loose, dropped within 40 mm of the boards: the hard
      cases, doable or not by a hair (unless another placement catches a loose chip).
    - **cluster**: chips dropped around the middle, the first star among them (normal
      spread, 8–14 mm times the square root of the count), as a table looks in play.
    """
    out: list[tuple[str, int, list[tuple[float, float]]]] = []
    for n in counts:
        for i in range(per_count):
            seed = 100 * n + i
            out.append(("planted", 10_000 + seed, planted(sky, 10_000 + seed, chips=n)[0]))
            crowded = planted(sky, 20_000 + seed, chips=n, loose=3, near=40.0)[0]
            out.append(("crowded", 20_000 + seed, crowded))
            spread = math.sqrt(n) * (8.0 + 6.0 * i / max(1, per_count - 1))
            cluster = _cluster(sky, 30_000 + seed, n, spread)
            out.append(("cluster", 30_000 + seed, cluster))
    return out


def _cluster(sky: Sky, seed: int, chips: int, spread: float) -> list[tuple[float, float]]:
    rng = random.Random(seed)
    centres = [sky.middle]
    while len(centres) < chips:
        x, y = rng.gauss(sky.middle[0], spread), rng.gauss(sky.middle[1], spread)
        if chip_refusal(sky, x, y, centres) is None:
            centres.append((x, y))
    return centres
