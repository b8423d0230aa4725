"""The protocol carries SIMULTANEOUS decisions: both seats act at once, each commits a
hidden choice, and the state resolves once all have committed (as It's Mine!'s dice bids
will). Played with the test-only game in ``simultaneous_game.py``."""

from __future__ import annotations

import random
from typing import Any

import pytest

from asobi.core import (
    GameRecord,
    GameSpec,
    IllegalAction,
    InvalidOptions,
    InvalidSetup,
    Match,
    replay,
    replay_steps,
)
from asobi.core.bots import choose_for, make_bot
from tests.properties.harness import fingerprint

from .simultaneous_game import SHOW, OddsEvensState, Show


def fresh(odd_seat: int = 0, **options: Any) -> OddsEvensState:
    from .simultaneous_game import SPEC

    state = SPEC.new_game(options, seed=3, setup={"odd_seat": odd_seat})
    assert isinstance(state, OddsEvensState)
    return state


def test_both_seats_are_active_at_once() -> None:
    state = fresh()
    assert state.active_seats() == frozenset({0, 1})
    assert state.legal_actions(0) == list(SHOW)
    assert state.legal_actions(1) == list(SHOW)


def test_committing_removes_a_seat_from_the_active_ones_in_any_order() -> None:
    state = fresh()
    state.apply(1, Show(4))  # the second seat may commit first
    assert state.active_seats() == frozenset({0})
    assert state.legal_actions(1) == []
    assert state.legal_actions(0) == list(SHOW)


def test_acting_twice_is_refused_and_changes_nothing() -> None:
    state = fresh()
    state.apply(0, Show(2))
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="seat 0 is not to act now") as info:
        state.apply(0, Show(3))
    assert info.value.rule == "turn order"
    assert fingerprint(state) == before
    assert state.pending == [2, None]


def test_the_other_seats_commitment_is_hidden_until_both_are_in() -> None:
    views = {}
    for fingers in (0, 3, 5):
        state = fresh()
        state.apply(1, Show(fingers))
        views[fingers] = (state.view(0), state.view(None), state.view(1))
    seat0_views = {repr(v[0]) for v in views.values()}
    spectator_views = {repr(v[1]) for v in views.values()}
    assert len(seat0_views) == 1, "seat 0's view depends on seat 1's hidden choice"
    assert len(spectator_views) == 1, "the spectator's view depends on a hidden choice"
    own = views[3][2]
    assert own["my_choice"] == 3  # a seat sees its own pending choice
    assert views[3][0]["committed"] == [False, True]  # ...the other only that it committed
    assert views[3][0]["my_choice"] is None


def test_commit_events_are_private_until_resolution() -> None:
    state = fresh()
    events = state.apply(1, Show(4))
    assert [e.kind for e in events] == ["commit", "chose"]
    commit, chose = events
    assert commit.to is None and "fingers" not in commit.data
    assert chose.to == frozenset({1}) and chose.data == {"fingers": 4}
    seen_by_0 = [e for e in events if e.visible_to(0)]
    seen_by_spectator = [e for e in events if e.visible_to(None)]
    assert seen_by_0 == seen_by_spectator == [commit]
    assert all("fingers" not in e.data for e in seen_by_0)


def test_resolution_once_both_are_in() -> None:
    state = fresh(odd_seat=0)
    state.apply(0, Show(1))
    events = state.apply(1, Show(2))  # 1 + 2 = 3: odd, the odd seat (0) wins the round
    reveal = [e for e in events if e.kind == "reveal"]
    assert len(reveal) == 1 and reveal[0].to is None
    assert reveal[0].data == {"fingers": [1, 2], "sum": 3, "winner": 0}
    assert state.wins == [1, 0] and state.history == [(1, 2)]
    assert state.pending == [None, None]
    assert state.active_seats() == frozenset({0, 1})  # the next round
    assert state.view(1)["history"] == [[1, 2]]  # now public


def test_even_sum_goes_to_the_even_seat_and_best_of_three_ends_the_game() -> None:
    state = fresh(odd_seat=1)
    for a, b in [(2, 2), (1, 2), (0, 4)]:  # even, odd, even
        assert not state.is_over
        state.apply(0, Show(a))
        state.apply(1, Show(b))
    result = state.outcome()
    assert result is not None
    assert result.scores == (2.0, 1.0) and result.ranks == (1, 2) and result.winners == (0,)
    assert result.details == {"rounds": 3}
    assert state.active_seats() == frozenset()
    assert state.legal_actions(0) == state.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(1, Show(0))


def test_determinize_resamples_only_the_other_seats_pending_choice() -> None:
    state = fresh()
    state.apply(0, Show(5))
    state.apply(1, Show(5))  # a round resolves: both choices are public now
    state.apply(0, Show(4))
    state.apply(1, Show(1))  # odd this time: one round each
    state.apply(1, Show(3))  # seat 1 commits in round 3; seat 0 has not yet
    for_seat_0 = [state.determinize(0, random.Random(k)) for k in range(40)]
    assert {w.pending[1] for w in for_seat_0} == set(range(6)), "not resampled"
    assert all(w.pending[0] is None and w.history == state.history for w in for_seat_0)
    assert all(w.view(0) == state.view(0) for w in for_seat_0)
    for_seat_1 = [state.determinize(1, random.Random(k)) for k in range(10)]
    assert all(w.pending == [None, 3] for w in for_seat_1)  # its own choice is known
    spectator = {state.determinize(None, random.Random(k)).pending[1] for k in range(40)}
    assert len(spectator) > 1
    assert state.pending == [None, 3]  # the real state is untouched


def test_determinized_worlds_play_on_without_touching_the_real_state() -> None:
    state = fresh()
    state.apply(1, Show(2))
    before = fingerprint(state)
    world = state.determinize(0, random.Random(1))
    world.apply(0, Show(1))
    assert world.history and not state.history
    assert fingerprint(state) == before


def test_clone_is_independent() -> None:
    state = fresh()
    state.apply(0, Show(1))
    copy = state.clone()
    assert fingerprint(copy) == fingerprint(state)
    copy.apply(1, Show(1))
    assert state.pending == [1, None] and state.history == []
    assert copy.rng is not state.rng and copy.rng.getstate() == state.rng.getstate()


def test_options_and_setup_are_validated(odds_evens: GameSpec) -> None:
    with pytest.raises(InvalidOptions, match="3 players is not allowed"):
        odds_evens.options({"players": 3})
    with pytest.raises(InvalidOptions, match="rounds_to_win"):
        odds_evens.options({"rounds_to_win": 0})
    with pytest.raises(InvalidSetup, match="unknown scenario keys: colour"):
        odds_evens.new_game({}, 0, {"colour": "red"})
    seats = {odds_evens.new_game({}, seed).odd_seat for seed in range(20)}  # type: ignore[attr-defined]
    assert seats == {0, 1}, "the seed draws who plays odd"


def test_replay_of_a_simultaneous_record_reproduces_every_step(odds_evens: GameSpec) -> None:
    match = Match(odds_evens.id, {"rounds_to_win": 2}, seed=11)
    moves = [(1, "show 3"), (0, "show 0"), (0, "show 2"), (1, "SHOW 4"), (1, "show 1")]
    prints = [fingerprint(match.state)]
    for seat, code in moves:
        match.play(seat, code)
        prints.append(fingerprint(match.state))
    while not match.state.is_over:
        seat = min(match.state.active_seats())
        match.play(seat, Show(1))
        prints.append(fingerprint(match.state))
    record = GameRecord.from_json(match.record.to_json())
    assert record.moves[:2] == [(1, "show 3"), (0, "show 0")]  # commit order is kept
    assert record.moves[3] == (1, "show 4")  # codes are stored normalised
    steps = list(replay_steps(record))
    assert [fingerprint(s.state) for s in steps] == prints
    assert replay(record).outcome() == match.state.outcome()


def test_random_bots_decide_for_each_active_seat(odds_evens: GameSpec) -> None:
    state = odds_evens.new_game({}, seed=2)
    bots = [make_bot("random", odds_evens.id, seed) for seed in (1, 2)]
    moves = 0
    while not state.is_over:
        for seat in sorted(state.active_seats()):  # both decide from the same position
            action = choose_for(bots[seat], state, seat)
            state.apply(seat, action)
            moves += 1
    assert moves % 2 == 0 and 4 <= moves <= 6
