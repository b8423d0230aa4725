"""``asobi play GAME``: a game in the terminal, against bots, hot-seat or solo."""

from __future__ import annotations

import secrets
import shlex
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from asobi.cli.common import (
    EXIT_ERROR,
    EXIT_INTERRUPTED,
    GameArg,
    check_bot,
    console,
    fail,
    game_spec,
    language,
    read_json,
    writable_file,
)
from asobi.cli.options import GameOptionArgs, option_names, parse_options
from asobi.core.bots import LEVELS
from asobi.core.errors import AsobiError, InvalidOptions, InvalidSetup
from asobi.core.protocol import GameSpec

# Flags that play once had for one game's option each, now refused with the -o to type.
RETIRED_FLAGS = ("--variant", "--catalogue")


def play(
    game: GameArg,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-n",
            metavar="N",
            help="Number of seats (default: the game's usual; `asobi games` lists each "
            "game's seat counts).",
        ),
    ] = None,
    solo: Annotated[
        bool,
        typer.Option(
            "--solo",
            help="One player, in a game with a solo mode (`asobi games` shows which): its "
            "solo rules, scored at the end. Same as --players 1.",
        ),
    ] = False,
    lang: Annotated[
        str,
        typer.Option(
            "--lang",
            metavar="en|ja",
            help="The language of the terminal's words: what happened, what the table waits "
            "for, the moves, their warnings and the seats' names (ja: 日本語). The table "
            "names its parts in both languages.",
        ),
    ] = "en",
    hotseat: Annotated[
        bool,
        typer.Option(
            "--hotseat",
            help="Every seat is a human sharing this screen; the screen is cleared and you are "
            "asked to pass the device between turns, so hands and secret choices stay hidden.",
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
        int | None,
        typer.Option(
            "--seat",
            metavar="N",
            help="Your seat against bots, from 0 (who starts is the game's rule: drawn from the "
            "seed where the rules leave it to the table).",
        ),
    ] = None,
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
            help="Start from a scenario (JSON: pinned hands, deck order, ...) instead of a "
            "deal; `asobi rules GAME --scenario` shows its form.",
            show_default=False,
        ),
    ] = None,
    variant: Annotated[str | None, typer.Option("--variant", hidden=True)] = None,
    catalogue: Annotated[str | None, typer.Option("--catalogue", hidden=True)] = None,
) -> None:
    """Play a game in the terminal: against bots, hot-seat, or solo.

    Choose each move by its number or type its code; a move the rules forbid is refused
    with the rule's name. `?` at the prompt helps. Decisions that seats make at once in
    secret are made one seat at a time, each kept hidden from the others until all are in.
    """
    from asobi.play.io import terminal_ask
    from asobi.play.loop import SAID, play_game

    spec = game_spec(game)
    for flag, value in zip(RETIRED_FLAGS, (variant, catalogue), strict=True):
        if value is not None:
            _retired(spec, flag, value)
    kinds = [k.strip().lower() for k in seat_types.split(",")] if seat_types else None
    if hotseat and kinds is not None:
        fail("use either --hotseat or --seat-types, not both")
    options = parse_options(option or [], spec)
    count = _seat_count(spec, players, solo=solo, seat_types=kinds)
    if count is not None:
        if options.get("players", count) != count:
            fail("give the number of players once (--players or -o players=...)")
        options["players"] = count
    if hotseat and options.get("players") == 1:
        fail("--hotseat needs more than one seat")
    try:
        opts = spec.options(options)
    except InvalidOptions as exc:
        fail(str(exc))
    opponents = _opponents(bot, level)
    seats = _seating(
        spec, opts.players, hotseat=hotseat, seat_types=kinds, bot=opponents, seat=seat
    )
    scenario = read_json(setup, "--setup") if setup is not None else None
    if save is not None:
        writable_file(save, "--save", "game.json")
    if seed is None:
        seed = secrets.randbelow(1_000_000)

    spoken = language(lang)
    screen = console()
    try:
        result = play_game(
            spec.id,
            opts.model_dump(),
            seed,
            seats,
            screen,
            terminal_ask(screen),
            scenario,
            spoken,
        )
    except InvalidSetup as exc:
        fail(f"--setup {setup}: {exc}")
    except AsobiError as exc:
        fail(str(exc))
    except ValueError as exc:  # an unknown bot name, a bad seat list
        fail(str(exc))

    if save is not None:
        try:
            result.match.record.save(save)
        except OSError as exc:
            fail(f"--save {save}: {exc.strerror or exc}")
        what = "saved" if result.finished else "saved unfinished"
        screen.print(SAID[what].get(spoken).format(save=save))
    elif result.finished:
        screen.print(SAID["seed"].get(spoken).format(seed=seed))
    if result.reason == "interrupted":
        raise typer.Exit(EXIT_INTERRUPTED)
    if not result.finished and result.reason != "quit":
        raise typer.Exit(EXIT_ERROR)


def _retired(spec: GameSpec, flag: str, value: str) -> NoReturn:
    """Refuse a retired flag with what to type instead (an alias where the game has one)."""
    key = flag.removeprefix("--")
    if key not in spec.options_model.model_fields:
        fail(f"{flag} is no longer a flag, and {spec.id} has no option {key} "
             f"(its options: {option_names(spec)})")  # fmt: skip
    instead = f"-o {shlex.quote(f'{key}={value}')}"
    words = [w for w, opts in spec.option_aliases.items() if dict(opts) == {key: value}]
    if words:
        instead += f" (or -o {words[0]})"
    fail(f"{flag} is no longer a flag: game options are given with -o; type {instead}")


def _seat_count(
    spec: GameSpec, players: int | None, *, solo: bool, seat_types: list[str] | None
) -> int | None:
    """The seats that --players, --solo and --seat-types ask for, which must agree."""
    if solo:
        if 1 not in spec.seat_counts:
            counts = ", ".join(map(str, sorted(spec.seat_counts)))
            fail(f"{spec.id} has no solo mode (players: {counts})")
        if players not in (None, 1):
            fail(f"--solo means one player, not --players {players}")
        players = 1
    if seat_types is not None:
        if players is None:
            players = len(seat_types)
        elif players != len(seat_types):
            fail(f"--seat-types names {len(seat_types)} seats but --players is {players}")
    return players


def _opponents(bot: str | None, level: str | None) -> str | None:
    """The bot that --bot or --level names (None: the game's default)."""
    if level is None:
        return bot
    if bot is not None:
        fail("give either --level or --bot, not both")
    if level not in LEVELS:
        fail(f"--level {level}: the levels are {', '.join(LEVELS)}")
    return level


def _seating(
    spec: GameSpec,
    players: int,
    *,
    hotseat: bool,
    seat_types: list[str] | None,
    bot: str | None,
    seat: int | None,
) -> list[str]:
    """Who sits in each seat: a human, or a bot by name."""
    from asobi.play.loop import HUMAN, default_bot

    if seat is not None and seat_types is not None:
        fail(f"--seat {seat} places you among bots; --seat-types lists every seat itself")
    if seat is not None and hotseat:
        fail(f"--seat {seat} places you among bots; with --hotseat every seat is human")

    chosen_bot = bot or default_bot(spec.id)
    if bot is not None:
        check_bot("--bot", bot, spec.id)
    if seat_types is not None:
        seats = []
        for kind in seat_types:
            if kind in ("human", "h"):
                seats.append(HUMAN)
            elif kind == "bot":
                seats.append(chosen_bot)
            else:
                check_bot("--seat-types", kind, spec.id, "not 'human', 'bot' or a bot; ")
                seats.append(kind)
        return seats
    if hotseat:
        if bot is not None:
            fail("--bot has no seat to fill in a --hotseat game (every seat is human)")
        return [HUMAN] * players
    if seat is not None and not 0 <= seat < players:
        fail(f"--seat {seat}: seats are 0..{players - 1}")
    if players == 1:
        if bot is not None:
            fail("--bot has no seat to fill in a solo game; use --seat-types bot to watch a bot")
        return [HUMAN]
    seat = 0 if seat is None else seat
    return [HUMAN if s == seat else chosen_bot for s in range(players)]
