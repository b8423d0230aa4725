"""Laminate Rummy in the browser: a person plays whole three-player games against random bots
by clicking only (the deck, the top discard, a card of a paper under review, a paper of the
supply, then the publication's steps in its tray: cards of the hand, cited cards, the thanks),
in English and in Japanese; at phone size the table never scrolls sideways."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize

from .helpers import (
    DESKTOP,
    PHONE,
    hand_in_sight,
    headings_out_of_order,
    legal,
    make_room,
    measure,
    my_turn_or_over,
    no_sideways_scroll,
    number,
    open_page,
    over,
    play_by_clicking,
    serious_violations,
    shot,
    wait,
)

OPTIONS = {"players": 3, "end_points": 6}  # a whole game, ended sooner than at 15 points
LAPTOP: ViewportSize = {"width": 1280, "height": 800}


class Person:
    """A simple player who clicks: a paper's steps in its tray, the thanks and the End Flag
    from the hand; on a turn, a paper whenever one can be published, else research (the deck
    or the top discard) or now and then a review. It sees the legal moves only to choose."""

    def __init__(self, seed: int, prefix: str, viewport: ViewportSize = DESKTOP) -> None:
        self.rng = random.Random(seed)
        self.prefix = prefix
        self.viewport = viewport  # the page's own size, to come back to from the phone's
        self.trays: set[str] = set()  # the trays seen (and photographed): keep, publish, gift
        self.phone_checked = False
        self.made = 0

    def __call__(self, page: Page, moves: list[str]) -> None:
        self.made += 1
        verbs = {code.split()[0] for code in moves}
        pick = self.rng.choice
        if "keep" in verbs:
            self._tray(page, "keep")
            code = pick([c for c in moves if c.startswith("keep ")])
            page.click(f"#lam-drawn [data-code='{code}']")
        elif verbs & {"lay", "cite", "done"}:
            self._tray(page, "publish")
            if "done" in moves:
                page.click("#lam-draft button[data-code='done']")
            elif "lay" in verbs and (self.rng.random() < 0.6 or "cite" not in verbs):
                code = pick([c for c in moves if c.startswith("lay ")])
                page.click(f"#hand [data-code='{code}']")
            else:
                code = pick([c for c in moves if c.startswith("cite ")])
                # the same citation is clickable on the table and in the tray
                where = pick(["#lam-next", ".plate"])
                page.locator(f"{where} [data-code='{code}']").first.click()
        elif verbs & {"give", "flag", "discard"}:
            if "give" in verbs:
                self._tray(page, "gift")
            code = pick(moves)
            page.click(f"#hand [data-code='{code}']")
        elif "publish" in verbs:
            code = pick([c for c in moves if c.startswith("publish ")])
            page.click(f"#lam-supply [data-code='{code}']")
        elif "review" in verbs and self.rng.random() < 0.25:
            code = pick([c for c in moves if c.startswith("review ")])
            page.click(f".plate [data-code='{code}']")
        elif "draw" in verbs and ("take" not in verbs or self.rng.random() < 0.7):
            page.click("[data-pile='deck']")
        elif "take" in verbs:
            page.click("[data-pile='discards']")
        elif "review" in verbs:
            code = pick([c for c in moves if c.startswith("review ")])
            page.click(f".plate [data-code='{code}']")
        else:
            page.click(f"#moves [data-code='{moves[0]}']")
        if self.made == 12:
            self._browse_the_discards(page)
        if self.made == 20 and not self.phone_checked:
            self._on_a_phone(page)

    def _tray(self, page: Page, kind: str) -> None:
        """The first time a tray shows: it is there, says each step of the paper can be
        taken back until it is on the table, and is photographed (desktop, then phone)."""
        tray = page.locator("#tray")
        assert tray.is_visible()
        if kind in ("publish", "gift"):
            text = tray.inner_text()
            assert ("each step can be taken back" in text) or ("一手ずつ取り消せます" in text), text
            # Your plate counts your hand as its heading does: without the tray's cards.
            held = page.locator("#hand [data-card]").count()
            line = page.locator("#mine .summary").inner_text()
            assert f"hand {held} " in line or f"手札{held}枚" in line, (line, held)
        if kind not in self.trays:
            self.trays.add(kind)
            shot(page, f"{self.prefix}-tray-{kind}")
            if kind == "publish":
                found = serious_violations(page)
                assert found == [], "\n".join(found)
                self._on_a_phone(page, f"{self.prefix}-phone-tray-{kind}")

    def _on_a_phone(self, page: Page, name: str = "") -> None:
        """The table at 390 × 844: no sideways scroll; then back to the page's own size."""
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(100)
        assert no_sideways_scroll(page)
        shot(page, name or f"{self.prefix}-phone")
        page.set_viewport_size(self.viewport)
        self.phone_checked = True

    def _browse_the_discards(self, page: Page) -> None:
        """The discard pile spread out, oldest first, and folded again."""
        if not page.locator("#lam-browse").count():
            return
        page.click("#lam-browse")
        cards = page.locator("#lam-pile [data-card]")
        assert cards.count() > 1
        page.click("#lam-browse")
        assert page.locator("#lam-pile").count() == 0


def whole_game(
    browser: Any, site: str, lang: str, name: str, seed: int
) -> tuple[Page, Person, list[str]]:
    room = make_room(
        site, "laminate", [{"name": name}, {"bot": "random"}, {"bot": "random"}],
        options=OPTIONS, seed=seed,
    )  # fmt: skip
    page, errors = open_page(browser, site + room["invites"][0]["link"], lang, DESKTOP)
    # Cards that slide make each click wait for them to settle: a whole game is played
    # without (Starmine's tests play with them).
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate("document.documentElement.lang") == lang
    my_turn_or_over(page)
    shot(page, f"laminate-{lang}-start")
    person = Person(seed, f"laminate-{lang}")
    play_by_clicking(page, person, shots=f"laminate-{lang}-middle")
    shot(page, f"laminate-{lang}-over")
    return page, person, errors


def finished_well(page: Page, person: Person, errors: list[str]) -> None:
    assert page.locator("#outcome").is_visible()
    assert "{" not in page.locator("#log").inner_text()  # every mark filled in
    assert "{" not in page.locator("#outcome").inner_text()
    assert page.locator("#problem").inner_text() == ""  # no move was refused
    # The steps of a bot's publication are never logged one by one ("played a move"): the
    # others learn of a paper when it is on the table.
    log = page.locator("#log").inner_text()
    assert "played a move" not in log and "がプレイした" not in log
    assert person.phone_checked
    assert {"keep", "publish"} <= person.trays, person.trays
    assert serious_violations(page) == []  # axe-core, on the end screen
    assert errors == []


def test_a_person_plays_a_whole_laminate_game_against_bots_in_english(
    site: str, browser: Any
) -> None:
    page, person, errors = whole_game(browser, site, "en", "Hilbert", 3)
    finished_well(page, person, errors)
    outcome = page.locator("#outcome").inner_text()
    assert "Game over" in outcome and "Complete papers" in outcome and "Hilbert" in outcome
    # The whole table in its box at a desktop's width: its last column (Place) was out of
    # sight, its headings kept each on one line.
    assert page.evaluate(
        "(w => w.scrollWidth <= w.clientWidth)(document.querySelector('.score-wrap'))"
    )
    log = page.locator("#log").inner_text()
    assert "researched: drew 2 cards from the deck" in log and " published “" in log
    # A publication's steps (told as their buttons while it was in progress) give way to
    # the line that says what they came to.
    assert "You: Lay" not in log and "You: Cite" not in log
    # Opened again, the page is told the whole game before its first table (the steps of
    # your publications among it): the same log, and no script error.
    lines = page.eval_on_selector_all("#log li", "items => items.map((li) => li.textContent)")
    page.reload()
    wait(page, f"document.querySelectorAll('#log li').length === {len(lines)}")
    assert (
        page.eval_on_selector_all("#log li", "items => items.map((li) => li.textContent)") == lines
    )
    assert errors == []


def test_a_person_plays_a_whole_laminate_game_against_bots_in_japanese(
    site: str, browser: Any
) -> None:
    page, person, errors = whole_game(browser, site, "ja", "ヒルベルト", 8)
    finished_well(page, person, errors)
    outcome = page.locator("#outcome").inner_text()
    assert "ゲーム終了" in outcome and "完成した論文" in outcome and "ヒルベルト" in outcome
    log = page.locator("#log").inner_text()
    assert "研究" in log and "を発表" in log
    felt = page.locator("#felt").inner_text()
    assert "論文カード" in felt and "捨て札" in felt and "山札" in felt


def test_the_table_at_phone_size_from_the_start(site: str, browser: Any) -> None:
    """The first turns at 390 × 844, in Japanese: no sideways scroll, your hand in sight
    below the long table, the papers in reach, and research's tray brought into sight."""
    room = make_room(
        site, "laminate", [{"name": "Ami"}, {"bot": "random"}, {"bot": "random"}],
        options=OPTIONS, seed=5,
    )  # fmt: skip
    page, errors = open_page(browser, site + room["invites"][0]["link"], "ja", PHONE)
    person = Person(5, "laminate-phone-ja", PHONE)
    kept = 0
    for _ in range(6):
        my_turn_or_over(page)
        assert no_sideways_scroll(page)
        if not page.locator("#lam-drawn").count():  # (research's tray has its own place)
            # Your hand is in sight below the others and the papers: your plate is docked.
            assert hand_in_sight(page, "#hand")
        moves = legal(page)
        if any(code.startswith("keep ") for code in moves):
            # Research's two cards come to where the player looks, below the long table,
            # and above your plate docked at the window's foot.
            wait(page, "(b => b.top >= 0 && b.bottom <= Math.min(innerHeight, "
                 "document.getElementById('mine').getBoundingClientRect().top))"
                 "(document.getElementById('lam-drawn').getBoundingClientRect())", 5)  # fmt: skip
            if not kept:  # research's tray: its title follows the page's h1
                assert headings_out_of_order(page) == []
            kept += 1
        before = number(page)
        person(page, moves)
        wait(page, f"Number(document.body.dataset.number) > {before}")
    assert kept
    assert no_sideways_scroll(page)
    shot(page, "laminate-phone-ja-start")
    assert errors == []


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_on_a_laptop_your_hand_is_in_the_window_at_the_start_of_your_turn(
    site: str, browser: Any, lang: str
) -> None:
    """At 1280 × 800 the sixteen papers to publish (which pushed your hand to y 855) leave
    your hand in the window without scrolling; their names are still legible."""
    room = make_room(
        site, "laminate", [{"name": "Ami"}, {"bot": "random"}, {"bot": "random"}],
        options=OPTIONS, seed=5,
    )  # fmt: skip
    page, errors = open_page(browser, site + room["invites"][0]["link"], lang, LAPTOP)
    my_turn_or_over(page)
    assert page.evaluate("scrollY") == 0
    hand = measure(page, "#hand")
    assert hand and hand["y"] + hand["height"] <= LAPTOP["height"], hand
    assert page.locator("#lam-supply .lam-paper").count() == 16
    sizes = page.eval_on_selector_all(
        "#lam-supply .lam-paper-name",
        "names => names.map(n => parseFloat(getComputedStyle(n).fontSize))",
    )
    assert min(sizes) >= 11.5, sizes
    assert no_sideways_scroll(page)
    shot(page, f"laminate-laptop-{lang}-start")
    assert errors == []


def test_a_card_laid_in_a_paper_is_taken_back_at_a_click(site: str, browser: Any) -> None:
    """論文発表 is drafted a card at a time, hidden from the others: its author may take a
    step back (the tray says so), and the card goes back to the hand."""
    room = make_room(
        site, "laminate", [{"name": "ami"}, {"bot": "random"}, {"bot": "random"}], seed=21
    )
    page, errors = open_page(browser, site + room["invites"][0]["link"], "en", DESKTOP)
    person = Person(21, "laminate-undo")
    for _ in range(200):
        my_turn_or_over(page)
        moves = legal(page)
        if over(page) or any(code.startswith("lay ") for code in moves):
            break
        before = number(page)
        person(page, moves)
        wait(page, f"Number(document.body.dataset.number) > {before}")
    assert any(code.startswith("lay ") for code in legal(page)), "no paper was published"
    assert "each step can be taken back" in page.locator("#tray").inner_text()
    lay = next(code for code in legal(page) if code.startswith("lay "))
    before = number(page)
    page.click(f"#hand [data-code='{lay}']")
    wait(page, f"Number(document.body.dataset.number) > {before}")
    wait(page, "!document.getElementById('undo').hidden")
    page.click("#undo")
    wait(page, f"Number(document.body.dataset.number) === {before}")
    wait(page, f"JSON.parse(document.body.dataset.legal).includes({json.dumps(lay)})")
    assert errors == []
