"""The moves of odds and evens: ``show N``, a number of fingers from 0 to 5.

An action is a small frozen value with a text code (what a player types and a record
stores). The action space lists every action once, so an RL agent can choose by index and
``decode`` turns a typed code back into the very same object.
"""

from __future__ import annotations

from dataclasses import dataclass

from asobi.core import ActionSpace, BadActionCode

FINGERS = range(6)


@dataclass(frozen=True, slots=True)
class Show:
    """Show ``fingers`` fingers (0–5), chosen in secret."""

    fingers: int

    def encode(self) -> str:
        return f"show {self.fingers}"


SHOWS = tuple(Show(n) for n in FINGERS)


def _refuse(code: str) -> Show:
    # Called by ActionSpace.decode for any code that is none of SHOWS: say what a move looks
    # like, so that a typo gets a useful one-line answer.
    raise BadActionCode(f"{code!r} is not an odds-and-evens move; type 'show 0' to 'show 5'")


ACTION_SPACE: ActionSpace[Show] = ActionSpace(SHOWS, parse=_refuse)
