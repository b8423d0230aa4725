"""The greedy Rummy City bot (``greedy``): no search, from its seat's view only.

It reads only ``decision.view`` (its hand, the row's face-up cards, the buildings, the
catalogue, this round's combinations) and ``decision.legal``; it never holds the true
state. Its own seeded ``random.Random`` only breaks exact ties.

What it thinks
--------------
**A card's promise.** A card is worth keeping when it has partners in hand: cards of its
suit one or two ranks away (a Run), cards of its rank (a Set), cards of a neighbouring
rank in another suit (a MIX Run, weighed less, since MIX buildings are few). Its promise is
``0.5`` per partner, at most ``1.5``; a wildcard (the Police station's rank) is worth 1.5
and a suitless card (the Bank's) counts partners of every suit.

**What a card costs.** Every card still in hand at settlement costs 1 tepu. A card drawn
early in the round has time to find partners; one drawn late mostly does not. So a card
costs ``0.4`` at the start of a round, rising to ``1.2`` as the row empties.

**Drawing** (プレーの手順 1). For each count it may draw, it adds up promise minus cost of
the face-up cards it would take (each judged with the ones before it in hand) and ``0.45``
for each face-down card, plus 1 (a tepu) when the card the draw leaves on top of the row pays
its Market (a face-up ♦) or its Mine (a face-down card), and draws the count with the best
total. With a ♠ building it
passes instead when even the best count loses (and passing is allowed). With the School it
looks, then takes each card whose promise beats its cost (at least the best one).

**Building** (プレーの手順 2). It builds whenever it can, the most valuable building first:
its income (×2.5) plus what its effect is worth to it (a ♥ draw limit 2, the School 3, a ♠
pass 1, the Bank and the Police station 4, the Post office and the Station 1, and the ♦
buildings as income of what they pay a round in greedy games, about 4 tepu the Market and 5
the Mine: 10 and 12.5), doubled in part when taken from the other town (the other loses it).
It lays the cards the rest of its hand needs least, natural cards before wildcards, and keeps
extending an open-ended Run (every card laid is a tepu not paid). In the final turns it then
lays every other combination it can (each is a tepu and 3+ cards fewer to pay for); it ends
a turn, a final turn or its lay-offs when nothing is left to do.

**The rest.** It puts its least promising card on a Bank or Police station as soon as it
may (one card fewer in hand, and a rank that helps from then on); at settlement it lays off
every card it can; in solo, a 7th building sends back its least valuable one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from asobi.core.actions import Action
from asobi.core.bots import Decision
from asobi.core.cards import FRENCH52, Card
from asobi.games.rummycity.actions import (
    Build,
    Done,
    Draw,
    End,
    Lay,
    LayOff,
    Look,
    Meld,
    Pass,
    Place,
    Return,
    Take,
)
from asobi.games.rummycity.views import RummyCityView, read_view

FACE_DOWN_PROMISE = 0.45
COST_EARLY, COST_LATE = 0.1, 0.8  # what a card drawn costs, at a round's start and end
PASS_BELOW = -0.5  # pass (♠) when the best draw is worth less than this
EFFECT_WORTH = {
    "school": 3.0,
    "bank": 4.0,
    "police": 4.0,
    "market": 10.0,
    "mine": 12.5,
    "post_office": 1.0,
    "station": 1.0,
}
MARK_WORTH = {"♥": 2.0, "♠": 1.0}
ROW_LENGTH = 48


class GreedyBot:
    def __init__(self, seed: int = 0) -> None:
        self.name = "greedy"
        self.rng = random.Random(seed)

    def choose(self, decision: Decision) -> Action:
        view, legal = read_view(decision.view), list(decision.legal)
        me = view["seats"][decision.seat]
        hand = FRENCH52.parse(me["hand"])
        wild, suitless = _standings(view, decision.seat)
        judge = _Judge(hand, wild, suitless, len(view["row"]))
        by_type: dict[type, list[Action]] = {}
        for a in legal:
            by_type.setdefault(type(a), []).append(a)

        if places := by_type.get(Place):
            return min(places, key=lambda a: (judge.promise(a.card), FRENCH52.index(a.card)))  # type: ignore[attr-defined]
        if returns := by_type.get(Return):
            return min(returns, key=lambda a: _worth(view, a.building, decision.seat))  # type: ignore[attr-defined]
        if lays := by_type.get(Lay):
            return self._lay(view, judge, lays, by_type.get(Done, []))
        if Done in by_type and not by_type.get(Take):
            return by_type[Done][0]
        if takes := by_type.get(Take):
            return self._take(view, judge, takes, by_type.get(Done, []))
        if layoffs := by_type.get(LayOff):
            return layoffs[0]
        if builds := by_type.get(Build):
            return max(builds, key=lambda a: _worth(view, a.building, decision.seat))  # type: ignore[attr-defined]
        if melds := by_type.get(Meld):
            return melds[0]
        if looks := by_type.get(Look):
            return looks[0]
        if draws := by_type.get(Draw):
            return self._draw(view, judge, draws, by_type.get(Pass, []), decision.seat)
        if ends := by_type.get(End):
            return ends[0]
        return self.rng.choice(legal)

    def _draw(
        self,
        view: RummyCityView,
        judge: _Judge,
        draws: list[Action],
        passes: list[Action],
        seat: int,
    ) -> Action:
        totals = []
        held = list(judge.hand)
        total = 0.0
        for count, entry in enumerate(view["row"][: len(draws)], start=1):
            if entry["card"] is None:
                total += FACE_DOWN_PROMISE - judge.cost
            else:
                card = FRENCH52.card(entry["card"])
                total += judge.promise(card, held) - judge.cost
                held.append(card)
            totals.append(total + _diamond_pay(view, seat, count))
        best = max(range(len(totals)), key=lambda i: (totals[i], -i))
        if totals[best] < PASS_BELOW and passes:
            return passes[0]
        return draws[best]

    def _take(
        self, view: RummyCityView, judge: _Judge, takes: list[Action], done: list[Action]
    ) -> Action:
        cards = view["looking"]["cards"]
        assert cards is not None  # the looker sees the range it takes from
        scored = []
        for take in takes:
            card = FRENCH52.card(cards[take.position - 1])  # type: ignore[attr-defined]
            scored.append((judge.promise(card) - judge.cost, -take.position, take))  # type: ignore[attr-defined]
        best = max(scored, key=lambda s: (s[0], s[1]))
        if best[0] > 0 or not done:
            return best[2]
        return done[0]

    def _lay(
        self, view: RummyCityView, judge: _Judge, lays: list[Action], done: list[Action]
    ) -> Action:
        making = view.get("making")
        building = making["building"] if making else None
        open_ended = False
        if building is not None:
            recipe = next(b["recipe"] for b in view["catalogue"] if b["id"] == building)
            open_ended = "+" in recipe
        if done and not open_ended:
            return done[0]
        chosen = FRENCH52.parse(making["cards"] if making else [])
        rest = [c for c in judge.hand if c not in chosen]
        return min(
            lays,
            key=lambda a: (
                a.card.rank in judge.wild,  # type: ignore[attr-defined]
                judge.promise(a.card, rest),  # type: ignore[attr-defined]
                FRENCH52.index(a.card),  # type: ignore[attr-defined]
            ),
        )


class _Judge:
    def __init__(self, hand: list[Card], wild: set[int], suitless: set[int], row: int) -> None:
        self.hand = hand
        self.wild = wild
        self.suitless = suitless
        self.cost = COST_EARLY + (COST_LATE - COST_EARLY) * (1 - row / ROW_LENGTH)

    def promise(self, card: Card, hand: Sequence[Card] | None = None) -> float:
        """How likely the card is to end up in a combination, from its partners in hand."""
        if card.rank in self.wild:
            return 1.5
        partners = 0.0
        for other in self.hand if hand is None else hand:
            if other is card:
                continue
            gap = _gap(card.rank, other.rank)
            same_suit = other.suit == card.suit or card.rank in self.suitless
            if other.rank in self.wild or gap == 0:
                partners += 1
            elif same_suit and gap <= 2:
                partners += 1 if gap == 1 else 0.6
            elif gap == 1:
                partners += 0.4
        return min(1.5, 0.5 * partners)


def _gap(a: int, b: int) -> int:
    """Rank distance, the A being next to both the 2 and the K."""
    d = abs(a - b)
    if 1 in (a, b):
        d = min(d, abs((14 if a == 1 else a) - (14 if b == 1 else b)))
    return d


def _standings(view: RummyCityView, seat: int) -> tuple[set[int], set[int]]:
    """The ranks that are wild (Police station) and suitless (Bank) for ``seat``."""
    effects = {b["id"]: b["effect"] for b in view["catalogue"]}
    wild: set[int] = set()
    suitless: set[int] = set()
    for building in view["seats"][seat]["buildings"]:
        code = view["deposits"].get(building)
        if code is None:
            continue
        rank = FRENCH52.card(code).rank
        (wild if effects[building] == "police" else suitless).add(rank)
    return wild, suitless


def _diamond_pay(view: RummyCityView, seat: int, count: int) -> float:
    """What the seat's ♦ buildings pay at the end of a turn that draws ``count`` cards: the
    Market a tepu for a face-up ♦ then on top of the row, the Mine for a face-down one (solo
    discards as many cards again after the draw)."""
    effects = {b["id"]: b["effect"] for b in view["catalogue"]}
    owned = {effects[b] for b in view["seats"][seat]["buildings"]}
    if not owned & {"market", "mine"}:
        return 0.0
    at = count * 2 if view["mode"] == "solo" else count
    if at >= len(view["row"]):
        return 0.0
    top = view["row"][at]
    if not top["face_up"]:
        return float("mine" in owned)
    return float("market" in owned and (top["card"] or "").startswith("D"))  # face up: known


def _worth(view: RummyCityView, building: str, seat: int) -> float:
    """What a building is worth to its owner; more when taken from the other town."""
    b = next(x for x in view["catalogue"] if x["id"] == building)
    worth = 2.5 * b["income"] + EFFECT_WORTH.get(b["effect"], 0.0) + MARK_WORTH.get(b["mark"], 0.0)
    owners = [s for s, entry in enumerate(view["seats"]) if building in entry["buildings"]]
    if owners and owners[0] != seat:
        worth *= 1.6
    return float(worth)


def make_greedy(seed: int = 0) -> GreedyBot:
    return GreedyBot(seed)
