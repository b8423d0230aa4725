"""Carrotein's table as a newcomer meets it: the latest challenge stays in sight beside the mat
("Last challenge (round N)": the boards as laid, the verdict) after the next round has begun,
until the player closes it or moves on, for a bot's challenge and a person's, in English and
Japanese; on a 1280 × 800 desktop the Pass button, a refused spot's reason and the board
picker are in the window when they are needed; boards half laid survive a reload."""

from __future__ import annotations

import json
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, ViewportSize

from .helpers import (
    ARTIFACTS,
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


def _keys_line_contrast(page: Page) -> list[tuple[str, float]]:
    """axe-core's colour-contrast rule on the keys line (``.cr-keys``) alone: for each, what
    axe made of it (``passes``, ``violations``, or ``incomplete`` where it could not tell) and
    the contrast ratio it measured."""
    found = Axe().run(page, context=".cr-keys", options={"runOnly": ["color-contrast"]}).response
    return [
        (kind, float((node["any"] or [{}])[0].get("data", {}).get("contrastRatio") or 0))
        for kind in ("passes", "violations", "incomplete")
        for rule in found[kind]
        for node in rule["nodes"]
    ]


def _luminance(rgb: str) -> float:
    """WCAG's relative luminance of a CSS colour ``rgb(r, g, b)`` or ``#rrggbb``."""
    if rgb.startswith("#"):
        channels = [int(rgb[i : i + 2], 16) for i in (1, 3, 5)]
    else:
        channels = [int(float(v)) for v in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3]]
    linear = [
        c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4
        for c in channels
    ]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _inside(inner: dict[str, float] | None, outer: dict[str, float] | None) -> bool:
    """The box ``inner`` lies wholly in ``outer`` (a pixel's rounding allowed)."""
    assert inner is not None and outer is not None
    return (
        inner["x"] >= outer["x"] - 1
        and inner["y"] >= outer["y"] - 1
        and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 1
        and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 1
    )


def test_a_board_dragged_off_the_mat_stays_in_sight_and_is_laid(site: str, browser: Any) -> None:
    """Ruling 8: a board may reach past the mat's edge or lie off it (the rulebook bounds it
    by nothing but the other board), and the server takes such a lay. The player never
    loses sight of it: Ami drags the first board far past the mat's left edge (the pointer
    leaves the picture); while dragged and once dropped, the whole board is in the picture,
    which has grown round it (the mat drawn smaller, the picture's size on the page the
    same), and the tray says the board lies off the mat. Laid, the challenge is judged;
    the last challenge's picture shows the board off the mat too, and its words say so.

    Also checked here: the keys line meets WCAG AA (4.5:1) on the felt and in the tray, by
    axe-core (which can measure it: its ground is its own); and the rings round the centre
    points left showing read on every chip's colour (a dark band, over 3:1 against each
    chip, round a bright line, over 3:1 against the band)."""
    room = make_room(
        site, "carrotein", [{"name": "Ami"}, {"name": "Ben"}], options={"start_player": 0}
    )
    links = {i["seat"]: site + i["link"] for i in room["invites"]}
    ami, ami_errors = open_page(browser, links[0], "en", LAPTOP)
    ben, ben_errors = open_page(browser, links[1], "en", LAPTOP)
    wait(ami, "JSON.parse(document.body.dataset.legal || '[]').some(c => c.startsWith('place '))")
    said = _keys_line_contrast(ami)  # on the felt, under the mat
    assert said and all(kind == "passes" and ratio >= 4.5 for kind, ratio in said), said
    _place(ami, 200, 300)
    wait(ben, "JSON.parse(document.body.dataset.legal || '[]').includes('pass')")
    ben.click("[data-code='pass']")
    choose_the_first_two_boards(ami)
    ami.wait_for_selector("#mat g[data-board]")
    said = _keys_line_contrast(ami)  # in the tray
    assert said and all(kind == "passes" and ratio >= 4.5 for kind, ratio in said), said

    # The rings: Ami's red chip and the first star show (no board over them yet).
    rings = ami.locator("#mat .cr-ring.on")
    assert rings.count() == 2
    dark, light = (
        ami.evaluate(f"getComputedStyle(document.querySelector('#mat .cr-ring.on .{part}')).stroke")
        for part in ("cr-ring-dark", "cr-ring-light")
    )
    chips: list[str] = ami.evaluate(
        "[...document.querySelectorAll('svg.cr-chip-icon .cr-chip-body, #mat .cr-chip-body')]"
        ".map(c => c.getAttribute('fill'))"
    )
    for colour in {"#ef4444", "#3b82f6", "#22c55e", "#a855f7", "#f97316", "#ec4899", "#fde047",
                   "#cbd5e1", *chips}:  # fmt: skip
        assert _contrast(dark, colour) >= 3, (dark, colour)
    assert _contrast(light, dark) >= 3
    assert _contrast(light, "#0f1d40") >= 3  # the bright line on the night, too

    # The first board, dragged from its middle to 150 px left of the picture.
    picture = measure(ami, "#mat")
    board = measure(ami, "#mat g[data-board]")
    assert picture is not None and board is not None
    ami.mouse.move(board["x"] + board["width"] / 2, board["y"] + board["height"] / 2)
    ami.mouse.down()
    ami.mouse.move(picture["x"] - 150, board["y"] + board["height"] / 2, steps=12)
    assert _inside(measure(ami, "#mat g[data-board]"), measure(ami, "#mat"))  # while dragged
    ami.mouse.up()
    assert _inside(measure(ami, "#mat g[data-board]"), measure(ami, "#mat"))
    after = measure(ami, "#mat")
    assert after is not None
    assert abs(after["width"] - picture["width"]) < 1  # the picture's size on the page: the same
    assert abs(after["height"] - picture["height"]) < 1
    assert ami.get_attribute("#mat", "viewBox") != "-10 -10 620 470"  # grown round the board
    code = ami.get_attribute("#lay", "data-code") or ""
    x = float(code.split()[1].split(",")[0])
    assert x < -100  # wholly off the mat (its plate is 196 mm long)
    off = ami.locator("#cr-off-mat")
    assert off.is_visible()
    assert off.inner_text() == "Leaping rabbit lies off the mat, hiding nothing (allowed)."
    shot(ami, "carrotein-board-off-the-mat")
    assert serious_violations(ami) == []

    before = number(ami)
    ami.click("#lay")  # the server takes it: a legal lay
    wait(ben, f"Number(document.body.dataset.number) > {before}")
    assert ami.locator("#problem").inner_text() == ""
    for page in (ami, ben):
        wait(page, "document.querySelector('#cr-last[open]') !== null")
        small = page.locator("svg.cr-small-mat")
        assert small.locator("g[transform^='translate']").count() == 2 + 1  # boards, the sky
        for i in range(2):
            laid = measure(page, "svg.cr-small-mat .cr-plate", nth=i)
            assert _inside(laid, measure(page, "svg.cr-small-mat"))
        text = page.locator("#cr-last").inner_text()
        assert "Leaping rabbit lay off the mat, hiding nothing" in text
        assert small.locator(".cr-ring").count() >= 1  # Ami's chip, at least, was left showing
    page.locator("svg.cr-small-mat").screenshot(path=str(ARTIFACTS / "carrotein-rings-small.png"))
    assert ami_errors == ben_errors == []
