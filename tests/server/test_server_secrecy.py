"""Hidden information never leaks through the server: every message a seat receives holds
exactly what the engine lets that seat see (its view, the events visible to it, its own
action codes and nobody else's), checked move by move against a replay of the game."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from asobi.core.records import GameRecord, replay_steps
from asobi.server import rooms

from .helpers import Player, make_room, play_together, two_seated

SEATS = {"starmine": 2, "itsmine": 2, "laminate": 3, "rummycity": 2, "carrotein": 3}


def assert_told_only_what_it_may_know(
    received: list[dict[str, Any]], record: GameRecord, seat: int | None
) -> None:
    steps = list(replay_steps(record))
    # Told of each move but a step of another's move still in progress of which it sees
    # nothing (not even that it was made: Laminate Rummy's draft, a card at a time).
    first = next(m["number"] for m in received if m["type"] == "state")  # on connecting
    told = {
        s.number
        for s in steps[first + 1 :]
        if s.seat is not None and rooms.told(seat, s.seat, s.events, s.state)
    }
    assert {m["number"] for m in received if m["type"] == "move"} == told
    checked = 0
    for message in received:
        if message["type"] == "move":
            step = steps[message["number"]]
            assert message["seat"] == step.seat
            assert message["code"] == (step.code if seat == step.seat else None)
            assert message["events"] == [e.to_json() for e in step.events if e.visible_to(seat)]
        state = message if message["type"] == "state" else message.get("state")
        if state is not None:
            at = steps[state["number"]].state
            assert state["view"] == at.view(seat)
            mine = seat is not None and seat in at.active_seats()
            assert state["legal"] == ([a.encode() for a in at.legal_actions(seat)] if mine else [])
            checked += 1
    assert checked > len(record.moves) // 2


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(SEATS))
def test_each_seat_and_a_spectator_get_only_their_own_view_and_events(
    client: TestClient, game: str
) -> None:
    seats = [{"name": "ami"}, {"name": "ben"}] + [{"bot": "random"}] * (SEATS[game] - 2)
    room = make_room(client, game, seats, seed=11)
    base = f"/api/rooms/{room['room']}/ws"
    tokens = [i["token"] for i in room["invites"]]
    with (
        client.websocket_connect(f"{base}?token={tokens[0]}") as w0,
        client.websocket_connect(f"{base}?token={tokens[1]}") as w1,
        client.websocket_connect(base) as watcher,
    ):
        players = [Player(w0), Player(w1)]
        play_together(players, random.Random(11))
        spectator = Player(watcher)
        spectator.until(lambda m: (m.get("state") or m).get("outcome") is not None)
    record = GameRecord.from_json(client.get(f"/api/rooms/{room['room']}/record").json())
    for seat, player in enumerate(players):
        assert_told_only_what_it_may_know(player.received, record, seat)
    assert_told_only_what_it_may_know(spectator.received, record, None)


def test_a_draft_in_progress_is_no_news_to_the_others(client: TestClient) -> None:
    """Laminate Rummy's publishing (論文発表), a card at a time: the others see an ordinary
    turn until the paper is on the table, and are not even told that the drafter moved
    (a message without news would say that a paper of so many cards is being drafted)."""
    room = make_room(client, "laminate", [{"name": n} for n in ("ami", "ben", "cai")], seed=3)
    base = f"/api/rooms/{room['room']}/ws?token="
    tokens = [i["token"] for i in room["invites"]]
    with (
        client.websocket_connect(base + tokens[0]) as w0,
        client.websocket_connect(base + tokens[1]) as w1,
        client.websocket_connect(base + tokens[2]) as w2,
    ):
        players = [Player(w0), Player(w1), Player(w2)]
        play_together(players, random.Random(3), prefer=lambda code: code.startswith("publish"))
    record = GameRecord.from_json(client.get(f"/api/rooms/{room['room']}/record").json())
    steps = list(replay_steps(record))[1:]
    for seat, player in enumerate(players):
        assert_told_only_what_it_may_know(player.received, record, seat)
        quiet = [
            s
            for s in steps
            if s.seat is not None and not rooms.told(seat, s.seat, s.events, s.state)
        ]
        assert quiet, f"seat {seat} was told of every move: no draft by another was seen"


def test_a_bid_stays_secret_until_both_have_bid(client: TestClient) -> None:
    """It's Mine!'s bids are simultaneous (同時に公開): the first bidder's choice reaches
    the other seat neither as a code nor in the view until the second has bid."""
    room = make_room(client, "itsmine", [{"name": "ami"}, {"name": "ben"}], seed=5)
    tokens = [i["token"] for i in room["invites"]]
    with two_seated(client, room["room"], tokens) as (ami, ben):
        assert ami.state and ben.state
        assert ami.state["active"] == [0, 1]  # both bid at once
        bid = ben.state["legal"][-1]
        before = ami.state["view"]
        ben.act(bid)
        news = ami.until(lambda m: m["type"] == "move")
        assert news["code"] is None and news["seat"] == 1
        assert news["events"] == [{"kind": "bid_committed", "seat": 1}]  # not its face
        after = ami.state
        assert after is not None and after["legal"]  # ami still to bid
        assert after["view"]["seats"][1] == {**before["seats"][1], "committed": True}
        assert {k for k in before if before[k] != after["view"][k]} == {"active", "seats"}
        mine = ben.until(lambda m: m["type"] == "move")
        face = int(bid.split()[1])
        assert mine["code"] == bid and {"kind": "bid", "seat": 1, "face": face} in mine["events"]
