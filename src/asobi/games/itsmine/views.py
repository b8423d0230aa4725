"""What each seat may know, and worlds consistent with it.

Hidden: hands (except citizens a player was seen to take), the deck, the bonus pile, the
bonus card being decided, what a player removed face down, and a bid or a simultaneous play
until both are in. Public: mines, columns, citizens, dice faces shown and the faces they bar,
pile sizes, hand sizes, how many cards each removed.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, TypeVar

from asobi.core.cards import SEVEN
from asobi.games.itsmine.actions import FACES, MINES

if TYPE_CHECKING:
    from asobi.games.itsmine.rules import ItsMineState

S = TypeVar("S", bound="ItsMineState")


def _codes(cards: Any) -> list[str]:
    return [c.code for c in SEVEN.sort(cards)]


def view_of(state: ItsMineState, seat: int | None) -> dict[str, Any]:
    seats = []
    for s in (0, 1):
        entry: dict[str, Any] = {
            "hand_size": len(state.hands[s]),
            "known_cards": _codes(state.known[s]),
            "columns": {
                m.code: [c.code for c in col]
                for m, col in zip(MINES, state.columns[s], strict=True)
            },
            "die": state.last_face[s],
            # Public: last round's face and a tied face are both shown on the dice.
            "forbidden_faces": sorted(state.forbidden[s]),
            # How many cards were removed face down is seen; which ones is not.
            "removed_count": len(state.bonus_removed[s]),
            "committed": (state.bids[s] if state.phase == "bid" else state.pending[s]) is not None,
        }
        if s == seat:
            entry["hand"] = _codes(state.hands[s])
            entry["removed_bonus"] = [c.code for c in state.bonus_removed[s]]
            if state.bids[s] is not None:
                entry["bid"] = state.bids[s]
            pending = state.pending[s]
            if pending is not None:
                entry["play"] = pending.encode()
        seats.append(entry)
    result = state.outcome()
    view: dict[str, Any] = {
        "game": "itsmine",
        "variant": state.options.variant,
        "seat": seat,
        "phase": str(state.phase),
        "round": state.round,
        "final_round": state.final_round,
        "end_reason": state.end_reason,
        "active": sorted(state.active_seats()),
        "mines": [m.code for m in MINES],
        "bonus_claimed": [
            m.code for m, done in zip(MINES, state.bonus_claimed, strict=True) if done
        ],
        "citizens": _codes(state.citizens),
        "deck_size": len(state.deck),
        "bonus_pile": len(state.bonus),
        "ties": state.ties,
        "higher": state.higher,
        "take_left": state.take_left if state.phase == "take" else 0,
        "take_must": state.take_must if state.phase == "take" else 0,
        "seats": seats,
        "outcome": result.to_json() if result is not None else None,
    }
    if state.bonus_card is not None and seat == state.bonus_seat:
        view["bonus_card"] = state.bonus_card.code
    return view


def determinize(state: S, seat: int | None, rng: random.Random) -> S:
    """A copy in which every card ``seat`` cannot see is dealt again at random (the deck,
    the bonus pile, the other hand's unknown cards, what the other removed face down, a
    bonus card the other is looking at), and the other's secret bid or play is chosen again."""
    world = state.clone()
    hidden = [s for s in (0, 1) if s != seat]
    pool = list(world.deck) + list(world.bonus)
    for s in hidden:
        pool += [c for c in world.hands[s] if c not in world.known[s]]
        pool += world.bonus_removed[s]
    card_hidden = world.bonus_card is not None and world.bonus_seat != seat
    if card_hidden:
        pool.append(world.bonus_card)  # type: ignore[arg-type]
    pool = SEVEN.sort(pool)  # the world depends on what the seat knows, not the true order
    rng.shuffle(pool)
    for s in hidden:
        unknown = len(world.hands[s]) - len(world.known[s])
        known = SEVEN.sort(c for c in world.hands[s] if c in world.known[s])
        world.hands[s] = known + [pool.pop() for _ in range(unknown)]
        world.bonus_removed[s] = [pool.pop() for _ in world.bonus_removed[s]]
    if card_hidden:
        world.bonus_card = pool.pop()
    world.bonus = [pool.pop() for _ in world.bonus]
    world.deck = pool
    for s in hidden:  # a secret commitment the seat has not seen
        if world.bids[s] is not None:
            world.bids[s] = rng.choice([f for f in FACES if f not in world.forbidden[s]])
        if world.pending[s] is not None:
            world.pending[s] = rng.choice(world._list_legal(s))
    world._legal = {}
    world.rng = random.Random(rng.getrandbits(64))
    return world
