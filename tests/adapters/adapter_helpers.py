"""What the adapter tests share: every game, at every seat count it allows."""

from __future__ import annotations

import random

from asobi.adapters.table import Table, legal_indices
from asobi.core.registry import all_specs

GAMES = [spec.id for spec in all_specs()]
SETTINGS = [(spec.id, players) for spec in all_specs() for players in spec.seat_counts]


def setting_id(setting: tuple[str, int]) -> str:
    return f"{setting[0]}-{setting[1]}p"


def play_random(table: Table, rng: random.Random, choices: int = 10_000) -> int:
    """Make up to ``choices`` random legal choices (all seats); how many were made."""
    for made in range(choices):
        if table.is_over:
            return made
        seat = rng.choice(table.to_act())
        table.choose(seat, rng.choice(legal_indices(table.mask(seat))))
    return choices
