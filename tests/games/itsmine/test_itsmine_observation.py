"""The It's Mine! observation (``asobi/games/itsmine/observation.py``): a seat's view as a
fixed-size vector, built from ``view(seat)`` alone, in the seat's own perspective.

The hidden information is the views' (ruling 5 and the issue's ruling 2 in
``docs/rules/itsmine.md``): hands, the deck, the bonus pile, what the other removed face down,
and a bid or simultaneous play until both are in."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from asobi.core.observation import Vector
from asobi.core.registry import get_spec
from asobi.games.itsmine.actions import MINES, PLAYING_CARDS
from asobi.games.itsmine.observation import CARD_INDEX, ItsMineObserver, observer
from asobi.games.itsmine.state import ItsMineOptions, ItsMineState

from .itsmine_helpers import bids, duel, play

SPEC = get_spec("itsmine")
OPTIONS: list[dict[str, Any]] = [
    {"variant": "basic"},
    {"variant": "simple"},
    {"variant": "basic", "hand_size": 0, "citizens": 12, "bonus_cards": 7},
    {"variant": "simple", "hand_size": 8, "citizens": 1, "bonus_cards": 0, "round_limit": 2},
]


def observer_for(**options: Any) -> ItsMineObserver:
    return ItsMineObserver(ItsMineOptions.model_validate({"variant": "basic", **options}))


def encode(state: ItsMineState, seat: int) -> Vector:
    obs = observer_for(**state.options.model_dump(exclude={"players"}))
    return obs.encode(state.view(seat))


def block(state: ItsMineState, seat: int, name: str) -> list[float]:
    obs = observer_for(**state.options.model_dump(exclude={"players"}))
    return [float(x) for x in obs.layout.block(obs.encode(state.view(seat)), name)]


def bag(*codes: str) -> list[float]:
    """A bag over the 42 playing cards (HA … K12) holding these cards."""
    values = [0.0] * len(PLAYING_CARDS)
    for code in codes:
        values[CARD_INDEX[code]] += 1.0
    return values


def face(number: int) -> list[float]:
    """A die face 1–6, one-hot."""
    return [float(f == number) for f in range(1, 7)]


def mines(*codes: str) -> list[float]:
    """A per-mine block (H7 O8 B9 C10 S11 T12 KK) marking these mines."""
    return [float(m.code in codes) for m in MINES]


def random_positions(options: dict[str, Any], games: int, seed: int) -> Iterator[ItsMineState]:
    """Every position of a few games of random legal moves (a seeded ``random.Random``)."""
    rng = random.Random(seed)
    for game in range(games):
        state = SPEC.new_game(SPEC.options(options), seed * 100 + game)
        assert isinstance(state, ItsMineState)
        yield state
        while state.outcome() is None:
            seat = rng.choice(sorted(state.active_seats()))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            yield state


# --- shape ----------------------------------------------------------------------------------------
def test_the_spec_carries_the_observer() -> None:
    assert SPEC.observer is observer
    assert isinstance(observer(ItsMineOptions()), ItsMineObserver)


def test_the_layout_is_the_same_size_for_every_option() -> None:
    """Two seats, 42 playing cards and 7 mines whatever the options: 616 numbers."""
    sizes = {observer_for(**options).layout.size for options in OPTIONS}
    assert sizes == {616}


def test_the_layout_describes_every_feature() -> None:
    layout = observer_for().layout
    table = layout.describe()
    assert len(table.splitlines()) == 2 + len(layout.features)
    assert all(f.meaning and f"`{f.name}`" in table for f in layout.features)


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(map(str, o.values())))
def test_the_vector_is_fixed_size_finite_and_small_at_every_decision(
    options: dict[str, Any],
) -> None:
    obs = observer_for(**options)
    for state in random_positions(options, games=3, seed=OPTIONS.index(options)):
        for seat in (0, 1):
            vector = obs.encode(state.view(seat))
            assert vector.shape == (obs.layout.size,)
            assert vector.dtype == np.float32
            assert np.isfinite(vector).all()
            assert vector.min() >= 0.0 and vector.max() <= 2.0  # normalised, never huge
            # the standing block agrees with the rules' own measure (hands aside)
            standing = obs.layout.block(vector, "standing") * 70
            scores = state.standing()
            assert scores is not None, "It's Mine! always has a standing"
            mine_first = scores[seat], scores[1 - seat]
            assert standing.tolist() == pytest.approx(mine_first)


# --- the view alone -------------------------------------------------------------------------------
def test_a_world_resampled_for_the_seat_gives_the_same_vector() -> None:
    """``determinize(seat)`` redeals what the seat cannot see (the deck, the bonus pile, the
    other hand's unknown cards, a secret bid): the view, so the vector, stays the same."""
    obs = observer_for()
    redealt = 0
    for n, state in enumerate(random_positions({"variant": "basic"}, games=2, seed=5)):
        if n % 3:
            continue
        for seat in (0, 1):
            world = state.determinize(seat, random.Random(n))
            assert world.view(seat) == state.view(seat)
            assert np.array_equal(obs.encode(world.view(seat)), obs.encode(state.view(seat)))
            redealt += world.hands[1 - seat] != state.hands[1 - seat]
    assert redealt > 10, "the worlds should differ in what the seat cannot see"


def test_ruling_2_the_others_committed_bid_is_not_in_the_vector() -> None:
    """Ruling 2 (フェイズ1 「相手に分からないよう隠し持つ」): while seat 1's face is committed and
    seat 0's is not, seat 0's vector is the same whichever face seat 1 chose; it shows only
    that seat 1 has committed. Seat 1's own vector holds its face."""
    state = duel(seed=3)
    before = encode(state, 0)
    seen = []
    for number in (2, 3, 4, 5, 6):  # 1 is barred in round 1 (補足2)
        world = state.clone()
        play(world, 1, f"bid {number}")
        seen.append(encode(world, 0))
        assert block(world, 1, "my_bid") == face(number)
        assert block(world, 0, "committed") == [0.0, 1.0]
    assert all(np.array_equal(seen[0], v) for v in seen[1:])
    layout = observer_for().layout
    changed = {
        f.name
        for f in layout.features
        if not np.array_equal(layout.block(seen[0], f.name), layout.block(before, f.name))
    }
    assert changed == {"committed", "to_act"}  # that seat 1 is in, never with which face


def test_rare_case_the_others_committed_play_is_not_in_the_vector() -> None:
    """レアなケース 「同時にカードを出す」: after a tied auction with a low deck both lay at once;
    seat 0's committed play stays out of seat 1's vector until both are in."""
    seen = []
    for code in ("play H2", "play O3"):
        state = duel({"hands": [["H2", "O3"], ["C5"]], "citizens": [], "deck": [], "rest": "box"})
        bids(state, 4, 4)
        assert state.phase == "play_together"
        play(state, 0, code)
        seen.append(encode(state, 1))
        assert block(state, 0, "my_play") == bag(code.split()[1])
    assert np.array_equal(seen[0], seen[1])


# --- blocks on a known position -------------------------------------------------------------------
POSITION: dict[str, Any] = {
    "hands": [["H2", "O3", "K12"], ["C5", "S6"]],
    "citizens": ["HA", "B4", "T7"],
    "bonus": ["K10", "T11"],
    "deck": ["S7", "O2"],
    "columns": [{"C": ["C4", "C6", "C8"], "H": ["H5"]}, {"C": ["C9", "C7"], "K": ["K7"]}],
    "removed_bonus": [["B8"], ["T6"]],
    "last_face": [3, 5],
    "round": 4,
    "rest": "box",
}


def test_blocks_of_a_known_position() -> None:
    """A described position (scenarios.py) at the start of round 4's auction, from seat 0."""
    state = duel(POSITION)
    assert block(state, 0, "phase") == [1, 0, 0, 0, 0, 0]  # bid
    assert block(state, 0, "to_act") == [1, 1]  # both dice at once
    assert block(state, 0, "round") == pytest.approx([0.4])
    assert block(state, 0, "hand") == bag("H2", "O3", "K12")
    assert block(state, 0, "hand_size") == pytest.approx([3 / 20, 2 / 20])
    assert block(state, 0, "other_unknown") == pytest.approx([2 / 20])
    assert block(state, 0, "citizens") == bag("HA", "B4", "T7")
    assert block(state, 0, "deck") == pytest.approx([2 / 23])  # 42 − 2×3 − 8 − 5 at setup
    assert block(state, 0, "bonus_pile") == pytest.approx([2 / 5])
    assert block(state, 0, "dice") == [*face(3), *face(5)]
    assert block(state, 0, "barred_faces") == face(3)  # 注意: last round's face
    assert block(state, 0, "removed_bonus") == bag("B8")
    columns = block(state, 0, "columns")
    assert columns[:42] == bag("H5", "C4", "C6", "C8")
    assert columns[42:] == bag("C9", "C7", "K7")
    top = block(state, 0, "column_top")
    assert top[:42] == bag("H5", "C8") and top[42:] == bag("C7", "K7")
    sizes = block(state, 0, "column_size")
    assert sizes[:7] == pytest.approx([1 / 6, 0, 0, 3 / 6, 0, 0, 0])
    assert sizes[7:] == pytest.approx([0, 0, 0, 2 / 6, 0, 0, 1 / 6])
    direction = block(state, 0, "column_direction")
    coin = 3  # H7 O8 B9 C10: ascending for me, descending for the other
    assert direction[2 * coin : 2 * coin + 2] == [1, 0]
    assert direction[14 + 2 * coin : 14 + 2 * coin + 2] == [0, 1]
    assert sum(direction) == 2
    assert block(state, 0, "bonus_claimed") == mines("C10")  # my Coin column is at 3
    # 勝敗 5: I lead the Heart 7 and the Coin 10 (3 to 2), the other the Coffin K.
    assert block(state, 0, "mine_lead") == [*mines("H7", "C10"), *mines("KK")]
    assert block(state, 0, "standing") == pytest.approx([17 / 70, 13 / 70])
    # Not in my hand, the columns, the citizens or my removed pile: the deck, the bonus pile,
    # the other's hand, its removed card and the cards left in the box.
    unseen = block(state, 0, "unseen")
    assert sum(unseen) == 42 - 3 - 7 - 3 - 1
    for code in ("S7", "O2", "K10", "T11", "C5", "S6", "T6"):
        assert unseen[CARD_INDEX[code]] == 1


def test_simple_variant_mines_are_worth_ten() -> None:
    """シンプル: a tie in the Coin 10 goes to nobody; every mine is worth 10."""
    state = duel(
        {"columns": [{"C": ["C4"], "S": ["S5"]}, {"C": ["C9"]}], "rest": "box", "deck": []},
        variant="simple",
    )
    assert block(state, 0, "variant") == [1]
    assert block(state, 0, "mine_lead") == [*mines("S11"), *mines()]
    assert block(state, 0, "standing") == pytest.approx([10 / 70, 0])


def test_taking_citizens_shows_what_is_left_to_take_and_who_knows_what() -> None:
    """フェイズ1 3): the lower face takes exactly its number, the higher at least one; a citizen
    taken is known to the other (ruling 5) until laid."""
    state = duel({"hands": [["H2"], ["C5"]], "citizens": ["HA", "O2", "B3", "C4"], "rest": "box"})
    bids(state, 2, 3)  # seat 0 is lower: takes exactly 2, then seat 1 (higher) lays first
    assert block(state, 0, "phase") == [0, 1, 0, 0, 0, 0]
    assert block(state, 0, "higher") == [0, 1]
    assert block(state, 1, "higher") == [1, 0]
    assert block(state, 0, "take") == pytest.approx([2 / 6, 2 / 6])
    play(state, 0, "take O2")
    assert block(state, 0, "take") == pytest.approx([1 / 6, 1 / 6])
    assert block(state, 0, "hand_seen") == bag("O2")
    assert block(state, 1, "other_known") == bag("O2")
    assert block(state, 1, "other_unknown") == pytest.approx([1 / 20])
    assert block(state, 1, "dice") == [*face(3), *face(2)]


def test_bonus_card_is_in_the_deciders_vector_only() -> None:
    """3枚ボーナス 「自分だけ中身を確認する」「相手に内容を明かすことなく」: the card being decided
    is in the decider's ``bonus_card`` block, then in its ``removed_bonus``; the other seat's
    vector is the same whichever card it was."""
    others = []
    for pile, card in ((["T11", "S10"], "T11"), (["S10", "T11"], "S10")):
        state = duel(
            {
                "hands": [["K10"], ["O3"]],
                "columns": [{"K": ["K8", "K9"]}, {}],
                "citizens": [],
                "deck": ["HA", "H2"],
                "bonus": pile,
                "rest": "box",
            }
        )
        bids(state, 5, 2)
        play(state, 0, "play K10")
        assert block(state, 0, "phase") == [0, 0, 0, 0, 1, 0]
        assert block(state, 0, "bonus_card") == bag(card)
        assert block(state, 1, "bonus_card") == bag()
        deciding = encode(state, 1)
        play(state, 0, "remove")
        assert block(state, 0, "removed_bonus") == bag(card)
        others.append((deciding, encode(state, 1)))
    assert np.array_equal(others[0][0], others[1][0])
    assert np.array_equal(others[0][1], others[1][1])


def test_each_seat_sees_its_own_hand_first() -> None:
    """The same position seen from both seats: each one's own hand is in ``hand`` and its
    own columns, die and hand size come first."""
    state = duel(POSITION)
    assert block(state, 0, "hand") == bag("H2", "O3", "K12")
    assert block(state, 1, "hand") == bag("C5", "S6")
    assert block(state, 1, "removed_bonus") == bag("T6")
    assert block(state, 1, "hand_size") == pytest.approx([2 / 20, 3 / 20])
    assert block(state, 1, "dice") == [*face(5), *face(3)]
    assert block(state, 1, "barred_faces") == face(5)
    mine, theirs = block(state, 0, "columns"), block(state, 1, "columns")
    assert theirs == mine[42:] + mine[:42]
    lead0, lead1 = block(state, 0, "mine_lead"), block(state, 1, "mine_lead")
    assert lead1 == lead0[7:] + lead0[:7]
    assert block(state, 1, "standing") == pytest.approx([13 / 70, 17 / 70])


def test_a_spectators_view_is_refused() -> None:
    with pytest.raises(ValueError, match="one seat"):
        observer_for().encode(duel().view(None))
