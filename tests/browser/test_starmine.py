"""Starmine Rummy Pocket in the browser: a person plays whole games against a bot by clicking
only (cards, then the row; the piles), in English on a desktop and in Japanese on a phone."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from .helpers import DESKTOP, PHONE, make_room, open_page, play_by_clicking, shot


def click_starmine(page: Page, legal: list[str]) -> None:
    """A simple player: a meld if it can (picked from the hand's melds, then its row), else a
    discard (the card, then "discard"), else a draw from the deck, else the first move."""
    place = next((c for c in legal if c.startswith("place ")), None)
    discard = next((c for c in legal if c.startswith("discard ")), None)
    if place:
        page.click(f"button[data-meld='{' '.join(sorted(place.split()[3:]))}']")
        page.click(f"#hand-moves button[data-code='{place}']")
    elif discard:
        page.click(f"#hand [data-card='{discard.split()[1]}']")
        page.click("#hand-moves button[data-discard]")
    elif "draw deck" in legal:
        page.click("[data-pile='deck']")
    else:
        page.click(f"[data-code='{legal[0]}']")


def _no_sideways_scroll(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def test_a_person_plays_a_whole_starmine_game_against_a_bot_in_english(
    site: str, browser: Any
) -> None:
    page, errors = open_page(browser, site + "/", "en", DESKTOP)
    page.fill("#name", "Ami")
    page.select_option("#game", "starmine")
    page.select_option("#seat-1", "bot:normal")
    page.click("#create")
    page.wait_for_url("**/play/**")
    play_by_clicking(page, click_starmine, shots="starmine-middle")
    assert page.locator("#outcome").is_visible()
    assert "Rows won" in page.locator("#outcome table").inner_text()
    assert "Ami" in page.locator("#outcome").inner_text()  # the name set in the lobby
    assert page.locator("#log li").count() > 10
    assert "{" not in page.locator("#log").inner_text()  # every mark filled in
    shot(page, "starmine-over")
    assert page.locator("#problem").inner_text() == ""  # no move was refused
    assert errors == []
    page.click("#rematch")  # the same seats again, with a new link
    page.wait_for_selector("#rematch-link:not([hidden])")
    assert "/play/" in (page.get_attribute("#rematch-link", "href") or "")


def test_a_person_plays_a_whole_starmine_game_in_japanese_on_a_phone(
    site: str, browser: Any
) -> None:
    room = make_room(site, "starmine", [{"name": "あみ"}, {"bot": "random"}])
    page, errors = open_page(browser, site + room["invites"][0]["link"], "ja", PHONE)
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert _no_sideways_scroll(page)
    play_by_clicking(page, click_starmine, shots="starmine-phone-ja")
    outcome = page.locator("#outcome").inner_text()
    assert "勝利した列" in outcome and "ゲーム終了" in outcome
    assert _no_sideways_scroll(page)
    assert errors == []
