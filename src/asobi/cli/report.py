"""``asobi report RESULTS``: the balance report of a simulation."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from asobi.cli.common import console, fail


def report(
    results: Annotated[
        Path,
        typer.Argument(
            help="A simulation folder: the --out of `asobi simulate`.", metavar="RESULTS"
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
    and the facts the game counts in a finished game (what it holds at the end, what
    decided it), every variant side by side, every share with its 95% interval. The plots
    need matplotlib: pip install 'asobi[report]'.

    * `asobi report simulations/GAME-100-seed0` : the folder `asobi simulate GAME` wrote
    """
    from asobi.arena import report as balance

    try:
        written = balance.write(results, out)
    except ValueError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"{exc.filename}: {exc.strerror or exc}")
    screen = console()
    screen.print("Written: " + ", ".join(str(p) for p in written))
    held, planned = balance.played(results)
    if held < planned:
        # (a run stopped, or its last line cut short: read up to the last whole game)
        screen.print(
            f"[yellow]{results}/games.jsonl holds {held:,} whole games of the {planned:,} "
            "planned: the same asobi simulate command plays the rest.[/]"
        )
