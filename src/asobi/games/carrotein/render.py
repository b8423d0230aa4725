"""Terminal rendering of a Carrotein view (rich), for ``asobi play`` and ``asobi replay``.

It reads only the JSON-ready view (see ``views.py``) and events, never a state; Carrotein
hides nothing, so every seat sees the same table. In English the game's own terms follow in
Japanese; in Japanese (``lang="ja"``) everything is said in the rulebook's terms
(``words.py`` lists them). The front end (``asobi.play``) finds this module by the game's id
and calls:

- ``render(view, console, lang)``: the table — the phase, every seat, the boards on the
  mat, the night-sky mat (夜空のマット) around the stars as a grid of characters with
  millimetre ticks, and the last challenge drawn on the part of the mat it used (in
  Japanese the front end prints the phrasebook's outcome under it);
- ``sections(view, lang)``: the same table in its parts, for printing what changed;
- ``event_text(event, names, viewer)``: one line for an event;
- ``action_text(code)``: an action code with a word on what it does (a spot: how far it
  lies from the nearest chip);
- ``shortlist(codes, view, lang)``: in scatter time, ``pass`` and a few spots near the
  stars to list by number, and how to type any other spot.

The mat is drawn around the chips (50 mm beyond the outermost), at the finest of three
scales that fits 61 columns and 24 rows: 2.5 mm a column and 5 mm a row, 5 and 10, or 10
and 20 (the whole 600 × 450 mm mat). Each cell is centred on its tick (at 5 mm a column,
the column under ``100`` holds x = 97.5–102.5), y up, so a position read off the grid can
be typed as ``place X Y``. A chip is its colour's letter (R B G P O K), ``*`` the first
star, ``o`` a colourless chip. In scatter time the cells where a chip would touch another
(centres 20 mm apart or less) or reach past the mat are shaded: a blank cell is a spot a
chip may take. At the coarsest scale two chips may fall in one cell: the second is then
drawn in the free neighbouring cell nearest its true place (a digit, when none is free,
counts the chips there); the list of chips under the grid gives exact positions. The board
shapes come from the sky data (``sky.toml``), the same data the judge uses.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely
from numpy.typing import NDArray
from rich import box
from rich.cells import cell_len
from rich.console import Console, Group, JustifyMethod, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from asobi.core.words import Words, plural
from asobi.games.carrotein.actions import GRID
from asobi.games.carrotein.sky import Board, Pose, default_sky, placed
from asobi.games.carrotein.solver import hindsight
from asobi.games.carrotein.state import COLOURS
from asobi.games.carrotein.words import CONSTELLATION, SCATTER

TITLE = Words("Carrotein 星をなくしたキャロテイン", "星をなくしたキャロテイン")
# The scales the mat is drawn at, finest first: mm a column, mm a row (a character is about
# twice as tall as wide), and mm between axis labels (10 columns, 5 rows; a tick every half).
SCALES = ((2.5, 5.0, 25.0), (5.0, 10.0, 50.0), (10.0, 20.0, 100.0))
MOST_COLUMNS = 61  # a drawing fits an 80-column terminal ...
MOST_ROWS = 24  # ... and a screen (the whole 600 × 450 mm mat: 61 × 23 at the coarsest)
MARGIN = 50.0  # mm of mat drawn around the outermost chips
SUGGESTED = 6  # spots listed by number in scatter time (any other is typed)

# kind → (letter, style, English, Japanese)
CHIPS: dict[str, tuple[str, str, str, str]] = {
    "red": ("R", "bold red", "red", "赤"),
    "blue": ("B", "bold dodger_blue1", "blue", "青"),
    "green": ("G", "bold green3", "green", "緑"),
    "purple": ("P", "bold medium_purple1", "purple", "紫"),
    "orange": ("O", "bold dark_orange", "orange", "橙"),
    "pink": ("K", "bold hot_pink", "pink", "桃"),
    "first": ("*", "bold yellow", "first star", "いちばん星チップ"),
    "colourless": ("o", "grey70", "colourless", "無色の星チップ"),
}
SEAT_COLOURS = [c for c, _ in COLOURS]
PHASES = {
    "scatter": ("Scatter time", "散らかしタイム"),
    "choose": ("Constellation time", "星座作成タイム"),
    "lay": ("Constellation time", "星座作成タイム"),
    "over": ("Game over", "終了"),
}
PHASES_JA = {"scatter": SCATTER.ja, "choose": CONSTELLATION.ja, "lay": CONSTELLATION.ja}
FIGURE_MARKS = (("░", "grey50"), ("▒", "grey58"))  # under the first / second board's rabbit
DOT = ("·", "grey42")  # where two axis labels cross, to help read positions
TAKEN = ("░", "grey35")  # in scatter time: a chip centred here would touch another
SHOWN_STYLE = "reverse"  # a chip left showing in a challenge
HIDDEN_STYLE = "dim"  # a chip hidden in a challenge

# The boards chosen in the last view rendered: ``action_text`` names them in a ``lay`` code;
# and the chips then on the mat: it says how far a ``place`` code's spot is from them.
_CHOSEN: list[str] = []
_CHIPS: list[tuple[float, float]] = []


# --- small pieces --------------------------------------------------------------------------
def _say(en: str, ja: str, lang: str) -> str:
    """``en`` or ``ja``, as ``lang`` asks."""
    return ja if lang == "ja" else en


def _mm(value: Any) -> str:
    return f"{float(value):g}"


def chip_letter(kind: Any) -> Text:
    """A chip as its letter in its colour: ``R`` red, ``*`` the first star, ``o`` colourless."""
    letter, style, _, _ = CHIPS.get(str(kind), ("?", "bold", "", ""))
    return Text(letter, style=style)


def chip_name(kind: Any, lang: str = "en") -> Text:
    """ "R red 赤", coloured; 「R 赤」 in Japanese."""
    letter, style, en, ja = CHIPS.get(str(kind), ("?", "bold", str(kind), ""))
    name = (ja or en) if lang == "ja" else f"{en} {ja}".strip()
    return Text.assemble((letter, style), " ", (name, style.replace("bold ", "")))


def board_name(board_id: Any, lang: str = "en") -> str:
    """A board in English, then Japanese: "Sitting rabbit すわるうさぎ"; in Japanese its
    Japanese name alone."""
    board = _board(board_id)
    if board is None:
        return str(board_id)
    return board.ja if lang == "ja" else f"{board.en} {board.ja}"


def _boards(board_ids: Iterable[Any], lang: str) -> str:
    """Two boards: "Sitting rabbit すわるうさぎ + Sleeping rabbit ねむるうさぎ" /
    「すわるうさぎ+ねむるうさぎ」."""
    return _say(" + ", "+", lang).join(board_name(b, lang) for b in board_ids)


def _board(board_id: Any) -> Board | None:
    try:
        return default_sky().board(str(board_id))
    except KeyError:
        return None


def seat_label(seat: int, view: Mapping[str, Any], lang: str = "en") -> Text:
    """ "seat 1 blue 青 (you)", in the seat's colour; 「席1 青(あなた)」 in Japanese."""
    seats = view.get("seats") or []
    colour = seats[seat]["colour"] if 0 <= seat < len(seats) else _seat_colour(seat)
    _, style, en, ja = CHIPS.get(str(colour), ("?", "bold", str(colour), ""))
    if lang == "ja":  # as the phrasebook says it, 「席0(赤)」, and without a space to wrap at
        you = "・あなた" if view.get("you") == seat else ""
        return Text.assemble((f"席{seat}", "bold"), "(", (ja, style), (you, "bold"), ")")
    out = Text.assemble((f"seat {seat} ", "bold"), (f"{en} {ja}", style))
    if view.get("you") == seat:
        out.append(" (you)", style="bold")
    return out


def _seat_colour(seat: Any) -> str:
    return SEAT_COLOURS[seat] if isinstance(seat, int) and 0 <= seat < len(SEAT_COLOURS) else "?"


def _phase_name(phase: str, lang: str = "en") -> Text:
    en, ja = PHASES.get(phase, (phase, ""))
    if lang == "ja":
        return Text(PHASES_JA.get(phase, ja or phase), style="bold cyan")
    return Text.assemble((en, "bold"), " ", (ja, "bold cyan"))


def _pose(pose: Mapping[str, Any]) -> Pose:
    return Pose(
        float(pose["x"]), float(pose["y"]), float(pose["angle"]), bool(pose.get("mirrored"))
    )


def _pose_words(
    board_id: Any, pose: Mapping[str, Any], mat: Mapping[str, Any], lang: str = "en"
) -> str:
    """ "centre at (300, 245), turned 30°, turned over", and where the plate lies."""
    at = _pose(pose)
    words = _say(
        f"centre at ({at.x:g}, {at.y:g}), turned {at.angle:g}°",
        f"中心({at.x:g}, {at.y:g})、{at.angle:g}°回転",
        lang,
    )
    if at.mirrored:
        words += _say(", turned over", "、裏返し", lang)
    board = _board(board_id)
    if board is not None:
        plate, _ = placed(board, at)
        on_mat = shapely.box(0, 0, float(mat["width"]), float(mat["height"]))
        if not plate.intersects(on_mat):
            words += _say(" (off the mat, hiding nothing)", "(夜空のマットの外:何も隠さない)", lang)
        elif not on_mat.covers(plate):
            words += _say(" (reaching past the mat's edge)", "(マットの端からはみ出す)", lang)
    return words


# --- the mat as a grid ---------------------------------------------------------------------
@dataclass(frozen=True)
class Grid:
    """A part of the mat in character cells, ``dx`` mm a column and ``dy`` mm a row: column
    c is centred on x = c·dx and row r on y = r·dy, from column ``c0`` to ``c1`` and from row
    ``r1`` (drawn at the top) down to ``r0``. Axis labels every ``label`` mm."""

    width: float
    height: float
    dx: float
    dy: float
    label: float
    c0: int
    c1: int
    r0: int
    r1: int

    @staticmethod
    def around(
        mat: Mapping[str, Any], points: Iterable[tuple[float, float]], margin: float = MARGIN
    ) -> Grid:
        """The part of the mat within ``margin`` mm of ``points`` (the whole mat without
        any), at the finest scale that fits ``MOST_COLUMNS`` × ``MOST_ROWS`` cells."""
        width, height = float(mat["width"]), float(mat["height"])
        spots = list(points)
        if spots:
            lo_x = max(min(x for x, _ in spots) - margin, 0.0)
            hi_x = min(max(x for x, _ in spots) + margin, width)
            lo_y = max(min(y for _, y in spots) - margin, 0.0)
            hi_y = min(max(y for _, y in spots) + margin, height)
        else:
            lo_x, hi_x, lo_y, hi_y = 0.0, width, 0.0, height
        grid = None
        for dx, dy, label in SCALES:
            c0, c1 = max(math.floor(lo_x / dx), 0), min(math.ceil(hi_x / dx), int(width // dx))
            r0, r1 = max(math.floor(lo_y / dy), 0), min(math.ceil(hi_y / dy), int(height // dy))
            grid = Grid(width, height, dx, dy, label, c0, c1, r0, r1)
            if c1 - c0 < MOST_COLUMNS and r1 - r0 < MOST_ROWS:
                break
        assert grid is not None
        return grid

    @property
    def columns(self) -> range:
        return range(self.c0, self.c1 + 1)

    @property
    def rows(self) -> range:
        """Top row first."""
        return range(self.r1, self.r0 - 1, -1)

    def cell(self, x: float, y: float) -> tuple[int, int]:
        """The cell (column, row) nearest (x, y), within this part of the mat."""
        col = min(max(math.floor(x / self.dx + 0.5), self.c0), self.c1)
        row = min(max(math.floor(y / self.dy + 0.5), self.r0), self.r1)
        return col, row

    def centre(self, col: int, row: int) -> tuple[float, float]:
        return col * self.dx, row * self.dy

    def edges(self) -> tuple[bool, bool, bool, bool]:
        """Which sides of the drawing are the mat's edges: left, right, bottom, top."""
        return (
            self.c0 * self.dx - self.dx / 2 <= 0,
            self.c1 * self.dx + self.dx / 2 >= self.width,
            self.r0 * self.dy - self.dy / 2 <= 0,
            self.r1 * self.dy + self.dy / 2 >= self.height,
        )

    def centres(self) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[Any], NDArray[Any]]:
        """Every cell's column and row, and its centre's x and y (arrays, one per cell)."""
        cols, rows = np.meshgrid(np.array(self.columns), np.array(self.rows))
        return cols, rows, cols * self.dx, rows * self.dy

    def place_chips(self, chips: Sequence[Mapping[str, Any]]) -> dict[tuple[int, int], list[int]]:
        """Which chips each cell shows: a chip's own cell, else (two in one cell) the free
        neighbouring cell nearest its true place, else its own cell again (shared)."""
        cells: dict[tuple[int, int], list[int]] = {}
        for i, chip in enumerate(chips):
            x, y = float(chip["x"]), float(chip["y"])
            home = self.cell(x, y)
            if home in cells:
                near = [
                    (home[0] + dc, home[1] + dr)
                    for dc in (-1, 0, 1)
                    for dr in (-1, 0, 1)
                    if (dc or dr)
                    and self.c0 <= home[0] + dc <= self.c1
                    and self.r0 <= home[1] + dr <= self.r1
                    and (home[0] + dc, home[1] + dr) not in cells
                ]
                if near:
                    home = min(near, key=lambda c: math.dist(self.centre(*c), (x, y)))
            cells.setdefault(home, []).append(i)
        return cells

    def covered(self, figure: Any) -> set[tuple[int, int]]:
        """The cells whose centre lies under ``figure`` (a placed rabbit)."""
        cols, rows, xs, ys = self.centres()
        inside = shapely.contains_xy(figure, xs, ys)
        return {(int(c), int(r)) for c, r in zip(cols[inside], rows[inside], strict=True)}

    def taken(self, chips: Sequence[Mapping[str, Any]], chip: float) -> set[tuple[int, int]]:
        """The cells where a chip of diameter ``chip`` centred on the cell's centre would
        touch another (centres ``chip`` mm apart or less) or reach past the mat."""
        cols, rows, xs, ys = self.centres()
        r = chip / 2
        bad = (xs < r) | (xs > self.width - r) | (ys < r) | (ys > self.height - r)
        for c in chips:
            bad |= np.hypot(xs - float(c["x"]), ys - float(c["y"])) <= chip
        return {(int(c), int(r)) for c, r in zip(cols[bad], rows[bad], strict=True)}


def _is_multiple(value: float, step: float) -> bool:
    return abs(value / step - round(value / step)) < 1e-6


def draw_mat(
    mat: Mapping[str, Any],
    chips: Sequence[Mapping[str, Any]],
    *,
    hidden: Sequence[bool] | None = None,
    figures: Sequence[Any] = (),
    grid: Grid | None = None,
    taken: bool = False,
) -> list[Text]:
    """The part of the mat ``grid`` shows (by default, around the chips) as lines of text,
    with the y axis on the left and the x axis below, in mm. With ``hidden`` (a challenge),
    chips left showing are in reverse and hidden ones dim; ``figures`` (placed rabbit
    figures) shade the cells under them; with ``taken``, the cells where a chip would touch
    another or reach past the mat are shaded, so that a blank cell is a spot a chip may take.
    A side drawn dotted is not the mat's edge."""
    if grid is None:
        grid = Grid.around(mat, [(float(c["x"]), float(c["y"])) for c in chips])
    left, right, bottom, top = grid.edges()
    shown_in = grid.place_chips(chips)
    shades: dict[tuple[int, int], tuple[str, str]] = {}
    for figure, shade in zip(figures, FIGURE_MARKS, strict=False):
        for cell in grid.covered(figure):
            shades.setdefault(cell, shade)
    if taken:
        for cell in grid.taken(chips, float(mat["chip_diameter"])):
            shades.setdefault(cell, TAKEN)
    labels = {
        row: f"{row * grid.dy:g}" for row in grid.rows if _is_multiple(row * grid.dy, grid.label)
    }
    pad = max([4, *(len(v) for v in labels.values())])
    across = len(grid.columns)
    lines = [
        Text.assemble(
            (f"{'y mm':>{pad}} ", "dim"),
            ("┌" if top and left else " ", "dim"),
            (("─" if top else "╌") * across, "dim"),
            ("┐" if top and right else " ", "dim"),
        )
    ]
    for row in grid.rows:
        line = Text(f"{labels.get(row, ''):>{pad}} ", style="dim")
        line.append(("┤" if row in labels else "│") if left else "┊", style="dim")
        for col in grid.columns:
            here = shown_in.get((col, row))
            if here and len(here) > 1:
                line.append(str(min(len(here), 9)), style="bold white")
            elif here:
                chip = chips[here[0]]
                letter = chip_letter(chip["kind"])
                if hidden is not None and here[0] < len(hidden):
                    letter.stylize(HIDDEN_STYLE if hidden[here[0]] else SHOWN_STYLE)
                line.append_text(letter)
            elif (col, row) in shades:
                mark, style = shades[(col, row)]
                line.append(mark, style=style)
            else:
                x, y = grid.centre(col, row)
                on_dot = _is_multiple(x, grid.label) and _is_multiple(y, grid.label)
                line.append(DOT[0] if on_dot else " ", style=DOT[1])
        line.append("│" if right else "┊", style="dim")
        lines.append(line)
    foot = Text(" " * (pad + 1), style="dim")
    foot.append("└" if bottom and left else " ")
    axis = [" "] * (across + 8)
    for i, col in enumerate(grid.columns):
        x = col * grid.dx
        foot.append("┬" if _is_multiple(x, grid.label / 2) else "─" if bottom else "╌")
        if _is_multiple(x, grid.label):
            label = f"{x:g}"
            start = max(i + 1 - (len(label) - 1) // 2, 0)
            if all(c == " " for c in axis[max(start - 1, 0) : start + len(label) + 1]):
                axis[start : start + len(label)] = label
    foot.append("┘" if bottom and right else " ")
    lines.append(foot)
    lines.append(Text(" " * (pad + 1) + "".join(axis).rstrip() + "  x mm", style="dim"))
    return lines


def _scale(grid: Grid, lang: str = "en") -> str:
    return _say(
        f"a cell {grid.dx:g} mm across, {grid.dy:g} mm up",
        f"1マス:横{grid.dx:g} mm、縦{grid.dy:g} mm",
        lang,
    )


def _legend(kinds: Iterable[str], grid: Grid, taken: bool, lang: str = "en") -> Text:
    seen = set(kinds)
    order = [k for k in CHIPS if k in seen or k in ("first",)]
    out = Text(_scale(grid, lang) + " · ", style="dim")
    for i, kind in enumerate(order):
        if i:
            out.append(" · ")
        out.append_text(chip_name(kind, lang))
    if taken:
        out.append(" · ")
        out.append(TAKEN[0], style=TAKEN[1])
        out.append(
            _say(
                " a chip centred here would touch another or reach past the mat",
                ":ここに中心を置くと、ほかの星チップに触れるかマットからはみ出す",
                lang,
            )
        )
    out.append(
        _say(" · a digit: that many chips in one cell", " · 数字:1マスにある星チップの数", lang)
    )
    return out


def chips_line(chips: Sequence[Mapping[str, Any]], title: str, lang: str = "en") -> Text:
    """Every chip with its exact centre: "R 120,85"."""
    out = Text.assemble((title, "bold"), _say(" (x,y mm): ", "(x,y mm):", lang))
    for i, chip in enumerate(chips):
        if i:
            out.append("  ")
        out.append_text(chip_letter(chip["kind"]))
        out.append(f" {_mm(chip['x'])},{_mm(chip['y'])}")
    return out


# --- the table -----------------------------------------------------------------------------
def _status(view: Mapping[str, Any], lang: str = "en") -> Text:
    """The round, its phase, who acts and how. In Japanese the sentences have no spaces, so
    that they fold where the width ends."""
    ja = lang == "ja"

    def say(en: str, jp: str) -> str:
        return _say(en, jp, lang)

    phase = str(view["phase"])
    if ja:
        line = Text(f"ラウンド{view.get('round', '')}", style="bold")
        line.append("・")
    else:
        line = Text.assemble(
            ("Round ラウンド ", "bold"), (str(view.get("round", "")), "bold"), " · "
        )
    if phase == "over":
        if ja:  # why it ended: the result box's headline says it
            return line.append("ゲーム終了", style="bold")
        line.append_text(_phase_name(phase))
        details = (view.get("outcome") or {}).get("details") or {}
        if details.get("reason"):
            line.append(f" — {details['reason']}")
        return line
    line.append_text(_phase_name(phase, lang))
    turn = view.get("turn")
    if not isinstance(turn, int):
        return line
    line.append(say(" · ", "・"))
    who = seat_label(turn, view, lang)
    if phase == "scatter":
        line.append_text(who)
        line.append(
            say(
                " to act: place a chip (place X Y) or pass (パス)",
                "の手番:星チップを置くかパスする",
            )
        )
        first = seat_label(int(view.get("first", 0)), view, lang).plain
        apart = _mm(view["mat"]["chip_diameter"])
        line.append(
            say(f"\nThe round began with {first}; a chip lies wholly on the mat and touches no "
                f"other (centres more than {apart} mm apart). When all but one have passed, the "
                "one left is the challenger 挑戦プレイヤー.",
                f"\nこのラウンドは{first}から。星チップはすべてが夜空のマットの上にあり、ほかの"
                f"星チップに触れないように置く(中心どうしが{apart}mmより離れる)。1人を残して"
                "全員がパスしたら、残った人が挑戦プレイヤー。"),
            style="dim",
        )  # fmt: skip
    elif phase == "choose":
        line.append_text(who)
        line.append(
            say(" is the challenger 挑戦プレイヤー: choose two boards (choose ID ID; final)",
                "が挑戦プレイヤー:星座ボードを2枚選ぶ(選んだら変更できない)")
        )  # fmt: skip
    elif phase == "lay":
        line.append_text(who)
        if ja:
            chosen = _boards(view.get("chosen") or [], "ja")
            line.append(f"が{chosen}を置く:見えている中心点は2つまでなら成功")
        else:
            chosen = " + ".join(board_name(b) for b in view.get("chosen") or [])
            line.append(f" lays {chosen}: at most 2 centre points 中心点 may be left showing")
        line.append(
            say("\nlay x,y,turn x,y,turn — each board's centre in mm and its turn in degrees "
                "anticlockwise, ',flip' when turned over, in the order chosen. The listed move "
                "lays the boards apart; type hint for the solver's placement",
                # the code on a line of its own: its spaces are where a line would wrap
                "\n選んだ順に、各星座ボードの中心(mm)と左回りの回転角(度)を次のように書く。"
                "裏返すなら',flip'を付ける。一覧の手は2枚を離して置く。ソルバーの置き方はhintで"
                "見られる\n  lay x,y,turn x,y,turn"),
            style="dim",
        )  # fmt: skip
    return line


def _boards_won(view: Mapping[str, Any], lang: str = "en") -> list[Text]:
    """Each seat's boards, by name: "seat 2 green 緑 won Sitting rabbit すわるうさぎ, ..."."""
    lines = []
    for s, seat in enumerate(view["seats"]):
        if seat["boards"]:
            line = seat_label(s, view, lang)
            line.append(_say(" won ", "の星座ボード:", lang))
            names = _say(", ", "、", lang).join(board_name(b, lang) for b in seat["boards"])
            line.append(names, style="cyan")
            lines.append(line)
    return lines


def _seats(view: Mapping[str, Any], lang: str = "en") -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    table.add_column("", no_wrap=True)
    # (English heads carry the rulebook's word under them; Japanese ones are that word.)
    heads: list[tuple[str, str, JustifyMethod]] = [
        ("seat 色", "席 色", "left"), ("at hand\n手元", "手元", "right"),
        ("chips scored\n得点チップ", "得点チップ", "right"),
        ("boards won\n星座ボード", "星座ボード", "right"), ("passed\nパス", "パス", "center"),
        ("score\n得点", "得点", "right"),
    ]  # fmt: skip
    for en, ja, justify in heads:
        table.add_column(_say(en, ja, lang), justify=justify, no_wrap=justify == "left")
    over = view.get("phase") == "over"
    turn = view.get("turn")
    ranks = list(((view.get("outcome") or {}).get("ranks")) or [])
    for s, seat in enumerate(view["seats"]):
        if over:
            won = _say("win", "勝ち", lang) if ranks and ranks[s] == 1 else ""
            mark = Text(won, style="bold green")
        else:
            mark = Text("▶" if s == turn else "", style="bold cyan")
        passed = Text(_say("passed", "パス", lang), style="yellow")
        table.add_row(
            mark,
            seat_label(s, view, lang),
            str(seat["in_hand"]),
            str(seat["scored_chips"]),
            str(len(seat["boards"])),
            passed if seat["passed"] else Text("—", style="dim"),
            Text(str(seat["score"]), style="bold"),
        )
    return table


def _boards_on_mat(view: Mapping[str, Any], lang: str = "en") -> Text:
    chosen = list(view.get("chosen") or [])
    n = len(view["boards"])
    out = Text.assemble(
        (_say("Boards on the mat 星座ボード", "夜空のマットの星座ボード", lang), "bold"),
        (
            _say(f" ({n}; the game ends when 1 is left):", f"({n}枚。残り1枚でゲーム終了):", lang),
            "dim",
        ),
    )
    width = max(cell_len(board_name(b, lang)) for b in view["boards"]) if lang == "ja" else 0
    for board_id in view["boards"]:
        board = _board(board_id)
        out.append("\n  ")
        out.append(f"{board_id:<11}", style="bold cyan" if board_id in chosen else "cyan")
        name = board_name(board_id, lang)
        out.append(name + " " * (width - cell_len(name)))  # Japanese: the sizes in a column
        if board is not None:
            minx, miny, maxx, maxy = board.plate.bounds
            out.append(f"  {maxx - minx:g} × {maxy - miny:g} mm", style="dim")
        if board_id in chosen:
            out.append(_say("  ← chosen", "  ← 選んだ", lang), style="bold cyan")
    return out


def _mat(view: Mapping[str, Any], lang: str = "en") -> list[RenderableType]:
    mat = view["mat"]
    chips = list(view["chips"])
    size = f"{_mm(mat['width'])} × {_mm(mat['height'])} mm"
    chip, centre = _mm(mat["chip_diameter"]), _mm(mat["centre_diameter"])
    if lang == "ja":
        head = Text.assemble(
            ("夜空のマット", "bold"),
            (f" {size}、xは左から、yは下から。星チップ{chip} mm、中心点{centre} mm", "dim"),
        )
    else:
        head = Text.assemble(
            ("Night-sky mat 夜空のマット", "bold"),
            (
                f" {size}, x from the left, y from the bottom; chips {chip} mm, centre points "
                f"中心点 {centre} mm",
                "dim",
            ),
        )
    taken = view.get("phase") == "scatter"
    grid = Grid.around(mat, [(float(c["x"]), float(c["y"])) for c in chips])
    parts: list[RenderableType] = [head, *draw_mat(mat, chips, grid=grid, taken=taken)]
    parts.append(_legend((str(c["kind"]) for c in chips), grid, taken, lang))
    on_mat = _say(
        f"{plural(len(chips), 'chip')} on the mat 星チップ", f"マットの星チップ{len(chips)}枚", lang
    )
    parts.append(chips_line(chips, on_mat, lang))
    spares = view.get("spares_left", 0)
    parts.append(
        Text(_say(f"Spare chips in the box: {spares}", f"箱の予備の星チップ:{spares}", lang), "dim")
    )
    return parts


def _scored_words(scored: Sequence[int], view: Mapping[str, Any], lang: str = "en") -> Text:
    out = Text()
    first = True
    for s, k in enumerate(scored):
        if not k:
            continue
        if not first:
            out.append(_say(", ", "、", lang))
        first = False
        out.append_text(seat_label(s, view, lang))
        out.append(_say(f" +{plural(int(k), 'chip')}", f" +{int(k)}枚", lang))
    if first:
        out.append(_say("nobody scored a chip", "誰も星チップを獲得しなかった", lang), style="dim")
    return out


def last_challenge(
    view: Mapping[str, Any], *, drawing: bool = True, lang: str = "en"
) -> list[RenderableType]:
    """The most recent challenge: who, with which boards, the verdict, who scored what; with
    ``drawing``, also the chips left showing, the placement and the part of the mat it used,
    boards shaded, chips left showing in reverse."""
    challenges = view.get("challenges") or []
    if not challenges:
        return []
    c = challenges[-1]
    mat = view["mat"]
    who = int(c["challenger"])
    boards = list(c["boards"])
    success = bool(c["success"])
    shown = int(c["shown"])
    ja = lang == "ja"
    n = c["round"]
    if ja:
        head = Text.assemble((f"直前の挑戦(ラウンド{n}):", "bold"))
        head.append_text(seat_label(who, view, lang))
        head.append(f"が{_boards(boards, lang)}を置いた:")
        head.append("成功" if success else "失敗", style="bold green" if success else "bold red")
        head.append(f"。見えている中心点{shown}個({'2個まで' if success else '3個以上'})")
    else:
        head = Text.assemble((f"Last challenge 星座作成 (round {n}): ", "bold"))
        head.append_text(seat_label(who, view))
        head.append(" with " + " + ".join(board_name(b) for b in boards) + " — ")
        if success:
            head.append("success 成功", style="bold green")
            head.append(f": {plural(shown, 'centre point')} left showing (2 at most)")
        else:
            head.append("failure 失敗", style="bold red")
            head.append(f": {plural(shown, 'centre point')} left showing (more than 2)")
    lines: list[RenderableType] = [head]
    score = Text(_say("  Scored: ", "  獲得:", lang))
    score.append_text(_scored_words(list(c.get("scored") or []), view, lang))
    if success:
        score.append(_say("; ", "。", lang))
        score.append_text(seat_label(who, view, lang))
        score.append(_say(" takes the two boards", "が星座ボード2枚を獲得", lang))
    else:
        score.append(
            _say("; the boards go back to the mat", "。星座ボードは夜空のマットに戻る", lang)
        )
    lines.append(score)
    if not drawing:
        return lines
    chips = list(c["chips"])
    hidden = [bool(h) for h in c["hidden"]]
    showing = [chip for chip, h in zip(chips, hidden, strict=False) if not h]
    if showing:
        lines.append(chips_line(showing, _say("  Left showing", "  見えている中心点", lang), lang))
    else:
        lines.append(Text(_say("  Every centre point hidden", "  中心点をすべて隠した", lang)))
    poses = list(c.get("poses") or [])
    code = " ".join(_pose_code(p) for p in poses)
    laid = Text(_say(f"  Laid: lay {code}", f"  置き方:lay {code}", lang), style="dim")
    for board_id, pose in zip(boards, poses, strict=False):
        where = _pose_words(board_id, pose, mat, lang)
        laid.append(
            f"\n    {board_name(board_id, lang)}{_say(': ', ':', lang)}{where}", style="dim"
        )
    lines.append(laid)
    if not success:
        lines.append(_hindsight(chips, view, lang))
    figures, points = _placed_figures(boards, poses, mat)
    points += [(float(ch["x"]), float(ch["y"])) for ch in chips]
    grid = Grid.around(mat, points, margin=mat["chip_diameter"] / 2)
    lines.append(
        Text(
            _say(f"  The mat as it was in round {n}:", f"  ラウンド{n}の夜空のマット:", lang), "dim"
        )
    )
    lines += draw_mat(mat, chips, hidden=hidden, figures=figures, grid=grid)
    key = Text(f"  {_scale(grid, lang)} · ", style="dim")
    for (mark, style), board_id in zip(FIGURE_MARKS, boards, strict=False):
        key.append(mark, style=style)
        under = _say(
            f" under the {board_name(board_id)} · ", f":{board_name(board_id, lang)}の下 · ", lang
        )
        key.append(under, style="dim")
    key.append(
        _say(
            "a chip in reverse was left showing, a dim one hidden",
            "反転した星チップは見えていた、暗いものは隠れた",
            lang,
        ),
        style="dim",
    )
    lines.append(key)
    return lines


def _hindsight(
    chips: Sequence[Mapping[str, Any]], view: Mapping[str, Any], lang: str = "en"
) -> Text:
    """What would have worked (the solver, over every pair of boards then on the mat: a
    failure returns the boards, so they are the ones on the mat now)."""
    centres = tuple((float(ch["x"]), float(ch["y"])) for ch in chips)
    found = hindsight(centres, tuple(view["boards"]))
    if found is None:
        return Text(
            _say(
                "  The solver finds no two boards that would have done it.",
                "  ソルバーでも、成功する星座ボード2枚の置き方は見つかりません。",
                lang,
            ),
            style="dim",
        )
    pair = _boards(found.boards, lang)
    code = " ".join(p.encode() for p in found.poses)
    shown = found.verdict.shown
    return Text(
        _say(
            f"  It could have been done: {pair}, lay {code} "
            f"({plural(shown, 'centre point')} left showing)",
            f"  成功する置き方があった:{pair}、lay {code}(見えている中心点{shown}個)",
            lang,
        ),
        style="italic",
    )


def _pose_code(pose: Mapping[str, Any]) -> str:
    return _pose(pose).encode()


def _placed_figures(
    boards: Sequence[str], poses: Sequence[Mapping[str, Any]], mat: Mapping[str, Any]
) -> tuple[list[Any], list[tuple[float, float]]]:
    """The rabbit figures as laid, and the corners of those on the mat (to frame the drawing)."""
    figures: list[Any] = []
    points: list[tuple[float, float]] = []
    width, height = float(mat["width"]), float(mat["height"])
    for board_id, pose in zip(boards, poses, strict=False):
        board = _board(board_id)
        if board is None:
            continue
        _, figure = placed(board, _pose(pose))
        figures.append(figure)
        minx, miny, maxx, maxy = figure.bounds
        if maxx >= 0 and minx <= width and maxy >= 0 and miny <= height:
            points += [
                (min(max(minx, 0), width), min(max(miny, 0), height)),
                (min(max(maxx, 0), width), min(max(maxy, 0), height)),
            ]
    return figures, points


def _result(view: Mapping[str, Any]) -> list[RenderableType]:
    outcome = view.get("outcome")
    if not outcome:
        return []
    ranks = list(outcome["ranks"])
    scores = list(outcome["scores"])
    winners = [s for s, r in enumerate(ranks) if r == 1]
    if len(winners) == len(ranks) and len(ranks) > 1:
        line = Text("Draw 引き分け", style="bold yellow")
    else:
        line = Text(style="bold green")
        for i, s in enumerate(winners):
            if i:
                line.append(" and ")
            line.append_text(seat_label(s, view))
        line.append(" win 勝利" if len(winners) > 1 else " wins 勝利")
    order = sorted(range(len(ranks)), key=lambda s: (ranks[s], s))
    line.append(
        "  ("
        + ", ".join(f"{seat_label(s, view).plain} {scores[s]:g}" for s in order)
        + "; points = boards + chips scored, a tie goes to more boards)",
        style="",
    )
    return [line]


def sections(view: Mapping[str, Any], lang: str = "en") -> list[tuple[str, RenderableType]]:
    """The table's parts, in order, each named: the last challenge (drawn on its mat until
    the next round's first chip is placed, or for good when it ended the game; after that
    told in two lines), what to act on, the seats, the boards won and on the mat, the mat
    of now, the result."""
    _CHOSEN[:] = list(view.get("chosen") or [])
    _CHIPS[:] = [(float(c["x"]), float(c["y"])) for c in view["chips"]]
    news = view.get("phase") == "over" or len(view["chips"]) <= 1
    parts: list[tuple[str, RenderableType]] = []
    challenge = last_challenge(view, drawing=news, lang=lang)
    if challenge:
        parts.append(("challenge", Group(*challenge, Text(""))))
    parts.append(("status", _status(view, lang)))
    parts.append(("seats", _seats(view, lang)))
    won = _boards_won(view, lang)
    if won:
        parts.append(("won", Group(*won)))
    parts.append(("boards", _boards_on_mat(view, lang)))
    parts.append(("mat", Group(*_mat(view, lang))))
    result = _result(view) if lang != "ja" else []  # in Japanese: the phrasebook's, after
    if result:
        parts.append(("result", Group(*result)))
    return [(PART_NAMES[key].get(lang), part) for key, part in parts]


# The table's parts' names, as the terminal lists those that did not change.
PART_NAMES = {
    "challenge": Words("last challenge", "直前の挑戦"),
    "status": Words("status", "手番"),
    "seats": Words("seats", "プレイヤー"),
    "won": Words("boards won", "獲得した星座ボード"),
    "boards": Words("boards on the mat", "星座ボード"),
    "mat": Words("the mat 夜空のマット", "夜空のマット"),
    "result": Words("result 結果", "結果"),
}


def render(view: Mapping[str, Any], console: Console, lang: str = "en") -> None:
    """Print the table (every seat sees the same); after the game, the result too (in
    Japanese, the front end prints the phrasebook's)."""
    body = Group(*(part for _, part in sections(view, lang)))
    console.print(Panel(body, title=TITLE.get(lang), box=box.ROUNDED, expand=False))


# --- action codes ----------------------------------------------------------------------------
def action_text(code: str) -> Text:
    """An action code and, for all but a chip's spot, a word on what it does."""
    words = code.split()
    head = words[0].lower() if words else ""
    out = Text(code, style="bold" if head in ("pass", "choose", "lay") else "")
    if head == "pass":
        out.append(" (パス: out of this round's challenge)", style="dim")
    elif head == "place" and len(words) == 3 and _CHIPS:
        try:
            x, y = float(words[1]), float(words[2])
        except ValueError:
            return out
        nearest = min(math.dist((x, y), chip) for chip in _CHIPS)
        out.append(f" ({nearest:.0f} mm from the nearest chip)", style="dim")
    elif head == "choose" and len(words) == 3:
        out.append(f" ({board_name(words[1])} + {board_name(words[2])})", style="dim")
    elif head == "lay" and len(words) == 3:
        names = _CHOSEN if len(_CHOSEN) == 2 else ["board 1", "board 2"]
        where = []
        for name, pose in zip(names, words[1:], strict=True):
            parts = pose.split(",")
            what = board_name(name) if name in _CHOSEN else name
            if len(parts) >= 3:
                turn = f"{parts[2]}°" + (", turned over" if len(parts) > 3 else "")
                where.append(f"{what} at ({parts[0]}, {parts[1]}) {turn}")
        if where:
            out.append(" (" + "; ".join(where) + ")", style="dim")
    return out


def shortlist(
    codes: Sequence[str], view: Mapping[str, Any], lang: str = "en"
) -> tuple[list[int], Text] | None:
    """In scatter time, the moves listed by number (``asobi.play``'s hook): ``pass`` and the
    ``SUGGESTED`` open spots of the legal list (a 50 mm grid) nearest the stars' middle,
    with a line on typing any other spot. The legal list itself keeps every open spot of
    its grid (for bots); only the listing is short."""
    spots = [(i, code.split()) for i, code in enumerate(codes) if code.startswith("place ")]
    if view.get("phase") != "scatter" or len(spots) <= SUGGESTED:
        return None
    chips = [(float(c["x"]), float(c["y"])) for c in view["chips"]]
    mx = sum(x for x, _ in chips) / len(chips)
    my = sum(y for _, y in chips) / len(chips)
    places = [(i, float(w[1]), float(w[2])) for i, w in spots]
    places.sort(key=lambda p: (math.hypot(p[1] - mx, p[2] - my), p[0]))
    chosen = places[:SUGGESTED]
    others = [i for i, code in enumerate(codes) if not code.startswith("place ")]
    mat = view["mat"]
    r, width, height = mat["chip_diameter"] / 2, mat["width"], mat["height"]
    if lang == "ja":
        note = Text.assemble(
            ("ほかの場所は ", "dim"),
            ("place X Y", "bold"),
            (
                f" で置く(mm。x {_mm(r)}–{_mm(width - r)}、y {_mm(r)}–{_mm(height - r)}、どの"
                f"星チップからも{_mm(2 * r)} mmより離れた所:マットの空白のマス。"
                f"{_mm(GRID)} mm間隔の格子で空いているのは{len(spots)}か所)",
                "dim",
            ),
        )
        return others + [i for i, _, _ in chosen], note
    note = Text.assemble(
        ("or type ", "dim"),
        ("place X Y", "bold"),
        (
            f" for any other spot (mm, x {_mm(r)}–{_mm(width - r)}, y {_mm(r)}–"
            f"{_mm(height - r)}, more than {_mm(2 * r)} mm from every chip: a blank cell on "
            f"the mat; {len(spots)} spots on the {_mm(GRID)} mm grid are open)",
            "dim",
        ),
    )
    return others + [i for i, _, _ in chosen], note


# --- events ----------------------------------------------------------------------------------
def event_text(event: Mapping[str, Any], names: Sequence[str], viewer: int | None) -> Text | None:
    """One line describing ``event`` (its ``to_json()`` form)."""
    kind = event["kind"]
    seat = event.get("seat")

    def name(s: Any) -> str:
        if isinstance(s, int) and 0 <= s < len(names):
            return names[s]
        return f"seat {s}" if isinstance(s, int) else "table"

    def who(s: Any) -> Text:
        """ "seat 1 (greedy bot, blue 青)": the name with the seat's colour."""
        _, style, en, ja = CHIPS.get(_seat_colour(s), ("?", "bold", "", ""))
        full = name(s)
        if not en:
            return Text(full, style="bold")
        if full.endswith(")"):
            head, _, note = full[:-1].partition(" (")
            return Text.assemble(
                (head, "bold"), f" ({note}, ", (f"{en} {ja}", style.replace("bold ", "")), ")"
            )
        return Text.assemble((full, "bold"), " (", (f"{en} {ja}", style.replace("bold ", "")), ")")

    if kind == "round":
        return Text.assemble(
            (f"— Round ラウンド {event.get('round')}: ", "bold"),
            "every chip back to its owner, the first star to the centre; ",
            who(seat),
            " starts —",
        )
    if kind == "game_over":
        details = event.get("details") or {}
        reason = details.get("reason")
        return Text.assemble(("Game over 終了", "bold"), f": {reason}" if reason else "")
    line = who(seat)
    if kind == "challenger":
        line.append(
            " is the challenger 挑戦プレイヤー: everyone else passed — "
            "constellation time 星座作成タイム",
            style="bold",
        )
        return line
    line.append(": ")
    if kind == "place":
        chip = str(event.get("chip"))
        _, style, en, ja = CHIPS.get(chip, ("?", "bold", chip, ""))
        if chip == "colourless":
            line.append("places a colourless chip 無色の星チップ")
        else:
            line.append(f"places {'an' if en[:1] in 'aeiou' else 'a'} ")
            line.append(f"{en} {ja}", style=style)
            line.append(" chip")
        line.append(f" at ({_mm(event.get('x'))}, {_mm(event.get('y'))})")
        if chip != _seat_colour(seat):
            line.append(" — a spare chip (own chips all used): it scores for nobody", style="dim")
    elif kind == "pass":
        line.append("passes パス — out of this round's challenge")
    elif kind == "choose":
        boards = list(event.get("boards") or [])
        line.append("chooses " + " and ".join(board_name(b) for b in boards))
    elif kind == "challenge":
        line.append(f"lays {' + '.join(board_name(b) for b in event.get('boards') or [])}: ")
        shown = int(event.get("shown", 0))
        if event.get("success"):
            line.append("success 成功", style="bold green")
        else:
            line.append("failure 失敗", style="bold red")
        line.append(f", {plural(shown, 'centre point')} left showing; ")
        gains = [(s, int(k)) for s, k in enumerate(event.get("scored") or []) if k]
        if gains:
            line.append("scored: ")
            for i, (s, k) in enumerate(gains):
                if i:
                    line.append(", ")
                line.append_text(who(s))
                line.append(f" +{plural(k, 'chip')}")
        else:
            line.append("no chips scored")
        if event.get("success"):
            line.append("; the two boards to ")
            line.append(name(seat))
    else:
        data = {k: v for k, v in event.items() if k not in ("kind", "seat")}
        line.append(f"{kind} {data}" if data else str(kind))
    return line
