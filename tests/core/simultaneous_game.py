"""Odds and evens: a tiny SIMULTANEOUS-move game that exists only for the tests.

It proves the protocol carries simultaneous decisions (It's Mine!'s dice bids need them)
even though Starmine never makes two seats act at once.

Rules. Two seats. The seed draws which seat plays *odd* (the other plays *even*); that
is public. Every round both seats are active at once and each secretly commits a number
of fingers, 0–5 (``show N``). Committing takes the seat out of ``active_seats``; the other
seat learns *that* it committed, never *what*. Once both are in, the choices are revealed
together: an odd sum wins the round for the odd seat, an even sum for the even seat. The
first seat to win ``rounds_to_win`` rounds (2: best of three) wins the game.

Hidden information: a committed but unrevealed choice, seen by its own seat only.
``determinize(seat, rng)`` therefore resamples the *other* seat's pending choice.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from pydantic import Field

from asobi.core import (
    ActionSpace,
    BadActionCode,
    Event,
    GameOptions,
    GameSpec,
    IllegalAction,
    InvalidSetup,
    Outcome,
    State,
    ranks_from_scores,
)
from asobi.core.events import private, public
from asobi.core.lazy import Lazy
from asobi.core.protocol import Copiers, copy_rng
from asobi.core.scenarios import Scenario, per_seat, read_scenario

GAME_ID = "test-odds-evens"
FINGERS = range(6)


@dataclass(frozen=True, slots=True)
class Show:
    fingers: int

    def encode(self) -> str:
        return f"show {self.fingers}"


SHOW = tuple(Show(n) for n in FINGERS)


def _parse(code: str) -> Show:
    raise BadActionCode(f"{code!r} is not an odds-and-evens action; try 'show 3'")


ACTION_SPACE: ActionSpace[Show] = ActionSpace(SHOW, parse=_parse)


class OddsEvensOptions(GameOptions):
    players: int = 2
    rounds_to_win: int = Field(default=2, ge=1, le=5)


class OddsEvensState(State[Show]):
    copied: ClassVar[Copiers] = {"rng": copy_rng, "pending": list, "wins": list, "history": list}

    def __init__(self, options: OddsEvensOptions, rng: random.Random) -> None:
        super().__init__()
        self.options = options
        self.rng = rng
        self.odd_seat = rng.randrange(2)  # chance at setup, from the seed
        self.pending: list[int | None] = [None, None]
        self.wins = [0, 0]
        self.history: list[tuple[int, int]] = []  # revealed (fingers of seat 0, of seat 1)
        self.result: Outcome | None = None

    @property
    def players(self) -> int:
        return 2

    def who_acts(self) -> frozenset[int]:
        if self.result is not None:
            return frozenset()
        return frozenset(s for s in (0, 1) if self.pending[s] is None)

    def list_legal(self, seat: int) -> list[Show]:
        return list(SHOW)

    def check(self, seat: int, action: Any) -> None:
        if not isinstance(action, Show) or action.fingers not in FINGERS:
            raise IllegalAction("fingers", f"{action!r}: show 0 to 5 fingers")

    def carry_out(self, seat: int, action: Show) -> list[Event]:
        self.pending[seat] = action.fingers
        events = [
            public("commit", seat),
            private("chose", seat, frozenset({seat}), fingers=action.fingers),
        ]
        if None in self.pending:
            return events
        a, b = self.pending
        assert a is not None and b is not None
        self.pending = [None, None]
        self.history.append((a, b))
        winner = self.odd_seat if (a + b) % 2 else 1 - self.odd_seat
        self.wins[winner] += 1
        events.append(public("reveal", None, fingers=[a, b], sum=a + b, winner=winner))
        if self.wins[winner] >= self.options.rounds_to_win:
            scores = tuple(float(w) for w in self.wins)
            self.result = Outcome(scores, ranks_from_scores(scores), {"rounds": len(self.history)})
            events.append(public("game_over", None, **self.result.to_json()))
        return events

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "game": GAME_ID,
            "seat": seat,
            "odd_seat": self.odd_seat,
            "active": sorted(self.active_seats()),
            "committed": [p is not None for p in self.pending],
            "my_choice": self.pending[seat] if seat is not None else None,
            "wins": list(self.wins),
            "history": [list(h) for h in self.history],
            "outcome": self.result.to_json() if self.result is not None else None,
        }

    def outcome(self) -> Outcome | None:
        return self.result

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        """Resample the other seat's pending choice. The world's own generator is reseeded
        from ``rng`` too: the true one's future draws are hidden information as well."""
        world = self.clone()
        world.rng = random.Random(rng.getrandbits(64))
        for s in (0, 1):
            if s != seat and world.pending[s] is not None:
                world.pending[s] = rng.choice(FINGERS)
        return world


class OddsEvensScenario(Scenario):
    """A position of the game: who plays odd, and the rounds each seat has won so far."""

    odd_seat: int | None = None
    """The seat that plays odd (0 or 1); without it the seed draws it."""
    wins: list[int] = Field(default_factory=lambda: [0, 0])
    """The rounds each seat has won so far, fewer than ``rounds_to_win``."""


def new_state(
    options: OddsEvensOptions, seed: int, setup: Mapping[str, Any] | None = None
) -> OddsEvensState:
    state = OddsEvensState(options, random.Random(seed))
    if setup is not None:
        scenario = read_scenario(OddsEvensScenario, setup)
        wins = per_seat(scenario.wins, "wins", 2)
        if scenario.odd_seat not in (None, 0, 1):
            raise InvalidSetup("odd_seat: a seat, 0 or 1")
        if not all(0 <= w < options.rounds_to_win for w in wins):
            raise InvalidSetup(f"wins: 0..{options.rounds_to_win - 1} each")
        if scenario.odd_seat is not None:
            state.odd_seat = scenario.odd_seat
        state.wins = list(wins)
    return state


class FirstLegalBot:
    """The game's own bot (through ``GameSpec.bots``): always the first legal action."""

    name = "first"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, decision: Any) -> Any:
        return decision.legal[0]


SPEC = GameSpec(
    id=GAME_ID,
    name_en="Odds and evens (test game)",
    name_ja="おちゃらか (テスト用)",
    seat_counts=(2,),
    options_model=OddsEvensOptions,
    action_space=ACTION_SPACE,
    factory=new_state,
    summary="A best-of-three simultaneous-move game used by the tests.",
    bots={"first": FirstLegalBot},
    scenario=Lazy(f"{__name__}:OddsEvensScenario"),
)
OddsEvensState.spec = SPEC


@contextmanager
def registered(spec: GameSpec = SPEC) -> Iterator[GameSpec]:
    """Register a test-only game for the duration of a block, through
    :func:`asobi.core.registry.register`, and take it out again afterwards, so that
    nothing else (``asobi list``, arenas) ever sees it."""
    from asobi.core import registry

    registry.all_specs()  # load the real games' entry points first
    was_there = registry._SPECS.get(spec.id) is spec
    registry.register(spec)
    try:
        yield spec
    finally:
        if not was_there:
            registry._SPECS.pop(spec.id, None)
