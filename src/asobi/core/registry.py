"""The registry of games.

Games register themselves through the ``asobi.games`` entry-point group (see
``pyproject.toml``), so the core never imports a game and a new game plugs in without
touching any front end.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from importlib.metadata import entry_points
from typing import Any

from asobi.core.errors import UnknownGame
from asobi.core.protocol import GameOptions, GameSpec, State

_SPECS: dict[str, GameSpec] = {}
_loaded = False  # every entry point's game is in _SPECS
_loading = False  # the thread holding _LOCK is loading them (a game may ask while it loads)
# The server loads the games in a thread as it starts: another thread asking meanwhile
# waits for all of them, rather than finding some or none.
_LOCK = threading.RLock()


def register(spec: GameSpec) -> GameSpec:
    existing = _SPECS.get(spec.id)
    if existing is not None and existing is not spec:
        raise ValueError(f"game id {spec.id!r} is registered twice")
    _SPECS[spec.id] = spec
    return spec


def _load_entry_points() -> None:
    global _loaded, _loading
    if _loaded:
        return
    with _LOCK:
        if _loaded or _loading:  # loaded by another thread meanwhile; or asked while loading
            return
        _loading = True
        try:
            for ep in entry_points(group="asobi.games"):
                spec = ep.load()
                if not isinstance(spec, GameSpec):
                    raise TypeError(f"entry point {ep.name} does not name a GameSpec")
                register(spec)
        finally:
            _loading = False
        _loaded = True


def game_ids() -> list[str]:
    """The ids of the registered games, without loading them (their entry points' names)."""
    return sorted({ep.name for ep in entry_points(group="asobi.games")} | set(_SPECS))


def get_spec(game_id: str) -> GameSpec:
    _load_entry_points()
    try:
        return _SPECS[game_id]
    except KeyError:
        known = ", ".join(sorted(_SPECS)) or "none"
        raise UnknownGame(f"no game {game_id!r} (known: {known})") from None


def all_specs() -> list[GameSpec]:
    _load_entry_points()
    return [_SPECS[k] for k in sorted(_SPECS)]


def new_game(
    game_id: str,
    options: GameOptions | Mapping[str, Any] | None = None,
    seed: int = 0,
    setup: Mapping[str, Any] | None = None,
) -> State:
    """Start a game: ``(game, options, seed, setup)`` fully determine it."""
    return get_spec(game_id).new_game(options, seed, setup)
