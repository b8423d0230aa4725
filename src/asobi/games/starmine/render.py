"""Terminal rendering of a Starmine view (rich), for ``asobi play`` and ``asobi replay``.

It reads only the JSON-ready view (see ``views.py``) and events, never a state, so it can
show nothing a seat may not know. In English the game's own terms follow in Japanese; in
Japanese (``lang="ja"``) everything is said in the rulebook's terms. The front end
(``asobi.play``) finds this module by the game's id and calls:

- ``render(view, console, lang)``: the table as ``view["seat"]`` sees it, and the outcome
  (in Japanese the front end prints the phrasebook's outcome instead);
- ``sections(view, lang)``: the same table in its parts, for printing what changed;
- ``action_text(code)``: an action code with its cards coloured;
- ``group(code, view, lang)``: a placement listed under its meld and that meld's points (a
  boost meld's too, before it is placed), with the rows it may go to.
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
from asobi.core.words import Words, plural, seat_label
from asobi.games.starmine.actions import MELD_BY_CODE, MELD_POINTS, ROW_NAMES
from asobi.games.starmine.cards import FIREWORKS
from asobi.games.starmine.views import StarmineView, read_view

ROWS = ROW_NAMES
ROW_JA = {"opening": "オープニング", "main": "メイン", "finale": "フィナーレ"}
MELD_EN = {"seq": "sequence", "three": "three of a kind", "pair": "pair"}
MELD_JA = {"seq": "シーケンス", "three": "3カード", "pair": "ペア"}
FIREWORK_TEXT = card_text_for(FIREWORKS)
COLOUR_STYLE = FIREWORK_TEXT.styles
TITLE = Words(
    "Starmine Rummy Pocket スターマイン・ラミー ポケット", "スターマイン・ラミー ポケット"
)


def _say(en: str, ja: str, lang: str) -> str:
    """``en`` or ``ja``, as ``lang`` asks."""
    return ja if lang == "ja" else en


def _seat(seat: int | None, viewer: int | None, solo: bool, lang: str) -> str:
    """A seat as the table names it: "seat 0 (you)" / 「席0(あなた)」."""
    return seat_label(seat, viewer, solo, lang)


# --- small pieces ------------------------------------------------------------------------
card_text = FIREWORK_TEXT.card  # boosts in magenta
cards_text = FIREWORK_TEXT.cards
colour_codes = FIREWORK_TEXT.colour


def action_text(code: str) -> Text:
    return colour_codes(code)


def group(code: str, view: Mapping[str, Any], lang: str = "en") -> tuple[Text, str] | None:
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
    head = Text(f"{_say(MELD_EN[meld.kind], MELD_JA[meld.kind], lang)} ")
    head.append_text(cards_text([c.code for c in meld.cards]))
    head.append(f"  {_say(plural(points, 'point'), f'{points}点', lang)}", style="bold")
    cost = MELD_POINTS[meld.kind] - points
    if cost:
        boosts = "the boost" if meld.boosts == 1 else plural(meld.boosts, "boost")
        head.append(_say(f" (−{cost} for {boosts})", f"(ブースト分 −{cost})", lang))
    return head, _say(row, ROW_JA[row], lang)


def meld_text(meld: Mapping[str, Any], lang: str = "en") -> Text:
    kind = str(meld["kind"])
    out = Text(f"{(MELD_JA if lang == 'ja' else MELD_EN).get(kind, kind)} ")
    out.append_text(cards_text(meld["cards"]))
    out.append(f"  {meld['points']}", style="bold")
    return out


def row_label(row: str, lang: str = "en") -> Text:
    if lang == "ja":
        return Text(ROW_JA[row], style="bold")
    return Text.assemble((row, "bold"), " ", (ROW_JA[row], "dim"))


# --- the table ---------------------------------------------------------------------------
def _status(view: StarmineView, lang: str = "en") -> Text:
    solo = view["mode"] == "solo"
    phase = view["phase"]
    active = view["active"]
    viewer = view["seat"]
    if phase == "over":
        return Text(_say("Game over 終了", "ゲーム終了", lang), style="bold")
    who = _say(", ", "、", lang).join(_seat(s, viewer, solo, lang) for s in active)
    if phase == "turn":
        if solo:
            doing = _say(
                "B: remove a card and draw 2 · C: place a meld",
                "B:1枚廃棄して2枚引く · C:役を配置する",
                lang,
            )
        else:
            doing = _say(
                "A: discard 1 and draw 2 (手札を増やす) · B: place a meld (花火カードを配置する)",
                "A:手札を増やす(1枚捨てて2枚引く)· B:花火カードを配置する",
                lang,
            )
    elif phase == "draw":
        n = view["draws_left"]
        if lang == "ja":
            doing = f"山札か{'オープン札' if solo else '捨て札'}からあと{n}枚引く"
        else:
            source = "deck or open cards" if solo else "deck or discards"
            doing = f"draw {plural(n, 'more card')} from the {source}"
    elif phase == "flip":
        doing = _say(
            "the turned-up card goes to the open cards (open) or the removed cards (remove)",
            "めくったカードをオープン札(open)か廃棄札(remove)にする",
            lang,
        )
    elif phase == "final":
        doing = (
            _say(
                "final phase 最終フェーズ: one last meld on the finale, or pass",
                "最終フェーズ:フィナーレの列に最後の役を1つ配置するか、パス",
                lang,
            )
            if solo
            else _say(
                "final phase 最終フェーズ: one last meld on any row, or pass",
                "最終フェーズ:好きな列に最後の役を1つ配置するか、パス",
                lang,
            )
        )
    elif phase == "chase":
        n = view["chase_rounds"]
        doing = _say(
            f"追い打ち round {n}: add one meld to any row, or pass",
            f"追い打ち{n}回目:好きな列に役を1つ追加するか、パス",
            lang,
        )
    else:
        doing = phase
    return Text.assemble((_say(f"{who} to act", f"{who}の手番", lang), "bold"), " — ", doing)


def _rows_table(view: StarmineView, lang: str = "en") -> Table:
    solo = view["mode"] == "solo"
    viewer = view["seat"]
    seats = view["seats"]
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, expand=False)
    table.add_column(_say("row 列", "列", lang))
    for s, _ in enumerate(seats):
        table.add_column(_seat(s, viewer, solo, lang), overflow="fold")
    current = view.get("current_row")
    for row in ROWS:
        label = row_label(row, lang)
        if solo and current is not None:
            if ROWS.index(row) < ROWS.index(current):
                label.append(_say(" closed 完成", " 完成", lang), style="dim italic")
            elif row == current and view["phase"] != "over":
                label.append(_say(" ← building", " ← 配置中", lang), style="cyan")
        cells: list[RenderableType] = []
        for seat in seats:
            melds = seat["rows"][row]
            lines = [meld_text(m, lang) for m in melds] or [Text("—", style="dim")]
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


def _piles(view: StarmineView, lang: str = "en") -> list[tuple[str, RenderableType]]:
    """The deck and the piles beside it, each named."""
    solo = view["mode"] == "solo"
    n = view["deck_size"]
    piles: list[tuple[str, RenderableType]] = [
        (
            _say("deck 山札", "山札", lang),
            Text.assemble(
                (_say("Deck 山札: ", "山札:", lang), "bold"),
                _say(plural(n, "card"), f"{n}枚", lang),
            ),
        )
    ]
    if solo:
        flipped = view.get("flipped")
        if flipped:
            note = (
                _say(
                    "open → the next card is removed; remove → the next card is open",
                    "open → 次のカードは廃棄札、remove → 次のカードはオープン札",
                    lang,
                )
                if view["phase"] == "flip"
                else _say(
                    "the deck's last card: the game ended as it was turned up",
                    "山札の最後のカード:めくられてゲームが終わった",
                    lang,
                )
            )
            label = _say("Turned up めくったカード:", "めくったカード:", lang)
            piles.append(
                (
                    _say("turned-up card", "めくったカード", lang),
                    _cards_line(label, [flipped], note),
                )
            )
        open_cards = _cards_line(
            _say("Open cards オープン札:", "オープン札:", lang),
            view.get("open_cards", []),
            _say("drawable", "引ける", lang),
        )
        removed = _cards_line(
            _say("Removed 廃棄札:", "廃棄札:", lang),
            view.get("removed_cards", []),
            _say("out of the game", "ゲームから除外", lang),
        )
        piles += [
            (_say("open cards オープン札", "オープン札", lang), open_cards),
            (_say("removed cards 廃棄札", "廃棄札", lang), removed),
        ]
        return piles
    discards = _cards_line(
        _say("Discards 捨て札:", "捨て札:", lang),
        view.get("discards", []),
        _say("oldest first", "古い順", lang),
    )
    just_discarded = view.get("discarded_this_turn")
    if just_discarded:
        discards.append_text(
            Text.assemble(
                _say("\n  (", "\n  (", lang),
                card_text(just_discarded),
                _say(
                    " was discarded this turn: it cannot be taken back)",
                    "はこの手番で捨てたカード:取り戻せません)",
                    lang,
                ),
            )
        )
    piles.append((_say("discards 捨て札", "捨て札", lang), discards))
    return piles


def _hands(view: StarmineView, lang: str = "en") -> list[tuple[str, RenderableType]]:
    """Each hand, named by whose it is: the cards where the view shows them, else a count
    and the cards known to be in it."""
    solo = view["mode"] == "solo"
    viewer = view["seat"]
    hands: list[tuple[str, RenderableType]] = []
    for s, seat in enumerate(view["seats"]):
        whose = (
            _say("your hand", "あなたの手札", lang)
            if s == viewer
            else _say(f"seat {s}'s hand", f"席{s}の手札", lang)
        )
        if "hand" in seat:
            if s == viewer:
                label = _say("Your hand 手札:", "あなたの手札:", lang)
            else:
                label = _say(f"Seat {s} hand 手札:", f"席{s}の手札:", lang)
            hands.append((whose, _cards_line(label, seat["hand"])))
        elif not solo:
            n = seat["hand_size"]
            label = _say(f"Seat {s} hand 手札: ", f"席{s}の手札:", lang)
            line = Text.assemble((label, "bold"), _say(plural(n, "card"), f"{n}枚", lang))
            known = seat["known_cards"]
            if known:
                line.append(_say(" (known: ", "(わかっているカード:", lang))
                line.append_text(cards_text(known))
                line.append(_say(")", ")", lang))
            hands.append((whose, line))
    return hands


def sections(raw: Mapping[str, Any], lang: str = "en") -> list[tuple[str, RenderableType]]:
    """The table's parts, in order, each named: what to act on, each pile, the rows, each
    hand."""
    return _sections(read_view(raw), lang)


def _sections(view: StarmineView, lang: str = "en") -> list[tuple[str, RenderableType]]:
    return [
        (_say("status", "手番", lang), _status(view, lang)),
        *_piles(view, lang),
        (_say("rows 列", "列", lang), _rows_table(view, lang)),
        *_hands(view, lang),
    ]


def render(raw: Mapping[str, Any], console: Console, lang: str = "en") -> None:
    """Print the table as ``view["seat"]`` sees it; after the game, the outcome too."""
    view = read_view(raw)
    solo = view["mode"] == "solo"
    mode = _say("solo contest ソロ", "ソロ", lang) if solo else _say("duel", "2人対戦", lang)
    body = Group(*(part for _, part in _sections(view, lang)))
    title = f"{TITLE.get(lang)} · {mode}"
    console.print(Panel(body, title=title, box=box.ROUNDED, expand=False))
    if view["outcome"] is not None and lang != "ja":  # in Japanese: the phrasebook's
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
