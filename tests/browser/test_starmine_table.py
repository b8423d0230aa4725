"""Starmine's table on a phone and a desktop: the hand's melds as compact picks with their
points, best first; the pick visibly pressed; your rows, the targets for the meld picked
(pointer and keyboard), brought into sight and the only place it is offered; a caution
readable under them; the solo contest's turned-up card chosen at the table."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page

from .helpers import (
    DESKTOP,
    PHONE,
    legal,
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


def test_the_hands_melds_are_compact_ranked_with_points_and_lead_to_the_row(
    site: str, browser: Any
) -> None:
    """On a phone in Japanese: ten melds in four lines (kind and points, best first); a pick
    looks pressed; the row that takes it comes into sight, its button naming the points."""
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
    button = "#my-rows button[data-code='place opening three R5 G5 B5']"
    wait(page, f'document.querySelector("{button}") !== null')
    page.wait_for_timeout(300)  # a smooth scroll, where motion is allowed
    assert in_sight(page, button) and in_sight(page, "#meld-three-B5-G5-R5")
    assert "(5点)" in (page.locator(button).text_content() or "")  # the points the line said
    assert "配置する列を選んでください" in page.locator("#hand-moves").inner_text()
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
    the warning under the rows reads at WCAG AA (4.5:1), and the row's button says ⚠."""
    room = make_room(site, "starmine", [{"name": "Ami"}], options={"players": 1}, seed=5)
    page, errors = open_page(browser, site + room["invites"][0]["link"], "ja", PHONE)
    finale = play_solo_until_a_finale_placement(page)
    kind, cards = finale.split()[2], "-".join(sorted(finale.split()[3:]))
    page.click(f"#meld-{kind}-{cards}")
    note = page.locator(f".star-caution[data-code='{finale}']")
    assert "打上げ失敗" in note.inner_text() and "フィナーレ" in note.inner_text()
    ink = note.evaluate("n => getComputedStyle(n).color")
    ground = note.evaluate("n => getComputedStyle(n).backgroundColor")
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
    page.click(f"#my-rows button[data-code='{code}']")
    wait(page, f"Number(document.body.dataset.number) > {before}")
    boost = page.locator("#mine .star-row[data-row='opening'] [data-card='W1']")
    assert boost.locator(".star-stands").inner_text() == badge
    assert said in (boost.get_attribute("aria-label") or "")
    # The badge is in sight on the card, not under the fan's next card or off the row: both
    # measured in one look (the table may be drawn again meanwhile, its nodes replaced).
    wait(page, _BADGE_IN_ITS_ROW)
    shot(page, f"starmine-boost-stands-{lang}-{viewport['width']}-{seed}")
    assert errors == []


def test_a_picked_meld_is_offered_once_at_each_row_it_may_go(site: str, browser: Any) -> None:
    """§5 B: in the duel a meld may go on any row. Picked, it is offered once for each row,
    by the row itself: the same three placements were buttons under the hand too, twice
    over. Under the hand the next step is said instead."""
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
    wait(page, "document.querySelectorAll('#my-rows .star-row.target').length === 3")
    placements = [
        c
        for c in legal(page)
        if c.startswith("place ")
        and c.split()[2] == "three"
        and sorted(c.split()[3:]) == ["B5", "G5", "W1"]
    ]
    assert len(placements) == 3
    for code in placements:
        row = code.split()[1]
        assert page.locator(f"button[data-code='{code}']").count() == 1
        assert page.locator(f"#place-on-{row}").get_attribute("data-code") == code
    assert page.locator("button[data-code^='place ']").count() == 3
    assert page.locator("#hand-moves button[data-code^='place ']").count() == 0
    assert "choose its row" in page.locator("#hand-moves").inner_text()
    shot(page, "starmine-meld-picked-rows-en")
    assert errors == []


def _keep_boosts(page: Page, moves: list[str]) -> None:
    """Ami keeps the boosts: she takes one from the discards, else discards the first other
    card she may, else draws from the deck."""
    boost = next((c for c in moves if c in ("draw W1", "draw W2")), None)
    discard = next((c for c in moves if c.startswith("discard ") and c[8] != "W"), None)
    if boost:
        page.click(f"[data-code='{boost}']")
    elif discard:
        page.click(f"#hand [data-card='{discard.split()[1]}']")
        page.click("#hand-moves button[data-discard]")
    else:
        page.click("[data-pile='deck']")


def test_cards_picked_one_by_one_that_read_as_two_melds_offer_both_at_the_row(
    site: str, browser: Any
) -> None:
    """Ruling 3: G3 W1 W2 is a sequence or three of a kind. Picked card by card (no kind
    chosen), each row offers both, a button for each; the one clicked is the one placed. (Seed
    40: the bot discards its boost, Ami takes it and holds both.)"""
    room = make_room(
        site, "starmine", [{"name": "Ami"}, {"bot": "random"}], seed=40, options={"start_player": 0}
    )
    page, errors = open_page(browser, site + room["invites"][0]["link"], "en", DESKTOP)
    for _ in range(12):
        my_turn_or_over(page)
        if "place main three G3 W1 W2" in legal(page):
            break
        before = number(page)
        _keep_boosts(page, legal(page))
        wait(page, f"Number(document.body.dataset.number) > {before}")
    else:
        raise AssertionError("Ami never held G3 W1 W2")
    for card in ("G3", "W1", "W2"):
        page.click(f"#hand [data-card='{card}']")
    wait(page, "document.querySelectorAll('#my-rows .star-row.target').length === 3")
    for row in ("opening", "main", "finale"):
        buttons = page.locator(f"#my-rows .star-row[data-row='{row}'] button.row-place")
        assert buttons.count() == 2
        kinds = {(buttons.nth(i).get_attribute("data-code") or "").split()[2] for i in range(2)}
        assert kinds == {"seq", "three"}
    said = page.locator("#place-on-main-three").text_content() or ""
    assert said.startswith("+\u00a0three of a kind — Place the three of a kind")  # its name
    before = number(page)
    page.click("#place-on-main-three")
    wait(page, f"Number(document.body.dataset.number) > {before}")
    placed = page.locator("#mine .star-row[data-row='main'] .meld")
    assert placed.count() == 1
    assert (placed.get_attribute("title") or "").startswith("three of a kind")
    assert errors == []


@pytest.mark.parametrize(("lang", "viewport"), [("en", DESKTOP), ("ja", PHONE)])
def test_the_solo_turned_up_card_is_sent_from_the_table(
    site: str, browser: Any, lang: str, viewport: Any
) -> None:
    """Solo §3 A: each turn opens with a card turned up from the deck, to the open cards
    (which may be drawn) or removed; the next goes to the other. The choice is made at the
    table beside the card, in the tray, not in the "Your moves" box under it; from the
    keyboard too."""
    room = make_room(site, "starmine", [{"name": "Ami"}], options={"players": 1}, seed=THREE_FIVES)
    page, errors = open_page(browser, site + room["invites"][0]["link"], lang, viewport)
    my_turn_or_over(page)
    assert page.locator("#moves-section").is_hidden()
    tray = page.locator("#tray")
    assert tray.is_visible()
    assert tray.locator(".card").count() == 1  # the card turned up, only there
    assert page.locator("#centre .pile .card:not(.back)").count() == 0
    said = {"en": "to the open cards, or removed?", "ja": "オープン札にするか、廃棄札にするか"}
    assert said[lang] in tray.inner_text()
    buttons = {"en": ("To the open cards", "Remove it"), "ja": ("オープン札にする", "廃棄札にする")}
    assert tray.locator("button[data-code='open']").inner_text() == buttons[lang][0]
    assert tray.locator("button[data-code='remove']").inner_text() == buttons[lang][1]
    assert in_sight(page, "#tray button[data-code='remove']")
    assert no_sideways_scroll(page)
    shot(page, f"starmine-turned-up-{lang}-{viewport['width']}")
    before = number(page)
    tray.locator("button[data-code='remove']").focus()
    page.keyboard.press("Enter")
    wait(page, f"Number(document.body.dataset.number) > {before}")
    assert page.locator("#tray").is_hidden()
    assert page.locator("#centre .pile").filter(has_text=PILE[lang]).locator(".card").count() == 1
    assert errors == []


PILE = {"en": "Removed", "ja": "廃棄札"}
