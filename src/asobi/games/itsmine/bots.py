"""The greedy It's Mine! bot (``greedy``): one look ahead, no search, from its seat's view only.

It reads only ``decision.view`` (its hand, both players' columns, the citizens, pile sizes,
the dice, the other hand's size and the citizens it saw them take) and ``decision.legal``;
it never holds the true state and does not sample worlds. Its own seeded ``random.Random``
draws its bid from a mixed strategy and breaks exact ties, so one seed and one decision
always give one action. The simultaneous decisions (the bids, the plays after a tied
auction) reach it as ordinary decisions: it bids without knowing the other bid and plays
without knowing the other play. The weights are the fields of :class:`Params`.

What it thinks
--------------
**Plays left.** Everything hangs on how many more plays (one per round, in phase 3) each
player gets: a play lays one card, a run of one suit or one rank across suits, and a card
still in hand at the end costs (step 4 removes it with the top card of its suit's column;
step 7 charges 3 points for one that meets no column). It counts this round's plays still
to come from the phase and who plays first, and the rounds after this one from the piles:
none in the final round; one (the final round) when this round will empty the deck or the
bonus pile; otherwise one per ``deck_per_round`` cards the deck holds after this round's
refill, plus the final round, but no more than the bonus pile allows (``bonus_per_round``
claims a round).

**Its hand, planned.** For each suit it works out which hand cards its column can still take
(a column of two or more cards keeps its direction; on one card, the larger of the cards
above and below it; an empty column takes them all, laid from one end). The others are
*dead*: they will be left over. The layable cards split into plays: each run of consecutive
ranks is one play, and single cards of one rank in different suits share a play. When it
needs more plays than it has left, the least valuable plays (Σ mine values) are left over
too. A planned card counts ``planned`` (0.8) of a laid one, since plans can fail; plays it
does not need are *spare*, each worth ``spare_play`` while auctions remain (a citizen taken
later can use it), and the other player's spare plays (estimated from their hand size) count
against it. So it keeps a column's direction open for the cards it holds, and prefers cards
that join a run or a rank it already has over cards that need a play of their own.

**The mines.** For each mine it compares its projected column (now + planned cards −
leftovers that step 4 will remove) with the other player's (now + ``opp_known`` for each
citizen they took that fits their column − their expected leftovers, spread over the suits
like their hand). The margin, nudged by ``tie_bias`` toward whoever holds the tie-break
(the smaller rank; in the simple variant the larger rank in 11–K and nobody at the Coin 10),
gives the chance of taking the mine through a logistic whose width grows with the plays
still to come (``width_base`` + ``width_per_play`` each). The position is worth Σ mine value
× (2 × chance − 1), a margin in points (a mine is worth its number, K = 13, in the basic
rules and 10 in the simple variant), minus 3 per card it expects to leave over with no
column to cancel (basic; in the simple variant only a tie-break, 0.3), plus the same for the
other player's. So a card in a mine it already holds safely, or has lost, is worth little;
a card that swings a close, valuable mine is worth a lot.

**Bids** (phase 1) are a simultaneous zero-sum game. For each face it may show and each face
the other may show (any but the face they showed last) it plays the auction out: the lower
face takes exactly its number (its best cards, greedily), the higher 1 up to its face
(the best prefix of its greedy order); the other player is assumed to take the citizens
that fit their columns, most valuable mine first. An outcome is the value of the position
after the takes, ± ``first_bonus`` / 2 for each mine whose 3-card bonus both could reach this
round (the higher face plays first and takes it). A tie (あいこ) is worth the re-bid
(solved the same way, with the tied face barred; ``max_tie_depth`` deep) plus the average
card drawn blind, and, once the deck is down to one card, the status quo minus ``stall``:
with no tie-draw and the citizens full, nothing would change, and two players who keep
tying would never reach the end. It solves this matrix game for its equilibrium mix
(simplex) and draws its face from it (faces under ``min_mix`` dropped), so a human cannot
read its bids, and it wants many citizens only while it has the plays to lay them.

**Takes.** It takes the citizen that raises the position most (as the lower face, also
weighing, by ``deny``, what the card would give the other player, who takes next); as the
higher face it stops (``done``) when no single card or pair of cards would raise it.

**Plays** (phase 3). It lays the play whose resulting position (one play fewer) is best, plus
``bonus`` for each mine the play brings to 3 cards first while bonus cards remain (after a
tied auction, three quarters of it: the other play may be laid first). So it lays runs and
one-rank plays that reach several mines, swings close mines, does not set a column's
direction against its own hand, and near the end lays whatever would otherwise be left over.

**Bonus cards.** It keeps the card when the position with it in hand is better than without
(a play it will make can lay it); else it removes it: a leftover costs.

Tuning. The defaults come from seat-alternating self-play sweeps (``benchmarks/
strength_itsmine.py --a-params``; see ``docs/lab/performance-history.md``). An earlier
version also credited each column for the live cards still beyond its top; the sweeps found
that weight best at 0, so it was removed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from asobi.core.actions import Action
from asobi.core.bots import Decision
from asobi.core.cards import SEVEN, Card
from asobi.games.itsmine.actions import (
    BIDS,
    FACES,
    MINES,
    PLAYING_CARDS,
    SUIT_INDEX,
    Bid,
    Bonus,
    Done,
    Play,
    Take,
)
from asobi.games.itsmine.views import read_view


# --- tunables ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Params:
    """The bot's tunables (the defaults were chosen by seeded self-play sweeps; see
    ``docs/lab/performance-history.md``)."""

    deck_per_round: float = 5.0  # cards a round draws from the deck (refilling citizens)
    bonus_per_round: float = 1.0  # 3-card bonuses claimed in a round, on average
    planned: float = 0.8  # a hand card planned for a later play, against one laid
    spare_play: float = 0.6  # a play the hand does not need, while auctions remain
    opp_known: float = 0.8  # a citizen the other player took that fits their column
    opp_cards_per_play: float = 1.6  # what the other lays per play, for their leftovers
    tie_bias: float = 0.3  # margin for holding the tie-break (smaller / larger rank)
    width_base: float = 0.35  # logistic width of a mine's margin with no plays to come...
    width_per_play: float = 0.3  # ...and its growth per play still to come
    leftover_cost: float = 3.0  # basic step 7; in the simple variant only a tie-break:
    simple_leftover_cost: float = 0.3
    bonus: float = 2.0  # taking a 3-card bonus (a card to keep or remove; the other lacks it)
    first_bonus: float = 1.5  # playing first when both could reach a bonus this round
    deny: float = 0.4  # the lower taker: weight of what a citizen would give the other
    min_mix: float = 0.03  # bids: faces the equilibrium mix shows less often are dropped
    max_tie_depth: int = 2  # bids: re-bids after a tie looked into; deeper are averaged
    stall: float = 3.0  # bids: a tie that would change nothing (deck down to 1 card)


DEFAULT = Params()

N_MINES = len(MINES)
BASIC_VALUE = tuple(float(m.rank) for m in MINES)  # 補足9: K = 13
SIMPLE_VALUE = (10.0,) * N_MINES  # シンプル: 1枚10勝利点
COIN = SUIT_INDEX["C"]
BONUS_AT = 3  # 3枚ボーナス
BID_OF = BIDS

Col = tuple[int, int, int, int]  # (cards, first rank, last rank, direction +1 / -1 / 0)
Hand = list[tuple[int, int]]  # (mine index, rank)
EMPTY_COL: Col = (0, 0, 0, 0)


def col_of(ranks: Sequence[int]) -> Col:
    if not ranks:
        return EMPTY_COL
    if len(ranks) == 1:
        return (1, ranks[0], ranks[0], 0)
    return (len(ranks), ranks[0], ranks[-1], 1 if ranks[1] > ranks[0] else -1)


def fits(col: Col, rank: int) -> bool:
    """基本②: whether the column takes this rank now."""
    n, _first, last, d = col
    if n < 2:
        return True
    return rank > last if d > 0 else rank < last


def lay(col: Col, rank: int) -> Col:
    n, first, _last, d = col
    if n == 0:
        return (1, rank, rank, 0)
    if n == 1:
        return (2, first, rank, 1 if rank > first else -1)
    return (n + 1, first, rank, d)


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


# --- what the view says -------------------------------------------------------------------
@dataclass
class Table:
    """The decision's view, read into what the bot reasons with."""

    p: Params
    seat: int
    simple: bool
    phase: str
    hand: Hand
    cols: list[list[Col]]  # by seat, by mine
    low: list[list[int]]  # smallest rank in each column (99: empty), by seat
    high: list[list[int]]  # largest rank in each column (0: empty), by seat
    citizens: list[Card]
    opp_known: Hand
    opp_hand: int
    deck: int
    bonus_pile: int
    claimed: list[bool]
    final_round: bool
    higher: int | None
    dice: list[int]  # the face each seat showed last
    forbidden: frozenset[int]  # this seat's barred faces
    ties: int  # あいこ so far in this round's auction
    take_left: int
    bonus_card: tuple[int, int] | None  # the bonus card this seat is deciding on
    unseen: Hand  # cards this seat has not seen (deck, bonus pile, the other's secrets)
    unseen_by_mine: list[int]
    values: tuple[float, ...]
    leftover_cost: float
    _other_side: dict[Any, tuple[list[float], float, float]] = field(
        default_factory=dict, repr=False
    )

    @classmethod
    def read(cls, raw: Mapping[str, Any], seat: int, p: Params = DEFAULT) -> Table:
        view = read_view(raw)
        seats = view["seats"]
        me, other = seats[seat], seats[1 - seat]
        seen: set[Card] = set()
        hand_cards = [SEVEN.card(c) for c in me["hand"]]
        seen.update(hand_cards)
        cols: list[list[Col]] = []
        low: list[list[int]] = []
        high: list[list[int]] = []
        for entry in seats:
            row, lo, hi = [], [], []
            for mine in MINES:
                cards = [SEVEN.card(c) for c in entry["columns"][mine.code]]
                seen.update(cards)
                ranks = [c.rank for c in cards]
                row.append(col_of(ranks))
                lo.append(min(ranks, default=99))
                hi.append(max(ranks, default=0))
            cols.append(row)
            low.append(lo)
            high.append(hi)
        citizens = [SEVEN.card(c) for c in view["citizens"]]
        opp_known_cards = [SEVEN.card(c) for c in other["known_cards"]]
        seen.update(opp_known_cards)
        seen.update(SEVEN.card(c) for c in me.get("removed_bonus", ()))
        drawn = view.get("bonus_card")
        bonus_card = SEVEN.card(drawn) if drawn else None
        if bonus_card is not None:
            seen.add(bonus_card)
        unseen = [c for c in PLAYING_CARDS if c not in seen and c not in citizens]
        unseen_by_mine = [0] * N_MINES
        for c in unseen:
            unseen_by_mine[SUIT_INDEX[c.suit]] += 1
        simple = view["variant"] == "simple"
        return cls(
            p=p,
            seat=seat,
            simple=simple,
            phase=view["phase"],
            hand=[(SUIT_INDEX[c.suit], c.rank) for c in hand_cards],
            cols=cols,
            low=low,
            high=high,
            citizens=citizens,
            opp_known=[(SUIT_INDEX[c.suit], c.rank) for c in opp_known_cards],
            opp_hand=other["hand_size"],
            deck=view["deck_size"],
            bonus_pile=view["bonus_pile"],
            claimed=[m.code in view["bonus_claimed"] for m in MINES],
            final_round=view["final_round"],
            higher=view["higher"],
            dice=[s["die"] for s in seats],
            forbidden=frozenset(me["forbidden_faces"]),
            ties=view["ties"],
            take_left=view["take_left"],
            bonus_card=(
                (SUIT_INDEX[bonus_card.suit], bonus_card.rank) if bonus_card is not None else None
            ),
            unseen=[(SUIT_INDEX[c.suit], c.rank) for c in unseen],
            unseen_by_mine=unseen_by_mine,
            values=SIMPLE_VALUE if simple else BASIC_VALUE,
            leftover_cost=p.simple_leftover_cost if simple else p.leftover_cost,
        )

    # --- time ---------------------------------------------------------------------------
    def rounds_after(self) -> int:
        """Rounds still to come after this one (終わり A / B, then the final round)."""
        if self.final_round:
            return 0
        deck = float(self.deck)
        if self.phase in ("bid", "take"):
            deck -= self.p.deck_per_round  # this round's refill is still to come
        if deck <= 0 or self.bonus_pile <= 0:
            return 1
        by_deck = math.ceil(deck / self.p.deck_per_round)
        by_bonus = math.ceil(self.bonus_pile / self.p.bonus_per_round)
        return 1 + min(by_deck, by_bonus)

    def plays_this_round(self) -> tuple[int, int]:
        """This round's plays still to come: (mine, the other player's)."""
        if self.phase in ("bid", "take", "play_together"):
            return 1, 1
        if self.phase == "play":
            # The seat deciding now is to play; the other still plays if this one is higher.
            return 1, 1 if self.higher == self.seat else 0
        if self.phase == "bonus":
            # The decider has laid; the other still lays if the decider laid first.
            return 0, 1 if self.higher == self.seat else 0
        return 0, 0

    def other_side(self, pos: Position) -> tuple[list[float], float, float]:
        """``other_side(self, pos)``, remembered: most positions a decision weighs differ
        only in this seat's own hand and columns."""
        key = (tuple(pos.other), tuple(pos.opp_known), pos.opp_hand, pos.opp_plays)
        found = self._other_side.get(key)
        if found is None:
            found = self._other_side[key] = other_side(self, pos)
        return found

    def position(self) -> Position:
        """The position as it stands, with the plays each player has left."""
        mine_now, other_now = self.plays_this_round()
        after = self.rounds_after()
        return Position(
            hand=list(self.hand),
            mine=list(self.cols[self.seat]),
            other=list(self.cols[1 - self.seat]),
            opp_known=list(self.opp_known),
            opp_hand=self.opp_hand,
            plays=mine_now + after,
            opp_plays=other_now + after,
            auctions=after,
        )


# --- the evaluation ---------------------------------------------------------------------------
class Position(NamedTuple):
    """What the evaluation varies: hands, columns, plays left."""

    hand: Hand
    mine: list[Col]
    other: list[Col]
    opp_known: Hand
    opp_hand: int
    plays: int  # mine still to come
    opp_plays: int
    auctions: int  # rounds with an auction still to come (for spare plays)


@lru_cache(maxsize=1 << 16)
def suit_plan(ranks: tuple[int, ...], col: Col) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """One suit's hand cards (sorted ranks) against its column: how many are dead, the
    lengths of the runs of 2+ consecutive ranks the layable ones form (a play each), and
    the ranks of the layable cards left single (which may share a play with other suits).

    A column of two or more cards keeps its direction; one card: the larger of the cards
    above and below it is kept; an empty column takes them all, laid from one end.
    """
    n, first, last, d = col
    if n >= 2:
        ok = [r for r in ranks if r > last] if d > 0 else [r for r in ranks if r < last]
    elif n == 1:
        up = [r for r in ranks if r > first]
        down = [r for r in ranks if r < first]
        ok = up if len(up) >= len(down) else down
    else:
        ok = list(ranks)
    runs: list[int] = []
    singles: list[int] = []
    start = 0
    for i in range(1, len(ok) + 1):
        if i == len(ok) or ok[i] != ok[i - 1] + 1:
            if i - start >= 2:
                runs.append(i - start)
            else:
                singles.append(ok[start])
            start = i
    return len(ranks) - len(ok), tuple(runs), tuple(singles)


def plan(hand: Hand, cols: Sequence[Col]) -> tuple[list[int], list[int], list[list[int]]]:
    """Split the hand by what the columns can take.

    Returns the layable cards by mine, the dead cards by mine, and the plays needed (each as
    the mine of every card it lays): each run is a play; single cards of one rank share one.
    """
    by_mine: list[list[int]] = [[] for _ in range(N_MINES)]
    for m, r in hand:
        by_mine[m].append(r)
    layable = [0] * N_MINES
    dead = [0] * N_MINES
    runs: list[list[int]] = []
    singles: dict[int, list[int]] = {}  # rank -> mines of single cards of that rank
    for m in range(N_MINES):
        ranks = by_mine[m]
        if not ranks:
            continue
        ranks.sort()
        dead[m], run_lengths, single_ranks = suit_plan(tuple(ranks), cols[m])
        layable[m] = len(ranks) - dead[m]
        runs += [[m] * length for length in run_lengths]
        for r in single_ranks:
            singles.setdefault(r, []).append(m)
    return layable, dead, [*runs, *singles.values()]


def evaluate(t: Table, pos: Position) -> float:
    """The position's worth to the deciding seat, in points of margin (see the docstring)."""
    p = t.p
    values = t.values
    layable, dead, plays = plan(pos.hand, pos.mine)
    left = dead
    needed = len(plays)
    if needed > pos.plays:
        scored = sorted(((sum(values[m] for m in q), q) for q in plays), key=lambda vq: -vq[0])
        left = list(dead)
        layable = list(layable)
        for _v, q in scored[max(pos.plays, 0) :]:
            for m in q:
                layable[m] -= 1
                left[m] += 1
    spare = max(0, pos.plays - needed)
    theirs, opp_unmatched, opp_spare = t.other_side(pos)
    score = p.spare_play * (min(spare, pos.auctions) - min(opp_spare, pos.auctions))

    uncertain = pos.opp_plays + max(0, pos.plays - 1)
    width = p.width_base + p.width_per_play * uncertain
    my_unmatched = 0.0
    seat, other = t.seat, 1 - t.seat
    for m in range(N_MINES):
        n_me = pos.mine[m][0]
        a = n_me + p.planned * layable[m]
        if left[m]:
            cancel = min(left[m], n_me + layable[m])
            a = max(0.0, a - cancel)
            my_unmatched += left[m] - cancel
        b = theirs[m]
        if a <= 0 and b <= 0:
            continue
        margin = a - b
        if a > 0 and b > 0:
            margin += _tie_bias(t, m, seat, other)
        score += values[m] * (2.0 * _sigmoid(margin / width) - 1.0)
    score -= t.leftover_cost * my_unmatched
    score += t.leftover_cost * opp_unmatched
    return score


def other_side(t: Table, pos: Position) -> tuple[list[float], float, float]:
    """The other player's projected column in each mine (now, plus ``opp_known`` for each
    citizen they were seen to take that fits, minus their expected leftovers spread over
    the suits like their hand), their expected unmatched leftovers, and their spare plays."""
    p = t.p
    opp_left = max(0.0, pos.opp_hand - p.opp_cards_per_play * pos.opp_plays)
    opp_spare = max(0.0, pos.opp_plays - pos.opp_hand / p.opp_cards_per_play)
    known_by_mine = [0] * N_MINES
    known_fit = [0] * N_MINES
    for m, r in pos.opp_known:
        known_by_mine[m] += 1
        if fits(pos.other[m], r):
            known_fit[m] += 1
    unknown = max(0, pos.opp_hand - len(pos.opp_known))
    unseen_total = sum(t.unseen_by_mine) or 1
    projected = []
    unmatched = 0.0
    for m in range(N_MINES):
        b = pos.other[m][0] + p.opp_known * known_fit[m]
        if opp_left > 0 and pos.opp_hand > 0:
            share = (known_by_mine[m] + unknown * t.unseen_by_mine[m] / unseen_total) / pos.opp_hand
            expect = opp_left * share
            cancel = min(expect, b)
            b -= cancel
            unmatched += expect - cancel
        projected.append(b)
    return projected, unmatched, opp_spare


def _tie_bias(t: Table, m: int, seat: int, other: int) -> float:
    """Who holds the tie-break of a tied mine, judged from the columns as they are."""
    if t.simple:
        if m == COIN:
            return 0.0
        if MINES[m].rank >= 11:  # 11–K: the larger rank
            if t.high[seat][m] == t.high[other][m]:
                return 0.0
            return t.p.tie_bias if t.high[seat][m] > t.high[other][m] else -t.p.tie_bias
    if t.low[seat][m] == t.low[other][m]:
        return 0.0
    bias = t.p.tie_bias if t.simple or m == 0 else t.p.tie_bias / 2
    return bias if t.low[seat][m] < t.low[other][m] else -bias


# --- simultaneous bids: a zero-sum matrix game --------------------------------------------
def solve_matrix_game(payoff: Sequence[Sequence[float]]) -> tuple[float, list[float]]:
    """The value and an optimal mixed strategy of the row player (who maximises) in the
    zero-sum game ``payoff[row][column]``, by the simplex method (Bland's rule).

    The payoffs are shifted to be positive, then ``max Σy s.t. A·y <= 1, y >= 0`` is solved;
    the row strategy is read from the final tableau's prices of the slack variables.
    """
    rows, cols = len(payoff), len(payoff[0])
    shift = 1.0 - min(min(r) for r in payoff)
    # Tableau: constraint rows [A | I | 1], objective row [-1 … | 0 … | 0].
    tab = [
        [payoff[i][j] + shift for j in range(cols)]
        + [1.0 if k == i else 0.0 for k in range(rows)]
        + [1.0]
        for i in range(rows)
    ]
    obj = [-1.0] * cols + [0.0] * rows + [0.0]
    basis = [cols + i for i in range(rows)]
    width = cols + rows
    for _ in range(200):
        enter = next((j for j in range(width) if obj[j] < -1e-12), None)
        if enter is None:
            break
        leave, best = None, math.inf
        for i in range(rows):
            a = tab[i][enter]
            if a > 1e-12:
                ratio = tab[i][-1] / a
                if ratio < best - 1e-12 or (
                    abs(ratio - best) <= 1e-12 and leave is not None and basis[i] < basis[leave]
                ):
                    leave, best = i, ratio
        if leave is None:  # unbounded: cannot happen with positive payoffs
            break
        pivot = tab[leave][enter]
        tab[leave] = [x / pivot for x in tab[leave]]
        for i in range(rows):
            if i != leave and tab[i][enter]:
                f = tab[i][enter]
                tab[i] = [x - f * y for x, y in zip(tab[i], tab[leave], strict=True)]
        f = obj[enter]
        obj = [x - f * y for x, y in zip(obj, tab[leave], strict=True)]
        basis[leave] = enter
    total = obj[-1]  # = 1 / (game value + shift)
    prices = [max(0.0, obj[cols + i]) for i in range(rows)]
    mass = sum(prices)
    strategy = [p / mass for p in prices] if mass > 0 else [1.0 / rows] * rows
    return 1.0 / total - shift, strategy


# --- the bot ------------------------------------------------------------------------------
class GreedyBot:
    """It's Mine!'s heuristic bot; see the module docstring for how it thinks."""

    def __init__(self, seed: int = 0, params: Params = DEFAULT) -> None:
        self.name = "greedy"
        self.rng = random.Random(seed)
        self.params = params

    def choose(self, decision: Decision) -> Action:
        legal = list(decision.legal)
        if len(legal) == 1:
            return legal[0]
        t = Table.read(decision.view, decision.seat, self.params)
        first = legal[0]
        if isinstance(first, Bid):
            return self._bid(t, legal)
        if isinstance(first, Take | Done):
            return self._take(t, legal)
        if isinstance(first, Bonus):
            return self._bonus(t, legal)
        return self._play(t, legal)

    def _best(self, legal: Sequence[Action], values: Sequence[float]) -> Action:
        top = max(values)
        best = [a for a, v in zip(legal, values, strict=True) if v >= top - 1e-9]
        return best[0] if len(best) == 1 else self.rng.choice(best)

    # --- phase 3 ------------------------------------------------------------------------------
    def _play(self, t: Table, legal: Sequence[Action]) -> Action:
        base = t.position()
        together = t.phase == "play_together"
        values = []
        for action in legal:
            if not isinstance(action, Play):  # pass: only ever legal alone
                values.append(evaluate(t, base))
                continue
            hand = list(base.hand)
            cols = list(base.mine)
            for card in action.cards:
                m = SUIT_INDEX[card.suit]
                hand.remove((m, card.rank))
                cols[m] = lay(cols[m], card.rank)
            bonuses = sum(
                1
                for m in range(N_MINES)
                if cols[m][0] >= BONUS_AT > base.mine[m][0] and not t.claimed[m]
            )
            pos = base._replace(hand=hand, mine=cols, plays=base.plays - 1)
            bonus = t.p.bonus * min(bonuses, t.bonus_pile) * (0.75 if together else 1.0)
            values.append(evaluate(t, pos) + bonus)
        return self._best(legal, values)

    # --- 3枚ボーナス -----------------------------------------------------------------------------
    def _bonus(self, t: Table, legal: Sequence[Action]) -> Action:
        if t.bonus_card is None:
            return legal[0]
        base = t.position()
        with_card = base._replace(hand=[*base.hand, t.bonus_card])
        keep = evaluate(t, with_card) > evaluate(t, base)
        return next(a for a in legal if isinstance(a, Bonus) and a.keep == keep)

    # --- phase 1: takes -----------------------------------------------------------------------
    def _take(self, t: Table, legal: Sequence[Action]) -> Action:
        base = t.position()
        now = evaluate(t, base)
        takes = [a for a in legal if isinstance(a, Take)]
        cards = [(SUIT_INDEX[a.card.suit], a.card.rank) for a in takes]
        gains = [evaluate(t, base._replace(hand=[*base.hand, c])) - now for c in cards]
        if t.higher != t.seat:
            # The lower face takes first; the higher takes next: what would a card give them?
            gains = [
                g + t.p.deny * (now - evaluate(t, _give_other(base, [c])))
                for g, c in zip(gains, cards, strict=True)
            ]
        done = next((a for a in legal if isinstance(a, Done)), None)
        if done is not None and max(gains) <= 0:
            # The higher face may stop; it goes on only if a pair of cards is worth it.
            pair, pair_gain = None, 0.0
            if t.take_left >= 2:
                for i in range(len(cards)):
                    for j in range(i + 1, len(cards)):
                        g = evaluate(t, base._replace(hand=[*base.hand, cards[i], cards[j]])) - now
                        if g > pair_gain + 1e-9:
                            pair, pair_gain = (i, j), g
            if pair is None:
                return done
            i, j = pair
            return takes[i] if gains[i] >= gains[j] else takes[j]
        return self._best(takes, gains)

    # --- phase 1: bids ------------------------------------------------------------------------
    def _bid(self, t: Table, legal: Sequence[Action]) -> Action:
        faces = [a.face for a in legal if isinstance(a, Bid)]
        strategy = self.bid_strategy(t, faces)
        roll = self.rng.random()
        for face, p in zip(faces, strategy, strict=True):
            roll -= p
            if roll < 0:
                return BID_OF[face]
        return BID_OF[faces[max(range(len(faces)), key=strategy.__getitem__)]]

    def bid_strategy(self, t: Table, faces: Sequence[int]) -> list[float]:
        """The mix of faces to show: the equilibrium of the bid as a zero-sum game whose
        payoffs are this bot's evaluation of each pair of faces (see the docstring)."""
        auction = Auction(t)
        theirs = [g for g in FACES if g != t.dice[1 - t.seat]]
        matrix = [[auction.outcome(f, g) for g in theirs] for f in faces]
        _value, strategy = solve_matrix_game(matrix)
        kept = [p if p >= t.p.min_mix else 0.0 for p in strategy]
        if not any(kept):  # a very even mix: keep its most likely face
            kept[max(range(len(strategy)), key=strategy.__getitem__)] = 1.0
        total = sum(kept)
        return [p / total for p in kept]


class Auction:
    """Phase 1 played out for every pair of faces, from the deciding seat's view."""

    def __init__(self, t: Table) -> None:
        self.t = t
        self.base = t.position()
        self.now = evaluate(t, self.base)
        citizens = [(SUIT_INDEX[c.suit], c.rank) for c in t.citizens]
        self.citizens = citizens
        # As the lower face the bot takes first: one greedy order serves every face.
        self.lower_curve, self.lower_order = greedy_takes(t, self.base, citizens, len(citizens))
        self._settled: dict[tuple[int, int], float] = {}
        self._higher: dict[int, list[float]] = {}
        self._race = bonus_race(t, self.base)
        self._tie: dict[tuple[int, int], float] = {}
        self._blind: float | None = None
        # The face this seat showed in the previous round (barred in every re-bid).
        mine = t.forbidden - {t.dice[t.seat]} if t.ties else t.forbidden
        self.round_face = min(mine) if mine else 0

    def outcome(self, f: int, g: int, deck: int | None = None, depth: int = 0) -> float:
        """The bot's value when it shows ``f`` and the other player ``g``."""
        if f == g:
            return self.tie(f, self.t.deck if deck is None else deck, depth)
        value = self._settled.get((f, g))
        if value is None:
            value = self._settled[(f, g)] = self._settle(f, g)
        return value

    def _settle(self, f: int, g: int) -> float:
        t, base = self.t, self.base
        if f < g:  # lower: exactly f (all there are, if fewer), the other takes after
            mine = self.lower_order[:f]
            rest = [c for c in self.citizens if c not in mine]
            theirs = other_takes(t, base, rest, g, exact=False)
            pos = _give_other(base, theirs)._replace(hand=base.hand + mine)
            return evaluate(t, pos) - self._race
        # higher: the other takes exactly g first, then the bot 1..f
        curve = self._higher.get(g)
        if curve is None:
            theirs = other_takes(t, base, self.citizens, g, exact=True)
            rest = [c for c in self.citizens if c not in theirs]
            curve, _order = greedy_takes(t, _give_other(base, theirs), rest, len(FACES))
            self._higher[g] = curve
        best = max(curve[1 : f + 1]) if len(curve) > 1 else curve[0]
        return best + self._race

    def tie(self, face: int, deck: int, depth: int) -> float:
        """あいこ: each draws a card blind and both bid again with ``face`` barred too —
        unless the deck is down to 1 card (no tie-draw) or the draws leave 1 or 0 (no
        re-bid): then the auction ends tied and nobody takes citizens."""
        key = (face, deck)
        value = self._tie.get(key)
        if value is not None:
            return value
        if deck <= 1:
            # Nothing moves: no draw, no take, and with the citizens full no refill either,
            # so the end (deck or bonus pile empty) comes no nearer. Avoid stalling.
            value = self.now - self.t.p.stall
        else:
            if self._blind is None:
                self._blind = blind_draw(self.t, self.base) - self.now
            if deck - 2 <= 1:
                value = self.now + self._blind
            elif depth >= self.t.p.max_tie_depth:
                settled = [self.outcome(f, g) for f in FACES for g in FACES if f != g]
                value = sum(settled) / len(settled) + self._blind
            else:
                mine = [f for f in FACES if f not in (face, self.round_face)]
                theirs = [g for g in FACES if g != face]
                matrix = [[self.outcome(f, g, deck - 2, depth + 1) for g in theirs] for f in mine]
                value = solve_matrix_game(matrix)[0] + self._blind
        self._tie[key] = value
        return value


def greedy_takes(
    t: Table, base: Position, citizens: Sequence[tuple[int, int]], most: int
) -> tuple[list[float], list[tuple[int, int]]]:
    """Take citizens one by one, each time the one that raises the position most.

    Returns the position's value after 0, 1, 2, … takes and the cards in the order taken.
    """
    pool = list(citizens)
    hand = list(base.hand)
    curve = [evaluate(t, base)]
    order: list[tuple[int, int]] = []
    for _ in range(min(most, len(pool))):
        best_value, best_card = -math.inf, pool[0]
        for c in pool:
            v = evaluate(t, base._replace(hand=[*hand, c]))
            if v > best_value:
                best_value, best_card = v, c
        pool.remove(best_card)
        hand.append(best_card)
        order.append(best_card)
        curve.append(best_value)
    return curve, order


def other_takes(
    t: Table, base: Position, citizens: Sequence[tuple[int, int]], count: int, exact: bool
) -> list[tuple[int, int]]:
    """The citizens the other player is assumed to take: those that fit their columns, the
    most valuable mine first; as the lower face exactly ``count`` (all, if fewer), as the
    higher face only those that fit (at least one)."""
    fitting = sorted(
        (c for c in citizens if fits(base.other[c[0]], c[1])),
        key=lambda c: (-t.values[c[0]], c),
    )
    rest = sorted((c for c in citizens if c not in fitting), key=lambda c: (-t.values[c[0]], c))
    ranked = fitting + rest
    if exact:
        return ranked[:count]
    return ranked[: max(1, min(count, len(fitting)))] if ranked else []


def _give_other(base: Position, cards: Sequence[tuple[int, int]]) -> Position:
    """The position once the other player has taken these (public) citizens."""
    return base._replace(opp_known=[*base.opp_known, *cards], opp_hand=base.opp_hand + len(cards))


def blind_draw(t: Table, base: Position) -> float:
    """The position after both players draw a card blind (あいこ): the average over the
    cards this seat has not seen."""
    pool = t.unseen
    if not pool:
        return evaluate(t, base)
    total = 0.0
    for c in pool:
        total += evaluate(t, base._replace(hand=[*base.hand, c], opp_hand=base.opp_hand + 1))
    return total / len(pool)


def bonus_race(t: Table, base: Position) -> float:
    """What playing first is worth: half of ``first_bonus`` for each mine whose 3-card bonus
    both players could reach with their play this round (the first to 3 takes it)."""
    if t.bonus_pile <= 0:
        return 0.0
    reach = one_play_reach(base.hand, base.mine)
    both = 0
    for m in range(N_MINES):
        if t.claimed[m]:
            continue
        mine_can = base.mine[m][0] + reach[m] >= BONUS_AT
        n_other = base.other[m][0]
        known = sum(1 for km, _r in base.opp_known if km == m)
        other_can = n_other >= BONUS_AT - 1 or n_other + known >= BONUS_AT
        if mine_can and other_can:
            both += 1
    return t.p.first_bonus * min(both, t.bonus_pile) / 2.0


def one_play_reach(hand: Hand, cols: Sequence[Col]) -> list[int]:
    """The most cards one play could add to each mine's column (its longest run)."""
    reach = [0] * N_MINES
    by_mine: list[list[int]] = [[] for _ in range(N_MINES)]
    for m, r in hand:
        if fits(cols[m], r):
            by_mine[m].append(r)
    for m, ranks in enumerate(by_mine):
        if not ranks:
            continue
        ranks.sort()
        best = run = 1
        for i in range(1, len(ranks)):
            run = run + 1 if ranks[i] == ranks[i - 1] + 1 else 1
            best = max(best, run)
        reach[m] = best
    return reach


def make_greedy(seed: int = 0) -> GreedyBot:
    """The ``greedy`` bot's factory for ``GameSpec.bots``."""
    return GreedyBot(seed)
