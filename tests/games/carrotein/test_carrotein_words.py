"""Carrotein's phrasebook (``words.py``): the rulebook's terms in both languages, the end's
reason in words, and a spare chip said to score for nobody."""

from __future__ import annotations

from asobi.core import get_spec
from asobi.core.words import Words, fill
from asobi.games.carrotein import scoring
from asobi.games.carrotein.rules import new_state
from asobi.games.carrotein.state import CarroteinOptions
from asobi.games.carrotein.words import phrasebook

NAMES = ["Ami", "Ben", "Cy"]


def _both(words: Words | None) -> tuple[str, str]:
    assert words is not None
    return fill(words.en, NAMES), fill(words.ja, NAMES)


def test_the_game_declares_its_phrasebook() -> None:
    spec = get_spec("carrotein")
    assert spec.deck is None  # no cards: the page draws chips and boards from the assets
    book = spec.phrasebook(spec.options({"players": 3}))
    assert _both(book.action("pass")) == (
        "Pass (out of this round's challenge)",
        "パス(このラウンドの挑戦権を放棄)",
    )


def test_end_by_ten_chips_names_the_player_in_words() -> None:
    """終了条件: "いずれかのプレイヤーが自分の色の【星チップ】を10枚すべて得点として
    獲得したとき"."""
    state = new_state(CarroteinOptions(players=3), seed=1)
    state.scored[1] = 10
    outcome = scoring.outcome(state, scoring.end_reason(state))
    table = phrasebook(CarroteinOptions(players=3)).outcome(outcome.to_json())
    en, ja = _both(table.headline)
    assert en == "Ben won: Ben scored all ten of their chips after 1 round"
    assert ja == "Benの勝ち:Benが自分の星チップ10枚をすべて獲得(1ラウンド)"
    assert [_both(c)[0] for c in table.columns][:2] == ["Player", "Boards"]
    assert _both(table.rows[0][0]) == ("Ben (blue)", "Ben(青)")  # the winner first


def test_end_by_one_board_left_says_so() -> None:
    """終了条件: "【夜空のマット】の上に置かれている【星座ボード】の数が1つになったとき"."""
    state = new_state(CarroteinOptions(players=2), seed=1)
    state.won[0] = state.boards[:6]
    state.boards = state.boards[6:]
    outcome = scoring.outcome(state, scoring.end_reason(state))
    table = phrasebook(CarroteinOptions(players=2)).outcome(outcome.to_json())
    en, ja = _both(table.headline)
    assert en.endswith(": only one board was left on the mat after 1 round")
    assert "夜空のマットの星座ボードが残り1枚" in ja
    assert _both(table.rows[0][1])[0].startswith("6 (Leaping rabbit, ")


def test_a_spare_chip_is_said_to_score_for_nobody() -> None:
    """例外処理: "誰の色でもないので得点に変えることができません"."""
    book = phrasebook(CarroteinOptions(players=2))
    spare = {"kind": "place", "seat": 0, "x": 100.0, "y": 50.5, "chip": "colourless"}
    en, ja = _both(book.event(spare))
    assert en == (
        "Ami placed a colourless star chip at (100, 51) (own chips all out: it scores for nobody)"
    )
    assert ja.startswith("Amiが無色の星チップを(100, 51)に置いた")
    own = {"kind": "place", "seat": 1, "x": 300.0, "y": 20.0, "chip": "blue"}
    assert _both(book.event(own)) == (
        "Ben placed a blue star chip at (300, 20)",
        "Benが青の星チップを(300, 20)に置いた",
    )


def test_positions_are_said_in_whole_millimetres() -> None:
    """The judge keeps tenths of a millimetre; the log says what a player reads off the
    mat (a chip is 20 mm across): whole millimetres, a half rounded up, whole degrees."""
    book = phrasebook(CarroteinOptions(players=2))
    placed = {"kind": "place", "seat": 0, "x": 123.4, "y": 87.6, "chip": "red"}
    assert _both(book.event(placed)) == (
        "Ami placed a red star chip at (123, 88)",
        "Amiが赤の星チップを(123, 88)に置いた",
    )
    assert _both(book.action("place 99.5 10.4")) == (
        "Place a star chip at (100, 10)",
        "(100, 10)に星チップを置く",
    )
    assert _both(book.action("lay 180.4,-12.6,14.6 420,225,359.7,flip")) == (
        "Lay the first board at (180, -13) turned 15° and the second at (420, 225) turned 0°,"
        " turned over",
        "1枚目を(180, -13)に15°回転で、2枚目を(420, 225)に0°回転・裏返しで置く",
    )
    for line in (*_both(book.event(placed)), *_both(book.action("lay 1.25,2,3 4,5,6"))):
        assert "." not in line


def test_the_results_are_in_order_of_place() -> None:
    """A results table reads from the winner down: Cy (the most boards) first, then Ami and
    Ben, tied on second place (the outcome's ranks), in seat order among themselves."""
    state = new_state(CarroteinOptions(players=3), seed=1)
    state.won[2] = state.boards[:6]
    state.boards = state.boards[6:]
    outcome = scoring.outcome(state, scoring.end_reason(state))
    assert outcome.ranks == (2, 2, 1)
    table = phrasebook(CarroteinOptions(players=3)).outcome(outcome.to_json())
    assert [_both(row[0])[0] for row in table.rows] == ["Cy (green)", "Ami (red)", "Ben (blue)"]
    assert [_both(row[-1])[0] for row in table.rows] == ["1", "2", "2"]
    assert _both(table.rows[0][1])[0].startswith("6 (Leaping rabbit, ")


def test_a_challenge_says_its_verdict_and_who_scored() -> None:
    """星座作成タイム 4: on a success the chips showing score for their colours and the
    challenger takes the two boards."""
    book = phrasebook(CarroteinOptions(players=2))
    event = {
        "kind": "challenge",
        "seat": 0,
        "boards": ["sitting", "sleeping"],
        "shown": 1,
        "success": True,
        "scored": [2, 1],
    }
    en, ja = _both(book.event(event))
    assert en == (
        "Ami laid Sitting rabbit and Sleeping rabbit: success, 1 centre point left showing; "
        "scored: Ami +2 chips, Ben +1 chip; Ami took the two boards"
    )
    assert ja == (
        "Amiが「すわるうさぎ」と「ねむるうさぎ」を置いた:成功(隠せなかった中心点1個)。"
        "獲得:Amiが星チップ2枚、Benが星チップ1枚。Amiが星座ボード2枚を獲得"
    )
