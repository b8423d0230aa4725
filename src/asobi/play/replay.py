"""Stepping through a saved :class:`~asobi.core.records.GameRecord` at the terminal.

The whole record is checked first (every move replays, and to the outcome the record
claims), so a tampered record shows nothing but its error. Then every move is shown with
the events the chosen seat (or a spectator) may see, followed by that seat's view of the
table (another seat's secret move, such as a hidden bid, shows without its code).
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from asobi.core.errors import RecordMismatch
from asobi.core.protocol import Outcome
from asobi.core.records import GameRecord, replay, replay_steps
from asobi.core.registry import get_spec
from asobi.play.io import Ask
from asobi.play.loop import result_line
from asobi.play.render import renderer_for

STEP_PROMPT = "[dim]Enter: next move · a: all the rest · q: stop[/] "


def replay_record(
    record: GameRecord,
    console: Console,
    viewer: int | None = None,
    ask: Ask | None = None,
) -> Outcome | None:
    """Show every step of ``record`` as ``viewer`` (None: a spectator) sees it.

    With ``ask`` the replay waits for Enter between moves (``a`` shows all the rest, ``q``
    stops, end of input shows all the rest); without it everything is printed at once.
    Returns the replayed outcome (None if the record stops before the game ends or the
    replay was stopped). Before it shows anything, raises :class:`RecordMismatch` if a
    move cannot be replayed or the outcome differs from the record's (or the error of an
    unknown game, its options or its scenario).
    """
    final = replay(record)  # the whole record checked before anything is shown
    spec = get_spec(record.game)
    renderer = renderer_for(spec.id, record.options)
    players = final.players
    if viewer is not None and not 0 <= viewer < players:
        raise RecordMismatch(f"--seat {viewer}: this game has seats 0..{players - 1}")
    names = ["you"] if players == 1 else [f"seat {s}" for s in range(players)]
    total = len(record.moves)
    who = "a spectator" if viewer is None else names[viewer]
    console.rule(f"[bold]Replay[/]: {spec.name_en} {spec.name_ja}")
    console.print(f"Seed {record.seed}, {total} moves, seen by {who}.", highlight=False)

    interactive = ask is not None
    for step in replay_steps(record):
        if step.seat is None:
            console.rule("Start")
        else:
            assert step.code is not None
            what = renderer.move_code(step.code, step.seat, step.events, viewer)
            console.rule(f"Move {step.number}/{total} · {names[step.seat]} · {what}")
            for event in step.events:
                if event.visible_to(viewer):
                    line = renderer.event_text(event, names, viewer)
                    if line is not None:
                        console.print(Text("  • ").append_text(line))
        renderer.render(step.state.view(viewer), console)
        if interactive and ask is not None and step.number < total:
            try:
                answer = ask(STEP_PROMPT).strip().lower()
            except EOFError:
                answer = "a"
            if answer in ("q", "quit", "exit"):
                console.print("Replay stopped.")
                return None
            if answer in ("a", "all"):
                interactive = False

    outcome = final.outcome()
    console.rule("End")
    if outcome is None:
        console.print("The record stops before the game's end.")
    else:
        console.print(result_line(outcome.scores, outcome.ranks, names), highlight=False)
    return outcome
