"""Hidden information: the hands and the deck are face down (準備 2 「裏向きに束ねて」), the two
cards drawn are the drawer's (研究), a publication is shown when the paper is on the table,
a gift is between giver and receiver (ruling); the discards (「表向きに捨てます」) and the
papers (「表向きに1列に並べます」) are public. determinize; action codes; records."""

from __future__ import annotations

import random
from collections.abc import Iterator

import jsonschema
import pytest

from asobi.core import BadActionCode, Match, replay
from asobi.games.laminate.actions import ACTION_SPACE
from asobi.games.laminate.state import LaminateState
from asobi.games.laminate.views import VIEW

from .laminate_helpers import (
    game,
    hand,
    legal,
    paper,
    play,
    seen_by,
    snapshot,
    table,
    view_json,
    visible_strings,
)


def random_positions(games: int) -> Iterator[LaminateState]:
    """Every position of a few random games of 3, 4 and 5 players (random legal moves)."""
    rng = random.Random(11)
    for seed in range(games):
        state = game(seed=seed, players=3 + seed % 3)
        yield state
        while state.outcome() is None:
            (seat,) = state.active_seats()
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            yield state


def hidden_from(state: LaminateState, seat: int | None) -> set[str]:
    """The card codes ``seat`` may not see: the deck, the others' hands (but the cards seen
    arriving there), another researcher's two drawn cards."""
    me = state.n if seat is None else seat
    cards = list(state.deck)
    for other in range(state.n):
        if other != seat:
            cards += [c for c in state.hands[other] if c not in state.known[me][other]]
    if state.turn != seat:
        cards += state.drawn
    return {c.code for c in cards}


HILBERT_AND_BANACH = {
    "hands": [["O7", "C7", "HA", "K8", "T12"], ["B4"], ["O3"]],
    "papers": [
        [{"paper": "kind3", "cards": ["H7"]}],
        [{"paper": "sum49", "cards": ["B7"]}, {"paper": "straight5", "cards": ["S7"]}],
        [],
    ],
    "deck": ["H2", "O2", "H3", "O4"],
    "rest": "box",
}


# --- views ------------------------------------------------------------------------------------
def test_views_hide_hands_deck_and_drawn_cards_in_random_games() -> None:
    """準備 2 「裏向きに束ねて」, 研究 (the drawer chooses), and the gift ruling."""
    checked = 0
    for i, state in enumerate(random_positions(5)):
        if i % 5:
            continue
        for seat in (None, *range(state.n)):
            leaked = visible_strings(state.view(seat)) & hidden_from(state, seat)
            assert not leaked, f"view({seat}) shows {leaked}"
            checked += 1
    assert checked > 150


def test_views_a_seat_sees_its_own_hand_the_others_see_its_size() -> None:
    state = table([["O7", "C7"], ["B4"], ["O3", "S5", "T6"]], deck=["H2"])
    assert hand(state, 0) == ["O7", "C7"]
    for seat in (None, 1, 2):
        assert "hand" not in state.view(seat)["seats"][0]
        assert not {"O7", "C7"} & visible_strings(state.view(seat))
    assert [s["hand_size"] for s in state.view(None)["seats"]] == [2, 1, 3]
    assert "H2" not in visible_strings(state.view(0)), "the deck is face down"
    assert state.view(1)["deck_size"] == 1


def test_views_the_two_cards_drawn_are_the_drawers() -> None:
    """研究: the drawer chooses between the two cards drawn; the one discarded is face up."""
    state = table([["O7"], ["B4"], ["O3"]], deck=["HA", "H2", "H3"])
    events = play(state, 0, "draw")
    assert state.view(0)["drawn"] == ["HA", "H2"]
    for seat in (None, 1, 2):
        assert "drawn" not in state.view(seat)
        assert state.view(seat)["drawing"] == 2 and state.view(seat)["phase"] == "keep"
        assert not {"HA", "H2"} & visible_strings(state.view(seat))
        assert not {"HA", "H2"} & visible_strings(seen_by(events, seat))
    assert {"HA", "H2"} <= visible_strings(seen_by(events, 0))
    events = play(state, 0, "keep H2")
    for seat in (None, 1, 2):
        assert "H2" not in visible_strings(state.view(seat)), "the card kept stays secret"
        assert "HA" in state.view(seat)["discards"]
        assert {"kind": "discard", "seat": 0, "card": "HA"} in seen_by(events, seat)


def test_views_cards_taken_from_the_discards_or_a_paper_are_known() -> None:
    """Face-up cards (the discards, the papers) seen arriving in a hand stay known."""
    state = table([["O7"], ["B4"], ["O3"]], [[], [paper("kind3", "S7", "T7")], []], discards=["HA"])
    play(state, 0, "take")
    play(state, 1, "review T7")
    for seat in (None, 2):
        known = state.view(seat)["seats"]
        assert known[0]["known_cards"] == ["HA"] and known[1]["known_cards"] == ["T7"]
    assert state.view(1)["seats"][0]["known_cards"] == ["HA"]


def test_views_a_publication_in_progress_is_invisible_to_the_others() -> None:
    """2. 論文発表: the paper and its cards are shown when it is on the table; until then the
    others see an ordinary turn (phase "turn"), whatever is being laid or cited."""
    state = game(HILBERT_AND_BANACH)
    before = {seat: view_json(state, seat) for seat in (None, 1, 2)}
    steps = ["publish kind5", "lay O7", "cite H7", "lay C7", "cite B7", "cite S7", "give K8"]
    for code in steps:
        assert play(state, 0, code) == [], "nothing is announced yet"
        assert state.view(0)["phase"] in ("publish", "gift") and "draft" in state.view(0)
        for seat in (None, 1, 2):
            assert view_json(state, seat) == before[seat]
            assert state.view(seat)["phase"] == "turn"
            assert "draft" not in state.view(seat)
    events = play(state, 0, "give HA")
    assert [e["kind"] for e in seen_by(events, 2)] == ["publish", "thanks", "thanks", "turn"]
    assert state.view(2)["seats"][0]["papers"][1] == {
        "paper": "kind5",
        "cards": ["O7", "C7"],
        "complete": False,
    }


def test_views_the_publishers_own_draft() -> None:
    state = game(HILBERT_AND_BANACH)
    play(state, 0, "publish kind5", "lay O7", "cite H7", "cite B7")
    assert state.view(0)["draft"] == {
        "paper": "kind5",
        "laid": ["O7"],
        "cited": [{"card": "H7", "author": 0}, {"card": "B7", "author": 1}],
        "thanks": [],
        "thanks_due": 1,
    }


def test_views_a_gift_is_seen_by_giver_and_receiver_only() -> None:
    """Ruling: a card given for a citation is seen by giver and receiver only: the others
    learn that a card changed hands, not which."""
    state = game(HILBERT_AND_BANACH)
    play(state, 0, "publish kind5", "lay O7", "lay C7", "cite H7", "cite B7", "cite S7")
    events = play(state, 0, "give K8", "give HA")
    for party in (0, 1):
        gifts = [e for e in seen_by(events, party) if e["kind"] == "gift"]
        assert [(e["receiver"], e["card"]) for e in gifts] == [(1, "K8"), (1, "HA")]
    for other in (2, None):
        assert not [e for e in seen_by(events, other) if e["kind"] == "gift"]
        assert not {"K8", "HA"} & visible_strings(seen_by(events, other))
        assert not {"K8", "HA"} & visible_strings(state.view(other))
        assert state.view(other)["seats"][1]["hand_size"] == 3
    assert set(state.view(0)["seats"][1]["known_cards"]) == {"K8", "HA"}
    assert {"K8", "HA"} <= set(hand(state, 1))


def test_views_a_known_card_given_away_is_no_longer_sure() -> None:
    """A card the others saw Hilbert take may be the one he gave: they no longer know it is in
    his hand (nor where it went)."""
    setup = {**HILBERT_AND_BANACH, "hands": [["O7", "C7", "K8", "T12"], ["B4"], ["O3"]]}
    setup["discards"] = ["HA"]
    setup["turn"] = 0
    state = game(setup)
    play(state, 0, "take")
    play(state, 1, "draw", "keep H2")
    play(state, 2, "draw", "keep H3")
    assert state.view(2)["seats"][0]["known_cards"] == ["HA"]
    play(state, 0, "publish kind5", "lay O7", "lay C7", "cite H7", "cite B7", "cite S7")
    play(state, 0, "give HA", "give K8")
    assert state.view(2)["seats"][0]["known_cards"] == []
    assert state.view(2)["seats"][1]["known_cards"] == []


def test_views_the_schema_refuses_a_key_it_does_not_declare() -> None:
    """準備 2 「裏向きに束ねて」: the deck and the other hands are face down, so no view has
    a key for them; the view's JSON Schema (what the browser reads) and its validator refuse
    one, naming it, at the top and in a seat's entry alike."""
    state = table([["O7", "C7"], ["B4"], ["O3", "S5", "T6"]], deck=["H2"])
    view = state.view(1)
    schema = VIEW.json_schema()
    assert schema["additionalProperties"] is False
    assert set(schema["required"]) == set(view)  # drawn and draft only on one's own turn
    assert set(schema["properties"]) == {*view, "drawn", "draft"}
    secrets = [
        {**view, "deck": ["H2"]},
        {**view, "seats": [{**view["seats"][0], "cards": ["O7", "C7"]}, *view["seats"][1:]]},
    ]
    for leak, key in zip(secrets, ("deck", "cards"), strict=True):
        with pytest.raises(ValueError, match=key):
            VIEW.validate_python(leak)
        with pytest.raises(jsonschema.ValidationError, match=key):
            jsonschema.validate(leak, schema)
    jsonschema.validate(view, schema)


# --- determinize --------------------------------------------------------------------------------
def test_determinize_keeps_what_the_seat_knows_and_conserves_the_cards() -> None:
    for i, state in enumerate(random_positions(3)):
        if i % 9 or state.outcome() is not None:
            continue
        for seat in (None, *range(state.n)):
            world = state.determinize(seat, random.Random(i))
            assert world.view(seat) == state.view(seat)
            assert sorted(world.all_cards()) == sorted(state.all_cards())
            assert world.active_seats() == state.active_seats()
            actor = min(world.active_seats())
            assert world.legal_actions(actor), "the world plays on"


def test_determinize_resamples_the_other_hands_and_the_deck() -> None:
    state = table([["O7", "C7"], ["B4", "S5"], ["O3", "T6"]], rest="deck")
    before = snapshot(state)
    worlds = [state.determinize(0, random.Random(r)) for r in range(10)]
    assert len({tuple(hand(w, 1)) for w in worlds}) > 5
    assert len({tuple(w.deck) for w in worlds}) > 5
    assert all(hand(w, 0) == ["O7", "C7"] for w in worlds)
    assert snapshot(state) == before, "determinize leaves the real state alone"


def test_determinize_another_seats_publication_starts_afresh() -> None:
    """The others do not know a publication is under way: in their worlds the turn is fresh."""
    state = game(HILBERT_AND_BANACH)
    play(state, 0, "publish kind5", "lay O7", "cite H7")
    for seat in (1, 2, None):
        world = state.determinize(seat, random.Random(3))
        assert world.view(seat) == state.view(seat)
        assert world.view(0)["phase"] == "turn" and "draft" not in world.view(0)
        assert "draw" in legal(world, 0)
    mine = state.determinize(0, random.Random(3))
    assert mine.view(0)["draft"] == state.view(0)["draft"]
    assert mine.view(0) == state.view(0)
    play(mine, 0, "lay C7", "cite B7", "cite S7", "give HA", "give K8")


def test_determinize_the_drawers_cards_are_resampled_for_the_others() -> None:
    state = table([["O7"], ["B4"], ["O3"]], rest="deck")
    play(state, 0, "draw")
    drawn = state.view(0)["drawn"]
    assert state.determinize(0, random.Random(1)).view(0)["drawn"] == drawn
    guesses = {tuple(state.determinize(1, random.Random(r)).drawn) for r in range(10)}
    assert len(guesses) > 5


def test_determinize_the_giver_knows_where_the_gift_went() -> None:
    state = game(HILBERT_AND_BANACH)
    play(state, 0, "publish kind5", "lay O7", "lay C7", "cite H7", "cite B7", "cite S7")
    play(state, 0, "give K8", "give HA")
    for r in range(5):
        world = state.determinize(0, random.Random(r))
        assert {"K8", "HA"} <= {c.code for c in world.hands[1]}


def test_determinize_depends_only_on_the_view() -> None:
    """Two positions the seat cannot tell apart give the same world for the same rng."""
    a = table([["O7"], ["B4", "S5"], ["O3"]], deck=["H2", "H3"])
    b = table([["O7"], ["H2", "H3"], ["O3"]], deck=["S5", "B4"])
    wa, wb = a.determinize(0, random.Random(1)), b.determinize(0, random.Random(1))
    assert view_json(a, 0) == view_json(b, 0)
    assert snapshot(wa)["internals"] == snapshot(wb)["internals"]


# --- action codes ---------------------------------------------------------------------------------
def test_action_codes_round_trip() -> None:
    for index, act in enumerate(ACTION_SPACE.actions):
        assert ACTION_SPACE.decode(act.encode()) is act
        assert ACTION_SPACE.index(act) == index and ACTION_SPACE.action(index) is act


def test_action_codes_papers_by_their_japanese_or_english_names() -> None:
    assert ACTION_SPACE.decode("publish 5カード").encode() == "publish kind5"
    assert ACTION_SPACE.decode("publish three pairs").encode() == "publish pairs3"
    assert ACTION_SPACE.decode("publish オールイーブン").encode() == "publish even"
    for code in ("publish endflag", "publish エンドフラグ", "publish", "publish 6カード", "lay X9"):
        with pytest.raises(BadActionCode):
            ACTION_SPACE.decode(code)


def test_action_codes_every_legal_action_is_in_the_space() -> None:
    for i, state in enumerate(random_positions(2)):
        if i % 5 == 0:
            for seat in state.active_seats():
                ACTION_SPACE.mask(state.legal_actions(seat))


# --- records --------------------------------------------------------------------------------------
def test_a_recorded_game_replays_exactly() -> None:
    rng = random.Random(3)
    match = Match("laminate", {"players": 4}, seed=9)
    while match.state.outcome() is None:
        (seat,) = match.state.active_seats()
        match.play(seat, rng.choice(match.state.legal_actions(seat)))
    again = replay(match.record)
    assert isinstance(again, LaminateState)
    assert again.view(None) == match.state.view(None)
    assert any(code.startswith("publish") for _, code in match.record.moves)
