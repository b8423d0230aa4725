"""Information-set MCTS (``asobi.agents.ismcts``) on every game, through the protocol alone.

The bot is driven exactly as front ends and arenas drive bots (``choose_for``: a view, the
legal actions, a world sampler), so these tests check the bot interface too: it never chooses
an illegal action, the same seed and decision give the same action, and what it may not know
(the other seats' hidden cards, a secret bid) cannot change its choice.
"""

from __future__ import annotations

import random

import pytest

import asobi.agents  # noqa: F401  (registers the generic bots)
from asobi.agents.ismcts import ISMCTS, bot_rollout
from asobi.core import new_game
from asobi.core.bots import choose_for, make_bot
from asobi.core.protocol import State

# Carrotein has nothing hidden and its own solver bots; a few iterations show it runs.
GAMES = {"starmine": 60, "itsmine": 60, "laminate": 8, "rummycity": 4, "carrotein": 2}


def position(game: str, seed: int, moves: int) -> State:
    """A position reached by ``moves`` random moves (fewer if the game ends first)."""
    state = new_game(game, None, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        seat = min(state.active_seats())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", range(3))
def test_ismcts_chooses_a_legal_action(game: str, seed: int) -> None:
    """A bot never chooses an illegal action (``choose_for`` raises if it does), whoever is
    to act — in a simultaneous decision, each active seat in turn."""
    state = position(game, seed, moves=3 + 5 * seed)
    while state.is_over:
        state = position(game, seed + 100, moves=3)
    for seat in sorted(state.active_seats()):
        bot = ISMCTS(seed=seed, iterations=GAMES[game])
        assert choose_for(bot, state, seat) in state.legal_actions(seat)
        searched = len(state.legal_actions(seat)) > 1
        assert bot.last_iterations == (GAMES[game] if searched else 0)


@pytest.mark.parametrize("game", ["starmine", "itsmine", "laminate", "rummycity"])
def test_the_same_seed_and_decision_give_the_same_action(game: str) -> None:
    """Bots are seeded: a match is reproducible."""
    state = position(game, 7, moves=4)
    seat = min(state.active_seats())
    first = choose_for(ISMCTS(seed=3, iterations=GAMES[game]), state, seat)
    again = choose_for(ISMCTS(seed=3, iterations=GAMES[game]), state, seat)
    assert first == again


@pytest.mark.parametrize("game", ["starmine", "itsmine", "laminate", "rummycity"])
@pytest.mark.parametrize("seed", range(2))
def test_what_the_bot_may_not_know_does_not_change_its_choice(game: str, seed: int) -> None:
    """Deal the other seats' hidden cards again (``determinize``: the same view for the
    seat): the bot, with the same seed, chooses the same action."""
    state = position(game, seed, moves=5)
    seat = min(state.active_seats())
    other = state.determinize(seat, random.Random(seed + 1000))
    assert other.view(seat) == state.view(seat)
    assert any(other.view(s) != state.view(s) for s in range(state.players) if s != seat) or (
        game == "itsmine"  # early on It's Mine! may hide nothing but the deck's order
    )
    bot = ISMCTS(seed=11, iterations=GAMES[game])
    mine = choose_for(bot, state, seat)
    assert choose_for(ISMCTS(seed=11, iterations=GAMES[game]), other, seat) == mine


def test_ismcts_beats_random_at_starmine() -> None:
    """With 150 iterations a move, ISMCTS (random rollouts) wins Starmine duels against the
    random bot: 6 seeded games, seats alternating."""
    wins = 0
    for game in range(6):
        bots = [ISMCTS(seed=game, iterations=150), make_bot("random", "starmine", game)]
        if game % 2:
            bots.reverse()
        state = new_game("starmine", None, game)
        while not state.is_over:
            seat = min(state.active_seats())
            state.apply(seat, choose_for(bots[seat], state, seat))
        outcome = state.outcome()
        assert outcome is not None
        searcher = 0 if game % 2 == 0 else 1
        wins += outcome.ranks[searcher] == 1 and not outcome.is_draw
    assert wins >= 5


def test_rollouts_can_be_the_games_heuristic_bot() -> None:
    """The rollout policy is pluggable: the game's greedy bot plays every seat's moves."""
    state = position("starmine", 2, moves=2)
    seat = min(state.active_seats())
    bot = ISMCTS(seed=1, iterations=20, rollout=bot_rollout(make_bot("greedy", "starmine", 0)))
    assert choose_for(bot, state, seat) in state.legal_actions(seat)


def test_a_solo_game_is_searched_on_its_score() -> None:
    """Alone (Starmine's solo mode), there is no rank to win: the reward is the score."""
    state = new_game("starmine", {"players": 1}, 3)
    seat = min(state.active_seats())
    bot = ISMCTS(seed=1, iterations=40)
    assert choose_for(bot, state, seat) in state.legal_actions(seat)
    assert bot._low <= bot._high


def test_ismcts_is_a_bot_for_every_game() -> None:
    """Registered once, it plays any game by name, as the terminal and arena ask for it."""
    for game in GAMES:
        assert isinstance(make_bot("ismcts", game, 1), ISMCTS)
