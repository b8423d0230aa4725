"""Rummy City in the browser: a person plays whole games by clicking only (the row to draw,
building cards to build or take, the hand's cards to lay, lay-offs under the other town's
combinations, a hand card then the Bank or Police station), against a random bot in English on
a desktop and in Japanese on a phone, and the solo score attack; and takes a building from the
other town by clicking it ("相手の建物を奪うことが出来ます!")."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page

from .helpers import (
    DESKTOP,
    PHONE,
    hand_in_sight,
    legal,
    make_room,
    my_turn_or_over,
    no_sideways_scroll,
    number,
    open_page,
    play_by_clicking,
    serious_violations,
    shot,
    wait,
)

# A short whole game: it ends after round 1's settlement (the round limit, ruling 17).
ONE_ROUND = {"players": 2, "round_limit": 1}


def _owned_by_the_other(page: Page, building: str) -> bool:
    return page.locator(f"#others [data-building='{building}']").count() > 0


def click_rummycity(page: Page, legal: list[str]) -> None:
    """A plain player: finish a combination as soon as it is complete, lay the next card,
    take what the School shows, lay off, put a card on the Bank or Police station, build
    (taking from the other town first), lay any combination in the final turns, draw as many
    cards as allowed; else end. Every move is made by clicking what a person would click."""
    first = {verb: next((c for c in legal if c.split()[0] == verb), None) for verb in VERBS}
    if "done" in legal:
        page.click("[data-code='done']")
    elif first["lay"]:
        page.click(f"#hand [data-code='{first['lay']}']")
    elif first["take"]:
        page.click(f"#tray [data-code='{first['take']}']")
    elif first["return"]:
        page.click(f"#mine [data-code='{first['return']}']")
    elif first["layoff"]:
        page.click(f"#others [data-code='{first['layoff']}']")
    elif first["place"]:
        _, building, card = str(first["place"]).split()
        page.click(f"#hand [data-card='{card}']")
        page.click(f"#mine [data-building='{building}'] [data-code='{first['place']}']")
    elif first["build"]:
        builds = [c for c in legal if c.startswith("build ")]
        taking = [c for c in builds if _owned_by_the_other(page, c.split()[1])]
        code = (taking or builds)[0]
        where = "#others" if taking else "#centre"
        page.click(f"{where} [data-building='{code.split()[1]}'] [data-code='{code}']")
    elif first["meld"]:
        page.click(f"#tray [data-code='{first['meld']}']")
    elif first["draw"]:
        most = max((c for c in legal if c.startswith("draw ")), key=lambda c: int(c.split()[1]))
        page.click(f"#row [data-code='{most}']")
    elif "look" in legal:
        page.click("#row [data-code='look']")
    elif "end" in legal:
        page.click("#tray [data-code='end']")
    else:
        page.click(f"[data-code='{legal[0]}']")


VERBS = ("lay", "take", "return", "layoff", "place", "build", "meld", "draw")


def _no_moves_left_under_the_table(page: Page) -> None:
    """Every legal move is on the table itself: the moves section stays hidden."""
    assert page.locator("#moves-section").is_hidden(), page.locator("#moves").inner_text()


def _play(page: Page, shots: str) -> int:
    """Play to the end, checking at every turn that no move fell off the table. Motion is
    reduced (no card slides, no hover lift), so that each click finds its card at rest."""
    page.emulate_media(reduced_motion="reduce")

    def click(page: Page, codes: list[str]) -> None:
        _no_moves_left_under_the_table(page)
        click_rummycity(page, codes)

    return play_by_clicking(page, click, shots=shots)


def _settlements_add_up(page: Page, start: int = 7) -> None:
    """The table's record of settlements (決算の記録): each town's row, what it gained in the
    round and what the settlement paid and gave, comes to the tepu it shows, from the row
    before (from ``start``, each town's tepu before the first round)."""
    rows: list[list[str]] = page.eval_on_selector_all(
        ".rc-settlements tbody tr", "rows => rows.map(r => [...r.querySelectorAll('td')]"
        ".map(td => td.textContent))",
    )  # fmt: skip
    assert rows
    before = [start] * len(rows[0])
    for row in rows:
        for town, cell in enumerate(row):
            *changes, after = re.findall(r"[+−]\d+|±0|\d+$", cell)
            total = before[town] + sum(int(c.replace("−", "-").replace("±", "")) for c in changes)
            assert total == int(after), (cell, before[town])
            before[town] = int(after)


def test_a_person_plays_a_whole_rummy_city_game_against_a_bot_in_english(
    site: str, browser: Any
) -> None:
    room = make_room(
        site, "rummycity", [{"name": "Ami"}, {"bot": "random"}], options=ONE_ROUND, seed=3
    )
    page, errors = open_page(browser, site + room["invites"][0]["link"], "en", DESKTOP)
    my_turn_or_over(page)
    shot(page, "rummycity-start")
    assert page.locator("#centre .rc-supply [data-building]").count() == 18
    assert "♠3Run" in page.locator("#centre [data-building='park']").inner_text()
    assert "you may pass" in page.locator("#centre [data-building='park']").inner_text()
    made = _play(page, "rummycity-middle")
    assert made > 10
    outcome = page.locator("#outcome").inner_text()
    assert "Settlement" in outcome and "Buildings" in outcome and "Ami" in outcome
    _settlements_add_up(page)
    log = page.locator("#log").inner_text()
    assert "{" not in log and "_" not in log
    assert "from the row" in log and "Settlement of round 1" in log
    shot(page, "rummycity-over")
    assert page.locator("#problem").inner_text() == ""  # no move was refused
    assert errors == []


def test_a_person_plays_a_whole_rummy_city_game_in_japanese_on_a_phone(
    site: str, browser: Any
) -> None:
    room = make_room(
        site, "rummycity", [{"name": "あみ"}, {"bot": "random"}], options=ONE_ROUND, seed=8
    )
    page, errors = open_page(browser, site + room["invites"][0]["link"], "ja", PHONE)
    assert page.evaluate("document.documentElement.lang") == "ja"
    my_turn_or_over(page)
    assert no_sideways_scroll(page)
    # Your hand is in sight below the long row and supply: your plate is docked at the foot.
    assert hand_in_sight(page, ".rc-my-hand")
    page.mouse.wheel(0, 600)
    wait(page, "scrollY > 0")
    assert hand_in_sight(page, ".rc-my-hand")
    assert "公園" in page.locator("#centre [data-building='park']").inner_text()
    shot(page, "rummycity-phone-ja-start")
    _play(page, "rummycity-phone-ja-middle")
    outcome = page.locator("#outcome").inner_text()
    assert "ゲーム終了" in outcome and "決算" in outcome and "建物" in outcome
    _settlements_add_up(page)
    # The settlement record fits the phone's width: nothing of it is scrolled out of sight.
    boxes = "[...document.querySelectorAll('.rc-settle-box')]"
    assert page.evaluate(
        f"{boxes}.length > 0 && {boxes}.every(b => b.scrollWidth <= b.clientWidth)"
    )
    log = page.locator("#log").inner_text()
    assert "{" not in log and "山札から" in log
    assert no_sideways_scroll(page)
    shot(page, "rummycity-phone-ja-over")
    assert page.locator("#problem").inner_text() == ""
    assert errors == []


def test_the_solo_score_attack_by_clicking(site: str, browser: Any) -> None:
    options = {"players": 1, "solo_rounds": 1}
    room = make_room(site, "rummycity", [{"name": "Ami"}], options=options, seed=4)
    page, errors = open_page(browser, site + room["invites"][0]["link"], "en", DESKTOP)
    my_turn_or_over(page)
    assert page.locator("#others").is_hidden()
    # solo rule 3: "「駅」と「郵便局」は使わない"
    assert page.locator("[data-building='station'], [data-building='post_office']").count() == 0
    _play(page, "rummycity-solo-middle")
    assert "Score attack" in page.locator("#outcome").inner_text()
    # solo 1: "引いた後で、引いた枚数と同じだけ上からカードを捨て札にします"
    assert page.locator("#centre .rc-discards .card").count() > 0
    shot(page, "rummycity-solo-over")
    assert page.locator("#problem").inner_text() == ""
    assert errors == []


# A catalogue of one building any 3-card run builds: whoever builds it first, the other
# town can take it back with a run of its own.
HUT = {"building": [{"id": "hut", "en": "Hut", "ja": "小屋", "mark": "♠", "recipe": "3Run"}]}


def _act_plainly(page: Page) -> None:
    """One move the plain way (the scripted player above), waiting for it to be made."""
    before = number(page)
    click_rummycity(page, legal(page))
    wait(page, f"Number(document.body.dataset.number) > {before}")


def test_a_building_of_the_other_town_is_taken_by_clicking_it(site: str, browser: Any) -> None:
    """プレーの手順 2: "カードを出すと、その組み合わせにあったカードを場から、または「相手から」
    自分の前に動かすことができます。(相手の建物を奪うことが出来ます!)". With a one-building
    catalogue a person plays plainly against a random bot until the bot owns the Hut and the
    person's hand makes a run: the Hut then carries "Take" at the bot's place, and clicking it,
    the run's cards and done move it to the person's town."""
    options = {"players": 2, "catalogue": HUT}
    room = make_room(
        site, "rummycity", [{"name": "Ami"}, {"bot": "random"}], options=options, seed=2
    )
    page, errors = open_page(browser, site + room["invites"][0]["link"], "en", DESKTOP)
    page.emulate_media(reduced_motion="reduce")
    for _ in range(300):
        my_turn_or_over(page)
        assert not page.locator("body").get_attribute("data-over"), "the game ended first"
        if "build hut" in legal(page) and _owned_by_the_other(page, "hut"):
            break
        _act_plainly(page)
    else:
        raise AssertionError("the Hut never came within reach at the other town")
    take = page.locator("#others [data-building='hut'] [data-code='build hut']")
    assert take.is_visible() and "Take" in take.inner_text()
    assert "Take the Hut from Bot 2" in (take.get_attribute("aria-label") or "")
    shot(page, "rummycity-take")
    assert serious_violations(page) == []  # with a building to take at the other town
    before = number(page)
    take.click()
    wait(page, f"Number(document.body.dataset.number) > {before}")
    assert page.locator("#tray [data-building='hut']").count() == 1  # the building under way
    shot(page, "rummycity-building")
    assert serious_violations(page) == []  # with the tray of a building under way
    while page.locator("#tray .rc-laying").count() and legal(page):
        _act_plainly(page)  # the run's cards from the hand, then done
    # (the bot may take it back on its next turn: the log tells the taking)
    wait(page, "document.querySelector('#log').innerText.includes('You took the Hut from Bot 2!')")
    assert errors == []


_INCOME_LINES = """() => [...document.querySelectorAll('.rc-b-income')].map(income => {
    // the line (its middle's height) of each character, and of the coin
    const walker = document.createTreeWalker(income, NodeFilter.SHOW_TEXT), chars = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const r = range.getBoundingClientRect();
            const coin = node.parentElement.classList.contains('rc-b-coin');
            chars.push([node.data[i], coin, (r.top + r.bottom) / 2]);
        }
    }
    return chars;
})"""


def test_a_buildings_income_keeps_plus_its_coin_and_tepu_on_one_line(
    site: str, browser: Any
) -> None:
    """「決算ごとに+④テプ」 breaks, if it must, before 「+」: never leaving 「テプ」 alone on the
    next line, on a phone or a laptop, in Japanese; nor "+4 tepu" apart in English."""
    for lang, unit in (("ja", "テプ"), ("en", " tepu")):
        for viewport in (PHONE, DESKTOP):
            room = make_room(site, "rummycity", [{"name": "あみ"}, {"bot": "random"}], seed=8)
            page, errors = open_page(browser, site + room["invites"][0]["link"], lang, viewport)
            my_turn_or_over(page)
            incomes = page.evaluate(_INCOME_LINES)
            assert incomes
            for chars in incomes:
                text = "".join(c for c, _, _ in chars)
                plus, coin = text.index("+"), [i for i, c in enumerate(chars) if c[1]]
                together = range(plus, coin[-1] + 1 + len(unit))
                assert text[coin[-1] + 1 :].startswith(unit), text
                lines = [chars[i][2] for i in together]  # a line's height apart at least
                assert max(lines) - min(lines) < 8, text
            shot(page, f"rummycity-income-{lang}-{viewport['width']}")
            assert errors == []


# Each settled town's lines in the panel: its name, tepu after, and the amounts of its three
# lines (cards paid, combinations, income); its combinations and the income's buildings.
_SETTLED = """() => [...document.querySelectorAll('#rc-settled .rc-settled-seat')].map(town => ({
    name: town.querySelector('.rc-settled-town .who').textContent,
    amounts: [...town.querySelectorAll('.rc-settled-n')].map(n => n.textContent),
    tepu: town.querySelector('.rc-settled-town b').textContent,
    combos: town.querySelectorAll('.rc-settled-combo').length,
    income: [...town.querySelector('li:last-child').childNodes].slice(1)
        .map(n => n.textContent).join(''),
}))"""


def _number(text: str) -> int:
    """ "−7", "+3", "±0", "9 tepu", "9テプ" as a number."""
    found = re.match(r"[+−±]?\d+", text)
    assert found, text
    return int(found[0].replace("−", "-").replace("±", ""))


@pytest.mark.parametrize(("lang", "viewport"), [("en", DESKTOP), ("ja", PHONE)])
def test_a_settlement_is_shown_on_the_table_and_why_the_combinations_left(
    site: str, browser: Any, lang: str, viewport: Any
) -> None:
    """決算: "手元に残った枚数分、テプを支払う … 「組み合わせ」1つにつき、1テプを得られます" and the
    buildings' income; then "新しいラウンドを始めます" and the combinations are gone. The
    log said it in one line: the table shows each town's settlement, from which combinations
    and buildings, and why its combinations left; folded to a line once the player plays on."""
    options = {"players": 2, "round_limit": 2}
    room = make_room(
        site, "rummycity", [{"name": "Ami"}, {"bot": "random"}], options=options, seed=3
    )
    page, errors = open_page(browser, site + room["invites"][0]["link"], lang, viewport)
    page.emulate_media(reduced_motion="reduce")
    for _ in range(300):
        my_turn_or_over(page)
        if page.locator("#rc-settled").count():
            break
        _act_plainly(page)
    else:
        raise AssertionError("round 1 never ended")
    panel = page.locator("#rc-settled")
    assert panel.evaluate("p => p.open")
    head = panel.locator("summary").inner_text()
    assert ("Settlement of round 1" if lang == "en" else "第1ラウンドの決算") in head
    why = panel.locator(".rc-settled-why").inner_text()
    assert ("cleared for round 2" if lang == "en" else "第2ラウンドのために片付け") in why
    # Each town's lines are its row of the record of settlements (−cards +combinations +income)
    record = page.eval_on_selector_all(
        ".rc-settlements tbody tr:last-child td", "cells => cells.map(c => c.textContent)"
    )
    towns = page.evaluate(_SETTLED)
    assert [t["name"] for t in towns] == ["Ami", "ボット2" if lang == "ja" else "Bot 2"]
    for town, row in zip(towns, record, strict=True):
        paid, combos, income = (_number(n) for n in town["amounts"])
        assert [paid, combos, income, _number(town["tepu"])] == [
            _number(n) for n in re.findall(r"[+−±]?\d+", row)[-4:]
        ], (town, row)
        assert town["combos"] == combos  # one line a combination laid
        # the income, building by building ("Bakery +1, Museum +2")
        assert sum(int(n) for n in re.findall(r"\+(\d+)", town["income"])) == income
    # The combinations' place, empty in the new round, says where they went.
    cleared = page.locator(".plate .rc-cleared").all_inner_texts()
    assert cleared and all(("round 1's" if lang == "en" else "第1ラウンド") in c for c in cleared)
    assert no_sideways_scroll(page)
    shot(page, f"rummycity-settled-{lang}-{viewport['width']}")
    # Played on (a draw): folded to its line, which opens it again.
    while page.locator("#rc-settled").evaluate("p => p.open"):
        _act_plainly(page)
        my_turn_or_over(page)
    page.locator("#rc-settled summary").click()
    assert page.locator("#rc-settled").evaluate("p => p.open")
    assert errors == []
