"""asobi.core.protocol and events: options validation, Outcome, ranks, Event visibility,
and the guards ``State.apply`` puts in front of every game's rules."""

from __future__ import annotations

import random

import pytest
from pydantic import Field, ValidationError, model_validator

from asobi.core import (
    Event,
    GameOptions,
    GameSpec,
    IllegalAction,
    InvalidOptions,
    Outcome,
    ranks_from_scores,
)
from asobi.core.events import private, public
from asobi.core.protocol import Chance, check_legal, copy_rng

from .simultaneous_game import SPEC as ODDS_EVENS
from .simultaneous_game import Show


# --- options -------------------------------------------------------------------------------
class ToyOptions(GameOptions):
    players: int = 3
    variant: str = Field(default="basic", pattern="^(basic|advanced)$")
    target: int = Field(default=10, ge=1, le=99)
    first: int | None = None

    @model_validator(mode="after")
    def _first_is_a_seat(self) -> ToyOptions:
        if self.first is not None and not 0 <= self.first < self.players:
            raise ValueError(f"first must be a seat 0..{self.players - 1}")
        return self


def toy_spec(default_players: int | None = None) -> GameSpec:
    return GameSpec(
        id="toy",
        name_en="Toy",
        name_ja="おもちゃ",
        seat_counts=(3, 4, 5),
        options_model=ToyOptions,
        action_space=ODDS_EVENS.action_space,
        factory=lambda options, seed, setup: None,  # type: ignore[arg-type,return-value]
        default_players=default_players,
    )


def test_options_default_to_the_first_seat_count_or_the_stated_default() -> None:
    assert toy_spec().options().players == 3
    assert toy_spec().options(None) == ToyOptions(players=3)
    assert toy_spec(default_players=4).options({}).players == 4
    advanced = toy_spec().options({"players": 5, "variant": "advanced"})
    assert isinstance(advanced, ToyOptions) and advanced.variant == "advanced"


def test_unknown_option_is_an_error_naming_it() -> None:
    with pytest.raises(InvalidOptions, match=r"^toy: varaint: unknown key$"):
        toy_spec().options({"varaint": "advanced"})


def test_out_of_range_and_mistyped_options_name_field_and_problem() -> None:
    with pytest.raises(InvalidOptions, match=r"toy: target: Input should be less than or equal"):
        toy_spec().options({"target": 100})
    with pytest.raises(InvalidOptions, match=r"toy: target: Input should be a valid integer"):
        toy_spec().options({"target": "ten"})
    with pytest.raises(InvalidOptions, match=r"toy: variant: String should match pattern"):
        toy_spec().options({"variant": "expert"})


def test_several_problems_are_all_reported() -> None:
    with pytest.raises(InvalidOptions) as info:
        toy_spec().options({"target": 0, "variant": "x", "colour": "red"})
    message = str(info.value)
    assert "target:" in message and "variant:" in message and "colour:" in message


def test_cross_field_validator_message_comes_through() -> None:
    with pytest.raises(InvalidOptions, match=r"toy: options: .*first must be a seat 0\.\.3"):
        toy_spec().options({"players": 4, "first": 4})


@pytest.mark.parametrize("players", [1, 2, 6])
def test_seat_count_not_allowed(players: int) -> None:
    with pytest.raises(InvalidOptions) as info:
        toy_spec().options({"players": players})
    assert str(info.value) == f"toy: {players} players is not allowed (allowed: 3, 4, 5)"


def test_options_instance_passes_through_but_seat_count_is_still_checked() -> None:
    opts = ToyOptions(players=4)
    assert toy_spec().options(opts) is opts
    with pytest.raises(InvalidOptions, match="2 players is not allowed"):
        toy_spec().options(ToyOptions(players=2))


def test_options_are_frozen() -> None:
    opts = toy_spec().options()
    assert isinstance(opts, ToyOptions)
    with pytest.raises(ValidationError):
        opts.target = 5  # type: ignore[misc]


# --- Outcome and ranks ---------------------------------------------------------------------
def test_ranks_from_scores_is_competition_ranking() -> None:
    assert ranks_from_scores([3, 1, 2]) == (1, 3, 2)
    assert ranks_from_scores([5, 5, 1]) == (1, 1, 3)
    assert ranks_from_scores([1, 5, 5]) == (3, 1, 1)
    assert ranks_from_scores([2, 2, 2]) == (1, 1, 1)
    assert ranks_from_scores([7.5]) == (1,)
    assert ranks_from_scores([]) == ()
    assert ranks_from_scores([-1, 0]) == (2, 1)


def test_outcome_winners_and_draws() -> None:
    won = Outcome((2.0, 1.0), (1, 2))
    assert won.winners == (0,) and not won.is_draw
    drawn = Outcome((1.0, 1.0), (1, 1))
    assert drawn.winners == (0, 1) and drawn.is_draw
    shared = Outcome((3.0, 3.0, 1.0), (1, 1, 3))
    assert shared.winners == (0, 1) and not shared.is_draw  # a shared win, not a draw
    solo = Outcome((20.0,), (1,))
    assert solo.winners == (0,) and not solo.is_draw  # a solo game is never a draw


def test_outcome_to_json_is_plain_data() -> None:
    result = Outcome((1.0, 2.0), (2, 1), {"rows": {"main": 7}})
    assert result.to_json() == {
        "scores": [1.0, 2.0],
        "ranks": [2, 1],
        "details": {"rows": {"main": 7}},
    }
    assert Outcome((0.0,), (1,)).to_json()["details"] == {}


# --- events --------------------------------------------------------------------------------
def test_public_events_are_visible_to_everyone() -> None:
    event = public("discard", 0, card="R4")
    assert event == Event("discard", 0, {"card": "R4"}, None)
    assert all(event.visible_to(seat) for seat in (0, 1, 5, None))


def test_private_events_are_visible_to_their_seats_only() -> None:
    event = private("drew", 1, frozenset({1}), card="B7")
    assert event.visible_to(1)
    assert not event.visible_to(0)
    assert not event.visible_to(None)  # spectators see public events only
    both = private("peek", None, frozenset({0, 2}))
    assert [both.visible_to(s) for s in (0, 1, 2)] == [True, False, True]


def test_event_to_json_merges_data() -> None:
    assert private("drew", 1, frozenset({1}), card="B7").to_json() == {
        "kind": "drew",
        "seat": 1,
        "card": "B7",
    }


# --- State.apply guards ---------------------------------------------------------------------
def test_apply_refuses_a_seat_that_is_not_to_act_naming_who_is() -> None:
    state = ODDS_EVENS.new_game({}, seed=1)
    state.apply(0, Show(2))
    with pytest.raises(IllegalAction, match=r"seat 0 is not to act now \(acting: \[1\]\)") as info:
        state.apply(0, Show(3))
    assert info.value.rule == "turn order"


def test_apply_after_the_end_says_the_game_is_over() -> None:
    state = ODDS_EVENS.new_game({"rounds_to_win": 1}, seed=1)
    state.apply(0, Show(1))
    state.apply(1, Show(1))
    assert state.is_over
    with pytest.raises(IllegalAction, match="the game is over") as info:
        state.apply(0, Show(1))
    assert info.value.rule == "end of game"


@pytest.mark.parametrize("seat", [1.0, True, "1", None, [1]])
def test_apply_refuses_a_seat_that_is_no_whole_number_before_touching_anything(
    seat: object,
) -> None:
    """Issue 30, 13: ``1.0 in {1}`` and ``True in {1}`` passed the turn check, then Starmine's
    ``draw deck`` took the card off the deck and failed before it reached the hand."""
    from asobi.core import new_game
    from tests.properties.harness import fingerprint

    state = new_game("starmine", {}, seed=0)
    mover = min(state.active_seats())
    state.apply(mover, state.legal_actions(mover)[0])  # a discard: the draw is owed now
    assert mover == 1, "seed 0: seat 1 opens, so 1.0 and True are the seat to act"
    before = fingerprint(state)
    draw = state.spec.action_space.decode("draw deck")
    with pytest.raises(IllegalAction, match=r"is not a seat: seats are 0\.\.1") as info:
        state.apply(seat, draw)  # type: ignore[arg-type]
    assert info.value.rule == "seats"
    assert fingerprint(state) == before
    state.apply(1, draw)  # the same move by the seat itself


@pytest.mark.parametrize("action", [{"code": "show 1"}, ["show", 1], "show 1", None, 1])
def test_apply_refuses_a_value_that_is_no_action_at_all(action: object) -> None:
    """A game's rules look actions up in sets: an unhashable value (a dict) was a TypeError
    there. Anything without a code, or a string, is refused first."""
    from tests.properties.harness import fingerprint

    state = ODDS_EVENS.new_game({}, seed=0)
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="is not an action of test-odds-evens") as info:
        state.apply(0, action)  # type: ignore[arg-type]
    assert info.value.rule == "actions" and fingerprint(state) == before


def test_illegal_action_names_rule_and_reason() -> None:
    exc = IllegalAction("§5 A", "R4 is not in your hand")
    assert (exc.rule, exc.reason) == ("§5 A", "R4 is not in your hand")
    assert str(exc) == "R4 is not in your hand [§5 A]"


def test_check_legal_fallback() -> None:
    state = ODDS_EVENS.new_game({}, seed=0)
    check_legal(state, 0, Show(5), "fingers")
    with pytest.raises(IllegalAction, match="'show 7' is not a legal action now"):
        check_legal(state, 0, Show(7), "fingers")


def test_what_a_position_keeps_is_worked_out_once_and_forgotten_at_the_next_move() -> None:
    """``State.kept``: several readers of one position (each seat's view) share one answer;
    a move, or a copy that goes its own way, works it out again."""
    state = ODDS_EVENS.new_game({}, seed=0)
    asked: list[int] = []

    def work() -> int:
        asked.append(len(asked))
        return len(asked)

    assert state.kept("k", work) == state.kept("k", work) == 1
    copy = state.clone()
    assert copy.kept("k", work) == 2  # a copy starts afresh
    state.apply(0, Show(2))
    assert state.kept("k", work) == 3 and state.kept("k", work) == 3
    assert asked == [0, 1, 2]


def test_determinize_and_clone_keep_the_type() -> None:
    state = ODDS_EVENS.new_game({}, seed=0)
    assert type(state.clone()) is type(state)
    assert type(state.determinize(None, random.Random(0))) is type(state)


def test_a_chance_shared_by_clones_draws_as_if_each_had_its_own_copy() -> None:
    """``Chance.copy`` shares the generator; whichever side draws first copies it, so each
    side's draws are those of an independent ``copy_rng`` taken at the clone."""
    original = Chance(7)
    original.randrange(10)  # drawn from before the clone
    expected = copy_rng(original.random)
    clone = original.copy()
    assert clone.random is original.random  # nothing copied yet
    deck = list(range(20))
    clone.shuffle(deck)
    reference = list(range(20))
    copy_rng(expected).shuffle(reference)
    assert deck == reference
    assert original.getstate() == expected.getstate()  # the clone's draw left it as it was
    assert [original.randrange(1000) for _ in range(5)] == [
        expected.randrange(1000) for _ in range(5)
    ]
    third = clone.copy()
    third.getrandbits(64)
    assert clone.getstate() != third.getstate()
