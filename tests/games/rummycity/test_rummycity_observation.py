"""The observation vector (``asobi.games.rummycity.observation``): a seat's view as a fixed
number of floats, built from the view alone, the observing seat first."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from asobi.core.cards import FRENCH52
from asobi.core.observation import Vector
from asobi.games.rummycity.observation import COMBO_SIZE, RummyCityObserver, observer
from asobi.games.rummycity.state import RummyCityState
from tests.rule_checks import worlds_encode_alike

from .rummycity_helpers import SPEC, game, play, table

# A catalogue of three buildings (the catalogue option): a ♠ to pass, a ♥, a Bank.
SMALL = {
    "building": [
        {"id": "hut", "en": "Hut", "ja": "小屋", "mark": "♠", "recipe": "♠3Run"},
        {"id": "well", "en": "Well", "ja": "井戸", "mark": "♥", "recipe": "MIX3", "income": 2},
        {
            "id": "vault",
            "en": "Vault",
            "ja": "金庫",
            "mark": "♣",
            "recipe": "Set3",
            "effect": "bank",
        },
    ]
}
# Option sets played to the end by the random games: both player counts, a short game (a
# low target), and the small catalogue.
OPTIONS: list[dict[str, Any]] = [
    {"players": 2, "target": 15},
    {"players": 1},
    {"players": 2, "target": 12, "catalogue": SMALL},
    {"players": 1, "catalogue": SMALL},
]
HANDS = [["SA", "S2", "S3", "S4", "H9"], ["DK", "CQ"]]
ROW = ["C10", "?D9", "H4", "S5", "D2", "D3"]
LAID = [["run H6 H7 H8"], ["set C5 D5 H5", "mix SJ HQ CK"]]


def observer_for(options: dict[str, Any]) -> RummyCityObserver:
    made = observer(SPEC.options(options))
    assert isinstance(made, RummyCityObserver)
    return made


def bag(*codes: str) -> Vector:
    """A bag of cards as the observation writes one: a count per card, in deck order."""
    out = np.zeros(len(FRENCH52), dtype=np.float32)
    for code in codes:
        out[index(code)] += 1
    return out


def index(code: str) -> int:
    return FRENCH52.index(FRENCH52.card(code))


def block(obs: RummyCityObserver, state: RummyCityState, seat: int, name: str) -> Vector:
    return obs.layout.block(obs.encode(state.view(seat)), name)


def position(**more: Any) -> RummyCityState:
    """Seat 0 to act in round 1: five cards against two, a row of six (D9 face down), each
    town with a building, a card on the Bank, combinations laid (the rest out of play)."""
    return table(
        HANDS,
        ROW,
        tepu=[10, 20],
        buildings=[["park"], ["bank"]],
        deposits={"bank": "S7"},
        laid=LAID,
        **more,
    )


def random_positions(
    options: dict[str, Any], games: int, seed: int = 3
) -> Iterator[RummyCityState]:
    """Every position of a few games of random legal moves (a seeded generator)."""
    rng = random.Random(seed)
    for number in range(games):
        state = SPEC.new_game(options, number)
        assert isinstance(state, RummyCityState)
        yield state
        while state.outcome() is None:
            (seat,) = state.active_seats()
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            yield state


# --- size and values ------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("options", OPTIONS, ids=["duel", "solo", "duel-small", "solo-small"])
def test_every_decision_gives_a_finite_float32_vector_of_the_layout_size(
    options: dict[str, Any],
) -> None:
    """At every position of random games, for every seat, to the end of the game."""
    assert SPEC.observer is not None, "the game spec names its observer"
    obs = SPEC.observer(SPEC.options(options))
    players = options["players"]
    phases: set[str] = set()
    for state in random_positions(options, games=2):
        for seat in range(players):
            vector = obs.encode(state.view(seat))
            assert vector.dtype == np.float32
            assert vector.shape == (obs.layout.size,)
            assert np.isfinite(vector).all()
            assert vector.min() >= 0.0
        phases.add(str(state.phase))
    assert {"turn", "lay", "build", "over"} <= phases


def test_the_size_depends_on_the_options() -> None:
    """Two players or one (the solo game has no Station, no Post office, no known cards and
    adds the discards), and the catalogue's buildings and ♥ marks (the draw's reach)."""
    assert observer_for({"players": 2}).layout.size == 2517
    assert observer_for({"players": 1}).layout.size == 1948
    assert observer_for({"players": 2, "target": 20, "round_limit": 5}).layout.size == 2517
    small = observer_for({"players": 2, "catalogue": SMALL})
    assert small.layout.offsets["supply"].stop - small.layout.offsets["supply"].start == 3
    assert small.layout.offsets["row_top"].stop - small.layout.offsets["row_top"].start == 4 * 52


@pytest.mark.parametrize("players", [2, 1])
def test_every_feature_is_described(players: int) -> None:
    """``Layout.describe`` is the documentation: every block has a meaning."""
    obs = observer_for({"players": players})
    table_text = obs.layout.describe()
    for feature in obs.layout.features:
        assert feature.meaning
        assert f"`{feature.name}`" in table_text


# --- only the view ----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 1])
def test_worlds_consistent_with_the_view_give_the_same_vector(players: int) -> None:
    """Hidden: the other hand but the cards seen going in, the row's face-down cards but those
    looked at (views.py). ``determinize`` deals them again; the seat's view stays the same,
    and so does its vector."""
    options = {"players": players, "target": 15}
    resampled = worlds_encode_alike(
        observer_for(options),
        random_positions(options, games=1, seed=8),
        lambda world, state: world.row != state.row or world.hands != state.hands,
        every=11,
    )
    assert resampled > 0, "the worlds must really differ in what the seat cannot see"


def test_the_other_hand_and_the_face_down_cards_do_not_change_the_vector() -> None:
    """準備: 「手札として2枚ずつ」 face down, 「12枚を裏向きに」: two tables that differ only
    in the other hand and in a face-down card of the row look the same to seat 0."""
    obs = observer_for({"players": 2})
    first = table([["SA", "S2"], ["H5", "H6"]], ["S4", "?D9", "C4"])
    second = table([["SA", "S2"], ["D5", "D6"]], ["S4", "?HK", "C4"])
    assert np.array_equal(obs.encode(first.view(0)), obs.encode(second.view(0)))
    assert not np.array_equal(obs.encode(first.view(1)), obs.encode(second.view(1)))


def test_the_school_shows_its_range_to_its_looker_only() -> None:
    """学校: the looker sees the cards in range; the other seat sees how many and where the
    face-down ones it looked at lie, not what they are."""
    obs = observer_for({"players": 2})
    state = table(
        [["SA", "S2"], ["H5", "H6"]], ["S4", "?D9", "C4", "HK"], buildings=[["school"], []]
    )
    play(state, 0, "look", "take 2")
    looker = obs.encode(state.view(0))
    other = obs.encode(state.view(1))
    cards = obs.layout.block(looker, "looking_cards").reshape(-1, 52)
    for depth, code in enumerate(["S4", "D9", "C4", "HK"]):
        assert cards[depth, index(code)] == 1
    assert not obs.layout.block(other, "looking_cards").any()
    for seen in (looker, other):
        assert obs.layout.block(seen, "looking_count")[0] == pytest.approx(4 / 6)
        assert list(obs.layout.block(seen, "looking_taken")) == [0, 1, 0, 0, 0, 0]
        assert list(obs.layout.block(seen, "phase")) == [0, 1, 0, 0, 0, 0, 0]  # pick
    assert obs.layout.block(looker, "row_cards")[index("D9")] == pytest.approx(51 / 52)
    assert obs.layout.block(other, "row_cards")[index("D9")] == 0
    assert obs.layout.block(other, "row_hidden")[1] == 1
    looked = obs.layout.block(other, "row_looked").reshape(2, -1)
    assert looked[1, 1] == 1 and looked[0].sum() == 0, "seat 0 looked at position 2"


# --- the blocks on a known position -------------------------------------------------------------
def test_the_blocks_of_a_duel_position() -> None:
    """Seat 0 to act: its hand, the tepu, each town's buildings and combinations, the card on
    the Bank, and the row as seat 0 sees it."""
    obs = observer_for({"players": 2})
    state = position()
    vector = obs.encode(state.view(0))

    def get(name: str) -> Vector:
        return obs.layout.block(vector, name)

    buildings = [b.id for b in state.catalogue.buildings]
    assert list(get("phase")) == [1, 0, 0, 0, 0, 0, 0]  # turn
    assert list(get("to_act")) == [1, 0] and list(get("first_player")) == [1, 0]
    assert get("round")[0] == pytest.approx(1 / 30)
    assert np.array_equal(get("hand"), bag(*HANDS[0]))
    assert np.allclose(get("hand_size"), [5 / 20, 2 / 20])
    assert np.allclose(get("tepu"), [10 / 50, 20 / 50])
    assert np.allclose(get("draw_limit"), [3 / 6, 3 / 6])
    assert not get("known_cards").any()
    owned = get("buildings").reshape(2, -1)
    assert list(np.flatnonzero(owned[0])) == [buildings.index("park")]
    assert list(np.flatnonzero(owned[1])) == [buildings.index("bank")]
    assert get("supply").sum() == len(buildings) - 2
    assert get("supply")[buildings.index("park")] == 0
    assert np.array_equal(get("deposits").reshape(2, -1)[0], bag("S7"))  # the Bank's slot
    assert get("row_size")[0] == pytest.approx(6 / 52)
    row = get("row_cards")
    assert row[index("C10")] == 1
    assert row[index("H4")] == pytest.approx(50 / 52)
    assert row[index("D9")] == 0
    assert list(get("row_hidden")[:6]) == [0, 1, 0, 0, 0, 0]
    top = get("row_top").reshape(6, 52)
    assert top[0, index("C10")] == 1 and top[5, index("D3")] == 1 and not top[1].any()
    combos = get("combination_cards").reshape(2, -1)
    assert np.array_equal(combos[0], bag("H6", "H7", "H8"))
    assert np.array_equal(combos[1], bag("C5", "D5", "H5", "SJ", "HQ", "CK"))
    assert np.allclose(get("combination_count"), [1 / 10, 2 / 10])
    # Unseen: D9 face down, the other hand (DK CQ) and the 29 cards out of play: all but the
    # hand (5), the row's face-up cards (5), the combinations (9) and the Bank's card.
    unseen = get("unseen")
    assert unseen.sum() == 52 - 5 - 5 - 9 - 1
    assert unseen[index("D9")] == 1 and unseen[index("CQ")] == 1
    assert unseen[index("C10")] == 0 and unseen[index("S7")] == 0


def test_each_combination_is_described_by_kind_ranks_and_suits() -> None:
    """組み合わせ: the lay-off targets (付け札) numbered in the order laid. A card of the rank on
    one's Police station is wild (ruling 7): it adds to the size, not to the ranks or suits."""
    obs = observer_for({"players": 2})
    state = table(
        HANDS,
        ROW,
        buildings=[["police"], []],
        deposits={"police": "S7"},
        laid=[["run H6 C7 H8"], ["set C5 D5 H5", "mix SJ HQ CK"]],
    )
    slots = block(obs, state, 0, "combinations").reshape(2, -1, COMBO_SIZE)
    kind, ranks, suits, rest = slots[..., :3], slots[..., 3:16], slots[..., 16:20], slots[..., 20:]
    # Own run: ranks 6 and 8 of hearts, three cards, one wild.
    assert list(kind[0, 0]) == [1, 0, 0]
    assert list(np.flatnonzero(ranks[0, 0]) + 1) == [6, 8]
    assert list(suits[0, 0]) == [0, 1, 0, 0]  # S H D C
    assert np.allclose(rest[0, 0], [3 / 13, 1 / 4, 0])
    # Their set of fives (three suits) and their MIX run J Q K.
    assert list(kind[1, 0]) == [0, 0, 1] and list(np.flatnonzero(ranks[1, 0]) + 1) == [5]
    assert list(suits[1, 0]) == [0, 1, 1, 1]
    assert list(kind[1, 1]) == [0, 1, 0] and list(np.flatnonzero(ranks[1, 1]) + 1) == [11, 12, 13]
    assert not slots[0, 1:].any() and not slots[1, 2:].any()


def test_a_combination_under_way_shows_its_building_kind_and_cards() -> None:
    """プレーの手順 2: 「建物を建てる」 — a building named, its cards laid one at a time."""
    obs = observer_for({"players": 2})
    state = position()
    play(state, 0, "build shrine", "lay S2")
    buildings = [b.id for b in state.catalogue.buildings]
    for seat in (0, 1):
        assert list(block(obs, state, seat, "phase")) == [0, 0, 1, 0, 0, 0, 0]  # lay
        making = block(obs, state, seat, "making_building")
        assert list(np.flatnonzero(making)) == [buildings.index("shrine")]
        assert list(block(obs, state, seat, "making_kind")) == [1, 0, 0]
        assert np.array_equal(block(obs, state, seat, "making_cards"), bag("S2"))
    assert np.array_equal(block(obs, state, 0, "hand"), bag("SA", "S3", "S4", "H9"))


def test_the_solo_game_shows_its_discards() -> None:
    """ソロ 1: 「引いた枚数と同じだけ上からカードを捨て札にします」."""
    obs = observer_for({"players": 1})
    state = table([["SA", "S2"]], ["C10", "?D9", "H4", "S5", "D2", "D3"])
    assert "known_cards" not in obs.layout.offsets and "overtime" not in obs.layout.offsets
    play(state, 0, "draw 2")
    assert np.array_equal(block(obs, state, 0, "discards"), bag("H4", "S5"))
    assert np.array_equal(block(obs, state, 0, "hand"), bag("SA", "S2", "C10", "D9"))
    assert block(obs, state, 0, "round")[0] == pytest.approx(1 / 3)


# --- perspective ----------------------------------------------------------------------------------
def test_each_seat_finds_its_own_things_first() -> None:
    """The same position from seat 0 and from seat 1: each one's own hand in ``hand``, its own
    tepu, buildings and combinations first."""
    obs = observer_for({"players": 2})
    state = position()
    mine, theirs = obs.encode(state.view(0)), obs.encode(state.view(1))
    assert np.array_equal(obs.layout.block(mine, "hand"), bag(*HANDS[0]))
    assert np.array_equal(obs.layout.block(theirs, "hand"), bag(*HANDS[1]))
    assert np.allclose(obs.layout.block(theirs, "tepu"), [20 / 50, 10 / 50])
    assert list(obs.layout.block(theirs, "to_act")) == [0, 1]
    owned = obs.layout.block(theirs, "buildings").reshape(2, -1)
    bank = [b.id for b in state.catalogue.buildings].index("bank")
    assert list(np.flatnonzero(owned[0])) == [bank]
    combos = obs.layout.block(theirs, "combination_cards").reshape(2, -1)
    assert np.array_equal(combos[1], bag("H6", "H7", "H8"))
    assert np.array_equal(
        obs.layout.block(mine, "row_cards"), obs.layout.block(theirs, "row_cards")
    )


def test_a_game_of_the_small_catalogue_numbers_its_buildings() -> None:
    """The catalogue option: the buildings are the file's, in its order."""
    options = {"players": 2, "catalogue": SMALL}
    obs = observer_for(options)
    setup = {"hands": [["S3", "S4", "S5"], ["DK", "CQ"]], "row": ["C10"], "rest": "box"}
    state = game({**setup, "turn": 0}, catalogue=SMALL)
    play(state, 0, "build hut", "lay S3", "lay S4", "lay S5", "done")
    assert list(block(obs, state, 1, "buildings")) == [0, 0, 0, 1, 0, 0]
    assert list(block(obs, state, 1, "supply")) == [0, 1, 1]
    catalogue = block(obs, state, 0, "catalogue").reshape(3, -1)
    assert list(catalogue[0, :4]) == [1, 0, 0, 0]  # hut: ♠
    assert list(catalogue[2, 4:7]) == [0, 0, 1]  # vault: Set
