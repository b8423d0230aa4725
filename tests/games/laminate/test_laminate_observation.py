"""The Laminate Rummy observation (``asobi/games/laminate/observation.py``): a seat's view as
a fixed-size vector, built from ``view(seat)`` alone, in the seat's own perspective (me, then
the others in turn order).

The hidden information is the views' (ruling 22 in ``docs/rules/laminate.md``): the hands but
the cards seen arriving, the deck, another researcher's two drawn cards, and a publication
in progress (ruling 16: the others see an ordinary turn until the paper is on the table)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest

from asobi.core.cards import SEVEN
from asobi.core.observation import Vector
from asobi.core.registry import get_spec
from asobi.games.laminate.actions import PAPER_TYPES
from asobi.games.laminate.observation import CARD_INDEX, LaminateObserver, observer
from asobi.games.laminate.state import LaminateOptions, LaminateState
from tests.rule_checks import worlds_encode_alike

from .laminate_helpers import game, paper, play, table

SPEC = get_spec("laminate")
SIZES = {3: 997, 4: 1135, 5: 1273}


def observer_for(players: int, end_points: int = 15) -> LaminateObserver:
    return LaminateObserver(LaminateOptions(players=players, end_points=end_points))


def encode(state: LaminateState, seat: int) -> Vector:
    return observer_for(state.n, state.options.end_points).encode(state.view(seat))


def block(state: LaminateState, seat: int, name: str) -> list[float]:
    obs = observer_for(state.n, state.options.end_points)
    return [float(x) for x in obs.layout.block(obs.encode(state.view(seat)), name)]


def bag(*codes: str) -> list[float]:
    """A bag over the 49 SEVEN cards (HA … KK) holding these cards."""
    values = [0.0] * len(SEVEN.cards)
    for code in codes:
        values[CARD_INDEX[code]] += 1.0
    return values


def papers(**counts: float) -> list[float]:
    """A per-paper block (straight5 … endflag) with these values."""
    return [counts.get(p.id, 0.0) for p in PAPER_TYPES]


def random_positions(players: int, games: int, moves: int | None = None) -> Iterator[LaminateState]:
    """The positions of a few games of random legal moves (a seeded ``random.Random``), each
    played to the end or for ``moves`` moves."""
    rng = random.Random(players)
    for seed in range(games):
        state = game(seed=seed, players=players)
        yield state
        for _ in range(moves if moves is not None else 10_000):
            if state.outcome() is not None:
                break
            (seat,) = state.active_seats()
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            yield state


# --- shape ----------------------------------------------------------------------------------------
def test_the_spec_carries_the_observer() -> None:
    assert SPEC.observer is observer
    assert isinstance(observer(LaminateOptions(players=3)), LaminateObserver)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_layout_size_depends_on_the_player_count_only(players: int) -> None:
    sizes = {observer_for(players, end_points).layout.size for end_points in (1, 15, 100)}
    assert sizes == {SIZES[players]}


def test_the_layout_describes_every_feature() -> None:
    layout = observer_for(4).layout
    table_ = layout.describe()
    assert len(table_.splitlines()) == 2 + len(layout.features)
    assert all(f.meaning and f"`{f.name}`" in table_ for f in layout.features)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_vector_is_fixed_size_finite_and_small_at_every_decision(players: int) -> None:
    obs = observer_for(players)
    phases = set()
    for state in random_positions(players, games=2):
        phases.add(state.phase)
        for seat in range(players):
            vector = obs.encode(state.view(seat))
            assert vector.shape == (SIZES[players],)
            assert vector.dtype == np.float32
            assert np.isfinite(vector).all()
            assert vector.min() >= 0.0 and vector.max() <= 3.0  # normalised, never huge
            # the points block agrees with the rules' own measure, me first
            points = obs.layout.block(vector, "points") * 15
            standing = state.standing()
            assert standing is not None
            in_turn = [standing[(seat + k) % players] for k in range(players)]
            assert points.tolist() == pytest.approx(in_turn)
    assert {"setup", "turn", "keep", "publish", "over"} <= phases


def test_points_are_measured_against_the_end_condition() -> None:
    """``end_points`` (the end condition's 15 points) scales the points block."""
    state = game({"papers": [[], [paper("sum49", "B7")], []]}, players=3, end_points=4)
    assert block(state, 0, "points") == pytest.approx([0, 2 / 4, 0])


# --- the view alone -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_world_resampled_for_the_seat_gives_the_same_vector(players: int) -> None:
    """``determinize(seat)`` redeals what the seat cannot see (the deck, the other hands'
    unknown cards, another's drawn cards; another's publication starts afresh): the view, so
    the vector, stays the same."""
    redealt = worlds_encode_alike(
        observer_for(players),
        random_positions(players, games=1, moves=150),
        lambda world, state: world.hands != state.hands,
        every=5,
    )
    assert redealt > 10, "the worlds should differ in what the seat cannot see"


# --- blocks on a known position -------------------------------------------------------------------
def position() -> LaminateState:
    """Four researchers at the start of seat 0's turn; seat 1 holds a complete 49 and a
    5-straight two cards from complete, seat 2 a 4-straight flush under review."""
    return table(
        [["O7", "C7", "HA", "K8", "T12"], ["B4"], ["O3", "S9"], ["C5"]],
        [
            [paper("kind3", "H7")],
            [paper("sum49", "B7"), paper("straight5", "S5", "T6")],
            [paper("flush4", "C8", "C9", "C10")],
            [],
        ],
        deck=["S6", "T9"],
        discards=["B5", "O2"],
    )


def test_blocks_of_a_known_position() -> None:
    state = position()
    assert block(state, 0, "phase") == [0, 1, 0, 0, 0, 0, 0]  # turn
    assert block(state, 0, "to_act") == [1, 0, 0, 0]
    assert block(state, 0, "turn") == [1, 0, 0, 0]
    assert block(state, 0, "hand") == bag("O7", "C7", "HA", "K8", "T12")
    assert block(state, 0, "hand_size") == pytest.approx([5 / 20, 1 / 20, 2 / 20, 1 / 20])
    assert block(state, 0, "known_cards") == [0.0] * 3 * 49
    assert block(state, 0, "unknown_cards") == pytest.approx([1 / 20, 2 / 20, 1 / 20])
    assert block(state, 0, "discards") == bag("B5", "O2")
    assert block(state, 0, "discard_top") == bag("O2")
    assert block(state, 0, "deck") == pytest.approx([2 / 49])
    assert block(state, 0, "supply") == pytest.approx(
        papers(
            **{p.id: 1.0 for p in PAPER_TYPES}
            | {"kind3": 3 / 4, "sum49": 3 / 4, "straight5": 3 / 4, "flush4": 1 / 2}
        )
    )
    complete = block(state, 0, "papers_complete")
    assert complete[:16] == papers(kind3=1) and complete[16:32] == papers(sum49=1)
    assert sum(complete) == 2
    review = block(state, 0, "papers_review")
    assert review[16:32] == pytest.approx(papers(straight5=2 / 12))
    assert review[32:48] == pytest.approx(papers(flush4=3 / 12))
    assert sum(review[:16]) == sum(review[48:]) == 0
    on_papers = block(state, 0, "paper_cards")
    assert on_papers[:49] == bag("H7")
    assert on_papers[49:98] == bag("B7", "S5", "T6")
    assert on_papers[98:147] == bag("C8", "C9", "C10")
    assert on_papers[147:] == bag()
    assert block(state, 0, "citable") == bag("H7", "B7")  # 引用できる: complete papers
    assert block(state, 0, "reviewable") == bag("S5", "T6", "C8", "C9", "C10")
    assert block(state, 0, "review_completes") == bag("S5", "T6")
    worth = block(state, 0, "card_paper_points")
    assert worth[CARD_INDEX["H7"]] == pytest.approx(1 / 9)  # 3カード 1点
    assert worth[CARD_INDEX["B7"]] == pytest.approx(2 / 9)  # 49 2点
    assert worth[CARD_INDEX["C9"]] == pytest.approx(4 / 9)  # 4ストフラ 4点
    assert block(state, 0, "points") == pytest.approx([1 / 15, 2 / 15, 0, 0])
    assert block(state, 0, "complete_papers") == pytest.approx([1 / 8, 1 / 8, 0, 0])
    assert block(state, 0, "end_condition") == [0, 0, 0, 0]
    # Not in my hand, the discards or on a paper: the deck, the other hands, the box.
    unseen = block(state, 0, "unseen")
    assert sum(unseen) == 49 - 5 - 2 - 7
    assert all(unseen[CARD_INDEX[c]] == 1 for c in ("S6", "T9", "B4", "O3", "S9", "C5"))


def test_each_seat_sees_its_own_hand_and_the_others_in_turn_order() -> None:
    """The same position seen from seat 2: its own hand is in ``hand``, and every per-seat
    block starts with seat 2, then 3, 0 and 1 (時計回り)."""
    state = position()
    assert block(state, 2, "hand") == bag("O3", "S9")
    assert block(state, 3, "hand") == bag("C5")
    assert block(state, 2, "to_act") == [0, 0, 1, 0]
    assert block(state, 2, "hand_size") == pytest.approx([2 / 20, 1 / 20, 5 / 20, 1 / 20])
    assert block(state, 2, "points") == pytest.approx([0, 0, 1 / 15, 2 / 15])
    on_papers = block(state, 2, "paper_cards")
    assert on_papers[:49] == bag("C8", "C9", "C10")
    assert on_papers[98:147] == bag("H7")
    assert block(state, 2, "papers_review")[:16] == pytest.approx(papers(flush4=3 / 12))


def test_the_end_condition_and_passes() -> None:
    """ゲームの終了: who met the end condition, the turns still to come (2n − 1 at most) and
    the passes in a row, from each seat's side."""
    state = table(
        [["HA"], ["H2"], ["H3"]],
        [[], [paper("sum49", "B7")], []],
        end_condition_met_by=1,
        turns_left=4,
        passes_in_row=2,
    )
    assert block(state, 0, "end_condition") == [0, 1, 0]
    assert block(state, 1, "end_condition") == [1, 0, 0]
    assert block(state, 2, "end_condition") == [0, 0, 1]
    assert block(state, 0, "turns_left") == pytest.approx([4 / 5])
    assert block(state, 0, "passes") == pytest.approx([2 / 3])


def test_research_the_two_cards_drawn_are_the_drawers_only() -> None:
    """研究: the two cards drawn are seen by the drawer only; the others see that two are
    being chosen from, and count them among the cards they cannot place."""
    state = table([["HA"], ["H2"], ["H3"]], deck=["S6", "T9", "O2"], discards=["B5"])
    play(state, 0, "draw")
    assert block(state, 0, "phase") == [0, 0, 1, 0, 0, 0, 0]  # keep
    assert block(state, 0, "drawn") == bag("S6", "T9")
    for seat in (1, 2):
        assert block(state, seat, "drawing") == [1.0]
        assert block(state, seat, "drawn") == bag()
        unseen = block(state, seat, "unseen")
        assert unseen[CARD_INDEX["S6"]] == unseen[CARD_INDEX["T9"]] == 1
    play(state, 0, "keep T9")
    assert block(state, 1, "discard_top") == bag("S6")
    assert block(state, 1, "known_cards")[49:] == bag()  # a kept card is not seen


def citing_three() -> LaminateState:
    """The rulebook's citation example (論文の引用 （例）), the Star 7 paper moved to a third
    researcher so that the thanks go to two authors."""
    return table(
        [["O7", "C7", "HA", "K8", "T12"], ["T7", "B4"], ["O3"]],
        [[paper("kind3", "H7")], [paper("sum49", "B7")], [paper("straight5", "S7")]],
        deck=["H2", "O2", "H3", "O4"],
    )


def test_publishing_the_draft_blocks_and_whom_the_thanks_go_to() -> None:
    """論文発表 and 論文の引用: the paper, the cards laid and cited, the rank total, the お礼
    still due and who gets the next one (ruling 20: in the order of the citations)."""
    state = citing_three()
    play(state, 0, "publish kind5", "lay O7", "lay C7", "cite H7", "cite B7")
    assert block(state, 0, "phase") == [0, 0, 0, 1, 0, 0, 0]  # publish
    assert block(state, 0, "draft_paper") == papers(kind5=1)
    assert block(state, 0, "draft_laid") == bag("O7", "C7")
    assert block(state, 0, "draft_cited") == bag("H7", "B7")
    assert block(state, 0, "draft_total") == pytest.approx([28 / 100])
    assert block(state, 0, "thanks_due") == pytest.approx([1 / 8])  # H7 is my own: free
    assert block(state, 0, "thanks_to") == [1, 0]
    assert block(state, 0, "hand") == bag("O7", "C7", "HA", "K8", "T12")  # ruling 17
    play(state, 0, "cite S7")
    assert block(state, 0, "phase") == [0, 0, 0, 0, 1, 0, 0]  # gift
    assert block(state, 0, "thanks_due") == pytest.approx([2 / 8])
    play(state, 0, "give K8")
    assert block(state, 0, "draft_thanks") == bag("K8")
    assert block(state, 0, "thanks_due") == pytest.approx([1 / 8])
    assert block(state, 0, "thanks_to") == [0, 1]


def test_ruling_16_a_publication_in_progress_is_not_in_the_others_vectors() -> None:
    """Ruling 16: the steps of a publication emit nothing; the others see an ordinary turn, so
    their vectors stay as they were until the paper is on the table."""
    state = citing_three()
    before = [encode(state, seat) for seat in (1, 2)]
    for code in ("publish kind5", "lay O7", "lay C7", "cite H7", "cite B7", "cite S7", "give K8"):
        play(state, 0, code)
        for seat in (1, 2):
            assert np.array_equal(encode(state, seat), before[seat - 1])
    play(state, 0, "give T12")  # the paper is on the table
    assert block(state, 1, "paper_cards")[98:] == bag("H7", "O7", "C7")  # seat 0: 2 after me
    assert block(state, 1, "hand") == bag("T7", "B4", "K8")
    # Ruling 21: the giver knows where each お礼 went; the third party does not.
    assert block(state, 0, "known_cards") == bag("K8") + bag("T12")
    assert block(state, 2, "known_cards") == bag() + bag()


def test_setup_the_discards_down_to_three() -> None:
    """準備 6: from the third seat on, each discards down to three; seat 0 starts."""
    state = game(seed=4, players=5)
    assert block(state, 0, "phase") == [1, 0, 0, 0, 0, 0, 0]
    assert block(state, 0, "to_act") == [0, 0, 1, 0, 0]
    assert block(state, 3, "to_act") == [0, 0, 0, 0, 1]
    assert block(state, 3, "turn") == [0, 0, 1, 0, 0]


def test_a_spectators_view_is_refused() -> None:
    with pytest.raises(ValueError, match="one seat"):
        observer_for(3).encode(game(players=3).view(None))
