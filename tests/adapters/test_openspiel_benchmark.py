"""``benchmarks/bench_openspiel.py``: OpenSpiel's ISMCTS through the adapter beside its gin
rummy, and beside each game its floor: the same search on a Python game that only counts its
moves (issue 35, goal 3: the ratio to gin rummy, and the most a game of that length can reach)."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pyspiel")

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture(scope="module")
def floor() -> Any:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import openspiel_floor
    finally:
        sys.path.remove(str(BENCHMARKS))
    return openspiel_floor


def test_a_floor_state_ends_after_its_moves_left_and_the_seats_take_turns(floor: Any) -> None:
    game = floor.register()
    state = floor.FloorState(game, 5, [0, 1, 2, 3])
    seen = []
    while not state.is_terminal():
        seen.append(state.current_player())
        assert state.legal_actions() == [0, 1, 2, 3]
        state.apply_action(3)
    assert seen == [1, 0, 1, 0, 1]
    assert state.returns() == [0.0, 0.0]


def test_a_mirror_is_as_long_and_as_wide_as_the_random_rollouts(floor: Any) -> None:
    game = floor.register()
    rng = np.random.RandomState(0)
    assert floor.moves_left(floor.FloorState(game, 7, [0, 1, 2]), 3, rng) == (7, 3)
    given = [floor.FloorState(game, 4, [0, 1]), floor.FloorState(game, 9, list(range(6)))]
    mirrored, mean = floor.mirror(game, given, 2)
    assert [(state.left, len(state.choices)) for state in mirrored] == [(4, 2), (9, 6)]
    assert mean == 6.5


def test_it_prints_each_game_beside_gin_rummy_and_its_floor(capsys: Any) -> None:
    main = runpy.run_path(str(BENCHMARKS / "bench_openspiel.py"))["main"]
    report = main(
        ["--games", "starmine", "--positions", "1", "--simulations", "4", "--repeat", "1",
         "--rollouts", "2"]
    )  # fmt: skip
    printed = capsys.readouterr().out
    assert "floor ratio" in printed and "budget us" in printed
    rows = {row["game"]: row for row in report["rows"]}
    assert rows["gin_rummy"]["ratio"] == 1.0
    starmine = rows["starmine"]
    assert starmine["moves_left"] > 0 and starmine["floor_simulations_per_s"] > 0
    assert starmine["floor_ratio"] == pytest.approx(
        starmine["floor_simulations_per_s"] / rows["gin_rummy"]["simulations_per_s"]
    )
