"""The combination finder (役): which papers the cards at hand can make, and at what cost.

A paper is published from cards of three sources: the publisher's hand, the cards left on
their own complete papers (cited for free) and the cards left on other authors' complete
papers (each costs a hand card given to its author). So what limits a publication is
the hand: every card laid from it and every gift comes out of it, and at least one card
must be laid from it (論文には新規性が求められる). The *cost* of a card below is what it
takes out of the hand: 1 for a hand card or a foreign citation, 0 for an own citation.

:func:`min_cost` answers, for one paper and the cards already chosen, the fewest further
costly cards that complete it (or ``None``); :func:`next_cards` lists the cards that keep
a publication completable. Together they make publishing, a sequence of decisions, free
of dead ends. Both work on bit masks of ranks and cards and on small counts, never by
listing combinations: they run at every turn of every game and of every search.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache, lru_cache

from asobi.core.cards import SEVEN, Card
from asobi.games.laminate.actions import PAPER_TYPES, PaperType, Shape

# The shapes as plain names: Python 3.11 finds an enum member through its class at every
# ``Shape.X`` (about 0.2 us, ten times a plain name), and the finder asks at every turn.
STRAIGHT, GROUPS, FLUSH, SUM, CARDS = (
    Shape.STRAIGHT,
    Shape.GROUPS,
    Shape.FLUSH,
    Shape.SUM,
    Shape.CARDS,
)
HAND, OWN, FOREIGN = 0, 1, 2  # where a card for a publication comes from
SOURCES = (HAND, OWN, FOREIGN)
COST = (1, 0, 1)  # what each source takes out of the hand
RANKS = range(1, 14)  # A=1 .. K=13 (※2)
BIT: dict[Card, int] = {c: 1 << SEVEN.index(c) for c in SEVEN.cards}
SUIT_WIDTH = 7  # the deck's fixed order: each suit's 7 cards, lowest first
SUIT_LOWEST = {
    s.letter: min(c.rank for c in SEVEN.cards if c.suit == s.letter) for s in SEVEN.suits
}
SUIT_OFFSET = {s.letter: i * SUIT_WIDTH for i, s in enumerate(SEVEN.suits)}
# BIT[card] == 1 << (SUIT_SHIFT[card.suit] + card.rank)
SUIT_SHIFT = {s: SUIT_OFFSET[s] - SUIT_LOWEST[s] for s in SUIT_OFFSET}
assert all(BIT[c] == 1 << (SUIT_SHIFT[c.suit] + c.rank) for c in SEVEN.cards)
LAYER = 64  # bits per cost layer in the subset-sum search (sums stay below 64)
Step = tuple[Card, int, int]  # a card, its source, the cost of completing after it


class Pool:
    """The cards a publication can still draw on, by source, as lists, masks and counts."""

    __slots__ = ("cards", "count", "mask", "ranks", "total")

    def __init__(self, hand: Iterable[Card], own: Iterable[Card], foreign: Iterable[Card]):
        self.cards: list[list[Card]] = [list(hand), list(own), list(foreign)]
        self.mask = [0, 0, 0]  # card bits by source
        self.ranks = [0, 0, 0]  # rank bits (1 << rank) by source
        self.count = [[0] * 14, [0] * 14, [0] * 14]  # cards of each rank by source
        self.total = 0  # the ranks of every card added up
        for src in SOURCES:
            self._summarise(src)

    def _summarise(self, src: int) -> None:
        """Work out the masks and counts of the cards of ``src`` (all zero before)."""
        mask = rmask = total = 0
        count = self.count[src]
        shift = SUIT_SHIFT  # a card's bit from its suit and rank (no tuple hashing)
        for suit, rank, _code in self.cards[src]:
            mask |= 1 << (shift[suit] + rank)
            rmask |= 1 << rank
            count[rank] += 1
            total += rank
        self.mask[src] = mask
        self.ranks[src] = rmask
        self.total += total

    def with_hand(self, hand: Iterable[Card]) -> Pool:
        """This pool with ``hand`` as its hand cards (its own are dropped): a turn's pool
        from the citations, which change only with the papers, summarised once. The
        citations' lists are shared, as :meth:`without` never changes a list in place."""
        other = object.__new__(Pool)
        other.cards = [list(hand), self.cards[OWN], self.cards[FOREIGN]]
        other.mask = [0, self.mask[OWN], self.mask[FOREIGN]]
        other.ranks = [0, self.ranks[OWN], self.ranks[FOREIGN]]
        other.count = [[0] * 14, self.count[OWN], self.count[FOREIGN]]
        other.total = self.total - sum(c.rank for c in self.cards[HAND])
        other._summarise(HAND)
        return other

    def with_card(self, card: Card, src: int) -> Pool:
        """The pool once ``card`` joins ``src`` (last): :meth:`without` undone."""
        other = object.__new__(Pool)
        other.cards = [*self.cards]
        other.cards[src] = [*self.cards[src], card]
        other.mask = [*self.mask]
        other.mask[src] |= BIT[card]
        other.count = [*self.count]
        count = other.count[src] = [*self.count[src]]
        count[card.rank] += 1
        other.ranks = [*self.ranks]
        other.ranks[src] |= 1 << card.rank
        other.total = self.total + card.rank
        return other

    def without(self, card: Card, src: int) -> Pool:
        """The pool once ``card`` (from ``src``) is chosen."""
        other = object.__new__(Pool)
        other.cards = [*self.cards]
        other.cards[src] = [c for c in self.cards[src] if c != card]
        other.mask = [*self.mask]
        other.mask[src] &= ~BIT[card]
        other.count = [*self.count]
        count = other.count[src] = [*self.count[src]]
        count[card.rank] -= 1
        other.ranks = [*self.ranks]
        if not count[card.rank]:
            other.ranks[src] &= ~(1 << card.rank)
        other.total = self.total - card.rank
        return other

    def source_of(self, card: Card) -> int | None:
        bit = BIT[card]
        for src in SOURCES:
            if self.mask[src] & bit:
                return src
        return None

    def rank_list(self, src: int) -> list[int]:
        return [c.rank for c in self.cards[src]]


# --- the combinations themselves -------------------------------------------------------
def is_combination(paper: PaperType, cards: Sequence[Card]) -> bool:
    """Whether ``cards`` are exactly ``paper``'s combination (役の補足説明)."""
    shape = paper.shape
    if shape is SUM:
        total = sum(c.rank for c in cards)
        return bool(cards) and (total >= paper.total if paper.at_least else total == paper.total)
    if len(cards) != paper.size:
        return False  # asked after every card of a publication: mostly answered here
    ranks = sorted(c.rank for c in cards)
    if shape is STRAIGHT:  # ※1: consecutive, each rank once; A..K, no wrapping
        return _consecutive(ranks)
    if shape is FLUSH:
        return len({c.suit for c in cards}) == 1 and _consecutive(ranks)
    if shape is CARDS:
        return tuple(ranks) == paper.ranks
    if shape is GROUPS:  # ruling: the sets are of distinct ranks ("3種類のランクで")
        per = paper.size // paper.groups
        counts = {r: ranks.count(r) for r in set(ranks)}
        return len(counts) == paper.groups and all(n == per for n in counts.values())
    return False


def _consecutive(ranks: Sequence[int]) -> bool:
    return len(set(ranks)) == len(ranks) and max(ranks) - min(ranks) == len(ranks) - 1


def finished(paper: PaperType, cards: Sequence[Card]) -> bool:
    """Whether a publication in progress is complete and can take no more cards: every
    paper but 100+, whose publisher may go on laying cards ("100+をのぞく") and says done."""
    return not paper.at_least and is_combination(paper, cards)


# --- the cost of completing a publication -------------------------------------------------
def min_cost(
    paper: PaperType, chosen: Sequence[Card], pool: Pool, budget: int, need_hand: bool
) -> int | None:
    """The fewest further costly cards (from the hand, or foreign citations) that complete
    ``paper`` from the cards ``chosen`` so far, using ``pool``; ``None`` if it cannot be done
    within ``budget`` costly cards. ``need_hand``: no card has come from the hand yet."""
    if budget < 0:
        return None
    shape = paper.shape
    if shape is STRAIGHT or shape is CARDS:
        fixed = _distinct_rank_bits(chosen)
        if fixed is None:
            return None
        best = None
        for missing in _windows(paper, fixed, pool):
            cost = _window_cost(missing, pool, need_hand)
            if cost is not None and cost <= budget and (best is None or cost < best):
                best = cost
        return best
    if shape is FLUSH:
        return _flush_cost(paper.size, chosen, pool, budget, need_hand)
    if shape is GROUPS:
        per = paper.size // paper.groups
        begun = _rank_counts(chosen)
        return _groups_cost(paper.groups, per, begun, pool.count, budget, need_hand)
    if shape is SUM:
        left = paper.total - sum(c.rank for c in chosen)
        if pool.total < left:
            return None  # every card there is falls short
        ranks = [pool.rank_list(src) for src in SOURCES]
        return _sum_cost(paper, left, ranks, budget, need_hand)
    return None


def _sum_cost(
    paper: PaperType, left: int, ranks: list[list[int]], budget: int, need_hand: bool
) -> int | None:
    if paper.at_least:
        return _at_least_cost(left, ranks, budget, need_hand)
    return _exact_sum_cost(left, ranks, budget, need_hand)


def _rank_bits(ranks: Iterable[int]) -> int:
    bits = 0
    for r in ranks:
        bits |= 1 << r
    return bits


def _distinct_rank_bits(chosen: Sequence[Card]) -> int | None:
    bits = _rank_bits(c.rank for c in chosen)
    return bits if bits.bit_count() == len(chosen) else None


def _rank_counts(chosen: Sequence[Card]) -> dict[int, int]:
    fixed: dict[int, int] = {}
    for c in chosen:
        fixed[c.rank] = fixed.get(c.rank, 0) + 1
    return fixed


def _run_starts(covered: int, size: int) -> int:
    """The bits b (of one suit's runs, ``RUN_STARTS``) whose cards b .. b+size-1 are all
    ``covered``."""
    starts = covered
    for i in range(1, size):
        starts &= covered >> i
    return starts & RUN_STARTS[size]


def _bits(mask: int) -> Iterator[int]:
    """The positions of the set bits, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# --- straights and named ranks: one card of each rank of a window -------------------------
def _windows(paper: PaperType, fixed: int, pool: Pool) -> Iterator[int]:
    """The missing ranks (as rank bits) of every window of ``paper`` that holds the ranks
    chosen so far and whose other ranks are all in the pool. A straight's windows are its
    runs of ``size`` ranks in A..K (never wrapping); AK and オールイーブン have one."""
    ranks = pool.ranks
    return _windows_of(paper, fixed, ranks[HAND] | ranks[OWN] | ranks[FOREIGN] | fixed)


def _windows_of(paper: PaperType, fixed: int, covered: int) -> Iterator[int]:
    """:func:`_windows`, for the rank bits ``covered`` by the pool and the chosen cards."""
    if paper.shape is CARDS:
        wanted = _rank_bits(paper.ranks)
        if not fixed & ~wanted and not wanted & ~covered:
            yield wanted & ~fixed
        return
    size = paper.size
    starts = covered  # bit s stays set while ranks s .. s+size-1 are all covered
    for i in range(1, size):
        starts &= covered >> i
    starts &= 0x3FFE  # windows start at A..K (bit 0 is no rank)
    full = (1 << size) - 1
    for low in _bits(starts):
        window = full << low
        if not fixed & ~window:
            yield window & ~fixed


@cache
def _empty_start_windows(paper: PaperType, covered: int) -> tuple[int, ...]:
    """:func:`_windows` from an empty start, for the rank bits ``covered`` by the pool
    (a table: there are at most 2^13 of them per paper)."""
    return tuple(_windows_of(paper, 0, covered))


def _window_cost(missing: int, pool: Pool, need_hand: bool) -> int | None:
    """Cost of one card of each missing rank (rank bits): an own citation where there is
    one, else a hand card or a foreign citation; plus one if a hand card must replace a
    free citation to have a card from the hand at all."""
    own, hand = pool.ranks[OWN], pool.ranks[HAND]
    cost = (missing & ~own).bit_count()
    if need_hand and not missing & hand & ~own:
        if not missing & hand:
            return None
        cost += 1
    return cost


def _window_steps(
    paper: PaperType, chosen: Sequence[Card], pool: Pool, budget: int, need_hand: bool
) -> dict[tuple[int, int], int]:
    """For each (rank, source) that can come next, the least cost of the rest after it."""
    found: dict[tuple[int, int], int] = {}
    fixed = _distinct_rank_bits(chosen)
    if fixed is None:
        return found
    own, hand, foreign = pool.ranks[OWN], pool.ranks[HAND], pool.ranks[FOREIGN]

    def offer(rank: int, src: int, rest: int | None) -> None:
        if rest is not None and COST[src] + rest <= budget:
            key = (rank, src)
            if found.get(key, 99) > rest:
                found[key] = rest

    for missing in _windows(paper, fixed, pool):
        base = (missing & ~own).bit_count()  # every missing rank at its cheapest
        free_hand = missing & hand & ~own  # ranks where a hand card costs no more
        any_hand = missing & hand
        for rank in _bits(missing):
            bit = 1 << rank
            # what the rest needs on top of ``base`` when a hand card is still owed
            penalty = 0 if free_hand & ~bit else 1 if any_hand & ~bit else None
            if not need_hand:
                penalty = 0
            if own & bit and penalty is not None:  # free, and the rank cost nothing anyway
                offer(rank, OWN, base + penalty)
            rest = base - (0 if own & bit else 1)
            if hand & bit:  # the hand card is laid: nothing more is owed
                offer(rank, HAND, rest)
            if foreign & bit and penalty is not None:
                offer(rank, FOREIGN, rest + penalty)
    return found


def _window_choices(
    paper: PaperType, chosen: Sequence[Card], pool: Pool, budget: int, need_hand: bool
) -> list[int]:
    """The rank bits, by source, of the steps :func:`_window_steps` offers, without their
    costs: each window's offers worked out for all its ranks at once, as bit masks."""
    fixed = _distinct_rank_bits(chosen)
    offered = [0, 0, 0]
    if fixed is None:
        return offered
    own, hand, foreign = pool.ranks[OWN], pool.ranks[HAND], pool.ranks[FOREIGN]
    for missing in _windows(paper, fixed, pool):
        base = (missing & ~own).bit_count()  # every missing rank at its cheapest
        # the ranks after which the owed hand card costs nothing more (penalty 0), or one
        # more (penalty 1), as in _window_steps; other ranks leave it impossible
        free_hand = missing & hand & ~own
        any_hand = missing & hand
        if not need_hand:
            penalty0, penalty1 = missing, 0
        else:
            penalty0 = _others_than_each(free_hand, missing)
            penalty1 = _others_than_each(any_hand, missing) & ~penalty0
        # within[k]: the window's ranks if k more than ``base`` still fits the budget
        within = [missing if base + extra <= budget else 0 for extra in (0, 1, 2)]
        offered[HAND] |= hand & ((own & within[1]) | (~own & within[0]))
        offered[OWN] |= own & ((penalty0 & within[0]) | (penalty1 & within[1]))
        offered[FOREIGN] |= foreign & (
            (own & ((penalty0 & within[1]) | (penalty1 & within[2])))
            | (~own & ((penalty0 & within[0]) | (penalty1 & within[1])))
        )
    return offered


def _others_than_each(bits: int, ranks: int) -> int:
    """The ranks of ``ranks`` for which ``bits`` holds a bit other than their own."""
    count = bits.bit_count()
    if count >= 2:
        return ranks
    if count == 1:
        return ranks & ~bits
    return 0


# --- straight flushes: specific cards of one suit ---------------------------------------------
def _flush_patterns(size: int, chosen: Sequence[Card], pool: Pool) -> Iterator[int]:
    """The card bits of every run of ``size`` cards of one suit that holds the cards chosen
    so far and whose other cards are all in the pool (lowest first)."""
    fixed = 0
    for c in chosen:
        fixed |= BIT[c]
    covered = pool.mask[HAND] | pool.mask[OWN] | pool.mask[FOREIGN] | fixed
    full = (1 << size) - 1
    for low in _bits(_run_starts(covered, size)):
        pattern = full << low
        if not fixed & ~pattern:
            yield pattern & ~fixed


# RUN_STARTS[size]: the card bits where a run of ``size`` cards within one suit can start
RUN_STARTS = {
    size: sum(((1 << (SUIT_WIDTH - size + 1)) - 1) << offset for offset in SUIT_OFFSET.values())
    for size in range(1, SUIT_WIDTH + 1)
}


def _flush_cost(
    size: int, chosen: Sequence[Card], pool: Pool, budget: int, need_hand: bool
) -> int | None:
    hand, costly = pool.mask[HAND], pool.mask[HAND] | pool.mask[FOREIGN]
    best: int | None = None
    for missing in _flush_patterns(size, chosen, pool):
        if need_hand and not missing & hand:
            continue
        cost = (missing & costly).bit_count()
        if cost <= budget and (best is None or cost < best):
            best = cost
    return best


def _flush_steps(
    paper: PaperType, chosen: Sequence[Card], pool: Pool, budget: int, need_hand: bool
) -> dict[int, int]:
    """For each card bit that can come next, the least cost of the rest after it."""
    found: dict[int, int] = {}
    hand, foreign = pool.mask[HAND], pool.mask[FOREIGN]
    costly = hand | foreign
    for missing in _flush_patterns(paper.size, chosen, pool):
        cost = (missing & costly).bit_count()
        for index in _bits(missing):
            bit = 1 << index
            owed = need_hand and not hand & bit  # a hand card is still owed after this one
            if owed and not missing & hand & ~bit:
                continue
            rest = cost - (1 if costly & bit else 0)
            if cost <= budget and found.get(bit, 99) > rest:
                found[bit] = rest
    return found


# --- sets of one rank: 3カード, 5カード, スリーペア, フォーペア, トリプルスリー -----------
def _groups_cost(
    groups: int,
    per: int,
    fixed: dict[int, int],
    counts: list[list[int]],
    budget: int,
    need_hand: bool,
) -> int | None:
    """Complete ``groups`` sets of ``per`` cards of distinct ranks, some begun (``fixed``:
    rank → cards chosen). Own citations fill a set first; at least one card of the sets
    comes from the hand if ``need_hand`` (taking it costs one more where the set would
    otherwise have been all free)."""
    if len(fixed) > groups:
        return None
    hand_n, own_n, foreign_n = counts
    begun = 0
    extra = NO_HAND  # the least extra cost of taking the owed hand card in a begun set
    for rank, n in fixed.items():
        need = per - n
        if need < 0 or hand_n[rank] + own_n[rank] + foreign_n[rank] < need:
            return None
        if need:
            cost, with_hand = _set_option(hand_n[rank], own_n[rank], need)
            begun += cost
            extra = min(extra, with_hand)
    fresh = []  # _set_option of each rank not begun that can make a set, written out: hot
    for rank in RANKS:
        own = own_n[rank]
        if rank not in fixed and hand_n[rank] + own + foreign_n[rank] >= per:
            cost = per - own if per > own else 0
            fresh.append((cost, (0 if cost else 1) if hand_n[rank] else NO_HAND))
    fresh.sort()
    rest = _cheapest_sets(fresh, groups - len(fixed), extra if need_hand else None)
    if rest is None or begun + rest > budget:
        return None
    return begun + rest


def _groups_steps(
    paper: PaperType, chosen: Sequence[Card], pool: Pool, budget: int, need_hand: bool
) -> dict[tuple[int, int], int]:
    """For each (rank, source) that can come next, the least cost of the rest after it:
    :func:`_groups_cost` with that card chosen. A card changes its own rank's set alone,
    so the other ranks' options are worked out once, not once per card tried."""
    groups, per = paper.groups, paper.size // paper.groups
    fixed = _rank_counts(chosen)
    if len(fixed) > groups:
        return {}
    counts = pool.count
    hand_n, own_n, foreign_n = counts
    begun: dict[int, tuple[int, int]] = {}  # rank -> _set_option of completing its set
    begun_cost, begun_extra = 0, NO_HAND  # of all of them together
    for rank, n in fixed.items():
        need = per - n
        if need < 0 or hand_n[rank] + own_n[rank] + foreign_n[rank] < need:
            return {}  # a begun set that cannot be completed, whatever comes next
        if need:
            cost, with_hand = begun[rank] = _set_option(hand_n[rank], own_n[rank], need)
            begun_cost += cost
            begun_extra = min(begun_extra, with_hand)
    # the ranks not begun that can make a set, cheapest first (ties in rank order); none
    # is wanted once every set is begun (the cards left complete begun sets)
    by_cost: list[tuple[tuple[int, int], int]] = []
    if len(fixed) < groups:
        for rank in RANKS:
            hand, own = hand_n[rank], own_n[rank]
            if rank not in fixed and hand + own + foreign_n[rank] >= per:
                cost = per - own if per > own else 0  # _set_option, written out: hot
                by_cost.append(((cost, (0 if cost else 1) if hand else NO_HAND), rank))
        by_cost.sort()
    fresh = [option for option, _ in by_cost]
    place = {rank: i for i, (_, rank) in enumerate(by_cost)}
    # first[k]: the cost of the k cheapest fresh sets, what _cheapest_sets answers when no
    # hand card is owed; without the set at i, the k cheapest of the rest
    first = [0]
    for cost, _ in fresh:
        first.append(first[-1] + cost)
    found: dict[tuple[int, int], int] = {}
    present = pool.ranks[HAND] | pool.ranks[OWN] | pool.ranks[FOREIGN]
    for rank in _bits(_fitting_set_ranks(paper, fixed) & present):
        n = fixed.get(rank, 0)
        groups_left = groups - len(fixed) - (not n)
        hand, own, foreign = hand_n[rank], own_n[rank], foreign_n[rank]
        if groups_left < 0 or hand + own + foreign < per - n:
            continue  # no room for another set, or too few of this rank to complete its own
        # every set but this rank's, as it stands
        others_cost, others_extra = begun_cost, begun_extra
        if rank in begun:
            others_cost, others_extra = 0, NO_HAND
            for other, (cost, with_hand) in begun.items():
                if other != rank:
                    others_cost += cost
                    others_extra = min(others_extra, with_hand)
        i = place.get(rank)
        # the other ranks' fresh sets: fresh itself, or without this rank's
        if i is None:
            plain = first[groups_left] if groups_left <= len(fresh) else None
        elif groups_left < len(fresh):
            plain = first[groups_left] if i >= groups_left else first[groups_left + 1] - fresh[i][0]
        else:
            plain = None
        options: list[tuple[int, int]] | None = None  # worked out if a hand card is owed
        need = per - n - 1  # this rank's cards still to find after this one
        # the other sets' least cost by the extra cost of the owed hand card elsewhere
        # (None: none owed); the sources often share it
        rests: dict[int | None, int | None] = {None: plain}
        for src in SOURCES:
            left = budget - COST[src]
            if left < 0 or not counts[src][rank]:
                continue
            cost, extra = others_cost, others_extra
            if need:
                more, with_hand = _set_option(hand - (src == HAND), own - (src == OWN), need)
                cost, extra = cost + more, min(extra, with_hand)
            owed = extra if need_hand and src != HAND else None
            if owed in rests:
                rest = rests[owed]
            else:
                if options is None:
                    options = fresh if i is None else fresh[:i] + fresh[i + 1 :]
                rest = rests[owed] = _cheapest_sets(options, groups_left, owed)
            if rest is not None and cost + rest <= left:
                found[rank, src] = cost + rest
    return found


NO_HAND = 99  # the "extra cost" of a set that has no hand card to take


def _set_option(hand: int, own: int, need: int) -> tuple[int, int]:
    """``need`` more cards of one rank: (their cost, own citations first; the extra cost of
    taking one of them from the hand: 0 where one costs anyway, 1 in place of a free one,
    ``NO_HAND`` with no hand card of that rank)."""
    cost = need - own if need > own else 0
    return cost, ((0 if cost else 1) if hand else NO_HAND)


def _cheapest_sets(options: list[tuple[int, int]], groups: int, extra: int | None) -> int | None:
    """The least cost of ``groups`` sets of distinct ranks from ``options`` (cheapest
    first). ``extra``: ``None`` when no hand card is owed, else the least extra cost of
    taking it elsewhere; a set here may take it instead, swapped in for the dearest pick
    if it was not picked."""
    if len(options) < groups:
        return None
    cost = sum(c for c, _ in options[:groups])
    if extra is None:
        return cost
    if extra and groups:  # nothing beats taking it at no extra cost
        worst = options[groups - 1][0]
        for i, (c, with_hand) in enumerate(options):
            if with_hand < NO_HAND:
                extra = min(extra, with_hand + (0 if i < groups else c - worst))
    return None if extra >= NO_HAND else cost + extra


# --- the sums: 49 and 100+ ---------------------------------------------------------------------
@lru_cache(maxsize=4096)
def _layer_mask(target: int, layers: int) -> int:
    """Bits 0..target of each of ``layers`` cost layers."""
    one = (1 << (target + 1)) - 1
    mask = 0
    for layer in range(layers):
        mask |= one << (LAYER * layer)
    return mask


def _exact_sum_cost(
    target: int, ranks: list[list[int]], budget: int, need_hand: bool
) -> int | None:
    """49: the fewest costly cards among those adding up to exactly ``target``.

    A subset-sum over bit sets, one 64-bit layer per number of costly cards used, so each
    card is a handful of big-integer shifts: ``plain`` holds the sums reachable without a
    hand card, ``handed`` those with one."""
    if target <= 0:
        return 0 if target == 0 and not need_hand else None
    hand, own, foreign = ranks
    if sum(own) + sum(sorted(hand + foreign)[-budget:] if budget else ()) < target:
        return None  # even the largest cards the budget allows fall short
    mask = _layer_mask(target, budget + 1)
    plain, handed = 1, 0
    for rank in own:
        plain |= (plain << rank) & mask
        handed |= (handed << rank) & mask
    for rank in foreign:
        plain |= (((plain << rank) & mask) << LAYER) & mask
        handed |= (((handed << rank) & mask) << LAYER) & mask
    for rank in hand:
        handed |= ((((plain | handed) << rank) & mask) << LAYER) & mask
    reach = handed if need_hand else plain | handed
    for layer in range(budget + 1):
        if reach >> (LAYER * layer + target) & 1:
            return layer
    return None


def _at_least_cost(target: int, ranks: list[list[int]], budget: int, need_hand: bool) -> int | None:
    """100+: the fewest costly cards that, with every free citation, reach ``target``."""
    hand, own, foreign = ranks
    target -= sum(own)
    best_hand = max(hand, default=0)
    costly = sorted(hand + foreign, reverse=True)
    total = 0
    for k in range(min(budget, len(costly)) + 1):
        if k:
            total += costly[k - 1]
        if not need_hand:
            if total >= target:
                return k
        # The k best costly cards, one of them from the hand: if no hand card is among
        # them (ranks are interchangeable), the best hand card replaces the k-th.
        elif k and best_hand and total + min(0, best_hand - costly[k - 1]) >= target:
            return k
    return None


# --- what a publication in progress may take next --------------------------------------
def next_cards(
    paper: PaperType, chosen: Sequence[Card], pool: Pool, budget: int, need_hand: bool
) -> list[Step]:
    """Every (card, source, cost of the rest) that keeps the publication completable, in
    source order (hand, own, foreign) and pool order within each."""
    shape = paper.shape
    if shape is FLUSH:
        by_bit = _flush_steps(paper, chosen, pool, budget, need_hand)
        return [
            (card, src, by_bit[BIT[card]])
            for src in SOURCES
            for card in pool.cards[src]
            if BIT[card] in by_bit
        ]
    if shape is STRAIGHT or shape is CARDS or shape is GROUPS:
        # each a cost per (rank, source): any card of that rank from there steps alike
        by_rank = (_groups_steps if shape is GROUPS else _window_steps)(
            paper, chosen, pool, budget, need_hand
        )
        return [
            (card, src, by_rank[card.rank, src])
            for src in SOURCES
            for card in pool.cards[src]
            if (card.rank, src) in by_rank
        ]
    return _sum_steps(paper, chosen, pool, budget, need_hand)


def next_choices(
    paper: PaperType, chosen: Sequence[Card], pool: Pool, budget: int, need_hand: bool
) -> list[tuple[Card, int]]:
    """The (card, source) of every step :func:`next_cards` lists, without the cost of the
    rest after it: what the rules offer (a bot's plan needs the costs, the rules do not).
    Asking only whether some completion uses a card is cheaper: for 49 one subset-sum
    forward and one back over the pool instead of one per card tried, for 100+ the most
    the budget allows instead of the fewest cards that do, for straights each window's
    ranks at once, for sets the steps as rank bits by source rather than card by card."""
    shape = paper.shape
    if shape is SUM and not paper.at_least:
        left = paper.total - sum(c.rank for c in chosen)
        on_some = _exact_sum_choices(left, pool, budget, need_hand)
        return [(c, src) for src in SOURCES for c in pool.cards[src] if (c.rank, src) in on_some]
    if shape is SUM:
        left = paper.total - sum(c.rank for c in chosen)
        reach = [_reaches_at_least(left, pool, src, budget, need_hand) for src in SOURCES]
        return [(c, src) for src in SOURCES for c in pool.cards[src] if reach[src](c.rank)]
    if shape is STRAIGHT or shape is CARDS or shape is GROUPS:
        if shape is GROUPS:
            by_source = [0, 0, 0]  # the rank bits of the steps by source
            for rank, src in _groups_steps(paper, chosen, pool, budget, need_hand):
                by_source[src] |= 1 << rank
        else:
            by_source = _window_choices(paper, chosen, pool, budget, need_hand)
        return [
            (card, src)
            for src in SOURCES
            for card in pool.cards[src]
            if by_source[src] >> card.rank & 1
        ]
    return [(card, src) for card, src, _ in next_cards(paper, chosen, pool, budget, need_hand)]


def _exact_sum_choices(
    target: int, pool: Pool, budget: int, need_hand: bool
) -> set[tuple[int, int]]:
    """49: every (rank, source) of a card on some set of pool cards adding up to exactly
    ``target`` with at most ``budget`` costly cards (a hand card among them if
    ``need_hand``).

    The layered subset-sum of :func:`_exact_sum_cost`, run forward over the cards keeping
    the sums reachable before each card, then backward keeping the sums from which the
    target is still reachable after it: a card is on a completion iff some sum before it,
    plus the card, is one of those. Cards of one rank and source are interchangeable, so
    only the first of each is asked."""
    if target <= 0 or budget < 0:
        return set()
    mask = _layer_mask(target, budget + 1)
    cards = [(src, rank) for src in SOURCES for rank in sorted(pool.rank_list(src))]
    before: list[tuple[int, int]] = []  # (plain, handed) sums reached before each card
    plain, handed = 1, 0
    for src, rank in cards:
        before.append((plain, handed))
        shift = rank + LAYER * COST[src]
        if src == HAND:
            handed |= ((plain | handed) << shift) & mask
        else:
            plain |= (plain << shift) & mask
            handed |= (handed << shift) & mask
    # the states that reach the target (at any cost layer within the budget) from here on
    goal = mask & ~_layer_mask(target - 1, budget + 1)
    to_goal_handed = goal
    to_goal_plain = 0 if need_hand else goal
    found: set[tuple[int, int]] = set()
    for i in range(len(cards) - 1, -1, -1):
        src, rank = cards[i]
        shift = rank + LAYER * COST[src]
        plain, handed = before[i]
        if i == 0 or cards[i - 1] != cards[i]:
            if src == HAND:
                on_some = ((plain | handed) << shift) & to_goal_handed
            else:
                on_some = ((plain << shift) & to_goal_plain) | ((handed << shift) & to_goal_handed)
            if on_some:
                found.add((rank, src))
        from_handed = (to_goal_handed >> shift) & mask
        if src == HAND:
            to_goal_plain |= from_handed
        else:
            to_goal_plain |= (to_goal_plain >> shift) & mask
        to_goal_handed |= from_handed
    return found


def _reaches_at_least(
    target: int, pool: Pool, src: int, budget: int, need_hand: bool
) -> Callable[[int], bool]:
    """100+: whether a card of a given rank from ``src`` is on some completion — what
    :func:`_at_least_cost` answers after it, asked only whether an answer exists. Free
    citations all count; the more costly cards, the higher the total (with the owed hand
    card swapped in for the last of them), so only the most the budget allows is tried."""
    budget -= COST[src]
    owed = need_hand and src != HAND
    own_total = sum(pool.rank_list(OWN))
    costly = sorted(pool.rank_list(HAND) + pool.rank_list(FOREIGN), reverse=True)
    best_hand = max(pool.rank_list(HAND), default=0)

    def reaches(rank: int) -> bool:
        rest = costly
        if src != OWN:
            rest = [*costly]
            rest.remove(rank)
        most = min(budget, len(rest))
        if most < 0:
            return False
        total = own_total + (0 if src == OWN else rank) + sum(rest[:most])
        if not owed:
            return total >= target
        # owed (the card is a citation): the best hand card replaces the last costly one
        return most >= 1 and best_hand > 0 and total + min(0, best_hand - rest[most - 1]) >= target

    return reaches


def _sum_steps(
    paper: PaperType, chosen: Sequence[Card], pool: Pool, budget: int, need_hand: bool
) -> list[Step]:
    """49 and 100+: try each (rank, source) once — cards of one rank and source are
    interchangeable — skipping ranks that cannot fit at all."""
    fits = _fitting_ranks(paper, chosen)
    result: list[Step] = []
    ranks = [pool.rank_list(src) for src in SOURCES]
    left_total = paper.total - sum(c.rank for c in chosen)
    for src in SOURCES:
        left = budget - COST[src]
        if left < 0:
            continue
        owed = need_hand and src != HAND
        rests: dict[int, int] = {}
        for rank in _bits(fits & pool.ranks[src]):
            fewer = [*ranks]  # the same sums without this card
            fewer[src] = [*ranks[src]]
            fewer[src].remove(rank)
            rest = _sum_cost(paper, left_total - rank, fewer, left, owed)
            if rest is not None:
                rests[rank] = rest
        if rests:
            result += [(c, src, rests[c.rank]) for c in pool.cards[src] if c.rank in rests]
    return result


def _fitting_ranks(paper: PaperType, chosen: Sequence[Card]) -> int:
    """Rank bits a next card may have at all, judged from the chosen cards alone."""
    every = 0x3FFE
    if paper.shape is SUM:
        if paper.at_least:
            return every
        left = paper.total - sum(c.rank for c in chosen)
        return every & ((1 << (left + 1)) - 1) if left > 0 else 0
    return _fitting_set_ranks(paper, _rank_counts(chosen))


def _fitting_set_ranks(paper: PaperType, fixed: dict[int, int]) -> int:
    """:func:`_fitting_ranks` of a set paper, from the chosen cards' rank counts: the sets
    begun and not full, and new ranks while there is room for another set."""
    per = paper.size // paper.groups
    full = open_sets = 0
    for rank, n in fixed.items():
        if n < per:
            open_sets |= 1 << rank
        else:
            full |= 1 << rank
    return open_sets if len(fixed) >= paper.groups else 0x3FFE & ~full


def publishable(paper: PaperType, pool: Pool, hand_size: int) -> bool:
    """Whether ``paper`` can be published at all from an empty start."""
    return min_cost(paper, (), pool, hand_size, True) is not None


def publishable_papers(
    candidates: Sequence[PaperType], pool: Pool, hand_size: int
) -> list[PaperType]:
    """The ``candidates`` that can be published from an empty start: the answers of
    :func:`publishable`, worked out together at the start of every turn. The sets each
    rank can make are found once for the five set papers; straights, AK and オールイーブン
    take their windows from a table; a pool too small for a paper and a 49 made of hand and
    own cards alone are settled without the full search."""
    ranks = pool.ranks
    covered = ranks[HAND] | ranks[OWN] | ranks[FOREIGN]
    sets: dict[int, list[tuple[int, int]]] = {}
    result = []
    n_own = len(pool.cards[OWN])
    n_cards = len(pool.cards[HAND]) + n_own + len(pool.cards[FOREIGN])
    for paper in candidates:
        shape = paper.shape
        if paper.size > n_cards or paper.size - n_own > hand_size:
            continue  # too few cards, or too few to spend on the ones that are not free
        if shape is STRAIGHT or shape is CARDS:
            # min_cost's windows and costs; the windows of an empty start come from a table
            for window in _empty_start_windows(paper, covered):
                cost = _window_cost(window, pool, True)
                if cost is not None and cost <= hand_size:
                    result.append(paper)
                    break
        elif shape is GROUPS:
            if not sets:
                sets = _set_options_by_size(pool)
            cost = _cheapest_sets(sets[paper.size // paper.groups], paper.groups, NO_HAND)
            if cost is not None and cost <= hand_size:
                result.append(paper)
        elif shape is FLUSH:
            if _flush_publishable(paper.size, pool, hand_size):
                result.append(paper)
        elif shape is SUM and pool.total < paper.total:
            continue  # every card there is falls short (min_cost's first answer)
        elif (
            shape is SUM
            and not paper.at_least
            and hand_size >= len(pool.cards[HAND])
            and _sum_from_own_work(paper.total, pool)
        ):
            result.append(paper)  # the quick yes; the full search below can only agree
        elif min_cost(paper, (), pool, hand_size, True) is not None:
            result.append(paper)
    return result


def _flush_publishable(size: int, pool: Pool, hand_size: int) -> bool:
    """:func:`_flush_cost` from an empty start is within ``hand_size``: some run of ``size``
    cards of one suit in the pool, a hand card among them, costs no more."""
    hand = pool.mask[HAND]
    costly = hand | pool.mask[FOREIGN]
    covered = costly | pool.mask[OWN]
    full = (1 << size) - 1
    for low in _bits(_run_starts(covered, size)):
        run = full << low
        if run & hand and (run & costly).bit_count() <= hand_size:
            return True
    return False


def _sum_from_own_work(target: int, pool: Pool) -> bool:
    """Whether hand cards and own citations alone, at least one hand card, add up to
    ``target``: within the budget whenever the budget is the whole hand (as at the start
    of a turn), so no cost layers are needed."""
    mask = (1 << (target + 1)) - 1
    plain, handed = 1, 0
    for card in pool.cards[OWN]:
        plain |= (plain << card.rank) & mask
        handed |= (handed << card.rank) & mask
    for card in pool.cards[HAND]:
        handed |= ((plain | handed) << card.rank) & mask
    return bool(handed >> target & 1)


# The sets the papers are made of (pairs, threes, 5カード), smallest first.
SET_SIZES = tuple(sorted({p.size // p.groups for p in PAPER_TYPES if p.groups}))


def _set_options_by_size(pool: Pool) -> dict[int, list[tuple[int, int]]]:
    """For every set size, :func:`_set_option` of every rank that can make such a set,
    cheapest first."""
    hand_n, own_n, foreign_n = pool.count
    found: dict[int, list[tuple[int, int]]] = {per: [] for per in SET_SIZES}
    for rank in RANKS:
        own, hand = own_n[rank], hand_n[rank]
        total = hand + own + foreign_n[rank]
        for per in SET_SIZES:
            if total < per:
                break
            cost = per - own if per > own else 0  # _set_option, written out: hot
            found[per].append((cost, ((0 if cost else 1) if hand else NO_HAND)))
    for options in found.values():
        options.sort()
    return found
