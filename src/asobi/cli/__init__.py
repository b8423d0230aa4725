"""The ``asobi`` command: list games, read their rules, play them, replay saved games.

One module a command (``games``, ``rules``, ``play``, ``tournament``, ``simulate``,
``report``, ``replay``, ``serve``); what they share is in ``common`` (the error exit, files,
arguments), ``options`` (``-o`` and the games' aliases) and ``helptext`` (the help the games
fill in). No module here names a game: what the help says of each game, the games declare
on their ``GameSpec``. Each command imports what it runs on only when it runs, so that
``asobi --version`` and ``asobi --help`` start at once.
"""

from __future__ import annotations

import codecs
import io
import sys
from typing import Annotated

import typer

from asobi import __version__
from asobi.cli import games, play, replay, report, rules, serve, simulate, tournament
from asobi.cli.helptext import GameHelp, GamesHelp

HELP = """Play Japanese indie tabletop games in the terminal: against bots, with friends on
one screen (hot-seat), or alone."""

app = typer.Typer(
    name="asobi",
    cls=GamesHelp,
    help=HELP,
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="markdown",
    pretty_exceptions_show_locals=False,
)
for command in (
    games.games,
    rules.rules,
    play.play,
    tournament.tournament,
    simulate.simulate,
    report.report,
    replay.replay,
    serve.serve,
):
    app.command(cls=GameHelp)(command)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"asobi {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    pass


def main() -> None:
    """Entry point of the ``asobi`` console script."""
    _replace_what_cannot_be_written()
    app()


def _replace_what_cannot_be_written() -> None:
    """Let an output that is not UTF-8 write "?" for a character its encoding lacks, where it
    raised UnicodeEncodeError: Japanese Windows writes cp932 to a pipe, which has no '•' (in
    the help) nor '·' (in the games' words), and ``asobi --help`` ended in a traceback."""
    for stream in (sys.stdout, sys.stderr):
        if not isinstance(stream, io.TextIOWrapper):  # (None under pythonw; a test's capture)
            continue
        if codecs.lookup(stream.encoding).name != "utf-8":
            stream.reconfigure(errors="replace")


__all__ = ["app", "main"]
