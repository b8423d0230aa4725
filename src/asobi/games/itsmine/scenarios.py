"""Scenarios: an It's Mine! game started from a described position instead of a deal.

The form is :class:`ItsMineScenario`; ``apply_setup`` lays one out on a new table, from
which the rules start the round's auction.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import Field

from asobi.core.cards import SEVEN, Card
from asobi.core.errors import InvalidSetup
from asobi.core.scenarios import (
    Scenario,
    check_unique,
    per_seat,
    read_cards,
    read_scenario,
    reader,
    unlisted,
)
from asobi.games.itsmine.actions import FACES, MINES, PLAYING_CARDS, SUIT_INDEX
from asobi.games.itsmine.state import ItsMineState, accepts


def read_playing_cards(value: Any) -> list[Card]:
    """SEVEN cards by code, none of them a mine (each suit's highest card)."""
    cards = read_cards(SEVEN, value)
    mines = [c.code for c in cards if c in MINES]
    if mines:
        raise InvalidSetup(f"{', '.join(mines)} are mines (鉱山), not playing cards")
    return cards


PlayingCards = Annotated[list[Card], reader(read_playing_cards, list[str] | str)]
Suit = Literal["H", "O", "B", "C", "S", "T", "K"]


class ItsMineScenario(Scenario):
    """An It's Mine! position (``asobi play itsmine --setup FILE``): a JSON object, every key
    optional. Cards are written by SEVEN code, a suit (H O B C S T K) and A, 2–12 or K; the
    mines (each suit's highest card) are never listed. For example::

        {
          "hands":     [["H2", "O3"], ["C5"]],
          "deck":      ["S6", "T9"],
          "citizens":  ["B4", "C6"],
          "bonus":     ["K8", "T7"],
          "columns":   [{"C": ["C4", "C7"]}, {"S": ["S9"]}],
          "removed_bonus": [[], ["H3"]],
          "bonus_claimed": ["C"],
          "last_face": [3, 5],
          "round": 4, "final_round": false,
          "rest": "deck"
        }

    The game starts at phase 1 (the auction) of ``round``.
    """

    hands: list[PlayingCards] | None = None
    """One hand per seat. Without it each hand is dealt from the cards no key lists."""
    deck: PlayingCards = Field(default_factory=list)
    """The deck, top first; the cards no key lists go under it (see ``rest``)."""
    citizens: PlayingCards | None = None
    """The citizens (国民カード) face up on the table. Without them they are dealt."""
    bonus: PlayingCards | None = None
    """The bonus pile, top first. Without it it is dealt."""
    columns: list[dict[Suit, PlayingCards]] | None = None
    """One entry per seat: its columns by the mine's suit letter, each in the order its
    cards were laid (ascending or descending) and holding that suit's cards only."""
    removed_bonus: list[PlayingCards] | None = None
    """One entry per seat: the bonus cards it removed face down."""
    bonus_claimed: list[Suit] = Field(default_factory=list)
    """The mines whose 3-card bonus is gone (a column of three or more has had it anyway)."""
    last_face: list[int] | None = None
    """One entry per seat: the die face (1–6) it showed last round, which it may not bid."""
    round: int = 1
    """The round (1 or more)."""
    final_round: bool = False
    """Whether this round is the last."""
    rest: Literal["deck", "box"] = "deck"
    """The cards no key lists (after dealing what is not given): shuffled under the deck
    (``"deck"``), or left in the box, out of play (``"box"``)."""


def apply_setup(state: ItsMineState, setup: Mapping[str, Any]) -> None:
    """Lay out the new ``state``'s table as ``setup`` (an :class:`ItsMineScenario`) says;
    an :class:`InvalidSetup` says what the rules cannot start from. The rules then start
    the auction of ``round``."""
    scenario = read_scenario(ItsMineScenario, setup)
    columns = [] if scenario.columns is None else per_seat(scenario.columns, "columns", 2)
    removed = (
        []
        if scenario.removed_bonus is None
        else per_seat(scenario.removed_bonus, "removed_bonus", 2)
    )
    hands = None if scenario.hands is None else per_seat(scenario.hands, "hands", 2)
    faces = None if scenario.last_face is None else per_seat(scenario.last_face, "last_face", 2)
    for cols in columns:
        for suit, cards in cols.items():
            if any(c.suit != suit for c in cards):
                raise InvalidSetup(f"columns: the {suit} column holds only {suit} cards")
            if not accepts([], cards):
                codes = [c.code for c in cards]
                raise InvalidSetup(f"columns: {codes} is neither ascending nor descending")
    if faces is not None and any(f not in FACES for f in faces):
        raise InvalidSetup("last_face: faces are 1–6")
    if scenario.round < 1:
        raise InvalidSetup("round: a positive whole number")
    listed = [
        *(c for cols in columns for cards in cols.values() for c in cards),
        *(c for cards in removed for c in cards),
        *scenario.deck,
        *(c for hand in hands or [] for c in hand),
        *(scenario.citizens or []),
        *(scenario.bonus or []),
    ]
    check_unique(listed)

    for seat, cols in enumerate(columns):
        for suit, cards in cols.items():
            state.columns[seat][SUIT_INDEX[suit]] = list(cards)
    if removed:
        state.bonus_removed = [list(cards) for cards in removed]
    state.deck = list(reversed(scenario.deck))
    rest = unlisted(PLAYING_CARDS, listed)
    state.rng.shuffle(rest)
    state.hands = (
        [list(hand) for hand in hands]
        if hands is not None
        else [[rest.pop() for _ in range(state.options.hand_size)] for _ in (0, 1)]
    )
    state.citizens = (
        list(scenario.citizens)
        if scenario.citizens is not None
        else [rest.pop() for _ in range(state.options.citizens)]
    )
    state.bonus = (
        list(reversed(scenario.bonus))
        if scenario.bonus is not None
        else [rest.pop() for _ in range(state.options.bonus_cards)]
    )
    if scenario.rest == "box":
        state.boxed = tuple(rest)
    else:
        state.deck = rest + state.deck  # unlisted cards go under the listed ones

    for suit in scenario.bonus_claimed:
        state.bonus_claimed[SUIT_INDEX[suit]] = True
    for seat in (0, 1):  # a column already at 3 has had its bonus
        for m, col in enumerate(state.columns[seat]):
            if len(col) >= 3:
                state.bonus_claimed[m] = True
    if faces is not None:
        state.last_face = (faces[0], faces[1])
    state.round = scenario.round
    state.final_round = scenario.final_round
