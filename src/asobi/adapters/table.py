"""One game played by choice indices: what the Gymnasium, PettingZoo and OpenSpiel adapters
share.

A :class:`Table` holds the true state and hands each seat only its observation (its view,
encoded by the game's :class:`~asobi.core.observation.Observer`) and its legal mask over
the game's :class:`~asobi.core.observation.ActionCoding`. A choice is checked before the
state is touched: an illegal one raises :class:`IllegalAction` naming the rule and changes
nothing. Every move is kept, so a table's game is a :class:`GameRecord` like any other.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from asobi.core.actions import Action
from asobi.core.errors import BadActionCode, IllegalAction
from asobi.core.observation import ActionCoding, Observer, Pending, Vector
from asobi.core.protocol import GameOptions, GameSpec, Outcome, State
from asobi.core.records import GameRecord, Match
from asobi.core.registry import get_spec


def returns(outcome: Outcome, players: int) -> tuple[float, ...]:
    """What each seat earns at the end of a game.

    Alone (Starmine's and Rummy City's solo contests), the game's own score: the
    evaluation, the tepu. With others, the place, from +1 for first to -1 for last, ties
    sharing the places they span: two seats tied for first in a two-player game earn 0
    each. The places add up to zero, so every game is zero-sum for a learner.
    """
    if players == 1:
        return (float(outcome.scores[0]),)
    places = []
    for rank in outcome.ranks:
        tied = sum(r == rank for r in outcome.ranks)
        places.append(rank + (tied - 1) / 2)  # the mean of places rank .. rank+tied-1
    return tuple(1.0 - 2.0 * (place - 1) / (players - 1) for place in places)


def observer_of(spec: GameSpec, options: GameOptions) -> Observer:
    if spec.observer is None:
        raise ValueError(f"{spec.id} has no observation encoding (GameSpec.observer)")
    return spec.observer(options)


class Table:
    """One game of ``game`` with ``options``, played by choice indices."""

    def __init__(self, game: str, options: Mapping[str, Any] | GameOptions | None = None):
        self.spec = get_spec(game)
        self.options = self.spec.options(options)
        self.players = self.options.players
        self.observer = observer_of(self.spec, self.options)
        self.coding: ActionCoding = self.spec.action_coding(self.options)
        self.observation_size = self.observer.layout.size + self.coding.pending_size
        self.match = Match(self.spec.id, self.options, 0)
        self.pending: dict[int, Pending] = {}
        self._legal: dict[int, list[int]] = {}  # worked out once a position, by seat
        self._masks: dict[int, NDArray[np.bool_]] = {}

    def reset(self, seed: int) -> None:
        self.match = Match(self.spec.id, self.options, seed)
        self.pending = {}
        self._legal = {}
        self._masks = {}

    @property
    def state(self) -> State:
        return self.match.state

    def clone(self, state: State | None = None) -> Table:
        """An independent copy (with ``state``: going on from that world instead)."""
        other = object.__new__(Table)
        other.__dict__.update(self.__dict__)  # the spec, observer and coding never change
        other.match = self.match.clone(state)
        other.pending = dict(self.pending)
        other._legal = {}
        other._masks = {}
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        # OpenSpiel clones a Python state by deep-copying its attributes: only the game
        # needs copying; the spec, observer and coding are shared
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled (OpenSpiel serialises a state so) as the game so far; the spec, observer
        # and coding, which hold functions, come back from the registry
        moves = (self.spec.id, self.options.model_dump(), self.state, self.match.record)
        return (_restore, (*moves, dict(self.pending)))

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def to_act(self) -> list[int]:
        """The seats that must choose now, in seat order."""
        return sorted(self.state.active_seats())

    def observe(self, seat: int) -> Vector:
        """The seat's view as numbers, then what it has chosen of an unfinished action."""
        seen = self.observer.encode(self.state.view(seat))
        if not self.coding.pending_size:
            return seen
        chosen = self.coding.pending_features(self.pending.get(seat, ()))
        return np.concatenate([seen, chosen])

    def legal(self, seat: int) -> list[int]:
        """The indices ``seat`` may choose now, in increasing order ([] when it is not to
        act). The list is the table's own: read it, do not change it."""
        if seat not in self._legal:
            if seat in self.state.active_seats():
                found = self.coding.legal(self.state, seat, self.pending.get(seat, ()))
            else:
                found = []
            self._legal[seat] = found
        return self._legal[seat]

    def mask(self, seat: int) -> NDArray[np.bool_]:
        """True at every index ``seat`` may choose now (all false when it is not to act)."""
        if seat not in self._masks:
            allowed = np.zeros(self.coding.size, dtype=np.bool_)
            allowed[self.legal(seat)] = True
            self._masks[seat] = allowed
        return self._masks[seat]

    def choose(self, seat: int, index: int) -> Action | None:
        """Make ``seat``'s choice ``index``: the action it completes (now applied), or None
        while the action needs more choices. Illegal: ``IllegalAction``, nothing changed."""
        if not 0 <= index < self.coding.size:
            raise BadActionCode(f"choice {index} is outside 0..{self.coding.size - 1}")
        if seat not in self.state.active_seats():
            over = self.state.is_over
            raise IllegalAction(
                "end of game" if over else "turn order",
                "the game is over" if over else f"seat {seat} is not to act now",
            )
        pending = self.pending.get(seat, ())
        if index not in self.legal(seat):
            self._refuse(seat, pending, index)
        made = self.coding.choose(self.state, seat, pending, index)
        self._legal = {}
        self._masks = {}
        if isinstance(made, tuple):
            self.pending[seat] = made
            return None
        self.pending.pop(seat, None)
        self.match.play(seat, made)
        return made

    def play(self, seat: int, action: Action) -> None:
        """Play a whole action for ``seat`` (a bot's, chosen from its own decision)."""
        self._legal = {}
        self._masks = {}
        self.match.play(seat, action)

    def _refuse(self, seat: int, pending: Pending, index: int) -> None:
        """Raise the rule that forbids a masked-out choice: the game's own where the choice
        is a whole action, else the mask's."""
        made = self.coding.choose(self.state, seat, pending, index)
        if not isinstance(made, tuple):
            self.state.check(seat, made)
        raise IllegalAction("action mask", f"choice {index} is not legal for seat {seat} now")

    def returns(self) -> tuple[float, ...]:
        """Each seat's return once the game is over (zeros before)."""
        outcome = self.state.outcome()
        if outcome is None:
            return (0.0,) * self.players
        return returns(outcome, self.players)

    def render_text(self) -> str:
        """The table as a spectator sees it, as the terminal draws it (plain text)."""
        from rich.console import Console

        from asobi.play.render import renderer_for

        with open(os.devnull, "w") as nowhere:
            console = Console(record=True, width=100, color_system=None, file=nowhere)
            renderer_for(self.spec.id).render(self.state.view(None), console)
        return console.export_text()

    def record(self) -> GameRecord:
        """The game so far as a record (replayable with ``asobi.core.records.replay``)."""
        return self.match.record


def _restore(
    game: str,
    options: dict[str, Any],
    state: State,
    record: GameRecord,
    pending: dict[int, Pending],
) -> Table:
    table = Table(game, options)
    table.match = Match.resume(state, record)
    table.pending = pending
    return table


def legal_indices(mask: Sequence[bool] | NDArray[np.bool_]) -> list[int]:
    return np.flatnonzero(mask).tolist()
