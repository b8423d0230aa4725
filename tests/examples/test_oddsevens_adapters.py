"""The example game under the RL adapters' own checkers: Gymnasium's ``check_env``,
PettingZoo's ``api_test`` (turn by turn and parallel), OpenSpiel's ``random_sim_test`` (its
choices one seat at a time, and as one simultaneous node). A game declares ``observer``
on its spec and the adapters need nothing else."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test  # noqa: E402

from asobi.adapters.gymnasium_env import AsobiEnv  # noqa: E402
from asobi.adapters.openspiel_game import register, short_name  # noqa: E402
from asobi.adapters.pettingzoo_env import env, parallel_env  # noqa: E402

# Gymnasium and PettingZoo warn that a dict observation is not a Box: the documented form.
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def test_gymnasium_check_env() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(AsobiEnv("oddsevens", opponents="random"))


def test_pettingzoo_api_test() -> None:
    api_test(env("oddsevens"), num_cycles=300)


def test_pettingzoo_parallel_api_test() -> None:
    parallel_api_test(parallel_env("oddsevens"), num_cycles=300)


@pytest.mark.parametrize("simultaneous", [False, True], ids=["one-at-a-time", "simultaneous"])
def test_openspiels_random_sim_test(simultaneous: bool) -> None:
    register("oddsevens")
    game = pyspiel.load_game(short_name("oddsevens"), {"simultaneous": simultaneous})
    kind = game.get_type().dynamics
    dynamics = pyspiel.GameType.Dynamics
    assert kind == (dynamics.SIMULTANEOUS if simultaneous else dynamics.SEQUENTIAL)
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
