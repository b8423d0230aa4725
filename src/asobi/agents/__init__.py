"""Bots that play any game through the protocol."""

from asobi.agents.base import Bot, Decision, choose_for, make_bot
from asobi.agents.random_bot import RandomBot

__all__ = ["Bot", "Decision", "RandomBot", "choose_for", "make_bot"]
