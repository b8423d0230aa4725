"""``asobi replay FILE``: step through a saved game."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from asobi.cli.common import EXIT_INTERRUPTED, console, fail, json_value, language, read_json
from asobi.core.errors import AsobiError, RecordMismatch
from asobi.core.records import GameRecord


def replay(
    file: Annotated[
        Path,
        typer.Argument(
            help="A record saved by `asobi play ... --save FILE`, or a simulation's "
            "games.jsonl with --game N.",
            metavar="FILE",
        ),
    ],
    game: Annotated[
        int | None,
        typer.Option(
            "--game",
            "-g",
            metavar="N",
            help="Which game of a simulation's games.jsonl (numbered from 0).",
            show_default=False,
        ),
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat", metavar="N", help="Watch as this seat: its hand is shown.", show_default=False
        ),
    ] = None,
    spectator: Annotated[
        bool,
        typer.Option(
            "--spectator",
            help="Watch as a spectator: no hands (the default, except in solo games).",
        ),
    ] = False,
    step: Annotated[
        bool,
        typer.Option(
            "--step/--all",
            help="--step waits for Enter between moves (a: show the rest, q: stop); "
            "--all prints the whole game at once.",
        ),
    ] = True,
    lang: Annotated[
        str,
        typer.Option(
            "--lang",
            metavar="en|ja",
            help="The language of what happened and the replay's own words (ja: 日本語).",
        ),
    ] = "en",
) -> None:
    """Step through a saved game: each move, then the table as a seat or a spectator sees it.

    The replay is checked against the outcome the record claims.
    """
    from asobi.play.io import terminal_ask
    from asobi.play.replay import replay_record

    if seat is not None and spectator:
        fail("use either --seat N or --spectator, not both")
    spoken = language(lang)
    record = load_record(file, game)
    if seat is None and not spectator and record.options.get("players") == 1:
        seat = 0  # a solo game: its one player's view, hand included
    screen = console()
    ask = terminal_ask(screen) if step else None
    try:
        replay_record(record, screen, viewer=seat, ask=ask, lang=spoken)
    except AsobiError as exc:
        fail(f"record {file}: {exc}")
    except KeyboardInterrupt:
        raise typer.Exit(EXIT_INTERRUPTED) from None


def load_record(path: Path, game: int | None = None) -> GameRecord:
    """A saved record, or game ``game`` of a simulation's ``games.jsonl``."""
    if game is not None and path.suffix == ".json":
        fail(f"{path} is one game's record: --game N picks a game of a simulation's games.jsonl")
    if path.suffix == ".jsonl" or game is not None:
        data = simulated_game(path, game)
    else:
        data = read_json(path, "record")
    try:
        return GameRecord.from_json(data)
    except RecordMismatch as exc:
        fail(f"record {path}: {exc}")


def simulated_game(path: Path, game: int | None) -> dict[str, Any]:
    if game is None:
        fail(f"{path} holds many games: name one with --game N")
    if game < 0:
        fail("--game: games are numbered from 0")
    held = 0
    try:
        with path.open(encoding="utf-8") as lines:
            for line in lines:
                if held == game:
                    data = json_value(line)
                    if not isinstance(data, dict):
                        fail(f"record {path}, game {game}: expected a JSON object")
                    return data
                held += 1
    except OSError as exc:
        fail(f"record {path}: {exc.strerror or exc}")
    except ValueError as exc:
        fail(f"record {path}, game {game}: {exc}")
    fail(f"record {path}: no game {game} (it holds {held})")
