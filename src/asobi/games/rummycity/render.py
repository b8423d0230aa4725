"""Terminal rendering of a Rummy City view (rich), for ``asobi play`` and ``asobi replay``.

It reads only the view (``views.read_view``) and events, never a state, so it can
show nothing a seat may not know: the other hand shows as a count plus the cards seen going
in, the row's face-down cards as ``??`` (except those this seat looked at with the School),
the School's range only to its looker, and a face-down card drawn only to its drawer.
In English the game's own terms follow in Japanese; in Japanese (``lang="ja"``) everything
is said in the rulebook's terms (``words.py`` lists them). The front end (``asobi.play``)
finds this module by the game's id and calls:

- ``render(view, console, lang)``: the table as ``view["seat"]`` sees it, and the outcome
  (in Japanese the front end prints the phrasebook's outcome instead);
- ``sections(view, lang)``: the same table in its parts, for printing what changed;
- ``action_text(code)``: an action code with its cards coloured and a word on what it does;
- ``public_code(code, hidden)``: a move as another seat may know it (every Rummy City move
  is public: a School ``look`` and ``take 2`` name positions, never cards).

The building names come from the view's catalogue (a game may use its own with
``-o catalogue=FILE``); action texts use the catalogue of the last view rendered, else the
default one. Event lines are the phrasebook's (``words.py``), as the browser's are.
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

from asobi.core.cardtext import FRENCH_TEXT
from asobi.core.words import Words, hand_heading, plural, seat_label
from asobi.games.rummycity.buildings import BANK, MARK_SYMBOL, POLICE, catalogue_of, default_data
from asobi.games.rummycity.combos import JOKER, STANDING_NAMES, SUITLESS
from asobi.games.rummycity.views import RummyCityView, read_view
from asobi.games.rummycity.words import (
    DEPOSIT_WORDS,
    EFFECT_WORDS,
    MARK_WORDS,
    income_words,
)

TITLE = Words("Rummy City ラミーシティ", "ラミーシティ")
SUIT_STYLE = FRENCH_TEXT.styles
SUIT_ORDER = "SHDC"
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}
KIND_EN = {"run": "Run", "mix": "MIX Run", "set": "Set"}
KIND_JA = {"run": "ラン", "mix": "ミックスラン", "set": "セット"}
MARK_OF_SYMBOL = {symbol: mark for mark, symbol in MARK_SYMBOL.items()}  # the view's ♠ → spade
WILD = STANDING_NAMES[JOKER]  # a Police station card's standing in a combination (views.py)
# A card's standing in a combination, in Japanese: what the Bank or the Police station makes
# of it (the phrasebook's words), and which of them.
STANDING_JA = {
    STANDING_NAMES[SUITLESS]: f"{DEPOSIT_WORDS[BANK].ja}(銀行)",
    STANDING_NAMES[JOKER]: f"{DEPOSIT_WORDS[POLICE].ja}(警察署)",
}


def _say(en: str, ja: str, lang: str) -> str:
    """``en`` or ``ja``, as ``lang`` asks."""
    return ja if lang == "ja" else en


def _cards(n: int, lang: str) -> str:
    """ "3 cards" / 「3枚」."""
    return _say(plural(n, "card"), f"{n}枚", lang)


card_text = FRENCH_TEXT.card
cards_text = FRENCH_TEXT.cards
colour_codes = FRENCH_TEXT.colour


# --- the catalogue ---------------------------------------------------------------------------
def _default_catalogue() -> dict[str, dict[str, Any]]:
    return {b.id: b.to_json() for b in catalogue_of(default_data()).buildings}


# The buildings action and event texts name (they are called without a view, just after
# the table was shown): the last rendered view's catalogue, then the default one.
_DEFAULT = _default_catalogue()
_KNOWN: dict[str, dict[str, Any]] = dict(_DEFAULT)


def _remember(view: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The view's catalogue, which the next action and event texts will name."""
    catalogue = {str(b["id"]): dict(b) for b in view.get("catalogue") or []}
    _KNOWN.clear()
    _KNOWN.update(catalogue)
    for bid, b in _DEFAULT.items():
        _KNOWN.setdefault(bid, b)
    return catalogue


def building_name(
    building_id: Any, catalogue: Mapping[str, Mapping[str, Any]] | None = None, lang: str = "en"
) -> str:
    """A building in English, then Japanese: "Bank 銀行"; in Japanese its name alone."""
    b = (catalogue or _KNOWN).get(str(building_id)) or _KNOWN.get(str(building_id))
    if b is None:
        return str(building_id)
    return str(b["ja"]) if lang == "ja" else f"{b['en']} {b['ja']}"


def kind_name(kind: Any, lang: str = "en") -> str:
    if lang == "ja":
        return KIND_JA.get(str(kind), str(kind))
    return f"{KIND_EN.get(str(kind), str(kind))} {KIND_JA.get(str(kind), '')}".strip()


# --- small pieces ----------------------------------------------------------------------------
def _rank(code: str) -> int:
    return RANKS.get(code[1:], 0)


def _rank_label(rank: int) -> str:
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))


def hand_text(codes: Sequence[str], lang: str = "en") -> Text:
    """A hand grouped by suit, ♠ ♥ ♦ ♣ (in the deck's order, as the view lists it)."""
    if not codes:
        return Text(_say("empty", "なし", lang), style="dim")
    groups = [[c for c in codes if c[:1] == s] for s in SUIT_ORDER]
    return Text("  ").join(cards_text(g) for g in groups if g)


def ordered_cards(combination: Mapping[str, Any]) -> list[str]:
    """A combination's cards in reading order (the view lists them as laid): a Set by suit,
    a run by rank (A high when the run reaches past its length, as in Q-K-A), with the
    wild cards (警察署) in the gaps, then at the end."""
    cards = [str(c) for c in combination["cards"]]
    standing = combination.get("standing") or {}
    wild = [c for c in cards if standing.get(c) == WILD]
    natural = [c for c in cards if c not in wild]
    if combination.get("kind") == "set":
        return sorted(natural, key=lambda c: SUIT_ORDER.find(c[:1])) + wild
    high = any(_rank(c) > len(cards) for c in natural if _rank(c) != 1)

    def position(code: str) -> int:
        rank = _rank(code)
        return 14 if rank == 1 and high else rank

    natural.sort(key=position)
    if not natural:
        return wild
    out: list[str] = []
    jokers = list(wild)
    for i, code in enumerate(natural):
        if i:
            gap = position(code) - position(natural[i - 1]) - 1
            while gap > 0 and jokers:
                out.append(jokers.pop(0))
                gap -= 1
        out.append(code)
    return out + jokers


def _plain(standing: Any) -> str:
    """ "wild (警察署)" → "wild 警察署" (it is shown inside parentheses)."""
    return str(standing).replace("(", "").replace(")", "")


def combination_text(
    number: int,
    combination: Mapping[str, Any],
    catalogue: Mapping[str, Mapping[str, Any]],
    lang: str = "en",
) -> Text:
    """ "2. Set セット C4 D4 S4 → Bank 銀行" (the number names it for lay-offs)."""
    kind = kind_name(combination["kind"], lang)
    out = Text.assemble((f"{number}. ", "bold cyan"), (kind, "bold"), " ")
    out.append_text(cards_text(ordered_cards(combination)))
    building = combination.get("building")
    if building is None:
        out.append(
            _say(" → no building (final turn)", " → 建物なし(最後の手番)", lang), style="dim"
        )
    else:
        out.append(f" → {building_name(building, catalogue, lang)}")
    standing = combination.get("standing") or {}
    if standing:

        def said(standing: Any) -> str:
            if lang == "ja":
                return STANDING_JA.get(str(standing), str(standing))
            return _plain(standing)

        notes = Text(_say(", ", "、", lang)).join(
            Text.assemble(card_text(str(c)), f" {said(s)}") for c, s in sorted(standing.items())
        )
        out.append(" (", style="dim")
        out.append_text(notes)
        out.append(")", style="dim")
    return out


# --- action codes ------------------------------------------------------------------------------
def action_text(code: str) -> Text:
    """An action code, its cards coloured and a word on what it does."""
    words = code.split()
    head = words[0].lower() if words else ""
    out = colour_codes(code)
    note = ""
    if head == "draw" and len(words) == 2:
        note = f"山札を引く: the top {words[1]} of the row"
    elif head == "look":
        note = "School 学校: look at the cards in range"
    elif head == "take" and len(words) == 2:
        note = f"School 学校: card {words[1]} of those looked at"
    elif head == "done":
        note = "finish what is under way"
    elif head == "pass":
        note = "パス ♠: neither draw nor build"
    elif head == "build" and len(words) == 2:
        b = _KNOWN.get(words[1].lower())
        note = f"建てる {building_name(words[1].lower())}, {b['recipe']}" if b else "建てる"
    elif head == "meld" and len(words) == 2:
        note = f"a {kind_name(words[1].lower())} that claims no building: final turn"
    elif head == "lay":
        note = "into the combination"
    elif head == "end":
        note = "end the turn / the lay-offs"
    elif head == "place" and len(words) == 3:
        b = _KNOWN.get(words[1].lower())
        rank = _rank_label(_rank(words[2].upper()))
        power = "wild" if b and b.get("effect") == "police" else "any suit"
        note = f"on the {building_name(words[1].lower())} for good: {rank}s are {power}"
    elif head == "layoff" and len(words) == 3:
        note = f"付け札 onto their combination {words[2]}"
    elif head == "return" and len(words) == 2:
        note = f"{building_name(words[1].lower())} back to the supply (solo: 6 at most)"
    if note:
        out.append(f" ({note})", style="dim")
    return out


def public_code(code: str, hidden: Sequence[str]) -> str:
    """Every Rummy City move is public: a School ``look`` and ``take N`` name positions in
    the row, never cards, and a face-down card drawn is told to its drawer by an event."""
    return code


# --- the table ---------------------------------------------------------------------------------
def _status(
    view: RummyCityView, catalogue: Mapping[str, Mapping[str, Any]], lang: str = "en"
) -> Text:
    """Whose turn it is and what they may do. In Japanese one run of words without spaces,
    so that it folds where the width ends."""
    ja = lang == "ja"

    def say(en: str, jp: str) -> str:
        return _say(en, jp, lang)

    solo = view["mode"] == "solo"
    phase = str(view["phase"])
    if phase == "over":
        if ja:  # why it ended: the result box's headline says it
            return Text("ゲーム終了", style="bold")
        outcome = view["outcome"]
        reason = outcome["details"].get("reason", "") if outcome is not None else ""
        return Text.assemble(("Game over 終了", "bold"), f" — {reason}" if reason else "")
    turn = view["turn"]
    seat = view["seats"][turn]
    who = seat_label(turn, view["seat"], solo, lang)
    line = Text.assemble((say(f"{who} to act", f"{who}の手番"), "bold"), say(" — ", ":"))
    if phase == "turn":
        limit = min(seat["draw_limit"], len(view["row"]))
        owned = [catalogue.get(b, {}) for b in seat["buildings"]]
        if any(b.get("effect") == "school" for b in owned):
            draw = say(
                f"look at the top {limit} (School 学校) and take the ones you want",
                f"山札の上から{limit}枚を見て(学校)要るカードを取る",
            )
        elif limit > 1:
            draw = say(f"draw 1–{limit} from the row (山札を引く)", f"山札から1〜{limit}枚引く")
        else:
            draw = say("draw 1", "山札から1枚引く")
        line.append(say(f"{draw}, or build up to 3 buildings (建物を建てる)",
                        f"{draw}か、建物を3つまで建てる"))  # fmt: skip
        if any(b.get("mark") == "♠" for b in owned):
            if view["passes_in_a_row"] >= len(view["seats"]):
                if ja:
                    nobody = "パス" if solo else "2人のパス"
                    line.append(f"({nobody}の直後はパスできない)", style="dim")
                else:
                    nobody = "a pass" if solo else "both players' passes"
                    line.append(f" — no pass right after {nobody}", style="dim")
            else:
                line.append(say(", or pass (パス ♠)", "。またはパス(♠)"))
    elif phase == "pick":
        line.append(say("School 学校: take the cards you want from those looked at, then done",
                        "学校:見たカードから要るカードを取り、done"))  # fmt: skip
    elif phase == "lay":
        line.append(say("lay the cards of the combination (組み合わせ), then done",
                        "組み合わせのカードを出し、done"))  # fmt: skip
    elif phase == "build":
        built = view["builds_this_turn"]
        if view["final_turn"]:
            line.append(
                say("final turn 最後の手番: lay any combinations (meld needs no building), "
                    f"build at most 3 ({built} built), then end",
                    "最後の手番:組み合わせをいくつでも出せる(meldは建物なし)。"
                    f"建物は3つまで({built}つ建てた)。終えるならend")
            )  # fmt: skip
        else:
            line.append(say(f"build again ({built} of 3 this turn) or end the turn",
                            f"さらに建てるか手番を終える(この手番で{built}/3)"))  # fmt: skip
    elif phase == "return":
        line.append(say("solo: a 7th building — return one to the supply (場に返す)",
                        "ソロ:7つ目の建物。1つを場に返す"))  # fmt: skip
    elif phase == "settle":
        line.append(say("settlement 決算: lay off 付け札 hand cards onto the other town's "
                        "combinations", "決算:手札を相手の街の組み合わせに付け札する"))  # fmt: skip
    else:
        line.append(phase)
    return line


def _round_line(view: RummyCityView, lang: str = "en") -> Text:
    solo = view["mode"] == "solo"
    viewer = view["seat"]
    if lang == "ja":
        return _round_line_ja(view)
    line = Text.assemble(("Round ラウンド ", "bold"), (str(view["round"]), "bold"))
    if solo:
        line.append(f" of {view.get('rounds', 3)} · the score is the tepu (テプ) held at the end")
    else:
        first = seat_label(view["first_player"], viewer)
        line.append(
            f" · first player {first} · a 決算 with {view['target']}+ tepu (テプ) ends the game"
        )
        if view["overtime"]:
            line.append(" · extra round 延長戦", style="bold yellow")
    last = view["last_drawer"]
    if last is not None and view["phase"] != "over":
        line.append(
            f"\nThe row is empty: final turns 最後の手番 "
            f"({seat_label(last, viewer, solo)} drew the last card)",
            style="yellow",
        )
    return line


def _round_line_ja(view: RummyCityView) -> Text:
    solo = view["mode"] == "solo"
    viewer = view["seat"]
    line = Text(f"第{view['round']}ラウンド", style="bold")
    if solo:
        line.append(f"(全{view.get('rounds', 3)}ラウンド)・得点は最後に持っているテプ")
    else:  # no space: a Japanese line folds where the width ends
        first = seat_label(view["first_player"], viewer, lang="ja")
        line.append(f"・スタートプレイヤー:{first}・決算で{view['target']}テプ以上ならゲーム終了")
        if view["overtime"]:
            line.append("・延長戦", style="bold yellow")
    last = view["last_drawer"]
    if last is not None and view["phase"] != "over":
        who = seat_label(last, viewer, solo, "ja")
        line.append(f"\n山札が無くなった:最後の手番({who}が最後のカードを引いた)", style="yellow")
    return line


def _row(view: RummyCityView, lang: str = "en") -> list[Text]:
    """The row (山札), top first, in lines of ten with their positions."""
    viewer = view["seat"]
    solo = view["mode"] == "solo"
    row = view["row"]
    down = sum(1 for r in row if not r["face_up"])
    head = Text.assemble((_say("Row 山札: ", "山札:", lang), "bold"), _cards(len(row), lang))
    if not row:
        head.append(_say(" — empty", " — なし", lang), style="dim")
        return [head]
    head.append(
        _say(
            f", {down} face down (??); drawn from the top, position 1 first",
            f"(うち裏向き{down}枚 ??)。上から引く:1が一番上",
            lang,
        )
    )
    lines = [head]
    marked_mine = marked_other = False
    for start in range(0, len(row), 10):
        line = Text(f"{start + 1:>4}–{min(start + 10, len(row)):<3}", style="dim")
        for entry in row[start : start + 10]:
            looked = [s for s in entry["looked_at_by"] if s != viewer]
            code = entry["card"]
            line.append(" ")
            if entry["face_up"]:
                cell = card_text(str(code))
                pad = 5 - len(str(code))
            elif code is not None:  # face down, and this seat looked at it
                cell = Text.assemble("(", card_text(str(code)), ")")
                pad = 3 - len(str(code))
                marked_mine = True
            else:
                cell = Text("??", style="dim")
                pad = 3
                if looked:
                    cell = Text("??*", style="yellow")
                    pad = 2
                    marked_other = True
            line.append_text(cell)
            line.append(" " * max(pad, 0))
        line.rstrip()
        lines.append(line)
    notes = []
    if marked_mine:
        notes.append(
            _say(
                "(card): face down, you looked at it (学校)",
                "(カード):裏向き、あなたが学校で見た",
                lang,
            )
        )
    if marked_other:
        if lang == "ja":
            notes.append("??*:裏向き、相手が学校で見た")
        else:
            other = "another seat" if solo or viewer is None else "the other town"
            notes.append(f"??*: face down, {other} looked at it (学校)")
    if notes:
        lines.append(Text("      " + " · ".join(notes), style="dim"))
    return lines


def _building_line(
    building_id: str,
    catalogue: Mapping[str, Mapping[str, Any]],
    deposits: Mapping[str, str],
    lang: str = "en",
) -> Text:
    b = catalogue.get(building_id) or _KNOWN.get(building_id) or {}
    out = Text.assemble(
        (f"{b.get('mark', '?')} ", "bold"), building_name(building_id, catalogue, lang), " "
    )
    out.append(str(b.get("recipe", "")), style="cyan")
    card = deposits.get(building_id)
    if card is not None:
        rank = _rank_label(_rank(card))
        if lang == "ja":
            power = DEPOSIT_WORDS[POLICE if b.get("effect") == POLICE else BANK].ja
            out.append(" 置いたカード:")
            out.append_text(card_text(card))
            out.append(f"({rank}は{power})", style="dim")
        else:
            power = "wild" if b.get("effect") == "police" else "any suit"
            out.append(" holds ")
            out.append_text(card_text(card))
            out.append(f": {rank}s {power}", style="dim")
    elif b.get("effect") in ("bank", "police"):
        out.append(_say(" (no card yet: 'place')", "(カードはまだ:'place')", lang), style="dim")
    return out


def _towns(
    view: RummyCityView, catalogue: Mapping[str, Mapping[str, Any]], lang: str = "en"
) -> Table:
    viewer = view["seat"]
    solo = view["mode"] == "solo"
    active = set(view["active"])
    deposits = view["deposits"]
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    table.add_column(_say("town 街", "街", lang), no_wrap=True)
    table.add_column(_say("tepu テプ", "テプ", lang), justify="right", no_wrap=True)
    table.add_column(_say("hand 手札", "手札", lang), overflow="fold")
    table.add_column(_say("buildings 建物", "建物", lang), overflow="fold")
    for s, seat in enumerate(view["seats"]):
        name = Text(seat_label(s, viewer, solo, lang), style="bold")
        if s in active:
            name = Text("▶ ", style="bold cyan").append_text(name)
        limit = seat["draw_limit"]
        name.append(_say(f"\ndraws up to {limit}", f"\n引ける上限{limit}枚", lang), style="dim")
        if "hand" in seat:
            hand = Text(_cards(len(seat["hand"]), lang))
        else:
            hand = Text(_cards(seat["hand_size"], lang))
            known = seat.get("known_cards", [])
            if known:
                hand.append(_say("\nknown: ", "\n既知:", lang), style="dim")
                hand.append_text(cards_text(known))
        owned = [_building_line(b, catalogue, deposits, lang) for b in seat["buildings"]]
        table.add_row(
            name,
            Text(str(seat["tepu"]), style="bold"),
            hand,
            Text("\n").join(owned) if owned else Text(_say("none", "なし", lang), style="dim"),
        )
    return table


def _combinations(
    view: RummyCityView, catalogue: Mapping[str, Mapping[str, Any]], lang: str = "en"
) -> list[Text]:
    """This round's combinations of each town, numbered as lay-offs name them."""
    viewer = view["seat"]
    solo = view["mode"] == "solo"
    numbered = _say(
        "  numbered for lay-offs at settlement: layoff CARD N",
        "  番号は決算の付け札で使う:layoff カード 番号",
        lang,
    )
    lines = [
        Text.assemble(
            (_say("Combinations this round 組み合わせ", "このラウンドの組み合わせ", lang), "bold"),
            ("" if solo else numbered, "dim"),
        )
    ]
    names = [seat_label(s, viewer, solo, lang) for s in range(len(view["seats"]))]
    width = max(cell_len(name) for name in names)
    for s, seat in enumerate(view["seats"]):
        label = f"  {names[s]}{' ' * (width - cell_len(names[s]))}  "
        combos = seat["combinations"]
        if not combos:
            lines.append(Text.assemble(label, (_say("none yet", "まだなし", lang), "dim")))
            continue
        for i, combo in enumerate(combos, start=1):
            head = label if i == 1 else " " * cell_len(label)
            lines.append(Text(head).append_text(combination_text(i, combo, catalogue, lang)))
    return lines


# What each building does, in a few words (the rules page and the view's "text" say it in
# full; the table must fit a terminal of 80 columns).
EFFECT_SHORT = {
    "school": "look, then take the ones you want",
    "bank": "a card on it: its rank any suit",
    "police": "a card on it: its rank wild",
    "post_office": "+2 when the other lays a MIX3",
    "station": "the other pays 1 to draw 3+",
    "market": "+1 when your turn ends on a ♦ up",
    "mine": "+1 when your turn ends on a card down",
}


def effect_short(b: Mapping[str, Any], lang: str = "en") -> str:
    if lang == "ja":  # the phrasebook's words, as the page describes a building
        mark = MARK_OF_SYMBOL.get(str(b.get("mark")), "")
        said = [MARK_WORDS[mark].ja] if mark in MARK_WORDS else []
        effect = str(b.get("effect") or "")
        if effect:
            said.append(EFFECT_WORDS[effect].ja if effect in EFFECT_WORDS else effect)
        if b.get("income"):
            said.append(income_words(int(b["income"])).ja)
        return "、".join(said) or "—"
    parts = []
    if b.get("mark") == "♠":
        parts.append("may pass")
    if b.get("mark") == "♥":
        parts.append("draws +1")
    effect = str(b.get("effect") or "")
    if effect:
        parts.append(EFFECT_SHORT.get(effect, str(b.get("text") or effect)))
    if b.get("income"):
        parts.append(f"+{b['income']} at 決算")
    return "; ".join(parts) or "—"


def _catalogue(
    view: RummyCityView, catalogue: Mapping[str, Mapping[str, Any]], lang: str = "en"
) -> Table:
    """Every building of this game: where it is, its recipe and what it does."""
    viewer = view["seat"]
    solo = view["mode"] == "solo"
    supply = set(view["supply"])
    owner = {b: s for s, seat in enumerate(view["seats"]) for b in seat["buildings"]}
    deposits = view["deposits"]
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    table.add_column(_say("build ID", "コード", lang), no_wrap=True)
    table.add_column(_say("building 建物", "建物", lang), no_wrap=True)
    table.add_column(_say("recipe", "組み合わせ", lang), no_wrap=True)
    table.add_column(_say("where", "場所", lang), no_wrap=True)
    table.add_column(_say("effect", "効果", lang), overflow="fold")
    for b in catalogue.values():
        bid = str(b["id"])
        if bid in supply:
            where = Text(_say("supply", "場", lang), style="green")
        elif bid in owner:
            s = owner[bid]
            mine = s == viewer or solo
            where = Text(
                _say("you" if mine else f"seat {s}", "あなた" if mine else f"席{s}", lang),
                style="bold",
            )
        else:
            where = Text("—", style="dim")
        effect = Text(effect_short(b, lang), style="dim")
        card = deposits.get(bid)
        if card is not None:
            held = Text.assemble(_say("holds ", "置いたカード:", lang), card_text(card))
            effect = held.append(_say("; ", "、", lang)).append_text(effect)
        name = building_name(bid, catalogue, lang)
        table.add_row(
            Text(bid, style="bold" if bid in supply else ""),
            Text.assemble((f"{b.get('mark', '')} ", "bold"), name),
            Text(str(b.get("recipe", "")), style="cyan"),
            where,
            effect,
        )
    return table


def _hands(view: RummyCityView, lang: str = "en") -> list[tuple[int, Text]]:
    """Each hand the view shows, with its seat."""
    viewer = view["seat"]
    lines = []
    for s, seat in enumerate(view["seats"]):
        if "hand" not in seat:
            continue
        hand = seat["hand"]
        line = Text.assemble((hand_heading(s, viewer, len(hand), lang), "bold"))
        line.append_text(hand_text(hand, lang))
        lines.append((s, line))
    return lines


def _making(
    view: RummyCityView, catalogue: Mapping[str, Mapping[str, Any]], lang: str = "en"
) -> Text | None:
    making = view.get("making")
    if not making:
        return None
    viewer = view["seat"]
    solo = view["mode"] == "solo"
    who = seat_label(view["turn"], viewer, solo, lang)
    building = making["building"]
    if lang == "ja":
        out = Text.assemble((f"{who}が出している組み合わせ:", "bold cyan"))
        if building is None:
            out.append("建物なしの")
        else:
            recipe = (catalogue.get(building) or {}).get("recipe", "")
            out.append(f"{building_name(building, catalogue, lang)}({recipe})の")
        out.append(kind_name(making["kind"], lang), style="bold")
        out.append(":")
        out.append_text(cards_text(making["cards"], empty="まだなし"))
        return out
    out = Text.assemble((f"Being laid by {who} 組み合わせ: ", "bold cyan"))
    out.append(kind_name(making["kind"]), style="bold")
    if building is None:
        out.append(", for no building (final turn)")
    else:
        recipe = (catalogue.get(building) or {}).get("recipe", "")
        out.append(f" {recipe} for the {building_name(building, catalogue)}")
    out.append(": ")
    out.append_text(cards_text(making["cards"], empty="no card yet"))
    return out


def _looking(view: RummyCityView, lang: str = "en") -> Text | None:
    """A School's look at the top of the row: the cards to the one looking, the count to the
    others."""
    looking = view.get("looking")
    if not looking:
        return None
    count = looking["count"]
    taken = looking["taken"]
    cards = looking["cards"]
    if cards is not None:
        head = _say(
            f"School 学校: you looked at the top {count}: ",
            f"学校:山札の上から{count}枚を見た:",
            lang,
        )
        out = Text.assemble((head, "bold yellow"))
        for p, code in enumerate(cards, start=1):
            out.append(f"{p} ", style="bold cyan")
            out.append_text(card_text(code))
            if p in taken:
                out.append(_say(" taken", " 取った", lang), style="green")
            out.append("  ")
        out.append(
            _say("\n  take the ones you want ('take N'), then 'done'; the rest stay in the row, "
                 "in order",
                 "\n  要るカードを取り('take N')、'done'。残りはそのままの順で山札に残る", lang),
            style="dim",
        )  # fmt: skip
        return out
    who = seat_label(view["turn"], view["seat"], view["mode"] == "solo", lang)
    out = Text(
        _say(f"{who} is looking at the top {count} cards of the row (School 学校)",
             f"{who}が学校の効果で山札の上から{count}枚を見ている", lang),
        "yellow",
    )  # fmt: skip
    if taken:
        out.append(_say(f"; taken so far: positions {', '.join(map(str, taken))}",
                        f"。取ったのは{'、'.join(map(str, taken))}枚目", lang))  # fmt: skip
    return out


def _discards(view: RummyCityView, lang: str = "en") -> Text | None:
    if view["mode"] != "solo":
        return None
    discards = view.get("discards", [])
    out = Text.assemble(
        (_say(f"Discards 捨て札 ({len(discards)}): ", f"捨て札({len(discards)}):", lang), "bold")
    )
    out.append_text(cards_text(discards, empty=_say("none", "なし", lang)))
    out.append(
        _say(
            "  (solo: a draw of N discards the next N; a pass, 4)",
            "  (ソロ:N枚引くと続くN枚を捨て札に。パスなら4枚)",
            lang,
        ),
        style="dim",
    )
    return out


def _settlements(view: RummyCityView, lang: str = "en") -> list[RenderableType]:
    """決算 so far, a line a round: what the town gained in the round (where any town did),
    paid for the cards in hand, gained per combination and from income, and the tepu after."""
    viewer = view["seat"]
    solo = view["mode"] == "solo"
    records = view["settlements"]
    if not records:
        return []
    moved = any(town["gained"] for record in records for town in record["towns"])
    if lang == "ja":
        head = Text.assemble(
            ("決算", "bold"),
            ("  " + ("ラウンド中に得たテプ、" if moved else ""), "dim"),
            ("−手札の支払い +組み合わせ +収入 = テプ", "dim"),
        )
    else:
        head = Text.assemble(
            ("Settlements 決算", "bold"),
            ("  " + ("gained in the round; " if moved else ""), "dim"),
            ("−paid for the cards in hand, +combinations, +income = tepu", "dim"),
        )
    table = Table(box=None, show_header=False, pad_edge=False, padding=(0, 2, 0, 0))
    table.add_column(no_wrap=True, style="dim")
    for _ in records[0]["towns"]:
        table.add_column(no_wrap=True)
    for record in records:
        cells = []
        for s, town in enumerate(record["towns"]):
            paid, cards = town["paid"], town["hand"]
            gained = town["gained"]
            sep = _say("; ", "、", lang)
            during = f"{gained:+d}{sep}" if moved and gained else (f"±0{sep}" if moved else "")
            name = seat_label(s, viewer, solo, lang)
            cell = Text(f"{name}{_say(': ', ':', lang)}{during}−{paid}")
            if paid < cards:  # all the tepu held, short of a tepu a card
                cell.append(_say(f" of {cards}", f"(手札{cards}枚)", lang), style="yellow")
            cell.append(f" +{town['combinations']} +{town['income']} = ")
            cell.append(str(town["tepu"]), style="bold")
            cells.append(cell)
        n = record["round"]
        table.add_row(_say(f"  round {n}", f"  第{n}ラウンド", lang), *cells)
    return [head, table]


def _legend(lang: str = "en") -> Text:
    if lang == "ja":
        return Text(
            # No space in it: a Japanese line folds where the width ends, not at a space
            "カード:S♠スペード・H♥ハート・D♦ダイヤ・C♣クラブ、A・2〜10・J・Q・K。"
            "ラン:同じマークの連続した数字3枚以上・ミックスラン:マークがすべて違う連続した"
            "数字3〜4枚・セット:同じ数字3〜4枚・K-A-2はつながらない。",
            style="dim",
        )
    return Text(
        "Cards: S ♠ spades · H ♥ hearts · D ♦ diamonds · C ♣ clubs; A 2–10 J Q K. "
        "Run ラン: 3+ in a row of one suit · MIX Run ミックスラン: 3–4 in a row, all suits "
        "different · Set セット: 3–4 of a rank · K-A-2 never.",
        style="dim",
    )


def sections(raw: Mapping[str, Any], lang: str = "en") -> list[tuple[str, RenderableType]]:
    """The table's parts, in order, each named: what to act on, the round, the row, the
    towns and their combinations, the buildings, the settlements so far, a School look or
    a combination under way, the hand, the card legend."""
    view = read_view(raw)
    catalogue = _remember(view)
    solo = view["mode"] == "solo"
    parts: list[tuple[str, RenderableType]] = [
        (_say("status", "手番", lang), _status(view, catalogue, lang)),
        (_say("round ラウンド", "ラウンド", lang), _round_line(view, lang)),
        (_say("row 山札", "山札", lang), Group(*_row(view, lang))),
    ]
    discards = _discards(view, lang)
    if discards is not None:
        parts.append((_say("discards 捨て札", "捨て札", lang), discards))
    parts.append((_say("towns 街", "街", lang), _towns(view, catalogue, lang)))
    parts.append(
        (
            _say("combinations 組み合わせ", "組み合わせ", lang),
            Group(*_combinations(view, catalogue, lang)),
        )
    )
    if lang == "ja":
        where = "場" if solo else "場か相手の街"
        heading = Text.assemble(
            ("建物カード", "bold"), (f"  {where}から'build コード'で建てる", "dim")
        )
    else:
        where = "the supply" if solo else "the supply or the other town"
        heading = Text.assemble(
            ("Buildings 建物カード", "bold"), (f"  build one with 'build ID', from {where}", "dim")
        )
    parts.append(
        (_say("buildings 建物", "建物", lang), Group(heading, _catalogue(view, catalogue, lang)))
    )
    settlements = _settlements(view, lang)
    if settlements:
        parts.append((_say("settlements 決算", "決算", lang), Group(*settlements)))
    looking, making = _looking(view, lang), _making(view, catalogue, lang)
    if looking is not None:
        parts.append((_say("School 学校", "学校", lang), looking))
    if making is not None:
        parts.append((_say("combination being laid", "出している組み合わせ", lang), making))
    viewer = view["seat"]
    for s, line in _hands(view, lang):
        if lang == "ja":
            parts.append(("手札" if s == viewer else f"席{s}の手札", line))
        else:
            parts.append(("your hand 手札" if s == viewer else f"seat {s}'s hand", line))
    parts.append((_say("card legend", "カードの見方", lang), _legend(lang)))
    return parts


def render(raw: Mapping[str, Any], console: Console, lang: str = "en") -> None:
    """Print the table as ``view["seat"]`` sees it; after the game, the outcome too (in
    Japanese, the front end prints the phrasebook's)."""
    view = read_view(raw)
    solo = view["mode"] == "solo"
    if lang == "ja":
        mode = "ソロ(スコアアタック)" if solo else "2人の街"
    else:
        mode = "solo score attack ソロ" if solo else "two towns"
    body = Group(*(part for _, part in sections(view, lang)))
    title = f"{TITLE.get(lang)} · {mode}"
    console.print(Panel(body, title=title, box=box.ROUNDED, expand=False))
    if view["outcome"] is not None and lang != "ja":
        render_outcome(view, console)


# --- the outcome -----------------------------------------------------------------------------
def render_outcome(view: RummyCityView, console: Console) -> None:
    outcome = view["outcome"]
    if outcome is None:
        return
    details = outcome["details"]
    viewer = view["seat"]
    solo = view["mode"] == "solo"
    ranks = outcome["ranks"]
    scores = outcome["scores"]
    if solo:
        headline = Text(f"Score attack スコアアタック: {scores[0]:g} tepu (テプ)", "bold green")
    elif len(ranks) > 1 and all(r == 1 for r in ranks):
        headline = Text("Draw 引き分け: the two towns' stories go on", style="bold yellow")
    else:
        winner = ranks.index(1)
        headline = Text(f"{seat_label(winner, viewer)} wins 勝利", style="bold green")
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    table.add_column("town 街", no_wrap=True)
    table.add_column("tepu テプ", justify="right", no_wrap=True)
    table.add_column("buildings 建物", overflow="fold")
    buildings = list(details.get("buildings") or [])
    for s in sorted(range(len(ranks)), key=lambda s: (ranks[s], s)):
        style = "bold green" if ranks[s] == 1 and not solo else ""
        owned = buildings[s] if s < len(buildings) else []
        table.add_row(
            Text(seat_label(s, viewer, solo), style=style or "bold"),
            Text(f"{scores[s]:g}", style="bold"),
            Text(
                ", ".join(building_name(b) for b in owned) or "none", style="" if owned else "dim"
            ),
        )
    lines: list[RenderableType] = [
        headline,
        Text(f"{details.get('reason', '')} · {plural(int(details.get('rounds', 0)), 'round')}"),
        table,
    ]
    if not solo:
        lines.append(
            Text("More tepu wins; a tie plays one extra round (延長戦), then it is a draw.", "dim")
        )
    console.print(Panel(Group(*lines), title="Result 結果", expand=False, box=box.DOUBLE))
