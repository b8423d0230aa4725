"""The load benchmark (benchmarks/bench_server.py) keeps working: a short run of 20 rooms of
two scripted people for 20 s against a real server, with no error and every move answered;
and of a game of more seats (a scripted person in each)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from asobi.server.process import serving

pytestmark = pytest.mark.slow  # real server processes (tools/check.py --fast leaves them out)

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.mark.parametrize(
    ("game", "players", "rooms", "seconds"), [("starmine", 2, 20, 20), ("laminate", 3, 8, 10)]
)
def test_a_short_run_of_the_load_benchmark_has_no_error(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    players: int,
    rooms: int,
    seconds: float,
) -> None:
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    bench = importlib.import_module("bench_server")
    db = f"sqlite:///{tmp_path / 'bench.db'}"
    with serving(db, tmp_path / "server.log", 0, bench.UNLIMITED) as served:
        row = bench.measure(
            [served.url], served.serving(), game, rooms, seconds, warmup=2, clients=0,
            players=players,
        )  # fmt: skip
    assert row["errors"] == []
    assert row["moves"] > 0 and row["sent"] == row["acknowledged"]  # every move answered
    assert row["server_cpu_ms_per_move"] > 0 and row["server_mb"] > 0
    assert "Traceback" not in (tmp_path / "server.log").read_text()


def test_the_lobby_benchmark_plays_whole_games(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """benchmarks/bench_lobby.py: the server's own share of a move, in process."""
    import asyncio

    monkeypatch.syspath_prepend(str(BENCHMARKS))
    bench = importlib.import_module("bench_lobby")
    moves, micros = asyncio.run(bench.act_cpu("starmine", 2, 1, None))
    assert moves > 10 and micros > 0
    monkeypatch.setattr("sys.argv", ["bench_lobby.py", "--game", "starmine", "--games", "1"])
    bench.main()
    assert "| Starmine Rummy Pocket | 2 | 1 | " in capsys.readouterr().out
