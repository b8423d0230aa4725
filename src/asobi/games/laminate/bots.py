"""The greedy Laminate Rummy bot (``greedy``): one look ahead, no search, from its seat's view.

It reads only ``decision.view`` (its hand, every paper on the table, the citable cards and
their authors, the supply, the discard pile, the cards it knows in other hands, the end
condition, its own publication in progress) and ``decision.legal``; it never holds the true
state and does not sample worlds. Its seeded ``random.Random`` only breaks exact ties, so one
seed and one decision always give one action. The weights are the fields of :class:`Params`.

What it thinks
--------------
**Steps to a score.** A paper scores only when complete (one card left on it), so what counts
is how many of its own turns a paper is from scoring: ``m`` turns to fetch the cards it lacks,
one to publish it, and one review per card laid beyond the first (anyone's review does; its
own review also hands the card back, so it costs a turn but no card). Each step keeps
``fetch``, ``publish`` or ``review`` of the paper's points; a card that must be one exact
card (a flush, A and K) keeps ``exact`` less. Reviews are dear (``review`` 0.7): a paper laid
with few cards completes soon, and one laid with a single card (the rest cited) at once. Once
the end condition is met it counts its own turns left, and what cannot be finished in them is
worth nothing (a paper of its own left under review keeps ``late``: others may review it).

**Its hand** is worth what it is closest to: for every paper it may still take (in the
supply, not held) the fewest cards it lacks, counting its hand and the cards left on its own
complete papers as free (citing them costs nothing) and everything it could still get as one
card each (the deck and unknown hands, the cards drawn, the top discard, cards on papers under
review, and others' complete papers, which cost a card of thanks). The hand is worth its best
paper plus ``second`` of the next (the two share cards), plus ``card`` per card. A card is
worth what it adds: on some cheapest completion it brings that paper one step nearer. Cards it
would have to lay or cite from others count as laid cards (reviews to come), so its own
complete papers, cited for free, make its later papers cheaper and quicker.

**Turns.** It values every legal action by what its papers and hand are worth afterwards.
Drawing is worth the expected best of two unseen cards; taking, the top discard. A review is
worth the card taken, plus a step of its own paper (all its points when the review completes
it, and the card it leaves becomes free to cite; the End Flag's point if that meets the end
condition), or minus ``opponent`` of the step it gives another player (``leader`` more for the
player at the top): it completes another's two-card paper only for a card worth more to it
than ``opponent`` of the points that gives them. Publishing follows the rules' own finder
(:func:`papers.min_cost`, the test :func:`papers.next_cards` applies, so every step it plans
is legal), one card at a time: the cheapest completion in hand cards, citing its own complete
papers first, laying the hand cards it misses least, citing others' only where that is no
dearer. A second, short plan cites others' complete papers instead of laying hand cards when
that lays fewer; it pays when the paper then needs fewer reviews, above all when it is
complete at once. A plan is worth the paper (its points, discounted per review to come), plus
what the hand left is worth (after the cards of thanks), minus ``opponent`` × ``thanks`` for
each card of thanks (it helps that player), plus the End Flag's point when the paper meets the
end condition.

**Small choices.** It keeps the drawn card that adds most; it discards (setup), gives as thanks
and lays with the End Flag the card its hand misses least; it says ``done`` for 100+ as soon as
it may, having laid the fewest cards that reach 100.

**For a search.** ``values(decision)`` gives what it thinks each action of a turn is worth
(the values above), so a search can play out only its few best (``lookahead:top=3``);
``worth(view, seat)`` gives what a seat's position is worth from that seat's view (its
points, its papers under review as they would be valued, its hand), so a search can judge
a playout cut short by more than the points already scored (``lookahead:judge=policy``).

Tuning. The defaults come from seeded self-play sweeps (one changed bot against default ones,
3 and 4 players, seats rotating; ``benchmarks/strength_laminate.py --a-params``). Only
``review`` (0.7 over 0.8; 0.9 and 0.5 much worse) and ``second`` (0.7 over 0.4) moved
the results beyond the noise; a third-best paper, a foreseen end before the end condition
(from the leader's points) and other weights did not, and were left out or left as they were.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

from asobi.core.actions import Action
from asobi.core.bots import Decision
from asobi.core.cards import SEVEN, Card
from asobi.games.laminate.actions import (
    PAPER,
    PUBLISHABLE,
    Cite,
    Discard,
    Done,
    Draw,
    Flag,
    Give,
    Keep,
    Lay,
    PaperType,
    Pass,
    Publish,
    Review,
    Shape,
    Take,
)
from asobi.games.laminate.papers import (
    BIT,
    COST,
    FOREIGN,
    HAND,
    OWN,
    Pool,
    is_combination,
    min_cost,
    next_cards,
)
from asobi.games.laminate.views import DraftView, LaminateView, read_view


# --- tunables ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Params:
    """The bot's tunables (chosen by seeded play against random and against itself; see
    ``benchmarks/strength_laminate.py``)."""

    fetch: float = 0.7  # a paper's worth kept per card it still lacks
    exact: float = 0.8  # ... times this when that card is one exact card (flush, AK)
    publish: float = 0.85  # ... for the turn that publishes it
    review: float = 0.7  # ... per review still needed once it is on the table
    second: float = 0.7  # the hand's second-best paper, against its best
    card: float = 0.05  # each card in hand (room for thanks, choice)
    opponent: float = 0.5  # what an action gives another player, against the same for itself
    leader: float = 0.5  # ... more, for a player at the top of the scores
    thanks: float = 0.4  # a card of thanks, to the player receiving it
    late: float = 0.2  # a paper it cannot finish itself before the end (others may review)
    most_missing: int = 6  # papers lacking more cards than this count for nothing


DEFAULT = Params()
INF = 99
NEVER = 99  # turns left when the end condition is not met yet


# --- sets of cards, for the finder -------------------------------------------------------
class Cards:
    """A set of cards as rank counts, rank and card bit masks, and their ranks."""

    __slots__ = ("cmask", "count", "ranks", "rmask")

    def __init__(self, cards: Iterable[Card]) -> None:
        count = [0] * 14
        rmask = cmask = 0
        ranks = []
        for c in cards:
            count[c.rank] += 1
            rmask |= 1 << c.rank
            cmask |= BIT[c]
            ranks.append(c.rank)
        self.count = count
        self.rmask = rmask
        self.cmask = cmask
        self.ranks = ranks


@cache
def _windows(size: int) -> tuple[int, ...]:
    return tuple(sum(1 << r for r in range(low, low + size)) for low in range(1, 15 - size))


@cache
def _flush_patterns(size: int) -> tuple[int, ...]:
    patterns = []
    for suit in SEVEN.suits:
        run = sorted((c for c in SEVEN.cards if c.suit == suit.letter), key=lambda c: c.rank)
        for i in range(len(run) - size + 1):
            patterns.append(sum(BIT[c] for c in run[i : i + size]))
    return tuple(patterns)


class Need(NamedTuple):
    """How far ``free`` cards are from a paper: the fewest ``avail`` cards it lacks, and the
    ranks (bits ``1 << rank``) and cards (``BIT``) that lie on some cheapest completion."""

    missing: int
    ranks: int = 0
    cards: int = 0


FAR = Need(INF)
SUM_BITS = (1 << 50) - 1


def need(paper: PaperType, free: Cards, avail: Cards, most: int) -> Need:
    """The fewest ``avail`` cards that complete ``paper`` with any of the ``free`` cards
    (``FAR`` beyond ``most``). The same combinations as :func:`papers.is_combination`."""
    shape = paper.shape
    if shape is Shape.GROUPS:
        return _need_groups(paper.groups, paper.size // paper.groups, free, avail, most)
    if shape is Shape.STRAIGHT:
        return _need_masks(_windows(paper.size), free.rmask, avail.rmask, most, True)
    if shape is Shape.FLUSH:
        return _need_masks(_flush_patterns(paper.size), free.cmask, avail.cmask, most, False)
    if shape is Shape.CARDS:
        wanted = sum(1 << r for r in paper.ranks)
        return _need_masks((wanted,), free.rmask, avail.rmask, most, True)
    if shape is Shape.SUM:
        if paper.at_least:
            return _need_at_least(paper.total, free, avail, most)
        return _need_exact(paper.total, free, avail, most)
    return FAR


def _need_groups(groups: int, per: int, free: Cards, avail: Cards, most: int) -> Need:
    deficits = []
    fc, ac = free.count, avail.count
    for r in range(1, 14):
        f = fc[r]
        if f >= per:
            deficits.append(0)
        elif f + ac[r] >= per:
            deficits.append(per - f)
        else:
            deficits.append(INF)
    ordered = sorted(deficits)
    worst = ordered[groups - 1]
    if worst >= INF:
        return FAR
    missing = sum(ordered[:groups])
    if missing > most:
        return FAR
    ranks = 0
    for r in range(1, 14):
        d = deficits[r - 1]
        if 0 < d <= worst:
            ranks |= 1 << r
    return Need(missing, ranks=ranks)


def _need_masks(patterns: Sequence[int], free: int, avail: int, most: int, by_rank: bool) -> Need:
    usable = free | avail
    best, on = INF, 0
    for pattern in patterns:
        if pattern & ~usable:
            continue
        lacking = pattern & ~free
        n = lacking.bit_count()
        if n < best:
            best, on = n, lacking
        elif n == best:
            on |= lacking
    if best > most:
        return FAR
    return Need(best, ranks=on) if by_rank else Need(best, cards=on)


def _need_exact(total: int, free: Cards, avail: Cards, most: int) -> Need:
    """49: a subset-sum with one bit set per reachable total, one layer per avail card used."""
    reach = 1
    for r in free.ranks:
        reach |= (reach << r) & SUM_BITS
    layers = [reach]
    if not reach >> total & 1:
        layers += [0] * most
        for r in avail.ranks:
            for j in range(most - 1, -1, -1):
                if layers[j]:
                    layers[j + 1] |= (layers[j] << r) & SUM_BITS
    for missing, layer in enumerate(layers):
        if layer >> total & 1:
            if missing == 0:
                return Need(0)
            below = layers[missing - 1]
            ranks = 0
            for r in range(1, 14):
                if avail.count[r] and r <= total and below >> (total - r) & 1:
                    ranks |= 1 << r
            return Need(missing, ranks=ranks)
    return FAR


def _need_at_least(total: int, free: Cards, avail: Cards, most: int) -> Need:
    """100+: every free card, then the highest avail cards."""
    left = total - sum(free.ranks)
    if left <= 0:
        return Need(0)
    best = sorted(avail.ranks, reverse=True)[:most]
    got, missing = 0, 0
    for r in best:
        got += r
        missing += 1
        if got >= left:
            break
    if got < left:
        return FAR
    # A card of rank r saves a step if r with the best (missing - 1) others reaches the total
    # (one card of rank r among those best is the card itself: take the next one instead).
    ranks = 0
    for r in range(1, 14):
        if not avail.count[r]:
            continue
        if missing >= 2 and r >= best[missing - 2]:
            others = sum(best[:missing]) - r
        else:
            others = sum(best[: missing - 1])
        if r + others >= left:
            ranks |= 1 << r
    return Need(missing, ranks=ranks)


def helps(n: Need, card: Card) -> bool:
    return bool(n.ranks >> card.rank & 1 or n.cards & BIT[card])


# --- what the view says -------------------------------------------------------------------
@dataclass
class Table:
    """The decision's view, read into what the bot reasons with."""

    p: Params
    seat: int
    n: int
    hand: list[Card]
    own: list[Card]  # the card left on each of its complete papers (free to cite)
    foreign: dict[Card, int]  # the card left on another's complete paper -> its author
    reviewing: dict[Card, tuple[int, PaperType, list[Card]]]  # card under review -> paper
    held: frozenset[PaperType]
    supply: dict[PaperType, int]
    points: list[int]
    end_points: int
    triggered: bool
    turns: int  # its turns left after the current one (NEVER before the end condition)
    avail: list[Card]  # what it could still get: one card each
    unseen: list[Card]  # the deck and the unknown cards of other hands
    top: Card | None
    deck_and_discards: int
    targets: list[PaperType]  # papers it may still publish
    laid_estimate: dict[PaperType, int]

    @classmethod
    def read(cls, view: LaminateView, seat: int, p: Params = DEFAULT) -> Table:
        card = SEVEN.card
        seats = view["seats"]
        me = seats[seat]
        hand = [card(c) for c in me["hand"]]
        foreign: dict[Card, int] = {}
        own: list[Card] = []
        for citable in view["citable"]:
            c = card(citable["card"])
            if citable["author"] == seat:
                own.append(c)
            else:
                foreign[c] = citable["author"]
        reviewing: dict[Card, tuple[int, PaperType, list[Card]]] = {}
        on_table: set[Card] = set()
        for s, entry in enumerate(seats):
            for laid in entry["papers"]:
                cards = [card(c) for c in laid["cards"]]
                on_table.update(cards)
                if len(cards) > 1:
                    kind = PAPER[laid["paper"]]
                    for c in cards:
                        reviewing[c] = (s, kind, cards)
        held = frozenset(PAPER[laid["paper"]] for laid in me["papers"])
        supply = {PAPER[k]: v for k, v in view["supply"].items()}
        discards = [card(c) for c in view["discards"]]
        top = discards[-1] if discards else None
        known = {
            card(c) for s, entry in enumerate(seats) if s != seat for c in entry["known_cards"]
        }
        drawn = [card(c) for c in view.get("drawn", [])]  # the two to choose from
        gone = set(hand) | on_table | set(discards) | known | set(drawn)
        unseen = [c for c in SEVEN.cards if c not in gone]
        soon = view["deck_size"] <= 4  # the discards are about to be shuffled back
        avail = [*unseen, *drawn, *reviewing, *(discards if soon else discards[-1:]), *foreign]
        trigger = view["end_condition_met_by"]
        n = view["players"]
        turns = NEVER
        if trigger is not None:
            left = view["turns_left"] or 0
            # Turns still to come after the current one; this seat's come every n.
            turns = left // n if view["turn"] == seat else (left + 1) // n
        targets = [paper for paper in PUBLISHABLE if supply.get(paper, 0) > 0 and paper not in held]
        t = cls(
            p=p,
            seat=seat,
            n=n,
            hand=hand,
            own=own,
            foreign=foreign,
            reviewing=reviewing,
            held=held,
            supply=supply,
            points=[entry["points"] for entry in seats],
            end_points=view["end_points"],
            triggered=trigger is not None,
            turns=turns,
            avail=avail,
            unseen=unseen,
            top=top,
            deck_and_discards=view["deck_size"] + len(discards),
            targets=targets,
            laid_estimate={},
        )
        # Cards laid (or cited from others) per paper: everything but its own citations.
        costly = Cards([*hand, *avail])
        free = Cards(own)
        for paper in targets:
            t.laid_estimate[paper] = need(paper, free, costly, 12).missing
        return t

    # --- worth --------------------------------------------------------------------------
    def factor(self, paper: PaperType) -> float:
        exact = paper.shape is Shape.FLUSH or paper.id == "ak"
        return self.p.fetch * (self.p.exact if exact else 1.0)

    def potential(self, paper: PaperType, missing: int) -> float:
        """A paper it lacks ``missing`` cards for: its points, discounted by the steps."""
        if missing >= INF:
            return 0.0
        laid = max(1, self.laid_estimate.get(paper, paper.size or 6))
        if laid >= INF or missing + laid > self.turns:
            return 0.0
        p = self.p
        return paper.points * self.factor(paper) ** missing * p.publish * p.review ** (laid - 1)

    def under_review(self, paper: PaperType, cards: int, turns: int | None = None) -> float:
        """Its paper on the table with ``cards`` cards (1: complete)."""
        if cards <= 1:
            return float(paper.points)
        left = self.turns if turns is None else turns
        value = paper.points * self.p.review ** (cards - 1)
        return value if cards - 1 <= left else value * self.p.late

    def theirs(self, paper: PaperType, cards: int) -> float:
        """Another player's paper with ``cards`` cards (1: complete)."""
        if cards <= 1:
            return float(paper.points)
        return paper.points * self.p.review ** (cards - 1)

    def weight(self, seat: int) -> float:
        """How much it minds what another player gains."""
        w = self.p.opponent
        best = max(s for i, s in enumerate(self.points) if i != self.seat)
        if self.points[seat] >= best and best > 0:
            w *= 1.0 + self.p.leader
        return w


class Hand:
    """The worth of a hand (with its own citable cards): every target's potential."""

    def __init__(
        self,
        t: Table,
        hand: Sequence[Card],
        own: Sequence[Card] | None = None,
        exclude: PaperType | None = None,
    ) -> None:
        self.t = t
        self.hand = list(hand)
        self.own = list(t.own if own is None else own)
        held = set(self.hand)
        self.avail = Cards(c for c in t.avail if c not in held)
        self.free = Cards([*self.hand, *self.own])
        most = t.p.most_missing
        self.papers = [p for p in t.targets if p is not exclude]
        self.needs = [need(p, self.free, self.avail, most) for p in self.papers]
        self.pots = [
            t.potential(p, n.missing) for p, n in zip(self.papers, self.needs, strict=True)
        ]
        self.order = sorted(range(len(self.papers)), key=lambda i: -self.pots[i])
        self.value = self._top(self.pots) + t.p.card * len(self.hand)

    def _top(self, pots: Sequence[float]) -> float:
        """The best potential, plus ``second`` of the next."""
        best = second = 0.0
        for v in pots:
            if v > best:
                best, second = v, best
            elif v > second:
                second = v
        return best + self.t.p.second * second

    def gain(self, card: Card) -> float:
        """What one more card (from outside the hand) adds."""
        t = self.t
        pots = self.pots
        changed = None
        for i, n in enumerate(self.needs):
            if n.missing < INF and n.missing > 0 and helps(n, card):
                if changed is None:
                    changed = list(pots)
                changed[i] = t.potential(self.papers[i], n.missing - 1)
        if changed is None:
            return t.p.card
        return self._top(changed) - self._top(pots) + t.p.card

    def losses(self, cards: Iterable[Card], top: int = 4) -> dict[Card, float]:
        """What the hand loses without each of ``cards`` (only its ``top`` best papers are
        worked out again: the others can only fall, and seldom matter)."""
        t = self.t
        most = t.p.most_missing
        keep = [i for i in self.order[:top] if self.pots[i] > 0]
        base = self._top(self.pots)
        result: dict[Card, float] = {}
        for card in cards:
            rest = list(self.hand)
            rest.remove(card)
            free = Cards([*rest, *self.own])
            pots = list(self.pots)
            for i in keep:
                paper = self.papers[i]
                pots[i] = t.potential(paper, need(paper, free, self.avail, most).missing)
            result[card] = base - self._top(pots) + t.p.card
        return result


# --- publishing ----------------------------------------------------------------------------
class Plan(NamedTuple):
    laid: tuple[Card, ...]  # hand cards laid (in order)
    own: tuple[Card, ...]  # own complete papers cited
    foreign: tuple[Card, ...]  # others' complete papers cited (a card of thanks each)
    steps: tuple[tuple[Card, int], ...]  # (card, source) in order


PlanKey = tuple[Any, ...]


def plan(
    paper: PaperType,
    chosen: Sequence[Card],
    hand: Sequence[Card],
    own: Sequence[Card],
    foreign: Sequence[Card],
    budget: int,
    laid_before: bool,
    short: bool,
    spare: dict[Card, float],
    memo: dict[PlanKey, Plan | None] | None = None,
) -> Plan | None:
    """Publication by the rules' own finder, one card at a time: each step is one that
    keeps the paper completable (so it is legal), the cheapest in hand cards; ``short``
    prefers fewer laid cards (citing others instead). Hand cards it misses least go first.

    The steps depend only on the cards so far, so ``memo`` keeps the rest of the plan for
    every state passed through: the publication's later decisions find it there."""
    chosen = list(chosen)
    hand, own, foreign = list(hand), list(own), list(foreign)
    spare_key = tuple(sorted((SEVEN.index(c), v) for c, v in spare.items()))
    steps: list[tuple[Card, int]] = []
    keys: list[PlanKey] = []
    laid = laid_before
    result: Plan | None = None
    for _ in range(40):
        key: PlanKey = (
            paper,
            tuple(chosen),
            tuple(hand),
            tuple(own),
            tuple(foreign),
            budget,
            laid,
            short,
            spare_key,
        )
        if memo is not None and key in memo:
            result = memo[key]
            break
        keys.append(key)
        if paper.at_least:
            if laid and sum(c.rank for c in chosen) >= paper.total:
                result = Plan((), (), (), ())
                break
        elif is_combination(paper, chosen):
            result = Plan((), (), (), ())
            break
        best = _next_step(paper, chosen, hand, own, foreign, budget, laid, short, spare)
        if best is None:
            break
        card, src = best
        chosen.append(card)
        steps.append(best)
        budget -= COST[src]
        if src == HAND:
            hand.remove(card)
            laid = True
        elif src == OWN:
            own.remove(card)
        else:
            foreign.remove(card)
    if result is None:
        if memo is not None:
            for key in keys:
                memo[key] = None
        return None
    # Every state passed through: its steps from there on, then the rest found.
    everything = [*steps, *result.steps]
    for i, key in enumerate(keys):
        rest = tuple(everything[i:])
        if memo is not None:
            memo[key] = _plan_of(rest)
    return _plan_of(tuple(everything))


def _next_step(
    paper: PaperType,
    chosen: list[Card],
    hand: list[Card],
    own: list[Card],
    foreign: list[Card],
    budget: int,
    laid: bool,
    short: bool,
    spare: dict[Card, float],
) -> tuple[Card, int] | None:
    """The next card of the plan: of the cards that keep the paper completable within the
    hand (:func:`papers.next_cards`, with the cost of the rest after each), the first of a
    cheapest completion in the order own citations, hand cards (missed least first), others'
    citations; the short plan first asks for the fewest hand cards laid (citations counted
    free), then the cheapest, and tries others' citations before hand cards."""
    need_hand = not laid
    pool = Pool(hand, own, foreign)
    rests = {
        (card, src): rest for card, src, rest in next_cards(paper, chosen, pool, budget, need_hand)
    }
    by_index = SEVEN.index
    order = {
        OWN: sorted(own, key=by_index),
        HAND: sorted(hand, key=lambda c: (spare.get(c, 0.0), by_index(c))),
        FOREIGN: sorted(foreign, key=by_index),
    }
    if not short:
        total = min_cost(paper, chosen, pool, budget, need_hand)
        if total is None:
            return None
        for src in (OWN, HAND, FOREIGN):
            for card in order[src]:
                rest = rests.get((card, src))
                if rest is not None and COST[src] + rest == total:
                    return card, src
        return None
    best_key: tuple[Any, ...] | None = None
    best: tuple[Card, int] | None = None
    for src in (OWN, FOREIGN, HAND):
        for card in order[src]:
            rest = rests.get((card, src))
            if rest is None:
                continue
            h = [c for c in hand if c != card] if src == HAND else hand
            cites = [c for c in (*own, *foreign) if c != card]
            fewest = min_cost(
                paper,
                [*chosen, card],
                Pool(h, cites, []),
                budget - COST[src],
                need_hand and src != HAND,
            )
            key = ((src == HAND) + (INF if fewest is None else fewest), COST[src] + rest)
            if best_key is None or key < best_key:
                best_key, best = key, (card, src)
    return best


def _plan_of(steps: tuple[tuple[Card, int], ...]) -> Plan:
    return Plan(
        tuple(c for c, s in steps if s == HAND),
        tuple(c for c, s in steps if s == OWN),
        tuple(c for c, s in steps if s == FOREIGN),
        steps,
    )


class Draft(NamedTuple):
    """A publication in progress as the view shows it (empty at the start)."""

    paper: PaperType
    laid: tuple[Card, ...] = ()
    cited: tuple[Card, ...] = ()
    thanks: tuple[Card, ...] = ()


# --- the bot --------------------------------------------------------------------------------
class GreedyBot:
    """Laminate Rummy's heuristic bot; see the module docstring for how it thinks."""

    def __init__(self, seed: int = 0, params: Params = DEFAULT) -> None:
        self.name = "greedy"
        self.rng = random.Random(seed)
        self.params = params
        self._memo: dict[PlanKey, Plan | None] = {}  # plans by state: see :func:`plan`

    def choose(self, decision: Decision) -> Action:
        legal = list(decision.legal)
        if len(legal) == 1:
            return legal[0]
        view = read_view(decision.view)
        t = Table.read(view, decision.seat, self.params)
        first = legal[0]
        if isinstance(first, Discard):
            return self._least_missed(t, legal, Hand(t, t.hand))
        if isinstance(first, Keep):
            h = Hand(t, t.hand)
            return self._best(legal, [h.gain(a.card) for a in legal if isinstance(a, Keep)])
        if isinstance(first, Lay | Cite | Done):
            return self._lay(t, view["draft"], legal)
        if isinstance(first, Give):
            draft = view["draft"]
            paper = PAPER[draft["paper"]]
            gone = {SEVEN.card(c) for c in draft["laid"] + draft["thanks"]}
            rest = [c for c in t.hand if c not in gone]
            return self._least_missed(t, legal, Hand(t, rest, exclude=paper))
        if isinstance(first, Flag):
            return self._least_missed(t, legal, Hand(t, t.hand))
        return self._turn(t, legal)

    def _best(self, legal: Sequence[Action], values: Sequence[float]) -> Action:
        top = max(values)
        best = [a for a, v in zip(legal, values, strict=True) if v >= top - 1e-9]
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def _least_missed(self, t: Table, legal: Sequence[Action], h: Hand) -> Action:
        cards = [a.card for a in legal if isinstance(a, Discard | Give | Flag)]
        loss = h.losses(cards)
        return self._best(legal, [-loss[c] for c in cards])

    def values(self, decision: Decision) -> list[float] | None:
        """What it thinks each legal action of a turn is worth (aligned with
        ``decision.legal``), for a search to pick its candidates; None for other decisions,
        whose actions it does not value on one scale."""
        legal = list(decision.legal)
        if len(legal) < 2 or not isinstance(legal[0], Draw | Take | Review | Publish | Pass):
            return None
        view = read_view(decision.view)
        return self._turn_values(Table.read(view, decision.seat, self.params), legal)

    def worth(self, raw: Mapping[str, Any], seat: int) -> float:
        """What ``seat``'s position is worth from its own view, in points: its complete
        papers, its papers under review (discounted per review to come) and its hand, as
        it values them on its turn (for a search that stops a playout before the end)."""
        view = read_view(raw)
        t = Table.read(view, seat, self.params)
        pending = sum(
            t.under_review(PAPER[paper["paper"]], len(paper["cards"]))
            for paper in view["seats"][seat]["papers"]
            if len(paper["cards"]) > 1
        )
        return t.points[seat] + pending + Hand(t, t.hand).value

    # --- the turn ---------------------------------------------------------------------------
    def _turn(self, t: Table, legal: Sequence[Action]) -> Action:
        return self._best(legal, self._turn_values(t, legal))

    def _turn_values(self, t: Table, legal: Sequence[Action]) -> list[float]:
        h = Hand(t, t.hand)
        base = h.value
        values: list[float] = []
        spare: dict[Card, float] | None = None
        for action in legal:
            if isinstance(action, Draw):
                values.append(base + self._draw_gain(t, h))
            elif isinstance(action, Take):
                assert t.top is not None
                values.append(base + h.gain(t.top))
            elif isinstance(action, Review):
                values.append(base + self._review_gain(t, h, action.card))
            elif isinstance(action, Publish):
                if spare is None:
                    spare = h.losses(t.hand)
                best = self._plans(t, Draft(action.paper), spare)
                values.append(best[0] if best else -INF)
            else:  # pass
                values.append(base)
        return values

    def _draw_gain(self, t: Table, h: Hand) -> float:
        """The expected best of two unseen cards (one, when only one is left)."""
        cards = t.unseen or t.avail
        if not cards:
            return 0.0
        gains = sorted((h.gain(c) for c in cards), reverse=True)
        if t.deck_and_discards < 2 or len(gains) < 2:
            return sum(gains) / len(gains)
        n = len(gains)
        pairs = n * (n - 1) / 2
        return sum(g * (n - 1 - i) for i, g in enumerate(gains)) / pairs

    def _review_gain(self, t: Table, h: Hand, card: Card) -> float:
        author, paper, cards = t.reviewing[card]
        k = len(cards)
        if author != t.seat:
            given = t.theirs(paper, k - 1) - t.theirs(paper, k)
            if k == 2 and t.points[author] + paper.points >= t.end_points and not t.triggered:
                given += 1.0  # the End Flag, and the end comes nearer
            return h.gain(card) - t.weight(author) * given
        step = t.under_review(paper, k - 1) - t.under_review(paper, k)
        if k > 2:
            return h.gain(card) + step
        # Completing its own paper: the other card stays there, free to cite from now on.
        (left,) = [c for c in cards if c != card]
        after = Hand(t, [*t.hand, card], own=[*t.own, left])
        flag = self._flag_point(t, paper.points, after.hand)
        return after.value - h.value + step + flag

    def _flag_point(self, t: Table, points: int, hand_after: Sequence[Card]) -> float:
        mine = t.points[t.seat]
        if t.triggered or mine >= t.end_points or mine + points < t.end_points:
            return 0.0
        return 1.0 if hand_after and t.supply.get(PAPER["endflag"], 0) else 0.0

    # --- publishing -------------------------------------------------------------------------
    def _plans(self, t: Table, draft: Draft, spare: dict[Card, float]) -> tuple[float, Plan] | None:
        """The better of the cheapest and the short plan for the rest of ``draft``, valued."""
        hand = [c for c in t.hand if c not in draft.laid]
        own = [c for c in t.own if c not in draft.cited]
        foreign = [c for c in t.foreign if c not in draft.cited]
        thanks_due = sum(1 for c in draft.cited if c in t.foreign)
        budget = len(hand) - thanks_due
        chosen = [*draft.laid, *draft.cited]
        results: list[tuple[float, Plan]] = []
        for short in (False, True):
            if short:
                # Citing others instead of laying pays only if it lays fewer cards.
                if not foreign or not results:
                    break
                laid_now = len(draft.laid) + len(results[0][1].laid)
                fewest = min_cost(
                    draft.paper, chosen, Pool(hand, [*own, *foreign], []), budget, not draft.laid
                )
                if fewest is None or len(draft.laid) + fewest >= laid_now:
                    break
            if len(self._memo) > 4096:
                self._memo.clear()
            pl = plan(
                draft.paper,
                chosen,
                hand,
                own,
                foreign,
                budget,
                bool(draft.laid),
                short,
                spare,
                self._memo,
            )
            if pl is None or (results and pl.steps == results[0][1].steps):
                continue
            results.append((self._plan_value(t, draft, pl, hand, spare), pl))
        if not results:
            return None
        return max(results, key=lambda r: r[0])

    def _plan_value(
        self, t: Table, draft: Draft, pl: Plan, hand: Sequence[Card], spare: dict[Card, float]
    ) -> float:
        paper = draft.paper
        laid = [*draft.laid, *pl.laid]
        rest = [c for c in hand if c not in pl.laid and c not in draft.thanks]
        cited_foreign = [c for c in (*draft.cited, *pl.foreign) if c in t.foreign]
        gifts_left = len(cited_foreign) - len(draft.thanks)
        for _ in range(gifts_left):
            if not rest:
                break
            rest.remove(min(rest, key=lambda c: (spare.get(c, 0.0), SEVEN.index(c))))
        complete = len(laid) == 1
        own = [*t.own, laid[0]] if complete else t.own
        after = Hand(t, rest, own=own, exclude=paper)
        value = t.under_review(paper, len(laid)) + after.value
        value -= sum(t.weight(t.foreign[c]) * t.p.thanks for c in cited_foreign)
        if complete:
            value += self._flag_point(t, paper.points, rest)
        return value

    def _lay(self, t: Table, draft_view: DraftView, legal: Sequence[Action]) -> Action:
        card = SEVEN.card
        draft = Draft(
            PAPER[draft_view["paper"]],
            tuple(card(c) for c in draft_view["laid"]),
            tuple(card(c["card"]) for c in draft_view["cited"]),
            tuple(card(c) for c in draft_view["thanks"]),
        )
        done = next((a for a in legal if isinstance(a, Done)), None)
        if done is not None:
            return done
        spare = Hand(t, t.hand).losses(t.hand)
        best = self._plans(t, draft, spare)
        if best is not None and best[1].steps:
            step, src = best[1].steps[0]
            for action in legal:
                if isinstance(action, Lay if src == HAND else Cite) and action.card == step:
                    return action
        return legal[0]  # not reached: every legal step is on some plan


def make_greedy(seed: int = 0) -> GreedyBot:
    """The ``greedy`` bot's factory for ``GameSpec.bots``."""
    return GreedyBot(seed)
