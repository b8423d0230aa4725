"""Hidden information (準備 「裏向きで…配って手札にする」, 3枚ボーナス 「自分だけ中身を確認
する」「相手に内容を明かすことなく」, フェイズ1 「相手に分からないよう隠し持つ」, and the issue's
ruling on views); determinize; action codes; records."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from jsonschema import Draft202012Validator, ValidationError

from asobi.core import BadActionCode, Match, replay
from asobi.games.itsmine.actions import ACTION_SPACE
from asobi.games.itsmine.state import ItsMineState
from asobi.games.itsmine.views import VIEW

from .itsmine_helpers import bids, duel, hand, play, snapshot, visible_strings


def random_positions(games: int, variant: str = "basic") -> Iterator[ItsMineState]:
    """Every position of a few random games (random moves from a fixed seed)."""
    rng = random.Random(7)
    for seed in range(games):
        state = duel(seed=seed, variant=variant)
        yield state
        while state.outcome() is None:
            seat = rng.choice(sorted(state.active_seats()))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            yield state


def hidden_from(state: ItsMineState, seat: int | None) -> set[str]:
    """The card codes ``seat`` may not see: the deck, the bonus pile, the other hand's
    unknown cards, what the other removed face down, a bonus card the other is deciding."""
    cards = list(state.deck) + list(state.bonus)
    for other in (0, 1):
        if other != seat:
            cards += [c for c in state.hands[other] if c not in state.known[other]]
            cards += state.bonus_removed[other]
            if state.bonus_card is not None and state.bonus_seat == other:
                cards.append(state.bonus_card)
    return {c.code for c in cards}


def view_json(state: ItsMineState, seat: int | None) -> str:
    return json.dumps(state.view(seat), ensure_ascii=False, sort_keys=True)


# --- views ----------------------------------------------------------------------------------------
def test_ruling_views_hide_hands_deck_bonus_pile_and_bonus_cards() -> None:
    """Ruling: 「hands, the deck and the bonus pile are hidden; what a player did with a bonus
    card is hidden from the other」 (until the game is over and the hands are scored)."""
    for state in random_positions(4):
        if state.outcome() is not None:
            continue
        for seat in (None, 0, 1):
            leaked = visible_strings(state.view(seat)) & hidden_from(state, seat)
            assert not leaked, f"view({seat}) shows {leaked}"


def test_views_show_a_seat_its_own_hand_and_public_sizes() -> None:
    state = duel({"hands": [["H2", "O3"], ["C5"]], "deck": ["S6"], "rest": "box"})
    assert hand(state, 0) == ["H2", "O3"]
    for seat in (None, 1):
        assert "hand" not in state.view(seat)["seats"][0]
    assert [s["hand_size"] for s in state.view(None)["seats"]] == [2, 1]


def test_views_a_taken_citizen_stays_known_to_the_other() -> None:
    """Citizens are face up (「おもて向きに置く」): the other saw which one was taken."""
    state = duel({"hands": [["H2"], ["C5"]], "citizens": ["HA", "O2", "B3"], "rest": "box"})
    bids(state, 2, 3)
    play(state, 0, "take O2", "take B3")
    assert state.view(1)["seats"][0]["known_cards"] == ["O2", "B3"]
    assert "H2" not in view_json(state, 1)


def test_ruling_a_committed_bid_changes_nothing_the_other_sees() -> None:
    """Ruling: 「the bids are hidden until both are in」: the other's view is the same
    whichever face was chosen."""
    views = []
    for face in (2, 6):
        state = duel(seed=3)
        play(state, 0, f"bid {face}")
        views.append((view_json(state, 1), view_json(state, None)))
        assert state.view(0)["seats"][0]["bid"] == face
    assert views[0] == views[1]


def test_rare_case_a_committed_play_changes_nothing_the_other_sees() -> None:
    """レアなケース 「同時にカードを出す」: a play chosen first is not shown until both are in."""
    views = []
    for code in ("play H2", "play O3"):
        state = duel({"hands": [["H2", "O3"], ["C5"]], "citizens": [], "deck": [], "rest": "box"})
        bids(state, 4, 4)
        play(state, 0, code)
        views.append((view_json(state, 1), view_json(state, None)))
    assert views[0] == views[1]


def test_bonus_the_card_and_its_fate_are_hidden_from_the_other() -> None:
    """3枚ボーナス: 「自分だけ中身を確認する」「相手に内容を明かすことなく」: the other's view is
    the same whichever card was drawn, while it is decided and after it is removed."""
    deciding, removed = [], []
    for pile in (["T11", "S10"], ["S10", "T11"]):
        state = duel(
            {
                "hands": [["K10"], ["O3"]],
                "columns": [{"K": ["K8", "K9"]}, {}],
                "citizens": [],
                "deck": ["HA", "H2"],
                "bonus": pile,
                "rest": "box",
            }
        )
        bids(state, 5, 2)
        play(state, 0, "play K10")
        deciding.append((view_json(state, 1), view_json(state, None)))
        play(state, 0, "remove")
        removed.append((view_json(state, 1), view_json(state, None)))
    assert deciding[0] == deciding[1]
    assert removed[0] == removed[1]


def test_events_a_tie_draw_is_seen_by_its_drawer_only() -> None:
    """フェイズ1 3) あいこ: 「山札の一番上から裏向きでカードを1枚引き」."""
    state = duel({"hands": [[], []], "deck": ["H3", "O5", "B5"], "rest": "box"})
    events = bids(state, 4, 4)
    for seat in (0, 1):
        own = hand(state, seat)[0]
        assert any(own in str(e.data) for e in events if e.visible_to(seat))
        assert not any(own in str(e.data) for e in events if e.visible_to(1 - seat))


# --- determinize ----------------------------------------------------------------------------------
def test_determinize_keeps_what_the_seat_knows_and_conserves_the_cards() -> None:
    for i, state in enumerate(random_positions(3)):
        if i % 3 or state.outcome() is not None:
            continue
        for seat in (None, 0, 1):
            world = state.determinize(seat, random.Random(i))
            assert world.view(seat) == state.view(seat)
            assert sorted(world.all_cards()) == sorted(state.all_cards())
            assert world.active_seats() == state.active_seats()


def test_determinize_resamples_the_other_hand_and_the_deck() -> None:
    state = duel(seed=5)
    before = snapshot(state)
    others = {tuple(hand(state.determinize(0, random.Random(r)), 1)) for r in range(10)}
    decks = {tuple(state.determinize(0, random.Random(r)).deck) for r in range(10)}
    assert len(others) > 5 and len(decks) > 5
    assert snapshot(state) == before, "determinize leaves the real state alone"


def test_determinize_resamples_the_others_secret_bid_within_its_allowed_faces() -> None:
    state = duel(seed=5)
    play(state, 0, "bid 4")
    guesses = {state.determinize(1, random.Random(r)).bids[0] for r in range(30)}
    assert guesses <= {2, 3, 4, 5, 6} and len(guesses) > 2
    assert {state.determinize(0, random.Random(r)).bids[0] for r in range(5)} == {4}


def test_determinize_resamples_the_others_secret_play_among_its_legal_plays() -> None:
    state = duel({"citizens": [], "deck": ["HA"], "rest": "box"}, seed=2, hand_size=6)
    bids(state, 3, 3)  # one card in the deck: no tie-draw, both lay at once
    play(state, 0, state.legal_actions(0)[0].encode())
    guesses = set()
    for r in range(10):
        world = state.determinize(1, random.Random(r))
        guess = world.pending[0]
        assert guess is not None and guess.encode().startswith(("play", "pass"))
        assert all(c in world.hands[0] for c in getattr(guess, "cards", ()))
        guesses.add(guess)
        world.apply(1, world.legal_actions(1)[0])  # the world plays on
    assert len(guesses) > 1


def test_determinize_depends_only_on_the_view() -> None:
    """Two positions the seat cannot tell apart give the same world for the same rng."""
    a = duel(
        {"hands": [["H2"], ["O3", "B4"]], "deck": ["C5", "S6"], "bonus": ["T7"], "rest": "box"}
    )
    b = duel(
        {"hands": [["H2"], ["C5", "S6"]], "deck": ["T7", "B4"], "bonus": ["O3"], "rest": "box"}
    )
    assert view_json(a, 0) == view_json(b, 0)
    wa, wb = a.determinize(0, random.Random(1)), b.determinize(0, random.Random(1))
    assert snapshot(wa)["internals"] == snapshot(wb)["internals"]


# --- action codes ---------------------------------------------------------------------------------
def test_action_codes_round_trip() -> None:
    for index, act in enumerate(ACTION_SPACE.actions):
        assert ACTION_SPACE.decode(act.encode()) is act
        assert ACTION_SPACE.index(act) == index and ACTION_SPACE.action(index) is act


def test_action_codes_cards_of_one_rank_in_any_order() -> None:
    """特殊② has no order: 「play C7 B7」 is 「play B7 C7」."""
    assert ACTION_SPACE.decode("play C7 B7") is ACTION_SPACE.decode("play B7 C7")
    assert ACTION_SPACE.decode("PLAY t7 b7 c7").encode() == "play B7 C7 T7"


def test_action_codes_a_run_is_laid_in_the_order_typed() -> None:
    """特殊①, 基本②: up and down are different plays; a jumbled run is none."""
    assert ACTION_SPACE.decode("play S9 S8 S7") != ACTION_SPACE.decode("play S7 S8 S9")
    for code in ("play S9 S7 S8", "play S7 S9", "play C7 C7", "play", "play X9", "bid 7", "draw"):
        with pytest.raises(BadActionCode):
            ACTION_SPACE.decode(code)


def test_action_codes_every_legal_action_is_in_the_space() -> None:
    for i, state in enumerate(random_positions(2, "simple")):
        if i % 4 == 0:
            for seat in state.active_seats():
                ACTION_SPACE.mask(state.legal_actions(seat))


# --- records --------------------------------------------------------------------------------------
def test_a_recorded_game_with_simultaneous_bids_replays_exactly() -> None:
    rng = random.Random(3)
    match = Match("itsmine", {"variant": "basic"}, seed=9)
    while match.state.outcome() is None:
        seat = rng.choice(sorted(match.state.active_seats()))
        match.play(seat, rng.choice(match.state.legal_actions(seat)))
    again = replay(match.record)
    assert isinstance(again, ItsMineState)
    assert again.view(None) == match.state.view(None)
    assert any(code.startswith("bid") for _, code in match.record.moves)


def test_the_view_schema_closes_the_view_to_undeclared_keys() -> None:
    """The view's JSON Schema (what the browser gets) declares exactly the view's keys: a new
    key, a secret say, fails every reader until it is declared, at the top and in a seat's
    entry, and the error names it."""
    schema = VIEW.json_schema()
    assert schema["additionalProperties"] is False
    view = duel(seed=1).view(0)
    assert set(schema["properties"]) == {*view, "bonus_card"}  # the bonus card: its drawer's
    validator = Draft202012Validator(schema)
    validator.validate(view)
    with pytest.raises(ValidationError, match="'bonus_pile_order' was unexpected"):
        validator.validate({**view, "bonus_pile_order": ["H5", "O4"]})
    other = {**view["seats"][1], "other_hand": ["H5", "O4"]}
    with pytest.raises(ValidationError, match="'other_hand' was unexpected"):
        validator.validate({**view, "seats": [view["seats"][0], other]})
    with pytest.raises(ValueError, match=r"seats\.1\.other_hand"):
        VIEW.validate_python({**view, "seats": [view["seats"][0], other]})
