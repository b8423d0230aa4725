"""Starmine actions, and the catalogue of melds (役) they place.

Every meld any hand could ever hold is computed once at import (a few hundred), so the
rules find a hand's melds by table look-up and actions are interned values.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import combinations
from typing import Literal

from asobi.core.actions import ActionSpace
from asobi.core.cards import Card
from asobi.core.errors import BadActionCode, InvalidSetup
from asobi.core.melds import is_run, is_set
from asobi.games.starmine.cards import FIREWORKS, is_boost

# --- rows (列) -------------------------------------------------------------------------
OPENING, MAIN, FINALE = 0, 1, 2
ROWS = (OPENING, MAIN, FINALE)
RowName = Literal["opening", "main", "finale"]
ROW_NAMES: tuple[RowName, RowName, RowName] = ("opening", "main", "finale")
ROW_NAMES_JA = ("オープニング", "メイン", "フィナーレ")

# --- melds (役) ------------------------------------------------------------------------
MeldKind = Literal["seq", "three", "pair"]
SEQUENCE: MeldKind = "seq"
THREE: MeldKind = "three"
PAIR: MeldKind = "pair"
MELD_POINTS = {SEQUENCE: 7, THREE: 5, PAIR: 3}
MELD_NAMES = {SEQUENCE: "sequence", THREE: "three of a kind", PAIR: "pair"}
MELD_NAMES_JA = {SEQUENCE: "シーケンス", THREE: "3カード", PAIR: "ペア"}
LOWEST, HIGHEST = 1, 7  # "シーケンスの役では、1と7は繋がりません"

# §5 ブーストカードについて: "ブーストカードを使用して揃えた役の評価点は-1点されます。" The
# rulebook charges the meld: -1 for a meld made with boosts, however many (``per_meld``).
# The house rule ``per_boost`` charges each boost instead (the option ``boost_penalty``).
BoostPenalty = Literal["per_meld", "per_boost"]
PER_MELD: BoostPenalty = "per_meld"
PER_BOOST: BoostPenalty = "per_boost"


def boost_cost(boosts: int, penalty: BoostPenalty) -> int:
    """The points that ``boosts`` boost cards take off the meld they are in."""
    if penalty == PER_BOOST:
        return boosts
    return min(boosts, 1)


def is_wild(card: Card) -> bool:
    return is_boost(card)


@dataclass(frozen=True, slots=True)
class Meld:
    """A set of cards read as one meld. The same cards may read as two kinds (a firework
    and two boosts: a sequence or three of a kind); the player declares which."""

    kind: MeldKind
    cards: tuple[Card, ...]  # in deck order
    mask: int  # bit i set for FIREWORKS.cards[i]
    # Its position in MELDS, so tables can be indexed by it instead of hashing the meld.
    index: int = field(default=-1, compare=False, repr=False)
    # How many of its cards are boosts: counted once, as every view prices every meld.
    boosts: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "boosts", sum(1 for c in self.cards if is_boost(c)))

    def points(self, penalty: BoostPenalty) -> int:
        """The meld's 評価点 under the game's ``boost_penalty``."""
        return MELD_POINTS[self.kind] - boost_cost(self.boosts, penalty)

    def encode(self) -> str:
        return f"{self.kind} {' '.join(c.code for c in self.cards)}"

    def __str__(self) -> str:
        return f"{MELD_NAMES[self.kind]} {' '.join(c.code for c in self.cards)}"


def meld_kinds(cards: tuple[Card, ...]) -> list[MeldKind]:
    """Every kind these exact cards can be read as (section 5 B, カードの役)."""
    if all(is_boost(c) for c in cards):
        return []  # ruling: a meld must hold at least one firework card
    kinds: list[MeldKind] = []
    if len(cards) == 3 and is_run(cards, 3, LOWEST, HIGHEST, suits="same", wild=is_wild):
        kinds.append(SEQUENCE)
    if len(cards) == 3 and is_set(cards, 3, wild=is_wild):
        kinds.append(THREE)
    if len(cards) == 2 and is_set(cards, 2, wild=is_wild):
        kinds.append(PAIR)
    return kinds


def _catalogue() -> tuple[Meld, ...]:
    melds: list[Meld] = []
    for size in (3, 2):
        for cards in combinations(FIREWORKS.cards, size):
            for kind in meld_kinds(cards):
                mask = sum(1 << FIREWORKS.index(c) for c in cards)
                melds.append(Meld(kind, cards, mask, index=len(melds)))
    return tuple(melds)


MELDS: tuple[Meld, ...] = _catalogue()
MELD_BY_CODE: dict[str, Meld] = {m.encode().upper(): m for m in MELDS}
# For each card, the melds whose lowest card (in deck order) it is: a hand's melds are found
# by walking its own cards' lists and keeping the melds the hand covers.
MELDS_FROM: tuple[tuple[Meld, ...], ...] = tuple(
    tuple(m for m in MELDS if m.cards[0] is card) for card in FIREWORKS.cards
)
MELDS_WITH_LOWEST: dict[Card, tuple[Meld, ...]] = dict(
    zip(FIREWORKS.cards, MELDS_FROM, strict=True)
)
CARD_BIT: dict[Card, int] = {c: 1 << i for i, c in enumerate(FIREWORKS.cards)}


def _points_first(meld: Meld) -> tuple[int, int, int]:
    """Best first under either boost penalty. A meld holds at most two boosts, so its
    points under ``per_meld`` exceed those under ``per_boost`` by at most 1: a meld with
    more points under ``per_boost`` has at least as many under ``per_meld`` too."""
    return (-meld.points(PER_BOOST), -meld.points(PER_MELD), meld.index)


MELD_ORDER: dict[Meld, int] = {m: i for i, m in enumerate(sorted(MELDS, key=_points_first))}
# MELD_ORDER by meld index: sorting by it needs no hashing of melds.
MELD_RANK: tuple[int, ...] = tuple(MELD_ORDER[m] for m in MELDS)


def _best_first(meld: Meld) -> int:
    return MELD_RANK[meld.index]


def _submasks(mask: int) -> Iterator[int]:
    sub = mask
    while True:
        yield sub
        if sub == 0:
            return
        sub = (sub - 1) & mask


def _by_partners(card: Card) -> tuple[int, dict[int, tuple[Meld, ...]]]:
    """The cards the melds in ``MELDS_WITH_LOWEST[card]`` may use besides ``card`` (at most
    7: the same number in later colours, the next two numbers of its colour, the boosts),
    and for every set of them a hand may hold, the melds it completes, best first."""
    own = MELDS_WITH_LOWEST[card]
    partners = 0
    for m in own:
        partners |= m.mask
    partners &= ~CARD_BIT[card]
    completes = {
        held: tuple(sorted((m for m in own if m.mask & partners & ~held == 0), key=_best_first))
        for held in _submasks(partners)
    }
    return partners, completes


MELDS_BY_PARTNERS: dict[Card, tuple[int, dict[int, tuple[Meld, ...]]]] = {
    c: _by_partners(c) for c in FIREWORKS.cards
}


def hand_mask(hand: list[Card]) -> int:
    mask = 0
    for c in hand:
        mask |= CARD_BIT[c]
    return mask


def melds_in(hand: list[Card]) -> list[Meld]:
    """Every meld the hand can make, best first, then in catalogue order."""
    have = hand_mask(hand)
    found: list[Meld] = []
    for c in hand:
        partners, completes = MELDS_BY_PARTNERS[c]
        found += completes[have & partners]
    found.sort(key=_best_first)
    return found


def find_meld(kind: str, cards: list[Card]) -> Meld | None:
    code = f"{kind} {' '.join(c.code for c in FIREWORKS.sort(cards))}".upper()
    return MELD_BY_CODE.get(code)


def best_meld(cards: list[Card]) -> Meld | None:
    """The highest-scoring reading of exactly these cards (for scenarios). The readings hold
    the same boosts, so the best is the same under either boost penalty."""
    readings = [m for m in MELDS if m.mask == hand_mask(cards) and len(m.cards) == len(cards)]
    return max(readings, key=lambda m: MELD_POINTS[m.kind], default=None)


# --- actions ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Discard:
    """Action A (duel): discard a hand card face up. Solo action B: remove it from the game."""

    card: Card

    def encode(self) -> str:
        return f"discard {self.card.code}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card: from the deck (``card`` is None) or the named face-up card."""

    card: Card | None

    def encode(self) -> str:
        return "draw deck" if self.card is None else f"draw {self.card.code}"


@dataclass(frozen=True, slots=True)
class Place:
    """Place one meld from hand onto a row (action B; the final phase; 追い打ち)."""

    row: int
    meld: Meld

    def encode(self) -> str:
        return f"place {ROW_NAMES[self.row]} {self.meld.encode()}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Place nothing in the final phase or in 追い打ち."""

    def encode(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Flip:
    """Solo, turn start: the first turned-up card goes to the open cards (``to_open``) or
    the removed cards; the next card turned up goes to the other area."""

    to_open: bool

    def encode(self) -> str:
        return "open" if self.to_open else "remove"


StarmineAction = Discard | Draw | Place | Pass | Flip

DISCARD = {c: Discard(c) for c in FIREWORKS.cards}
DRAW_DECK = Draw(None)
DRAW = {c: Draw(c) for c in FIREWORKS.cards}
PASS = Pass()
FLIP_OPEN, FLIP_REMOVE = Flip(True), Flip(False)
PLACE = {(row, m): Place(row, m) for row in ROWS for m in MELDS}
# The same interned actions by meld index, then row: PLACE_ON[meld.index][row].
PLACE_ON: tuple[tuple[Place, ...], ...] = tuple(
    tuple(PLACE[(row, m)] for row in ROWS) for m in MELDS
)


def place_actions(melds: list[Meld], rows: tuple[int, ...]) -> list[Place]:
    """Each meld onto each of the rows, in that order (meld by meld)."""
    return [PLACE_ON[m.index][row] for m in melds for row in rows]


# What a person may call a meld's kind when typing it: the code's word, the name the
# terminal and the rulebook's English give it, the rulebook's Japanese.
KIND_WORDS: dict[str, MeldKind] = {
    **{kind: kind for kind in MELD_POINTS},
    "sequence": SEQUENCE,
    **{name: kind for kind, name in MELD_NAMES_JA.items()},
}
EXAMPLES = (
    "try 'discard R4', 'draw deck', 'draw Y2', 'place main seq R4 R5 R6', 'pass', 'open' or "
    "'remove'"
)
EXAMPLES_JA = (
    "例:'discard R4'、'draw deck'、'draw Y2'、'place main seq R4 R5 R6'、'pass'、'open'、'remove'"
)


def _parse(code: str) -> StarmineAction:
    """A code that is not written exactly as the game writes it (``ActionSpace.decode`` looks
    those up): a meld's kind by another of its names, else why the code names no action."""
    words = code.split()
    verb = words[0].lower() if words else ""
    if verb == "place" and len(words) >= 4:
        return _place(words[1], words[2], words[3:])
    if verb == "place":
        raise BadActionCode(
            f"{code!r}: a meld is placed as 'place ROW KIND CARDS', e.g. 'place main seq R4 R5 R6'",
            f"{code!r}:役は'place 列 役 カード'で配置します。例:'place main seq R4 R5 R6'",
        )
    if verb in ("discard", "draw") and len(words) == 2:
        _cards(words[1:])  # a card that is not in the deck says so
    raise BadActionCode(
        f"{code!r} is not a Starmine action; {EXAMPLES}",
        f"{code!r}はスターマインの手ではありません。{EXAMPLES_JA}",
    )


def _place(row: str, kind: str, codes: list[str]) -> Place:
    if row.lower() not in ROW_NAMES:
        raise BadActionCode(
            f"{row!r} is not a row: {', '.join(ROW_NAMES)} (列)",
            f"{row!r}は列ではありません:{'、'.join(ROW_NAMES)}",
        )
    read = KIND_WORDS.get(kind.lower(), KIND_WORDS.get(kind))
    if read is None:
        raise BadActionCode(
            f"{kind!r} is not a meld: seq (sequence), three or pair (役)",
            f"{kind!r}は役ではありません:seq(シーケンス)、three(3カード)、pair(ペア)",
        )
    cards = _cards(codes)
    meld = find_meld(read, cards)
    if meld is None:
        shown = " ".join(c.code for c in cards)
        readings = [m for m in MELDS if m.mask == hand_mask(cards) and len(m.cards) == len(cards)]
        makes = " or ".join(sorted({_named(m.kind) for m in readings}))
        reading = f" (it is {makes})" if makes else ""
        makes_ja = "・".join(sorted({MELD_NAMES_JA[m.kind] for m in readings}))
        reading_ja = f"({makes_ja}です)" if makes_ja else ""
        raise BadActionCode(
            f"{shown} is not {_named(read)}{reading}",
            f"{shown}は{MELD_NAMES_JA[read]}ではありません{reading_ja}",
        )
    return PLACE[(ROW_NAMES.index(row.lower()), meld)]


def _named(kind: MeldKind) -> str:
    """ "a pair", "a sequence", "three of a kind"."""
    return MELD_NAMES[kind] if kind == THREE else f"a {MELD_NAMES[kind]}"


def _cards(codes: list[str]) -> list[Card]:
    try:
        return FIREWORKS.parse([c.upper() for c in codes])
    except InvalidSetup as exc:
        unknown = [c for c in codes if c.upper() not in {card.code for card in FIREWORKS.cards}]
        ja = f"{unknown[0]!r}は花火カードではありません" if unknown else None
        raise BadActionCode(str(exc), ja) from None


ACTION_SPACE: ActionSpace[StarmineAction] = ActionSpace(
    [
        DRAW_DECK,
        PASS,
        FLIP_OPEN,
        FLIP_REMOVE,
        *DISCARD.values(),
        *DRAW.values(),
        *PLACE.values(),
    ],
    parse=_parse,
)
