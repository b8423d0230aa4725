"""Access: axe-core (through axe-playwright-python, which ships it) finds no serious or
critical violation on the lobby and on each game's table, in English and Japanese; the page's
language follows the choice; moves can be made from the keyboard alone."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page

from .helpers import (
    DESKTOP,
    PHONE,
    legal,
    make_room,
    my_turn_or_over,
    number,
    open_page,
    over,
    serious_violations,
    wait,
)

GAMES = [("starmine", 2), ("itsmine", 2), ("laminate", 3), ("rummycity", 2), ("carrotein", 3)]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_lobby_has_no_serious_accessibility_violation(
    site: str, browser: Any, lang: str
) -> None:
    page, errors = open_page(browser, site + "/", lang, PHONE if lang == "ja" else DESKTOP)
    assert page.evaluate("document.documentElement.lang") == lang
    assert serious_violations(page) == []
    assert errors == []


@pytest.mark.parametrize(("game", "players"), GAMES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_table_has_no_serious_accessibility_violation(
    site: str, browser: Any, game: str, players: int, lang: str
) -> None:
    room = make_room(site, game, [{"name": "Ami"}] + [{"bot": "random"}] * (players - 1))
    page, errors = open_page(browser, site + room["invites"][0]["link"], lang, DESKTOP)
    my_turn_or_over(page)
    assert page.evaluate("document.documentElement.lang") == lang
    assert serious_violations(page) == []
    assert errors == []


def test_the_turn_is_announced_and_the_language_follows_the_button(site: str, browser: Any) -> None:
    room = make_room(site, "starmine", [{"name": "Ami"}, {"bot": "random"}])
    page, _ = open_page(browser, site + room["invites"][0]["link"], "en", DESKTOP)
    assert page.get_attribute("#status", "aria-live") == "polite"
    my_turn_or_over(page)
    page.click("#language")
    wait(page, "document.documentElement.lang === 'ja'")
    assert "あなたの番です" in page.locator("#status").inner_text()


def test_starmine_moves_are_made_from_the_keyboard(site: str, browser: Any) -> None:
    room = make_room(site, "starmine", [{"name": "Ami"}, {"bot": "random"}])
    page, errors = open_page(browser, site + room["invites"][0]["link"], "en", DESKTOP)
    for _ in range(6):
        my_turn_or_over(page)
        moves = legal(page)
        before = number(page)
        if any(m.startswith("discard ") for m in moves):
            # Tab from the top of the page to the first card of the hand, Enter picks it.
            page.locator("body").focus()
            for _ in range(60):
                page.keyboard.press("Tab")
                if page.evaluate("!!document.activeElement.closest('#hand')"):
                    break
            else:
                raise AssertionError("Tab never reached the hand")
            page.keyboard.press("Enter")
            page.focus("#hand-moves button[data-discard]")
            page.keyboard.press("Enter")
            wait(page, f"Number(document.body.dataset.number) > {before}")
            if legal(page):  # the turn goes on: the focus is on a move, not back at the top
                tag = page.evaluate("document.activeElement.tagName")
                assert tag == "BUTTON", f"the focus fell to {tag} after the discard"
        else:
            target = "[data-pile='deck']" if "draw deck" in moves else f"[data-code='{moves[0]}']"
            page.focus(target)
            page.keyboard.press("Enter")
        wait(page, f"Number(document.body.dataset.number) > {before}")
    assert errors == []


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_every_game_is_played_from_the_keyboard_alone(
    site: str, browser: Any, game: str, players: int
) -> None:
    """Issue 29: keyboard play in every game. Each of a few moves is made by pressing Tab from
    the top of the page until a move's button has the focus, then Enter. Where every move
    needs cards chosen first (Starmine's melds and discards), Enter on the first card of the
    hand chooses it, and Tab goes on to the buttons that chosen card offers."""
    room = make_room(site, game, [{"name": "Ami"}] + [{"bot": "random"}] * (players - 1))
    page, errors = open_page(browser, site + room["invites"][0]["link"], "en", DESKTOP)
    for _ in range(3):
        my_turn_or_over(page)
        if over(page):
            break
        moves, before = legal(page), number(page)
        shown = page.evaluate(
            "[...document.querySelectorAll('button[data-code]')].map(b => b.dataset.code)"
        )
        page.locator("body").focus()
        if not set(shown) & set(moves):
            _tab_to(page, "!!document.activeElement.closest('#mine button[data-card]')")
            page.keyboard.press("Enter")
        _tab_to(page, f"{json.dumps(moves)}.includes(document.activeElement.dataset.code)")
        page.keyboard.press("Enter")
        wait(page, f"Number(document.body.dataset.number) > {before}")
    assert errors == []


def _tab_to(page: Page, condition: str) -> None:
    for _ in range(400):
        page.keyboard.press("Tab")
        if page.evaluate(condition):
            return
    raise AssertionError(f"Tab never reached: {condition}")
