"""Cards and decks, and the two decks more than one game may use: the SEVEN deck and the
French 52 (a game's own deck lives in its package, as Starmine's fireworks do).

A :class:`Card` is an immutable (suit, rank, code) value; a :class:`Deck` lists every
card of a physical deck once, in a fixed order, and parses codes back to cards. Cards are
interned by their deck, so a game's state can hold them in plain lists and sets cheaply.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from asobi.core.errors import InvalidSetup


class Card(NamedTuple):
    suit: str
    rank: int
    code: str

    def __str__(self) -> str:
        return self.code


@dataclass(frozen=True)
class Suit:
    """A suit or colour with its code letter and its names in English and Japanese."""

    letter: str
    en: str
    ja: str
    # How the terminal colours the suit's cards (a rich style; "" for its own colour).
    style: str = field(default="", compare=False)
    # How the browser draws them (``web/cards.js``): a symbol of its library ("heart",
    # "burst"...) in a CSS colour, and a darker ink for the rank where the colour is too pale
    # to read as text. Each colour reads at 4.5:1 or more on a card's white (WCAG AA).
    symbol: str = field(default="star", compare=False)
    colour: str = field(default="#475569", compare=False)
    ink: str = field(default="", compare=False)
    # A wild card (Starmine's boosts): drawn with a star instead of its rank, and named by
    # its suit and copy number ("boost 1", 「ブースト(1)」).
    wild: bool = field(default=False, compare=False)


@dataclass(frozen=True)
class Deck:
    name: str
    cards: tuple[Card, ...]
    suits: tuple[Suit, ...]
    # How the browser names and draws the cards (``web/cards.js``): English names with the
    # rank first ("7 of hearts", not "Heart 7"); the rank written large in the middle of the
    # face (Starmine's numbered fireworks).
    rank_first: bool = False
    numbered: bool = False
    _by_code: dict[str, Card] = field(init=False, repr=False, compare=False)
    _index: dict[Card, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_code", {c.code.upper(): c for c in self.cards})
        object.__setattr__(self, "_index", {c: i for i, c in enumerate(self.cards)})
        if len(self._by_code) != len(self.cards):
            raise ValueError(f"deck {self.name}: two cards share a code")

    def __len__(self) -> int:
        return len(self.cards)

    def card(self, code: str) -> Card:
        try:
            return self._by_code[code.strip().upper()]
        except KeyError:
            raise InvalidSetup(f"{code!r} is not a card of the {self.name} deck") from None

    def parse(self, codes: str | Iterable[str]) -> list[Card]:
        """Cards from codes: a list, or one string of codes separated by spaces or commas."""
        if isinstance(codes, str):
            codes = codes.replace(",", " ").split()
        return [self.card(code) for code in codes]

    def index(self, card: Card) -> int:
        """The card's position in the deck's fixed order (a dense id 0..len-1)."""
        return self._index[card]

    def suit(self, letter: str) -> Suit:
        for s in self.suits:
            if s.letter == letter:
                return s
        raise KeyError(letter)

    def sort(self, cards: Iterable[Card]) -> list[Card]:
        """Cards in the deck's fixed order: the order hands are shown and listed in."""
        return sorted(cards, key=self._index.__getitem__)

    def to_json(self) -> dict[str, object]:
        """The deck for a front end that draws it: its suits' names, and each card's suit,
        rank and the rank as printed (``A``, ``10``, ``K``)."""
        return {
            "name": self.name,
            "rank_first": self.rank_first,
            "numbered": self.numbered,
            "suits": [
                {
                    "letter": s.letter,
                    "en": s.en,
                    "ja": s.ja,
                    "symbol": s.symbol,
                    "colour": s.colour,
                    "ink": s.ink or s.colour,
                    "wild": s.wild,
                }
                for s in self.suits
            ],
            "cards": [
                {"code": c.code, "suit": c.suit, "rank": c.rank, "label": c.code[len(c.suit) :]}
                for c in self.cards
            ],
        }


def codes(cards: Sequence[Card]) -> list[str]:
    return [c.code for c in cards]


# --- The SEVEN deck (セブン プレイングカード): 7 suits of 7 consecutive ranks -------------
SEVEN_SUITS = (
    Suit("H", "Heart", "ハート", style="bold red", symbol="heart", colour="#c8203d"),
    Suit("O", "Onion", "オニオン", style="bold green", symbol="onion", colour="#2a7d34"),
    Suit("B", "Book", "ブック", style="bold bright_blue", symbol="book", colour="#1f58b8"),
    Suit("C", "Coin", "コイン", style="bold yellow", symbol="coin", colour="#8c6400"),
    Suit("S", "Star", "スター", style="bold cyan", symbol="star", colour="#0a7585"),
    Suit("T", "Time", "タイム", style="bold magenta", symbol="time", colour="#8e2aa3"),
    Suit("K", "Coffin", "コフィン", style="bold grey62", symbol="coffin", colour="#444c5a"),
)


def seven_rank_label(rank: int) -> str:
    """A counts 1 and K counts 13; there are no J or Q, 11 and 12 are printed as numbers."""
    return {1: "A", 13: "K"}.get(rank, str(rank))


SEVEN = Deck(
    "SEVEN",
    tuple(
        Card(s.letter, rank, f"{s.letter}{seven_rank_label(rank)}")
        for lowest, s in enumerate(SEVEN_SUITS, start=1)
        for rank in range(lowest, lowest + 7)
    ),
    SEVEN_SUITS,
)


def seven_suit_top(letter: str) -> Card:
    """Each suit's highest card (the mines of It's Mine!)."""
    return max((c for c in SEVEN.cards if c.suit == letter), key=lambda c: c.rank)


# --- The French 52 (no jokers) ----------------------------------------------------------
# Hearts and diamonds are red in the terminal, spades and clubs in its own colour.
FRENCH_SUITS = (
    Suit("S", "spades", "スペード", style="bold", symbol="spades", colour="#1c2230"),
    Suit("H", "hearts", "ハート", style="bold red", symbol="hearts", colour="#c8203d"),
    Suit("D", "diamonds", "ダイヤ", style="bold red", symbol="diamonds", colour="#c8203d"),
    Suit("C", "clubs", "クラブ", style="bold", symbol="clubs", colour="#1c2230"),
)


def french_rank_label(rank: int) -> str:
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))


FRENCH52 = Deck(
    "French 52",
    tuple(
        Card(s.letter, rank, f"{s.letter}{french_rank_label(rank)}")
        for s in FRENCH_SUITS
        for rank in range(1, 14)
    ),
    FRENCH_SUITS,
    rank_first=True,
)
