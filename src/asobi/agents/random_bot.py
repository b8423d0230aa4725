"""The random bot: a uniformly random legal action, from its own seeded generator."""

from __future__ import annotations

import random

from asobi.core.actions import Action
from asobi.core.bots import Decision, register_bot


class RandomBot:
    def __init__(self, seed: int = 0) -> None:
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, decision: Decision) -> Action:
        return self.rng.choice(list(decision.legal))


register_bot("random", lambda game, seed: RandomBot(seed))
