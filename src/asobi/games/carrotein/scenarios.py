"""Scenarios: a Carrotein position described instead of played to.

The JSON form (every key optional; positions in mm from the mat's bottom-left corner)::

    {
      "chips":      [[250, 230, "red"], [340, 215, "blue"], [300, 300, "colourless"]],
      "scored":     [3, 0, 1],              # own chips each seat has scored
      "won":        [["sitting", "ears"], [], []],   # boards each seat has scored
      "round":      4,
      "first":      1,                      # who started this round
      "turn":       2,                      # who acts now
      "passed":     [0],                    # who has passed this round
      "challenger": 2,                      # constellation time: everyone else passed
      "chosen":     ["sleeping", "leaping"] # ... and the challenger has chosen these
    }

The first star (いちばん星チップ) is always at the centre; "chips" lists the others. A chip
of a seat's colour comes from that seat's hand; a colour nobody plays and "colourless" come
from the box.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from asobi.core.errors import InvalidSetup
from asobi.core.scenarios import check_keys, per_seat
from asobi.games.carrotein.sky import chip_refusal

if TYPE_CHECKING:
    from asobi.games.carrotein.rules import CarroteinState

KEYS = {"chips", "scored", "won", "round", "first", "turn", "passed", "challenger", "chosen"}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidSetup(f"{what}: a number of millimetres, not {value!r}")
    return float(value)


def _seat(state: CarroteinState, value: Any, key: str) -> int:
    if not _whole(value) or not 0 <= value < state.players:
        raise InvalidSetup(f"{key}: a seat 0..{state.players - 1}, not {value!r}")
    return int(value)


def apply_setup(state: CarroteinState, setup: Mapping[str, Any]) -> None:
    from asobi.games.carrotein.rules import CHIPS_EACH, Chip, Phase

    check_keys(setup, KEYS)
    if "scored" in setup:
        scored = per_seat(setup, "scored", state.players)
        if not all(_whole(k) and 0 <= k <= CHIPS_EACH for k in scored):
            raise InvalidSetup(f"scored: whole numbers 0..{CHIPS_EACH}")
        state.scored = list(scored)
    if "won" in setup:
        won = per_seat(setup, "won", state.players)
        if not all(isinstance(boards, list) for boards in won):
            raise InvalidSetup("won: a list of board ids per seat")
        taken = [b for boards in won for b in boards]
        for b in taken:
            if b not in state.boards:
                raise InvalidSetup(f"won: {b!r} is not a board ({', '.join(state.boards)})")
        if len(set(taken)) != len(taken):
            raise InvalidSetup("won: a board is listed twice")
        state.won = [list(boards) for boards in won]
        state.boards = [b for b in state.boards if b not in taken]
        if len(state.boards) < 2:
            raise InvalidSetup("won: at least two boards must stay on the mat")
    chips = setup.get("chips", [])
    if not isinstance(chips, list):
        raise InvalidSetup("chips: a list of [x, y, kind]")
    for entry in chips:
        if not (isinstance(entry, list) and len(entry) == 3 and isinstance(entry[2], str)):
            raise InvalidSetup(f"chips: each is [x, y, kind], not {entry!r}")
        x, y = _number(entry[0], "chips: x"), _number(entry[1], "chips: y")
        kind = entry[2].lower()
        refusal = chip_refusal(state.sky, x, y, state.centres())
        if refusal:
            raise InvalidSetup(f"chips: {refusal}")
        state.chips.append(Chip(x, y, kind))
    kinds = Counter(c.kind for c in state.chips[1:])
    spares = Counter(state.spares)
    for kind, count in kinds.items():
        if kind not in state.colours and kind not in spares:
            known = ", ".join(sorted({*state.colours, *spares}))
            raise InvalidSetup(f"chips: {kind!r} is not a chip kind here ({known})")
        if kind in state.colours:
            seat = state.colours.index(kind)
            if state.in_hand(seat) < 0:
                raise InvalidSetup(f"chips: {kind} has only {CHIPS_EACH} chips, scored ones too")
        elif count > spares[kind]:
            raise InvalidSetup(f"chips: {count} {kind} chips, but the box holds {spares[kind]}")
    if "round" in setup:
        if not _whole(setup["round"]) or setup["round"] < 1:
            raise InvalidSetup("round: a whole number, 1 or more")
        state.round = setup["round"]
    if "first" in setup:
        state.first = state.turn = _seat(state, setup["first"], "first")
    if "turn" in setup:
        state.turn = _seat(state, setup["turn"], "turn")
    passed = setup.get("passed", [])
    if not isinstance(passed, list):
        raise InvalidSetup("passed: a list of seats")
    state.passed = {_seat(state, s, "passed") for s in passed}
    if "challenger" in setup:
        state.turn = _seat(state, setup["challenger"], "challenger")
        state.passed = set(range(state.players)) - {state.turn}
        state.phase = Phase.CHOOSE
    elif state.turn in state.passed or len(state.passed) >= state.players - 1:
        raise InvalidSetup("turn: the seat to act has not passed, and two seats are still in")
    if "chosen" in setup:
        chosen = setup["chosen"]
        if state.phase is not Phase.CHOOSE:
            raise InvalidSetup("chosen: boards are chosen by a challenger (give 'challenger')")
        if not (isinstance(chosen, list) and len(chosen) == 2 and chosen[0] != chosen[1]):
            raise InvalidSetup("chosen: two different boards")
        for b in chosen:
            if b not in state.boards:
                raise InvalidSetup(f"chosen: {b!r} is not on the mat ({', '.join(state.boards)})")
        state.chosen = (chosen[0], chosen[1])
        state.phase = Phase.LAY
