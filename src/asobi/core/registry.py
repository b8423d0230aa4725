"""The registry of games.

Games register themselves through the ``asobi.games`` entry-point group (see
``pyproject.toml``), so the core never imports a game and a new game plugs in without
touching any front end.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib.metadata import entry_points
from typing import Any

from asobi.core.errors import UnknownGame
from asobi.core.protocol import GameOptions, GameSpec, State

_SPECS: dict[str, GameSpec] = {}
_loaded = False


def register(spec: GameSpec) -> GameSpec:
    existing = _SPECS.get(spec.id)
    if existing is not None and existing is not spec:
        raise ValueError(f"game id {spec.id!r} is registered twice")
    _SPECS[spec.id] = spec
    return spec


def _load_entry_points() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for ep in entry_points(group="asobi.games"):
        spec = ep.load()
        if not isinstance(spec, GameSpec):
            raise TypeError(f"entry point {ep.name} does not name a GameSpec")
        register(spec)


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
