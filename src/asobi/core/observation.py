"""Observations as fixed-size vectors, for learning agents (the RL adapters).

A game's :class:`Observer` turns one seat's *view* — the JSON that ``State.view(seat)``
gives, never the state — into a float32 vector of a size fixed by the game's options. It
works from the view alone, so an observation can hold nothing the seat may not know.

The vector is laid out in named :class:`Feature` blocks (a :class:`Layout`), so the docs can
say what each number means and a test can check each block on its own.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from asobi.core.actions import Action, ActionSpace
from asobi.core.protocol import State

Vector = NDArray[np.float32]


@dataclass(frozen=True)
class Feature:
    """One named block of an observation: ``size`` numbers, and what they mean."""

    name: str
    size: int
    meaning: str


class Layout:
    """The blocks of an observation vector, in order."""

    def __init__(self, features: Iterable[Feature]) -> None:
        self.features: tuple[Feature, ...] = tuple(features)
        self.offsets: dict[str, slice] = {}
        start = 0
        for feature in self.features:
            if feature.name in self.offsets:
                raise ValueError(f"two features are named {feature.name!r}")
            if feature.size < 1:
                raise ValueError(f"feature {feature.name!r} has no numbers")
            self.offsets[feature.name] = slice(start, start + feature.size)
            start += feature.size
        self.size = start

    def block(self, vector: Vector, name: str) -> Vector:
        """The numbers of one feature in a vector of this layout."""
        return vector[self.offsets[name]]

    def describe(self) -> str:
        """A Markdown table of the layout: offset, size, name, meaning."""
        rows = ["| offset | size | feature | meaning |", "|---:|---:|---|---|"]
        for feature in self.features:
            where = self.offsets[feature.name]
            name, meaning = f"`{feature.name}`", feature.meaning
            rows.append(f"| {where.start} | {feature.size} | {name} | {meaning} |")
        return "\n".join(rows)


class Writer:
    """Fills a zeroed vector of a layout block by block, checking every index."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.values: Vector = np.zeros(layout.size, dtype=np.float32)

    def _block(self, name: str) -> Vector:
        try:
            return self.values[self.layout.offsets[name]]
        except KeyError:
            raise KeyError(f"the layout has no feature {name!r}") from None

    def put(self, name: str, values: Sequence[float] | float) -> None:
        """Set a whole block (a scalar block takes a number)."""
        block = self._block(name)
        numbers = [values] if isinstance(values, int | float) else list(values)
        if len(numbers) != len(block):
            raise ValueError(f"feature {name!r} holds {len(block)} numbers, not {len(numbers)}")
        block[:] = numbers

    def add(self, name: str, index: int, amount: float = 1.0) -> None:
        """Add ``amount`` at ``index`` of a block (counts, one-hots, bags of cards)."""
        block = self._block(name)
        if not 0 <= index < len(block):
            raise IndexError(f"index {index} is outside feature {name!r} (size {len(block)})")
        block[index] += amount

    def add_many(
        self, name: str, indices: NDArray[np.int64], amounts: NDArray[np.float64] | float = 1.0
    ) -> None:
        """:meth:`add` at many indices at once (repeated ones add up): a long list of
        pieces (Carrotein's chips) in one numpy step."""
        block = self._block(name)
        if indices.size and not (indices.min() >= 0 and indices.max() < len(block)):
            raise IndexError(f"an index is outside feature {name!r} (size {len(block)})")
        np.add.at(block, indices, amounts)

    def bag(
        self,
        name: str,
        codes: Iterable[str],
        index: Callable[[str], int],
        offset: int = 0,
        seen: set[str] | None = None,
    ) -> None:
        """Count cards into a block: each card code at ``offset`` plus its place in the game's
        deck (``index``), noted in ``seen`` if given (what is left there is unseen)."""
        for code in codes:
            self.add(name, offset + index(code))
            if seen is not None:
                seen.add(code)

    def one_hot(self, name: str, index: int | None) -> None:
        """Mark one position of a block; ``None`` leaves it all zero (nobody, nothing)."""
        if index is not None:
            self.add(name, index)


class Observer(ABC):
    """How one game, with given options, encodes a seat's view as a vector."""

    layout: Layout

    @abstractmethod
    def fill(self, out: Writer, view: Mapping[str, Any]) -> None:
        """Write the view's numbers into ``out`` (a zeroed vector of ``self.layout``)."""

    def encode(self, view: Mapping[str, Any]) -> Vector:
        out = Writer(self.layout)
        self.fill(out, view)
        return out.values


Pending = tuple[int, ...]
"""The indices of a partly chosen action (Carrotein's first board pose), in order."""


class ActionCoding:
    """The discrete choices a learning agent picks from, by index, with a legal mask.

    By default the game's finite :class:`~asobi.core.actions.ActionSpace`, index for index.
    A game whose actions do not fit one finite list (Carrotein lays two boards anywhere)
    subclasses it: an action may then take several choices, the ones made so far held as
    a :data:`Pending` tuple by whoever asks (an agent sees them in ``pending_features``).
    """

    def __init__(self, space: ActionSpace[Any]) -> None:
        self.space = space
        self.size = space.size
        self.pending_size = 0
        self.pending_layout: Layout | None = None  # what ``pending_features`` holds
        # what the ranges of indices are, for the docs (a subclass adds its own blocks)
        self.blocks = Layout(
            [Feature("actions", space.size, "the game's action space, index for index")]
        )

    def mask(self, state: State, seat: int, pending: Pending = ()) -> NDArray[np.bool_]:
        """True where an index is a legal choice for ``seat`` now."""
        allowed = np.zeros(self.size, dtype=np.bool_)
        allowed[self.legal(state, seat, pending)] = True
        return allowed

    def legal(self, state: State, seat: int, pending: Pending = ()) -> list[int]:
        """The indices where ``mask`` is true, in increasing order (what a search walks)."""
        if type(self).mask is not ActionCoding.mask:  # a coding of its own: its mask decides
            return np.flatnonzero(self.mask(state, seat, pending)).tolist()
        return self.space.indices(state.legal_actions(seat))

    def choose(self, state: State, seat: int, pending: Pending, index: int) -> Action | Pending:
        """The action an index completes, or the longer pending tuple if it needs more."""
        action: Action = self.space.action(index)
        return action

    def pending_features(self, pending: Pending) -> Vector:
        """What an agent must see of its pending choices (nothing, by default)."""
        return np.zeros(self.pending_size, dtype=np.float32)
