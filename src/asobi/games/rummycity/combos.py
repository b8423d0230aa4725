"""Combinations (組み合わせ) and recipes: which cards can build which building.

The rulebook's three kinds: a **Run** (ラン) is 3+ consecutive cards of one suit; a **MIX
Run** (ミックスラン) is 3 or 4 consecutive cards of all different suits; a **Set** (セット)
is 3 or 4 cards of one rank. An A is low (A-2-3) or high (Q-K-A), but "K-A-2" never
connects. Ranks are placed on 14 *positions*: A on 1 or 14, 2–K on their own rank; no run
of at most 13 cards can hold both 1 and 14, which is exactly the no-wrap rule.

A card laid by a player whose Bank (銀行) holds a card of its rank is *suitless* (any suit);
one whose Police station (警察署) holds a card of its rank is a *joker* (any card). A card's
standing is fixed when it is laid, so a :class:`Combination` remembers it per card.

The finder answers one question, fast enough to be asked for every card of a hand at every
decision: can the cards chosen so far, plus some of the cards still at hand, make a
combination that satisfies a recipe? Everything else (is this a combination, can this card
be laid off, which cards may be laid next) is that question with a smaller pool.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import NamedTuple

from asobi.core.cards import FRENCH52, Card

RUN, MIX, SET = "run", "mix", "set"
KINDS = (RUN, MIX, SET)
KIND_NAMES = {RUN: "Run", MIX: "MIX Run", SET: "Set"}
KIND_NAMES_JA = {RUN: "ラン", MIX: "ミックスラン", SET: "セット"}
SUITS = tuple(s.letter for s in FRENCH52.suits)  # S H D C
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SYMBOL_SUIT = {v: k for k, v in SUIT_SYMBOL.items()}
LONGEST = {RUN: 13, MIX: 4, SET: 4}  # one A per suit: a run holds at most 13 cards

NATURAL, SUITLESS, JOKER = 0, 1, 2
STANDING_NAMES = ("", "any suit (銀行)", "wild (警察署)")


class Piece(NamedTuple):
    """A card as one player may use it: its standing is NATURAL, SUITLESS or JOKER."""

    card: Card
    standing: int


@cache
def pieces_for(bank_ranks: int, police_ranks: int) -> dict[Card, Piece]:
    """Every card as a player uses it whose Bank and Police station hold cards of these
    ranks (bit r set for rank r)."""
    bank = {r for r in range(1, 14) if bank_ranks >> r & 1}
    police = {r for r in range(1, 14) if police_ranks >> r & 1}
    return {c: Piece(c, standing(c, bank, police)) for c in FRENCH52.cards}


def standing(card: Card, bank_ranks: Iterable[int], police_ranks: Iterable[int]) -> int:
    if card.rank in police_ranks:
        return JOKER
    if card.rank in bank_ranks:
        return SUITLESS
    return NATURAL


def positions(rank: int) -> tuple[int, ...]:
    return (1, 14) if rank == 1 else (rank,)


def _place(rank: int, low: int, high: int) -> int | None:
    """The position of a rank inside the window low..high, if it has one there."""
    for p in positions(rank):
        if low <= p <= high:
            return p
    return None


# --- recipes -------------------------------------------------------------------------------
# The kinds and suits of ``Pool.reaches``, in order: a run of each suit, of any suit, a Set,
# a MIX run.
REACH_KEYS: tuple[tuple[str, str | None], ...] = (
    *((RUN, suit) for suit in SUITS),
    (RUN, None),
    (SET, None),
    (MIX, None),
)
REACH_AT = {key: i for i, key in enumerate(REACH_KEYS)}
_RECIPE = re.compile(r"^(?P<suit>[♠♥♦♣SHDC])?\s*(?P<size>\d+)(?P<open>\+)?\s*RUN$")
_FIXED = re.compile(r"^(?P<kind>MIX|SET)\s*(?P<size>\d+)$")


@dataclass(frozen=True, slots=True)
class Recipe:
    """What a building asks for, as printed: "♠4Run" (a 4-card spade run), "♣5+Run" (5 or
    more), "3Run" (any suit), "MIX3", "Set4"."""

    kind: str
    size: int
    more: bool = False  # "5+": this many cards or more
    suit: str | None = None  # runs only; None: any suit
    sizes: range = field(init=False, repr=False, compare=False)  # the sizes it accepts
    # Its kind and suit, as a place in ``Pool.reaches``: recipes with the same one are made
    # by the longest combination of that kind and suit the cards at hand make.
    reach_at: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        most = LONGEST[self.kind] if self.more else self.size
        object.__setattr__(self, "sizes", range(self.size, most + 1))
        object.__setattr__(self, "reach_at", REACH_AT[self.kind, self.suit])

    @property
    def text(self) -> str:
        if self.kind == RUN:
            suit = SUIT_SYMBOL[self.suit] if self.suit else ""
            return f"{suit}{self.size}{'+' if self.more else ''}Run"
        return f"{'MIX' if self.kind == MIX else 'Set'}{self.size}{'+' if self.more else ''}"

    def overlaps(self, other: Recipe) -> bool:
        """Whether one combination could satisfy both (a catalogue may not mix such recipes:
        "a combination matching a building you own" must be unambiguous)."""
        if self.kind != other.kind:
            return False
        if self.suit is not None and other.suit is not None and self.suit != other.suit:
            return False
        return bool(set(self.sizes) & set(other.sizes))

    def __str__(self) -> str:
        return self.text


def parse_recipe(text: str) -> Recipe:
    """A recipe from its printed form; ``ValueError`` says what is wrong."""
    raw = " ".join(str(text).split()).upper()
    run = _RECIPE.match(raw)
    if run:
        size = int(run["size"])
        suit = run["suit"]
        if not 3 <= size <= LONGEST[RUN]:
            raise ValueError(f"recipe {text!r}: a Run has 3 to 13 cards")
        return Recipe(RUN, size, bool(run["open"]), SYMBOL_SUIT.get(suit, suit) if suit else None)
    fixed = _FIXED.match(raw)
    if fixed and fixed["size"] in ("3", "4"):
        return Recipe(MIX if fixed["kind"] == "MIX" else SET, int(fixed["size"]))
    raise ValueError(
        f"recipe {text!r} is not one of: '♠4Run' (a suit, a size, Run), '♣5+Run', '3Run' "
        "(any suit), 'MIX3', 'MIX4', 'Set3', 'Set4'"
    )


# Any combination of a kind (what a lay-off must keep a combination).
ANY_OF_KIND = {RUN: Recipe(RUN, 3, True), MIX: Recipe(MIX, 3, True), SET: Recipe(SET, 3, True)}


def meld_recipes(kind: str, owned: Iterable[Recipe]) -> tuple[Recipe, ...]:
    """The combinations of ``kind`` one may lay without claiming a building (the final
    turns): any but those matching a building one owns ("自分が既に立てている建物の組み合わせ
    を…出すこともできません"), as a few recipes (per suit, runs of the sizes left)."""
    return _meld_recipes(kind, frozenset(r for r in owned if r.kind == kind))


@cache
def _meld_recipes(kind: str, owned: frozenset[Recipe]) -> tuple[Recipe, ...]:
    """``meld_recipes``, worked out once for each set of recipes owned (asked at every
    decision of the final turns)."""
    out: list[Recipe] = []
    for suit in SUITS if kind == RUN else (None,):
        allowed = [
            n
            for n in ANY_OF_KIND[kind].sizes
            if not any(n in r.sizes and (r.suit is None or r.suit == suit) for r in owned)
        ]
        longest = LONGEST[kind]
        tail = longest + 1
        while tail - 1 in allowed:
            tail -= 1
        if tail <= longest:  # every size from ``tail`` up: one open-ended recipe
            out.append(Recipe(kind, tail, tail < longest, suit))
        out += [Recipe(kind, n, False, suit) for n in allowed if n < tail]
    return tuple(out)


# --- the finder ------------------------------------------------------------------------------
SUIT_BIT = {s: 1 << i for i, s in enumerate(SUITS)}
POSITION_BITS = tuple(0 if r == 0 else sum(1 << p for p in positions(r)) for r in range(14))


class Pool:
    """The cards at hand, summarised once for the finder: per suit, the positions its
    natural cards can stand at; the positions of suitless cards; the jokers; per rank, how
    many non-joker cards; per position, the suits of the natural cards there."""

    __slots__ = (
        "_longest",
        "_mix",
        "_reaches",
        "by_suit",
        "flex",
        "jokers",
        "pieces",
        "ranks",
        "somewhere",
        "suits_at",
    )

    def __init__(self, pieces: Sequence[Piece]) -> None:
        self.pieces = pieces
        self.by_suit = dict.fromkeys(SUITS, 0)
        self.ranks = [0] * 14
        self.suits_at = [0] * 15
        self.flex = 0
        self.jokers = 0
        self._add(pieces)
        self._settle()

    def plus(self, added: Sequence[Piece]) -> Pool:
        """The summary of these cards with ``added`` after them (cards drawn), worked out
        from this one: the cards already summarised are not read again."""
        pool = self._copy([*self.pieces, *added])
        pool._add(added)
        pool._settle()
        return pool

    def minus(self, piece: Piece) -> Pool:
        """The summary of these cards without ``piece`` (a card laid), from this one."""
        rest = list(self.pieces)
        rest.remove(piece)
        pool = self._copy(rest)
        card, stand = piece
        suit, rank, _ = card
        if stand == JOKER:
            pool.jokers -= 1
        else:
            pool.ranks[rank] -= 1
        if stand == NATURAL:  # the only card of its suit and rank: its bits go with it
            pool.by_suit[suit] &= ~POSITION_BITS[rank]
            pool.suits_at[rank] &= ~SUIT_BIT[suit]
        elif stand == SUITLESS and not any(p[1] == SUITLESS and p[0].rank == rank for p in rest):
            pool.flex &= ~POSITION_BITS[rank]
        pool._settle()
        return pool

    def _copy(self, pieces: Sequence[Piece]) -> Pool:
        pool = object.__new__(Pool)
        pool.pieces = pieces
        pool.by_suit = dict(self.by_suit)
        pool.ranks = list(self.ranks)
        pool.suits_at = list(self.suits_at)
        pool.flex = self.flex
        pool.jokers = self.jokers
        return pool

    def _add(self, pieces: Sequence[Piece]) -> None:
        by_suit, ranks, suits_at = self.by_suit, self.ranks, self.suits_at
        for card, stand in pieces:
            if stand == NATURAL:
                suit, rank, _ = card
                ranks[rank] += 1
                by_suit[suit] |= POSITION_BITS[rank]
                suits_at[rank] |= SUIT_BIT[suit]
            elif stand == SUITLESS:
                ranks[card.rank] += 1
                self.flex |= POSITION_BITS[card.rank]
            else:
                self.jokers += 1

    def _settle(self) -> None:
        """What follows from the counts: an A's suits at both its positions, the positions
        some card stands at; and no answer worked out yet."""
        self.suits_at[14] = self.suits_at[1]  # an A stands low or high
        natural = 0  # the positions natural cards can stand at
        for positions in self.by_suit.values():
            natural |= positions
        # Positions some card other than a joker can stand at (suits_at or flex set there).
        self.somewhere = natural | self.flex
        self._longest: dict[str, int] = {}
        self._mix: dict[int, bool] = {}
        self._reaches: tuple[int, ...] | None = None

    def can_make(self, recipe: Recipe) -> bool:
        """``fits(recipe, (), self)``, answered from the summary when there is no joker."""
        kind = recipe.kind
        if kind == MIX:
            return self.mix_possible(recipe.size) or (recipe.more and self.mix_possible(4))
        if self.jokers:
            return _search(recipe, NOTHING_CHOSEN, self, collect=None)
        if kind == RUN:
            if recipe.suit:
                return self.longest_run(recipe.suit) >= recipe.size
            return max(self.longest_run(s) for s in SUITS) >= recipe.size
        return max(self.ranks) >= recipe.size  # a Set

    def reach(self, kind: str, suit: str | None = None) -> int:
        """The most cards of one combination of ``kind`` (a run: of ``suit``, None: any)
        that a pool without jokers makes: ``can_make(recipe)`` is ``reach(recipe.kind,
        recipe.suit) >= recipe.size``, since a run or a Set of n cards holds one of n - 1,
        and so does a MIX run of 4 (its first three)."""
        return self.reaches()[REACH_AT[kind, suit]]

    def reaches(self) -> tuple[int, ...]:
        """``reach`` of every kind and suit (``REACH_KEYS``; a recipe's is at its
        ``reach_at``), worked out together once: a turn asks them all."""
        found = self._reaches
        if found is None:
            assert not self.jokers, "with jokers, ask can_make"
            flex = self.flex
            runs = [_longest_run(at | flex) for at in self.by_suit.values()]  # in SUITS order
            mix = 4 if self.mix_possible(4) else 3 if self.mix_possible(3) else 0
            found = self._reaches = (*runs, max(runs), max(self.ranks), mix)
        return found

    def mix_possible(self, n: int) -> bool:
        """Some window of n ranks gets a card of a different suit at each rank: suitless
        cards and jokers fill any rank, natural cards only with a suit of their own."""
        found = self._mix.get(n)
        if found is None:
            flex, suits_at, jokers = self.flex, self.suits_at, self.jokers
            found = False
            full = (1 << n) - 1
            for low in self._mix_lows(n):
                if flex >> low & full:  # suitless cards fill their positions
                    masks = tuple(suits_at[p] for p in range(low, low + n) if not flex >> p & 1)
                else:
                    masks = tuple(suits_at[low : low + n])
                if len(masks) - _matching(masks) <= jokers:
                    found = True
                    break
            self._mix[n] = found
        return found

    def _mix_lows(self, n: int) -> Iterable[int]:
        """Where a MIX window of n may start: without jokers, only where some card can
        stand at every position of it."""
        if self.jokers:
            return range(1, 16 - n)
        within = self.somewhere  # bit p: positions p..p+n-1 all have a card
        for k in range(1, n):
            within &= self.somewhere >> k
        lows = []
        while within:
            bit = within & -within
            within ^= bit
            lows.append(bit.bit_length() - 1)
        return lows

    def longest_run(self, suit: str) -> int:
        """The most consecutive positions this suit's (and the suitless) cards cover."""
        found = self._longest.get(suit)
        if found is None:
            found = self._longest[suit] = _longest_run(self.by_suit[suit] | self.flex)
        return found


@cache
def _longest_run(positions: int) -> int:
    """The most consecutive positions set in ``positions`` (at most 2**15 masks)."""
    found = 0
    while positions:
        found += 1
        positions &= positions >> 1
    return found


@lru_cache(maxsize=16)
def hand_pool(cards: tuple[Card, ...], bank_ranks: int, police_ranks: int) -> Pool:
    """The summary of a hand whose owner's Bank and Police station hold cards of these
    ranks (``pieces_for``). The last few are kept: a hand is asked about again after a move
    that leaves it as it was (a building chosen, a combination finished). A Pool is only
    read (what it works out on demand depends on its cards alone), so callers share it."""
    table = pieces_for(bank_ranks, police_ranks)
    return Pool([table[c] for c in cards])


# No cards at all (``is_complete`` asks whether the chosen cards alone make a combination).
EMPTY_POOL = Pool(())


class _Chosen:
    """The cards laid so far, summarised: jokers, and the others' ranks (distinct)."""

    __slots__ = (
        "ace",
        "count",
        "jokers",
        "nonace",
        "ok",
        "ranks",
        "suit_bits",
        "suits",
        "suits_ok",
    )

    def __init__(self, chosen: Sequence[Piece]) -> None:
        self.count = len(chosen)
        self.jokers = 0
        self.ranks: list[int] = []  # of the cards other than jokers
        self.suits: set[str] = set()  # of the natural cards
        self.suit_bits = 0  # the same, as a mask
        self.suits_ok = True  # MIX runs: the natural cards' suits all differ
        self.nonace = 0  # the positions of the cards other than jokers and aces
        for card, stand in chosen:
            if stand == JOKER:
                self.jokers += 1
                continue
            suit, rank, _ = card
            self.ranks.append(rank)
            if rank != 1:
                self.nonace |= 1 << rank
            if stand == NATURAL:
                bit = SUIT_BIT[suit]
                self.suits_ok = self.suits_ok and not self.suit_bits & bit
                self.suit_bits |= bit
                self.suits.add(suit)
        self.ok = len(set(self.ranks)) == len(self.ranks)  # runs and MIX runs: distinct
        self.ace = 1 in self.ranks

    def lows(self, n: int) -> range:
        """Where a window of n positions may start and still hold the chosen non-aces
        (``covered`` says exactly which windows hold them all, aces included)."""
        nonace = self.nonace
        if not nonace:
            return range(1, 16 - n)
        lowest = (nonace & -nonace).bit_length() - 1
        return range(max(1, nonace.bit_length() - n), min(lowest, 15 - n) + 1)

    def covered(self, low: int, n: int) -> int | None:
        """The positions the chosen non-jokers take in the window, or None if they do not
        all fit in it."""
        window = ((1 << n) - 1) << low
        if self.nonace & ~window:
            return None
        if not self.ace:
            return self.nonace
        if low == 1:
            return self.nonace | 2
        if low + n - 1 == 14:
            return self.nonace | 1 << 14
        return None


NOTHING_CHOSEN = _Chosen(())


@cache
def _matching(masks: tuple[int, ...]) -> int:
    """The most positions that can each get a different suit from their suit masks."""
    if not masks:
        return 0
    first, rest = masks[0], masks[1:]
    best = _matching(rest)  # the first position goes without a natural card
    bit = first
    while bit and best < len(masks):
        low = bit & -bit
        bit ^= low
        best = max(best, 1 + _matching(tuple(m & ~low for m in rest)))
    return best


def fits(recipe: Recipe, chosen: Sequence[Piece], pool: Sequence[Piece] | Pool) -> bool:
    """Can ``chosen`` plus some of ``pool`` make a combination satisfying ``recipe``?"""
    summary = pool if isinstance(pool, Pool) else Pool(pool) if pool else EMPTY_POOL
    return _search(recipe, _Chosen(chosen) if chosen else NOTHING_CHOSEN, summary, collect=None)


def next_pieces(
    recipe: Recipe, chosen: Sequence[Piece], pool: Sequence[Piece] | Pool
) -> list[Piece]:
    """The pieces of ``pool`` that can be laid next towards ``recipe``: each leaves a
    combination still possible, so laying card by card never reaches a dead end."""
    return next_pieces_towards((recipe,), chosen, pool)


def next_pieces_towards(
    recipes: Sequence[Recipe], chosen: Sequence[Piece], pool: Sequence[Piece] | Pool
) -> list[Piece]:
    """``next_pieces`` for a combination that may become any of ``recipes``, all of one
    kind (a final-turn meld's), in the order of the pool's pieces: those some recipe
    accepts."""
    summary = pool if isinstance(pool, Pool) else Pool(pool)
    return _next_pieces(recipes, _Chosen(chosen) if chosen else NOTHING_CHOSEN, summary)


def lay_choices(
    recipes: Sequence[Recipe], chosen: Sequence[Piece], pool: Pool
) -> tuple[bool, list[Piece]]:
    """What a player laying a combination that may become any of ``recipes`` may do next:
    whether the cards ``chosen`` already make one (``is_complete``), and the pieces of
    ``pool`` that may come next (``next_pieces_towards``); the chosen cards summarised
    once for both."""
    laid = _Chosen(chosen) if chosen else NOTHING_CHOSEN
    done = any(
        laid.count in r.sizes and _search(r, laid, EMPTY_POOL, collect=None) for r in recipes
    )
    return done, _next_pieces(recipes, laid, pool)


def _next_pieces(recipes: Sequence[Recipe], laid: _Chosen, summary: Pool) -> list[Piece]:
    """``next_pieces_towards``, the chosen cards summarised."""
    # A recipe the chosen cards fill to its longest takes no more (its search finds none).
    recipes = [r for r in recipes if laid.count < r.sizes[-1]]
    if not recipes:
        return []
    # Accepted positions per suit (natural cards), "flex" (suitless cards), "rank" (sets);
    # "joker" when a joker may come next. Each recipe's search only adds to them.
    accept: dict[str, int] = {}
    for recipe in recipes:
        _search(recipe, laid, summary, collect=accept)
    if not accept:
        return []
    joker = "joker" in accept
    if recipes[0].kind == SET:
        ranks = accept.get("rank", 0)
        return [p for p in summary.pieces if (joker if p[1] == JOKER else ranks >> p[0].rank & 1)]
    if not summary.flex and not summary.jokers:  # natural cards only (no Bank, no Police)
        return [p for p in summary.pieces if POSITION_BITS[p[0].rank] & accept.get(p[0].suit, 0)]
    flex = accept.get("flex", 0)
    out = []
    for piece in summary.pieces:
        card, stand = piece
        if stand == NATURAL:
            ok = POSITION_BITS[card.rank] & accept.get(card.suit, 0) != 0
        elif stand == SUITLESS:
            ok = POSITION_BITS[card.rank] & flex != 0
        else:
            ok = joker
        if ok:
            out.append(piece)
    return out


def is_complete(recipe: Recipe, cards: Sequence[Piece]) -> bool:
    """Do exactly these cards make a combination satisfying ``recipe``?"""
    return len(cards) in recipe.sizes and fits(recipe, cards, ())


def kind_of(cards: Sequence[Piece]) -> list[str]:
    """Every kind these cards can be read as."""
    return [k for k in KINDS if is_complete(ANY_OF_KIND[k], cards)]


def can_lay_off(kind: str, cards: Sequence[Piece], piece: Piece) -> bool:
    """付け札: the combination with ``piece`` added is still a combination of its kind."""
    return is_complete(ANY_OF_KIND[kind], [*cards, piece])


def lay_offs(combo: Combination, pool: Sequence[Piece] | Pool) -> list[Piece]:
    """The pieces of ``pool`` that ``can_lay_off`` onto ``combo``, found in one search: the
    ones that complete it into a combination of its kind one card longer."""
    size = len(combo.pieces) + 1
    if size > LONGEST[combo.kind]:
        return []
    return next_pieces(_exactly(combo.kind, size), combo.pieces, pool)


@cache
def _exactly(kind: str, size: int) -> Recipe:
    """A combination of ``kind`` of exactly ``size`` cards (made once: lay-offs ask often)."""
    return Recipe(kind, size)


def _search(recipe: Recipe, chosen: _Chosen, pool: Pool, collect: dict[str, int] | None) -> bool:
    """Whether some window (a run's or MIX run's ranks, a set's rank) can be completed.
    With ``collect``, visit every such window and note in it which pieces may come next;
    without, stop at the first."""
    sizes = [n for n in recipe.sizes if n >= chosen.count]
    if not sizes:
        return False
    if recipe.kind == SET:
        return _set_search(sizes, chosen, pool, collect)
    if not chosen.ok:
        return False
    if recipe.kind == MIX:
        found = False
        for n in sizes:
            found = _mix_search(n, chosen, pool, collect) or found
            if found and collect is None:
                return True
        return found
    found = False
    for suit in (recipe.suit,) if recipe.suit else SUITS:
        if chosen.suits <= {suit}:
            found = _run_search(suit, sizes, chosen, pool, collect) or found
            if found and collect is None:
                return True
    return found


def _set_search(
    sizes: Sequence[int], chosen: _Chosen, pool: Pool, collect: dict[str, int] | None
) -> bool:
    ranks = set(chosen.ranks)
    if len(ranks) > 1:
        return False
    found = False
    for rank in ranks or range(1, 14):
        if chosen.count + pool.jokers + pool.ranks[rank] < sizes[0]:
            continue
        found = True
        if collect is None:
            return True
        if chosen.count < sizes[-1]:
            collect["rank"] = collect.get("rank", 0) | 1 << rank
            collect["joker"] = 1
    return found


def _run_search(
    suit: str, sizes: Sequence[int], chosen: _Chosen, pool: Pool, collect: dict[str, int] | None
) -> bool:
    """A run of ``suit``. If a window of n cards can be completed, so can a window of fewer
    cards holding the chosen ones in the same places: so, for each place of a chosen A (low
    or high), once a length has windows holding the chosen cards and none of them can be
    completed, no longer one can."""
    if collect is None and not chosen.count and not pool.jokers:
        return pool.longest_run(suit) >= sizes[0]
    avail_all = pool.by_suit[suit] | pool.flex
    fixed = len(chosen.ranks)
    found = False
    alive = [True, chosen.ace]  # the chosen A low (or no A chosen), the chosen A high
    for n in sizes:
        held = [False, False]
        completed = [False, False]
        for low in chosen.lows(n):
            place = 1 if chosen.ace and low != 1 else 0
            if not alive[place]:
                continue
            covered = chosen.covered(low, n)
            if covered is None:
                continue
            held[place] = True
            open_spots = n - fixed
            if chosen.jokers > open_spots:
                continue
            avail = avail_all & (((1 << n) - 1) << low) & ~covered
            if open_spots - avail.bit_count() - chosen.jokers > pool.jokers:
                continue
            found = completed[place] = True
            if collect is None:
                return True
            if open_spots > chosen.jokers:
                collect[suit] = collect.get(suit, 0) | avail
                collect["flex"] = collect.get("flex", 0) | avail
                if pool.jokers:
                    collect["joker"] = 1
        for place in (0, 1):
            if held[place] and not completed[place]:
                alive[place] = False
        if not any(alive):
            break
    return found


def _mix_search(n: int, chosen: _Chosen, pool: Pool, collect: dict[str, int] | None) -> bool:
    """A MIX run of ``n`` cards. Suitless cards and jokers can always take a suit nobody
    uses (n ≤ 4 suits), so only the natural cards' suits are matched to positions: each
    window's answer depends on its positions' codes alone (``_mix_window``)."""
    if not chosen.suits_ok:
        return False
    used, nonace = chosen.suit_bits, chosen.nonace
    somewhere, flex, suits_at = pool.somewhere, pool.flex, pool.suits_at
    lows = chosen.lows(n)
    first = lows.start  # the positions of the windows, read once: codes_at[p - first]
    codes_at = [
        COVERED if nonace >> p & 1 else (suits_at[p] & ~used) | (FLEX if flex >> p & 1 else 0)
        for p in range(first, lows.stop + n - 1)
    ]
    full = (1 << n) - 1
    slack = chosen.jokers + pool.jokers  # open positions jokers may take
    accepted = [0] * len(SUITS)  # per suit, the positions a natural card of it may take
    found = False
    for low in lows:
        window = full << low
        # A quick no: a position no card can stand at, and no joker to fill it.
        if not slack and somewhere & window != window and not chosen.count:
            continue
        covered = chosen.covered(low, n)
        if covered is None:
            continue
        open_count = n - covered.bit_count()
        if chosen.jokers > open_count:
            continue
        codes = codes_at[low - first : low - first + n]
        if chosen.ace:  # the chosen A stands low in the window A-2-3, high in Q-K-A
            codes[0 if low == 1 else -1] = COVERED
        suits = _mix_window(tuple(codes), slack)
        if suits is None:
            continue
        found = True
        if collect is None:
            return True
        if open_count <= chosen.jokers:
            continue
        if pool.jokers:
            collect["joker"] = 1
        if window & ~covered & flex:
            collect["flex"] = collect.get("flex", 0) | window & ~covered & flex
        for i, free in enumerate(suits):
            accepted[i] |= free << low
    if collect is not None:
        for suit, free in zip(SUITS, accepted, strict=True):
            if free:
                collect[suit] = collect.get(suit, 0) | free
    return found


# A MIX window's position, as ``_mix_window`` reads it: taken by a chosen card, or the suits
# a natural card of the pool could bring there, plus FLEX where a suitless card can stand.
COVERED, FLEX = -1, 1 << len(SUITS)


@lru_cache(maxsize=1 << 16)
def _mix_window(codes: tuple[int, ...], slack: int) -> tuple[int, ...] | None:
    """Whether a MIX window's open positions can all be filled, ``slack`` of them by jokers
    and the others each by a suitless card or a natural card of a suit of its own; if so,
    per suit (in ``SUITS`` order), the window's positions (bit i: its i-th) a natural card
    of that suit may be laid at (the rest still filled)."""
    rest = [i for i, code in enumerate(codes) if code != COVERED and not code & FLEX]
    masks = tuple(codes[i] for i in rest)
    if len(rest) - _matching(masks) > slack:
        return None
    out = [0] * len(SUITS)
    for i, code in enumerate(codes):
        if code == COVERED or not code & ~FLEX:
            continue
        others = masks if code & FLEX else tuple(codes[j] for j in rest if j != i)
        free = _free_suits(code & ~FLEX, others, slack)
        for s in range(len(SUITS)):
            if free >> s & 1:
                out[s] |= 1 << i
    return tuple(out)


@cache
def _free_suits(suits: int, others: tuple[int, ...], slack: int) -> int:
    """Of ``suits`` (a mask), those a natural card at one position may have while the
    ``others`` positions (their suit masks) still get a different suit each, ``slack`` of
    them left to jokers."""
    free = 0
    bits = suits
    while bits:
        bit = bits & -bits
        bits ^= bit
        if len(others) - _matching(tuple(m & ~bit for m in others)) <= slack:
            free |= bit
    return free


# --- laid combinations -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Combination:
    """A combination on the table this round: its kind, its cards as laid (with their
    standing), and the building it claimed (None: laid in the final turns without one)."""

    kind: str
    pieces: tuple[Piece, ...]
    building: str | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(p.card for p in self.pieces)

    def with_piece(self, piece: Piece) -> Combination:
        return Combination(self.kind, (*self.pieces, piece), self.building)

    @property
    def is_mix3(self) -> bool:
        return self.kind == MIX and len(self.pieces) == 3
