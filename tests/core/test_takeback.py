"""Taking back a move within the rules of fair play (issue 8: "only your own consecutive
actions in the current turn, and never past revealed hidden information or chance"), each
refusal said in English and Japanese."""

from __future__ import annotations

import random

from asobi.core import Action, State
from asobi.core.registry import get_spec, new_game
from asobi.core.takeback import take_back_refusal
from asobi.core.words import Words


def _code(state: State, seat: int, prefix: str) -> Action:
    legal: list[Action] = state.legal_actions(seat)
    return next(a for a in legal if a.encode().startswith(prefix))


def test_a_discard_shows_a_hidden_card_and_stays() -> None:
    state = new_game("starmine", {}, seed=1)
    seat = min(state.active_seats())
    refusal = take_back_refusal(state, seat, _code(state, seat, "discard"))
    assert refusal is not None and "hidden" in refusal.en
    assert refusal.ja == f"{{s:{1 - seat}}}に隠れていたものを見せました"  # the other seat's


def test_a_card_drawn_from_the_deck_is_chance_and_stays() -> None:
    state = new_game("starmine", {}, seed=1)
    seat = min(state.active_seats())
    state.apply(seat, _code(state, seat, "discard"))
    seat = min(state.active_seats())
    assert take_back_refusal(state, seat, _code(state, seat, "draw deck")) == Words(
        "it showed you something chance decided (a card drawn from the deck)",
        "偶然で決まったもの(山札から引いたカード)を見せました",
    )


def test_a_secret_bid_may_be_taken_back_until_the_other_bids() -> None:
    state = new_game("itsmine", {}, seed=5)
    assert state.active_seats() == {0, 1}  # the dice bids are simultaneous
    bid = state.legal_actions(1)[-1]
    assert take_back_refusal(state, 1, bid) is None
    state.apply(1, bid)
    refusal = take_back_refusal(state, 0, state.legal_actions(0)[0])  # resolves the bids
    assert refusal is not None


def test_a_move_that_ends_the_turn_stays() -> None:
    """Carrotein hides nothing, but a chip placed ends the turn (散らかしタイム: in turn)."""
    state = new_game("carrotein", {"players": 2}, seed=1)
    seat = min(state.active_seats())
    refusal = take_back_refusal(state, seat, _code(state, seat, "place"))
    assert refusal is not None
    assert refusal.en == "your turn is over (only moves within your turn can be taken back)"
    assert refusal.ja.startswith("手番が終わっています")


def test_carrotein_chosen_boards_are_final_by_the_rules() -> None:
    """星座作成タイム 1: "選んだ【星座ボード】は…変更することはできません"."""
    state = new_game("carrotein", {"players": 2}, seed=1)
    state.apply(min(state.active_seats()), get_spec("carrotein").action_space.decode("pass"))
    seat = min(state.active_seats())
    refusal = take_back_refusal(state, seat, _code(state, seat, "choose"))
    assert refusal is not None
    assert "選んだ【星座ボード】" in refusal.en and refusal.ja.startswith("選んだ【星座ボード】")


def test_nothing_is_taken_back_from_a_game_that_is_over() -> None:
    state = new_game("starmine", {"players": 1}, seed=2)
    while True:
        seat = min(state.active_seats())
        legal = state.legal_actions(seat)
        after = state.clone()
        after.apply(seat, legal[0])
        if after.is_over:
            refusal = take_back_refusal(state, seat, legal[0])
            assert refusal == Words("it ended the game", "その手でゲームが終わりました")
            return
        state = after


def test_a_paper_drafted_card_by_card_may_be_taken_back_until_it_is_on_the_table() -> None:
    """Laminate Rummy's 論文発表: the paper's cards are laid one by one, hidden from the
    others until it is complete: its maker may take a step back (the others saw nothing of
    it), but not the step that puts the paper on the table (the turn is over)."""
    state = new_game("laminate", {"players": 3}, seed=21)
    rng = random.Random(0)
    steps: list[str] = []
    while len(steps) < 3 and not state.is_over:
        seat = min(state.active_seats())
        legal: list[Action] = state.legal_actions(seat)
        drafting = [a for a in legal if a.encode().startswith(("publish", "lay"))]
        action = drafting[0] if drafting else rng.choice(legal)
        if drafting:
            refusal = take_back_refusal(state, seat, action)
            after = state.clone()
            after.apply(seat, action)
            if seat in after.active_seats():  # the paper goes on
                assert refusal is None, (action.encode(), refusal)
                steps.append(action.encode())
            else:
                assert refusal is not None and "turn is over" in refusal.en
        state.apply(seat, action)
    assert steps[0].startswith("publish") and steps[1].startswith("lay")
