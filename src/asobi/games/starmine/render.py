"""Terminal rendering of a Starmine view (rich), for ``asobi play`` and ``asobi replay``.

It reads only the JSON-ready view (see ``views.py``) and events, never a state, so it can
show nothing a seat may not know. English first, the game's own terms in Japanese after.
The front end (``asobi.play``) finds this module by the game's id and calls:

- ``render(view, console)``: the table as ``view["seat"]`` sees it, and the outcome;
- ``sections(view)``: the same table in its parts, for printing what changed;
- ``action_text(code)``: an action code with its cards coloured;
- ``group(code, view)``: a placement listed under its meld and that meld's points (a boost
  meld's too, before it is placed), with the rows it may go to.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from asobi.core.cardtext import card_text_for
from asobi.core.typed import OutcomeJSON
from asobi.core.words import plural, seat_label
from asobi.games.starmine.actions import MELD_BY_CODE, MELD_POINTS, ROW_NAMES
from asobi.games.starmine.cards import FIREWORKS
from asobi.games.starmine.views import StarmineView, read_view

ROWS = ROW_NAMES
ROW_JA = {"opening": "オープニング", "main": "メイン", "finale": "フィナーレ"}
MELD_EN = {"seq": "sequence", "three": "three of a kind", "pair": "pair"}
MELD_JA = {"seq": "シーケンス", "three": "3カード", "pair": "ペア"}
FIREWORK_TEXT = card_text_for(FIREWORKS)
COLOUR_STYLE = FIREWORK_TEXT.styles
TITLE = "Starmine Rummy Pocket スターマイン・ラミー ポケット"


# --- small pieces ------------------------------------------------------------------------
card_text = FIREWORK_TEXT.card  # boosts in magenta
cards_text = FIREWORK_TEXT.cards
colour_codes = FIREWORK_TEXT.colour


def action_text(code: str) -> Text:
    return colour_codes(code)


def group(code: str, view: Mapping[str, Any]) -> tuple[Text, str] | None:
    """``place ROW KIND CARDS``: listed under the meld and its points, labelled by the row;
    any other move alone. The points are the meld's 評価点 as this game counts boosts
    (the view's ``boost_penalty``), so a boost meld's cost shows before it is placed."""
    words = code.split(maxsplit=2)
    if len(words) != 3 or words[0] != "place":
        return None
    _, row, meld_code = words
    meld = MELD_BY_CODE.get(meld_code.upper())
    if meld is None:
        return None
    points = meld.points(view["boost_penalty"])
    head = Text(f"{MELD_EN[meld.kind]} ")
    head.append_text(cards_text([c.code for c in meld.cards]))
    head.append(f"  {plural(points, 'point')}", style="bold")
    cost = MELD_POINTS[meld.kind] - points
    if cost:
        boosts = "the boost" if meld.boosts == 1 else plural(meld.boosts, "boost")
        head.append(f" (−{cost} for {boosts})")
    return head, row


def meld_text(meld: Mapping[str, Any]) -> Text:
    kind = str(meld["kind"])
    out = Text(f"{MELD_EN.get(kind, kind)} ")
    out.append_text(cards_text(meld["cards"]))
    out.append(f"  {meld['points']}", style="bold")
    return out


def row_label(row: str) -> Text:
    return Text.assemble((row, "bold"), " ", (ROW_JA[row], "dim"))


# --- the table ---------------------------------------------------------------------------
def _status(view: StarmineView) -> Text:
    solo = view["mode"] == "solo"
    phase = view["phase"]
    active = view["active"]
    viewer = view["seat"]
    if phase == "over":
        return Text("Game over 終了", style="bold")
    who = ", ".join(seat_label(s, viewer, solo) for s in active)
    if phase == "turn":
        doing = (
            "B: remove a card and draw 2 · C: place a meld"
            if solo
            else "A: discard 1 and draw 2 (手札を増やす) · B: place a meld (花火カードを配置する)"
        )
    elif phase == "draw":
        n = view["draws_left"]
        source = "deck or open cards" if solo else "deck or discards"
        doing = f"draw {plural(n, 'more card')} from the {source}"
    elif phase == "flip":
        doing = "the turned-up card goes to the open cards (open) or the removed cards (remove)"
    elif phase == "final":
        doing = (
            "final phase 最終フェーズ: one last meld on the finale, or pass"
            if solo
            else "final phase 最終フェーズ: one last meld on any row, or pass"
        )
    elif phase == "chase":
        doing = f"追い打ち round {view['chase_rounds']}: add one meld to any row, or pass"
    else:
        doing = phase
    return Text.assemble((f"{who} to act", "bold"), " — ", doing)


def _rows_table(view: StarmineView) -> Table:
    solo = view["mode"] == "solo"
    viewer = view["seat"]
    seats = view["seats"]
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, expand=False)
    table.add_column("row 列")
    for s, _ in enumerate(seats):
        table.add_column(seat_label(s, viewer, solo), overflow="fold")
    current = view.get("current_row")
    for row in ROWS:
        label = row_label(row)
        if solo and current is not None:
            if ROWS.index(row) < ROWS.index(current):
                label.append(" closed 完成", style="dim italic")
            elif row == current and view["phase"] != "over":
                label.append(" ← building", style="cyan")
        cells: list[RenderableType] = []
        for seat in seats:
            melds = seat["rows"][row]
            lines = [meld_text(m) for m in melds] or [Text("—", style="dim")]
            if len(melds) > 1:
                lines.append(Text(f"= {seat['row_totals'][row]}", style="bold cyan"))
            cells.append(Group(*lines))
        table.add_row(label, *cells)
    return table


def _cards_line(label: str, codes: Sequence[str], note: str = "") -> Text:
    out = Text.assemble((label, "bold"), " ")
    out.append_text(cards_text(codes))
    if note:
        out.append(f"  {note}", style="dim")
    return out


def _piles(view: StarmineView) -> list[tuple[str, RenderableType]]:
    """The deck and the piles beside it, each named."""
    solo = view["mode"] == "solo"
    piles: list[tuple[str, RenderableType]] = [
        ("deck 山札", Text.assemble(("Deck 山札: ", "bold"), plural(view["deck_size"], "card")))
    ]
    if solo:
        flipped = view.get("flipped")
        if flipped:
            note = (
                "open → the next card is removed; remove → the next card is open"
                if view["phase"] == "flip"
                else "the deck's last card: the game ended as it was turned up"
            )
            turned = _cards_line("Turned up めくったカード:", [flipped], note)
            piles.append(("turned-up card", turned))
        open_cards = _cards_line("Open cards オープン札:", view.get("open_cards", []), "drawable")
        removed = _cards_line("Removed 廃棄札:", view.get("removed_cards", []), "out of the game")
        piles += [("open cards オープン札", open_cards), ("removed cards 廃棄札", removed)]
        return piles
    discards = _cards_line("Discards 捨て札:", view.get("discards", []), "oldest first")
    just_discarded = view.get("discarded_this_turn")
    if just_discarded:
        discards.append_text(
            Text.assemble(
                "\n  (",
                card_text(just_discarded),
                " was discarded this turn: it cannot be taken back)",
            )
        )
    piles.append(("discards 捨て札", discards))
    return piles


def _hands(view: StarmineView) -> list[tuple[str, RenderableType]]:
    """Each hand, named by whose it is: the cards where the view shows them, else a count
    and the cards known to be in it."""
    solo = view["mode"] == "solo"
    viewer = view["seat"]
    hands: list[tuple[str, RenderableType]] = []
    for s, seat in enumerate(view["seats"]):
        whose = "your hand" if s == viewer else f"seat {s}'s hand"
        if "hand" in seat:
            label = "Your hand 手札:" if s == viewer else f"Seat {s} hand 手札:"
            hands.append((whose, _cards_line(label, seat["hand"])))
        elif not solo:
            held = plural(seat["hand_size"], "card")
            line = Text.assemble((f"Seat {s} hand 手札: ", "bold"), held)
            known = seat["known_cards"]
            if known:
                line.append(" (known: ")
                line.append_text(cards_text(known))
                line.append(")")
            hands.append((whose, line))
    return hands


def sections(raw: Mapping[str, Any]) -> list[tuple[str, RenderableType]]:
    """The table's parts, in order, each named: what to act on, each pile, the rows, each
    hand."""
    return _sections(read_view(raw))


def _sections(view: StarmineView) -> list[tuple[str, RenderableType]]:
    return [("status", _status(view)), *_piles(view), ("rows 列", _rows_table(view)), *_hands(view)]


def render(raw: Mapping[str, Any], console: Console) -> None:
    """Print the table as ``view["seat"]`` sees it; after the game, the outcome too."""
    view = read_view(raw)
    solo = view["mode"] == "solo"
    mode = "solo contest ソロ" if solo else "duel"
    body = Group(*(part for _, part in _sections(view)))
    console.print(Panel(body, title=f"{TITLE} · {mode}", box=box.ROUNDED, expand=False))
    if view["outcome"] is not None:
        render_outcome(view, view["outcome"], console)


# --- the outcome -------------------------------------------------------------------------
def render_outcome(view: StarmineView, outcome: OutcomeJSON, console: Console) -> None:
    if view["mode"] == "solo":
        console.print(_solo_outcome(outcome["details"]))
    else:
        console.print(_duel_outcome(outcome, view["seat"]))


def _duel_outcome(outcome: OutcomeJSON, viewer: int | None) -> Panel:
    details = outcome["details"]
    ranks = outcome["ranks"]
    if all(r == 1 for r in ranks):
        headline = Text("Draw 引き分け", style="bold yellow")
    else:
        winner = ranks.index(1)
        name = seat_label(winner, viewer, False)
        headline = Text(f"{name} wins 勝利", style="bold green")
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("row 列")
    rows_by_seat = details.get("rows", [])
    for s, _ in enumerate(rows_by_seat):
        table.add_column(seat_label(s, viewer, False), justify="right")
    for row in ROWS:
        scores = [seat_rows[row] for seat_rows in rows_by_seat]
        best = max(scores)
        cells = [
            Text(str(v), style="bold green" if v == best and scores.count(best) == 1 else "")
            for v in scores
        ]
        table.add_row(row_label(row), *cells)
    table.add_row(Text("rows won 勝利した列", style="bold"), *map(str, details.get("rows_won", [])))
    failed = details.get("failed_launch", [])
    if any(failed):
        table.add_row(
            Text("launch failed 打上げ失敗", style="bold red"),
            *("yes" if f else "no" for f in failed),
        )
    parts: list[RenderableType] = [headline, Text(str(details.get("reason", "")))]
    if details.get("chase_rounds"):
        parts.append(Text(f"追い打ち rounds: {details['chase_rounds']}"))
    parts.append(table)
    return Panel(Group(*parts), title="Result 結果", expand=False, box=box.DOUBLE)


def _solo_outcome(details: Mapping[str, Any]) -> Panel:
    rows = details.get("rows", {})
    table = Table(box=None, show_header=False, pad_edge=False)
    table.add_column()
    table.add_column(justify="right")
    for row in ROWS:
        table.add_row(row_label(row), str(rows.get(row, 0)))
    if details.get("failed_launch"):
        parts: list[RenderableType] = [
            Text("Launch failed 打上げ失敗", style="bold red"),
            Text(str(details.get("reason", ""))),
            table,
        ]
        return Panel(Group(*parts), title="Evaluation 評価", expand=False, box=box.DOUBLE)
    table.add_row(Text("total 合計", style="bold"), str(details["total"]))
    table.add_row("total gap 合計ギャップ", str(details["total_gap"]))
    table.add_row("gap penalty ギャップペナルティ", f"−{details['gap_penalty']}")
    table.add_row(Text("evaluation 評価点", style="bold"), Text(str(details["evaluation"]), "bold"))
    title = Text.assemble(
        ("Title 称号: ", "bold"),
        (str(details["title"]), "bold yellow"),
        f" ({details.get('title_en', '')})",
    )
    return Panel(Group(table, title), title="Evaluation 評価", expand=False, box=box.DOUBLE)
