"""PettingZoo environments: PettingZoo's own checkers on every game, and what a step means."""

from __future__ import annotations

import warnings
from functools import partial
from types import SimpleNamespace

import numpy as np
import pytest

from .adapter_helpers import GAMES

pytest.importorskip("pettingzoo")

from pettingzoo.test import (
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    seed_test,
)

from asobi.adapters.pettingzoo_env import env, env_ids, make, parallel_env
from asobi.core.errors import IllegalAction

# PettingZoo warns that a dict observation is not a Box: it is the documented masked form.
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def test_every_game_has_a_versioned_id() -> None:
    assert env_ids() == {f"asobi/{game}_v0": game for game in GAMES}
    assert make("asobi/itsmine_v0").metadata["name"] == "asobi/itsmine_v0"
    with pytest.raises(ValueError, match="no environment"):
        make("asobi/chess_v0")


def test_pettingzoo_api_test(setting: tuple[str, int]) -> None:
    game, players = setting
    api_test(env(game, options={"players": players}), num_cycles=300)


def test_pettingzoo_parallel_api_test(setting: tuple[str, int]) -> None:
    game, players = setting
    parallel_api_test(parallel_env(game, options={"players": players}), num_cycles=300)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_seed_test(game: str) -> None:
    seed_test(partial(env, game), num_cycles=100)
    parallel_seed_test(partial(parallel_env, game), num_cycles=100)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_max_cycles_test(game: str) -> None:
    """Unmasked random actions: refused at -1 each, the game goes on until max_cycles."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        max_cycles_test(
            SimpleNamespace(env=partial(env, game), parallel_env=partial(parallel_env, game))
        )


def test_a_seat_not_to_act_may_only_wait() -> None:
    par = parallel_env("starmine")
    observations, _ = par.reset(seed=1)
    wait = par.wait
    acting = par.table.to_act()
    for seat, agent in enumerate(par.possible_agents):
        mask = observations[agent]["action_mask"]
        assert mask.dtype == np.int8
        if seat in acting:
            assert not mask[wait] and mask[:wait].any()
        else:
            assert list(np.flatnonzero(mask)) == [wait]


def test_its_mine_bids_are_made_in_one_cycle_by_both_seats() -> None:
    """ダイスアクション: both players bid at once; neither sees the other's bid before."""
    par = parallel_env("itsmine")
    observations, _ = par.reset(seed=4)
    assert par.table.to_act() == [0, 1]
    bids = {
        agent: int(np.flatnonzero(observations[agent]["action_mask"][: par.wait])[0])
        for agent in par.agents
    }
    legal = np.flatnonzero(observations["player_0"]["action_mask"][: par.wait])
    seen_by_1 = set()
    for bid in legal:  # whatever seat 0 bids, seat 1 sees the same (that it has bid)
        table = par.table.clone()
        table.choose(0, int(bid))
        seen_by_1.add(table.observe(1).tobytes())
    assert len(legal) > 1 and len(seen_by_1) == 1
    par.reset(seed=4)
    _, rewards, _, _, infos = par.step(bids)
    assert rewards == {"player_0": 0.0, "player_1": 0.0}
    assert not any(infos.values())
    assert len(par.table.record().moves) == 2


def test_an_illegal_action_costs_its_seat_and_changes_nothing() -> None:
    par = parallel_env("starmine")
    par.reset(seed=2)
    seat = par.table.to_act()[0]
    agent, other = f"player_{seat}", f"player_{1 - seat}"
    before = par.table.state.view(None)
    _, rewards, terminations, _, infos = par.step({agent: par.wait, other: 0})
    assert rewards == {agent: -1.0, other: -1.0}  # one may not wait, the other must
    assert "turn order" in infos[agent]["illegal"]
    assert par.table.state.view(None) == before
    assert not any(terminations.values())


def test_illegal_raise_raises_the_rule() -> None:
    par = parallel_env("starmine", illegal="raise")
    par.reset(seed=2)
    seat = par.table.to_act()[0]
    with pytest.raises(IllegalAction, match="turn order"):
        par.step({f"player_{seat}": par.wait, f"player_{1 - seat}": par.wait})


def test_the_end_rewards_the_places_and_the_agents_leave() -> None:
    par = parallel_env("starmine")
    observations, _ = par.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(par.possible_agents, 0.0)
    while par.agents:
        actions = {
            agent: int(rng.choice(np.flatnonzero(observations[agent]["action_mask"])))
            for agent in par.agents
        }
        observations, rewards, terminations, _, _ = par.step(actions)
        for agent, reward in rewards.items():
            totals[agent] += reward
    assert all(terminations.values())
    assert sum(totals.values()) == pytest.approx(0.0)
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_ansi_render_shows_the_public_table() -> None:
    par = parallel_env("laminate", render_mode="ansi")
    par.reset(seed=1)
    text = par.render()
    assert isinstance(text, str) and text.strip()
    with pytest.raises(ValueError, match="render_mode"):
        parallel_env("laminate", render_mode="human")
