"""Meld checks shared by the three rummy games (Starmine, Laminate, Rummy City).

Every check takes the cards of one candidate meld and a predicate telling which cards
are wild, and answers whether (and how) the cards can be read as that meld. Wildcards
stand for any card the meld needs. Games build their catalogues of melds from these.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations

from asobi.core.cards import Card

IsWild = Callable[[Card], bool]


def never_wild(card: Card) -> bool:
    return False


def split_wild(cards: Iterable[Card], wild: IsWild = never_wild) -> tuple[list[Card], int]:
    """The natural (non-wild) cards and the number of wildcards."""
    natural: list[Card] = []
    wilds = 0
    for c in cards:
        if wild(c):
            wilds += 1
        else:
            natural.append(c)
    return natural, wilds


def is_set(cards: Sequence[Card], size: int, wild: IsWild = never_wild) -> bool:
    """``size`` cards of one rank (a pair when size is 2, three of a kind when 3, ...)."""
    if len(cards) != size:
        return False
    natural, _ = split_wild(cards, wild)
    return len({c.rank for c in natural}) <= 1


def run_starts(ranks: Sequence[int], length: int, wilds: int, low: int, high: int) -> list[int]:
    """The lowest ranks of every run of ``length`` consecutive ranks within low..high
    that the given distinct ``ranks`` plus ``wilds`` wildcards can make. Runs never wrap
    (high and low do not connect)."""
    if len(ranks) + wilds != length or len(set(ranks)) != len(ranks):
        return []
    if not ranks:
        return list(range(low, high - length + 2))
    lo, hi = min(ranks), max(ranks)
    return [s for s in range(max(low, hi - length + 1), min(lo, high - length + 1) + 1)]


def is_run(
    cards: Sequence[Card],
    length: int,
    low: int,
    high: int,
    *,
    suits: str = "same",
    wild: IsWild = never_wild,
) -> bool:
    """``length`` consecutive ranks. ``suits``: "same" (a suit run / sequence), "distinct"
    (every suit different) or "any"."""
    if len(cards) != length:
        return False
    natural, wilds = split_wild(cards, wild)
    suit_set = {c.suit for c in natural}
    if suits == "same" and len(suit_set) > 1:
        return False
    if suits == "distinct" and len(suit_set) != len(natural):
        return False
    return bool(run_starts([c.rank for c in natural], length, wilds, low, high))


def rank_sum(cards: Iterable[Card]) -> int:
    return sum(c.rank for c in cards)


def sub_hands(hand: Sequence[Card], sizes: Iterable[int]) -> Iterator[tuple[Card, ...]]:
    """Every combination of hand cards of the given sizes, in hand order."""
    for size in sizes:
        yield from combinations(hand, size)
