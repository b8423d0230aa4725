"""Scenarios: a Carrotein position described instead of played to.

The form is :class:`CarroteinScenario`; ``apply_setup`` reads one into a new state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Annotated, Any, NamedTuple

from pydantic import Field

from asobi.core.errors import InvalidSetup, quoted
from asobi.core.scenarios import Scenario, per_seat, read_scenario, reader
from asobi.games.carrotein.sky import chip_refusal
from asobi.games.carrotein.state import CHIPS_EACH, CarroteinState, Chip, Phase


class ChipAt(NamedTuple):
    x: float
    y: float
    kind: str


def read_chip(value: Any) -> ChipAt:
    """A chip written ``[x, y, kind]``: its centre in millimetres and its kind."""
    if not (isinstance(value, list | tuple) and len(value) == 3 and isinstance(value[2], str)):
        raise InvalidSetup(f"a chip is [x, y, kind], not {quoted(value)}")
    for number, axis in zip(value[:2], "xy", strict=True):
        if isinstance(number, bool) or not isinstance(number, int | float):
            raise InvalidSetup(f"{axis}: a number of millimetres, not {quoted(number)}")
    return ChipAt(float(value[0]), float(value[1]), value[2].lower())


ChipOnMat = Annotated[ChipAt, reader(read_chip, tuple[float, float, str])]


class CarroteinScenario(Scenario):
    """A Carrotein position (``asobi play carrotein --setup FILE``): a JSON object, every key
    optional, positions in millimetres from the mat's bottom-left corner. For example, for
    three players::

        {
          "chips":      [[250, 230, "red"], [340, 215, "blue"], [300, 300, "colourless"]],
          "scored":     [3, 0, 1],
          "won":        [["sitting", "ears"], [], []],
          "round":      4,
          "first":      1,
          "turn":       2,
          "passed":     [0],
          "challenger": 2,
          "chosen":     ["sleeping", "leaping"]
        }

    The first star (いちばん星チップ) is always at the centre; ``chips`` lists the others.
    """

    chips: list[Annotated[ChipAt, reader(read_chip, tuple[float, float, str])]] = Field(
        default_factory=list
    )
    """The chips on the mat besides the first star, each ``[x, y, kind]``: a colour (red,
    blue, green, purple, orange, pink) or ``colourless``. A chip of a seat's colour comes
    from that seat's hand; a colour nobody plays and the colourless ones from the box."""
    scored: list[int] | None = None
    """One entry per seat: its own chips it has scored (0–10)."""
    won: list[list[str]] | None = None
    """One entry per seat: the boards (うさぎボード) it has won, by id."""
    round: int | None = None
    """The round (1 or more)."""
    first: int | None = None
    """The seat that started this round (and acts, unless ``turn`` says otherwise)."""
    turn: int | None = None
    """The seat to act, in scatter time (散らかしタイム)."""
    passed: list[int] = Field(default_factory=list)
    """The seats that have passed this round."""
    challenger: int | None = None
    """Constellation time (星座作成タイム): the seat that challenges, everyone else having
    passed."""
    chosen: list[str] | None = None
    """With ``challenger``: the two boards it has chosen, to be laid next."""


def _seat(state: CarroteinState, value: int, key: str) -> int:
    if not 0 <= value < state.players:
        raise InvalidSetup(f"{key}: a seat 0..{state.players - 1}, not {value!r}")
    return value


def apply_setup(state: CarroteinState, setup: Mapping[str, Any]) -> None:
    """Carry the new ``state`` (its first round begun) to the position ``setup`` describes,
    a :class:`CarroteinScenario`; an :class:`InvalidSetup` says what is not a position of
    the game."""
    scenario = read_scenario(CarroteinScenario, setup)
    if scenario.scored is not None:
        scored = per_seat(scenario.scored, "scored", state.players)
        if not all(0 <= k <= CHIPS_EACH for k in scored):
            raise InvalidSetup(f"scored: whole numbers 0..{CHIPS_EACH}")
        state.scored = list(scored)
    if scenario.won is not None:
        won = per_seat(scenario.won, "won", state.players)
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
    for chip in scenario.chips:
        refusal = chip_refusal(state.sky, chip.x, chip.y, state.centres())
        if refusal:
            raise InvalidSetup(f"chips: {refusal}")
        state.put_on_mat(Chip(chip.x, chip.y, chip.kind))
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
    if scenario.round is not None:
        if scenario.round < 1:
            raise InvalidSetup("round: a whole number, 1 or more")
        state.round = scenario.round
    if scenario.first is not None:
        state.first = state.turn = _seat(state, scenario.first, "first")
    if scenario.turn is not None:
        state.turn = _seat(state, scenario.turn, "turn")
    state.passed = {_seat(state, s, "passed") for s in scenario.passed}
    if scenario.challenger is not None:
        state.turn = _seat(state, scenario.challenger, "challenger")
        state.passed = set(range(state.players)) - {state.turn}
        state.phase = Phase.CHOOSE
    elif state.turn in state.passed or len(state.passed) >= state.players - 1:
        raise InvalidSetup("turn: the seat to act has not passed, and two seats are still in")
    if scenario.chosen is not None:
        chosen = scenario.chosen
        if state.phase is not Phase.CHOOSE:
            raise InvalidSetup("chosen: boards are chosen by a challenger (give 'challenger')")
        if not (len(chosen) == 2 and chosen[0] != chosen[1]):
            raise InvalidSetup("chosen: two different boards")
        for b in chosen:
            if b not in state.boards:
                raise InvalidSetup(f"chosen: {b!r} is not on the mat ({', '.join(state.boards)})")
        state.chosen = (chosen[0], chosen[1])
        state.phase = Phase.LAY
