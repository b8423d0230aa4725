"""The combination finder (combos.py) against brute force.

組み合わせ: "Run: 同じマークで連番になっている3枚以上", "MIX Run: すべて違うマークで連番になって
いる3,4枚", "Set: 同じ数字の3,4枚", "K-A-2の並びを含めることはできません(AはK,2のどちらにも
くっつきます)"; 銀行/警察署: cards of the rank on them count as any suit / as wildcards. The
brute force reads every card every way it may stand (a suitless card in any suit, a joker as
any card) and checks the definitions directly; the finder must agree on random pools, and
laying card by card from ``next_pieces`` must always be able to finish.
"""

from __future__ import annotations

import itertools
import random

import pytest

from asobi.core.cards import FRENCH52
from asobi.games.rummycity.combos import (
    JOKER,
    MIX,
    NATURAL,
    RUN,
    SET,
    SUITLESS,
    SUITS,
    Piece,
    Pool,
    Recipe,
    fits,
    is_complete,
    next_pieces,
    parse_recipe,
)

RECIPES = [
    parse_recipe(t)
    for t in ("♠3Run", "♥4Run", "♦5+Run", "3Run", "6+Run", "MIX3", "MIX4", "Set3", "Set4")
]


def _readings(piece: Piece) -> list[tuple[str, int]]:
    card, stand = piece
    if stand == JOKER:
        return [(s, pos) for s in SUITS for pos in range(1, 15)]
    spots = (1, 14) if card.rank == 1 else (card.rank,)
    suits = SUITS if stand == SUITLESS else (card.suit,)
    return [(s, pos) for s in suits for pos in spots]


def brute_complete(recipe: Recipe, pieces: list[Piece]) -> bool:
    if len(pieces) not in recipe.sizes:
        return False
    for reading in itertools.product(*map(_readings, pieces)):
        suits = [s for s, _ in reading]
        spots = sorted(p for _, p in reading)
        if recipe.kind == SET:
            if len({14 if p == 1 else p for p in spots}) == 1:
                return True
            continue
        consecutive = all(b == a + 1 for a, b in itertools.pairwise(spots))
        if not consecutive:
            continue
        same_suit = len(set(suits)) == 1
        if recipe.kind == RUN and same_suit and recipe.suit in (None, suits[0]):
            return True
        if recipe.kind == MIX and len(set(suits)) == len(suits):
            return True
    return False


def brute_fits(recipe: Recipe, chosen: list[Piece], pool: list[Piece]) -> bool:
    most = max(recipe.sizes) - len(chosen)
    for size in range(0, min(most, len(pool)) + 1):
        for extra in itertools.combinations(pool, size):
            if brute_complete(recipe, [*chosen, *extra]):
                return True
    return False


def random_pool(rng: random.Random, size: int, jokers: int) -> list[Piece]:
    # Biased towards a few ranks and suits, so that combinations are common.
    ranks = rng.sample(range(1, 14), rng.randint(3, 6))
    cards = [c for c in FRENCH52.cards if c.rank in ranks]
    picked = rng.sample(cards, min(size, len(cards)))
    out = []
    for i, c in enumerate(picked):
        stand = JOKER if i < jokers else (SUITLESS if rng.random() < 0.15 else NATURAL)
        out.append(Piece(c, stand))
    rng.shuffle(out)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_finder_agrees_with_brute_force(seed: int) -> None:
    """組み合わせ and 銀行/警察署: fits() says yes exactly when some cards of the pool complete
    the cards chosen so far into a combination of the recipe."""
    rng = random.Random(seed)
    for _ in range(60):
        pool = random_pool(rng, rng.randint(3, 7), rng.choice([0, 0, 0, 1, 2]))
        recipe = rng.choice(RECIPES)
        chosen_count = rng.randint(0, 2)
        chosen, rest = pool[:chosen_count], pool[chosen_count:]
        expected = brute_fits(recipe, chosen, rest)
        assert fits(recipe, chosen, rest) == expected, (recipe, chosen, rest)
        if not chosen:
            assert Pool(rest).can_make(recipe) == expected, (recipe, rest)
            assert is_complete(recipe, rest) == brute_complete(recipe, rest), (recipe, rest)
            if all(p.standing != JOKER for p in rest):  # a turn's buildings read this
                made = Pool(rest).reach(recipe.kind, recipe.suit) >= recipe.size
                assert made == expected, (recipe, rest)


@pytest.mark.parametrize("seed", range(4))
def test_laying_card_by_card_never_reaches_a_dead_end(seed: int) -> None:
    """Every card offered next keeps a combination possible, and every card that keeps one
    possible is offered: a sequence of `lay` steps always ends in a complete combination."""
    rng = random.Random(100 + seed)
    for _ in range(40):
        pool = random_pool(rng, rng.randint(4, 8), rng.choice([0, 0, 1]))
        recipe = rng.choice(RECIPES)
        if not fits(recipe, [], pool):
            continue
        chosen: list[Piece] = []
        rest = list(pool)
        while True:
            offered = next_pieces(recipe, chosen, rest)
            for piece in rest:
                others = [p for p in rest if p is not piece]
                assert (piece in offered) == brute_fits(recipe, [*chosen, piece], others)
            if not offered:
                assert is_complete(recipe, chosen)
                break
            if is_complete(recipe, chosen) and rng.random() < 0.3:
                break
            piece = rng.choice(offered)
            chosen.append(piece)
            rest.remove(piece)
        assert brute_complete(recipe, chosen)


def test_k_a_2_never_connects_but_the_ace_is_high_or_low() -> None:
    """ "K-A-2の並びを含めることはできません(AはK,2のどちらにもくっつきます)"."""

    def natural(codes: str) -> list[Piece]:
        return [Piece(c, NATURAL) for c in FRENCH52.parse(codes)]

    assert is_complete(parse_recipe("♠3Run"), natural("SQ SK SA"))
    assert is_complete(parse_recipe("♠3Run"), natural("SA S2 S3"))
    assert not is_complete(parse_recipe("♠3Run"), natural("SK SA S2"))
    assert is_complete(Recipe(MIX, 3), natural("HQ SK DA"))
    assert not is_complete(Recipe(MIX, 3), natural("HK SA D2"))
    assert is_complete(parse_recipe("13Run"), natural("SA S2 S3 S4 S5 S6 S7 S8 S9 S10 SJ SQ SK"))


@pytest.mark.parametrize("seed", range(3))
def test_final_turn_melds_match_no_building_owned(seed: int) -> None:
    """プレーの手順 2 "自分が既に立てている建物の組み合わせを…出すこともできません", also in
    the final turns: the recipes of a meld are every combination of its kind except those
    matching an owned building's recipe."""
    from asobi.games.rummycity.combos import ANY_OF_KIND, meld_recipes

    rng = random.Random(seed)
    owned_choices = [parse_recipe(t) for t in ("♠3Run", "♠4Run", "♠5+Run", "4Run", "MIX3", "Set4")]
    for _ in range(40):
        owned = rng.sample(owned_choices, rng.randint(0, 3))
        pool = random_pool(rng, rng.randint(3, 6), rng.choice([0, 0, 1]))
        for kind in (RUN, MIX, SET):
            recipes = meld_recipes(kind, owned)
            for size in range(3, len(pool) + 1):
                for cards in itertools.combinations(pool, size):
                    as_kind = brute_complete(ANY_OF_KIND[kind], list(cards))
                    banned = any(brute_complete(r, list(cards)) for r in owned)
                    allowed = any(is_complete(r, list(cards)) for r in recipes)
                    # A wildcard combination may read both ways: then any allowed reading
                    # is enough; without wildcards the reading is unique.
                    if all(p.standing == NATURAL for p in cards):
                        assert allowed == (as_kind and not banned), (kind, owned, cards)
                    else:
                        assert not allowed or as_kind


@pytest.mark.parametrize("seed", range(3))
def test_a_final_turn_meld_offers_the_next_cards_of_any_of_its_recipes(seed: int) -> None:
    """ラウンドの終了: a meld (no building) may become any combination of its kind but those
    of the buildings owned; the cards it may take next are those that some one of its
    recipes takes next, in the order of the hand."""
    from asobi.games.rummycity.combos import meld_recipes, next_pieces_towards

    rng = random.Random(300 + seed)
    owned_choices = [parse_recipe(t) for t in ("♠3Run", "♥4Run", "♦5+Run", "MIX3", "Set4")]
    for _ in range(40):
        owned = rng.sample(owned_choices, rng.randint(0, 3))
        pool = random_pool(rng, rng.randint(4, 8), rng.choice([0, 0, 1]))
        laid = rng.randint(0, 2)
        chosen, rest = pool[:laid], pool[laid:]
        for kind in (RUN, MIX, SET):
            recipes = meld_recipes(kind, owned)
            each = {p for r in recipes for p in next_pieces(r, chosen, rest)}
            assert next_pieces_towards(recipes, chosen, rest) == [p for p in rest if p in each]


def test_a_long_run_may_turn_its_chosen_ace_high() -> None:
    """ "AはK,2のどちらにもくっつきます": laid so far ♦A ♦3 ♦4 ♦7, a suitless ♦10 and a joker,
    the run cannot close with the A low (♦2 and ♦9 both missing, one joker) but can with the
    A high: ♦3 … ♦K ♦A, the joker as ♦9. (A search that gave up on the A low missed this.)"""
    chosen = [
        Piece(FRENCH52.card("D4"), NATURAL),
        Piece(FRENCH52.card("C2"), JOKER),
        Piece(FRENCH52.card("D3"), NATURAL),
        Piece(FRENCH52.card("D7"), NATURAL),
        Piece(FRENCH52.card("D10"), SUITLESS),
        Piece(FRENCH52.card("DA"), NATURAL),
    ]
    hand = [Piece(c, NATURAL) for c in FRENCH52.parse("D5 D6 D8 DJ DQ DK H9 C7")]
    recipe = parse_recipe("♦5+Run")
    assert fits(recipe, chosen, hand)
    assert {p.card.code for p in next_pieces(recipe, chosen, hand)} == {
        "D5",
        "D6",
        "D8",
        "DJ",
        "DQ",
        "DK",
    }
