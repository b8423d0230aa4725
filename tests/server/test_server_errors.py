"""Bad input gets a clear error and changes nothing; the connection and the server stay up.
Tokens: nobody acts or watches a seat's view without its token."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from asobi.core.bots import make_bot
from asobi.core.registry import get_spec
from asobi.server import app as server_app
from asobi.server import rooms
from asobi.server.app import MAX_MESSAGE, create_app
from asobi.server.bots import BotRunner
from asobi.server.store import Store

from .helpers import Player, make_room, play_out, two_seated


def _duel(client: TestClient, seed: int = 2) -> tuple[str, list[str]]:
    room = make_room(client, "starmine", [{"name": "ami"}, {"name": "ben"}], seed=seed)
    return room["room"], [i["token"] for i in room["invites"]]


def _illegal_for(legal: list[str]) -> str:
    """A Starmine action code that is not legal now."""
    codes: list[str] = [a.encode() for a in get_spec("starmine").action_space.actions]
    return next(code for code in codes if code not in legal)


def test_a_wrong_token_opens_nothing(client: TestClient) -> None:
    room, _ = _duel(client)
    with client.websocket_connect(f"/api/rooms/{room}/ws?token=guess") as ws:
        assert ws.receive_json() == {"type": "error", "message": "this link opens no seat here"}
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4403


def test_an_unknown_room_is_a_clear_error(client: TestClient) -> None:
    assert client.get("/api/rooms/nope").json() == {"detail": "no room 'nope'"}
    assert client.get("/api/rooms/nope").status_code == 404
    with client.websocket_connect("/api/rooms/nope/ws") as ws:
        assert "no room 'nope'" in ws.receive_json()["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4404


@pytest.mark.parametrize(
    ("body", "status", "says"),
    [
        ({"game": "chess", "seats": [{}]}, 404, "chess"),
        ({"game": "starmine", "seats": [{}, {}, {}]}, 422, "players"),
        ({"game": "starmine", "seats": [{}, {"bot": "deep_blue"}]}, 400, "no bot 'deep_blue'"),
        ({"game": "starmine", "options": {"players": 1}, "seats": [{}, {}]}, 400, "2 seats given"),
        ({"game": "starmine", "seats": []}, 422, "seats"),
        ({"seats": [{}]}, 422, "game"),
    ],
)
def test_a_room_that_cannot_be_made_is_refused_with_the_reason(
    client: TestClient, body: dict[str, object], status: int, says: str
) -> None:
    answer = client.post("/api/rooms", json=body)
    assert answer.status_code == status
    assert says in answer.text
    assert client.get("/api/rooms").json() == []  # nothing was made


def test_the_record_waits_for_the_end_of_the_game(client: TestClient) -> None:
    """A record holds the seed, which deals every hidden card: not while anyone plays."""
    room, _ = _duel(client)
    answer = client.get(f"/api/rooms/{room}/record")
    assert answer.status_code == 409 and "once the game is over" in answer.json()["detail"]


def test_out_of_turn_and_illegal_moves_are_refused_and_change_nothing(client: TestClient) -> None:
    room, tokens = _duel(client)
    with two_seated(client, room, tokens) as (ami, ben):
        assert ami.state and ben.state
        waiting, mover = (ami, ben) if ben.state["legal"] else (ben, ami)
        assert mover.state
        before = mover.state
        waiting.act(mover.state["legal"][0])
        refusal = waiting.error()
        assert refusal["message"].startswith("it is not your turn")
        assert refusal["said"]["ja"].startswith("あなたの番ではありません")
        mover.act(_illegal_for(before["legal"]))
        refused = mover.error()
        assert refused["rule"] and refused["message"]  # the rule that forbids it, and why
        assert refused["said"]["ja"] and refused["said"]["en"] == refused["message"]  # the page's
        mover.act("fly to the moon")
        unknown = mover.error()
        assert "is not a move of Starmine Rummy Pocket" in unknown["message"]
        assert unknown["said"]["ja"].startswith("スターマイン・ラミー ポケットの手ではありません")
        for p in (ami, ben):
            p.send({"type": "sync"})
            now = p.until(lambda m: m["type"] == "state")
            assert now["number"] == 0
        assert mover.state and mover.state["view"] == before["view"]
        # A refusal is told to the one refused only.
        assert not [m for m in waiting.received if m["type"] == "error" and "rule" in m]


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("{not json", "not JSON"),
        ("[1, 2]", 'a JSON object with a "type"'),
        ('{"action": "stop"}', 'a JSON object with a "type"'),
        ('{"type": "dance"}', "unknown message type 'dance'"),
        ('{"type": "act"}', 'act needs an "action"'),
        ('{"type": "act", "action": 7}', 'act needs an "action"'),
        ("x" * (MAX_MESSAGE + 1), "message too long"),
    ],
)
def test_malformed_messages_get_an_error_and_the_connection_stays(
    client: TestClient, text: str, says: str
) -> None:
    room, tokens = _duel(client)
    with client.websocket_connect(f"/api/rooms/{room}/ws?token={tokens[0]}") as ws:
        player = Player(ws)
        player.until(lambda m: m["type"] == "state")
        ws.send_text(text)
        assert says in player.error()["message"]
        player.send({"type": "ping"})
        assert player.until(lambda m: m["type"] in ("pong", "error")) == {"type": "pong"}
    assert client.get(f"/api/rooms/{room}").json()["moves"] == 0


def test_spectators_watch_but_do_not_act(client: TestClient) -> None:
    room, _ = _duel(client)
    with client.websocket_connect(f"/api/rooms/{room}/ws") as ws:
        watcher = Player(ws)
        hello = watcher.next()
        assert hello["type"] == "hello" and hello["seat"] is None
        state = watcher.until(lambda m: m["type"] == "state")
        assert state["legal"] == [] and all("hand" not in s for s in state["view"]["seats"])
        watcher.act("stop")
        assert watcher.error()["message"].startswith("spectators watch")


def test_too_many_messages_are_refused_without_closing(db: str) -> None:
    with TestClient(create_app(db, bot_workers=0, rate=5, open_seeds=True)) as client:
        room, tokens = _duel(client)
        with client.websocket_connect(f"/api/rooms/{room}/ws?token={tokens[0]}") as ws:
            player = Player(ws)
            for _ in range(30):
                player.send({"type": "ping"})
            answers = [player.until(lambda m: m["type"] in ("pong", "error")) for _ in range(30)]
            refused = [a for a in answers if a["type"] == "error"]
            assert refused and refused[0]["message"] == "too many messages (at most 5 a second)"
            time.sleep(0.3)  # the bucket refills
            player.send({"type": "ping"})
            assert player.until(lambda m: m["type"] in ("pong", "error")) == {"type": "pong"}


def test_who_is_connected_is_shown_to_the_others(client: TestClient) -> None:
    room, tokens = _duel(client)
    base = f"/api/rooms/{room}/ws?token="
    with client.websocket_connect(base + tokens[0]) as w0:
        ami = Player(w0)
        first = ami.until(lambda m: m["type"] == "presence")
        assert [s["connected"] for s in first["seats"]] == [True, False]
        with client.websocket_connect(base + tokens[1]):
            joined = ami.until(lambda m: m["type"] == "presence")
            assert [s["connected"] for s in joined["seats"]] == [True, True]
        left = ami.until(lambda m: m["type"] == "presence")
        assert [s["connected"] for s in left["seats"]] == [True, False]


def test_a_player_who_leaves_is_played_by_a_bot_to_the_end(client: TestClient) -> None:
    room, tokens = _duel(client, seed=8)
    base = f"/api/rooms/{room}/ws?token="
    with (
        client.websocket_connect(base + tokens[0]) as w0,
        client.websocket_connect(base + tokens[1]) as w1,
    ):
        ami, ben = Player(w0), Player(w1)
        ben.send({"type": "leave"})
        news = ami.until(lambda m: m["type"] == "takeover")
        assert news["seat"] == 1 and news["why"] == "left" and news["bot"] == "greedy"
        final = play_out(ami, random.Random(8))
        assert final["outcome"]
        ben.act("stop")
        refusal = ben.error()
        assert refusal["message"] == "seat 1 is played by the bot greedy"
        assert refusal["said"]["ja"] == "{s:1}はボット(greedy)がプレイしています"  # the page names
    moves = client.get(f"/api/rooms/{room}/record").json()["moves"]
    assert moves


def test_a_person_whose_seat_a_bot_took_over_plays_it_again(client: TestClient) -> None:
    """A person who left, or whose time ran out (even before they came), takes their seat
    back (``back``): the bot stops, everyone is told, their moves are theirs again; a seat
    they play already, or a spectator, is refused."""
    room, tokens = _duel(client, seed=8)
    base = f"/api/rooms/{room}/ws?token="
    with (
        client.websocket_connect(base + tokens[0]) as w0,
        client.websocket_connect(base + tokens[1]) as w1,
        client.websocket_connect(f"/api/rooms/{room}/ws") as watching,
    ):
        ami, ben, spectator = Player(w0), Player(w1), Player(watching)
        ben.send({"type": "back"})
        assert ben.error()["said"]["en"] == "you are playing this seat already"
        ben.send({"type": "leave"})
        ami.until(lambda m: m["type"] == "takeover")
        ben.send({"type": "back"})
        news = ami.until(lambda m: m["type"] == "back")
        assert news["seat"] == 1 and news["state"]["seats"][1]["bot"] is None
        ben.until(lambda m: m["type"] == "back")
        spectator.send({"type": "back"})
        assert "spectators watch" in spectator.error()["message"]
        # Ben's moves are his again: the next one of his is made by him, not the bot.
        for _ in range(8):
            ami.send({"type": "sync"})
            now = ami.until(lambda m: m["type"] == "state")
            if 1 in now["active"]:
                break
            ami.act(now["legal"][0])
            ami.until(lambda m: m["type"] == "move")
        ben.send({"type": "sync"})
        mine = ben.until(lambda m: m["type"] == "state")
        assert 1 in mine["active"] and mine["legal"]
        ben.act(mine["legal"][0])
        assert ami.until(lambda m: m["type"] == "move" and m["seat"] == 1)["by"] == "seat"
    assert client.get(f"/api/rooms/{room}").json()["seats"][1]["bot"] is None


def test_a_person_out_of_time_is_played_by_a_bot_for_that_turn(client: TestClient) -> None:
    """Ami's time runs out: a bot makes her turn's moves, and her seat stays hers, so her
    next turn is hers again with a full clock (a table whose people are away goes on at the
    timer's pace, not a bot's, and leaves them time to come back)."""
    room = make_room(
        client, "starmine", [{"name": "ami"}, {"bot": "normal"}], seed=3, turn_seconds=1,
        options={"start_player": 0},
    )  # fmt: skip
    token = room["invites"][0]["token"]
    with client.websocket_connect(f"/api/rooms/{room['room']}/ws?token={token}") as ws:
        ami = Player(ws)
        ami.send({"type": "join"})  # (her clock runs from then on)
        news = ami.until(lambda m: m["type"] == "takeover")
        assert news == {**news, "seat": 0, "why": "time", "bot": "greedy"}
        assert news["state"]["seats"][0]["bot"] is None  # her seat, for her next turn
        stood_in = ami.until(lambda m: m["type"] == "move" and m["seat"] == 0)
        assert stood_in["by"] == "greedy"
        # Her next turn: hers to play (the stand-in's turn ended when the other moved).
        ami.until(lambda m: m["type"] == "move" and m["seat"] == 1)
        state = ami.until(lambda m: bool((m.get("state") or m).get("legal")))
        ami.act((state.get("state") or state)["legal"][0])
        mine = ami.until(lambda m: m["type"] == "move" and m["seat"] == 0)
        assert mine["by"] == "seat"
    assert client.get(f"/api/rooms/{room['room']}").json()["seats"][0]["bot"] is None


def test_a_reconnection_gets_the_moves_it_missed(client: TestClient) -> None:
    room = make_room(client, "starmine", [{"name": "ami"}, {"bot": "normal"}], seed=6)
    url = f"/api/rooms/{room['room']}/ws?token={room['invites'][0]['token']}"
    rng = random.Random(6)
    with client.websocket_connect(url) as ws:
        ami = Player(ws)
        state = ami.my_turn_or_over()
        ami.act(rng.choice(state["legal"]))
        seen = ami.until(lambda m: m["type"] == "move")["number"]
    now = client.get(f"/api/rooms/{room['room']}").json()["moves"]
    with client.websocket_connect(url + f"&since={seen}") as ws:
        again = Player(ws)
        assert again.next()["type"] == "hello"
        missed = [again.next() for _ in range(now - seen)]
        assert [m["number"] for m in missed] == list(range(seen + 1, now + 1))
        assert all(m["type"] == "move" and m["seat"] == 1 for m in missed)
        assert again.next()["type"] == "presence"  # the news, after what it missed
        assert again.next()["type"] == "state"


def test_a_move_made_during_a_catch_up_comes_after_it(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every move reaches a reconnection in order, even one made while the server works out
    what it missed (a client keeps the highest move number it has seen, so a move overtaking
    the catch-up would hide the moves behind it)."""
    room, tokens = _duel(client)
    working, go_on = threading.Event(), threading.Event()
    catch_up = rooms.missed  # app.py's own name for it is replaced below

    def slow_catch_up(*args: Any) -> Any:
        working.set()
        assert go_on.wait(10)
        return catch_up(*args)

    monkeypatch.setattr(server_app, "missed", slow_catch_up)
    rng = random.Random(7)
    with two_seated(client, room, tokens) as players:

        def move() -> None:
            mover = next(p for p in players if p.state and p.state["legal"])
            mover.act(rng.choice(mover.state["legal"]))  # type: ignore[index]
            for p in players:  # each is told the move, with its new state
                p.until(lambda m: m["type"] == "move")

        move()
        move()
        with client.websocket_connect(f"/api/rooms/{room}/ws?token={tokens[0]}&since=0") as ws:
            late = Player(ws)
            assert working.wait(10)
            move()  # the third move, while the catch-up of the first two is being worked out
            go_on.set()
            late.until(lambda m: m["type"] == "state")
    numbers = [m["number"] for m in late.received if m["type"] == "move"]
    assert numbers == [1, 2, 3]
    # The held move brings its state and the snapshot after it repeats that state: a client
    # that acted on the first waits for its action's own move (tests/server/helpers.Player).
    held, snapshot = late.received[-2:]
    assert held["state"]["number"] == snapshot["number"] == 3


def test_a_room_of_several_people_takes_no_chosen_seed(db: str) -> None:
    """The seed deals every card: whoever chose it could work out the others' hands."""
    with TestClient(create_app(db, bot_workers=0)) as client:
        two = {"game": "starmine", "seats": [{"name": "ami"}, {"name": "ben"}], "seed": 3}
        answer = client.post("/api/rooms", json=two)
        assert answer.status_code == 400 and "takes no chosen seed" in answer.json()["detail"]
        alone = {"game": "starmine", "seats": [{"name": "ami"}, {"bot": "normal"}], "seed": 3}
        assert client.post("/api/rooms", json=alone).status_code == 201  # replay a deal
        unseeded = client.post("/api/rooms", json={**two, "seed": None}).json()
        assert client.get(f"/api/rooms/{unseeded['room']}").status_code == 200


def test_a_guest_cannot_set_a_bots_budget(client: TestClient) -> None:
    """A seat's bot is a level or a name: lookahead:seconds=1e9 would hold a bot worker."""
    seats = [{"name": "ami"}, {"bot": "lookahead:seconds=1e9"}]
    answer = client.post("/api/rooms", json={"game": "starmine", "seats": seats})
    assert answer.status_code == 400 and "without parameters" in answer.json()["detail"]


def test_odd_frames_get_an_error_and_the_connection_stays(client: TestClient) -> None:
    room, tokens = _duel(client)
    with client.websocket_connect(f"/api/rooms/{room}/ws?token={tokens[0]}") as ws:
        player = Player(ws)
        player.until(lambda m: m["type"] == "state")
        ws.send_bytes(b"\x00\x01")
        assert player.error()["message"] == "send text frames of JSON"
        ws.send_text('{"type": "act", "action": ' + "[" * 2000 + "]" * 2000 + "}")
        assert "not JSON" in player.error()["message"]
        player.send({"type": "ping"})
        assert player.until(lambda m: m["type"] in ("pong", "error")) == {"type": "pong"}
    with client.websocket_connect(f"/api/rooms/{room}/ws?since=abc") as ws:
        assert ws.receive_json() == {"type": "error", "message": "since is a number of moves"}
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4400


def test_a_bot_that_keeps_failing_is_replaced_for_that_move(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The room never waits on a broken bot: after three failures the random bot moves."""
    from asobi.server import bots, rooms

    monkeypatch.setattr(rooms, "RETRY_PAUSE", 0.01)
    real = bots.choose

    def broken(record: dict[str, object], seat: int, bot: str, seed: int) -> str:
        if bot == "greedy":
            raise RuntimeError("a bug in the bot")
        return real(record, seat, bot, seed)

    monkeypatch.setattr(bots, "choose", broken)
    room = make_room(client, "starmine", [{"name": "ami"}, {"bot": "normal"}], seed=3)
    url = f"/api/rooms/{room['room']}/ws?token={room['invites'][0]['token']}"
    with client.websocket_connect(url) as ws:
        ami = Player(ws)
        for _ in range(3):
            state = ami.my_turn_or_over()
            ami.act(state["legal"][0])
        bot_moves = [m for m in ami.received if m["type"] == "move" and m["seat"] == 1]
        assert bot_moves and all(m["by"] == "greedy" for m in bot_moves)  # played for it


def test_the_turn_timer_runs_per_turn_and_a_take_back_does_not_wind_it_back(
    client: TestClient,
) -> None:
    room = make_room(client, "itsmine", [{"name": "ami"}, {"name": "ben"}], seed=5, turn_seconds=1)
    with two_seated(client, room["room"], [i["token"] for i in room["invites"]]) as (_, ben):
        assert ben.state is not None
        bid = ben.state["legal"][-1]
        ben.send({"type": "join"})
        start = time.monotonic()

        def taken() -> bool:
            return any(m["type"] == "takeover" for m in ben.received)

        while time.monotonic() - start < 4 and not taken():
            ben.act(bid)
            ben.until(lambda m: m["type"] in ("move", "takeover", "error"))
            if taken():
                break
            ben.send({"type": "undo"})
            ben.until(lambda m: m["type"] in ("undo", "takeover", "error"))
        # Were a take-back to wind the 1 s clock back, bidding and taking back for 4 s would
        # keep it from ever running out.
        assert taken(), "bidding and taking it back kept the clock from running out"


def test_one_address_holds_only_so_many_sockets_at_once(db: str) -> None:
    """One client cannot fill the server's memory with connections: the one too many is told
    why and closed (4429); the others play on, and closing one frees its place."""
    with TestClient(create_app(db, bot_workers=0, max_sockets=2, open_seeds=True)) as client:
        room, _ = _duel(client)
        url = f"/api/rooms/{room}/ws"
        with client.websocket_connect(url) as first, client.websocket_connect(url) as second:
            watchers = Player(first), Player(second)
            for w in watchers:
                w.until(lambda m: m["type"] == "state")
            with client.websocket_connect(url) as third:
                refused = third.receive_json()
                assert refused == {
                    "type": "error",
                    "message": "too many connections from your address (at most 2 at once)",
                }
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_json()
                assert closed.value.code == 4429
            watchers[0].send({"type": "ping"})
            assert watchers[0].until(lambda m: m["type"] in ("pong", "error"))["type"] == "pong"
        with client.websocket_connect(url) as again:  # both closed: room for more
            assert Player(again).until(lambda m: m["type"] == "state")["number"] == 0


def test_one_address_makes_only_so_many_rooms_a_minute(db: str) -> None:
    """One client cannot fill the database with rooms: past its bursts (a third of a
    minute's rooms), a clear 429, and the server goes on answering."""
    with TestClient(create_app(db, bot_workers=0, rooms_per_minute=6)) as client:
        alone = {"game": "starmine", "seats": [{"name": "ami"}, {"bot": "normal"}]}
        answers = [client.post("/api/rooms", json=alone) for _ in range(3)]
        assert [a.status_code for a in answers] == [201, 201, 429]
        assert answers[2].json()["detail"] == (
            "too many rooms made from your address (at most 6 a minute): wait a moment"
        )
        assert len(client.get("/api/rooms").json()) == 2, "the refused room was never made"
        assert client.get("/api/games").status_code == 200


def test_the_server_forgets_the_longest_unused_addresses_first() -> None:
    """The room buckets are kept for so many addresses, no more: a flood of addresses cannot
    grow them without end, and an address in use keeps its bucket."""
    addresses = server_app.PerAddress(max_sockets=1, rooms_per_minute=3)  # bursts of one
    addresses.KEPT = 3
    assert addresses.may_make_room("a") and not addresses.may_make_room("a")
    for other in ("b", "c"):
        assert addresses.may_make_room(other)
    assert not addresses.may_make_room("a"), "still remembered, and empty"
    assert addresses.may_make_room("d")  # "b", the longest unused, is forgotten
    assert list(addresses.buckets) == ["c", "a", "d"]
    assert addresses.open("a") and not addresses.open("a")
    addresses.close("a")
    assert addresses.sockets == {}


def test_the_games_in_play_are_listed_after_a_restart(db: str) -> None:
    """観戦: rooms read back from SQLite (which keeps no time zone) and rooms made since are
    listed together, newest first (a naive and an aware time cannot be compared: the list
    was a server error once a room was made after a restart)."""
    seats = [{"name": "ami"}, {"bot": "random"}]
    with TestClient(create_app(db, bot_workers=0, rate=1e9)) as first:
        before = first.post("/api/rooms", json={"game": "starmine", "seats": seats}).json()
    with TestClient(create_app(db, bot_workers=0, rate=1e9)) as again:
        after = again.post("/api/rooms", json={"game": "itsmine", "seats": seats}).json()
        listed = again.get("/api/rooms")
        assert listed.status_code == 200, listed.text
        assert [r["room"] for r in listed.json()] == [after["room"], before["room"]]


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, "bad\u0007bell"])
def test_a_name_that_will_not_do_is_refused_and_the_seat_keeps_its_own(
    client: TestClient, name: str
) -> None:
    """A blank name would leave the seat "Player 2" for everyone; a name too long or with
    control characters cannot be shown: each is refused in both languages, in the same
    words whatever was wrong, and the seat keeps its name."""
    room = make_room(client, "starmine", [{"name": "ben"}, {"bot": "random"}], seed=1)
    url = f"/api/rooms/{room['room']}/ws?token={room['invites'][0]['token']}"
    with client.websocket_connect(url) as ws:
        ben = Player(ws)
        ben.until(lambda m: m["type"] == "state")
        ben.send({"type": "name", "name": name})
        refusal = ben.error()
        assert refusal["message"] == "a name is 1 to 40 printable characters"
        assert refusal["said"]["ja"] == "名前は1〜40文字の表示できる文字です"
    assert client.get(f"/api/rooms/{room['room']}").json()["seats"][0]["name"] == "ben"


def test_a_move_code_too_long_is_refused_without_being_echoed(client: TestClient) -> None:
    """A hand-written message with an enormous move is refused in one short line (no move's
    code is that long; a parse error would have echoed it back whole)."""
    room = make_room(client, "starmine", [{"name": "ben"}, {"bot": "random"}], seed=1)
    url = f"/api/rooms/{room['room']}/ws?token={room['invites'][0]['token']}"
    with client.websocket_connect(url) as ws:
        ben = Player(ws)
        ben.until(lambda m: m["type"] == "state")
        ben.send({"type": "act", "action": "play " + "Z9 " * 1000})
        assert ben.error()["message"] == "a move's code is at most 200 characters"


def test_a_bot_is_made_off_the_event_loop_when_a_room_is_made(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Making a room checks its bots by making them, and a bot may build its tables as it
    is made (a second or two, once a process): that happens in a thread, so the other rooms
    go on meanwhile."""
    made_in: list[threading.Thread] = []
    real = make_bot

    def make(name: str, game: str, seed: int) -> object:
        made_in.append(threading.current_thread())
        return real(name, game, seed)

    monkeypatch.setattr(rooms, "make_bot", make)

    async def scenario() -> threading.Thread:
        lobby = rooms.Lobby(Store(db), BotRunner(0))
        await lobby.start()
        await lobby.opened()
        await lobby.create("starmine", None, [rooms.NewSeat("ami"), rooms.NewSeat("b", "easy")])
        loop_thread = threading.current_thread()
        await lobby.stop()
        return loop_thread

    loop_thread = asyncio.run(scenario())
    assert made_in and all(thread is not loop_thread for thread in made_in)


def test_an_address_that_is_no_page_is_a_page_that_says_so(client: TestClient) -> None:
    """Bad input on the page: a mistyped or cut table link shows a page in both languages
    with the way back to the lobby (not the framework's JSON), under the same policy as
    every page; the API still answers JSON."""
    for address in ("/play/", "/play/abc/def", "/tables", "/ロビー"):
        answer = client.get(address)
        assert answer.status_code == 404, address
        assert answer.headers["content-type"].startswith("text/html")
        assert "There is no such page here." in answer.text
        assert "このページは見つかりません。" in answer.text and 'href="/"' in answer.text
        assert "script-src" in answer.headers["Content-Security-Policy"]
        assert "<script" not in answer.text
    for address in ("/api/nothing", "/static/nothing.js"):
        answer = client.get(address)
        assert answer.status_code == 404 and answer.json() == {"detail": "Not Found"}
