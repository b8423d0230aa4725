"""The game's own bot, ``reader``: it reads the other seat's habits from the rounds shown.

It counts how often the other seat has shown an odd number, expects the parity it showed
more often, and shows a number that makes the sum come out its own way (odd for the odd
seat); with no habit to read yet it picks at random. Against a seat that picks at random
no bot can do better than half the rounds, but a person tends to repeat themselves.

A bot sees a :class:`~asobi.core.bots.Decision`: the seat's view, its legal moves and a
sampler of worlds it cannot tell apart. Never the state, so it cannot cheat. Its seed is
its only source of chance, so the same seed and the same game give the same choices.
"""

from __future__ import annotations

import random

from asobi.core.actions import Action
from asobi.core.bots import Decision
from oddsevens.actions import Show
from oddsevens.views import read_view


class ReaderBot:
    name = "reader"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision: Decision) -> Action:
        view = read_view(decision.view)
        me, other = decision.seat, 1 - decision.seat
        shown = [r["fingers"][other] % 2 for r in view["rounds"]]
        odd_shown = sum(shown)
        if 2 * odd_shown == len(shown):  # no habit to read (or no rounds yet)
            expected = self.rng.randrange(2)
        else:
            expected = int(2 * odd_shown > len(shown))
        wanted_sum = 1 if view["odd_seat"] == me else 0
        mine = (wanted_sum - expected) % 2  # the parity of my number that gives that sum
        choices = [a for a in decision.legal if isinstance(a, Show) and a.fingers % 2 == mine]
        return self.rng.choice(choices)


def make_reader(seed: int = 0) -> ReaderBot:
    return ReaderBot(seed)
