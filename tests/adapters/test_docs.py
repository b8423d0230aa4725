"""The RL docs follow the code: the committed layout page is what the code prints."""

from __future__ import annotations

from pathlib import Path

from asobi.adapters.layouts import markdown

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_rl_layouts_page_is_current() -> None:
    """Regenerate with: .venv/bin/python -m asobi.adapters.layouts > docs/rl-layouts.md"""
    assert (DOCS / "rl-layouts.md").read_text(encoding="utf-8") == markdown()


def test_every_game_has_its_layout_in_the_page() -> None:
    page = (DOCS / "rl-layouts.md").read_text(encoding="utf-8")
    for env_id in ("starmine_v0", "itsmine_v0", "laminate_v0", "rummycity_v0", "carrotein_v0"):
        assert f"asobi/{env_id}" in page
    assert "No observation encoding yet" not in page
