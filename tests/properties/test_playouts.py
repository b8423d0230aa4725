"""Every compiled playout (``GameSpec.playout``, ``asobi.core.playouts``) is the engine's
random playout, move for move (issue 31: "a fast path for playouts … proven equal to the
full path").

For each game that declares one, at every seat count, from seeded positions (the deal, and
worlds a seat samples part-way through random games): a traced playout is replayed through
the engine, its chance scripted to make the playout's draws. At every move the seat is the
one ``play_on`` would ask, the playout counted exactly the engine's legal actions and took
one of them; the engine's outcome is the playout's. The quick playout (untraced) ends the
same for the same seed, and leaves the world it was given as it was.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from asobi.agents.ismcts import make as make_ismcts
from asobi.core import GameSpec, State
from asobi.core.bots import decision_for
from asobi.core.playouts import Playout, ScriptedChance, compiled_playout
from asobi.core.registry import all_specs
from tests.properties.harness import examples, fingerprint

COMPILED = [spec for spec in all_specs() if spec.playout is not None]
MODES = [(spec, players) for spec in COMPILED for players in spec.seat_counts]
MAX_MOVES = 5000


def mode_id(mode: tuple[GameSpec, int]) -> str:
    spec, players = mode
    return f"{spec.id}-{players}"


def sampled_worlds(spec: GameSpec, players: int, seed: int) -> list[State]:
    """The deal, and the worlds the acting seat samples after some random moves."""
    rng = random.Random(seed)
    state = spec.new_game({"players": players}, seed)
    worlds = [state.clone()]
    for _ in range(rng.randrange(1, 400)):
        if state.is_over:
            break
        seat = min(state.active_seats())
        state.resolve(seat, rng.choice(state.legal_actions(seat)))
    if not state.is_over:
        seat = min(state.active_seats())
        worlds.append(state.determinize(seat, rng))
    return worlds


def played(world: State, seed: int, max_moves: int, trace: bool) -> Playout:
    fast = compiled_playout(world)
    assert fast is not None
    result = fast(world, seed, max_moves, trace)
    if result is None:  # a mode the game plays through the protocol only (its own test says so)
        pytest.skip(f"{type(world).spec.id} at {world.players} seats is not compiled")
    return result


def replay(spec: GameSpec, world: State, playout: Playout, max_moves: int) -> None:
    """Play the traced ``playout`` through the engine, holding each step to it."""
    space = spec.action_space
    turn: list[int] = []  # the seats still to act this pass, as play_on takes them
    for number, step in enumerate(playout.steps):
        if not turn:
            assert not world.is_over, f"move {number}: the engine's game is over"
            turn = sorted(world.active_seats())
        seat = turn.pop(0)
        assert step.seat == seat, f"move {number}: seat {step.seat} moved, not {seat}"
        legal = space.indices(world.legal_actions(seat))
        assert len(set(step.legal)) == len(step.legal), f"move {number}: an action twice"
        assert sorted(step.legal) == sorted(legal), (
            f"move {number}, seat {seat}: the playout's legal actions "
            f"{[space.action(i).encode() for i in sorted(set(step.legal) - set(legal))]} "
            f"are not the engine's; it missed "
            f"{[space.action(i).encode() for i in sorted(set(legal) - set(step.legal))]}"
        )
        assert step.chosen in step.legal
        chance = ScriptedChance(step.draws)
        world.rng = chance  # type: ignore[attr-defined]  # (every game keeps its chance so)
        world.resolve(seat, space.action(step.chosen))
        assert not chance.draws, f"move {number}: the playout drew what the engine did not"
    assert not turn, "the playout stopped in the middle of a pass"
    if playout.finished:
        assert world.is_over, "the playout ended before the engine's game"
        outcome = world.outcome()
        assert outcome is not None
        assert playout.ranks == tuple(outcome.ranks)
        assert playout.scores == tuple(float(s) for s in outcome.scores)
    else:
        assert len(playout.steps) >= max_moves and not world.is_over


@pytest.mark.parametrize("mode", MODES, ids=mode_id)
def test_a_traced_playout_is_the_engines_game(mode: tuple[GameSpec, int]) -> None:
    spec, players = mode
    for seed in range(examples(20)):
        for world in sampled_worlds(spec, players, seed):
            playout = played(world.clone(), seed, MAX_MOVES, trace=True)
            assert playout.moves == len(playout.steps)
            replay(spec, world, playout, MAX_MOVES)


@pytest.mark.parametrize("mode", MODES, ids=mode_id)
def test_the_quick_playout_ends_as_the_traced_one(mode: tuple[GameSpec, int]) -> None:
    spec, players = mode
    for seed in range(examples(20)):
        for world in sampled_worlds(spec, players, 1000 + seed):
            before = fingerprint(world)
            quick = played(world, seed, MAX_MOVES, trace=False)
            assert fingerprint(world) == before, "a playout changed the world it was given"
            again = played(world, seed, MAX_MOVES, trace=False)
            traced = played(world.clone(), seed, MAX_MOVES, trace=True)
            assert quick == again
            assert (quick.moves, quick.scores, quick.ranks) == (
                traced.moves,
                traced.scores,
                traced.ranks,
            )


@pytest.mark.parametrize("mode", MODES, ids=mode_id)
def test_a_playout_cut_at_max_moves_has_no_outcome(mode: tuple[GameSpec, int]) -> None:
    spec, players = mode
    world = spec.new_game({"players": players}, 7)
    cut = played(world.clone(), 7, 10, trace=True)
    assert not cut.finished and cut.scores is None and len(cut.steps) >= 10
    replay(spec, world, cut, 10)


@pytest.mark.parametrize("spec", COMPILED, ids=lambda spec: spec.id)
def test_a_search_with_compiled_playouts_is_reproducible(spec: GameSpec) -> None:
    state = spec.new_game({}, 3)
    seat = min(state.active_seats())
    choices: list[Any] = []
    for _ in range(2):
        bot = make_ismcts(spec.id, 5, iterations="30")
        choices.append(bot.choose(decision_for(state, seat)).encode())
        assert bot.last_iterations == 30
    assert choices[0] == choices[1]
    assert choices[0] in {a.encode() for a in state.legal_actions(seat)}


def test_a_moves_budget_counts_a_compiled_playouts_moves() -> None:
    if not COMPILED:
        pytest.skip("no game declares a compiled playout")
    spec = COMPILED[0]
    state = spec.new_game({}, 4)
    seat = min(state.active_seats())
    bot = make_ismcts(spec.id, 1, moves="3000")
    bot.choose(decision_for(state, seat))
    assert bot.last_moves >= 3000 and bot.last_iterations >= 1
