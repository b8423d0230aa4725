"""The combination finder (役の補足説明, 論文の引用) against brute force.

``min_cost`` decides which papers may be started and which cards keep a publication
completable; here it is checked against an exhaustive search over every subset of small
random pools: hand cards (cost 1), own complete papers (free) and other authors' complete
papers (cost 1: a card given as thanks), with at least one card from the hand.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asobi.core.cards import SEVEN, Card
from asobi.games.laminate.actions import PAPER, PUBLISHABLE, PaperType
from asobi.games.laminate.papers import (
    COST,
    FOREIGN,
    HAND,
    OWN,
    Pool,
    is_combination,
    min_cost,
    next_cards,
    next_choices,
    publishable,
    publishable_papers,
)


def brute_cost(
    paper: PaperType, chosen: list[Card], pool: Pool, budget: int, need_hand: bool
) -> int | None:
    tagged = [(c, src) for src in (HAND, OWN, FOREIGN) for c in pool.cards[src]]
    best = None
    for size in range(len(tagged) + 1):
        for subset in combinations(tagged, size):
            if need_hand and not any(src == HAND for _, src in subset):
                continue
            cost = sum(src != OWN for _, src in subset)
            if cost > budget or (best is not None and cost >= best):
                continue
            if is_combination(paper, chosen + [c for c, _ in subset]):
                best = cost
    return best


# Cards from two suits next to each other: runs of one suit (ストフラ) and of ranks are
# common among them, which random cards from the whole deck rarely make.
NEIGHBOURS = [
    [c for c in SEVEN.cards if c.suit in pair]
    for pair in ("HO", "OB", "BC", "CS", "ST", "TK", "HK")
]


@st.composite
def pools(draw: st.DrawFn, max_cards: int = 11) -> tuple[Pool, int]:
    deck = draw(st.sampled_from([list(SEVEN.cards), *NEIGHBOURS]))
    cards = draw(st.lists(st.sampled_from(deck), unique=True, max_size=max_cards))
    sources = draw(
        st.lists(st.sampled_from((HAND, OWN, FOREIGN)), min_size=len(cards), max_size=len(cards))
    )
    split: tuple[list[Card], list[Card], list[Card]] = ([], [], [])
    for card, src in zip(cards, sources, strict=True):
        split[src].append(card)
    budget = draw(st.integers(min_value=0, max_value=len(split[HAND]) + 1))
    return Pool(*split), budget


def mid_publication(pool_cards: int, most_chosen: int) -> dict[str, st.SearchStrategy[Any]]:
    """A paper being published: the paper, a pool and a budget, cards chosen already (those
    the pool holds are dropped by the test), and whether a hand card is still owed."""
    return {
        "paper": st.sampled_from(PUBLISHABLE),
        "pool_budget": pools(pool_cards),
        "chosen": st.lists(st.sampled_from(SEVEN.cards), unique=True, max_size=most_chosen),
        "need_hand": st.booleans(),
    }


# Sum papers need many cards to be interesting; give them larger ranks via bigger pools.
@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(paper=st.sampled_from(PUBLISHABLE), pool_budget=pools(), need_hand=st.booleans())
def test_min_cost_matches_brute_force(
    paper: PaperType, pool_budget: tuple[Pool, int], need_hand: bool
) -> None:
    """役の補足説明 and 論文の引用: the cheapest completion (or none) is the exhaustive one."""
    pool, budget = pool_budget
    assert min_cost(paper, [], pool, budget, need_hand) == brute_cost(
        paper, [], pool, budget, need_hand
    )


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(**mid_publication(pool_cards=9, most_chosen=4))
def test_min_cost_with_cards_chosen_matches_brute_force(
    paper: PaperType, pool_budget: tuple[Pool, int], chosen: list[Card], need_hand: bool
) -> None:
    pool, budget = pool_budget
    chosen = [c for c in chosen if pool.source_of(c) is None]
    assert min_cost(paper, chosen, pool, budget, need_hand) == brute_cost(
        paper, chosen, pool, budget, need_hand
    )


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(paper=st.sampled_from(PUBLISHABLE), pool_budget=pools(9))
def test_next_cards_are_exactly_the_cards_on_some_completion(
    paper: PaperType, pool_budget: tuple[Pool, int]
) -> None:
    """Publishing never reaches a dead end: a card is offered iff some completion uses it,
    with the cost of the cheapest completion after it."""
    pool, budget = pool_budget
    offered = {(c, src): rest for c, src, rest in next_cards(paper, [], pool, budget, True)}
    for src in (HAND, OWN, FOREIGN):
        for card in pool.cards[src]:
            step = 0 if src == OWN else 1
            rest = brute_cost(paper, [card], pool.without(card, src), budget - step, src != HAND)
            assert offered.get((card, src)) == rest, (card, src)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(**mid_publication(pool_cards=12, most_chosen=5))
def test_next_cards_cost_the_rest_as_the_finder_does(
    paper: PaperType, pool_budget: tuple[Pool, int], chosen: list[Card], need_hand: bool
) -> None:
    """Mid-publication (cards chosen, a hand card owed or not): each card offered comes with
    ``min_cost`` after it, and every card of the pool with such a cost is offered."""
    pool, budget = pool_budget
    chosen = [c for c in chosen if pool.source_of(c) is None]
    offered = {
        (c, src): rest for c, src, rest in next_cards(paper, chosen, pool, budget, need_hand)
    }
    for src in (HAND, OWN, FOREIGN):
        for card in pool.cards[src]:
            left = budget - COST[src]
            after = pool.without(card, src)
            rest = min_cost(paper, [*chosen, card], after, left, need_hand and src != HAND)
            assert offered.get((card, src)) == rest, (card, src)


@settings(max_examples=300, deadline=None)
@given(**mid_publication(pool_cards=14, most_chosen=5))
def test_the_rules_offer_the_cards_the_finder_steps_to(
    paper: PaperType, pool_budget: tuple[Pool, int], chosen: list[Card], need_hand: bool
) -> None:
    """論文発表: the cards offered next (``next_choices``, 49 found without a subset-sum per
    card) are those of ``next_cards``, in the same order."""
    pool, budget = pool_budget
    chosen = [c for c in chosen if pool.source_of(c) is None]
    steps = next_cards(paper, chosen, pool, budget, need_hand)
    expected = [(card, src) for card, src, _ in steps]
    assert next_choices(paper, chosen, pool, budget, need_hand) == expected


@settings(max_examples=200, deadline=None)
@given(
    cards_=st.lists(st.sampled_from(SEVEN.cards), unique=True, min_size=4, max_size=16),
    sources=st.lists(st.sampled_from((HAND, OWN, FOREIGN)), min_size=16, max_size=16),
    budget=st.integers(min_value=0, max_value=12),
    need_hand=st.booleans(),
)
def test_the_cards_offered_for_a_49_are_those_on_some_completion(
    cards_: list[Card], sources: list[int], budget: int, need_hand: bool
) -> None:
    """49 ("ランクの合計がちょうど49"), with pools large enough to reach it: the cards the
    rules offer first are those of ``next_cards``."""
    split: tuple[list[Card], list[Card], list[Card]] = ([], [], [])
    for card, src in zip(cards_, sources, strict=False):
        split[src].append(card)
    pool = Pool(*split)
    paper = PAPER["sum49"]
    expected = [(card, src) for card, src, _ in next_cards(paper, [], pool, budget, need_hand)]
    assert next_choices(paper, [], pool, budget, need_hand) == expected


def cards(codes: str) -> list[Card]:
    return SEVEN.parse(codes)


def test_the_sum_papers_count_a_as_1_and_k_as_13() -> None:
    """※2: "Aは1、Kは13として扱います" — 49 exactly, 100+ at least 100."""
    assert is_combination(PAPER["sum49"], cards("HA KK K12 K11 T12"))  # 1+13+12+11+12
    assert not is_combination(PAPER["sum49"], cards("HA KK K12 K11 T11"))
    assert is_combination(PAPER["sum100"], cards("KK K12 T12 K11 S11 K10 T10 C10 K9 T9"))


def test_straights_do_not_connect_k_and_a() -> None:
    """※1 (5ストレート etc.): "KとAはつながりません"."""
    assert is_combination(PAPER["straight5"], cards("K9 T10 S11 K12 KK"))
    assert not is_combination(PAPER["straight5"], cards("T11 K12 KK HA O2"))


def test_pairs_and_threes_are_of_distinct_ranks() -> None:
    """Ruling: スリーペア, フォーペア and トリプルスリー take their sets in distinct ranks."""
    assert is_combination(PAPER["pairs3"], cards("O2 H2 H3 O3 H4 B4"))
    assert not is_combination(PAPER["pairs3"], cards("H7 O7 B7 C7 H3 O3"))
    assert is_combination(PAPER["threes3"], cards("H7 O7 B7 O8 B8 C8 B9 C9 S9"))


def test_flushes_are_one_suit_in_sequence() -> None:
    assert is_combination(PAPER["flush4"], cards("C4 C5 C6 C7"))
    assert not is_combination(PAPER["flush4"], cards("C4 C5 C6 S7"))
    assert not is_combination(PAPER["flush4"], cards("C4 C5 C6 C8"))


def test_ak_and_all_even() -> None:
    assert is_combination(PAPER["ak"], cards("HA KK"))
    assert is_combination(PAPER["even"], cards("O2 H4 H6 O8 C10 T12"))
    assert not is_combination(PAPER["even"], cards("O2 H4 H6 O8 C10 K10"))


HIGH = [c for c in SEVEN.cards if c.rank >= 8]


@settings(max_examples=40, deadline=None)
@given(
    cards_=st.lists(st.sampled_from(HIGH), unique=True, min_size=8, max_size=13),
    sources=st.lists(st.sampled_from((HAND, OWN, FOREIGN)), min_size=13, max_size=13),
    budget=st.integers(min_value=0, max_value=12),
    need_hand=st.booleans(),
)
def test_100_plus_cost_matches_brute_force(
    cards_: list[Card], sources: list[int], budget: int, need_hand: bool
) -> None:
    """100+: "何枚でもよいのでランクの合計が100以上" with high cards, so it is reachable."""
    split: tuple[list[Card], list[Card], list[Card]] = ([], [], [])
    for card, src in zip(cards_, sources, strict=False):
        split[src].append(card)
    pool = Pool(*split)
    paper = PAPER["sum100"]
    assert min_cost(paper, [], pool, budget, need_hand) == brute_cost(
        paper, [], pool, budget, need_hand
    )


@settings(max_examples=200, deadline=None)
@given(
    cards_=st.lists(st.sampled_from(HIGH), unique=True, min_size=6, max_size=16),
    sources=st.lists(st.sampled_from((HAND, OWN, FOREIGN)), min_size=16, max_size=16),
    budget=st.integers(min_value=0, max_value=12),
    chosen=st.integers(min_value=0, max_value=3),
    need_hand=st.booleans(),
)
def test_the_cards_offered_for_a_100_plus_are_those_on_some_completion(
    cards_: list[Card], sources: list[int], budget: int, chosen: int, need_hand: bool
) -> None:
    """100+ ("ランクの合計が100以上") with high cards, so it is reachable: the cards the
    rules offer next are those of ``next_cards``."""
    split: tuple[list[Card], list[Card], list[Card]] = ([], [], [])
    for card, src in zip(cards_[chosen:], sources, strict=False):
        split[src].append(card)
    pool = Pool(*split)
    paper = PAPER["sum100"]
    laid = cards_[:chosen]
    steps = next_cards(paper, laid, pool, budget, need_hand)
    expected = [(card, src) for card, src, _ in steps]
    assert next_choices(paper, laid, pool, budget, need_hand) == expected


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(pool_budget=pools(14))
def test_the_turns_paper_list_agrees_with_the_finder(pool_budget: tuple[Pool, int]) -> None:
    """論文発表: the papers offered at a turn's start are exactly those the finder can make."""
    pool, size = pool_budget
    expected = [p for p in PUBLISHABLE if publishable(p, pool, size)]
    assert publishable_papers(PUBLISHABLE, pool, size) == expected
