"""Property tests over random legal games, for EVERY registered game and seat count.

Hypothesis draws a game seed and the choices (seat among the active ones, then a legal
action); every position of the game is checked. Per-game invariants come from
``hooks.py``. The test-only simultaneous game (``tests/core/simultaneous_game.py``) and the
example game of ``docs/adding-a-game.md`` (``examples/oddsevens``) are played too.

Example counts scale with the hypothesis profile (``HYPOTHESIS_PROFILE``: ci, quick,
thorough; see ``tests/conftest.py``) and with each game's ``weight`` in ``hooks.py``; a
long game also runs the costliest checks at every ``heavy_every``-th position only. Under
``ci`` the whole ``tests/properties`` run takes about 100 s with three games (Laminate
Rummy, 3–5 players and two option sets, about half of it); a game that adds cases should
set its weight so the run stays within its budget rather than let the default run grow.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asobi.core import GameRecord, RecordMismatch, State, all_specs, replay, replay_steps
from asobi.core.bots import choose_for, make_bot
from tests.core.simultaneous_game import registered
from tests.lanes import first_of_each_fast

from .harness import (
    Chooser,
    GameCase,
    Typed,
    assert_refused,
    check_events,
    check_protocol,
    choose_move,
    choosers,
    examples,
    game_seeds,
    illegal_candidates,
    play_out,
    random_game,
    seen_by,
    shared_mutables,
    state_fingerprint,
    with_chance_of,
)
from .hooks import HOOKS, TEST_ONLY_SPECS, GameHooks


def _no_invariant(state: State) -> None:
    return None


# A game missing from HOOKS still gets the generic checks (and test_conformance fails).
_DEFAULT = GameHooks(invariant=_no_invariant)

CASES = [
    GameCase(spec, players, dict(options))
    for spec in [*all_specs(), *TEST_ONLY_SPECS]
    for players in spec.seat_counts
    for options in HOOKS.get(spec.id, _DEFAULT).option_sets
]
cases = pytest.mark.parametrize(
    "case", first_of_each_fast(CASES, lambda c: c.spec.id, lambda c: c.id)
)


def hooks_of(case: GameCase) -> GameHooks:
    return HOOKS.get(case.spec.id, _DEFAULT)


Body = Callable[..., None]


def per_game(ci_count: int, **strategies: Any) -> Callable[[Body], Callable[[GameCase], None]]:
    """A test run for every case, each with ``ci_count`` hypothesis examples (scaled by the
    profile and by the game's ``weight`` in ``hooks.py``) drawn from ``strategies``."""

    def wrap(body: Body) -> Callable[[GameCase], None]:
        def test(case: GameCase) -> None:
            count = examples(ci_count, hooks_of(case).weight)

            @settings(max_examples=count, deadline=None)
            @given(**strategies)
            def run(**drawn: Any) -> None:
                body(case, **drawn)

            run()

        test.__name__ = test.__qualname__ = body.__name__
        test.__doc__ = body.__doc__
        return cases(test)

    return wrap


@pytest.fixture(scope="module", autouse=True)
def _test_only_games_registered() -> Iterator[None]:
    with ExitStack() as stack:
        for spec in TEST_ONLY_SPECS:
            stack.enter_context(registered(spec))
        yield


def _positions(case: GameCase, seed: int, chooser: Chooser) -> Iterator[Any]:
    """The positions of a random game, each already checked for protocol sanity and the
    game's own invariant."""
    hooks = hooks_of(case)
    for step in random_game(case, seed, chooser, hooks.max_steps):
        check_protocol(step.state, case.spec, finite_actions=hooks.finite_actions)
        check_events(step.events, step.state.players)
        hooks.invariant(step.state)
        yield step


def _observers(state: State) -> list[int | None]:
    return [*range(state.players), None]


# --- (a) views leak nothing -----------------------------------------------------------------
@per_game(28, seed=game_seeds, chooser=choosers())
def test_views_leak_nothing(case: GameCase, seed: int, chooser: Chooser) -> None:
    """A seat's view is the same in every world it cannot tell apart from the real one:
    ``determinize(seat, rng).view(seat) == view(seat)``. If a view showed anything
    determinize resamples (another hand, the deck's order, a pending bid), the two would
    differ. A seat's legal actions must not depend on what it cannot see either."""
    hooks = hooks_of(case)
    typed = Typed(case.spec, json_schema=False)
    previous: dict[int | None, dict[str, Any]] = {}
    for step in _positions(case, seed, chooser):
        state = step.state
        before = state_fingerprint(state)
        views = {}
        for event in step.events:
            typed.check_event(event.to_json())
        for seat in _observers(state):
            view = state.view(seat)
            views[seat] = view
            assert json.loads(json.dumps(view)) == view, f"view({seat}) is not JSON-ready"
            typed.check_view(view)
            hooks.view_check(state, seat, view)
            if step.number % hooks.heavy_every:
                continue  # views and events every move; sampled worlds at some
            for _ in range(2):
                world = state.determinize(seat, random.Random(chooser.rng.getrandbits(32)))
                assert type(world) is type(state)
                assert world is not state
                assert world.view(seat) == view, f"view({seat}) shows what determinize hides"
                assert world.active_seats() == state.active_seats()
                if seat is not None:
                    assert world.legal_actions(seat) == state.legal_actions(seat), (
                        f"seat {seat}'s legal actions depend on what it cannot see"
                    )
                hooks.invariant(world)
            if hooks.determinize_from_view_only:
                twin = state.determinize(seat, random.Random(chooser.rng.getrandbits(32)))
                assert twin.view(seat) == view
                key = chooser.rng.getrandbits(32)
                worlds = [s.determinize(seat, random.Random(key)) for s in (state, twin)]
                assert state_fingerprint(worlds[0]) == state_fingerprint(worlds[1]), (
                    f"determinize({seat}) depends on more than seat {seat} knows"
                )
        if previous:
            for seat in _observers(state):
                seen = [e for e in step.events if e.visible_to(seat)]
                hooks.events_check(seat, seen, previous[seat], views[seat])
        previous = views
        assert state_fingerprint(state) == before, "view or determinize changed the state"


@per_game(4, seed=game_seeds, chooser=choosers())
def test_views_and_events_follow_their_json_schemas(
    case: GameCase, seed: int, chooser: Chooser
) -> None:
    """What the browser is told to expect (``/api/games/{id}/schema``) is what it gets:
    every view of a random game, for every seat and a spectator, and every event validate
    against the JSON Schemas generated from the game's declared types."""
    typed = Typed(case.spec, json_schema=True)
    for step in _positions(case, seed, chooser):
        for event in step.events:
            typed.check_event(event.to_json())
        for seat in _observers(step.state):
            typed.check_view(step.state.view(seat))


# --- (a') what a move shows depends only on what others see --------------------------------
@per_game(20, seed=game_seeds, chooser=choosers())
def test_moves_show_others_only_what_they_see(case: GameCase, seed: int, chooser: Chooser) -> None:
    """Issue 30 (7): after the same move in the true state and in a world sampled for
    another seat (``determinize``), that seat's view is still the same, and so are the events
    it sees. A move whose consequence depends on what the seat cannot see (a turn that ends
    by itself because of the mover's hand) would make the two differ. Chance after the move
    falls alike in both (the world gets the true random generator). Not compared: a world in
    which the move is not legal (the mover's resampled hand lacks the card), and a move by
    which the rules show the seat hidden cards (the game's ``revealing_events``)."""
    hooks = hooks_of(case)
    state = case.spec.new_game(case.all_options(), seed)
    steps = 0
    while not state.is_over:
        assert steps < hooks.max_steps, f"{case.id}: not over after {hooks.max_steps} moves"
        mover, action = choose_move(state, chooser)
        if steps % hooks.heavy_every == 0:
            after = state.clone()
            events = after.apply(mover, action)
            for seat in _observers(state):
                if seat == mover:
                    continue
                view, seen = after.view(seat), seen_by(events, seat)
                for _ in range(2):
                    world = state.determinize(seat, random.Random(chooser.rng.getrandbits(32)))
                    with_chance_of(world, state)
                    if action not in world.legal_actions(mover):
                        continue
                    told = seen_by(world.apply(mover, action), seat)
                    if hooks.revealing_events & {e["kind"] for e in [*seen, *told]}:
                        continue  # the rules show it what the world resampled
                    assert world.view(seat) == view, (
                        f"after seat {mover}'s {action.encode()!r}, view({seat}) depends on "
                        "what it cannot see"
                    )
                    assert told == seen, (
                        f"seat {mover}'s {action.encode()!r} tells seat {seat} what it cannot see"
                    )
        state.apply(mover, action)
        steps += 1


@per_game(12, seed=game_seeds, chooser=choosers())
def test_a_step_another_seat_sees_nothing_of_leaves_its_view_alone(
    case: GameCase, seed: int, chooser: Chooser
) -> None:
    """A step of a move still in progress (the mover still to act) of which another seat sees
    no event leaves that seat's view as it was: the server then tells that seat nothing
    (``asobi.server.rooms.told``), not even that a move was made (Laminate Rummy's draft, a
    card at a time: the others see an ordinary turn until the paper is on the table)."""
    hooks = hooks_of(case)
    state = case.spec.new_game(case.all_options(), seed)
    steps = 0
    while not state.is_over:
        assert steps < hooks.max_steps, f"{case.id}: not over after {hooks.max_steps} moves"
        mover, action = choose_move(state, chooser)
        before = {seat: state.view(seat) for seat in _observers(state) if seat != mover}
        events = state.apply(mover, action)
        steps += 1
        if mover not in state.active_seats():
            continue
        for seat, view in before.items():
            if not any(e.visible_to(seat) for e in events):
                assert state.view(seat) == view, (
                    f"seat {mover}'s {action.encode()!r} changed view({seat}) unseen"
                )


# --- (b) illegal actions change nothing -----------------------------------------------------
@per_game(20, seed=game_seeds, chooser=choosers())
def test_illegal_actions_change_nothing(case: GameCase, seed: int, chooser: Chooser) -> None:
    """Actions of the game's space that are not legal now, and any action by a seat that
    is not to act (or no seat at all), raise IllegalAction and leave the state as it was,
    random generator included. Every listed legal action is accepted."""
    spec = case.spec
    hooks = hooks_of(case)
    for step in _positions(case, seed, chooser):
        state = step.state
        if step.number % hooks.heavy_every:
            continue
        before = state_fingerprint(state)
        rng = chooser.rng
        space = spec.action_space.actions
        active = state.active_seats()
        for seat in sorted(active):
            for action in illegal_candidates(state, spec, seat, rng, 4):
                assert_refused(state, seat, action, before)
            legal = state.legal_actions(seat)
            for action in rng.sample(legal, min(4, len(legal))):
                state.clone().apply(seat, action)  # listed, hence accepted
        offered = [space[rng.randrange(len(space))]]
        if active:
            offered.append(rng.choice(state.legal_actions(rng.choice(sorted(active)))))
        for seat in range(state.players):
            if seat not in active:
                for action in offered:
                    assert_refused(state, seat, action, before)
        for seat in (state.players, -1):  # no such seat
            assert_refused(state, seat, offered[-1], before)


# --- (c) replays reproduce ------------------------------------------------------------------
@per_game(30, seed=game_seeds, chooser=choosers())
def test_replays_reproduce(case: GameCase, seed: int, chooser: Chooser) -> None:
    """The game's record, saved as JSON and loaded back, replays to the very same state
    at every step (same fingerprint, same events) and to the same outcome."""
    prints: list[Any] = []
    events: list[Any] = []
    match = None
    for step in _positions(case, seed, chooser):
        prints.append(state_fingerprint(step.state))
        events.append(step.events)
        match = step.match
    assert match is not None
    state = match.state
    record = GameRecord.from_json(json.loads(json.dumps(match.record.to_json())))
    assert record == match.record
    assert len(record.moves) == len(prints) - 1
    result = state.outcome()
    assert result is not None
    assert record.outcome == json.loads(json.dumps(result.to_json()))

    steps = list(replay_steps(record))
    assert len(steps) == len(prints)
    for number, (replayed, expected, seen) in enumerate(zip(steps, prints, events, strict=True)):
        assert replayed.number == number
        assert state_fingerprint(replayed.state) == expected, f"replay differs at step {number}"
        assert replayed.events == seen, f"replay's events differ at step {number}"
        if number:
            assert (replayed.seat, replayed.code) == record.moves[number - 1]

    final = replay(record)
    assert state_fingerprint(final) == prints[-1]
    assert final.outcome() == state.outcome()

    tampered = GameRecord.from_json(record.to_json())
    assert tampered.outcome is not None
    tampered.outcome = {**tampered.outcome, "scores": [s + 1 for s in tampered.outcome["scores"]]}
    with pytest.raises(RecordMismatch):
        replay(tampered)


# --- (d) a clone shares nothing mutable -------------------------------------------------------
@per_game(16, seed=game_seeds, chooser=choosers())
def test_clones_share_nothing(case: GameCase, seed: int, chooser: Chooser) -> None:
    """``clone()`` and ``determinize()`` share no list, dict, set, bytearray, random
    generator or mutable object with the original, and playing either on to the end
    leaves the original exactly as it was. Who acts and the legal moves, which a state
    keeps once worked out, are what a clone works out afresh."""
    hooks = hooks_of(case)
    earlier: tuple[State, Any] | None = None
    for step in _positions(case, seed, chooser):
        state = step.state
        if earlier is not None:  # the original moved on since: last step's clone did not
            old_copy, old_print = earlier
            assert state_fingerprint(old_copy) == old_print, "the original moving changed a clone"
        before = state_fingerprint(state)
        copy = state.clone()
        assert type(copy) is type(state)
        assert state_fingerprint(copy) == before, "a clone differs from its original"
        assert shared_mutables(state, copy) == [], "clone() shares mutable parts"
        # A clone works out who acts and the legal moves afresh: the original's kept answers
        # must be the same (a game that changed its state after asking would differ here).
        assert copy.active_seats() == state.active_seats(), "who acts: a stale answer"
        for s in range(state.players):
            assert copy.legal_actions(s) == state.legal_actions(s), "legal moves: stale"
        observers = _observers(state)
        seat = observers[chooser.pick(len(observers))]
        world = state.determinize(seat, random.Random(chooser.rng.getrandbits(32)))
        assert shared_mutables(state, world) == [], f"determinize({seat}) shares parts"
        earlier = (state.clone(), before)

        if step.number % hooks.heavy_every == 0:
            mover = Chooser([], chooser.rng.getrandbits(32))
            play_out(copy, mover, hooks.max_steps)
            play_out(world, mover, hooks.max_steps)
            assert state_fingerprint(state) == before, "playing on a copy changed the original"


# --- (e), (f) games end, invariants hold, bots can play -----------------------------------
@per_game(100, seed=game_seeds, chooser=choosers())
def test_random_games_end_within_bound(case: GameCase, seed: int, chooser: Chooser) -> None:
    """Random legal play ends within the game's bound, with the invariants (hooks) and
    protocol sanity holding at every position, and a well-formed outcome at the end.
    After the end, every action by every seat is refused."""
    hooks = hooks_of(case)
    last = None
    for step in _positions(case, seed, chooser):
        assert step.number <= hooks.max_steps
        last = step
    assert last is not None
    state = last.state
    assert state.is_over and state.active_seats() == frozenset()
    assert all(state.legal_actions(seat) == [] for seat in range(state.players))
    space = case.spec.action_space.actions
    for seat in range(state.players):
        assert_refused(state, seat, space[chooser.pick(len(space))])


@per_game(20, seed=game_seeds, bot_seed=game_seeds)
def test_random_bots_play_any_game(case: GameCase, seed: int, bot_seed: int) -> None:
    """The generic random bot plays every game to its end through ``choose_for``."""
    state = case.spec.new_game(case.all_options(), seed)
    bots = [make_bot("random", case.spec.id, bot_seed + s) for s in range(state.players)]
    steps = 0
    while not state.is_over:
        seat = min(state.active_seats())
        state.apply(seat, choose_for(bots[seat], state, seat))
        steps += 1
        assert steps <= hooks_of(case).max_steps
    hooks_of(case).invariant(state)


def _roster(game: str) -> list[str]:
    """Every bot a game offers, once each: its own bots, its levels and the generic bots.
    Searches run on small budgets (the same code as at full strength): ISMCTS (one tree, or
    one per seat) on a dozen iterations (two in Carrotein, where every playout ends in the
    solver), the lookahead on two worlds of short playouts, Carrotein's solver bots on 0.2 s
    (their untimed play is tested in tests/games/carrotein)."""
    from asobi.core import get_spec
    from asobi.core.bots import LEVELS, level_bot

    own = sorted(get_spec(game).bots)
    if game == "carrotein":
        names = ["random", "ismcts:iterations=2", *(f"{b}:seconds=0.2" for b in own)]
    else:
        names = [
            "random",
            "ismcts:iterations=12",
            "ismcts:iterations=12:depth=4",
            "ismcts:iterations=12:observer=multiple",
            *own,
        ]
        if "greedy" in own:  # the lookahead plays its playouts with the heuristic bot
            names.append("lookahead:worlds=2:depth=6")
        for level in LEVELS:
            if level == "hard":
                continue  # a search for a time: the budgets above
            try:
                make_bot(level, game)
            except ValueError:  # a test-only game without a heuristic bot
                continue
            names.append(level_bot(game, level))
    return list(dict.fromkeys(names))


@per_game(
    8,
    seed=game_seeds,
    chooser=choosers(),
    stops=st.lists(st.integers(0, 10_000), min_size=2, max_size=2),
)
def test_bots_choose_legal_actions_anywhere(
    case: GameCase, seed: int, chooser: Chooser, stops: list[int]
) -> None:
    """Issue 7: a bot never chooses an illegal action. At two random positions of a
    random game, every bot the game offers (levels, its own bots, ISMCTS) decides for every
    active seat through ``choose_for`` (which refuses an illegal choice), and deciding
    leaves the state exactly as it was."""
    max_steps = hooks_of(case).max_steps
    length = sum(
        1 for _ in random_game(case, seed, Chooser(chooser.prefix, chooser.seed), max_steps)
    )
    targets = {stop % (length - 1) for stop in stops}  # positions before the end
    checked = 0
    for step in random_game(case, seed, chooser, max_steps):
        if step.number not in targets:
            continue
        state = step.state
        before = state_fingerprint(state)
        for name in _roster(case.spec.id):
            for seat in sorted(state.active_seats()):
                bot = make_bot(name, case.spec.id, seed % 1000 + seat)
                choose_for(bot, state, seat)  # raises on an illegal action
                checked += 1
        assert state_fingerprint(state) == before
    assert checked >= len(_roster(case.spec.id)) * len(targets)


def test_cases_cover_every_registered_game() -> None:
    """Guard against the parametrisation silently dropping a game or a seat count."""
    covered = {(c.spec.id, c.players) for c in CASES}
    for spec in all_specs():
        for players in spec.seat_counts:
            assert (spec.id, players) in covered
    for spec in TEST_ONLY_SPECS:
        assert any(c.spec is spec for c in CASES)
