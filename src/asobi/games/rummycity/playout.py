"""Rummy City's random playout compiled (numba): a sampled world played to its end with
uniformly random legal moves, as ``asobi.core.playouts`` describes, move for move the
engine's game (``tests/properties/test_playouts.py`` replays it through ``rules.py``).

**The table.** A world is copied into one int64 array (``encode``); every compiled piece
reads and writes it at the offsets below. Cards are the deck's indices (``FRENCH52``: suit
× 13 + rank − 1, suits ♠ ♥ ♦ ♣), a set of cards a 52-bit mask; buildings are their places in
the default catalogue (``Build``'s and ``Return``'s order in the action space), a set of
buildings an 18-bit mask. So a hand, the face-down row cards, a town's buildings are one
word each.

- the options and the round: ``PLAYERS`` … ``TAKEN`` (one word each), then per seat its
  ``TEPU``, ``OWNED`` (buildings), ``HAND`` (cards) and ``LAID_N`` (combinations laid);
- the catalogue as data, per building: its recipe's kind, suits (a run's, as a mask) and
  sizes (bit n: n cards), its smallest size, its twins (the buildings of the same recipe:
  a Set pair), income and ``Place`` action (Bank, Police station); per mark and per effect,
  the buildings that have it; ``DEPOSIT``: the card on each building (−1: none);
- the ``ROW`` top first from ``HEAD`` to ``ROW_END`` (a draw moves ``HEAD``), the School's
  ``LOOKED`` cards (``TAKEN``: bit p for position p taken);
- the combination under way (``CHOSEN``) and each seat's combinations of the round
  (``LAID``), each a block: kind, count, cards, standings (natural, suitless, joker: a
  standing is fixed when the card is laid, as ``combos.Piece`` keeps it);
- scratch words the finder writes its summaries to (``POOL``, ``CH``, ``ACC``).

**The finder.** A combination is found on *positions* (an A on 1 or 14, 2–K on their rank;
``combos.py``'s reading): a hand is summarised as each suit's positions of its natural
cards, the positions of its suitless cards (``flex``) and its jokers; a window of n
positions is completed when the open places not held by the chosen cards, less those the
hand's cards can take, are at most the jokers. Which card may be laid next is every window
still completable one card on (``_accepted``); whether a hand makes a recipe, its longest
completable combination of each kind and suit (``_reaches``).

**Chance** is drawn where the engine draws it, a new round's deal (``_new_round``: the first
player of round 1, the deck's shuffle, the row's), through ``playout_kernels.shuffled`` and
``drawn_below`` on lists in the engine's order, so a traced playout's draws can be imposed
on the engine. A world whose catalogue names a building the action space does not know
(a custom catalogue) is not compiled: ``playout`` returns None and the search plays it
through the protocol.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic
from numpy.typing import NDArray

from asobi.core.cards import FRENCH52
from asobi.core.playout_kernels import below, compiled, draw_log, drawn_below, generator, shuffled
from asobi.core.playouts import Playout, traced
from asobi.games.rummycity import actions, buildings, state
from asobi.games.rummycity.actions import (
    ACTION_SPACE,
    DONE,
    DRAW,
    END,
    LAY,
    LAY_OFF,
    LOOK,
    MELD,
    PASS,
    TAKE,
    Build,
    Place,
    Return,
)
from asobi.games.rummycity.buildings import (
    BANK,
    CLUB,
    DIAMOND,
    HEART,
    MARKET,
    MINE,
    POLICE,
    POST_OFFICE,
    SCHOOL,
    SPADE,
    STATION,
    Catalogue,
    default_data,
)
from asobi.games.rummycity.combos import JOKER, KINDS, LONGEST, MIX, RUN, SET, SUITS
from asobi.games.rummycity.state import Phase

Table = NDArray[np.int64]
Words = NDArray[np.uint64]

# --- the engine's numbers ----------------------------------------------------------------------
# Written out, and checked against the engine's at import (``_check_numbers``): numba keeps
# the compiled code in a cache that only a change of *this* file renews, so a number read
# from another module would stay as it was compiled; a change there must fail here instead.
A_LOOK, A_PASS, A_DONE, A_END = 0, 1, 2, 3  # indices of the action space
A_DRAW = 3  # A_DRAW + n: draw n (1 to 16)
A_TAKE = 19  # A_TAKE + p: take the card at position p
A_MELD = 36  # + kind (run, mix, set)
A_LAY = 39  # + card
A_BUILD = 91  # + building
A_RETURN = 109  # + building
A_PLACES = (127, 179)  # a card on the Bank, on the Police station: + card
A_LAY_OFF = 231  # + card × 17 + target − 1
A_COUNT = 1115
MOST_DRAWN = 16  # draw and take actions
MOST_COMBINATIONS = 17  # a seat's combinations in a round
BUILDINGS = 18  # Build and Return actions: the default catalogue's buildings
K_RUN, K_MIX, K_SET = 0, 1, 2  # KINDS' order
LONGEST_OF = (13, 4, 4)  # the most cards of a combination of each kind
ANY_SIZES = tuple(sum(1 << n for n in range(3, most + 1)) for most in LONGEST_OF)
NATURAL_, SUITLESS_, JOKER_ = 0, 1, 2  # a card's standing (combos)
DIAMONDS = 2  # ♦'s place among the suits
DRAW_LIMIT, MOST_BUILDS, HAND_SIZE, FACE_DOWN = 3, 3, 2, 12
SOLO_MOST_BUILDINGS, SOLO_PASS_DISCARDS = 6, 4
STATION_FARE, STATION_DRAW, POST_OFFICE_TEPU, DIAMOND_TEPU = 1, 3, 2, 1
RANK_ROW = 0x1FFF  # a suit's 13 cards in a card mask

DEFAULT_IDS = tuple(b.id for b in default_data().building)
_CARDS = FRENCH52.cards


def _check_numbers() -> None:
    """The numbers above are the engine's."""
    space = ACTION_SPACE
    assert len(space.actions) == A_COUNT and len(DEFAULT_IDS) == BUILDINGS
    assert [space.index(a) for a in (LOOK, PASS, DONE, END)] == [A_LOOK, A_PASS, A_DONE, A_END]
    assert (actions.MOST_DRAWN, actions.MOST_COMBINATIONS) == (MOST_DRAWN, MOST_COMBINATIONS)
    assert all(space.index(DRAW[n]) == A_DRAW + n for n in range(1, MOST_DRAWN + 1))
    assert all(space.index(TAKE[p]) == A_TAKE + p for p in range(1, MOST_DRAWN + 1))
    assert [space.index(MELD[k]) for k in KINDS] == [A_MELD + K_RUN, A_MELD + K_MIX, A_MELD + K_SET]
    assert all(space.index(LAY[c]) == A_LAY + i for i, c in enumerate(_CARDS))
    for b, name in enumerate(DEFAULT_IDS):
        assert space.index(Build(name)) == A_BUILD + b
        assert space.index(Return(name)) == A_RETURN + b
    for i, c in enumerate(_CARDS):
        assert space.index(Place("bank", c)) == A_PLACES[0] + i
        assert space.index(Place("police", c)) == A_PLACES[1] + i
        for target in range(1, MOST_COMBINATIONS + 1):
            index = A_LAY_OFF + i * MOST_COMBINATIONS + target - 1
            assert space.index(LAY_OFF[(c, target)]) == index
    assert (LONGEST[RUN], LONGEST[MIX], LONGEST[SET]) == LONGEST_OF
    assert (JOKER_, SUITS[DIAMONDS]) == (JOKER, buildings.DIAMOND_SUIT)
    assert (DRAW_LIMIT, MOST_BUILDS, HAND_SIZE, FACE_DOWN) == (
        state.DRAW_LIMIT,
        state.MOST_BUILDS,
        state.HAND_SIZE,
        state.FACE_DOWN,
    )
    assert (SOLO_MOST_BUILDINGS, SOLO_PASS_DISCARDS) == (
        state.SOLO_MOST_BUILDINGS,
        state.SOLO_PASS_DISCARDS,
    )
    assert (STATION_FARE, STATION_DRAW, POST_OFFICE_TEPU, DIAMOND_TEPU) == (
        buildings.STATION_FARE,
        buildings.STATION_DRAW,
        buildings.POST_OFFICE_TEPU,
        buildings.DIAMOND_TEPU,
    )


_check_numbers()

# --- codes -------------------------------------------------------------------------------------
KIND_CODE = {RUN: K_RUN, MIX: K_MIX, SET: K_SET}
P_TURN, P_PICK, P_LAY, P_BUILD, P_RETURN, P_SETTLE, P_OVER = range(7)
PHASE_CODE = {
    Phase.TURN: P_TURN,
    Phase.PICK: P_PICK,
    Phase.LAY: P_LAY,
    Phase.BUILD: P_BUILD,
    Phase.RETURN: P_RETURN,
    Phase.SETTLE: P_SETTLE,
    Phase.OVER: P_OVER,
}
MARK_CODE = {SPADE: 0, HEART: 1, DIAMOND: 2, CLUB: 3}
M_SPADE, M_HEART = 0, 1
E_NONE, E_SCHOOL, E_BANK, E_POLICE, E_POST_OFFICE, E_STATION, E_MARKET, E_MINE = range(8)
EFFECT_CODE = {
    "": E_NONE,
    SCHOOL: E_SCHOOL,
    BANK: E_BANK,
    POLICE: E_POLICE,
    POST_OFFICE: E_POST_OFFICE,
    STATION: E_STATION,
    MARKET: E_MARKET,
    MINE: E_MINE,
}

# --- the table's layout ------------------------------------------------------------------------
PLAYERS, SOLO, START_PLAYER, GOAL, SOLO_ROUNDS, ROUND_LIMIT, CATALOGUE = range(7)
ROUND, FIRST, TURN, PHASE, BUILDS, FINAL, LAST_DRAWER, PASSES, OVERTIME = range(7, 16)
TARGET = 16  # the building the combination under way claims (−1: none, a final meld)
SIZES = 17  # its sizes, per suit for a run (bit n: n cards), at SIZES for a MIX run or Set
QUEUE_N, QUEUE = 21, 22  # seats still to take a final turn / lay off (2 words)
FACE_DOWN_ = 24  # the row's face-down cards
BOXED, HEAD, ROW_END, LOOKED_N, TAKEN = 25, 26, 27, 28, 29
TEPU, OWNED, HAND, LAID_N = 30, 32, 34, 36  # per seat
MARKS = 38  # per mark: the buildings of it
EFFECTS = 42  # per effect: the buildings with it
DEPOSIT = 50  # per building: the card on it, −1
B_KIND, B_SUITS, B_SIZES, B_MIN, B_TWINS, B_INCOME, B_PLACE = (68 + BUILDINGS * i for i in range(7))
ROW = 68 + BUILDINGS * 7
LOOKED = ROW + 52
# A combination block: its kind, its count, its cards, their standings.
C_KIND, C_N, C_CARDS, C_STANDS, COMBO = 0, 1, 2, 15, 28
CHOSEN = LOOKED + MOST_DRAWN
LAID = CHOSEN + COMBO  # seat × 17 + number, a block each
POOL = LAID + 2 * MOST_COMBINATIONS * COMBO  # a hand summarised (8 words)
EMPTY = POOL + 8  # no cards at all (8 zero words)
CH = EMPTY + 8  # the chosen cards summarised (8 words)
ACC = CH + 8  # what may come next (8 words)
SCRATCH = ACC + 8  # the sizes of a question asked of the chosen cards alone (4 words)
SIZE = SCRATCH + 4
# Inside POOL: each suit's natural cards' positions, the suitless cards' positions, the
# jokers, the natural cards and the suitless cards (card masks).
P_FLEX, P_JOKERS, P_NATURAL, P_SUITLESS = 4, 5, 6, 7
# Inside CH: count, jokers, the non-aces' positions, an A among them, the natural cards'
# suits, those suits all different, the ranks all different, the one rank (−1 none, −2 more).
H_COUNT, H_JOKERS, H_NONACE, H_ACE, H_SUITS, H_SUITS_OK, H_RANKS_OK, H_RANK = range(8)
# Inside ACC: per suit the positions a natural card may take, the suitless cards' positions,
# the ranks a Set takes, a joker may come, a window completable.
X_FLEX, X_RANKS, X_JOKER, X_FOUND = 4, 5, 6, 7
LEGAL_MOST = A_COUNT  # a legal list holds each action at most once


# --- bits ------------------------------------------------------------------------------------
def _unary_llvm(name: str, poison_flag: bool) -> Any:
    """The typing and codegen of an @intrinsic calling LLVM's ``name`` on an int64."""

    def typer(typingctx: Any, x: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            word = ir.IntType(64)
            flag = [ir.IntType(1)] if poison_flag else []
            insert: Any = cgutils.get_or_insert_function  # (untyped)
            fn = insert(builder.module, ir.FunctionType(word, [word, *flag]), name)
            extra = [ir.Constant(ir.IntType(1), 0)] if poison_flag else []
            return builder.call(fn, [*args, *extra])

        return types.int64(types.int64), codegen

    return typer


_ctpop = intrinsic(_unary_llvm("llvm.ctpop.i64", False))
_cttz = intrinsic(_unary_llvm("llvm.cttz.i64", True))
_ctlz = intrinsic(_unary_llvm("llvm.ctlz.i64", True))


@compiled
def count(bits: int) -> int:
    """The bits set (one ``popcnt``)."""
    return _ctpop(bits)


@compiled
def lowest(bits: int) -> int:
    """The place of the lowest bit set (bits ≠ 0)."""
    return _cttz(bits)


@compiled
def highest(bits: int) -> int:
    """The place of the highest bit set (bits ≠ 0)."""
    return 63 - _ctlz(bits)


@compiled
def _positions(row: int) -> int:
    """A suit's cards (bit r − 1 for rank r) as positions: bit r, and an A on 1 and 14."""
    return (row << 1) | ((row & 1) << 14)


@compiled
def _rank_cards(ranks: int) -> int:
    """Every card of these ranks (bit r for rank r), as a card mask."""
    row = (ranks >> 1) & RANK_ROW
    return row | (row << 13) | (row << 26) | (row << 39)


@compiled
def _suits_at(natural: int, position: int) -> int:
    """The suits of the natural cards standing at ``position`` (a 4-bit mask)."""
    shift = (1 if position == 14 else position) - 1
    found = 0
    for suit in range(4):
        found |= ((natural >> (13 * suit + shift)) & 1) << suit
    return found


@compiled
def _unmatched(masks: int, k: int) -> int:
    """Of k places, each with the suits it may take (4 bits each in ``masks``), how many go
    without a suit of their own at best (Hall's deficiency: max |X| − |suits of X|)."""
    worst = 0
    for subset in range(1, 1 << k):
        union = 0
        for i in range(k):
            if subset >> i & 1:
                union |= (masks >> (4 * i)) & 15
        short = count(subset) - count(union)
        if short > worst:
            worst = short
    return worst


# --- the seats' buildings ----------------------------------------------------------------------
@compiled
def _owns_effect(t: Table, seat: int, effect: int) -> bool:
    return bool(t[OWNED + seat] & t[EFFECTS + effect] != 0)


@compiled
def _goals(t: Table, seat: int) -> int:
    """The buildings left to claim: in the game, not of a recipe the seat owns."""
    owned = t[OWNED + seat]
    twins = 0
    while owned:
        b = lowest(owned)
        owned &= owned - 1
        twins |= t[B_TWINS + b]
    return int(t[CATALOGUE] & ~twins)


@compiled
def _forbidden(t: Table, seat: int, kind: int, suit: int) -> int:
    """The sizes of ``kind`` (and ``suit``, a run's) matching a building the seat owns."""
    owned = t[OWNED + seat]
    sizes = 0
    while owned:
        b = lowest(owned)
        owned &= owned - 1
        if t[B_KIND + b] == kind and (kind != K_RUN or t[B_SUITS + b] >> suit & 1):
            sizes |= t[B_SIZES + b]
    return sizes


@compiled
def _meld_sizes(t: Table, seat: int, kind: int, suit: int) -> int:
    """The sizes a final-turn meld of ``kind`` (``suit``) may have (``combos.meld_recipes``)."""
    return ANY_SIZES[kind] & ~_forbidden(t, seat, kind, suit)


@compiled
def _deposit_ranks(t: Table, seat: int) -> tuple[int, int]:
    """The ranks on the seat's Bank and on its Police station (bit r): suitless, jokers."""
    bank = 0
    police = 0
    owned = t[OWNED + seat]
    for effect in (E_BANK, E_POLICE):
        held = owned & t[EFFECTS + effect]
        while held:
            b = lowest(held)
            held &= held - 1
            card = t[DEPOSIT + b]
            if card >= 0:
                if effect == E_BANK:
                    bank |= 1 << (card % 13 + 1)
                else:
                    police |= 1 << (card % 13 + 1)
    return bank, police


@compiled
def _standing(card: int, bank: int, police: int) -> int:
    rank = card % 13 + 1
    if police >> rank & 1:
        return JOKER_
    if bank >> rank & 1:
        return SUITLESS_
    return NATURAL_


@compiled
def _open_spots(t: Table, seat: int) -> int:
    """The seat's Bank and Police station with no card on them yet."""
    held = t[OWNED + seat] & (t[EFFECTS + E_BANK] | t[EFFECTS + E_POLICE])
    spots = 0
    while held:
        b = lowest(held)
        held &= held - 1
        if t[DEPOSIT + b] < 0:
            spots |= 1 << b
    return spots


# --- the finder --------------------------------------------------------------------------------
@compiled
def _summarise_pool(t: Table, hand: int, bank: int, police: int) -> None:
    """``combos.Pool`` of a hand, at POOL."""
    jokers = hand & _rank_cards(police)
    suitless = hand & _rank_cards(bank & ~police)
    natural = hand & ~(jokers | suitless)
    for suit in range(4):
        t[POOL + suit] = _positions((natural >> (13 * suit)) & RANK_ROW)
    rows = suitless | (suitless >> 13) | (suitless >> 26) | (suitless >> 39)
    t[POOL + P_FLEX] = _positions(rows & RANK_ROW)
    t[POOL + P_JOKERS] = count(jokers)
    t[POOL + P_NATURAL] = natural
    t[POOL + P_SUITLESS] = suitless


@compiled
def _summarise_chosen(t: Table, at: int) -> None:
    """``combos._Chosen`` of the combination block at ``at``, at CH."""
    n = t[at + C_N]
    jokers = 0
    nonace = 0
    ace = 0
    suits = 0
    suits_ok = 1
    ranks = 0
    ranks_ok = 1
    for i in range(n):
        stand = t[at + C_STANDS + i]
        if stand == JOKER_:
            jokers += 1
            continue
        card = t[at + C_CARDS + i]
        rank = card % 13 + 1
        if ranks >> rank & 1:
            ranks_ok = 0
        ranks |= 1 << rank
        if rank == 1:
            ace = 1
        else:
            nonace |= 1 << rank
        if stand == NATURAL_:
            bit = 1 << (card // 13)
            if suits & bit:
                suits_ok = 0
            suits |= bit
    t[CH + H_COUNT] = n
    t[CH + H_JOKERS] = jokers
    t[CH + H_NONACE] = nonace
    t[CH + H_ACE] = ace
    t[CH + H_SUITS] = suits
    t[CH + H_SUITS_OK] = suits_ok
    t[CH + H_RANKS_OK] = ranks_ok
    t[CH + H_RANK] = -1 if ranks == 0 else lowest(ranks) if count(ranks) == 1 else -2


@compiled
def _covered(nonace: int, ace: int, low: int, n: int) -> int:
    """The positions the chosen non-jokers take in the window (an A low in A-2-3, high in
    Q-K-A), or −1 if they do not all fit in it."""
    window = ((1 << n) - 1) << low
    if nonace & ~window:
        return -1
    if not ace:
        return nonace
    if low == 1:
        return nonace | 2
    if low + n - 1 == 14:
        return nonace | (1 << 14)
    return -1


@compiled
def _lows(nonace: int, n: int) -> tuple[int, int]:
    """Where a window of n positions holding the chosen non-aces may start (first, last)."""
    if nonace == 0:
        return 1, 15 - n
    return max(1, highest(nonace) + 1 - n), min(lowest(nonace), 15 - n)


@compiled
def _accepted(t: Table, kind: int, sizes_at: int, pool: int) -> None:
    """What may be laid next towards a combination of ``kind`` and the sizes at ``sizes_at``
    (a run's per suit), the chosen cards summarised at CH, from the pool at ``pool``: at
    ACC, per suit the positions a natural card may take, the positions a suitless card may
    take, the ranks (a Set), whether a joker may; and whether some window can be completed
    (``combos._search`` with ``collect``: every window visited)."""
    for i in range(8):
        t[ACC + i] = 0
    chosen = t[CH + H_COUNT]
    cj = t[CH + H_JOKERS]
    pj = t[pool + P_JOKERS]
    if kind == K_SET:
        _set_accepted(t, t[sizes_at], chosen, pj, pool)
        return
    if not t[CH + H_RANKS_OK]:
        return
    nonace = t[CH + H_NONACE]
    ace = t[CH + H_ACE]
    fixed = count(nonace) + ace
    flex = t[pool + P_FLEX]
    if kind == K_MIX:
        _mix_accepted(t, t[sizes_at], pool)
        return
    suits = t[CH + H_SUITS]
    for suit in range(4):
        sizes = t[sizes_at + suit]
        if sizes == 0 or suits & ~(1 << suit):
            continue
        avail_all = t[pool + suit] | flex
        for n in range(max(3, chosen), 14):
            if not sizes >> n & 1:
                continue
            first, last = _lows(nonace, n)
            for low in range(first, last + 1):
                covered = _covered(nonace, ace, low, n)
                if covered < 0:
                    continue
                open_spots = n - fixed
                if cj > open_spots:
                    continue
                avail = avail_all & (((1 << n) - 1) << low) & ~covered
                if open_spots - count(avail) - cj > pj:
                    continue
                t[ACC + X_FOUND] = 1
                if open_spots > cj:
                    t[ACC + suit] |= avail
                    t[ACC + X_FLEX] |= avail
                    if pj:
                        t[ACC + X_JOKER] = 1


@compiled
def _set_accepted(t: Table, sizes: int, chosen: int, pj: int, pool: int) -> None:
    """``combos._set_search``: a Set of the one rank chosen (any, if none), counting the
    pool's cards of that rank and its jokers."""
    rank = t[CH + H_RANK]
    if rank == -2:
        return
    reachable = sizes & ~((1 << chosen) - 1)  # the sizes not below the cards chosen
    if reachable == 0:
        return
    longer = sizes & ~((2 << chosen) - 1)  # the sizes a card more may still reach
    cards = t[pool + P_NATURAL] | t[pool + P_SUITLESS]
    first = 1 if rank < 0 else rank
    last = 13 if rank < 0 else rank
    for r in range(first, last + 1):
        have = 0
        for suit in range(4):
            have += (cards >> (13 * suit + r - 1)) & 1
        if chosen + pj + have < lowest(reachable):
            continue
        t[ACC + X_FOUND] = 1
        if longer:
            t[ACC + X_RANKS] |= 1 << r
            t[ACC + X_JOKER] = 1


@compiled
def _mix_accepted(t: Table, sizes: int, pool: int) -> None:
    """``combos._mix_search``: natural cards each need a suit of their own (matched to the
    open positions), suitless cards and jokers fill any position."""
    if not t[CH + H_SUITS_OK]:
        return
    chosen = t[CH + H_COUNT]
    cj = t[CH + H_JOKERS]
    nonace = t[CH + H_NONACE]
    ace = t[CH + H_ACE]
    used = t[CH + H_SUITS]
    slack = cj + t[pool + P_JOKERS]
    flex = t[pool + P_FLEX]
    natural = t[pool + P_NATURAL]
    for n in range(max(3, chosen), 5):
        if not sizes >> n & 1:
            continue
        first, last = _lows(nonace, n)
        for low in range(first, last + 1):
            covered = _covered(nonace, ace, low, n)
            if covered < 0:
                continue
            open_count = n - count(covered)
            if cj > open_count:
                continue
            # The open positions without a suitless card: the suits each may take.
            rest = 0
            k = 0
            for p in range(low, low + n):
                if covered >> p & 1 or flex >> p & 1:
                    continue
                rest |= (_suits_at(natural, p) & ~used) << (4 * k)
                k += 1
            if _unmatched(rest, k) > slack:
                continue
            t[ACC + X_FOUND] = 1
            if open_count <= cj:
                continue
            if t[pool + P_JOKERS]:
                t[ACC + X_JOKER] = 1
            window = ((1 << n) - 1) << low
            t[ACC + X_FLEX] |= window & ~covered & flex
            j = 0  # the place of p among the rest
            for p in range(low, low + n):
                if covered >> p & 1:
                    continue
                on_flex = flex >> p & 1
                code = _suits_at(natural, p) & ~used
                if code:
                    # The other positions: the rest without p (p among them unless flex).
                    others = 0
                    m = 0
                    for i in range(k):
                        if on_flex or i != j:
                            others |= ((rest >> (4 * i)) & 15) << (4 * m)
                            m += 1
                    bits = code
                    while bits:
                        s = lowest(bits)
                        bits &= bits - 1
                        spread = 0
                        for i in range(m):
                            spread |= 1 << (4 * i + s)
                        if _unmatched(others & ~spread, m) <= slack:
                            t[ACC + s] |= 1 << p
                if not on_flex:
                    j += 1


@compiled
def _complete_now(t: Table, kind: int, sizes_at: int) -> bool:
    """The chosen cards (CH) alone make a combination of ``kind`` and of a size at
    ``sizes_at`` (``combos.lay_choices``' done)."""
    chosen = t[CH + H_COUNT]
    if kind == K_SET:
        return bool(t[sizes_at] >> chosen & 1 == 1 and t[CH + H_RANK] != -2)
    for suit in range(4):
        t[SCRATCH + suit] = t[sizes_at + suit] & (1 << chosen)
    _accepted(t, kind, SCRATCH, EMPTY)
    return bool(t[ACC + X_FOUND] == 1)


@compiled
def _takes(t: Table, kind: int, card: int, bank: int, police: int) -> bool:
    """Whether the pool's ``card`` is among the pieces ACC accepts."""
    stand = _standing(card, bank, police)
    if stand == JOKER_:
        return bool(t[ACC + X_JOKER] == 1)
    rank = card % 13 + 1
    if kind == K_SET:
        return bool(t[ACC + X_RANKS] >> rank & 1 == 1)
    at = _positions(1 << (rank - 1))
    if stand == SUITLESS_:
        return bool(at & t[ACC + X_FLEX] != 0)
    return bool(at & t[ACC + card // 13] != 0)


@compiled
def _run_reach(avail: int, jokers: int) -> int:
    """The most cards of a run the positions ``avail`` and ``jokers`` jokers make (13 at
    most: one A a suit)."""
    best = 0
    if jokers == 0:
        while avail:
            best += 1
            avail &= avail >> 1
    else:
        low = 1
        missing = 0
        for high in range(1, 15):
            if not avail >> high & 1:
                missing += 1
            while missing > jokers:
                if not avail >> low & 1:
                    missing -= 1
                low += 1
            best = max(best, high - low + 1)
    return min(best, 13)


@compiled
def _set_reach(t: Table) -> int:
    """The most cards of a Set the pool (POOL) makes: its commonest rank and its jokers."""
    cards = t[POOL + P_NATURAL] | t[POOL + P_SUITLESS]
    a = cards & RANK_ROW
    b = (cards >> 13) & RANK_ROW
    c = (cards >> 26) & RANK_ROW
    d = (cards >> 39) & RANK_ROW
    if a & b & c & d:
        most = 4
    elif (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d):
        most = 3
    elif (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d):
        most = 2
    elif a | b | c | d:
        most = 1
    else:
        most = 0
    return int(most + t[POOL + P_JOKERS])


@compiled
def _mix_possible(t: Table, n: int) -> bool:
    """``Pool.mix_possible``: some window of n positions gets a card of a different suit at
    each (suitless cards and jokers fill any)."""
    jokers = t[POOL + P_JOKERS]
    flex = t[POOL + P_FLEX]
    natural = t[POOL + P_NATURAL]
    somewhere = flex | t[POOL] | t[POOL + 1] | t[POOL + 2] | t[POOL + 3]
    for low in range(1, 16 - n):
        window = ((1 << n) - 1) << low
        if jokers == 0 and somewhere & window != window:
            continue
        rest = 0
        k = 0
        for p in range(low, low + n):
            if not flex >> p & 1:
                rest |= _suits_at(natural, p) << (4 * k)
                k += 1
        if _unmatched(rest, k) <= jokers:
            return True
    return False


@compiled
def _mix_reach(t: Table) -> int:
    if not _mix_possible(t, 3):
        return 0
    return 4 if _mix_possible(t, 4) else 3


@compiled
def _builds(t: Table, seat: int, out: Table, n: int, melds: bool) -> int:
    """``_buildable`` (and, in the final turns, ``_meldable``) after ``out[:n]``, the pool
    summarised at POOL: a recipe is made when the hand's longest combination of its kind
    (and suit) is as long as its smallest size."""
    goals = _goals(t, seat) if t[BUILDS] < MOST_BUILDS else 0
    if goals == 0 and not melds:
        return n
    jokers = t[POOL + P_JOKERS]
    flex = t[POOL + P_FLEX]
    r0 = _run_reach(t[POOL] | flex, jokers)
    r1 = _run_reach(t[POOL + 1] | flex, jokers)
    r2 = _run_reach(t[POOL + 2] | flex, jokers)
    r3 = _run_reach(t[POOL + 3] | flex, jokers)
    sets = _set_reach(t)
    mix = -1  # worked out when first asked
    while goals:
        b = lowest(goals)
        goals &= goals - 1
        kind = t[B_KIND + b]
        if kind == K_RUN:
            suits = t[B_SUITS + b]
            reach = 0
            if suits & 1:
                reach = r0
            if suits & 2:
                reach = max(reach, r1)
            if suits & 4:
                reach = max(reach, r2)
            if suits & 8:
                reach = max(reach, r3)
        elif kind == K_SET:
            reach = sets
        else:
            if mix < 0:
                mix = _mix_reach(t)
            reach = mix
        if reach >= t[B_MIN + b]:
            out[n] = A_BUILD + b
            n += 1
    if melds:
        runs = 0
        for suit in range(4):
            sizes = _meld_sizes(t, seat, K_RUN, suit)
            reach = r0 if suit == 0 else r1 if suit == 1 else r2 if suit == 2 else r3
            if sizes and reach >= lowest(sizes):
                runs = 1
        if runs:
            out[n] = A_MELD + K_RUN
            n += 1
        sizes = _meld_sizes(t, seat, K_MIX, 0)
        if sizes:
            if mix < 0:
                mix = _mix_reach(t)
            if mix >= lowest(sizes):
                out[n] = A_MELD + K_MIX
                n += 1
        sizes = _meld_sizes(t, seat, K_SET, 0)
        if sizes and sets >= lowest(sizes):
            out[n] = A_MELD + K_SET
            n += 1
    return n


@compiled
def _places(t: Table, seat: int, out: Table, n: int) -> int:
    """A hand card onto the seat's empty Bank or Police station."""
    spots = _open_spots(t, seat)
    while spots:
        b = lowest(spots)
        spots &= spots - 1
        hand = t[HAND + seat]
        while hand:
            card = lowest(hand)
            hand &= hand - 1
            out[n] = t[B_PLACE + b] + card
            n += 1
    return n


@compiled
def _next_lays(t: Table, seat: int, out: Table) -> int:
    """``done`` if the cards laid make the combination, and each hand card that may come
    next (``lay_choices``)."""
    bank, police = _deposit_ranks(t, seat)
    hand = t[HAND + seat]
    _summarise_pool(t, hand, bank, police)
    _summarise_chosen(t, CHOSEN)
    kind = t[CHOSEN + C_KIND]
    n = 0
    if _complete_now(t, kind, SIZES):
        out[0] = A_DONE
        n = 1
    _accepted(t, kind, SIZES, POOL)
    while hand:
        card = lowest(hand)
        hand &= hand - 1
        if _takes(t, kind, card, bank, police):
            out[n] = A_LAY + card
            n += 1
    return n


@compiled
def _lay_offs(t: Table, seat: int, out: Table, n: int) -> int:
    """付け札: each hand card onto each of the other's combinations it extends into one of
    its kind a card longer."""
    hand = t[HAND + seat]
    if hand == 0:
        return n
    bank, police = _deposit_ranks(t, seat)
    _summarise_pool(t, hand, bank, police)
    other = 1 - seat
    for target in range(t[LAID_N + other]):
        at = LAID + (other * MOST_COMBINATIONS + target) * COMBO
        kind = t[at + C_KIND]
        size = t[at + C_N] + 1
        if size > LONGEST_OF[kind]:
            continue
        _summarise_chosen(t, at)
        for suit in range(4):
            t[SCRATCH + suit] = 1 << size if kind == K_RUN or suit == 0 else 0
        _accepted(t, kind, SCRATCH, POOL)
        cards = hand
        while cards:
            card = lowest(cards)
            cards &= cards - 1
            if _takes(t, kind, card, bank, police):
                out[n] = A_LAY_OFF + card * MOST_COMBINATIONS + target
                n += 1
    return n


@compiled
def _idle(t: Table, seat: int) -> bool:
    """``rules._idle``: ``end`` is all the seat can do, whatever its hand holds."""
    size = count(t[HAND + seat])
    if size and _open_spots(t, seat):
        return False
    if t[PHASE] == P_SETTLE:
        if size == 0:
            return True
        other = 1 - seat
        for target in range(t[LAID_N + other]):
            at = LAID + (other * MOST_COMBINATIONS + target) * COMBO
            if t[at + C_N] < LONGEST_OF[t[at + C_KIND]]:
                return False
        return True
    if t[BUILDS] < MOST_BUILDS:
        goals = _goals(t, seat)
        while goals:
            b = lowest(goals)
            goals &= goals - 1
            if t[B_MIN + b] <= size:
                return False
    if t[FINAL]:
        for kind in range(3):
            for suit in range(4 if kind == K_RUN else 1):
                sizes = _meld_sizes(t, seat, kind, suit)
                if sizes and lowest(sizes) <= size:
                    return False
    return True


# --- who acts, and what they may do --------------------------------------------------------------
@compiled
def active_seat(t: Table) -> int:
    """The seat to act (one at a time), −1 once the game is over."""
    return -1 if t[PHASE] == P_OVER else t[TURN]


@compiled
def legal(t: Table, seat: int, out: Table) -> int:
    """``list_legal``: the seat's legal actions (indices of the action space) written to
    ``out``; their number."""
    phase = t[PHASE]
    if phase == P_LAY:
        return _next_lays(t, seat, out)
    n = 0
    if phase == P_PICK:
        taken = t[TAKEN]
        if taken:
            out[0] = A_DONE
            n = 1
        for p in range(1, t[LOOKED_N] + 1):
            if not taken >> p & 1:
                out[n] = A_TAKE + p
                n += 1
        return n
    if phase == P_RETURN:
        owned = t[OWNED + seat]
        while owned:
            b = lowest(owned)
            owned &= owned - 1
            out[n] = A_RETURN + b
            n += 1
        return n
    if phase == P_SETTLE:
        out[0] = A_END
        return _places(t, seat, out, _lay_offs(t, seat, out, 1))
    bank, police = _deposit_ranks(t, seat)
    _summarise_pool(t, t[HAND + seat], bank, police)
    if phase == P_BUILD:
        out[0] = A_END
        return _places(t, seat, out, _builds(t, seat, out, 1, t[FINAL] == 1))
    owned = t[OWNED + seat]
    if _owns_effect(t, seat, E_SCHOOL):
        out[0] = A_LOOK
        n = 1
    else:
        limit = DRAW_LIMIT + count(owned & t[MARKS + M_HEART])
        for k in range(1, min(limit, t[ROW_END] - t[HEAD]) + 1):
            out[n] = A_DRAW + k
            n += 1
    if owned & t[MARKS + M_SPADE] and t[PASSES] < t[PLAYERS]:
        out[n] = A_PASS
        n += 1
    return _places(t, seat, out, _builds(t, seat, out, n, False))


# --- the moves ---------------------------------------------------------------------------------
@compiled
def move(t: Table, seat: int, action: int, gen: Words, log: Table) -> None:
    """``carry_out``: the action (an index of the action space), its draws of chance made
    from ``gen`` and recorded in ``log``."""
    if A_LAY <= action < A_LAY + 52:
        _lay(t, seat, action - A_LAY)
    elif A_DRAW < action <= A_DRAW + MOST_DRAWN:
        _draw(t, seat, action - A_DRAW, gen, log)
    elif A_TAKE < action <= A_TAKE + MOST_DRAWN:
        t[TAKEN] |= 1 << (action - A_TAKE)
        if count(t[TAKEN]) == t[LOOKED_N]:
            _finish_pick(t, seat, gen, log)
    elif action == A_DONE:
        if t[PHASE] == P_PICK:
            _finish_pick(t, seat, gen, log)
        else:
            _complete(t, seat, gen, log)
    elif action == A_END:
        _end(t, seat, gen, log)
    elif A_BUILD <= action < A_BUILD + BUILDINGS:
        b = action - A_BUILD
        _start(t, b, t[B_KIND + b])
        for suit in range(4):
            on = t[B_SUITS + b] >> suit & 1 == 1 if t[B_KIND + b] == K_RUN else suit == 0
            t[SIZES + suit] = t[B_SIZES + b] if on else 0
    elif A_MELD <= action < A_MELD + 3:
        kind = action - A_MELD
        _start(t, -1, kind)
        for suit in range(4):
            on = kind == K_RUN or suit == 0
            t[SIZES + suit] = _meld_sizes(t, seat, kind, suit) if on else 0
    elif action == A_PASS:
        if t[SOLO]:
            _discard(t, SOLO_PASS_DISCARDS)
        _end_turn(t, seat, True, gen, log)
    elif action == A_LOOK:
        limit = DRAW_LIMIT + count(t[OWNED + seat] & t[MARKS + M_HEART])
        k = min(limit, t[ROW_END] - t[HEAD])
        for i in range(k):
            t[LOOKED + i] = t[ROW + t[HEAD] + i]
        t[LOOKED_N] = k
        t[TAKEN] = 0
        t[PHASE] = P_PICK
    elif A_RETURN <= action < A_RETURN + BUILDINGS:
        t[OWNED + seat] &= ~(1 << (action - A_RETURN))
        _between(t, seat, gen, log)
    elif action >= A_LAY_OFF:
        card = (action - A_LAY_OFF) // MOST_COMBINATIONS
        _lay_off(t, seat, card, (action - A_LAY_OFF) % MOST_COMBINATIONS, gen, log)
    else:
        block = 0 if action < A_PLACES[1] else 1
        card = action - A_PLACES[block]
        for b in range(BUILDINGS):
            if t[B_PLACE + b] == A_PLACES[block]:
                t[DEPOSIT + b] = card
        t[HAND + seat] &= ~(1 << card)


@compiled
def _lay(t: Table, seat: int, card: int) -> None:
    bank, police = _deposit_ranks(t, seat)
    n = t[CHOSEN + C_N]
    t[CHOSEN + C_CARDS + n] = card
    t[CHOSEN + C_STANDS + n] = _standing(card, bank, police)
    t[CHOSEN + C_N] = n + 1
    t[HAND + seat] &= ~(1 << card)


@compiled
def _start(t: Table, target: int, kind: int) -> None:
    t[TARGET] = target
    t[CHOSEN + C_KIND] = kind
    t[CHOSEN + C_N] = 0
    t[PHASE] = P_LAY


@compiled
def _draw(t: Table, seat: int, k: int, gen: Words, log: Table) -> None:
    head = t[HEAD]
    cards = 0
    for i in range(k):
        cards |= 1 << t[ROW + head + i]
    t[HEAD] = head + k
    _into_hand(t, seat, cards, k, gen, log)


@compiled
def _finish_pick(t: Table, seat: int, gen: Words, log: Table) -> None:
    """The School's cards taken go to hand; the others stay in the row, in order."""
    taken = t[TAKEN]
    cards = 0
    k = 0
    for p in range(1, t[LOOKED_N] + 1):
        if taken >> p & 1:
            cards |= 1 << t[LOOKED + p - 1]
            k += 1
    at = t[ROW_END]
    for i in range(t[ROW_END] - 1, t[HEAD] - 1, -1):
        card = t[ROW + i]
        if not cards >> card & 1:
            at -= 1
            t[ROW + at] = card
    t[HEAD] = at
    t[LOOKED_N] = 0
    t[TAKEN] = 0
    _into_hand(t, seat, cards, k, gen, log)


@compiled
def _into_hand(t: Table, seat: int, cards: int, k: int, gen: Words, log: Table) -> None:
    t[HAND + seat] |= cards
    t[FACE_DOWN_] &= ~cards
    if k >= STATION_DRAW and not t[SOLO]:
        other = 1 - seat
        if _owns_effect(t, other, E_STATION) and t[TEPU + seat] > 0:
            fare = min(STATION_FARE, t[TEPU + seat])
            t[TEPU + seat] -= fare
            t[TEPU + other] += fare
    if t[SOLO]:
        _discard(t, k)
    _end_turn(t, seat, False, gen, log)


@compiled
def _discard(t: Table, k: int) -> None:
    """Solo 1 and 5: as many cards from the top of the row to the discards."""
    head = t[HEAD]
    gone = min(k, t[ROW_END] - head)
    for i in range(gone):
        t[FACE_DOWN_] &= ~(1 << t[ROW + head + i])
    t[HEAD] = head + gone


@compiled
def _complete(t: Table, seat: int, gen: Words, log: Table) -> None:
    at = LAID + (seat * MOST_COMBINATIONS + t[LAID_N + seat]) * COMBO
    for i in range(COMBO):
        t[at + i] = t[CHOSEN + i]
    t[LAID_N + seat] += 1
    t[CHOSEN + C_N] = 0
    other = 1 - seat
    # The Post office: the other town's MIX3 pays its owner (not in solo).
    mix3 = t[at + C_KIND] == K_MIX and t[at + C_N] == 3 and not t[SOLO]
    if mix3 and _owns_effect(t, other, E_POST_OFFICE):
        t[TEPU + other] += POST_OFFICE_TEPU
    target = t[TARGET]
    if target >= 0:
        bit = 1 << target
        for s in range(t[PLAYERS]):
            t[OWNED + s] &= ~bit
        t[OWNED + seat] |= bit
        t[BUILDS] += 1
        t[TARGET] = -1
        if t[SOLO] and count(t[OWNED + seat]) > SOLO_MOST_BUILDINGS:
            t[PHASE] = P_RETURN
            return
    _between(t, seat, gen, log)


@compiled
def _between(t: Table, seat: int, gen: Words, log: Table) -> None:
    t[PHASE] = P_BUILD
    if _idle(t, seat):
        _end(t, seat, gen, log)


@compiled
def _lay_off(t: Table, seat: int, card: int, target: int, gen: Words, log: Table) -> None:
    bank, police = _deposit_ranks(t, seat)
    at = LAID + ((1 - seat) * MOST_COMBINATIONS + target) * COMBO
    n = t[at + C_N]
    t[at + C_CARDS + n] = card
    t[at + C_STANDS + n] = _standing(card, bank, police)
    t[at + C_N] = n + 1
    t[HAND + seat] &= ~(1 << card)
    if _idle(t, seat):
        _next_settler(t, False, gen, log)


@compiled
def _end(t: Table, seat: int, gen: Words, log: Table) -> None:
    if t[PHASE] == P_SETTLE:
        _next_settler(t, False, gen, log)
    elif t[FINAL]:
        _next_final_turn(t, False, gen, log)
    else:
        _end_turn(t, seat, False, gen, log)


@compiled
def _end_turn(t: Table, seat: int, passed: bool, gen: Words, log: Table) -> None:
    if not passed and t[HEAD] < t[ROW_END]:
        # ♦ (ruling 12): the row's top card pays the Market (face up ♦) or the Mine (face down).
        top = t[ROW + t[HEAD]]
        effect = E_MINE if t[FACE_DOWN_] >> top & 1 else E_MARKET if top // 13 == DIAMONDS else -1
        if effect >= 0 and _owns_effect(t, seat, effect):
            t[TEPU + seat] += DIAMOND_TEPU
    t[PASSES] = t[PASSES] + 1 if passed else 0
    t[BUILDS] = 0
    if t[HEAD] == t[ROW_END]:  # the row is empty: the final turns
        t[LAST_DRAWER] = seat
        t[FINAL] = 1
        t[QUEUE_N] = t[PLAYERS]
        for i in range(t[PLAYERS]):
            t[QUEUE + i] = (seat + 1 + i) % t[PLAYERS]
        _next_final_turn(t, True, gen, log)
    else:
        t[TURN] = (seat + 1) % t[PLAYERS]
        t[PHASE] = P_TURN


@compiled
def _pop(t: Table) -> None:
    t[QUEUE] = t[QUEUE + 1]
    t[QUEUE_N] -= 1


@compiled
def _next_final_turn(t: Table, first: bool, gen: Words, log: Table) -> None:
    if not first:
        _pop(t)
    t[BUILDS] = 0
    while t[QUEUE_N]:
        t[TURN] = t[QUEUE]
        t[PHASE] = P_BUILD
        if not _idle(t, t[TURN]):
            return
        _pop(t)
    t[FINAL] = 0
    if t[SOLO]:  # no lay-offs alone
        _pay(t, gen, log)
        return
    last = t[LAST_DRAWER]
    t[QUEUE_N] = 2
    t[QUEUE] = 1 - last
    t[QUEUE + 1] = last
    _next_settler(t, True, gen, log)


@compiled
def _next_settler(t: Table, first: bool, gen: Words, log: Table) -> None:
    if not first:
        _pop(t)
    while t[QUEUE_N]:
        t[TURN] = t[QUEUE]
        t[PHASE] = P_SETTLE
        if not _idle(t, t[TURN]):
            return
        _pop(t)
    _pay(t, gen, log)


@compiled
def _pay(t: Table, gen: Words, log: Table) -> None:
    """決算 (``scoring.settle``), then the game's end or a new round."""
    for seat in range(t[PLAYERS]):
        cards = count(t[HAND + seat])
        paid = min(cards, t[TEPU + seat])
        income = 0
        owned = t[OWNED + seat]
        while owned:
            b = lowest(owned)
            owned &= owned - 1
            income += t[B_INCOME + b]
        t[TEPU + seat] += t[LAID_N + seat] + income - paid
    if t[SOLO]:
        if t[ROUND] >= t[SOLO_ROUNDS]:
            t[PHASE] = P_OVER
        else:
            _new_round(t, gen, log)
        return
    top = max(t[TEPU], t[TEPU + 1])
    if t[OVERTIME]:
        t[PHASE] = P_OVER
    elif top >= t[GOAL]:
        if t[TEPU] == t[TEPU + 1]:
            t[OVERTIME] = 1
            _new_round(t, gen, log)
        else:
            t[PHASE] = P_OVER
    elif t[ROUND] >= t[ROUND_LIMIT]:
        t[PHASE] = P_OVER
    else:
        _new_round(t, gen, log)
    if t[PHASE] == P_OVER:
        t[QUEUE_N] = 0


@compiled
def _new_round(t: Table, gen: Words, log: Table) -> None:
    """準備 (``rules._new_round``): the deck less the cards on buildings and the boxed ones,
    shuffled; two cards each from the first player on; of the rest, the first 12 face down;
    the rest shuffled again into the row."""
    players = t[PLAYERS]
    t[ROUND] += 1
    if t[ROUND] == 1:
        start = t[START_PLAYER]
        t[FIRST] = start if start >= 0 else drawn_below(gen, players, log)
    else:
        t[FIRST] = (t[FIRST] + 1) % players
    out = t[BOXED]
    for b in range(BUILDINGS):
        if t[DEPOSIT + b] >= 0:
            out |= 1 << t[DEPOSIT + b]
    cards = np.empty(52 - count(out), dtype=np.int64)
    k = 0
    for card in range(52):
        if not out >> card & 1:
            cards[k] = card
            k += 1
    shuffled(gen, cards, log)
    for i in range(players):
        seat = (t[FIRST] + i) % players
        t[HAND + seat] = (1 << cards[HAND_SIZE * i]) | (1 << cards[HAND_SIZE * i + 1])
    rest = cards[HAND_SIZE * players :].copy()
    face_down = 0
    for i in range(min(FACE_DOWN, rest.size)):
        face_down |= 1 << rest[i]
    shuffled(gen, rest, log)
    for i in range(rest.size):
        t[ROW + i] = rest[i]
    t[HEAD] = 0
    t[ROW_END] = rest.size
    t[FACE_DOWN_] = face_down
    for seat in range(players):
        t[LAID_N + seat] = 0
    t[TURN] = t[FIRST]
    t[PHASE] = P_TURN
    t[BUILDS] = 0
    t[FINAL] = 0
    t[LAST_DRAWER] = -1
    t[PASSES] = 0


@compiled
def result(t: Table, scores: NDArray[np.float64], ranks: Table) -> None:
    """The outcome: tepu held; more tepu ranks first, equal tepu share a rank."""
    players = t[PLAYERS]
    for seat in range(players):
        scores[seat] = t[TEPU + seat]
    for seat in range(players):
        rank = 1
        for other in range(players):
            if t[TEPU + other] > t[TEPU + seat]:
                rank += 1
        ranks[seat] = rank


@compiled
def run(t: Table, gen: Words, max_moves: int, out: Table, log: Table) -> tuple[int, bool]:
    """The quick playout: ``core.playouts.traced``'s loop, in compiled code. Returns the
    moves made and whether the game ended (not cut at ``max_moves``)."""
    moves = 0
    while True:
        seat = active_seat(t)
        if seat < 0:
            return moves, True
        if moves >= max_moves:
            return moves, False
        n = legal(t, seat, out)
        move(t, seat, out[below(gen, n)], gen, log)
        moves += 1


# --- the world copied in -------------------------------------------------------------------------
_CARD = {card: i for i, card in enumerate(_CARDS)}
_BIT = {card: 1 << i for i, card in enumerate(_CARDS)}
_BUILDING = {name: b for b, name in enumerate(DEFAULT_IDS)}
_PLACE_AT = {"bank": A_PLACES[0], "police": A_PLACES[1]}
_templates: dict[int, tuple[Catalogue, Table | None]] = {}


def _template(catalogue: Catalogue) -> Table | None:
    """The table's catalogue words for ``catalogue`` (kept per catalogue), None if the action
    space cannot name its moves (a building of another id; a Bank or Police station that is
    not ``bank`` or ``police``; a draw limit past 16)."""
    kept = _templates.get(id(catalogue))
    if kept is not None and kept[0] is catalogue:
        return kept[1]
    if len(_templates) > 64:
        _templates.clear()
    t: Table | None = np.zeros(SIZE, dtype=np.int64)
    assert t is not None
    hearts = 0
    for building in catalogue.buildings:
        b = _BUILDING.get(building.id)
        effect = EFFECT_CODE[building.effect]
        place = _PLACE_AT.get(building.id, -1) if effect in (E_BANK, E_POLICE) else -1
        if b is None or (effect in (E_BANK, E_POLICE) and place < 0):
            t = None
            break
        recipe = building.recipe
        t[CATALOGUE] |= 1 << b
        t[B_KIND + b] = KIND_CODE[recipe.kind]
        suits = [recipe.suit] if recipe.suit else list(SUITS)
        t[B_SUITS + b] = sum(1 << SUITS.index(s) for s in suits) if recipe.kind == RUN else 0
        t[B_SIZES + b] = sum(1 << n for n in recipe.sizes)
        t[B_MIN + b] = recipe.size
        t[B_INCOME + b] = building.income
        t[B_PLACE + b] = place
        t[MARKS + MARK_CODE[building.mark]] |= 1 << b
        t[EFFECTS + effect] |= 1 << b
        hearts += building.mark == HEART
    if t is not None:
        for building in catalogue.buildings:
            b = _BUILDING[building.id]
            for twin in catalogue.buildings:
                if twin.recipe == building.recipe:
                    t[B_TWINS + b] |= 1 << _BUILDING[twin.id]
        if DRAW_LIMIT + hearts > MOST_DRAWN:
            t = None
    _templates[id(catalogue)] = (catalogue, t)
    return t


def _combination(t: Table, at: int, kind: str, pieces: Any) -> None:
    t[at + C_KIND] = KIND_CODE[kind]
    t[at + C_N] = len(pieces)
    for i, (card, stand) in enumerate(pieces):
        t[at + C_CARDS + i] = _CARD[card]
        t[at + C_STANDS + i] = stand


def _cards(cards: Any) -> int:
    bits = 0
    for card in cards:
        bits |= _BIT[card]
    return bits


def encode(world: Any) -> Table | None:
    """The world copied into a table (None where it is not compiled: see ``_template``)."""
    template = _template(world.catalogue)
    if template is None:
        return None
    t = template.copy()
    options = world.options
    players = options.players
    t[PLAYERS] = players
    t[SOLO] = players == 1
    t[START_PLAYER] = -1 if options.start_player is None else options.start_player
    t[GOAL] = options.target
    t[SOLO_ROUNDS] = options.solo_rounds
    t[ROUND_LIMIT] = options.round_limit
    t[ROUND] = world.round
    t[FIRST] = world.first
    t[TURN] = world.turn
    t[PHASE] = P_OVER if world.result is not None else PHASE_CODE[world.phase]
    t[BUILDS] = world.builds
    t[FINAL] = world.final
    t[LAST_DRAWER] = -1 if world.last_drawer is None else world.last_drawer
    t[PASSES] = world.passes
    t[OVERTIME] = world.overtime
    t[TARGET] = -1 if world.target is None else _BUILDING[world.target]
    if world.phase is Phase.LAY:
        for recipe in world.recipes:
            sizes = sum(1 << n for n in recipe.sizes)
            if recipe.kind != RUN:
                t[SIZES] |= sizes
            else:
                for suit in [recipe.suit] if recipe.suit else SUITS:
                    t[SIZES + SUITS.index(suit)] |= sizes
        _combination(t, CHOSEN, world.kind, world.chosen)
    t[QUEUE_N] = len(world.queue)
    for i, seat in enumerate(world.queue):
        t[QUEUE + i] = seat
    t[FACE_DOWN_] = _cards(world.face_down)
    t[BOXED] = _cards(world.boxed)
    row = [_CARD[c] for c in world.row]
    t[ROW : ROW + len(row)] = row
    t[HEAD] = 0
    t[ROW_END] = len(row)
    looked = [_CARD[c] for c in world.looked]
    t[LOOKED : LOOKED + len(looked)] = looked
    t[LOOKED_N] = len(looked)
    t[TAKEN] = sum(1 << p for p in world.taken)
    for seat in range(players):
        t[TEPU + seat] = world.tepu[seat]
        t[OWNED + seat] = sum(1 << _BUILDING[b] for b in world.owned[seat])
        t[HAND + seat] = _cards(world.hands[seat])
        t[LAID_N + seat] = len(world.laid[seat])
        for number, combination in enumerate(world.laid[seat]):
            at = LAID + (seat * MOST_COMBINATIONS + number) * COMBO
            _combination(t, at, combination.kind, combination.pieces)
    t[DEPOSIT : DEPOSIT + BUILDINGS] = -1
    for name, card in world.deposits.items():
        t[DEPOSIT + _BUILDING[name]] = _CARD[card]
    return t


# --- the playout ------------------------------------------------------------------------------
def playout(world: Any, seed: int, max_moves: int, trace: bool) -> Playout | None:
    """``world`` played out with random legal moves from ``seed`` (``core.playouts``);
    traced, every step recorded. None where the world is not compiled (its catalogue)."""
    t = encode(world)
    if t is None:
        return None
    gen = generator(seed)
    out = np.empty(LEGAL_MOST, dtype=np.int64)
    players = int(t[PLAYERS])
    if trace:

        def listed(seat: int) -> list[int]:
            return [int(a) for a in out[: legal(t, seat, out)]]

        def moved(seat: int, action: int, log: Table) -> None:
            move(t, seat, action, gen, log)

        def acting() -> list[int]:
            seat = int(active_seat(t))
            return [] if seat < 0 else [seat]

        finished, steps = traced(
            acting, listed, moved, lambda n: int(below(gen, n)), draw_log, max_moves
        )
        moves = len(steps)
    else:
        steps = ()
        made, finished = run(t, gen, max_moves, out, np.zeros(0, dtype=np.int64))
        moves = int(made)
    if not finished:
        return Playout(moves, None, None, steps)
    scores = np.zeros(players, dtype=np.float64)
    ranks = np.zeros(players, dtype=np.int64)
    result(t, scores, ranks)
    return Playout(
        moves, tuple(float(s) for s in scores), tuple(int(r) for r in ranks), tuple(steps)
    )
