"""What the solver keeps between questions changes none of its answers, to the last bit.

Bots and the game's own solver share, per process: answers already given (``Answers``),
refinements and the judge's verdicts (``Memo``), and what solvers of the same centre points
found in their coarse look (``_Look``). A balance simulation resumed with these must play
every move as before, so each is checked against a solver that works alone from scratch.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import fields
from itertools import combinations

import numpy as np
import pytest

from asobi.arena.matches import play_game
from asobi.core.errors import IllegalAction
from asobi.games.carrotein import solver as solver_module
from asobi.games.carrotein.layouts import planted, scattered
from asobi.games.carrotein.sky import Board, Pose, default_sky, judge
from asobi.games.carrotein.solver import (
    GOOD_EYE,
    PERFECT,
    Answers,
    Attempt,
    Memo,
    Solver,
    _Cells,
    shared_answers,
    shared_memo,
)

pytestmark = pytest.mark.slow  # each test takes seconds (tools/check.py --fast leaves them out)

SKY = default_sky()
CELLS = [field.name for field in fields(_Cells)]


def same_cells(one: _Cells, other: _Cells) -> bool:
    """Equal to the bit (an array's bytes), with the same types and shapes."""
    return all(
        getattr(one, name).dtype == getattr(other, name).dtype
        and getattr(one, name).shape == getattr(other, name).shape
        and getattr(one, name).tobytes() == getattr(other, name).tobytes()
        for name in CELLS
    )


@pytest.mark.parametrize("seed", range(2))
def test_answers_given_before_are_the_solvers_own(seed: int) -> None:
    centres, a, b = planted(SKY, 400 + seed, chips=14)
    weights = [1.0, -1.0, 0.0] * 5
    answers = Answers(SKY)
    fresh = Solver(SKY, centres, GOOD_EYE, weights[: len(centres)])
    first = answers.pair(Solver(SKY, centres, GOOD_EYE, weights[: len(centres)]), a, b)
    again = answers.pair(Solver(SKY, centres, GOOD_EYE, weights[: len(centres)]), a, b)
    assert first == again == fresh.pair(a, b)
    assert (answers.hits, answers.misses) == (1, 1)
    boards = list(SKY.boards[:4])
    look = answers.any_pair(Solver(SKY, centres, GOOD_EYE), boards)
    assert look == Solver(SKY, centres, GOOD_EYE).any_pair(boards)
    # Other weights, another question.
    other = answers.pair(Solver(SKY, centres, GOOD_EYE), a, b)
    assert other == Solver(SKY, centres, GOOD_EYE).pair(a, b)
    assert answers.misses == 3


def test_a_solver_in_a_hurry_takes_answers_kept_and_keeps_only_searches_not_cut_short() -> None:
    """A bot in a hurry reads the answers found before (each is its own search's answer,
    given the time); a search the deadline cut short gives its best so far, which depends on
    the machine, so it is not kept for the solvers after it."""
    centres, a, b = scattered(SKY, 2300, chips=10, spread=50)
    answers = Answers(SKY)
    far_off = 1e18  # a deadline never reached: the same answer as with no deadline, kept
    answer = answers.pair(Solver(SKY, centres, GOOD_EYE, deadline=far_off), a, b)
    assert answer == Solver(SKY, centres, GOOD_EYE).pair(a, b)
    assert (answers.hits, answers.misses) == (0, 1)
    assert answers.pair(Solver(SKY, centres, GOOD_EYE, deadline=0.0), a, b) == answer
    assert (answers.hits, answers.misses) == (1, 1)
    # A search past its deadline from the start stops at its first pose: here a failure
    # where the whole search succeeds. It is answered, and not kept.
    others, c, d = scattered(SKY, 2302, chips=14, spread=60)
    late = Solver(SKY, others, GOOD_EYE, deadline=0.0)
    assert not answers.pair(late, c, d).success and late.cuts == 1
    patient = answers.pair(Solver(SKY, others, GOOD_EYE), c, d)
    assert patient.success and patient == Solver(SKY, others, GOOD_EYE).pair(c, d)
    assert (answers.hits, answers.misses) == (1, 3)


@pytest.mark.parametrize("seed", range(3))
def test_a_look_taken_up_where_other_solvers_left_it_gives_the_same_answers(seed: int) -> None:
    """Solvers sharing a memo take up the cells of the same centre points, whichever pairs
    (and so floors) were asked before, spots' solvers (with a ``base``) among them: each
    answers as a solver alone does."""
    centres, a, b = scattered(SKY, 2400 + seed, chips=12, spread=50)
    boards = list(SKY.boards)
    memo = Memo(SKY, GOOD_EYE)
    sky_now = Solver(SKY, centres[:-1], GOOD_EYE, memo=memo)
    sky_now.any_pair(boards)  # the look at the sky as it is: its cells, of some floors
    for base in (sky_now, Solver(SKY, centres[:-1], GOOD_EYE, memo=memo)):
        spot = Solver(SKY, centres, GOOD_EYE, memo=memo, base=base)
        alone_base = Solver(SKY, centres[:-1], GOOD_EYE)
        alone = Solver(SKY, centres, GOOD_EYE, base=alone_base)
        assert spot.pair(a, b, any_success=True) == alone.pair(a, b, any_success=True)
        assert spot.pair(a, b) == alone.pair(a, b)
    # The sky with the spot looked at anew (a solver without a base), after the spots'.
    for pair in ((a, b), (b, a), (boards[0], boards[1])):
        shared = Solver(SKY, centres, GOOD_EYE, memo=memo).pair(*pair)
        assert shared == Solver(SKY, centres, GOOD_EYE).pair(*pair)
    assert Solver(SKY, centres, GOOD_EYE, memo=memo).any_pair(boards) == Solver(
        SKY, centres, GOOD_EYE
    ).any_pair(boards)


def test_threads_sharing_a_skys_look_get_the_answers_of_a_solver_alone() -> None:
    """The server's threads solve side by side (the kernels run without the GIL) and share
    a sky's look (its cells and masks) and the memo's refinements and verdicts: every
    answer is the one a solver alone gives, whichever thread asked first."""
    centres, _, _ = scattered(SKY, 2500, chips=12, spread=50)
    pairs = list(combinations(SKY.boards, 2))
    alone = {(a.id, b.id): Solver(SKY, centres, GOOD_EYE).pair(a, b) for a, b in pairs}
    memo = Memo(SKY, GOOD_EYE)

    def solve(order: list[tuple[Board, Board]]) -> list[tuple[tuple[str, str], Attempt]]:
        return [
            ((a.id, b.id), Solver(SKY, centres, GOOD_EYE, memo=memo).pair(a, b)) for a, b in order
        ]

    with ThreadPoolExecutor(4) as pool:
        answers = pool.map(solve, [pairs, pairs[::-1], pairs[1::2], pairs[::-3]])
        for answer in answers:
            for asked, found in answer:
                assert found == alone[asked], asked


@pytest.mark.parametrize("seed", range(2))
def test_a_spots_solver_has_the_cells_of_one_alone_whatever_the_others_asked(seed: int) -> None:
    """Spots' solvers of the same centre points share their cells, taken from scratch or
    from cells of fewer points: asked two floors of a board, in either order, each has the
    cells a solver alone has."""
    centres, a, b = scattered(SKY, 2000 + seed, chips=12, spread=50)
    memo = Memo(SKY, PERFECT)
    base = Solver(SKY, centres[:-1], memo=memo)
    for board in (a, b):
        high = Solver(SKY, centres, memo=memo, base=base).cap(board) - 2
        for floors in ((high,), (2, high), (high, 2)):
            shared = Solver(SKY, centres, memo=memo, base=base)
            alone = Solver(SKY, centres, base=Solver(SKY, centres[:-1]))
            for floor in floors:
                got, expected = shared._layers(board, floor), alone._layers(board, floor)
                assert same_cells(got, expected)


def test_only_the_last_few_looks_are_kept() -> None:
    memo = Memo(SKY, GOOD_EYE, looks=2)
    keys = [np.array([(float(x), 100.0)]).tobytes() for x in range(3)]
    first = memo.look(keys[0])
    assert memo.look(keys[0]) is first
    memo.look(keys[1])
    memo.look(keys[2])
    assert memo.look(keys[0]) is not first  # the least recently asked went


def test_the_judges_verdicts_kept_are_the_judges() -> None:
    centres, a, b = planted(SKY, 310, chips=12)
    memo = Memo(SKY, PERFECT)
    key = np.array(centres, dtype=float).tobytes()
    xs, ys = (np.array(column, dtype=float) for column in zip(*centres, strict=True))
    poses = [
        (Pose(150.0, 200.0, 30.0), Pose(420.0, 250.0, 0.0, True)),
        (Pose(300, 225), Pose(305, 225)),
    ]
    for pa, pb in poses:
        try:
            expected = judge(SKY, centres, [(a, pa), (b, pb)])
        except IllegalAction:
            expected = None
        assert memo.judge(centres, key, xs, ys, a, pa, b, pb) == expected
        assert memo.judge(centres, key, xs, ys, a, pa, b, pb) == expected  # kept this time
    overlapping = poses[1]
    assert memo.judge(centres, key, xs, ys, a, overlapping[0], b, overlapping[1]) is None


def test_a_game_plays_the_same_with_what_the_process_kept_as_without() -> None:
    """Two players, the normal bots: a game played on caches left by another game (and by
    itself, played once before) is the game played on none."""
    solver_module._SHARED.clear()
    alone = play_game("carrotein", {}, 7, ["normal"] * 2).moves
    play_game("carrotein", {}, 8, ["normal"] * 2)
    again = play_game("carrotein", {}, 7, ["normal"] * 2).moves
    assert again == alone
    assert shared_answers(SKY).hits > 0 and shared_memo(SKY, GOOD_EYE)._looks
