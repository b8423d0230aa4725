"""The solver's shortcuts change none of its answers, to the last bit.

A bot weighing a spot asks a solver about the sky as it is and one chip more. That solver
grows its caps from the solver of the sky as it is (``base``), takes cells of more points
from those of fewer it already has, and shares refinements with the bot's other solvers
(``Memo``). Each must give exactly what a solver working from scratch gives: the
bot's moves are the same, only sooner.
"""

from __future__ import annotations

from dataclasses import fields

import numpy as np
import pytest

from asobi.games.carrotein.layouts import planted, scattered
from asobi.games.carrotein.sky import Board, default_sky
from asobi.games.carrotein.solver import Memo, Solver, _Cells

pytestmark = pytest.mark.slow  # each test takes seconds (tools/check.py --fast leaves them out)

SKY = default_sky()
CELLS = [field.name for field in fields(_Cells)]


def same_cells(got: _Cells, scratch: _Cells) -> None:
    for name in CELLS:
        mine, theirs = getattr(got, name), getattr(scratch, name)
        assert mine.dtype == theirs.dtype and np.array_equal(mine, theirs), name


def from_scratch(solver: Solver, board: Board, floor: int) -> _Cells:
    """Each orientation's cells on its own (``_Grid.layer``), one after another."""
    grid = solver._grid
    assert grid is not None
    caps = grid.caps(solver._bitmaps(board))
    parts = [
        grid.layer(bitmap, floor, k)
        for k, bitmap in enumerate(solver._bitmaps(board))
        if caps[k] >= max(floor, 1)
    ]
    return _Cells.joined(parts, grid.words)


@pytest.mark.parametrize("seed", range(3))
def test_a_spots_solver_grown_from_the_sky_before_sees_what_one_from_scratch_sees(
    seed: int,
) -> None:
    centres, a, b = scattered(SKY, 2000 + seed, chips=12, spread=50)
    base = Solver(SKY, centres[:-1])
    grown = Solver(SKY, centres, base=base)
    scratch = Solver(SKY, centres)
    for board in (a, b):
        assert grown._orientation_caps(board) == scratch._orientation_caps(board)
        for floor in (2, grown.cap(board) - 2):
            same_cells(grown._layers(board, floor), from_scratch(scratch, board, floor))
    assert grown.pair(a, b) == scratch.pair(a, b)


def test_cells_of_more_points_taken_from_those_of_fewer_are_the_same() -> None:
    centres, a, _ = scattered(SKY, 2100, chips=12, spread=50)
    solver = Solver(SKY, centres)
    solver._layers(a, 2)
    for floor in (3, 5, solver.cap(a)):
        same_cells(solver._layers(a, floor), from_scratch(solver, a, floor))


@pytest.mark.parametrize("seed", range(2))
def test_shared_refinements_and_a_first_success_give_the_same_answers(seed: int) -> None:
    centres, a, b = planted(SKY, 300 + seed, chips=14)
    memo = Memo(SKY, Solver(SKY, centres).eye)
    alone = Solver(SKY, centres).pair(a, b)
    assert Solver(SKY, centres, memo=memo).pair(a, b) == alone
    assert Solver(SKY, centres, memo=memo).pair(a, b) == alone  # from the memo this time
    first = Solver(SKY, centres).pair(a, b, any_success=True)
    assert first.success == alone.success


def test_a_base_of_other_centre_points_is_not_used() -> None:
    centres, _, _ = scattered(SKY, 2200, chips=10, spread=50)
    base = Solver(SKY, centres[1:])
    assert Solver(SKY, centres, base=base)._base is None


@pytest.mark.parametrize(("seed", "chips"), [(2300, 6), (2301, 12), (2302, 20)])
def test_every_orientations_cells_laid_at_once_are_those_laid_one_at_a_time(
    seed: int, chips: int
) -> None:
    """``_Grid.layers`` lays every orientation's bitmap in one compiled call: the same
    cells, masks and reach as ``_Grid.layer`` one orientation at a time, in bytes (6
    points), 16-bit and 32-bit words."""
    centres, a, _ = scattered(SKY, seed, chips=chips, spread=50)
    solver = Solver(SKY, centres)
    grid = solver._grid
    assert grid is not None
    caps = grid.caps(solver._bitmaps(a))
    for floor in (1, 2, max(caps) - 2, max(caps)):
        wanted = [cap >= max(floor, 1) for cap in caps]
        same_cells(grid.layers(solver._bitmaps(a), floor, wanted), from_scratch(solver, a, floor))
