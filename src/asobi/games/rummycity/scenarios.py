"""Scenarios: a Rummy City round started from a described position instead of a deal.

The JSON form (every key optional; cards by code: suit S H D C + A 2–10 J Q K)::

    {
      "hands":     [["SA", "S2"], ["H5", "H6"]],
      "row":       ["S3", "?D9", "C4"],     # top first; "?" marks a face-down card
      "tepu":      [7, 7],
      "buildings": [["park"], ["bank"]],    # owned, by catalogue id
      "deposits":  {"bank": "S7"},          # the card on a Bank / Police station
      "laid":      [["run H6 H7 H8"], []],  # this round's combinations: kind, then cards
      "turn":      0,                       # who acts (and starts this round)
      "round":     1,
      "rest":      "row"                    # unlisted cards: shuffled face up under the
                                            # listed row ("row"), or out of play ("box")
    }

Without "hands" each hand is dealt from the unlisted cards; without "row" the row is laid
out as in 準備 (12 of the unlisted cards face down, the others face up, mixed).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from asobi.core.cards import FRENCH52
from asobi.core.errors import InvalidSetup
from asobi.core.scenarios import ScenarioCards
from asobi.games.rummycity.combos import KINDS, Combination, kind_of

if TYPE_CHECKING:
    from asobi.games.rummycity.rules import RummyCityState

KEYS = {"hands", "row", "tepu", "buildings", "deposits", "laid", "turn", "round", "rest"}


def apply_setup(state: RummyCityState, setup: Mapping[str, Any]) -> None:
    from asobi.games.rummycity.rules import FACE_DOWN, HAND_SIZE

    n = state.players
    listed = ScenarioCards(setup, FRENCH52, KEYS, n)
    if "tepu" in setup:
        tepu = listed.per_seat("tepu")
        if not all(isinstance(t, int) and t >= 0 for t in tepu):
            raise InvalidSetup("tepu: whole numbers, 0 or more")
        state.tepu = list(tepu)
    if "buildings" in setup:
        for seat, ids in enumerate(listed.per_seat("buildings")):
            for b in ids:
                if b not in state.supply:
                    raise InvalidSetup(f"buildings: {b!r} is not in the supply of this game")
                state.supply.remove(b)
                state.owned[seat].append(b)
    for b, code in dict(setup.get("deposits", {})).items():
        if b not in state.catalogue or state.catalogue[b].effect not in ("bank", "police"):
            raise InvalidSetup(f"deposits: {b!r} is not a Bank or Police station")
        state.deposits[b] = listed.take([code], f"deposit on {b}")[0]
    if "laid" in setup:
        for seat, combos in enumerate(listed.per_seat("laid")):
            for text in combos:
                words = str(text).split()
                if not words or words[0].lower() not in KINDS:
                    raise InvalidSetup(f"laid: {text!r} starts with run, mix or set")
                kind = words[0].lower()
                cards = listed.take(words[1:], "laid")
                pieces = tuple(state.pieces(seat, cards))
                if kind not in kind_of(list(pieces)):
                    raise InvalidSetup(f"laid: {text!r} is not a {kind}")
                state.laid[seat].append(Combination(kind, pieces))
    if "hands" in setup:
        for seat, codes in enumerate(listed.per_seat("hands")):
            state.hands[seat] = listed.take(codes, f"hand {seat}")
    row = []
    face_down = set()
    for code in setup.get("row", []):
        down = str(code).startswith("?")
        card = listed.take([str(code).lstrip("?")], "row")[0]
        row.append(card)
        if down:
            face_down.add(card)
    listed.check_unique()
    for b in state.deposits:
        if state.owner(b) is None:
            raise InvalidSetup(f"deposits: nobody owns the {b}")

    rest = listed.rest()
    state.rng.shuffle(rest)
    if "hands" not in setup:
        for seat in range(n):
            state.hands[seat], rest = rest[:HAND_SIZE], rest[HAND_SIZE:]
    mode = setup.get("rest", "row")
    if mode not in ("row", "box"):
        raise InvalidSetup("rest must be 'row' or 'box'")
    if "row" not in setup:
        face_down = set(rest[:FACE_DOWN])
        state.rng.shuffle(rest)
        row, rest = rest, []
    elif mode == "box":
        state.boxed, rest = rest, []
    state.face_down = face_down
    if not row and not rest:
        raise InvalidSetup("the row is empty: the round would already be over")
    turn = setup.get("turn", state.options.start_player)
    if turn is None:
        turn = state.rng.randrange(n)
    if not isinstance(turn, int) or not 0 <= turn < n:
        raise InvalidSetup(f"turn must be a seat 0..{n - 1}")
    round_no = setup.get("round", 1)
    if not isinstance(round_no, int) or round_no < 1:
        raise InvalidSetup("round: a round number, 1 or more")
    laid = state.laid
    state.round = round_no
    state.first = turn
    state._begin(row + rest)
    state.laid = laid
    if len(state.laid) != n:
        raise InvalidSetup("laid: one entry per seat")
