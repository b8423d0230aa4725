"""A weaker copy of any bot: it plays a uniformly random legal action some of the time.

The ``easy`` level of most games (``asobi.core.bots.default_levels``): the game's heuristic
bot, careless about one decision in three. Its slips are drawn from its own seeded
generator, so a careless match replays exactly like any other.
"""

from __future__ import annotations

import random

from asobi.core.actions import Action
from asobi.core.bots import (
    Bot,
    Decision,
    heuristic_bot,
    make_bot,
    no_more_params,
    take_param,
)
from asobi.core.errors import InvalidBot


class CarelessBot:
    def __init__(self, inner: Bot, p: float, seed: int = 0) -> None:
        if not 0.0 <= p <= 1.0:
            raise InvalidBot(f"careless: p={p} is not a probability (0 to 1)")
        self.inner = inner
        self.p = p
        self.name = f"careless {inner.name}"
        self.rng = random.Random(seed)

    def choose(self, decision: Decision) -> Action:
        # Draw first, whatever the outcome, so the slips do not depend on the inner bot.
        if self.rng.random() < self.p:
            return self.rng.choice(list(decision.legal))
        return self.inner.choose(decision)


def make(game: str, seed: int, **params: str) -> CarelessBot:
    """``careless:p=P:bot=NAME``: ``NAME`` (the game's heuristic bot unless named) with a
    random action a decision with probability ``P`` (1/3)."""
    inner = params.pop("bot", None) or heuristic_bot(game, "careless")
    p = take_param(params, "p", float, 1 / 3)
    no_more_params("careless", params, "p and bot")
    return CarelessBot(make_bot(inner, game, seed + 1), p, seed)
