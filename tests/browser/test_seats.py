"""A player who leaves their table for the lobby, or opens the game's watch link, finds their
way back to their seat: the browser remembers the seat links it opened (``seats.js``), the
lobby's list offers "Your seat" for those games, and a page watching such a game offers
"Back to your seat"."""

from __future__ import annotations

from typing import Any

import httpx

from .helpers import (
    DESKTOP,
    PHONE,
    create_in_lobby,
    legal,
    my_turn_or_over,
    open_page,
    shot,
    wait,
)


def test_the_lobby_and_the_watching_page_lead_back_to_your_seat(site: str, browser: Any) -> None:
    page, errors = open_page(browser, site + "/", "en", DESKTOP)
    room = create_in_lobby(page, "Zoe", "starmine")
    my_turn_or_over(page)
    page.click("#home")  # the header's link back to the lobby
    wait(page, "document.querySelectorAll('#rooms li').length > 0")
    mine = page.locator("#rooms li", has_text="Zoe").get_by_role("link", name="Your seat")
    assert mine.count() == 1
    shot(page, "lobby-your-seat")
    mine.click()
    page.wait_for_url(f"**/play/{room}?token=*")
    my_turn_or_over(page)
    assert legal(page)  # seated again, with moves to make
    page.goto(site + f"/play/{room}")  # the lobby's watch link
    wait(page, "document.getElementById('back-to-seat') !== null")
    assert page.locator("#status").inner_text().startswith("You are watching.")
    page.click("#back-to-seat")
    page.wait_for_url(f"**/play/{room}?token=*")
    my_turn_or_over(page)
    assert legal(page)
    assert errors == []


def test_another_browser_only_watches(site: str, browser: Any) -> None:
    """The seat is remembered by the browser that opened its link, nowhere else: another
    browser (another person) is offered only to watch, in Japanese too."""
    page, _ = open_page(browser, site + "/", "ja", PHONE)
    room = create_in_lobby(page, "Yui", "itsmine")
    # (each page opened so is a browser context of its own: another person's browser)
    stranger, errors = open_page(browser, site + "/", "ja", PHONE)
    wait(stranger, "document.querySelectorAll('#rooms li').length > 0")
    listed = stranger.locator("#rooms li", has_text="Yui")
    assert listed.get_by_role("link", name="観戦").count() == 1
    assert listed.get_by_role("link", name="自分の席").count() == 0
    stranger.goto(site + f"/play/{room}")
    wait(stranger, "document.body.dataset.number !== undefined")
    assert stranger.locator("#back-to-seat").count() == 0
    shot(stranger, "itsmine-watching-ja")
    assert errors == []


def test_a_turn_timer_out_of_range_is_refused_in_the_readers_language(
    site: str, browser: Any
) -> None:
    """The lobby's turn timer is 10 to 3,600 whole seconds or none: anything else is refused
    there, in Japanese on a Japanese page, naming the field, and no room is made."""
    page, errors = open_page(browser, site + "/", "ja", PHONE)
    page.select_option("#game", "starmine")
    page.select_option("#seat-1", "bot:random")
    rooms = len(httpx.get(site + "/api/rooms").json())
    for typed in ("5000", "5", "0", "12.5"):
        page.fill("#timer", typed)
        page.click("#create")
        wait(page, "document.getElementById('create-error').textContent !== ''")
        assert page.locator("#create-error").inner_text().startswith("持ち時間は10〜3600秒")
        assert "/play/" not in page.url
        page.evaluate("document.getElementById('create-error').textContent = ''")
    # Not a number at all: the field reads empty ("no timer"), and made a room without one.
    page.fill("#timer", "")
    page.locator("#timer").press_sequentially("1e")
    page.click("#create")
    wait(page, "document.getElementById('create-error').textContent !== ''")
    assert page.locator("#create-error").inner_text().startswith("持ち時間は10〜3600秒")
    assert len(httpx.get(site + "/api/rooms").json()) == rooms
    page.fill("#timer", "60")
    page.click("#create")
    page.wait_for_url("**/play/**")
    assert errors == []


def test_the_lobby_asks_whether_friends_play_with_hints(site: str, browser: Any) -> None:
    """Among several people a game's hint would play for whoever asks (Carrotein's solver
    laying the boards): the lobby offers the choice where a friend sits at a game that has
    hints, not against bots alone nor for a game without; the room is made as chosen."""
    page, errors = open_page(browser, site + "/", "ja", PHONE)
    page.fill("#name", "あみ")
    page.select_option("#game", "carrotein")
    page.select_option("#seat-1", "bot:random")
    assert page.locator("#hints-row").is_hidden()
    page.select_option("#seat-1", "friend")
    assert page.locator("#hints-row").is_visible()
    assert "ヒントあり" in page.locator("#hints-row").inner_text()
    page.select_option("#game", "starmine")
    page.select_option("#seat-1", "friend")
    assert page.locator("#hints-row").is_hidden()  # Starmine suggests no move
    page.select_option("#game", "carrotein")
    page.select_option("#seat-1", "friend")
    page.check("#hints")
    shot(page, "lobby-hints-ja")
    page.click("#create")
    wait(page, "!document.getElementById('invites').hidden")
    rooms = [r for r in httpx.get(site + "/api/rooms").json() if r["game"] == "carrotein"]
    assert len(rooms) == 1 and rooms[0]["hints"] is True, rooms
    assert errors == []


def test_a_double_click_on_create_makes_one_room(site: str, browser: Any) -> None:
    """The button waits for the server's answer: a double click made two rooms, the second
    a stray left in "Games in play". A change to the form offers it again for another."""
    page, errors = open_page(browser, site + "/", "en", PHONE)
    page.fill("#name", "ami")
    page.select_option("#game", "itsmine")
    page.select_option("#seat-1", "friend")
    before = len(httpx.get(site + "/api/rooms").json())
    page.dblclick("#create")
    wait(page, "!document.getElementById('invites').hidden")
    page.wait_for_timeout(300)  # (a second request, had one been sent, is answered by now)
    assert len(httpx.get(site + "/api/rooms").json()) == before + 1
    assert page.locator("#create").is_disabled()
    page.select_option("#seat-1", "bot:random")
    assert page.locator("#create").is_enabled()
    assert errors == []


def test_each_game_chosen_in_the_lobby_comes_with_its_own_player_count(
    site: str, browser: Any
) -> None:
    """The seats a game is usually played with, whatever the game chosen before had (3 from
    Carrotein stayed 3 for Laminate Rummy, whose default is 4)."""
    page, errors = open_page(browser, site + "/", "en", PHONE)
    games = {g["id"]: g for g in httpx.get(site + "/api/games").json()}
    for game in ("carrotein", "laminate", "starmine", "laminate"):
        page.select_option("#game", game)
        assert page.input_value("#players") == str(games[game]["default_players"]), game
    assert errors == []


def test_the_lobby_in_japanese_describes_each_game_s_options_in_japanese(
    site: str, browser: Any
) -> None:
    """The seat count and each choice of rules the lobby offers come with their description
    in the page's language: Japanese on a Japanese page (each option carries both with its
    definition), English again at the language button."""
    page, errors = open_page(browser, site + "/", "ja", PHONE)
    games = {g["id"]: g for g in httpx.get(site + "/api/games").json()}
    for game, spec in games.items():
        page.select_option("#game", game)
        options = spec["options"]["properties"]
        about = page.locator("#players-about")
        assert about.inner_text() == options["players"]["description_ja"], game
        assert page.get_attribute("#players", "aria-describedby") == "players-about"
        for key, option in options.items():
            if option.get("lobby"):
                said = page.locator(f"#option-{key}-about").inner_text()
                assert said == option["description_ja"], (game, key)
    page.select_option("#game", "starmine")
    said = page.locator("#option-boost_penalty-about").inner_text()
    assert said.startswith("ブーストカードを使った役") and "per_meld" not in said
    shot(page, "lobby-options-described-ja")
    page.click("#lang-slot button")
    wait(page, "document.documentElement.lang === 'en'")
    english = games["starmine"]["options"]["properties"]["players"]["description"]
    assert page.locator("#players-about").inner_text() == english
    assert errors == []
