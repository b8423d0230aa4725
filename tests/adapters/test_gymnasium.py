"""Gymnasium environments: Gymnasium's checker on every game, bots in the other seats."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium
from gymnasium.utils.env_checker import check_env

from asobi.adapters.gymnasium_env import AsobiEnv, gym_id
from asobi.core.errors import IllegalAction

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def test_gymnasium_check_env(setting: tuple[str, int]) -> None:
    game, players = setting
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(AsobiEnv(game, options={"players": players}, opponents="random"))


def masked_episode(env: AsobiEnv, seed: int) -> tuple[float, int, dict[str, object]]:
    observation, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps = 0.0, 0
    while True:
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        total += float(reward)
        steps += 1
        if terminated or truncated:
            return total, steps, info


@pytest.mark.parametrize("game", ["starmine", "itsmine", "rummycity"])
def test_an_episode_against_bots_ends_with_the_seats_place(game: str) -> None:
    env = AsobiEnv(game, opponents="normal", seat=1)
    total, steps, info = masked_episode(env, seed=5)
    assert steps > 0 and total in (-1.0, 0.0, 1.0)
    assert "outcome" in info


def test_the_starmine_solo_contest_is_a_single_agent_task() -> None:
    """ソロ用ルール: the reward is the contest's own evaluation."""
    env = gymnasium.make(gym_id("starmine"), options={"players": 1})
    total, _, info = masked_episode(env.unwrapped, seed=2)  # type: ignore[arg-type]
    outcome = info["outcome"]
    assert isinstance(outcome, dict)
    assert total == outcome["scores"][0]


def test_the_same_seed_plays_the_same_game() -> None:
    """Determinism: the game, the bots and so the episode follow from the seed."""
    first = AsobiEnv("itsmine", opponents="normal")
    second = AsobiEnv("itsmine", opponents="normal")
    assert masked_episode(first, 9) == masked_episode(second, 9)
    assert first.table.record().moves == second.table.record().moves


def test_an_illegal_action_costs_one_and_changes_nothing() -> None:
    env = AsobiEnv("laminate", opponents="random")
    observation, _ = env.reset(seed=1)
    before = env.table.state.view(None)
    forbidden = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(forbidden)
    assert reward == -1.0 and not terminated and info["illegal"]
    assert env.table.state.view(None) == before
    strict = AsobiEnv("laminate", opponents="random", illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalAction):
        strict.step(forbidden)


def test_bad_settings_are_refused_up_front() -> None:
    with pytest.raises(ValueError, match="seat"):
        AsobiEnv("starmine", seat=2)
    with pytest.raises(ValueError, match="no bot"):
        AsobiEnv("starmine", opponents="grandmaster")
