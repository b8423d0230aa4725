"""Scenarios: a Rummy City round started from a described position instead of a deal.

The form is :class:`RummyCityScenario`; ``apply_setup`` reads one into a new state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import Field

from asobi.core.cards import FRENCH52, Card
from asobi.core.errors import InvalidSetup, quoted
from asobi.core.scenarios import (
    Scenario,
    card_code,
    card_codes,
    check_unique,
    per_seat,
    read_scenario,
    reader,
    unlisted,
)
from asobi.games.rummycity.combos import KINDS, Combination, kind_of
from asobi.games.rummycity.state import FACE_DOWN, HAND_SIZE, RummyCityState


class RowCard(NamedTuple):
    card: Card
    face_down: bool


class LaidCombination(NamedTuple):
    kind: str
    cards: list[Card]


def read_row_card(value: Any) -> RowCard:
    """A card of the row by code, ``"?D9"`` for one lying face down."""
    if not isinstance(value, str):
        raise InvalidSetup("expected a card code ('?' first for a face-down card)")
    return RowCard(FRENCH52.card(value.removeprefix("?")), value.startswith("?"))


def read_laid(value: Any) -> LaidCombination:
    """A combination written as its kind and its cards: ``"run H6 H7 H8"``."""
    words = value.split() if isinstance(value, str) else []
    if not words or words[0].lower() not in KINDS:
        raise InvalidSetup(f"{quoted(value)} starts with run, mix or set")
    return LaidCombination(words[0].lower(), FRENCH52.parse(words[1:]))


class RummyCityScenario(Scenario):
    """A Rummy City position (``asobi play rummycity --setup FILE``): a JSON object, every
    key optional. Cards are written by code, a suit (S H D C) and A, 2–10, J, Q or K.
    For example::

        {
          "hands":     [["SA", "S2"], ["H5", "H6"]],
          "row":       ["S3", "?D9", "C4"],
          "tepu":      [7, 7],
          "buildings": [["park"], ["bank"]],
          "deposits":  {"bank": "S7"},
          "laid":      [["run H7 H8 H9"], []],
          "turn":      0,
          "round":     1,
          "rest":      "row"
        }
    """

    hands: list[Annotated[list[Card], card_codes(FRENCH52)]] | None = None
    """One hand per seat. Without it each hand is dealt from the cards no key lists."""
    row: list[Annotated[RowCard, reader(read_row_card, str)]] | None = None
    """The row (山札), top first; ``"?D9"`` marks a face-down card. Without it the row is laid
    out as in 準備: the cards no key lists, 12 of them face down, mixed."""
    tepu: list[int] | None = None
    """One entry per seat: its tepu (テプ), 0 or more."""
    buildings: list[list[str]] | None = None
    """One entry per seat: the buildings it owns, by catalogue id."""
    deposits: dict[str, Annotated[Card, card_code(FRENCH52)]] = Field(default_factory=dict)
    """The card on each Bank or Police station, by the building's id: ``{"bank": "S7"}``."""
    laid: list[list[Annotated[LaidCombination, reader(read_laid, str)]]] | None = None
    """One entry per seat: this round's combinations (組み合わせ), each its kind (run, mix
    or set) and its cards: ``"run H6 H7 H8"``."""
    turn: int | None = None
    """The seat to act, who also started this round. Without it the ``start_player``
    option, else drawn from the seed."""
    round: int = 1
    """The round (1 or more)."""
    rest: Literal["row", "box"] = "row"
    """The cards no key lists (after dealing the hands if not given), when the row is
    given: shuffled face up under it (``"row"``), or left in the box, out of play
    (``"box"``)."""


def apply_setup(state: RummyCityState, setup: Mapping[str, Any]) -> None:
    """Start the new ``state`` from ``setup``, a :class:`RummyCityScenario`; an
    :class:`InvalidSetup` says what the rules cannot start from."""
    scenario = read_scenario(RummyCityScenario, setup)
    n = state.players
    tepu = None if scenario.tepu is None else per_seat(scenario.tepu, "tepu", n)
    owned = [] if scenario.buildings is None else per_seat(scenario.buildings, "buildings", n)
    laid = [] if scenario.laid is None else per_seat(scenario.laid, "laid", n)
    hands = None if scenario.hands is None else per_seat(scenario.hands, "hands", n)
    row = scenario.row or []
    if tepu is not None and any(t < 0 for t in tepu):
        raise InvalidSetup("tepu: whole numbers, 0 or more")
    supply = list(state.supply)
    for building in (b for ids in owned for b in ids):
        if building not in supply:
            raise InvalidSetup(f"buildings: {building!r} is not in the supply of this game")
        supply.remove(building)
    for building in scenario.deposits:
        if building not in state.catalogue or state.catalogue[building].effect not in (
            "bank",
            "police",
        ):
            raise InvalidSetup(f"deposits: {building!r} is not a Bank or Police station")
        if not any(building in ids for ids in owned):
            raise InvalidSetup(f"deposits: nobody owns the {building}")
    if scenario.round < 1:
        raise InvalidSetup("round: a round number, 1 or more")
    listed = [
        *scenario.deposits.values(),
        *(c for combos in laid for combo in combos for c in combo.cards),
        *(c for hand in hands or [] for c in hand),
        *(entry.card for entry in row),
    ]
    check_unique(listed)

    if tepu is not None:
        state.tepu = list(tepu)
    state.supply = supply
    for seat, ids in enumerate(owned):
        state.owned[seat] = list(ids)
    state.deposits = dict(scenario.deposits)
    for seat, combos in enumerate(laid):  # as the owner's Bank and Police station read them
        for combo in combos:
            pieces = tuple(state.pieces(seat, combo.cards))
            if combo.kind not in kind_of(list(pieces)):
                text = " ".join([combo.kind, *(c.code for c in combo.cards)])
                raise InvalidSetup(f"laid: {text!r} is not a {combo.kind}")
            state.laid[seat].append(Combination(combo.kind, pieces))
    if hands is not None:
        state.hands = [list(hand) for hand in hands]

    rest = unlisted(FRENCH52.cards, listed)
    state.rng.shuffle(rest)
    if hands is None:
        for seat in range(n):
            state.hands[seat], rest = rest[:HAND_SIZE], rest[HAND_SIZE:]
    cards = [entry.card for entry in row]
    face_down = {entry.card for entry in row if entry.face_down}
    if scenario.row is None:
        face_down = set(rest[:FACE_DOWN])
        state.rng.shuffle(rest)
        cards, rest = rest, []
    elif scenario.rest == "box":
        state.boxed, rest = rest, []
    state.face_down = face_down
    if not cards and not rest:
        raise InvalidSetup("the row is empty: the round would already be over")
    turn = scenario.turn if scenario.turn is not None else state.options.start_player
    if turn is None:
        turn = state.rng.randrange(n)
    if not 0 <= turn < n:
        raise InvalidSetup(f"turn must be a seat 0..{n - 1}")
    laid_now = state.laid
    state.round = scenario.round
    state.first = turn
    state.begin_round(cards + rest)
    state.laid = laid_now
