"""Scenarios: a Laminate Rummy game started from a described position instead of a deal.

The form is :class:`LaminateScenario`; ``apply_setup`` reads one into a new state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import Field

from asobi.core.cards import SEVEN, Card
from asobi.core.errors import InvalidSetup, quoted
from asobi.core.scenarios import (
    Scenario,
    card_codes,
    check_unique,
    per_seat,
    read_scenario,
    reader,
    unlisted,
)
from asobi.games.laminate.actions import PAPER, PaperType, Shape
from asobi.games.laminate.state import START_HAND, LaminateState, Paper, Phase


def paper_type(value: Any) -> PaperType:
    """A paper (論文カード) by its id."""
    if not isinstance(value, str) or value not in PAPER:
        raise InvalidSetup(f"{quoted(value)} is not a paper id ({', '.join(PAPER)})")
    return PAPER[value]


SevenCards = Annotated[list[Card], card_codes(SEVEN)]


class PaperOnTable(Scenario):
    """A paper on the table and the SEVEN cards still under it: ``{"paper": "kind3",
    "cards": ["H7"]}``. One card left: the paper is complete (完成); more: under review."""

    paper: Annotated[PaperType, reader(paper_type, str)]
    """The paper's id: straight5 … straight11, kind3, kind5, pairs3, pairs4, threes3,
    flush4, flush6, sum49, sum100, ak, even or endflag."""
    cards: SevenCards
    """The cards under it (the End Flag: the one card it was taken with)."""


class LaminateScenario(Scenario):
    """A Laminate Rummy position (``asobi play laminate --setup FILE``): a JSON object, every
    key optional. Cards are written by SEVEN code, a suit (H O B C S T K) and A, 2–12 or K.
    For example, for three players::

        {
          "hands":    [["O7", "C7"], ["S5"], []],
          "deck":     ["S6", "T9"],
          "discards": ["B4", "C6"],
          "papers":   [[{"paper": "kind3", "cards": ["H7"]}],
                       [{"paper": "sum49", "cards": ["B7"]},
                        {"paper": "flush4", "cards": ["C8", "C9", "C10"]}],
                       []],
          "turn": 0,
          "end_condition_met_by": null,
          "turns_left": 0,
          "passes_in_row": 0,
          "rest": "deck"
        }

    The game starts at the beginning of ``turn``'s turn; the supply holds the papers that
    those on the table leave.
    """

    players: int | None = None
    """The seat count the scenario is for, checked against the options."""
    hands: list[SevenCards] | None = None
    """One hand per seat. Without it every seat is dealt three cards from the cards no key
    lists."""
    deck: SevenCards = Field(default_factory=list)
    """The deck, top first; the cards no key lists go under it (see ``rest``)."""
    discards: SevenCards = Field(default_factory=list)
    """The discard pile (捨て札), bottom first: the last is its top."""
    papers: list[list[PaperOnTable]] | None = None
    """One entry per seat: the papers it holds, at most one of each kind."""
    turn: int = 0
    """The seat whose turn it is."""
    end_condition_met_by: int | None = None
    """The seat that met the end condition (ゲーム終了条件), or null: nobody yet."""
    turns_left: int = 0
    """Once the end condition is met: the turns still to come after this one."""
    passes_in_row: int = 0
    """The passes made in a row just before this turn."""
    rest: Literal["deck", "box"] = "deck"
    """The cards no key lists (after dealing the hands if not given): shuffled under the
    deck (``"deck"``), or left in the box, out of play (``"box"``)."""


def apply_setup(state: LaminateState, setup: Mapping[str, Any]) -> None:
    """Start the new ``state`` from ``setup``, a :class:`LaminateScenario`; an
    :class:`InvalidSetup` says what the rules cannot start from."""
    scenario = read_scenario(LaminateScenario, setup)
    n = state.n
    if scenario.players is not None and scenario.players != n:
        raise InvalidSetup(f"the scenario is for {scenario.players} players, the options {n}")
    papers = [] if scenario.papers is None else per_seat(scenario.papers, "papers", n)
    hands = None if scenario.hands is None else per_seat(scenario.hands, "hands", n)
    _check_papers(papers)
    _check_turn(scenario, n)
    listed = [
        *(c for held in papers for p in held for c in p.cards),
        *(c for hand in hands or [] for c in hand),
        *scenario.deck,
        *scenario.discards,
    ]
    check_unique(listed)
    rest = unlisted(SEVEN.cards, listed)
    if hands is None and len(rest) < START_HAND * n:
        raise InvalidSetup("not enough cards left to deal the hands")

    for seat, held in enumerate(papers):
        for p in held:
            state.papers[seat].append(Paper(p.paper, list(p.cards)))
            state.supply[p.paper] -= 1
    state.papers_changed()
    state.deck = list(reversed(scenario.deck))
    state.discards = list(scenario.discards)
    state.rng.shuffle(rest)
    if hands is None:
        state.hands = [[rest.pop() for _ in range(START_HAND)] for _ in range(n)]
    else:
        state.hands = [list(hand) for hand in hands]
    if scenario.rest == "box":
        state.boxed = rest
    else:
        state.deck = rest + state.deck  # unlisted cards go under the listed ones
    state.turn = scenario.turn
    state.trigger = scenario.end_condition_met_by
    state.turns_left = scenario.turns_left if state.trigger is not None else 0
    state.passes = scenario.passes_in_row
    state.phase = Phase.TURN


def _check_papers(papers: Sequence[list[PaperOnTable]]) -> None:
    """Each paper holds cards it could hold, no seat holds two of a kind, and no kind is
    held more often than it has copies."""
    for seat, held in enumerate(papers):
        kinds = Counter(p.paper.id for p in held)
        for p in held:
            kind = p.paper
            if not p.cards or (kind.shape is Shape.FLAG and len(p.cards) != 1):
                raise InvalidSetup(f"papers: seat {seat}'s {kind.id} needs its cards")
            if kind.size and len(p.cards) > kind.size:
                raise InvalidSetup(f"papers: a {kind.id} has at most {kind.size} cards")
            if kinds[kind.id] > 1:
                raise InvalidSetup(f"papers: seat {seat} holds two {kind.id} papers")
    on_table = Counter(p.paper.id for held in papers for p in held)
    for paper_id, count in on_table.items():
        if count > PAPER[paper_id].copies:
            raise InvalidSetup(f"papers: there are only {PAPER[paper_id].copies} {paper_id} papers")


def _check_turn(scenario: LaminateScenario, n: int) -> None:
    if not 0 <= scenario.turn < n:
        raise InvalidSetup(f"turn: a seat 0..{n - 1}")
    trigger = scenario.end_condition_met_by
    if trigger is not None and not 0 <= trigger < n:
        raise InvalidSetup(f"end_condition_met_by: a seat 0..{n - 1} or null")
    if not 0 <= scenario.turns_left < 2 * n:
        raise InvalidSetup(f"turns_left: 0..{2 * n - 1}")
    if not 0 <= scenario.passes_in_row < n:
        raise InvalidSetup(f"passes_in_row: 0..{n - 1}")
