"""Every game's table draws in both languages, on a phone, without a script error: the
felt holds the middle and every seat's place, and the status says whose turn it is; "Take
back" is offered only for a move that left the turn open."""

from __future__ import annotations

import json
import random
import time
from contextlib import ExitStack
from typing import Any

import pytest
from websockets.sync.client import connect

from .helpers import PHONE, make_room, my_turn_or_over, open_page, shot, wait


@pytest.mark.parametrize(
    ("game", "players"),
    [("starmine", 2), ("itsmine", 2), ("laminate", 3), ("rummycity", 2), ("carrotein", 3)],
)
def test_every_game_draws_its_table_in_both_languages_without_a_script_error(
    site: str, browser: Any, game: str, players: int
) -> None:
    seats = [{"name": "ami"}] + [{"bot": "random"}] * (players - 1)
    room = make_room(site, game, seats, seed=4)
    page, errors = open_page(browser, site + room["invites"][0]["link"], "en", PHONE)
    my_turn_or_over(page)
    assert page.locator("#centre").inner_text().strip() or page.locator("#centre svg").count()
    assert page.locator("#felt .plate").count() == players
    assert page.locator("#status").inner_text().startswith("Your turn")
    page.click("#language")  # 日本語
    wait(page, "document.querySelector('#language').textContent === 'English'")
    assert page.locator("#status").inner_text().startswith("あなたの番です")  # your turn
    shot(page, f"{game}-phone-ja")
    assert errors == []


class _Seat:
    """A seat's own websocket (beside its page): its last state, and the moves it makes."""

    def __init__(self, sockets: ExitStack, site: str, room: str, token: str) -> None:
        address = site.replace("http", "ws", 1) + f"/api/rooms/{room}/ws?token={token}"
        self.ws = sockets.enter_context(connect(address))
        self.state: dict[str, Any] = {}
        self.errors: list[str] = []

    def read_until(self, number: int) -> None:
        while self.state.get("number", -1) < number:
            message = json.loads(self.ws.recv(timeout=30))
            if message["type"] == "error":
                self.errors.append(message["message"])
            state = message if message["type"] == "state" else message.get("state")
            if state is not None:
                self.state = state


@pytest.mark.parametrize("game", ["starmine", "itsmine"])
def test_take_back_is_offered_only_for_a_move_that_left_the_turn_open(
    site: str, browser: Any, game: str
) -> None:
    """asobi.core.takeback: only a move within the mover's own turn (or a secret bid the
    other has still to make) can be taken back; after a move that ended Ami's turn her page
    does not offer it, and the server would indeed refuse ("your turn is over")."""
    room = make_room(site, game, [{"name": "ami"}, {"name": "ben"}])
    page, errors = open_page(browser, site + room["invites"][0]["link"], "en", PHONE)
    rng = random.Random(7)
    offered = {True: 0, False: 0}
    with ExitStack() as sockets:
        seats = [_Seat(sockets, site, room["room"], i["token"]) for i in room["invites"]]
        for seat in seats:
            seat.read_until(0)
        while min(offered.values()) < 2:
            now = max(seat.state["number"] for seat in seats)
            for seat in seats:
                seat.read_until(now)
            assert not seats[0].state["outcome"], "the game ended before both were seen"
            mover = next(s for s in seats if s.state["legal"])
            mover.ws.send(json.dumps({"type": "act", "action": rng.choice(mover.state["legal"])}))
            for seat in seats:
                seat.read_until(now + 1)
            wait(page, f"Number(document.body.dataset.number) >= {now + 1}")
            if mover is not seats[0] or seats[0].state["number"] != now + 1:
                continue  # (a move of Ben's, or the page has moved on meanwhile)
            shown = not page.locator("#undo").is_hidden()
            offered[shown] += 1
            if not shown:
                seats[0].ws.send(json.dumps({"type": "undo"}))
                message = json.loads(seats[0].ws.recv(timeout=30))
                assert message["type"] == "error" and "your turn is over" in message["message"]
    assert errors == []


def test_a_refused_take_back_is_explained_in_japanese(site: str, browser: Any) -> None:
    """A card drawn from the deck is chance: taking it back is refused, and a page in Japanese
    says why in Japanese (the server's refusals a person can meet come in both languages)."""
    room = make_room(site, "starmine", [{"name": "ami"}, {"name": "ben"}])
    page, errors = open_page(browser, site + room["invites"][0]["link"], "ja", PHONE)
    rng = random.Random(3)
    with ExitStack() as sockets:
        seats = [_Seat(sockets, site, room["room"], i["token"]) for i in room["invites"]]
        for seat in seats:
            seat.read_until(0)
        while not any(c.startswith("draw deck") for c in seats[0].state["legal"]):
            now = seats[0].state["number"]
            mover = next(s for s in seats if s.state["legal"])
            mover.ws.send(json.dumps({"type": "act", "action": rng.choice(mover.state["legal"])}))
            for seat in seats:
                seat.read_until(now + 1)
        now = seats[0].state["number"]
        seats[0].ws.send(json.dumps({"type": "act", "action": "draw deck"}))
        seats[0].read_until(now + 1)
        wait(page, f"Number(document.body.dataset.number) >= {now + 1}")
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # a phone, scrolled
        page.click("#undo")
        wait(page, "document.getElementById('problem').textContent.includes('取り消せません')")
    problem = page.locator("#problem").inner_text()
    assert "「山札から引く」は取り消せません" in problem and "偶然で決まったもの" in problem
    # In sight where the button was (not at the top of a page scrolled away from it), and
    # the take-back not offered again for the same move.
    box = page.locator("#problem").bounding_box()
    assert box is not None and 0 <= box["y"] < PHONE["height"]
    assert page.locator("#undo").is_hidden()
    shot(page, "starmine-take-back-refused-ja")
    assert errors == []


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "A bot plays for you from now on (normal)"),
     ("ja", "あなたの代わりに、ここからボットがプレイします(ふつう)")],
)  # fmt: skip
def test_leaving_is_logged_as_a_sentence(site: str, browser: Any, lang: str, said: str) -> None:
    """After "Leave" the log says who plays the seat now, as a sentence in either language
    (the reader's own seat is "you": not "You is played by a bot")."""
    room = make_room(site, "starmine", [{"name": "ami"}, {"bot": "random"}])
    page, errors = open_page(browser, site + room["invites"][0]["link"], lang, PHONE)
    my_turn_or_over(page)
    page.click("#leave")
    wait(page, f"document.getElementById('log').textContent.includes({json.dumps(said)})")
    assert errors == []


def test_the_turn_timer_is_shown_and_counts_down(site: str, browser: Any) -> None:
    """A room with a turn timer shows the time left to the person to move (role="timer",
    not read out every second), counting down; a page opened again mid-turn goes on from
    the server's count, not from a full turn."""
    room = make_room(site, "starmine", [{"name": "ami"}, {"bot": "random"}], turn_seconds=90)
    page, errors = open_page(browser, site + room["invites"][0]["link"], "en", PHONE)
    my_turn_or_over(page)
    wait(page, "!document.getElementById('clock').hidden")
    assert page.get_attribute("#clock", "role") == "timer"

    def left() -> int:
        text = page.locator("#clock").inner_text()  # "1:29 left"
        minutes, seconds = text.split()[0].split(":")
        assert text.endswith(" left")
        return 60 * int(minutes) + int(seconds)

    first = left()
    assert 80 <= first <= 90
    # Counting down: two seconds gone, however busy the machine (polled, not timed).
    deadline = time.monotonic() + 20
    while left() > first - 2:
        assert time.monotonic() < deadline, "the clock did not count down"
        page.wait_for_timeout(200)
    page.reload()
    wait(page, "document.body.dataset.number !== undefined")
    wait(page, "!document.getElementById('clock').hidden")
    assert left() <= first - 2  # the server's count, not a fresh 1:30
    page.click("#language")
    wait(page, "document.getElementById('clock').textContent.includes('残り')")
    shot(page, "starmine-turn-timer-ja")
    assert errors == []
