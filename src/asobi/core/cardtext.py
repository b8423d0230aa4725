"""Cards as coloured terminal text (rich), shared by the games' render modules.

A :class:`CardText` knows one deck's codes and its suits' styles (``Suit.style``); it colours
a card, a list of cards, or every card code inside any text (a move, an event line).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from rich.text import Text

from asobi.core.cards import FRENCH52, SEVEN, Deck


class CardText:
    def __init__(self, deck: Deck) -> None:
        self.styles = {suit.letter: suit.style for suit in deck.suits}
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


@cache
def card_text_for(deck: Deck) -> CardText:
    """How the terminal colours ``deck``'s cards: each in its suit's style."""
    return CardText(deck)


SEVEN_TEXT = card_text_for(SEVEN)
FRENCH_TEXT = card_text_for(FRENCH52)
