"""asobi simulate (issue 9): seeded games at scale, kept as records, counted in a table, the
same whatever the number of workers, resumable, with options swept side by side."""

from __future__ import annotations

import csv
import filecmp
import json
import os
import re
import signal
import subprocess
import sys
import time
import tracemalloc
import types
from dataclasses import replace
from pathlib import Path

import pytest

from asobi.arena.backends import BackendUnavailable, batch_size, run_jobs
from asobi.arena.simulate import (
    GAMES_FILE,
    TABLE_FILE,
    TIMES_FILE,
    Simulation,
    SimulationMismatch,
    prepare,
    read_games,
    run_simulation,
    variants,
    write_tables,
)
from asobi.core.records import GameRecord, replay
from asobi.core.registry import get_spec


def simulate(folder: Path, plan: Simulation, workers: int = 1, backend: str = "local") -> Path:
    spec = get_spec(plan.game)
    jobs = plan.jobs(lambda opts: spec.options(opts).players)
    done = prepare(folder, plan)
    run_simulation(folder, plan, jobs, workers=workers, backend=backend, done=done)
    write_tables(folder, plan)
    return folder


def same_files(a: Path, b: Path) -> bool:
    """The arena's bar: games.jsonl and results.csv the same, byte for byte."""
    return all(filecmp.cmp(a / name, b / name, shallow=False) for name in (GAMES_FILE, TABLE_FILE))


def test_the_same_command_gives_the_same_files_whatever_the_workers_and_stops(
    tmp_path: Path,
) -> None:
    """One worker, two, and a run cut short mid-line then resumed on two: the same bytes."""
    plan = Simulation("itsmine", ("normal", "random"), games=8, seed=5)
    one = simulate(tmp_path / "one", plan, workers=1)
    two = simulate(tmp_path / "two", plan, workers=2)
    assert same_files(one, two)
    cut = tmp_path / "cut"
    cut.mkdir()
    lines = (one / GAMES_FILE).read_bytes().splitlines(keepends=True)
    prepare(cut, plan)
    (cut / GAMES_FILE).write_bytes(b"".join(lines[:3]) + lines[3][:50])  # stopped mid-line
    assert prepare(cut, plan) == 3
    simulate(cut, plan, workers=2)
    assert same_files(one, cut)


def test_times_are_kept_apart_one_row_per_seat_per_game(tmp_path: Path) -> None:
    """The machine's part (each seat's seconds and slowest decision) is in timings.csv;
    a resumed run keeps the rows of the games it keeps and adds the rest's."""
    plan = Simulation("starmine", ("greedy", "random"), games=4, seed=2)
    folder = simulate(tmp_path / "s", plan)
    assert "seconds" not in (folder / GAMES_FILE).read_text()
    rows = list(csv.DictReader((folder / TIMES_FILE).open()))
    assert [(int(r["game"]), int(r["seat"])) for r in rows] == [
        (g, s) for g in range(4) for s in range(2)
    ]
    assert [r["bot"] for r in rows[:4]] == ["greedy", "random", "random", "greedy"]
    assert all(float(r["slowest"]) <= float(r["seconds"]) for r in rows)
    lines = (folder / GAMES_FILE).read_text().splitlines(keepends=True)
    (folder / GAMES_FILE).write_text("".join(lines[:1]))  # stopped after the first game
    assert prepare(folder, plan) == 1
    assert len((folder / TIMES_FILE).read_text().splitlines()) == 1 + 2  # header, game 0
    simulate(folder, plan)
    again = list(csv.DictReader((folder / TIMES_FILE).open()))
    assert [(r["game"], r["seat"]) for r in again] == [(r["game"], r["seat"]) for r in rows]


def test_every_simulated_game_replays_to_its_outcome(tmp_path: Path) -> None:
    """games.jsonl holds game records: (game, options, seed, moves) gives the same game."""
    folder = simulate(tmp_path / "s", Simulation("starmine", ("random",), games=4, seed=9))
    games = list(read_games(folder))
    assert [g["index"] for g in games] == [0, 1, 2, 3]
    for g in games:
        state = replay(GameRecord.from_json(g))
        outcome = state.outcome()
        assert outcome is not None
        assert list(outcome.ranks) == g["outcome"]["ranks"]
        assert list(outcome.scores) == g["outcome"]["scores"]


def test_deals_and_seats_the_plan_promises(tmp_path: Path) -> None:
    """Game i is dealt with seed+i; the bots' seats turn by one each game; every variant
    is played on the same deals."""
    plan = Simulation(
        "itsmine", ("greedy", "random"), games=3, sweep={"variant": ["basic", "simple"]}, seed=40
    )
    folder = simulate(tmp_path / "s", plan)
    games = list(read_games(folder))
    assert [g["seed"] for g in games] == [40, 41, 42, 40, 41, 42]
    assert [g["variant"] for g in games] == ["variant=basic"] * 3 + ["variant=simple"] * 3
    assert [g["options"]["variant"] for g in games] == ["basic"] * 3 + ["simple"] * 3
    assert [tuple(g["lineup"]) for g in games[:3]] == [
        ("greedy", "random"),
        ("random", "greedy"),
        ("greedy", "random"),
    ]
    fixed = Simulation("itsmine", ("greedy", "random"), games=3, rotate=False)
    assert {job.lineup for job in fixed.jobs(lambda _: 2)} == {("greedy", "random")}


def test_sweeps_multiply() -> None:
    found = variants({"players": 2}, {"hand_size": [2, 3], "variant": ["basic", "simple"]})
    assert [v.label for v in found] == [
        "hand_size=2, variant=basic",
        "hand_size=2, variant=simple",
        "hand_size=3, variant=basic",
        "hand_size=3, variant=simple",
    ]
    assert found[1].options == {"players": 2, "hand_size": 2, "variant": "simple"}


def test_a_lineup_must_fit_the_seats() -> None:
    with pytest.raises(ValueError, match="3 bots for 2 seats"):
        Simulation("itsmine", ("a", "b", "c"), games=1).jobs(lambda _: 2)


def test_a_stopped_run_is_resumed_by_the_same_plan(tmp_path: Path) -> None:
    plan = Simulation("starmine", ("random",), games=6, seed=3)
    whole = simulate(tmp_path / "whole", plan)
    cut = tmp_path / "cut"
    simulate(cut, plan)
    lines = (cut / GAMES_FILE).read_text().splitlines(keepends=True)
    (cut / GAMES_FILE).write_text("".join(lines[:2]) + lines[2][:40])  # stopped mid-line
    assert prepare(cut, plan) == 2
    simulate(cut, plan)
    assert same_files(cut, whole)


def test_a_folder_of_another_simulation_is_refused(tmp_path: Path) -> None:
    simulate(tmp_path / "s", Simulation("starmine", ("random",), games=2))
    before = (tmp_path / "s" / GAMES_FILE).read_bytes()
    with pytest.raises(SimulationMismatch, match="holds another simulation"):
        prepare(tmp_path / "s", Simulation("starmine", ("random",), games=3))
    assert (tmp_path / "s" / GAMES_FILE).read_bytes() == before


def test_the_table_has_a_row_per_seat_with_turn_order_and_facts(tmp_path: Path) -> None:
    folder = simulate(tmp_path / "s", Simulation("rummycity", ("random",), games=3))
    rows = list(csv.DictReader((folder / TABLE_FILE).open()))
    games = list(read_games(folder))
    assert len(rows) == 2 * len(games)
    for row in rows:
        g = games[int(row["game"])]
        seat = int(row["seat"])
        assert int(row["rank"]) == g["outcome"]["ranks"][seat]
        assert float(row["score"]) == g["outcome"]["scores"][seat]
        # position 1 is the seat that took the first turn
        assert (int(row["position"]) == 1) == (seat == g["first_player"])
        assert row["building (建物)"].split(";") == (
            g["facts"]["holdings"][seat] if g["facts"]["holdings"][seat] else [""]
        )
        assert "tepu" in row and "game: rounds" in row
    assert "seconds" not in rows[0]


def test_the_tables_and_the_summary_do_not_hold_the_games(tmp_path: Path) -> None:
    """Issue 31: the parent of a simulation grew by every game it had played (about 17 KB
    each) when it made the table and the summary; now it reads games.jsonl as it goes."""
    from asobi.arena.report import summary

    plan = Simulation("starmine", ("random",), games=1, seed=4)
    line = json.loads((simulate(tmp_path / "one", plan) / GAMES_FILE).read_text())

    def peak(games: int) -> int:
        folder = tmp_path / str(games)
        prepare(folder, replace(plan, games=games))
        with (folder / GAMES_FILE).open("w") as out:
            for index in range(games):
                out.write(json.dumps({**line, "index": index}) + "\n")
        tracemalloc.start()
        write_tables(folder, replace(plan, games=games))
        summary(read_games(folder))
        _, most = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return most

    assert peak(1000) < 1.5 * peak(100)


def test_the_table_as_parquet(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    plan = Simulation("starmine", ("random",), games=2)
    folder = simulate(tmp_path / "s", plan)
    write_tables(folder, plan, parquet=True)
    table = pq.read_table(folder / "results.parquet")
    assert table.num_rows == 4
    assert table.column("seat").to_pylist() == [0, 1, 0, 1]


def test_results_come_back_in_job_order_on_every_backend() -> None:
    jobs = list(range(37))
    assert list(run_jobs(abs, jobs, workers=2)) == jobs
    assert batch_size(10_000, 2) == 16 and batch_size(5, 2) == 1
    with pytest.raises(ValueError, match="unknown backend"):
        run_jobs(abs, jobs, backend="slurm")
    with pytest.raises(ValueError, match="needs --backend ray"):
        run_jobs(abs, jobs, address="10.0.0.1:6379")


TIMED_OUT = (
    "The current node timed out during startup. This could happen because some of the raylet "
    "failed to startup or the GCS has become overloaded.\nMore advice on another line."
)


def failing_ray(failure: Exception) -> types.ModuleType:
    """A stand-in for the ray module whose start fails as Ray's does on a busy machine."""
    ray = types.ModuleType("ray")

    def init(**settings: object) -> None:
        raise failure

    ray.__dict__.update(init=init, is_initialized=lambda: False, shutdown=lambda: None)
    return ray


@pytest.mark.parametrize(
    ("address", "failure", "advice"),
    [
        (None, Exception(TIMED_OUT), "`ray stop`"),
        ("10.0.0.1:6379", ConnectionError("Could not find any running Ray instance."), "status"),
    ],
)
def test_a_ray_that_does_not_start_is_one_line_with_what_to_try(
    monkeypatch: pytest.MonkeyPatch, address: str | None, failure: Exception, advice: str
) -> None:
    """Issue 34: Ray's "node timed out during startup" reached the user as a traceback."""
    monkeypatch.setitem(sys.modules, "ray", failing_ray(failure))
    with pytest.raises(BackendUnavailable) as caught:
        list(run_jobs(abs, [1, 2], workers=2, backend="ray", address=address))
    message = str(caught.value)
    assert "\n" not in message
    assert str(failure).splitlines()[0] in message
    assert advice in message and "--backend local" in message
    assert isinstance(caught.value, ValueError)  # what the commands report as an error


@pytest.mark.slow
@pytest.mark.ray
def test_a_simulation_on_a_local_ray_instance_gives_the_same_games(tmp_path: Path) -> None:
    """Beyond one machine: the same plan on Ray (a local instance of 2 CPUs here, a
    cluster with --address) plays the same games as this machine's processes."""
    pytest.importorskip("ray")
    plan = Simulation("itsmine", ("greedy",), games=6, seed=11)
    local = simulate(tmp_path / "local", plan, workers=1)
    on_ray = simulate(tmp_path / "ray", plan, workers=2, backend="ray")
    assert same_files(on_ray, local)


def test_games_jsonl_lines_are_plain_json(tmp_path: Path) -> None:
    folder = simulate(tmp_path / "s", Simulation("starmine", ("random",), games=1))
    line = json.loads((folder / GAMES_FILE).read_text())
    assert {"format", "game", "options", "seed", "moves", "outcome", "lineup", "facts"} <= set(line)


def test_ctrl_c_stops_a_run_at_once_and_says_how_to_resume(tmp_path: Path) -> None:
    """A simulation stopped from the keyboard stops within a batch, not after every game
    it had planned, keeping the games played."""
    command = [sys.executable, "-m", "asobi", "simulate", "itsmine", "-b", "random"]
    run = subprocess.Popen(
        [*command, "--games", "20000", "--workers", "2", "--out", str(tmp_path)],
        start_new_session=True,  # its own process group, as a terminal's foreground job
        # and Ctrl-C's default action, even under a launcher that ignores SIGINT (a shell's
        # background job does): Python then raises KeyboardInterrupt as in a terminal
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    games = tmp_path / GAMES_FILE
    # Waits on events (the first games written, the process's end); the time limits only
    # keep a broken run from hanging the suite, and are generous: on a loaded machine a
    # batch of games can take a minute (a run stopped "at once" still ends its batch).
    deadline = time.monotonic() + 300
    while not (games.exists() and games.stat().st_size) and time.monotonic() < deadline:
        time.sleep(0.2)
    os.killpg(run.pid, signal.SIGINT)
    output, _ = run.communicate(timeout=600)
    assert run.returncode == 130, output
    assert "the same command resumes" in output
    assert 0 < len(list(read_games(tmp_path))) < 20_000
    # The words are the last: the bar is not drawn again under them, as if still running.
    tail = output[output.rindex("Stopped after") :]
    assert re.match(r"Stopped after \d+ of 20000 games; the same command resumes", tail)
    assert "━" not in tail and "playing" not in tail, tail
