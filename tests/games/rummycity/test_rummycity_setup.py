"""準備 (setup) and the rulings on who starts each round."""

from __future__ import annotations

from collections import Counter

import jsonschema
import pytest

from asobi.core.cards import FRENCH52
from asobi.core.errors import InvalidOptions
from asobi.games.rummycity.views import VIEW

from .rummycity_helpers import (
    SPEC,
    acting,
    build,
    buildings,
    finish_round,
    game,
    hand,
    phase,
    play,
    table,
    tepu,
    visible_strings,
)


def test_setup_deals_two_cards_each_and_lays_a_row_of_48() -> None:
    """準備: 「手札として2枚ずつ配った後」「残った48枚のカード」 — a 52-card deck without
    jokers (「ジョーカーは使いません」), every card exactly once."""
    state = game(seed=3)
    view = state.view(None)
    assert [s["hand_size"] for s in view["seats"]] == [2, 2]
    assert len(view["row"]) == 48
    assert Counter(state.all_cards()) == Counter(FRENCH52.cards)
    assert len(FRENCH52.cards) == 52


@pytest.mark.parametrize("seed", range(5))
def test_setup_lays_12_cards_face_down_and_36_face_up_mixed(seed: int) -> None:
    """準備 1–4: 「12枚を裏向きに」「36枚のカードを全て表に」「よく混ぜ」「一列になるように」."""
    state = game(seed=seed)
    row = state.view(None)["row"]
    face_up = [entry for entry in row if entry["face_up"]]
    assert len(face_up) == 36
    assert len(row) - len(face_up) == 12
    # Everyone sees the face-up cards where they lie; a face-down one shows no card.
    assert all(entry["card"] is not None for entry in face_up)
    assert all(entry["card"] is None for entry in row if not entry["face_up"])


def test_face_down_cards_are_mixed_into_the_row_not_left_in_a_block() -> None:
    """準備 3: 「裏にしたカードと…表にしたカードをよく混ぜます」: across deals, the face-down
    cards turn up all along the row."""
    places: set[int] = set()
    for seed in range(12):
        row = game(seed=seed).view(None)["row"]
        places |= {i for i, entry in enumerate(row) if not entry["face_up"]}
    assert len(places) > 40


def test_each_town_starts_with_7_tepu_and_no_buildings() -> None:
    """準備: 「開始時に持っているお金は「7テプ」です」; the buildings lie in the supply."""
    state = game(seed=1)
    assert tepu(state) == [7, 7]
    view = state.view(None)
    assert [s["buildings"] for s in view["seats"]] == [[], []]
    assert view["supply"] == [b["id"] for b in view["catalogue"]]


def test_a_hand_is_hidden_from_the_other_seat() -> None:
    """準備: the two dealt cards are a hand (手札): only their holder sees them."""
    state = game(seed=2)
    mine = hand(state, 0)
    assert len(mine) == 2
    other_view = state.view(1)["seats"][0]
    assert "hand" not in other_view
    assert other_view["known_cards"] == []


def test_the_view_schema_refuses_a_key_it_does_not_declare() -> None:
    """準備: the hands (手札) and the 12 face-down cards of the row (「12枚を裏向きに」) are
    hidden, so no view has a key for them: the view's JSON Schema (what the browser reads)
    and its validator refuse one, naming it, at the top, in a town and in the row alike."""
    view = game(seed=2).view(1)
    schema = VIEW.json_schema()
    assert schema["additionalProperties"] is False
    assert set(schema["required"]) == set(view)  # the rest: while laying or looking, or solo
    optional = {"making", "looking", "discards", "last_round_discards", "rounds"}
    assert set(schema["properties"]) == {*view, *optional}
    hidden = next(i for i, place in enumerate(view["row"]) if not place["face_up"])
    row = [dict(place) for place in view["row"]]
    row[hidden]["code"] = "SA"
    other = {**view["seats"][0], "cards": ["SA", "H2"]}
    secrets = [
        ({**view, "hands": [["SA", "H2"], []]}, "hands"),
        ({**view, "seats": [other, view["seats"][1]]}, "cards"),
        ({**view, "row": row}, "code"),
    ]
    for leak, key in secrets:
        with pytest.raises(ValueError, match=key):
            VIEW.validate_python(leak)
        with pytest.raises(jsonschema.ValidationError, match=key):
            jsonschema.validate(leak, schema)
    jsonschema.validate(view, schema)


def test_first_player_of_round_one_is_random() -> None:
    """Ruling (issue 5): 「The first player of the first round is chosen at random」."""
    firsts = {game(seed=seed).view(None)["first_player"] for seed in range(16)}
    assert firsts == {0, 1}
    for seed in range(6):
        state = game(seed=seed)
        assert acting(state) == state.view(None)["first_player"]


@pytest.mark.parametrize("start", [0, 1])
def test_start_player_option_chooses_the_first_player(start: int) -> None:
    """Ruling (issue 5), the ``start_player`` option pins the random choice."""
    for seed in range(4):
        state = game(seed=seed, start_player=start)
        assert state.view(None)["first_player"] == start
        assert acting(state) == start
        assert phase(state) == "turn"


def test_start_player_must_be_a_seat() -> None:
    with pytest.raises(InvalidOptions, match="start_player"):
        SPEC.new_game({"players": 2, "start_player": 2}, 0)


def test_first_player_alternates_each_round() -> None:
    """Ruling (issue 5): 「the first player alternates each round」."""
    state = game(seed=7, start_player=1)
    firsts = [state.view(None)["first_player"]]
    for _ in range(3):
        finish_round(state)
        assert state.outcome() is None
        firsts.append(state.view(None)["first_player"])
        assert acting(state) == firsts[-1]
    assert firsts == [1, 0, 1, 0]


def test_a_new_round_deals_again_and_keeps_the_buildings() -> None:
    """決算: 「新しいラウンドを始めます。「準備」の手札配布から山札作成までをまた行います。
    建てた建物はそのままにしておきます。」"""
    state = table(
        [["S3", "S4", "S5", "D9"], ["HK"]],
        ["C2"],
        buildings=[[], ["library"]],
        rest="row",
    )
    build(state, 0, "park", "S3 S4 S5")
    finish_round(state)
    assert state.view(None)["round"] == 2
    assert [buildings(state, 0), buildings(state, 1)] == [["park"], ["library"]]
    view = state.view(None)
    assert [s["hand_size"] for s in view["seats"]] == [2, 2]
    assert len(view["row"]) == 48
    assert sum(1 for entry in view["row"] if not entry["face_up"]) == 12
    assert [s["combinations"] for s in view["seats"]] == [[], []]
    assert Counter(state.all_cards()) == Counter(FRENCH52.cards)


def test_the_deal_shows_no_hidden_card_to_anyone_else() -> None:
    """準備: hands are hidden and 「裏向き」 row cards show nothing — in every other seat's view
    and in the spectator's."""
    for seed in range(4):
        state = game(seed=seed)
        face_down = {c.code for c in state.row if c in state.face_down}
        for seat in (0, 1):
            other = 1 - seat
            seen = visible_strings(state.view(other))
            assert not set(hand(state, seat)) & seen
            assert not face_down & visible_strings(state.view(seat))
        spectator = visible_strings(state.view(None))
        assert not (set(hand(state, 0)) | set(hand(state, 1)) | face_down) & spectator


def test_the_new_round_event_shows_the_row_as_everyone_sees_it() -> None:
    """準備: the row is public except its face-down cards."""
    state = table([["S2"], ["DK", "C9"]], ["C10"], rest="box")
    events = play(state, 0, "draw 1")
    (started,) = [e for e in events if e.kind == "round"]
    assert started.to is None
    hidden = {c.code for c in state.row if c in state.face_down}
    assert not hidden & visible_strings(started.to_json())
    assert started.data["row"] == [None if c in state.face_down else c.code for c in state.row]
