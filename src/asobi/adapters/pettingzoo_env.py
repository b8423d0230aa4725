"""PettingZoo environments for every asobi game (``asobi[rl]``).

    from asobi.adapters.pettingzoo_env import env, parallel_env
    aec = env("itsmine")                 # or make("asobi/itsmine_v0")
    par = parallel_env("laminate", options={"players": 4})

**A step is a cycle of the table.** Every seat sends an action each step, in seat order; a
seat that is not to act sends ``wait``, the last index, which is then the only one its mask
allows. Turn-based games and It's Mine!'s simultaneous dice bids (both seats act in the
same cycle, neither seeing the other's bid) thus share one form, and the AEC environment is
the Parallel one taken a seat at a time (PettingZoo's ``parallel_to_aec``).

**Observations** are ``{"observation": float32[n], "action_mask": int8[k + 1]}``: the seat's
view encoded by the game's observer, then the choices it has made of an unfinished action
(Carrotein's first board pose); the mask covers the game's action coding and ``wait``.

**Rewards** come at the end: the place, +1 first to -1 last, ties sharing the places they
span (zero-sum); alone, the game's own score. An illegal action (one the mask forbids) is
refused and changes nothing; by default (``illegal="penalise"``) it costs its seat -1 and
the game goes on, as PettingZoo's tests play unmasked actions; ``illegal="raise"`` raises
the game's ``IllegalAction`` instead. ``max_cycles`` truncates a game after that many steps.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.conversions import parallel_to_aec

from asobi.adapters.table import Table
from asobi.core.errors import BadActionCode, IllegalAction
from asobi.core.registry import all_specs

VERSION = 0
ILLEGAL_REWARD = -1.0
ILLEGAL_MODES = ("penalise", "raise")

Observation = dict[str, NDArray[Any]]


def env_id(game: str) -> str:
    """The versioned id of a game's environment: ``asobi/starmine_v0``."""
    return f"asobi/{game}_v{VERSION}"


def env_ids() -> dict[str, str]:
    """Every registered game's environment id, mapped to the game."""
    return {env_id(spec.id): spec.id for spec in all_specs()}


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class AsobiParallelEnv(ParallelEnv[str, Observation, int]):  # type: ignore[misc]
    """An asobi game as a PettingZoo Parallel environment: one step, one cycle of the table."""

    def __init__(
        self,
        game: str,
        options: Mapping[str, Any] | None = None,
        max_cycles: int = 10_000,
        illegal: str = "penalise",
        render_mode: str | None = None,
    ) -> None:
        if illegal not in ILLEGAL_MODES:
            raise ValueError(f"illegal must be one of {ILLEGAL_MODES}, not {illegal!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.table = Table(game, options)
        self.metadata = {
            "name": env_id(self.table.spec.id),
            "render_modes": ["ansi"],
            "is_parallelizable": True,
        }
        self.max_cycles = max_cycles
        self.illegal = illegal
        self.render_mode = render_mode
        self.possible_agents = [agent_name(seat) for seat in range(self.table.players)]
        self.agents: list[str] = []
        self.wait = self.table.coding.size
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    -np.inf, np.inf, (self.table.observation_size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, (self.wait + 1,), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(self.wait + 1)
        self._seeds = random.Random()
        self.cycles = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        # A seed fixes this game and, through the generator, the games of later resets.
        if seed is not None:
            self._seeds = random.Random(seed)
        self.table.reset(seed if seed is not None else self._seeds.randrange(2**31))
        self.agents = self.possible_agents[:]
        self.cycles = 0
        return self._observations(), {agent: {} for agent in self.agents}

    def observe(self, agent: str) -> Observation:
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.wait + 1, dtype=np.int8)
        mask[: self.wait] = self.table.mask(seat)
        if not self.table.is_over and seat not in self.table.state.active_seats():
            mask[self.wait] = 1
        return {"observation": self.table.observe(seat), "action_mask": mask}

    def _observations(self) -> dict[str, Observation]:
        return {agent: self.observe(agent) for agent in self.possible_agents}

    def step(
        self, actions: Mapping[str, int]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        rewards = dict.fromkeys(self.agents, 0.0)
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        acting = self.table.state.active_seats()  # at the start of the cycle, as masked
        for seat, agent in enumerate(self.possible_agents):
            if agent not in actions or self.table.is_over:
                continue
            refusal = self._act(seat, int(actions[agent]), seat in acting)
            if refusal is not None:
                rewards[agent] += ILLEGAL_REWARD
                infos[agent]["illegal"] = refusal
        self.cycles += 1
        over = self.table.is_over
        truncated = not over and self.cycles >= self.max_cycles
        if over:
            for agent, earned in zip(self.possible_agents, self.table.returns(), strict=True):
                rewards[agent] += earned
        observations = self._observations()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, truncated)
        if over or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _act(self, seat: int, index: int, acting: bool) -> str | None:
        """Carry out one seat's part of the cycle; the refusal, if the action was illegal."""
        try:
            if index == self.wait:
                if acting and seat in self.table.state.active_seats():
                    raise IllegalAction("turn order", f"seat {seat} is to act, not to wait")
                return None
            if not acting:
                raise IllegalAction("turn order", f"seat {seat} is not to act now: wait")
            self.table.choose(seat, index)
        except (IllegalAction, BadActionCode) as refusal:
            if self.illegal == "raise":
                raise
            return str(refusal)
        return None

    def render(self) -> str | None:
        return self.table.render_text() if self.render_mode == "ansi" else None

    def close(self) -> None:
        pass


def parallel_env(game: str, **kwargs: Any) -> AsobiParallelEnv:
    """A game's Parallel environment (options=, max_cycles=, illegal=, render_mode=)."""
    return AsobiParallelEnv(game, **kwargs)


def env(game: str, **kwargs: Any) -> AECEnv[str, Observation, int | None]:
    """A game's AEC environment: the Parallel one taken a seat at a time."""
    return parallel_to_aec(AsobiParallelEnv(game, **kwargs))


def make(env_name: str, **kwargs: Any) -> AECEnv[str, Observation, int | None]:
    """The AEC environment of a versioned id: ``make("asobi/laminate_v0")``."""
    game = env_ids().get(env_name)
    if game is None:
        raise ValueError(f"no environment {env_name!r} (known: {', '.join(env_ids())})")
    return env(game, **kwargs)
