"""The bot interface, part of the protocol: a bot sees only what its seat may know.

Whoever runs a bot (terminal, server, arena) calls :func:`choose_for`, which hands the
bot a :class:`Decision`: the seat's view, its legal actions, and a sampler of worlds
drawn by ``state.determinize(seat, rng)``. The bot never holds the true state, so it
cannot cheat even by accident.
"""

from __future__ import annotations

import inspect
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from asobi.core.actions import Action
from asobi.core.errors import IllegalAction, InvalidBot
from asobi.core.lazy import Lazy
from asobi.core.protocol import State
from asobi.core.registry import get_spec


@dataclass(frozen=True)
class Decision:
    """Everything a bot may use to choose one action for ``seat``."""

    game: str
    seat: int
    view: dict[str, Any]
    legal: Sequence[Action]
    sample_world: Callable[[random.Random], State]
    # Whether the rules take an action that ``legal`` does not list: where a game's moves are
    # continuous (Carrotein's spots and poses) the list is a finite offer, and a bot may
    # work out a move of its own (None: the list is every legal action).
    permits: Callable[[Action], bool] | None = None

    def allows(self, action: Action) -> bool:
        """Whether ``action`` is legal here: listed, or taken by the rules."""
        return action in self.legal or (self.permits is not None and self.permits(action))


class Bot(Protocol):
    name: str

    def choose(self, decision: Decision) -> Action: ...


def decision_for(state: State, seat: int) -> Decision:
    """The decision ``seat`` faces in ``state``, with nothing it may not know."""
    frozen = state.clone()  # later moves on the real state must not change the sampler

    def sample_world(rng: random.Random) -> State:
        return frozen.determinize(seat, rng)

    def permits(action: Action) -> bool:
        try:
            frozen.check(seat, action)
        except IllegalAction:
            return False
        return True

    return Decision(
        game=state.spec.id,
        seat=seat,
        view=state.view(seat),
        legal=state.legal_actions(seat),
        sample_world=sample_world,
        permits=permits,
    )


def choose_for(bot: Bot, state: State, seat: int) -> Action:
    """Ask ``bot`` for ``seat``'s action in ``state`` (the only way front ends call bots)."""
    return choose(bot, decision_for(state, seat))


def mix_seeds(first: int, second: int, third: int) -> int:
    """One 32-bit seed from three numbers (a game's seed, a seat, a count...): each scaled
    by its own prime, so that neighbouring triples give unrelated seeds. The server, the
    arena and the terminal derive their bots' seeds with it."""
    return (first * 1_000_003 + second * 7_919 + third * 104_729) % 2**32


def choose(bot: Bot, decision: Decision) -> Action:
    """Ask ``bot`` to decide ``decision``, refusing an action that is not among its legal ones
    (for a caller that also wants the decision itself, as the arena counts the choices)."""
    action = bot.choose(decision)
    if not decision.allows(action):
        raise RuntimeError(f"bot {bot.name} chose an illegal action {action.encode()!r}")
    return action


# Bots that play any game (random, search) by name; a game's own bots (its heuristic bot)
# come with its GameSpec (``GameSpec.bots``), so a new game brings its bots without touching
# this module or any front end.
#
# A generic bot may take parameters, written after its name: ``ismcts:iterations=200``,
# ``careless:p=0.5:bot=greedy``. They reach its factory as strings, which it checks
# (``take_param``), refusing any it does not take or cannot use with an InvalidBot.
GenericBotFactory = Callable[..., Bot]
"""``factory(game_id, seed, **params) -> Bot``."""

# asobi's own generic bots live above core (``asobi.agents``): each is named here by a lazy
# reference to its factory, whose module is imported when the bot is first made. So
# ``make_bot("hard", game)`` works whatever its caller imported, and importing this module
# imports no search. Others (OpenSpiel's search) join with :func:`register_bot`.
_GENERIC: dict[str, GenericBotFactory] = {
    "random": Lazy("asobi.agents.random_bot:make"),
    "careless": Lazy("asobi.agents.careless:make"),
    "lookahead": Lazy("asobi.agents.lookahead:make"),
    "ismcts": Lazy("asobi.agents.ismcts:make"),
}

LEVELS = ("random", "easy", "normal", "hard")
"""The difficulty levels a person picks from, weakest first."""


def default_levels(heuristic: str | None) -> dict[str, str]:
    """What each level means unless a game says otherwise (``GameSpec.levels``), for a game
    whose heuristic bot is ``heuristic`` (``GameSpec.heuristic``): ``easy`` is the heuristic
    bot with one decision in three at random, ``normal`` the heuristic bot, ``hard`` a search
    of up to 0.8 s a move that plays every legal move out with it (``lookahead``). A game
    whose search does not beat its heuristic bot (docs/strength.md) maps ``hard`` to the
    strongest bot it has instead.

    A game without a heuristic bot is played by information-set MCTS with random playouts,
    which needs nothing of the game: for ``easy`` and ``normal`` a budget of moves simulated
    a decision (reproducible, and bounded in work however long the game's playouts are: at
    the opening of asobi's card games 1,000 moves take 0.02-0.06 s of CPU, 10,000 ten times
    as long), for ``hard`` 0.8 s a move. A game whose moves cost much more (Carrotein's, 30 to
    100 times as much) declares its own ``levels``."""
    if heuristic is None:
        return {
            "random": "random",
            "easy": "ismcts:moves=1000",
            "normal": "ismcts:moves=10000",
            "hard": "ismcts:seconds=0.8",
        }
    return {
        "random": "random",
        "easy": f"careless:p=0.33:bot={heuristic}",
        "normal": heuristic,
        "hard": "lookahead:seconds=0.8",
    }


def register_bot(name: str, factory: GenericBotFactory) -> None:
    """Register a bot for every game: ``factory(game_id, seed, **params)`` returns a bot."""
    _GENERIC[name] = factory


def bot_names(game: str) -> list[str]:
    return sorted({*_GENERIC, *get_spec(game).bots})


def level_bot(game: str, level: str) -> str:
    """The bot (with its parameters) that plays ``game`` at a difficulty ``level``."""
    if level not in LEVELS:
        raise InvalidBot(f"no level {level!r} (levels: {', '.join(LEVELS)})")
    spec = get_spec(game)
    return spec.levels.get(level) or default_levels(spec.heuristic)[level]


def heuristic_bot(game: str, bot: str) -> str:
    """The heuristic bot of ``game``, which a generic ``bot`` that plays with another bot
    (``careless``, ``lookahead``) plays with unless told another (``bot=NAME``)."""
    heuristic = get_spec(game).heuristic
    if heuristic is None:
        raise InvalidBot(
            f"{bot} plays with a bot of {game}, which declares no heuristic bot: "
            f"name one ({bot}:bot=NAME)"
        )
    return heuristic


def parse_bot(text: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:iterations=200:c=0.5"`` -> ``("ismcts", {"iterations": "200", "c": "0.5"})``."""
    name, *pairs = text.split(":")
    params: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key or not value:
            raise InvalidBot(f"bot {text!r}: parameters are written name:key=value, not {pair!r}")
        params[key] = value
    return name, params


def take_param(
    params: dict[str, str],
    key: str,
    kind: type[int] | type[float],
    default: float | None,
    *,
    least: float | None = None,
) -> Any:
    """Remove ``key`` from a bot's parameters and read it as a number, naming it on error:
    a finite one (``seconds=nan`` would never end a decision), and at least ``least``
    where a smaller one means nothing."""
    text = params.pop(key, None)
    if text is None:
        return default
    try:
        value = kind(text)
    except ValueError:
        what = "an integer" if kind is int else "a number"
        raise InvalidBot(f"bot parameter {key}={text!r} is not {what}") from None
    if isinstance(value, float) and not math.isfinite(value):
        raise InvalidBot(f"bot parameter {key}={text!r} is not a finite number")
    if least is not None and value < least:
        raise InvalidBot(f"bot parameter {key}={text!r} is less than {least:g}")
    return value


def no_more_params(bot: str, params: dict[str, str], known: str) -> None:
    """Refuse parameters a bot does not take."""
    if params:
        raise InvalidBot(f"{bot} takes {known}, not {', '.join(sorted(params))}")


def _takes_params(factory: Callable[..., Any]) -> bool:
    kinds = {p.kind for p in inspect.signature(factory).parameters.values()}
    return inspect.Parameter.VAR_KEYWORD in kinds


def make_bot(name: str, game: str, seed: int = 0) -> Bot:
    """A bot for a game by name: a difficulty level, the game's own bot, or a generic bot
    with optional parameters (``ismcts:iterations=200``)."""
    if name in LEVELS:
        name = level_bot(game, name)  # ("random" is both a level and a bot: resolve once)
    base, params = parse_bot(name)
    own = get_spec(game).bots.get(base)
    if own is not None:
        if params and not _takes_params(own):
            raise InvalidBot(f"bot {base!r} of {game} takes no parameters (given {name!r})")
        bot: Bot = own(seed, **params)
        return bot
    generic = _GENERIC.get(base)
    if generic is None:
        known = ", ".join(dict.fromkeys([*LEVELS, *bot_names(game)]))
        raise InvalidBot(f"no bot {base!r} for {game} (known: {known})")
    return generic(game, seed, **params)
