"""What each seat may know, and worlds consistent with it.

Hidden: the hands (except cards a seat saw arrive: taken from the discards or a paper, or
given by that seat), the deck, the two cards a researcher chooses between, and a
publication in progress (the others see an ordinary turn until the paper is on the table).
Public: the discard pile in order, every paper and its cards, the supply, hand sizes.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, TypeVar

from asobi.core.cards import SEVEN, Card

if TYPE_CHECKING:
    from asobi.games.laminate.rules import LaminateState

S = TypeVar("S", bound="LaminateState")


def _codes(cards: Any) -> list[str]:
    return [c.code for c in SEVEN.sort(cards)]


def viewer_index(state: LaminateState, seat: int | None) -> int:
    """Row of ``state.known`` for ``seat`` (the last row is a spectator's)."""
    return state.n if seat is None else seat


def view_of(state: LaminateState, seat: int | None) -> dict[str, Any]:
    me = viewer_index(state, seat)
    authors = state.citable()
    seats = []
    for s in range(state.n):
        entry: dict[str, Any] = {
            "hand_size": len(state.hands[s]),
            "known_cards": _codes(state.known[me][s]) if s != seat else [],
            "points": state.points(s),
            "complete_papers": sum(p.complete for p in state.papers[s]),
            "papers": [
                {"paper": p.kind.id, "cards": [c.code for c in p.cards], "complete": p.complete}
                for p in state.papers[s]
            ],
        }
        if s == seat:
            entry["hand"] = _codes(state.hands[s])
        seats.append(entry)
    phase = state.public_phase(seat)
    result = state.outcome()
    view: dict[str, Any] = {
        "game": "laminate",
        "seat": seat,
        "players": state.n,
        "phase": str(phase),
        "active": sorted(state.active_seats()),
        "turn": state.turn,
        "turn_no": state.turn_no,
        "deck_size": len(state.deck),
        "discards": [c.code for c in state.discards],
        "drawing": len(state.drawn),
        "supply": {p.id: n for p, n in state.supply.items()},
        "citable": [{"card": c.code, "author": a} for c, a in authors.items()],
        "end_points": state.options.end_points,
        "end_condition_met_by": state.trigger,
        "turns_left": state.turns_left if state.trigger is not None else None,
        "passes_in_row": state.passes,
        "end_reason": state.end_reason,
        "seats": seats,
        "outcome": result.to_json() if result is not None else None,
    }
    if seat is not None and seat == state.turn:
        if state.drawn:
            view["drawn"] = [c.code for c in state.drawn]
        draft = state.draft
        if draft is not None:
            view["draft"] = {
                "paper": draft.paper.id,
                "laid": [c.code for c in draft.laid],
                "cited": [{"card": c.code, "author": authors[c]} for c in draft.cited],
                "thanks": [c.code for c in draft.thanks],
                "thanks_due": sum(authors[c] != seat for c in draft.cited),
            }
    return view


def determinize(state: S, seat: int | None, rng: random.Random) -> S:
    """A copy in which every card ``seat`` cannot see is dealt again at random: the deck,
    the unknown cards of the other hands, and another researcher's two drawn cards. Another
    seat's publication in progress is unseen, so in the world its turn starts afresh.

    What the other seats know of the hands is reset to what everyone knows (their private
    knowledge is not ``seat``'s to use)."""
    from asobi.games.laminate.rules import Phase

    world = state.clone()
    me = viewer_index(world, seat)
    others = [s for s in range(world.n) if s != seat]
    pool: list[Card] = list(world.deck)
    for s in others:
        pool += [c for c in world.hands[s] if c not in world.known[me][s]]
    drawn_hidden = bool(world.drawn) and world.turn != seat
    if drawn_hidden:
        pool += world.drawn
    pool = SEVEN.sort(pool)  # the world depends on what the seat knows, not the true order
    rng.shuffle(pool)
    for s in others:
        known = SEVEN.sort(c for c in world.hands[s] if c in world.known[me][s])
        world.hands[s] = known + [pool.pop() for _ in range(len(world.hands[s]) - len(known))]
    if drawn_hidden:
        world.drawn = [pool.pop() for _ in world.drawn]
    world.deck = pool
    if world.turn != seat and world.phase in (Phase.PUBLISH, Phase.GIFT):
        world.phase = Phase.TURN
        world.draft = None
    public = world.known[world.n]
    for viewer in range(world.n):
        if viewer != seat:
            world.known[viewer] = [
                set(k) if owner != viewer else set() for owner, k in enumerate(public)
            ]
    world.rng = random.Random(rng.getrandbits(64))
    return world
