"""3. 査読 (review): take one card from a paper under review that holds two or more cards,
anyone's, one's own included; a paper left with one card is complete (完成)."""

from __future__ import annotations

from asobi.games.laminate.state import LaminateState

from .laminate_helpers import (
    active,
    hand,
    hand_size,
    legal,
    paper,
    papers_of,
    play,
    points,
    refused,
    seen_by,
    table,
)


def position() -> LaminateState:
    """Seat 0 has a 3カード under review, seat 1 a 4ストフラ under review, seat 2 a complete AK."""
    return table(
        [["HA"], ["O2"], ["B3"]],
        [
            [paper("kind3", "O7", "C7", "B7")],
            [paper("flush4", "S8", "S9", "S10", "S11")],
            [paper("ak", "KK")],
        ],
        deck=["T6", "T8"],
    )


def test_review_any_card_of_any_paper_under_review_ones_own_included() -> None:
    """3. 査読: 「セブンのカードが2枚以上ある（査読中）の論文を1つ選び、そこから好きなセブンの
    カードを1枚手札に加えることができます。（自分の論文を含め）誰が発表した論文に対しても査読が
    できます」."""
    state = position()
    reviews = [code for code in legal(state) if code.startswith("review")]
    assert sorted(reviews) == sorted(
        f"review {c}" for c in ["O7", "C7", "B7", "S8", "S9", "S10", "S11"]
    )
    assert "review KK" not in reviews, "a complete paper is not under review"


def test_review_ones_own_paper() -> None:
    state = position()
    events = play(state, 0, "review C7")
    assert sorted(hand(state, 0)) == sorted(["HA", "C7"])
    assert papers_of(state, 0) == [("kind3", ["O7", "B7"], False)]
    assert seen_by(events, 2)[0] == {
        "kind": "review",
        "seat": 0,
        "card": "C7",
        "author": 0,
        "paper": "kind3",
        "complete": False,
    }
    assert active(state) == [1], "review is the turn's one action"


def test_review_another_players_paper_the_card_is_seen_by_all() -> None:
    state = position()
    play(state, 0, "review S11")
    assert papers_of(state, 1) == [("flush4", ["S8", "S9", "S10"], False)]
    assert hand_size(state, 0) == 2
    for seat in (1, 2, None):
        assert "S11" in state.view(seat)["seats"][0]["known_cards"]


def test_review_a_paper_left_with_one_card_is_complete() -> None:
    """3. 査読: 「査読が進み、セブンのカードが残り1枚になった論文は晴れて完成です…この状態で初めて
    論文の価値が認められ、勝利点を得られます。また、完成した論文は以後、引用することが出来ます」."""
    state = table(
        [["HA"], ["O2"], ["B3"]],
        [[], [paper("flush4", "S8", "S9")], []],
        deck=["T6", "T8", "T9", "T10"],
    )
    assert points(state, 1) == 0
    events = play(state, 0, "review S8")
    assert seen_by(events, None)[0]["complete"] is True
    assert papers_of(state, 1) == [("flush4", ["S9"], True)]
    assert points(state, 1) == 4, "the 4ストフラ scores once complete"
    assert state.view(None)["seats"][1]["complete_papers"] == 1
    assert {"card": "S9", "author": 1} in state.view(None)["citable"]


def test_review_complete_papers_cannot_be_reviewed() -> None:
    """3. 査読: only 「2枚以上ある（査読中）の論文」: the last card of a complete paper stays."""
    state = position()
    refused(state, 0, "review KK", "3. 査読")
    play(state, 0, "review O7")
    play(state, 1, "review C7")  # seat 0's 3カード is complete now, holding B7
    assert papers_of(state, 0) == [("kind3", ["B7"], True)]
    refused(state, 2, "review B7", "3. 査読")
    assert "review B7" not in legal(state)


def test_review_only_cards_on_a_paper() -> None:
    state = position()
    refused(state, 0, "review HA", "3. 査読")  # in the hand
    refused(state, 0, "review T6", "3. 査読")  # in the deck


def test_review_needs_a_paper_under_review() -> None:
    """3. 査読: 「誰かの場に（査読中）の論文があるときにできる特別なアクションです」."""
    state = table([["HA"], ["O2"], ["B3"]], [[paper("ak", "KK")], [], []], deck=["T6", "T8"])
    assert not [code for code in legal(state) if code.startswith("review")]
    refused(state, 0, "review KK", "3. 査読")


def test_review_is_refused_outside_the_choice_of_the_turns_action() -> None:
    state = position()
    play(state, 0, "draw")
    refused(state, 0, "review O7", "ゲームの進行")
    refused(state, 1, "review O7", "turn order")
