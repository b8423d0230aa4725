"""The terminal front end (rich): ``asobi play`` and ``asobi replay``.

Generic over games: it speaks only the protocol, and draws each game with the render module
its spec names (``GameSpec.render``; without one, the view's JSON).
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
