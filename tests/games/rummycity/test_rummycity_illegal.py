"""Refused actions along played games: every action the legal list leaves out raises
IllegalAction naming a rule, and changes nothing (issue 5: 「illegal actions change
nothing」); the legal ones all go through."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from asobi.core import IllegalAction
from asobi.core.cards import FRENCH52
from asobi.core.errors import BadActionCode
from asobi.games.rummycity.actions import ACTION_SPACE

from .rummycity_helpers import SPEC, acting, game, snapshot


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (1, 3)])
def test_actions_outside_the_legal_list_are_refused_and_change_nothing(
    players: int, seed: int
) -> None:
    rng = random.Random(seed)
    state = game(seed=seed, players=players)
    space = SPEC.action_space.actions
    step = 0
    while state.outcome() is None and step < 400:
        seat = acting(state)
        legal = state.legal_actions(seat)
        assert legal, "the seat to act always has a legal action"
        if step % 15 == 0:
            before = snapshot(state)
            illegal = [a for a in rng.sample(space, 60) if a not in legal]
            for act in illegal[:12]:
                with pytest.raises(IllegalAction) as info:
                    state.apply(seat, act)
                assert info.value.rule and info.value.rule in str(info.value)
            for other in range(players):
                if other != seat:
                    with pytest.raises(IllegalAction, match="turn order"):
                        state.apply(other, legal[0])
            assert snapshot(state) == before
        # Prefer building to drawing, so that buildings, melds and lay-offs come up.
        builds = [a for a in legal if a.encode().split()[0] in ("build", "lay", "done", "meld")]
        state.apply(
            seat, rng.choice(builds) if builds and rng.random() < 0.8 else rng.choice(legal)
        )
        assert Counter(state.all_cards()) == Counter(FRENCH52.cards)
        step += 1


@pytest.mark.parametrize(
    ("code", "example"), [("lay", "lay S4"), ("build", "build park"), ("draw many", "draw 3")]
)
def test_a_move_written_wrong_is_shown_how_it_is_written(code: str, example: str) -> None:
    """A bare ``lay`` is a Rummy City move missing its card, not "not a Rummy City action"."""
    with pytest.raises(BadActionCode) as refused:
        ACTION_SPACE.decode(code)
    assert repr(example) in str(refused.value) and "not a Rummy City action" not in str(
        refused.value
    )


def test_a_word_that_is_no_move_lists_the_moves() -> None:
    with pytest.raises(BadActionCode, match="not a Rummy City action; try 'draw 3'"):
        ACTION_SPACE.decode("jump")
