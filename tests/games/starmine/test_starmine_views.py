"""Hidden information (ruling): hands and the deck's order are hidden; discards, rows, hand
sizes are public. Views show each seat exactly that; determinize resamples the rest."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from jsonschema import Draft202012Validator, ValidationError

from asobi.games.starmine.cards import FIREWORKS
from asobi.games.starmine.state import StarmineState
from asobi.games.starmine.views import VIEW

from .starmine_helpers import duel, hand, play, snapshot, solo, visible_strings

TABLE = {
    "hands": [["R4", "R5", "R6", "Y2", "W1"], ["B4", "B5", "G1", "W2"]],
    "deck": ["R7", "Y7", "G7", "B7"],
    "discards": ["G5", "Y3", "B1"],
    "turn": 0,
}


def random_positions(games: int, players: int = 2) -> Iterator[StarmineState]:
    """Every position of a few random games (the random moves come from a fixed seed)."""
    rng = random.Random(11)
    for seed in range(games):
        state = duel(seed=seed) if players == 2 else solo(seed=seed)
        yield state
        while state.outcome() is None:
            (seat,) = state.active_seats()
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            yield state


def hidden_from(state: StarmineState, seat: int | None) -> set[str]:
    """The codes ``seat`` may not see: the deck, and other hands' unknown cards."""
    codes = {c.code for c in state.deck}
    for other in range(state.players):
        if other != seat:
            codes |= {c.code for c in state.hands[other] if c not in state.known[other]}
    return codes


# --- views -----------------------------------------------------------------------------
def test_ruling_a_seat_never_sees_the_other_hand_or_the_deck() -> None:
    """Ruling: 「Hands are hidden; the deck's order is hidden」 (§4 「手札として3枚を裏向きで
    配布」「残りの花火カードは裏向きで山札に」)."""
    for state in random_positions(8):
        for seat in (None, 0, 1):
            view = state.view(seat)
            leaked = visible_strings(view) & hidden_from(state, seat)
            assert not leaked, f"view({seat}) shows {leaked}"


def test_ruling_a_spectator_sees_no_hand() -> None:
    for state in random_positions(3):
        view = state.view(None)
        assert all("hand" not in entry for entry in view["seats"])


def test_ruling_each_seat_sees_its_own_hand() -> None:
    for state in random_positions(3):
        for seat in (0, 1):
            entry = state.view(seat)["seats"][seat]
            assert sorted(entry["hand"]) == sorted(c.code for c in state.hands[seat])
            assert "hand" not in state.view(seat)["seats"][1 - seat]


def test_ruling_discards_rows_hand_sizes_and_deck_size_are_public() -> None:
    """Ruling: discards and rows are public; hand sizes are public; §6 「山札の残り枚数は、
    ゲーム中いつでも確認して構いません」."""
    public_keys = ("discards", "deck_size", "phase", "active", "turn", "draws_left")
    for state in random_positions(3):
        views = [state.view(s) for s in (None, 0, 1)]
        for key in public_keys:
            assert views[0][key] == views[1][key] == views[2][key]
        for s in (0, 1):
            entries = [v["seats"][s] for v in views]
            for key in ("hand_size", "rows", "row_totals", "known_cards"):
                assert entries[0][key] == entries[1][key] == entries[2][key]
            assert entries[0]["hand_size"] == len(state.hands[s])
        assert views[0]["deck_size"] == len(state.deck)


def test_ruling_the_deck_shows_only_its_size() -> None:
    state = duel(seed=4)
    view = state.view(0)
    assert view["deck_size"] == 21
    assert not any(c.code in visible_strings(view) for c in state.deck)


def test_ruling_known_cards_are_the_boosts_and_cards_taken_from_the_discards() -> None:
    """A card taken from the face-up discards (§5 A 「捨て札は…表向きで置き」) was seen by
    both; so was each starting boost (§4 「更にブーストカード1枚を手札に加えます」)."""
    state = duel(TABLE)
    assert state.view(1)["seats"][0]["known_cards"] == ["W1"]
    assert state.view(0)["seats"][1]["known_cards"] == ["W2"]
    play(state, 0, "discard Y2", "draw G5", "draw deck")
    assert state.view(1)["seats"][0]["known_cards"] == ["G5", "W1"]
    assert "R7" not in visible_strings(state.view(1)), "the deck card stays hidden"
    play(state, 1, "discard G1", "draw deck", "draw deck")
    play(state, 0, "place main pair G5 W1")
    assert state.view(1)["seats"][0]["known_cards"] == [], "placed cards are no longer in hand"


def test_events_a_card_drawn_from_the_deck_is_seen_by_its_drawer_only() -> None:
    """§5 A 「カードを1枚補充する度にその内容を確認し」 — the drawer sees it; nobody else."""
    state = duel(TABLE)
    play(state, 0, "discard Y2")
    events = play(state, 0, "draw deck")
    for seat, sees in ((0, True), (1, False), (None, False)):
        seen = [e for e in events if e.visible_to(seat)]
        assert any("R7" in str(e.to_json()) for e in seen) is sees
    events = play(state, 0, "draw G5")
    assert all(e.visible_to(1) for e in events), "a face-up discard is taken in public"
    assert any(e.data.get("card") == "G5" for e in events)


# --- determinize -------------------------------------------------------------------------
def positions_for_determinize() -> Iterator[StarmineState]:
    for i, state in enumerate(random_positions(4)):
        if i % 7 == 0:
            yield state.clone()


@pytest.mark.parametrize("seat", [0, 1, None])
def test_determinize_keeps_everything_the_seat_knows(seat: int | None) -> None:
    """determinize(seat): the seat's own hand, the other hand's known cards and the public
    parts stay; the rest is dealt again. The seat's view of the world is its view."""
    for state in positions_for_determinize():
        before = snapshot(state)
        for k in range(3):
            world = state.determinize(seat, random.Random(k))
            assert world.view(seat) == state.view(seat)
            assert sorted(world.all_cards()) == sorted(FIREWORKS.cards)
            for s in range(2):
                assert len(world.hands[s]) == len(state.hands[s])
                assert state.known[s] <= set(world.hands[s])
                if s == seat:
                    assert sorted(world.hands[s]) == sorted(state.hands[s])
            assert world.discards == state.discards
            assert world.rows == state.rows
        assert snapshot(state) == before, "determinize leaves the true state alone"


def test_determinize_resamples_the_hidden_cards() -> None:
    state = duel(seed=2)
    worlds = [state.determinize(0, random.Random(k)) for k in range(10)]
    assert len({tuple(w.hands[1]) for w in worlds}) > 1, "the other hand is dealt again"
    assert len({tuple(w.deck) for w in worlds}) > 1, "the deck is shuffled again"
    assert all(sorted(w.hands[0]) == sorted(state.hands[0]) for w in worlds)
    assert all(FIREWORKS.card("W2") in w.hands[1] for w in worlds), "a known card stays"


def test_determinize_solo_reshuffles_only_the_deck() -> None:
    state = solo(seed=3)
    worlds = [state.determinize(0, random.Random(k)) for k in range(5)]
    for world in worlds:
        assert world.view(0) == state.view(0)
        assert world.hands == state.hands
        assert sorted(world.deck) == sorted(state.deck)
    assert len({tuple(w.deck) for w in worlds}) > 1


def test_determinize_does_not_carry_the_true_random_generator() -> None:
    """The generator that shuffled the deck encodes its order: a world gets its own."""
    state = duel(seed=5)
    world = state.determinize(0, random.Random(1))
    assert world.rng is not state.rng
    assert world.rng.getstate() != state.rng.getstate()


def test_a_determinized_world_plays_on_independently() -> None:
    state = duel(TABLE)
    before = snapshot(state)
    world = state.determinize(0, random.Random(0))
    rng = random.Random(3)
    while world.outcome() is None:
        (seat,) = world.active_seats()
        world.apply(seat, rng.choice(world.legal_actions(seat)))
    assert snapshot(state) == before
    assert hand(state, 0) == ["R4", "R5", "R6", "Y2", "W1"]


def test_the_view_schema_closes_the_view_to_undeclared_keys() -> None:
    """The view's JSON Schema (what the browser gets) declares exactly the keys of the duel's
    and the solo contest's views: a new key, a secret say, fails every reader until it is
    declared, at the top and in a seat's entry, and the error names it."""
    schema = VIEW.json_schema()
    assert schema["additionalProperties"] is False
    duel_view, solo_view = duel(seed=1).view(0), solo(seed=1).view(0)
    assert set(schema["properties"]) == set(duel_view) | set(solo_view)
    validator = Draft202012Validator(schema)
    validator.validate(duel_view)
    validator.validate(solo_view)
    with pytest.raises(ValidationError, match="'deck' was unexpected"):
        validator.validate({**duel_view, "deck": ["R7", "Y7"]})
    other = {**duel_view["seats"][1], "unknown_cards": ["B4"]}
    with pytest.raises(ValidationError, match="'unknown_cards' was unexpected"):
        validator.validate({**duel_view, "seats": [duel_view["seats"][0], other]})
    with pytest.raises(ValueError, match=r"seats\.1\.unknown_cards"):
        VIEW.validate_python({**duel_view, "seats": [duel_view["seats"][0], other]})
