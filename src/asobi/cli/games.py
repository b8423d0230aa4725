"""``asobi games``: the games there are, with their seats, bots, levels and aliases."""

from __future__ import annotations

from asobi.cli.common import console
from asobi.cli.helptext import alias_list, seat_counts
from asobi.core.bots import LEVELS, bot_names, level_bot
from asobi.core.registry import all_specs


def games() -> None:
    """List the games you can play, with their Japanese names, seat counts and bots."""
    from rich.cells import cell_len
    from rich.table import Table

    # The id first and whole (what a person types), the names one over the other and the
    # seats under them: at 80 columns every id, name and level still reads; bots and levels
    # wrap at their commas and spaces.
    table = Table(title="asobi games")
    table.add_column("id", style="bold", no_wrap=True, min_width=9)
    # Wide enough for the longest word of a Japanese name (a name folded mid-word misreads:
    # "星をなくしたキ / ャロテイン"); a longer name wraps at its spaces.
    widest = max(cell_len(word) for spec in all_specs() for word in spec.name_ja.split())
    table.add_column("name 名前, players", overflow="fold", width=widest)
    table.add_column("bots", ratio=2)
    table.add_column("levels (--level)", ratio=3, overflow="fold")
    specs = all_specs()
    for spec in specs:
        levels = "\n".join(_level(lv, level_bot(spec.id, lv)) for lv in LEVELS)
        table.add_row(
            spec.id,
            f"{spec.name_en}\n{spec.name_ja}\n[dim]{seat_counts(spec)}[/] players",
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
