"""The rules of odds and evens (丁半), as a state machine that only ``apply`` changes.

Two seats. The seed draws which seat plays odd (半); the other plays even (丁). Every round
both seats choose in secret how many fingers to show, 0 to 5 (``show N``), in any order.
When both have chosen, the two numbers are shown together: an odd sum wins the round for
the odd seat, an even sum for the even seat. The first seat to win ``rounds_to_win``
rounds wins the game.

The table itself (the options, the rounds, the secret choices) is ``state.py``'s; this
module adds the rules to it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Self

from asobi.core import Action, Event, IllegalAction, InvalidSetup, Outcome, ranks_from_scores
from asobi.core.events import private, public
from oddsevens.actions import FINGERS, SHOWS, Show
from oddsevens.scenarios import read_setup
from oddsevens.state import SEATS, OddsEvensOptions, OddsEvensState, Round, round_winner
from oddsevens.views import view_of


class OddsEvensRules(OddsEvensState):
    """Odds and evens: who acts, what they may do, and what each choice does to the table."""

    # --- who acts, and what they may do ---------------------------------------------------
    def who_acts(self) -> frozenset[int]:
        if self.is_over:
            return frozenset()
        # Both seats at once: a simultaneous decision. A seat that has chosen leaves the set.
        return frozenset(s for s in SEATS if self.pending[s] is None)

    def list_legal(self, seat: int) -> list[Show]:
        return list(SHOWS)

    def check(self, seat: int, action: Action) -> None:
        # ``apply`` has checked the seat is to act; a Show built by hand may still be out of range.
        if not isinstance(action, Show) or action.fingers not in FINGERS:
            raise IllegalAction("fingers", f"{action.encode()!r}: show 0 to 5 fingers")

    # --- the one place the state changes ----------------------------------------------------
    def carry_out(self, seat: int, action: Show) -> list[Event]:
        choice = list(self.pending)
        choice[seat] = action.fingers
        self.pending = (choice[0], choice[1])
        events = [
            public("chose", seat),  # everyone learns that the seat has chosen...
            private("showing", seat, frozenset({seat}), fingers=action.fingers),  # ...it, what
        ]
        first, second = self.pending
        if first is None or second is None:
            return events
        fingers = (first, second)
        played = Round(fingers, round_winner(fingers, self.odd_seat))
        self.rounds = (*self.rounds, played)
        self.pending = (None, None)
        events.append(
            public("shown", None, fingers=list(fingers), sum=played.total, winner=played.winner)
        )
        result = self.outcome()
        if result is not None:
            events.append(public("game_over", None, **result.to_json()))
        return events

    # --- what is known, and by whom ---------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return dict(view_of(self, seat))

    def outcome(self) -> Outcome | None:
        wins = self.wins
        if max(wins) < self.options.rounds_to_win:
            return None
        scores = (float(wins[0]), float(wins[1]))
        details = {"rounds": len(self.rounds), "odd_seat": self.odd_seat}
        return Outcome(scores, ranks_from_scores(scores), details)

    def standing(self) -> tuple[float, ...]:
        return tuple(float(w) for w in self.wins)

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        """A world ``seat`` cannot tell from this one: the other seat's secret choice (if it
        has chosen) drawn anew. That a seat has chosen is public, so is kept; the draw
        depends on nothing else, so the world depends only on what ``seat`` knows."""
        world = self.clone()
        world.pending = (
            self.pending[0] if seat == 0 or self.pending[0] is None else rng.choice(FINGERS),
            self.pending[1] if seat == 1 or self.pending[1] is None else rng.choice(FINGERS),
        )
        return world


def new_state(
    options: OddsEvensOptions, seed: int, setup: Mapping[str, Any] | None = None
) -> OddsEvensRules:
    """A new game: the seed draws the odd seat (the game's only chance); a scenario may
    name it and the rounds played so far."""
    odd_seat = random.Random(seed).randrange(2)
    if setup is None:
        return OddsEvensRules(options, odd_seat)
    scenario = read_setup(setup)
    if scenario.odd_seat is not None:
        odd_seat = scenario.odd_seat
    rounds: list[Round] = []
    for a, b in scenario.rounds:
        rounds.append(Round((a, b), round_winner((a, b), odd_seat)))
    state = OddsEvensRules(options, odd_seat, tuple(rounds))
    if state.is_over:
        raise InvalidSetup(
            f"rounds: a seat has already won {options.rounds_to_win} (rounds_to_win)"
        )
    return state
