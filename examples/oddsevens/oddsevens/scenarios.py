"""Scenarios: a position to start from (``asobi play oddsevens --setup FILE``), as JSON.

The form is a pydantic model, so every key and value is checked with a clear message for
free (``rounds.0.1: Input should be less than or equal to 5``); what only the rules know
(nobody has already won) is checked by ``rules.new_state``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import Field

from asobi.core.scenarios import Scenario, read_scenario

Fingers = Annotated[int, Field(ge=0, le=5)]


class OddsEvensScenario(Scenario):
    """A position: who plays odd, and the rounds played so far. For example, seat 1 plays
    odd and one round is played, in which seat 0 showed 3 fingers and seat 1 showed 2::

        {
          "odd_seat": 1,
          "rounds": [[3, 2]]
        }
    """

    odd_seat: int | None = Field(default=None, ge=0, le=1)
    """The seat that plays odd, 0 or 1; without it the seed draws it."""
    rounds: list[Annotated[list[Fingers], Field(min_length=2, max_length=2)]] = Field(
        default_factory=list
    )
    """The rounds played so far, each as the fingers of seat 0 and of seat 1."""


def read_setup(setup: Mapping[str, Any]) -> OddsEvensScenario:
    return read_scenario(OddsEvensScenario, setup)
