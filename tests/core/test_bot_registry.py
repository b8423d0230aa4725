"""Bots by name, whatever the caller imported first (a fresh interpreter for each check)."""

from __future__ import annotations

import subprocess
import sys

from asobi.arena.matches import bot_seed as arena_seed
from asobi.core.bots import mix_seeds
from asobi.play.loop import bot_seed as terminal_seed


def test_a_level_and_a_generic_bot_are_made_without_importing_the_agents_first() -> None:
    script = (
        "from asobi.core.bots import make_bot, bot_names\n"
        "assert make_bot('hard', 'starmine', 1).name\n"
        "assert make_bot('ismcts:iterations=5', 'itsmine', 1).name\n"
        "assert {'random', 'careless', 'lookahead', 'ismcts'} <= set(bot_names('laminate'))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_importing_the_bot_interface_imports_no_generic_bot() -> None:
    """``asobi.core.bots`` names asobi's generic bots without importing them (they are
    imported when one is first made), and registering another bot first does not hide them
    (it did while they were registered as ``asobi.agents`` was imported)."""
    script = (
        "import sys\n"
        "from asobi.core.bots import bot_names, make_bot, register_bot\n"
        "assert not [m for m in sys.modules if m.startswith('asobi.agents')]\n"
        "register_bot('first', lambda game, seed: make_bot('random', game, seed))\n"
        "assert make_bot('careless', 'laminate', 1).name\n"
        "assert make_bot('hard', 'starmine', 1).name\n"
        "names = set(bot_names('itsmine'))\n"
        "assert {'first', 'random', 'careless', 'lookahead', 'ismcts'} <= names\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_bots_seeds_are_those_the_formulas_gave_before_they_were_one() -> None:
    """Moving the three seed formulas into ``mix_seeds`` changed no bot's seed."""
    for seed in (0, 1, 41, 2**31 + 5):
        for seat in range(6):
            assert terminal_seed(seed, seat) == (seed * 7919 + 104729 * (seat + 1)) % 2**32
            for index in (0, 3, 999):
                old = (seed * 1_000_003 + index * 7919 + seat * 104_729) % 2**32
                assert arena_seed(seed, index, seat) == old == mix_seeds(seed, index, seat)
