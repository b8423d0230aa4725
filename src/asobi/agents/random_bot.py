"""The random bot: a uniformly random legal action, from its own seeded generator."""

from __future__ import annotations

import random

from asobi.core.actions import Action
from asobi.core.bots import Decision, no_more_params


class RandomBot:
    def __init__(self, seed: int = 0) -> None:
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, decision: Decision) -> Action:
        return self.rng.choice(list(decision.legal))


def make(game: str, seed: int, **params: str) -> RandomBot:
    """``random``: takes no parameters."""
    no_more_params("random", params, "no parameters")
    return RandomBot(seed)
