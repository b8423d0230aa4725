"""The compiled random playout (``asobi/games/rummycity/playout.py``) where the generic proof
(``tests/properties/test_playouts.py``: default options, worlds from the deal and random
games) seldom or never goes: the other options, a catalogue given as data, and positions set
up by scenario — the Bank's and the Police station's cards, lay-offs, cards left in the box,
the extra round after a tie. Each traced playout is replayed through the engine, its chance
scripted (``replay``), and the quick playout of the same seed must end as it did.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from asobi.core.playouts import Playout
from asobi.games.rummycity.actions import ACTION_SPACE, Lay, LayOff
from asobi.games.rummycity.buildings import default_data
from asobi.games.rummycity.playout import playout
from asobi.games.rummycity.state import RummyCityState
from tests.games.rummycity.rummycity_helpers import SPEC, game, snapshot
from tests.properties.test_playouts import MAX_MOVES, replay


def replayed(world: RummyCityState, seed: int) -> tuple[Playout, RummyCityState]:
    """``world`` played out traced from ``seed`` and replayed equal through the engine (the
    engine's world as it ended is returned); the quick playout of the seed ends the same and
    leaves the world as it was."""
    traced = playout(world.clone(), seed, MAX_MOVES, True)
    assert traced is not None
    engine = world.clone()
    replay(SPEC, engine, traced, MAX_MOVES)
    before = snapshot(world)
    quick = playout(world, seed, MAX_MOVES, False)
    assert quick is not None and snapshot(world) == before
    assert (quick.moves, quick.scores, quick.ranks) == (traced.moves, traced.scores, traced.ranks)
    return traced, engine


def worlds(players: int, seed: int, **options: Any) -> list[RummyCityState]:
    """The deal, and the world seat 0 or 1 samples after some random moves."""
    rng = random.Random(seed)
    state = game(seed=seed, players=players, **options)
    found = [state.clone()]
    for _ in range(rng.randrange(1, 300)):
        if state.is_over:
            break
        seat = min(state.active_seats())
        state.resolve(seat, rng.choice(state.legal_actions(seat)))
    if not state.is_over:
        found.append(state.determinize(min(state.active_seats()), rng))
    return found


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"target": 12}),
        (2, {"round_limit": 1}),
        (2, {"start_tepu": 0, "round_limit": 3}),
        (2, {"start_player": 1, "target": 20}),
        (1, {"solo_rounds": 1}),
        (1, {"solo_rounds": 5, "start_tepu": 30}),
    ],
)
def test_the_options_are_played_as_the_engine_plays_them(
    players: int, options: dict[str, Any]
) -> None:
    """準備 / ゲームの終了 / ソロプレイルール 4: the tepu to reach, the rounds, the tepu at the
    start and the first player, each as the options set them."""
    rounds = set()
    for seed in range(6):
        for world in worlds(players, seed, **options):
            played, _ = replayed(world, seed)
            assert played.finished
            rounds.add(world.round)
    if "round_limit" in options:
        assert max(rounds) <= options["round_limit"]


def _catalogue(**changes: dict[str, Any]) -> dict[str, Any]:
    """The default catalogue with some buildings' fields changed."""
    buildings = [b.model_dump() for b in default_data().building]
    for building in buildings:
        building.update(changes.get(building["id"], {}))
    return {"building": buildings}


CATALOGUES = {
    # The Bank's building holds jokers and the Police station's suitless cards, the Park's
    # recipe is the Library's, the Castle pays nothing, the MIX buildings trade recipes.
    "traded": _catalogue(
        park={"recipe": "♥3Run", "mark": "♥"},
        library={"recipe": "♠3Run", "mark": "♠"},
        castle={"income": 0},
        museum={"recipe": "MIX3", "income": 5},
        community_hall={"recipe": "MIX4"},
        bank={"effect": "police"},
        police={"effect": "bank"},
    ),
    # Runs of any suit: four buildings of one recipe (owning one, a town may build none of
    # the others), and a Set of 4 shared by three.
    "any suit": _catalogue(
        park={"recipe": "3Run"},
        library={"recipe": "3Run"},
        market={"recipe": "3Run"},
        bakery={"recipe": "3Run"},
        museum={"recipe": "Set4"},
    ),
}


@pytest.mark.parametrize("name", CATALOGUES)
def test_a_catalogue_of_the_same_buildings_is_compiled_as_data(name: str) -> None:
    """A catalogue file (建物カード: ours is a reconstruction) that gives the default
    buildings other recipes, marks, effects and income is played as written."""
    for players in (2, 1):
        for seed in range(5):
            for world in worlds(players, seed, catalogue=CATALOGUES[name]):
                replayed(world, seed)


def test_a_catalogue_naming_other_buildings_is_left_to_the_protocol() -> None:
    """Build and Return name a building of the default catalogue in the action space; a
    building of another name has no index there, so the playout is not compiled."""
    state = game(seed=1, catalogue=_catalogue(park={"id": "garden"}))
    assert playout(state, 0, MAX_MOVES, False) is None
    assert playout(state, 0, MAX_MOVES, True) is None


BANK_AND_POLICE = {
    "hands": [["S5", "D5", "C7", "H8", "D9", "C6"], ["H5", "S6", "D7", "C8", "S9"]],
    "row": ["?SA", "H2", "D3", "?C4", "S8", "H9", "?DK", "CQ", "H7", "SJ", "D10", "C2"],
    "tepu": [7, 7],
    "buildings": [["bank", "police"], ["park"]],
    "deposits": {"bank": "S7", "police": "C5"},
    "laid": [["run H10 HJ HQ"], ["set S4 H4 D4", "mix DA S2 H3"]],
    "turn": 0,
    "rest": "box",
}


def test_the_bank_and_the_police_station_and_lay_offs_as_the_engine_reads_them() -> None:
    """銀行/警察署 (rulings 7–9): seat 0's 7s are any suit and its 5s are wild, in its
    combinations and its lay-offs (決算: "ラウンド終了時の付け札にもこの効果は適用され"), onto
    combinations already on the table; 18 cards stay in the box (never dealt again), and
    the next rounds are dealt from the 34 in play less the 2 on the buildings."""
    layoffs = wild = 0  # played by the playouts (so this test reaches what it says)
    for seed in range(40):
        played, _ = replayed(game(BANK_AND_POLICE, seed=seed), seed)
        for step in played.steps:
            action = ACTION_SPACE.action(step.chosen)
            layoffs += isinstance(action, LayOff)
            wild += (
                step.seat == 0 and isinstance(action, Lay | LayOff) and action.card.rank in (5, 7)
            )
    assert layoffs and wild, (layoffs, wild)


OVERTIME = {
    "hands": [["S2", "D9", "C9"], ["H2"]],
    "row": ["S3"],
    "tepu": [63, 60],
    "turn": 0,
    "rest": "box",
}


def test_a_tie_past_the_target_plays_the_extra_round() -> None:
    """ゲームの終了: "同じ場合、延長戦として、もう1ラウンドおこないます" — seat 0 draws the row's
    last card, neither town can lay a combination, and the settlement leaves both on 59
    tepu: one more round is dealt (from the 5 cards not in the box), then the game ends."""
    for seed in range(10):
        _, world = replayed(game(OVERTIME, seed=seed), seed)
        assert world.overtime and world.round == 2 and world.is_over
