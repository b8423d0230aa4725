"""What each seat may know, and worlds consistent with it.

Hidden: the hands (except the cards the other seat saw go in: each player's starting
boost, and cards taken from the face-up discards) and the deck's order. Public: the
discards, open and removed cards, rows, hand sizes and the deck's size.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, TypeVar

from asobi.games.starmine import scoring
from asobi.games.starmine.actions import ROW_NAMES, BoostPenalty, Meld
from asobi.games.starmine.cards import FIREWORKS

if TYPE_CHECKING:
    from asobi.games.starmine.rules import StarmineState

S = TypeVar("S", bound="StarmineState")


def _meld_json(meld: Meld, penalty: BoostPenalty) -> dict[str, Any]:
    return {
        "kind": meld.kind,
        "cards": [c.code for c in meld.cards],
        "points": meld.points(penalty),
    }


def view_of(state: StarmineState, seat: int | None) -> dict[str, Any]:
    seats = []
    for s in range(state.players):
        rows = state.rows[s]
        entry: dict[str, Any] = {
            "hand_size": len(state.hands[s]),
            "known_cards": [c.code for c in FIREWORKS.sort(state.known[s])],
            "rows": {
                ROW_NAMES[r]: [_meld_json(m, state.penalty) for m in rows[r]] for r in range(3)
            },
            "row_totals": dict(zip(ROW_NAMES, scoring.totals(rows, state.penalty), strict=True)),
        }
        if s == seat:
            entry["hand"] = [c.code for c in FIREWORKS.sort(state.hands[s])]
        seats.append(entry)
    result = state.outcome()
    view: dict[str, Any] = {
        "game": "starmine",
        "mode": "solo" if state.solo else "duel",
        "boost_penalty": state.penalty,  # how boosts cost points: an option, public
        "seat": seat,
        "phase": str(state.phase),
        "turn": state.turn,
        "active": sorted(state.active_seats()),
        "deck_size": len(state.deck),
        "draws_left": state.draws_left,
        "last_drawer": state.last_drawer,
        "chase_rounds": state.chase_rounds,
        "seats": seats,
        "outcome": result.to_json() if result is not None else None,
    }
    if state.solo:
        view["open_cards"] = [c.code for c in state.discards]
        view["removed_cards"] = [c.code for c in state.removed]
        view["flipped"] = state.flipped.code if state.flipped is not None else None
        view["current_row"] = ROW_NAMES[state.current_row]
    else:
        view["discards"] = [c.code for c in state.discards]
        view["discarded_this_turn"] = state.no_take.code if state.no_take is not None else None
    return view


def determinize(state: S, seat: int | None, rng: random.Random) -> S:
    """A copy in which every card ``seat`` cannot see is dealt again at random: the deck's
    order and, in the duel, the other hand's unknown cards (its known cards stay put)."""
    world = state.clone()
    hidden_seats = [s for s in range(state.players) if s != seat]
    pool = list(world.deck)
    for s in hidden_seats:
        pool += [c for c in world.hands[s] if c not in world.known[s]]
    # Sorting first makes the world depend only on what the seat knows (and ``rng``), not
    # on the order in which the hidden cards really lie.
    pool = FIREWORKS.sort(pool)
    rng.shuffle(pool)
    for s in hidden_seats:
        unknown = len(world.hands[s]) - len(world.known[s])
        known = FIREWORKS.sort(c for c in world.hands[s] if c in world.known[s])
        world.hands[s] = known + pool[:unknown]
        del pool[:unknown]
    world.deck = pool
    # The true generator's state would betray the shuffle it made (Mersenne Twister can be
    # run backwards): the world gets a generator of its own.
    world.rng = random.Random(rng.getrandbits(64))
    return world
