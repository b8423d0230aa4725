"""examples/starmine_solo_reinforce.py: it runs, one seed gives one result, the figures make
sense and a few hundred games already beat random play (a few seconds in all; the example
itself trains for minutes)."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest

from .adapter_helpers import load_example

pytest.importorskip("gymnasium")


@pytest.fixture(scope="module")
def example() -> ModuleType:
    return load_example("starmine_solo_reinforce")


@pytest.mark.slow
def test_training_runs_and_one_seed_gives_one_result(example: ModuleType) -> None:
    lines: list[str] = []
    first = example.train(episodes=40, seed=7, eval_episodes=20, log_every=20, log=lines.append)
    again = example.train(episodes=40, seed=7, eval_episodes=20, log_every=20, log=lambda _: 0)
    assert first.figures() == again.figures()
    other = example.train(episodes=40, seed=8, eval_episodes=20)
    assert other.figures() != first.figures()

    names = [e.name for e in first.evaluations]
    assert names == ["random (uniform, legal)", "untrained", "trained", "trained, most likely"]
    for e in first.evaluations:
        assert 0.0 <= e.mean <= 40.0 and e.sem >= 0.0 and 0.0 <= e.failed <= 1.0
        assert (e.mean == 0.0) == (e.failed == 1.0)
    assert [episodes for episodes, _, _ in first.curve] == [20, 40]
    assert len(lines) == 2 and lines[-1].startswith("episode     40")
    assert first.train_seconds > 0.0 and first.total_seconds >= first.train_seconds
    table = first.table()
    assert "trained, most likely" in table and "40 training episodes" in table


@pytest.mark.slow
def test_a_few_hundred_games_already_beat_random_play(example: ModuleType) -> None:
    """About 10 s of CPU: the policy learns to launch (about 11 against 1 for random play,
    which fails nine launches in ten now that the first meld must go on the opening)."""
    report = example.train(episodes=500, seed=0, eval_episodes=40)
    random, _, trained, most_likely = report.evaluations
    assert trained.mean > random.mean + 5.0 and most_likely.mean > random.mean + 5.0
    assert trained.failed < random.failed / 4


def test_an_update_follows_the_episode_score(example: ModuleType) -> None:
    """Only legal actions get probability; a scoring game moves the weights (the baseline
    starts at 0, so the advantage is the score), a failed launch does not."""
    env = example.make_env()
    rng = np.random.default_rng(0)
    policy = example.LinearSoftmaxPolicy(example.factored_features(), 267, rng)
    observation, _ = env.reset(seed=1)
    legal = np.flatnonzero(observation["action_mask"])
    p, _ = policy.probabilities(policy.inputs(observation["observation"]), legal)
    assert p.shape == legal.shape and np.isclose(p.sum(), 1.0) and (p > 0).all()

    seen = set()
    for game in range(1, 50):  # until both a scoring game and a failed launch were seen
        steps: list[object] = []
        score = example.play(env, policy, game, rng, steps=steps)
        before = policy.weights.copy()
        example.reinforce_update(policy, steps, score, 0.1)
        assert len(steps) >= 1
        assert (policy.weights != before).any() == (score > 0.0)
        policy.value[:] = 0.0
        seen.add(score > 0.0)
        if len(seen) == 2:
            break
    assert seen == {True, False}


def test_the_command_line(example: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    example.main(["--episodes", "10", "--eval-episodes", "5", "--seed", "3"])
    out = capsys.readouterr().out
    assert "episode     10" in out and "held-out games: 5" in out
    assert "10 training episodes (factored features, lr 0.1, seed 3)" in out
