"""A Gymnasium environment per asobi game: one seat learns, asobi bots play the others
(``asobi[rl]``).

    from asobi.adapters.gymnasium_env import AsobiEnv
    env = AsobiEnv("starmine", options={"players": 1})        # the solo contest
    env = AsobiEnv("itsmine", opponents="hard", seat=1)

The observation is ``{"observation": float32[n], "action_mask": int8[k]}`` as in the
PettingZoo environments, without ``wait``: a step is one choice of the learning seat, and
the bots play until it is to choose again or the game ends. At the end the reward is the
seat's place (+1 first to -1 last, ties sharing) or, alone, the game's own score (Starmine's
evaluation, Rummy City's tepu). An illegal action is refused and changes nothing; it costs
-1 (``illegal="penalise"``, the default) or raises the game's ``IllegalAction``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from asobi.adapters.table import Table
from asobi.core.bots import Bot, choose_for, make_bot
from asobi.core.errors import BadActionCode, IllegalAction
from asobi.core.registry import all_specs

ILLEGAL_REWARD = -1.0

Observation = dict[str, NDArray[Any]]


class AsobiEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of an asobi game; ``opponents`` names the bot (or level) of the others."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (Gymnasium's own)

    def __init__(
        self,
        game: str,
        options: Mapping[str, Any] | None = None,
        seat: int = 0,
        opponents: str = "normal",
        illegal: str = "penalise",
        max_steps: int = 10_000,
        render_mode: str | None = None,
    ) -> None:
        self.table = Table(game, options)
        if not 0 <= seat < self.table.players:
            raise ValueError(f"seat must be 0..{self.table.players - 1}, not {seat}")
        if illegal not in ("penalise", "raise"):
            raise ValueError(f"illegal must be 'penalise' or 'raise', not {illegal!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        make_bot(opponents, game)  # an unknown bot is an error now, not at the first reset
        self.seat = seat
        self.opponents = opponents
        self.illegal = illegal
        self.max_steps = max_steps
        self.render_mode = render_mode
        size = self.table.coding.size
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    -np.inf, np.inf, (self.table.observation_size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(size)
        self.bots: dict[int, Bot] = {}
        self.steps = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        # The game and its bots follow from Gymnasium's generator: a seed fixes them all.
        game_seed = int(self.np_random.integers(2**31))
        self.table.reset(game_seed)
        self.bots = {
            other: make_bot(self.opponents, self.table.spec.id, seed=game_seed + other)
            for other in range(self.table.players)
            if other != self.seat
        }
        self.steps = 0
        self._bots_play()
        return self._observe(), {"seed": game_seed}

    def _observe(self) -> Observation:
        mask = self.table.mask(self.seat).astype(np.int8)
        return {"observation": self.table.observe(self.seat), "action_mask": mask}

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal mask (the name MaskablePPO of sb3-contrib asks for)."""
        return self.table.mask(self.seat)

    def _bots_play(self) -> None:
        """The other seats choose until the learning seat must (or the game is over)."""
        state = self.table.state
        while not state.is_over and self.seat not in state.active_seats():
            for other in sorted(state.active_seats()):
                self.table.play(other, choose_for(self.bots[other], state, other))

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        info: dict[str, Any] = {}
        reward = 0.0
        try:
            self.table.choose(self.seat, int(action))
        except (IllegalAction, BadActionCode) as refusal:
            if self.illegal == "raise":
                raise
            reward += ILLEGAL_REWARD
            info["illegal"] = str(refusal)
        self._bots_play()
        self.steps += 1
        over = self.table.is_over
        if over:
            reward += self.table.returns()[self.seat]
            outcome = self.table.state.outcome()
            assert outcome is not None
            info["outcome"] = outcome.to_json()
        truncated = not over and self.steps >= self.max_steps
        return self._observe(), reward, over, truncated, info

    def render(self) -> str | None:
        return self.table.render_text() if self.render_mode == "ansi" else None


def gym_id(game: str) -> str:
    """A game's Gymnasium id: ``gymnasium.make("asobi/starmine-v0")``."""
    return f"asobi/{game}-v0"


def register_envs() -> None:
    """Register every game with Gymnasium (done when this module is imported)."""
    for spec in all_specs():
        if spec.observer is not None and gym_id(spec.id) not in gymnasium.registry:
            gymnasium.register(
                id=gym_id(spec.id),
                entry_point="asobi.adapters.gymnasium_env:AsobiEnv",
                kwargs={"game": spec.id},
            )


register_envs()
