"""Bots that play any game through the protocol (the interface is :mod:`asobi.core.bots`)."""

from asobi.agents.random_bot import RandomBot
from asobi.core.bots import Bot, Decision, choose_for, decision_for, make_bot

__all__ = ["Bot", "Decision", "RandomBot", "choose_for", "decision_for", "make_bot"]
