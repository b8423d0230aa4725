"""Carrotein for learning agents: the observation vector and the coded choices
(``asobi/games/carrotein/observation.py``).

The observation must have one size for given options, hold only what the seat's view holds,
and put each number where its feature says. The coding must number the finite actions as the
action space does, offer in the lay step (星座作成タイム 2) the solver's lay and every grid
pose, and, with a first pose chosen, exactly the second poses the judge accepts: boards may
touch but not overlap ("【星座ボード】の上に【星座ボード】を重ねて置かないこと").
"""

from __future__ import annotations

import random

import numpy as np
import pytest
import shapely

from asobi.core.errors import IllegalAction
from asobi.games.carrotein.actions import ACTION_SPACE, Lay
from asobi.games.carrotein.observation import (
    BOARD_IDS,
    CELL,
    COLUMNS,
    FINITE,
    GRID_COLUMNS,
    GRID_ROWS,
    MAX_CHIPS,
    POSE_COUNT,
    POSES,
    ROWS,
    SIZE,
    SOLVER,
    TURN_STEP,
    TURNS,
    CarroteinCoding,
    CarroteinObserver,
    _grid_plates,
    grid_pose,
    pose_parts,
    second_poses,
)
from asobi.games.carrotein.sky import TOUCH, Pose, default_sky
from asobi.games.carrotein.state import CarroteinState, Phase

from .carrotein_helpers import SPEC, UNDER, acting, at, chips, game, lay_phase

LAY_RULE = "星座作成タイム 2"


def parts(players: int) -> tuple[CarroteinObserver, CarroteinCoding]:
    options = SPEC.options({"players": players})
    observer, coding = SPEC.observer, SPEC.coding
    assert observer is not None and coding is not None
    seen, chosen = observer(options), coding(options)
    assert isinstance(seen, CarroteinObserver) and isinstance(chosen, CarroteinCoding)
    return seen, chosen


def legal_mask(state: CarroteinState, seat: int) -> np.ndarray:
    expected = np.zeros(SIZE, dtype=np.bool_)
    for action in state.legal_actions(seat):
        expected[ACTION_SPACE.index(action)] = True
    return expected


def accepted(state: CarroteinState, lay: Lay) -> bool:
    """Whether the rules take ``lay`` (on a copy: the state is left as it was)."""
    try:
        state.clone().apply(acting(state), lay)
    except IllegalAction as refusal:
        assert refusal.rule == LAY_RULE, refusal
        return False
    return True


# --- through whole games ------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 5)])
def test_every_decision_of_a_random_game_encodes_and_masks(players: int, seed: int) -> None:
    """At every decision: every seat's vector has the layout's size, finite numbers about
    0..1, the same for a determinized world; the mask is the legal list outside the lay step,
    and in it the solver's lay and every pose; a lay of two grid poses picked from the masks
    is accepted (half the lays; the others are the solver's)."""
    observer, coding = parts(players)
    state = SPEC.new_game({"players": players}, seed)
    assert isinstance(state, CarroteinState)
    rng = random.Random(seed)
    counts = observer.layout.offsets["mat_chips"]
    lays = 0
    while not state.is_over:
        seat = acting(state)
        for s in range(players):
            vector = observer.encode(state.view(s))
            assert vector.shape == (observer.layout.size,) and vector.dtype == np.float32
            assert np.isfinite(vector).all()
            rest = np.delete(vector, np.arange(counts.start, counts.stop))
            assert rest.min() >= 0.0 and rest.max() <= 1.0
            assert vector[counts].min() >= 0 and vector[counts].max() <= 4  # 25 mm squares
            world = state.determinize(s, random.Random(s))
            assert np.array_equal(observer.encode(world.view(s)), vector)
        mask = coding.mask(state, seat)
        assert not coding.mask(state, (seat + 1) % players).any()
        if state.phase is not Phase.LAY:
            assert np.array_equal(mask, legal_mask(state, seat))
            legal = np.flatnonzero(mask)
            pass_first = rng.random() < 0.1 and mask[0]
            action = coding.choose(state, seat, (), 0 if pass_first else int(rng.choice(legal)))
            assert action in state.legal_actions(seat)
        else:
            lays += 1
            assert mask[SOLVER] and mask[POSES:].all() and not mask[:SOLVER].any()
            if lays % 2:
                action = coding.choose(state, seat, (), SOLVER)
                assert action == state.solver_lay()
            else:
                first = int(rng.choice(np.flatnonzero(mask[POSES:]))) + POSES
                pending = coding.choose(state, seat, (), first)
                assert pending == (first,)
                second = np.flatnonzero(coding.mask(state, seat, (first,)))
                assert second.size and second.min() >= POSES
                action = coding.choose(state, seat, (first,), int(rng.choice(second)))
                assert isinstance(action, Lay)
        state.apply(seat, action)
    assert lays >= 2
    assert not coding.mask(state, 0).any()


# --- the observation on known positions ---------------------------------------------------------
def square(x: float, y: float) -> int:
    return int(y // CELL) * GRID_COLUMNS + int(x // CELL)


def test_the_blocks_of_a_scatter_position_seen_by_seat_2() -> None:
    """散らかしタイム in round 4: red (seat 0) has scored 3 chips and two boards and passed,
    blue (seat 1) started; green (seat 2) is to act and sees itself first, then red, then
    blue."""
    state = game(
        {
            "chips": chips((50, 60, "red"), (560, 440, "blue"), (100, 100, "colourless")),
            "scored": [3, 0, 1],
            "won": [["sitting", "ears"], [], []],
            "round": 4,
            "first": 1,
            "turn": 2,
            "passed": [0],
        }
    )
    observer, _ = parts(3)
    vector = observer.encode(state.view(2))

    def block(name: str) -> list[float]:
        return list(observer.layout.block(vector, name).tolist())

    assert block("phase") == [1, 0, 0, 0]
    assert block("round") == [pytest.approx(4 / 20)]
    planes = np.array(block("mat_chips")).reshape(4, GRID_ROWS * GRID_COLUMNS)
    assert planes.sum() == 4
    assert planes[0].sum() == 0  # green has no chip out
    assert planes[1, square(50, 60)] == 1  # red: the seat after green
    assert planes[2, square(560, 440)] == 1  # blue
    assert planes[3, square(300, 225)] == 1  # the first star (いちばん星チップ)
    assert planes[3, square(100, 100)] == 1  # a colourless chip scores for nobody
    listed = np.array(block("chip_list")).reshape(MAX_CHIPS, 6)
    np.testing.assert_allclose(
        listed[:4],
        [
            [0.5, 0.5, 0, 0, 0, 1],
            [50 / 600, 60 / 450, 0, 1, 0, 0],
            [560 / 600, 440 / 450, 0, 0, 1, 0],
            [100 / 600, 100 / 450, 0, 0, 0, 1],
        ],
        rtol=1e-6,
    )
    assert not listed[4:].any()
    assert block("spares_left") == [pytest.approx(39 / 40)]  # 10 purple, orange, pink + 10 clear
    assert block("boards_on_mat") == [float(b not in ("sitting", "ears")) for b in BOARD_IDS]
    assert block("chosen_first") == block("chosen_second") == [0] * len(BOARD_IDS)
    assert block("score") == pytest.approx([1 / 16, 5 / 16, 0])
    assert block("in_hand") == pytest.approx([0.9, 0.6, 0.9])
    assert block("scored_chips") == pytest.approx([0.1, 0.3, 0])
    assert block("boards_won") == pytest.approx([0, 2 / 6, 0])
    assert block("passed") == [0, 1, 0]
    assert block("to_act") == [1, 0, 0]
    assert block("start_player") == [0, 0, 1]
    # The same table from red's seat: red first.
    red = observer.encode(state.view(0))
    assert observer.layout.block(red, "to_act").tolist() == [0, 0, 1]
    assert observer.layout.block(red, "passed").tolist() == [1, 0, 0]


def test_the_lay_step_shows_the_chosen_boards_in_order() -> None:
    """星座作成タイム 2: the challenger (red) to act, the first and second board chosen."""
    state = lay_phase(at(UNDER, "red"), chosen=("sleeping", "leaping"))
    observer, _ = parts(3)
    vector = observer.encode(state.view(1))
    assert observer.layout.block(vector, "phase").tolist() == [0, 0, 1, 0]
    first = observer.layout.block(vector, "chosen_first").tolist()
    second = observer.layout.block(vector, "chosen_second").tolist()
    assert first == [float(b == "sleeping") for b in BOARD_IDS]
    assert second == [float(b == "leaping") for b in BOARD_IDS]
    assert observer.layout.block(vector, "to_act").tolist() == [0, 0, 1]  # red, after blue
    assert observer.layout.block(vector, "passed").tolist() == [1, 1, 0]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_layout_size_depends_on_the_players_only(players: int) -> None:
    observer, _ = parts(players)
    kinds, cells = players + 1, GRID_COLUMNS * GRID_ROWS
    assert observer.layout.size == 4 + 1 + kinds * cells + MAX_CHIPS * (players + 3) + 1 + 21 + (
        7 * players
    )
    assert observer.layout.describe().count("\n") == len(observer.layout.features) + 1


# --- the coding --------------------------------------------------------------------------------
def test_the_blocks_of_the_coding() -> None:
    _, coding = parts(3)
    assert FINITE == SOLVER == POSES - 1 == ACTION_SPACE.size == 130
    assert POSE_COUNT == COLUMNS * ROWS * TURNS * 2 == 12 * 9 * 12 * 2
    assert coding.size == SIZE == POSES + POSE_COUNT
    assert coding.pending_size == 1 + COLUMNS * ROWS + TURNS + 1


def test_the_finite_part_is_the_action_space_index_for_index() -> None:
    state = game()
    _, coding = parts(3)
    for index in range(FINITE):
        action = ACTION_SPACE.action(index)
        assert coding.choose(state, acting(state), (), index) is action
        assert ACTION_SPACE.index(action) == index


def test_the_mask_is_the_legal_list_outside_the_lay_step() -> None:
    _, coding = parts(3)
    scatter = game({"chips": at([(275, 225), (100, 100), (500, 300)], "blue"), "turn": 1})
    choose = game({"won": [["sitting", "ears"], [], []], "challenger": 2})
    for state in (scatter, choose):
        seat = acting(state)
        assert np.array_equal(coding.mask(state, seat), legal_mask(state, seat))
        with pytest.raises(ValueError, match="pending"):
            coding.mask(state, seat, (POSES,))
        with pytest.raises(IllegalAction, match=LAY_RULE):
            coding.choose(state, seat, (), POSES)
    assert coding.mask(choose, 2).sum() == 10  # every pair of the five boards left


def test_grid_poses_put_board_centres_on_the_mat_in_every_turn_and_side() -> None:
    """A board's origin is its plate's centre, so a grid pose's (x, y) is where the board's
    centre lies: on the 50 mm cells of the mat."""
    sky = default_sky()
    for board in sky.boards:
        minx, miny, maxx, maxy = board.plate.bounds
        assert (minx + maxx, miny + maxy) == (0, 0), board.id
    seen = set()
    for pose in range(POSE_COUNT):
        cell, turn, flipped = pose_parts(pose)
        at_pose = grid_pose(pose)
        assert (at_pose.x, at_pose.y) == (25 + 50 * (cell % COLUMNS), 25 + 50 * (cell // COLUMNS))
        assert (at_pose.angle, at_pose.mirrored) == (turn * TURN_STEP, flipped)
        assert at_pose.rounded() == at_pose  # the same pose when written as a code and read
        seen.add(at_pose)
    assert len(seen) == POSE_COUNT


def test_the_grid_plates_are_the_judges_to_the_last_bit() -> None:
    board = default_sky().board("carrot")
    plates = _grid_plates("carrot")
    for pose in range(0, POSE_COUNT, 7):
        judged = grid_pose(pose).place(board.plate)
        assert np.array_equal(
            shapely.get_coordinates(plates[pose]), shapely.get_coordinates(judged)
        )


def unturned(x: float, y: float) -> int:
    """The choice of a board centred at (x, y), not turned, not turned over."""
    return (int(y // 50) * COLUMNS + int(x // 50)) * TURNS * 2 + POSES


@pytest.mark.slow
def test_a_lay_of_two_grid_poses_is_accepted_exactly_where_the_mask_says() -> None:
    """With the carrot rabbit (200 mm wide) laid first at (125, 225), the stretching rabbit
    (200 mm) may lie at (325, 225), its plate touching, but not at (275, 225); every second
    pose is checked against the rules."""
    state = lay_phase(at(UNDER, "red"), chosen=("carrot", "stretching"))
    _, coding = parts(3)
    seat = acting(state)
    first = unturned(125, 225)
    assert grid_pose(first - POSES) == Pose(125, 225, 0, False)
    mask = coding.mask(state, seat, (first,))
    assert not mask[:POSES].any()
    assert mask[unturned(325, 225)] and not mask[unturned(275, 225)]
    for index in range(POSES, SIZE):
        lay = coding.choose(state, seat, (first,), index)
        assert isinstance(lay, Lay)
        assert accepted(state, lay) == mask[index], lay.encode()


@pytest.mark.parametrize("seed", range(3))
def test_second_poses_are_those_the_judges_geometry_allows(seed: int) -> None:
    """Every grid pose of the second board (plates clearly apart or deep in each other
    told compiled, the rest by GEOS) is allowed exactly where the plates' common area, as
    the judge works it out, is a touch at most; first boards on and off the grid."""
    rng = random.Random(seed)
    sky = default_sky()
    for _ in range(4):
        first, second = rng.sample(list(sky.boards), 2)
        pose = Pose(rng.choice([125.0, rng.uniform(0, 600)]), rng.uniform(0, 450),
                    rng.choice([0.0, 45.0, rng.uniform(0, 360)]), rng.random() < 0.5)  # fmt: skip
        plate = pose.place(first.plate)
        common = shapely.area(shapely.intersection(plate, _grid_plates(second.id)))
        assert np.array_equal(second_poses(first, pose, second), common <= TOUCH)


@pytest.mark.parametrize("seed", [1, 2])
def test_sampled_second_poses_are_accepted_or_refused_as_masked(seed: int) -> None:
    state = lay_phase(
        at(UNDER, "red") + chips((100, 100, "blue"), (500, 350, "green")),
        chosen=("dancing", "sitting"),
    )
    _, coding = parts(3)
    seat = acting(state)
    rng = random.Random(seed)
    for first in rng.sample(range(POSES, SIZE), 4):
        mask = coding.mask(state, seat, (first,))
        allowed, refused = np.flatnonzero(mask), np.flatnonzero(~mask[POSES:]) + POSES
        assert allowed.size and refused.size  # the first board's own cell, at least
        for index in [*rng.sample(list(allowed), 15), *rng.sample(list(refused), 15)]:
            lay = coding.choose(state, seat, (first,), int(index))
            assert isinstance(lay, Lay)
            assert accepted(state, lay) == mask[index], lay.encode()


def test_the_solver_index_lays_where_the_solver_does_and_the_listed_lay_is_two_poses() -> None:
    """``SOLVER`` is the game's solver's lay (done when chosen); the one lay the legal list
    holds (the boards apart) is two grid poses, so a masked agent can make it too."""
    state = lay_phase(at(UNDER[:3], "red"), chosen=("sitting", "sleeping"))
    _, coding = parts(3)
    seat = acting(state)
    mask = coding.mask(state, seat)
    assert mask[SOLVER] and mask[POSES:].all() and mask.sum() == 1 + POSE_COUNT
    solved = coding.choose(state, seat, (), SOLVER)
    assert solved == state.solver_lay() and state.clone().apply(seat, solved)
    assert state.challenges == []  # choosing it changed nothing
    (listed,) = state.legal_actions(seat)
    assert isinstance(listed, Lay)
    first, second = (POSES + pose_index(p) for p in (listed.first, listed.second))
    assert coding.choose(state, seat, (first,), second) == listed
    with pytest.raises(IllegalAction, match="action mask"):
        coding.choose(state, seat, (POSES,), SOLVER)
    assert not coding.mask(state, (seat + 1) % 3).any()


def pose_index(pose: Pose) -> int:
    """The coding's number of a grid pose."""
    return next(i for i in range(POSE_COUNT) if grid_pose(i) == pose)


def test_the_pending_features_name_the_first_pose() -> None:
    _, coding = parts(3)
    assert not coding.pending_features(()).any()
    pose = (5 * TURNS + 3) * 2 + 1  # cell 5, turned 90°, turned over
    features = coding.pending_features((POSES + pose,))
    assert features.shape == (coding.pending_size,)
    layout = coding.pending_layout
    assert layout is not None
    assert layout.block(features, "pending").tolist() == [1]
    assert np.flatnonzero(layout.block(features, "pending_cell")).tolist() == [5]
    assert np.flatnonzero(layout.block(features, "pending_turn")).tolist() == [3]
    assert layout.block(features, "pending_flipped").tolist() == [1]
    with pytest.raises(ValueError, match="pose index"):
        coding.pending_features((SOLVER,))


@pytest.mark.slow
def test_every_first_pose_leaves_a_second_one() -> None:
    """Why every pose is offered first: even the two widest boards, the first in the middle
    of the mat in any turn, leave the second room (in the mat's far corners)."""
    state = lay_phase([], chosen=("dancing", "carrot"))
    _, coding = parts(3)
    seat = acting(state)
    middle = (4 * COLUMNS + 5) * TURNS * 2 + POSES  # the cell centred at (275, 225)
    for first in range(middle, middle + TURNS * 2):
        assert coding.mask(state, seat, (first,)).any()
