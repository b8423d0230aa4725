"""The bot interface, part of the protocol: a bot sees only what its seat may know.

Whoever runs a bot (terminal, server, arena) calls :func:`choose_for`, which hands the
bot a :class:`Decision`: the seat's view, its legal actions, and a sampler of worlds
drawn by ``state.determinize(seat, rng)``. The bot never holds the true state, so it
cannot cheat even by accident.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from asobi.core.actions import Action
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


class Bot(Protocol):
    name: str

    def choose(self, decision: Decision) -> Action: ...


def decision_for(state: State, seat: int) -> Decision:
    """The decision ``seat`` faces in ``state``, with nothing it may not know."""
    frozen = state.clone()  # later moves on the real state must not change the sampler

    def sample_world(rng: random.Random) -> State:
        return frozen.determinize(seat, rng)

    return Decision(
        game=state.spec.id,
        seat=seat,
        view=state.view(seat),
        legal=state.legal_actions(seat),
        sample_world=sample_world,
    )


def choose_for(bot: Bot, state: State, seat: int) -> Action:
    """Ask ``bot`` for ``seat``'s action in ``state`` (the only way front ends call bots)."""
    action = bot.choose(decision_for(state, seat))
    if action not in state.legal_actions(seat):
        raise RuntimeError(f"bot {bot.name} chose an illegal action {action.encode()!r}")
    return action


# Bots that play any game (random, search) register here by name; a game's own bots
# (its heuristic bot) come with its GameSpec (``GameSpec.bots``), so a new game brings
# its bots without touching this module or any front end.
GenericBotFactory = Callable[[str, int], Bot]
_GENERIC: dict[str, GenericBotFactory] = {}


def register_bot(name: str, factory: GenericBotFactory) -> None:
    """Register a bot for every game: ``factory(game_id, seed)`` returns a bot."""
    _GENERIC[name] = factory


def bot_names(game: str) -> list[str]:
    return sorted({*_GENERIC, *get_spec(game).bots})


def make_bot(name: str, game: str, seed: int = 0) -> Bot:
    """A bot by name for a game: the game's own bots first, then the generic ones."""
    own = get_spec(game).bots.get(name)
    if own is not None:
        bot: Bot = own(seed)
        return bot
    generic = _GENERIC.get(name)
    if generic is None:
        known = ", ".join(bot_names(game))
        raise ValueError(f"no bot {name!r} for {game} (known: {known})")
    return generic(game, seed)
