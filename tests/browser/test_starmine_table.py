"""Starmine's table on a phone and a desktop: the hand's melds as compact picks with their
points, best first; the pick visibly pressed; the place buttons brought into sight; your rows
as targets for the meld picked (pointer and keyboard); a caution readable on its button."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page

from .helpers import (
    DESKTOP,
    PHONE,
    make_room,
    measure,
    my_turn_or_over,
    no_sideways_scroll,
    number,
    open_page,
    shot,
    wait,
)
from .test_starmine import play_solo_until_a_finale_placement

# Seed 1 deals R5 G5 B5 and the boost W1 (solo and duel alike): ten melds, three of a kind
# at 5 points the best.
THREE_FIVES = 1


def solo_turn(site: str, browser: Any, lang: str, viewport: Any) -> tuple[Page, list[str]]:
    """The solo contest at its first turn (the turned-up card sent to the open cards)."""
    room = make_room(site, "starmine", [{"name": "Ami"}], options={"players": 1}, seed=THREE_FIVES)
    page, errors = open_page(browser, site + room["invites"][0]["link"], lang, viewport)
    my_turn_or_over(page)
    page.click("[data-code='open']")
    wait(page, "JSON.parse(document.body.dataset.legal).some(c => c.startsWith('place'))")
    return page, errors


def in_sight(page: Page, selector: str) -> bool:
    box = measure(page, selector)
    assert box is not None
    height = page.evaluate("innerHeight")
    return bool(box["y"] >= 0 and box["y"] + box["height"] <= height)


def test_the_hands_melds_are_compact_ranked_with_points_and_lead_to_the_place_button(
    site: str, browser: Any
) -> None:
    """On a phone in Japanese: ten melds in four lines (kind and points, best first); a pick
    looks pressed; the button that places it comes into sight."""
    page, errors = solo_turn(site, browser, "ja", PHONE)
    lines = page.locator(".meld-picks .meld-line")
    assert lines.count() == 4
    headings = [lines.nth(i).get_attribute("aria-label") for i in range(4)]
    assert headings == ["3カード 5点", "3カード 4点", "ペア 3点", "ペア 2点"]
    assert page.locator(".meld-pick").count() == 10
    # Compact: the ten picks take less than half the phone's screen.
    picks = measure(page, ".meld-picks")
    assert picks is not None and picks["height"] < PHONE["height"] / 2
    best = page.locator(".meld-pick").first
    assert best.get_attribute("data-meld") == "B5 G5 R5"
    plain = best.evaluate("b => getComputedStyle(b).backgroundColor")
    best.click()
    best = page.locator("#meld-three-B5-G5-R5")
    assert best.get_attribute("aria-pressed") == "true"
    assert best.evaluate("b => getComputedStyle(b).backgroundColor") != plain
    others = page.locator(".meld-pick[aria-pressed='false']")
    assert others.count() == 9
    button = "#hand-moves button[data-code='place opening three R5 G5 B5']"
    wait(page, f'document.querySelector("{button}") !== null')
    page.wait_for_timeout(300)  # a smooth scroll, where motion is allowed
    assert in_sight(page, button)
    assert "(5点)" in page.locator(button).inner_text()  # the points the pick's line said
    assert no_sideways_scroll(page)
    shot(page, "starmine-meld-picked-phone-ja")
    assert errors == []


def test_a_row_of_your_plate_places_the_meld_picked_from_the_keyboard(
    site: str, browser: Any
) -> None:
    """Solo §3 C ②: the first meld goes onto the opening, so only the opening is a target;
    Enter on its button places the meld there."""
    page, errors = solo_turn(site, browser, "en", DESKTOP)
    assert page.locator(".star-row.target").count() == 0  # nothing picked yet
    page.locator("#meld-three-B5-G5-R5").focus()
    page.keyboard.press("Enter")
    wait(page, "document.querySelector('#place-on-opening') !== null")
    assert page.locator(".star-row.target").count() == 1
    assert page.locator(".star-row.target").get_attribute("data-row") == "opening"
    target = page.locator("#place-on-opening")
    assert "Place the three of a kind" in (target.text_content() or "")  # its name says what
    # The keyboard stays where it was across the redraw, then reaches the row's button.
    assert page.evaluate("document.activeElement.id") == "meld-three-B5-G5-R5"
    before = number(page)
    target.focus()
    page.keyboard.press("Enter")
    wait(page, f"Number(document.body.dataset.number) > {before}")
    wait(page, "document.querySelectorAll(\".star-row[data-row='opening'] .card\").length === 3")
    assert errors == []


def test_a_row_clicked_anywhere_places_the_meld_in_the_duel(site: str, browser: Any) -> None:
    """§5 B: in the duel any row takes the meld; a click anywhere on the row places it."""
    room = make_room(
        site,
        "starmine",
        [{"name": "Ami"}, {"bot": "random"}],
        seed=THREE_FIVES,
        options={"start_player": 0},
    )
    page, errors = open_page(browser, site + room["invites"][0]["link"], "en", DESKTOP)
    my_turn_or_over(page)
    page.click(".meld-pick[data-meld='B5 G5 W1']")
    wait(page, "document.querySelectorAll('.plate.mine .star-row.target').length === 3")
    box = measure(page, ".plate.mine .star-row[data-row='main']")
    assert box is not None
    before = number(page)
    page.mouse.click(box["x"] + box["width"] - 8, box["y"] + box["height"] - 6)  # not the button
    wait(page, f"Number(document.body.dataset.number) > {before}")
    main_cards = ".plate.mine .star-row[data-row='main'] .card"
    wait(page, f'document.querySelectorAll("{main_cards}").length === 3')
    assert page.locator(".plate.mine .star-row.target").count() == 0
    assert errors == []


def luminance(css: str) -> float:
    r, g, b = (int(x) / 255 for x in re.findall(r"\d+", css)[:3])
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_a_cautioned_place_button_has_a_readable_warning(site: str, browser: Any) -> None:
    """Solo §3 C ③: a meld on the finale that closes the main row too low fails the launch;
    its button's warning reads at WCAG AA (4.5:1) on the button, and the row says ⚠ too."""
    room = make_room(site, "starmine", [{"name": "Ami"}], options={"players": 1}, seed=5)
    page, errors = open_page(browser, site + room["invites"][0]["link"], "ja", PHONE)
    finale = play_solo_until_a_finale_placement(page)
    kind, cards = finale.split()[2], "-".join(sorted(finale.split()[3:]))
    page.click(f"#meld-{kind}-{cards}")
    button = page.locator(f"#hand-moves button[data-code='{finale}']")
    note = button.locator(".caution")
    assert "打上げ失敗" in note.inner_text()
    ink = note.evaluate("n => getComputedStyle(n).color")
    ground = button.evaluate("b => getComputedStyle(b).backgroundColor")
    assert contrast(ink, ground) >= 4.5, (ink, ground)
    row = page.locator("#place-on-finale")
    assert row.inner_text().startswith("⚠")
    assert "打上げ失敗" in (row.text_content() or "")  # in its accessible name
    shot(page, "starmine-caution-phone-ja")
    assert errors == []


_BADGE_IN_ITS_ROW = """(() => {
  const row = document.querySelector("#mine .star-row[data-row='opening']");
  const badge = row && row.querySelector("[data-card='W1'] .star-stands");
  if (!badge) return false;
  const r = row.getBoundingClientRect(), b = badge.getBoundingClientRect();
  return b.width > 0 && r.left <= b.left && b.right <= r.right;
})()"""


@pytest.mark.parametrize(
    ("seed", "meld", "lang", "viewport", "badge", "said"),
    [
        # G4 G5 and the boost: a run of 3-4-5 or 4-5-6 ("青4 or 青7として使用", §5)
        (3, "seq G4 G5 W1", "en", DESKTOP, "=3/6", "as green 3 or 6"),
        (18, "seq R4 R6 W1", "ja", PHONE, "=5", "赤の5として"),
        (THREE_FIVES, "three R5 G5 W1", "en", PHONE, "=5", "as 5"),
    ],
)
def test_a_boost_placed_in_a_meld_shows_what_it_stands_for(
    site: str, browser: Any, seed: int, meld: str, lang: str, viewport: Any, badge: str, said: str
) -> None:
    """§5 "ブーストカードは、好きな色・数字の花火カードとして使えるジョーカーです": once placed, the
    boost carries the number it stands for ("=5"; both ends of a run it may be, "=3/6"), in
    the sequence's colour, and says it to a screen reader."""
    room = make_room(site, "starmine", [{"name": "Ami"}], options={"players": 1}, seed=seed)
    page, errors = open_page(browser, site + room["invites"][0]["link"], lang, viewport)
    my_turn_or_over(page)
    page.click("[data-code='open']")
    code = f"place opening {meld}"
    wait(page, f"JSON.parse(document.body.dataset.legal).includes('{code}')")
    kind, *cards = meld.split()
    page.click(f"button[data-meld='{' '.join(sorted(cards))}'][data-kind='{kind}']")
    before = number(page)
    page.click(f"#hand-moves button[data-code='{code}']")
    wait(page, f"Number(document.body.dataset.number) > {before}")
    boost = page.locator("#mine .star-row[data-row='opening'] [data-card='W1']")
    assert boost.locator(".star-stands").inner_text() == badge
    assert said in (boost.get_attribute("aria-label") or "")
    # The badge is in sight on the card, not under the fan's next card or off the row: both
    # measured in one look (the table may be drawn again meanwhile, its nodes replaced).
    wait(page, _BADGE_IN_ITS_ROW)
    shot(page, f"starmine-boost-stands-{lang}-{viewport['width']}-{seed}")
    assert errors == []
