"""Fuzz tests over bad input, for EVERY registered game and seat count (issue 30).

Three doors let input from outside into a game: a scenario (``asobi play --setup``), a
record (``asobi replay``, the server's store) and ``apply`` (a seat and an action). Through
each, input broken in any way (``fuzz.py``: a valid one with values of another type, keys
too many or too few, cards twice, random JSON; seats that are floats or bools; another
game's actions) must end in one of two ways: accepted as the game's own, or refused with a
one-line :class:`AsobiError` and nothing changed (the state, deep, its views and legal
moves; the input itself). Any other exception fails.

Each game's valid scenarios come from ``hooks.py`` (``scenarios``). The default run takes
a few seconds a game; the ``slow`` versions (``pytest -m slow``) take ten times the
examples and longer games.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from asobi.core import (
    AsobiError,
    BadActionCode,
    GameRecord,
    GameSpec,
    Match,
    State,
    all_specs,
    replay,
    replay_steps,
)
from tests.core.simultaneous_game import registered

from .fuzz import bad_actions, bad_codes, bad_seats, broken, is_action_of
from .harness import Chooser, GameCase, check_protocol, choose_move, choosers, examples, game_seeds
from .harness import fingerprint as deep
from .hooks import HOOKS, TEST_ONLY_SPECS, GameHooks

CASES = [
    GameCase(spec, players, {})
    for spec in [*all_specs(), *TEST_ONLY_SPECS]
    for players in spec.seat_counts
]


@pytest.fixture(scope="module", autouse=True)
def _test_only_games_registered() -> Iterator[None]:
    with ExitStack() as stack:
        for spec in TEST_ONLY_SPECS:
            stack.enter_context(registered(spec))
        yield


def hooks_of(case: GameCase) -> GameHooks:
    return HOOKS[case.spec.id]


Body = Callable[..., None]


def fuzz(ci_count: int, slow: bool = False) -> Callable[[Body], Any]:
    """``test_<body>``, run for every case with ``ci_count`` examples (scaled by the
    hypothesis profile), or ``test_<body>_long``: ten times as many, marked ``slow``. The
    body gets the case, ``moves`` (how long a game to play before the bad input: at most
    30 moves, 200 in the long run), a game ``seed``, a ``chooser`` of moves and ``data``."""
    count, longest = (ci_count * 10, 200) if slow else (ci_count, 30)

    def wrap(body: Body) -> Any:
        def test(case: GameCase) -> None:
            @settings(
                max_examples=examples(count),
                deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
            )
            @given(
                moves=st.integers(0, longest), seed=game_seeds, chooser=choosers(), data=st.data()
            )
            def run(**drawn: Any) -> None:
                body(case, **drawn)

            run()

        test.__name__ = test.__qualname__ = f"test_{body.__name__}" + ("_long" if slow else "")
        test.__doc__ = body.__doc__
        marks = pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
        return pytest.mark.slow(marks(test)) if slow else marks(test)

    return wrap


def refused_cleanly(exc: AsobiError) -> None:
    """What a person is shown: one line that says something."""
    message = str(exc)
    assert message.strip() and "\n" not in message, repr(message)


def played_to(case: GameCase, seed: int, chooser: Chooser, moves: int, setup: Any = None) -> Match:
    """A game of ``case`` after up to ``moves`` random legal moves (fewer if it ends)."""
    match = Match(case.spec.id, case.all_options(), seed, setup)
    for _ in range(moves):
        if match.state.is_over:
            break
        match.play(*choose_move(match.state, chooser))
    return match


def everything_seen(state: State) -> Any:
    """What every seat and a spectator are shown, and every seat's legal moves."""
    seats = range(state.players)
    return (
        [state.view(seat) for seat in [*seats, None]],
        [[a.encode() for a in state.legal_actions(seat)] for seat in seats],
        sorted(state.active_seats()),
    )


# --- scenarios ----------------------------------------------------------------------------
@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_the_valid_scenarios_are_accepted(case: GameCase) -> None:
    """The scenarios the fuzz breaks start a game (else it would break nothing)."""
    for setup in hooks_of(case).scenarios(case.players):
        state = case.spec.new_game(case.all_options(), 0, setup)
        check_protocol(state, case.spec, finite_actions=hooks_of(case).finite_actions)


def check_scenario(case: GameCase, setup: Any, seed: int, chooser: Chooser) -> None:
    spec, options = case.spec, case.all_options()
    written = json.dumps(setup)
    dealt = everything_seen(spec.new_game(options, seed))
    try:
        state = spec.new_game(options, seed, setup)
    except AsobiError as exc:
        refused_cleanly(exc)
    else:  # a position the game can play from
        hooks = hooks_of(case)
        for _ in range(3):
            check_protocol(state, spec, finite_actions=hooks.finite_actions)
            if state.is_over:
                break
            state.apply(*choose_move(state, chooser))
    assert json.dumps(setup) == written, "reading the scenario changed it"
    # Shared parts (a deck, a board's shape) are not the scenario's to change: the same deal
    # still looks the same to everyone. (A deep print would also see their lazy caches.)
    assert everything_seen(spec.new_game(options, seed)) == dealt, "the scenario changed a deal"


def broken_scenario(case: GameCase) -> st.SearchStrategy[Any]:
    valid = [*hooks_of(case).scenarios(case.players), {}]
    return st.sampled_from(valid).flatmap(broken)


def broken_scenarios(
    case: GameCase, moves: int, seed: int, chooser: Chooser, data: st.DataObject
) -> None:
    """A scenario broken in any way (a value of another type, a key too many or too few, a
    card twice, random JSON) starts a game it can play, or is one clean error."""
    check_scenario(case, data.draw(broken_scenario(case), label="setup"), seed, chooser)


test_broken_scenarios = fuzz(60)(broken_scenarios)
test_broken_scenarios_long = fuzz(60, slow=True)(broken_scenarios)


# --- records ------------------------------------------------------------------------------
def broken_records(
    case: GameCase, moves: int, seed: int, chooser: Chooser, data: st.DataObject
) -> None:
    """A record of a random game (from a deal or a scenario) broken in any way (a seat of
    0.7, a move of another seat, options or a setup of the wrong type, the outcome
    changed) replays, or is one clean error before anything is replayed."""
    setup = data.draw(st.sampled_from([None, *hooks_of(case).scenarios(case.players)]))
    match = played_to(case, seed, chooser, moves, setup)
    valid = json.loads(json.dumps(match.record.to_json()))
    assert deep(replay(GameRecord.from_json(valid))) == deep(match.state)
    data_in = data.draw(broken(valid), label="record")
    written = json.dumps(data_in)
    try:
        record = GameRecord.from_json(data_in)
        final = replay(record)
        steps = list(replay_steps(record))
    except AsobiError as exc:
        refused_cleanly(exc)
    else:  # read exactly as written: nothing rounded (a seat of 0.7) or converted ("7")
        read = json.loads(json.dumps(record.to_json()))
        for key in ("game", "seed", "moves"):
            assert key not in data_in or read[key] == data_in[key], key
        assert deep(steps[-1].state) == deep(final)
        check_protocol(final, case.spec, finite_actions=hooks_of(case).finite_actions)
    assert json.dumps(data_in) == written, "reading the record changed it"


test_broken_records = fuzz(20)(broken_records)
test_broken_records_long = fuzz(20, slow=True)(broken_records)


# --- apply --------------------------------------------------------------------------------
def offer(spec: GameSpec, state: State, seat: Any, action: Any, finite: bool) -> None:
    """Offer ``action`` by ``seat`` to a copy of ``state``: taken only if it is the
    game's own and the seat's to play; refused cleanly with the copy just as it was."""
    before, seen = deep(state), everything_seen(state)
    trial = state.clone()
    try:
        trial.apply(seat, action)
    except AsobiError as exc:
        refused_cleanly(exc)
        assert deep(trial) == before, f"refusing {action!r} by {seat!r} changed the state"
        assert everything_seen(trial) == seen, f"refusing {action!r} by {seat!r} changed a view"
    else:
        assert type(seat) is int and seat in state.active_seats(), f"taken from seat {seat!r}"
        assert is_action_of(spec, action), f"{action!r} is not an action {spec.id} records"
        if finite:
            assert action in state.legal_actions(seat), f"{action!r} taken but not legal"


def bad_apply_inputs(
    case: GameCase, moves: int, seed: int, chooser: Chooser, data: st.DataObject
) -> None:
    """At a random position, seats that are not seats (1.0, True, '1', out of range) and
    actions that are not the game's (another game's, None, a broken code) are refused with
    nothing changed, down to every view and legal list; a legal move by its seat is taken."""
    match = played_to(case, seed, chooser, moves)
    state, spec = match.state, case.spec
    finite = hooks_of(case).finite_actions
    others = [*all_specs(), *TEST_ONLY_SPECS]
    for _ in range(data.draw(st.integers(1, 4))):
        seat = data.draw(bad_seats(state), label="seat")
        if data.draw(st.booleans()):
            action = data.draw(bad_actions(spec, state, others), label="action")
        else:
            code = data.draw(bad_codes(state), label="code")
            try:
                action = spec.action_space.decode(code)
            except BadActionCode as exc:
                refused_cleanly(exc)
                continue
        offer(spec, state, seat, action, finite)


test_bad_apply_inputs = fuzz(20)(bad_apply_inputs)
test_bad_apply_inputs_long = fuzz(20, slow=True)(bad_apply_inputs)
