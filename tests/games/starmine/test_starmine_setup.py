"""§4 セットアップ: the duel's setup and start player; options; the scenario format."""

from __future__ import annotations

from typing import Any

import pytest

from asobi.core import InvalidOptions, InvalidSetup, new_game
from asobi.games.starmine.cards import FIREWORKS

from .starmine_helpers import active, duel, hand, play, solo

BOOSTS = {"W1", "W2"}


# --- §4 セットアップ ---------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(10))
def test_s4_each_player_gets_three_cards_and_one_boost(seed: int) -> None:
    """§4: 「全ての花火カードを混ぜ、各プレイヤーに手札として3枚を裏向きで配布し、
    更にブーストカード1枚を手札に加えます」"""
    state = duel(seed=seed)
    boosts_dealt = []
    for seat in (0, 1):
        cards = hand(state, seat)
        assert len(cards) == 4
        boosts = [c for c in cards if c in BOOSTS]
        assert len(boosts) == 1, "three firework cards and exactly one boost"
        boosts_dealt += boosts
    assert sorted(boosts_dealt) == ["W1", "W2"], "each player has one of the two boosts"


@pytest.mark.parametrize("seed", range(10))
def test_s4_one_card_is_turned_face_up_as_the_first_discard(seed: int) -> None:
    """§4: 「山札から1枚カードをめくり、捨て札として表向きに、山札の近くに配置します」"""
    view = duel(seed=seed).view(None)
    assert len(view["discards"]) == 1
    assert view["discards"][0] not in BOOSTS, "the boosts are dealt, never turned up"


@pytest.mark.parametrize("seed", range(10))
def test_s4_the_deck_holds_21_cards_after_setup(seed: int) -> None:
    """§2 and §4: 28 花火カード − 2 × 3 dealt − 1 turned up = 21;
    「残りの花火カードは裏向きで山札に」"""
    assert duel(seed=seed).view(None)["deck_size"] == 21


def test_s2_all_thirty_cards_are_in_play_exactly_once() -> None:
    """§2 内容物: 花火カード 4色／各 1-7（全 28 枚）and ブーストカード 2枚."""
    state = duel(seed=3)
    assert sorted(state.all_cards()) == sorted(FIREWORKS.cards)
    assert len(FIREWORKS.cards) == 30
    assert sum(c.code in BOOSTS for c in FIREWORKS.cards) == 2


def test_s4_the_shuffle_comes_from_the_seed() -> None:
    """§4 「全ての花火カードを混ぜ」: the shuffle is the seed's, so a seed replays a deal."""
    assert duel(seed=7).view(None) == duel(seed=7).view(None)
    assert duel(seed=7).hands == duel(seed=7).hands
    assert duel(seed=7).deck == duel(seed=7).deck
    deals = {tuple(map(str, duel(seed=s).hands[0])) for s in range(10)}
    assert len(deals) > 1


def test_s4_start_player_is_drawn_from_the_seed() -> None:
    """§4 「スタートプレイヤーを決めて準備完了！」 — ruling: the start player is drawn at
    random from the seed unless the options name one."""
    starts = [active(duel(seed=s)) for s in range(40)]
    assert {tuple(s) for s in starts} == {(0,), (1,)}
    assert [active(duel(seed=s)) for s in range(40)] == starts, "the same seed, the same start"


@pytest.mark.parametrize("start", [0, 1])
def test_s4_start_player_option_names_who_plays_first(start: int) -> None:
    """§4 「スタートプレイヤーを決めて」 — ruling: unless the options name one."""
    for seed in range(10):
        state = duel(seed=seed, start_player=start)
        assert active(state) == [start]
        assert state.view(None)["turn"] == start


def test_s4_naming_the_start_player_does_not_change_the_deal() -> None:
    """The deal is the same whoever starts: the start player is drawn after the deal."""
    for seed in range(5):
        drawn = duel(seed=seed)
        named = duel(seed=seed, start_player=1)
        assert drawn.hands == named.hands
        assert drawn.deck == named.deck
        assert drawn.discards == named.discards


def test_s5_players_alternate_from_the_start_player() -> None:
    """§5: 「スタートプレイヤーから交互に手番を行います」"""
    state = duel(seed=1, start_player=1)
    for expected in (1, 0, 1, 0):
        assert active(state) == [expected]
        play(state, expected, f"discard {hand(state, expected)[0]}", "draw deck", "draw deck")


# --- options ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 3}, "3 players is not allowed"),
        ({"players": 0}, "0 players is not allowed"),
        ({"start_player": 2}, "start_player must be a seat 0..1"),
        ({"start_player": -1}, "start_player must be a seat 0..1"),
        ({"players": 1, "start_player": 1}, "start_player must be a seat 0..0"),
        ({"colour": "red"}, "colour"),
        ({"players": "two"}, "players"),
    ],
)
def test_options_are_validated_with_a_clear_error(options: dict[str, Any], message: str) -> None:
    """1-2 players (箱: 1-2 Player); anything else is refused, naming the option."""
    with pytest.raises(InvalidOptions, match=message):
        new_game("starmine", options, 0)


def test_options_default_to_the_duel() -> None:
    state = new_game("starmine", None, 0)
    assert state.players == 2
    assert state.view(None)["mode"] == "duel"


# --- scenarios -------------------------------------------------------------------------
def test_scenario_pins_hands_deck_discards_and_turn() -> None:
    state = duel(
        {
            "hands": [["R1", "R2", "R3", "W1"], ["Y4", "Y5", "G6", "W2"]],
            "deck": ["B1", "B2"],
            "discards": ["G7", "Y1"],
            "turn": 1,
        }
    )
    view = state.view(None)
    assert hand(state, 0) == ["R1", "R2", "R3", "W1"]
    assert hand(state, 1) == ["Y4", "Y5", "G6", "W2"]
    assert view["discards"] == ["G7", "Y1"]
    assert active(state) == [1]
    # the unlisted cards lie shuffled under the listed deck: 30 − 8 − 2 = 20
    assert view["deck_size"] == 20
    play(state, 1, "discard G6", "draw deck", "draw deck")
    assert hand(state, 1) == ["Y4", "Y5", "B1", "B2", "W2"], "the deck is listed top first"
    assert sorted(state.all_cards()) == sorted(FIREWORKS.cards)


def test_scenario_rest_box_leaves_unlisted_cards_out_of_play() -> None:
    state = duel(
        {
            "hands": [["R1", "R2", "R3", "W1"], ["Y4", "Y5", "G6", "W2"]],
            "deck": ["B1", "B2"],
            "discards": [],
            "rest": "box",
        }
    )
    assert state.view(None)["deck_size"] == 2
    assert state.view(None)["discards"] == []
    assert sorted(state.all_cards()) == sorted(FIREWORKS.cards), "boxed cards are accounted for"


def test_scenario_without_hands_deals_as_in_s4() -> None:
    state = duel({"deck": ["B1", "B2"], "discards": ["G7"]}, seed=2)
    for seat, boost in ((0, "W1"), (1, "W2")):
        cards = hand(state, seat)
        assert len(cards) == 4 and boost in cards
        assert not {"B1", "B2", "G7"} & set(cards)
    assert state.view(None)["deck_size"] == 30 - 8 - 1


def test_scenario_without_discards_turns_one_up_from_the_deck() -> None:
    state = duel({"hands": [["R1", "R2", "R3", "W1"], ["Y4", "Y5", "G6", "W2"]]}, seed=2)
    assert len(state.view(None)["discards"]) == 1
    assert state.view(None)["deck_size"] == 30 - 8 - 1


def test_scenario_rows_hold_melds_by_kind_or_by_their_best_reading() -> None:
    state = duel(
        {
            "hands": [["R1", "R2", "R3", "W1"], ["Y4", "Y5", "G6", "W2"]],
            "rows": [
                {"opening": ["three B1 G1 Y1"], "finale": ["B4 B5 B6"]},
                {"main": ["pair R7 Y7", "G7 B7"]},
            ],
        }
    )
    rows0 = state.view(None)["seats"][0]["row_totals"]
    rows1 = state.view(None)["seats"][1]["row_totals"]
    assert rows0 == {"opening": 5, "main": 0, "finale": 7}
    assert rows1 == {"opening": 0, "main": 6, "finale": 0}


def test_solo_scenario_pins_open_and_removed_cards_and_the_current_row() -> None:
    state = solo(
        {
            "hands": [["R1", "R2", "R3", "W1"]],
            "deck": ["B1", "B2", "B3"],
            "open": ["G7"],
            "removed": ["Y7"],
            "rows": [{"opening": ["pair R5 Y5"]}],
            "current_row": "main",
            "rest": "box",
        }
    )
    view = state.view(0)
    assert view["flipped"] == "B1", "the turn starts with the deck's top card turned up"
    assert view["open_cards"] == ["G7"]
    assert view["removed_cards"] == ["Y7"]
    assert view["current_row"] == "main"
    assert view["deck_size"] == 2


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"hand": [["R1"], ["R2"]]}, "unknown scenario keys: hand"),
        ({"deck": ["R1", "R1"]}, "cards listed twice: R1"),
        ({"deck": ["R1"], "discards": ["R1"]}, "cards listed twice: R1"),
        ({"deck": ["R8"]}, "'R8' is not a card"),
        ({"deck": ["X1"]}, "'X1' is not a card"),
        ({"deck": 5}, "deck: expected a list of card codes"),
        ({"hands": [["R1", "R2", "R3", "W1"]]}, "hands: one hand per seat"),
        ({"rows": [{}]}, "rows: one entry per seat"),
        ({"rows": [{"middle": ["pair R1 Y1"]}, {}]}, "'middle' should be 'opening', 'main' or"),
        ({"rows": [{"main": ["pair R1 Y2"]}, {}]}, "is not a meld"),
        ({"rows": [{"main": ["seq R6 R7 R1"]}, {}]}, "is not a meld"),
        ({"rows": [{"main": ["pair W1 W2"]}, {}]}, "is not a meld"),
        ({"rows": [{"main": ["pair R1 W1"]}, {}]}, "boost W1 is already placed"),
        ({"rest": "floor"}, "rest: Input should be 'deck' or 'box'"),
        ({"turn": 2}, "turn must be a seat 0..1"),
        ({"turn": "first"}, "turn: Input should be a valid integer, not 'first'"),
        # Issue 30: wrong types are refused by the scenario's model, naming where they are.
        ({"hands": [[1, 2, 3, 4], ["R1"]]}, "hands.0: expected a list of card codes"),
        ({"rows": [5, {}]}, "rows.0: Input should be a valid dictionary, not 5"),
        ({"rows": [{"main": [7]}, {}]}, "rows.0.main.0: a meld is written as text"),
        ({"turn": True}, "turn: Input should be a valid integer, not true"),
        ({"hands": [[], ["R1", "W2"]]}, "hands: every hand holds a card"),
        ({"deck": ["R1"], "discards": {"G7": 1}}, "discards: expected a list of card codes"),
        (
            {"hands": [["R1", "W1"], ["R2", "W2"]], "deck": [], "discards": ["G7"], "rest": "box"},
            "the deck is empty",
        ),
        (
            {"hands": [["R1", "W1"], ["R2", "W2"]], "deck": [], "rest": "box"},
            "no deck card to turn up",
        ),
    ],
)
def test_scenario_errors_are_invalid_setup(setup: dict[str, Any], message: str) -> None:
    """A scenario the rules cannot start from is refused with InvalidSetup, saying why."""
    with pytest.raises(InvalidSetup, match=message):
        duel(setup)


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"current_row": "top"}, "current_row: Input should be 'opening', 'main' or 'finale'"),
        ({"hands": [["R1", "W1"]], "deck": [], "rest": "box"}, "needs a deck"),
        ({"open": ["R1"], "removed": ["R1"]}, "cards listed twice: R1"),
        # solo §3 C ②: 「カードは必ず一番下のオープニング列から配置していきます」
        ({"rows": [{"main": ["pair R1 Y1"]}], "current_row": "main"}, "the opening is empty"),
        ({"rows": [{"finale": ["pair R1 Y1"]}]}, "the opening is empty"),
        ({"current_row": "finale"}, "the opening is empty"),
    ],
)
def test_solo_scenario_errors_are_invalid_setup(setup: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidSetup, match=message):
        solo(setup)
