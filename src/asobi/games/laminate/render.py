"""Terminal rendering of a Laminate Rummy view (rich), for ``asobi play`` and ``asobi replay``.

It reads only the view (``views.read_view``) and events, never a state, so it can
show nothing a seat may not know: another seat's hand shows as a count (plus the cards it
was seen to take), another researcher's two drawn cards as "2 cards", a gift as "a card"
to everyone but its giver and receiver, and a publication in progress not at all (only its
author's view holds the draft). In English the game's own terms follow in Japanese; in
Japanese (``lang="ja"``) everything is said in the rulebook's terms (``words.py`` lists
them). The events are told in the game's phrasebook (``words.py``), which the browser uses
too. The front end (``asobi.play``) finds this module by the game's id and calls:

- ``render(view, console, lang)``: the table as ``view["seat"]`` sees it, and the outcome
  (in Japanese the front end prints the phrasebook's outcome instead);
- ``sections(view, lang)``: the same table in its parts, for printing what changed;
- ``action_text(code)``: an action code with its cards coloured and a word on what it does;
- ``public_code(code, hidden, lang)``: a move as another seat may know it (which drawn card
  was kept, the steps of a publication and the cards given as thanks are private).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from asobi.core.cards import SEVEN
from asobi.core.cardtext import SEVEN_TEXT
from asobi.core.words import Words, hand_heading, plural, seat_label
from asobi.games.laminate.actions import PAPER, PAPER_TYPES, PaperType, Shape
from asobi.games.laminate.views import Citation, LaminateView, PaperView, read_view
from asobi.games.laminate.words import NEED, PAPER_NAME, points

TITLE = Words("Laminate Rummy ラミネートラミー", "ラミネートラミー")
SUIT_STYLE = SEVEN_TEXT.styles

PHASE_DOING = {
    "turn": Words(
        "research 研究 (draw / take), review 査読 or publish 論文発表",
        "研究(draw / take)、査読、論文発表のどれか",
    ),
    "keep": Words(
        "research 研究: keep one of the two cards drawn; the other is discarded face up",
        "研究:引いた2枚から1枚を残す。もう1枚は表向きで捨て札へ",
    ),
    "publish": Words(
        "publishing 論文発表: lay the paper's cards one by one (lay / cite)",
        "論文発表:論文のカードを1枚ずつ出す(lay / cite)",
    ),
    "gift": Words(
        "thanks お礼: give a hand card to the author of each paper of another player cited",
        "お礼:引用したほかの人の論文1つにつき、手札1枚をその執筆者に渡す",
    ),
    "flag": Words(
        "the End Flag エンドフラグ: lay a hand card with it",
        "エンドフラグ:手札1枚を一緒に出す",
    ),
    "setup": Words(
        "準備: from the third seat on, each discards face up down to 3 cards",
        "3番手から順に、手札3枚になるまで表向きで捨て札にする",  # after 「準備・」
    ),
}


def _say(en: str, ja: str, lang: str) -> str:
    """``en`` or ``ja``, as ``lang`` asks."""
    return ja if lang == "ja" else en


def _cards(n: int, lang: str, noun: str = "card") -> str:
    """ "3 cards" / 「3枚」."""
    return _say(plural(n, noun), f"{n}枚", lang)


# --- small pieces ------------------------------------------------------------------------
card_text = SEVEN_TEXT.card
cards_text = SEVEN_TEXT.cards
colour_codes = SEVEN_TEXT.colour


def paper_type(paper_id: str) -> PaperType | None:
    return PAPER.get(paper_id)


def paper_name(paper_id: str, lang: str = "en") -> str:
    """A paper in English, then Japanese: "5-straight 5ストレート", "49", "AK"; in Japanese
    its name on the card alone (「5ストレート」)."""
    kind = paper_type(paper_id)
    if kind is None:
        return paper_id
    if lang == "ja":
        return PAPER_NAME[kind.id].ja
    return kind.en if kind.en == kind.ja else f"{kind.en} {kind.ja}"


def _points(n: int, lang: str = "en") -> str:
    if lang == "ja":
        return points(n).ja
    return f"{n} pt" if n == 1 else f"{n} pts"


# --- action codes --------------------------------------------------------------------------
def action_text(code: str) -> Text:
    """An action code, its cards coloured and a word on what it does."""
    words = code.split()
    head = words[0] if words else ""
    out = colour_codes(code)
    note = ""
    if head == "publish" and len(words) == 2:
        kind = paper_type(words[1])
        if kind is not None:
            note = f"{paper_name(kind.id)}, {_points(kind.points)}"
    else:
        note = {
            "draw": "research 研究: 2 from the deck, keep 1",
            "take": "research 研究: the top discard",
            "review": "査読",
            "lay": "from your hand",
            "cite": "引用: a complete paper's card",
            "done": "the 100+ is complete",
            "give": "thanks お礼",
            "keep": "the other is discarded",
            "flag": "with the End Flag エンドフラグ",
            "discard": "deal 準備: down to 3",
            "pass": "パス",
        }.get(head, "")
    if note:
        out.append(f" ({note})", style="dim")
    return out


PRIVATE_STEPS = ("publish", "lay", "cite", "done", "give")


PRIVATE_MOVE = Words("a private move", "ほかの人には見えない手")
SECRET_KEEP = Words(
    "keep one of the two cards drawn (which is secret)", "引いた2枚から1枚を残した(どちらかは秘密)"
)


def public_code(code: str, hidden: Sequence[str], lang: str = "en") -> str:
    """``code`` as a seat that may not see the events of kinds ``hidden`` may know it.

    Which drawn card was kept is secret (the other card is seen discarded); a publication's
    steps are secret until the paper is on the table, and the cards given as thanks stay
    secret from everyone but giver and receiver, so none of their codes is ever shown."""
    head = code.split()[0] if code.split() else ""
    if head in PRIVATE_STEPS:
        return PRIVATE_MOVE.get(lang)
    if head == "keep" or "kept" in hidden:
        return SECRET_KEEP.get(lang)
    return code


# --- the table -----------------------------------------------------------------------------
def _status(view: LaminateView, lang: str = "en") -> Text:
    phase = view["phase"]
    viewer = view["seat"]
    active = view["active"]
    if phase == "over":
        if lang == "ja":  # why it ended: the result box's headline says it
            return Text("ゲーム終了", style="bold")
        reason = view["end_reason"] or ""
        return Text.assemble(("Game over 終了", "bold"), f" — {reason}" if reason else "")
    if lang == "ja":
        who = "と".join(seat_label(s, viewer, lang=lang) for s in active) or "なし"
        when = "準備" if phase == "setup" else f"ターン{view['turn_no']}"
        # No space in it: a Japanese line folds where the width ends, not at a space
        line = Text.assemble((f"{when}・{who}の手番", "bold"))
        return line.append(f":{PHASE_DOING[phase].ja}" if phase in PHASE_DOING else phase)
    else:
        who = " and ".join(seat_label(s, viewer) for s in active) or "nobody"
        when = "Deal" if phase == "setup" else f"Turn {view['turn_no']}"
        line = Text.assemble((f"{when} · {who} to act", "bold"))
    doing = PHASE_DOING[phase].en if phase in PHASE_DOING else phase
    line.append(f" — {doing}")
    return line


def _end_line(view: LaminateView, lang: str = "en") -> Text:
    """ゲーム終了条件: who met it and how many turns are left, or who is nearest."""
    viewer = view["seat"]
    n = view["players"]
    goal = view["end_points"]
    trigger = view["end_condition_met_by"]
    seats = view["seats"]
    ja = lang == "ja"

    def name(s: int) -> str:
        return seat_label(s, viewer, lang=lang)

    label = Text.assemble((_say("End condition ゲーム終了条件: ", "ゲーム終了条件:", lang), "bold"))
    if trigger is None:
        label.append(
            _say(
                f"not met (complete papers worth {goal}+ at the end of one's own turn)",
                f"未達成(自分の手番の終わりに、完成した論文が{goal}点以上)",
                lang,
            )
        )
        best = max(s["points"] for s in seats)
        if best:
            leaders = [i for i, s in enumerate(seats) if s["points"] == best]
            names = _say(" and ", "と", lang).join(name(s) for s in leaders)
            label.append(
                _say(f"; leading: {names} with {best}", f" 首位:{names}({best}点)", lang),
                style="dim",
            )
        return label
    label.append(
        _say(f"met by {name(trigger)} ⚑", f"{name(trigger)}が満たした ⚑", lang), style="bold red"
    )
    if view["phase"] == "over":
        return label
    left = view["turns_left"] or 0
    turn = view["turn"]
    last = (turn + left) % n
    if left == 0:
        label.append(
            _say(" — this is the last turn", " — これが最後の手番", lang), style="bold red"
        )
    elif ja:
        label.append(f" — この後あと{left}手番。{name(last)}の手番の後にゲーム終了")
    else:
        label.append(
            f" — {plural(left, 'more turn')} after this one; the game ends after "
            f"{name(last)}'s turn"
        )
    return label


def _piles(view: LaminateView, lang: str = "en") -> list[Text]:
    viewer = view["seat"]
    discards = view["discards"]
    deck = Text.assemble(
        (_say("Deck 山札: ", "山札:", lang), "bold"), _cards(view["deck_size"], lang)
    )
    if not view["deck_size"] and discards:
        deck.append(
            _say(
                "  (the discards are shuffled in when a draw needs them)",
                "(引く必要が出たら捨て札をシャッフルして山札にする)",
                lang,
            ),
            style="dim",
        )
    pile = Text.assemble(
        (_say(f"Discards 捨て札 ({len(discards)}): ", f"捨て札({len(discards)}):", lang), "bold")
    )
    if discards:
        pile.append_text(cards_text(discards[:-1], empty=""))
        if len(discards) > 1:
            pile.append(" ")
        pile.append("[")
        pile.append_text(card_text(discards[-1]))
        pile.append("]")
        pile.append(_say(" ← top (oldest first)", " ← 一番上(古い順)", lang), style="dim")
    else:
        pile.append(_say("empty", "なし", lang), style="dim")
    lines = [deck, pile]
    drawing = view["drawing"]
    drawn = view.get("drawn")
    if drawn:
        line = Text.assemble((_say("You drew 研究: ", "引いたカード(研究):", lang), "bold yellow"))
        line.append_text(cards_text(drawn))
        line.append(
            _say(
                " — keep one; the other goes face up on the discards (only you see them)",
                # on a line of its own: after the cards' spaces it would wrap there anyway
                "\n  1枚を残し、もう1枚は表向きで捨て札へ(あなただけが見ています)",
                lang,
            )
        )
        lines.append(line)
    elif drawing:
        who = seat_label(view["turn"], viewer, lang=lang)
        said = _say(
            f"{who} is choosing between {plural(drawing, 'drawn card')} (hidden)",
            f"{who}が引いた{drawing}枚から選んでいます(非公開)",
            lang,
        )
        lines.append(Text(said, "dim"))
    passes = view["passes_in_row"]
    if passes and view["phase"] != "over":
        lines.append(
            Text(
                _say(
                    f"Passes in a row パス: {passes} of {view['players']} "
                    "(if everyone passes in a row, the game ends at once)",
                    f"連続パス:{passes}/{view['players']}"
                    "(全員が連続でパスをしたら、その場でゲーム終了)",
                    lang,
                ),
                style="yellow",
            )
        )
    return lines


def _pad(text: str, width: int) -> str:
    """``text`` padded to ``width`` terminal cells (Japanese characters take two)."""
    return text + " " * max(0, width - cell_len(text))


def _supply(view: LaminateView, lang: str = "en") -> Text:
    """The papers in the centre (論文カード) in two halves side by side: the code to publish
    one with, its Japanese name, points and copies left (``asobi rules laminate`` says
    what each combination is). Plain aligned text: a table of 16 rows is slow to lay out.
    One space between the columns, so that both halves fit in 80 columns with the panel's
    border (71 wide)."""
    supply = view["supply"]
    half = (len(PAPER_TYPES) + 1) // 2
    code_w = max(len(p.id) for p in PAPER_TYPES)
    ja_w = max(cell_len(p.ja) for p in PAPER_TYPES)
    if lang == "ja":  # " 点" and "残り" as wide as " pts" and "left", over their columns
        head = f"{_pad('コード', code_w)} {_pad('論文', ja_w)}  点 残り"
    else:
        head = f"{_pad('paper', code_w)} {_pad('論文', ja_w)} pts left"
    out = Text.assemble((f"{head} │ {head}", "bold"))

    def cell(kind: PaperType) -> Text:
        left = supply.get(kind.id, 0)
        style = "" if left else "dim"
        return Text.assemble(
            (_pad(kind.id, code_w), "bold" if left else "dim"),
            (f" {_pad(kind.ja, ja_w)} {kind.points:>3} {f'{left}/{kind.copies}':>4}", style),
        )

    for row in range(half):
        out.append("\n")
        out.append_text(cell(PAPER_TYPES[row]))
        if row + half < len(PAPER_TYPES):
            out.append(" │ ", style="dim")
            out.append_text(cell(PAPER_TYPES[row + half]))
    return out


def _paper_line(paper: PaperView, lang: str = "en") -> Text:
    kind = paper_type(paper["paper"])
    worth = kind.points if kind is not None else 0
    cards = paper["cards"]
    name = paper_name(paper["paper"], lang)
    if paper["complete"]:
        mark = "⚑" if paper["paper"] == "endflag" else "✓"
        line = Text.assemble((f"{mark} ", "bold green"), (name, "bold"))
        line.append(_say(f" {_points(worth)} 完成: ", f" {_points(worth, lang)} 完成:", lang))
        line.append_text(cards_text(cards))
        return line
    line = Text.assemble(("… ", "yellow"), name)
    line.append(
        _say(f" ({_points(worth)}) 査読中: ", f"({_points(worth, lang)})査読中:", lang),
        style="yellow",
    )
    line.append_text(cards_text(cards))
    to_go = len(cards) - 1
    line.append(
        _say(f" ({plural(to_go, 'review')} to go)", f"(あと{to_go}回の査読)", lang), style="dim"
    )
    return line


def _seats_table(view: LaminateView, lang: str = "en") -> Table:
    viewer = view["seat"]
    active = set(view["active"])
    trigger = view["end_condition_met_by"]
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    table.add_column(_say("seat", "席", lang), no_wrap=True)
    table.add_column(_say("hand 手札", "手札", lang), no_wrap=True)
    table.add_column(_say("points 点", "得点", lang), justify="right", no_wrap=True)
    table.add_column(_say("complete", "完成", lang), justify="right", no_wrap=True)
    table.add_column(_say("papers 論文", "論文", lang), overflow="fold")
    for s, seat in enumerate(view["seats"]):
        name = Text(seat_label(s, viewer, lang=lang), style="bold")
        if s in active:
            name = Text("▶ ", style="bold cyan").append_text(name)
        if s == trigger:
            name.append(" ⚑", style="bold red")
        if "hand" in seat:
            hand = Text(_cards(len(seat["hand"]), lang))
        else:
            hand = Text(_cards(seat["hand_size"], lang))
            known = seat["known_cards"]
            if known:
                hand.append(_say("\nknown: ", "\n既知:", lang), style="dim")
                hand.append_text(cards_text(known))
        score = Text(str(seat["points"]), style="bold")
        complete = Text(str(seat["complete_papers"]))
        none = Text(_say("none yet", "まだなし", lang), style="dim")
        papers = [_paper_line(p, lang) for p in seat["papers"]] or [none]
        table.add_row(name, hand, score, complete, Text("\n").join(papers))
    return table


def _citable(view: LaminateView, lang: str = "en") -> Text:
    viewer = view["seat"]
    cards = view["citable"]
    line = Text.assemble((_say("Citable cards 引用できる: ", "引用できるカード:", lang), "bold"))
    if not cards:
        line.append(
            _say(
                "none yet (only complete papers are cited)",
                "まだなし(引用できるのは完成した論文だけ)",
                lang,
            ),
            style="dim",
        )
        return line
    by_author: dict[int, list[str]] = {}
    for entry in cards:
        by_author.setdefault(entry["author"], []).append(entry["card"])
    order = sorted(by_author, key=lambda a: (a != viewer, a))  # yours first
    parts = []
    for author in order:
        if author == viewer:
            who = _say("yours (free)", "自分の論文(お礼なし)", lang)
        else:
            who = seat_label(author, viewer, lang=lang)
        colon = _say(": ", ":", lang)
        parts.append(Text.assemble((f"{who}{colon}", "dim"), cards_text(by_author[author])))
    line.append_text(Text(" · ").join(parts))
    if viewer is not None:
        line.append(
            _say(
                "\n  citing another author's paper costs a hand card given to them as thanks お礼",
                "\n  ほかの人の論文を引用するときは、お礼として手札1枚をその執筆者に渡す",
                lang,
            ),
            style="dim",
        )
    return line


def _hand(view: LaminateView, lang: str = "en") -> list[Text]:
    """Your hand; during a publication the cards laid or chosen as thanks are still in it
    (they leave only when the paper is on the table), so they are listed apart."""
    viewer = view["seat"]
    draft = view.get("draft")
    laid = draft["laid"] if draft else []
    thanks = draft["thanks"] if draft else []
    lines = []
    for s, seat in enumerate(view["seats"]):
        if "hand" not in seat:
            continue
        hand = seat["hand"]
        line = Text.assemble((hand_heading(s, viewer, len(hand), lang), "bold"))
        if s == viewer and (laid or thanks):
            rest = [c for c in hand if c not in laid and c not in thanks]
            line.append_text(
                cards_text(rest, empty=_say("no other card", "ほかのカードなし", lang))
            )
            if laid:
                line.append(
                    _say(" · laid in your paper: ", " · 論文に出したカード:", lang), style="cyan"
                )
                line.append_text(cards_text(laid))
            if thanks:
                line.append(
                    _say(" · to give as thanks: ", " · お礼に渡すカード:", lang), style="cyan"
                )
                line.append_text(cards_text(thanks))
        else:
            line.append_text(cards_text(hand))
        lines.append(line)
    return lines


def _draft(view: LaminateView, lang: str = "en") -> Text | None:
    """Your publication in progress: nobody else sees it until the paper is on the table."""
    draft = view.get("draft")
    if not draft:
        return None
    ja = lang == "ja"
    viewer = view["seat"]
    name = paper_name(draft["paper"], lang)
    out = Text.assemble(
        (_say("Your paper in progress 論文発表: ", "発表中の論文(論文発表):", lang), "bold cyan"),
        (f"「{name}」" if ja else name, "bold"),
    )
    kind = paper_type(draft["paper"])
    if kind is not None:
        points, need = _points(kind.points, lang), NEED[kind.id].get(lang)
        out.append(f"({points}、{need})" if ja else f" ({points}; {need})", style="dim")
    out.append(_say("\n  laid from your hand: ", "\n  手札から出したカード:", lang))
    out.append_text(cards_text(draft["laid"], empty=_say("none yet", "まだなし", lang)))
    cited = draft["cited"]
    out.append(_say("\n  cited 引用: ", "\n  引用したカード:", lang))
    if cited:
        parts = []
        for entry in cited:
            part = card_text(entry["card"])
            author = entry["author"]
            if author == viewer:
                part.append(_say(" (yours, free)", "(自分の論文、お礼なし)", lang), style="dim")
            else:
                part.append(f"(席{author}の論文)" if ja else f" (seat {author})", style="dim")
            parts.append(part)
        out.append_text(Text(_say(", ", "、", lang)).join(parts))
    else:
        out.append(_say("none", "なし", lang), style="dim")
    if kind is not None and kind.shape is Shape.SUM:
        chosen = [*draft["laid"], *(e["card"] for e in cited)]
        total = sum(SEVEN.card(c).rank for c in chosen)
        if kind.at_least:
            more = (
                _say("'done' when you are finished", "終えるなら'done'", lang)
                if total >= kind.total
                else _say("not yet", "まだ", lang)
            )
            out.append(
                _say(f"\n  ranks total {total} (100 or more to finish: {more})",
                     f"\n  ランクの合計 {total}(100以上で完成:{more})", lang)
            )  # fmt: skip
        else:
            out.append(
                _say(f"\n  ranks total {total} of exactly {kind.total}",
                     f"\n  ランクの合計 {total}(ちょうど{kind.total})", lang)
            )  # fmt: skip
    # One card per paper of another author cited, given in the order of the citations.
    foreign: list[Citation] = [entry for entry in cited if entry["author"] != viewer]
    thanks = draft["thanks"]
    if foreign and view["phase"] == "gift":
        out.append(
            _say("\n  thanks お礼, one hand card per paper of another player cited:",
                 "\n  お礼(引用したほかの人の論文1つにつき手札1枚):", lang)
        )  # fmt: skip
        for i, entry in enumerate(foreign):
            author, card = entry["author"], entry["card"]
            out.append(
                _say(
                    f"\n    to seat {author} for {card}: ", f"\n    席{author}へ({card}の分):", lang
                )
            )
            if i < len(thanks):
                out.append_text(card_text(thanks[i]))
            elif i == len(thanks):
                out.append(_say("your next 'give'", "次の'give'", lang), style="bold")
            else:
                out.append("—", style="dim")
    elif foreign:
        count = plural(len(foreign), "card")
        out.append(
            _say(f"\n  thanks お礼 to give when the cards are chosen: {count}",
                 f"\n  カードを選び終えたら渡すお礼:{len(foreign)}枚", lang)
        )  # fmt: skip
    out.append(
        _say("\n  (hidden from the others until the paper is on the table)",
             "\n  (論文が場に出るまで、ほかの人には見えません)", lang),
        style="dim",
    )  # fmt: skip
    return out


# The table's parts' names, as the terminal lists those that did not change.
PART_NAMES = {
    "status": Words("status", "手番"),
    "end": Words("the end 終了", "ゲーム終了条件"),
    "piles": Words("piles", "山札と捨て札"),
    "papers": Words("papers 論文カード", "論文カード"),
    "researchers": Words("researchers 研究者", "研究者"),
    "citable": Words("citable 引用", "引用"),
    "hand": Words("hand 手札", "手札"),
    "draft": Words("draft", "発表中の論文"),
}


def sections(raw: Mapping[str, Any], lang: str = "en") -> list[tuple[str, RenderableType]]:
    """The table's parts, in order, each named: what to act on, how the game ends, the
    piles, the papers in the centre, the researchers, what may be cited, the hand, a
    publication being drafted."""
    view = read_view(raw)
    papers = Text.assemble(
        (_say("Papers in the centre 論文カード", "論文カード", lang), "bold"),
        (_say("  publish one with 'publish PAPER'", "  'publish 論文'で発表", lang), "dim"),
    )
    researchers = Text.assemble(
        (_say("Researchers 研究者 and their papers 論文", "研究者とその論文", lang), "bold"),
        (_say("  ✓ complete 完成 · … under review 査読中", "  ✓ 完成 · … 査読中", lang), "dim"),
    )
    parts: list[tuple[str, RenderableType]] = [
        ("status", _status(view, lang)),
        ("end", _end_line(view, lang)),
        ("piles", Group(*_piles(view, lang))),
        ("papers", Group(papers, _supply(view, lang))),
        ("researchers", Group(researchers, _seats_table(view, lang))),
        ("citable", _citable(view, lang)),
        ("hand", Group(*_hand(view, lang))),
    ]
    draft = _draft(view, lang)
    if draft is not None:
        parts.append(("draft", draft))
    return [(PART_NAMES[key].get(lang), part) for key, part in parts]


def render(raw: Mapping[str, Any], console: Console, lang: str = "en") -> None:
    """Print the table as ``view["seat"]`` sees it; after the game, the outcome too (in
    Japanese, the front end prints the phrasebook's)."""
    view = read_view(raw)
    body = Group(*(part for _, part in sections(view, lang)))
    players = _say(f"{view['players']} players", f"{view['players']}人", lang)
    title = f"{TITLE.get(lang)} · {players}"
    console.print(Panel(body, title=title, box=box.ROUNDED, expand=False))
    if view["outcome"] is not None and lang != "ja":
        render_outcome(view, console)


# --- the outcome -------------------------------------------------------------------------
def _paper_points(paper_id: str) -> str:
    """A paper and its points: "5-straight 5ストレート 1"."""
    kind = paper_type(paper_id)
    return f"{paper_name(paper_id)} {kind.points}" if kind is not None else paper_id


def render_outcome(view: LaminateView, console: Console) -> None:
    outcome = view["outcome"]
    if outcome is None:
        return
    details = outcome["details"]
    viewer = view["seat"]
    ranks = outcome["ranks"]
    scores = outcome["scores"]
    winners = [s for s, r in enumerate(ranks) if r == 1]
    if len(winners) == len(ranks):
        headline = Text("Everyone wins その全員が勝利 (a draw)", style="bold yellow")
    elif len(winners) > 1:
        names = " and ".join(seat_label(s, viewer) for s in winners)
        headline = Text(f"{names} win together その全員が勝利", style="bold green")
    else:
        headline = Text(f"{seat_label(winners[0], viewer)} wins 勝利", style="bold green")
    counts = list(details.get("complete_papers") or [])
    complete = list(details.get("papers") or [])
    review = list(details.get("under_review") or [])
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    table.add_column("rank", justify="right", no_wrap=True)
    table.add_column("seat", no_wrap=True)
    table.add_column("points 点", justify="right", no_wrap=True)
    table.add_column("complete", justify="right", no_wrap=True)
    table.add_column("papers 論文", overflow="fold")
    for s in sorted(range(len(ranks)), key=lambda s: (ranks[s], s)):
        style = "bold green" if ranks[s] == 1 else ""
        papers = [
            Text.assemble(("✓ ", "green"), _paper_points(p))
            for p in (complete[s] if s < len(complete) else [])
        ]
        papers += [
            Text.assemble(("… ", "yellow"), (_paper_points(p), "dim"))
            for p in (review[s] if s < len(review) else [])
        ]
        table.add_row(
            Text(str(ranks[s]), style=style),
            Text(seat_label(s, viewer), style=style or "bold"),
            Text(f"{scores[s]:g}", style="bold"),
            str(counts[s]) if s < len(counts) else "?",
            Text("\n").join(papers) if papers else Text("none", style="dim"),
        )
    lines: list[RenderableType] = [headline, Text(str(details.get("reason", "")))]
    trigger = details.get("end_condition_met_by")
    if trigger is not None:
        lines.append(Text(f"End condition met by {seat_label(int(trigger), viewer)} ⚑"))
    lines.append(table)
    # The marks' legend under the table, not in its header: there it made the last column
    # too wide for 100 columns.
    lines.append(Text("✓ complete 完成 · … under review 査読中 (0 pts)", style="dim"))
    lines.append(
        Text(
            "Most points wins; on a tie, the fewest complete papers; still tied, all of them win.",
            style="dim",
        )
    )
    console.print(Panel(Group(*lines), title="Result 結果", expand=False, box=box.DOUBLE))
