"""``asobi simulate GAME``: many seeded games between bots, every one kept."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Annotated

import typer

from asobi.cli.common import (
    EXIT_INTERRUPTED,
    AddressArg,
    BackendArg,
    GameArg,
    PlayersArg,
    SeedArg,
    WorkersArg,
    check_bot,
    console,
    fail,
    game_spec,
)
from asobi.cli.options import GameOptionArgs, parse_options, parse_sweep
from asobi.core.errors import InvalidOptions


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
            "combination), e.g. --sweep hand_size=2,3,4.",
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
    """
    from rich.markdown import Markdown
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from asobi.arena.simulate import Simulation as Plan
    from asobi.arena.simulate import (
        SimulationMismatch,
        prepare,
        read_games,
        run_simulation,
        write_tables,
    )

    spec = game_spec(game)
    options = parse_options(option or [], spec)
    if players is not None:
        options["players"] = players
    swept = parse_sweep(sweep or [])
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if not names:
        fail("--bots: name at least one bot")
    for name in names:
        check_bot("--bots", name, spec.id)
    for flag, value in (("--games", games), ("--workers", workers)):
        if value < 1:
            fail(f"{flag} {value}: at least 1")
    plan = Plan(spec.id, tuple(names), games, options, swept, seed, rotate=not fixed_seats)
    try:
        jobs = plan.jobs(lambda opts: spec.options(opts).players)
    except InvalidOptions as exc:
        fail(str(exc))
    except ValueError as exc:  # a lineup that does not fit the seats
        fail(f"--bots: {exc}")
    folder = out or Path("simulations") / f"{spec.id}-{games}-seed{seed}"
    _a_folder(folder)
    try:
        done = prepare(folder, plan, f"{plan.command()} --out {shlex.quote(str(folder))}")
    except SimulationMismatch as exc:
        fail(str(exc))
    except OSError as exc:  # a file on the way, a folder that cannot be written
        where = f" ({exc.filename})" if exc.filename and str(exc.filename) != str(folder) else ""
        fail(f"--out {folder}: {exc.strerror or exc}{where}")
    screen = console()
    if done:
        screen.print(f"Resuming {folder}: {done} of {len(jobs)} games already played.")
    columns = (*Progress.get_default_columns()[:1], BarColumn(), MofNCompleteColumn())
    with Progress(*columns, TimeRemainingColumn(), console=screen) as progress:
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
            fail(str(exc))
        except KeyboardInterrupt:
            # The bar goes first: left drawn, it was redrawn under the words, as if running.
            played = int(progress.tasks[0].completed)
            progress.update(task, visible=False)
            progress.stop()
            screen.print(
                f"Stopped after {played} of {len(jobs)} games; the same command resumes {folder}."
            )
            raise typer.Exit(EXIT_INTERRUPTED) from None
    # The games are read from games.jsonl as they are needed, never held: the memory of a
    # simulation does not grow with its games.
    try:
        written = write_tables(folder, plan, parquet=parquet)
    except ValueError as exc:
        fail(str(exc))
    from asobi.arena.report import summary

    for section in summary(read_games(folder)):
        screen.print(Markdown(f"## {section.title}\n\n" + section.tables[0].markdown()))
    screen.print(
        f"{len(jobs)} games in [bold]{folder}[/]: "
        + ", ".join(p.name for p in [folder / "games.jsonl", *written, folder / "timings.csv"])
        + f". Next: asobi report {folder}"
    )


def _a_folder(folder: Path) -> None:
    """Refuse an --out that is a file, or in one, by name: making it said only "[Errno 17]
    File exists" (or "Not a directory")."""
    for place in (folder, *folder.parents):
        if place.is_dir():
            return
        if place.exists():
            fail(
                f"--out {folder}: {'that' if place == folder else place} is a file, not a "
                "folder; name a folder for the games and their results (a new one, or a "
                "stopped run's to resume it)"
            )
