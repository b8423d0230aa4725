"""What the browser tests share: opening a seat's page, waiting under the page's CSP, reading
what the page exposes for scripts (``data-number``, ``data-legal``, ``data-over`` on
``<body>``), clicking through a whole game, and screenshots in ``test-artifacts/``."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, ViewportSize

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 900}


def wait(page: Page, expression: str, timeout: float = 30.0) -> None:
    """Until ``expression`` is true in the page (polled: the page's CSP forbids the string
    evaluation ``page.wait_for_function`` relies on)."""
    end = time.monotonic() + timeout
    while not page.evaluate(expression):
        if time.monotonic() > end:
            raise TimeoutError(f"the page never showed: {expression}")
        page.wait_for_timeout(40)


_MEASURE = """([selector, nth]) => {
  const found = document.querySelectorAll(selector)[nth];
  if (!found || !found.getClientRects().length) return null;
  const r = found.getBoundingClientRect();
  return { x: r.x, y: r.y, width: r.width, height: r.height };
}"""


def measure(
    page: Page, selector: str, timeout: float = 10.0, nth: int = 0
) -> dict[str, float] | None:
    """The box of the element ``selector`` finds (the first, or the ``nth`` from 0), as
    Playwright's ``bounding_box`` gives it, but measured in one look in the page: the table
    is drawn again when a message comes (the server's answer to "can I take this back?"),
    and a node replaced between Playwright finding it and measuring it measured as None.
    None if it never shows."""
    end = time.monotonic() + timeout
    while True:
        found: dict[str, float] | None = page.evaluate(_MEASURE, [selector, nth])
        if found is not None or time.monotonic() > end:
            return found
        page.wait_for_timeout(40)


def hand_in_sight(page: Page, selector: str) -> bool:
    """Whether your hand (``selector``) lies wholly in the window as it is scrolled, and
    your plate, where a game docks it at a phone's foot, leaves the table most of it."""
    seen: bool = page.evaluate(
        """s => {
          const hand = document.querySelector(s).getBoundingClientRect();
          const plate = document.getElementById("mine").getBoundingClientRect();
          return hand.top >= 0 && hand.bottom <= innerHeight
            && Math.min(plate.bottom, innerHeight) - Math.max(plate.top, 0) <= 0.4 * innerHeight;
        }""",
        selector,
    )
    return seen


def number(page: Page) -> int:
    return int(page.locator("body").get_attribute("data-number") or "-1")


def legal(page: Page) -> list[str]:
    found: list[str] = json.loads(page.locator("body").get_attribute("data-legal") or "[]")
    return found


def over(page: Page) -> bool:
    return page.locator("body").get_attribute("data-over") == "1"


def my_turn_or_over(page: Page, timeout: float = 60.0) -> None:
    """Wait for the game's end or this seat's turn, with no join of the seat's on its way
    (the server's answer draws the table again, under a test's clicks and measures)."""
    wait(
        page,
        "document.body.dataset.joining !== '1' && (document.body.dataset.over === '1' || "
        "JSON.parse(document.body.dataset.legal || '[]').length > 0)",
        timeout,
    )


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def make_room(site: str, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    # a fresh server's first room of a game loads its bots (Carrotein's compiled solver:
    # some seconds on a loaded machine), longer than httpx's default of 5 s
    answer = httpx.post(
        site + "/api/rooms", json={"game": game, "seats": seats, **extra}, timeout=30.0
    )
    assert answer.status_code == 201, answer.text
    room: dict[str, Any] = answer.json()
    return room


def create_in_lobby(page: Page, name: str, game: str, opponent: str = "bot:random") -> str:
    """On the lobby ``page``: a two-seat game of ``game``, you (named ``name``) against
    ``opponent`` (a seat's choice: ``bot:LEVEL``), made by clicking; waits for its table and
    returns the room's id."""
    page.fill("#name", name)
    page.select_option("#game", game)
    page.select_option("#seat-1", opponent)
    page.click("#create")
    page.wait_for_url("**/play/**")
    return page.url.split("/play/")[1].split("?")[0]


def open_page(
    browser: Any,
    url: str,
    lang: str = "en",
    viewport: ViewportSize | None = None,
    motion: bool = False,
) -> tuple[Page, list[str]]:
    """A new page on ``url`` in ``lang``; the errors its scripts raise are collected. Without
    ``motion`` the page is asked for reduced motion: Playwright waits for a card to stop
    sliding before it clicks, and the slides would double a game's time."""
    page = browser.new_page(viewport=viewport or DESKTOP)
    if not motion:
        page.emulate_media(reduced_motion="reduce")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.add_init_script(f"localStorage.setItem('asobi-lang', '{lang}')")
    page.goto(url)
    if "/play/" in url:
        wait(page, "document.body.dataset.number !== undefined")
    else:  # the lobby
        wait(page, "document.querySelectorAll('#game option').length > 0")
    return page, errors


def play_by_clicking(
    page: Page, click: Callable[[Page, list[str]], None], most: int = 2000, shots: str = ""
) -> int:
    """Play this seat to the end of the game, ``click`` making one move a turn the way a
    person does (it sees the legal moves only to choose among them); returns the moves made.
    With ``shots``, a screenshot is taken after the 6th move."""
    made = 0
    while made < most:
        my_turn_or_over(page)
        if over(page):
            return made
        before = number(page)
        click(page, legal(page))
        wait(page, f"Number(document.body.dataset.number) > {before}", 30)
        made += 1
        if shots and made == 6:
            shot(page, shots)
    raise AssertionError(f"the game did not end within {most} of this seat's moves")


def serious_violations(page: Page) -> list[str]:
    """What axe-core finds serious or critical on the page as it is now."""
    found = Axe().run(page).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def headings_out_of_order(page: Page) -> list[str]:
    """Where axe-core finds a heading that skips a level (its "heading-order", of moderate
    impact, which ``serious_violations`` leaves out): a tray's title under the page's h1."""
    found = Axe().run(page).response["violations"]
    return [str(n["target"]) for v in found if v["id"] == "heading-order" for n in v["nodes"]]


def no_sideways_scroll(page: Page) -> bool:
    """The page fits the window's width (a phone does not scroll sideways)."""
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def end_names_you_as_the_status_does(page: Page, you: str) -> None:
    """At the end, the scores' heading says what the status says ("You won" over both, not
    the player's name in one): and the score table marks the player's own name with ``you``
    (the badge "you" / 「あなた」)."""
    status = page.locator("#status").inner_text().split(" · ")[0]
    heading = page.locator("#outcome h2").inner_text()
    assert heading == status, (heading, status)
    marked = page.locator("#outcome table .badge.you")
    assert marked.count() == 1 and marked.inner_text() == you
