"""Bots that play any game through the protocol (the interface is :mod:`asobi.core.bots`):
the random bot, a careless copy of any bot, information-set MCTS and a one-move lookahead
over any bot."""

from asobi.agents.careless import CarelessBot
from asobi.agents.ismcts import ISMCTS, bot_rollout, random_rollout
from asobi.agents.lookahead import Lookahead
from asobi.agents.random_bot import RandomBot
from asobi.core.bots import Bot, Decision, choose_for, decision_for, make_bot

__all__ = [
    "ISMCTS",
    "Bot",
    "CarelessBot",
    "Decision",
    "Lookahead",
    "RandomBot",
    "bot_rollout",
    "choose_for",
    "decision_for",
    "make_bot",
    "random_rollout",
]
