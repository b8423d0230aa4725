"""Terminal rendering of an It's Mine! view (rich), for ``asobi play`` and ``asobi replay``.

It reads only the JSON-ready view (see ``views.py``) and events, never a state, so it can
show nothing a seat may not know: the other seat's bid or simultaneous play shows only as
"in", its hand as a count (plus the citizens it was seen to take). English first, the
game's own terms in Japanese after. The front end (``asobi.play``) finds this module by the
game's id and calls (the events' words are the game's phrasebook, ``words.py``):

- ``render(view, console)``: the table as ``view["seat"]`` sees it, and the outcome;
- ``sections(view)``: the same table in its parts, for printing what changed;
- ``action_text(code)``: an action code with its cards coloured by suit;
- ``public_code(code, hidden)``: a move as the other seat may see it (a secret bid, a
  secret play, a bonus card kept or removed: never the code).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from asobi.core.cards import SEVEN, SEVEN_SUITS
from asobi.core.cardtext import SEVEN_TEXT
from asobi.core.typed import OutcomeJSON
from asobi.core.words import plural, seat_label
from asobi.games.itsmine.views import ItsMineView, read_view

TITLE = "It's Mine! イッツマイン!"
SUIT_EN = {s.letter: s.en for s in SEVEN_SUITS}
SUIT_JA = {s.letter: s.ja for s in SEVEN_SUITS}
SUIT_STYLE = SEVEN_TEXT.styles
DIE = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}
SIMPLE_POINTS = 10


# --- small pieces ------------------------------------------------------------------------
card_text = SEVEN_TEXT.card
cards_text = SEVEN_TEXT.cards
colour_codes = SEVEN_TEXT.colour


def die_text(face: int) -> str:
    return f"{DIE.get(face, '?')} {face}"


def mine_name(code: str) -> str:
    """A mine by its card code: "C10" → "Coin 10 コイン"."""
    return f"{SUIT_EN[code[0]]} {code[1:]} {SUIT_JA[code[0]]}"


def mine_label(code: str) -> Text:
    return Text.assemble((f"{SUIT_EN[code[0]]} {code[1:]}", SUIT_STYLE[code[0]]))


def action_text(code: str) -> Text:
    """An action code, its cards coloured and a word on what it does."""
    words = code.split()
    out = colour_codes(code)
    if words[:1] == ["bid"] and len(words) == 2 and words[1].isdigit():
        out.append(f" {DIE.get(int(words[1]), '')}")
    elif code == "keep":
        out.append(" (into your hand)", style="dim")
    elif code == "remove":
        out.append(" (face down, out of the game)", style="dim")
    elif code == "done":
        out.append(" (stop taking)", style="dim")
    return out


# The events that carry a move's secret: seen by the mover alone.
SECRET_MOVES = {
    "bid": "a secret bid",
    "play_chosen": "a secret play",
    "bonus_decided": "a bonus card kept or removed (secret)",
}


def public_code(code: str, hidden: Sequence[str]) -> str:
    """``code`` as a seat that may not see the events of kinds ``hidden`` may know it."""
    for kind in hidden:
        if kind in SECRET_MOVES:
            return SECRET_MOVES[kind]
    return code


# --- the status ----------------------------------------------------------------------------
def _round_line(view: ItsMineView) -> Text:
    variant = "simple variant シンプル" if view["variant"] == "simple" else "basic rules 基本"
    line = Text.assemble((f"Round {view['round']}", "bold"), " ラウンド", f" · {variant}")
    if view["final_round"] and view["phase"] != "over":
        why = view["end_reason"] or "the end is near"
        line.append(
            f"  ⚠ FINAL ROUND 最終ラウンド ({why}): the game is scored after this round",
            style="bold red",
        )
    return line


def _status(view: ItsMineView) -> Text:
    phase = view["phase"]
    viewer = view["seat"]
    active = view["active"]
    who = " and ".join(seat_label(s, viewer) for s in active)
    higher = view["higher"]
    if phase == "bid":
        doing = (
            "Auction オークション: choose a die face 1–6 in secret (bid N); both are "
            "revealed together. The lower face takes exactly that many citizens, then the "
            "higher takes 1 up to its face."
        )
        if view["ties"]:
            doing += f" Tie あいこ ×{view['ties']}: bidding again, the tied face barred too."
        return Text.assemble((f"{who} to bid", "bold"), " — ", doing)
    if phase == "take":
        left, must = view["take_left"], view["take_must"]
        taker = active[0] if active else None
        noun = "citizen card 国民カード" if left == 1 else "citizen cards 国民カード"
        if taker is not None and taker == higher:
            if must:
                doing = f"higher face 後手: take 1 up to {left} {noun}"
            else:
                doing = f"higher face 後手: take up to {left} more {noun}, or done to stop"
        else:
            doing = f"lower face 先手: take exactly {left} more {noun}"
        return Text.assemble((f"{who} takes", "bold"), " — ", doing)
    if phase == "play":
        first = "" if higher is None else f" ({seat_label(higher, viewer)} lays first)"
        return Text.assemble(
            (f"{who} to lay cards", "bold"),
            f" — phase 3 フェイズ3{first}: one card, a run of one suit (up or down), or one "
            "rank in several suits; pass only when nothing fits",
        )
    if phase == "play_together":
        return Text.assemble(
            (f"{who} to lay cards", "bold"),
            " — the auction ended tied (レアなケース): both choose a play in secret; the "
            "larger sum of ranks lays first",
        )
    if phase == "bonus":
        return Text.assemble(
            (f"{who}: 3-card bonus 3枚ボーナス", "bold"),
            " — look at the bonus card, then keep it in hand or remove it face down",
        )
    if phase == "over":
        return Text("Game over 終了", style="bold")
    return Text(f"{who}: {phase}")


def _piles(view: ItsMineView) -> tuple[Text, Text]:
    citizens = view["citizens"]
    line = Text.assemble(
        ("Deck 山札: ", "bold"),
        plural(view["deck_size"], "card"),
        " · ",
        ("Bonus pile ボーナスの山: ", "bold"),
        plural(view["bonus_pile"], "card"),
        (" (face down)", "dim"),
    )
    cits = Text.assemble((f"Citizens 国民カード ({len(citizens)}): ", "bold"))
    cits.append_text(cards_text(citizens))
    return line, cits


def _dice(view: ItsMineView) -> list[Text]:
    """The faces shown (public), and who has a secret bid or play in — never what."""
    viewer = view["seat"]
    phase = view["phase"]
    secret = phase in ("bid", "play_together")
    lines = [Text.assemble(("Dice サイコロ", "bold"), " (the face each showed last):")]
    for s, seat in enumerate(view["seats"]):
        line = Text(f"  {seat_label(s, viewer)} {die_text(seat['die'])}")
        if secret:
            what = "bid" if phase == "bid" else "play"
            if s == viewer and "bid" in seat:
                line.append(f" — your bid: {die_text(seat['bid'])}", style="bold cyan")
                line.append(" (hidden from the other seat)", style="dim")
            elif s == viewer and "play" in seat:
                line.append(" — your play: ", style="bold cyan")
                line.append_text(colour_codes(seat["play"]))
                line.append(" (hidden from the other seat)", style="dim")
            elif seat["committed"]:
                line.append(f" — {what} in ✓ (hidden until both are in)", style="bold green")
            else:
                line.append(f" — choosing a {what}…", style="yellow")
        if phase == "bid" and not seat["committed"]:
            barred = seat["forbidden_faces"]
            if barred:  # public, and the other's matter as much as one's own
                # "「1」の目を上にして": in the first round the barred face is the one the dice
                # start on, not one shown in a round before.
                shown = "the face the dice start on" if view["round"] == 1 else "last round's face"
                why = shown + (" and the tied face" if view["ties"] else "")
                line.append(f" — may not show {', '.join(map(str, barred))} ({why})", "dim")
        lines.append(line)
    return lines


def _mines_table(view: ItsMineView) -> Table:
    """The seven mines in a row; under each, every seat's column in laid order."""
    viewer = view["seat"]
    mines = view["mines"]
    claimed = set(view["bonus_claimed"])
    table = Table(
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        collapse_padding=True,
        title="Mines 鉱山 and each seat's columns",
        title_justify="left",
        title_style="bold",
        caption="★ 3-card bonus 3枚ボーナス taken (once per mine) · ↑↓ column direction",
        caption_justify="left",
        caption_style="dim",
    )
    table.add_column("", no_wrap=True)
    for code in mines:
        header = mine_label(code)
        header.append(f"\n{SUIT_JA[code[0]]}", style="dim")
        table.add_column(header, no_wrap=True)
    if view["variant"] == "simple":
        points = [str(SIMPLE_POINTS)] * len(mines)
    else:
        points = [str(13 if code.endswith("K") else int(code[1:])) for code in mines]
    table.add_row(Text("points 点", style="dim"), *(Text(p, style="dim") for p in points))
    order = list(range(len(view["seats"])))
    if viewer in order:  # your own columns last, nearest your hand
        order.remove(viewer)
        order.append(viewer)
    for n, s in enumerate(order):
        columns = view["seats"][s]["columns"]
        cells: list[RenderableType] = []
        for code in mines:
            col = columns[code]
            cells.append(_column_text(col))
        label = Text(seat_label(s, viewer), style="bold")
        table.add_row(label, *cells, end_section=n == 0)
    table.add_row(
        Text("bonus 3枚", style="dim"),
        *(
            Text("★", style="bold yellow") if code in claimed else Text("·", style="dim")
            for code in mines
        ),
    )
    return table


def _column_text(col: Sequence[str]) -> Text:
    """A column top to bottom in laid order; ↑ ascending / ↓ descending once set."""
    if not col:
        return Text("—", style="dim")
    out = Text("\n").join(card_text(c) for c in col)
    if len(col) >= 2:
        ranks = [SEVEN.card(c).rank for c in col[:2]]
        out.append(" ↑" if ranks[1] > ranks[0] else " ↓", style="bold")
    return out


def _hands(view: ItsMineView) -> list[tuple[str, Text]]:
    """Each hand, named by whose it is (the cards where the view shows them, else a count and
    the cards known to be in it), then the bonus cards this seat removed."""
    viewer = view["seat"]
    lines = []
    for s, seat in enumerate(view["seats"]):
        whose = "your hand 手札" if s == viewer else f"seat {s}'s hand"
        if "hand" in seat:
            label = "Your hand 手札" if s == viewer else f"Seat {s} hand 手札"
            line = Text.assemble((f"{label} ({len(seat['hand'])}): ", "bold"))
            line.append_text(cards_text(seat["hand"]))
            lines.append((whose, line))
        else:
            line = Text.assemble(
                (f"Seat {s} hand 手札: ", "bold"), plural(seat["hand_size"], "card")
            )
            known = seat["known_cards"]
            if known:
                line.append(" (known: ")
                line.append_text(cards_text(known))
                line.append(")")
            lines.append((whose, line))
    if viewer is not None:
        removed = view["seats"][viewer].get("removed_bonus", [])
        if removed:
            line = Text.assemble(("Your removed bonus cards 除外: ", "bold"))
            line.append_text(cards_text(removed))
            line.append("  (face down, out of the game; only you know them)", style="dim")
            lines.append(("your removed bonus cards 除外", line))
    return lines


def _bonus_card(view: ItsMineView) -> Text | None:
    code = view.get("bonus_card")
    if not code:
        return None
    out = Text.assemble(("Bonus card ボーナスカード you are looking at: ", "bold yellow"))
    out.append_text(card_text(code))
    out.append(" — keep it in your hand, or remove it face down (only you see it)")
    return out


def sections(raw: Mapping[str, Any]) -> list[tuple[str, RenderableType]]:
    """The table's parts, in order, each named: the round, what to act on, the piles and
    citizens, the dice, the mines, the hands, a bonus card being looked at."""
    return _sections(read_view(raw))


def _sections(view: ItsMineView) -> list[tuple[str, RenderableType]]:
    deck, citizens = _piles(view)
    parts: list[tuple[str, RenderableType]] = [
        ("round ラウンド", _round_line(view)),
        ("status", _status(view)),
        ("deck 山札", deck),
        ("citizens 国民カード", citizens),
        ("dice サイコロ", Group(*_dice(view))),
        ("mines 鉱山", _mines_table(view)),
        *_hands(view),
    ]
    bonus = _bonus_card(view)
    if bonus is not None:
        parts.append(("bonus card ボーナスカード", bonus))
    return parts


def render(raw: Mapping[str, Any], console: Console) -> None:
    """Print the table as ``view["seat"]`` sees it; after the game, the outcome too."""
    view = read_view(raw)
    body = Group(*(part for _, part in _sections(view)))
    console.print(Panel(body, title=TITLE, box=box.ROUNDED, expand=False))
    if view["outcome"] is not None:
        render_outcome(view, view["outcome"], console)


# --- the outcome -------------------------------------------------------------------------
def render_outcome(view: ItsMineView, outcome: OutcomeJSON, console: Console) -> None:
    details = outcome["details"]
    viewer = view["seat"]
    ranks = outcome["ranks"]
    simple = details.get("variant") == "simple"
    if all(r == 1 for r in ranks):
        headline = Text("Draw 引き分け", style="bold yellow")
    else:
        headline = Text(f"{seat_label(ranks.index(1), viewer)} wins 勝利", style="bold green")
    mines = view["mines"]
    won = details.get("mines", [[], []])
    owner = {code: s for s, codes in enumerate(won) for code in codes}

    table = Table(
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        collapse_padding=True,
        title="Cards per mine after step 4 (each leftover cancels a column top)",
        title_justify="left",
    )
    table.add_column("", no_wrap=True)
    for code in mines:
        table.add_column(card_text(code), justify="center", no_wrap=True)
    scored = details.get("columns_scored", [])
    for s, counts in enumerate(scored):
        table.add_row(
            Text(seat_label(s, viewer), style="bold"),
            *(
                Text(str(n), style="bold green" if owner.get(code) == s else "")
                for code, n in zip(mines, counts, strict=False)
            ),
        )
    table.add_row(
        Text("won by 獲得", style="bold"),
        *(
            Text(f"seat {owner[code]}", style="bold green")
            if code in owner
            else Text("nobody", style="dim")
            for code in mines
        ),
    )

    lines: list[RenderableType] = [headline, Text(str(details.get("reason", "")))]
    lines.append(table)
    raw = details.get("mine_points", [])
    points = details.get("points", outcome["scores"])
    leftover = details.get("leftover", [[], []])
    for s in range(len(points)):
        line = Text.assemble((f"{seat_label(s, viewer)}: ", "bold"))
        codes = won[s] if s < len(won) else []
        line.append("mines 鉱山 ")
        line.append_text(cards_text(codes, empty="none"))
        line.append(f" = {raw[s] if s < len(raw) else '?'}")
        left = leftover[s] if s < len(leftover) else []
        line.append(" · leftovers 余り ")
        line.append_text(cards_text(left, empty="none"))
        if not simple and left:
            line.append(f" (−3 × {len(left)})")
        line.append(" → ")
        line.append(f"{points[s]} points 勝利点", style="bold")
        lines.append(line)
    chains = details.get("tie_chains") or []
    if chains:
        text = " ; ".join(" → ".join(chain) for chain in chains)
        lines.append(colour_codes(f"Tie chains 保留 (deferred to the next mine down): {text}"))
    notes = details.get("awards") or []
    if notes:
        lines.append(Text("How each mine went:", style="bold"))
        lines += [Text("  ").append_text(colour_codes(str(n))) for n in notes]
    console.print(Panel(Group(*lines), title="Result 結果", expand=False, box=box.DOUBLE))
