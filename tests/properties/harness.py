"""The generic machinery of the property tests: fingerprints, sharing walks, random play.

Nothing here knows any game: it uses the protocol only (``asobi.core``), plus the state's
plain attributes for fingerprints. Per-game checks live in ``hooks.py``.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import BuiltinFunctionType, FunctionType, MethodType, ModuleType
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from pydantic import BaseModel

from asobi.core import Action, Event, GameSpec, IllegalAction, Match, State
from asobi.core.lazy import Lazy
from asobi.core.protocol import Chance, copy_rng


def examples(ci_count: int, weight: float = 1.0) -> int:
    """``ci_count`` examples under the ``ci`` profile, scaled for the active profile
    (``quick``: a tenth, ``thorough``: ten times; see ``tests/conftest.py``) and by a
    game's ``weight`` (long games take fewer examples)."""
    base = 100  # tests/conftest.py: CI_EXAMPLES
    return max(1, round(ci_count * weight * settings().max_examples / base))


# --- fingerprints -------------------------------------------------------------------------
def fingerprint(obj: Any) -> Any:
    """The whole value of ``obj`` as plain, comparable data.

    Objects become (type name, their attributes); containers are walked; sets and dicts are
    sorted so that equal values give equal fingerprints; a random generator becomes its
    ``getstate()``. Attributes starting with ``_`` (private caches) are left out.
    """
    return _fp(obj, set())


_ATOMS = frozenset({type(None), bool, int, float, str, bytes})


def _fp(obj: Any, path: set[int]) -> Any:
    kind = type(obj)
    if kind in _ATOMS:
        return obj
    if isinstance(obj, tuple) and all(type(x) in _ATOMS for x in obj):
        return (kind.__qualname__, obj)  # a tuple of atoms (a card, ...) is its own print
    if isinstance(obj, bool | int | float | str | bytes):
        return (kind.__qualname__, obj)  # an int or str subclass: keep its type
    if isinstance(obj, Enum):
        return (kind.__qualname__, obj.value)
    if isinstance(obj, random.Random | Chance):
        return ("Random", obj.getstate())
    if isinstance(obj, type | FunctionType | BuiltinFunctionType | MethodType | ModuleType):
        return ("ref", getattr(obj, "__qualname__", repr(obj)))
    key = id(obj)
    if key in path:
        return ("<cycle>", kind.__qualname__)
    path.add(key)
    try:
        name = kind.__qualname__
        if isinstance(obj, list | tuple):
            return (name, tuple([_fp(x, path) for x in obj]))
        if isinstance(obj, set | frozenset):
            return (name, tuple(sorted([_fp(x, path) for x in obj], key=repr)))
        if isinstance(obj, dict):
            items = [(_fp(k, path), _fp(v, path)) for k, v in obj.items()]
            return (name, tuple(sorted(items, key=repr)))
        if isinstance(obj, bytearray):
            return (name, bytes(obj))
        if isinstance(obj, BaseModel):
            return (name, _fp(obj.model_dump(), path))
        attrs = _attributes(obj)
        if attrs is None:
            return (name, repr(obj))
        return (name, tuple([(k, _fp(v, path)) for k, v in attrs if not k.startswith("_")]))
    finally:
        path.discard(key)


def _attributes(obj: Any) -> list[tuple[str, Any]] | None:
    """An object's instance attributes (``__dict__`` and slots), or None if it has none."""
    found: dict[str, Any] = {}
    has_any = False
    for cls in type(obj).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        if isinstance(slots, str):
            slots = (slots,)
        for slot in slots:
            if slot in ("__dict__", "__weakref__"):
                continue
            has_any = True
            if hasattr(obj, slot):
                found[slot] = getattr(obj, slot)
    d = getattr(obj, "__dict__", None)
    if isinstance(d, dict):
        has_any = True
        found.update(d)
    return sorted(found.items()) if has_any else None


def state_fingerprint(state: State) -> Any:
    return fingerprint(state)


# --- sharing ------------------------------------------------------------------------------
MUTABLE_CONTAINERS = (list, dict, set, bytearray, random.Random)


def _immutable_object(obj: Any) -> bool:
    """Values that may be shared freely: frozen dataclasses and frozen pydantic models
    (decks, melds, options), enums, classes, functions, modules."""
    if isinstance(obj, Enum | type | FunctionType | BuiltinFunctionType | MethodType | ModuleType):
        return True
    if dataclasses.is_dataclass(obj) and obj.__dataclass_params__.frozen:  # type: ignore[union-attr]
        return True
    return isinstance(obj, BaseModel) and bool(obj.model_config.get("frozen"))


def mutable_parts(root: Any) -> dict[int, tuple[str, Any]]:
    """Every mutable object reachable from ``root``'s attributes: id -> (path, object).

    Mutable: lists, dicts, sets, bytearrays, random generators and instances of classes
    that are not frozen. Private attributes count too: a clone shares *nothing* mutable.
    """
    found: dict[int, tuple[str, Any]] = {}
    seen: set[int] = {id(root)}
    stack: list[tuple[str, Any]] = [
        (f".{k}", v) for k, v in (_attributes(root) or []) if k != "__dict__"
    ]
    while stack:
        path, obj = stack.pop()
        if obj is None or isinstance(obj, bool | int | float | str | bytes):
            continue
        if id(obj) in seen or _immutable_object(obj):
            continue
        seen.add(id(obj))
        if isinstance(obj, random.Random | Chance):
            # A Chance shares its generator with its clones until it draws, when it copies
            # it: safe to share, so only the Chance itself counts.
            found[id(obj)] = (path, obj)
        elif isinstance(obj, list | tuple):
            if isinstance(obj, list):
                found[id(obj)] = (path, obj)
            stack += [(f"{path}[{i}]", x) for i, x in enumerate(obj)]
        elif isinstance(obj, set | frozenset):
            if isinstance(obj, set):
                found[id(obj)] = (path, obj)
            stack += [(f"{path}{{{x!r}}}", x) for x in obj]
        elif isinstance(obj, dict):
            found[id(obj)] = (path, obj)
            stack += [(f"{path}<key {k!r}>", k) for k in obj]
            stack += [(f"{path}[{k!r}]", v) for k, v in obj.items()]
        elif isinstance(obj, bytearray):
            found[id(obj)] = (path, obj)
        else:
            attrs = _attributes(obj)
            if attrs is None:
                continue
            found[id(obj)] = (path, obj)  # an instance of a mutable class
            stack += [(f"{path}.{k}", v) for k, v in attrs]
    return found


def shared_mutables(a: Any, b: Any) -> list[str]:
    """Paths (in ``a``) of mutable objects that ``a`` and ``b`` share by identity."""
    parts_a = mutable_parts(a)
    parts_b = mutable_parts(b)
    return sorted(parts_a[k][0] for k in parts_a.keys() & parts_b.keys())


# --- random play --------------------------------------------------------------------------
@dataclass
class Chooser:
    """Choices for a random game: hypothesis's ``prefix`` first, then a seeded generator.

    Hypothesis shrinks the prefix (and the seeds) to a short failing game.
    """

    prefix: list[int]
    seed: int
    rng: random.Random = field(init=False, repr=False)
    used: int = field(default=0, repr=False)
    log: list[int] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def pick(self, n: int) -> int:
        assert n > 0
        if self.used < len(self.prefix):
            value = self.prefix[self.used] % n
        else:
            value = self.rng.randrange(n)
        self.used += 1
        self.log.append(value)
        return value


@st.composite
def choosers(draw: st.DrawFn) -> Chooser:
    prefix = draw(st.lists(st.integers(min_value=0, max_value=2**16), max_size=48))
    return Chooser(prefix, draw(st.integers(min_value=0, max_value=2**32 - 1)))


game_seeds = st.integers(min_value=0, max_value=2**32 - 1)


def choose_move(state: State, chooser: Chooser) -> tuple[int, Action]:
    """A seat among the active ones, then one of its legal actions."""
    active = sorted(state.active_seats())
    seat = active[chooser.pick(len(active))]
    legal = state.legal_actions(seat)
    return seat, legal[chooser.pick(len(legal))]


def play_out(state: State, chooser: Chooser, max_steps: int) -> int:
    """Play random legal moves on ``state`` until the end; return the number of moves."""
    steps = 0
    while not state.is_over:
        assert steps < max_steps, f"not over after {max_steps} moves"
        seat, action = choose_move(state, chooser)
        state.apply(seat, action)
        steps += 1
    return steps


@dataclass(frozen=True, repr=False)
class GameCase:
    """One way to play a game: its spec, a seat count and options."""

    spec: GameSpec
    players: int
    options: Mapping[str, Any]

    @property
    def id(self) -> str:
        extra = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.spec.id}-{self.players}p" + (f"-{extra}" if extra else "")

    def __repr__(self) -> str:
        return f"<{self.id}>"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:  # hypothesis's reports
        printer.text(repr(self))

    def all_options(self) -> dict[str, Any]:
        return {**self.options, "players": self.players}


@dataclass
class Step:
    number: int
    match: Match
    events: list[Event]  # what the move that led here returned ([] at the start)
    seat: int | None  # who moved to get here

    @property
    def state(self) -> State:
        return self.match.state


def random_game(case: GameCase, seed: int, chooser: Chooser, max_steps: int) -> Iterator[Step]:
    """Every position of a random legal game, through a :class:`Match` (so it is recorded).

    The consumer may inspect the state but must leave it as it found it.
    """
    match = Match(case.spec.id, case.all_options(), seed)
    step = Step(0, match, [], None)
    while True:
        yield step
        state = match.state
        if state.is_over:
            return
        assert step.number < max_steps, f"{case.id}: not over after {max_steps} moves"
        seat, action = choose_move(state, chooser)
        events = match.play(seat, action)
        step = Step(step.number + 1, match, events, seat)


# --- the same move in worlds a seat cannot tell apart -------------------------------------
def with_chance_of(world: State, state: State) -> State:
    """``world`` with ``state``'s random generators (every attribute holding one, copied):
    chance after the next move (a deal, a roll) then falls alike in both, so that what an
    observer sees afterwards differs only through what the world resampled."""
    for name, value in vars(state).items():
        if isinstance(value, random.Random):
            setattr(world, name, copy_rng(value))
        elif isinstance(value, Chance):
            setattr(world, name, Chance(copy_rng(value.random)))
    return world


def seen_by(events: list[Event], seat: int | None) -> list[dict[str, Any]]:
    """The events ``seat`` may see, as JSON."""
    return [e.to_json() for e in events if e.visible_to(seat)]


# --- protocol sanity, checked at every position -------------------------------------------
def check_protocol(state: State, spec: GameSpec, *, finite_actions: bool = True) -> None:
    """What every position of every game must satisfy, whatever the rules."""
    players = state.players
    active = state.active_seats()
    assert isinstance(active, frozenset)
    assert active <= set(range(players)), f"active seats {active} outside 0..{players - 1}"
    over = state.outcome() is not None
    assert over == state.is_over
    if over:
        assert not active, f"the game is over but seats {sorted(active)} are active"
        check_outcome(state)
    else:
        assert active, "nobody is to act but the game is not over"
    for seat in range(players):
        legal = state.legal_actions(seat)
        if seat not in active:
            assert legal == [], f"seat {seat} is not active but has legal actions"
            continue
        assert legal, f"active seat {seat} has no legal action"
        assert legal == state.legal_actions(seat), "legal_actions is not deterministic"
        assert len(set(legal)) == len(legal), f"duplicate legal actions for seat {seat}"
        for action in legal:
            code = action.encode()
            assert spec.action_space.decode(code) == action, f"{code!r} does not decode back"
            if finite_actions:
                spec.action_space.index(action)  # raises BadActionCode if missing
    view = state.view(None)
    assert json.loads(json.dumps(view)) == view, "the spectator view is not JSON-ready"


def check_outcome(state: State) -> None:
    result = state.outcome()
    assert result is not None
    players = state.players
    assert len(result.scores) == players and len(result.ranks) == players
    assert all(1 <= r <= players for r in result.ranks), result.ranks
    assert min(result.ranks) == 1, f"nobody ranks first: {result.ranks}"
    json.dumps(result.to_json())  # the record stores it: it must be JSON-ready


def check_events(events: list[Event], players: int) -> None:
    for event in events:
        assert isinstance(event, Event), event
        assert event.seat is None or 0 <= event.seat < players, event
        assert event.to is None or (event.to and event.to <= set(range(players))), event
        json.dumps(event.to_json())


def illegal_candidates(
    state: State, spec: GameSpec, seat: int, rng: random.Random, count: int
) -> list[Action]:
    """Up to ``count`` actions of the game's space that ``seat`` may not take now."""
    legal = set(state.legal_actions(seat))
    space = spec.action_space.actions
    picks: list[Action] = []
    for _ in range(count * 4):
        if len(picks) >= count:
            break
        action = space[rng.randrange(len(space))]
        if action not in legal and action not in picks:
            picks.append(action)
    return picks


def assert_refused(state: State, seat: int, action: Action, before: Any = None) -> None:
    """``apply`` must raise IllegalAction (naming a rule) and change nothing.

    ``before``: the state's fingerprint, if the caller already has it."""
    if before is None:
        before = state_fingerprint(state)
    try:
        state.apply(seat, action)
    except IllegalAction as exc:
        assert exc.rule and exc.reason, f"IllegalAction without rule or reason: {exc!r}"
    else:
        raise AssertionError(f"{action.encode()!r} by seat {seat} was accepted")
    assert state_fingerprint(state) == before, (
        f"refusing {action.encode()!r} by seat {seat} changed the state"
    )


class Typed:
    """Checks views and events against the types a game declares (``view_type``,
    ``event_type``): with pydantic, or with the JSON Schemas generated from them, as the
    browser gets them (``jsonschema``). A game that declares no type is not checked here
    (``test_conformance`` requires the types of every registered game)."""

    def __init__(self, spec: GameSpec, *, json_schema: bool) -> None:
        self.view = self._checker(spec.view_type, json_schema)
        self.event = self._checker(spec.event_type, json_schema)

    @staticmethod
    def _checker(declared: Lazy | None, json_schema: bool) -> Any:
        if declared is None:
            return None
        adapter = declared.resolve()
        if not json_schema:
            return adapter.validate_python
        validator = Draft202012Validator(adapter.json_schema())
        return validator.validate

    def check_view(self, view: Mapping[str, Any]) -> None:
        if self.view is not None:
            self.view(view)

    def check_event(self, event: Mapping[str, Any]) -> None:
        if self.event is not None:
            self.event(event)
