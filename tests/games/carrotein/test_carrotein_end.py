"""■終了条件 and ■得点と勝敗: when the game ends, the score, and who wins."""

from __future__ import annotations

from asobi.core.protocol import Outcome
from asobi.games.carrotein.actions import PASS, Choose, Place
from asobi.games.carrotein.sky import Pose
from asobi.games.carrotein.state import CarroteinState

from .carrotein_helpers import (
    FAR,
    ON_STAR,
    SHOWING,
    UNDER,
    acting,
    at,
    chips,
    game,
    lay,
    lay_phase,
    phase,
    play,
    refused,
)


def outcome(state: CarroteinState) -> Outcome:
    result = state.outcome()
    assert result is not None, "the game should be over"
    return result


def win_a_round(state: CarroteinState, boards: str) -> None:
    """Everyone passes in turn until one is left, who chooses ``boards`` and lays them: with
    the first star the only chip on the mat, at most one centre point shows — a success."""
    while phase(state) == "scatter":
        play(state, acting(state), "pass")
    play(state, acting(state), f"choose {boards}")
    lay(state, Pose(300, 225), FAR)


def test_the_game_ends_when_one_board_is_left() -> None:
    """■終了条件: 「【夜空のマット】の上に置かれている【星座ボード】の数が1つになったとき
    （すなわち、いずれかのプレイヤーが3回目の星座作成に成功して得点を獲得したとき）」 — 7, 5, 3,
    then 1 board left."""
    state = game()
    counts = [len(state.boards)]
    for boards in ("sitting sleeping", "leaping stretching", "ears carrot"):
        assert state.outcome() is None
        win_a_round(state, boards)
        counts.append(len(state.boards))
    assert counts == [7, 5, 3, 1]
    assert state.boards == ["dancing"]
    assert phase(state) == "over"
    result = outcome(state)
    assert "one constellation board" in str(result.details["reason"])
    assert result.scores == (0.0, 0.0, 6.0)  # seat 2 was the challenger each time
    assert result.ranks == (2, 2, 1)


def test_the_game_ends_when_a_player_has_scored_all_ten_chips() -> None:
    """■終了条件: 「いずれかのプレイヤーが自分の色の【星チップ】を10枚すべて得点として獲得した
    とき」 — here red, with 9 scored, scores a showing chip on blue's success."""
    state = lay_phase(chips((100, 100, "red")), challenger=1, scored=[9, 0, 0])
    lay(state)
    assert phase(state) == "over"
    result = outcome(state)
    assert "red has scored all ten" in str(result.details["reason"])
    assert result.scores == (10.0, 2.0, 0.0)  # blue: the two boards
    assert result.ranks == (1, 2, 3)


def test_a_failure_can_end_the_game_too() -> None:
    """■終了条件: 「即座に」 — blue, 8 scored, takes 2 from the mat on red's failure (both boards
    laid away: the first star and blue's two chips show)."""
    state = lay_phase(at(SHOWING[:2], "blue"), challenger=0, scored=[0, 8, 0])
    lay(state, FAR, Pose(500, 1000))
    assert not state.challenges[-1].verdict.success
    result = outcome(state)
    assert result.scores == (0.0, 10.0, 0.0)
    assert result.ranks == (2, 1, 2)


def test_the_game_goes_on_short_of_either_condition() -> None:
    """■終了条件: 3 boards left and nine chips scored is not yet the end."""
    state = lay_phase(
        chips((100, 100, "red")),
        challenger=1,
        scored=[8, 0, 0],
        won=[["leaping", "stretching"], [], []],
    )
    lay(state)
    assert state.outcome() is None
    assert len(state.boards) == 3
    assert state.scored[0] == 9
    assert phase(state) == "scatter"


def test_the_score_is_boards_plus_scored_chips() -> None:
    """■得点と勝敗: 「獲得した【星座ボード】の数と裏返して得点にした【星チップ】の合計数がその
    プレイヤーの得点」 — the two-point boards, one chip each."""
    state = lay_phase(
        at(UNDER[:3], "green") + chips((100, 100, "red")),
        challenger=2,
        scored=[3, 5, 1],
        won=[["leaping", "stretching"], ["ears", "carrot"], []],
    )
    lay(state)
    result = outcome(state)
    # red: 2 boards + 3 + 1 showing; blue: 2 boards + 5; green: 2 boards + 1 + 2 hidden.
    assert result.scores == (6.0, 7.0, 5.0)
    assert result.ranks == (2, 1, 3)
    assert result.details["boards"] == [
        ["leaping", "stretching"],
        ["ears", "carrot"],
        ["sitting", "sleeping"],
    ]
    assert result.details["chips"] == [4, 5, 3]
    assert [s["score"] for s in state.view(None)["seats"]] == [6, 7, 5]


def test_a_tie_goes_to_the_player_with_more_boards() -> None:
    """■得点と勝敗: 「もしも同点だった場合は、より多くの【星座ボード】を獲得したプレイヤーの勝利」
    — red ends on 10 chips (10 points); blue has 8 chips and 2 boards (10 points): blue wins."""
    state = lay_phase(
        chips((100, 100, "red")),
        challenger=2,
        scored=[9, 8, 0],
        won=[[], ["leaping", "stretching"], []],
    )
    lay(state)
    result = outcome(state)
    assert result.scores == (10.0, 10.0, 2.0)
    assert result.ranks == (2, 1, 3)


def test_a_tie_on_points_and_boards_is_a_draw() -> None:
    """■得点と勝敗: 「獲得した【星座ボード】の枚数も同じだった場合には、引き分け」 — red and blue
    both on 2 boards + 3 chips; green (2 boards + 2 hidden chips) behind."""
    state = lay_phase(
        at(UNDER[:2], "green"),
        challenger=2,
        scored=[3, 3, 0],
        won=[["leaping", "stretching"], ["ears", "carrot"], []],
    )
    lay(state)
    result = outcome(state)
    assert result.scores == (5.0, 5.0, 4.0)
    assert result.ranks == (1, 1, 3)


def test_a_three_way_draw() -> None:
    """■得点と勝敗: 「引き分け」 — all three on 2 boards + 3 chips: green's one showing chip
    and two of its hidden ones."""
    state = lay_phase(
        at(UNDER[:3], "green") + chips((100, 100, "green")),
        challenger=2,
        scored=[3, 3, 0],
        won=[["leaping", "stretching"], ["ears", "carrot"], []],
    )
    lay(state)
    result = outcome(state)
    assert result.scores == (5.0, 5.0, 5.0)
    assert result.ranks == (1, 1, 1)


def test_nothing_more_is_played_once_the_game_is_over() -> None:
    """■終了条件: 「即座に得点計算を行いゲームの勝者を決めます」 — no next round."""
    state = lay_phase(
        chips((270, 225, "green")),
        challenger=2,
        won=[["leaping", "stretching"], ["ears", "carrot"], []],
    )
    lay(state, ON_STAR, FAR)
    assert phase(state) == "over"
    assert state.active_seats() == frozenset()
    assert all(state.legal_actions(s) == [] for s in range(3))
    view = state.view(None)
    assert view["turn"] is None
    assert view["outcome"]["ranks"] == [2, 2, 1]
    for seat in range(3):
        refused(state, seat, PASS, "end of game")
    refused(state, 0, Place(100, 100), "end of game")
    refused(state, 0, Choose("dancing", "sitting"), "end of game")
