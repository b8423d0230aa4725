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
from asobi.core.words import Lang, Words
from asobi.play.io import Ask
from asobi.play.loop import result_line
from asobi.play.render import renderer_for

# The replay's own words (the game's are its phrasebook's), filled with str.format.
SAID = {
    "prompt": Words(
        "[dim]Enter: next move · a: all the rest · q: stop[/] ",
        "[dim]Enter:次の手 · a:残りすべて · q:やめる[/] ",
    ),
    "title": Words("[bold]Replay[/]: {en} {ja}", "[bold]リプレイ[/]:{ja}"),
    "about": Words(
        "Seed {seed}, {total} moves, seen by {who}.", "シード{seed}、{total}手、{who}の視点。"
    ),
    "spectator": Words("a spectator", "観戦者"),
    "start": Words("Start", "開始"),
    "move": Words(
        "Move {number}/{total} · {who} · {what}", "{number}/{total}手目 · {who} · {what}"
    ),
    "stopped": Words("Replay stopped.", "リプレイをやめました。"),
    "end": Words("End", "終了"),
    "cut short": Words(
        "The record stops before the game's end.", "記録はゲームの終わる前で途切れています。"
    ),
}


def replay_record(
    record: GameRecord,
    console: Console,
    viewer: int | None = None,
    ask: Ask | None = None,
    lang: Lang = "en",
) -> Outcome | None:
    """Show every step of ``record`` as ``viewer`` (None: a spectator) sees it.

    With ``ask`` the replay waits for Enter between moves (``a`` shows all the rest, ``q``
    or the end of input stops); without it everything is printed at once.
    Returns the replayed outcome (None if the record stops before the game ends or the
    replay was stopped). Before it shows anything, raises :class:`RecordMismatch` if a
    move cannot be replayed or the outcome differs from the record's (or the error of an
    unknown game, its options or its scenario).
    """
    final = replay(record)  # the whole record checked before anything is shown
    spec = get_spec(record.game)
    renderer = renderer_for(spec.id, record.options, lang)
    players = final.players
    if viewer is not None and not 0 <= viewer < players:
        raise RecordMismatch(f"--seat {viewer}: this game has seats 0..{players - 1}")

    def said(key: str, **filled: object) -> str:
        return SAID[key].get(lang).format(**filled)

    ja = lang == "ja"
    if players == 1:
        names = ["あなた" if ja else "you"]
    else:
        names = [f"席{s}" if ja else f"seat {s}" for s in range(players)]
    total = len(record.moves)
    who = said("spectator") if viewer is None else names[viewer]
    console.rule(said("title", en=spec.name_en, ja=spec.name_ja))
    console.print(said("about", seed=record.seed, total=total, who=who), highlight=False)
    bullet = "  ・" if ja else "  • "

    interactive = ask is not None
    for step in replay_steps(record):
        if step.seat is None:
            console.rule(said("start"))
        else:
            assert step.code is not None
            what = renderer.move_code(step.code, step.seat, step.events, viewer)
            console.rule(
                said("move", number=step.number, total=total, who=names[step.seat], what=what)
            )
            for event in step.events:
                if event.visible_to(viewer):
                    line = renderer.event_text(event, names, viewer)
                    if line is not None:
                        console.print(Text(bullet).append_text(line), overflow="fold")
        renderer.render(step.state.view(viewer), console)
        if interactive and ask is not None and step.number < total:
            try:
                answer = ask(said("prompt")).strip().lower()
            except EOFError:  # Ctrl-D stops, as in play (it printed the hundreds of moves left)
                console.print()  # (the prompt's line, which Enter would have ended)
                answer = "q"
            if answer in ("q", "quit", "exit"):
                console.print(said("stopped"))
                return None
            if answer in ("a", "all"):
                interactive = False

    outcome = final.outcome()
    console.rule(said("end"))
    if outcome is None:
        console.print(said("cut short"))
    else:
        console.print(result_line(outcome.scores, outcome.ranks, names, lang), highlight=False)
    return outcome
