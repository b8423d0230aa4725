"""The terminal front end (rich): ``asobi play`` and ``asobi replay``.

Generic over games: it speaks only the protocol, and finds each game's rendering in
``asobi.games.<id>.render`` (falling back to the view's JSON).
"""

from asobi.play.io import Ask, scripted, terminal_ask
from asobi.play.loop import HUMAN, PlayResult, TerminalGame, default_bot, play_game
from asobi.play.render import Renderer, renderer_for
from asobi.play.replay import replay_record

__all__ = [
    "HUMAN",
    "Ask",
    "PlayResult",
    "Renderer",
    "TerminalGame",
    "default_bot",
    "play_game",
    "renderer_for",
    "replay_record",
    "scripted",
    "terminal_ask",
]
