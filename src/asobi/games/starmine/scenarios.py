"""Scenarios: a Starmine game started from a described position instead of a deal.

The form is :class:`StarmineScenario`; ``apply_setup`` reads one into a new state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import Field

from asobi.core.cards import Card
from asobi.core.errors import InvalidSetup
from asobi.core.scenarios import (
    Scenario,
    card_codes,
    check_unique,
    per_seat,
    read_scenario,
    reader,
    unlisted,
)
from asobi.games.starmine.actions import OPENING, ROW_NAMES, Meld, best_meld, find_meld
from asobi.games.starmine.cards import FIREWORKS, is_boost
from asobi.games.starmine.state import StarmineState


def parse_meld(text: Any) -> Meld:
    """A meld written "kind cards" (``"seq R1 R2 R3"``; kinds seq, three, pair), or its
    cards alone (``"R1 R2 R3"``), read as their best meld."""
    if not isinstance(text, str):
        raise InvalidSetup("a meld is written as text, such as 'pair R1 Y1'")
    words = text.split()
    if words and words[0].lower() in ("seq", "three", "pair"):
        meld = find_meld(words[0].lower(), FIREWORKS.parse(words[1:]))
    else:
        meld = best_meld(FIREWORKS.parse(words))
    if meld is None:
        raise InvalidSetup(f"{text!r} is not a meld (役)")
    return meld


Fireworks = Annotated[list[Card], card_codes(FIREWORKS)]
StarmineMeld = Annotated[Meld, reader(parse_meld, str)]
RowName = Literal["opening", "main", "finale"]


class StarmineScenario(Scenario):
    """A Starmine position (``asobi play starmine --setup FILE``): a JSON object, every key
    optional. Cards are written by code: R, Y, G or B and 1–7, the boosts W1 and W2; a list
    of cards may also be one string, ``"R1 R2 W1"``. For example::

        {
          "hands":    [["R1", "R2", "R3", "W1"], ["Y4", "Y5", "G6", "W2"]],
          "deck":     ["B1", "B2"],
          "discards": ["G7"],
          "rows":     [{"opening": ["pair R5 G5"], "main": [], "finale": []}, {}],
          "turn":     0,
          "rest":     "deck"
        }

    The solo game (one seat) reads ``open``, ``removed`` and ``current_row`` and ignores
    ``discards`` and ``turn``; the duel the other way round.
    """

    hands: list[Fireworks] | None = None
    """One hand per seat, boosts included. Without it each hand is dealt as in section 4:
    ``hand_size`` fireworks from the cards no key lists, and the seat's own boost."""
    deck: Fireworks = Field(default_factory=list)
    """The deck, top first; the cards no key lists go under it (see ``rest``)."""
    discards: Fireworks | None = None
    """Duel: the face-up discards, oldest first. Without it one card is turned up from the
    deck."""
    open: Fireworks = Field(default_factory=list)
    """Solo: the open cards (オープン札)."""
    removed: Fireworks = Field(default_factory=list)
    """Solo: the removed cards (廃棄札)."""
    rows: list[dict[RowName, list[StarmineMeld]]] | None = None
    """One entry per seat: its rows, ``{"opening": [...], "main": [...], "finale": [...]}``
    (any may be left out), each a list of melds written "kind cards" (``"seq R1 R2 R3"``;
    the kinds seq, three and pair) or their cards alone, read as their best meld."""
    turn: int | None = None
    """Duel: the seat to act. Without it the ``start_player`` option, else drawn from the
    seed."""
    current_row: RowName | None = None
    """Solo: the row being launched; the rows below it are closed."""
    rest: Literal["deck", "box"] = "deck"
    """The cards no key lists: shuffled under the deck (``"deck"``), or left in the box, out
    of play (``"box"``). The solo game's second boost stays in the box either way."""


def apply_setup(state: StarmineState, setup: Mapping[str, Any]) -> None:
    """Start the new ``state`` from ``setup``, a :class:`StarmineScenario`; an
    :class:`InvalidSetup` says what the rules cannot start from."""
    scenario = read_scenario(StarmineScenario, setup)
    n = state.players
    rows = [] if scenario.rows is None else per_seat(scenario.rows, "rows", n)
    hands = (
        None
        if scenario.hands is None
        else per_seat(scenario.hands, "hands", n, "one hand per seat")
    )
    if hands is not None and not all(hands):
        raise InvalidSetup("hands: every hand holds a card (a turn discards one or melds)")
    face_up = [*scenario.open, *scenario.removed] if state.solo else scenario.discards or []
    placed = [
        c for seat_rows in rows for melds in seat_rows.values() for m in melds for c in m.cards
    ]
    held = [c for hand in hands or [] for c in hand]
    listed = [*placed, *scenario.deck, *face_up, *held]
    check_unique(listed)

    for seat, seat_rows in enumerate(rows):
        for name, melds in seat_rows.items():
            state.rows[seat][ROW_NAMES.index(name)].extend(melds)
    state.deck = list(reversed(scenario.deck))
    if state.solo:
        state.discards = list(scenario.open)
        state.removed = list(scenario.removed)
        if scenario.current_row is not None:
            state.current_row = ROW_NAMES.index(scenario.current_row)
        rows0 = state.rows[0]
        if not rows0[OPENING] and (any(rows0[OPENING + 1 :]) or state.current_row != OPENING):
            raise InvalidSetup(
                "solo: the opening is empty, so no later row can have begun "
                "(solo §3 C ②: the first meld goes onto the opening)"
            )
    elif scenario.discards is not None:
        state.discards = list(scenario.discards)
    if hands is not None:
        for seat, hand in enumerate(hands):
            state.hands[seat] = list(hand)
            state.known[seat] = {c for c in hand if is_boost(c)}

    rest = unlisted(FIREWORKS.cards, listed)
    if hands is None:
        boosts = [c for c in FIREWORKS.cards if is_boost(c)]
        rest_fireworks = [c for c in rest if not is_boost(c)]
        state.rng.shuffle(rest_fireworks)
        for seat in range(n):
            if boosts[seat] not in rest:
                raise InvalidSetup(f"boost {boosts[seat]} is already placed; list the hands")
            state.hands[seat] = [rest_fireworks.pop() for _ in range(state.options.hand_size)]
            state.hands[seat].append(boosts[seat])
            state.known[seat] = {boosts[seat]}
        dealt = {c for hand in state.hands for c in hand}
        rest = [c for c in rest if c not in dealt]
    if scenario.rest == "box":
        state.boxed, rest = rest, []
    elif state.solo:  # the solo game uses one boost; the other stays in the box
        state.boxed = [c for c in rest if is_boost(c)]
        rest = [c for c in rest if not is_boost(c)]
    state.rng.shuffle(rest)
    state.deck = rest + state.deck  # unlisted cards go under the listed ones
    if not state.solo and scenario.discards is None:
        if not state.deck:
            raise InvalidSetup("no deck card to turn up as the first discard")
        state.discards = [state.deck.pop()]
    if state.solo:
        if not state.deck:
            raise InvalidSetup("the solo game needs a deck to turn up cards from")
        return  # the rules turn up the first card (solo §3 A)
    turn = scenario.turn if scenario.turn is not None else state.options.start_player
    if turn is None:
        turn = state.rng.randrange(n)
    if not 0 <= turn < n:
        raise InvalidSetup(f"turn must be a seat 0..{n - 1}")
    state.turn = turn
    if not state.deck:
        raise InvalidSetup("the deck is empty: the game would already be in its final phase")
