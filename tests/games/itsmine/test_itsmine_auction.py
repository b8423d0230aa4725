"""フェイズ1 オークション (国民の動員) and フェイズ2 カードの補充・調整.

Phase 1 is a simultaneous decision: both seats are active, each commits a face, and the
auction resolves once both are in.
"""

from __future__ import annotations

from typing import Any

from .itsmine_helpers import (
    active,
    bids,
    citizens,
    duel,
    hand,
    legal,
    phase,
    play,
    refused,
)

# Eight citizens on the table, a known deck (top first), the previous round's faces 2 and 5.
CITIZENS = ["HA", "O2", "B3", "C4", "S5", "T6", "K7", "O4"]
DECK = ["H3", "O5", "B5", "C6", "S7", "T8", "K8", "H4", "O6", "B6"]
TABLE: dict[str, Any] = {
    "hands": [["H2", "O3", "B4"], ["C5", "S6", "T7"]],
    "citizens": CITIZENS,
    "deck": DECK,
    "bonus": ["K9", "K10", "K11", "K12", "T9"],
    "last_face": [2, 5],
    "round": 3,
    "rest": "box",
}


def table(**changes: Any) -> dict[str, Any]:
    return {**TABLE, **changes}


def take(state: Any, seat: int, *cards: str) -> None:
    play(state, seat, *(f"take {c}" for c in cards))


def deck_size(state: Any) -> int:
    return int(state.view(None)["deck_size"])


# --- 1) 2) the secret, simultaneous choice --------------------------------------------------------
def test_phase1_1_both_players_choose_a_face_at_the_same_time() -> None:
    """フェイズ1 1): 「お互いに自分のダイスを手に取り,何の目を出すか相手に分からないよう
    隠し持つ」: both seats are to act; committing a face takes a seat out of the decision."""
    state = duel(table())
    assert active(state) == [0, 1]
    play(state, 1, "bid 3")
    assert active(state) == [0], "seat 1 is in; only seat 0 still chooses"
    assert legal(state, 1) == []
    refused(state, 1, "bid 4", "turn order")
    play(state, 0, "bid 4")
    assert phase(state) == "take"


def test_phase1_2_the_others_face_is_hidden_until_both_are_in() -> None:
    """フェイズ1 2): 「今回の競りで出したい目を上にした状態にし,各自,…公開する」 — revealed
    together (ruling: the bids are hidden until both are in)."""
    state = duel(table())
    events = play(state, 0, "bid 4")
    mine, theirs, spectator = state.view(0), state.view(1), state.view(None)
    assert mine["seats"][0]["bid"] == 4, "a seat sees its own committed face"
    for view in (theirs, spectator):
        assert "bid" not in view["seats"][0], "nobody else sees it"
        assert view["seats"][0]["committed"] is True, "that a seat has chosen is public"
        assert view["seats"][0]["die"] == 2, "the die still shows last round's face"
    assert [e.data.get("face") for e in events if e.visible_to(1)] == [None]
    assert all(e.visible_to(0) for e in events)
    play(state, 1, "bid 6")
    assert [s["die"] for s in state.view(1)["seats"]] == [4, 6], "both revealed together"


def test_phase1_2_the_face_shown_last_round_is_barred() -> None:
    """フェイズ1 2) 【注意】: 「この時,前のラウンドで自分が出した目は,このラウンドでは選択
    できない」."""
    state = duel(table())
    assert legal(state, 0) == ["bid 1", "bid 3", "bid 4", "bid 5", "bid 6"]
    assert legal(state, 1) == ["bid 1", "bid 2", "bid 3", "bid 4", "bid 6"]
    assert state.view(0)["seats"][0]["forbidden_faces"] == [2]
    for seat in (1, None):  # the die still shows it: the bar is no secret
        assert [s["forbidden_faces"] for s in state.view(seat)["seats"]] == [[2], [5]]
    refused(state, 0, "bid 2", "フェイズ1 2) 注意")
    refused(state, 1, "bid 5", "フェイズ1 2) 注意")


def test_phase1_2_next_round_bars_the_face_just_shown() -> None:
    """フェイズ1 2) 【注意】, through a whole round: the faces shown become next round's bars."""
    state = duel(table())
    bids(state, 3, 1)
    take(state, 1, "HA")  # the lower face, 1, takes exactly one
    take(state, 0, "O2", "B3")
    play(state, 0, "done")
    play(state, 0, "play H2")  # the higher face plays first
    play(state, 1, "play HA")
    assert state.view(None)["round"] == 4 and phase(state) == "bid"
    assert legal(state, 0) == ["bid 1", "bid 2", "bid 4", "bid 5", "bid 6"]
    assert legal(state, 1) == ["bid 2", "bid 3", "bid 4", "bid 5", "bid 6"]


def test_QA_faces_run_from_1_small_to_6_large() -> None:
    """Q&A: 「ダイスの,小さい目?大きい目?」「小← 1・2・3・4・5・6 →大 となります」: 6 is the
    higher face, and a die shows nothing else."""
    from asobi.games.itsmine.actions import Bid

    state = duel(table())
    refused(state, 0, Bid(7), "フェイズ1 2)")
    refused(state, 0, Bid(0), "フェイズ1 2)")
    bids(state, 6, 1)
    assert state.view(None)["higher"] == 0 and active(state) == [1]


# --- 3) the lower face, the higher face -----------------------------------------------------------
def test_phase1_3_the_lower_face_takes_exactly_its_number_first() -> None:
    """フェイズ1 3) ◆小さい目のプレイヤー(先手): 「必ず自分が出した目とぴったり同じ数の国民
    カードを取って手札にする」."""
    state = duel(table())
    bids(state, 4, 2)
    assert active(state) == [1], "the lower face takes first"
    assert legal(state, 1) == [
        f"take {c}" for c in ["HA", "O2", "O4", "B3", "C4", "S5", "T6", "K7"]
    ]
    refused(state, 1, "done", "フェイズ1 3)")
    take(state, 1, "K7")
    refused(state, 1, "done", "フェイズ1 3)")
    take(state, 1, "HA")
    assert hand(state, 1) == ["HA", "C5", "S6", "T7", "K7"]
    assert active(state) == [0], "two taken: the higher face's turn, automatically"


def test_QA_the_lower_face_may_not_take_fewer() -> None:
    """Q&A: 「相手の出目が「6」,自分の出目は「5」…5枚より少なく取っても良いですか?」
    「良くないです.…小さい目を出したプレイヤーは必ず5枚ぴったり取ってください!」"""
    state = duel(table(last_face=[1, 1]))
    bids(state, 5, 6)
    take(state, 0, "HA", "O2", "B3", "C4")
    error = refused(state, 0, "done", "フェイズ1 3)")
    assert "take 1 more" in str(error)
    take(state, 0, "S5")
    assert active(state) == [1]


def test_phase1_3_the_higher_face_takes_one_up_to_its_number() -> None:
    """フェイズ1 3) ◆大きい目のプレイヤー(後手): 「自分が出した目を上限として,1枚以上の国民
    カードを取って手札にする」「余った国民カードは,そのままにして残しておく」."""
    state = duel(table())
    bids(state, 1, 3)
    take(state, 0, "HA")
    assert active(state) == [1]
    refused(state, 1, "done", "フェイズ1 3)")  # at least one
    take(state, 1, "O2", "B3", "C4")
    assert phase(state) == "play", "three taken, the limit: the auction is over"
    assert len(hand(state, 1)) == 6


def test_QA_the_higher_face_may_stop_after_one() -> None:
    """Q&A: 「相手の出目が「1」,自分の出目は「6」…1枚を取るだけにとどめてもいいですか?」
    「いいです.大きい目のプレイヤーは,1枚取れば,あとは何枚取っても,もう取らなくても
    かまいません.」"""
    state = duel(table(last_face=[2, 2]))
    bids(state, 1, 6)
    take(state, 0, "HA")
    assert "done" not in legal(state, 1)
    take(state, 1, "K7")
    assert "done" in legal(state, 1)
    play(state, 1, "done")
    assert len(hand(state, 1)) == 4
    assert phase(state) == "play"


def test_supplement4_take_what_remains_when_citizens_run_short() -> None:
    """≪補足4≫ 「国民カードが場に必要数ない場合は,取れるだけ取る.不足した分のカードは,誰も
    取ることができない」: 5 then 6 from eight citizens — the higher face gets three."""
    state = duel(table(last_face=[1, 1]))
    bids(state, 5, 6)
    take(state, 0, "HA", "O2", "B3", "C4", "S5")
    assert state.view(None)["take_left"] == 3
    take(state, 1, "T6", "K7", "O4")
    assert phase(state) == "play"


def test_supplement4_the_lower_face_takes_all_and_the_higher_none() -> None:
    """≪補足4≫: three citizens on the table and a lower face of 4: it takes the three, and
    nothing remains for the higher face."""
    state = duel(table(citizens=["HA", "O2", "B3"]))
    bids(state, 6, 4)
    assert legal(state, 1) == ["take HA", "take O2", "take B3"]
    take(state, 1, "HA", "O2", "B3")
    assert phase(state) == "play", "the higher face has nothing to take"
    assert len(hand(state, 0)) == 3


def test_supplement5_there_is_no_hand_limit() -> None:
    """≪補足5≫ 「手札に上限はない」."""
    state = duel(table(hands=[["H2", "O3", "B4", "H5", "O7", "B7", "B8", "C9", "S9"], []]))
    bids(state, 6, 4)
    take(state, 1, "HA", "O2", "B3", "C4")
    take(state, 0, "S5", "T6", "K7", "O4")
    assert len(hand(state, 0)) == 13


# --- あいこ (ties) --------------------------------------------------------------------------------
def test_phase1_3_tie_each_draws_one_card_face_down_and_bids_again() -> None:
    """フェイズ1 3) ◆同じ目であった場合: 「お互いに山札の一番上から裏向きでカードを1枚引き,
    手札にする」「「あいこ」として…1) に戻り,ダイスを使った再オークションをする」."""
    state = duel(table())
    bids(state, 4, 4)
    assert phase(state) == "bid" and active(state) == [0, 1]
    assert deck_size(state) == len(DECK) - 2
    drawn = {c for s in (0, 1) for c in hand(state, s)} - {"H2", "O3", "B4", "C5", "S6", "T7"}
    assert drawn == {"H3", "O5"}, "the deck's top two cards, one each"
    assert [len(hand(state, s)) for s in (0, 1)] == [4, 4]
    assert sorted(citizens(state)) == sorted(CITIZENS), "nobody took a citizen"
    assert state.view(None)["ties"] == 1


def test_ruling_a_rebid_bars_the_tied_face_and_last_rounds_face() -> None:
    """フェイズ1 3): 「この時,さきほど出した目(二人とも同じ目)は出すことができない」, and
    ruling: the face shown in the previous round stays barred too."""
    state = duel(table())
    bids(state, 4, 4)
    assert legal(state, 0) == ["bid 1", "bid 3", "bid 5", "bid 6"]
    assert legal(state, 1) == ["bid 1", "bid 2", "bid 3", "bid 6"]
    assert state.view(0)["seats"][0]["forbidden_faces"] == [2, 4]
    refused(state, 0, "bid 4", "フェイズ1 3) あいこ")
    refused(state, 0, "bid 2", "フェイズ1 2) 注意")
    refused(state, 1, "bid 5", "フェイズ1 2) 注意")


def test_phase1_3_ties_repeat_until_decided() -> None:
    """フェイズ1 3): 「さらに同じ目が出続ける限りは,勝負がつくまでお互いに山札からカードを1枚
    引いた後で,再びオークションを繰り返す」 (Q&A: 「同じ目が何度も出てしまい…」「お互いに同じ目を
    出すことはよくあります.めげずに頑張ってください.」). Each re-bid bars the face just tied (and
    last round's); the next round bars the face that finally decided the auction."""
    state = duel(table())
    bids(state, 4, 4)
    bids(state, 3, 3)
    assert deck_size(state) == len(DECK) - 4
    assert [len(hand(state, s)) for s in (0, 1)] == [5, 5]
    assert legal(state, 0) == ["bid 1", "bid 4", "bid 5", "bid 6"], "3 and 2 barred now"
    bids(state, 6, 1)
    assert phase(state) == "take" and active(state) == [1]
    assert state.view(None)["higher"] == 0
    take(state, 1, "HA")
    take(state, 0, "O2")
    play(state, 0, "done")
    while phase(state) != "bid":
        (seat,) = state.active_seats()
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.view(0)["seats"][0]["forbidden_faces"] == [6]
    assert state.view(1)["seats"][1]["forbidden_faces"] == [1]


def test_phase1_3_note_no_tie_draw_with_one_card_in_the_deck() -> None:
    """フェイズ1 【注意】: 「山札が1枚,もしくは,0枚の場合「あいこ」は起きない.山札が1枚以下に
    なったら即座に次のフェイズ2にうつる」: the auction ends tied; nobody takes citizens."""
    for deck in (["H3"], []):
        state = duel(table(deck=deck, citizens=CITIZENS[:6], rest="box"))
        bids(state, 4, 4)
        assert [len(hand(state, s)) for s in (0, 1)] == [3, 3], "no tie-draw"
        assert phase(state) == "play_together", "phase 2, then phase 3 with no order yet"
        assert active(state) == [0, 1]
        assert len(citizens(state)) == 6 + len(deck), "phase 2 refilled what it could"
        assert deck_size(state) == 0


def test_phase1_3_note_no_rebid_once_tie_draws_leave_one_card() -> None:
    """フェイズ1 【注意】 「山札が1枚以下になったら即座に次のフェイズ2にうつる」: after the
    tie-draw leaves 1 (or 0) cards, nobody bids again."""
    for deck, left in ((["H3", "O5", "B5"], 1), (["H3", "O5"], 0)):
        state = duel(table(deck=deck, rest="box"))
        bids(state, 4, 4)
        assert [len(hand(state, s)) for s in (0, 1)] == [4, 4], "the tie-draw happened"
        assert phase(state) == "play_together"
        assert len(citizens(state)) == 8, "nobody took a citizen"
        assert deck_size(state) == left, "citizens were full: the last card stays in the deck"


def test_ruling_after_an_auction_that_ended_tied_the_tied_face_is_barred_next_round() -> None:
    """Ruling: 「The next round forbids the last face the player showed」 — here the tied face."""
    state = duel(table(deck=["H3"]))
    bids(state, 4, 4)
    play(state, 0, "play H2")
    play(state, 1, "play C5")
    assert phase(state) == "bid"
    assert legal(state, 0) == legal(state, 1) == ["bid 1", "bid 2", "bid 3", "bid 5", "bid 6"]


def test_phase1_3_a_tie_with_two_cards_draws_and_then_stops() -> None:
    """With exactly two cards a tie still draws (the 【注意】 speaks of 1 or 0)."""
    state = duel(table(deck=["H3", "O5"], rest="box"))
    bids(state, 6, 6)
    assert deck_size(state) == 0 and phase(state) == "play_together"


# --- フェイズ2 ------------------------------------------------------------------------------------
def test_phase2_4_refill_the_citizens_to_eight_from_the_deck() -> None:
    """フェイズ2 4): 「山札の一番上からカードを取り,…8枚の国民カードの不足箇所におもて向きで
    置く」."""
    state = duel(table())
    bids(state, 1, 3)
    take(state, 0, "HA")
    take(state, 1, "O2", "B3")
    play(state, 1, "done")
    assert sorted(citizens(state)) == sorted(["C4", "S5", "T6", "K7", "O4", *DECK[:3]])
    assert deck_size(state) == len(DECK) - 3


def test_phase2_4_refill_as_far_as_the_deck_allows() -> None:
    """フェイズ2 4): 「もし,山札に必要な数のカードがない場合は,国民カードを置けるだけ置き,
    あとは空白にしておく」."""
    state = duel(table(deck=["H3", "O5"], rest="box"))
    bids(state, 3, 4)
    take(state, 0, "HA", "O2", "B3")
    take(state, 1, "C4", "S5", "T6", "K7")
    assert sorted(citizens(state)) == ["H3", "O4", "O5"]
    assert deck_size(state) == 0


def test_phase1_and_2_citizens_are_taken_only_after_the_auction() -> None:
    """≪補足6≫ 「たとえ,どのような状況になったとしても、山札からカードを取ることはできない」,
    and a citizen is taken only by the player whose turn it is to take."""
    state = duel(table())
    refused(state, 0, "take HA", "フェイズ1 3)")
    bids(state, 3, 4)
    refused(state, 0, "take H3", "フェイズ1 3)")  # the deck's top card is no citizen
    refused(state, 1, "take HA", "turn order")
    refused(state, 0, "bid 3", "フェイズ1 1)")
    refused(state, 0, "done", "フェイズ1 3)")
