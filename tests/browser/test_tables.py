"""The browser client in a real Chromium (Playwright, Debian's ``/usr/bin/chromium``) against a
real server: a person plays a whole game of Starmine against a bot by clicking, and in
Carrotein places a chip, chooses two boards, drags, turns and flips them and lays them.
Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, sync_playwright
from tests.server.helpers import server

from .conftest import needs
from .helpers import wait

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def _chromium() -> str:
    found = os.environ.get("ASOBI_TEST_CHROMIUM")
    if found:
        return found
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    return needs("ASOBI_TEST_CHROMIUM", "Chromium (Debian's chromium package)")


@pytest.fixture
def site(tmp_path: Path) -> Iterator[str]:
    with server(f"sqlite:///{tmp_path / 'asobi.db'}", tmp_path / "server.log") as url:
        yield url


@pytest.fixture
def browser() -> Iterator[Any]:
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=_chromium(), args=["--no-sandbox"])
        yield chromium
        chromium.close()


def _shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def _number(page: Page) -> int:
    return int(page.locator("body").get_attribute("data-number") or "-1")


def _wait_past(page: Page, number: int) -> None:
    page.wait_for_function(f"Number(document.body.dataset.number) > {number}", timeout=20_000)


def _legal(page: Page) -> list[str]:
    legal: list[str] = json.loads(page.locator("body").get_attribute("data-legal") or "[]")
    return legal


def _click_starmine_move(page: Page, code: str) -> None:
    """Make ``code`` the way a person does: cards, then the row or discard; the piles."""
    verb, *rest = code.split()
    if verb == "place":
        for card in rest[2:]:
            page.click(f"#hand button[data-card='{card}']")
        page.click(f"#hand-moves button[data-code='{code}']")
    elif verb == "discard":
        page.click(f"#hand button[data-card='{rest[0]}']")
        page.click("#hand-moves button[data-discard]")
    elif code == "draw deck":
        page.click("button[data-pile='deck']")
    elif verb == "draw":
        page.click(f"button[data-pile='discards'][data-card='{rest[0]}']")
    else:
        page.click(f"#moves button[data-code='{code}']")


def test_a_person_plays_a_whole_starmine_game_against_a_bot_by_clicking(
    site: str, browser: Any
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(site + "/")
    page.select_option("#game", "starmine")
    page.select_option("#seat-1", "bot:normal")
    page.click("#create")
    page.wait_for_url("**/play/**")
    page.wait_for_function("document.body.dataset.number !== undefined")
    _shot(page, "starmine-start")
    for turn in range(200):
        page.wait_for_function(
            "document.body.dataset.over === '1' || JSON.parse(document.body.dataset.legal).length"
        )
        if page.locator("body").get_attribute("data-over") == "1":
            break
        legal = _legal(page)
        # A simple player: a meld if it can, else a discard, else a draw from the deck.
        code = next((c for c in legal if c.startswith("place ")), None)
        code = code or next((c for c in legal if c.startswith("discard ")), None)
        code = code or ("draw deck" if "draw deck" in legal else legal[0])
        before = _number(page)
        _click_starmine_move(page, code)
        _wait_past(page, before)
        if turn == 6:
            _shot(page, "starmine-middle")
    assert page.locator("body").get_attribute("data-over") == "1"
    assert page.locator("#outcome").is_visible()
    assert "Game over" in page.locator("#outcome").inner_text()
    _shot(page, "starmine-over")
    assert page.locator("#problem").inner_text() == ""  # no move was refused
    page.click("#rematch")  # the same seats again, with a new link
    page.wait_for_selector("#rematch-link:not([hidden])")
    assert "/play/" in (page.get_attribute("#rematch-link", "href") or "")


def test_carrotein_a_chip_then_two_boards_dragged_turned_flipped_and_laid(
    site: str, browser: Any
) -> None:
    room = httpx.post(
        site + "/api/rooms",
        json={"game": "carrotein", "seats": [{"name": "ami"}, {"name": "ben"}]},
    ).json()
    links = {i["seat"]: site + i["link"] for i in room["invites"]}
    ami = browser.new_page(viewport={"width": 1100, "height": 1000})
    ben = browser.new_page(viewport={"width": 390, "height": 844})  # a phone-sized screen
    ami.goto(links[0])
    ben.goto(links[1])
    for page in (ami, ben):
        page.wait_for_function("document.body.dataset.number !== undefined")
    first, second = (ami, ben) if _legal(ami) else (ben, ami)

    # Scatter time: a click on the mat places a chip there.
    before = _number(first)
    box = first.locator("#mat").bounding_box()
    assert box is not None
    first.mouse.click(box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.35)
    _wait_past(first, before)
    assert first.locator("#mat circle.centre").count() == 2  # the first star and ours
    _shot(first, "carrotein-chip")

    # The other passes, so the one who placed is left to make the constellation.
    second.wait_for_function("JSON.parse(document.body.dataset.legal).includes('pass')")
    before = _number(second)
    second.click("#moves button[data-code='pass']")
    _wait_past(first, before)
    first.wait_for_function(
        "JSON.parse(document.body.dataset.legal).some(c => c.startsWith('choose '))"
    )
    boards = first.locator(".board-list button[data-board]")
    boards.nth(0).click()
    boards.nth(1).click()
    before = _number(first)
    first.click("#choose")
    _wait_past(first, before)
    first.wait_for_selector("#mat g[data-board]")

    # Drag the first board over our chip: its centre point is then hidden (live).
    assert first.locator("#showing").inner_text().startswith("centre points showing: 2")
    board = first.locator("#mat g[data-board]").first
    start = board.bounding_box()
    chip = first.locator("#mat circle.centre").nth(1).bounding_box()
    assert start is not None and chip is not None
    first.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    first.mouse.down()
    first.mouse.move(chip["x"] + chip["width"] / 2, chip["y"] + chip["height"] / 2, steps=8)
    first.mouse.up()
    assert first.locator("#showing").inner_text().startswith("centre points showing: 1")
    assert first.locator("#mat circle.centre.hidden").count() == 1
    first.click("button[data-turn='15']")
    first.click("button[data-flip]")
    _shot(first, "carrotein-boards")
    before = _number(first)
    first.click("#lay")
    _wait_past(first, before)  # judged: success or failure, the round is scored
    assert "challenge" in first.locator("#log").inner_text()
    _shot(first, "carrotein-judged")
    _shot(second, "carrotein-phone")


@pytest.mark.parametrize(
    ("game", "players"),
    [("starmine", 2), ("itsmine", 2), ("laminate", 3), ("rummycity", 2), ("carrotein", 3)],
)
def test_every_game_draws_its_table_in_both_languages_without_a_script_error(
    site: str, browser: Any, game: str, players: int
) -> None:
    seats = [{"name": "ami"}] + [{"bot": "random"}] * (players - 1)
    room = httpx.post(site + "/api/rooms", json={"game": game, "seats": seats, "seed": 4}).json()
    page = browser.new_page(viewport={"width": 390, "height": 844})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(site + room["invites"][0]["link"])
    wait(page, "JSON.parse(document.body.dataset.legal || '[]').length > 0")
    assert page.locator("#felt").inner_text().strip()
    page.click("#language")  # 日本語
    wait(page, "document.querySelector('#language').textContent === 'English'")
    assert page.locator("#status").inner_text().startswith("あなたの番です")  # your turn
    _shot(page, f"{game}-phone-ja")
    assert errors == []
