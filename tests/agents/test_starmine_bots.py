"""Starmine's bots: the greedy bot (``asobi.games.starmine.bots``) and the generic random bot.

Bots act only through ``asobi.core.bots.choose_for`` (their view, their legal actions, a
world sampler), so these tests drive them exactly as front ends and arenas do.
"""

from __future__ import annotations

import copy
import random
import statistics
from typing import Any

import pytest

from asobi.core import new_game
from asobi.core.bots import Bot, bot_names, choose_for, decision_for, make_bot
from asobi.core.protocol import Outcome, State
from asobi.games.starmine.actions import CARD_BIT, Discard
from asobi.games.starmine.bots import (
    FAILED,
    GreedyBot,
    best_points,
    hand_value,
    solo_evaluation,
    solo_prospect,
)
from asobi.games.starmine.cards import FIREWORKS, is_boost
from asobi.games.starmine.state import StarmineState


def mask(codes: str) -> int:
    return sum(CARD_BIT[c] for c in FIREWORKS.parse(codes))


def play_out(bots: list[Bot], players: int, seed: int, setup: Any = None) -> Outcome:
    state = new_game("starmine", {"players": players}, seed, setup=setup)
    while state.active_seats():
        for seat in state.active_seats():
            state.apply(seat, choose_for(bots[seat], state, seat))
    outcome = state.outcome()
    assert outcome is not None
    return outcome


def random_states(players: int, count: int, seed: int) -> list[tuple[State, int]]:
    """States reached by random play, stopped at a random point (each seat to act)."""
    rng = random.Random(seed)
    states = []
    for game in range(count):
        state = new_game("starmine", {"players": players}, seed * 1000 + game)
        stop = rng.randrange(60)
        for _ in range(stop):
            if not state.active_seats():
                break
            (seat,) = state.active_seats()
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.active_seats():
            (seat,) = state.active_seats()
            states.append((state, seat))
    return states


# --- registration -----------------------------------------------------------------------
def test_greedy_is_registered_with_the_game() -> None:
    assert "greedy" in bot_names("starmine")
    assert "random" in bot_names("starmine")
    bot = make_bot("greedy", "starmine", seed=3)
    assert isinstance(bot, GreedyBot)
    assert bot.name == "greedy"


# --- legality ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 1], ids=["duel", "solo"])
def test_greedy_only_chooses_legal_actions_in_random_states(players: int) -> None:
    for state, seat in random_states(players, 250, seed=players):
        decision = decision_for(state, seat)
        view_before = copy.deepcopy(decision.view)
        action = GreedyBot(seed=7).choose(decision)
        assert action in state.legal_actions(seat), action.encode()
        assert decision.view == view_before  # the bot reads the view, never changes it
        if isinstance(action, Discard) and is_boost(action.card):  # only if it must
            assert all(is_boost(a.card) for a in decision.legal if isinstance(a, Discard))


@pytest.mark.parametrize("players", [2, 1], ids=["duel", "solo"])
def test_bots_play_whole_games_legally(players: int) -> None:
    # choose_for raises if a bot picks an action the state does not list as legal.
    for seed in range(25):
        names = ["greedy", "random"] if players == 2 else ["greedy"]
        if seed % 2 and players == 2:
            names.reverse()
        play_out([make_bot(n, "starmine", seed) for n in names], players, seed)
    for seed in range(10):
        play_out([make_bot("greedy", "starmine", s) for s in range(players)], players, seed)


# --- determinism ------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 1], ids=["duel", "solo"])
def test_same_seed_and_decision_give_the_same_action(players: int) -> None:
    for state, seat in random_states(players, 80, seed=10 + players):
        decision = decision_for(state, seat)
        first = GreedyBot(seed=5).choose(decision)
        again = GreedyBot(seed=5).choose(decision_for(state.clone(), seat))
        assert first == again


def test_same_seeds_replay_the_same_game() -> None:
    def game() -> Any:
        return play_out(
            [make_bot("greedy", "starmine", 1), make_bot("greedy", "starmine", 2)], 2, 99
        ).to_json()

    assert game() == game()


# --- what it thinks ---------------------------------------------------------------------
def test_best_points_finds_the_best_disjoint_melds() -> None:
    assert best_points(mask("R4 R5 R6 W1")) == 7  # the sequence; the boost alone is no meld
    assert best_points(mask("R4 R5 R6 R7")) == 7  # four in a row still make one meld
    assert best_points(mask("R1 Y1 G1 B1 R2 R3")) == 12  # R1 R2 R3 (7) + Y1 G1 B1 (5)
    assert best_points(mask("R1 Y5")) == 0
    assert best_points(mask("W1 W2")) == 0  # a meld needs a firework card


def test_hand_value_counts_melds_one_live_card_short() -> None:
    everything = (1 << 30) - 1
    nothing_live = 0
    assert hand_value(mask("R4 R5"), nothing_live) == 0
    assert hand_value(mask("R4 R5"), everything) > hand_value(mask("R4 G6"), everything)


def test_solo_evaluation_matches_the_rulebook_example() -> None:
    # ソロ用ルール: rows 5, 6, 12 -> 23 - 3 = 20 (天才肌の職人)
    assert solo_evaluation(5, 6, 12) == 20
    assert solo_evaluation(0, 3, 5) < FAILED + 1  # solo §3 C ②: the opening comes first
    assert solo_evaluation(5, 5, 9) < FAILED + 1  # not strictly rising: failed
    assert solo_evaluation(5, 5, 9) > solo_evaluation(9, 5, 3)  # a nearer miss ranks higher


def test_solo_prospect_shares_melds_over_open_rows() -> None:
    # From nothing, with two turns and the last meld: 3, 5, 7 rise with a gap of 4 (-1).
    assert solo_prospect((0, 0, 0), 0, (7, 5, 3), 2) == 3 + 5 + 7 - 1
    # Opening closed at 5: main 7 on a turn, finale 5 on a turn plus 3 as the last meld.
    assert solo_prospect((5, 0, 0), 1, (7, 5, 3), 2) == 5 + 7 + 8 - 1
    # With one turn left only one meld goes in before the last: the rows cannot rise.
    assert solo_prospect((5, 0, 0), 1, (7, 5, 3), 1) < FAILED + 1


def test_duel_places_a_strong_meld_into_its_empty_row() -> None:
    setup = {
        "hands": [["R4", "R5", "R6", "Y2", "W1"], ["B1", "G4", "B7", "W2"]],
        "rows": [
            {"opening": ["three R1 Y1 G1"], "main": ["pair R2 G2"], "finale": []},
            {"opening": ["pair B3 Y3"], "main": ["pair Y6 G6"], "finale": ["pair R7 Y7"]},
        ],
        "turn": 0,
    }
    state = new_game("starmine", {"players": 2}, 0, setup=setup)
    action = choose_for(GreedyBot(0), state, 0)
    assert action.encode() == "place finale seq R4 R5 R6"


def test_duel_discards_rather_than_waste_a_pair_early() -> None:
    setup = {"hands": [["R4", "Y4", "G7", "B1"], ["G1", "G5", "B7", "W2"]], "turn": 0}
    state = new_game("starmine", {"players": 2}, 0, setup=setup)
    assert isinstance(state, StarmineState)
    assert len(state.deck) > 10
    assert "place opening pair R4 Y4" in [a.encode() for a in state.legal_actions(0)]
    action = choose_for(GreedyBot(0), state, 0).encode()
    assert action in ("discard G7", "discard B1")  # keeps the pair, which may yet grow


def test_duel_final_phase_places_the_meld_that_wins_a_row() -> None:
    # Rows: opening 7-3 (won), main 3-3 (level), finale 3-6 (lost). Seat 1 draws the
    # deck's last card, so the final phase starts with it; it passes; seat 0's boosted
    # three (4 points) on the main row or the finale wins a second row and the game.
    setup = {
        "hands": [["R4", "Y4", "B6", "W1"], ["G1", "G4", "B7", "Y7"]],
        "rows": [
            {"opening": ["seq R1 R2 R3"], "main": ["pair R5 Y5"], "finale": ["pair G7 R7"]},
            {"opening": ["pair B3 Y3"], "main": ["pair Y6 G6"], "finale": ["seq B4 B5 W2"]},
        ],
        "deck": ["G2"],
        "discards": ["B1"],
        "rest": "box",
        "turn": 1,
    }
    state = new_game("starmine", {"players": 2}, 0, setup=setup)
    for code in ("discard Y7", "draw deck", "pass"):  # the last card ends the action at once
        state.apply(1, state.spec.action_space.decode(code))
    assert state.view(0)["phase"] == "final"
    action = choose_for(GreedyBot(0), state, 0).encode()
    assert action in ("place main three R4 Y4 W1", "place finale three R4 Y4 W1")
    state.apply(0, state.spec.action_space.decode(action))
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)


def test_solo_never_closes_the_main_row_at_or_below_the_opening() -> None:
    setup = {
        "hands": [["R4", "R5", "R6", "Y2"]],
        "rows": [{"opening": ["three R1 Y1 G1"], "main": ["pair B2 G2"], "finale": []}],
        "current_row": "main",
    }
    for seed in range(20):
        state = new_game("starmine", {"players": 1}, seed, setup=setup)
        while state.view(0)["phase"] != "turn":
            state.apply(0, choose_for(GreedyBot(seed), state, 0))
        assert "place finale seq R4 R5 R6" in [a.encode() for a in state.legal_actions(0)]
        action = choose_for(GreedyBot(seed), state, 0)
        assert action.encode() != "place finale seq R4 R5 R6"  # would fail the launch (3 <= 5)


def test_solo_last_meld_only_if_it_improves_the_evaluation() -> None:
    def last_meld(finale: str, hand: list[str]) -> str:
        setup = {
            "hands": [hand],
            "rows": [{"opening": ["three R5 Y5 G5"], "main": ["seq B1 B2 W1"], "finale": [finale]}],
            "current_row": "finale",
            "deck": ["R7"],
            "rest": "box",
        }
        state = new_game("starmine", {"players": 1}, 0, setup=setup)
        assert state.view(0)["phase"] == "final"  # turning up the deck's last card ends it
        return choose_for(GreedyBot(0), state, 0).encode()

    # 5, 6, 7 = 18 (gap 2: no penalty); a pair makes 5, 6, 10 = 21 - 3 = 18: no better.
    assert last_meld("seq G1 G2 G3", ["R3", "Y3", "B7"]) == "pass"
    # 5, 6, 5 fails; a pair rescues the launch: 5, 6, 8 = 19 - 1 = 18.
    assert last_meld("three R6 Y6 G6", ["R3", "Y3", "B7"]) == "place finale pair R3 Y3"


# --- strength ---------------------------------------------------------------------------
def test_greedy_beats_random_in_the_duel() -> None:
    games, score = 60, 0.0
    for i in range(games):
        greedy_seat = i % 2
        bots = [make_bot("random", "starmine", i), make_bot("random", "starmine", i)]
        bots[greedy_seat] = make_bot("greedy", "starmine", i)
        outcome = play_out(bots, 2, 1000 + i)
        score += 0.5 if outcome.is_draw else float(greedy_seat in outcome.winners)
    # Measured: 100% over 600 games. An even match would score 30 +- 4 (one s.d.) here,
    # so 51 (85%) is over five standard deviations away from chance.
    assert score >= 51


def test_greedy_solo_fails_less_and_scores_more_than_random() -> None:
    def solo_games(name: str) -> tuple[int, float]:
        failures, evaluations = 0, []
        for seed in range(40):
            details = play_out([make_bot(name, "starmine", seed)], 1, 2000 + seed).details
            failures += bool(details["failed_launch"])
            evaluations.append(0 if details["failed_launch"] else details["evaluation"])
        return failures, statistics.fmean(evaluations)

    greedy_failures, greedy_mean = solo_games("greedy")
    random_failures, random_mean = solo_games("random")
    # Measured over 600 games: greedy fails ~1% with a mean of ~17; random fails ~78%
    # with a mean of ~1.7 (failures count 0).
    assert greedy_failures <= 4
    assert random_failures >= 20
    assert greedy_mean >= 12
    assert greedy_mean >= random_mean + 8


# --- the figures' scripts still run -------------------------------------------------------
def test_benchmark_scripts_run(tmp_path: Any, capsys: Any) -> None:
    import json
    import runpy
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "benchmarks"
    bench = runpy.run_path(str(folder / "bench_starmine.py"))
    out = tmp_path / "bench.json"
    args = ["--games", "20", "--solo-games", "20", "--greedy-games", "4", "--repeat", "1"]
    assert bench["main"]([*args, "--json", str(out)]) == 0
    names = [r["name"] for r in json.loads(out.read_text())["results"]]
    assert names == ["random duel", "random solo", "greedy duel", "greedy solo"]
    strength = runpy.run_path(str(folder / "strength_starmine.py"))
    assert strength["main"](["--duels", "4", "--solos", "4"]) == 0
    assert "win rate" in capsys.readouterr().out
