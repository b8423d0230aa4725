"""Carrotein in the browser: the night-sky mat drawn to scale; a chip placed by a click or by
the keys; two boards chosen, dragged (or moved by keys), turned and flipped, and laid; whole
games against a bot by clicking only, in English on a desktop and in Japanese on a phone."""

from __future__ import annotations

import math
import re
from typing import Any

import pytest
from playwright.sync_api import Page

from .helpers import (
    DESKTOP,
    PHONE,
    end_names_you_as_the_status_does,
    headings_out_of_order,
    legal,
    make_room,
    measure,
    my_turn_or_over,
    no_sideways_scroll,
    number,
    open_page,
    play_by_clicking,
    serious_violations,
    shot,
    wait,
)

CHIPS_A_ROUND = 2  # the clicking player places this many chips a round, then passes
MAT = (600.0, 450.0)  # mm (the assets' mat); the picture has 10 mm of border all round


def whole(mm: float) -> int:
    """A position as the log says it: whole millimetres, a half rounded up."""
    return math.floor(mm + 0.5)


def _chips_on_mat(page: Page) -> list[tuple[float, float]]:
    found: list[list[float]] = page.evaluate(
        "[...document.querySelectorAll('#mat circle.centre')]"
        ".map(c => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))])"
    )
    return [(x, y) for x, y in found]


def click_on_mat(page: Page, x: float, y: float, scroll: bool = True) -> None:
    """A click where the mat shows (x, y) mm (y up from the mat's bottom edge), the mat
    scrolled into sight first unless not ``scroll``."""
    if scroll:
        page.locator("#mat").scroll_into_view_if_needed()
    box = measure(page, "#mat")
    assert box is not None
    width, height = MAT
    page.mouse.click(
        box["x"] + (x + 10) / (width + 20) * box["width"],
        box["y"] + (height - y + 10) / (height + 20) * box["height"],
    )


def click_carrotein(page: Page, legal: list[str]) -> None:
    """A simple player: places a couple of chips a round (a click on the mat, well clear of
    the others), then passes; as the challenger, picks the first two boards and lays them
    where the page puts them first."""
    places = [c for c in legal if c.startswith("place ")]
    chips = _chips_on_mat(page)
    if places and len(chips) <= CHIPS_A_ROUND:
        spots = [tuple(float(v) for v in c.split()[1:]) for c in places]
        clear = [s for s in spots if min(math.dist(s, c) for c in chips) > 30]
        x, y = clear[len(clear) // 3]
        click_on_mat(page, x, y)
    elif any(c.startswith("choose ") for c in legal):
        boards = page.locator(".board-list button[data-board]")
        boards.nth(0).click()
        boards.nth(1).click()
        page.click("#choose")
    elif any(c.startswith("lay ") for c in legal):
        page.click("button[data-turn='15']")
        page.click("#lay")
    else:
        page.click(f"[data-code='{'pass' if 'pass' in legal else legal[0]}']")


def test_a_person_plays_a_whole_carrotein_game_against_a_bot_in_english(
    site: str, browser: Any
) -> None:
    room = make_room(site, "carrotein", [{"name": "Ami"}, {"bot": "random"}], seed=3)
    page, errors = open_page(browser, site + room["invites"][0]["link"], "en", DESKTOP)
    play_by_clicking(page, click_carrotein, shots="carrotein-middle")
    outcome = page.locator("#outcome")
    assert outcome.is_visible()
    table = outcome.locator("table").inner_text()
    assert "Boards" in table and "Chips scored" in table
    assert "Ami (red)" in table
    # A results table: by place, the winner first.
    places = [int(p) for p in outcome.locator("tbody tr td:last-child").all_inner_texts()]
    assert places == sorted(places) and places[0] == 1
    assert "won" in outcome.locator("h2").inner_text() or "draw" in outcome.inner_text()
    end_names_you_as_the_status_does(page, "you")
    log = page.locator("#log").inner_text()
    assert "placed a red star chip" in log and "passed" in log and "laid" in log
    assert "{" not in log  # every mark filled in
    # The challenges' lines stand out from the placements between them (milestones).
    milestones = page.locator("#log li.milestone").all_inner_texts()
    assert milestones and any("laid" in line for line in milestones)
    assert not any("placed" in line for line in milestones)
    # A placement's line points at its chip on the mat while the pointer is over it.
    line = page.locator("#log li.cr-points").first
    line.hover()
    ring = page.locator("#mat .cr-pointed")
    assert ring.count() == 1
    # The line says the chip's place in whole millimetres (a player reads no tenths).
    at = re.search(r"at \((\d+), (\d+)\)", line.inner_text())
    assert at is not None
    centre = (float(ring.get_attribute(a) or "nan") for a in ("cx", "cy"))
    assert tuple(whole(v) for v in centre) == (int(at[1]), int(at[2]))
    shot(page, "carrotein-pointed")
    page.locator("h1, header").first.hover()
    assert ring.count() == 0
    shot(page, "carrotein-over")
    assert page.locator("#problem").inner_text() == ""  # no move was refused
    assert errors == []


def test_a_person_plays_a_whole_carrotein_game_in_japanese_on_a_phone(
    site: str, browser: Any
) -> None:
    room = make_room(site, "carrotein", [{"name": "あみ"}, {"bot": "random"}], seed=5)
    page, errors = open_page(browser, site + room["invites"][0]["link"], "ja", PHONE)
    assert page.evaluate("document.documentElement.lang") == "ja"
    my_turn_or_over(page)
    assert no_sideways_scroll(page)
    shot(page, "carrotein-phone-ja-start")
    play_by_clicking(page, click_carrotein, shots="carrotein-phone-ja-middle")
    outcome = page.locator("#outcome").inner_text()
    assert "星座ボード" in outcome and "ゲーム終了" in outcome
    assert "あみ(赤)" in outcome
    end_names_you_as_the_status_does(page, "あなた")  # 「あなたの勝ち」 above and below
    log = page.locator("#log").inner_text()
    assert "星チップを" in log and "{" not in log
    assert no_sideways_scroll(page)
    shot(page, "carrotein-phone-ja-over")
    assert page.locator("#problem").inner_text() == ""
    assert errors == []


def choose_the_first_two_boards(page: Page) -> None:
    """The challenger picks the first two boards of the list and chooses them (final)."""
    wait(page, "JSON.parse(document.body.dataset.legal).some(c => c.startsWith('choose '))")
    boards = page.locator(".board-list button[data-board]")
    boards.nth(0).click()
    boards.nth(1).click()
    before = number(page)
    page.click("#choose")
    wait(page, f"Number(document.body.dataset.number) > {before}")


def test_carrotein_a_chip_then_two_boards_dragged_turned_flipped_and_laid(
    site: str, browser: Any
) -> None:
    room = make_room(
        site, "carrotein", [{"name": "ami"}, {"name": "ben"}], options={"start_player": 1}
    )
    links = {i["seat"]: site + i["link"] for i in room["invites"]}
    ami, ami_errors = open_page(browser, links[0], "en", {"width": 1100, "height": 1000})
    ben, ben_errors = open_page(browser, links[1], "en", PHONE)
    # Whoever the seed makes the start player places the chip; the other passes.
    for _ in range(750):
        if legal(ami) or legal(ben):
            break
        ami.wait_for_timeout(40)
    first, second = (ami, ben) if legal(ami) else (ben, ami)
    assert legal(first)

    # Scatter time: a click on the mat places a chip there.
    before = number(first)
    box = measure(first, "#mat")
    assert box is not None
    first.mouse.click(box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.35)
    wait(first, f"Number(document.body.dataset.number) > {before}")
    assert first.locator("#mat circle.centre").count() == 2  # the first star and ours
    shot(first, "carrotein-chip")

    # The other passes, so the one who placed is left to make the constellation.
    wait(second, "JSON.parse(document.body.dataset.legal).includes('pass')")
    before = number(second)
    second.click("[data-code='pass']")
    wait(first, f"Number(document.body.dataset.number) > {before}")
    choose_the_first_two_boards(first)
    first.wait_for_selector("#mat g[data-board]")

    # Drag the first board over our chip: its centre point is then hidden (live).
    assert first.locator("#showing").inner_text().startswith("centre points showing: 2")
    first.locator("#mat").scroll_into_view_if_needed()  # the phone's mat, in sight
    start = measure(first, "#mat g[data-board]")
    chip = measure(first, "#mat circle.centre", nth=1)
    assert start is not None and chip is not None
    first.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    first.mouse.down()
    first.mouse.move(chip["x"] + chip["width"] / 2, chip["y"] + chip["height"] / 2, steps=8)
    first.mouse.up()
    assert first.locator("#showing").inner_text().startswith("centre points showing: 1")
    assert first.locator("#mat circle.centre.hidden").count() == 1
    first.click("button[data-turn='15']")
    first.click("button[data-flip]")
    shot(first, "carrotein-boards")
    assert serious_violations(first) == []  # with the boards being laid
    assert headings_out_of_order(first) == []  # the tray's title follows the page's h1
    before = number(first)
    first.click("#lay")
    wait(first, f"Number(document.body.dataset.number) > {before}")  # judged and scored
    shot(first, "carrotein-judged")
    shot(second, "carrotein-phone")
    assert ami_errors == ben_errors == []


def _tab_to(page: Page, test: str, most: int = 80) -> None:
    """Press Tab until ``test`` (a script about ``document.activeElement``) holds."""
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate(f"(() => {{ const a = document.activeElement; return {test}; }})()"):
            return
    raise AssertionError(f"Tab never reached: {test}")


def test_a_chip_placed_boards_chosen_and_laid_from_the_keyboard_alone(
    site: str, browser: Any
) -> None:
    """Issue 29: keyboard play in every game (Carrotein: keys to move a chip or a board, turn
    and flip it). Ami starts (start_player 0), places a chip by the keys; Ben passes by the
    keys; Ami, the challenger, chooses two boards and lays them, all without a pointer."""
    room = make_room(
        site, "carrotein", [{"name": "ami"}, {"name": "ben"}], options={"start_player": 0}
    )
    links = {i["seat"]: site + i["link"] for i in room["invites"]}
    ami, ami_errors = open_page(browser, links[0], "en", DESKTOP)
    ben, ben_errors = open_page(browser, links[1], "ja", DESKTOP)
    my_turn_or_over(ami)

    # The spot: Tab to the mat, move it right and up, Enter places the chip there.
    _tab_to(ami, "a.id === 'mat-place'")
    spot = ami.get_attribute("#mat-place", "data-code")
    assert spot is not None and spot.startswith("place ")
    x, y = (float(v) for v in spot.split()[1:])
    for key in ("ArrowRight", "ArrowRight", "ArrowUp", "Shift+ArrowUp"):
        ami.keyboard.press(key)
    assert ami.get_attribute("#mat-place", "data-code") == f"place {x + 20:g} {y + 11:g}"
    label = ami.get_attribute("#mat-place", "aria-label") or ""
    assert "Enter places" in label and f"({whole(x + 20)}, {whole(y + 11)}) mm" in label, label
    before = number(ami)
    ami.keyboard.press("Enter")
    wait(ami, f"Number(document.body.dataset.number) > {before}")
    said = f"placed a red star chip at ({whole(x + 20)}, {whole(y + 11)})"
    assert said in ami.locator("#log").inner_text()

    # Ben passes: Tab to the pass button, Enter.
    my_turn_or_over(ben)
    _tab_to(ben, "a.dataset.code === 'pass'")
    before = number(ben)
    ben.keyboard.press("Enter")
    wait(ami, f"Number(document.body.dataset.number) > {before}")

    # Ami chooses two boards: Tab to each, Space picks it; Tab to "Choose these two", Enter.
    wait(ami, "JSON.parse(document.body.dataset.legal).some(c => c.startsWith('choose '))")
    for _ in range(2):
        _tab_to(
            ami, "a.matches('.board-list button') && a.getAttribute('aria-pressed') === 'false'"
        )
        ami.keyboard.press("Space")
    assert ami.locator(".board-list button[aria-pressed='true']").count() == 2
    _tab_to(ami, "a.id === 'choose'")
    before = number(ami)
    ami.keyboard.press("Enter")
    wait(ami, f"Number(document.body.dataset.number) > {before}")

    # The boards: Tab to the mat; arrows move, Q turns, F turns over, 2 picks the other.
    ami.wait_for_selector("#mat g[data-board]")
    _tab_to(ami, "a.id === 'mat'")
    code = ami.get_attribute("#lay", "data-code") or ""
    first, second = code.split()[1:]
    assert first == "180,225,0" and second == "420,225,0"
    for key in ("ArrowLeft", "ArrowLeft", "Shift+ArrowDown", "q", "f", "2", "ArrowRight", "e"):
        ami.keyboard.press(key)
    assert ami.get_attribute("#lay", "data-code") == "lay 170,224,15,flip 425,225,345"
    assert serious_violations(ami) == []
    before = number(ami)
    ami.keyboard.press("Enter")
    wait(ami, f"Number(document.body.dataset.number) > {before}")
    assert "laid" in ami.locator("#log").inner_text()
    assert "置いた" in ben.locator("#log").inner_text()
    assert ami.locator("#problem").inner_text() == ""
    assert ami_errors == ben_errors == []


@pytest.mark.parametrize("hints", [True, None])
def test_the_challenger_asks_the_solver_for_a_placement_and_lays_it(
    site: str, browser: Any, hints: bool | None
) -> None:
    """Docs/rules/carrotein.md ruling 12: the rules offer only the boards laid apart; a
    person may ask for the game's solver's placement ("Suggest"): the boards move there,
    the count of centre points showing follows, and laying it succeeds. Only where the
    room offers hints: among two people unless made so, the solver lays no boards for
    the challenger (the page offers no "Suggest")."""
    extra = {} if hints is None else {"hints": hints}
    room = make_room(
        site, "carrotein", [{"name": "ami"}, {"name": "ben"}], options={"start_player": 0},
        **extra,
    )  # fmt: skip
    links = {i["seat"]: site + i["link"] for i in room["invites"]}
    ami, ami_errors = open_page(browser, links[0], "en", DESKTOP)
    ben, ben_errors = open_page(browser, links[1], "ja", PHONE)
    wait(ami, "JSON.parse(document.body.dataset.legal).includes('pass')")
    before = number(ami)
    ami.click("[data-code='pass']")  # Ben is left: the challenger, with the first star alone
    wait(ben, f"Number(document.body.dataset.number) > {before}")
    choose_the_first_two_boards(ben)
    if hints is None:
        ben.wait_for_selector("#lay")
        assert ben.locator("#cr-suggest").count() == 0
        assert ami_errors == ben_errors == []
        return
    ben.wait_for_selector("#cr-suggest")
    assert ben.locator("#cr-suggest").inner_text() == "置き方のヒント"
    ben.click("#cr-suggest")
    wait(ben, "document.getElementById('cr-suggested').textContent.startsWith('ソルバー')")
    # A success: at most two centre points left showing (here the first star's alone).
    assert ben.get_attribute("#showing", "class") == "cr-ok"
    code = ben.get_attribute("#lay", "data-code") or ""
    assert code.startswith("lay ") and code != "lay 125,225,0 475,225,0"
    shot(ben, "carrotein-suggested")
    before = number(ben)
    ben.click("#lay")
    wait(ami, f"Number(document.body.dataset.number) > {before}")
    wait(ami, "document.body.innerText.includes('success')")  # the judge's verdict
    assert "failure" not in ami.locator("body").inner_text()
    assert ami_errors == ben_errors == []
