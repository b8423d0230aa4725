"""OpenSpiel's ISMCTS as a seat of asobi's arena (``asobi.adapters.openspiel_bot``): it plays
every game to its end with legal moves, its results count for its own seat, and with a
number of simulations it repeats itself from its seed."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from asobi.adapters.openspiel_bot import NAME, register
from asobi.arena.matches import play_game
from asobi.arena.tournament import Tournament, pairwise, run_tournament
from asobi.core.bots import choose_for, make_bot
from asobi.core.errors import InvalidBot
from asobi.core.records import GameRecord, Match, replay

register()

SEARCH = f"{NAME}:simulations=2"
# A random rollout of Rummy City (some 600 moves) or Carrotein (a solver call a step) costs a
# tenth of a second or more, and each decision runs two: those games take tens of seconds.
SETTINGS = [
    ("starmine", 2),
    ("itsmine", 2),
    ("laminate", 3),
    pytest.param("rummycity", 2, marks=pytest.mark.slow),
    pytest.param("carrotein", 2, marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("game", "players"), SETTINGS)
def test_the_openspiel_seat_plays_every_game_to_its_end(game: str, players: int) -> None:
    """Seat 0 is OpenSpiel's ISMCTS, the others ``random``: every move it made was legal
    (the arena refuses any other), it decided at its seat, and the record replays to the
    same outcome. Carrotein's lay, two choices for OpenSpiel, is one asobi move."""
    lineup = (SEARCH, *["random"] * (players - 1))
    result = play_game(game, {}, 5, lineup)
    assert result.decisions[0] > 0
    assert sum(result.decisions) == len(result.moves)
    record = GameRecord(game, dict(result.options), result.seed, moves=list(result.moves))
    outcome = replay(record).outcome()
    assert outcome is not None and tuple(outcome.ranks) == result.ranks


def test_its_results_count_for_its_own_seat() -> None:
    """Against ``random`` in Starmine's duel, with 40 simulations a decision, it wins in
    both seats: a search that worked for the wrong seat would lose."""
    plan = Tournament("starmine", (f"{NAME}:simulations=40", "random"), 2, 1, {}, 11)
    run_tournament(plan)
    assert [r.lineup for r in plan.results] == [
        (f"{NAME}:simulations=40", "random"),
        ("random", f"{NAME}:simulations=40"),
    ]
    assert [r.ranks for r in plan.results] == [(1, 2), (2, 1)]
    score = pairwise(plan.results, plan.bots)[0]
    assert (score.a, score.score) == (f"{NAME}:simulations=40", 1.0)


def test_a_number_of_simulations_repeats_from_the_seed() -> None:
    """Determinism: the same seeds (deal and bot) give the same moves; another bot seed,
    other moves."""
    first, again, other = (
        play_game("starmine", {}, 3, (SEARCH, "greedy"), bot_seed_base=base) for base in (7, 7, 8)
    )
    assert first.moves == again.moves
    assert other.moves != first.moves


def test_a_seat_asked_before_an_earlier_bidder_is_refused() -> None:
    """It's Mine!'s bids are one seat after the other under OpenSpiel: a seat that is not
    next in seat order has no decision there, and says so in one line."""
    match = Match("itsmine", {"players": 2}, 1)
    state = match.state
    while state.active_seats() != frozenset({0, 1}):
        seat = min(state.active_seats())
        match.play(seat, state.legal_actions(seat)[0])
    with pytest.raises(InvalidBot, match="seat 1 asked before seat 0"):
        choose_for(make_bot(SEARCH, "itsmine", 1), state, 1)


@pytest.mark.parametrize("bot", [f"{NAME}:seconds=0", f"{NAME}:simulations=0", f"{NAME}:c=2"])
def test_bad_parameters_are_refused(bot: str) -> None:
    with pytest.raises(InvalidBot):
        make_bot(bot, "starmine", 0)
