"""Cards in the browser are drawn and named from the deck a game declares
(``asobi.core.cards.Deck.to_json``): each suit's symbol and colour, names rank first for the
French 52, the rank large on Starmine's numbered fireworks, its boosts wild. The page's own
``cards.js`` (the module the table uses, its deck loaded) is asked directly."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import DESKTOP, make_room, my_turn_or_over, open_page

# game, seats, then (code, English name, Japanese name, colour of its rank, classes)
DECKS = [
    ("starmine", 2, "R4", "red 4", "赤の4", "#d42a2a", "card numbered"),
    ("starmine", 2, "Y7", "yellow 7", "黄の7", "#7a5800", "card numbered"),  # darker ink
    ("starmine", 2, "W1", "boost 1", "ブースト(1)", "#7a3fc4", "card numbered wild"),
    ("rummycity", 2, "H7", "7 of hearts", "ハートの7", "#c8203d", "card"),
    ("rummycity", 2, "SQ", "Q of spades", "スペードのQ", "#1c2230", "card"),
    ("laminate", 3, "O2", "Onion 2", "オニオンの2", "#2a7d34", "card"),
    ("itsmine", 2, "KK", "Coffin K", "コフィンのK", "#444c5a", "card"),
]


@pytest.mark.parametrize(("game", "players", "code", "en", "ja", "ink", "classes"), DECKS)
def test_a_card_is_named_and_coloured_as_its_deck_declares(
    site: str,
    browser: Any,
    game: str,
    players: int,
    code: str,
    en: str,
    ja: str,
    ink: str,
    classes: str,
) -> None:
    room = make_room(site, game, [{"name": "Ami"}] + [{"bot": "random"}] * (players - 1))
    page, errors = open_page(browser, site + room["invites"][0]["link"], "en", DESKTOP)
    my_turn_or_over(page)
    drawn = page.evaluate(
        """async (code) => {
            const cards = await import("/static/cards.js");
            const el = cards.cardEl(code, { lang: "en" });
            return {
                en: cards.cardName(code, "en"),
                ja: cards.cardName(code, "ja"),
                label: el.getAttribute("aria-label"),
                ink: el.style.getPropertyValue("--suit"),
                classes: el.className,
                rank: el.querySelector(".rank").textContent,
            };
        }""",
        code,
    )
    assert drawn["en"] == en and drawn["label"] == en
    assert drawn["ja"] == ja
    assert drawn["ink"] == ink
    assert drawn["classes"] == classes
    assert drawn["rank"] == ("★" if "wild" in classes else code[1:])
    assert errors == []
