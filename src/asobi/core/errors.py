"""The errors every game and front end shares."""

from __future__ import annotations


class AsobiError(Exception):
    """Base of every error asobi raises on purpose."""


class IllegalAction(AsobiError):
    """An action the rules forbid. The state it was offered to is unchanged.

    ``rule`` names the rule that forbids it (rulebook section and, where it helps, the
    rulebook's own words), so a player learns why, not just that.
    """

    def __init__(self, rule: str, reason: str) -> None:
        self.rule = rule
        self.reason = reason
        super().__init__(f"{reason} [{rule}]")


class InvalidOptions(AsobiError):
    """Game options that do not describe a playable game."""


class InvalidSetup(AsobiError):
    """A scenario (pinned hands, deck order, ...) that the rules cannot start from."""


class UnknownGame(AsobiError):
    """A game id nobody registered."""


class BadActionCode(AsobiError):
    """Text that is not the code of any action of the game."""


class RecordMismatch(AsobiError):
    """A game record whose replay does not reproduce what it claims."""
