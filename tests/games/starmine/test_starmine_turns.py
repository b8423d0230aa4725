"""§5 ゲームの遊び方: a turn is action A (手札を増やす) or action B (花火カードを配置する)."""

from __future__ import annotations

from .starmine_helpers import active, duel, hand, legal, phase, play, refused, row_melds, totals

# Seat 0 holds a sequence and a pair's worth; three face-up discards lie side by side.
TABLE = {
    "hands": [["R4", "R5", "R6", "Y2", "W1"], ["B4", "B5", "G1", "W2"]],
    "deck": ["R7", "Y7", "G7", "B7"],
    "discards": ["G5", "Y3", "B1"],
    "turn": 0,
}


# --- the turn ----------------------------------------------------------------------------
def test_s5_a_turn_is_either_action_A_or_action_B() -> None:
    """§5: 「自分の手番では、以下の2つのアクションから1つアクションを選び実行します。
    A 手札を増やす / B 花火カードを配置する」"""
    state = duel(TABLE)
    codes = legal(state)
    discards = [c for c in codes if c.startswith("discard ")]
    places = [c for c in codes if c.startswith("place ")]
    assert discards == ["discard R4", "discard R5", "discard R6", "discard Y2", "discard W1"]
    assert "place main seq R4 R5 R6" in places
    assert set(codes) == set(discards) | set(places), "no drawing, passing or stopping"


def test_s5_only_the_player_whose_turn_it_is_may_act() -> None:
    """§5: 「スタートプレイヤーから交互に手番を行います」"""
    state = duel(TABLE)
    assert legal(state, 1) == []
    refused(state, 1, "discard B4", "turn order")


def test_s5_a_turn_cannot_be_passed() -> None:
    """§5: 「以下の2つのアクションから1つアクションを選び実行します」 — passing is neither."""
    state = duel(TABLE)
    refused(state, 0, "pass", "§5")


def test_s5_drawing_comes_only_after_a_discard_or_a_meld() -> None:
    """§5 A 「手札1枚を捨て、2枚補充」, §5 B 「出した枚数分補充」: a draw is owed, never free."""
    state = duel(TABLE)
    refused(state, 0, "draw deck", "§5 A/B")
    refused(state, 0, "draw G5", "§5 A/B")


def test_s5_turn_start_flips_belong_to_the_solo_game() -> None:
    """ソロ §3 A: 「毎手番のはじめにカード2枚をめくります」 is a solo rule only."""
    state = duel(TABLE)
    refused(state, 0, "open", "solo §3 A")


# --- §5 A 手札を増やす -----------------------------------------------------------------
def test_s5A_discard_one_card_then_draw_two() -> None:
    """§5 A: 「手札1枚を捨て、2枚補充。手札が1枚増加。」「手札1枚を捨札にします。
    山札 or 捨て札からカード2枚を補充。」"""
    state = duel(TABLE)
    play(state, 0, "discard Y2")
    assert state.view(None)["discards"] == ["G5", "Y3", "B1", "Y2"]
    assert state.view(None)["draws_left"] == 2
    play(state, 0, "draw deck", "draw deck")
    assert hand(state, 0) == ["R4", "R5", "R6", "R7", "Y7", "W1"]
    assert state.view(None)["seats"][0]["hand_size"] == 6, "the hand grew by one"
    assert active(state) == [1], "then the turn passes"


def test_s5A_each_draw_is_seen_before_choosing_the_next_source() -> None:
    """§5 A: 「カードを1枚補充する度にその内容を確認し、次のドローを山札と捨て札の
    どちらから取るかは自由に選ぶことができます」"""
    state = duel(TABLE)
    play(state, 0, "discard Y2", "draw deck")
    assert "R7" in hand(state, 0), "the first card is in hand before the second draw"
    assert active(state) == [0] and state.view(None)["draws_left"] == 1
    assert legal(state) == ["draw deck", "draw G5", "draw Y3", "draw B1"]
    play(state, 0, "draw Y3")
    assert hand(state, 0) == ["R4", "R5", "R6", "R7", "Y3", "W1"]


def test_s5A_any_face_up_discard_may_be_drawn_not_only_the_last() -> None:
    """§5 A: 「捨て札は他の捨て札と重ねずに表向きで置き、捨て札からカードを補充する時は、
    この手番で捨てたカード以外であれば自由に選べます」"""
    state = duel(TABLE)
    deck_size = state.view(None)["deck_size"]
    play(state, 0, "discard Y2", "draw G5", "draw B1")
    assert hand(state, 0) == ["R4", "R5", "R6", "G5", "B1", "W1"]
    assert state.view(None)["deck_size"] == deck_size, "both came from the discards"
    assert state.view(None)["discards"] == ["Y3", "Y2"]


def test_s5A_cannot_draw_back_the_card_discarded_this_turn() -> None:
    """§5 A: 「捨て札からカードを補充する時は、この手番で捨てたカード以外であれば
    自由に選べます」"""
    state = duel(TABLE)
    play(state, 0, "discard Y2")
    assert "draw Y2" not in legal(state)
    error = refused(state, 0, "draw Y2", "§5 A")
    assert "この手番で捨てたカード以外" in str(error)
    play(state, 0, "draw deck")
    refused(state, 0, "draw Y2", "§5 A")  # not for the second draw either


def test_s5A_the_next_player_may_take_the_card_you_discarded() -> None:
    """§5 A: only 「この手番で捨てたカード」 is barred, and only in that turn."""
    state = duel(TABLE)
    play(state, 0, "discard Y2", "draw deck", "draw deck")
    play(state, 1, "discard G1")
    assert "draw Y2" in legal(state)
    refused(state, 1, "draw G1", "§5 A")
    play(state, 1, "draw Y2", "draw deck")
    assert "Y2" in hand(state, 1)


def test_s5A_discards_lie_side_by_side_in_the_order_they_came() -> None:
    """§5 A: 「捨て札は他の捨て札と重ねずに表向きで置き」 — all visible, in order."""
    state = duel(TABLE)
    play(state, 0, "discard Y2")
    assert state.view(None)["discards"] == ["G5", "Y3", "B1", "Y2"]
    play(state, 0, "draw Y3")
    assert state.view(None)["discards"] == ["G5", "B1", "Y2"]
    play(state, 0, "draw deck")
    play(state, 1, "discard B4")
    assert state.view(None)["discards"] == ["G5", "B1", "Y2", "B4"]
    for seat in (None, 0, 1):
        assert state.view(seat)["discards"] == ["G5", "B1", "Y2", "B4"]


def test_s5A_only_a_hand_card_can_be_discarded() -> None:
    """§5 A: 「手札1枚を捨札にします」"""
    state = duel(TABLE)
    refused(state, 0, "discard B4", "§5 A")  # the other player's card
    refused(state, 0, "discard R7", "§5 A")  # a deck card


def test_s5A_only_a_face_up_discard_can_be_drawn_by_name() -> None:
    """§5 A: 「山札 or 捨て札からカード2枚を補充」 — a named card must lie face up."""
    state = duel(TABLE)
    play(state, 0, "discard Y2")
    refused(state, 0, "draw R7", "§5 A")  # the deck's top card, face down
    refused(state, 0, "draw B4", "§5 A")  # in the other hand


def test_s5A_two_draws_and_no_more() -> None:
    """§5 A: 「2枚補充」"""
    state = duel(TABLE)
    play(state, 0, "discard Y2", "draw deck", "draw deck")
    refused(state, 0, "draw deck", "turn order")


def test_s5A_nothing_else_while_cards_are_owed() -> None:
    """§5: one action per turn — a discard is followed by its two draws, nothing else."""
    state = duel(TABLE)
    play(state, 0, "discard Y2")
    refused(state, 0, "place main seq R4 R5 R6", "§5 A/B: finish drawing first")
    refused(state, 0, "discard R4", "§5 A/B: finish drawing first")
    refused(state, 0, "pass", "§5")


# --- §5 B 花火カードを配置する ----------------------------------------------------------
def test_s5B_place_a_meld_on_the_declared_row_then_draw_as_many_as_placed() -> None:
    """§5 B: 「手札に役が揃っている時、その中の1組を任意の自分の列に配置します」
    「その後、出したカードと同数のカードを山札 or 捨て札から補充します」"""
    state = duel(TABLE)
    play(state, 0, "place main seq R4 R5 R6")
    assert row_melds(state, 0, "main") == ["seq R4 R5 R6"]
    assert totals(state, 0) == (0, 7, 0)
    assert state.view(None)["draws_left"] == 3
    play(state, 0, "draw deck", "draw B1", "draw deck")
    assert hand(state, 0) == ["R7", "Y2", "Y7", "B1", "W1"]
    assert active(state) == [1]


def test_s5B_a_pair_refills_two_cards() -> None:
    """§5 B: 「出したカードと同数のカードを…補充」 — a pair is two cards."""
    state = duel(TABLE)
    play(state, 0, "place opening pair Y2 W1")
    assert state.view(None)["draws_left"] == 2
    play(state, 0, "draw G5", "draw Y3")
    assert active(state) == [1]
    assert hand(state, 0) == ["R4", "R5", "R6", "Y3", "G5"]


def test_s5B_the_refill_may_take_any_discard() -> None:
    """§5 B: 「山札 or 捨て札から補充」 — no card was discarded this turn, so all are free."""
    state = duel(TABLE)
    play(state, 0, "place finale pair Y2 W1")
    assert legal(state) == ["draw deck", "draw G5", "draw Y3", "draw B1"]


def test_s5B_the_player_declares_any_of_the_three_rows() -> None:
    """§5 B: 「どの列に配置するか？配置する列を宣言してからカードを配置しましょう」"""
    state = duel(TABLE)
    for row in ("opening", "main", "finale"):
        assert f"place {row} seq R4 R5 R6" in legal(state)
    play(state, 0, "place finale seq R4 R5 R6")
    assert row_melds(state, 0, "finale") == ["seq R4 R5 R6"]
    assert row_melds(state, 0, "main") == row_melds(state, 0, "opening") == []


def test_s5B_only_melds_from_your_own_hand() -> None:
    """§5 B: 「手札で役を揃えて列に配置」"""
    state = duel(TABLE)
    refused(state, 0, "place main pair B4 W2", "§5 B")  # the other player's cards
    refused(state, 0, "place main seq R5 R6 R7", "§5 B")  # R7 is still in the deck
    refused(state, 0, "place main pair Y3 W1", "§5 B")  # Y3 lies in the discards


def test_s5B_a_row_takes_any_number_of_melds_and_scores_their_sum() -> None:
    """§5 B: 「各列へは、何組でもカードを配置できます」「ある列に配置した役の評価点の合計が、
    その列の評価点になります」"""
    state = duel(dict(TABLE, rows=[{"main": ["pair B2 G2"]}, {}]))
    play(state, 0, "place main seq R4 R5 R6")
    assert row_melds(state, 0, "main") == ["pair G2 B2", "seq R4 R5 R6"]
    assert totals(state, 0) == (0, 3 + 7, 0)


def test_s5_the_game_goes_on_until_the_deck_runs_out() -> None:
    """§5: 「山札の最後のカードが取られたら、6. 最終フェーズへ」 — not before."""
    state = duel(TABLE)
    assert phase(state) == "turn"
    play(state, 0, "place main seq R4 R5 R6", "draw deck", "draw deck", "draw deck")
    assert state.view(None)["deck_size"] > 0
    assert phase(state) == "turn"
    assert state.outcome() is None
