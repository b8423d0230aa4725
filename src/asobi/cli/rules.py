"""``asobi rules GAME``: a game's rules in a page."""

from __future__ import annotations

from asobi.cli.common import GameArg, console, game_spec


def rules(game: GameArg) -> None:
    """Print a game's rules summary: `asobi rules GAME`."""
    from rich.markdown import Markdown

    spec = game_spec(game)
    screen = console()
    if not spec.summary:
        screen.print(f"{spec.name_en} ({spec.name_ja}) has no rules summary yet.")
        return
    screen.print(Markdown(spec.summary))
