"""Undo within the rules of fair play, and a rematch, through the server."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from asobi.core.records import GameRecord
from asobi.core.registry import get_spec
from asobi.server import rooms
from asobi.server.rooms import said_for
from asobi.server.store import Happening

from .helpers import Player, make_room, play_out, seated, two_seated


def _bidders(client: TestClient) -> tuple[str, list[str]]:
    room = make_room(client, "itsmine", [{"name": "ami"}, {"name": "ben"}], seed=5)
    return room["room"], [i["token"] for i in room["invites"]]


def test_a_secret_bid_is_taken_back_before_the_other_bids(client: TestClient) -> None:
    room, tokens = _bidders(client)
    with two_seated(client, room, tokens) as (ami, ben):
        assert ben.state is not None
        first, second = ben.state["legal"][-1], ben.state["legal"][0]
        ben.act(first)
        ben.until(lambda m: m["type"] == "move")
        ben.send({"type": "undo"})
        news = ami.until(lambda m: m["type"] == "undo")
        assert news["seat"] == 1 and news["number"] == 0
        assert news["state"]["active"] == [0, 1]
        ben.until(lambda m: m["type"] == "undo")
        ben.act(second)
        ben.until(lambda m: m["type"] == "move")
    record = client.get(f"/api/rooms/{room}").json()
    assert record["moves"] == 1


def test_what_fair_play_forbids_is_refused_with_the_reason(client: TestClient) -> None:
    room = make_room(client, "starmine", [{"name": "ami"}, {"name": "ben"}], seed=2)
    tokens = [i["token"] for i in room["invites"]]
    with two_seated(client, room["room"], tokens) as (ami, ben):
        mover, other = (ami, ben) if ami.state and ami.state["legal"] else (ben, ami)
        other.send({"type": "undo"})
        refusal = other.error()
        assert refusal["message"] == "only your own last move can be taken back"
        assert refusal["said"]["ja"] == "取り消せるのは自分の最後の手だけです"  # for the page
        assert mover.state is not None
        discard = next(c for c in mover.state["legal"] if c.startswith("discard"))
        mover.act(discard)
        mover.until(lambda m: m["type"] == "move")
        mover.send({"type": "undo"})
        refused = mover.error()
        assert refused["message"].startswith(f"{discard!r} cannot be taken back: it showed seat")
        assert refused["said"]["ja"].startswith("「{c:")  # the card, drawn by the page
        assert "を捨てる」は取り消せません:" in refused["said"]["ja"]
    assert client.get(f"/api/rooms/{room['room']}").json()["moves"] == 1


def test_a_page_asks_whether_a_take_back_would_work_before_it_offers_one(
    client: TestClient,
) -> None:
    """``can_undo``: the same test as a take-back (asobi.core.takeback), nothing taken back:
    a secret bid the other has still to make may be; a discard, which showed a hidden card,
    may not; nor another seat's move. The answer names the move number it is for."""
    room, tokens = _bidders(client)
    with two_seated(client, room, tokens) as (ami, ben):
        assert ben.state is not None
        ben.act(ben.state["legal"][-1])
        ben.until(lambda m: m["type"] == "move")
        ben.send({"type": "can_undo"})
        assert ben.until(lambda m: m["type"] == "can_undo") == {
            "type": "can_undo", "number": 1, "ok": True,
        }  # fmt: skip
        ami.send({"type": "can_undo"})
        assert ami.until(lambda m: m["type"] == "can_undo")["ok"] is False
    assert client.get(f"/api/rooms/{room}").json()["moves"] == 1  # nothing taken back
    made = make_room(client, "starmine", [{"name": "ami"}, {"name": "ben"}], seed=2)
    tokens = [i["token"] for i in made["invites"]]
    with two_seated(client, made["room"], tokens) as (ami, ben):
        mover = ami if ami.state and ami.state["legal"] else ben
        assert mover.state is not None
        mover.act(next(c for c in mover.state["legal"] if c.startswith("discard")))
        mover.until(lambda m: m["type"] == "move")
        mover.send({"type": "can_undo"})
        assert mover.until(lambda m: m["type"] == "can_undo")["ok"] is False
        mover.send({"type": "undo"})
        assert "cannot be taken back" in mover.error()["message"]  # as asked, so done


def test_a_rematch_seats_everyone_again_with_new_links(client: TestClient) -> None:
    room = make_room(client, "starmine", [{"name": "ami"}, {"bot": "random"}], seed=9)
    url = f"/api/rooms/{room['room']}/ws?token={room['invites'][0]['token']}"
    with client.websocket_connect(url) as ws:
        ami = Player(ws)
        play_out(ami, random.Random(9))
        ami.send({"type": "rematch"})
        news = ami.until(lambda m: m["type"] == "rematch")
    assert news["room"] != room["room"] and "?token=" in news["link"]
    again = client.get(f"/api/rooms/{news['room']}").json()
    assert [s["bot"] for s in again["seats"]] == [None, "random"]
    token = news["link"].split("token=")[1]
    with client.websocket_connect(f"/api/rooms/{news['room']}/ws?token={token}") as ws:
        hello = Player(ws).next()
        assert hello["type"] == "hello" and hello["seat"] == 0


def test_a_page_opened_later_is_told_the_take_backs_takeovers_and_comebacks_where_they_were(
    client: TestClient,
) -> None:
    """Ben bids, takes it back and bids again, leaves (a bot plays his seat) and comes back:
    a page opened afterwards gets each, in the order they happened among the moves (``was``),
    counted as the live messages were (``at``), so that a page tells each once."""
    room, tokens = _bidders(client)
    with two_seated(client, room, tokens) as (ami, ben):
        assert ben.state is not None
        bid = ben.state["legal"][-1]
        ben.act(bid)
        ben.until(lambda m: m["type"] == "move")
        ben.send({"type": "undo"})
        assert ami.until(lambda m: m["type"] == "undo")["at"] == 1
        ben.until(lambda m: m["type"] == "undo")
        ben.act(bid)
        ben.until(lambda m: m["type"] == "move")
        ben.send({"type": "leave"})
        assert ami.until(lambda m: m["type"] == "takeover")["at"] == 2
        ben.send({"type": "back"})
        assert ami.until(lambda m: m["type"] == "back")["at"] == 3
    with client.websocket_connect(f"/api/rooms/{room}/ws?token={tokens[0]}&since=0") as ws:
        late = Player(ws)
        late.until(lambda m: m["type"] == "state")
    told = [
        (m["type"], m.get("kind"), m["number"], m.get("at"))
        for m in late.received
        if m["type"] in ("move", "was")
    ]
    assert told == [
        ("was", "undo", 0, 1),
        ("move", None, 1, None),
        ("was", "takeover", 1, 2),
        ("was", "back", 1, 3),
    ]
    takeover = next(m for m in late.received if m.get("kind") == "takeover")
    assert takeover["seat"] == 1 and takeover["why"] == "left" and takeover["bot"]


def test_a_card_laid_in_a_paper_still_drafted_is_taken_back_and_nobody_else_hears(
    client: TestClient,
) -> None:
    """Laminate Rummy's 論文発表 is drafted a card at a time, hidden from the others until the
    paper is on the table: its maker may take a step back (and change their mind), and the
    others are told neither the step nor its taking back."""
    room = make_room(client, "laminate", [{"name": n} for n in ("ami", "ben", "cho")], seed=3)
    tokens = [i["token"] for i in room["invites"]]
    rng = random.Random(3)
    with seated(client, room["room"], tokens) as players:
        while True:
            for p in players:  # the table as it is now, for each
                p.send({"type": "sync"})
                p.send({"type": "ping"})
                p.until(lambda m: m["type"] == "pong")
            mover = next(p for p in players if p.state and p.state["legal"])
            assert mover.state is not None
            drafts = [c for c in mover.state["legal"] if c.startswith("publish")]
            if drafts:
                break
            mover.act(rng.choice(mover.state["legal"]))
            mover.until(lambda m: m["type"] == "move")
        others = [p for p in players if p is not mover]
        heard = [len(p.received) for p in others]
        offered = list(mover.state["legal"])
        mover.act(drafts[0])
        mover.until(lambda m: m["type"] == "move")
        mover.send({"type": "undo"})
        back = mover.until(lambda m: m["type"] in ("undo", "error"))
        assert back["type"] == "undo", back
        assert back["state"]["legal"] == offered  # the turn as it was, to choose again
        for p, before in zip(others, heard, strict=True):
            p.send({"type": "ping"})
            p.until(lambda m: m["type"] == "pong")
            news = [m["type"] for m in p.received[before:]]
            assert news == ["pong"], news  # nothing of the draft, nor of its taking back


def test_a_take_back_of_a_step_nobody_else_saw_is_told_later_to_its_maker_only() -> None:
    """Laminate Rummy's draft, a card at a time, is no news to the others (test_server_
    secrecy): a step of it taken back is not either, in a page opened later (the catch-up
    asked directly about one kept as taken back)."""
    spec = get_spec("laminate")
    options = spec.options({"players": 3})
    state, rng, moves = spec.new_game(options, 3), random.Random(3), []
    while True:
        seat = min(state.active_seats())
        legal = [a.encode() for a in state.legal_actions(seat)]
        drafts = [code for code in legal if code.startswith("publish")]
        if drafts:
            break
        code = rng.choice(legal)
        state.apply(seat, spec.action_space.decode(code))
        moves.append((seat, code))
    record = GameRecord(game="laminate", options=options.model_dump(), seed=3, moves=moves)
    undone = Happening(len(moves), seat, "undo", code=drafts[0])
    words = said_for("laminate", options)
    for viewer in (0, 1, 2, None):
        told = rooms.missed(record, ["seat"] * len(moves), viewer, 0, words, [undone])
        was = [m for m in told if m["type"] == "was"]
        said = {"type": "was", "kind": "undo", "at": 1, "number": len(moves), "seat": seat}
        assert was == ([{**said, "bot": None, "why": None}] if viewer == seat else [])
