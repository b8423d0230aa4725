"""Starmine Rummy Pocket in the browser: a person plays whole games against a bot by clicking
only (cards, then the row; the piles), in English on a desktop and in Japanese on a phone."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from .helpers import (
    DESKTOP,
    PHONE,
    create_in_lobby,
    legal,
    make_room,
    my_turn_or_over,
    no_sideways_scroll,
    number,
    open_page,
    over,
    play_by_clicking,
    shot,
    wait,
)


def click_starmine(page: Page, legal: list[str]) -> None:
    """A simple player: a meld if it can (picked from the hand's melds, then its row), else a
    discard (the card, then "discard"), else a draw from the deck, else the first move."""
    place = next((c for c in legal if c.startswith("place ")), None)
    discard = next((c for c in legal if c.startswith("discard ")), None)
    if "pass" in legal:  # the final phase, the chase: Pass beside the hand's melds (§6)
        assert page.locator("#hand-moves button[data-code='pass']").count() == 1
        assert page.locator("#moves-section").is_hidden()
    if place:
        kind, cards = place.split()[2], " ".join(sorted(place.split()[3:]))
        page.click(f"button[data-meld='{cards}'][data-kind='{kind}']")
        page.click(f"#my-rows button[data-code='{place}']")
    elif discard:
        page.click(f"#hand [data-card='{discard.split()[1]}']")
        page.click("#hand-moves button[data-discard]")
    elif "draw deck" in legal:
        page.click("[data-pile='deck']")
    else:
        page.click(f"[data-code='{legal[0]}']")


def test_a_person_plays_a_whole_starmine_game_against_a_bot_in_english(
    site: str, browser: Any
) -> None:
    page, errors = open_page(browser, site + "/", "en", DESKTOP, motion=True)
    create_in_lobby(page, "Ami", "starmine", "bot:normal")
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
    assert no_sideways_scroll(page)
    play_by_clicking(page, click_starmine, shots="starmine-phone-ja")
    outcome = page.locator("#outcome").inner_text()
    assert "勝利した列" in outcome and "ゲーム終了" in outcome
    assert no_sideways_scroll(page)
    assert errors == []


def test_a_person_plays_the_solo_contest_to_its_evaluation(site: str, browser: Any) -> None:
    room = make_room(site, "starmine", [{"name": "Ami"}], options={"players": 1})
    page, errors = open_page(browser, site + room["invites"][0]["link"], "en", DESKTOP)
    play_by_clicking(page, click_starmine)
    outcome = page.locator("#outcome").inner_text()
    assert "Evaluation" in outcome or "launch failed" in outcome
    assert errors == []


def test_a_placement_that_fails_the_launch_says_so_before_it_is_made(
    site: str, browser: Any
) -> None:
    """Solo §3 C ③: a meld on the finale closes the main row; at or below the opening's
    points the launch fails. The page says so under the rows before the meld is placed, the
    row's button marked ⚠ (State.caution)."""
    room = make_room(site, "starmine", [{"name": "Ami"}], options={"players": 1})
    page, errors = open_page(browser, site + room["invites"][0]["link"], "en", DESKTOP)
    finale = play_solo_until_a_finale_placement(page)
    kind, cards = finale.split()[2], " ".join(sorted(finale.split()[3:]))
    page.click(f"button[data-meld='{cards}'][data-kind='{kind}']")
    note = page.locator(f".star-caution[data-code='{finale}']")
    assert "ends the launch: failure" in note.inner_text()
    assert page.locator("#place-on-finale").inner_text().startswith("⚠")
    assert errors == []


def play_solo_until_a_finale_placement(page: Page, most: int = 80) -> str:
    """Solo: play on (:func:`click_starmine`) until a meld may go on the finale while the
    opening holds cards and the main row is empty (solo §3 C ③: it fails the launch); its code."""
    for _ in range(most):
        my_turn_or_over(page)
        assert not over(page), "no meld for the finale came while the main row was empty"
        moves = legal(page)
        opened = page.locator(".star-row[data-row='opening'] .card").count() > 0
        finale = next((c for c in moves if c.startswith("place finale ")), None)
        if opened and finale:
            return finale
        before = number(page)
        click_starmine(page, moves)
        wait(page, f"Number(document.body.dataset.number) > {before}")
    raise AssertionError(f"no finale placement was offered in {most} moves")
