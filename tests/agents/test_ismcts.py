"""Information-set MCTS (``asobi.agents.ismcts``) on every game, through the protocol alone.

The bot is driven exactly as front ends and arenas drive bots (``choose_for``: a view, the
legal actions, a world sampler), so these tests check the bot interface too: it never chooses
an illegal action, the same seed and decision give the same action, and what it may not know
(the other seats' hidden cards, a secret bid) cannot change its choice.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from asobi.agents.ismcts import ISMCTS, Budget, bot_rollout
from asobi.core import new_game
from asobi.core.actions import Action
from asobi.core.bots import Decision, choose_for, make_bot
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


@pytest.mark.slow
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


@pytest.mark.slow
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


# --- short playouts (depth) ----------------------------------------------------------------
def test_standing_ranks_seats_as_the_end_would() -> None:
    """A playout stopped early rewards the seats by their ranks in ``State.standing``, as
    ``(n - rank) / (n - 1)`` with ties shared."""
    from asobi.agents.ismcts import rank_rewards

    assert rank_rewards([5.0, 2.0]) == [1.0, 0.0]
    assert rank_rewards([3.0, 1.0, 3.0]) == [0.75, 0.0, 0.75]
    assert rank_rewards([4.0]) == [0.5]


def test_a_finished_game_pays_a_draw_half() -> None:
    """The reward of a finished game is the share of the other seats beaten, a tie half:
    a two-player draw pays each seat ½, not a win's 1 (and short playouts rank the same)."""
    from asobi.agents.ismcts import outcome_rewards
    from asobi.core.protocol import Outcome

    assert outcome_rewards(Outcome(scores=(3, 3), ranks=(1, 1))) == [0.5, 0.5]
    assert outcome_rewards(Outcome(scores=(5, 2), ranks=(1, 2))) == [1.0, 0.0]
    assert outcome_rewards(Outcome(scores=(4, 1, 4), ranks=(1, 3, 1))) == [0.75, 0.0, 0.75]
    assert outcome_rewards(Outcome(scores=(17,), ranks=(1,))) == [17.0]  # alone: the score


@pytest.mark.parametrize(("game", "players"), [("laminate", 3), ("rummycity", 2)])
def test_short_playouts_stop_at_depth_where_the_game_keeps_a_standing(
    game: str, players: int
) -> None:
    state = new_game(game, {"players": players}, seed=4)
    standing = state.standing()
    assert standing is not None and len(standing) == players
    bot = make_bot("ismcts:iterations=40:depth=6", game, seed=2)
    seat = min(state.active_seats())
    first = choose_for(bot, state, seat)
    again = make_bot("ismcts:iterations=40:depth=6", game, seed=2)
    assert choose_for(again, state, seat) == first  # reproducible


def test_a_game_without_a_standing_is_played_out() -> None:
    state = new_game("starmine", {}, seed=4)
    assert state.standing() is None
    bot = make_bot("ismcts:iterations=30:depth=2", "starmine", seed=2)
    choose_for(bot, state, min(state.active_seats()))


def test_short_playouts_play_few_moves(
    count_resolves: Callable[[type[State]], list[int]],
) -> None:
    """With ``depth=6`` an iteration plays its tree moves and six more, not a whole game
    (a random Laminate game is some 300 moves)."""
    state = new_game("laminate", {"players": 3}, seed=4)
    played = count_resolves(type(state))
    bot = make_bot("ismcts:iterations=40:depth=6", "laminate", seed=2)
    choose_for(bot, state, min(state.active_seats()))
    assert 40 * 6 <= played[0] <= 40 * 20


# --- an anchor: the heuristic bot's move unless the search clearly beats it ---------------
def test_an_anchored_search_keeps_the_bots_move_without_clear_evidence() -> None:
    for seed in range(4):
        state = new_game("starmine", {}, seed=seed)
        seat = min(state.active_seats())
        greedy = choose_for(make_bot("greedy", "starmine", 7), state, seat)
        anchor = make_bot("greedy", "starmine", 7)  # the same bot: the same choice
        stubborn = ISMCTS(seed=seed, iterations=60, anchor=anchor, margin=1000)
        assert choose_for(stubborn, state, seat) == greedy
    assert make_bot("ismcts:anchor=greedy:margin=2", "starmine").margin == 2.0  # type: ignore[attr-defined]


def test_clear_evidence_is_a_margin_of_standard_errors() -> None:
    from asobi.agents.ismcts import _Stats

    bot = ISMCTS(margin=1.0)
    moves = {(0, "a"): _Stats(visits=100, total=80.0), (0, "b"): _Stats(visits=100, total=50.0)}
    assert bot._clearly_better(moves, (0, "a"), (0, "b"))  # 0.8 - 0.5 > 0.071
    moves[(0, "b")] = _Stats(visits=100, total=76.0)
    assert not bot._clearly_better(moves, (0, "a"), (0, "b"))  # 0.04 < 0.071
    assert not bot._clearly_better(moves, (0, "a"), (0, "c"))  # never tried: no evidence


def test_laminate_standing_is_the_score_when_the_game_ends() -> None:
    """【ゲームの終了と勝利条件】: only complete papers score, and the standing counts those."""
    state = new_game("laminate", {"players": 3}, seed=8)
    bots = [make_bot("greedy", "laminate", s) for s in range(3)]
    while not state.is_over:
        seat = min(state.active_seats())
        state.apply(seat, choose_for(bots[seat], state, seat))
    outcome = state.outcome()
    assert outcome is not None and state.standing() == outcome.scores


# --- expansion after visits: nodes join the tree once the search keeps coming back -------
def grown(expand: int, iterations: int = 150) -> list[tuple[int, int]]:
    """(times reached, moves with statistics) of every node below the root of a Starmine
    search with greedy playouts."""
    from asobi.agents.ismcts import _Node
    from asobi.core.bots import decision_for

    state = new_game("starmine", {}, seed=3)
    seat = min(state.active_seats())
    bot = ISMCTS(seed=1, rollout=bot_rollout(make_bot("greedy", "starmine", 2)), expand=expand)
    decision, root = decision_for(state, seat), _Node()
    for _ in range(iterations):
        bot._iterate({seat: root}, decision.sample_world(bot.rng), seat, Budget())
    nodes, todo = [], list(root.children.values())
    while todo:
        node = todo.pop()
        nodes.append((node.reached, len(node.moves)))
        todo.extend(node.children.values())
    return nodes


def test_a_node_joins_the_tree_on_its_expand_th_visit() -> None:
    """``expand=T``: below the root, a node's moves get statistics (it is in the tree) only
    once the search has reached it T times; before that the rollout policy plays on."""
    at_once, later = grown(1), grown(6)
    assert all(moves > 0 for reached, moves in at_once if reached >= 1)
    assert all(moves > 0 for reached, moves in later if reached >= 6)
    assert all(moves == 0 for reached, moves in later if reached < 6)
    # Fewer nodes are grown, and fewer replies answered by the tree instead of the policy.
    assert sum(m > 0 for _, m in later) < sum(m > 0 for _, m in at_once)
    assert any(moves > 0 for _, moves in later)  # the search still grows a tree
    flat = grown(10**9)
    assert all(moves == 0 for _, moves in flat)  # never: a flat search over the root


def test_expand_is_a_parameter() -> None:
    assert make_bot("ismcts:expand=8", "starmine").expand == 8  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="after T >= 1 visits"):
        make_bot("ismcts:expand=0", "starmine")


# --- a prior: progressive bias toward the heuristic bot's move ------------------------------
@pytest.mark.parametrize("game", ["starmine", "itsmine"])
def test_a_prior_is_tried_first_and_a_strong_bias_keeps_its_move(game: str) -> None:
    """``prior=BOT``: the prior's move is the first tried and wins a tie on visits, so a
    search too short to try a move twice plays it; with a bias no playout can outweigh, the
    search keeps it however many it runs."""
    for seed in range(3):
        state = position(game, seed, 6)
        seat = min(state.active_seats())
        if len(state.legal_actions(seat)) < 2:
            continue
        wanted = choose_for(make_bot("greedy", game, 7), state, seat)
        for iterations in (1, 2, 3):  # tried first; then level on visits, and preferred
            few = ISMCTS(seed=seed, iterations=iterations, prior=make_bot("greedy", game, 7))
            assert choose_for(few, state, seat) == wanted
        held = ISMCTS(seed=seed, iterations=60, prior=make_bot("greedy", game, 7), bias=1e6)
        assert choose_for(held, state, seat) == wanted


def test_the_prior_is_asked_once_a_node_and_every_move_is_still_tried() -> None:
    """The observer's view is the same in every world reaching its node, so the prior's
    move there is asked once and kept; it only goes first: every other move is tried too."""
    from asobi.agents.ismcts import _Node
    from asobi.core.bots import decision_for

    state = new_game("starmine", {}, seed=5)
    seat = min(state.active_seats())
    decision = decision_for(state, seat)
    greedy = make_bot("greedy", "starmine", 7)
    asked: list[int] = []  # the seat of every question put to the prior

    class Counted:
        name = "counted greedy"

        def choose(self, decision: Decision) -> Action:
            asked.append(decision.seat)
            return greedy.choose(decision)

    bot = ISMCTS(seed=2, prior=Counted(), bias=0.0)
    root = _Node()
    for _ in range(200):
        bot._iterate({seat: root}, decision.sample_world(bot.rng), seat, Budget())
    favoured = choose_for(make_bot("greedy", "starmine", 7), state, seat).encode()
    assert root.favoured == favoured
    nodes, todo = [], [root]
    while todo:
        node = todo.pop()
        nodes.append(node)
        todo.extend(node.children.values())
    kept = sum(node.favoured is not None for node in nodes)
    assert asked.count(seat) == kept  # once for each of the observer's nodes, no more
    assert root.reached > kept  # though the search came back to them many times
    tried = {code for (s, code), stats in root.moves.items() if s == seat and stats.visits}
    assert tried == {a.encode() for a in decision.legal}  # every move still tried


def test_prior_and_bias_are_parameters() -> None:
    bot = make_bot("ismcts:prior=greedy:bias=2.5", "itsmine")
    assert bot.bias == 2.5 and bot.prior is not None  # type: ignore[attr-defined]
    assert make_bot("ismcts", "itsmine").prior is None  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="bias"):
        make_bot("ismcts:prior=greedy:bias=-1", "itsmine")


# --- a time budget: a playout running at the deadline is dropped ---------------------------
def test_a_playout_still_running_at_the_deadline_is_dropped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``seconds``: the first iteration is always played out; a later one whose playout is
    still running at the deadline stops before its next move and is not backed up, so the
    decision overruns by one rollout move, not by a whole playout (a Laminate Rummy playout
    with the greedy bot is some 0.2 s). The clock is a fake that each rollout move advances
    by a second from the second world on."""
    import time

    import asobi.agents.ismcts as ismcts
    from asobi.core.bots import decision_for

    now = [0.0]
    monkeypatch.setattr(time, "perf_counter", lambda: now[0])  # the search's clock
    state = position("starmine", 2, 4)
    seat = min(state.active_seats())
    real = decision_for(state, seat)
    worlds = [0]

    def sample_world(rng: random.Random) -> State:
        worlds[0] += 1
        return real.sample_world(rng)

    def slow(world: State, seat: int, rng: random.Random) -> Action:
        if worlds[0] > 1:
            now[0] += 1.0
        return ismcts.random_rollout(world, seat, rng)

    roots: list[ismcts._Node] = []

    class Kept(ismcts._Node):  # the search's nodes, the root first
        def __init__(self) -> None:
            super().__init__()
            roots.append(self)

    monkeypatch.setattr(ismcts, "_Node", Kept)
    decision = Decision(real.game, seat, real.view, real.legal, sample_world)
    bot = ISMCTS(seed=1, iterations=100, seconds=2.5, rollout=slow)
    assert bot.choose(decision) in real.legal
    assert worlds[0] == 2 and bot.last_iterations == 1  # the second was cut short
    assert now[0] == 3.0  # three moves begun within the time (at 0, 1 and 2 s), no fourth
    assert sum(stats.visits for stats in roots[0].moves.values()) == 1  # nor backed up


# --- a budget of moves simulated (forward-model calls) -------------------------------------
def a_choice(state: State) -> tuple[State, int]:
    """The first decision from ``state`` on that offers a choice, and whose it is."""
    seat = min(state.active_seats())
    while len(state.legal_actions(seat)) < 2:
        state.apply(seat, state.legal_actions(seat)[0])
        seat = min(state.active_seats())
    return state, seat


def test_a_budget_of_moves_stops_the_search_reproducibly() -> None:
    """``moves=M``: the search stops once it has simulated M moves in its sampled worlds (in
    the tree and the playouts); a playout that reaches M is dropped, so it simulates M
    moves and at most the tree walk of one more iteration. Unlike time, the same seed gives
    the same search."""
    state, seat = a_choice(position("starmine", 3, 4))
    runs = []
    for _ in range(2):
        bot = ISMCTS(seed=4, iterations=10**9, moves=400)
        runs.append((choose_for(bot, state, seat), bot.last_iterations, bot.last_moves))
    assert runs[0] == runs[1]
    _, iterations, moves = runs[0]
    assert 400 <= moves <= 400 + 10
    assert 1 < iterations < 400


def test_a_budget_of_moves_buys_more_iterations_where_playouts_are_short() -> None:
    """Like time and unlike iterations, the same moves go further near the end of a game."""
    counts = []
    for moves_in in (0, 150):
        state, seat = a_choice(position("laminate", 1, moves_in))
        bot = ISMCTS(seed=1, iterations=10**9, moves=3000)
        choose_for(bot, state, seat)
        counts.append(bot.last_iterations)
    assert counts[0] < counts[1]


def test_the_first_iteration_is_always_played_out() -> None:
    """However small the budget, a decision rests on one whole iteration, not on none."""
    state, seat = a_choice(position("starmine", 3, 4))
    bot = ISMCTS(seed=4, iterations=10**9, moves=1)
    assert choose_for(bot, state, seat) in state.legal_actions(seat)
    assert bot.last_iterations == 1 and bot.last_moves > 1


def test_moves_is_a_parameter() -> None:
    bot = make_bot("ismcts:moves=300", "starmine")
    assert bot.moves == 300 and bot.iterations == 10**9  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="a move"):
        make_bot("ismcts:moves=0", "starmine")


# --- multiple observers: a tree per seat (MO-ISMCTS) ---------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_multiple_observers_choose_legally_reproducibly_and_without_peeking(game: str) -> None:
    """``observer="multiple"`` plays any game through the protocol: a legal action, the same
    one for the same seed, and the same one when the other seats' hidden cards are dealt
    again (every tree is grown in sampled worlds, never the true state)."""
    state, seat = a_choice(position(game, 4, moves=6))
    other = state.determinize(seat, random.Random(99))
    assert other.view(seat) == state.view(seat)
    picks = [
        choose_for(ISMCTS(seed=5, iterations=GAMES[game], observer="multiple"), each, seat)
        for each in (state, state, other)
    ]
    assert picks[0] in state.legal_actions(seat)
    assert picks[0] == picks[1] == picks[2]


def a_draw(seed: int = 5) -> tuple[Decision, int]:
    """Starmine, the first player's draw of its first turn (from the deck, or the discard)."""
    from asobi.core.bots import decision_for

    state = new_game("starmine", {}, seed)
    seat = min(state.active_seats())
    state.apply(seat, state.legal_actions(seat)[0])  # a discard; the draw follows
    decision = decision_for(state, seat)
    assert "draw deck" in [a.encode() for a in decision.legal]
    return decision, seat


def searched(bot: ISMCTS, decision: Decision, seat: int) -> dict[int, Any]:
    """The trees after 300 iterations of ``bot`` at ``decision``."""
    from asobi.agents.ismcts import _Node

    trees = {seat: _Node()}
    for _ in range(300):
        bot._iterate(trees, decision.sample_world(bot.rng), seat, Budget())
    return trees


def choosers(root: Any) -> set[int]:
    """The seats whose choices a tree keeps statistics for, anywhere in it."""
    seats: set[int] = set()
    todo = [root]
    while todo:
        node = todo.pop()
        seats.update(s for s, _ in node.moves)
        todo.extend(node.children.values())
    return seats


def test_each_seat_chooses_in_its_own_tree_keyed_by_what_it_sees() -> None:
    """``observer="multiple"``, Starmine: the searcher's draw from the deck shows it the card,
    not its opponent. Its own tree branches on the card drawn; in the opponent's tree each
    draw is one child ("drew from the deck", "took the discard"). Each tree keeps its own
    seat's choices only."""
    decision, seat = a_draw()
    trees = searched(ISMCTS(seed=2, observer="multiple"), decision, seat)
    opponent = 1 - seat
    assert set(trees) == {seat, opponent}
    assert len(trees[opponent].children) == len(decision.legal) == 2
    assert len(trees[seat].children) > 2  # one child per card drawn from the deck
    assert choosers(trees[seat]) == {seat}
    assert choosers(trees[opponent]) == {opponent}


def test_at_a_secret_bid_each_seat_backs_up_its_own_reward_in_its_own_tree() -> None:
    """It's Mine!'s bids are simultaneous: with multiple observers each bidder chooses in its
    own tree and its choice there earns its own reward. In a duel the two rewards of an
    iteration add up to 1, so the two roots' totals add up to the iterations run."""
    from asobi.core.bots import decision_for

    state = new_game("itsmine", {}, seed=3)
    assert len(state.active_seats()) == 2  # both bid at once
    seat = min(state.active_seats())
    decision = decision_for(state, seat)
    trees = searched(ISMCTS(seed=2, observer="multiple"), decision, seat)
    totals = [sum(stats.total for stats in trees[s].moves.values()) for s in (0, 1)]
    assert all(totals) and sum(totals) == pytest.approx(300)
    assert {s for s, _ in trees[0].moves} == {0} and {s for s, _ in trees[1].moves} == {1}


def test_a_single_observer_keeps_every_seats_choices_in_its_own_tree() -> None:
    """The default: one tree, the searcher's; the other seats choose at its nodes."""
    decision, seat = a_draw()
    trees = searched(ISMCTS(seed=2), decision, seat)
    assert set(trees) == {seat}
    assert choosers(trees[seat]) == {seat, 1 - seat}


def test_observer_is_a_parameter() -> None:
    assert make_bot("ismcts:observer=multiple", "itsmine").multiple  # type: ignore[attr-defined]
    assert not make_bot("ismcts", "itsmine").multiple  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="single or multiple"):
        make_bot("ismcts:observer=both", "itsmine")
