"""What each seat may know, and worlds consistent with it.

Hidden: the other hand, except the cards seen going in (drawn face up, or face down after
this seat looked at them with the School); the face-down cards of the row, except those this
seat looked at; the School's range to everyone but its looker. Public: the row's face-up
cards and where the face-down ones lie, the buildings and the cards on them, the
combinations, the tepu, hand sizes and who looked at which cards.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, TypeVar

from asobi.core.cards import FRENCH52, Card
from asobi.games.rummycity.combos import (
    STANDING_NAMES,
    Combination,
    fits,
    is_complete,
    next_pieces_towards,
)

if TYPE_CHECKING:
    from asobi.games.rummycity.rules import RummyCityState

S = TypeVar("S", bound="RummyCityState")


def _combination_json(combo: Combination) -> dict[str, Any]:
    out: dict[str, Any] = {
        "kind": combo.kind,
        "cards": [p.card.code for p in combo.pieces],
        "building": combo.building,
    }
    wild = {p.card.code: STANDING_NAMES[p.standing] for p in combo.pieces if p.standing}
    if wild:
        out["standing"] = wild
    return out


def view_of(state: RummyCityState, seat: int | None) -> dict[str, Any]:
    n = state.players
    viewer = n if seat is None else seat
    seats = []
    for s in range(n):
        entry: dict[str, Any] = {
            "tepu": state.tepu[s],
            "hand_size": len(state.hands[s]),
            "known_cards": [c.code for c in FRENCH52.sort(state.known[viewer][s])],
            "buildings": list(state.owned[s]),
            "combinations": [_combination_json(c) for c in state.laid[s]],
            "last_round_combinations": [_combination_json(c) for c in state.last_laid[s]],
            "draw_limit": state.draw_limit(s),
        }
        if s == seat:
            entry["hand"] = [c.code for c in FRENCH52.sort(state.hands[s])]
            entry["last_round_hand"] = [c.code for c in FRENCH52.sort(state.last_hands[s])]
            del entry["known_cards"]
        seats.append(entry)
    row = [
        {
            "card": code,
            "face_up": card not in state.face_down,
            "looked_at_by": [s for s in range(n) if card in state.seen[s]],
        }
        for card, code in zip(state.row, state.row_codes(seat), strict=True)
    ]
    result = state.outcome()
    view: dict[str, Any] = {
        "game": "rummycity",
        "mode": "solo" if state.solo else "duel",
        "seat": seat,
        "round": state.round,
        "first_player": state.first,
        "phase": str(state.phase),
        "turn": state.turn,
        "active": sorted(state.active_seats()),
        "final_turn": state.final,
        "builds_this_turn": state.builds,
        "passes_in_a_row": state.passes,
        "last_drawer": state.last_drawer,
        "overtime": state.overtime,
        "target": state.options.target,
        "round_limit": state.options.round_limit,
        "row": row,
        "supply": list(state.supply),
        "deposits": {b: c.code for b, c in state.deposits.items()},
        "seats": seats,
        "catalogue": state.catalogue.to_json(),
        "settlements": [dict(s) for s in state.settlements],
        "outcome": result.to_json() if result is not None else None,
    }
    if state.phase.value == "lay":
        view["making"] = {
            "building": state.target,
            "kind": state.kind,
            "cards": [p.card.code for p in state.chosen],
        }
    if state.looked:
        view["looking"] = {
            "count": len(state.looked),
            "taken": sorted(state.taken),
            "cards": [c.code for c in state.looked] if seat == state.turn else None,
        }
    if state.solo:
        view["discards"] = [c.code for c in state.discards]
        view["last_round_discards"] = [c.code for c in state.last_discards]
        view["rounds"] = state.options.solo_rounds
    return view


def determinize(state: S, seat: int | None, rng: random.Random) -> S:
    """A copy in which every card ``seat`` cannot see is dealt again at random: the other
    hand's unknown cards and the row's face-down cards it has not looked at (which lie
    where they lay: their places are public). Another seat's knowledge follows the cards by
    place: what it looked at in the row is whatever now lies there; what it knew of a hand
    it no longer knows, unless ``seat`` knows it too (only a spectator's worlds lose any).
    A hand laying a combination keeps cards that can finish it (everyone saw it start)."""
    world = state.clone()
    n = state.players
    viewer = n if seat is None else seat
    sees = world.seen[seat] if seat is not None else set()
    hidden_seats = [s for s in range(n) if s != seat]
    slots = [i for i, c in enumerate(world.row) if c in world.face_down and c not in sees]
    kept = {
        s: FRENCH52.sort(c for c in world.hands[s] if c in world.known[viewer][s])
        for s in hidden_seats
    }
    # Sorting first makes the world depend only on what the seat knows (and ``rng``).
    old = FRENCH52.sort(
        [world.row[i] for i in slots]
        + [c for s in hidden_seats for c in world.hands[s] if c not in world.known[viewer][s]]
    )
    new = list(old)
    rng.shuffle(new)
    dealt: dict[int, list[Card]] = {}
    layer = world.turn if str(world.phase) == "lay" and world.turn in hidden_seats else None
    if layer is not None:
        share = len(world.hands[layer]) - len(kept[layer])
        forced = _completion(state, layer, kept[layer], old, share, rng)
        new = [c for c in new if c not in forced]
        dealt[layer] = forced + new[: share - len(forced)]
        del new[: share - len(forced)]
    for s in hidden_seats:
        if s not in dealt:
            share = len(world.hands[s]) - len(kept[s])
            dealt[s], new = new[:share], new[share:]
        world.hands[s] = kept[s] + dealt[s]
    now_at: dict[Card, Card] = {}
    for i in slots:
        now_at[world.row[i]] = card = new.pop()
        world.row[i] = card
    resampled = set(old)
    world.face_down = (world.face_down - resampled) | set(now_at.values())
    off_the_row = resampled - now_at.keys()
    for s in range(n):  # what each other seat looked at: the cards now in those places
        world.seen[s] = {now_at.get(c, c) for c in world.seen[s] if c not in off_the_row}
    world.looked = [now_at.get(c, c) for c in world.looked]
    for row in world.known:
        for known in row:
            known.difference_update(resampled)
    for s in hidden_seats:  # what another hand held last round is not this seat's to know
        world.last_hands[s] = []
    # The true generator's state would betray the shuffle it made: the world gets its own.
    world.rng = random.Random(rng.getrandbits(64))
    return world


def _completion(
    state: RummyCityState,
    layer: int,
    kept: list[Card],
    unseen: list[Card],
    share: int,
    rng: random.Random,
) -> list[Card]:
    """Cards among ``unseen`` that, with the ``kept`` ones, finish the combination ``layer``
    is laying, at most ``share`` of them: a random finish, the kept cards first. The true
    hand holds one, so one exists; the rare finish that needs more unseen cards than the
    hand has room for is drawn again, and after 50 draws the hand keeps its own cards."""
    recipes, chosen = state.recipes, state.chosen
    if any(fits(r, chosen, state.pieces(layer, kept)) for r in recipes):
        return []
    mine = set(kept)
    for _ in range(50):
        laid = list(chosen)
        rest = state.pieces(layer, kept + unseen)
        picked: list[Card] = []
        while not any(is_complete(r, laid) for r in recipes):
            choices = next_pieces_towards(recipes, laid, rest)
            own = [p for p in choices if p.card in mine]
            piece = own[0] if own else rng.choice(choices)
            laid.append(piece)
            rest.remove(piece)
            if piece.card not in mine:
                picked.append(piece.card)
        if len(picked) <= share:
            return picked
    return [c for c in state.hands[layer] if c not in mine]
