"""It's Mine!'s greedy bot (``asobi.games.itsmine.bots``) against the rules and the random bot.

Bots act only through ``asobi.core.bots.choose_for`` (their view, their legal actions, a
world sampler), so these tests drive them exactly as front ends and arenas do. In the
simultaneous decisions (the bids, the plays after a tied auction) every active seat is
asked in turn, in seat order, while the other's choice is still hidden from it.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from asobi.core import new_game
from asobi.core.bots import Bot, bot_names, choose_for, decision_for, make_bot
from asobi.core.protocol import Outcome, State
from asobi.games.itsmine.actions import Bid, Bonus, Play
from asobi.games.itsmine.bots import (
    Auction,
    GreedyBot,
    Table,
    evaluate,
    make_greedy,
    plan,
    solve_matrix_game,
)

VARIANTS = ["basic", "simple"]


def code(state: State, text: str) -> Any:
    return state.spec.action_space.decode(text)


def play_out(bots: list[Bot], variant: str, seed: int, setup: Any = None) -> Outcome:
    state = new_game("itsmine", {"variant": variant}, seed, setup=setup)
    while state.active_seats():
        for seat in sorted(state.active_seats()):
            state.apply(seat, choose_for(bots[seat], state, seat))
    outcome = state.outcome()
    assert outcome is not None
    return outcome


def random_states(variant: str, count: int, seed: int) -> list[tuple[State, int]]:
    """(state, seat) pairs reached by random play, stopped at a random point; every active
    seat of a simultaneous decision gives a pair of its own."""
    rng = random.Random(seed)
    pairs = []
    for game in range(count):
        state = new_game("itsmine", {"variant": variant}, seed * 1000 + game)
        stop = rng.randrange(55)  # a random game takes about 55 decisions
        for _ in range(stop):
            if not state.active_seats():
                break
            seat = rng.choice(sorted(state.active_seats()))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        pairs += [(state, seat) for seat in sorted(state.active_seats())]
    return pairs


def together_state(variant: str = "basic") -> State:
    """Both bid 3 with one card in the deck: no tie-draw, the auction ends tied, and
    phase 3 is played simultaneously (レアなケース)."""
    setup = {
        "hands": [["H2", "C7", "S7", "T8"], ["B4", "B5", "K9"]],
        "deck": ["T9"],
        "citizens": ["K7", "K8", "O3"],
        "bonus": ["O4", "O5"],
        "rest": "box",
    }
    state = new_game("itsmine", {"variant": variant}, 0, setup=setup)
    state.apply(0, code(state, "bid 3"))
    state.apply(1, code(state, "bid 3"))
    assert state.view(0)["phase"] == "play_together"
    return state


# --- registration -----------------------------------------------------------------------
def test_greedy_is_registered_with_the_game() -> None:
    assert "greedy" in bot_names("itsmine")
    assert "random" in bot_names("itsmine")
    bot = make_bot("greedy", "itsmine", seed=3)
    assert isinstance(bot, GreedyBot)
    assert bot.name == "greedy"
    assert isinstance(make_greedy(1), GreedyBot)


# --- legality ---------------------------------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
def test_greedy_only_chooses_legal_actions_in_random_states(variant: str) -> None:
    phases: set[str] = set()
    for state, seat in random_states(variant, 250, seed=1 + VARIANTS.index(variant)):
        decision = decision_for(state, seat)
        view_before = copy.deepcopy(decision.view)
        action = GreedyBot(seed=7).choose(decision)
        assert action in state.legal_actions(seat), action.encode()
        assert decision.view == view_before  # the bot reads the view, never changes it
        phases.add(decision.view["phase"])
    assert {"bid", "take", "play", "bonus"} <= phases


@pytest.mark.parametrize("variant", VARIANTS)
def test_greedy_plays_the_simultaneous_phase_legally(variant: str) -> None:
    state = together_state(variant)
    for seat in (0, 1):  # seat 1 chooses after seat 0 committed, without seeing it
        assert state.active_seats() == frozenset({seat, 1})
        action = choose_for(GreedyBot(seat), state, seat)
        assert isinstance(action, Play)
        state.apply(seat, action)
    assert state.view(0)["phase"] != "play_together"


@pytest.mark.parametrize("variant", VARIANTS)
def test_bots_play_whole_games_legally(variant: str) -> None:
    # choose_for raises if a bot picks an action the state does not list as legal.
    for seed in range(6):
        names = ["greedy", "random"] if seed % 2 else ["random", "greedy"]
        play_out([make_bot(n, "itsmine", seed) for n in names], variant, seed)
    for seed in range(3):
        play_out([make_bot("greedy", "itsmine", s) for s in (seed, seed + 50)], variant, seed)


# --- determinism ------------------------------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
def test_same_seed_and_decision_give_the_same_action(variant: str) -> None:
    for state, seat in random_states(variant, 50, seed=20 + VARIANTS.index(variant)):
        first = GreedyBot(seed=5).choose(decision_for(state, seat))
        again = GreedyBot(seed=5).choose(decision_for(state.clone(), seat))
        assert first == again


def test_same_seeds_replay_the_same_game() -> None:
    def game() -> Any:
        bots = [make_bot("greedy", "itsmine", 1), make_bot("greedy", "itsmine", 2)]
        return play_out(bots, "basic", 99).to_json()

    assert game() == game()


# --- what it thinks ---------------------------------------------------------------------
def test_matrix_game_solver() -> None:
    value, mix = solve_matrix_game([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])  # rock-paper-scissors
    assert value == pytest.approx(0.0, abs=1e-9)
    assert mix == pytest.approx([1 / 3] * 3)
    value, mix = solve_matrix_game([[2, 0], [0, 1]])
    assert value == pytest.approx(2 / 3)
    assert mix == pytest.approx([1 / 3, 2 / 3])
    value, mix = solve_matrix_game([[3, 2], [1, 0]])  # a dominant row
    assert value == pytest.approx(2.0) and mix == pytest.approx([1.0, 0.0])


def test_plan_counts_plays_and_dead_cards() -> None:
    # Coin column C5 C6 (ascending): C4 in hand is dead; C7 C8 is one run (one play);
    # B7 has a play of its own (its rank mate C7 is in the run).
    empty = (0, 0, 0, 0)
    cols = [empty] * 7
    cols[3] = (2, 5, 6, 1)
    hand = [(3, 4), (3, 7), (3, 8), (2, 7)]
    layable, dead, plays = plan(hand, cols)
    assert dead[3] == 1 and layable[3] == 2 and layable[2] == 1
    assert sorted(map(len, plays)) == [1, 2]
    # One rank in different suits shares a play.
    _layable, _dead, plays = plan([(0, 6), (1, 6), (5, 6)], [empty] * 7)
    assert plays == [[0, 1, 5]]
    # On a single card the larger side is kept: S4 S8 S9 on S6 -> S8 S9 (a run), S4 dead.
    cols[4] = (1, 6, 6, 0)
    _layable, dead, plays = plan([(4, 4), (4, 8), (4, 9)], cols)
    assert dead[4] == 1 and plays == [[4, 4]]


def test_lays_one_rank_across_several_mines() -> None:
    setup = {
        "hands": [["C7", "S7", "T7", "K7", "H2"], ["B4", "O5", "K9"]],
        "columns": [{"H": ["H3"]}, {"C": ["C5"], "S": ["S6"], "T": ["T8"], "K": ["K10"]}],
        "last_face": [2, 5],
    }
    state = new_game("itsmine", {}, 0, setup=setup)
    state.apply(0, code(state, "bid 3"))
    state.apply(1, code(state, "bid 4"))
    while state.view(0)["phase"] == "take":
        (seat,) = state.active_seats()
        state.apply(seat, choose_for(GreedyBot(seat), state, seat))
    (seat,) = state.active_seats()
    while seat != 0:
        state.apply(seat, choose_for(GreedyBot(seat), state, seat))
        (seat,) = state.active_seats()
    action = choose_for(GreedyBot(0), state, 0)
    assert isinstance(action, Play)
    # One play of sevens reaching at least four mines (it may have taken more sevens).
    assert len(action.cards) >= 4
    assert {c.rank for c in action.cards} == {7}


def test_final_round_empties_the_hand() -> None:
    # The final round, nothing left to take: it lays the run of three (leaving one card),
    # not a single card that would leave four.
    setup = {
        "hands": [["S5", "S6", "S7", "H2", "B8"], ["O3"]],
        "columns": [{"H": ["H4", "H3"], "B": ["B6", "B7"]}, {"S": ["S9"], "H": ["H5"]}],
        "deck": [],
        "citizens": [],
        "bonus": ["O2"],
        "rest": "box",
        "final_round": True,
    }
    state = new_game("itsmine", {}, 0, setup=setup)
    state.apply(0, code(state, "bid 2"))
    state.apply(1, code(state, "bid 3"))
    assert state.view(0)["phase"] == "play"
    while state.active_seats() != frozenset({0}):
        (seat,) = state.active_seats()
        state.apply(seat, choose_for(GreedyBot(seat), state, seat))
    action = choose_for(GreedyBot(0), state, 0)
    assert isinstance(action, Play)
    assert sorted(c.code for c in action.cards) == ["S5", "S6", "S7"]  # up or down


def bonus_decision(card: str, columns: dict[str, list[str]], hand: list[str]) -> str:
    """Seat 0 lays its third Heart and decides on the bonus card ``card``."""
    setup = {
        "hands": [["H4", *hand], ["O3"]],
        "columns": [{"H": ["HA", "H2"], **columns}, {"S": ["S9"]}],
        "bonus": [card, "O2"],
        "citizens": ["K7", "K8"],
        "last_face": [2, 5],
    }
    state = new_game("itsmine", {}, 0, setup=setup)
    state.apply(0, code(state, "bid 3"))
    state.apply(1, code(state, "bid 1"))
    while state.view(0)["phase"] == "take":
        (seat,) = state.active_seats()
        state.apply(seat, choose_for(GreedyBot(seat), state, seat))
    state.apply(0, code(state, "play H4"))
    assert state.view(0)["phase"] == "bonus"
    assert state.view(0)["bonus_card"] == card
    action = choose_for(GreedyBot(0), state, 0)
    assert isinstance(action, Bonus)
    return action.encode()


def test_keeps_a_bonus_card_it_can_lay_and_removes_a_dead_one() -> None:
    # T10 extends its Time run (T8 T9 in hand, ascending column T6 T7): keep it.
    assert bonus_decision("T10", {"T": ["T6", "T7"]}, ["T8", "T9"]) == "keep"
    # C5 can never be laid on its ascending Coin column C6 C8: a leftover. Remove it.
    assert bonus_decision("C5", {"C": ["C6", "C8"]}, ["T8"]) == "remove"


def test_takes_the_citizen_that_extends_a_run_in_a_close_valuable_mine() -> None:
    setup = {
        "hands": [["K9", "K10"], ["O3"]],
        "columns": [{"K": ["K7", "K8"]}, {"K": ["K12"], "H": ["HA", "H2"]}],
        "citizens": ["K11", "H6", "B3", "O7"],
        "last_face": [5, 5],
    }
    state = new_game("itsmine", {}, 0, setup=setup)
    state.apply(0, code(state, "bid 1"))
    state.apply(1, code(state, "bid 2"))
    assert state.active_seats() == frozenset({0})
    assert choose_for(GreedyBot(0), state, 0).encode() == "take K11"


def test_bids_for_many_citizens_only_when_it_can_lay_them() -> None:
    def bid_mix(hand: list[str]) -> dict[int, float]:
        setup = {
            "hands": [hand, ["O3", "B4"]],
            "citizens": ["K7", "K8", "K9", "K10", "T6", "T7", "C4", "C5"],
            "deck": ["T9", "T10", "T11", "S10", "S9"],  # this round and one more
            "bonus": ["O2"],
            "rest": "box",
            "last_face": [3, 3],
        }
        state = new_game("itsmine", {}, 0, setup=setup)
        decision = decision_for(state, 0)
        faces = [a.face for a in decision.legal if isinstance(a, Bid)]
        assert faces == [1, 2, 4, 5, 6]  # the face shown last round is barred
        mix = GreedyBot(0).bid_strategy(Table.read(decision.view, 0), faces)
        assert sum(mix) == pytest.approx(1.0) and min(mix) >= 0
        return dict(zip(faces, mix, strict=True))

    # K11 in hand: K7-K10 make a run of five in the most valuable mine. It shows 4 or 5,
    # to take several citizens, and not the 6 (a tie at 6 gains nothing).
    light = bid_mix(["K11"])
    assert light[4] + light[5] > 0.9
    # Nine scattered cards and two plays left: it can lay few of them already. Mostly the 6:
    # as the higher face it may stop after one citizen (the lower face must take its number).
    heavy = bid_mix(["HA", "H3", "O5", "B7", "C9", "S6", "T8", "K12", "B5"])
    assert heavy[6] > 0.5 > light[6]


STALL_SETUP = {
    # Every mine tied 2-2, every card left dead for both (below both ascending columns),
    # one card in the deck, the citizens full: nobody wants a citizen. A tied auction then
    # has no tie-draw and nobody takes, so nothing changes (the rules allow this forever).
    "columns": [
        {"H": ["H4", "H5"], "O": ["O5", "O6"], "B": ["B6", "B7"], "C": ["C7", "C8"],
         "S": ["S8", "S9"], "T": ["T9", "T10"], "K": ["K10", "K11"]},
        {"H": ["H2", "H6"], "O": ["O3", "O7"], "B": ["B4", "B8"], "C": ["C5", "C9"],
         "S": ["S6", "S10"], "T": ["T7", "T11"], "K": ["K8", "K12"]},
    ],
    "hands": [["HA"], []],
    "citizens": ["H3", "O2", "O4", "B3", "B5", "C4", "C6", "S5"],
    "deck": ["S7"],
    "bonus": ["T6", "T8"],
    "rest": "box",
}  # fmt: skip


def test_a_tie_that_changes_nothing_is_worth_less_than_the_status_quo() -> None:
    state = new_game("itsmine", {}, 0, setup=STALL_SETUP)
    table = Table.read(state.view(0), 0)
    auction = Auction(table)
    assert auction.outcome(2, 2) == pytest.approx(auction.now - table.p.stall)


@pytest.mark.parametrize("variant", VARIANTS)
def test_two_greedy_bots_get_out_of_a_stall(variant: str) -> None:
    for seed in range(4):
        state = new_game("itsmine", {"variant": variant}, seed, setup=STALL_SETUP)
        bots = [GreedyBot(seed), GreedyBot(seed + 100)]
        for _ in range(400):
            if not state.active_seats():
                break
            for seat in sorted(state.active_seats()):
                state.apply(seat, choose_for(bots[seat], state, seat))
        assert state.is_over


def test_evaluation_prefers_a_lead_in_a_valuable_mine() -> None:
    setup = {"columns": [{"K": ["K7", "K8"]}, {"H": ["HA", "H2"]}], "hands": [[], []]}
    state = new_game("itsmine", {}, 0, setup=setup)
    view = state.view(0)
    me = Table.read(view, 0)
    other = Table.read(state.view(1), 1)
    assert evaluate(me, me.position()) > 0 > evaluate(other, other.position())


# --- strength ---------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_greedy_beats_random(variant: str) -> None:
    games, score = 60, 0.0
    for i in range(games):
        greedy_seat = i % 2
        bots: list[Bot] = [make_bot("random", "itsmine", i), make_bot("random", "itsmine", i)]
        bots[greedy_seat] = make_bot("greedy", "itsmine", i)
        outcome = play_out(bots, variant, 1000 + i)
        score += 0.5 if outcome.is_draw else float(greedy_seat in outcome.winners)
    # Measured: 500 of 500 in each variant. An even match would score 30 +- 3.9 (one s.d.)
    # here, so 55 (92%) is over six standard deviations from chance.
    assert score >= 55


# --- the figures' scripts still run -------------------------------------------------------
def test_benchmark_scripts_run(tmp_path: Any, capsys: Any) -> None:
    import json
    import runpy
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "benchmarks"
    bench = runpy.run_path(str(folder / "bench_itsmine.py"))
    out = tmp_path / "bench.json"
    args = ["--games", "10", "--simple-games", "10", "--greedy-games", "2", "--repeat", "1"]
    assert bench["main"]([*args, "--json", str(out)]) == 0
    names = [r["name"] for r in json.loads(out.read_text())["results"]]
    assert names == ["random basic", "random simple", "greedy basic", "greedy simple"]
    strength = runpy.run_path(str(folder / "strength_itsmine.py"))
    assert strength["main"](["--games", "2"]) == 0
    assert "win rate" in capsys.readouterr().out
