"""``asobi games``: the games there are, with their seats, bots, levels and aliases."""

from __future__ import annotations

from asobi.cli.common import console
from asobi.cli.helptext import alias_list, seat_counts
from asobi.core.bots import LEVELS, bot_names, level_bot
from asobi.core.registry import all_specs


def games() -> None:
    """List the games you can play, with their Japanese names, seat counts and bots."""
    from rich.table import Table

    # The id first and whole (what a person types), the names one over the other: at 80
    # columns every id and name still reads; bots and levels wrap at their commas.
    table = Table(title="asobi games")
    table.add_column("id", style="bold", no_wrap=True, min_width=9)
    table.add_column("name 名前", ratio=2, overflow="fold")
    table.add_column("players", justify="center", no_wrap=True)
    table.add_column("bots", ratio=2)
    table.add_column("levels (--level)", ratio=3)
    specs = all_specs()
    for spec in specs:
        levels = "\n".join(_level(lv, level_bot(spec.id, lv)) for lv in LEVELS)
        table.add_row(
            spec.id,
            f"{spec.name_en}\n{spec.name_ja}",
            seat_counts(spec),
            ", ".join(bot_names(spec.id)),
            levels,
        )
    screen = console()
    screen.print(table)
    for spec in specs:
        if spec.option_aliases:
            aliases = alias_list(spec, "[bold]-o {}[/]")
            screen.print(f"{spec.name_en} ({spec.id}) takes the aliases {aliases}.")
    screen.print(
        "Play one with [bold]asobi play ID[/]; read its rules with [bold]asobi rules ID[/]."
    )


def _level(level: str, bot: str) -> str:
    """A level and its bot, the bot's parameters on a line of their own, a space between
    them (``hard: lookahead`` then ``  worlds=8 seconds=0.8``): a narrow column wraps
    between parameters, not inside one."""
    name, *params = bot.split(":")
    return f"{level}: {name}" + (f"\n  {' '.join(params)}" if params else "")
