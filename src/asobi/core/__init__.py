"""asobi.core: the game protocol, records, errors, cards and melds. No I/O, no front end."""

from asobi.core.actions import Action, ActionSpace
from asobi.core.errors import (
    AsobiError,
    BadActionCode,
    IllegalAction,
    InvalidOptions,
    InvalidSetup,
    RecordMismatch,
    UnknownGame,
)
from asobi.core.events import Event
from asobi.core.protocol import GameOptions, GameSpec, Outcome, State, ranks_from_scores
from asobi.core.records import GameRecord, Match, replay, replay_steps
from asobi.core.registry import all_specs, get_spec, new_game, register

__all__ = [
    "Action",
    "ActionSpace",
    "AsobiError",
    "BadActionCode",
    "Event",
    "GameOptions",
    "GameRecord",
    "GameSpec",
    "IllegalAction",
    "InvalidOptions",
    "InvalidSetup",
    "Match",
    "Outcome",
    "RecordMismatch",
    "State",
    "UnknownGame",
    "all_specs",
    "get_spec",
    "new_game",
    "ranks_from_scores",
    "register",
    "replay",
    "replay_steps",
]
