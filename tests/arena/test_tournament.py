"""The arena's tournaments (issue 7's strength ladder): seatings, scores, intervals, ratings."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from asobi.arena import (
    GameResult,
    Tournament,
    lineups,
    pairwise,
    play_game,
    ratings,
    run_tournament,
)
from asobi.arena.tournament import Rating, game_score, markdown, meetings, wilson


def result(
    lineup: tuple[str, ...],
    ranks: tuple[int, ...],
    index: int = 0,
    seed: int = 0,
    scores: tuple[float, ...] | None = None,
) -> GameResult:
    n = len(lineup)
    zeros = (0,) * n
    points = scores if scores is not None else (0.0,) * n
    return GameResult(index, seed, lineup, ranks, points, zeros, (0.0,) * n, (0.0,) * n, ())


def test_every_bot_sits_in_every_seat_equally_often() -> None:
    seatings = lineups(["a", "b", "c", "d"], 3)
    assert len(seatings) == 4 * 6  # every 3 of the 4, each in 3 rotations both ways round
    assert len(set(seatings)) == len(seatings)
    for seat in range(3):
        assert Counter(s[seat] for s in seatings) == {"a": 6, "b": 6, "c": 6, "d": 6}
    assert all(len(set(s)) == 3 for s in seatings)


def test_each_bot_plays_right_after_each_other_as_often_as_right_before() -> None:
    """Turn order can decide a game (a Carrotein round goes to whoever is left when the
    others have passed): no pair of bots keeps one order round the table."""
    for bots, players in ((["a", "b", "c"], 3), (["a", "b", "c", "d", "e"], 4)):
        follows: Counter[tuple[str, str]] = Counter()
        for lineup in lineups(bots, players):
            follows.update((lineup[s], lineup[(s + 1) % players]) for s in range(players))
        assert all(follows[(x, y)] == follows[(y, x)] for x, y in follows)
    assert lineups(["a", "b"], 2) == [("a", "b"), ("b", "a")]  # two seats: one order


def test_fewer_bots_than_seats_play_one_against_the_field() -> None:
    seatings = lineups(["a", "b"], 4)
    assert len(seatings) == 8
    assert ("a", "b", "b", "b") in seatings and ("b", "b", "b", "a") in seatings
    for seat in range(4):
        assert Counter(s[seat] for s in seatings) == {"a": 4, "b": 4}


def test_a_tournament_needs_two_different_bots() -> None:
    with pytest.raises(ValueError):
        lineups(["a", "a"], 2)


def test_game_score_compares_every_pair_of_seats() -> None:
    assert game_score(result(("a", "b"), (1, 2)), "a", "b") == 1.0
    assert game_score(result(("a", "b"), (1, 1)), "a", "b") == 0.5
    # a beat one b and lost to another: even.
    assert game_score(result(("b", "a", "b"), (1, 2, 3)), "a", "b") == 0.5
    assert game_score(result(("a", "c"), (1, 2)), "a", "b") is None


def test_equal_bots_score_a_half_and_intervals_hold_it() -> None:
    games = [result(("a", "b"), (1, 2), 0), result(("b", "a"), (1, 2), 1)]
    table = {(p.a, p.b): p for p in pairwise(games, ["a", "b"])}
    assert table["a", "b"].score == 0.5 and table["a", "b"].games == 2
    assert table["a", "b"].low < 0.5 < table["a", "b"].high


def test_wilson_interval() -> None:
    low, high = wilson(0.5, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(1.0, 10)[1] == 1.0 and wilson(0.0, 10)[0] == 0.0
    assert wilson(0.5, 0) == (0.0, 1.0)


def test_ratings_put_the_winner_first() -> None:
    games = [result(("a", "b"), (1, 2), i) for i in range(10)]
    table = ratings(pairwise(games, ["b", "a"]), ["b", "a"])
    assert [r.bot for r in table] == ["a", "b"] and table[0].elo > table[1].elo
    # A clean sweep still has a finite rating (the prior: one drawn game a pair).
    assert table[0].elo == pytest.approx(-table[1].elo) and table[0].elo < 1000


def test_a_lone_bot_is_rated_at_the_mean() -> None:
    assert ratings([], ["a"]) == [Rating("a", 0.0, 0.0)]


def test_ratings_do_not_depend_on_the_order_of_the_games() -> None:
    """Bradley–Terry over the whole tournament: 116 wins of 200 first and the 84 losses after
    rate the same as the other way round (an online rating puts the winner far below)."""
    wins = [result(("a", "b"), (1, 2), i) for i in range(116)]
    losses = [result(("a", "b"), (2, 1), 116 + i) for i in range(84)]
    forward = ratings(pairwise(wins + losses, ["a", "b"]), ["a", "b"])
    backward = ratings(pairwise(losses + wins, ["a", "b"]), ["a", "b"])
    assert forward == backward and forward[0].bot == "a"


def test_an_elo_difference_is_the_odds_of_the_scores() -> None:
    """Two bots, A scoring 3 of every 4 against B: A's odds 3 to 1 are 400·log10(3) ≈ 191
    Elo points over B (a little less with the prior's drawn game), the mean being 0; the
    interval narrows as games are added."""
    few = [result(("a", "b"), (1, 2) if i % 4 else (2, 1), i) for i in range(40)]
    many = [result(("a", "b"), (1, 2) if i % 4 else (2, 1), i) for i in range(400)]
    a, b = ratings(pairwise(many, ["a", "b"]), ["a", "b"])
    assert a.elo - b.elo == pytest.approx(400 * math.log10(300.5 / 100.5), abs=0.01)
    assert a.elo + b.elo == pytest.approx(0.0, abs=1e-9)
    assert a.error < ratings(pairwise(few, ["a", "b"]), ["a", "b"])[0].error


def test_a_transitive_ladder_is_ordered_and_fits_every_pair() -> None:
    """Three bots where each beats the next 3 to 1 and the first beats the last 9 to 1:
    Bradley–Terry fits them exactly, a chain of equal steps."""
    games, i = [], 0
    for a, b, share in (("x", "y", 3), ("y", "z", 3), ("x", "z", 9)):
        for k in range(10 * (share + 1)):
            games.append(result((a, b), (1, 2) if k % (share + 1) else (2, 1), i))
            i += 1
    x, y, z = ratings(pairwise(games, ["z", "y", "x"]), ["z", "y", "x"])
    assert [x.bot, y.bot, z.bot] == ["x", "y", "z"]
    assert x.elo - y.elo == pytest.approx(y.elo - z.elo, abs=5)
    assert x.elo - z.elo == pytest.approx(400 * math.log10(9), abs=40)


def test_a_played_game_is_its_record() -> None:
    from asobi.core import GameRecord, replay

    played = play_game("starmine", {}, 7, ("random", "greedy"), index=3)
    assert sorted(played.ranks) in ([1, 2], [1, 1]) and sum(played.decisions) == len(played.moves)
    record = GameRecord(game="starmine", options={"players": 2}, seed=7)
    record.moves.extend(played.moves)
    state = replay(record)
    outcome = state.outcome()
    assert outcome is not None and tuple(outcome.ranks) == played.ranks


def test_the_same_tournament_gives_the_same_results_with_two_workers() -> None:
    """Issue 9's reproducibility, already here: workers change nothing."""
    one = run_tournament(Tournament("itsmine", ("random", "greedy"), 2, 2, seed=5), workers=1)
    two = run_tournament(Tournament("itsmine", ("random", "greedy"), 2, 2, seed=5), workers=2)
    assert [(r.lineup, r.ranks, r.moves) for r in one.results] == [
        (r.lineup, r.ranks, r.moves) for r in two.results
    ]
    assert len(one.results) == 4
    summary = one.summary()
    assert summary["games"] == 4 and summary["per_bot"]["greedy"]["seats"] == 4
    assert "| `greedy` |" in markdown(summary)


def test_alone_the_bots_meet_deal_by_deal() -> None:
    """Solo modes: each bot plays each deal alone; on one deal the higher score ranks
    better, as duplicate bridge compares tables, and an equal score ties."""
    games = [
        result(("a",), (1,), 0, seed=5, scores=(12.0,)),
        result(("b",), (1,), 1, seed=5, scores=(9.0,)),
        result(("a",), (1,), 2, seed=6, scores=(7.0,)),
        result(("b",), (1,), 3, seed=6, scores=(7.0,)),
    ]
    met = meetings(games)
    assert [(m.lineup, m.ranks) for m in met] == [(("a", "b"), (1, 2)), (("a", "b"), (1, 1))]
    table = {(p.a, p.b): p for p in pairwise(games, ["a", "b"])}
    assert table["a", "b"].games == 2 and table["a", "b"].score == 0.75
    assert [r.bot for r in ratings(pairwise(games, ["b", "a"]), ["b", "a"])] == ["a", "b"]


def test_a_solo_tournament_plays_every_deal_with_every_bot() -> None:
    """Starmine's solo contest (ソロ用ルール) as a tournament: no crash for want of a second
    seat, and each bot's mean score is reported."""
    plan = run_tournament(Tournament("starmine", ("random", "greedy"), 1, 2, seed=3))
    assert [(r.seed, r.lineup) for r in plan.results] == [
        (3, ("random",)), (3, ("greedy",)), (4, ("random",)), (4, ("greedy",))
    ]  # fmt: skip
    summary = plan.summary()
    assert {p["games"] for p in summary["pairwise"]} == {2}
    for bot in ("random", "greedy"):
        scores = [r.scores[0] for r in plan.results if r.lineup == (bot,)]
        assert summary["per_bot"][bot]["mean_score"] == sum(scores) / 2
    assert "1 player, 4 games" in markdown(summary)
