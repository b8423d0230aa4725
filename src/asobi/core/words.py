"""Words a person reads, in English and Japanese, written once per game for every front end.

A game's phrasebook (``GameSpec.words``) turns its events, action codes, views and outcome
into :class:`Words`; the terminal prints them, the server sends them to the browser. A text
names seats and cards with two marks that each front end fills in its own way:

- ``{s:N}``: seat N, by its name (or "you" / "あなた" for the reader's own seat);
- ``{c:CODE}``: a card, drawn as a card in the browser and coloured in the terminal.

Everything else is plain text, never markup: a front end inserts it as text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

Lang = Literal["en", "ja"]
LANGS: tuple[Lang, ...] = ("en", "ja")
MARK = re.compile(r"\{([sc]):([^{}]*)\}")


@dataclass(frozen=True)
class Words:
    """One thing said in both languages."""

    en: str
    ja: str

    def get(self, lang: str) -> str:
        return self.ja if lang == "ja" else self.en

    def to_json(self) -> dict[str, str]:
        return {"en": self.en, "ja": self.ja}

    def __add__(self, other: Words) -> Words:
        return Words(self.en + other.en, self.ja + other.ja)

    @staticmethod
    def join(parts: Iterable[Words], en: str = "; ", ja: str = "、") -> Words:
        items = list(parts)
        return Words(en.join(p.en for p in items), ja.join(p.ja for p in items))


def same(text: str) -> Words:
    """A text that reads the same in both languages (a number, a card)."""
    return Words(text, text)


def seat(n: int) -> str:
    """The mark for seat ``n``'s name."""
    return f"{{s:{n}}}"


def card(code: str) -> str:
    """The mark for a card."""
    return f"{{c:{code}}}"


def cards(codes: Iterable[str], sep: str = " ") -> str:
    return sep.join(card(c) for c in codes)


def plural(n: int, one: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``: English counts (Japanese has none to make)."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def fill(text: str, names: Sequence[str], card_text: Callable[[str], str] = str) -> str:
    """``text`` with its marks filled: seats by ``names``, cards by ``card_text``."""

    def one(match: re.Match[str]) -> str:
        kind, value = match.groups()
        if kind == "c":
            return card_text(value)
        index = int(value) if value.isdigit() else -1
        return names[index] if 0 <= index < len(names) else f"seat {value}"

    return MARK.sub(one, text)


def parts(text: str) -> list[tuple[str, str]]:
    """``text`` cut at its marks: ("t", plain text), ("s", seat number), ("c", card code)."""
    out: list[tuple[str, str]] = []
    at = 0
    for match in MARK.finditer(text):
        if match.start() > at:
            out.append(("t", text[at : match.start()]))
        out.append((match.group(1), match.group(2)))
        at = match.end()
    if at < len(text):
        out.append(("t", text[at:]))
    return out


YOU = Words("you", "あなた")


def seat_names(names: Sequence[str], viewer: int | None, lang: str) -> list[str]:
    """The names to fill a text with for ``viewer``: its own seat reads "you"."""
    return [YOU.get(lang) if s == viewer else name for s, name in enumerate(names)]


@dataclass(frozen=True)
class ScoreTable:
    """The end of a game in words: a column heading each, and a row per line of the
    breakdown (a seat, a row of cards, a mine); cells are :class:`Words`."""

    columns: tuple[Words, ...]
    rows: tuple[tuple[Words, ...], ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "columns": [c.to_json() for c in self.columns],
            "rows": [[cell.to_json() for cell in row] for row in self.rows],
        }


class Phrasebook(Protocol):
    """What a game says, in both languages. Each method reads only JSON a seat may see (an
    event it was shown, its view, the outcome), so it cannot tell anyone a secret."""

    def event(self, event: Mapping[str, Any]) -> Words | None:
        """One sentence for an event (its ``to_json()``), in the past tense, its actor
        named by mark: "{s:1} drew 2 cards from the deck". None: nothing to say."""
        ...

    def action(self, code: str) -> Words:
        """A legal move as a button says it: "Draw from the deck"."""
        ...

    def status(self, view: Mapping[str, Any]) -> Words:
        """What the table waits for now, from a seat's view: "{s:0} to draw 2 more cards"."""
        ...

    def outcome(self, outcome: Mapping[str, Any]) -> ScoreTable:
        """The final scores and their breakdown, for the end screen."""
        ...
