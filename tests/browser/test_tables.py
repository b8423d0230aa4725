"""Every game's table draws in both languages, on a phone, without a script error: the
felt holds the middle and every seat's place, and the status says whose turn it is."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import PHONE, make_room, my_turn_or_over, open_page, shot, wait


@pytest.mark.parametrize(
    ("game", "players"),
    [("starmine", 2), ("itsmine", 2), ("laminate", 3), ("rummycity", 2), ("carrotein", 3)],
)
def test_every_game_draws_its_table_in_both_languages_without_a_script_error(
    site: str, browser: Any, game: str, players: int
) -> None:
    seats = [{"name": "ami"}] + [{"bot": "random"}] * (players - 1)
    room = make_room(site, game, seats, seed=4)
    page, errors = open_page(browser, site + room["invites"][0]["link"], "en", PHONE)
    my_turn_or_over(page)
    assert page.locator("#centre").inner_text().strip() or page.locator("#centre svg").count()
    assert page.locator("#felt .plate").count() == players
    assert page.locator("#status").inner_text().startswith("Your turn")
    page.click("#language")  # 日本語
    wait(page, "document.querySelector('#language').textContent === 'English'")
    assert page.locator("#status").inner_text().startswith("あなたの番です")  # your turn
    shot(page, f"{game}-phone-ja")
    assert errors == []
