"""Scenarios: a Laminate Rummy game started from a described position instead of a deal.

The JSON form (every key optional; cards by SEVEN code: suit H O B C S T K + A, 2–12, K;
papers by id: straight5 … straight11, kind3, kind5, pairs3, pairs4, threes3, flush4,
flush6, sum49, sum100, ak, even, endflag)::

    {
      "players": 3,                          # optional check against the options
      "hands":    [["O7", "C7"], ["S5"], []],
      "deck":     ["S6", "T9"],              # top first
      "discards": ["B4", "C6"],              # bottom first: the last is the top
      "papers":   [[{"paper": "kind3", "cards": ["H7"]}],   # per seat; one card: complete
                   [{"paper": "sum49", "cards": ["B7"]},
                    {"paper": "flush4", "cards": ["C7", "C8", "C9"]}],
                   []],
      "turn": 0,                             # whose turn it is (default 0)
      "end_condition_met_by": null,          # or the seat that met it ...
      "turns_left": 0,                       # ... and the turns still to come after this one
      "passes_in_row": 0,
      "rest": "deck"                         # unlisted cards: shuffled under the deck
                                             # ("deck") or left in the box ("box")
    }

Without "hands" every seat is dealt three cards from the deck. The game starts at the
beginning of ``turn``'s turn; the supply holds what the papers on the table leave.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from asobi.core.cards import SEVEN
from asobi.core.errors import InvalidSetup
from asobi.core.scenarios import ScenarioCards
from asobi.games.laminate.actions import PAPER, Shape

if TYPE_CHECKING:
    from asobi.games.laminate.rules import LaminateState

KEYS = {
    "players", "hands", "deck", "discards", "papers", "turn", "end_condition_met_by",
    "turns_left", "passes_in_row", "rest",
}  # fmt: skip


def apply_setup(state: LaminateState, setup: Mapping[str, Any]) -> None:
    from asobi.games.laminate.rules import START_HAND, Paper, Phase

    n = state.n
    listed = ScenarioCards(setup, SEVEN, KEYS, n)
    if setup.get("players", n) != n:
        raise InvalidSetup(f"the scenario is for {setup['players']} players, the options {n}")
    take, per_seat = listed.take, listed.per_seat

    if "papers" in setup:
        for seat, papers in enumerate(per_seat("papers")):
            for entry in papers:
                if not isinstance(entry, Mapping) or set(entry) != {"paper", "cards"}:
                    raise InvalidSetup('papers: each paper is {"paper": id, "cards": [...]}')
                kind = PAPER.get(str(entry["paper"]))
                if kind is None:
                    raise InvalidSetup(f"papers: {entry['paper']!r} is not a paper id")
                cards = take(entry["cards"], f"seat {seat}'s {kind.id}")
                if not cards or (kind.shape is Shape.FLAG and len(cards) != 1):
                    raise InvalidSetup(f"papers: seat {seat}'s {kind.id} needs its cards")
                if kind.size and len(cards) > kind.size:
                    raise InvalidSetup(f"papers: a {kind.id} has at most {kind.size} cards")
                if any(p.kind is kind for p in state.papers[seat]):
                    raise InvalidSetup(f"papers: seat {seat} holds two {kind.id} papers")
                state.papers[seat].append(Paper(kind, cards))
                state.supply[kind] -= 1
                if state.supply[kind] < 0:
                    raise InvalidSetup(f"papers: there are only {kind.copies} {kind.id} papers")
    if "hands" in setup:
        state.hands = [take(c, f"hand {s}") for s, c in enumerate(per_seat("hands"))]
    state.deck = list(reversed(take(setup.get("deck", []), "deck")))
    state.discards = take(setup.get("discards", []), "discards")
    listed.check_unique()

    rest = listed.rest()
    state.rng.shuffle(rest)
    if "hands" not in setup:
        if len(rest) < START_HAND * n:
            raise InvalidSetup("not enough cards left to deal the hands")
        state.hands = [[rest.pop() for _ in range(START_HAND)] for _ in range(n)]
    mode = setup.get("rest", "deck")
    if mode not in ("deck", "box"):
        raise InvalidSetup("rest must be 'deck' or 'box'")
    if mode == "box":
        state.boxed = rest
    else:
        state.deck = rest + state.deck  # unlisted cards go under the listed ones

    turn = setup.get("turn", 0)
    if not isinstance(turn, int) or not 0 <= turn < n:
        raise InvalidSetup(f"turn: a seat 0..{n - 1}")
    trigger = setup.get("end_condition_met_by")
    if trigger is not None and (not isinstance(trigger, int) or not 0 <= trigger < n):
        raise InvalidSetup(f"end_condition_met_by: a seat 0..{n - 1} or null")
    turns_left = setup.get("turns_left", 0)
    if not isinstance(turns_left, int) or not 0 <= turns_left < 2 * n:
        raise InvalidSetup(f"turns_left: 0..{2 * n - 1}")
    passes = setup.get("passes_in_row", 0)
    if not isinstance(passes, int) or not 0 <= passes < n:
        raise InvalidSetup(f"passes_in_row: 0..{n - 1}")
    state.turn = turn
    state.trigger = trigger
    state.turns_left = turns_left if trigger is not None else 0
    state.passes = passes
    state.phase = Phase.TURN
