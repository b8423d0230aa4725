"""The greedy Starmine bot (``greedy``): one look ahead, no search, from its seat's view only.

It reads only ``decision.view`` (its hand, the public rows, discards / open and removed
cards, hand and deck sizes) and ``decision.legal``; it never holds the true state. Its own
seeded ``random.Random`` only breaks exact ties, so one seed and one decision always give
one action.

What it thinks
--------------
**Cards.** A card it has not seen (not in its hand, in a row, among the face-up or removed
cards, nor known to be in the other hand) is *unseen*: it may still come from the deck. A
card that is unseen or lies face-up where it may be drawn is *live*.

**Hand value** ``V(hand)``: the points of the best set of disjoint melds the hand holds
now, plus a little for each meld it is one live card short of (a sequence or three of a
kind missing one card: 35% of its points; a pair missing one: 10%). Cards are judged by
what they add to ``V``: the least useful card is the one whose loss costs ``V`` least.

**Drawing** (duel §5, solo B and C). Each draw compares every face-up card with the deck's
average: the expected gain ``V(hand + u) - V(hand)`` over the unseen cards ``u``. It takes a
face-up card when that completes or advances a meld more than the deck would on average
(in solo, where a face-up draw also spares the deck and so buys time, with a small bonus),
else the deck.

**Points** are the game's own: the view says how boosts cost (``boost_penalty``: 1 for a
meld made with boosts, or 1 for each boost), and every meld is valued that way.

**Duel turn** (§5). Rows are judged from the public rows. For a meld worth ``p`` points,
row ``r`` needs it by, in order: an empty row of its own (an empty row at the end loses the
game); a row it is losing or tied on that ``p`` flips to a win; one it brings level; one it
is losing anyway (the nearer to flipping, the more); one it leads (the slimmer the lead,
the more). It then:

1. places its best strong meld (a sequence or three of a kind, boosted or not; the most
   points, then the best hand left behind) into the row that needs it most;
2. else places a pair (the weak meld) only when that makes sense: into an empty row of
   its own once the deck runs low (10 cards or fewer, when it may not get another chance)
   or when the pair can no longer grow (its third card is dead and it holds no boost); or,
   with the deck nearly gone (4 or fewer), into a row it flips or brings level;
3. else discards its least useful card (never the boost while any other card remains)
   and draws toward melds.

**Final phase and 追い打ち** (§6, §8). Placing never hurts its own rows, so it places
whenever it can: the meld and row that leave it best placed. Every placement is judged by
the result it leaves (a failed launch, then rows won minus rows lost); when the other seat
still acts after it, first by the result after that seat's most harmful reply (one more
meld of up to 5 points on any row), and then by how much it leads across the rows.

**Solo** (ソロ用ルール). The rows must rise strictly (0 < opening < main < finale: the first
meld goes onto the opening) and the evaluation is their sum minus the gap penalty (total
gap = finale - opening: 2 → 0, 3–4 → 1, 5–7 → 3, 8–10 → 6, 11+ → 10). It plans with a
*prospect*: the best evaluation it could still reach by sharing out over the rows not yet
closed the melds of its hand (its best disjoint set) plus one expected future meld of 4
points for every two turns the deck still allows (at most two), with at most one meld per
turn left and the last meld (solo §4) onto the finale only. Turns left are counted from
the deck: every turn turns up two cards and draws about two, so ``(deck - 1) // 4`` after
this one. A plan whose rows do not rise is a failed launch, ranked below every evaluation
(a nearer miss above a worse one). So it plans rising rows with a small gap when its melds
allow; as the penalty stops at 10, a finale that keeps growing can also outweigh it, and
the prospect weighs both.

- *Turn-start flip* (solo §3 A): it sends the turned-up card to the open cards when it
  helps its hand at least as much as an unseen card would on average (then it can draw
  it), else to the removed cards (so that the next, unknown card becomes drawable).
- *Turn* (solo §3 B, C): the game ends suddenly when the deck runs out, stranding whatever
  is still in hand, so a meld placed now is worth more than the same meld later. It scores
  each placement by the prospect it leaves (plus a quarter of the value of the hand's
  near-melds) and growing the hand (B: remove its least useful card, draw two) by the
  prospect of the rows as they are, 6 points lower: it places the best meld whenever one
  fits its plan about as well as waiting would. It never places a meld that would close the
  main row at or below the opening (that fails the launch at once), and a weak meld (under
  3 points: a pair made with the boost) waits while more than 3 turns are left, since it
  would spend a turn and the boost on 2 points.
- *The last meld* (solo §4): it adds a meld to the finale only if that raises the final
  evaluation (or rescues a launch that would fail); else it passes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from asobi.core.actions import Action
from asobi.core.bots import Decision
from asobi.core.cards import Card
from asobi.games.starmine.actions import (
    CARD_BIT,
    FINALE,
    MAIN,
    MELDS,
    OPENING,
    PAIR,
    PER_BOOST,
    PER_MELD,
    ROW_NAMES,
    ROWS,
    BoostPenalty,
    Discard,
    Draw,
    Flip,
    Meld,
    Pass,
    Place,
)
from asobi.games.starmine.cards import FIREWORKS, is_boost
from asobi.games.starmine.scoring import gap_penalty
from asobi.games.starmine.views import read_view

ALL_CARDS = (1 << len(FIREWORKS.cards)) - 1
BOOST_MASK = sum(CARD_BIT[c] for c in FIREWORKS.cards if is_boost(c))
CARD_OF_BIT: dict[int, Card] = {bit: c for c, bit in CARD_BIT.items()}

# --- tunables ---------------------------------------------------------------------------
NEAR_MELD_WEIGHT = 0.35  # a sequence / three of a kind one live card short
NEAR_PAIR_WEIGHT = 0.10  # a pair one live card short
LOW_DECK = 10  # duel: a pair goes into an empty row once the deck is this low
ENDGAME_DECK = 4  # duel: a pair may flip or level a row once the deck is this low
REPLY_POINTS = 5  # duel endgame: the reply the other seat is assumed able to make
OPEN_CARD_BONUS = 0.3  # solo: drawing an open card spares the deck (more turns)
FUTURE_MELD_POINTS = 4  # solo: what a meld not yet in hand is expected to be worth
FAILED = -100.0  # solo: the prospect of a launch that fails
HAND_WEIGHT = 0.25  # solo: how much the remaining hand's value counts in a turn
FUTURE_MELDS_MAX = 2  # solo: future melds counted in a prospect, at most...
TURNS_PER_FUTURE_MELD = 2  # ...one per this many turns left
PLACE_NOW_BONUS = 6.0  # solo: placing now rather than growing the hand
SOLO_WEAK_POINTS = 3  # solo: melds below this many points wait...
SOLO_WEAK_TURNS = 3  # ...while more than this many turns are left


def cards_of(mask: int) -> list[Card]:
    """The cards of a bit mask, in deck order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARD_OF_BIT[low])
        mask ^= low
    return out


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for c in cards:
        mask |= CARD_BIT[c]
    return mask


# --- melds as masks ---------------------------------------------------------------------
def _melds_with(penalty: BoostPenalty) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Each card's melds (every reading of every meld that holds it) as (mask, points),
    best first."""
    return tuple(
        tuple(
            sorted(
                {(m.mask, m.points(penalty)) for m in MELDS if m.mask & (1 << i)},
                key=lambda mp: (-mp[1], mp[0]),
            )
        )
        for i in range(len(FIREWORKS.cards))
    )


_MELDS_WITH = {penalty: _melds_with(penalty) for penalty in (PER_MELD, PER_BOOST)}
# Natural melds (no boost, so the same points under either penalty), each with what it adds
# to a hand one live card short of it.
_NEAR: tuple[tuple[int, float], ...] = tuple(
    (m.mask, (NEAR_PAIR_WEIGHT if m.kind == PAIR else NEAR_MELD_WEIGHT) * m.points(PER_MELD))
    for m in MELDS
    if not m.mask & BOOST_MASK
)
_NEAR_WITH: tuple[tuple[tuple[int, float], ...], ...] = tuple(
    tuple(n for n in _NEAR if n[0] & (1 << i)) for i in range(len(FIREWORKS.cards))
)


@lru_cache(maxsize=1 << 18)
def best_points(mask: int, penalty: BoostPenalty = PER_MELD) -> int:
    """The most points a set of disjoint melds drawn from these cards can score."""
    if not mask:
        return 0
    low = mask & -mask
    rest = mask ^ low
    best = best_points(rest, penalty)  # the lowest card stays in hand...
    for meld_mask, points in _MELDS_WITH[penalty][low.bit_length() - 1]:  # ...or in a meld
        if meld_mask & mask == meld_mask:
            best = max(best, points + best_points(mask ^ meld_mask, penalty))
    return best


def best_melds(mask: int, penalty: BoostPenalty = PER_MELD) -> list[int]:
    """The points of each meld in one best disjoint set (as ``best_points`` finds it)."""
    out: list[int] = []
    while mask:
        target = best_points(mask, penalty)
        if target == 0:
            break
        low = mask & -mask
        if best_points(mask ^ low, penalty) == target:
            mask ^= low
            continue
        for meld_mask, points in _MELDS_WITH[penalty][low.bit_length() - 1]:
            if (
                meld_mask & mask == meld_mask
                and points + best_points(mask ^ meld_mask, penalty) == target
            ):
                out.append(points)
                mask ^= meld_mask
                break
    return out


def near_value(hand: int, live: int, near: Sequence[tuple[int, float]] = _NEAR) -> float:
    """What the ``near`` melds the hand is one live card short of add to its value."""
    value = 0.0
    for meld_mask, weight in near:
        missing = meld_mask & ~hand
        if missing and missing & (missing - 1) == 0 and missing & live:
            value += weight
    return value


def hand_value(hand: int, live: int, penalty: BoostPenalty = PER_MELD) -> float:
    """``V``: the best melds held now, plus a little for each meld one live card short."""
    return best_points(hand, penalty) + near_value(hand, live)


def card_gain(hand: int, card: int, live: int, penalty: BoostPenalty = PER_MELD) -> float:
    """``V(hand + card) - V(hand)`` for a card (bit) not in the hand: only the melds that
    hold the card can change, so only they are looked at."""
    near = _NEAR_WITH[card.bit_length() - 1]
    more = hand | card
    return (
        best_points(more, penalty)
        - best_points(hand, penalty)
        + near_value(more, live, near)
        - near_value(hand, live, near)
    )


# --- what the view says -------------------------------------------------------------------
@dataclass
class Table:
    """The decision's view, read into what the bot reasons with."""

    seat: int
    solo: bool
    phase: str
    hand: int  # mask of the own hand
    totals: list[tuple[int, int, int]]  # row totals by seat
    empty: list[tuple[bool, bool, bool]]  # which rows are empty, by seat
    deck_size: int
    drawable: int  # face-up cards that may be drawn now
    unseen: int  # cards that may still be in the deck (or in the other hand)
    live: int  # unseen or drawable
    current_row: int  # solo: rows below it are closed
    flipped: Card | None  # solo: the turned-up card awaiting its area
    last_drawer: int | None
    other_hand_size: int
    penalty: BoostPenalty  # how boosts cost points (the option ``boost_penalty``)

    @classmethod
    def read(cls, raw: Mapping[str, Any], seat: int) -> Table:
        view = read_view(raw)
        seats = view["seats"]
        me = seats[seat]
        hand = mask_of(FIREWORKS.card(code) for code in me["hand"])
        seen = hand
        totals, empty = [], []
        for entry in seats:
            rows = [entry["rows"][name] for name in ROW_NAMES]
            totals.append(tuple(entry["row_totals"][name] for name in ROW_NAMES))
            empty.append(tuple(not r for r in rows))
            for row in rows:
                for meld in row:
                    seen |= mask_of(FIREWORKS.card(code) for code in meld["cards"])
        solo = view["mode"] == "solo"
        flipped = None
        if solo:
            face_up = mask_of(FIREWORKS.card(c) for c in view["open_cards"])
            removed = mask_of(FIREWORKS.card(c) for c in view["removed_cards"])
            seen |= face_up | removed
            turned_up = view.get("flipped")
            if turned_up:
                flipped = FIREWORKS.card(turned_up)
                seen |= CARD_BIT[flipped]
            seen |= BOOST_MASK & ~hand  # solo §2: the other boost stays in the box
            drawable = face_up
            current_row = ROW_NAMES.index(view["current_row"])
            other = 0
        else:
            face_up = mask_of(FIREWORKS.card(c) for c in view["discards"])
            seen |= face_up
            for s, entry in enumerate(seats):
                if s != seat:
                    seen |= mask_of(FIREWORKS.card(c) for c in entry["known_cards"])
            drawable = face_up
            just_discarded = view.get("discarded_this_turn")
            if just_discarded:
                drawable &= ~CARD_BIT[FIREWORKS.card(just_discarded)]
            current_row = OPENING
            other = seats[1 - seat]["hand_size"]
        unseen = ALL_CARDS & ~seen
        return cls(
            seat=seat,
            solo=solo,
            phase=view["phase"],
            hand=hand,
            totals=[(t[0], t[1], t[2]) for t in totals],
            empty=[(e[0], e[1], e[2]) for e in empty],
            deck_size=view["deck_size"],
            drawable=drawable,
            unseen=unseen,
            live=unseen | drawable,
            current_row=current_row,
            flipped=flipped,
            last_drawer=view["last_drawer"],
            other_hand_size=other,
            penalty=view["boost_penalty"],
        )

    def points(self, meld: Meld) -> int:
        return meld.points(self.penalty)

    def best(self, hand: int) -> int:
        """``best_points`` of a hand, as this game counts boosts."""
        return best_points(hand, self.penalty)

    def value(self, hand: int | None = None) -> float:
        return hand_value(self.hand if hand is None else hand, self.live, self.penalty)

    def gain(self, card: Card) -> float:
        """What one more card adds to the hand's value."""
        return card_gain(self.hand, CARD_BIT[card], self.live, self.penalty)

    def loss(self, card: Card) -> float:
        """What giving up a hand card takes from the hand's value."""
        bit = CARD_BIT[card]
        return card_gain(self.hand & ~bit, bit, self.live, self.penalty)

    def deck_gain(self) -> float:
        """The average gain of a card from the deck (any unseen card)."""
        pool = cards_of(self.unseen)
        if not pool:
            return 0.0
        gains = (card_gain(self.hand, CARD_BIT[c], self.live, self.penalty) for c in pool)
        return sum(gains) / len(pool)


# --- the bot ------------------------------------------------------------------------------
class GreedyBot:
    """Starmine's heuristic bot; see the module docstring for how it thinks."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "greedy"
        self.rng = random.Random(seed)

    def choose(self, decision: Decision) -> Action:
        legal = list(decision.legal)
        if len(legal) == 1:
            return legal[0]
        table = Table.read(decision.view, decision.seat)
        if table.phase == "draw":
            return self._draw(table, legal)
        if table.phase == "flip":
            return self._flip(table, legal)
        if table.solo:
            if table.phase == "final":
                return self._solo_last_meld(table, legal)
            return self._solo_turn(table, legal)
        if table.phase in ("final", "chase"):
            return self._duel_endgame(table, legal)
        return self._duel_turn(table, legal)

    def _best(self, options: Sequence[Action], score: Callable[[Any], Any]) -> Action:
        """The highest-scoring option; exact ties are broken by the bot's own generator."""
        scored = [(score(a), a) for a in options]
        top = max(s for s, _ in scored)
        best = [a for s, a in scored if s == top]
        return best[0] if len(best) == 1 else self.rng.choice(best)

    # --- drawing (both modes) ---------------------------------------------------------------
    def _draw(self, table: Table, legal: list[Action]) -> Action:
        deck = next(a for a in legal if isinstance(a, Draw) and a.card is None)
        face_up = {a: a.card for a in legal if isinstance(a, Draw) and a.card is not None}
        if not face_up:
            return deck
        bonus = OPEN_CARD_BONUS if table.solo else 0.0
        gains: dict[Action, float] = {a: table.gain(c) + bonus for a, c in face_up.items()}
        best = self._best(list(face_up), lambda a: gains[a])
        if gains[best] > 0 and gains[best] > table.deck_gain():
            return best
        return deck

    def _discard(self, table: Table, legal: list[Action]) -> Action:
        """Grow the hand: give up the card whose loss costs the hand's value least."""
        discards = [a for a in legal if isinstance(a, Discard)]
        fireworks = [a for a in discards if not is_boost(a.card)]
        options = fireworks or discards  # the boost only when nothing else is left
        return self._best(
            options,
            lambda a: (-table.loss(a.card), -FIREWORKS.index(a.card)),
        )

    # --- duel -------------------------------------------------------------------------------
    def _need(self, table: Table, row: int, points: int) -> float:
        """How much row ``row`` needs a meld of ``points`` (duel, from the public rows)."""
        mine, theirs = table.totals[table.seat][row], table.totals[1 - table.seat][row]
        before, after = mine - theirs, mine - theirs + points
        need = 100.0 if table.empty[table.seat][row] else 0.0
        if before <= 0 < after:
            need += 60 - min(after, 7)  # flips the row; a snug flip wastes least
        elif before < 0 == after:
            need += 30
        elif after < 0:
            need += 20 + after  # still behind: the nearer, the better
        else:
            need += 10 - min(before, 10)  # already ahead: a slim lead wants it most
        return need

    def _duel_turn(self, table: Table, legal: list[Action]) -> Action:
        places = [a for a in legal if isinstance(a, Place)]
        strong = [a for a in places if a.meld.kind != PAIR]
        if strong:
            return self._best(
                strong,
                lambda a: (
                    table.points(a.meld),
                    table.value(table.hand & ~a.meld.mask),
                    self._need(table, a.row, table.points(a.meld)),
                ),
            )
        pairs = [a for a in places if self._pair_makes_sense(table, a)]
        if pairs:
            return self._best(
                pairs,
                lambda a: (
                    self._need(table, a.row, table.points(a.meld)),
                    table.points(a.meld),
                    table.value(table.hand & ~a.meld.mask),
                ),
            )
        return self._discard(table, legal)

    def _pair_makes_sense(self, table: Table, place: Place) -> bool:
        mine, theirs = table.totals[table.seat][place.row], table.totals[1 - table.seat][place.row]
        if table.empty[table.seat][place.row]:
            if table.deck_size <= LOW_DECK:
                return True
            natural = place.meld.mask & ~BOOST_MASK
            rank = CARD_OF_BIT[natural & -natural].rank
            thirds = sum(
                CARD_BIT[c]
                for c in FIREWORKS.cards
                if c.rank == rank and not is_boost(c) and not CARD_BIT[c] & place.meld.mask
            )
            if not thirds & table.live and not table.hand & BOOST_MASK:
                return True  # the pair can never grow into three of a kind
        if table.deck_size <= ENDGAME_DECK:
            return mine <= theirs and mine + table.points(place.meld) >= theirs
        return False

    def _duel_endgame(self, table: Table, legal: list[Action]) -> Action:
        places = [a for a in legal if isinstance(a, Place)]
        if not places:
            return next(a for a in legal if isinstance(a, Pass))
        # In the final phase and 追い打ち the seat that drew the last card acts first.
        reply_follows = table.last_drawer == table.seat and table.other_hand_size >= 2
        return self._best(places, lambda a: self._endgame_key(table, a, reply_follows))

    def _endgame_key(self, table: Table, place: Place, reply_follows: bool) -> tuple[Any, ...]:
        mine = list(table.totals[table.seat])
        points = table.points(place.meld)
        mine[place.row] += points
        empty = list(table.empty[table.seat])
        empty[place.row] = False
        theirs = table.totals[1 - table.seat]
        their_empty = table.empty[1 - table.seat]
        now = _duel_result(mine, empty, theirs, their_empty)
        margin = sum(max(-7, min(7, m - t)) for m, t in zip(mine, theirs, strict=True))
        if not reply_follows:
            return (now, margin, points)
        worst = now
        for row in ROWS:
            reply = list(theirs)
            reply[row] += REPLY_POINTS
            filled = list(their_empty)
            filled[row] = False
            worst = min(worst, _duel_result(mine, empty, reply, filled))
        return (worst, now, margin, points)

    # --- solo -------------------------------------------------------------------------------
    def _flip(self, table: Table, legal: list[Action]) -> Action:
        """Solo §3 A: keep the turned-up card drawable only if it helps the hand."""
        assert table.flipped is not None
        keep = table.gain(table.flipped) >= table.deck_gain()
        return next(a for a in legal if isinstance(a, Flip) and a.to_open == keep)

    def _turns_left(self, table: Table) -> int:
        """Whole turns after this one the deck should still allow, if this action draws two
        cards from it and every later turn turns up two and draws two (a turn-start flip
        that takes the deck's last card leaves only the last meld)."""
        return max(0, (table.deck_size - 1) // 4)

    def _prospect(
        self, table: Table, rows: tuple[int, int, int], current: int, hand: int, turns: int
    ) -> float:
        melds = best_melds(hand, table.penalty)[:4]
        melds += [FUTURE_MELD_POINTS] * min(FUTURE_MELDS_MAX, turns // TURNS_PER_FUTURE_MELD)
        return solo_prospect(rows, current, tuple(sorted(melds, reverse=True)), turns)

    def _solo_turn(self, table: Table, legal: list[Action]) -> Action:
        rows = table.totals[0]
        turns = self._turns_left(table)
        scores: dict[Action, float] = {}
        for a in legal:
            if not isinstance(a, Place):
                continue
            after = list(rows)
            points = table.points(a.meld)
            after[a.row] += points
            closes_main = table.current_row <= MAIN < a.row
            if closes_main and after[MAIN] <= after[OPENING]:
                continue  # closing the main row at or below the opening fails at once
            if points < SOLO_WEAK_POINTS and turns > SOLO_WEAK_TURNS:
                continue  # a weak meld early wastes a turn's placement (and maybe the boost)
            hand = table.hand & ~a.meld.mask
            new_rows = (after[0], after[1], after[2])
            scores[a] = self._prospect(
                table, new_rows, max(table.current_row, a.row), hand, turns
            ) + HAND_WEIGHT * (table.value(hand) - table.best(hand))
        grow = self._discard(table, legal) if any(isinstance(a, Discard) for a in legal) else None
        if grow is not None:
            scores[grow] = (
                self._prospect(table, rows, table.current_row, table.hand, turns)
                + HAND_WEIGHT * (table.value() - table.best(table.hand))
                - PLACE_NOW_BONUS  # a meld placed now is one the sudden end cannot strand
            )
        if not scores:  # nothing but melds that fail at once: the least bad one
            return legal[0]
        return self._best(list(scores), lambda a: scores[a])

    def _solo_last_meld(self, table: Table, legal: list[Action]) -> Action:
        """Solo §4: a meld onto the finale only if it improves the evaluation."""
        rows = table.totals[0]

        def final(a: Action) -> float:
            if isinstance(a, Place):
                return solo_evaluation(rows[0], rows[1], rows[2] + table.points(a.meld))
            return solo_evaluation(*rows) + 0.001  # pass on a tie

        return self._best(legal, final)


def _duel_result(
    mine: Sequence[int], empty: Sequence[bool], theirs: Sequence[int], their_empty: Sequence[bool]
) -> int:
    """+1 a win, 0 level, -1 a loss for these rows (§7, failed launches first)."""
    failed, their_failed = any(empty), any(their_empty)
    if failed or their_failed:
        return 0 if failed and their_failed else (-1 if failed else 1)
    won = sum(m > t for m, t in zip(mine, theirs, strict=True))
    lost = sum(t > m for m, t in zip(mine, theirs, strict=True))
    return (won > lost) - (lost > won)


def solo_evaluation(opening: int, main: int, finale: int) -> float:
    """The solo evaluation of finished rows; if they do not rise strictly from a filled
    opening (an empty one means nothing was placed in a turn: the first meld goes there),
    ``FAILED`` less the points they lack (so that a nearer miss is the better plan)."""
    if not 0 < opening < main < finale:
        lacking = max(0, 1 - opening) + max(0, opening + 1 - main) + max(0, main + 1 - finale)
        return FAILED - lacking
    return opening + main + finale - gap_penalty(finale - opening)


@lru_cache(maxsize=1 << 16)
def solo_prospect(
    rows: tuple[int, int, int], current: int, melds: tuple[int, ...], turns: int
) -> float:
    """The best evaluation reachable by adding some of ``melds`` (points) to the rows from
    ``current`` up: at most one per turn left, plus the last meld onto the finale."""
    best = solo_evaluation(*rows)

    def share(i: int, totals: list[int], placed: int, final_used: bool) -> None:
        nonlocal best
        if i == len(melds):
            best = max(best, solo_evaluation(*totals))
            return
        share(i + 1, totals, placed, final_used)  # keep this meld
        for row in range(current, 3):
            totals[row] += melds[i]
            if placed < turns:  # on a turn of its own
                share(i + 1, totals, placed + 1, final_used)
            if row == FINALE and not final_used:  # as the last meld
                share(i + 1, totals, placed, True)
            totals[row] -= melds[i]

    share(0, list(rows), 0, False)
    return best


def make_greedy(seed: int) -> GreedyBot:
    return GreedyBot(seed)


__all__ = ["GreedyBot", "best_points", "hand_value", "make_greedy", "solo_prospect"]
