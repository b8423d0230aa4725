"""§5 B カードの役 (melds), 役を揃える時の細則, and ブーストカードについて."""

from __future__ import annotations

import random
from typing import Any

import pytest

from asobi.core import BadActionCode, new_game
from asobi.core.errors import InvalidOptions
from asobi.games.starmine.actions import (
    ACTION_SPACE,
    MAIN,
    MELDS,
    PER_BOOST,
    PER_MELD,
    Meld,
    Place,
    hand_mask,
)
from asobi.games.starmine.cards import FIREWORKS, is_boost
from asobi.games.starmine.state import StarmineState

from .starmine_helpers import duel, legal, play, refused, row_melds, totals

SPARE = ["B7", "G7", "Y7", "R7", "B6"]  # the other player's cards, when not used here


def position(
    my_hand: list[str], rows: dict[str, Any] | None = None, **options: Any
) -> StarmineState:
    """Seat 0 to play holding ``my_hand``; seat 1 holds spare cards."""
    other = [c for c in SPARE if c not in my_hand][:3]
    other += [] if "W2" in my_hand else ["W2"]
    return duel({"hands": [my_hand, other], "turn": 0, "rows": [rows or {}, {}]}, **options)


def placed_points(my_hand: list[str], meld: str, **options: Any) -> int:
    """Place ``meld`` on the main row and read the row's score."""
    state = position(my_hand, **options)
    play(state, 0, f"place main {meld}")
    return totals(state, 0)[1]


def melds_on_offer(my_hand: list[str]) -> set[str]:
    """Every meld the hand may place (the row stripped off)."""
    state = position(my_hand)
    return {c.split(" ", 2)[2] for c in legal(state) if c.startswith("place main ")}


# --- カードの役 -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("my_hand", "meld", "points"),
    [
        (["B4", "B5", "B6", "R1"], "seq B4 B5 B6", 7),
        (["R7", "Y7", "G7", "R1"], "three R7 Y7 G7", 5),
        (["R2", "Y2", "G1", "B5"], "pair R2 Y2", 3),
    ],
)
def test_s5B_meld_points_sequence_7_three_of_a_kind_5_pair_3(
    my_hand: list[str], meld: str, points: int
) -> None:
    """§5 B カードの役: 「シーケンス 同色・連続する3枚 評価点 7」「3カード 同じ数字の3枚
    評価点 5」「ペア 同じ数字の2枚 評価点 3」"""
    assert placed_points(my_hand, meld) == points


def test_s5B_a_sequence_is_three_consecutive_cards_of_one_colour() -> None:
    """§5 B: 「シーケンス 同色・連続する3枚」"""
    assert melds_on_offer(["Y1", "Y2", "Y3", "B5"]) == {"seq Y1 Y2 Y3"}
    assert melds_on_offer(["R1", "Y2", "G3", "B5"]) == set(), "three colours: no sequence"
    assert melds_on_offer(["R1", "R2", "R4", "B5"]) == set(), "not consecutive"
    with pytest.raises(BadActionCode):
        ACTION_SPACE.decode("place main seq R1 Y2 G3")


def test_s5B_three_of_a_kind_and_pairs_take_any_colours() -> None:
    """§5 B: 「3カード 同じ数字の3枚」「ペア 同じ数字の2枚」 — colour does not matter."""
    assert melds_on_offer(["R3", "Y3", "G3", "B5"]) == {
        "three R3 Y3 G3",
        "pair R3 Y3",
        "pair R3 G3",
        "pair Y3 G3",
    }


def test_s5B_rulebook_7_and_1_do_not_connect_in_a_sequence() -> None:
    """§5 B 細則: 「シーケンスの役では、1と7は繋がりません」 (6 7 1 is not a sequence)."""
    assert melds_on_offer(["R6", "R7", "R1", "Y4"]) == set()
    assert not any(m.startswith("seq") for m in melds_on_offer(["R7", "R1", "W1", "Y4"]))
    with pytest.raises(BadActionCode):
        ACTION_SPACE.decode("place main seq R6 R7 R1")
    with pytest.raises(BadActionCode):
        ACTION_SPACE.decode("place main seq R7 R1 W1")
    # at either end the boost can only stand for the card inside 1..7
    assert placed_points(["R6", "R7", "W1", "Y4"], "seq R6 R7 W1") == 7 - 1  # as R5
    assert placed_points(["R1", "R2", "W1", "Y4"], "seq R1 R2 W1") == 7 - 1  # as R3


def test_s5B_rulebook_four_matching_cards_still_place_three() -> None:
    """§5 B 細則: 「同数や連続数が4枚揃っても、配置できるカードは3枚で1組」"""
    four_twos = melds_on_offer(["R2", "Y2", "G2", "B2"])
    assert four_twos and all(len(m.split()) - 1 <= 3 for m in four_twos)
    assert "three R2 Y2 G2" in four_twos
    four_in_a_row = melds_on_offer(["R2", "R3", "R4", "R5"])
    assert {m for m in four_in_a_row if m.startswith("seq")} == {"seq R2 R3 R4", "seq R3 R4 R5"}
    with pytest.raises(BadActionCode):
        ACTION_SPACE.decode("place main three R2 Y2 G2 B2")
    with pytest.raises(BadActionCode):
        ACTION_SPACE.decode("place main seq R2 R3 R4 R5")
    # a hand-made four-card "meld" is refused by the rules themselves
    state = position(["R2", "Y2", "G2", "B2"])
    cards = tuple(FIREWORKS.parse("R2 Y2 G2 B2"))
    refused(state, 0, Place(MAIN, Meld("three", cards, hand_mask(list(cards)))), "§5 B")


def test_s5B_a_hand_made_non_meld_is_refused() -> None:
    """§5 B: only 「役」 can be placed: cards that make no meld are refused by the rules."""
    state = position(["R1", "Y2", "G3", "B5"])
    cards = tuple(FIREWORKS.parse("R1 Y2 G3"))
    refused(state, 0, Place(MAIN, Meld("seq", cards, hand_mask(list(cards)))), "§5 B")
    cards = tuple(FIREWORKS.parse("R1 Y2"))
    refused(state, 0, Place(MAIN, Meld("pair", cards, hand_mask(list(cards)))), "§5 B")


def test_s5B_rulebook_placed_melds_never_grow() -> None:
    """§5 B 細則: 「一度配置した役に後からカードの付け足しはできません」 (2 2 + 2)."""
    state = position(["G2", "R5", "Y5", "B1"], rows={"main": ["pair R2 Y2"]})
    codes = legal(state)
    assert not any("R2" in c or "Y2" in c for c in codes), "no action touches a placed meld"
    assert all(len(c.split()) >= 5 for c in codes if c.startswith("place")), "2+ cards"
    g2 = FIREWORKS.card("G2")
    grown = tuple(FIREWORKS.parse("R2 Y2 G2"))
    refused(state, 0, Place(MAIN, Meld("three", grown, hand_mask(list(grown)))), "§5 B")
    assert g2 in state.hands[0]
    assert row_melds(state, 0, "main") == ["pair R2 Y2"]


def test_s5B_rulebook_placed_cards_never_move() -> None:
    """§5 B 細則: 「一度配置したカードは、他の列へ移動できません」 — over whole games, every
    row only ever gains melds at its end; what lies in it stays."""
    rng = random.Random(5)
    for seed in range(6):
        state = duel(seed=seed)
        while state.outcome() is None:
            before = [[list(r) for r in rows] for rows in state.rows]
            (seat,) = state.active_seats()
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            for seat_rows, old_rows in zip(state.rows, before, strict=True):
                for row, old in zip(seat_rows, old_rows, strict=True):
                    assert row[: len(old)] == old


# --- ブーストカードについて ---------------------------------------------------------------
def test_s5B_rulebook_boost_example_blue_4_or_7_scores_7_minus_1() -> None:
    """ブーストカードについて: 「好きな色・数字の花火カードとして使えるジョーカー」
    「青4 or 青7として使用 シーケンス（評価点7）が完成 ただし獲得評価点は7-1=6ポイント」"""
    assert "seq B5 B6 W1" in melds_on_offer(["B5", "B6", "W1", "R1"])
    assert placed_points(["B5", "B6", "W1", "R1"], "seq B5 B6 W1") == 6


@pytest.mark.parametrize(
    ("my_hand", "meld", "points"),
    [
        (["R3", "Y3", "W1", "B6"], "three R3 Y3 W1", 5 - 1),
        (["R3", "W1", "G1", "B6"], "pair R3 W1", 3 - 1),
        (["R4", "W1", "W2", "B6"], "seq R4 W1 W2", 7 - 1),
        (["R4", "W1", "W2", "B6"], "three R4 W1 W2", 5 - 1),
    ],
)
def test_s5B_a_meld_made_with_boosts_loses_one_point_however_many(
    my_hand: list[str], meld: str, points: int
) -> None:
    """ブーストカードについて: 「ブーストカードを使用して揃えた役の評価点は-1点されます。」 —
    the sentence charges the meld made with boosts, not each boost: a meld holding both
    boosts loses 1 in all."""
    assert placed_points(my_hand, meld) == points


@pytest.mark.parametrize(
    ("my_hand", "meld", "points"),
    [
        (["R3", "Y3", "W1", "B6"], "three R3 Y3 W1", 5 - 1),
        (["R3", "W1", "G1", "B6"], "pair R3 W1", 3 - 1),
        (["R4", "W1", "W2", "B6"], "seq R4 W1 W2", 7 - 2),
        (["R4", "W1", "W2", "B6"], "three R4 W1 W2", 5 - 2),
    ],
)
def test_house_rule_boost_penalty_per_boost_charges_each_boost(
    my_hand: list[str], meld: str, points: int
) -> None:
    """House rule ``boost_penalty=per_boost`` (docs/rules/starmine.md): each boost in a meld
    costs 1 point, so a meld holding both boosts loses 2."""
    assert placed_points(my_hand, meld, boost_penalty="per_boost") == points


def test_house_rule_boost_penalty_counts_everywhere_points_are_shown() -> None:
    """Under either boost penalty the place event, the meld in the view, the row totals and
    the outcome all give the meld the same points."""
    for penalty, points in (("per_meld", 6), ("per_boost", 5)):
        state = position(["R4", "W1", "W2", "B6"], boost_penalty=penalty)
        events = play(state, 0, "place main seq R4 W1 W2")
        assert [e.data["points"] for e in events if e.kind == "place"] == [points]
        view = state.view(1)
        assert view["boost_penalty"] == penalty
        assert view["seats"][0]["rows"]["main"][0]["points"] == points
        assert view["seats"][0]["row_totals"]["main"] == points


def test_house_rule_boost_penalty_is_an_option_with_the_rulebook_as_default() -> None:
    state = duel()
    assert state.options.boost_penalty == "per_meld"
    with pytest.raises(InvalidOptions):
        new_game("starmine", {"players": 2, "boost_penalty": "per_card"}, 0)


def test_ruling_one_firework_and_two_boosts_read_as_the_meld_declared() -> None:
    """A firework and two boosts can stand for a sequence or three of a kind; the player
    declares which (§5 B 「配置する列を宣言して」), and it scores as declared."""
    offered = melds_on_offer(["R4", "W1", "W2", "B6"])
    assert {"seq R4 W1 W2", "three R4 W1 W2"} <= offered


def test_ruling_a_meld_needs_at_least_one_firework_card() -> None:
    """Ruling: a meld must contain at least one firework card (two boosts are no pair)."""
    assert "pair W1 W2" not in melds_on_offer(["W1", "W2", "R1", "Y5"])
    with pytest.raises(BadActionCode):
        ACTION_SPACE.decode("place main pair W1 W2")
    state = position(["W1", "W2", "R1", "Y5"])
    boosts = tuple(FIREWORKS.parse("W1 W2"))
    refused(state, 0, Place(MAIN, Meld("pair", boosts, hand_mask(list(boosts)))), "§5 B")


def test_the_meld_catalogue_follows_the_rules() -> None:
    """Every meld the engine knows: 2 or 3 cards, at least one firework, points
    7 / 5 / 3 less one if made with boosts (less one per boost under ``per_boost``),
    sequences of one colour without 7-1."""
    base = {"seq": 7, "three": 5, "pair": 3}
    for meld in MELDS:
        fireworks = [c for c in meld.cards if not is_boost(c)]
        boosts = len(meld.cards) - len(fireworks)
        assert len(meld.cards) == (2 if meld.kind == "pair" else 3)
        assert fireworks, meld
        assert meld.points(PER_MELD) == base[meld.kind] - min(boosts, 1)
        assert meld.points(PER_BOOST) == base[meld.kind] - boosts
        if meld.kind == "seq":
            assert len({c.suit for c in fireworks}) == 1
            ranks = sorted(c.rank for c in fireworks)
            assert ranks[-1] - ranks[0] <= 2
        else:
            assert len({c.rank for c in fireworks}) == 1
