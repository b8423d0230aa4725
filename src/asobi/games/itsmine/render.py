"""Terminal rendering of an It's Mine! view (rich), for ``asobi play`` and ``asobi replay``.

It reads only the JSON-ready view (see ``views.py``) and events, never a state, so it can
show nothing a seat may not know: the other seat's bid or simultaneous play shows only as
"in", its hand as a count (plus the citizens it was seen to take). In English the game's
own terms follow in Japanese; in Japanese (``lang="ja"``) everything is said in the
rulebook's terms (``words.py`` lists them). The front end (``asobi.play``) finds this
module by the game's id and calls (the events' words are the game's phrasebook):

- ``render(view, console, lang)``: the table as ``view["seat"]`` sees it, and the outcome
  (in Japanese the front end prints the phrasebook's outcome instead);
- ``sections(view, lang)``: the same table in its parts, for printing what changed;
- ``action_text(code)``: an action code with its cards coloured by suit;
- ``public_code(code, hidden, lang)``: a move as the other seat may see it (a secret bid,
  a secret play, a bonus card kept or removed: never the code).
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
from asobi.core.words import Words, fill, plural, seat_label
from asobi.games.itsmine.actions import MINES
from asobi.games.itsmine.views import ItsMineView, read_view
from asobi.games.itsmine.words import end_reason, how_each_mine_went

TITLE = Words("It's Mine! イッツマイン!", "イッツマイン!")


def _say(en: str, ja: str, lang: str) -> str:
    """``en`` or ``ja``, as ``lang`` asks."""
    return ja if lang == "ja" else en


def _seat(seat: int | None, viewer: int | None, lang: str) -> str:
    """A seat as the table names it: "seat 0 (you)" / 「席0(あなた)」."""
    return seat_label(seat, viewer, lang=lang)


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
    "bid": Words("a secret bid", "伏せた入札"),
    "play_chosen": Words("a secret play", "伏せて選んだカード"),
    "bonus_decided": Words(
        "a bonus card kept or removed (secret)", "ボーナスカードを手札にしたか除外した(秘密)"
    ),
}


def public_code(code: str, hidden: Sequence[str], lang: str = "en") -> str:
    """``code`` as a seat that may not see the events of kinds ``hidden`` may know it."""
    for kind in hidden:
        if kind in SECRET_MOVES:
            return SECRET_MOVES[kind].get(lang)
    return code


# --- the status ----------------------------------------------------------------------------
def _round_line(view: ItsMineView, lang: str = "en") -> Text:
    n = view["round"]
    if lang == "ja":
        variant = "シンプル" if view["variant"] == "simple" else "基本ルール"
        line = Text.assemble((f"第{n}ラウンド", "bold"), f" · {variant}")
    else:
        variant = "simple variant シンプル" if view["variant"] == "simple" else "basic rules 基本"
        line = Text.assemble((f"Round {n}", "bold"), " ラウンド", f" · {variant}")
    if view["final_round"] and view["phase"] != "over":
        why = end_reason(view["end_reason"])
        if lang == "ja":
            line.append(f"  ⚠ 最終ラウンド({why.ja}):このラウンドの後に得点計算", style="bold red")
        else:
            line.append(
                f"  ⚠ FINAL ROUND 最終ラウンド ({why.en}): the game is scored after this round",
                style="bold red",
            )
    return line


def _status(view: ItsMineView, lang: str = "en") -> Text:
    phase = view["phase"]
    viewer = view["seat"]
    active = view["active"]
    who = _say(" and ", "と", lang).join(_seat(s, viewer, lang) for s in active)
    higher = view["higher"]
    if phase == "bid":
        doing = _say(
            "Auction オークション: choose a die face 1–6 in secret (bid N); both are "
            "revealed together. The lower face takes exactly that many citizens, then the "
            "higher takes 1 up to its face.",
            "オークション:ダイスの目1〜6を伏せて選びます(bid N)。2人同時に公開し、小さい目の"
            "人がその数だけ国民カードを取り、次に大きい目の人が1枚からその目の数まで取ります。",
            lang,
        )
        if view["ties"]:
            t = view["ties"]
            doing += _say(
                f" Tie あいこ ×{t}: bidding again, the tied face barred too.",
                f"あいこ×{t}:あいこの目も出せずに入札し直し。",
                lang,
            )
        return Text.assemble((_say(f"{who} to bid", f"{who}の入札", lang), "bold"), " — ", doing)
    if phase == "take":
        left, must = view["take_left"], view["take_must"]
        taker = active[0] if active else None
        noun = "citizen card 国民カード" if left == 1 else "citizen cards 国民カード"
        if taker is not None and taker == higher:
            if must:
                doing = _say(
                    f"higher face 後手: take 1 up to {left} {noun}",
                    f"大きい目(後手):国民カードを1〜{left}枚取る",
                    lang,
                )
            else:
                doing = _say(
                    f"higher face 後手: take up to {left} more {noun}, or done to stop",
                    f"大きい目(後手):国民カードをあと{left}枚まで取るか、doneで終える",
                    lang,
                )
        else:
            doing = _say(
                f"lower face 先手: take exactly {left} more {noun}",
                f"小さい目(先手):国民カードをあと{left}枚ちょうど取る",
                lang,
            )
        return Text.assemble((_say(f"{who} takes", f"{who}が取る", lang), "bold"), " — ", doing)
    if phase == "play":
        if lang == "ja":
            first = "" if higher is None else f"({_seat(higher, viewer, lang)}が先に出す)"
            doing = (
                f"フェイズ3{first}:1枚、同じスートの連続した数字(昇順か降順)、または"
                "異なるスートの同じ数字を出す。出せるカードがないときだけパス"
            )
            return Text.assemble((f"{who}がカードを出す", "bold"), " — ", doing)
        first = "" if higher is None else f" ({seat_label(higher, viewer)} lays first)"
        return Text.assemble(
            (f"{who} to lay cards", "bold"),
            f" — phase 3 フェイズ3{first}: one card, a run of one suit (up or down), or one "
            "rank in several suits; pass only when nothing fits",
        )
    if phase == "play_together":
        return Text.assemble(
            (_say(f"{who} to lay cards", f"{who}がカードを出す", lang), "bold"),
            _say(
                " — the auction ended tied (レアなケース): both choose a play in secret; the "
                "larger sum of ranks lays first",
                " — オークションがあいこで終わった(レアなケース):2人とも出すカードを伏せて選び、"
                "数字の合計が大きい方が先に出す",
                lang,
            ),
        )
    if phase == "bonus":
        return Text.assemble(
            (_say(f"{who}: 3-card bonus 3枚ボーナス", f"{who}:3枚ボーナス", lang), "bold"),
            _say(
                " — look at the bonus card, then keep it in hand or remove it face down",
                " — ボーナスカードを見て、手札にするか裏向きで除外する",
                lang,
            ),
        )
    if phase == "over":
        return Text(_say("Game over 終了", "ゲーム終了", lang), style="bold")
    return Text(f"{who}: {phase}")


def _cards(n: int, lang: str) -> str:
    return _say(plural(n, "card"), f"{n}枚", lang)


def _piles(view: ItsMineView, lang: str = "en") -> tuple[Text, Text]:
    citizens = view["citizens"]
    line = Text.assemble(
        (_say("Deck 山札: ", "山札:", lang), "bold"),
        _cards(view["deck_size"], lang),
        " · ",
        (_say("Bonus pile ボーナスの山: ", "ボーナスの山:", lang), "bold"),
        _cards(view["bonus_pile"], lang),
        (_say(" (face down)", "(裏向き)", lang), "dim"),
    )
    label = _say(f"Citizens 国民カード ({len(citizens)}): ", f"国民カード({len(citizens)}):", lang)
    cits = Text.assemble((label, "bold"))
    cits.append_text(cards_text(citizens))
    return line, cits


def _dice(view: ItsMineView, lang: str = "en") -> list[Text]:
    """The faces shown (public), and who has a secret bid or play in — never what."""
    viewer = view["seat"]
    phase = view["phase"]
    secret = phase in ("bid", "play_together")
    lines = [
        Text.assemble(
            (_say("Dice ダイス", "ダイス", lang), "bold"),
            _say(" (the face each showed last):", "(それぞれが最後に出した目):", lang),
        )
    ]
    hidden = _say(" (hidden from the other seat)", "(相手には見えません)", lang)
    for s, seat in enumerate(view["seats"]):
        line = Text(f"  {_seat(s, viewer, lang)} {die_text(seat['die'])}")
        if secret:
            what = "bid" if phase == "bid" else "play"
            what_ja = "入札" if phase == "bid" else "出すカード"
            if s == viewer and "bid" in seat:
                shown = die_text(seat["bid"])
                line.append(
                    _say(f" — your bid: {shown}", f" — あなたの入札:{shown}", lang),
                    style="bold cyan",
                )
                line.append(hidden, style="dim")
            elif s == viewer and "play" in seat:
                line.append(
                    _say(" — your play: ", " — あなたが出すカード:", lang), style="bold cyan"
                )
                line.append_text(colour_codes(seat["play"]))
                line.append(hidden, style="dim")
            elif seat["committed"]:
                line.append(
                    _say(
                        f" — {what} in ✓ (hidden until both are in)",
                        f" — {what_ja}済み ✓(2人そろうまで伏せたまま)",
                        lang,
                    ),
                    style="bold green",
                )
            else:
                line.append(
                    _say(f" — choosing a {what}…", f" — {what_ja}を選んでいます…", lang),
                    style="yellow",
                )
        if phase == "bid" and not seat["committed"]:
            barred = seat["forbidden_faces"]
            if barred:  # public, and the other's matter as much as one's own
                # "「1」の目を上にして": in the first round the barred face is the one the dice
                # start on, not one shown in a round before.
                faces = ", ".join(map(str, barred))
                if lang == "ja":
                    shown = "ダイスの最初の目" if view["round"] == 1 else "前のラウンドの目"
                    why = shown + ("とあいこの目" if view["ties"] else "")
                    line.append(f" — {faces}は出せません({why})", "dim")
                else:
                    shown = (
                        "the face the dice start on" if view["round"] == 1 else "last round's face"
                    )
                    why = shown + (" and the tied face" if view["ties"] else "")
                    line.append(f" — may not show {faces} ({why})", "dim")
        lines.append(line)
    return lines


def _mines_table(view: ItsMineView, lang: str = "en") -> Table:
    """The seven mines in a row; under each, every seat's column in laid order."""
    viewer = view["seat"]
    mines = view["mines"]
    claimed = set(view["bonus_claimed"])
    table = Table(
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        collapse_padding=True,
        title=_say("Mines 鉱山 and each seat's columns", "鉱山と各プレイヤーの列", lang),
        title_justify="left",
        title_style="bold",
        caption=_say(
            "★ 3-card bonus 3枚ボーナス taken (once per mine) · ↑↓ column direction",
            "★ 3枚ボーナス獲得済み(鉱山ごとに1回)· ↑↓ 列の向き(昇順・降順)",
            lang,
        ),
        caption_justify="left",
        caption_style="dim",
    )
    table.add_column("", no_wrap=True)
    for code in mines:
        if lang == "ja":
            header = Text(f"{SUIT_JA[code[0]]}\n{code[1:]}", style=SUIT_STYLE[code[0]])
        else:
            header = mine_label(code)
            header.append(f"\n{SUIT_JA[code[0]]}", style="dim")
        table.add_column(header, no_wrap=True)
    if view["variant"] == "simple":
        points = [str(SIMPLE_POINTS)] * len(mines)
    else:
        points = [str(13 if code.endswith("K") else int(code[1:])) for code in mines]
    label = Text(_say("points 点", "勝利点", lang), style="dim")
    table.add_row(label, *(Text(p, style="dim") for p in points))
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
        row_label = Text(_seat(s, viewer, lang), style="bold")
        table.add_row(row_label, *cells, end_section=n == 0)
    table.add_row(
        Text(_say("bonus 3枚", "3枚ボーナス", lang), style="dim"),
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


def _hands(view: ItsMineView, lang: str = "en") -> list[tuple[str, Text]]:
    """Each hand, named by whose it is (the cards where the view shows them, else a count and
    the cards known to be in it), then the bonus cards this seat removed."""
    viewer = view["seat"]
    lines = []
    for s, seat in enumerate(view["seats"]):
        if s == viewer:
            whose = _say("your hand 手札", "あなたの手札", lang)
            label = _say("Your hand 手札", "あなたの手札", lang)
        else:
            whose = _say(f"seat {s}'s hand", f"席{s}の手札", lang)
            label = _say(f"Seat {s} hand 手札", f"席{s}の手札", lang)
        if "hand" in seat:
            count = _say(f" ({len(seat['hand'])}): ", f"({len(seat['hand'])}):", lang)
            line = Text.assemble((f"{label}{count}", "bold"))
            line.append_text(cards_text(seat["hand"]))
            lines.append((whose, line))
        else:
            line = Text.assemble(
                (f"{label}{_say(': ', ':', lang)}", "bold"), _cards(seat["hand_size"], lang)
            )
            known = seat["known_cards"]
            if known:
                line.append(_say(" (known: ", "(わかっているカード:", lang))
                line.append_text(cards_text(known))
                line.append(_say(")", ")", lang))
            lines.append((whose, line))
    if viewer is not None:
        removed = view["seats"][viewer].get("removed_bonus", [])
        if removed:
            label = _say("Your removed bonus cards 除外: ", "あなたが除外したボーナスカード:", lang)
            line = Text.assemble((label, "bold"))
            line.append_text(cards_text(removed))
            line.append(
                _say(
                    "  (face down, out of the game; only you know them)",
                    "(裏向きでゲームから除外。あなただけが知っています)",
                    lang,
                ),
                style="dim",
            )
            lines.append((_say("your removed bonus cards 除外", "除外したカード", lang), line))
    return lines


def _bonus_card(view: ItsMineView, lang: str = "en") -> Text | None:
    code = view.get("bonus_card")
    if not code:
        return None
    label = _say("Bonus card ボーナスカード you are looking at: ", "見ているボーナスカード:", lang)
    out = Text.assemble((label, "bold yellow"))
    out.append_text(card_text(code))
    out.append(
        _say(
            " — keep it in your hand, or remove it face down (only you see it)",
            " — 手札にするか、裏向きで除外する(あなただけが見ています)",
            lang,
        )
    )
    return out


def sections(raw: Mapping[str, Any], lang: str = "en") -> list[tuple[str, RenderableType]]:
    """The table's parts, in order, each named: the round, what to act on, the piles and
    citizens, the dice, the mines, the hands, a bonus card being looked at."""
    return _sections(read_view(raw), lang)


def _sections(view: ItsMineView, lang: str = "en") -> list[tuple[str, RenderableType]]:
    deck, citizens = _piles(view, lang)
    parts: list[tuple[str, RenderableType]] = [
        (_say("round ラウンド", "ラウンド", lang), _round_line(view, lang)),
        (_say("status", "手番", lang), _status(view, lang)),
        (_say("deck 山札", "山札", lang), deck),
        (_say("citizens 国民カード", "国民カード", lang), citizens),
        (_say("dice ダイス", "ダイス", lang), Group(*_dice(view, lang))),
        (_say("mines 鉱山", "鉱山", lang), _mines_table(view, lang)),
        *_hands(view, lang),
    ]
    bonus = _bonus_card(view, lang)
    if bonus is not None:
        parts.append((_say("bonus card ボーナスカード", "ボーナスカード", lang), bonus))
    return parts


def render(raw: Mapping[str, Any], console: Console, lang: str = "en") -> None:
    """Print the table as ``view["seat"]`` sees it; after the game, the outcome too (in
    Japanese, the front end prints the phrasebook's)."""
    view = read_view(raw)
    body = Group(*(part for _, part in _sections(view, lang)))
    console.print(Panel(body, title=TITLE.get(lang), box=box.ROUNDED, expand=False))
    if view["outcome"] is not None and lang != "ja":
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
        title="Cards per mine that count (the hands' last cards took some out: step 4)",
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
    lines.append(Text("Who takes each mine, and why:", style="bold"))
    names = [seat_label(s, viewer) for s in range(len(ranks))]
    lines += [
        Text("  ").append_text(colour_codes(f"{MINES[m].code}: {fill(why.en, names)}"))
        for m, _, why in how_each_mine_went(details)
    ]
    console.print(Panel(Group(*lines), title="Result 結果", expand=False, box=box.DOUBLE))
