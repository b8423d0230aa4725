"""What the commands share: the one-line error exit, the console, looking a game up, checking
a bot's name, reading JSON files, and the arguments several commands take."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

from asobi.core.bots import make_bot
from asobi.core.errors import AsobiError
from asobi.core.protocol import GameSpec
from asobi.core.registry import game_ids, get_spec
from asobi.core.words import LANGS, Lang

EXIT_ERROR = 1
EXIT_INTERRUPTED = 130


def console() -> Console:
    return Console(highlight=False)


def fail(message: str, code: int = EXIT_ERROR) -> NoReturn:
    """Print ``asobi: error: MESSAGE``, one line, and exit: no traceback reaches a person."""
    typer.echo(f"asobi: error: {message}", err=True)
    raise typer.Exit(code)


def language(lang: str) -> Lang:
    """``--lang``'s value, one of the languages the terminal speaks (else a clear error)."""
    for known in LANGS:
        if lang == known:
            return known
    fail(f"--lang {lang}: the languages are {' and '.join(LANGS)}")


def game_spec(game: str) -> GameSpec:
    try:
        return get_spec(game)
    except AsobiError as exc:
        fail(str(exc))


def check_bot(flag: str, name: str, game: str, why: str = "") -> None:
    """Refuse a bot name, level or parameter that ``make_bot`` would, before any game starts."""
    try:
        make_bot(name, game)
    except ValueError as exc:
        fail(f"{flag} {name}: {why}{exc}")


def writable_file(path: Path, flag: str, example: str) -> None:
    """Refuse, before the work whose result goes to ``path``, a file that could not be
    written once it is done (a folder, a folder missing or not writable): found only then,
    the whole game was played and lost. ``example`` is a file name to suggest in a folder.
    A file that is not there yet is made and removed, so every cause (permissions, a
    read-only disk) is found as writing it would find it."""
    if path.is_dir():
        fail(f"{flag} {path}: that is a folder; name a file in it, e.g. {flag} {path / example}")
    if path.parent.exists() and not path.parent.is_dir():
        fail(f"{flag} {path}: {path.parent} is a file, not a folder")
    if not path.parent.is_dir():
        fail(f"{flag} {path}: the folder {path.parent} does not exist")
    existed = path.exists()
    try:
        with path.open("a"):  # (appending nothing: a file there is left as it is)
            pass
    except OSError as exc:
        fail(f"{flag} {path}: cannot be written ({exc.strerror or exc})")
    if not existed:
        path.unlink(missing_ok=True)


def read_json(path: Path, what: str) -> dict[str, Any]:
    """The JSON object in the file ``path`` (``what`` names it in errors: ``--setup``)."""
    try:
        data = json_value(path.read_text(encoding="utf-8"))
    except OSError as exc:
        fail(f"{what} {path}: {exc.strerror or exc}")
    except ValueError as exc:
        fail(f"{what} {path}: {exc}")
    if not isinstance(data, dict):
        fail(f"{what} {path}: expected a JSON object")
    return data


def json_value(text: str) -> Any:
    """JSON from a file; a ValueError in one line for text that is none (not UTF-8, not
    JSON, a number too long to read, nesting too deep for Python's stack)."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("not JSON (nested too deeply)") from None
    except ValueError as exc:
        raise ValueError(f"not JSON ({exc})") from None


GAME = "GAME"  # the game argument's name in the help, and in the error when it is missing

# The ids are the games' entry points' names, read without importing any game: importing
# them all (their engines, numpy, shapely) would cost every command, `asobi --version`
# included, half a second.
GameArg = Annotated[
    str,
    typer.Argument(
        help=f"Game id: {', '.join(game_ids()) or 'none installed'} (see `asobi games`).",
        show_default=False,
        metavar=GAME,
    ),
]
PlayersArg = Annotated[
    int | None,
    typer.Option(
        "--players",
        "-n",
        metavar="N",
        help="Seats per game (default: the game's usual; `asobi games` lists each game's).",
    ),
]
SeedArg = Annotated[int, typer.Option("--seed", metavar="N", help="The first deal's seed.")]
WorkersArg = Annotated[
    int, typer.Option("--workers", "-w", metavar="K", help="Processes playing in parallel.")
]
BackendArg = Annotated[
    str,
    typer.Option(
        "--backend",
        metavar="local|ray",
        help="Where the games are played: this machine's processes (local), or Ray "
        "(pip install 'asobi[dist]'): a local Ray instance of --workers CPUs, or the cluster "
        "at --address.",
    ),
]
AddressArg = Annotated[
    str | None,
    typer.Option(
        "--address",
        metavar="HOST:PORT",
        help="The Ray cluster to run on (with --backend ray; 'auto' finds a running one).",
        show_default=False,
    ),
]
