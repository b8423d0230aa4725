"""Finding a game's terminal rendering, with generic fallbacks.

A game may ship a render module, named on its spec (``GameSpec.render``), with the
functions below; any of them may also take a keyword ``lang`` ("en" or "ja", the
terminal's ``--lang``) to print its words in that language (one that does not prints
whatever it prints in both). A ``render`` that takes ``lang`` leaves the outcome to the
front end in Japanese: it prints the game's phrasebook's (``Phrasebook.outcome``, the
words the page shows) under the table:

- ``render(view, console)`` (required): print a view;
- ``sections(view) -> [(name, renderable), ...]`` (optional): the same table cut into its
  parts (the status, the row, the towns, the hand...), in order, each named in a few words.
  Between two of a player's decisions the front end prints only the parts that changed;
  without it, the whole table whenever anything in it changed;
- ``event_text(event, names, viewer) -> str | Text | None`` (optional): describe an event,
  for a game without a phrasebook (``GameSpec.words``: the words both front ends use, which
  take precedence);
- ``action_text(code) -> str | Text`` (optional): an action code, styled;
- ``public_code(code, hidden) -> str`` (optional, needed by a game with secret moves): how
  a move shows to a seat other than its mover, given the kinds of the move's events that
  seat may not see (a secret bid shows as "a secret bid", never as "bid 4"). Without it a
  move's code is public, as in a game whose every choice is seen;
- ``shortlist(codes, view) -> (indices, note) | None`` (optional): which of the legal moves
  (their codes, in order) to list by number, and a line on how to type any other, for a
  game whose legal list is too long to read (a spot anywhere on a mat). The others stay
  legal when typed; None lists them all;
- ``group(code, view) -> (head, label) | None`` (optional): moves that share a ``head`` are
  listed once, on one numbered line with each move's ``label`` after it (a meld and its
  points, then the rows it may go to), and chosen in two steps; None lists the move alone.

Without the module the front end pretty-prints the view's JSON and the events' data, so a
new game is playable in the terminal the moment it is registered.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.json import JSON
from rich.measure import Measurement
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from asobi.core.cardtext import CardText, card_text_for
from asobi.core.errors import UnknownGame
from asobi.core.events import Event
from asobi.core.protocol import GameOptions
from asobi.core.registry import get_spec
from asobi.core.words import Phrasebook, ScoreTable, Words, fill, seat_names

RenderFn = Callable[[Mapping[str, Any], Console], None]
EventTextFn = Callable[[Mapping[str, Any], Sequence[str], int | None], "str | Text | None"]
ActionTextFn = Callable[[str], "str | Text"]
PublicCodeFn = Callable[[str, Sequence[str]], str]
ShortlistFn = Callable[
    [Sequence[str], Mapping[str, Any]], "tuple[Sequence[int], str | Text] | None"
]
Section = tuple[str, RenderableType]
SectionsFn = Callable[[Mapping[str, Any]], Sequence[Section]]
GroupFn = Callable[[str, Mapping[str, Any]], "tuple[str | Text, str] | None"]


def render_json(view: Mapping[str, Any], console: Console) -> None:
    """The fallback: the view as indented JSON."""
    console.print(JSON.from_data(view, ensure_ascii=False))


def generic_event_text(
    event: Mapping[str, Any], names: Sequence[str], viewer: int | None
) -> str | Text | None:
    seat = event.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "table"
    data = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("kind", "seat"))
    return Text.assemble((f"{who}: ", "bold"), str(event["kind"]), f" ({data})" if data else "")


@dataclass(frozen=True)
class Renderer:
    """How the terminal shows one game."""

    render: RenderFn
    event_text_fn: EventTextFn
    action_text_fn: ActionTextFn | None = None
    generic: bool = False
    public_code_fn: PublicCodeFn | None = None
    # The game's phrasebook (the words the browser uses too) and how its cards are coloured.
    words: Phrasebook | None = None
    cards: CardText | None = None
    lang: str = "en"
    shortlist_fn: ShortlistFn | None = None
    sections_fn: SectionsFn | None = None
    group_fn: GroupFn | None = None

    def say(self, words: Words, names: Sequence[str], viewer: int | None) -> Text:
        """``words`` in the terminal's language: seats by name ("you" for ``viewer``), the
        cards coloured."""
        text = fill(words.get(self.lang), seat_names(names, viewer, self.lang))
        if self.lang != "ja" and text[:1].islower() and words.get(self.lang).startswith("{s:"):
            text = text[0].upper() + text[1:]
        return self.cards.colour(text) if self.cards is not None else Text(text)

    def event_text(self, event: Event, names: Sequence[str], viewer: int | None) -> Text | None:
        if self.words is not None:
            words = self.words.event(event.to_json())
            if words is None:
                return None
            said = self.say(words, names, viewer)
            if event.kind in self.words.milestones:
                said.stylize("bold")  # set apart from the turns between, as on the page
            return said
        text = self.event_text_fn(event.to_json(), names, viewer)
        return Text(text) if isinstance(text, str) else text

    def move_code(self, code: str, seat: int, events: Sequence[Event], viewer: int | None) -> str:
        """``seat``'s move as ``viewer`` may see it: its code, unless the game says the move
        was secret from ``viewer`` (then a description that names no secret)."""
        if viewer == seat or self.public_code_fn is None:
            return code
        hidden = [e.kind for e in events if not e.visible_to(viewer)]
        return self.public_code_fn(code, hidden)

    def shortlist(
        self, codes: Sequence[str], view: Mapping[str, Any]
    ) -> tuple[list[int], Text | None]:
        """The legal moves to list by number (their indices in ``codes``) and a note on
        typing the others: all of them and no note, unless the game shortens its list."""
        listed = None if self.shortlist_fn is None else self.shortlist_fn(codes, view)
        if listed is None:
            return list(range(len(codes))), None
        indices, note = listed
        if not indices or any(not 0 <= i < len(codes) for i in indices):
            raise ValueError(f"a shortlist names moves that are not listed: {list(indices)}")
        return list(indices), Text(note) if isinstance(note, str) else note

    def sections(self, view: Mapping[str, Any], width: int) -> list[Section]:
        """The table's named parts, in order: the game's, else the whole table as one part
        (printed ``width`` columns wide, its colours kept)."""
        if self.sections_fn is not None:
            return list(self.sections_fn(view))
        screen = Console(file=io.StringIO(), width=width, record=True)
        self.render(view, screen)
        return [("the table", Text.from_ansi(screen.export_text(styles=True).rstrip("\n")))]

    def group(self, code: str, view: Mapping[str, Any]) -> tuple[Text, str] | None:
        """The head a move is listed under and its label there; None: listed alone."""
        grouped = None if self.group_fn is None else self.group_fn(code, view)
        if grouped is None:
            return None
        head, label = grouped
        return (Text(head) if isinstance(head, str) else head), label

    def action_text(self, code: str) -> Text:
        if self.action_text_fn is None:
            return Text(code)
        text = self.action_text_fn(code)
        return Text(text) if isinstance(text, str) else text


def _speaking(fn: Any, lang: str) -> Any:
    """``fn`` with ``lang`` given, if it takes one; else ``fn`` as it is."""
    if fn is None or not _takes_lang(fn):
        return fn
    return functools.partial(fn, lang=lang)


def _takes_lang(fn: Any) -> bool:
    return "lang" in inspect.signature(fn).parameters


RESULT = Words("Result", "結果")


def outcome_panel(
    table: ScoreTable, players: int, viewer: int | None, lang: str, cards: CardText | None = None
) -> Panel:
    """The end of a game as the phrasebook has it, in ``lang``: its headline over the
    breakdown, its seats named as the tables name them (席1, あなた)."""
    if lang == "ja":
        names = [f"席{s}" for s in range(players)]
    else:
        names = [f"seat {s}" for s in range(players)]

    def say(words: Words) -> Text:
        text = fill(words.get(lang), seat_names(names, viewer, lang))
        return cards.colour(text) if cards is not None else Text(text)

    columns = [[say(column)] for column in table.columns]
    grid = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for column in columns:
        grid.add_column(column[0], overflow="fold")
    for row in table.rows:
        cells = [say(cell) for cell in row]
        for column, cell in zip(columns, cells, strict=False):
            column.append(cell)
        grid.add_row(*cells)
    # The same rows as lines, for a screen too narrow for the grid's columns
    lines: list[RenderableType] = []
    for row in table.rows:
        head, *cells = (say(cell) for cell in row)
        head.stylize("bold")
        lines.append(head)
        for column_name, cell in zip(table.columns[1:], cells, strict=False):
            line = say(column_name).append(": " if lang != "ja" else ":").append_text(cell)
            lines.append(Padding(line, (0, 0, 0, 2)))
    headline = say(table.headline)
    headline.stylize("bold")
    body = Group(headline, _GridOrLines(grid, columns, Group(*lines)))
    return Panel(body, title=RESULT.get(lang), expand=False, box=box.DOUBLE)


class _GridOrLines:
    """A table's grid where its columns fit the width; else its rows as lines, each cell
    after its column's name. A column of Japanese holds no space to wrap at: squeezed below
    its words' width, rich broke a heading and each name in it a few characters a line. A
    column of long words folds well enough down to ``FOLDS`` cells."""

    FOLDS = 20

    def __init__(self, grid: Table, columns: Sequence[Sequence[Text]], lines: Group) -> None:
        self.grid = grid
        self.columns = columns  # each column's heading and cells
        self.lines = lines

    def _fits(self, console: Console, options: ConsoleOptions) -> bool:
        # Each cell measured without the width's limit (Measurement.get clamps to it): its
        # longest word
        unlimited = options.update_width(10_000)
        least = [
            min(
                max(Measurement.get(console, unlimited, cell).minimum for cell in column),
                self.FOLDS,
            )
            for column in self.columns
        ]
        return sum(least) + 2 * (len(least) - 1) <= options.max_width

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.grid if self._fits(console, options) else self.lines

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        shown = self.grid if self._fits(console, options) else self.lines
        return Measurement.get(console, options, shown)


def _outcome_in_words(
    render: RenderFn, words: Phrasebook, cards: CardText | None, lang: str
) -> RenderFn:
    """``render`` (which leaves the outcome out in ``lang``), then the phrasebook's outcome."""

    def both(view: Mapping[str, Any], console: Console) -> None:
        render(view, console)
        outcome = view.get("outcome")
        if outcome is not None:
            table = words.outcome(outcome)
            players = len(outcome.get("scores") or ())
            console.print(outcome_panel(table, players, view.get("seat"), lang, cards))

    return both


def renderer_for(
    game_id: str, options: GameOptions | Mapping[str, Any] | None = None, lang: str = "en"
) -> Renderer:
    """The game's declared ``render`` module if it has one, else the generic JSON rendering; its
    words for ``options`` (the defaults if None) in ``lang`` where the game has them."""
    try:
        spec = get_spec(game_id)
    except UnknownGame:
        spec = None
    words = cards = None
    if spec is not None and spec.words is not None:
        words = spec.phrasebook(spec.options(options))
        cards = card_text_for(spec.deck) if spec.deck is not None else None
    if spec is None or spec.render is None:
        return Renderer(render_json, generic_event_text, None, True, None, words, cards, lang)
    module = importlib.import_module(spec.render)  # declared, so it must be there
    render = _speaking(module.render, lang)
    if lang == "ja" and words is not None and _takes_lang(module.render):
        render = _outcome_in_words(render, words, cards, lang)
    return Renderer(
        render=render,
        event_text_fn=_speaking(getattr(module, "event_text", generic_event_text), lang),
        action_text_fn=_speaking(getattr(module, "action_text", None), lang),
        public_code_fn=_speaking(getattr(module, "public_code", None), lang),
        words=words,
        cards=cards,
        lang=lang,
        shortlist_fn=_speaking(getattr(module, "shortlist", None), lang),
        sections_fn=_speaking(getattr(module, "sections", None), lang),
        group_fn=_speaking(getattr(module, "group", None), lang),
    )
