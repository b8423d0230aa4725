"""What the adapter tests share: every game, at every seat count it allows, and the
examples loaded as modules."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

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


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def load_example(name: str) -> ModuleType:
    """``examples/<name>.py`` as a module (the examples are scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being made
    try:
        spec.loader.exec_module(module)
    finally:
        sys.modules.pop(spec.name, None)
    return module
