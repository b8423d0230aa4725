"""Cards as coloured terminal text (rich), shared by the games' render modules.

A :class:`CardText` knows one deck's codes and a style per suit letter; it colours a card,
a list of cards, or every card code inside any text (a move, an event line).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from rich.text import Text

from asobi.core.cards import FIREWORKS, FRENCH52, SEVEN, Deck


class CardText:
    def __init__(self, deck: Deck, styles: Mapping[str, str]) -> None:
        self.styles = dict(styles)
        # Longest codes first, so that "C10" is not read as "C1" followed by "0".
        codes = sorted((c.code for c in deck.cards), key=len, reverse=True)
        self.pattern = re.compile(r"\b(" + "|".join(map(re.escape, codes)) + r")\b")

    def style(self, code: str) -> str:
        return self.styles.get(code[:1], "")

    def card(self, code: str) -> Text:
        """One card code in its suit's colour."""
        return Text(code, style=self.style(code))

    def cards(self, codes: Sequence[str], empty: str = "—") -> Text:
        if not codes:
            return Text(empty, style="dim")
        return Text(" ").join(self.card(c) for c in codes)

    def colour(self, text: str) -> Text:
        """Any text with the card codes in it coloured."""
        out = Text(text)
        for match in self.pattern.finditer(text):
            out.stylize(self.style(match.group(1)), match.start(), match.end())
        return out


SEVEN_TEXT = CardText(
    SEVEN,
    {
        "H": "bold red",
        "O": "bold green",
        "B": "bold bright_blue",
        "C": "bold yellow",
        "S": "bold cyan",
        "T": "bold magenta",
        "K": "bold grey62",
    },
)
FIREWORK_TEXT = CardText(
    FIREWORKS,
    {
        "R": "bold red",
        "Y": "bold yellow",
        "G": "bold green",
        "B": "bold bright_blue",
        "W": "bold magenta",  # boost cards (ブーストカード), wild
    },
)
# The French 52 (Rummy City): codes keep their letters, S H D C for ♠ ♥ ♦ ♣; hearts and
# diamonds are red, spades and clubs in the terminal's own colour.
FRENCH_TEXT = CardText(
    FRENCH52,
    {
        "S": "bold",
        "H": "bold red",
        "D": "bold red",
        "C": "bold",
    },
)


def card_text_for(deck: Deck) -> CardText | None:
    """How the terminal colours ``deck``'s cards (None for a deck it has no colours for)."""
    return {"fireworks": FIREWORK_TEXT, "seven": SEVEN_TEXT, "french": FRENCH_TEXT}.get(deck.key)
