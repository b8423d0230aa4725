"""Bots against bots at scale: seeded matches, seat-rotated tournaments and their ratings.

Everything here drives games through the protocol and bots through
:func:`asobi.core.bots.choose_for`, exactly as the terminal and the server do, so a result
measured here is the strength a person meets.
"""

from asobi.arena.matches import GameResult, play_game
from asobi.arena.tournament import Tournament, lineups, pairwise, ratings, run_tournament

__all__ = [
    "GameResult",
    "Tournament",
    "lineups",
    "pairwise",
    "play_game",
    "ratings",
    "run_tournament",
]
