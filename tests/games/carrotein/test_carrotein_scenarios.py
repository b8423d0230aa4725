"""Scenarios (positions described instead of played to), views and determinize.

Carrotein hides nothing (「全員で判定を行う」; the mat, the chips at hand and scored and the
boards all lie on the table), so every seat sees what a spectator sees.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from asobi.core.errors import IllegalAction, InvalidSetup
from asobi.games.carrotein.actions import Lay
from asobi.games.carrotein.sky import Pose
from asobi.games.carrotein.state import CarroteinState

from .carrotein_helpers import (
    FAR,
    ON_STAR,
    SHOWING,
    UNDER,
    acting,
    at,
    chips,
    game,
    grid,
    in_hand,
    kinds,
    lay,
    lay_phase,
    phase,
    play,
    seat_view,
    snapshot,
)


# --- each key of the scenario JSON ----------------------------------------------------------
def test_scenario_chips_lie_on_the_mat_after_the_first_star() -> None:
    """Scenario "chips": [x, y, kind] — a seat's colour from its hand, a colour nobody plays
    and "colourless" from the box; the first star is always there, first."""
    state = game(
        {"chips": chips((250, 250, "red"), (100, 100, "Purple"), (500, 100, "colourless"))}
    )
    assert [(c.x, c.y, c.kind) for c in state.chips] == [
        (300, 225, "first"),
        (250, 250, "red"),
        (100, 100, "purple"),
        (500, 100, "colourless"),
    ]
    assert in_hand(state) == [9, 10, 10]
    assert state.view(None)["spares_left"] == 38


def test_scenario_scored_sets_each_seats_scored_chips() -> None:
    """Scenario "scored": own chips each seat has turned over (no longer at hand)."""
    state = game({"scored": [3, 0, 10]})
    assert state.scored == [3, 0, 10]
    assert in_hand(state) == [7, 10, 0]
    assert [s["score"] for s in state.view(None)["seats"]] == [3, 0, 10]


def test_scenario_won_gives_boards_to_seats_and_takes_them_off_the_mat() -> None:
    """Scenario "won": the boards each seat has scored."""
    state = game({"won": [["sitting", "ears"], [], ["dancing", "carrot"]]})
    assert state.won == [["sitting", "ears"], [], ["dancing", "carrot"]]
    assert state.boards == ["leaping", "stretching", "sleeping"]
    assert seat_view(state, 0)["score"] == 2


def test_scenario_round_first_and_turn() -> None:
    """Scenario "round", "first" (who started this round) and "turn" (who acts now)."""
    state = game({"round": 4, "first": 1, "turn": 2})
    assert (state.round, state.first, acting(state)) == (4, 1, 2)
    state = game({"first": 2})
    assert (state.first, acting(state)) == (2, 2)


def test_scenario_passed_skips_those_seats() -> None:
    """Scenario "passed": who has passed this round (「手番がスキップされる」)."""
    state = game({"passed": [1], "turn": 0}, players=4)
    assert seat_view(state, 1)["passed"]
    play(state, 0, "place 100 100")
    assert acting(state) == 2


def test_scenario_challenger_starts_constellation_time() -> None:
    """Scenario "challenger": everyone else has passed; the challenger chooses."""
    state = game({"challenger": 1})
    assert (phase(state), acting(state)) == ("choose", 1)
    assert state.passed == {0, 2}
    play(state, 1, "choose sitting sleeping")
    assert phase(state) == "lay"


def test_scenario_chosen_starts_the_lay() -> None:
    """Scenario "chosen": the challenger has chosen these two boards."""
    state = game({"challenger": 2, "chosen": ["sleeping", "leaping"]})
    assert (phase(state), acting(state), state.chosen) == ("lay", 2, ("sleeping", "leaping"))
    lay(state, Pose(300, 225), FAR)
    assert state.won[2] == ["sleeping", "leaping"]


# --- bad scenarios --------------------------------------------------------------------------
BAD: dict[str, tuple[str, dict[str, Any]]] = {
    "unknown key": ("unknown scenario keys: hands", {"hands": []}),
    "chip touching the first star": ("would touch", {"chips": [[310, 225, "red"]]}),
    "chips touching each other": (
        "would touch",
        {"chips": chips((100, 100, "red"), (120, 100, "blue"))},
    ),
    "chip past the mat": ("past the mat", {"chips": [[5, 100, "red"]]}),
    "chip not [x, y, kind]": ("chips.0: a chip is [x, y, kind]", {"chips": [[100, 100]]}),
    "an eleventh red chip": ("red has only 10", {"chips": at(grid(11), "red")}),
    "scored chips and chips on the mat over ten": (
        "red has only 10",
        {"scored": [5, 0, 0], "chips": at(grid(6), "red")},
    ),
    "an eleventh purple chip": ("box holds 10", {"chips": at(grid(11), "purple")}),
    "an eleventh colourless chip": ("box holds 10", {"chips": at(grid(11), "colourless")}),
    "a second first star": ("not a chip kind here", {"chips": [[100, 100, "first"]]}),
    "an unknown kind of chip": ("not a chip kind here", {"chips": [[100, 100, "gold"]]}),
    "scored with the wrong length": ("one entry per seat", {"scored": [0, 0]}),
    "scored over ten": ("0..10", {"scored": [11, 0, 0]}),
    "scored negative": ("0..10", {"scored": [-1, 0, 0]}),
    "a board won twice": ("listed twice", {"won": [["sitting"], ["sitting"], []]}),
    "an unknown board won": ("'moon' is not a board", {"won": [["moon"], [], []]}),
    "fewer than two boards left": (
        "at least two boards",
        {"won": [["leaping", "stretching", "sitting"], ["sleeping", "ears"], ["carrot"]]},
    ),
    "turn not a seat": ("turn: a seat", {"turn": 3}),
    "first not a seat": ("first: a seat", {"first": -1}),
    "passed not a seat": ("passed: a seat", {"passed": [5]}),
    "challenger not a seat": ("challenger: a seat", {"challenger": 3}),
    "challenger a bool": ("challenger: Input should be a valid integer", {"challenger": True}),
    "round zero": ("round", {"round": 0}),
    "the seat to act has passed": ("has not passed", {"passed": [0], "turn": 0}),
    "all but one passed without a challenger": (
        "two seats are still in",
        {"passed": [0, 1], "turn": 2},
    ),
    "chosen without a challenger": ("give 'challenger'", {"chosen": ["sitting", "sleeping"]}),
    "chosen the same board twice": (
        "two different boards",
        {"challenger": 0, "chosen": ["sitting", "sitting"]},
    ),
    "chosen a board already won": (
        "'sitting' is not on the mat",
        {"challenger": 0, "won": [["sitting", "sleeping"], [], []], "chosen": ["sitting", "ears"]},
    ),
    "chosen an unknown board": (
        "'moon' is not on the mat",
        {"challenger": 0, "chosen": ["sitting", "moon"]},
    ),
    "chosen one board": ("two different boards", {"challenger": 0, "chosen": ["sitting"]}),
}


@pytest.mark.parametrize(("message", "setup"), BAD.values(), ids=BAD.keys())
def test_a_scenario_the_rules_cannot_reach_is_refused(message: str, setup: dict[str, Any]) -> None:
    """A scenario must be a position of the game (InvalidSetup saying why, not a broken
    state)."""
    with pytest.raises(InvalidSetup, match=re.escape(message)):
        game(setup)


def test_whose_chip_a_colour_is_depends_on_the_number_of_players() -> None:
    """ゲームの準備 3 / 例外処理: 「誰も使用していない色」 — purple is seat 3's with four players
    (from its hand), a spare from the box with three."""
    four = game({"chips": [[100, 100, "purple"]]}, players=4)
    assert in_hand(four) == [10, 10, 10, 9]
    assert four.view(None)["spares_left"] == 30  # orange, pink and colourless untouched
    three = game({"chips": [[100, 100, "purple"]]}, players=3)
    assert in_hand(three) == [10, 10, 10]
    assert three.view(None)["spares_left"] == 39
    assert game(players=6).view(None)["spares_left"] == 10  # colourless only


MALFORMED: dict[str, dict[str, Any]] = {
    "a chip's x not a number": {"chips": [["left", 100, "red"]]},
    "a chip's x null": {"chips": [[None, 100, "red"]]},
    "passed not a list": {"passed": 0},
    "a seat's won boards not a list": {"won": [1, [], []]},
    "scored a bool": {"scored": [True, 0, 0]},
    "round a bool": {"round": True},
}


@pytest.mark.parametrize("setup", MALFORMED.values(), ids=MALFORMED.keys())
def test_a_malformed_scenario_is_refused_as_invalid_setup(setup: dict[str, Any]) -> None:
    """A scenario is JSON from outside: any malformed value is an InvalidSetup."""
    with pytest.raises(InvalidSetup):
        game(setup)


@pytest.mark.parametrize("pose", [Pose(300, 245, float("nan")), Pose(300, 245, float("inf"))])
def test_a_lay_with_a_non_finite_pose_is_refused(pose: Pose) -> None:
    """星座作成タイム 2: a board lies somewhere on the table — a pose must be finite."""
    state = lay_phase([])
    with pytest.raises(IllegalAction):
        state.apply(0, Lay(pose, FAR))


# --- views and determinize ------------------------------------------------------------------
def positions() -> list[CarroteinState]:
    """A start, scatter time under way with a pass, constellation time (choose and lay), a
    next round with scores, and a finished game."""
    start = game()
    scatter = game(players=4)
    play(scatter, 0, "place 100 100")
    play(scatter, 1, "pass")
    play(scatter, 2, "place 200 100")
    choose = game({"chips": chips((270, 225, "red")), "challenger": 1})
    laying = lay_phase(at(UNDER[:2], "blue") + at(SHOWING[:1], "green"), challenger=1)
    scored = lay_phase(at(UNDER[:2], "blue") + at(SHOWING[:1], "green"), challenger=1)
    lay(scored)
    over = lay_phase([], challenger=0, won=[[], ["leaping", "stretching"], ["ears", "carrot"]])
    lay(over, ON_STAR, FAR)
    assert over.outcome() is not None
    return [start, scatter, choose, laying, scored, over]


def test_every_seat_sees_what_a_spectator_sees() -> None:
    """Nothing is hidden: each seat's view is the spectator's but for "you"."""
    for state in positions():
        public = state.view(None)
        assert public["you"] is None
        for seat in range(state.players):
            view = state.view(seat)
            assert view["you"] == seat
            assert {**view, "you": None} == public
        json.dumps(public, ensure_ascii=False)  # JSON-ready


def test_determinize_returns_the_table_itself() -> None:
    """Nothing is hidden: a world sampled for a seat is the state as it is, and independent
    of it."""
    for state in positions():
        before = snapshot(state)
        for seat in (None, *range(state.players)):
            world = state.determinize(seat, random.Random(3))
            assert snapshot(world) == before
        assert snapshot(state) == before
    state = game()
    world = state.determinize(0, random.Random(0))
    play(world, 0, "place 100 100")
    assert kinds(state) == ["first"]
    assert in_hand(state) == [10, 10, 10]
