"""``benchmarks/deviations.py``: where a search leaves its heuristic bot's move (issue 7)."""

from __future__ import annotations

import json
import runpy
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "deviations.py"


def deviations(*argv: str) -> list[dict[str, Any]]:
    main = runpy.run_path(str(SCRIPT))["main"]
    games: list[dict[str, Any]] = main(list(argv))
    return games


def test_the_heuristic_bot_never_leaves_its_own_move(capsys: Any) -> None:
    """Asked with other seeds, greedy gives the moves it rates best, its own among them."""
    games = deviations("--game", "starmine", "--bot", "greedy", "--games", "2")
    rows = [row for game in games for row in game["rows"]]
    assert rows and not any(row["left"] for row in rows)
    assert "| last fifth |" in capsys.readouterr().out


def test_a_random_bot_leaves_it_and_each_decision_has_a_phase(tmp_path: Path) -> None:
    out = tmp_path / "dev.json"
    games = deviations("--game", "starmine", "--bot", "random", "--games", "2", "--json", str(out))
    rows = [row for game in games for row in game["rows"]]
    assert any(row["left"] for row in rows)
    assert {row["phase"] for row in rows} == {0, 1, 2, 3, 4}
    assert [g["seat"] for g in games] == [0, 1]  # seeds 9000, 9001: the search changes seat
    assert len(json.loads(out.read_text())["games"]) == 2
