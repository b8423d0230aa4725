"""The ``asobi`` command: list games, read their rules, play them, replay saved games."""

from __future__ import annotations

import json
import logging
import os
import secrets
import shlex
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

from asobi import __version__
from asobi.core.bots import LEVELS, bot_names, level_bot, make_bot
from asobi.core.errors import AsobiError, InvalidOptions, InvalidSetup, RecordMismatch
from asobi.core.protocol import GameSpec
from asobi.core.records import GameRecord
from asobi.core.registry import all_specs, game_ids, get_spec
from asobi.server import MAX_LINE, MAX_SOCKETS, ROOMS_PER_MINUTE, WORKER_HEALTHCHECK

EXIT_ERROR = 1
EXIT_INTERRUPTED = 130


def _playable() -> str:
    # The registered games' ids, read without importing any game: importing them all (their
    # engines, numpy, shapely) would cost every command, `asobi --version` included, a second.
    return ", ".join(game_ids()) or "none yet"


HELP = f"""
Play Japanese indie tabletop games in the terminal: against bots, with friends on one
screen (hot-seat), or alone.

asobi (遊び, "play") covers five games: Starmine Rummy Pocket (スターマイン・ラミー ポケット),
It's Mine! (イッツマイン!), Laminate Rummy (ラミネートラミー), Rummy City (ラミーシティ) and
Carrotein (星をなくしたキャロテイン). **Playable now:** {_playable()}.

Examples:

* `asobi play starmine` : a duel against the bot

* `asobi play starmine --solo` : the solo contest, ending with your title

* `asobi play starmine --hotseat` : two people sharing one screen

* `asobi play itsmine` : It's Mine! against the bot (dice bids chosen in secret)

* `asobi play itsmine --variant simple --hotseat` : its simple variant, two people

* `asobi play laminate --players 3` : Laminate Rummy against two bots (3–5 players)

* `asobi play laminate --players 5 --hotseat` : five people sharing one screen

* `asobi play rummycity` : Rummy City, your town against the bot's

* `asobi play rummycity --solo` : its solo score attack, three rounds

* `asobi play rummycity --catalogue my_buildings.toml` : with your own building cards

* `asobi play carrotein --players 4` : Carrotein (星をなくしたキャロテイン), you and three bots

* `asobi rules starmine` : the rules in a page

* `asobi replay game.json` : step through a game saved with `--save game.json`
"""

app = typer.Typer(
    name="asobi",
    help=HELP,
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="markdown",
    pretty_exceptions_show_locals=False,
)


def _console() -> Console:
    return Console(highlight=False)


def _fail(message: str, code: int = EXIT_ERROR) -> NoReturn:
    typer.echo(f"asobi: error: {message}", err=True)
    raise typer.Exit(code)


def _spec(game: str) -> GameSpec:
    try:
        return get_spec(game)
    except AsobiError as exc:
        _fail(str(exc))


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


# --- asobi games -------------------------------------------------------------------------
@app.command()
def games() -> None:
    """List the games you can play, with their Japanese names, seat counts and bots."""
    table = Table(title="asobi games")
    table.add_column("id", style="bold")
    table.add_column("English")
    table.add_column("日本語", no_wrap=True)
    table.add_column("players", justify="center", no_wrap=True)
    table.add_column("bots")
    table.add_column("levels (--level)")
    for spec in all_specs():
        seats = ", ".join(f"{n} (solo)" if n == 1 else str(n) for n in sorted(spec.seat_counts))
        levels = "\n".join(f"{lv}: {level_bot(spec.id, lv)}" for lv in LEVELS)
        table.add_row(
            spec.id, spec.name_en, spec.name_ja, seats, ", ".join(bot_names(spec.id)), levels
        )
    console = _console()
    console.print(table)
    console.print(
        "Play one with [bold]asobi play ID[/]; read its rules with [bold]asobi rules ID[/]."
    )


# --- asobi rules -------------------------------------------------------------------------
@app.command()
def rules(
    game: Annotated[
        str,
        typer.Argument(
            help="Game id, e.g. starmine, itsmine, laminate, rummycity or carrotein "
            "(see `asobi games`).",
            metavar="GAME",
        ),
    ],
) -> None:
    """Print a game's rules summary, e.g. `asobi rules starmine`, `asobi rules itsmine`,
    `asobi rules laminate`, `asobi rules rummycity` or `asobi rules carrotein`."""
    spec = _spec(game)
    console = _console()
    if not spec.summary:
        console.print(f"{spec.name_en} ({spec.name_ja}) has no rules summary yet.")
        return
    console.print(Markdown(spec.summary))


# --- asobi play --------------------------------------------------------------------------
GameOptionArgs = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="KEY=VALUE",
        help="A game option as key=value (repeatable), checked by the game, e.g. "
        "-o start_player=0, -o hand_size=4 or -o end_points=10.",
        show_default=False,
    ),
]
"""``-o KEY=VALUE`` (repeatable): a game option, checked by the game."""


def parse_options(pairs: list[str], spec: GameSpec | None = None) -> dict[str, Any]:
    """``key=value`` pairs; values are read as JSON where they can be (3, true, null).

    An option the game declares as read from a file (``json_schema_extra={"file": True}``,
    e.g. a catalogue of cards) is given here as a file name and read here, on the command
    line's side: the game itself takes only data, so no other front end (the server's API)
    can make it open a file."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            _fail(f"--option {pair!r}: expected key=value, e.g. --option start_player=0")
        try:
            options[key] = json.loads(raw)
        except (ValueError, RecursionError):  # not JSON (or too deep, too long to read)
            options[key] = raw.strip()
    return _read_option_files(spec, options) if spec is not None else options


def _read_option_files(spec: GameSpec, options: dict[str, Any]) -> dict[str, Any]:
    from asobi.core.datafile import read_data_file

    for name, field in spec.options_model.model_fields.items():
        extra = field.json_schema_extra
        if isinstance(extra, dict) and extra.get("file") and isinstance(options.get(name), str):
            path = options[name]
            try:
                options[name] = read_data_file(path, name)
                spec.options({name: options[name]})  # its contents' errors name the file
            except InvalidOptions as exc:
                _fail(f"{path}: {exc}" if path not in str(exc) else str(exc))
    return options


def _option_names(spec: GameSpec) -> str:
    return ", ".join(spec.options_model.model_fields)


def _seating(
    spec: GameSpec,
    players: int,
    *,
    hotseat: bool,
    seat_types: list[str] | None,
    bot: str | None,
    seat: int,
) -> list[str]:
    from asobi.play.loop import HUMAN, default_bot

    chosen_bot = bot or default_bot(spec.id)
    if bot is not None:
        _check_bot("--bot", bot, spec.id)
    if seat_types is not None:
        seats = []
        for kind in seat_types:
            if kind in ("human", "h"):
                seats.append(HUMAN)
            elif kind == "bot":
                seats.append(chosen_bot)
            else:
                _check_bot("--seat-types", kind, spec.id, "not 'human', 'bot' or a bot; ")
                seats.append(kind)
        return seats
    if hotseat:
        if bot is not None:
            _fail("--bot has no seat to fill in a --hotseat game (every seat is human)")
        return [HUMAN] * players
    if players == 1:
        if bot is not None:
            _fail("--bot has no seat to fill in a solo game; use --seat-types bot to watch a bot")
        return [HUMAN]
    if not 0 <= seat < players:
        _fail(f"--seat {seat}: seats are 0..{players - 1}")
    return [HUMAN if s == seat else chosen_bot for s in range(players)]


def _check_bot(flag: str, name: str, game: str, why: str = "") -> None:
    """Refuse a bot name, level or parameter that ``make_bot`` would, before any game starts."""
    try:
        make_bot(name, game)
    except ValueError as exc:
        _fail(f"{flag} {name}: {why}{exc}")


def _read_json(path: Path, what: str) -> dict[str, Any]:
    try:
        data = _json(path.read_text(encoding="utf-8"))
    except OSError as exc:
        _fail(f"{what} {path}: {exc.strerror or exc}")
    except ValueError as exc:
        _fail(f"{what} {path}: {exc}")
    if not isinstance(data, dict):
        _fail(f"{what} {path}: expected a JSON object")
    return data


def _json(text: str) -> Any:
    """JSON from a file; a ValueError in one line for text that is none (not UTF-8, not
    JSON, a number too long to read, nesting too deep for Python's stack)."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("not JSON (nested too deeply)") from None
    except ValueError as exc:
        raise ValueError(f"not JSON ({exc})") from None


@app.command()
def play(
    game: Annotated[
        str,
        typer.Argument(
            help="Game id: starmine = Starmine Rummy Pocket (スターマイン・ラミー ポケット), "
            "itsmine = It's Mine! (イッツマイン!), laminate = Laminate Rummy (ラミネートラミー), "
            "rummycity = Rummy City (ラミーシティ), "
            "carrotein = Carrotein (星をなくしたキャロテイン). See `asobi games`.",
            show_default=False,
            metavar="GAME",
        ),
    ],
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-n",
            metavar="N",
            help="Number of seats (default: the game's usual; Laminate Rummy takes 3–5).",
        ),
    ] = None,
    solo: Annotated[
        bool,
        typer.Option(
            "--solo",
            help="One player: for Starmine, the solo contest, scored at the end with an "
            "evaluation and a title (ソロ用ルール, 称号); for Rummy City, the three-round "
            "score attack (ソロプレイルール).",
        ),
    ] = False,
    variant: Annotated[
        str | None,
        typer.Option(
            "--variant",
            metavar="NAME",
            help="The rules variant, where the game has some: for It's Mine!, 'basic' (the "
            "default) or 'simple' (シンプル). Same as -o variant=NAME.",
            show_default=False,
        ),
    ] = None,
    catalogue: Annotated[
        Path | None,
        typer.Option(
            "--catalogue",
            metavar="FILE",
            help="The building cards, where the game has a catalogue: for Rummy City, a TOML "
            "or JSON file that replaces asobi's reconstruction (checked on load). Same as "
            "-o catalogue=FILE.",
            show_default=False,
        ),
    ] = None,
    hotseat: Annotated[
        bool,
        typer.Option(
            "--hotseat",
            help="Every seat is a human sharing this screen; the screen is cleared and you are "
            "asked to pass the device between turns, so hands and secret choices (bids) stay "
            "hidden.",
        ),
    ] = False,
    bot: Annotated[
        str | None,
        typer.Option(
            "--bot",
            metavar="NAME",
            help="The opponents: a difficulty level, 'easy', 'normal' (the default), 'hard' "
            "or 'random', or a bot by name, such as 'greedy' (the game's heuristic bot) or "
            "'ismcts:iterations=500'. `asobi games` lists each game's bots and levels.",
            show_default=False,
        ),
    ] = None,
    level: Annotated[
        str | None,
        typer.Option(
            "--level",
            "-l",
            metavar="LEVEL",
            help="The opponents' difficulty: easy, normal (the default), hard (the strongest "
            "bot measured; `asobi games` shows which) or random. Same as --bot LEVEL.",
            show_default=False,
        ),
    ] = None,
    seat: Annotated[
        int,
        typer.Option(
            "--seat",
            metavar="N",
            help="Your seat against bots (who starts is drawn from the seed; in Laminate Rummy "
            "seat 0 starts).",
        ),
    ] = 0,
    seat_types: Annotated[
        str | None,
        typer.Option(
            "--seat-types",
            metavar="TYPES",
            help="Who sits where, one per seat: human, bot or a bot name, e.g. 'human,random', "
            "'greedy,human' or 'bot,bot' to watch two bots.",
            show_default=False,
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            metavar="N",
            help="Seed of the deal; the same seed and moves give the same game "
            "(default: random, printed at the start).",
            show_default=False,
        ),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save",
            metavar="FILE",
            help="Save the game record (JSON) to this file at the end, for `asobi replay`.",
            show_default=False,
        ),
    ] = None,
    option: GameOptionArgs = None,
    setup: Annotated[
        Path | None,
        typer.Option(
            "--setup",
            metavar="FILE",
            help="Start from a scenario (JSON: pinned hands, deck order, ...) instead of a deal.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Play a game in the terminal: against bots, hot-seat, or solo.

    * `asobi play starmine` : you against the bot (greedy where the game has it)

    * `asobi play starmine --level hard` : against the strongest bot (it searches)

    * `asobi play starmine --solo` : the solo contest (ソロ用ルール)

    * `asobi play starmine --hotseat` : two people, one screen

    * `asobi play starmine --seed 7 --save game.json` : a fixed deal, saved for replay

    * `asobi play itsmine --variant simple` : It's Mine!'s simple variant (シンプル)

    * `asobi play laminate --players 3` : Laminate Rummy (ラミネートラミー), you and two bots

    * `asobi play laminate --players 5 --hotseat` : five people, one screen

    * `asobi play rummycity` : Rummy City (ラミーシティ), your town against the bot's

    * `asobi play rummycity --solo` : its solo score attack (ソロプレイルール)

    * `asobi play rummycity --catalogue my_buildings.toml` : with your own building cards

    * `asobi play carrotein --players 4` : Carrotein (星をなくしたキャロテイン), you and three bots

    Choose each move by its number or type its code (`discard R4`, `place main seq R4 R5 W1`,
    `bid 4`, `play S7 S8 S9`, `publish kind3`, `lay O7`, `cite H7`, `draw 3`, `build park`,
    `layoff H5 1`); a move the rules forbid is refused with the rule's name. `?` at the prompt
    helps. Simultaneous decisions (It's Mine!'s dice bids) are made one seat at a time, each
    kept hidden from the other until both are in.
    """
    from asobi.play.io import terminal_ask
    from asobi.play.loop import play_game

    spec = _spec(game)
    options = parse_options(option or [], spec)
    kinds = [k.strip().lower() for k in seat_types.split(",")] if seat_types else None
    if hotseat and kinds is not None:
        _fail("use either --hotseat or --seat-types, not both")
    if solo:
        if 1 not in spec.seat_counts:
            _fail(f"{spec.id} has no solo mode (players: {spec.seat_counts})")
        if players not in (None, 1):
            _fail(f"--solo means one player, not --players {players}")
        players = 1
    if kinds is not None:
        if players is None:
            players = len(kinds)
        elif players != len(kinds):
            _fail(f"--seat-types names {len(kinds)} seats but --players is {players}")
    if players is not None:
        if "players" in options and options["players"] != players:
            _fail("give the number of players once (--players or -o players=...)")
        options["players"] = players
    if variant is not None:
        if "variant" not in spec.options_model.model_fields:
            _fail(f"{spec.id} has no rules variants (its options: {_option_names(spec)})")
        if options.get("variant", variant) != variant:
            _fail("give the variant once (--variant or -o variant=...)")
        options["variant"] = variant
    if catalogue is not None:
        if "catalogue" not in spec.options_model.model_fields:
            _fail(f"{spec.id} has no building catalogue (its options: {_option_names(spec)})")
        if "catalogue" in options:
            _fail("give the catalogue once (--catalogue or -o catalogue=...)")
        options |= _read_option_files(spec, {"catalogue": str(catalogue)})
    if hotseat and options.get("players") == 1:
        _fail("--hotseat needs more than one seat")
    unknown = sorted(set(options) - set(spec.options_model.model_fields))
    if unknown:
        _fail(
            f"{spec.id} has no option {', '.join(map(repr, unknown))} "
            f"(its options: {_option_names(spec)})"
        )
    try:
        opts = spec.options(options)
    except InvalidOptions as exc:
        _fail(str(exc))
    if level is not None:
        if bot is not None:
            _fail("give either --level or --bot, not both")
        if level not in LEVELS:
            _fail(f"--level {level}: the levels are {', '.join(LEVELS)}")
        bot = level
    seats = _seating(spec, opts.players, hotseat=hotseat, seat_types=kinds, bot=bot, seat=seat)
    scenario = _read_json(setup, "--setup") if setup is not None else None
    if save is not None and not save.parent.is_dir():
        _fail(f"--save {save}: the folder {save.parent} does not exist")
    if seed is None:
        seed = secrets.randbelow(1_000_000)

    console = _console()
    try:
        result = play_game(
            spec.id, opts.model_dump(), seed, seats, console, terminal_ask(console), scenario
        )
    except InvalidSetup as exc:
        _fail(f"--setup {setup}: {exc}")
    except AsobiError as exc:
        _fail(str(exc))
    except ValueError as exc:  # an unknown bot name, a bad seat list
        _fail(str(exc))

    if save is not None:
        try:
            result.match.record.save(save)
        except OSError as exc:
            _fail(f"--save {save}: {exc.strerror or exc}")
        what = "Record" if result.finished else "Record of the unfinished game"
        console.print(f"{what} saved to [bold]{save}[/]; replay it with: asobi replay {save}")
    elif result.finished:
        console.print(
            f"[dim]Seed {seed}. Add --save FILE to keep the record for `asobi replay`.[/]"
        )
    if result.reason == "interrupted":
        raise typer.Exit(EXIT_INTERRUPTED)
    if not result.finished and result.reason != "quit":
        raise typer.Exit(EXIT_ERROR)


GameArg = Annotated[str, typer.Argument(help="Game id (see `asobi games`).", metavar="GAME")]
PlayersArg = Annotated[
    int | None,
    typer.Option(
        "--players", "-n", metavar="N", help="Seats per game (default: the game's usual)."
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


# --- asobi tournament --------------------------------------------------------------------
@app.command()
def tournament(
    game: GameArg,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            metavar="A,B,...",
            help="The bots, comma-separated: levels (random, easy, normal, hard), bot names "
            "(greedy, random, ismcts, ...) or bots with parameters (ismcts:iterations=200).",
        ),
    ],
    players: PlayersArg = None,
    rounds: Annotated[
        int,
        typer.Option(
            "--rounds",
            "-r",
            metavar="N",
            help="Deals; each is played by every seating of the bots, seats rotated.",
        ),
    ] = 10,
    seed: SeedArg = 0,
    workers: WorkersArg = 1,
    option: GameOptionArgs = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            metavar="FILE",
            help="Write the summary and every game (lineup, ranks, scores, moves) as JSON.",
            show_default=False,
        ),
    ] = None,
    backend: BackendArg = "local",
    address: AddressArg = None,
) -> None:
    """Play a seat-rotated round-robin between bots and rate them.

    Every round deals once (seed, seed+1, ...) and plays that deal with every seating, each
    bot in each seat equally often and, from three seats up, both ways round the table (each
    bot right after each other as often as right before it). Prints each bot's Elo rating
    (Bradley–Terry, fitted to all the games at once; the bots' mean is 0), win share and
    time per decision, and each pair's score with its 95% interval (½ = even). The same
    command gives the same results with any number of workers, unless a bot searches for a
    time (``hard``, ``ismcts:seconds=...``) rather than a number of iterations. In a solo
    mode (``-n 1``) each bot plays every deal alone and the bots meet deal by deal: the
    higher score on a deal ranks better.

    * `asobi tournament starmine --bots random,easy,normal` : levels against each other

    * `asobi tournament rummycity -n 1 --bots greedy,hard` : the solo score attack

    * `asobi tournament laminate -n 4 --bots greedy,random --rounds 20 --workers 2`

    * `asobi tournament itsmine --bots greedy,ismcts:iterations=300 --out duel.json`
    """
    from rich.progress import Progress

    from asobi.arena.tournament import Tournament, markdown, run_tournament

    spec = _spec(game)
    options = parse_options(option or [], spec)
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if len(set(names)) != len(names) or len(names) < 2:
        _fail("--bots: name at least two different bots")
    for name in names:
        _check_bot("--bots", name, spec.id)
    if players is not None:
        options["players"] = players
    try:
        opts = spec.options(options)
    except InvalidOptions as exc:
        _fail(str(exc))
    if rounds < 1 or workers < 1:
        _fail("--rounds and --workers must be at least 1")
    plan = Tournament(spec.id, tuple(names), opts.players, rounds, opts.model_dump(), seed)
    console = _console()
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task(f"{spec.id}: playing", total=len(plan.plan()))
        try:
            run_tournament(
                plan,
                workers,
                progress=lambda _: progress.advance(task),
                backend=backend,
                address=address,
            )
        except ValueError as exc:  # a backend that cannot start
            _fail(str(exc))
    summary = plan.summary()
    console.print(Markdown(markdown(summary)))
    if out is not None:
        data = {"summary": summary, "games": [r.to_json() for r in plan.results]}
        try:
            out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        except OSError as exc:
            _fail(f"--out {out}: {exc.strerror or exc}")
        console.print(f"Written to [bold]{out}[/].")


# --- asobi simulate / asobi report ----------------------------------------------------------
def parse_sweep(pairs: list[str]) -> dict[str, list[Any]]:
    """``key=v1,v2,...`` pairs; each value read as JSON where it can be, like --option."""
    sweep: dict[str, list[Any]] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        key = key.strip().replace("-", "_")
        values = [v.strip() for v in raw.split(",") if v.strip()]
        if not sep or not key or not values:
            _fail(f"--sweep {pair!r}: expected key=value,value,..., e.g. --sweep hand_size=2,3,4")
        if key in sweep:
            _fail(f"--sweep {key}: swept twice; list all its values in one --sweep")
        sweep[key] = [parse_options([f"{key}={v}"])[key] for v in values]
    return sweep


@app.command()
def simulate(
    game: GameArg,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            metavar="A,B,...",
            help="One bot per seat, comma-separated, or one bot for every seat: levels "
            "(random, easy, normal, hard), bot names (greedy, ismcts, ...) or bots with "
            "parameters (ismcts:iterations=200).",
        ),
    ] = "normal",
    games: Annotated[
        int, typer.Option("--games", "-g", metavar="N", help="Games to play (per variant).")
    ] = 100,
    players: PlayersArg = None,
    option: GameOptionArgs = None,
    sweep: Annotated[
        list[str] | None,
        typer.Option(
            "--sweep",
            "-s",
            metavar="KEY=V1,V2,...",
            help="Play every value of a game option, side by side (repeatable: every "
            "combination), e.g. --sweep hand_size=2,3,4 or --sweep variant=basic,simple.",
            show_default=False,
        ),
    ] = None,
    seed: SeedArg = 0,
    workers: WorkersArg = 1,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            metavar="DIR",
            help="Folder for the games and the results table "
            "(default: simulations/GAME-N-seedS). The same command resumes a stopped run.",
            show_default=False,
        ),
    ] = None,
    fixed_seats: Annotated[
        bool,
        typer.Option(
            "--fixed-seats",
            help="Keep each bot in its seat; by default the seats turn by one each game.",
        ),
    ] = False,
    parquet: Annotated[
        bool,
        typer.Option("--parquet", help="Write results.parquet too (pip install 'asobi[report]')."),
    ] = False,
    backend: BackendArg = "local",
    address: AddressArg = None,
) -> None:
    """Play many seeded games between bots and keep every one.

    Game i of each variant is dealt with seed+i and its bots seeded from it, so the same
    command gives the same games whatever the number of workers or the backend, and every
    variant is played on the same deals. Writes DIR/games.jsonl (every game, replayable with
    `asobi replay DIR/games.jsonl --game N`) and DIR/results.csv (one row per seat per game),
    the same bytes for any --workers, backend or resume, and DIR/timings.csv (each bot's
    seconds), then prints the win share of each place in turn order. `asobi report DIR`
    makes the balance report.

    * `asobi simulate itsmine --games 10000 --workers 2` : the heuristic bot against itself

    * `asobi simulate itsmine --games 2000 --sweep variant=basic,simple`

    * `asobi simulate starmine --bots greedy,random --games 500 --out duel`

    * `asobi simulate laminate -n 4 --games 200 --backend ray --workers 2`
    """
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from asobi.arena.simulate import Simulation as Plan
    from asobi.arena.simulate import (
        SimulationMismatch,
        prepare,
        read_games,
        run_simulation,
        write_tables,
    )

    spec = _spec(game)
    options = parse_options(option or [], spec)
    if players is not None:
        options["players"] = players
    swept = parse_sweep(sweep or [])
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if not names:
        _fail("--bots: name at least one bot")
    for name in names:
        _check_bot("--bots", name, spec.id)
    if games < 1 or workers < 1:
        _fail("--games and --workers must be at least 1")
    plan = Plan(spec.id, tuple(names), games, options, swept, seed, rotate=not fixed_seats)
    try:
        jobs = plan.jobs(lambda opts: spec.options(opts).players)
    except InvalidOptions as exc:
        _fail(str(exc))
    except ValueError as exc:  # a lineup that does not fit the seats
        _fail(f"--bots: {exc}")
    folder = out or Path("simulations") / f"{spec.id}-{games}-seed{seed}"
    try:
        done = prepare(folder, plan, f"{plan.command()} --out {shlex.quote(str(folder))}")
    except (SimulationMismatch, OSError) as exc:
        _fail(str(exc))
    console = _console()
    if done:
        console.print(f"Resuming {folder}: {done} of {len(jobs)} games already played.")
    columns = (*Progress.get_default_columns()[:1], BarColumn(), MofNCompleteColumn())
    with Progress(*columns, TimeRemainingColumn(), console=console) as progress:
        task = progress.add_task(f"{spec.id}: playing", total=len(jobs), completed=done)
        try:
            run_simulation(
                folder,
                plan,
                jobs,
                workers=workers,
                backend=backend,
                address=address,
                done=done,
                progress=lambda _: progress.advance(task),
            )
        except ValueError as exc:
            _fail(str(exc))
        except KeyboardInterrupt:
            console.print(f"Stopped; the same command resumes {folder}.")
            raise typer.Exit(EXIT_INTERRUPTED) from None
    # The games are read from games.jsonl as they are needed, never held: the memory of a
    # simulation does not grow with its games.
    try:
        written = write_tables(folder, plan, parquet=parquet)
    except ValueError as exc:
        _fail(str(exc))
    from asobi.arena.report import summary

    for section in summary(read_games(folder)):
        console.print(Markdown(f"## {section.title}\n\n" + section.tables[0].markdown()))
    console.print(
        f"{len(jobs)} games in [bold]{folder}[/]: "
        + ", ".join(p.name for p in [folder / "games.jsonl", *written, folder / "timings.csv"])
        + f". Next: asobi report {folder}"
    )


@app.command()
def report(
    results: Annotated[
        Path,
        typer.Argument(
            help="A simulation folder (the --out of asobi simulate).", metavar="RESULTS"
        ),
    ],
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            metavar="DIR",
            help="Where to write report.md and report.html (default: RESULTS).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Write a balance report of a simulation: report.md, and report.html with its plots.

    Seat (first-player) advantage, score and length distributions, choices per decision,
    and the game's own facts (which rows decide Starmine games, It's Mine! mines and tie
    chains, Laminate papers and citations, the buildings Rummy City winners own, Carrotein
    challenges and boards against chips), every variant side by side, every share with
    its 95% interval. The plots need matplotlib: pip install 'asobi[report]'.

    * `asobi report simulations/itsmine-10000-seed0`
    """
    from asobi.arena import report as balance

    try:
        written = balance.write(results, out)
    except ValueError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"{exc.filename}: {exc.strerror or exc}")
    _console().print("Written: " + ", ".join(str(p) for p in written))


def _simulated_game(path: Path, game: int | None) -> dict[str, Any]:
    if game is None:
        _fail(f"{path} holds many games: name one with --game N")
    if game < 0:
        _fail("--game: games are numbered from 0")
    held = 0
    try:
        with path.open(encoding="utf-8") as lines:
            for line in lines:
                if held == game:
                    data = _json(line)
                    if not isinstance(data, dict):
                        _fail(f"record {path}, game {game}: expected a JSON object")
                    return data
                held += 1
    except OSError as exc:
        _fail(f"record {path}: {exc.strerror or exc}")
    except ValueError as exc:
        _fail(f"record {path}, game {game}: {exc}")
    _fail(f"record {path}: no game {game} (it holds {held})")


# --- asobi replay ------------------------------------------------------------------------
def load_record(path: Path, game: int | None = None) -> GameRecord:
    """A saved record, or game ``game`` of a simulation's ``games.jsonl``."""
    if path.suffix == ".jsonl" or game is not None:
        data = _simulated_game(path, game)
    else:
        data = _read_json(path, "record")
    try:
        return GameRecord.from_json(data)
    except RecordMismatch as exc:
        _fail(f"record {path}: {exc}")


@app.command()
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
) -> None:
    """Step through a saved game: each move, then the table as a seat or a spectator sees it.

    The replay is checked against the outcome the record claims.
    """
    from asobi.play.io import terminal_ask
    from asobi.play.replay import replay_record

    if seat is not None and spectator:
        _fail("use either --seat N or --spectator, not both")
    record = load_record(file, game)
    if seat is None and not spectator and record.options.get("players") == 1:
        seat = 0  # a solo game: its one player's view, hand included
    console = _console()
    ask = terminal_ask(console) if step else None
    try:
        replay_record(record, console, viewer=seat, ask=ask)
    except AsobiError as exc:
        _fail(f"record {file}: {exc}")
    except KeyboardInterrupt:
        raise typer.Exit(EXIT_INTERRUPTED) from None


# --- asobi serve -------------------------------------------------------------------------
@app.command()
def serve(
    host: Annotated[
        str, typer.Option("--host", metavar="ADDR", help="Address to listen on.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", "-p", metavar="N", help="Port.")] = 8000,
    db: Annotated[
        str,
        typer.Option(
            "--db",
            metavar="URL",
            help="Where rooms are kept: a SQLAlchemy URL, e.g. "
            "postgresql+psycopg://user:pass@host/asobi (default: asobi.db here, SQLite).",
        ),
    ] = "sqlite:///asobi.db",
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            metavar="N",
            min=1,
            help="Server processes on this port, any of them serving any room (more than one "
            "needs a PostgreSQL --db). Several asobi serve on one PostgreSQL database, on "
            "one machine or several, work the same way: see docs/deploy.md.",
        ),
    ] = 1,
    bot_workers: Annotated[
        int | None,
        typer.Option(
            "--bot-workers",
            metavar="K",
            min=0,
            help="Processes the bots think in, per server process (0: a thread; default: "
            "the CPUs, shared among the --workers).",
        ),
    ] = None,
    max_sockets: Annotated[
        int,
        typer.Option(
            "--max-sockets",
            metavar="N",
            min=1,
            help="Websockets one address may hold open at once (raise it behind a proxy).",
        ),
    ] = MAX_SOCKETS,
    rooms_per_minute: Annotated[
        float,
        typer.Option(
            "--rooms-per-minute",
            metavar="R",
            min=0.1,
            help="Rooms one address may make a minute, in bursts of a third of that.",
        ),
    ] = ROOMS_PER_MINUTE,
) -> None:
    """Start the web server: open the printed address to play any game in the browser,
    against bots or with friends (invite links), or to watch.

    Every move is saved before it is acknowledged, and unfinished games are brought back
    when the server starts again, so a restart loses nothing. The HTTP API is described at
    /docs. Needs the server extra: `pip install -e '.[server]'`.
    """
    # Before websockets is imported: the longest opening request line it reads (the address
    # with its token: one too long is then refused by the server, 4403, not left unanswered).
    os.environ.setdefault("WEBSOCKETS_MAX_LINE_LENGTH", str(MAX_LINE))
    try:
        import uvicorn

        from asobi.server.app import MAX_FRAME, SETTINGS, WebSocketProtocol, create_app
        from asobi.server.bots import default_workers
    except ImportError as exc:
        _fail(f"the server needs its extra: pip install -e '.[server]' ({exc})")
    if workers > 1 and not db.startswith("postgresql"):
        _fail(
            "--workers above 1 needs a PostgreSQL --db (postgresql+psycopg://...): the "
            "processes tell each other of every move through it; SQLite serves one process"
        )
    settings: dict[str, Any] = {
        "db": db,
        "bot_workers": default_workers(workers) if bot_workers is None else bot_workers,
        "max_sockets": max_sockets,
        "rooms_per_minute": rooms_per_minute,
    }
    _console().print(f"asobi: open http://{host}:{port}/ to play (Ctrl+C stops)")
    # Plain logging for uvicorn and asobi alike (uvicorn's own config would silence the
    # loggers made before it, asobi.server's among them).
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s: %(message)s")
    # A frame past MAX_FRAME closes its connection before it is even read (the server's own
    # limit, with a clear error, is far lower: asobi.server.app.MAX_MESSAGE). No compression:
    # a message is a few KB, and deflating each one for each connection cost more CPU than
    # anything else the server does for a move.
    options: dict[str, Any] = {
        "host": host, "port": port, "log_config": None, "log_level": "warning",
        "ws": WebSocketProtocol, "ws_max_size": MAX_FRAME, "ws_per_message_deflate": False,
    }  # fmt: skip
    if workers == 1:
        uvicorn.run(create_app(**settings), **options)
        return
    # uvicorn starts the processes (each calls app_from_environment) and restarts one that
    # dies; each ends when this one does, however it ends. uvicorn also kills a process that
    # does not answer its health check in time, and a new process answers only once it has
    # imported asobi: by default (5 s) a busy machine had every process killed as it started,
    # again and again, and nothing served. A process hung for WORKER_HEALTHCHECK is replaced.
    os.environ[SETTINGS] = json.dumps({**settings, "parent": os.getpid()})
    uvicorn.run(
        "asobi.server.app:app_from_environment",
        factory=True,
        workers=workers,
        timeout_worker_healthcheck=WORKER_HEALTHCHECK,
        **options,
    )


def main() -> None:
    """Entry point of the ``asobi`` console script."""
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
