"""The lookahead bot (``asobi.agents.lookahead``): every legal move played out by a policy
bot in the same sampled worlds, and the policy's own move kept unless another clearly wins.

Driven as every front end drives a bot (``choose_for``), so these are the bot-interface
checks of the issue for it too: legal actions only, reproducible from its seed, blind to
what its seat may not know.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import ClassVar

import pytest

from asobi.agents.lookahead import Lookahead
from asobi.core import new_game
from asobi.core.actions import Action
from asobi.core.bots import Bot, Decision, choose_for, decision_for, make_bot
from asobi.core.protocol import State

TURN_BASED = ["starmine", "itsmine", "laminate", "rummycity"]


def position(game: str, seed: int, moves: int) -> State:
    """A position reached by ``moves`` random moves, with a real choice to make."""
    state = new_game(game, None, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = min(state.active_seats())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    while len(state.legal_actions(min(state.active_seats()))) < 2:
        seat = min(state.active_seats())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def lookahead(game: str, seed: int, **params: str) -> Bot:
    return make_bot(":".join(["lookahead", *(f"{k}={v}" for k, v in params.items())]), game, seed)


@pytest.mark.parametrize("game", TURN_BASED)
def test_lookahead_chooses_legal_reproducible_actions(game: str) -> None:
    """Legal only (``choose_for`` refuses anything else); the same seed and decision give
    the same action; it compared the worlds it was given."""
    state = position(game, 3, moves=6)
    seat = min(state.active_seats())
    bot = lookahead(game, 5, worlds="3", depth="30")
    first = choose_for(bot, state, seat)
    assert isinstance(bot, Lookahead) and bot.last_worlds == 3
    assert choose_for(lookahead(game, 5, worlds="3", depth="30"), state, seat) == first


@pytest.mark.parametrize("game", TURN_BASED)
def test_what_the_lookahead_may_not_know_does_not_change_its_choice(game: str) -> None:
    """Deal the other seats' hidden cards again (the same view for the seat): with the same
    seed, the same action — its worlds come from the view, never from the true state."""
    state = position(game, 1, moves=5)
    seat = min(state.active_seats())
    other = state.determinize(seat, random.Random(99))
    assert other.view(seat) == state.view(seat)
    mine = choose_for(lookahead(game, 4, worlds="3", depth="30"), state, seat)
    assert choose_for(lookahead(game, 4, worlds="3", depth="30"), other, seat) == mine


def test_the_policys_move_stands_without_clear_evidence() -> None:
    """With an impossible margin the bot plays exactly what its policy would."""
    for seed in range(4):
        state = position("starmine", seed, moves=2)
        seat = min(state.active_seats())
        bot = lookahead("starmine", seed, worlds="4", margin="1000")
        assert isinstance(bot, Lookahead)
        policy_move = bot.policy(random.Random(seed).getrandbits(32)).choose(
            decision_for(state, seat)
        )
        assert choose_for(bot, state, seat) == policy_move


def test_clear_evidence_is_a_paired_margin_of_standard_errors() -> None:
    """Rounds are paired (the same world for every move), so the rule reads the differences
    between a move and the policy's move (index 0), round by round."""
    bot = Lookahead(lambda seed: make_bot("random", "starmine", seed), margin=1.0)
    # Better in every round: clear, however small the gain.
    assert bot._pick([[0.0, 0.0, 0.5], [0.5, 0.5, 1.0]]) == 1
    # Better on average, but only by one lucky round in four: not clear.
    assert bot._pick([[0.0, 0.5, 0.5, 0.5], [1.0, 0.5, 0.0, 0.5]]) == 0
    # A tie keeps the policy's move; one round is no evidence at all.
    assert bot._pick([[1.0, 0.0], [0.0, 1.0]]) == 0
    assert bot._pick([[0.0], [1.0]]) == 0


def test_moves_meet_the_same_worlds_and_the_same_luck() -> None:
    """Common random numbers: in each round every move is played out in a copy of one
    world by a policy built from one seed, so two identical moves can never differ."""
    state = position("starmine", 2, moves=4)
    seat = min(state.active_seats())
    bot = lookahead("starmine", 0, worlds="1")
    assert isinstance(bot, Lookahead)
    world = decision_for(state, seat).sample_world(random.Random(0))
    move = state.legal_actions(seat)[0]
    rewards = {bot._play_out(world.clone(), seat, move, seed=42) for _ in range(5)}
    assert len(rewards) == 1


def test_short_playouts_stop_at_depth(count_resolves: Callable[[type[State]], list[int]]) -> None:
    """``depth=D``: a playout stops D moves on where the game keeps a standing (Laminate's
    points of complete papers), so a round costs a few moves a legal move."""
    state = position("laminate", 4, moves=3)
    seat = min(state.active_seats())
    bot = lookahead("laminate", 1, worlds="2", depth="5")
    assert isinstance(bot, Lookahead)
    world = decision_for(state, seat).sample_world(random.Random(0))
    played = count_resolves(type(world))
    reward = bot._play_out(world, seat, state.legal_actions(seat)[0], seed=1)
    assert 0.0 <= reward <= 1.0
    assert 6 <= played[0] <= 8  # the move, five more, and the rest of a simultaneous step


def test_a_solo_game_compares_scores() -> None:
    """Alone (Starmine's solo mode) a playout's reward is the score itself."""
    state = new_game("starmine", {"players": 1}, 3)
    bot = lookahead("starmine", 1, worlds="2")
    assert choose_for(bot, state, 0) in state.legal_actions(0)


def turn_position(seed: int) -> State:
    """A Laminate Rummy position at the start of a turn with several actions to choose from."""
    state = position("laminate", seed, moves=12)
    rng = random.Random(seed)
    while True:
        seat = min(state.active_seats())
        legal = state.legal_actions(seat)
        if len(legal) > 3 and make_bot("greedy", "laminate").values(decision_for(state, seat)):  # type: ignore[attr-defined]
            return state
        state.apply(seat, rng.choice(legal))


def test_top_plays_out_only_the_policys_best_moves(
    count_resolves: Callable[[type[State]], list[int]],
) -> None:
    """``top=K``: where the policy values its moves (Laminate's greedy bot values every
    action of a turn), only its K best are played out: K playouts a world, not one a move."""
    state = turn_position(2)
    seat = min(state.active_seats())
    decision = decision_for(state, seat)
    policy = make_bot("greedy", "laminate", 0)
    values = policy.values(decision)  # type: ignore[attr-defined]
    assert values is not None and len(values) == len(decision.legal)
    bot = lookahead("laminate", 1, worlds="1", depth="4", top="2")
    assert isinstance(bot, Lookahead)
    best_two = sorted(range(len(values)), key=lambda i: -values[i])[:2]
    assert set(bot._candidates(policy, decision)) == {decision.legal[i] for i in best_two}
    played = count_resolves(type(state))
    choose_for(bot, state, seat)
    # Two moves (one if the policy's own move is not among its best two, plus it): each
    # playout is the move and four more, so far fewer than one playout per legal move.
    assert played[0] <= 3 * 6 < len(decision.legal) * 5


def test_judge_policy_ranks_a_cut_playout_by_the_policys_worth() -> None:
    """``judge=policy``: a playout cut at ``depth`` ranks the seats by the policy's
    ``worth(view, seat)`` of each position, not by points scored (none yet, this early)."""

    class Partial:
        """Greedy's moves; a worth that ranks seat 0 first, then seat 1, ..."""

        name = "partial"

        def __init__(self, seed: int) -> None:
            self.bot = make_bot("greedy", "laminate", seed)

        def choose(self, decision: Decision) -> Action:
            return self.bot.choose(decision)

        def worth(self, view: dict[str, object], seat: int) -> float:
            return -float(seat)

    state = position("laminate", 4, moves=3)
    seat = min(state.active_seats())
    world = decision_for(state, seat).sample_world(random.Random(0))
    move = state.legal_actions(seat)[0]
    judged = Lookahead(Partial, depth=5, judge="policy")
    scored = Lookahead(Partial, depth=5)
    assert world.standing() == (0.0,) * world.players
    expected = 1.0 - seat / (world.players - 1)
    assert judged._play_out(world.clone(), seat, move, seed=1) == pytest.approx(expected)
    assert scored._play_out(world.clone(), seat, move, seed=1) == 0.5


@pytest.mark.parametrize(
    ("name", "error"),
    [
        ("lookahead:worlds=0", "at least one world"),
        ("lookahead:seconds=-1", "positive time"),
        ("lookahead:bot=nobody", "no bot 'nobody'"),
        ("lookahead:deep=1", "takes bot, worlds, seconds, depth, margin, least, top and judge"),
        ("lookahead:top=0", "at least one move"),
        ("lookahead:worlds=5:least=6", "least=6 needs at least as many worlds"),
        ("lookahead:judge=luck", "the judges are standing and policy"),
        ("lookahead:judge=policy:bot=random", "the random bot values no positions"),
        ("lookahead:worlds=many", "worlds='many' is not an integer"),
    ],
)
def test_bad_parameters_are_named(name: str, error: str) -> None:
    with pytest.raises(ValueError, match=error):
        make_bot(name, "starmine")


def test_least_rounds_before_the_policys_move_is_left() -> None:
    """``least=N``: a move that beats the policy's in every round still waits for N rounds.
    Two rounds give a standard error of almost no worth: the best of a few moves beats the
    policy's by one "standard error" of two rounds in about a quarter of positions."""
    bot = Lookahead(lambda seed: make_bot("random", "starmine", seed), least=4)
    assert bot._pick([[0.0, 0.0, 0.5], [0.5, 0.5, 1.0]]) == 0
    assert bot._pick([[0.0, 0.0, 0.5, 0.0], [0.5, 0.5, 1.0, 0.5]]) == 1
    # Fewer than two rounds is never evidence, whatever ``least`` says.
    assert Lookahead(lambda seed: make_bot("random", "starmine", seed), least=0).least == 2


class SlowRandom:
    """The random Starmine bot, ``delay`` seconds a move on the search's clock (a fake one,
    ``fake_clock``): a whole playout takes seconds, whatever the machine's load."""

    name = "slow"
    delay = 0.02
    now: ClassVar[list[float]] = [0.0]

    def __init__(self, seed: int) -> None:
        self.bot = make_bot("random", "starmine", seed)

    def choose(self, decision: Decision) -> Action:
        SlowRandom.now[0] += self.delay
        return self.bot.choose(decision)


@pytest.fixture
def fake_clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The search's clock (``time.perf_counter``) moved only by SlowRandom's moves."""
    SlowRandom.now[0] = 0.0
    monkeypatch.setattr(time, "perf_counter", lambda: SlowRandom.now[0])
    return SlowRandom.now


def test_a_search_that_cannot_play_least_rounds_in_time_plays_the_policys_move_at_once(
    fake_clock: list[float],
) -> None:
    """With ``seconds``, when the first playouts say that ``least`` rounds of every move
    will not fit, the bot stops searching and plays the policy's move: no waiting for a
    search whose rounds could never leave it."""
    state = position("starmine", 1, moves=2)
    seat = min(state.active_seats())
    bot = Lookahead(SlowRandom, seed=3, seconds=2.0, least=3)
    policy_move = SlowRandom(random.Random(3).getrandbits(32)).choose(decision_for(state, seat))
    start = fake_clock[0]
    assert choose_for(bot, state, seat) == policy_move
    # The policy's move and one whole playout (about 0.7 s), then it stops: not the 2 s.
    assert fake_clock[0] - start < 1.5
    assert bot.last_worlds == 0


def test_a_playout_stops_at_the_deadline(fake_clock: list[float]) -> None:
    """A round still being played when the time is up is dropped mid-playout, so a decision
    overruns its ``seconds`` by at most one policy move, however long a playout is."""
    state = position("starmine", 1, moves=2)
    seat = min(state.active_seats())
    # The first playout alone outlasts 0.3 s: the deadline, not the projection, stops it.
    bot = Lookahead(SlowRandom, seed=3, seconds=0.3)
    assert choose_for(bot, state, seat) in state.legal_actions(seat)
    # Past the deadline: at most the rollout move under way, then the policy's own answer.
    assert fake_clock[0] < 0.3 + 3 * SlowRandom.delay
    assert bot.last_worlds == 0
