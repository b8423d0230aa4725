"""Carrotein in the terminal (``asobi/games/carrotein/render.py``): what the table shows.

Each view is rendered to a recording console 100 characters wide and read back as text: the
phase in words with its Japanese name (散らかしタイム, 星座作成タイム), each seat's colour
(English and Japanese), chips at hand and scored, boards won, passes and score; the boards on
the mat by name in both languages; the mat around the stars as a grid whose cells are read
back at mm positions (the renderer's own ``Grid`` says which part and at what scale), the
cells where a chip would touch another shaded in scatter time; the last challenge (who,
which boards, success or failure, the centre points left showing, who scored what) drawn on
the part of the mat it used until the next round's first chip. Events, action codes and the
short list of scatter moves are checked as lines of plain words. No test asks for the lay
phase's legal actions (the solver).
"""

from __future__ import annotations

import math
from typing import Any

from rich.console import Console

from asobi.games.carrotein import render as cr
from asobi.games.carrotein.actions import Choose, Lay
from asobi.games.carrotein.sky import Pose, chip_refusal, default_sky
from asobi.games.carrotein.state import CarroteinState

from .carrotein_helpers import FAR, ON_STAR, SHOWING, UNDER, at, chips, game, lay, lay_phase, play

NAMES = ["seat 0 (you)", "seat 1 (greedy bot)", "seat 2 (greedy bot)", "seat 3 (greedy bot)"]
BOARDS = [(b.id, b.en, b.ja) for b in default_sky().boards]


def shown(view: dict[str, Any], width: int = 100) -> str:
    console = Console(record=True, width=width, color_system=None)
    cr.render(view, console)
    return console.export_text()


def flat(text: str) -> str:
    """The rendered text as one line of words: the panel's borders gone, wrapped lines
    joined, runs of spaces made one (for phrases the 100-column panel may wrap)."""
    lines = [line.strip().strip("│").strip() for line in text.splitlines()]
    return " ".join(" ".join(lines).split())


def table_row(text: str, label: str) -> list[str]:
    """The cells of the seats table's row for ``label`` ("seat 1 blue 青"), after the label."""
    for line in text.splitlines():
        words = line.strip().strip("│").replace("▶", "").replace("win ", "").strip()
        if words.startswith(label) and "won" not in words:
            return words[len(label) :].replace("(you)", "").split()
    raise AssertionError(f"no row for {label}")


def mat_grid(view: dict[str, Any]) -> cr.Grid:
    """The part of the mat the table draws, and its scale: around the chips on it."""
    return cr.Grid.around(view["mat"], [(c["x"], c["y"]) for c in view["chips"]])


def mat_lines(text: str, grid: cr.Grid) -> tuple[list[str], int]:
    """The rows of the current mat's grid (top row first) and the index of the character
    that draws the grid's first column in each."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if "Night-sky mat" in line)
    top = next(i for i in range(start, len(lines)) if "y mm" in lines[i])
    first = lines[top].index("y mm") + len("y mm") + 2  # after " ┌" (or " ╌" inside the mat)
    return lines[top + 1 : top + 1 + len(grid.rows)], first


def cell_at(text: str, view: dict[str, Any], x: float, y: float) -> str:
    """The character the mat's grid shows at (x, y) mm."""
    grid = mat_grid(view)
    rows, first = mat_lines(text, grid)
    col, row = grid.cell(x, y)
    assert (col, row) == (math.floor(x / grid.dx + 0.5), math.floor(y / grid.dy + 0.5)), "not drawn"
    return rows[grid.r1 - row][first + col - grid.c0]


def drawings(text: str) -> int:
    """How many drawings of the mat the text holds (each heads its y axis "y mm")."""
    return sum(1 for line in text.splitlines() if line.strip("│ ").startswith("y mm"))


def section(text: str, start: str, end: str) -> str:
    return text[text.index(start) : text.index(end, text.index(start))]


def events_text(events: list[Any], names: list[str] = NAMES) -> str:
    lines = [cr.event_text(e.to_json(), names, 0) for e in events]
    return "\n".join(line.plain for line in lines if line is not None)


# --- a fresh game --------------------------------------------------------------------------
def test_a_fresh_game_shows_the_seats_the_boards_and_the_first_star_in_the_middle() -> None:
    state = game(players=3, start=1)
    raw = shown(state.view(0))
    text = flat(raw)
    assert "Round ラウンド 1" in text
    assert "Scatter time 散らかしタイム" in text
    assert "seat 1 blue 青 to act" in text
    for label in ("seat 0 red 赤 (you)", "seat 1 blue 青", "seat 2 green 緑"):
        assert label in text
    assert "purple" not in section(text, "Round", "Night-sky mat")  # three seats only
    boards = section(text, "Boards on the mat", "Night-sky mat")
    for board_id, en, ja in BOARDS:
        assert board_id in boards and f"{en} {ja}" in boards
    assert "(7; the game ends when 1 is left)" in boards
    assert "Last challenge" not in text
    # The mat around the first star, 50 mm each side, at the finest scale.
    view = state.view(0)
    grid = mat_grid(view)
    assert (grid.dx, grid.dy) == (2.5, 5.0) and "a cell 2.5 mm across, 5 mm up" in text
    assert cell_at(raw, view, 300, 225) == "*"
    assert cell_at(raw, view, 310, 230) == "░"  # a chip here would touch the first star
    assert cell_at(raw, view, 260, 265) == " "
    assert cell_at(raw, view, 275, 250) == "·"  # where two axis labels cross (every 25 mm)
    assert "1 chip on the mat" in text and "* 300,225" in text
    assert "Spare chips in the box: 40" in text  # orange, pink, purple × 10 and 10 colourless
    rows, first = mat_lines(raw, grid)
    assert len(rows) == 21 and all(row[first - 1] == "┊" == row[first + 41] for row in rows)
    axis = raw.splitlines()[raw.splitlines().index(rows[-1]) + 2]
    for tick in ("250", "275", "300", "325", "350"):
        assert tick in axis.split()


def test_the_seats_table_counts_chips_at_hand_and_scored() -> None:
    state = game({"scored": [2, 0, 5], "won": [[], ["ears", "carrot"], []]}, players=3)
    raw = shown(state.view(None))
    # at hand, scored, boards, passed, score
    assert table_row(raw, "seat 2 green 緑") == ["5", "5", "0", "—", "5"]
    assert table_row(raw, "seat 1 blue 青") == ["10", "0", "2", "—", "2"]
    text = flat(raw)
    assert "seat 1 blue 青 won Rabbit all ears みみをたてるうさぎ, Rabbit with a carrot" in text
    boards = section(text, "Boards on the mat", "Night-sky mat")
    assert "ears " not in boards and "(5;" in boards
    assert "(you)" not in text  # a spectator


# --- scatter time ----------------------------------------------------------------------------
def test_mid_scatter_shows_each_colour_where_it_lies_and_who_passed() -> None:
    state = game(players=4, start=0)
    play(state, 0, "place 120 85")
    play(state, 1, "place 450 300")
    play(state, 2, "place 580 20")
    play(state, 3, "place 20 430")
    play(state, 0, "pass")
    view = state.view(2)
    raw = shown(view)
    # Chips all over the mat: the whole of it, at the coarsest scale, its edges drawn.
    grid = mat_grid(view)
    assert (grid.c0, grid.c1, grid.r0, grid.r1) == (0, 60, 0, 22)
    rows, first = mat_lines(raw, grid)
    assert all(row[first - 1] in "│┤" and row[first + 61] == "│" for row in rows)
    assert cell_at(raw, view, 120, 85) == "R"
    assert cell_at(raw, view, 450, 300) == "B"
    assert cell_at(raw, view, 580, 20) == "G"
    assert cell_at(raw, view, 20, 430) == "P"
    assert cell_at(raw, view, 300, 225) == "*"
    assert table_row(raw, "seat 0 red 赤") == ["9", "0", "0", "passed", "0"]
    assert table_row(raw, "seat 3 purple 紫") == ["9", "0", "0", "—", "0"]
    text = flat(raw)
    assert "seat 1 blue 青 to act" in text
    assert "seat 2 green 緑 (you)" in text and "seat 3 purple 紫" in text
    legend = section(text, "R red 赤", "chips on the mat")
    for name in ("B blue 青", "G green 緑", "P purple 紫", "* first star いちばん星チップ"):
        assert name in legend
    assert "R 120,85" in text and "P 20,430" in text and "5 chips on the mat" in text


def test_two_chips_in_one_cell_are_both_drawn() -> None:
    """At the coarsest scale (10 × 20 mm a cell: chips far apart), (95.5, 270.5) and
    (104.5, 289.5) are 21 mm apart but fall in one cell: the second is drawn in the free
    neighbouring cell nearest it."""
    state = game({"chips": chips((95.5, 270.5, "red"), (104.5, 289.5, "blue"), (580, 20, "green"))})
    view = state.view(0)
    text = shown(view)
    grid = mat_grid(view)
    assert (grid.dx, grid.dy) == (10.0, 20.0)
    rows, first = mat_lines(text, grid)
    assert cell_at(text, view, 95.5, 270.5) == "R"
    near = [
        rows[grid.r1 - row][first + col - grid.c0] for col in (9, 10, 11) for row in (13, 14, 15)
    ]
    assert "B" in near


def test_in_scatter_time_a_blank_cell_is_a_spot_a_chip_may_take() -> None:
    """散らかしタイム 1: "他の【星チップ】に触ってはいけません" and a chip wholly on the mat: every
    cell of the drawing is shaded exactly when a chip centred on it is refused."""
    state = game({"chips": chips((40, 60, "red"), (75, 70, "blue"), (60, 100, "green"))})
    view = state.view(0)
    raw = shown(view)
    grid = mat_grid(view)
    rows, first = mat_lines(raw, grid)
    centres = [(c["x"], c["y"]) for c in view["chips"]]
    checked = 0
    for row in grid.rows:
        for col in grid.columns:
            drawn = rows[grid.r1 - row][first + col - grid.c0]
            if drawn in " ░":
                x, y = grid.centre(col, row)
                refused = chip_refusal(default_sky(), x, y, centres) is not None
                assert (drawn == "░") == refused, (x, y)
                checked += 1
    assert checked > 500
    assert rows[-1][first - 1] in "│┤"  # the mat's left edge is drawn: 50 mm from the chips


def test_a_spare_chip_is_drawn_in_its_colour_and_told_as_a_spare() -> None:
    """Out of its own chips, a seat places a colour nobody plays (orange with four seats)."""
    state = game({"scored": [10, 0, 0, 0]}, players=4, start=0)
    events = play(state, 0, "place 200 300")
    assert "places an orange 橙 chip at (200, 300)" in events_text(events)
    assert "spare" in events_text(events)
    raw = shown(state.view(0))
    assert cell_at(raw, state.view(0), 200, 300) == "O"
    text = flat(raw)
    assert "O orange 橙" in text
    assert "Spare chips in the box: 29" in text


# --- constellation time --------------------------------------------------------------------
def test_choose_and_lay_phases_name_the_challenger_and_the_boards() -> None:
    state = game({"chips": at(UNDER[:2], "blue"), "challenger": 2})
    text = flat(shown(state.view(2)))
    assert "Constellation time 星座作成タイム" in text
    assert "seat 2 green 緑 (you) is the challenger 挑戦プレイヤー" in text
    state.apply(2, Choose("sitting", "sleeping"))
    text = flat(shown(state.view(2)))
    assert "lays Sitting rabbit すわるうさぎ + Sleeping rabbit ねむるうさぎ" in text
    assert text.count("← chosen") == 2


def success_state() -> tuple[CarroteinState, list[Any]]:
    """Red challenges: the sitting rabbit on the first star hides three of its chips and the
    others' two; one red chip far away is left showing."""
    entries = [
        *at(UNDER[:3], "red"),
        *at(UNDER[3:5], "blue"),
        *at(SHOWING[1:2], "red"),  # (500, 100)
    ]
    state = lay_phase(entries, challenger=0)
    return state, lay(state, ON_STAR, FAR)


def test_after_a_success_the_challenge_its_scores_and_the_boards_won_are_shown() -> None:
    state, events = success_state()
    raw = shown(state.view(0))
    text = flat(raw)
    challenge = section(text, "Last challenge", "Round ラウンド 2")
    assert "seat 0 red 赤 (you) with Sitting rabbit すわるうさぎ + Sleeping rabbit" in challenge
    assert "success 成功: 1 centre point left showing (2 at most)" in challenge
    # the red chip showing scores for red, and two of red's hidden ones
    assert "Scored: seat 0 red 赤 (you) +3 chips; seat 0 red 赤 (you) takes the two" in challenge
    assert "Left showing (x,y mm): R 500,100" in challenge
    assert "lay 300,245,0 -500,-500,0" in challenge
    assert "(-500, -500), turned 0° (off the mat, hiding nothing)" in challenge
    assert "░" in challenge  # the sitting rabbit's figure on the drawn part of the mat
    assert "The mat as it was in round 1" in challenge
    assert table_row(raw, "seat 0 red 赤") == ["7", "3", "2", "—", "5"]
    assert "won Sitting rabbit すわるうさぎ, Sleeping rabbit ねむるうさぎ" in text
    boards = section(text, "Boards on the mat", "Night-sky mat")
    assert "sitting" not in boards and "sleeping" not in boards and "(5;" in boards
    assert "Round ラウンド 2 · Scatter time 散らかしタイム · seat 1 blue 青 to act" in text
    told = events_text(events)
    assert "lays Sitting rabbit すわるうさぎ + Sleeping rabbit ねむるうさぎ: success 成功" in told
    assert "seat 0 (you, red 赤) +3 chips; the two boards to seat 0 (you)" in told
    assert "— Round ラウンド 2: every chip back to its owner" in told
    assert "seat 1 (greedy bot, blue 青) starts —" in told


def test_the_challenge_is_drawn_until_the_next_rounds_first_chip() -> None:
    """後片付けタイム: the chips go back, so the mat of the challenge is not the mat of now.
    It is drawn (labelled as it was) while the new round's mat holds only the first star;
    once a chip is placed, the challenge is told in two lines and only today's mat drawn."""
    state, _ = success_state()
    raw = shown(state.view(0))
    assert "The mat as it was in round 1" in flat(raw) and drawings(raw) == 2
    play(state, 1, "place 250 250")
    raw = shown(state.view(0))
    text = flat(raw)
    challenge = section(text, "Last challenge", "Round ラウンド 2")
    assert "success 成功" in challenge and "Scored: seat 0 red 赤 (you) +3 chips" in challenge
    assert "The mat as it was" not in text and "Laid:" not in text and drawings(raw) == 1


def test_the_challenge_drawing_marks_hidden_and_showing_chips_apart() -> None:
    state, _ = success_state()
    view = state.view(0)
    challenge = view["challenges"][-1]
    sky = default_sky()
    poses = [Pose(p["x"], p["y"], p["angle"], p["mirrored"]) for p in challenge["poses"]]
    figure = poses[0].place(sky.board("sitting").figure)
    grid = cr.Grid.around(view["mat"], [(c["x"], c["y"]) for c in challenge["chips"]])
    lines = cr.draw_mat(
        view["mat"], challenge["chips"], hidden=challenge["hidden"], figures=[figure], grid=grid
    )
    console = Console(width=100, color_system=None)
    first = lines[0].plain.index("y mm") + len("y mm") + 2

    def style_at(x: float, y: float) -> tuple[str, str]:
        col, row = grid.cell(x, y)
        line = lines[1 + grid.r1 - row]
        offset = first + col - grid.c0
        return line.plain[offset], str(line.get_style_at_offset(console, offset))

    letter, style = style_at(500, 100)
    assert letter == "R" and "reverse" in style
    letter, style = style_at(*UNDER[0])
    assert letter == "R" and "dim" in style and "reverse" not in style
    assert style_at(300, 225)[0] == "*"
    assert style_at(340, 200)[0] == "░"  # under the rabbit's body, no chip


def test_after_a_failure_the_others_score_and_the_boards_go_back() -> None:
    """Four chips far from the rabbit: four centre points showing is a failure; blue and
    green each take their own chip from the mat, red (the challenger) nothing."""
    entries = [
        *at(SHOWING[0:2], "red"),
        *at(SHOWING[2:3], "blue"),
        *at(SHOWING[3:4], "green"),
    ]
    state = lay_phase(entries, challenger=0)
    events = lay(state, ON_STAR, FAR)
    text = flat(shown(state.view(1)))
    challenge = section(text, "Last challenge", "Round ラウンド 2")
    assert "failure 失敗: 4 centre points left showing (more than 2)" in challenge
    assert "Scored: seat 1 blue 青 (you) +1 chip, seat 2 green 緑 +1 chip" in challenge
    assert "the boards go back to the mat" in challenge
    assert "R 100,100" in challenge and "G 500,350" in challenge
    # After a failure the solver says what would have worked: here nothing (four chips far
    # apart and from the first star: no board reaches two of them).
    assert "The solver finds no two boards that would have done it." in challenge
    boards = section(text, "Boards on the mat", "Night-sky mat")
    assert "(7;" in boards and "sitting" in boards
    assert " won Sitting" not in text
    told = events_text(events)
    assert "failure 失敗, 4 centre points left showing" in told
    assert "seat 1 (greedy bot, blue 青) +1 chip, seat 2 (greedy bot, green 緑) +1 chip" in told
    assert "two boards" not in told


def test_the_game_over_table_names_the_winner_and_why() -> None:
    won = [["leaping", "stretching"], ["ears", "carrot"], []]
    state = lay_phase(at(UNDER[:2], "red"), challenger=0, won=won)
    events = lay(state, ON_STAR, FAR)
    raw = shown(state.view(None))
    text = flat(raw)
    assert "Game over 終了 — one constellation board is left on the mat" in text
    assert "seat 0 red 赤 wins 勝利" in text
    assert "seat 0 red 赤 6, seat 1 blue 青 2, seat 2 green 緑 0" in text
    assert "win  seat 0 red 赤" in raw
    assert "to act" not in text
    assert "Game over 終了: one constellation board is left on the mat" in events_text(events)


# --- events and action codes ---------------------------------------------------------------
def test_scatter_events_in_plain_words() -> None:
    state = game(players=3, start=0)
    told = events_text(play(state, 0, "place 120 85.5"))
    assert told == "seat 0 (you, red 赤): places a red 赤 chip at (120, 85.5)"
    told = events_text(play(state, 1, "pass"))
    assert told == "seat 1 (greedy bot, blue 青): passes パス — out of this round's challenge"
    told = events_text(play(state, 2, "pass"))
    assert "seat 0 (you, red 赤) is the challenger 挑戦プレイヤー" in told
    told = events_text(play(state, 0, "choose dancing ears"))
    assert told == (
        "seat 0 (you, red 赤): chooses Dancing rabbits おどるうさぎたち and "
        "Rabbit all ears みみをたてるうさぎ"
    )


def test_action_codes_say_what_they_do() -> None:
    assert cr.action_text("place 120 85").plain.startswith("place 120 85")
    assert "パス" in cr.action_text("pass").plain
    text = cr.action_text("choose sitting sleeping").plain
    assert "Sitting rabbit すわるうさぎ + Sleeping rabbit ねむるうさぎ" in text
    code = Lay(Pose(300, 245, 30), Pose(100, 80, 0, True)).encode()
    text = cr.action_text(code).plain
    assert text.startswith("lay 300,245,30 100,80,0,flip")
    assert "(300, 245) 30°" in text and "turned over" in text
    state = lay_phase(at(UNDER[:1], "red"), chosen=("carrot", "ears"))
    shown(state.view(0))  # the table names the chosen boards for the lay codes after it
    assert "Rabbit with a carrot にんじんをもつうさぎ at (300, 245)" in cr.action_text(code).plain


def test_a_spot_says_how_far_it_lies_from_the_nearest_chip() -> None:
    state = game({"chips": chips((330, 225, "red"))})
    shown(state.view(0))  # the table tells action_text the chips on the mat
    assert cr.action_text("place 300 260").plain == "place 300 260 (35 mm from the nearest chip)"


def test_scatter_time_lists_pass_and_a_few_spots_near_the_stars() -> None:
    """The legal list keeps every open spot of its 50 mm grid (for bots); the terminal lists
    pass and the six nearest the stars' middle, and says how to type any other spot."""
    state = game({"chips": chips((330, 225, "red"), (270, 240, "blue"))}, players=3)
    view = state.view(0)
    codes = [a.encode() for a in state.legal_actions(0)]
    assert len(codes) > 100
    listed = cr.shortlist(codes, view)
    assert listed is not None
    indices, note = listed
    picks = [codes[i] for i in indices]
    assert picks[0] == "pass" and len(picks) == 7
    assert picks[1:3] == ["place 275 275", "place 325 275"]  # 50 and 56 mm from (300, 230)
    middle = (300.0, 230.0)
    distance = [math.dist(middle, (float(c.split()[1]), float(c.split()[2]))) for c in picks[1:]]
    others = [c for c in codes if c.startswith("place ") and c not in picks]
    assert distance == sorted(distance)
    assert all(math.dist(middle, (float(c.split()[1]), float(c.split()[2]))) >= distance[-1]
               for c in others)  # fmt: skip
    assert "or type place X Y for any other spot" in note.plain
    assert "more than 20 mm from every chip" in note.plain
    chosen = game({"chips": at(UNDER[:2], "blue"), "challenger": 2})
    choose = [a.encode() for a in chosen.legal_actions(2)]
    assert cr.shortlist(choose, chosen.view(2)) is None  # 21 pairs: all listed


def test_the_table_fits_a_narrow_terminal() -> None:
    state, _ = success_state()
    text = shown(state.view(0), width=80)
    assert max(len(line) for line in text.splitlines()) <= 80
    assert cell_at(text, state.view(0), 300, 225) == "*"
