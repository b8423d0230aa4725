"""Scenarios: an It's Mine! game started from a described position instead of a deal.

The JSON form (every key optional; cards by SEVEN code: suit H O B C S T K + A, 2–12, K)::

    {
      "hands":     [["H2", "O3"], ["C5"]],
      "deck":      ["S6", "T9"],            # top first
      "citizens":  ["B4", "C6"],            # face up on the table
      "bonus":     ["K8", "T7"],            # the bonus pile, top first
      "columns":   [{"C": ["C4", "C6"]}, {"S": ["S9"]}],   # per seat, by suit letter
      "removed_bonus": [[], ["H3"]],        # bonus cards removed face down, per seat
      "bonus_claimed": ["C"],               # mines whose 3-card bonus is gone
      "last_face": [3, 5],                  # the faces shown last round
      "round": 4, "final_round": false,
      "rest": "deck"                        # unlisted cards: shuffled under the deck
                                            # ("deck") or left in the box ("box")
    }

Without "hands", "citizens" or "bonus" those are dealt from the deck as in the setup.
The game starts at phase 1 (the auction) of the given round.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from asobi.core.cards import SEVEN, Card
from asobi.core.errors import InvalidSetup
from asobi.core.scenarios import ScenarioCards
from asobi.games.itsmine.actions import FACES, MINES, PLAYING_CARDS, SUIT_INDEX
from asobi.games.itsmine.rules import accepts

if TYPE_CHECKING:
    from asobi.games.itsmine.rules import ItsMineState

KEYS = {
    "hands", "deck", "citizens", "bonus", "columns", "removed_bonus", "bonus_claimed",
    "last_face", "round", "final_round", "rest",
}  # fmt: skip


def apply_setup(state: ItsMineState, setup: Mapping[str, Any]) -> None:
    listed = ScenarioCards(setup, SEVEN, KEYS, 2)
    per_seat = listed.per_seat

    def take(codes: Any, what: str) -> list[Card]:
        cards = listed.take(codes, what)
        mines = [c.code for c in cards if c in MINES]
        if mines:
            raise InvalidSetup(f"{what}: {', '.join(mines)} are mines (鉱山), not playing cards")
        return cards

    if "columns" in setup:
        for seat, cols in enumerate(per_seat("columns")):
            for suit, codes in dict(cols).items():
                if suit not in SUIT_INDEX:
                    raise InvalidSetup(f"columns: {suit!r} is not a suit (H O B C S T K)")
                cards = take(codes, f"column {suit} of seat {seat}")
                if any(c.suit != suit for c in cards):
                    raise InvalidSetup(f"columns: the {suit} column holds only {suit} cards")
                if not accepts([], cards):
                    raise InvalidSetup(f"columns: {codes} is neither ascending nor descending")
                state.columns[seat][SUIT_INDEX[suit]] = cards
    if "removed_bonus" in setup:
        state.bonus_removed = [take(c, "removed_bonus") for c in per_seat("removed_bonus")]
    state.deck = list(reversed(take(setup.get("deck", []), "deck")))
    if "hands" in setup:
        state.hands = [take(c, f"hand {s}") for s, c in enumerate(per_seat("hands"))]
    if "citizens" in setup:
        state.citizens = take(setup["citizens"], "citizens")
    if "bonus" in setup:
        state.bonus = list(reversed(take(setup["bonus"], "bonus")))
    listed.check_unique()

    rest = listed.rest(PLAYING_CARDS)
    state.rng.shuffle(rest)
    if "hands" not in setup:
        state.hands = [[rest.pop() for _ in range(state.options.hand_size)] for _ in (0, 1)]
    if "citizens" not in setup:
        state.citizens = [rest.pop() for _ in range(state.options.citizens)]
    if "bonus" not in setup:
        state.bonus = [rest.pop() for _ in range(state.options.bonus_cards)]
    mode = setup.get("rest", "deck")
    if mode not in ("deck", "box"):
        raise InvalidSetup("rest must be 'deck' or 'box'")
    if mode == "box":
        state.boxed = rest
    else:
        state.deck = rest + state.deck  # unlisted cards go under the listed ones

    for suit in setup.get("bonus_claimed", []):
        if suit not in SUIT_INDEX:
            raise InvalidSetup(f"bonus_claimed: {suit!r} is not a suit (H O B C S T K)")
        state.bonus_claimed[SUIT_INDEX[suit]] = True
    for seat in (0, 1):  # a column already at 3 has had its bonus
        for m, col in enumerate(state.columns[seat]):
            if len(col) >= 3:
                state.bonus_claimed[m] = True
    if "last_face" in setup:
        faces = per_seat("last_face")
        if any(f not in FACES for f in faces):
            raise InvalidSetup("last_face: faces are 1–6")
        state.last_face = [int(f) for f in faces]
    round_no = setup.get("round", 1)
    if not isinstance(round_no, int) or round_no < 1:
        raise InvalidSetup("round: a positive whole number")
    state.round = round_no
    state.final_round = bool(setup.get("final_round", False))
    state._start_round()
