"""The game protocol: what every game exposes and everything outside ``games/`` uses.

A game is a :class:`GameSpec` (identity, seat counts, options model, action space, a
factory) and a :class:`State` subclass (the rules as a state machine that only ``apply``
changes). See ``docs/architecture.md`` for the contract in prose.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, cast

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from typing_extensions import TypeVar  # its default (PEP 696) is Python 3.13's

from asobi.core.actions import Action, ActionSpace
from asobi.core.errors import IllegalAction, InvalidOptions, InvalidSetup, problems, quoted
from asobi.core.events import Event

if TYPE_CHECKING:
    from asobi.core.cards import Deck
    from asobi.core.lazy import Lazy
    from asobi.core.observation import ActionCoding, Observer
    from asobi.core.words import Phrasebook, Words


# A game's actions. A bare ``State`` is a state of any game (``State[Any]``).
A = TypeVar("A", bound=Action, default=Any)
T = TypeVar("T")


class GameOptions(BaseModel):
    """Base of every game's options. ``players`` is the seat count.

    Options are frozen and reject unknown fields, so a typo is an error, not a silent
    default. Every rule constant a game exposes here can be swept by simulations.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    players: int


def lobby_choice(en: str, ja: str, **labels: tuple[str, str]) -> dict[str, Any]:
    """The ``json_schema_extra`` of an option the lobby offers as a choice of rules: its name
    and each of its values' in English and Japanese (the page reads them from the options'
    JSON Schema, ``/api/games``): ``lobby_choice("Rules", "ルール", simple=("simple variant",
    "シンプル"), ...)``. Every option's description is there too, in English
    (``description``) and in Japanese (``description_ja``, in ``json_schema_extra``)."""
    values = {value: {"en": e, "ja": j} for value, (e, j) in labels.items()}
    return {"lobby": {"en": en, "ja": ja, "labels": values}}


class StartPlayerOptions(GameOptions):
    """Options of a game whose first player is chosen at the table ("ジャンケンなど"):
    ``start_player`` names the seat, or the seed draws it."""

    start_player: int | None = Field(
        default=None,
        description="the seat (0 to players − 1) that starts the first round; drawn from the "
        "seed when unset",
        json_schema_extra={
            "description_ja": "最初のラウンドのスタートプレイヤーの席(0〜人数−1)。"
            "指定しなければシードで決まります"
        },
    )

    @model_validator(mode="after")
    def _start_player_is_a_seat(self) -> Self:
        if self.start_player is not None and not 0 <= self.start_player < self.players:
            raise ValueError(f"start_player must be a seat 0..{self.players - 1}")
        return self


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``ranks`` decide the result (1 = first; equal ranks are ties); ``scores`` are the
    game's own measure of it (rows won, victory points, evaluation, ...); ``details`` is
    the per-game breakdown a player or designer wants to see, JSON-ready.
    """

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    @property
    def is_draw(self) -> bool:
        return len(self.ranks) > 1 and all(rank == 1 for rank in self.ranks)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "details": dict(self.details),
        }


FactValue = int | float | str | bool | None


@dataclass(frozen=True)
class Facts:
    """What a balance report (``asobi report``) counts in one finished game, beyond the
    ranks and scores every game has: worked out from the :class:`Outcome` alone.

    ``game`` holds one value per game (the row that decided it, the challenges made);
    ``seats`` one mapping per seat (mines taken, citations); ``holdings`` per seat the
    named things it ended the game with (buildings, mines, papers, boards), so a report
    can tell which of them win games; ``holding`` names what they are.
    """

    game: Mapping[str, FactValue] = field(default_factory=dict)
    seats: Sequence[Mapping[str, FactValue]] = ()
    holdings: Sequence[Sequence[str]] = ()
    holding: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "game": dict(self.game),
            "seats": [dict(s) for s in self.seats],
            "holdings": [list(h) for h in self.holdings],
            "holding": self.holding,
        }


def copy_rng(rng: random.Random) -> random.Random:
    """An independent generator in the same state (for ``clone``). Seeding it with 0 first
    avoids reading OS entropy only to overwrite it."""
    copy = random.Random(0)
    copy.setstate(rng.getstate())
    return copy


class Chance:
    """A state's random generator (its deck's shuffles, the first player), which its clones
    share until one of them draws: that one draws from a copy of its own.

    Copying a generator (``copy_rng``) takes some 40 µs, more than the rest of a card game's
    ``clone``, and most clones (a search's worlds, a server's trial move) never draw: so a
    clone takes the same generator, and whichever state draws next, the original or a
    clone, copies it first. Every state's draws are the same as with a copy of its own.
    """

    __slots__ = ("_shared", "random")

    def __init__(self, rng: random.Random | int) -> None:
        self.random = rng if isinstance(rng, random.Random) else random.Random(rng)
        self._shared = False

    def copy(self) -> Chance:
        """For ``clone`` (``copied = {"rng": Chance.copy}``): the same generator, shared."""
        self._shared = True
        other = Chance(self.random)
        other._shared = True
        return other

    def _own(self) -> random.Random:
        if self._shared:
            self.random = copy_rng(self.random)
            self._shared = False
        return self.random

    def shuffle(self, items: list[Any]) -> None:
        self._own().shuffle(items)

    def randrange(self, stop: int) -> int:
        return self._own().randrange(stop)

    def getrandbits(self, bits: int) -> int:
        return self._own().getrandbits(bits)

    def getstate(self) -> tuple[Any, ...]:
        """The generator's state, as ``random.Random.getstate``'s (it draws nothing)."""
        return self.random.getstate()


def copy_each(values: list[Any]) -> list[Any]:
    """A list of containers (a hand per seat, a set per seat), each copied one level."""
    return [value.copy() for value in values]


def copy_each_row(rows: list[list[Any]]) -> list[list[Any]]:
    """Rows of containers (each seat's columns, a set per viewer and owner), each container
    copied one level: what ``copy_nested`` would give, without looking at what they hold."""
    return [[value.copy() for value in row] for row in rows]


def copy_nested(value: Any) -> Any:
    """Lists, sets and dicts copied at every depth (Starmine's rows of rows of melds);
    anything else is immutable and kept."""
    kind = type(value)
    if kind is list:
        return [copy_nested(item) for item in value]
    if kind is dict:
        return {key: copy_nested(item) for key, item in value.items()}
    if kind is set:
        return set(value)
    return value


def ranks_from_scores(scores: Sequence[float]) -> tuple[int, ...]:
    """Competition ranking: higher score ranks first, equal scores share a rank."""
    return tuple(1 + sum(other > mine for other in scores) for mine in scores)


# How ``State.clone`` copies each mutable attribute: its name, and a function of its value.
Copiers = Mapping[str, Callable[[Any], Any]]


class State(ABC, Generic[A]):
    """One game in progress, whose actions are ``A``. Only :meth:`apply` changes it.

    Subclasses implement the rules in ``check`` (raise :class:`IllegalAction`, change
    nothing) and ``carry_out`` (change the state, return events); ``apply`` runs the two in
    that order, so an illegal action can never leave a half-applied state behind.

    Who acts and the legal moves are worked out once a position (``who_acts``,
    ``list_legal``) and kept until the state changes: ``resolve`` forgets them before every
    move, for every game.
    """

    spec: ClassVar[GameSpec]

    # What ``clone`` copies, attribute by attribute, and how (``list``, ``Chance.copy``,
    # ``copy_each``, ``copy_nested``...). Every other attribute must hold an immutable value,
    # which a state and its clones then share; the property tests find a mutable one left out.
    copied: ClassVar[Copiers] = {}

    def __init__(self) -> None:
        self.changed()

    @property
    @abstractmethod
    def players(self) -> int:
        """The number of seats, numbered 0..players-1."""

    # --- who acts, and what they may do: worked out once a position ---------------------
    def changed(self) -> None:
        """Forget who acts and the legal moves: the state has changed. ``resolve`` calls it
        before every move; a game calls it itself where its state changes outside a move (a
        scenario laying out a round) or where a move asks its own legal moves halfway and
        then changes the state again."""
        self._active: frozenset[int] | None = None
        self._legal: dict[int, list[A]] = {}
        self._listed: dict[int, frozenset[A]] = {}
        self._kept: dict[str, Any] = {}

    def kept(self, key: str, work: Callable[[], T]) -> T:
        """``work()`` for the position as it is, worked out once and forgotten with the
        legal moves at the next change: for what several readers ask of one position (each
        seat's view reads the same papers on the table). Never for a question a move asks
        halfway, before its last change."""
        if key in self._kept:
            return cast(T, self._kept[key])
        found = self._kept[key] = work()
        return found

    def active_seats(self) -> frozenset[int]:
        """Who must act now. Several seats means a simultaneous decision; empty: game over."""
        active = self._active
        if active is None:
            active = self._active = self.who_acts()
        return active

    def legal_actions(self, seat: int) -> list[A]:
        """Every legal action for ``seat`` now, in a deterministic order ([] if not active).
        Where a game's moves are continuous (Carrotein's spots and poses), a finite offer
        of them instead: ``check`` takes any other legal one, and a bot may make it
        (``Decision.permits``)."""
        listed = self._legal.get(seat)
        if listed is None:
            active = seat in (self._active or self.active_seats())
            listed = self._legal[seat] = self.list_legal(seat) if active else []
        return list(listed)

    def is_listed(self, seat: int, action: Action) -> bool:
        """Whether ``action`` is in ``legal_actions(seat)``, answered from a set."""
        listed = self._listed.get(seat)
        if listed is None:
            self.legal_actions(seat)  # worked out and kept, if it was not yet
            listed = self._listed[seat] = frozenset(self._legal[seat])
        return action in listed

    @abstractmethod
    def who_acts(self) -> frozenset[int]:
        """Work out who must act now (``active_seats`` keeps the answer)."""

    @abstractmethod
    def list_legal(self, seat: int) -> list[A]:
        """Work out ``seat``'s legal actions, ``seat`` being active (``legal_actions``
        keeps the list)."""

    @abstractmethod
    def check(self, seat: int, action: Action) -> None:
        """Raise :class:`IllegalAction` naming the rule if ``seat`` may not take ``action``."""

    def resolve(self, seat: int, action: A) -> list[Event]:
        """Carry out an action that ``check`` accepted (searches call it directly to skip
        the check they know the answer of)."""
        self.changed()
        return self.carry_out(seat, action)

    @abstractmethod
    def carry_out(self, seat: int, action: A) -> list[Event]:
        """Change the state by ``action``, which ``check`` accepted; return what happened."""

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Validate, then carry out ``action`` for ``seat``; return what happened."""
        if not isinstance(seat, int) or isinstance(seat, bool):
            # 1.0 == 1 and True == 1 would pass the turn check, then fail halfway through
            # resolve (a list indexed by 1.0) with part of the move done.
            raise IllegalAction(
                "seats", f"{quoted(seat)} is not a seat: seats are 0..{self.players - 1}"
            )
        if not is_action(action):
            raise IllegalAction("actions", f"{quoted(action)} is not an action of {self.spec.id}")
        if seat not in (self._active or self.active_seats()):
            if self.outcome() is not None:
                raise IllegalAction("end of game", "the game is over; no more actions")
            raise IllegalAction(
                "turn order",
                f"seat {seat} is not to act now (acting: {sorted(self.active_seats())})",
            )
        self.check(seat, action)
        return self.resolve(seat, action)  # type: ignore[arg-type]  # check let it through

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-ready: exactly what ``seat`` may know (``None``: a spectator)."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    def clone(self) -> Self:
        """An independent copy, random generator included: the attributes ``copied``
        names are copied as it says, the others (immutable) shared."""
        other = object.__new__(type(self))
        attributes = other.__dict__
        attributes.update(self.__dict__)
        for name, copy in self.copied.items():
            attributes[name] = copy(attributes[name])
        other.changed()
        return other

    @abstractmethod
    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        """A full state consistent with all ``seat`` knows, its hidden parts resampled."""

    @property
    def is_over(self) -> bool:
        return self.outcome() is not None

    def standing(self) -> tuple[float, ...] | None:
        """Each seat's score so far by the game's own measure (points of complete papers,
        tepu, ...), for searches that stop a playout before the end; None where a game has
        no such measure (a playout must then run to the end)."""
        return None

    def first_player(self) -> int | None:
        """Asked at the start of a game: the seat that takes the first turn, so reports can
        measure the first player's advantage; None where everyone opens at once."""
        active = self.active_seats()
        return next(iter(active)) if len(active) == 1 else None

    def caution(self, seat: int, action: Action) -> Words | None:
        """A consequence of the legal ``action`` that a player could miss (in Starmine's
        solo contest: this placement ends the launch as a failure), for the front ends to
        show beside the move; None for an ordinary move. Told only to ``seat``."""
        return None

    def take_back_rule(self, seat: int, action: Action) -> Words | None:
        """The rule that makes ``action`` final (in both languages), for a game whose rules
        forbid taking back a move that reveals nothing (``asobi.core.takeback`` checks fair
        play for all games)."""
        return None


def is_action(value: object) -> bool:
    """Whether ``value`` can be an action at all: a hashable value with a code (a game's
    rules look actions up in sets; a string has an ``encode`` too, but no code). Answered
    once a type, as ``apply`` asks it of every move."""
    kind = type(value)
    known = _ACTION_TYPES.get(kind)
    if known is None:
        known = _ACTION_TYPES[kind] = (
            kind.__hash__ is not None
            and callable(getattr(kind, "encode", None))
            and not issubclass(kind, str | bytes)
        )
    return known


_ACTION_TYPES: dict[type, bool] = {}


StateFactory = Callable[[Any, int, Mapping[str, Any] | None], "State"]


@dataclass(frozen=True)
class GameSpec:
    """What the registry knows about a game."""

    id: str
    name_en: str
    name_ja: str
    seat_counts: tuple[int, ...]
    options_model: type[GameOptions]
    action_space: ActionSpace[Any]
    factory: StateFactory
    # The rules on one page, as Markdown (``asobi rules``, the terminal's ``rules``): in
    # English, and in Japanese where the game has it ("": shown in English, saying so).
    summary: str = ""
    summary_ja: str = ""
    default_players: int | None = None
    # The game's own bots by name (its heuristic bot, ...): ``factory(seed) -> Bot``, or
    # ``factory(seed, **params) -> Bot`` for a bot that takes parameters (``perfect:seconds=1``).
    bots: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    # The name of the game's heuristic bot, one of ``bots``: the bot the default levels are
    # made of (``asobi.core.bots.default_levels``), and the one the generic ``careless`` and
    # ``lookahead`` play with unless told another. None: the default levels are searches
    # that need no bot of the game.
    heuristic: str | None = None
    # Which bot plays each difficulty level (``asobi.core.bots.LEVELS``) where the game
    # differs from ``asobi.core.bots.default_levels``: level -> bot name with parameters.
    levels: Mapping[str, str] = field(default_factory=dict)
    # What a graphical front end needs to draw the game beyond the views, which never
    # change during a game (Carrotein's board shapes): ``assets(options) -> JSON``.
    assets: Callable[[GameOptions], Mapping[str, Any]] | None = None
    # Something a front end may show on request, worked out from the public view alone (so
    # it cannot leak a secret), too slow to put in every view: Carrotein's placement that
    # would have worked after a failed challenge. ``insight(public_view) -> JSON``.
    insight: Callable[[Mapping[str, Any]], Mapping[str, Any]] | None = None
    # What a balance report counts in a finished game beyond ranks and scores (which rows
    # decide Starmine games, which buildings Rummy City winners own): ``facts(outcome)``.
    facts: Callable[[Outcome], Facts] | None = None
    # Every thing a player can end a game holding (``Facts.holdings``: mines, papers,
    # buildings, boards), in the game's own order, named in English and Japanese, so that a
    # report lists them all by name, those never held too: ``holding_names(options)``.
    holding_names: Callable[[GameOptions], Mapping[str, Words]] | None = None
    # How a learning agent sees the game and chooses (the RL adapters, ``asobi.adapters``):
    # ``observer(options)`` encodes a seat's view as a fixed-size vector; ``coding(options)``
    # numbers the choices where the finite action space is not enough (Carrotein's poses).
    observer: Callable[[GameOptions], Observer] | None = None
    coding: Callable[[GameOptions], ActionCoding] | None = None
    # Whether some decisions are made by several seats at once, each choice kept secret
    # until all are in (It's Mine!'s dice bids): adapters may offer them as simultaneous
    # moves. asobi itself takes them one seat at a time (``active_seats`` then shrinks).
    simultaneous: bool = False
    # The cards the game is played with, for front ends that draw them (None: no cards).
    deck: Deck | None = None
    # What the game says to people, in English and Japanese (``asobi.core.words``): its
    # phrasebook for given options (``words(options)``); a lazy reference keeps importing
    # the game cheap. None: the plain words of :class:`asobi.core.words.PlainWords`.
    words: Callable[[GameOptions], Phrasebook] | None = None
    # The module that draws the game in the terminal (``asobi.play.render`` says what it
    # holds: ``render(view, console)``, and ``public_code`` for a game with secret moves),
    # imported by name only when a terminal needs it. None: the view as JSON.
    render: str | None = None
    # The JavaScript module that draws the game's table in the browser: a file of the game's
    # package, as "package:file" ("asobi.games.starmine:table.js"), which the server hands
    # out as ``/static/games/<id>.js`` (``web/table.js`` says what it exports), with the style
    # sheet of the same name beside it if there is one (``table.css``). None: the browser
    # draws the view as words and every legal move as a button (``web/generic.js``).
    browser: str | None = None
    # The view's type and the events' (``asobi.core.typed``): pydantic ``TypeAdapter``s of
    # the game's TypedDicts (the events a union on ``kind``), referenced lazily
    # (``Lazy("pkg.views:VIEW")``) so that listing games builds no validator. Bots,
    # observers and renderers read views through them; their JSON Schemas are what the
    # server hands the browser (``/api/games/{id}/schema``).
    view_type: Lazy | None = None
    event_type: Lazy | None = None
    # The command line's words for the game (``asobi.cli``), beyond ``-o KEY=VALUE``: aliases,
    # each a word that ``-o WORD`` expands into some of the game's options (It's Mine!'s
    # ``"simple": {"variant": "simple"}``, its シンプル variant); and example command lines
    # with what each does (``("asobi play itsmine -o simple", "its simple variant")``), shown
    # in the help of the command each starts with. The help is made from these, so the
    # command line itself names no game.
    option_aliases: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    cli_examples: Sequence[tuple[str, str]] = ()
    # The form of a scenario, the ``setup`` a game may start from (``asobi play --setup``):
    # the game's ``asobi.core.scenarios.Scenario`` model, whose keys' docstrings describe
    # them, referenced lazily (``Lazy("pkg.scenarios:TheScenario")``) as scenarios are rare.
    # None: the game starts only from a deal, and refuses a setup.
    scenario: Lazy | None = None
    # A random playout compiled (``asobi.core.playouts``): ``playout(world, seed, max_moves,
    # trace) -> Playout`` plays a world to its end with uniformly random legal moves, as the
    # searches' random rollout does through the protocol, many times faster; referenced
    # lazily, as it compiles on first use. ``tests/properties/test_playouts.py`` holds it
    # equal to the engine. None: searches play random playouts through the protocol.
    playout: Lazy | None = None

    def __post_init__(self) -> None:
        if self.heuristic is not None and self.heuristic not in self.bots:
            raise ValueError(
                f"game {self.id}: its heuristic bot {self.heuristic!r} is not one of its bots"
            )

    def phrasebook(self, options: GameOptions) -> Phrasebook:
        """What the game says for ``options``: its own words, else the plain ones."""
        if self.words is not None:
            return self.words(options)
        from asobi.core.words import PlainWords

        return PlainWords(options)

    def action_coding(self, options: GameOptions) -> ActionCoding:
        """The game's own coding, else its finite action space index for index."""
        if self.coding is not None:
            return self.coding(options)
        from asobi.core.observation import ActionCoding

        return ActionCoding(self.action_space)

    def options(self, raw: GameOptions | Mapping[str, Any] | None = None) -> GameOptions:
        """Validate raw options into the game's options model, with a clear error."""
        if isinstance(raw, self.options_model):
            opts = raw
        else:
            data = dict(raw or {})
            data.setdefault("players", self.default_players or self.seat_counts[0])
            try:
                opts = self.options_model.model_validate(data)
            except ValidationError as exc:
                raise InvalidOptions(f"{self.id}: {problems(exc, 'options')}") from None
        if opts.players not in self.seat_counts:
            raise InvalidOptions(
                f"{self.id}: {opts.players} players is not allowed "
                f"(allowed: {', '.join(map(str, sorted(self.seat_counts)))})"
            )
        return opts

    def new_game(
        self,
        options: GameOptions | Mapping[str, Any] | None = None,
        seed: int = 0,
        setup: Mapping[str, Any] | None = None,
    ) -> State:
        if setup is not None and self.scenario is None:
            raise InvalidSetup(f"{self.id} takes no scenario: it starts only from a deal")
        return self.factory(self.options(options), seed, setup)


def check_legal(state: State, seat: int, action: Action, rule: str) -> None:
    """A fallback ``check`` for games whose legal list is cheap: legal means listed."""
    if not state.is_listed(seat, action):
        raise IllegalAction(rule, f"{action.encode()!r} is not a legal action now")
