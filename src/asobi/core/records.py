"""Game records: a game is (game, options, seed, setup, moves), and that is all.

``replay`` rebuilds every intermediate state from a record; the server stores records,
the CLI saves and replays them, and the tests use them to check determinism.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, ValidationError

from asobi.core.errors import (
    BadActionCode,
    IllegalAction,
    InvalidOptions,
    InvalidSetup,
    RecordMismatch,
    problems,
)
from asobi.core.events import Event
from asobi.core.protocol import GameOptions, GameSpec, Outcome, State
from asobi.core.registry import get_spec

RECORD_FORMAT = 1


@dataclass
class GameRecord:
    game: str
    options: dict[str, Any]
    seed: int
    setup: dict[str, Any] | None = None
    moves: list[tuple[int, str]] = field(default_factory=list)
    outcome: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "setup": self.setup,
            "moves": [[seat, code] for seat, code in self.moves],
            "outcome": self.outcome,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameRecord:
        """A record from its JSON form (:class:`RecordJson`); a :class:`RecordMismatch` says
        what makes ``data`` no record. Whether its moves replay is :func:`replay`'s to say."""
        if not isinstance(data, Mapping):
            raise RecordMismatch("not a game record: expected a JSON object")
        if _nested_deeper(data, MAX_DEPTH):
            raise RecordMismatch(f"not a game record: nested more than {MAX_DEPTH} deep")
        try:
            parsed = RecordJson.model_validate(dict(data))
        except ValidationError as exc:
            raise RecordMismatch(f"not a game record: {problems(exc, 'record')}") from None
        if parsed.format != RECORD_FORMAT:
            raise RecordMismatch(f"unsupported record format {parsed.format}")
        return cls(
            game=parsed.game,
            options=parsed.options or {},
            seed=parsed.seed,
            setup=parsed.setup,
            moves=list(parsed.moves),
            outcome=parsed.outcome or None,
        )

    def save(self, path: str | Path) -> None:
        """Written as UTF-8 whatever the system's own encoding (names and titles in Japanese
        stay readable, and the file reads the same on any machine)."""
        text = json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n"
        Path(path).write_text(text, encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except RecursionError:
            raise RecordMismatch(f"{path}: not JSON (nested too deeply)") from None
        except ValueError as exc:  # not JSON, not UTF-8, a number too long to read
            raise RecordMismatch(f"{path}: not JSON ({exc})") from None
        return cls.from_json(data)


def _move(value: Any) -> Any:
    """A move is saved as the JSON list ``[seat, code]``: read it as a pair."""
    return tuple(value) if isinstance(value, list) else value


class RecordJson(BaseModel):
    """A game record as JSON (what :meth:`GameRecord.to_json` writes), read strictly: a
    seat of 0.7 or ``true``, a seed of ``"7"``, is refused rather than rounded. Keys it
    does not name are left alone (a simulation's ``games.jsonl`` adds its own)."""

    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)

    format: int = RECORD_FORMAT
    game: str
    options: dict[str, Any] | None = None
    seed: int
    setup: dict[str, Any] | None = None
    """The scenario the game started from (the game's own form), or null: a deal."""
    moves: list[Annotated[tuple[int, str], BeforeValidator(_move)]]
    """Every move in order, each ``[seat, code]`` (required: a record without them is none)."""
    outcome: dict[str, Any] | None = None


MAX_DEPTH = 64
"""How deeply a record's JSON may nest: far more than any game's options, scenario or
outcome need, and far less than would exhaust Python's stack in whatever reads it next."""


def _nested_deeper(data: Any, limit: int) -> bool:
    """Whether lists and objects in ``data`` nest more than ``limit`` deep (walked without
    recursion, so that the check itself cannot run out of stack)."""
    level: list[Any] = [data]  # the containers at depth 1, then 2, ...
    for _ in range(limit):
        level = [
            item
            for value in level
            for item in (value.values() if isinstance(value, Mapping) else value)
            if isinstance(item, Mapping | list | tuple)
        ]
        if not level:
            return False
    return True


class Match:
    """A state together with its record: what front ends, bots runners and arenas drive.

    ``play`` applies an action and appends it to the record, so the record is always the
    exact history of the state.
    """

    def __init__(
        self,
        game: str,
        options: GameOptions | Mapping[str, Any] | None = None,
        seed: int = 0,
        setup: Mapping[str, Any] | None = None,
    ) -> None:
        spec = get_spec(game)
        opts = spec.options(options)
        self.spec = spec
        self.state: State = spec.new_game(opts, seed, setup)
        self.record = GameRecord(
            game=game,
            options=opts.model_dump(),
            seed=seed,
            setup=dict(setup) if setup is not None else None,  # {} is a setup too
        )

    def play(self, seat: int, action: Any) -> list[Event]:
        if isinstance(action, str):
            action = self.spec.action_space.decode(action)
        events = self.state.apply(seat, action)
        self.record.moves.append((seat, action.encode()))
        result = self.state.outcome()
        if result is not None:
            self.record.outcome = result.to_json()
        return events

    def clone(self, state: State | None = None) -> Match:
        """An independent copy; with ``state``, a copy that goes on from that state instead
        (a search's sampled world: its record is then the moves, not a replayable game)."""
        return Match.resume(
            state if state is not None else self.state.clone(),
            replace(self.record, moves=list(self.record.moves)),
        )

    @staticmethod
    def resume(state: State, record: GameRecord) -> Match:
        """The match of ``record`` going on from ``state`` (the state its moves led to)."""
        match = object.__new__(Match)
        match.spec = get_spec(record.game)
        match.state = state
        match.record = record
        return match


@dataclass(frozen=True)
class ReplayStep:
    """One step of a replay: the state after ``seat`` played ``action`` (None: the start)."""

    number: int
    seat: int | None
    code: str | None
    events: list[Event]
    state: State


def replay_steps(record: GameRecord) -> Iterator[ReplayStep]:
    """Every intermediate state of a record, from the start, each an independent copy."""
    spec = get_spec(record.game)
    state = _start(spec, record)
    yield ReplayStep(0, None, None, [], state.clone())
    for number, (seat, code) in enumerate(record.moves, start=1):
        events = _replay_move(spec, state, number, seat, code)
        yield ReplayStep(number, seat, code, events, state.clone())


def replay(record: GameRecord) -> State:
    """The final state of a record, checked against the outcome the record claims."""
    spec = get_spec(record.game)
    state = _start(spec, record)
    for number, (seat, code) in enumerate(record.moves, start=1):
        _replay_move(spec, state, number, seat, code)
    result: Outcome | None = state.outcome()
    claimed = record.outcome
    actual = result.to_json() if result is not None else None
    if claimed is not None and _jsonable(claimed) != _jsonable(actual):
        raise RecordMismatch(_mismatch(len(record.moves), actual, claimed))
    return state


def _mismatch(moves: int, actual: Mapping[str, Any] | None, claimed: Mapping[str, Any]) -> str:
    """Why a record's moves do not come to the outcome it claims, in a person's words."""
    said = f"scores {_scores(claimed)}"
    if actual is None:
        return (
            f"its {moves} moves leave the game unfinished, but the record claims it ended ({said})"
        )
    if actual.get("scores") != claimed.get("scores"):
        return f"its moves end the game with scores {_scores(actual)}, but the record claims {said}"
    return (
        "its moves end the game otherwise than the record claims (the same scores, another result)"
    )


def _scores(outcome: Mapping[str, Any]) -> str:
    return " to ".join(
        f"{s:g}" if isinstance(s, float) else str(s) for s in outcome.get("scores") or []
    )


def _start(spec: GameSpec, record: GameRecord) -> State:
    """The state a record starts from; options or a scenario the game refuses mean the
    record is not one of its games."""
    try:
        return spec.new_game(record.options, record.seed, record.setup)
    except InvalidOptions as exc:
        raise RecordMismatch(f"options: {exc}") from None
    except InvalidSetup as exc:
        raise RecordMismatch(f"setup: {exc}") from None


def _replay_move(spec: GameSpec, state: State, number: int, seat: int, code: str) -> list[Event]:
    """Play one recorded move; a move the game refuses means the record is not a game."""
    try:
        return state.apply(seat, spec.action_space.decode(code))
    except (IllegalAction, BadActionCode) as exc:
        raise RecordMismatch(
            f"move {number} (seat {seat}: {code!r}) does not replay: {exc}"
        ) from exc


def _jsonable(value: Any) -> Any:
    """Compare outcomes as they would be saved (tuples become lists)."""
    return json.loads(json.dumps(value))
