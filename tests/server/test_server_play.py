"""Whole games through the server: HTTP to make a room, a websocket per person, bots in the
other seats; the record it gives at the end replays to the same outcome."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from importlib import resources
from typing import Any

import pytest
from fastapi.testclient import TestClient

from asobi.core.records import GameRecord, replay
from asobi.core.registry import game_ids, get_spec
from asobi.server import rooms
from asobi.server.app import create_app

from .helpers import Player, make_room, play_out, two_seated

SEATS = {"starmine": 2, "itsmine": 2, "laminate": 3, "rummycity": 2, "carrotein": 3}


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(SEATS))
def test_a_whole_game_of_each_title_is_played_through_the_api(
    client: TestClient, game: str
) -> None:
    seats = [{"name": "ami"}] + [{"bot": "random"}] * (SEATS[game] - 1)
    room = make_room(client, game, seats, seed=7)
    token = room["invites"][0]["token"]
    with client.websocket_connect(f"/api/rooms/{room['room']}/ws?token={token}") as ws:
        player = Player(ws)
        final = play_out(player, random.Random(7))
    assert final["outcome"]["ranks"]
    record = client.get(f"/api/rooms/{room['room']}/record")
    assert record.status_code == 200
    game_record = GameRecord.from_json(record.json())
    state = replay(game_record)  # raises if the moves do not reproduce the outcome
    assert state.is_over
    assert game_record.outcome == final["outcome"]
    bots = [m for m in player.received if m["type"] == "move" and m["by"] != "seat"]
    assert bots and all(m["by"] == "random" for m in bots)


def test_the_lobby_lists_rooms_in_play_and_describes_the_games(client: TestClient) -> None:
    room = make_room(client, "starmine", [{"name": "ami"}, {"bot": "normal"}])
    listed = client.get("/api/rooms").json()
    assert [r["room"] for r in listed] == [room["room"]]
    assert listed[0]["seats"][1]["bot"] == "greedy"  # the level resolved to its bot
    assert "token" not in str(listed) and room["invites"][0]["token"] not in str(listed)
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert set(games) == set(game_ids())  # every registered game (one installed apart too)
    assert set(SEATS) <= set(games)
    assert games["carrotein"]["name_ja"] == "星をなくしたキャロテイン"
    assert games["starmine"]["levels"]["hard"].startswith("lookahead")


def test_each_game_s_table_is_drawn_by_the_module_its_spec_names(client: TestClient) -> None:
    """``GameSpec.browser`` names a file of the game's package; the server hands it out where
    ``/api/games`` says, with the style sheet beside it, and the generic table serves a game
    without one. No generic style sheet or script names a game."""
    games = {g["id"]: g for g in client.get("/api/games").json()}
    for game in SEATS:
        located = get_spec(game).browser
        assert located is not None and located.startswith(f"asobi.games.{game}:")
        assert games[game]["table"] == f"/static/games/{game}.js"
        served = client.get(games[game]["table"])
        assert served.status_code == 200
        assert served.headers["content-type"].startswith("text/javascript")
        package, _, name = located.partition(":")
        assert served.text == resources.files(package).joinpath(name).read_text("utf-8")
        assert "export function centre" in served.text
        assert games[game]["style"] == f"/static/games/{game}.css"
        style = client.get(games[game]["style"])
        assert style.status_code == 200 and style.headers["content-type"].startswith("text/css")
        assert style.text == resources.files(package).joinpath("table.css").read_text("utf-8")
    missing = client.get("/static/games/chess.js")
    assert missing.status_code == 404 and "chess" in missing.json()["detail"]
    assert client.get("/static/generic.js").status_code == 200
    web = resources.files("asobi.web")
    for shared in web.iterdir():
        if shared.name.endswith((".js", ".css", ".html")):
            text = shared.read_text("utf-8")
            named = [g for g in SEATS if g in text or get_spec(g).name_en in text]
            assert named == [], f"web/{shared.name} names {named}"


def test_two_people_play_each_other_with_invite_links(client: TestClient) -> None:
    room = make_room(client, "itsmine", [{"name": "ami"}, {"name": "ben"}], seed=3)
    url = f"/api/rooms/{room['room']}/ws?token="
    tokens = [i["token"] for i in room["invites"]]
    rng = random.Random(3)
    with (
        client.websocket_connect(url + tokens[0]) as w0,
        client.websocket_connect(url + tokens[1]) as w1,
    ):
        players = [Player(w0), Player(w1)]
        while True:
            for p in players:
                while p.state is None:
                    p.next()
            if players[0].state and players[0].state["outcome"]:
                break
            moved = False
            for p in players:
                assert p.state is not None
                if p.state["legal"]:
                    p.act(rng.choice(p.state["legal"]))
                    moved = True
            assert moved, "nobody may move, yet the game is not over"
            for p in players:
                p.state = None
                p.until(lambda m: m["type"] == "move")
    assert players[1].state is not None and players[1].state["outcome"]


@pytest.mark.slow
def test_bots_think_in_worker_processes(any_db: str) -> None:
    """The default server: bots in a process pool, off the event loop; on SQLite and on
    PostgreSQL."""
    with TestClient(create_app(any_db, bot_workers=1, rate=1e9)) as client:
        room = make_room(client, "starmine", [{"name": "ami"}, {"bot": "normal"}], seed=1)
        token = room["invites"][0]["token"]
        with client.websocket_connect(f"/api/rooms/{room['room']}/ws?token={token}") as ws:
            final = play_out(Player(ws), random.Random(1))
    assert final["outcome"]


@pytest.mark.slow
@pytest.mark.parametrize("hints", [None, True])
def test_after_a_failed_challenge_the_solver_shows_what_would_have_worked(
    client: TestClient, hints: bool | None
) -> None:
    """Carrotein: the challenger lays the boards far from the stars and fails; the insight
    is a placement of two boards then on the mat that hides all but at most two. While the
    challenger lays them, the solver's suggestion (``hint``) is given only where the room
    offers hints: among two people, only when made so (else it would lay the boards for
    whoever asks)."""
    extra = {} if hints is None else {"hints": hints}
    room = make_room(client, "carrotein", [{"name": "ami"}, {"name": "ben"}], seed=2, **extra)
    assert room["hints"] is bool(hints)
    base = f"/api/rooms/{room['room']}/ws?token="
    tokens = [i["token"] for i in room["invites"]]
    assert client.get(f"/api/rooms/{room['room']}/insight").json() == {}
    with (
        client.websocket_connect(base + tokens[0]) as w0,
        client.websocket_connect(base + tokens[1]) as w1,
    ):
        players = [Player(w0), Player(w1)]
        for p in players:
            p.until(lambda m: m["type"] == "state")
        first = next(p for p in players if p.state and p.state["legal"])
        second = next(p for p in players if p is not first)
        for x, y in ((100, 100), (500, 350), (100, 350)):  # stars far apart
            first.act(f"place {x} {y}")
            second.until(lambda m: m["type"] == "move")
            second.my_turn_or_over()
            assert second.state is not None
            spot = next(c for c in second.state["legal"] if c.startswith("place "))
            second.act(spot)
            first.my_turn_or_over()
        first.act("pass")
        second.my_turn_or_over()
        assert second.state is not None
        second.act(next(c for c in second.state["legal"] if c.startswith("choose ")))
        second.my_turn_or_over()
        laying = client.get(f"/api/rooms/{room['room']}/insight").json()
        assert ("hint" in laying) is bool(hints), laying
        second.act("lay 50,50,0 550,50,0")  # nowhere near the stars
        second.until(lambda m: m["type"] == "move" and "challenge" in str(m["events"]))
    insight = client.get(f"/api/rooms/{room['room']}/insight").json()
    assert "hint" not in insight  # (the step is over)
    assert insight["round"] == 1
    found = insight["hindsight"]
    assert found is not None and sum(1 for h in found["hidden"] if not h) <= 2


def test_a_position_s_insight_is_worked_out_once_however_many_pages_ask(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every page asks for the insight after every move, and a solver's answer may take a
    second of CPU: the room works it out once a position (a move makes it new)."""
    carrotein = get_spec("carrotein")
    assert carrotein.insight is not None
    asked: list[int] = []

    def counted(view: Mapping[str, Any]) -> Mapping[str, Any]:
        asked.append(len(view["chips"]))
        assert carrotein.insight is not None
        return carrotein.insight(view)

    counting = replace(carrotein, insight=counted)
    monkeypatch.setattr(rooms, "get_spec", lambda game: counting)
    room = make_room(client, "carrotein", [{"name": "ami"}, {"name": "ben"}], seed=1)
    url = f"/api/rooms/{room['room']}/insight"
    answers = [client.get(url).json() for _ in range(3)]
    assert asked == [1] and answers[0] == answers[1] == answers[2]  # the first star alone
    tokens = [i["token"] for i in room["invites"]]
    with two_seated(client, room["room"], tokens) as players:
        first = next(p for p in players if p.state and p.state["legal"])
        first.act("place 100 100")
        first.until(lambda m: m["type"] == "move")
    assert client.get(url).status_code == client.get(url).status_code == 200
    assert asked == [1, 2]


@pytest.mark.parametrize(
    ("seats", "hints", "offered"),
    [
        ([{"name": "ami"}, {"bot": "normal"}], None, True),
        ([{"name": "ami"}, {"name": "ben"}], None, False),
        ([{"name": "ami"}, {"name": "ben"}], True, True),
        ([{"name": "ami"}, {"bot": "normal"}], False, False),
    ],
)
def test_a_room_offers_hints_to_one_person_against_bots_or_as_made(
    client: TestClient, seats: list[dict[str, str]], hints: bool | None, offered: bool
) -> None:
    """The room's ``hints`` (told in its summary and every page's hello): one person against
    bots is offered the game's suggestions; several people only if the room was made so."""
    extra = {} if hints is None else {"hints": hints}
    room = make_room(client, "starmine", seats, **extra)
    assert room["hints"] is offered
    listed = client.get(f"/api/rooms/{room['room']}").json()
    assert listed["hints"] is offered


def test_a_game_longer_than_the_backlog_is_caught_up_whole(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page opened on a long game is sent every move it missed at once: a burst it asked
    for, not a client too slow to read (cut off past ``BACKLOG`` messages waiting, it
    reconnected to the same burst for ever: Rummy City games pass 500 moves)."""
    room = make_room(client, "starmine", [{"name": "ami"}, {"bot": "random"}])
    base = f"/api/rooms/{room['room']}/ws"
    with client.websocket_connect(f"{base}?token={room['invites'][0]['token']}") as ws:
        play_out(Player(ws), random.Random(2))
    moves = client.get(f"/api/rooms/{room['room']}").json()["moves"]
    monkeypatch.setattr(rooms, "BACKLOG", 5)
    assert moves > 2 * 5
    with client.websocket_connect(f"{base}?since=0") as ws:  # a spectator, from the start
        watcher = Player(ws)
        final = watcher.until(lambda m: m["type"] == "state")
    told = [m for m in watcher.received if m["type"] == "move"]
    assert final["outcome"] and len(told) == moves
