"""A reference to something in a module, imported on first use: a game declares its
phrasebook or renderer on its ``GameSpec`` without importing it (and what it imports) until
a front end asks, so that starting the command line stays quick."""

from __future__ import annotations

import importlib
from typing import Any


class Lazy:
    """``Lazy("pkg.module:name")``: calling it imports ``pkg.module`` once and calls
    ``name`` with the same arguments."""

    __slots__ = ("_target", "target")

    def __init__(self, target: str) -> None:
        module, sep, name = target.partition(":")
        if not (module and sep and name):
            raise ValueError(f"a lazy reference is 'module:name', not {target!r}")
        self.target = target
        self._target: Any = None

    def resolve(self) -> Any:
        if self._target is None:
            module, _, name = self.target.partition(":")
            self._target = getattr(importlib.import_module(module), name)
        return self._target

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.resolve()(*args, **kwargs)

    def __repr__(self) -> str:
        return f"Lazy({self.target!r})"


class LazyModule:
    """``LazyModule("pkg.module")``: reading one of its names imports ``pkg.module`` (the
    first time) and reads the module's. For a module whose own imports are slow and seldom
    needed. A stand-in, not a module: the tools that look through every module
    (``inspect.getmodule``, which pydantic calls) do not import it by looking. It keeps the
    module once imported: asking Python's import system again costs microseconds, and a
    search reads the module's names hundreds of thousands of times."""

    __slots__ = ("_module", "name")

    def __init__(self, name: str) -> None:
        self.name = name
        self._module: Any = None

    def __getattr__(self, attribute: str) -> Any:
        if self._module is None:
            self._module = importlib.import_module(self.name)
        return getattr(self._module, attribute)

    def __repr__(self) -> str:
        return f"LazyModule({self.name!r})"
