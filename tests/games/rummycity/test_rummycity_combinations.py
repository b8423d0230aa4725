"""組み合わせ (combinations): Run, MIX Run, Set, and "K-A-2" — in combos.py directly and
through the game."""

from __future__ import annotations

import pytest

from asobi.core.cards import FRENCH52
from asobi.games.rummycity.combos import (
    JOKER,
    MIX,
    NATURAL,
    RUN,
    SET,
    SUITLESS,
    Piece,
    Recipe,
    can_lay_off,
    fits,
    is_complete,
    parse_recipe,
)

from .rummycity_helpers import build, buildings, hand, legal, play, refused, table

ANY_RUN = Recipe(RUN, 3, True)
ANY_MIX = Recipe(MIX, 3, True)
ANY_SET = Recipe(SET, 3, True)


def natural(codes: str) -> list[Piece]:
    return [Piece(c, NATURAL) for c in FRENCH52.parse(codes)]


def pieces(codes: str, suitless: str = "", jokers: str = "") -> list[Piece]:
    """Cards as laid by a player whose Bank holds ``suitless`` ranks' cards and whose
    Police station holds ``jokers`` ones (given as card codes)."""
    out = []
    for c in FRENCH52.parse(codes):
        stand = NATURAL
        if c.code in jokers.split():
            stand = JOKER
        elif c.code in suitless.split():
            stand = SUITLESS
        out.append(Piece(c, stand))
    return out


# --- Run ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "codes",
    ["S3 S4 S5", "H9 H10 HJ HQ", "D2 D3 D4 D5 D6 D7", "SA S2 S3 S4 S5 S6 S7 S8 S9 S10 SJ SQ SK"],
)
def test_run_is_three_or_more_consecutive_cards_of_one_suit(codes: str) -> None:
    """組み合わせ: Run 「「同じマークで」「連番になっている」3枚以上のカード」."""
    assert is_complete(ANY_RUN, natural(codes))
    # The order the cards are given in does not matter.
    assert is_complete(ANY_RUN, natural(" ".join(reversed(codes.split()))))


@pytest.mark.parametrize("codes", ["S3 S4", "S3 S4 H5", "S3 S4 S6", "S3 S3 S4", "S5 S4 S4 S3"])
def test_not_a_run(codes: str) -> None:
    """組み合わせ: two cards, a second suit, a gap, or a repeated card are no Run."""
    cards = [Piece(FRENCH52.card(c), NATURAL) for c in codes.split()]
    assert not is_complete(ANY_RUN, cards)


def test_run_recipe_names_suit_and_size() -> None:
    """組み合わせ: 「「♠︎4Run」と書かれていれば、スペードの4枚のランを出すことで建設」."""
    spade4 = parse_recipe("♠4Run")
    assert (spade4.kind, spade4.suit, list(spade4.sizes)) == (RUN, "S", [4])
    assert is_complete(spade4, natural("S4 S5 S6 S7"))
    assert not is_complete(spade4, natural("H4 H5 H6 H7"))  # another suit
    assert not is_complete(spade4, natural("S4 S5 S6"))  # too short
    assert not is_complete(spade4, natural("S4 S5 S6 S7 S8"))  # too long
    five_up = parse_recipe("♣5+Run")
    assert is_complete(five_up, natural("C2 C3 C4 C5 C6"))
    assert is_complete(five_up, natural("C2 C3 C4 C5 C6 C7 C8"))
    assert not is_complete(five_up, natural("C2 C3 C4 C5"))


# --- MIX Run ------------------------------------------------------------------------------
@pytest.mark.parametrize("codes", ["S3 H4 D5", "C9 S10 HJ DQ", "HA S2 D3", "HQ SK DA"])
def test_mix_run_is_three_or_four_consecutive_cards_of_all_different_suits(codes: str) -> None:
    """組み合わせ: MIX Run 「「すべて違うマーク/マークのダブりがなく」「連番になっている」
    3,4枚のカード」."""
    assert is_complete(ANY_MIX, natural(codes))
    assert is_complete(Recipe(MIX, len(codes.split())), natural(codes))


@pytest.mark.parametrize("codes", ["S3 H4 S5", "S3 H4 D6", "S3 H4 D5 C6 S7", "S3 H4"])
def test_not_a_mix_run(codes: str) -> None:
    """組み合わせ: a repeated suit, a gap, five cards (「3,4枚」) or two cards are no MIX Run."""
    assert not is_complete(ANY_MIX, natural(codes))


def test_mix3_and_mix4_recipes_are_exact() -> None:
    """Issue 5: 「MIX Run recipes take 3 or 4 cards」."""
    assert is_complete(parse_recipe("MIX3"), natural("S3 H4 D5"))
    assert not is_complete(parse_recipe("MIX3"), natural("S3 H4 D5 C6"))
    assert is_complete(parse_recipe("MIX4"), natural("S3 H4 D5 C6"))
    assert not is_complete(parse_recipe("MIX4"), natural("S3 H4 D5"))


# --- Set ----------------------------------------------------------------------------------
@pytest.mark.parametrize("codes", ["S7 H7 D7", "S7 H7 D7 C7", "SA HA CA", "SK HK DK"])
def test_set_is_three_or_four_cards_of_one_rank(codes: str) -> None:
    """組み合わせ: Set 「「同じ数字の」3,4枚のカード」."""
    assert is_complete(ANY_SET, natural(codes))
    assert is_complete(Recipe(SET, len(codes.split())), natural(codes))


@pytest.mark.parametrize("codes", ["S7 H7", "S7 H7 D8", "S7 H7 D7 C7 S7"])
def test_not_a_set(codes: str) -> None:
    cards = [Piece(FRENCH52.card(c), NATURAL) for c in codes.split()]
    assert not is_complete(ANY_SET, cards)


def test_a_same_suit_run_of_three_is_also_no_mix_run_and_a_set_is_no_run() -> None:
    """組み合わせ: the three kinds are distinct definitions."""
    assert not is_complete(ANY_MIX, natural("S3 S4 S5"))
    assert not is_complete(ANY_RUN, natural("S7 H7 D7"))
    assert not is_complete(ANY_SET, natural("S3 H4 D5"))


# --- K-A-2 --------------------------------------------------------------------------------
@pytest.mark.parametrize("codes", ["SK SA S2", "SQ SK SA S2", "SK SA S2 S3", "SJ SQ SK SA S2"])
def test_k_a_2_is_refused_in_a_run(codes: str) -> None:
    """組み合わせ: 「runを作る時に、「K-A-2」の並びを含めることはできません!」."""
    assert not is_complete(ANY_RUN, natural(codes))


@pytest.mark.parametrize("codes", ["SQ SK SA", "SA S2 S3", "SJ SQ SK SA", "SA S2 S3 S4"])
def test_the_ace_joins_the_king_or_the_two(codes: str) -> None:
    """組み合わせ: 「(AはK,2のどちらにもくっつきます)」: Q-K-A and A-2-3 are accepted."""
    assert is_complete(ANY_RUN, natural(codes))


def test_k_a_2_is_refused_in_a_mix_run_too() -> None:
    """組み合わせ: the K-A-2 rule holds for every run, the MIX Run included."""
    assert not is_complete(ANY_MIX, natural("HK SA D2"))
    assert is_complete(ANY_MIX, natural("HQ SK DA"))
    assert is_complete(ANY_MIX, natural("HA S2 D3"))


def test_k_a_2_cannot_be_reached_through_a_joker_either() -> None:
    """組み合わせ and 警察署: a wild card cannot bridge K and 2 through the A."""
    assert not is_complete(ANY_RUN, pieces("SK H9 S2", jokers="H9"))
    assert is_complete(ANY_RUN, pieces("SQ H9 SA", jokers="H9"))


def test_fits_looks_for_a_combination_among_the_cards_at_hand() -> None:
    """組み合わせ: the finder answers whether a hand holds a combination for a recipe."""
    hand_cards = natural("SK SA S2 H5 D7")
    assert not fits(parse_recipe("♠3Run"), [], hand_cards)
    assert fits(parse_recipe("♠3Run"), [], natural("SQ SK SA H5"))
    assert fits(parse_recipe("♠3Run"), natural("SA"), natural("S2 S3 SK"))
    # Chosen K and A: only Q completes it (K-A-2 never does).
    assert fits(parse_recipe("♠3Run"), natural("SK SA"), natural("SQ"))
    assert not fits(parse_recipe("♠3Run"), natural("SK SA"), natural("S2"))


# --- through the game ----------------------------------------------------------------------
def test_k_a_2_cannot_build_through_the_game() -> None:
    """組み合わせ: 「K-A-2」の並び: a hand of ♠K ♠A ♠2 claims no ♠3Run building."""
    state = table([["SK", "SA", "S2", "H5"], ["DK", "CQ"]], ["C4", "C9"])
    assert not any(code.startswith("build") for code in legal(state))
    refused(state, 0, "build park", "プレーの手順 2")


def test_q_k_a_builds_through_the_game() -> None:
    """組み合わせ: 「AはK,2のどちらにもくっつきます」: ♠Q ♠K ♠A builds the Park (♠3Run)."""
    state = table([["SQ", "SK", "SA", "H5"], ["DK", "CQ"]], ["C4", "C9"])
    assert "build park" in legal(state)
    build(state, 0, "park", "SA SK SQ")
    assert buildings(state, 0) == ["park"]
    assert hand(state, 0) == ["H5"]


def test_a_2_3_builds_through_the_game() -> None:
    """組み合わせ: 「AはK,2のどちらにもくっつきます」: ♥A ♥2 ♥3 builds the Library (♥3Run)."""
    state = table([["HA", "H2", "H3", "S9"], ["DK", "CQ"]], ["C4", "C9"])
    build(state, 0, "library", "H2 HA H3")
    assert buildings(state, 0) == ["library"]


def test_laying_k_and_a_leaves_only_the_queen_to_lay() -> None:
    """組み合わせ: 「K-A-2」: once ♠K and ♠A are laid, ♠2 may not follow, ♠Q may."""
    state = table([["SQ", "SK", "SA", "S2"], ["DK", "CQ"]], ["C4", "C9"])
    play(state, 0, "build park", "lay SK", "lay SA")
    assert legal(state) == ["lay SQ"]
    refused(state, 0, "lay S2", "組み合わせ")
    refused(state, 0, "done", "組み合わせ")


def test_a_mix_run_with_a_repeated_suit_is_refused_through_the_game() -> None:
    """組み合わせ: MIX Run 「マークのダブりがなく」."""
    state = table([["S3", "S4", "H4", "D5"], ["DK", "CQ"]], ["C4", "C9"])
    play(state, 0, "build community_hall", "lay S3")
    assert "lay S4" not in legal(state)
    refused(state, 0, "lay S4", "組み合わせ")
    play(state, 0, "lay H4", "lay D5", "done")
    assert buildings(state, 0) == ["community_hall"]


def test_lay_off_extends_a_run_but_never_across_k_a_2() -> None:
    """決算 付け札 and 組み合わせ: ♠Q-♠K-♠A takes a ♠J, not a ♠2."""
    laid = natural("SQ SK SA")
    assert can_lay_off(RUN, laid, Piece(FRENCH52.card("SJ"), NATURAL))
    assert not can_lay_off(RUN, laid, Piece(FRENCH52.card("S2"), NATURAL))
    assert not can_lay_off(MIX, natural("S3 H4 D5 C6"), Piece(FRENCH52.card("H7"), NATURAL))
    assert can_lay_off(MIX, natural("S3 H4 D5"), Piece(FRENCH52.card("C6"), NATURAL))
    assert can_lay_off(SET, natural("S7 H7 D7"), Piece(FRENCH52.card("C7"), NATURAL))
    assert not can_lay_off(SET, natural("S7 H7 D7"), Piece(FRENCH52.card("C8"), NATURAL))


# --- 銀行 / 警察署 standings in the finder -------------------------------------------------
def test_a_suitless_card_stands_in_any_suit() -> None:
    """銀行について: 「置いた数字のカードと同じ数字のカードは、どのマークにもなる」."""
    assert is_complete(ANY_RUN, pieces("H6 C7 H8", suitless="C7"))
    assert not is_complete(ANY_RUN, pieces("H6 C7 H8"))
    assert is_complete(ANY_MIX, pieces("H6 H7 D8", suitless="H7"))
    # Any suit, but still its own rank.
    assert not is_complete(ANY_RUN, pieces("H6 C9 H8", suitless="C9"))


def test_a_joker_stands_for_any_card() -> None:
    """警察署について: 「置いた数字と同じ数字のカードは、ジョーカーになる」."""
    assert is_complete(ANY_RUN, pieces("H6 C2 H8", jokers="C2"))
    assert is_complete(ANY_SET, pieces("S9 H9 C2", jokers="C2"))
    assert is_complete(ANY_MIX, pieces("S3 D2 H5", jokers="D2"))
    assert not is_complete(ANY_RUN, pieces("H6 C2 H9", jokers="C2"))


@pytest.mark.parametrize("text", ["♠2Run", "♠14Run", "MIX5", "Set2", "Run", "X3Run", "pair"])
def test_a_recipe_that_is_no_combination_is_refused(text: str) -> None:
    """組み合わせ: a recipe names a Run (3+), a MIX Run (3, 4) or a Set (3, 4)."""
    with pytest.raises(ValueError, match="recipe"):
        parse_recipe(text)


@pytest.mark.parametrize(
    ("text", "kind", "sizes", "suit"),
    [
        ("♠4Run", RUN, [4], "S"),
        ("S4Run", RUN, [4], "S"),
        ("3Run", RUN, [3], None),
        ("♦5+Run", RUN, list(range(5, 14)), "D"),
        ("MIX3", MIX, [3], None),
        ("mix4", MIX, [4], None),
        ("Set3", SET, [3], None),
        ("Set4", SET, [4], None),
    ],
)
def test_recipes_as_printed(text: str, kind: str, sizes: list[int], suit: str | None) -> None:
    """Issue 5: 「Recipes are written like "♠4Run"」."""
    recipe = parse_recipe(text)
    assert (recipe.kind, list(recipe.sizes), recipe.suit) == (kind, sizes, suit)
    assert parse_recipe(recipe.text) == recipe
