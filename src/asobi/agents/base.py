"""The bot interface: a bot sees only what its seat may know.

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


BotFactory = Callable[[str, int], Bot]
_FACTORIES: dict[str, BotFactory] = {}


def register_bot(name: str, factory: BotFactory) -> None:
    """Register a bot kind: ``factory(game_id, seed)`` returns a bot for that game."""
    _FACTORIES[name] = factory


def bot_names() -> list[str]:
    return sorted(_FACTORIES)


def make_bot(name: str, game: str, seed: int = 0) -> Bot:
    try:
        factory = _FACTORIES[name]
    except KeyError:
        raise ValueError(f"no bot {name!r} (known: {', '.join(bot_names())})") from None
    return factory(game, seed)
