"""What people type is only ever text: names full of markup and script, set in the lobby, at
creation through the API and when joining by invite, are shown literally to the players and
to a spectator, during and after a game, and nothing runs. The server sends a strict
Content-Security-Policy besides, so that even markup that slipped through could run no
script."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Page

from .helpers import DESKTOP, PHONE, legal, make_room, number, open_page, over, shot, wait
from .test_starmine import click_starmine

# Each sets window.pwned if it ever runs as markup or script.
EVIL = [
    "<img src=x onerror=window.pwned=1>",
    "<script>window.pwned=2</script>",
    '"><svg onload=window.pwned=3>',
]


def _untouched(page: Page) -> None:
    assert page.evaluate("window.pwned") is None
    assert page.locator("img[src='x'], svg[onload], #felt script, #log script").count() == 0


def test_the_server_sends_a_strict_content_security_policy(site: str) -> None:
    for path in ("/", "/play/abc", "/static/table.js", "/api/games"):
        policy = httpx.get(site + path).headers["content-security-policy"]
        assert "script-src 'self';" in policy and "default-src 'none'" in policy
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    page = httpx.get(site + "/")
    assert page.headers["referrer-policy"] == "no-referrer"  # a seat's link holds its token
    assert httpx.get(site + "/favicon.ico").status_code == 200


def test_names_with_markup_are_text_for_players_and_a_spectator_to_the_end(
    site: str, browser: Any
) -> None:
    room = make_room(site, "starmine", [{"name": EVIL[0]}, {}])
    links = {i["seat"]: site + i["link"] for i in room["invites"]}
    ami, ami_errors = open_page(browser, links[0], "en", DESKTOP)
    ben, ben_errors = open_page(browser, links[1], "ja", PHONE)
    # Ben joins by the invite link and names himself at the table.
    ben.wait_for_selector("#name-input")
    ben.fill("#name-input", EVIL[1])
    ben.click("#name-save")
    watcher, watcher_errors = open_page(browser, site + f"/play/{room['room']}", "en", DESKTOP)
    wait(watcher, f"document.body.innerText.includes({EVIL[1]!r})")
    # Ami renames herself mid-game.
    ami.click("#rename")
    ami.fill("#name-input", EVIL[2])
    ami.click("#name-save")
    wait(watcher, f"document.body.innerText.includes({EVIL[2]!r})")
    while not over(ami):  # two people take their turns; a spectator watches
        movers = [page for page in (ami, ben) if legal(page) and not over(page)]
        for page in movers:
            before = number(page)
            click_starmine(page, legal(page))
            wait(page, f"Number(document.body.dataset.number) > {before}")
        if not movers:
            ami.wait_for_timeout(40)
        for page in (ami, ben, watcher):
            _untouched(page)
    for page in (ami, ben, watcher):
        wait(page, "document.body.dataset.over === '1'")
        text = page.locator("body").inner_text()
        assert EVIL[1] in text and EVIL[2] in text  # shown as the very text typed
        assert EVIL[2] in page.locator("#outcome").inner_text()
        _untouched(page)
    shot(watcher, "names-as-text-spectator")
    assert ami_errors == ben_errors == watcher_errors == []  # not even a blocked script


def test_a_name_typed_in_the_lobby_is_text_in_the_lobby_list(site: str, browser: Any) -> None:
    page, errors = open_page(browser, site + "/", "en", DESKTOP)
    page.fill("#name", EVIL[0])
    page.select_option("#game", "itsmine")
    page.select_option("#seat-1", "friend")
    page.click("#create")
    page.wait_for_selector("#invite-1")
    lobby, lobby_errors = open_page(browser, site + "/", "en", DESKTOP)
    wait(lobby, f"document.querySelector('#rooms').innerText.includes({EVIL[0]!r})", 15)
    _untouched(lobby)
    _untouched(page)
    assert errors == lobby_errors == []


def test_a_bad_name_is_refused_with_a_clear_error_and_changes_nothing(site: str) -> None:
    rooms = len(httpx.get(site + "/api/rooms").json())
    answer = httpx.post(
        site + "/api/rooms",
        json={"game": "starmine", "seats": [{"name": "x" * 41}, {"bot": "random"}]},
    )
    assert answer.status_code == 422
    answer = httpx.post(
        site + "/api/rooms",
        json={"game": "starmine", "seats": [{"name": "two\nlines"}, {"bot": "random"}]},
    )
    assert answer.status_code == 422 and "control characters" in answer.text
    assert len(httpx.get(site + "/api/rooms").json()) == rooms
