"""examples/maskable_ppo.py (asobi[learn]): a short run end to end on both tasks writes
files that parse, one seed gives the same figures twice, and the mask MaskablePPO is given
is the game's (a wrong one reaches the environment, which raises)."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from .adapter_helpers import load_example

pytest.importorskip("sb3_contrib")

from asobi.adapters.gymnasium_env import AsobiEnv
from asobi.core.errors import IllegalAction

SHORT = ["--steps", "256", "--rollout", "128", "--evals", "2", "--eval-episodes", "6"]


@pytest.fixture(scope="module")
def example() -> ModuleType:
    return load_example("maskable_ppo")


def run(example: ModuleType, out: Path, seed: int = 3) -> tuple[list[Any], dict[str, Any]]:
    runs = example.main([*SHORT, "--seed", str(seed), "--out", str(out)])
    written = json.loads((out / "maskable_ppo.json").read_text())
    return runs, written


@pytest.mark.slow
def test_a_short_run_writes_its_figures_and_one_seed_repeats_them(
    example: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Both tasks train 256 steps (two rollouts of 128) on environments that raise on an
    illegal choice, so every choice MaskablePPO made, in training and in evaluation, was
    legal. A second run with the same seed gives the same figures; only CPU times differ."""
    runs, written = run(example, tmp_path / "first")
    out = capsys.readouterr().out
    assert "wrote" in out and "maskable_ppo.png" in out

    assert [r["task"] for r in written["runs"]] == ["starmine-solo", "itsmine-normal"]
    assert written["command"].endswith(f"--seed 3 --out {tmp_path / 'first'}")
    for r in written["runs"]:
        assert [e["timesteps"] for e in r["curve"]] == [0, 128, 256]
        assert [e["policy"] for e in r["baselines"]] == ["random", "normal"]
        assert r["train_cpu_seconds"] > 0.0 and r["eval_cpu_seconds"] > 0.0
        for e in (*r["baselines"], *r["curve"]):
            assert e["sem"] >= 0.0 and 0.0 <= e["share"] <= 1.0
    starmine, itsmine = written["runs"]
    for e in (*starmine["baselines"], *starmine["curve"]):
        assert 0.0 <= e["mean"] <= 40.0  # scores; a failed launch is 0
    for e in (*itsmine["baselines"], *itsmine["curve"]):
        assert -1.0 <= e["mean"] <= 1.0  # places
    # asobi's greedy bot launches on the held-out deals; random play mostly fails
    assert starmine["baselines"][1]["mean"] > starmine["baselines"][0]["mean"] + 5.0

    with (tmp_path / "first" / "maskable_ppo.csv").open(newline="") as file:
        rows = list(csv.DictReader(file))
    assert len(rows) == 2 * (2 + 3)  # per task: two fixed lines, three points of the curve
    assert {row["share_of"] for row in rows} == {"failed launches", "wins"}
    first_json = {
        (r["task"], e["policy"], e["timesteps"]): e["mean"]
        for r in written["runs"]
        for e in (*r["baselines"], *r["curve"])
    }
    assert {(r["task"], r["policy"], int(r["timesteps"])): float(r["mean"]) for r in rows} == (
        first_json
    )
    png = (tmp_path / "first" / "maskable_ppo.png").read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 10_000

    again, _ = run(example, tmp_path / "again")
    assert [r.figures() for r in again] == [r.figures() for r in runs]


def test_a_wrong_mask_reaches_the_environment_which_raises(
    example: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the short run relies on: MaskablePPO samples only where the mask allows, and an
    illegal choice is not quietly penalised here but raises. With every action allowed,
    the first rollout sends an illegal one."""
    task = example.TASKS["starmine-solo"]
    monkeypatch.setattr(AsobiEnv, "action_masks", lambda self: np.ones(1186, dtype=np.bool_))
    model = example.MaskablePPO("MlpPolicy", example.make_env(task), n_steps=64, seed=0)
    with pytest.raises(IllegalAction):
        model.learn(64)


def test_the_policies_choose_legal_actions(example: ModuleType) -> None:
    """The random policy and the bot in the learning seat pick from the mask (It's Mine!,
    where a bid is secret: the bot sees only the seat's own decision)."""
    task = example.TASKS["itsmine-normal"]
    env = example.make_env(task)
    for policy in (example.random_policy(0), example.bot_policy("normal", 0)):
        observation, _ = env.reset(seed=5)
        for _ in range(10):
            choice = policy(env, observation)
            assert example.asobi_env(env).action_masks()[choice]
            observation, _, terminated, _, _ = env.step(choice)
            assert not terminated


def test_the_command_line_refuses_bad_numbers(
    example: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        example.main(["--steps", "0"])
    assert "--steps and --evals must be at least 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        example.main(["--tasks", "laminate"])
    assert "invalid choice" in capsys.readouterr().err
