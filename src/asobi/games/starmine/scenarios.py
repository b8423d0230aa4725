"""Scenarios: a Starmine game started from a described position instead of a deal.

The JSON form (every key optional; cards by code: R/Y/G/B + 1–7, boosts W1 and W2)::

    {
      "hands":    [["R1", "R2", "R3", "W1"], ["Y4", "Y5", "G6", "W2"]],
      "deck":     ["B1", "B2"],          # top first
      "discards": ["G7"],                # duel: face-up discards, oldest first
      "open":     [], "removed": [],     # solo: open cards and removed cards
      "rows":     [{"opening": ["pair R1 Y1"], "main": [], "finale": []}, ...],
      "turn":     0,                     # the seat to act (duel)
      "current_row": "main",             # solo: rows below it are closed
      "rest":     "deck"                 # unlisted cards: shuffled under the deck ("deck")
                                         # or left in the box, out of play ("box")
    }

Without "hands" each hand is dealt as in section 4; without "discards" (duel) one card is
turned up from the deck. A meld is written "kind cards" (seq, three, pair) or just its
cards, which reads them as their best meld.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from asobi.core.cards import FIREWORKS, is_boost
from asobi.core.errors import InvalidSetup
from asobi.core.scenarios import ScenarioCards
from asobi.games.starmine.actions import OPENING, ROW_NAMES, Meld, best_meld, find_meld

if TYPE_CHECKING:
    from asobi.games.starmine.rules import StarmineState

KEYS = {"hands", "deck", "discards", "open", "removed", "rows", "turn", "current_row", "rest"}


def parse_meld(text: str) -> Meld:
    words = text.split()
    if words and words[0].lower() in ("seq", "three", "pair"):
        meld = find_meld(words[0].lower(), FIREWORKS.parse(words[1:]))
    else:
        meld = best_meld(FIREWORKS.parse(words))
    if meld is None:
        raise InvalidSetup(f"{text!r} is not a meld (役)")
    return meld


def apply_setup(state: StarmineState, setup: Mapping[str, Any]) -> None:
    n = state.players
    listed = ScenarioCards(setup, FIREWORKS, KEYS, n)
    take = listed.take

    if "rows" in setup:
        if len(setup["rows"]) != n:
            raise InvalidSetup(f"rows: one entry per seat ({n})")
        for seat, rows in enumerate(setup["rows"]):
            for name, melds in dict(rows).items():
                if name not in ROW_NAMES:
                    raise InvalidSetup(f"rows: {name!r} is not a row ({', '.join(ROW_NAMES)})")
                for text in melds:
                    meld = parse_meld(text)
                    listed.note(meld.cards)
                    state.rows[seat][ROW_NAMES.index(name)].append(meld)
    state.deck = list(reversed(take(setup.get("deck", []), "deck")))
    if state.solo:
        state.discards = take(setup.get("open", []), "open")
        state.removed = take(setup.get("removed", []), "removed")
        if "current_row" in setup:
            if setup["current_row"] not in ROW_NAMES:
                raise InvalidSetup(f"current_row must be one of {', '.join(ROW_NAMES)}")
            state.current_row = ROW_NAMES.index(setup["current_row"])
        rows = state.rows[0]
        if not rows[OPENING] and (any(rows[OPENING + 1 :]) or state.current_row != OPENING):
            raise InvalidSetup(
                "solo: the opening is empty, so no later row can have begun "
                "(solo §3 C ②: the first meld goes onto the opening)"
            )
    elif "discards" in setup:
        state.discards = take(setup["discards"], "discards")
    boosts = [c for c in FIREWORKS.cards if is_boost(c)]
    if "hands" in setup:
        if len(setup["hands"]) != n:
            raise InvalidSetup(f"hands: one hand per seat ({n})")
        for seat, codes in enumerate(setup["hands"]):
            state.hands[seat] = take(codes, f"hand {seat}")
            state.known[seat] = {c for c in state.hands[seat] if is_boost(c)}
    listed.check_unique()

    rest = listed.rest()
    if "hands" not in setup:
        rest_fireworks = [c for c in rest if not is_boost(c)]
        state.rng.shuffle(rest_fireworks)
        for seat in range(n):
            if boosts[seat] not in rest:
                raise InvalidSetup(f"boost {boosts[seat]} is already placed; list the hands")
            state.hands[seat] = [rest_fireworks.pop() for _ in range(state.options.hand_size)]
            state.hands[seat].append(boosts[seat])
            state.known[seat] = {boosts[seat]}
        rest = [c for c in rest if c not in {c for h in state.hands for c in h}]
    rest_mode = setup.get("rest", "deck")
    if rest_mode not in ("deck", "box"):
        raise InvalidSetup("rest must be 'deck' or 'box'")
    if rest_mode == "box" or state.solo:
        # The solo game uses one boost; the other stays in the box whatever "rest" says.
        spare_boosts = [c for c in rest if is_boost(c)]
        if rest_mode == "box":
            state.boxed = rest
            rest = []
        else:
            state.boxed = spare_boosts
            rest = [c for c in rest if not is_boost(c)]
    state.rng.shuffle(rest)
    state.deck = rest + state.deck  # unlisted cards go under the listed ones
    if not state.solo and "discards" not in setup:
        if not state.deck:
            raise InvalidSetup("no deck card to turn up as the first discard")
        state.discards = [state.deck.pop()]
    if state.solo:
        if not state.deck:
            raise InvalidSetup("the solo game needs a deck to turn up cards from")
        state._start_solo_turn()
        return
    turn = setup.get("turn", state.options.start_player)
    if turn is None:
        turn = state.rng.randrange(n)
    if not isinstance(turn, int) or not 0 <= turn < n:
        raise InvalidSetup(f"turn must be a seat 0..{n - 1}")
    state.turn = turn
    if not state.deck:
        raise InvalidSetup("the deck is empty: the game would already be in its final phase")
