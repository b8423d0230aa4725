"""Information-set Monte Carlo tree search (ISMCTS) for any game, through the protocol alone.

After Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE TCIAIG
2012). The bot never sees the true state: each iteration it draws a *world* consistent with
what its seat knows (``decision.sample_world``, i.e. ``state.determinize``), walks its tree in
that world, adds one node, plays the world out with a rollout policy and backs the result up.

How the tree is keyed
---------------------
A node is an information set *of the searching seat* (the observer). After a move, the
child is keyed by what the observer sees of it: the move's code when the observer made it,
and the events of ``apply`` visible to the observer (``Event.visible_to``). So the tree
branches on the card the observer draws but not on the card an opponent draws, and an
opponent's secret bid joins its siblings until it is revealed — the multiple-observer idea
(MO-ISMCTS) made generic by the protocol's event visibility. Each seat's choices at a node
keep their own statistics, keyed by the seat and its move's code.

- **Availability.** A move legal in one world may not be in another (other hands); UCB uses
  how often each move was *available*, not the parent's visits (the paper's ISMCTS).
- **Simultaneous decisions** (It's Mine!'s bids: several active seats): decoupled UCT —
  each active seat chooses from its own statistics at the node, then the joint move is
  applied seat by seat.
- **Chance** lives inside ``apply`` (the world's own generator, reseeded by determinize),
  so outcomes differ between iterations and the statistics average over them.
- **Rewards**: ``(players - rank) / (players - 1)`` for every seat (ties share a rank);
  alone (solo modes), the score scaled to the lowest and highest seen in this search. A
  playout stopped at ``max_moves`` counts as ½ for everyone.

The rollout policy is pluggable: :func:`random_rollout`, or any :class:`~asobi.core.bots.Bot`
wrapped by :func:`bot_rollout` (the game's heuristic bot).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from asobi.core.actions import Action
from asobi.core.bots import Bot, Decision, register_bot
from asobi.core.events import Event
from asobi.core.protocol import State

Rollout = Callable[[State, int, random.Random], Action]
"""A playout policy: the action ``seat`` takes in a world (which the search may change)."""


def random_rollout(world: State, seat: int, rng: random.Random) -> Action:
    """A uniformly random legal action."""
    return rng.choice(world.legal_actions(seat))


def bot_rollout(bot: Bot) -> Rollout:
    """Play out with ``bot`` (the game's heuristic bot) deciding for every seat from that
    seat's view of the world. Worlds are already sampled, so it gets no further samples."""

    def no_samples(rng: random.Random) -> State:
        raise RuntimeError("a rollout policy may not sample worlds")

    def policy(world: State, seat: int, rng: random.Random) -> Action:
        legal = world.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        view = world.view(seat)
        return bot.choose(Decision(world.spec.id, seat, view, legal, no_samples))

    return policy


@dataclass
class _Stats:
    visits: int = 0
    available: int = 0
    total: float = 0.0


@dataclass
class _Node:
    """An information set of the observer: each seat's move statistics, and the children by
    what the observer saw."""

    moves: dict[tuple[int, str], _Stats] = field(default_factory=dict)
    children: dict[Any, _Node] = field(default_factory=dict)


def _seen(events: Sequence[Event], observer: int) -> tuple[Any, ...]:
    """What ``observer`` sees of a move's events, as a hashable key."""
    return tuple(
        (e.kind, e.seat, repr(sorted(e.data.items()))) for e in events if e.visible_to(observer)
    )


class ISMCTS:
    """An ISMCTS bot: ``iterations`` per decision (and at most ``seconds`` of wall time, if
    given; the iteration budget keeps a match reproducible, the time bound keeps it
    responsive), exploring with constant ``c``."""

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 1000,
        seconds: float | None = None,
        rollout: Rollout = random_rollout,
        c: float = 0.7,
        max_moves: int = 2000,
        name: str = "ismcts",
    ) -> None:
        self.name = name
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.c = c
        self.max_moves = max_moves
        self.last_iterations = 0  # how many the last decision ran (for benchmarks)
        self._low = math.inf
        self._high = -math.inf

    def choose(self, decision: Decision) -> Action:
        legal = list(decision.legal)
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]  # nothing to weigh
        root = _Node()
        seat = decision.seat
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while done < self.iterations:
            if deadline is not None and done and time.perf_counter() > deadline:
                break
            self._iterate(root, decision.sample_world(self.rng), seat)
            done += 1
        self.last_iterations = done
        codes = {a.encode(): a for a in legal}
        best = max(
            codes,
            key=lambda code: (
                root.moves.get((seat, code), _Stats()).visits,
                -legal.index(codes[code]),
            ),
        )
        return codes[best]

    # --- one iteration ---------------------------------------------------------------
    def _iterate(self, root: _Node, world: State, observer: int) -> None:
        path: list[tuple[_Node, list[tuple[int, str]]]] = []
        node = root
        moves = 0
        while not world.is_over:
            chosen: list[tuple[int, str]] = []
            events: list[Event] = []
            expanded = False
            for seat in sorted(world.active_seats()):
                action, new = self._select(node, world, seat)
                expanded = expanded or new
                chosen.append((seat, action.encode()))
                events += world.resolve(seat, action)
                moves += 1
            path.append((node, chosen))
            key = (
                tuple(code for seat, code in chosen if seat == observer),
                _seen(events, observer),
            )
            child = node.children.get(key)
            if child is None:  # (not setdefault: no node built on every step)
                child = node.children[key] = _Node()
            node = child
            if expanded:
                break  # a move tried for the first time: play the rest out
        rewards = self._playout(world, moves)
        for at, chosen in path:
            for seat, code in chosen:
                stats = at.moves[(seat, code)]
                stats.visits += 1
                stats.total += rewards[seat]

    def _select(self, node: _Node, world: State, seat: int) -> tuple[Action, bool]:
        """UCB over the moves available in this world; an untried one first (expansion)."""
        legal = world.legal_actions(seat)
        untried = []
        best, best_value = legal[0], -math.inf
        for action in legal:
            code = (seat, action.encode())
            stats = node.moves.get(code)
            if stats is None:
                stats = node.moves[code] = _Stats()
            stats.available += 1
            if stats.visits == 0:
                untried.append(action)
                continue
            value = stats.total / stats.visits + self.c * math.sqrt(
                math.log(stats.available) / stats.visits
            )
            if value > best_value:
                best, best_value = action, value
        if untried:
            return self.rng.choice(untried), True
        return best, False

    def _playout(self, world: State, moves: int) -> list[float]:
        while not world.is_over:
            if moves >= self.max_moves:
                return [0.5] * world.players
            for seat in sorted(world.active_seats()):
                world.resolve(seat, self.rollout(world, seat, self.rng))
                moves += 1
        outcome = world.outcome()
        assert outcome is not None
        if world.players == 1:
            score = float(outcome.scores[0])
            self._low, self._high = min(self._low, score), max(self._high, score)
            spread = self._high - self._low
            return [0.5 if spread == 0 else (score - self._low) / spread]
        n = world.players
        return [(n - rank) / (n - 1) for rank in outcome.ranks]


def _make(game: str, seed: int) -> ISMCTS:
    # 1,000 iterations with random rollouts: the plain baseline a researcher expects.
    return ISMCTS(seed=seed, iterations=1000)


register_bot("ismcts", _make)
