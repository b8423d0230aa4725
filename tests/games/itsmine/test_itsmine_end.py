"""終わり: when the deck (A) or the bonus pile (B) runs out, finish that round, play one more
round (the final round), then score."""

from __future__ import annotations

from typing import Any

from asobi.core import new_game
from asobi.games.itsmine.render import _round_line
from asobi.games.itsmine.state import ItsMineState
from asobi.games.itsmine.views import read_view
from asobi.games.itsmine.words import ItsMineWords

from .itsmine_helpers import bids, duel, phase, play, refused


def play_round(state: Any, face0: int, face1: int) -> None:
    """Both bid, then the round is played out with the first legal action everywhere."""
    bids(state, face0, face1)
    while phase(state) not in ("bid", "over"):
        seat = min(state.active_seats())
        state.apply(seat, state.legal_actions(seat)[0])


CITIZENS = ["HA", "O2", "B3", "C4", "S5", "T6", "K7", "O4"]


def test_end_A_the_deck_runs_out_finish_the_round_then_one_more() -> None:
    """終わり: 「以下の2つのうちどちらか1つでも条件を満たしたら,条件を満たしたラウンドを最後まで
    行った上で,さらにその次のラウンド(最終ラウンド)を全て行った後でゲームを終了する. A. 山札の
    カードがなくなった」: phase 2 of round 1 empties the deck."""
    state = duel(
        {
            "hands": [["H2", "H3"], ["O3", "O5"]],
            "citizens": CITIZENS,
            "deck": ["B4", "B5"],
            "bonus": ["T11", "S10"],
            "rest": "box",
        }
    )
    bids(state, 2, 3)
    play(state, 0, "take HA", "take O2")
    play(state, 1, "take B3", "take C4", "take S5")
    view = state.view(None)
    assert view["deck_size"] == 0 and phase(state) == "play"
    assert view["final_round"] is False, "round 1 is played to its end first"
    play(state, 1, "play O3")
    play(state, 0, "play H2")
    view = state.view(None)
    assert view["round"] == 2 and view["final_round"] is True
    assert view["end_reason"] == "deck"
    # Why the round is the last, said in the status and the terminal's heading, both languages
    status = ItsMineWords(state.options).status(state.view(0))
    assert status is not None and "山札がなくなった" in status.ja and "deck ran out" in status.en
    assert "山札がなくなった" in _round_line(read_view(state.view(0)), "ja").plain
    assert "deck ran out" in _round_line(read_view(state.view(0)), "en").plain
    assert state.outcome() is None
    play_round(state, 4, 5)
    assert phase(state) == "over" and state.outcome() is not None
    assert state.view(None)["round"] == 2, "no third round"
    refused(state, 0, "bid 3", "end of game")


def test_end_B_the_bonus_pile_runs_out_however_much_deck_remains() -> None:
    """終わり: 「B. ボーナスの山がなくなった」【注意】 「Bはどれだけ山札が残っていても次の
    ラウンドで終了」: the only bonus card goes in round 1; round 2 is the last."""
    deck = ["B4", "B5", "B6", "B7", "B8", "C5", "C6", "C7", "C8", "C9", "S6", "S7", "S8", "S9"]
    state = duel(
        {
            "hands": [["K10"], ["O3", "O5"]],
            "columns": [{"K": ["K8", "K9"]}, {}],
            "citizens": CITIZENS,
            "deck": deck,
            "bonus": ["T11"],
            "rest": "box",
        }
    )
    bids(state, 2, 3)
    play(state, 0, "take HA", "take O2")
    play(state, 1, "take B3", "done")
    play(state, 1, "play O3")
    play(state, 0, "play K10", "keep")
    view = state.view(None)
    assert view["bonus_pile"] == 0 and view["deck_size"] == len(deck) - 3
    assert view["final_round"] is True and view["end_reason"] == "bonus"
    play_round(state, 4, 5)
    assert state.outcome() is not None
    assert state.view(None)["deck_size"] > 0, "the deck was never used up"


def test_end_the_game_goes_on_while_deck_and_bonus_pile_last() -> None:
    state = duel(seed=4)
    play_round(state, 2, 3)
    view = state.view(None)
    assert view["round"] == 2 and view["final_round"] is False and state.outcome() is None


def test_end_a_deck_emptied_by_tie_draws_also_ends_the_game_a_round_later() -> None:
    """A. 山札のカードがなくなった, however the deck ran out (here: あいこ draws)."""
    state = duel(
        {
            "hands": [["H2"], ["O3"]],
            "citizens": CITIZENS,
            "deck": ["B4", "B5"],
            "bonus": ["T11"],
            "rest": "box",
        }
    )
    play_round(state, 3, 3)
    assert state.view(None)["final_round"] is True
    play_round(state, 2, 4)
    assert state.outcome() is not None


def test_end_every_random_game_ends() -> None:
    """Both conditions come: the deck shrinks every round (refill or tie-draw) or the game
    is already in its final round."""
    import random

    for seed in range(6):
        for variant in ("basic", "simple"):
            state = duel(seed=seed, variant=variant)
            rng = random.Random(seed)
            for _ in range(600):
                if state.outcome() is not None:
                    break
                seat = rng.choice(sorted(state.active_seats()))
                state.apply(seat, rng.choice(state.legal_actions(seat)))
            assert state.outcome() is not None
            assert sorted(state.all_cards()) == sorted(duel(seed=seed).all_cards())


def test_ruling_round_limit_ends_a_game_of_endless_ties() -> None:
    """Ruling 15 (docs/rules/itsmine.md): with one card left in the deck a tied auction takes
    nothing and draws nothing ("山札が1枚以下になったら即座に次のフェイズ2にうつる"), so
    matching faces could repeat for ever; after round ``round_limit`` the next round is the
    last, as under 終わり A/B."""
    setup = {
        "hands": [[], []],
        "deck": ["T9"],
        "citizens": ["K7", "K8", "O3", "O4", "B5", "B6", "C7", "C8"],
        "bonus": ["O2"],
        "rest": "box",
    }
    state = new_game("itsmine", {"round_limit": 6}, 0, setup=setup)
    assert isinstance(state, ItsMineState)
    for round_no in range(1, 8):
        assert state.outcome() is None
        assert state.view(None)["round"] == round_no
        face = 2 if round_no % 2 else 3  # both show the same face: a tie every round
        state.apply(0, state.spec.action_space.decode(f"bid {face}"))
        state.apply(1, state.spec.action_space.decode(f"bid {face}"))
        for seat in (0, 1):  # empty hands: phase 3 is a pass each
            if seat in state.active_seats():
                assert [a.encode() for a in state.legal_actions(seat)] == ["pass"]
                state.apply(seat, state.legal_actions(seat)[0])
        assert len(state.all_cards()) == 42
        if round_no == 6:
            assert state.view(None)["final_round"]
            assert state.view(None)["end_reason"] == "round_limit"
        if state.outcome() is not None:
            break
    assert state.outcome() is not None and state.view(None)["round"] == 7
