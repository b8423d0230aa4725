"""Starmine's deck: four colours of fireworks numbered 1 to 7 and two boost (wild) cards.

The rulebook's figures (lost in extraction) showed the colours; the text names blue (青).
"""

from __future__ import annotations

from asobi.core.cards import Card, Deck, Suit

FIREWORK_COLOURS = (
    Suit("R", "red", "赤", style="bold red", symbol="burst", colour="#d42a2a"),
    # A yellow that reads as yellow is too pale for text: its numbers are written darker.
    Suit("Y", "yellow", "黄", style="bold yellow", symbol="burst", colour="#d9a000", ink="#7a5800"),
    Suit("G", "green", "緑", style="bold green", symbol="burst", colour="#238a3f"),
    Suit("B", "blue", "青", style="bold bright_blue", symbol="burst", colour="#2358c9"),
)
BOOST = "W"  # suit letter of the boost cards; their rank is the copy number 1 or 2
FIREWORKS = Deck(
    "Starmine fireworks",
    tuple(Card(s.letter, n, f"{s.letter}{n}") for s in FIREWORK_COLOURS for n in range(1, 8))
    + tuple(Card(BOOST, copy, f"{BOOST}{copy}") for copy in (1, 2)),
    (
        *FIREWORK_COLOURS,
        Suit(
            BOOST,
            "boost",
            "ブースト",
            style="bold magenta",
            symbol="star",
            colour="#7a3fc4",
            wild=True,
        ),
    ),
    numbered=True,
)


def is_boost(card: Card) -> bool:
    return card.suit == BOOST
