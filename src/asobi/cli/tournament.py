"""``asobi tournament GAME``: a seat-rotated round-robin between bots, rated."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from asobi.cli.common import (
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
    writable_file,
)
from asobi.cli.options import GameOptionArgs, parse_options
from asobi.core.errors import InvalidOptions


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
    """
    from rich.markdown import Markdown
    from rich.progress import Progress

    from asobi.arena.tournament import Tournament, markdown, run_tournament

    spec = game_spec(game)
    options = parse_options(option or [], spec)
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if len(set(names)) != len(names) or len(names) < 2:
        fail("--bots: name at least two different bots")
    for name in names:
        check_bot("--bots", name, spec.id)
    if players is not None:
        options["players"] = players
    try:
        opts = spec.options(options)
    except InvalidOptions as exc:
        fail(str(exc))
    for flag, value in (("--rounds", rounds), ("--workers", workers)):
        if value < 1:
            fail(f"{flag} {value}: at least 1")
    if out is not None:
        writable_file(out, "--out", "tournament.json")
    plan = Tournament(spec.id, tuple(names), opts.players, rounds, opts.model_dump(), seed)
    screen = console()
    with Progress(console=screen, transient=True) as progress:
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
            fail(str(exc))
    summary = plan.summary()
    screen.print(Markdown(markdown(summary)))
    if out is not None:
        data = {"summary": summary, "games": [r.to_json() for r in plan.results]}
        try:
            out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        except OSError as exc:
            fail(f"--out {out}: {exc.strerror or exc}")
        screen.print(f"Written to [bold]{out}[/].")
