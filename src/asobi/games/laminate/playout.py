"""Laminate Rummy's random playout compiled (numba): a world played to its end with uniformly
random legal moves, equal move for move to the engine (``tests/properties/test_playouts.py``
replays it through ``rules.py``; see :mod:`asobi.core.playouts`).

How the arrays lay out the table. A card is its place in the SEVEN deck's fixed order (0..48:
Heart A–7, Onion 2–8, … Coffin 7–K, each suit's seven cards lowest first), and a set of cards
is a bit mask of those places (an ``int64``), so a suit's run of cards is a run of bits.

- ``table`` (int64): the scalars (``N``, ``TURN``, ``PHASE``, ``PASSES``, ``TRIGGER`` (-1: the
  end condition unmet), ``TURNS_LEFT``, ``END_POINTS``, the deck's and the discard pile's
  sizes, the two cards drawn (``DRAWN``, -1 none)) and the publication in progress: its paper
  (``DRAFT``, -1 none), the cards laid (``LAID``) and cited (``CITED``) as masks, the thanks
  chosen (``THANKS``, a mask), then from ``OWED_AT`` the author owed a card for each citation
  of another's paper, in the order cited, and from ``GIVEN_AT`` the thanks in the order given
  (the first given goes to the first author owed).
- ``hands`` (int64 [n]): each seat's hand, a mask (a hand's order never matters to the rules:
  every list of cards the engine offers is in deck order).
- ``papers`` (int64 [n, 16]): ``papers[seat, kind]`` the cards still on ``seat``'s paper of that
  kind (``PAPER_TYPES`` order; 0: none, as a player holds at most one of each kind). One card
  left: the paper is complete (完成) and that card can be cited; more: under review.
- ``supply`` (int64 [16]): the paper cards of each kind left in the centre.
- ``deck``, ``discards`` (int64 [49]): card lists, the top at the end (``table``'s sizes).

Actions are indices of ``ACTION_SPACE`` (``draw``, ``take``, ``done``, ``pass``, the 15
``publish``, then 49 each of ``discard``, ``keep``, ``review``, ``lay``, ``cite``, ``give``,
``flag``). A legal list is in increasing index order (the engine's is a set of the same).

Which ``lay`` and ``cite`` keep a publication completable (``papers.py``: its finder answers
it with a shortcut a shape) is answered here from its definition, a shape at a time: a card
from a source is offered when some completion of the paper uses it, costing no more hand
cards than the budget (each hand card laid and each citation of another's paper, which
costs a hand card as thanks) and with a hand card laid (論文には新規性が求められる).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from asobi.core.cards import SEVEN, Card
from asobi.core.playout_kernels import (
    below,
    compiled,
    draw_log,
    generator,
    shuffled,
)
from asobi.core.playouts import Playout, traced
from asobi.games.laminate.actions import (
    ACTION_SPACE,
    CITE,
    DISCARD,
    DONE,
    DRAW,
    END_FLAG,
    FLAG,
    GIVE,
    KEEP,
    LAY,
    PAPER_TYPES,
    PASS,
    PUBLISH,
    PUBLISHABLE,
    REVIEW,
    TAKE,
    Shape,
)
from asobi.games.laminate.state import LaminateState, Phase

Ints = NDArray[np.int64]
Words = NDArray[np.uint64]

# --- the layout ------------------------------------------------------------------------------
N, TURN, PHASE, PASSES, TRIGGER, TURNS_LEFT, END_POINTS = 0, 1, 2, 3, 4, 5, 6
DECK, DISCARDS, DRAWN_A, DRAWN_B = 7, 8, 9, 10
DRAFT, LAID, CITED, THANKS, OWED, GIVEN = 11, 12, 13, 14, 15, 16
OWED_AT = 17  # the authors owed a card, in the order cited
GIVEN_AT = OWED_AT + 49  # the thanks, in the order given
TABLE_SIZE = GIVEN_AT + 49

PHASES = (Phase.SETUP, Phase.TURN, Phase.KEEP, Phase.PUBLISH, Phase.GIFT, Phase.FLAG, Phase.OVER)
SETUP, TURN_PHASE, KEEP_PHASE, PUBLISH_PHASE, GIFT_PHASE, FLAG_PHASE, OVER = range(7)
PHASE_CODE = {phase: code for code, phase in enumerate(PHASES)}

HAND, OWN, FOREIGN = 0, 1, 2  # where a card for a publication comes from (papers.py)
START_HAND = 3  # 準備 6: down to three cards
NO_WAY = 1 << 20  # the cost of a completion that does not exist

# --- the cards and the papers as numbers ---------------------------------------------------------
CARDS = len(SEVEN.cards)
CARD_PLACE: dict[Card, int] = {card: i for i, card in enumerate(SEVEN.cards)}
RANK = np.array([card.rank for card in SEVEN.cards], dtype=np.int64)
SUIT_LOW = np.array([min(c.rank for c in SEVEN.cards if c.suit == s.letter) for s in SEVEN.suits])
assert all(RANK[7 * s + i] == SUIT_LOW[s] + i for s in range(7) for i in range(7))

KINDS = len(PAPER_TYPES)
KIND_OF = {paper: i for i, paper in enumerate(PAPER_TYPES)}
FLAG_KIND = KIND_OF[END_FLAG]
SHAPES = (Shape.STRAIGHT, Shape.GROUPS, Shape.FLUSH, Shape.SUM, Shape.CARDS, Shape.FLAG)
STRAIGHT, GROUPS, FLUSH, SUM, NAMED, FLAGGED = range(6)
SHAPE = np.array([SHAPES.index(p.shape) for p in PAPER_TYPES], dtype=np.int64)
SIZE = np.array([p.size for p in PAPER_TYPES], dtype=np.int64)
SETS = np.array([p.groups for p in PAPER_TYPES], dtype=np.int64)  # GROUPS: how many sets
TOTAL = np.array([p.total for p in PAPER_TYPES], dtype=np.int64)  # SUM: the rank total
AT_LEAST = np.array([p.at_least for p in PAPER_TYPES], dtype=np.int64)  # 100+
POINTS = np.array([p.points for p in PAPER_TYPES], dtype=np.int64)
NAMED_RANKS = np.array([sum(1 << r for r in p.ranks) for p in PAPER_TYPES], dtype=np.int64)

# --- the actions as indices of ACTION_SPACE ------------------------------------------------------
A_DRAW, A_TAKE, A_DONE, A_PASS = (ACTION_SPACE.index(a) for a in (DRAW, TAKE, DONE, PASS))
A_PUBLISH = ACTION_SPACE.index(PUBLISH[PUBLISHABLE[0]])
A_DISCARD, A_KEEP, A_REVIEW, A_LAY, A_CITE, A_GIVE, A_FLAG = (
    ACTION_SPACE.index(verb[SEVEN.cards[0]])
    for verb in (DISCARD, KEEP, REVIEW, LAY, CITE, GIVE, FLAG)
)
assert all(ACTION_SPACE.index(PUBLISH[p]) == A_PUBLISH + KIND_OF[p] for p in PUBLISHABLE), (
    "publish's indices follow PAPER_TYPES"
)
assert all(
    ACTION_SPACE.index(verb[card]) == first + i
    for verb, first in (
        (DISCARD, A_DISCARD),
        (KEEP, A_KEEP),
        (REVIEW, A_REVIEW),
        (LAY, A_LAY),
        (CITE, A_CITE),
        (GIVE, A_GIVE),
        (FLAG, A_FLAG),
    )
    for i, card in enumerate(SEVEN.cards)
), "each card verb's indices follow the deck order"
MOST_LEGAL = len(ACTION_SPACE.actions)


# --- bits ---------------------------------------------------------------------------------------
@compiled
def _count(x: int) -> int:
    """The set bits of ``x`` (x ≥ 0)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    # (the sum of the bytes lands in the top byte; it is at most 64, so the product, which
    # wraps, stays positive)
    return (x * 0x0101010101010101) >> 56


@compiled
def _lowest(x: int) -> int:
    """The place of the lowest set bit of ``x`` (x > 0)."""
    return _count((x & -x) - 1)


@compiled
def _rank_bits(cards: int) -> int:
    """The ranks (bit r for rank r) of a card mask: each suit's seven bits moved onto its ranks."""
    ranks = 0
    for suit in range(7):
        ranks |= ((cards >> (7 * suit)) & 0x7F) << SUIT_LOW[suit]
    return ranks


@compiled
def _rank_total(cards: int) -> int:
    total = 0
    while cards:
        low = cards & -cards
        total += RANK[_lowest(low)]
        cards ^= low
    return total


@compiled
def _rank_counts(cards: int, counts: Ints) -> None:
    """``counts[r]``: the cards of rank r in the mask (counts has 14 places)."""
    counts[:] = 0
    while cards:
        low = cards & -cards
        counts[RANK[_lowest(low)]] += 1
        cards ^= low


@compiled
def _highest_rank(cards: int) -> int:
    """The highest rank of the mask's cards (0: none)."""
    ranks = _rank_bits(cards)
    high = 0
    while ranks:
        high = _lowest(ranks)
        ranks &= ranks - 1
    return high


@compiled
def _cards_of_ranks(cards: int, ranks: int) -> int:
    """The cards of the mask whose rank is among ``ranks``."""
    found = 0
    for suit in range(7):
        found |= ((ranks >> SUIT_LOW[suit]) & 0x7F) << (7 * suit)
    return cards & found


# --- who acts, and the papers read off the table --------------------------------------------------
@compiled
def active(table: Ints, hands: Ints) -> int:
    """The seat to act (one at a time in this game), -1 once the game is over."""
    phase = table[PHASE]
    if phase == OVER:
        return -1
    if phase == SETUP:  # 準備 6: the first seat still holding more than three cards
        for seat in range(table[N]):
            if _count(hands[seat]) > START_HAND:
                return seat
        return 0
    return int(table[TURN])


@compiled
def _complete(papers: Ints, seat: int) -> int:
    """The cards left on ``seat``'s complete papers: what it may cite."""
    cards = 0
    for kind in range(KINDS):
        held = papers[seat, kind]
        if held and not held & (held - 1):
            cards |= held
    return cards


@compiled
def _under_review(papers: Ints, n: int) -> int:
    """Every card on a paper holding two or more: what 査読 may take."""
    cards = 0
    for seat in range(n):
        for kind in range(KINDS):
            held = papers[seat, kind]
            if held & (held - 1):
                cards |= held
    return cards


@compiled
def _author(papers: Ints, n: int, card: int) -> int:
    """Whose paper holds ``card``, and which (seat * KINDS + kind)."""
    bit = 1 << card
    for seat in range(n):
        for kind in range(KINDS):
            if papers[seat, kind] & bit:
                return seat * KINDS + kind
    return -1


@compiled
def _points(papers: Ints, seat: int) -> int:
    points = 0
    for kind in range(KINDS):
        held = papers[seat, kind]
        if held and not held & (held - 1):
            points += POINTS[kind]
    return points


# --- which papers can be made, and which cards keep one completable -------------------------------
# ``hand``, ``own``, ``foreign``: the pool's cards by source (less what a draft has used);
# ``budget``: the costly cards (hand cards, citations of others) the completion may still
# take; ``need_hand``: no card has been laid from the hand yet.


@compiled
def _window_offers(
    window: int, chosen: int, hand_r: int, own_r: int, foreign_r: int, budget: int,
    need_hand: bool, offered: Ints,
) -> bool:  # fmt: skip
    """Straights, AK, オールイーブン: one card of each rank of ``window``. Marks in
    ``offered[source]`` the ranks a card from that source may come next for; whether the
    window can be completed at all."""
    if chosen & ~window or window & ~(hand_r | own_r | foreign_r | chosen):
        return False
    missing = window & ~chosen
    some = False
    ranks = missing
    while ranks:
        bit = ranks & -ranks
        ranks ^= bit
        rest = missing & ~bit
        base = _count(rest & ~own_r)  # every other rank at its cheapest
        # the hand card still owed after a citation here: free where a hand card replaces a
        # costly one anyway, one more where it replaces a free own citation
        owed = 0 if rest & hand_r & ~own_r else 1 if rest & hand_r else NO_WAY
        if not need_hand:
            owed = 0
        if hand_r & bit and base + 1 <= budget:
            offered[HAND] |= bit
            some = True
        if own_r & bit and base + owed <= budget:
            offered[OWN] |= bit
            some = True
        if foreign_r & bit and base + 1 + owed <= budget:
            offered[FOREIGN] |= bit
            some = True
    if not missing:
        return False
    return some


@compiled
def _windows(kind: int, chosen_cards: int, hand: int, own: int, foreign: int, budget: int,
             need_hand: bool, offered: Ints) -> bool:  # fmt: skip
    """Every window of a straight (its runs of ``size`` ranks in A..K) or the one of AK and
    オールイーブン, for the cards chosen so far."""
    chosen = _rank_bits(chosen_cards)
    if _count(chosen) != _count(chosen_cards):
        return False  # a rank twice: no window holds it (never offered)
    hand_r, own_r, foreign_r = _rank_bits(hand), _rank_bits(own), _rank_bits(foreign)
    if SHAPE[kind] == NAMED:
        return _window_offers(
            NAMED_RANKS[kind], chosen, hand_r, own_r, foreign_r, budget, need_hand, offered
        )
    size = SIZE[kind]
    full = (1 << size) - 1
    some = False
    for low in range(1, 15 - size):
        if _window_offers(
            full << low, chosen, hand_r, own_r, foreign_r, budget, need_hand, offered
        ):
            some = True
    return some


@compiled
def _runs(kind: int, chosen: int, hand: int, own: int, foreign: int, budget: int,
          need_hand: bool) -> int:  # fmt: skip
    """Straight flushes: the cards (of any source) on some run of ``size`` cards of one suit
    that holds the chosen cards and can be completed within the budget."""
    size = SIZE[kind]
    covered = hand | own | foreign | chosen
    costly = hand | foreign
    full = (1 << size) - 1
    offered = 0
    for suit in range(7):
        for start in range(8 - size):
            run = full << (7 * suit + start)
            if chosen & ~run or run & ~covered:
                continue
            missing = run & ~chosen
            if not missing or (need_hand and not missing & hand):
                continue
            if _count(missing & costly) <= budget:
                offered |= missing
    return offered


@compiled
def _sets_cost(
    sets: int, per: int, begun: Ints, hand_n: Ints, own_n: Ints, foreign_n: Ints,
    hand_owed: bool, best: Ints,
) -> int:  # fmt: skip
    """3カード, 5カード, the pairs and threes: the fewest costly cards completing ``sets`` sets
    of ``per`` cards of distinct ranks, ``begun[r]`` cards of rank r chosen so far. Own
    citations fill a set first; if ``hand_owed`` one card of some set comes from the hand (one
    more where it replaces a free citation). ``best``: scratch of 2 * 5 places."""
    cost = 0
    extra = NO_WAY  # the least extra cost of taking the owed hand card in a begun set
    started = 0
    for rank in range(1, 14):
        n = begun[rank]
        if not n:
            continue
        started += 1
        need = per - n
        if need < 0 or hand_n[rank] + own_n[rank] + foreign_n[rank] < need:
            return NO_WAY
        if need:
            more = need - own_n[rank] if need > own_n[rank] else 0
            cost += more
            if hand_n[rank]:
                extra = min(extra, 0 if more else 1)
    fresh = sets - started
    if fresh < 0:
        return NO_WAY
    # best[j], best[5 + j]: the least cost of j fresh sets, without and with the hand card
    best[:] = NO_WAY
    best[0] = 0
    for rank in range(1, 14):
        if begun[rank] or hand_n[rank] + own_n[rank] + foreign_n[rank] < per:
            continue
        more = per - own_n[rank] if per > own_n[rank] else 0
        with_hand = (0 if more else 1) if hand_n[rank] else NO_WAY
        for j in range(fresh, 0, -1):
            best[j] = min(best[j], best[j - 1] + more)
            best[5 + j] = min(best[5 + j], best[4 + j] + more, best[j - 1] + more + with_hand)
    if not hand_owed:
        return int(cost + best[fresh])
    found = min(best[5 + fresh], best[fresh] + extra)
    return NO_WAY if found >= NO_WAY else cost + found


@compiled
def _set_offers(
    kind: int, chosen: int, hand: int, own: int, foreign: int, budget: int, need_hand: bool,
    offered: Ints, scratch: Ints,
) -> bool:  # fmt: skip
    """The set papers: the ranks, by source, a next card may have (``offered``); whether any."""
    sets = SETS[kind]
    per = SIZE[kind] // sets
    counts = scratch[:56].reshape(4, 14)  # chosen, hand, own, foreign
    best = scratch[56:66]
    _rank_counts(chosen, counts[0])
    _rank_counts(hand, counts[1])
    _rank_counts(own, counts[2])
    _rank_counts(foreign, counts[3])
    started = 0
    for rank in range(1, 14):
        if counts[0, rank]:
            started += 1
    some = False
    for rank in range(1, 14):
        n = counts[0, rank]
        if n >= per or (not n and started >= sets):
            continue
        for source in range(3):
            cost = 0 if source == OWN else 1
            if not counts[1 + source, rank] or cost > budget:
                continue
            counts[0, rank] += 1
            counts[1 + source, rank] -= 1
            rest = _sets_cost(
                sets, per, counts[0], counts[1], counts[2], counts[3],
                need_hand and source != HAND, best,
            )  # fmt: skip
            counts[0, rank] -= 1
            counts[1 + source, rank] += 1
            if cost + rest <= budget:
                offered[source] |= 1 << rank
                some = True
    return some


@compiled
def _sum_reaches(
    target: int, hand: int, own: int, foreign: int, budget: int, need_hand: bool, layers: Words
) -> bool:
    """49: whether some cards of the pool add up to exactly ``target`` with at most ``budget``
    costly ones (a hand card among them if ``need_hand``). A subset-sum over bit sets, one
    word a number of costly cards: ``layers[l]`` the sums reached with l costly cards and no
    hand card, ``layers[50 + l]`` with one."""
    if budget < 0:
        return False
    if target <= 0:
        return target == 0 and not need_hand
    top = min(budget, _count(hand | foreign))
    mask = np.uint64((1 << (target + 1)) - 1)
    layers[: top + 1] = 0
    layers[50 : 51 + top] = 0
    layers[0] = 1
    cards = own
    while cards:
        low = cards & -cards
        cards ^= low
        r = np.uint64(RANK[_lowest(low)])
        for layer in range(top + 1):
            layers[layer] |= (layers[layer] << r) & mask
            layers[50 + layer] |= (layers[50 + layer] << r) & mask
    cards = foreign
    while cards:
        low = cards & -cards
        cards ^= low
        r = np.uint64(RANK[_lowest(low)])
        for layer in range(top, 0, -1):
            layers[layer] |= (layers[layer - 1] << r) & mask
            layers[50 + layer] |= (layers[49 + layer] << r) & mask
    cards = hand
    while cards:
        low = cards & -cards
        cards ^= low
        r = np.uint64(RANK[_lowest(low)])
        for layer in range(top, 0, -1):
            layers[50 + layer] |= ((layers[layer - 1] | layers[49 + layer]) << r) & mask
    goal = np.uint64(1) << np.uint64(target)
    for layer in range(top + 1):
        if layers[50 + layer] & goal or (not need_hand and layers[layer] & goal):
            return True
    return False


@compiled
def _sum_offers(
    target: int, hand: int, own: int, foreign: int, budget: int, need_hand: bool,
    offered: Ints, layers: Words,
) -> bool:  # fmt: skip
    """49: the ranks, by source, of the cards on some completion (cards of one rank and
    source are interchangeable: one of them is tried)."""
    some = False
    pool = (hand, own, foreign)
    for source in range(3):
        cost = 0 if source == OWN else 1
        cards = pool[source]
        tried = 0
        while cards:
            low = cards & -cards
            cards ^= low
            r = RANK[_lowest(low)]
            if tried >> r & 1 or r > target:
                continue
            tried |= 1 << r
            fewer = (hand & ~low, own & ~low, foreign & ~low)
            if _sum_reaches(
                target - r, fewer[0], fewer[1], fewer[2], budget - cost,
                need_hand and source != HAND, layers,
            ):  # fmt: skip
                offered[source] |= 1 << r
                some = True
    return some


@compiled
def _most_costly(counts: Ints, most: int) -> tuple[int, int]:
    """The total of the ``most`` highest ranks counted (rank by rank), and the lowest of them."""
    total = 0
    lowest = 0
    left = most
    for rank in range(13, 0, -1):
        take = min(left, counts[rank])
        if take:
            total += take * rank
            lowest = rank
            left -= take
        if not left:
            break
    return total, lowest


@compiled
def _at_least_reaches(
    target: int, free: int, costly: Ints, budget: int, owed: bool, best_hand: int
) -> bool:
    """100+: whether ``free`` (own citations, all taken) and at most ``budget`` of the
    ``costly`` cards reach ``target``, a hand card among them if ``owed``: the highest costly
    cards, the best hand card swapped in for the lowest of them where none is in hand."""
    available = 0
    for rank in range(1, 14):
        available += costly[rank]
    most = min(budget, available)
    if most < 0:
        return False
    total, lowest = _most_costly(costly, most)
    if not owed:
        return free + total >= target
    return most >= 1 and best_hand > 0 and free + total + min(0, best_hand - lowest) >= target


@compiled
def _at_least_offers(
    target: int, hand: int, own: int, foreign: int, budget: int, need_hand: bool,
    offered: Ints, scratch: Ints,
) -> bool:  # fmt: skip
    """100+: the ranks, by source, of the cards on some completion."""
    costly = scratch[:14]
    _rank_counts(hand | foreign, costly)
    free = _rank_total(own)
    best_hand = _highest_rank(hand)
    some = False
    pool = (hand, own, foreign)
    for source in range(3):
        cost = 0 if source == OWN else 1
        ranks = _rank_bits(pool[source])
        while ranks:
            bit = ranks & -ranks
            ranks ^= bit
            r = _lowest(bit)
            if source != OWN:
                costly[r] -= 1
            reached = _at_least_reaches(
                target - (0 if source == OWN else r), free, costly, budget - cost,
                need_hand and source != HAND, best_hand,
            )  # fmt: skip
            if source != OWN:
                costly[r] += 1
            if reached:
                offered[source] |= bit
                some = True
    return some


@compiled
def _window_affordable(missing: int, hand_r: int, own_r: int, budget: int) -> bool:
    """A window's missing ranks (rank bits) completed from an empty start: an own citation
    where there is one, else a costly card, and a hand card among them (one more where it
    replaces a free citation)."""
    cost = _count(missing & ~own_r)
    if not missing & hand_r & ~own_r:
        if not missing & hand_r:
            return False
        cost += 1
    return cost <= budget


@compiled
def _own_work_sum(target: int, hand: int, own: int) -> bool:
    """49 from hand cards and own citations alone, a hand card among them: within the budget
    whenever the budget is the whole hand (at the start of a turn)."""
    mask = np.uint64((1 << (target + 1)) - 1)
    plain, handed = np.uint64(1), np.uint64(0)
    cards = own
    while cards:
        low = cards & -cards
        cards ^= low
        r = np.uint64(RANK[_lowest(low)])
        plain |= (plain << r) & mask
    cards = hand
    while cards:
        low = cards & -cards
        cards ^= low
        r = np.uint64(RANK[_lowest(low)])
        handed |= ((plain | handed) << r) & mask
    return bool(handed >> np.uint64(target) & np.uint64(1))


@compiled
def _publishable_papers(
    papers: Ints, supply: Ints, seat: int, hand: int, own: int, foreign: int, out: Ints,
    found: int, scratch: Ints, layers: Words,
) -> int:  # fmt: skip
    """Write the ``publish`` of every paper ``seat`` may take and can make from an empty
    start, the whole hand to spend, into ``out`` from ``found``; how many now."""
    budget = _count(hand)
    n_own = _count(own)
    n_cards = budget + n_own + _count(foreign)
    hand_r, own_r = _rank_bits(hand), _rank_bits(own)
    covered = hand_r | own_r | _rank_bits(foreign)
    counts = scratch[:56].reshape(4, 14)  # none chosen, hand, own, foreign
    counted = False
    total = -1  # the ranks of every card in the pool added up, once asked
    for kind in range(KINDS):
        if kind == FLAG_KIND or not supply[kind] or papers[seat, kind]:
            continue
        size = SIZE[kind]
        if size > n_cards or size - n_own > budget:
            continue  # too few cards, or too few to spend on the ones that are not free
        shape = SHAPE[kind]
        ok = False
        if shape == STRAIGHT:
            starts = covered  # bit s stays set while ranks s .. s+size-1 are all covered
            for i in range(1, size):
                starts &= covered >> i
            starts &= 0x3FFE
            full = (1 << size) - 1
            while starts and not ok:
                low = starts & -starts
                starts ^= low
                ok = _window_affordable(full * low, hand_r, own_r, budget)
        elif shape == NAMED:
            window = NAMED_RANKS[kind]
            ok = not window & ~covered and _window_affordable(window, hand_r, own_r, budget)
        elif shape == FLUSH:
            ok = _runs(kind, 0, hand, own, foreign, budget, True) != 0
        elif shape == GROUPS:
            if not counted:
                counts[0, :] = 0
                _rank_counts(hand, counts[1])
                _rank_counts(own, counts[2])
                _rank_counts(foreign, counts[3])
                counted = True
            sets = SETS[kind]
            cost = _sets_cost(
                sets, size // sets, counts[0], counts[1], counts[2], counts[3], True,
                scratch[56:66],
            )  # fmt: skip
            ok = cost <= budget
        else:
            if total < 0:
                total = _rank_total(hand | own | foreign)
            if total < TOTAL[kind]:
                ok = False  # every card there is falls short
            elif AT_LEAST[kind]:
                costly = scratch[66:80]
                _rank_counts(hand | foreign, costly)
                ok = _at_least_reaches(
                    TOTAL[kind], _rank_total(own), costly, budget, True, _highest_rank(hand)
                )
            else:
                ok = _own_work_sum(TOTAL[kind], hand, own) or _sum_reaches(
                    TOTAL[kind], hand, own, foreign, budget, True, layers
                )
        if ok:
            out[found] = A_PUBLISH + kind
            found += 1
    return found


# --- the legal actions ---------------------------------------------------------------------------
@compiled
def _pool(table: Ints, hands: Ints, papers: Ints, seat: int) -> tuple[int, int, int]:
    """``seat``'s hand, own and others' citable cards, less what a draft has laid and cited."""
    n = table[N]
    own = _complete(papers, seat)
    foreign = 0
    for other in range(n):
        if other != seat:
            foreign |= _complete(papers, other)
    used = table[LAID] | table[CITED]
    return hands[seat] & ~used, own & ~used, foreign & ~used


@compiled
def _list_cards(cards: int, first: int, out: Ints, found: int) -> int:
    while cards:
        low = cards & -cards
        cards ^= low
        out[found] = first + _lowest(low)
        found += 1
    return found


@compiled
def legal(
    table: Ints, hands: Ints, papers: Ints, supply: Ints, seat: int, out: Ints,
    scratch: Ints, layers: Words,
) -> int:  # fmt: skip
    """Write ``seat``'s legal actions into ``out`` (increasing); how many."""
    phase = table[PHASE]
    found = 0
    if phase == TURN_PHASE:
        deck, discards = table[DECK], table[DISCARDS]
        if deck + discards >= 2 or deck == 1:  # 補遺: the deck refilled midway, or its last card
            out[found] = A_DRAW
            found += 1
        if discards:
            out[found] = A_TAKE
            found += 1
        acts = found
        reviewable = _under_review(papers, table[N])
        acting = acts > 0 or reviewable != 0
        if not acting:  # パス: only when neither research nor review is possible
            out[found] = A_PASS
            found += 1
        hand, own, foreign = _pool(table, hands, papers, seat)
        found = _publishable_papers(
            papers, supply, seat, hand, own, foreign, out, found, scratch, layers
        )
        return _list_cards(reviewable, A_REVIEW, out, found)
    if phase == KEEP_PHASE:
        a, b = table[DRAWN_A], table[DRAWN_B]
        out[0] = A_KEEP + min(a, b)
        out[1] = A_KEEP + max(a, b)
        return 2
    if phase == PUBLISH_PHASE:
        return _publish_options(table, hands, papers, seat, out, scratch, layers)
    if phase == GIFT_PHASE:
        return _list_cards(hands[seat] & ~table[LAID] & ~table[THANKS], A_GIVE, out, 0)
    if phase == FLAG_PHASE:
        return _list_cards(hands[seat], A_FLAG, out, 0)
    if phase == SETUP:
        return _list_cards(hands[seat], A_DISCARD, out, 0)
    return 0


@compiled
def _publish_options(
    table: Ints, hands: Ints, papers: Ints, seat: int, out: Ints, scratch: Ints, layers: Words
) -> int:
    """The cards that keep the draft completable (``lay`` from the hand, ``cite`` the card of
    a complete paper), then ``done`` for a 100+ that already totals 100 or more."""
    kind = table[DRAFT]
    hand, own, foreign = _pool(table, hands, papers, seat)
    laid = table[LAID]
    chosen = laid | table[CITED]
    budget = _count(hand) - table[OWED]  # each citation of another's keeps one back for thanks
    need_hand = laid == 0
    shape = SHAPE[kind]
    offered = scratch[66:69]
    offered[:] = 0
    if shape == FLUSH:
        cards = _runs(kind, chosen, hand, own, foreign, budget, need_hand)
        lay, cite = cards & hand, cards & (own | foreign)
    else:
        if shape in (STRAIGHT, NAMED):
            _windows(kind, chosen, hand, own, foreign, budget, need_hand, offered)
        elif shape == GROUPS:
            _set_offers(kind, chosen, hand, own, foreign, budget, need_hand, offered, scratch)
        elif AT_LEAST[kind]:
            left = TOTAL[kind] - _rank_total(chosen)
            _at_least_offers(left, hand, own, foreign, budget, need_hand, offered, scratch)
        else:
            left = TOTAL[kind] - _rank_total(chosen)
            _sum_offers(left, hand, own, foreign, budget, need_hand, offered, layers)
        lay = _cards_of_ranks(hand, offered[HAND])
        cite = _cards_of_ranks(own, offered[OWN]) | _cards_of_ranks(foreign, offered[FOREIGN])
    found = 0
    if AT_LEAST[kind] and laid and _rank_total(chosen) >= TOTAL[kind]:
        out[found] = A_DONE
        found += 1
    found = _list_cards(lay, A_LAY, out, found)
    return _list_cards(cite, A_CITE, out, found)


# --- what a move does ----------------------------------------------------------------------------
@compiled
def _next_turn(table: Ints) -> None:
    if table[TRIGGER] >= 0:
        if table[TURNS_LEFT] == 0:  # the player to the trigger's right has played
            table[PHASE] = OVER
            return
        table[TURNS_LEFT] -= 1
    table[TURN] = (table[TURN] + 1) % table[N]
    table[PHASE] = TURN_PHASE


@compiled
def _end_turn(table: Ints, hands: Ints, papers: Ints, supply: Ints, seat: int) -> None:
    """ゲームの終了: complete papers worth ``end_points`` at the end of one's own turn meet the
    end condition (the first to do so); the End Flag is then taken with a hand card."""
    table[DRAFT] = -1
    table[LAID] = table[CITED] = table[THANKS] = table[OWED] = table[GIVEN] = 0
    if table[TRIGGER] < 0 and _points(papers, seat) >= table[END_POINTS]:
        table[TRIGGER] = seat
        table[TURNS_LEFT] = 2 * table[N] - 1
        if hands[seat] and supply[FLAG_KIND] > 0:
            table[PHASE] = FLAG_PHASE
            return
    _next_turn(table)


@compiled
def _finished(table: Ints) -> bool:
    """The draft is the paper's combination (every paper but 100+, which says ``done``): every
    step offered keeps it completable, so the right number of cards (the right total) is it."""
    kind = table[DRAFT]
    chosen = table[LAID] | table[CITED]
    if SHAPE[kind] == SUM:
        return not AT_LEAST[kind] and _rank_total(chosen) == TOTAL[kind]
    return bool(_count(chosen) == SIZE[kind])


@compiled
def _publish(table: Ints, hands: Ints, papers: Ints, supply: Ints, seat: int) -> None:
    """The paper goes on the table with the cards laid; each author owed gets a thanks."""
    table[PASSES] = 0
    kind = table[DRAFT]
    laid = table[LAID]
    hands[seat] &= ~laid
    papers[seat, kind] = laid
    supply[kind] -= 1
    for i in range(table[OWED]):
        bit = 1 << table[GIVEN_AT + i]
        hands[seat] &= ~bit
        hands[table[OWED_AT + i]] |= bit
    _end_turn(table, hands, papers, supply, seat)


@compiled
def _cards_chosen(table: Ints, hands: Ints, papers: Ints, supply: Ints, seat: int) -> None:
    if table[OWED]:
        table[PHASE] = GIFT_PHASE
    else:
        _publish(table, hands, papers, supply, seat)


@compiled
def _draw(
    table: Ints, hands: Ints, papers: Ints, supply: Ints, deck: Ints, discards: Ints,
    seat: int, gen: Words, log: Ints,
) -> None:  # fmt: skip
    """研究: two from the deck, the discards shuffled into a new deck when it runs out."""
    drawn = 0
    first = -1
    for _ in range(2):
        if table[DECK] == 0:
            if table[DISCARDS] == 0:
                break  # 補遺: deck and discards held one card together
            # 補遺: the discards in the deck's order, shuffled (the engine's SEVEN.sort)
            items = np.sort(discards[: table[DISCARDS]])
            shuffled(gen, items, log)
            deck[: items.size] = items
            table[DECK] = items.size
            table[DISCARDS] = 0
        table[DECK] -= 1
        card = deck[table[DECK]]
        if drawn == 0:
            first = card
        else:
            table[DRAWN_A] = first
            table[DRAWN_B] = card
        drawn += 1
    if drawn == 1:  # "その1枚を手札に加えます"
        hands[seat] |= 1 << first
        _end_turn(table, hands, papers, supply, seat)
    else:
        table[PHASE] = KEEP_PHASE


@compiled
def move(
    table: Ints, hands: Ints, papers: Ints, supply: Ints, deck: Ints, discards: Ints,
    seat: int, action: int, gen: Words, log: Ints,
) -> None:  # fmt: skip
    """``seat`` takes ``action`` (an index of ACTION_SPACE, legal)."""
    if action == A_DRAW:
        table[PASSES] = 0
        _draw(table, hands, papers, supply, deck, discards, seat, gen, log)
    elif action == A_TAKE:
        table[PASSES] = 0
        table[DISCARDS] -= 1
        hands[seat] |= 1 << discards[table[DISCARDS]]
        _end_turn(table, hands, papers, supply, seat)
    elif action == A_PASS:
        table[PASSES] += 1
        if table[PASSES] >= table[N]:  # "全員が連続でパスをしたら、その場でゲーム終了"
            table[PHASE] = OVER
        else:
            _end_turn(table, hands, papers, supply, seat)
    elif action == A_DONE:
        _cards_chosen(table, hands, papers, supply, seat)
    elif action < A_DISCARD:  # publish: (passes in a row end once the paper is out)
        table[PHASE] = PUBLISH_PHASE
        table[DRAFT] = action - A_PUBLISH
        table[LAID] = table[CITED] = table[THANKS] = table[OWED] = table[GIVEN] = 0
    elif action < A_KEEP:  # 準備 6
        card = action - A_DISCARD
        hands[seat] &= ~(1 << card)
        discards[table[DISCARDS]] = card
        table[DISCARDS] += 1
        done = True
        for other in range(table[N]):
            if _count(hands[other]) > START_HAND:
                done = False
        if done:
            table[PHASE] = TURN_PHASE
            table[TURN] = 0
    elif action < A_REVIEW:
        card = action - A_KEEP
        other = table[DRAWN_B] if table[DRAWN_A] == card else table[DRAWN_A]
        table[DRAWN_A] = table[DRAWN_B] = -1
        hands[seat] |= 1 << card
        discards[table[DISCARDS]] = other
        table[DISCARDS] += 1
        _end_turn(table, hands, papers, supply, seat)
    elif action < A_LAY:  # 査読
        table[PASSES] = 0
        card = action - A_REVIEW
        where = _author(papers, table[N], card)
        papers[where // KINDS, where % KINDS] &= ~(1 << card)
        hands[seat] |= 1 << card
        _end_turn(table, hands, papers, supply, seat)
    elif action < A_GIVE:  # lay or cite
        if action < A_CITE:
            table[LAID] |= 1 << (action - A_LAY)
        else:
            card = action - A_CITE
            table[CITED] |= 1 << card
            author = _author(papers, table[N], card) // KINDS
            if author != seat:
                table[OWED_AT + table[OWED]] = author
                table[OWED] += 1
        if _finished(table):
            _cards_chosen(table, hands, papers, supply, seat)
    elif action < A_FLAG:
        card = action - A_GIVE
        table[THANKS] |= 1 << card
        table[GIVEN_AT + table[GIVEN]] = card
        table[GIVEN] += 1
        if table[GIVEN] >= table[OWED]:
            _publish(table, hands, papers, supply, seat)
    else:
        card = action - A_FLAG
        hands[seat] &= ~(1 << card)
        papers[seat, FLAG_KIND] = 1 << card
        supply[FLAG_KIND] -= 1
        _next_turn(table)


# --- the result, and the whole playout ----------------------------------------------------------
@compiled
def result(table: Ints, papers: Ints, scores: Ints, ranks: Ints) -> None:
    """The highest points win; ties go to fewer complete papers (``scoring.final_outcome``)."""
    n = table[N]
    for seat in range(n):
        scores[seat] = _points(papers, seat)
    for seat in range(n):
        papers_of = _count(_complete(papers, seat))
        rank = 1
        for other in range(n):
            fewer = _count(_complete(papers, other))
            if scores[other] > scores[seat] or (
                scores[other] == scores[seat] and fewer < papers_of
            ):
                rank += 1
        ranks[seat] = rank


@compiled
def quick(
    table: Ints, hands: Ints, papers: Ints, supply: Ints, deck: Ints, discards: Ints,
    gen: Words, max_moves: int,
) -> tuple[int, bool]:  # fmt: skip
    """The loop of ``core.playouts.traced``, compiled: the moves played, and whether the game
    ended (rather than being cut at ``max_moves``)."""
    out = np.empty(MOST_LEGAL, dtype=np.int64)
    scratch = np.empty(80, dtype=np.int64)
    layers = np.empty(100, dtype=np.uint64)
    log = np.zeros(0, dtype=np.int64)
    moves = 0
    while True:
        seat = active(table, hands)
        if seat < 0:
            return moves, True
        if moves >= max_moves:
            return moves, False
        n = legal(table, hands, papers, supply, seat, out, scratch, layers)
        action = out[below(gen, n)]
        move(table, hands, papers, supply, deck, discards, seat, action, gen, log)
        moves += 1


# --- from the engine's world --------------------------------------------------------------------
COMPILED_OPTIONS = frozenset({"players", "end_points"})


def encode(world: LaminateState) -> tuple[Ints, Ints, Ints, Ints, Ints, Ints] | None:
    """The world as the kernel's arrays (copies: the world is left as it was); None where it
    holds what the kernel does not play."""
    if set(type(world.options).model_fields) - COMPILED_OPTIONS:
        return None
    n = world.n
    place = CARD_PLACE
    table = np.zeros(TABLE_SIZE, dtype=np.int64)
    table[N] = n
    table[TURN] = world.turn
    table[PHASE] = PHASE_CODE[world.phase]
    table[PASSES] = world.passes
    table[TRIGGER] = -1 if world.trigger is None else world.trigger
    table[TURNS_LEFT] = world.turns_left
    table[END_POINTS] = world.options.end_points
    hands = np.zeros(n, dtype=np.int64)
    for seat, hand in enumerate(world.hands):
        mask = 0
        for card in hand:
            mask |= 1 << place[card]
        hands[seat] = mask
    deck = np.zeros(CARDS, dtype=np.int64)
    deck[: len(world.deck)] = [place[c] for c in world.deck]
    table[DECK] = len(world.deck)
    discards = np.zeros(CARDS, dtype=np.int64)
    discards[: len(world.discards)] = [place[c] for c in world.discards]
    table[DISCARDS] = len(world.discards)
    table[DRAWN_A] = table[DRAWN_B] = -1
    if world.drawn:
        table[DRAWN_A], table[DRAWN_B] = (place[c] for c in world.drawn)
    papers = np.zeros((n, KINDS), dtype=np.int64)
    authors: dict[Card, int] = {}
    for seat, held in enumerate(world.papers):
        for paper in held:
            kind = KIND_OF[paper.kind]
            if papers[seat, kind] or not paper.cards:
                return None  # two of a kind, or an empty paper: never on a table in play
            mask = 0
            for card in paper.cards:
                mask |= 1 << place[card]
            papers[seat, kind] = mask
            if len(paper.cards) == 1:
                authors[paper.cards[0]] = seat
    supply = np.array([world.supply[p] for p in PAPER_TYPES], dtype=np.int64)
    table[DRAFT] = -1
    draft = world.draft
    if draft is not None:
        table[DRAFT] = KIND_OF[draft.paper]
        for card in draft.laid:
            table[LAID] |= 1 << place[card]
        for card in draft.cited:
            table[CITED] |= 1 << place[card]
            if authors[card] != world.turn:
                table[OWED_AT + table[OWED]] = authors[card]
                table[OWED] += 1
        for card in draft.thanks:
            table[THANKS] |= 1 << place[card]
            table[GIVEN_AT + table[GIVEN]] = place[card]
            table[GIVEN] += 1
    return table, hands, papers, supply, deck, discards


def outcome(table: Ints, papers: Ints) -> tuple[tuple[float, ...], tuple[int, ...]]:
    n = int(table[N])
    scores = np.zeros(n, dtype=np.int64)
    ranks = np.zeros(n, dtype=np.int64)
    result(table, papers, scores, ranks)
    return tuple(float(s) for s in scores), tuple(int(r) for r in ranks)


def playout(world: Any, seed: int, max_moves: int, trace: bool) -> Playout | None:
    """``GameSpec.playout``: ``world`` played out with random legal moves from ``seed``."""
    arrays = encode(world)
    if arrays is None:
        return None
    table, hands, papers, supply, deck, discards = arrays
    gen = generator(seed)
    if not trace:
        moves, ended = quick(table, hands, papers, supply, deck, discards, gen, max_moves)
        if not ended:
            return Playout(int(moves), None, None)
        scores, ranks = outcome(table, papers)
        return Playout(int(moves), scores, ranks)
    out = np.empty(MOST_LEGAL, dtype=np.int64)
    scratch = np.empty(80, dtype=np.int64)
    layers = np.empty(100, dtype=np.uint64)

    def seats() -> list[int]:
        seat = int(active(table, hands))
        return [] if seat < 0 else [seat]

    def actions(seat: int) -> list[int]:
        found = legal(table, hands, papers, supply, seat, out, scratch, layers)
        return out[:found].tolist()  # type: ignore[no-any-return]

    def play(seat: int, action: int, log: Ints) -> None:
        move(table, hands, papers, supply, deck, discards, seat, action, gen, log)

    ended, steps = traced(
        seats, actions, play, lambda n: int(below(gen, n)), lambda: draw_log(128), max_moves
    )
    if not ended:
        return Playout(len(steps), None, None, steps)
    scores, ranks = outcome(table, papers)
    return Playout(len(steps), scores, ranks, steps)


__all__ = ["playout"]
