"""It's Mine! positions that random play seldom reaches, held to the same properties.

After a tied auction both seats choose their plays at once (レアなケース); the first play
laid can win a 3-card bonus while the second, already revealed, waits to be laid. Every
world sampled for any observer must still hold that second play's cards, so that it can
be laid (a regression: worlds used to deal them away and crash when played on).
"""

from __future__ import annotations

import random

from asobi.core import Match
from asobi.games.itsmine.state import ItsMineState

from .harness import Chooser, play_out, shared_mutables
from .hooks import HOOKS

SETUP = {
    "hands": [["C6", "H2"], ["S5", "T9"]],
    "deck": ["K8"],  # one card: a tie ends the auction at once
    "columns": [{"C": ["C4", "C5"]}, {}],
    "last_face": [1, 1],
    "rest": "box",
}


def _bonus_while_a_revealed_play_waits() -> Match:
    match = Match("itsmine", {}, 1, SETUP)
    for seat, code in [(0, "bid 3"), (1, "bid 3"), (0, "play C6"), (1, "play S5")]:
        match.play(seat, code)
    state = match.state
    assert isinstance(state, ItsMineState)
    assert str(state.phase) == "bonus" and state.bonus_seat == 0
    assert [(s, p.encode() if p else None) for s, p in state.to_lay] == [(1, "play S5")]
    return match


def test_worlds_keep_a_revealed_play_that_waits_for_a_bonus() -> None:
    match = _bonus_while_a_revealed_play_waits()
    state = match.state
    hooks = HOOKS["itsmine"]
    for observer in (0, 1, None):
        view = state.view(observer)
        hooks.view_check(state, observer, view)
        if observer != 1:  # seat 1's revealed play is public: its cards are known
            assert "S5" in view["seats"][1]["known_cards"]
        for seed in range(25):
            world = state.determinize(observer, random.Random(seed))
            hooks.invariant(world)
            assert world.view(observer) == view
            assert shared_mutables(state, world) == []
            play_out(world, Chooser([], seed), hooks.max_steps)
            hooks.invariant(world)
            assert world.outcome() is not None


def test_the_reveal_names_both_plays() -> None:
    match = Match("itsmine", {}, 1, SETUP)
    for seat, code in [(0, "bid 3"), (1, "bid 3"), (0, "play C6")]:
        match.play(seat, code)
    events = match.play(1, "play S5")
    revealed = [e for e in events if e.kind == "plays_revealed"]
    assert len(revealed) == 1 and revealed[0].to is None
    assert revealed[0].data == {"first": 0, "plays": ["play C6", "play S5"]}
