"""``benchmarks/compare.py``: asobi's engines beside OpenSpiel's in one run (issue 31)."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyspiel")

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "compare.py"


def test_it_runs_the_rows_and_the_anchors_and_prints_the_ratios(
    tmp_path: Path, capsys: Any
) -> None:
    main = runpy.run_path(str(SCRIPT))["main"]
    out = tmp_path / "compare.json"
    result = main(
        [
            "--seconds",
            "0.01",
            "--repeat",
            "1",
            "--rows",
            "starmine-solo,laminate-3",
            "--json",
            str(out),
        ]
    )
    printed = capsys.readouterr().out
    assert "x gin" in printed and "x dominoes" in printed
    assert "laminate-3" in printed and "1.0x gin" in printed
    engines = [row["engine"] for row in result["rows"]]
    assert engines[:2] == ["gin rummy (OpenSpiel C++)", "block dominoes (OpenSpiel Python)"]
    assert engines[-2:] == ["starmine-solo", "laminate-3"]
    gin = result["rows"][0]
    assert gin["ratios"]["gin rummy (OpenSpiel C++)"] == 1.0
    assert all(row["decisions_per_s"] > 0 for row in result["rows"])
    assert out.exists()
