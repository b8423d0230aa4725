"""The errors every game and front end shares."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pydantic import ValidationError


class AsobiError(Exception):
    """Base of every error asobi raises on purpose."""


class IllegalAction(AsobiError):
    """An action the rules forbid. The state it was offered to is unchanged.

    ``rule`` names the rule that forbids it (rulebook section and, where it helps, the
    rulebook's own words), so a player learns why, not just that. ``ja`` and ``rule_ja``
    say the same in Japanese, where the game has written it (else a Japanese screen shows
    the English).
    """

    def __init__(
        self, rule: str, reason: str, ja: str | None = None, rule_ja: str | None = None
    ) -> None:
        self.rule = rule
        self.reason = reason
        self.ja = ja
        self.rule_ja = rule_ja
        super().__init__(f"{reason} [{rule}]")

    def said(self, lang: str) -> tuple[str, str]:
        """The reason and the rule in ``lang``, as far as the game has written them."""
        if lang == "ja":
            return self.ja or self.reason, self.rule_ja or self.rule
        return self.reason, self.rule


class InvalidOptions(AsobiError):
    """Game options that do not describe a playable game."""


class InvalidSetup(AsobiError):
    """A scenario (pinned hands, deck order, ...) that the rules cannot start from."""


class InvalidBot(AsobiError, ValueError):
    """A bot name or parameter no bot takes (``ismcts:seconds=nan``). A ValueError too, as
    bot names were refused before they had their own error."""


class UnknownGame(AsobiError):
    """A game id nobody registered."""


class BadActionCode(AsobiError):
    """Text that is not the code of any action of the game; ``ja`` says why in Japanese,
    where the game has written it."""

    def __init__(self, message: str, ja: str | None = None) -> None:
        super().__init__(message)
        self.ja = ja

    def said(self, lang: str) -> str:
        return self.ja if lang == "ja" and self.ja else str(self)


class RecordMismatch(AsobiError):
    """A game record that is not one (malformed JSON, a seat that is no seat) or whose
    replay does not reproduce what it claims."""


def problems(exc: ValidationError, whole: str, most: int = 3) -> str:
    """A pydantic validation error in one line: ``path: message`` for each problem (the
    first ``most`` of them), the path naming where in the data it lies (``hands.0.2``), or
    ``whole`` for a problem of the data as a whole."""
    found = [_problem(error, whole) for error in exc.errors()]
    more = f" (and {len(found) - most} more)" if len(found) > most else ""
    return "; ".join(found[:most]) + more


def _problem(error: Any, whole: str) -> str:
    loc = [key_name(part) for part in error["loc"]]
    message = error["msg"]
    if error["type"] == "extra_forbidden":
        message = "unknown key"
    elif error["type"] == "value_error":
        message = str(error["ctx"]["error"])  # a validator's own words, without pydantic's prefix
    if loc[-1:] == ["[key]"]:  # a key of an object is wrong, not its value
        loc, key = loc[:-2], error["loc"][-2]
        message = message.replace("Input", quoted(key), 1)
    value = error.get("input")
    if error["type"].endswith(("_type", "_parsing")):
        message += f", not {quoted(value)}"
    return f"{'.'.join(loc) or whole}: {message}"


def key_name(key: object) -> str:
    """A key (or a step of a path) as a message names it: as it is if it reads plainly, else
    quoted (a key from outside may hold a line break)."""
    if isinstance(key, int) and not isinstance(key, bool) and key.bit_length() <= 64:
        return str(key)
    if isinstance(key, str) and key.isprintable() and " " not in key and len(key) <= 40:
        return key
    return quoted(key)


def quoted(value: Any) -> str:
    """A value from outside as a message quotes it: a scalar as it was written (a long one
    cut short), a container by its kind only (a deeply nested one could not be printed)."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)  # null, true, false
    if isinstance(value, int) and value.bit_length() > 64:
        return "a huge whole number"  # too many digits even to print, past a point
    if isinstance(value, str) and len(value) > 40:
        return repr(value[:37] + "...")
    if isinstance(value, int | float | str):
        return repr(value)
    if isinstance(value, dict):
        return "an object"
    return "a list" if isinstance(value, list | tuple) else type(value).__name__
