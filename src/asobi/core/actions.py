"""Actions, their text codes and their dense integer indices.

Every game's actions are small frozen values with a stable, human-readable text code.
Where a game's action space is finite, an :class:`ActionSpace` numbers every possible
action once (for RL masks) and decodes codes back to the very same interned objects.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Generic, Protocol, TypeVar

from asobi.core.errors import BadActionCode


class Action(Protocol):
    """What every game action offers: a stable text code."""

    def encode(self) -> str: ...


A = TypeVar("A", bound=Action)


def normalise_code(text: str) -> str:
    """Codes compare case-insensitively and with any run of spaces as one."""
    return " ".join(text.split()).lower()


class ActionSpace(Generic[A]):
    """A finite, ordered list of every action a game can ever take.

    ``index`` and ``action`` convert between actions and dense integers; ``decode``
    turns a typed code into the interned action. Games with parametrised actions can pass
    ``parse`` to decode codes that the finite list does not contain.
    """

    def __init__(self, actions: Iterable[A], parse: Callable[[str], A] | None = None) -> None:
        self.actions: tuple[A, ...] = tuple(actions)
        self._index: dict[A, int] = {a: i for i, a in enumerate(self.actions)}
        # The same by the actions' identity: the rules list the space's own objects (all of
        # them in most games), and an id costs nothing where a dataclass hashes its fields
        # in Python. The space keeps its actions alive, so no other object has their ids.
        self._by_id: dict[int, int] = {id(a): i for i, a in enumerate(self.actions)}
        if len(self._index) != len(self.actions):
            raise ValueError("an action space lists every action exactly once")
        self._by_code: dict[str, A] = {normalise_code(a.encode()): a for a in self.actions}
        if len(self._by_code) != len(self.actions):
            raise ValueError("two actions share one text code")
        self._parse = parse

    @property
    def size(self) -> int:
        return len(self.actions)

    def index(self, action: A) -> int:
        found = self._by_id.get(id(action))
        if found is not None:
            return found
        try:
            return self._index[action]
        except KeyError:
            raise BadActionCode(f"{action!r} is not in this game's action space") from None

    def indices(self, actions: Iterable[A]) -> list[int]:
        """The indices of ``actions``, in increasing order (a legal list's, for a mask)."""
        by_id, index = self._by_id, self.index  # (index: an equal action made anew)
        found = [by_id[key] if (key := id(a)) in by_id else index(a) for a in actions]
        found.sort()
        return found

    def action(self, index: int) -> A:
        if not 0 <= index < len(self.actions):
            raise BadActionCode(f"action index {index} is outside 0..{len(self.actions) - 1}")
        return self.actions[index]

    def decode(self, code: str) -> A:
        found = self._by_code.get(normalise_code(code))
        if found is not None:
            return found
        if self._parse is not None:
            return self._parse(code)
        raise BadActionCode(f"{code!r} is not an action code of this game")

    def mask(self, legal: Sequence[A]) -> list[bool]:
        """A boolean mask over the whole space, true where the action is legal."""
        allowed = [False] * len(self.actions)
        for a in legal:
            allowed[self.index(a)] = True  # BadActionCode for an action not in the space
        return allowed
