"""Help texts that the games fill in: their names, their example command lines and their
aliases for ``-o``, each read from the game's ``GameSpec`` (``cli_examples``,
``option_aliases``). The commands' own texts say only what holds for every game.

The registry is read only when a help is shown: reading it imports every game, which no
command should pay for before it runs (``asobi --version`` included)."""

from __future__ import annotations

import inspect
import re
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup

from asobi.cli.common import GAME, fail
from asobi.core.protocol import GameSpec
from asobi.core.registry import all_specs, game_ids


def seat_counts(spec: GameSpec) -> str:
    """``1 (solo), 2``; a run of three or more as ``2–6``."""
    counts = sorted(spec.seat_counts)
    solo = ["1 (solo)"] if counts[0] == 1 else []
    rest = counts[1:] if solo else counts
    together = len(rest) >= 3 and rest == list(range(rest[0], rest[-1] + 1))
    return ", ".join(solo + ([f"{rest[0]}–{rest[-1]}"] if together else [str(n) for n in rest]))


def alias_list(spec: GameSpec, word: str = "`-o {}`") -> str:
    """``-o simple (variant=simple), -o basic (variant=basic)``, each ``-o WORD`` written as
    ``word`` says (in Markdown code by default)."""
    from asobi.cli.options import alias_meaning

    return ", ".join(
        f"{word.format(alias)} ({alias_meaning(options)})"
        for alias, options in spec.option_aliases.items()
    )


def examples(
    specs: list[GameSpec], command: str, *, with_aliases: bool = False, title: str = "Examples:"
) -> str:
    """The games' example lines of ``asobi COMMAND`` (and, ``with_aliases``, their aliases
    for ``-o``) in Markdown, game by game under each game's names and seat counts."""
    start = f"asobi {command} "
    games = []
    for spec in specs:
        lines = [
            f"* `{line}` : {meaning}" if meaning else f"* `{line}`"
            for line, meaning in spec.cli_examples
            if line.startswith(start)
        ]
        aliases = alias_list(spec) if with_aliases else ""
        if not lines and not aliases:
            continue
        heading = f"**{spec.name_en}** ({spec.name_ja}), players {seat_counts(spec)}"
        if aliases:
            heading += f"; aliases {aliases}"
        games.append("\n\n".join([heading, *lines]))
    return "\n\n".join([title, *games]) if games else ""


# What a value of a command-line type is, for the one-line error on one that is none
# (by pydantic's error type: typer reads the values through pydantic).
KINDS = {
    "int_parsing": "not a whole number",
    "int_from_float": "not a whole number",
    "float_parsing": "not a number",
    "bool_parsing": "not true or false",
}


def bad_value(exc: typer.BadParameter) -> str:
    """A value typer could not read, as the one line ``asobi: error:`` prints: the flag,
    the value as typed and what it is not (``--seed abc: not a whole number``), rather
    than typer's box in pydantic's words."""
    param = exc.param
    names = [name for name in getattr(param, "opts", []) if name.startswith("--")]
    flag = names[0] if names else str(getattr(param, "name", "") or "").upper()
    found = getattr(exc.__cause__, "errors", None)
    errors = found() if callable(found) else []
    error = errors[0] if errors else {}
    value = error.get("input")
    why = KINDS.get(str(error.get("type")), exc.message)
    if value is None:
        return f"{flag}: {why}"
    return f"{flag} {value}: {why}"


def left_out(exc: typer.BadParameter) -> bool:
    """Whether ``exc`` is click's MissingParameter, known by its name: typer raises its own
    copy of click (``typer._click``, not public) where older typers raised click's."""
    return any(kind.__name__ == "MissingParameter" for kind in type(exc).__mro__)


def missing(exc: typer.BadParameter, command: str) -> str:
    """A required argument or option left out, as the one line ``asobi: error:`` prints:
    which, what it takes, and where to read more (``missing GAME (one of: ...); asobi play
    --help for more``). Click's own message is empty: the line said only ``GAME: ``."""
    param = exc.param
    flags = [name for name in getattr(param, "opts", []) if name.startswith("--")]
    metavar = getattr(param, "metavar", None)
    name = flags[0] if flags else metavar or str(getattr(param, "name", "") or "").upper()
    if metavar == GAME:  # the games installed now (the help's list was read at import)
        what = f"one of: {', '.join(game_ids()) or 'none installed'}"
    else:
        what = _phrase(getattr(param, "help", None) or "")
    said = f"missing {name} ({what})" if what else f"missing {name}"
    return f"{said}; {command} --help for more"


def _phrase(help: str) -> str:
    """A parameter's help as a phrase inside a line: ``A simulation folder.`` -> ``a
    simulation folder`` (an acronym keeps its capitals; backticks go)."""
    text = help.replace("`", "").strip().rstrip(".")
    return re.sub(r"^[A-Z](?=[a-z ])", lambda first: first.group().lower(), text)


class GameHelp(TyperCommand):
    """A command whose help ends with the games' examples of it and, where it takes ``-o``,
    their aliases. A value of the wrong type (``--seed abc``) is refused in the one line
    every other bad value is, and so is a required one left out."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.written_help = inspect.cleandoc(self.help or "")

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:  # typer's own click's types
        try:
            return super().parse_args(ctx, args)
        except typer.BadParameter as exc:
            fail(missing(exc, ctx.command_path) if left_out(exc) else bad_value(exc))

    def format_help(self, ctx: Any, formatter: Any) -> None:  # typer's own click's types
        specs = all_specs()
        takes_options = any(param.name == "option" for param in self.params)
        listed = examples(specs, self.name or "", with_aliases=takes_options)
        self.help = "\n\n".join(part for part in (self.written_help, listed) if part)
        _without_python_types([*self.params, self.get_help_option(ctx)])
        super().format_help(ctx, formatter)


class GamesHelp(TyperGroup):
    """The ``asobi`` command, whose help names the games and shows how to play each."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.written_help = inspect.cleandoc(self.help or "")

    def format_help(self, ctx: Any, formatter: Any) -> None:  # typer's own click's types
        specs = all_specs()
        self.help = "\n\n".join(
            [
                self.written_help,
                examples(specs, "play", title=f'asobi (遊び, "play") has {len(specs)} games:'),
                *EVERY_GAME,
            ]
        )
        _without_python_types([*self.params, self.get_help_option(ctx)])
        super().format_help(ctx, formatter)


def _without_python_types(params: list[Any]) -> None:  # (click.Parameter, or None)
    """Typer prints each parameter's Python type beside it (``--solo <bool>``, ``GAME
    <str>``): a flag takes no value, and an argument's name says what it is. Options that
    take a value keep their metavar (``N``, ``en|ja``)."""
    for param in params:
        if param is None:
            continue
        if getattr(param, "is_flag", False) or param.param_type_name == "argument":
            param.display_type_rich = lambda ctx: None


# The main help's examples that hold for every game.
EVERY_GAME = [
    "**Every game**",
    "* `asobi games` : the games, their seats, bots and levels",
    "* `asobi rules GAME` : a game's rules in a page",
    "* `asobi replay game.json` : step through a game saved with `--save game.json`",
]
