"""Carrotein's table as a newcomer meets it: the latest challenge stays in sight beside the mat
("Last challenge (round N)": the boards as laid, the verdict) after the next round has begun,
until the player closes it or moves on, for a bot's challenge and a person's, in English and
Japanese; on a 1280 × 800 desktop the Pass button, a refused spot's reason and the board
picker are in the window when they are needed; boards half laid survive a reload."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, ViewportSize

from .helpers import (
    PHONE,
    legal,
    make_room,
    measure,
    my_turn_or_over,
    number,
    open_page,
    serious_violations,
    shot,
    wait,
)
from .test_carrotein import choose_the_first_two_boards, click_on_mat

LAPTOP: ViewportSize = {"width": 1280, "height": 800}


def _in_view(page: Page, selector: str) -> bool:
    """The element is wholly inside the window as it is scrolled now."""
    found: bool = page.evaluate(
        f"(() => {{ const n = document.querySelector({json.dumps(selector)});"
        " if (!n) return false; const r = n.getBoundingClientRect();"
        " return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; })()"
    )
    return found


def _place(page: Page, x: float, y: float) -> None:
    wait(page, "JSON.parse(document.body.dataset.legal || '[]').some(c => c.startsWith('place '))")
    before = number(page)
    click_on_mat(page, x, y, scroll=False)
    wait(page, f"Number(document.body.dataset.number) > {before}")


def test_with_six_players_pass_is_under_the_mat_in_sight_on_a_laptop(
    site: str, browser: Any
) -> None:
    """Five others' plates take two rows above the mat: the Pass button still shows on a
    1280 × 800 screen without scrolling, under the mat, and the table's own moves section
    (further down) is not drawn, for it would hold nothing else."""
    seats = [{"name": "Ami"}] + [{"bot": "random"}] * 5
    room = make_room(site, "carrotein", seats, seed=4, options={"start_player": 0})
    page, errors = open_page(browser, site + room["invites"][0]["link"], "ja", LAPTOP)
    my_turn_or_over(page)
    assert page.evaluate("scrollY") == 0
    assert _in_view(page, ".cr-main .cr-pass [data-code='pass']")
    assert page.locator("#moves-section").is_hidden()
    assert "パス" in page.locator(".cr-pass").inner_text()
    shot(page, "carrotein-six-players-laptop")
    assert errors == []


def test_a_bots_challenge_stays_in_view_after_the_next_round_begins(
    site: str, browser: Any
) -> None:
    """Ami passes at once; the bots play the round out and one of them challenges. When
    Ami's turn comes again in round 2 (a bot may have placed since), the judged challenge is
    open beside the mat: its title, the boards as laid, the verdict. Closed, it folds to its
    title line; opened again, it is back; Ami's next move folds it."""
    room = make_room(
        site,
        "carrotein",
        [{"name": "Ami"}, {"bot": "easy"}, {"bot": "easy"}],
        seed=4,
        options={"start_player": 0},
    )
    page, errors = open_page(browser, site + room["invites"][0]["link"], "en", LAPTOP)
    my_turn_or_over(page)
    assert page.locator("#cr-last").count() == 0  # no challenge yet
    # Scatter time on a 1280 × 800 desktop: the Pass button is in sight without scrolling.
    assert page.evaluate("scrollY") == 0
    assert _in_view(page, ".cr-pass [data-code='pass']")
    assert _in_view(page, "#mat")
    before = number(page)
    page.click(".cr-pass [data-code='pass']")
    wait(page, f"Number(document.body.dataset.number) > {before}")
    my_turn_or_over(page)  # round 2: the bots' challenge is judged
    panel = page.locator("#cr-last")
    assert panel.is_visible()
    assert panel.get_attribute("open") is not None
    head = page.locator("#cr-last-summary").inner_text()
    assert head.startswith("Last challenge (round 1)")
    assert "success" in head or "failure" in head
    assert "laid" in panel.inner_text() and "centre points showing" in panel.inner_text()
    assert panel.locator("svg.cr-small-mat").is_visible()
    assert panel.locator("svg.cr-small-mat [data-i]").count() == 0  # a drawing, not the mat
    assert page.locator("#mat").is_visible()  # the mat in play stays in sight beside it
    shot(page, "carrotein-last-challenge-bot")
    assert serious_violations(page) == []  # with the panel open
    page.click("#cr-last-close")
    assert panel.get_attribute("open") is None
    assert page.locator("#cr-last-summary").is_visible()  # folded to its title line
    assert not panel.locator("svg.cr-small-mat").is_visible()
    page.click("#cr-last-summary")
    assert panel.get_attribute("open") is not None
    # Ami's next move (a chip) folds it.
    assert any(c.startswith("place ") for c in legal(page))
    before = number(page)
    _click_free_spot(page)
    wait(page, f"Number(document.body.dataset.number) > {before}")
    assert page.locator("#cr-last").get_attribute("open") is None
    assert errors == []


def _click_free_spot(page: Page) -> None:
    """A chip far from the others: a corner of the mat that no chip touches."""
    chips: list[list[float]] = page.evaluate(
        "[...document.querySelectorAll('#mat circle.centre')]"
        ".map(c => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))])"
    )
    for x, y in [(40, 40), (560, 410), (40, 410), (560, 40), (300, 60), (300, 390)]:
        if all((x - cx) ** 2 + (y - cy) ** 2 > 30**2 for cx, cy in chips):
            click_on_mat(page, x, y, scroll=False)
            return
    raise AssertionError("no free corner")


def test_a_failed_challenge_stays_for_both_players_until_each_moves_on_in_japanese(
    site: str, browser: Any
) -> None:
    """Ami and Ben each place two chips far apart; Ami passes; Ben, the challenger, chooses
    two boards (the picker in sight on a 1280 × 800 desktop), turns one, reloads (the boards
    stay where he left them) and lays them apart: a failure. Both pages show the judged
    challenge in Japanese (前回の挑戦, 失敗, the solver's button) after round 2 has begun; Ami's
    chip folds hers, Ben's stays open until he moves too. A chip refused (touching another)
    is said over the mat, in the window."""
    room = make_room(
        site, "carrotein", [{"name": "Ami"}, {"name": "Ben"}], options={"start_player": 0}
    )
    links = {i["seat"]: site + i["link"] for i in room["invites"]}
    ami, ami_errors = open_page(browser, links[0], "ja", LAPTOP)
    ben, ben_errors = open_page(browser, links[1], "ja", LAPTOP)
    for page, (x, y) in zip(
        [ami, ben, ami, ben], [(100, 100), (500, 350), (120, 380), (480, 80)], strict=True
    ):
        _place(page, x, y)

    # A spot touching Ami's own chip: refused, and said over the mat, in the window.
    wait(ami, "JSON.parse(document.body.dataset.legal).includes('pass')")
    before = number(ami)
    click_on_mat(ami, 105, 100, scroll=False)
    note = ami.locator("#cr-note")
    assert note.is_visible() and "ほかの星チップに触れてはいけません" in note.inner_text()
    assert _in_view(ami, "#cr-note")
    mat, said = measure(ami, "#mat"), measure(ami, "#cr-note")
    assert mat is not None and said is not None
    assert mat["y"] <= said["y"] and said["y"] + said["height"] <= mat["y"] + mat["height"]
    assert number(ami) == before  # nothing was sent
    shot(ami, "carrotein-refused-ja")

    ami.click(".cr-pass [data-code='pass']")
    wait(ben, "JSON.parse(document.body.dataset.legal).some(c => c.startsWith('choose '))")
    ben.wait_for_timeout(300)  # the page brings the picker into view
    assert _in_view(ben, ".board-list") and _in_view(ben, "#choose")
    choose_the_first_two_boards(ben)
    ben.wait_for_selector("#mat g[data-board]")
    ben.click("button[data-turn='15']")
    code = ben.get_attribute("#lay", "data-code")
    assert code == "lay 180,225,15 420,225,0"
    ben.reload()
    ben.wait_for_selector("#mat g[data-board]")
    assert ben.get_attribute("#lay", "data-code") == code  # not back at the start
    before = number(ben)
    ben.click("#lay")
    wait(ami, f"Number(document.body.dataset.number) > {before}")

    my_turn_or_over(ami)  # round 2: Ami (left of Ben) starts
    for page in (ami, ben):
        wait(page, "document.querySelector('#cr-last[open]') !== null")
        head = page.locator("#cr-last-summary").inner_text()
        assert head.startswith("前回の挑戦(ラウンド1)") and "失敗" in head
        body = page.locator("#cr-last").inner_text()
        assert "見えている中心点: 5" in body and "得点した星チップ" in body
        assert page.locator("#cr-ask").inner_text() == "成功していた置き方を見る"
    shot(ben, "carrotein-last-challenge-ja")
    _place(ami, 300, 60)
    assert ami.locator("#cr-last").get_attribute("open") is None  # Ami moved on
    wait(ben, f"Number(document.body.dataset.number) >= {number(ami)}")
    assert ben.locator("#cr-last").get_attribute("open") is not None  # Ben has not
    assert ami_errors == ben_errors == []


def test_the_last_challenge_on_a_phone(site: str, browser: Any) -> None:
    """On a phone the judged challenge lies under the mat, and the page does not scroll
    sideways; the language button turns it into Japanese."""
    room = make_room(
        site, "carrotein", [{"name": "Ami"}, {"bot": "easy"}], seed=2, options={"start_player": 0}
    )
    page, errors = open_page(browser, site + room["invites"][0]["link"], "en", PHONE)
    my_turn_or_over(page)
    before = number(page)
    page.click(".cr-pass [data-code='pass']")
    wait(page, f"Number(document.body.dataset.number) > {before}")
    my_turn_or_over(page)
    panel = page.locator("#cr-last")
    assert panel.get_attribute("open") is not None
    mat, drawn = measure(page, "#mat"), measure(page, "#cr-last")
    assert mat is not None and drawn is not None and drawn["y"] > mat["y"] + mat["height"]
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.click("#language")
    wait(page, "document.querySelector('#language').textContent === 'English'")
    assert page.locator("#cr-last-summary").inner_text().startswith("前回の挑戦(ラウンド1)")
    page.locator("#cr-last").scroll_into_view_if_needed()
    shot(page, "carrotein-last-challenge-phone-ja")
    assert errors == []
