"""``benchmarks/bench_ismcts.py``: asobi's ISMCTS beside OpenSpiel's on gin rummy, in one run
(issue 31: the searches' goal is a ratio to that anchor)."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyspiel")

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_ismcts.py"


def test_it_searches_every_row_and_the_anchor_and_prints_the_ratios(capsys: Any) -> None:
    main = runpy.run_path(str(SCRIPT))["main"]
    report = main(
        ["--games", "starmine", "--positions", "1", "--iterations", "4", "--simulations", "4",
         "--repeat", "1"]
    )  # fmt: skip
    printed = capsys.readouterr().out
    assert "x anchor" in printed and "gin rummy (OpenSpiel)" in printed
    rows = {(row["game"], row["rollouts"]): row for row in report["rows"]}
    assert rows["gin rummy (OpenSpiel)", "random"]["ratio"] == 1.0
    assert {label for game, label in rows if game == "starmine"} == {"random", "greedy"}
    assert all(row["iterations_per_s"] > 0 and row["ratio"] > 0 for row in rows.values())


def test_a_game_with_compiled_playouts_is_also_timed_through_the_protocol(capsys: Any) -> None:
    from asobi.core.registry import all_specs

    compiled = [spec.id for spec in all_specs() if spec.playout is not None]
    if not compiled:
        pytest.skip("no game declares a compiled playout")
    main = runpy.run_path(str(SCRIPT))["main"]
    report = main(
        ["--games", compiled[0], "--positions", "1", "--iterations", "3", "--simulations", "3",
         "--repeat", "1"]
    )  # fmt: skip
    labels = {row["rollouts"] for row in report["rows"] if row["game"] == compiled[0]}
    assert {"random", "random, protocol", "greedy"} <= labels
    assert "random, protocol" in capsys.readouterr().out
