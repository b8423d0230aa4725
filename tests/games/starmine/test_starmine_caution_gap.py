"""Cautions (``State.caution``): the solo contest's last meld that lowers the evaluation.

ソロ用ルール §4 ② (「手札から1組だけ役の完成しているカードをフィナーレの列へ加えます」) and
スターマインの評価 (「評価点の合計 − ギャップペナルティ」): the final meld is optional (ruling 19
in docs/rules/starmine.md), and one that widens the total gap (合計ギャップ) can cost more in
gap penalty (ギャップペナルティ) than it adds. The game says so, and by how much, before it is
made: it is the game's last move, so the evaluation after it is certain, and it is read from
the player's own rows alone.
"""

from __future__ import annotations

from asobi.core.words import Words
from asobi.games.starmine.actions import ACTION_SPACE
from asobi.games.starmine.state import StarmineState

from .starmine_helpers import duel, legal, phase, play, solo

# Rows 5, 6, 11: total 22, total gap 6, gap penalty 3, evaluation 19. The deck's one card is
# turned up at once (solo §4 ①): only the final meld is left.
ROWS_5_6_11 = {
    "opening": ["three R1 Y1 G1"],
    "main": ["pair R2 Y2", "pair R3 Y3"],
    "finale": ["three Y4 G4 B4", "pair Y5 G5", "pair Y6 G6"],
}


def final_phase(hand: list[str]) -> StarmineState:
    state = solo(
        {
            "hands": [hand],
            "rows": [ROWS_5_6_11],
            "current_row": "finale",
            "deck": ["B1"],
            "rest": "box",
        }
    )
    assert phase(state) == "final"
    return state


def caution(state: StarmineState, code: str) -> Words | None:
    return state.caution(0, ACTION_SPACE.decode(code))


def test_solo_evaluation_a_last_meld_that_lowers_the_evaluation_says_by_how_much() -> None:
    """スターマインの評価 ②③: three of a kind on the finale makes the rows 5, 6, 16: total 27,
    total gap 11, penalty 10: 27 − 10 = 17, where passing keeps 22 − 3 = 19."""
    state = final_phase(["R7", "Y7", "G7", "B7"])
    words = caution(state, "place finale three R7 Y7 G7")
    assert words is not None
    assert words.en == "lowers your evaluation by 2 (gap penalty): 27 − 10 = 17, 19 if you pass"
    assert words.ja == "最終評価点が2点下がります（ギャップペナルティ）：27−10=17（パスなら19点）"
    # A pair makes them 5, 6, 14: 25 − 6 = 19, as much as passing: nothing to say.
    assert caution(state, "place finale pair R7 Y7") is None
    assert caution(state, "pass") is None
    # And the evaluation the caution announced is the one the game ends with.
    play(state, 0, "place finale three R7 Y7 G7")
    result = state.outcome()
    assert result is not None and result.details["evaluation"] == 17


def test_solo_evaluation_a_last_meld_that_raises_it_is_not_cautioned() -> None:
    """A pair on rows 5, 6, 11 with a boost is worth 2 (§5: ブーストを使った役は−1): 5, 6, 13,
    total gap 8, penalty 6: 24 − 6 = 18 < 19, cautioned; without the boost, 5, 6, 14 stays at
    19; no placement that keeps or raises the evaluation is cautioned."""
    state = final_phase(["R7", "Y7", "W1"])
    words = caution(state, "place finale pair R7 W1")
    assert words is not None and words.en.startswith("lowers your evaluation by 1 ")
    assert caution(state, "place finale pair R7 Y7") is None
    cautioned = {c for c in legal(state) if caution(state, c) is not None}
    assert cautioned == {"place finale pair R7 W1", "place finale pair Y7 W1"}


def test_solo_s4_a_failed_launch_is_said_instead() -> None:
    """Solo §4: when passing fails the launch (rows 3, 5, 2), any rising placement is better
    than passing: only the placements that still fail are cautioned, for their failure."""
    state = solo(
        {
            "hands": [["R6", "Y6", "R7", "Y7", "G7"]],
            "rows": [
                {"opening": ["pair R1 Y1"], "main": ["three R2 Y2 G2"], "finale": ["pair R3 W1"]}
            ],
            "current_row": "finale",
            "deck": ["B4"],
            "rest": "box",
        }
    )
    words = caution(state, "place finale pair R6 Y6")
    assert words is not None and words.en.startswith("ends the launch: failure")
    assert caution(state, "place finale three R7 Y7 G7") is None


def test_the_evaluation_is_not_guessed_before_the_last_move_nor_in_the_duel() -> None:
    """Before the final phase the evaluation depends on melds still to come (solo §3), and
    the duel has no evaluation (§7 compares rows): no caution for a gap there."""
    state = solo(
        {
            "hands": [["R7", "Y7", "G7", "B7"]],
            "rows": [ROWS_5_6_11],
            "current_row": "finale",
            "deck": ["B1", "B2", "B5", "B6"],
            "rest": "box",
        }
    )
    play(state, 0, "open")
    assert phase(state) == "turn"
    assert caution(state, "place finale three R7 Y7 G7") is None
    game = duel(
        {
            "hands": [["R7", "Y7", "G7"], ["B7", "B6"]],
            "rows": [ROWS_5_6_11, {}],
            "deck": ["B1"],
            "discards": ["B2"],
            "turn": 0,
            "rest": "box",
        }
    )
    play(game, 0, "discard R7", "draw deck")
    assert phase(game) == "final"
    assert game.caution(0, ACTION_SPACE.decode("place finale pair Y7 G7")) is None
