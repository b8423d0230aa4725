"""Carrotein in the browser: the night-sky mat drawn to scale; a chip placed by a click; two
boards chosen, dragged over the stars, turned and flipped, and laid."""

from __future__ import annotations

from typing import Any

from .helpers import PHONE, legal, make_room, number, open_page, shot, wait


def test_carrotein_a_chip_then_two_boards_dragged_turned_flipped_and_laid(
    site: str, browser: Any
) -> None:
    room = make_room(site, "carrotein", [{"name": "ami"}, {"name": "ben"}])
    links = {i["seat"]: site + i["link"] for i in room["invites"]}
    ami, ami_errors = open_page(browser, links[0], "en", {"width": 1100, "height": 1000})
    ben, ben_errors = open_page(browser, links[1], "en", PHONE)
    wait(
        ami,
        "JSON.parse(document.body.dataset.legal).length > 0 || "
        "document.body.dataset.number !== '0'",
    )
    first, second = (ami, ben) if legal(ami) else (ben, ami)

    # Scatter time: a click on the mat places a chip there.
    before = number(first)
    box = first.locator("#mat").bounding_box()
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
    wait(first, "JSON.parse(document.body.dataset.legal).some(c => c.startsWith('choose '))")
    boards = first.locator(".board-list button[data-board]")
    boards.nth(0).click()
    boards.nth(1).click()
    before = number(first)
    first.click("#choose")
    wait(first, f"Number(document.body.dataset.number) > {before}")
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
    shot(first, "carrotein-boards")
    before = number(first)
    first.click("#lay")
    wait(first, f"Number(document.body.dataset.number) > {before}")  # judged and scored
    shot(first, "carrotein-judged")
    shot(second, "carrotein-phone")
    assert ami_errors == ben_errors == []
