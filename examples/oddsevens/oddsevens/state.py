"""What lies on the table in odds and evens: the options, the rounds played, this round's
secret choices. The rules (``rules.py``), the views (``views.py``) and the scenarios all
read this module; it imports none of them, so the package has no import cycle.

Every value the state holds is immutable (tuples, frozen dataclasses, frozen options), and
the rules rebind the state's attributes rather than change a value in place: so ``clone``
has nothing to copy (``copied`` is empty) and a clone can never share anything that changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pydantic import Field

from asobi.core import GameOptions, GameSpec, State
from oddsevens.actions import Show

SEATS = (0, 1)


class OddsEvensOptions(GameOptions):
    """Frozen and closed to unknown keys (``GameOptions``): a typo is an error. Each field
    is a rule a simulation may sweep (``asobi simulate oddsevens -o rounds_to_win=3``)."""

    players: int = Field(default=2, description="the two players: one odd (半), one even (丁)")
    rounds_to_win: int = Field(default=2, ge=1, le=5, description="rounds to win the game")


@dataclass(frozen=True, slots=True)
class Round:
    """A round played: the fingers each seat showed, and who won it."""

    fingers: tuple[int, int]
    winner: int

    @property
    def total(self) -> int:
        return sum(self.fingers)


def round_winner(fingers: tuple[int, int], odd_seat: int) -> int:
    """An odd sum wins for the odd seat, an even sum for the other."""
    return odd_seat if sum(fingers) % 2 else 1 - odd_seat


class OddsEvensState(State[Show]):
    """The table: who plays odd, the rounds played, this round's choices. The rules that
    change it are ``rules.OddsEvensRules``."""

    spec: ClassVar[GameSpec]  # set by the package, once its SPEC exists

    def __init__(
        self, options: OddsEvensOptions, odd_seat: int, rounds: tuple[Round, ...] = ()
    ) -> None:
        super().__init__()
        self.options = options
        self.odd_seat = odd_seat
        self.rounds = rounds
        # This round's secret choices, by seat (None: not chosen yet). The only hidden
        # information in the game: ``view_of`` shows a seat its own, ``determinize`` resamples
        # the other's.
        self.pending: tuple[int | None, int | None] = (None, None)

    @property
    def players(self) -> int:
        return 2

    @property
    def wins(self) -> tuple[int, int]:
        won = [r.winner for r in self.rounds]
        return (won.count(0), won.count(1))
