"""GameSpec.facts (issue 9): what a balance report counts in each game, checked against the
record of random games, and GameSpec's first player, which the seat advantage counts from."""

from __future__ import annotations

import pytest

from asobi.arena import GameResult, play_game
from asobi.core.registry import get_spec
from asobi.games.starmine.actions import ROW_NAMES

Played = tuple[str, list[GameResult]]  # a game and some random games of it

SEATS = {"starmine": 2, "itsmine": 2, "laminate": 4, "rummycity": 2, "carrotein": 3}


@pytest.fixture(scope="module", params=list(SEATS))
def played(request: pytest.FixtureRequest) -> Played:
    game = request.param
    count = 1 if game == "carrotein" else 4
    return game, [play_game(game, {}, seed, ["random"] * SEATS[game]) for seed in range(count)]


def test_facts_cover_every_seat(played: Played) -> None:
    game, results = played
    for result in results:
        facts = result.facts
        assert len(facts["seats"]) == SEATS[game]
        assert not facts["holdings"] or len(facts["holdings"]) == SEATS[game]
        assert facts["game"], "every game says something about how it went"


def test_facts_agree_with_the_record(played: Played) -> None:
    game, results = played
    for r in results:
        facts, details = r.facts, r.details
        moves = [code for _, code in r.moves]
        if game == "laminate":  # 論文の引用: every "cite" move is one citation
            assert facts["game"]["citations"] == sum(code.startswith("cite ") for code in moves)
        elif game == "itsmine":  # 5 鉱山の獲得: seven mines at most
            assert sum(s["mines"] for s in facts["seats"]) + facts["game"]["mines nobody took"] == 7
            assert facts["holdings"] == details["mines"]
        elif game == "rummycity":
            assert facts["holdings"] == details["buildings"]
            assert [s["tepu"] for s in facts["seats"]] == list(r.scores)
        elif game == "carrotein":  # 得点と勝敗: boards plus scored chips
            for seat, s in enumerate(facts["seats"]):
                assert s["points from boards"] + s["points from chips"] == r.scores[seat]
            assert facts["game"]["successful challenges"] <= facts["game"]["challenges"]
        elif game == "starmine" and len(set(r.ranks)) == 2 and not any(details["failed_launch"]):
            # section 7: the rows are compared one by one
            winner = r.ranks.index(1)
            won = sum(facts["game"][f"{row} row"] == "won by the winner" for row in ROW_NAMES)
            assert won == details["rows_won"][winner]


def test_the_first_player_is_the_seat_of_the_first_turn() -> None:
    """Starmine: the start player chosen at the table (or drawn); Laminate 準備 6: the third
    seat discards first, but seat 0 takes the first turn; It's Mine! opens with both
    players bidding at once."""
    assert get_spec("starmine").new_game({"start_player": 1}).first_player() == 1
    laminate = get_spec("laminate").new_game({"players": 4})
    assert laminate.active_seats() == {2} and laminate.first_player() == 0
    assert get_spec("itsmine").new_game().first_player() is None
