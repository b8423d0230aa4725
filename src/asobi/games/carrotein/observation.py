"""星をなくしたキャロテイン (Carrotein) for learning agents: the view as numbers, and the choices.

**The observation** (:class:`CarroteinObserver`) holds what a player sees on the table: the
star chips (星チップ) on the night-sky mat (夜空のマット), twice — counted on a grid of
``CELL`` mm squares per kind (whose chip, relative to the observer), and listed one by one
with their exact centres, since a board hides a centre point (中心点) or not by the
millimetre — the constellation boards (星座ボード) still on the mat and the two chosen, each
seat's score, chips at hand and scored, boards won, pass (パス), and whose turn it is, the
phase and the round. Seats are relative: the observer first, the others in turn order.

**The choices** (:class:`CarroteinCoding`), in four blocks:

* ``0 .. FINITE-1``: the game's finite action space as it is (``actions.ACTION_SPACE``):
  ``pass``, every pair of boards to ``choose``, the 50 mm grid of chip spots to ``place``;
* ``SOLVER``: lay the chosen boards where the game's solver lays them (``solver_lay``, the
  front ends' hint: seconds of work on a crowded mat, done only when this choice is made;
  ``legal_actions`` lists only the boards laid apart);
* ``POSES .. POSES+POSE_COUNT-1``: a pose of a board — its centre at one of the
  ``POSE_STEP`` mm cells over the mat, turned a multiple of ``TURN_STEP`` degrees, turned
  over or not. A ``lay`` takes two of them: the first board's pose (the choice is pending),
  then the second's. A pose index is ``(cell * TURNS + turn) * 2 + flipped``, the cell
  ``row * COLUMNS + column`` counted from the mat's bottom-left corner.

A board may lie anywhere (docs/rules/carrotein.md, ruling 8), so every pose is a legal first
pose; the second must not overlap the first ("【星座ボード】の上に【星座ボード】を重ねて置かない
こと"), decided with the same shapely geometry as the judge, so the mask is exactly what the
rules accept.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import cache
from typing import Any

import numpy as np
import shapely
from numpy.typing import NDArray

from asobi.core.actions import Action
from asobi.core.errors import BadActionCode, IllegalAction
from asobi.core.observation import ActionCoding, Feature, Layout, Observer, Pending, Vector, Writer
from asobi.core.protocol import GameOptions, State
from asobi.games.carrotein.actions import ACTION_SPACE, PASS, Lay, grid_spots
from asobi.games.carrotein.sky import TOUCH, Board, Pose, default_sky
from asobi.games.carrotein.solver import SURE, SURE_AREA, kernels
from asobi.games.carrotein.state import CHIPS_EACH, COLOURLESS, COLOURS, CarroteinState, Phase

SKY = default_sky()
BOARD_IDS: tuple[str, ...] = tuple(b.id for b in SKY.boards)
PHASES: tuple[str, ...] = tuple(p.value for p in Phase)

# --- the observation ------------------------------------------------------------------------
CELL = 25.0  # mm: chips are 20 mm, so a 25 mm square holds one or two of them (four at most)
GRID_COLUMNS = math.ceil(SKY.width / CELL)
GRID_ROWS = math.ceil(SKY.height / CELL)
# Every chip that can be on the mat at once: the first star, all six colours (those nobody
# plays are spares in the box) and the colourless ones — whatever the number of players.
MAX_CHIPS = 1 + len(COLOURS) * CHIPS_EACH + COLOURLESS
MAX_BOARDS_WON = len(BOARD_IDS) - 1  # the game ends when one board is left on the mat
MAX_SCORE = CHIPS_EACH + MAX_BOARDS_WON
ROUNDS = 20  # a round count this high reads as 1 (games last 5–10 rounds)


class CarroteinObserver(Observer):
    """A seat's view of a Carrotein table, for ``options.players`` seats (2–6)."""

    def __init__(self, options: GameOptions) -> None:
        n = self.players = options.players
        self.kinds = n + 1  # each seat's colour, relative, then chips that score for nobody
        self.cells = GRID_COLUMNS * GRID_ROWS
        self.layout = Layout(
            [
                Feature(
                    "phase",
                    len(PHASES),
                    "the phase, one-hot: 散らかしタイム (scatter time: place a chip or pass), "
                    "星座作成タイム 1 (choose two boards), 星座作成タイム 2 (lay them), game over",
                ),
                Feature("round", 1, f"the round (ラウンド) / {ROUNDS}, at most 1"),
                Feature(
                    "mat_chips",
                    self.kinds * self.cells,
                    f"星チップ on the 夜空のマット, counted per {CELL:g} mm square "
                    f"({GRID_COLUMNS} across × {GRID_ROWS} up): {self.kinds} planes of "
                    f"{GRID_ROWS} rows (from the bottom) of {GRID_COLUMNS} squares (from the "
                    "left); plane r holds the chips of the seat r places after the observer "
                    "(0: the observer's own), the last plane the chips that score for nobody "
                    "(いちばん星チップ, 無色の星チップ, colours nobody plays); a count, 0–2 "
                    "in play (4 at most: chips lie more than 20 mm apart)",
                ),
                Feature(
                    "chip_list",
                    MAX_CHIPS * (n + 3),
                    f"every 星チップ on the mat in the order laid (いちばん星チップ first), "
                    f"{MAX_CHIPS} slots of {n + 3}: x / mat width, y / mat height, then whose "
                    "it is, one-hot over the seats (observer first) and nobody; empty slots 0",
                ),
                Feature(
                    "spares_left",
                    1,
                    "spare chips still in the box (colours nobody plays, 無色の星チップ) / all",
                ),
                Feature(
                    "boards_on_mat",
                    len(BOARD_IDS),
                    f"the 星座ボード still on the mat (not yet won), one per board: {BOARD_IDS}",
                ),
                Feature(
                    "chosen_first",
                    len(BOARD_IDS),
                    "星座作成タイム 2: the first board the 挑戦プレイヤー chose (laid at the "
                    "first pose), one-hot over the boards; 0 in other phases",
                ),
                Feature(
                    "chosen_second",
                    len(BOARD_IDS),
                    "星座作成タイム 2: the second board chosen (the second pose), one-hot",
                ),
                Feature(
                    "score",
                    n,
                    f"each seat's score (boards won + 星チップ scored) / {MAX_SCORE}, the "
                    "observer first, the others in turn order",
                ),
                Feature("in_hand", n, f"each seat's own 星チップ at hand / {CHIPS_EACH}"),
                Feature(
                    "scored_chips",
                    n,
                    f"each seat's 星チップ scored (on its 得点チップ置き場ボード) / {CHIPS_EACH}",
                ),
                Feature("boards_won", n, f"each seat's 星座ボード won / {MAX_BOARDS_WON}"),
                Feature(
                    "passed",
                    n,
                    "1 for each seat that has declared 【パス】 this round (its パスカード)",
                ),
                Feature(
                    "to_act",
                    n,
                    "whose turn it is, one-hot (the 挑戦プレイヤー in 星座作成タイム); "
                    "0 when the game is over",
                ),
                Feature(
                    "start_player",
                    n,
                    "who placed first this round (最初のプレイヤー), one-hot",
                ),
            ]
        )

    def fill(self, out: Writer, view: Mapping[str, Any]) -> None:
        n = self.players
        me = view["you"] or 0  # a spectator sees the table from seat 0

        def relative(seat: int) -> int:
            return (seat - me) % n

        phase = view["phase"]
        out.one_hot("phase", PHASES.index(phase))
        out.put("round", min(view["round"] / ROUNDS, 1.0))

        owners = {s["colour"]: relative(i) for i, s in enumerate(view["seats"])}
        width, height = view["mat"]["width"], view["mat"]["height"]
        slot = n + 3
        chips = view["chips"][:MAX_CHIPS]
        if chips:  # (every chip at once: a mat holds up to 71)
            x = np.array([c["x"] for c in chips], dtype=np.float64)
            y = np.array([c["y"] for c in chips], dtype=np.float64)
            kind = np.array([owners.get(c["kind"], n) for c in chips])  # n: nobody's
            column = np.minimum((x // CELL).astype(np.int64), GRID_COLUMNS - 1)
            row = np.minimum((y // CELL).astype(np.int64), GRID_ROWS - 1)
            out.add_many("mat_chips", (kind * GRID_ROWS + row) * GRID_COLUMNS + column)
            first = np.arange(len(chips)) * slot
            out.add_many("chip_list", first, x / width)
            out.add_many("chip_list", first + 1, y / height)
            out.add_many("chip_list", first + 2 + kind)

        spares = (len(COLOURS) - n) * CHIPS_EACH + COLOURLESS
        out.put("spares_left", view["spares_left"] / spares)
        for board in view["boards"]:
            out.one_hot("boards_on_mat", BOARD_IDS.index(board))
        if phase == Phase.LAY.value and view["chosen"]:
            first, second = view["chosen"]
            out.one_hot("chosen_first", BOARD_IDS.index(first))
            out.one_hot("chosen_second", BOARD_IDS.index(second))

        for seat, s in enumerate(view["seats"]):
            r = relative(seat)
            out.add("score", r, s["score"] / MAX_SCORE)
            out.add("in_hand", r, s["in_hand"] / CHIPS_EACH)
            out.add("scored_chips", r, s["scored_chips"] / CHIPS_EACH)
            out.add("boards_won", r, len(s["boards"]) / MAX_BOARDS_WON)
            out.add("passed", r, float(s["passed"]))
        if view["turn"] is not None and phase != Phase.OVER.value:
            out.one_hot("to_act", relative(view["turn"]))
        out.one_hot("start_player", relative(view["first"]))


# --- the choices ----------------------------------------------------------------------------
POSE_STEP = 50.0  # mm between the board centres offered (the chip spots' grid, too)
TURN_STEP = 30  # degrees between the turns offered
COLUMNS = int(SKY.width // POSE_STEP)
ROWS = int(SKY.height // POSE_STEP)
TURNS = 360 // TURN_STEP
CELLS = COLUMNS * ROWS
POSE_COUNT = CELLS * TURNS * 2

FINITE = ACTION_SPACE.size
# Where the chip spots begin in the action space: they are the rules' grid, in its order.
SPOTS = ACTION_SPACE.index(grid_spots(SKY.width, SKY.height, SKY.chip_radius)[0])
assert list(ACTION_SPACE.actions[SPOTS:]) == grid_spots(SKY.width, SKY.height, SKY.chip_radius)
SOLVER = FINITE
POSES = SOLVER + 1
SIZE = POSES + POSE_COUNT

# The centres of the cells, the grid centred on the mat.
_X0 = (SKY.width - (COLUMNS - 1) * POSE_STEP) / 2
_Y0 = (SKY.height - (ROWS - 1) * POSE_STEP) / 2
_CENTRES: NDArray[np.float64] = np.array(
    [(_X0 + c * POSE_STEP, _Y0 + r * POSE_STEP) for r in range(ROWS) for c in range(COLUMNS)]
)
_POSE_CENTRES = np.repeat(_CENTRES, TURNS * 2, axis=0)  # the centre of every pose, in order


def pose_parts(pose: int) -> tuple[int, int, bool]:
    """The cell, the turn (in steps) and the side of pose ``pose`` (0..POSE_COUNT-1)."""
    if not 0 <= pose < POSE_COUNT:
        raise BadActionCode(f"pose {pose} is outside 0..{POSE_COUNT - 1}")
    cell, rest = divmod(pose, TURNS * 2)
    turn, flipped = divmod(rest, 2)
    return cell, turn, bool(flipped)


def grid_pose(pose: int) -> Pose:
    """The board pose numbered ``pose``: a board's origin is its plate's centre (every plate
    in ``sky.toml`` is drawn around it), so the cell's centre is the pose's (x, y)."""
    cell, turn, flipped = pose_parts(pose)
    x, y = _CENTRES[cell]
    return Pose(float(x), float(y), float(turn * TURN_STEP), flipped)


@cache
def _grid_plates(board_id: str) -> NDArray[np.object_]:
    """The plate of ``board_id`` at every grid pose, as a shapely array.

    Built as ``Pose.place`` builds it — mirrored, turned about the origin, then moved —
    with the move done in numpy: shapely's translation adds the offset to each coordinate,
    so these coordinates are the judge's to the last bit and the mask agrees with ``check``
    even where two boards just touch.
    """
    return np.asarray(shapely.polygons(_grid_rings(board_id)))


@cache
def _grid_rings(board_id: str) -> NDArray[np.float64]:
    """The corners of the plate of ``board_id`` at every grid pose, the ring closed:
    ``(POSE_COUNT, corners + 1, 2)``; :func:`_grid_plates` explains how."""
    plate = SKY.board(board_id).plate
    turned = np.array(
        [
            shapely.get_coordinates(Pose(0.0, 0.0, float(t * TURN_STEP), bool(f)).place(plate))
            for t in range(TURNS)
            for f in (0, 1)
        ]
    )  # (TURNS * 2, ring, 2), in pose order within a cell
    rings = turned[None, :, :, :] + _CENTRES[:, None, None, :]
    return rings.reshape(POSE_COUNT, -1, 2)


def second_poses(first: Board, first_pose: Pose, second: Board) -> NDArray[np.bool_]:
    """True at every grid pose of ``second`` whose plate does not overlap ``first``'s at
    ``first_pose`` (``sky.overlap_refusal``: touching is allowed)."""
    first_plate = first_pose.place(first.plate)
    # Plates whose centres lie farther apart than their reaches cannot overlap.
    apart = np.hypot(_POSE_CENTRES[:, 0] - first_pose.x, _POSE_CENTRES[:, 1] - first_pose.y)
    near = np.flatnonzero(apart < first.reach + second.reach + 1.0)
    allowed = np.ones(POSE_COUNT, dtype=np.bool_)
    # Plates clearly apart or deep in each other, compiled (as the solver's verdict tells
    # them); those that only touch, as the judge asks: first.intersection(second), the
    # same order, the same GEOS answer.
    corners = shapely.get_coordinates(first_plate)[:-1]
    told = kernels.plates_meet(corners, _grid_rings(second.id)[near, :-1], SURE, SURE_AREA)
    allowed[near] = told != kernels.OVERLAP
    touching = near[told == kernels.MAY_MEET]
    common = shapely.area(shapely.intersection(first_plate, _grid_plates(second.id)[touching]))
    allowed[touching] = common <= TOUCH
    return allowed


def _carrotein(state: State) -> CarroteinState:
    if not isinstance(state, CarroteinState):
        raise TypeError(f"not a Carrotein game: {type(state).__name__}")
    return state


class CarroteinCoding(ActionCoding):
    """The finite space, the solver's lay, and a lay made of two grid poses (module doc)."""

    def __init__(self, options: GameOptions) -> None:
        super().__init__(ACTION_SPACE)
        self.size = SIZE
        self.blocks = Layout(
            [
                Feature(
                    "actions",
                    FINITE,
                    "the game's action space: pass (パス), a pair of boards to choose, "
                    f"a chip spot (星チップ) on the {POSE_STEP:g} mm grid",
                ),
                Feature("solver", 1, "lay the chosen boards where the game's solver lays them"),
                Feature(
                    "poses",
                    POSE_COUNT,
                    f"a board's pose: centre cell ({COLUMNS}×{ROWS}, {POSE_STEP:g} mm), "
                    f"turn ({TURNS}×{TURN_STEP}°), turned over or not; a lay takes two",
                ),
            ]
        )
        self.pending_layout = self._pending_layout = Layout(
            [
                Feature("pending", 1, "1 while the first board's pose is chosen, the second not"),
                Feature(
                    "pending_cell",
                    CELLS,
                    f"the first board's centre: its {POSE_STEP:g} mm cell, one-hot "
                    f"({ROWS} rows from the bottom of {COLUMNS} cells from the left)",
                ),
                Feature(
                    "pending_turn", TURNS, f"the first board's turn, one-hot, {TURN_STEP}° steps"
                ),
                Feature("pending_flipped", 1, "1 when the first board is turned over"),
            ]
        )
        self.pending_size = self.pending_layout.size

    def mask(self, state: State, seat: int, pending: Pending = ()) -> NDArray[np.bool_]:
        game = _carrotein(state)
        if game.phase is not Phase.LAY or seat not in game.active_seats():
            if pending:
                raise ValueError(f"a pose is pending outside the lay step: {pending}")
            allowed = np.zeros(self.size, dtype=np.bool_)
            if game.phase is Phase.SCATTER and seat in game.active_seats():
                # The legal list read off the open grid spots (a hundred of them, looked up
                # one by one, would cost more than the rest of a step).
                allowed[ACTION_SPACE.index(PASS)] = True
                if game.next_chip(seat) is not None:
                    allowed[SPOTS + np.flatnonzero(game.open_mask())] = True
                return allowed
            for action in game.legal_actions(seat):
                allowed[ACTION_SPACE.index(action)] = True
            return allowed
        allowed = np.zeros(self.size, dtype=np.bool_)
        if not pending:
            # A board may lie anywhere; some grid pose of the second board always stays clear
            # of the first (the mat's far corners lie beyond any two boards' reach).
            allowed[SOLVER] = True
            allowed[POSES:] = True
            return allowed
        first, second = self._boards(game)
        allowed[POSES:] = second_poses(first, grid_pose(self._first_pose(pending)), second)
        return allowed

    def choose(self, state: State, seat: int, pending: Pending, index: int) -> Action | Pending:
        if not 0 <= index < self.size:
            raise BadActionCode(f"choice {index} is outside 0..{self.size - 1}")
        if index < FINITE:
            return ACTION_SPACE.action(index)  # refused by the rules in the lay step
        game = _carrotein(state)
        if game.phase is not Phase.LAY:
            raise IllegalAction("星座作成タイム 2", "boards are laid after the two are chosen")
        if index == SOLVER:
            if pending:
                raise IllegalAction("action mask", "the first pose is chosen: choose the second")
            return game.solver_lay()
        if not pending:
            return (index,)
        return Lay(grid_pose(self._first_pose(pending)), grid_pose(index - POSES))

    def pending_features(self, pending: Pending) -> Vector:
        out = Writer(self._pending_layout)
        if pending:
            cell, turn, flipped = pose_parts(self._first_pose(pending))
            out.put("pending", 1.0)
            out.one_hot("pending_cell", cell)
            out.one_hot("pending_turn", turn)
            out.put("pending_flipped", float(flipped))
        return out.values

    @staticmethod
    def _first_pose(pending: Pending) -> int:
        if len(pending) != 1 or not POSES <= pending[0] < SIZE:
            raise ValueError(f"a pending lay is one pose index {POSES}..{SIZE - 1}: {pending}")
        return pending[0] - POSES

    @staticmethod
    def _boards(game: CarroteinState) -> tuple[Board, Board]:
        assert game.chosen is not None
        return game.sky.board(game.chosen[0]), game.sky.board(game.chosen[1])


def observer(options: GameOptions) -> Observer:
    return CarroteinObserver(options)


def coding(options: GameOptions) -> ActionCoding:
    return CarroteinCoding(options)
