"""Terminal rendering of a Rummy City view (rich), for ``asobi play`` and ``asobi replay``.

It reads only the view (``views.read_view``) and events, never a state, so it can
show nothing a seat may not know: the other hand shows as a count plus the cards seen going
in, the row's face-down cards as ``??`` (except those this seat looked at with the School),
the School's range only to its looker, and a face-down card drawn only to its drawer.
English first, the game's own terms in Japanese after. The front end (``asobi.play``) finds
this module by the game's id and calls:

- ``render(view, console)``: the table as ``view["seat"]`` sees it, and the outcome;
- ``sections(view)``: the same table in its parts, for printing what changed;
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
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from asobi.core.cardtext import FRENCH_TEXT
from asobi.core.words import plural, seat_label
from asobi.games.rummycity.buildings import catalogue_of, default_data
from asobi.games.rummycity.combos import JOKER, STANDING_NAMES
from asobi.games.rummycity.views import RummyCityView, read_view

TITLE = "Rummy City ラミーシティ"
SUIT_STYLE = FRENCH_TEXT.styles
SUIT_ORDER = "SHDC"
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}
KIND_EN = {"run": "Run", "mix": "MIX Run", "set": "Set"}
KIND_JA = {"run": "ラン", "mix": "ミックスラン", "set": "セット"}
WILD = STANDING_NAMES[JOKER]  # a Police station card's standing in a combination (views.py)

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
    building_id: Any, catalogue: Mapping[str, Mapping[str, Any]] | None = None
) -> str:
    """A building in English, then Japanese: "Bank 銀行"."""
    b = (catalogue or _KNOWN).get(str(building_id)) or _KNOWN.get(str(building_id))
    if b is None:
        return str(building_id)
    return f"{b['en']} {b['ja']}"


def kind_name(kind: Any) -> str:
    return f"{KIND_EN.get(str(kind), str(kind))} {KIND_JA.get(str(kind), '')}".strip()


# --- small pieces ----------------------------------------------------------------------------
def _rank(code: str) -> int:
    return RANKS.get(code[1:], 0)


def _rank_label(rank: int) -> str:
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))


def hand_text(codes: Sequence[str]) -> Text:
    """A hand grouped by suit, ♠ ♥ ♦ ♣ (in the deck's order, as the view lists it)."""
    if not codes:
        return Text("empty", style="dim")
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
) -> Text:
    """ "2. Set セット C4 D4 S4 → Bank 銀行" (the number names it for lay-offs)."""
    out = Text.assemble((f"{number}. ", "bold cyan"), (kind_name(combination["kind"]), "bold"), " ")
    out.append_text(cards_text(ordered_cards(combination)))
    building = combination.get("building")
    if building is None:
        out.append(" → no building (final turn)", style="dim")
    else:
        out.append(f" → {building_name(building, catalogue)}")
    standing = combination.get("standing") or {}
    if standing:
        notes = Text(", ").join(
            Text.assemble(card_text(str(c)), f" {_plain(s)}") for c, s in sorted(standing.items())
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
def _status(view: RummyCityView, catalogue: Mapping[str, Mapping[str, Any]]) -> Text:
    solo = view["mode"] == "solo"
    viewer = view["seat"]
    phase = str(view["phase"])
    if phase == "over":
        outcome = view["outcome"]
        reason = outcome["details"].get("reason", "") if outcome is not None else ""
        return Text.assemble(("Game over 終了", "bold"), f" — {reason}" if reason else "")
    turn = view["turn"]
    seat = view["seats"][turn]
    who = seat_label(turn, viewer, solo)
    line = Text.assemble((f"{who} to act", "bold"), " — ")
    if phase == "turn":
        rows = len(view["row"])
        limit = min(seat["draw_limit"], rows)
        owned = [catalogue.get(b, {}) for b in seat["buildings"]]
        if any(b.get("effect") == "school" for b in owned):
            draw = f"look at the top {limit} (School 学校) and take the ones you want"
        else:
            draw = f"draw 1–{limit} from the row (山札を引く)" if limit > 1 else "draw 1"
        line.append(f"{draw}, or build up to 3 buildings (建物を建てる)")
        if any(b.get("mark") == "♠" for b in owned):
            if view["passes_in_a_row"] >= len(view["seats"]):
                nobody = "a pass" if solo else "both players' passes"
                line.append(f" — no pass right after {nobody}", style="dim")
            else:
                line.append(", or pass (パス ♠)")
    elif phase == "pick":
        line.append("School 学校: take the cards you want from those looked at, then done")
    elif phase == "lay":
        line.append("lay the cards of the combination (組み合わせ), then done")
    elif phase == "build":
        built = view["builds_this_turn"]
        if view["final_turn"]:
            line.append(
                "final turn 最後の手番: lay any combinations (meld needs no building), "
                f"build at most 3 ({built} built), then end"
            )
        else:
            line.append(f"build again ({built} of 3 this turn) or end the turn")
    elif phase == "return":
        line.append("solo: a 7th building — return one to the supply (場に返す)")
    elif phase == "settle":
        line.append("settlement 決算: lay off 付け札 hand cards onto the other town's combinations")
    else:
        line.append(phase)
    return line


def _round_line(view: RummyCityView) -> Text:
    solo = view["mode"] == "solo"
    viewer = view["seat"]
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


def _row(view: RummyCityView) -> list[Text]:
    """The row (山札), top first, in lines of ten with their positions."""
    viewer = view["seat"]
    solo = view["mode"] == "solo"
    row = view["row"]
    down = sum(1 for r in row if not r["face_up"])
    head = Text.assemble(("Row 山札: ", "bold"), plural(len(row), "card"))
    if not row:
        head.append(" — empty", style="dim")
        return [head]
    head.append(f", {down} face down (??); drawn from the top, position 1 first")
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
        notes.append("(card): face down, you looked at it (学校)")
    if marked_other:
        other = "another seat" if solo or viewer is None else "the other town"
        notes.append(f"??*: face down, {other} looked at it (学校)")
    if notes:
        lines.append(Text("      " + " · ".join(notes), style="dim"))
    return lines


def _building_line(
    building_id: str,
    catalogue: Mapping[str, Mapping[str, Any]],
    deposits: Mapping[str, str],
) -> Text:
    b = catalogue.get(building_id) or _KNOWN.get(building_id) or {}
    out = Text.assemble(
        (f"{b.get('mark', '?')} ", "bold"), building_name(building_id, catalogue), " "
    )
    out.append(str(b.get("recipe", "")), style="cyan")
    card = deposits.get(building_id)
    if card is not None:
        power = "wild" if b.get("effect") == "police" else "any suit"
        out.append(" holds ")
        out.append_text(card_text(card))
        out.append(f": {_rank_label(_rank(card))}s {power}", style="dim")
    elif b.get("effect") in ("bank", "police"):
        out.append(" (no card yet: 'place')", style="dim")
    return out


def _towns(view: RummyCityView, catalogue: Mapping[str, Mapping[str, Any]]) -> Table:
    viewer = view["seat"]
    solo = view["mode"] == "solo"
    active = set(view["active"])
    deposits = view["deposits"]
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    table.add_column("town 街", no_wrap=True)
    table.add_column("tepu テプ", justify="right", no_wrap=True)
    table.add_column("hand 手札", overflow="fold")
    table.add_column("buildings 建物", overflow="fold")
    for s, seat in enumerate(view["seats"]):
        name = Text(seat_label(s, viewer, solo), style="bold")
        if s in active:
            name = Text("▶ ", style="bold cyan").append_text(name)
        name.append(f"\ndraws up to {seat['draw_limit']}", style="dim")
        if "hand" in seat:
            hand = Text(plural(len(seat["hand"]), "card"))
        else:
            hand = Text(plural(seat["hand_size"], "card"))
            known = seat.get("known_cards", [])
            if known:
                hand.append("\nknown: ", style="dim")
                hand.append_text(cards_text(known))
        owned = [_building_line(b, catalogue, deposits) for b in seat["buildings"]]
        table.add_row(
            name,
            Text(str(seat["tepu"]), style="bold"),
            hand,
            Text("\n").join(owned) if owned else Text("none", style="dim"),
        )
    return table


def _combinations(view: RummyCityView, catalogue: Mapping[str, Mapping[str, Any]]) -> list[Text]:
    """This round's combinations of each town, numbered as lay-offs name them."""
    viewer = view["seat"]
    solo = view["mode"] == "solo"
    lines = [
        Text.assemble(
            ("Combinations this round 組み合わせ", "bold"),
            ("" if solo else "  numbered for lay-offs at settlement: layoff CARD N", "dim"),
        )
    ]
    width = max(len(seat_label(s, viewer, solo)) for s in range(len(view["seats"])))
    for s, seat in enumerate(view["seats"]):
        label = f"  {seat_label(s, viewer, solo):<{width}}  "
        combos = seat["combinations"]
        if not combos:
            lines.append(Text.assemble(label, ("none yet", "dim")))
            continue
        for i, combo in enumerate(combos, start=1):
            head = label if i == 1 else " " * len(label)
            lines.append(Text(head).append_text(combination_text(i, combo, catalogue)))
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


def effect_short(b: Mapping[str, Any]) -> str:
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


def _catalogue(view: RummyCityView, catalogue: Mapping[str, Mapping[str, Any]]) -> Table:
    """Every building of this game: where it is, its recipe and what it does."""
    viewer = view["seat"]
    solo = view["mode"] == "solo"
    supply = set(view["supply"])
    owner = {b: s for s, seat in enumerate(view["seats"]) for b in seat["buildings"]}
    deposits = view["deposits"]
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    table.add_column("build ID", no_wrap=True)
    table.add_column("building 建物", no_wrap=True)
    table.add_column("recipe", no_wrap=True)
    table.add_column("where", no_wrap=True)
    table.add_column("effect", overflow="fold")
    for b in catalogue.values():
        bid = str(b["id"])
        if bid in supply:
            where = Text("supply", style="green")
        elif bid in owner:
            s = owner[bid]
            where = Text("you" if s == viewer or solo else f"seat {s}", style="bold")
        else:
            where = Text("—", style="dim")
        effect = Text(effect_short(b), style="dim")
        card = deposits.get(bid)
        if card is not None:
            effect = Text.assemble("holds ", card_text(card), "; ").append_text(effect)
        table.add_row(
            Text(bid, style="bold" if bid in supply else ""),
            Text.assemble((f"{b.get('mark', '')} ", "bold"), f"{b['en']} {b['ja']}"),
            Text(str(b.get("recipe", "")), style="cyan"),
            where,
            effect,
        )
    return table


def _hands(view: RummyCityView) -> list[tuple[int, Text]]:
    """Each hand the view shows, with its seat."""
    viewer = view["seat"]
    lines = []
    for s, seat in enumerate(view["seats"]):
        if "hand" not in seat:
            continue
        hand = seat["hand"]
        label = "Your hand 手札" if s == viewer else f"Seat {s} hand 手札"
        line = Text.assemble((f"{label} ({len(hand)}): ", "bold"))
        line.append_text(hand_text(hand))
        lines.append((s, line))
    return lines


def _making(view: RummyCityView, catalogue: Mapping[str, Mapping[str, Any]]) -> Text | None:
    making = view.get("making")
    if not making:
        return None
    viewer = view["seat"]
    solo = view["mode"] == "solo"
    who = seat_label(view["turn"], viewer, solo)
    building = making["building"]
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


def _looking(view: RummyCityView) -> Text | None:
    looking = view.get("looking")
    if not looking:
        return None
    viewer = view["seat"]
    solo = view["mode"] == "solo"
    count = looking["count"]
    taken = looking["taken"]
    cards = looking["cards"]
    if cards is not None:
        out = Text.assemble((f"School 学校: you looked at the top {count}: ", "bold yellow"))
        for p, code in enumerate(cards, start=1):
            out.append(f"{p} ", style="bold cyan")
            out.append_text(card_text(code))
            if p in taken:
                out.append(" taken", style="green")
            out.append("  ")
        out.append(
            "\n  take the ones you want ('take N'), then 'done'; the rest stay in the row, "
            "in order",
            style="dim",
        )
        return out
    who = seat_label(view["turn"], viewer, solo)
    out = Text(f"{who} is looking at the top {count} cards of the row (School 学校)", "yellow")
    if taken:
        out.append(f"; taken so far: positions {', '.join(map(str, taken))}")
    return out


def _discards(view: RummyCityView) -> Text | None:
    if view["mode"] != "solo":
        return None
    discards = view.get("discards", [])
    out = Text.assemble((f"Discards 捨て札 ({len(discards)}): ", "bold"))
    out.append_text(cards_text(discards, empty="none"))
    out.append("  (solo: a draw of N discards the next N; a pass, 4)", style="dim")
    return out


def _settlements(view: RummyCityView) -> list[RenderableType]:
    """決算 so far, a line a round: what the town gained in the round (where any town did),
    paid for the cards in hand, gained per combination and from income, and the tepu after."""
    viewer = view["seat"]
    solo = view["mode"] == "solo"
    records = view["settlements"]
    if not records:
        return []
    moved = any(town["gained"] for record in records for town in record["towns"])
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
            during = f"{gained:+d}; " if moved and gained else ("±0; " if moved else "")
            cell = Text(f"{seat_label(s, viewer, solo)}: {during}−{paid}")
            if paid < cards:
                cell.append(f" of {cards}", style="yellow")
            cell.append(f" +{town['combinations']} +{town['income']} = ")
            cell.append(str(town["tepu"]), style="bold")
            cells.append(cell)
        table.add_row(f"  round {record['round']}", *cells)
    return [head, table]


def _legend() -> Text:
    return Text(
        "Cards: S ♠ spades · H ♥ hearts · D ♦ diamonds · C ♣ clubs; A 2–10 J Q K. "
        "Run ラン: 3+ in a row of one suit · MIX Run ミックスラン: 3–4 in a row, all suits "
        "different · Set セット: 3–4 of a rank · K-A-2 never.",
        style="dim",
    )


def sections(raw: Mapping[str, Any]) -> list[tuple[str, RenderableType]]:
    """The table's parts, in order, each named: what to act on, the round, the row, the
    towns and their combinations, the buildings, the settlements so far, a School look or
    a combination under way, the hand, the card legend."""
    view = read_view(raw)
    catalogue = _remember(view)
    solo = view["mode"] == "solo"
    parts: list[tuple[str, RenderableType]] = [
        ("status", _status(view, catalogue)),
        ("round ラウンド", _round_line(view)),
        ("row 山札", Group(*_row(view))),
    ]
    discards = _discards(view)
    if discards is not None:
        parts.append(("discards 捨て札", discards))
    parts.append(("towns 街", _towns(view, catalogue)))
    parts.append(("combinations 組み合わせ", Group(*_combinations(view, catalogue))))
    where = "the supply" if solo else "the supply or the other town"
    heading = Text.assemble(
        ("Buildings 建物カード", "bold"), (f"  build one with 'build ID', from {where}", "dim")
    )
    parts.append(("buildings 建物", Group(heading, _catalogue(view, catalogue))))
    settlements = _settlements(view)
    if settlements:
        parts.append(("settlements 決算", Group(*settlements)))
    looking, making = _looking(view), _making(view, catalogue)
    if looking is not None:
        parts.append(("School 学校", looking))
    if making is not None:
        parts.append(("combination being laid", making))
    viewer = view["seat"]
    for s, line in _hands(view):
        parts.append(("your hand 手札" if s == viewer else f"seat {s}'s hand", line))
    parts.append(("card legend", _legend()))
    return parts


def render(raw: Mapping[str, Any], console: Console) -> None:
    """Print the table as ``view["seat"]`` sees it; after the game, the outcome too."""
    view = read_view(raw)
    mode = "solo score attack ソロ" if view["mode"] == "solo" else "two towns"
    body = Group(*(part for _, part in sections(view)))
    console.print(Panel(body, title=f"{TITLE} · {mode}", box=box.ROUNDED, expand=False))
    if view["outcome"] is not None:
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
