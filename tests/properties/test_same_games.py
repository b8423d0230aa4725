"""The same seeds give the same games (issue 31: a faster engine changes nothing for players).

``game_hashes.json`` holds the fingerprints ``tools/game_hashes.py`` made of seeded random
games on the engines before they were made faster: every legal list, every event with the
seats it is shown to, and the outcome. Each mode's games are played again here and must
fingerprint the same. After a deliberate change of a rule, regenerate the file:

    PYTHONPATH=src .venv/bin/python tools/game_hashes.py --games 20 --limit carrotein-3=1 \\
        --seeds-out tests/properties/game_hashes.json
"""

from __future__ import annotations

import json
import runpy
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
TOOL: dict[str, Any] = runpy.run_path(str(HERE.parents[1] / "tools" / "game_hashes.py"))
EXPECTED: dict[str, dict[str, list[str]]] = json.loads(
    (HERE / "game_hashes.json").read_text(encoding="utf-8")
)


def test_every_mode_is_fingerprinted() -> None:
    assert sorted(EXPECTED) == sorted(name for name, _, _ in TOOL["MODES"])


@pytest.mark.parametrize("mode", sorted(EXPECTED))
def test_seeded_random_games_are_unchanged(mode: str) -> None:
    expected = EXPECTED[mode]["seeds"]
    assert TOOL["mode_fingerprints"](mode, range(len(expected))) == expected


def test_a_different_game_gives_a_different_fingerprint() -> None:
    """The fingerprint sees the game: another seed, or another seat count, changes it."""
    first = TOOL["game_fingerprint"]("laminate", {"players": 3}, 0)
    assert TOOL["game_fingerprint"]("laminate", {"players": 3}, 1) != first
    assert TOOL["game_fingerprint"]("laminate", {"players": 4}, 0) != first
