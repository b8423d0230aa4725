"""The solver's inner loops compiled (numba), each the same arithmetic as the numpy form it
replaced, element by element and in the same order, so the same answers to the last bit
(``tests/games/carrotein/test_carrotein_kernels.py`` holds each to its plain numpy form).

- **The refinement** (:func:`refine`): a pattern search weighs six poses a step against a
  dozen centre points, some 16 steps a refinement; as numpy calls, each step cost some 70 µs
  of call overhead for a few hundred multiplications. Compiled, a whole refinement costs
  about 30 µs. The field is read bilinearly (:func:`_distance`), the plates are kept apart
  by separating axes (:func:`_overlap`), the points are summed as numpy sums a row
  (:func:`_pairwise`).
- **The plates** of many poses against another board (:func:`overlaps`), or of two lists
  of poses against each other (:func:`pair_overlaps`).
- **The coarse look** (:func:`look`): each orientation's bitmap laid at every centre point
  by runs of cells (:func:`_cells`) and its cells sorted by mask a byte at a time
  (:func:`_sorted`), in one pass an orientation where numpy took a dozen calls.
- **The masks**: where their plates can be (:func:`mask_reach`: the least and most of each
  row's, :func:`_row_reach`, over the cells on its hull's boundary; worked out only for the
  masks a pairing weighs), the pairs worth placing (:func:`pairings`), the weighing of their
  poses (:func:`pose_values`, :func:`best_in_rows`) and the best start off the other board
  (:func:`best_off`). A projection is one fused multiply-add (:func:`_fma`), as numpy's
  matrix product works it out on this machine's BLAS.
- **The counts** of points a pose may hide, for each orientation's cap (:func:`counts`).
- **The judge's verdict, where it is sure** (:func:`verdict`, :func:`plates_meet`): not the
  numpy form of anything but shapely's geometry in the same doubles, trusted only where
  every decision lies more than ``solver.SURE`` from its line (the judge decides the rest).

numba compiles a function on its first call in a process and keeps the machine code in
``__pycache__`` (or its own cache folder when that is read-only): a fresh install pays some
seconds once, a new process some tenths of a second to load it (``solver.prepare``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, cast

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic
from numpy.typing import NDArray

Floats = NDArray[np.float64]
Ints = NDArray[np.int64]
Flags = NDArray[np.bool_]
Words = NDArray[np.uint64]

compiled = njit(cache=True, nogil=True)  # nogil: the server's threads solve side by side


def _llvm(name: str, result: Any, *arguments: Any) -> Any:
    """A codegen for numba's ``@intrinsic``: a call of LLVM's intrinsic ``name``."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        kind = ir.FunctionType(result, list(arguments))
        insert: Any = cgutils.get_or_insert_function  # (untyped)
        return builder.call(insert(builder.module, kind, name), args)

    return codegen


@intrinsic
def _fma(typingctx: Any, a: Any, b: Any, c: Any) -> Any:
    """a × b + c, rounded once (LLVM's ``llvm.fma.f64``). numpy's matrix product works out
    a row of two against a column so on this machine's BLAS: ``fused(y, v, x * u)``, and
    ``fused(x, u, y * v)`` in a matrix-vector product."""
    double = ir.DoubleType()
    signature = types.float64(types.float64, types.float64, types.float64)
    return signature, _llvm("llvm.fma.f64", double, double, double, double)


fused = cast(Callable[[float, float, float], float], _fma)  # (as the type checker sees it)


@compiled
def _block(values: Floats, low: int, n: int) -> float:
    """numpy's sum of up to 128 values from ``low``: one at a time under 8, else eight
    running sums, then the rest one at a time."""
    if n < 8:
        total = -0.0
        for i in range(n):
            total += values[low + i]
        return total
    r0, r1, r2, r3 = values[low], values[low + 1], values[low + 2], values[low + 3]
    r4, r5, r6, r7 = values[low + 4], values[low + 5], values[low + 6], values[low + 7]
    i = 8
    while i < n - (n % 8):
        at = low + i
        r0 += values[at]
        r1 += values[at + 1]
        r2 += values[at + 2]
        r3 += values[at + 3]
        r4 += values[at + 4]
        r5 += values[at + 5]
        r6 += values[at + 6]
        r7 += values[at + 7]
        i += 8
    total = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
    while i < n:
        total += values[low + i]
        i += 1
    return float(total)


@compiled
def _pairwise(values: Floats, n: int) -> float:
    """numpy's sum of ``values[:n]`` (``np.add.reduce`` along a row), to the last bit:
    blocks of up to 128 (:func:`_block`), halved above that and the halves added. Without
    recursion (numba's cache cannot keep a recursive function): a stack of pieces to sum
    (``n`` > 0) and of sums to add (``n`` = -1)."""
    if n <= 128:
        return _block(values, 0, n)
    pieces = [(0, n)]
    sums = [0.0]
    sums.pop()
    while pieces:
        low, count = pieces.pop()
        if count < 0:
            right = sums.pop()
            sums.append(sums.pop() + right)
        elif count <= 128:
            sums.append(_block(values, low, count))
        else:
            half = count // 2
            half -= half % 8
            pieces.append((0, -1))
            pieces.append((low + half, count - half))
            pieces.append((low, half))
    return sums[0]


# What a refinement is given about its board (``board``) and the constants (``knobs``), as
# numbers in arrays: a compiled call checks the type of each argument it is given.
NY, LAST_X, LAST_Y, ORIGIN_X, ORIGIN_Y, STEP_X, STEP_Y, CORNERS = range(8)
RADIUS, CLEARANCE, GIVE_UP, PLATE_GAP, OVERLAP_STEP, OVERLAP_PER_MM, FINEST = range(7)


@compiled
def _plate(
    outline: Floats, corners: int, x: float, y: float, c: float, s: float, out: Floats
) -> None:
    """A plate's outline (its hull's ``corners``, then its edges' normals) turned by the
    cosine and sine ``c``, ``s``, and its corners moved to (x, y): into ``out``, as
    ``solver._turned`` turns points."""
    for j in range(outline.shape[0]):
        px, py = outline[j, 0], outline[j, 1]
        out[j, 0] = c * px - s * py
        out[j, 1] = s * px + c * py
        if j < corners:
            out[j, 0] += x
            out[j, 1] += y


@compiled
def _overlap(mine: Floats, corners: int, theirs: Floats, their_corners: int) -> float:
    """How deep two plates (outlines as :func:`_plate` writes them, with ``corners`` and
    ``their_corners``) reach into each other, in mm, by separating axes (their edges'
    normals): positive when they overlap, and when apart the (negative) gap along the best
    axis."""
    depth = np.inf
    edges = mine.shape[0] - corners
    for axis in range(edges + theirs.shape[0] - their_corners):
        if axis < edges:
            ax, ay = mine[corners + axis, 0], mine[corners + axis, 1]
        else:
            ax, ay = (
                theirs[their_corners + axis - edges, 0],
                theirs[their_corners + axis - edges, 1],
            )
        high, low = -np.inf, np.inf
        for j in range(corners):
            along = mine[j, 0] * ax + mine[j, 1] * ay
            high, low = max(high, along), min(low, along)
        their_high, their_low = -np.inf, np.inf
        for j in range(their_corners):
            along = theirs[j, 0] * ax + theirs[j, 1] * ay
            their_high, their_low = max(their_high, along), min(their_low, along)
        depth = min(depth, min(high, their_high) - max(low, their_low))
    return depth


@compiled
def _distance(
    px: float, py: float, x: float, y: float, c: float, s: float, field: Floats, board: Floats
) -> float:
    """How far inside (+) or outside (-) the figure of a board at (x, y), its turn's
    cosine and sine ``c``, ``s``, the point (px, py) lies, in mm: the distance field read
    bilinearly between its samples (``solver._Shapes``)."""
    ny = int(board[NY])
    ox, oy = px - x, py - y
    at_x = ((ox * c + oy * s) - board[ORIGIN_X]) / board[STEP_X]
    at_y = ((oy * c - ox * s) - board[ORIGIN_Y]) / board[STEP_Y]
    sample_x = min(max(math.floor(at_x), 0.0), board[LAST_X])
    sample_y = min(max(math.floor(at_y), 0.0), board[LAST_Y])
    at_x = min(max(at_x - sample_x, 0.0), 1.0)
    at_y = min(max(at_y - sample_y, 0.0), 1.0)
    k = int(sample_x * ny + sample_y)
    rest_x = 1 - at_x
    near = field[k] * rest_x + field[k + ny] * at_x
    far = field[k + 1] * rest_x + field[k + ny + 1] * at_x
    return float(near * (1 - at_y) + far * at_y)


@compiled
def margins(
    poses: Floats, xs: Floats, ys: Floats, field: Floats, board: Floats, radius: float
) -> Floats:
    """For each pose (rows of x, y, turn) and centre point: how far inside (+) or outside
    (-) of being hidden it is, in mm: ``(poses, points)``."""
    out = np.empty((len(poses), len(xs)))
    for p in range(len(poses)):
        turn = poses[p, 2] * (math.pi / 180.0)
        c, s = math.cos(turn), math.sin(turn)
        for i in range(len(xs)):
            out[p, i] = (
                _distance(xs[i], ys[i], poses[p, 0], poses[p, 1], c, s, field, board) - radius
            )
    return out


@compiled
def _shortfall(
    x: float, y: float, angle: float, xs: Floats, ys: Floats, weights: Floats, field: Floats,
    board: Floats, outline: Floats, other: Floats, their_corners: int, knobs: Floats,
    scratch: Floats, mine: Floats,
) -> float:  # fmt: skip
    """One pose's shortfall, as ``solver.shortfalls`` says (``other``: the other plate's
    outline, moved, or no rows)."""
    turn = angle * (math.pi / 180.0)
    c, s = math.cos(turn), math.sin(turn)
    n = len(xs)
    for i in range(n):
        distance = _distance(xs[i], ys[i], x, y, c, s, field, board)
        margin = (distance - knobs[RADIUS]) - knobs[CLEARANCE]
        scratch[i] = min(max(margin, -knobs[GIVE_UP]), 0.0) * weights[i]
    value = _pairwise(scratch, n)
    if other.shape[0] == 0:
        return value
    corners = int(board[CORNERS])
    _plate(outline, corners, x, y, c, s, mine)
    depth = _overlap(mine, corners, other, their_corners) + knobs[PLATE_GAP]
    if depth > 0:
        value -= knobs[OVERLAP_STEP] + knobs[OVERLAP_PER_MM] * depth
    return value


@compiled
def _other(outline: Floats, pose: Floats) -> Floats:
    """The other board's plate at ``pose`` (x, y, turn and its hull's corners), or no rows
    without one."""
    out = np.empty((outline.shape[0], 2))
    if outline.shape[0]:
        turn = pose[2] * (math.pi / 180.0)
        _plate(outline, int(pose[3]), pose[0], pose[1], math.cos(turn), math.sin(turn), out)
    return out


@compiled
def shortfalls(
    poses: Floats, xs: Floats, ys: Floats, weights: Floats, field: Floats, board: Floats,
    outline: Floats, other_outline: Floats, other_pose: Floats, knobs: Floats,
) -> Floats:  # fmt: skip
    """Each pose's (rows of x, y, turn) shortfall: what a refinement climbs."""
    scratch, mine = np.empty(len(xs)), np.empty(outline.shape)
    other, theirs = _other(other_outline, other_pose), int(other_pose[3])
    out = np.empty(len(poses))
    for p in range(len(poses)):
        out[p] = _shortfall(
            poses[p, 0], poses[p, 1], poses[p, 2], xs, ys, weights, field, board, outline,
            other, theirs, knobs, scratch, mine,
        )  # fmt: skip
    return out


@compiled
def _moved(
    x: float, y: float, angle: float, move: int, step: float, turn: float
) -> tuple[float, float, float]:
    """A pose moved by one of the refinement's six moves: x, y and the turn, up then down
    (``pose + move * (step, step, turn)``: a coordinate not moved is kept as it is)."""
    ahead = step if move < 4 else turn
    ahead = ahead if move % 2 == 0 else -ahead
    if move < 2:
        return x + ahead, y, angle
    if move < 4:
        return x, y + ahead, angle
    return x, y, angle + ahead


@compiled
def refine(
    x: float, y: float, angle: float, step: float, turn: float, xs: Floats, ys: Floats,
    weights: Floats, field: Floats, board: Floats, outline: Floats, other_outline: Floats,
    other_pose: Floats, knobs: Floats,
) -> tuple[float, float, float]:  # fmt: skip
    """The pattern search of ``solver.refine`` from (x, y, angle), its steps ``step`` mm and
    ``turn`` degrees: the pose it ends at. Each step weighs the six moves (:func:`_moved`)
    and takes the best (the first of equals) if it does better, else halves the steps,
    until nothing is left out or both steps are below ``FINEST``. (The arguments are those
    of :func:`shortfalls`, but one pose.)"""
    scratch, mine = np.empty(len(xs)), np.empty(outline.shape)
    other, theirs = _other(other_outline, other_pose), int(other_pose[3])
    best = _shortfall(
        x, y, angle, xs, ys, weights, field, board, outline, other, theirs, knobs, scratch, mine
    )  # fmt: skip
    while best < 0 and (step > knobs[FINEST] or turn > knobs[FINEST]):
        found, top = -1, -np.inf
        for move in range(6):
            tx, ty, ta = _moved(x, y, angle, move, step, turn)
            value = _shortfall(
                tx, ty, ta, xs, ys, weights, field, board, outline, other, theirs, knobs,
                scratch, mine,
            )  # fmt: skip
            if found < 0 or value > top:
                found, top = move, value
        if top > best:
            x, y, angle = _moved(x, y, angle, found, step, turn)
            best = top
        else:
            step, turn = step / 2, turn / 2
    return x, y, angle


@compiled
def _plates(poses: Floats, sides: Flags, outlines: Floats, corners: int) -> Floats:
    """Each pose's plate (``outlines[side]`` turned and moved, :func:`_plate`)."""
    out = np.empty((len(poses), outlines.shape[1], 2))
    for p in range(len(poses)):
        turn = poses[p, 2] * (math.pi / 180.0)
        outline = outlines[1 if sides[p] else 0]
        _plate(outline, corners, poses[p, 0], poses[p, 1], math.cos(turn), math.sin(turn), out[p])
    return out


@compiled
def overlaps(
    poses: Floats, sides: Flags, outlines: Floats, corners: int, other_outline: Floats,
    other_pose: Floats,
) -> Floats:  # fmt: skip
    """How deep a board's plate at each pose (rows of x, y, turn; ``sides``: turned over)
    reaches into the other board's at ``other_pose``: ``_overlap`` of each."""
    other = _other(other_outline, other_pose)
    theirs = int(other_pose[3])
    plates = _plates(poses, sides, outlines, corners)
    out = np.empty(len(poses))
    for p in range(len(poses)):
        out[p] = _overlap(plates[p], corners, other, theirs)
    return out


@compiled
def pair_overlaps(
    poses_a: Floats, sides_a: Flags, outlines_a: Floats, corners_a: int, poses_b: Floats,
    sides_b: Flags, outlines_b: Floats, corners_b: int,
) -> Floats:  # fmt: skip
    """How deep the plates of every pose of one board and every pose of another reach into
    each other: ``(poses of a, poses of b)``."""
    plates_a = _plates(poses_a, sides_a, outlines_a, corners_a)
    plates_b = _plates(poses_b, sides_b, outlines_b, corners_b)
    out = np.empty((len(poses_a), len(poses_b)))
    for p in range(len(poses_a)):
        for q in range(len(poses_b)):
            out[p, q] = _overlap(plates_a[p], corners_a, plates_b[q], corners_b)
    return out


# --- the judge's verdict, where it is sure ----------------------------------------------
JUDGED, OVERLAP, MAY_MEET, TOO_CLOSE = range(4)  # what :func:`verdict` could tell


@compiled
def _placed(points: Floats, pose: Floats) -> Floats:
    """Points in a board's frame on the mat at ``pose`` (x, y, cosine, sine, -1 turned over
    else 1), with ``sky.Pose._move``'s arithmetic in its order."""
    x, y, c, s, flip = pose[0], pose[1], pose[2], pose[3], pose[4]
    out = np.empty_like(points)
    for k in range(len(points)):
        px, py = points[k, 0], points[k, 1]
        out[k, 0] = (flip * c) * px + -s * py + x
        out[k, 1] = (flip * s) * px + c * py + y
    return out


@compiled
def _clearly_apart(one: Floats, other: Floats, sure: float) -> bool:
    """Two convex plates (their corners in turn, the first not repeated) lie more than
    ``sure`` mm apart along one of their edges' normals."""
    for mine, theirs in ((one, other), (other, one)):
        n = len(mine)
        for k in range(n):
            nx = -(mine[(k + 1) % n, 1] - mine[k, 1])
            ny = mine[(k + 1) % n, 0] - mine[k, 0]
            length = math.sqrt(nx * nx + ny * ny)
            nx, ny = nx / length, ny / length
            low, high = np.inf, -np.inf
            for j in range(n):
                along = mine[j, 0] * nx + mine[j, 1] * ny
                low, high = min(low, along), max(high, along)
            their_low, their_high = np.inf, -np.inf
            for j in range(len(theirs)):
                along = theirs[j, 0] * nx + theirs[j, 1] * ny
                their_low, their_high = min(their_low, along), max(their_high, along)
            if their_low > high + sure or low > their_high + sure:
                return True
    return False


@compiled
def _common_area(one: Floats, other: Floats) -> float:
    """The area two convex plates (their corners in turn) have in common: ``one`` cut by
    each edge of ``other`` in turn (Sutherland and Hodgman), then the shoelace."""
    n = len(other)
    turn = 0.0  # twice other's signed area: its corners anticlockwise when positive
    for k in range(n):
        turn += other[k, 0] * other[(k + 1) % n, 1] - other[(k + 1) % n, 0] * other[k, 1]
    side = 1.0 if turn > 0 else -1.0
    size = len(one) + n  # each cut adds a corner at most
    kept, cut = np.empty((size, 2)), np.empty((size, 2))
    kept[: len(one)] = one
    count = len(one)
    for k in range(n):
        ax, ay = other[k, 0], other[k, 1]
        bx, by = other[(k + 1) % n, 0], other[(k + 1) % n, 1]
        left = 0
        for j in range(count):
            px, py = kept[j, 0], kept[j, 1]
            qx, qy = kept[(j + 1) % count, 0], kept[(j + 1) % count, 1]
            p_in = side * ((bx - ax) * (py - ay) - (by - ay) * (px - ax))
            q_in = side * ((bx - ax) * (qy - ay) - (by - ay) * (qx - ax))
            if p_in >= 0:
                cut[left, 0], cut[left, 1] = px, py
                left += 1
            if (p_in >= 0) != (q_in >= 0):
                share = p_in / (p_in - q_in)
                cut[left, 0], cut[left, 1] = px + share * (qx - px), py + share * (qy - py)
                left += 1
        kept, cut, count = cut, kept, left
        if count == 0:
            return 0.0
    area = 0.0
    for j in range(count):
        area += kept[j, 0] * kept[(j + 1) % count, 1] - kept[(j + 1) % count, 0] * kept[j, 1]
    return abs(area) / 2


@compiled
def _plates_told(one: Floats, other: Floats, sure: float, sure_area: float) -> int:
    """Whether two convex plates overlap: ``JUDGED`` more than ``sure`` mm apart,
    ``OVERLAP`` with more than ``sure_area`` mm² in common (the judge refuses more than a
    touch), ``MAY_MEET`` in between, where only the judge can say."""
    if _clearly_apart(one, other, sure):
        return JUDGED
    return OVERLAP if _common_area(one, other) > sure_area else MAY_MEET


@compiled
def plates_meet(one: Floats, others: Floats, sure: float, sure_area: float) -> Ints:
    """:func:`_plates_told` of the plate ``one`` and each of ``others`` (``(plates, corners,
    2)``)."""
    told = np.empty(len(others), dtype=np.int64)
    for k in range(len(others)):
        told[k] = _plates_told(one, others[k], sure, sure_area)
    return told


@compiled
def _hides(x: float, y: float, rings: Floats, ends: Ints, need: float, sure: float) -> int:
    """Whether a figure (its rings on the mat, each closed, ``rings[:ends[0]]`` the first)
    hides the centre point at (x, y): inside it (by the crossings of a ray), and ``need``
    mm at least from every edge. 1 hidden, 0 not, -1 too close to either line to call."""
    inside = False
    nearest = np.inf  # squared
    start = 0
    for stop in ends:
        for k in range(start, stop - 1):
            ax, ay, bx, by = rings[k, 0], rings[k, 1], rings[k + 1, 0], rings[k + 1, 1]
            if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
                inside = not inside
            dx, dy = bx - ax, by - ay
            along = min(1.0, max(0.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
            ex, ey = ax + along * dx - x, ay + along * dy - y
            nearest = min(nearest, ex * ex + ey * ey)
        start = stop
    distance = math.sqrt(nearest)
    if distance < sure or (inside and abs(distance - need) < sure):
        return -1
    return 1 if inside and distance >= need else 0


@compiled
def verdict(
    xs: Floats, ys: Floats, rings_a: Floats, ends_a: Ints, plate_a: Floats, pose_a: Floats,
    rings_b: Floats, ends_b: Ints, plate_b: Floats, pose_b: Floats, need: float, sure: float,
    sure_area: float,
) -> tuple[int, Flags]:  # fmt: skip
    """``sky.judge`` on two boards, where it is sure: ``JUDGED`` and which centre points
    the boards hide (a figure's rings and its plate's corners in the board's frame, each
    pose as :func:`_placed` reads it; hidden: inside the figure and ``need`` mm from its
    edges). The judge's own geometry works in the same doubles and differs from this in
    the last bits only, so wherever a decision is more than ``sure`` mm from its line the
    two agree: ``OVERLAP`` and ``MAY_MEET`` as :func:`_plates_told` tells the plates,
    ``TOO_CLOSE`` where a point is that near a figure's edge or the clearance's line, and
    where it may not be sure the judge decides."""
    hidden = np.zeros(len(xs), dtype=np.bool_)
    plates = _plates_told(_placed(plate_a, pose_a), _placed(plate_b, pose_b), sure, sure_area)
    if plates != JUDGED:
        return plates, hidden
    for rings, ends, pose in ((rings_a, ends_a, pose_a), (rings_b, ends_b, pose_b)):
        figure = _placed(rings, pose)
        low_x, high_x = figure[:, 0].min() - sure, figure[:, 0].max() + sure
        low_y, high_y = figure[:, 1].min() - sure, figure[:, 1].max() + sure
        for i in range(len(xs)):
            if hidden[i] or not (low_x <= xs[i] <= high_x and low_y <= ys[i] <= high_y):
                continue
            hides = _hides(xs[i], ys[i], figure, ends, need, sure)
            if hides < 0:
                return TOO_CLOSE, hidden
            hidden[i] = hides == 1
    return JUDGED, hidden


# --- the coarse look ----------------------------------------------------------------------
@intrinsic
def _ctpop(typingctx: Any, word: Any) -> Any:
    """The bits set in a 64-bit word (LLVM's ``llvm.ctpop.i64``: one instruction)."""
    word64 = ir.IntType(64)
    return types.uint64(types.uint64), _llvm("llvm.ctpop.i64", word64, word64)


bits_set = cast(Callable[[np.uint64], int], _ctpop)  # (as the type checker sees it)


@compiled
def _qualifies(mask: np.uint64, floor: int) -> bool:
    """A cell's mask with at least ``floor`` points (1 at least)."""
    return mask != 0 and (floor <= 1 or bits_set(np.uint64(mask)) >= floor)


@compiled
def _turns_right(ox: float, oy: float, ax: float, ay: float, bx: float, by: float) -> bool:
    """From o to a, then on to b, turns clockwise (straight on is not a turn)."""
    return (ax - ox) * (by - oy) - (ay - oy) * (bx - ox) < 0


@compiled
def _row_outline(t: Floats, first: int, last: int, outline: Floats) -> int:
    """The cells of the row ``t[first:last + 1]`` (ordered by x, then y) on the boundary of
    their convex hull, corners and cells along its edges alike, into ``outline``: how many.
    The lower chain runs over each column's lowest cell left to right, the upper over each
    one's highest right to left (Andrew's monotone chain, keeping the cells in line). The
    translations are whole cells of whole millimetres, so the turns are worked out exactly."""
    n = 0
    j = first
    while j <= last:  # each column's lowest: the first of its cells
        x, y = t[j, 0], t[j, 1]
        while n >= 2 and _turns_right(
            outline[n - 2, 0], outline[n - 2, 1], outline[n - 1, 0], outline[n - 1, 1], x, y
        ):  # fmt: skip
            n -= 1
        outline[n, 0], outline[n, 1] = x, y
        n += 1
        while j <= last and t[j, 0] == x:
            j += 1
    upper = n
    j = last
    while j >= first:  # each column's highest: the last of its cells
        x, y = t[j, 0], t[j, 1]
        while n >= upper + 2 and _turns_right(
            outline[n - 2, 0], outline[n - 2, 1], outline[n - 1, 0], outline[n - 1, 1], x, y
        ):  # fmt: skip
            n -= 1
        outline[n, 0], outline[n, 1] = x, y
        n += 1
        while j >= first and t[j, 0] == x:
            j -= 1
    return n


@compiled
def _row_reach(
    t: Floats, first: int, last: int, support: Floats, opposite: Ints, units: Floats,
    front: Floats, back: Floats, outline: Floats,
) -> None:  # fmt: skip
    """The reach of the row of cells ``t[first:last + 1]`` (ordered by x, then y): how far
    its plate (reaching ``support`` from the board's origin) reaches least along each
    direction of ``units``, and how far back it starts at most, into ``front`` and ``back``.
    A projection is one fused multiply-add, as numpy's matrix product works it out on this
    machine's BLAS (and so did the numpy form).

    The least and most of a projection over the row are those over the cells on its hull's
    boundary (:func:`_row_outline`, ``outline`` its room): a cell inside lies at least
    1/40 of a cell inside every edge (edges join cells of a bitmap some 30 cells wide), so
    its projection, rounded, is never below or above the boundary's, some 1e-13 mm apart
    at most; a cell along an edge is kept, as it may tie with the corners."""
    n = _row_outline(t, first, last, outline)
    for d in range(len(units)):
        low, high = np.inf, -np.inf
        u, v = units[d, 0], units[d, 1]
        for e in range(n):
            along = fused(outline[e, 1], v, outline[e, 0] * u)
            low, high = min(low, along), max(high, along)
        front[d] = low + support[d]
        back[d] = high - support[opposite[d]]


@compiled
def mask_reach(
    m: int, rows: Any, opposite: Ints, units: Floats, front: Floats, back: Floats,
    outline: Floats, row_front: Floats, row_back: Floats,
) -> None:  # fmt: skip
    """Over mask ``m``'s rows (``rows``: as ``solver._Masks.rows`` gives them), the least
    far their plates reach along each direction of ``units`` and the farthest back they
    start: the least and the most of each row's (:func:`_row_reach`, into ``row_front``
    and ``row_back``; ``outline``: room for a row's outline), into ``front`` and ``back``."""
    order, row_from, row_to, row_start, row_stop, row_k, t, supports = rows
    for g in range(row_from[m], row_to[m]):
        r = order[g]
        _row_reach(
            t, row_start[r], row_stop[r] - 1, supports[row_k[r]], opposite, units, row_front,
            row_back, outline,
        )  # fmt: skip
        for d in range(len(units)):
            if g == row_from[m]:
                front[d], back[d] = row_front[d], row_back[d]
            else:
                front[d], back[d] = min(front[d], row_front[d]), max(back[d], row_back[d])


@compiled
def _reach_once(m: int, side: Any, scratch: Any) -> None:
    """Mask ``m``'s reach (:func:`mask_reach`) into row ``m`` of a board's ``front`` and
    ``back``, unless ``known`` already (``side``: its ``rows``, ``known``, ``front`` and
    ``back``; ``scratch``: the directions, ``opposite`` and ``units``, and room to work
    in)."""
    rows, known, front, back = side
    opposite, units, outline, row_front, row_back = scratch
    if not known[m]:
        mask_reach(m, rows, opposite, units, front[m], back[m], outline, row_front, row_back)
        known[m] = True


@compiled
def _longest_row(rows: Any) -> int:
    """The most cells of a row of ``rows`` (and 1 at least)."""
    row_start, row_stop = rows[3], rows[4]
    most = 1
    for r in range(len(row_start)):
        most = max(most, row_stop[r] - row_start[r])
    return most


@compiled
def _sorted(masks: Words, count: int, bits: int, order: Ints, spare: Ints) -> None:
    """The order of ``masks[:count]`` sorted, stably, into ``order``: a byte at a time, the
    lowest first (masks of ``bits`` bits)."""
    tally = np.empty(257, dtype=np.int64)
    for j in range(count):
        order[j] = j
    for shift in range(0, bits, 8):
        tally[:] = 0
        for j in range(count):
            tally[((masks[order[j]] >> np.uint64(shift)) & np.uint64(255)) + 1] += 1
        for digit in range(256):
            tally[digit + 1] += tally[digit]
        for j in range(count):
            digit = (masks[order[j]] >> np.uint64(shift)) & np.uint64(255)
            spare[tally[digit]] = order[j]
            tally[digit] += 1
        order[:count] = spare[:count]


@compiled
def _cells(
    us: Ints, vs: Ints, spans: Ints, first: int, end: int, floor: int, acc: NDArray[Any],
    one: Any, xs: Ints, ys: Ints, masks: Words,
) -> int:  # fmt: skip
    """One orientation's cells of at least ``floor`` points, in the order of the grid (x,
    then y), into ``xs``, ``ys`` and ``masks``: how many. Its bitmap (the runs of cells
    ``spans[first:end]``: row, first and end column) is laid at each centre point's grid
    cell (``us``, ``vs``) with the point's bit (``one`` shifted, of ``acc``'s type), on
    ``acc``, which is zero before and after. Only the rows of ``acc`` that the bitmaps of
    ``floor`` points reach are read (a cell's points are those whose bitmap covers it)."""
    low, high = spans[first, 0], spans[first, 0]
    for run in range(first, end):
        low, high = min(low, spans[run, 0]), max(high, spans[run, 0])
    reached = np.zeros(acc.shape[0] + 1, dtype=np.int64)  # bitmaps starting, less ending
    for i in range(len(us)):
        bit = one << i
        reached[us[i] + low] += 1
        reached[us[i] + high + 1] -= 1
        for run in range(first, end):
            x, below, above = us[i] + spans[run, 0], vs[i] + spans[run, 1], vs[i] + spans[run, 2]
            for y in range(below, above):
                acc[x, y] |= bit
    count = 0
    bitmaps = 0
    for x in range(acc.shape[0]):
        bitmaps += reached[x]
        if bitmaps >= max(floor, 1):
            for y in range(acc.shape[1]):
                if _qualifies(acc[x, y], floor):
                    xs[count], ys[count], masks[count] = x, y, acc[x, y]
                    count += 1
    for x in range(us.min() + low, us.max() + high + 1):
        acc[x, :] = 0
    return count


@compiled
def counts(
    us: Ints, vs: Ints, spans: Ints, span_from: Ints, width: int, height: int
) -> tuple[NDArray[np.uint8], Ints]:  # fmt: skip
    """Per orientation (its bitmap's runs ``spans[span_from[k]:span_from[k + 1]]``, as
    :func:`look` reads them), how many centre points (at grid cells ``us``, ``vs``, from the
    lowest) a pose may hide at each cell of a ``width`` x ``height`` window, and the most
    (the orientation's cap)."""
    orientations = len(span_from) - 1
    count = np.zeros((orientations, width, height), dtype=np.uint8)
    caps = np.zeros(orientations, dtype=np.int64)
    for k in range(orientations):
        for i in range(len(us)):
            for run in range(span_from[k], span_from[k + 1]):
                x = us[i] + spans[run, 0]
                for y in range(vs[i] + spans[run, 1], vs[i] + spans[run, 2]):
                    count[k, x, y] += 1
        caps[k] = count[k].max()
    return count, caps


@compiled
def grown_caps(
    count: NDArray[np.uint8], caps: Ints, spans: Ints, span_from: Ints, du: int, dv: int
) -> Ints:  # fmt: skip
    """Per orientation, its cap with one centre point more, at grid cell (``du``, ``dv``)
    of the window of :func:`counts` (``count`` and ``caps``, of the points before): the
    counts change only under the new point's bitmap, each by one. Where that lies off the
    window, a count was 0 and becomes 1: no more than a cap, which is at least 1."""
    out = caps.copy()
    width, height = count.shape[1], count.shape[2]
    for k in range(len(caps)):
        for run in range(span_from[k], span_from[k + 1]):
            x = du + spans[run, 0]
            if 0 <= x < width:
                for y in range(max(dv + spans[run, 1], 0), min(dv + spans[run, 2], height)):
                    out[k] = max(out[k], count[k, x, y] + 1)
    return out


@compiled
def _grown(values: NDArray[Any], size: int) -> NDArray[Any]:
    """``values`` in an array of ``size`` rows (as many or more)."""
    out = np.empty((size, *values.shape[1:]), dtype=values.dtype)
    out[: len(values)] = values
    return out


@compiled
def look(
    us: Ints, vs: Ints, spans: Ints, span_from: Ints, picked: Ints, acc: NDArray[Any],
    floor: int, bits: int, shifts: Ints, cell: float,
) -> tuple[Floats, Words, Ints, Ints]:  # fmt: skip
    """A board's coarse look (``solver._Grid.layers``), each orientation of ``picked`` in
    turn: its bitmap (runs of cells ``spans[span_from[k]:span_from[k + 1]]``: row, first and
    end column, flipped) laid at each centre point's grid cell (``us``, ``vs``, from the
    lowest) with the point's bit, on the window ``acc`` (zero; of the narrowest unsigned type
    that holds ``bits`` bits: the fewer bytes, the faster laid and read) whose cell [0, 0]
    lies at the grid translation ``shifts[slot]``, in steps of ``cell`` mm.

    Orientation by orientation, the cells of at least ``floor`` points (1 at least) in the
    order of its grid (x, then y), sorted by mask (of ``bits`` bits at most), stably: their
    translations (mm) and masks; and each row's (a run of one orientation's cells of one
    mask) orientation (from ``picked``) and first cell (a row ends where the next starts).
    (The rows' reach is worked out only for the masks paired: :func:`mask_reach`.)"""
    orientations = len(picked)
    one = acc.dtype.type(1)
    most = acc.shape[0] * acc.shape[1]  # an orientation's cells at most
    xs, ys = np.empty(most, dtype=np.int64), np.empty(most, dtype=np.int64)
    masks = np.empty(most, dtype=np.uint64)
    order, spare = np.empty(most, dtype=np.int64), np.empty(most, dtype=np.int64)
    # The cells and rows of all orientations, the arrays doubled when full.
    t, words = np.empty((most, 2)), np.empty((most, 1), dtype=np.uint64)
    starts, ks = np.empty(most, dtype=np.int64), np.empty(most, dtype=np.int64)
    cells = rows = 0
    for slot in range(orientations):
        first, end = span_from[picked[slot]], span_from[picked[slot] + 1]
        count = _cells(us, vs, spans, first, end, floor, acc, one, xs, ys, masks)
        _sorted(masks, count, bits, order, spare)
        if cells + count > len(t):
            size = max(2 * len(t), cells + count)
            t, words = _grown(t, size), _grown(words, size)
        if rows + count > len(starts):
            size = max(2 * len(starts), rows + count)
            starts, ks = _grown(starts, size), _grown(ks, size)
        for j in range(count):
            at = order[j]
            t[cells + j, 0] = float(xs[at] + shifts[slot, 0]) * cell
            t[cells + j, 1] = float(ys[at] + shifts[slot, 1]) * cell
            words[cells + j, 0] = masks[at]
            if j == 0 or masks[at] != masks[order[j - 1]]:
                starts[rows], ks[rows] = cells + j, slot
                rows += 1
        cells += count
    for r in range(rows):
        ks[r] = picked[ks[r]]
    # The arrays as far as they are filled: copied where that would hold far more than it
    # needs (the solver keeps the cells of the last skies), else views (a copy costs some
    # tenth of a look).
    if 2 * cells < len(t):
        t, words = t[:cells].copy(), words[:cells].copy()
    if 2 * rows < len(starts):
        starts, ks = starts[:rows].copy(), ks[:rows].copy()
    return t[:cells], words[:cells], ks[:rows], starts[:rows]


@compiled
def _worse(key: float, at: int, other_key: float, other_at: int) -> bool:
    """Later in a stable sort by key: a greater key, or an equal one found later."""
    return key > other_key or (key == other_key and at > other_at)


@compiled
def _insert(
    keys: Floats, places: Ints, chosen: Ints, length: int, limit: int, key: float, at: int,
    i: int, j: int,
) -> int:  # fmt: skip
    """The pair (i, j), of ``key`` found at ``at``, put in its place among the first
    ``length`` kept (in order: key, then where found), keeping the ``limit`` first: how many
    are kept then."""
    if length == limit and not _worse(keys[limit - 1], places[limit - 1], key, at):
        return length
    slot = min(length, limit - 1)
    while slot > 0 and _worse(keys[slot - 1], places[slot - 1], key, at):
        keys[slot], places[slot] = keys[slot - 1], places[slot - 1]
        chosen[slot] = chosen[slot - 1]
        slot -= 1
    keys[slot], places[slot] = key, at
    chosen[slot, 0], chosen[slot, 1] = i, j
    return min(length + 1, limit)


@compiled
def pairings(
    words_a: Words, words_b: Words, rows_a: Any, rows_b: Any, opposite: Ints, units: Floats,
    full: Words, gain: Words, cell: float, tries: int, chunk: int, most_shown: int,
    points_a: Ints, points_b: Ints, fullest_b: Ints,
) -> tuple[Ints, Ints, Ints, Ints, Floats, Ints]:  # fmt: skip
    """The pairs of masks, one of each board's (``words_a``, ``words_b``: rows of words),
    worth placing (``solver.Solver._candidates``): in each run of ``chunk`` masks of a, the
    ``tries`` best pairs that leave out at most ``most_shown`` of the points of ``full``
    (else the two that leave out fewest, the first of equals), best first: those whose
    plates can lie apart (their room, along the best of the directions, at least a cell
    short of apart), then fewest left out, then most left out of ``gain``, then most room;
    the first found of equals. Returns each pair's a, b, points left out, of them in
    ``gain``, room and direction.

    Where a mask's plate can be (:func:`mask_reach`, over its rows: ``rows_a``, ``rows_b``)
    is worked out when a pair first weighs it: most masks never are (a fifth of the rows
    in a benchmark's games), as most pairs leave out too many points.

    Each mask of a meets b's from the fullest (``fullest_b``; ``points_a``, ``points_b``:
    each mask's points): a pair leaves out at least the points neither could hold, so past
    the first that must leave out too many, the rest can be neither kept nor closest."""
    count_a, count_b, words = len(words_a), len(words_b), words_a.shape[1]
    total = 0
    for w in range(words):
        total += bits_set(full[w])
    most = tries * (count_a // chunk + 1)
    out_i, out_j = np.empty(most, dtype=np.int64), np.empty(most, dtype=np.int64)
    out_missing, out_good = np.empty(most, dtype=np.int64), np.empty(most, dtype=np.int64)
    out_room, out_direction = np.empty(most), np.empty(most, dtype=np.int64)
    keys, places = np.empty(tries + 1), np.empty(tries + 1, dtype=np.int64)
    chosen = np.empty((tries + 1, 2), dtype=np.int64)
    # Each mask's reach, once worked out, and the room to work it out in.
    directions = len(units)
    front_a, back_a = np.empty((count_a, directions)), np.empty((count_a, directions))
    front_b, back_b = np.empty((count_b, directions)), np.empty((count_b, directions))
    known_a, known_b = np.zeros(count_a, dtype=np.bool_), np.zeros(count_b, dtype=np.bool_)
    outline = np.empty((2 * max(_longest_row(rows_a), _longest_row(rows_b)) + 2, 2))
    scratch = (opposite, units, outline, np.empty(directions), np.empty(directions))
    side_a, side_b = (rows_a, known_a, front_a, back_a), (rows_b, known_b, front_b, back_b)
    found = 0
    for start in range(0, count_a, chunk):
        stop = min(start + chunk, count_a)
        kept = 0
        closest = 0  # while nothing is kept: the two that leave out fewest
        for i in range(start, stop):
            for rank in range(count_b):
                j = fullest_b[rank]
                fewest = total - points_a[i] - points_b[j]  # left out, at the least
                if fewest > most_shown and (kept or (closest == 2 and fewest > keys[1])):
                    break
                missing = 0
                for w in range(words):
                    missing += bits_set(full[w] & ~(words_a[i, w] | words_b[j, w]))
                at = (i - start) * count_b + j
                if missing > most_shown:
                    if kept == 0:  # the two fewest so far (a key of the points left out)
                        closest = _insert(
                            keys, places, chosen, closest, 2, float(missing), at, i, j
                        )
                    continue
                if kept == 0:
                    closest = 0
                _reach_once(i, side_a, scratch)
                _reach_once(j, side_b, scratch)
                key = _pair_key(words_a, words_b, front_a, back_b, full, gain, cell, i, j)
                kept = _insert(keys, places, chosen, kept, tries, key, at, i, j)
        for slot in range(kept if kept else closest):
            i, j = chosen[slot, 0], chosen[slot, 1]
            _reach_once(i, side_a, scratch)  # (the closest two were not weighed above)
            _reach_once(j, side_b, scratch)
            missing, good, room, direction = _pair_measures(
                words_a, words_b, front_a, back_b, full, gain, i, j
            )  # fmt: skip
            out_i[found], out_j[found] = i, j
            out_missing[found], out_good[found] = missing, good
            out_room[found], out_direction[found] = room, direction
            found += 1
    return (
        out_i[:found], out_j[:found], out_missing[:found], out_good[:found], out_room[:found],
        out_direction[:found],
    )  # fmt: skip


@compiled
def _pair_measures(
    words_a: Words, words_b: Words, front_a: Floats, back_b: Floats, full: Words,
    gain: Words, i: int, j: int,
) -> tuple[int, int, float, int]:  # fmt: skip
    """Of masks i of a and j of b: the points they leave out, those of them in ``gain``,
    and how far apart their plates can be along the best direction (the first of equals)."""
    missing = good = 0
    for w in range(words_a.shape[1]):
        left = full[w] & ~(words_a[i, w] | words_b[j, w])
        missing += bits_set(left)
        good += bits_set(left & gain[w])
    direction, room = 0, back_b[j, 0] - front_a[i, 0]
    for d in range(1, front_a.shape[1]):
        value = back_b[j, d] - front_a[i, d]
        if value > room:
            direction, room = d, value
    return missing, good, room, direction


@compiled
def _pair_key(
    words_a: Words, words_b: Words, front_a: Floats, back_b: Floats, full: Words,
    gain: Words, cell: float, i: int, j: int,
) -> float:  # fmt: skip
    """A pair's place in the order of :func:`pairings` (smaller is better), as numpy worked
    it out: apart first, then fewest left out, most gained, most room."""
    missing, good, room, _ = _pair_measures(words_a, words_b, front_a, back_b, full, gain, i, j)
    apart = 0.0 if room >= -cell else 1e9
    clipped = min(max(room, -999.0), 999.0)
    return ((apart + float(missing) * 1e6) - float(good) * 1e3) - clipped


@compiled
def pose_values(
    cells: Floats, angles: Floats, sides: Flags, xs: Floats, ys: Floats, field: Floats,
    constants: Floats, knobs: Floats,
) -> Floats:  # fmt: skip
    """How near each pose (translation ``cells[p]``, turn ``angles[p]``, turned over where
    ``sides[p]``; ``constants[side]``: the board's, as ``solver._Shapes.constants``) comes to
    hiding the points ``xs``, ``ys`` with the clearance: the depths of the points left out
    (each as far as ``GIVE_UP`` at most) summed, plus a thousandth of the least depth
    (``solver._Masks.good_poses``)."""
    out = np.empty(len(cells))
    depth = np.empty(len(xs))
    for p in range(len(cells)):
        turn = angles[p] * (math.pi / 180.0)
        c, s = math.cos(turn), math.sin(turn)
        board = constants[1 if sides[p] else 0]
        least = np.inf
        for i in range(len(xs)):
            distance = _distance(xs[i], ys[i], cells[p, 0], cells[p, 1], c, s, field, board)
            margin = (distance - knobs[RADIUS]) - knobs[CLEARANCE]
            least = min(least, margin)
            depth[i] = min(max(margin, -knobs[GIVE_UP]), 0.0)
        out[p] = _pairwise(depth, len(xs)) + 1e-3 * least
    return out


@compiled
def best_in_rows(
    cells: Floats, bounds: Ints, values: Floats, unit: Floats, forward: bool, sideways: bool
) -> tuple[Ints, Ints]:  # fmt: skip
    """Per row of poses (``cells[bounds[r]:bounds[r + 1]]``, their ``values``): the best
    (the first of equals); and, ``sideways``, of those as good as it, the one that lies
    least far along ``unit`` (``forward``; else farthest), the first of equals."""
    rows = len(bounds) - 1
    best, back = np.empty(rows, dtype=np.int64), np.empty(rows, dtype=np.int64)
    for r in range(rows):
        k = bounds[r]
        for j in range(bounds[r] + 1, bounds[r + 1]):
            if values[j] > values[k]:
                k = j
        best[r], back[r] = k, k
        if not sideways:
            continue
        least = np.inf
        for j in range(bounds[r], bounds[r + 1]):
            if values[j] >= values[k] - 1e-9:
                along = fused(cells[j, 0], unit[0], cells[j, 1] * unit[1])  # (as gemv)
                along = along if forward else -along
                if along < least:
                    least, back[r] = along, j
    return best, back


@compiled
def projected(x: float, y: float, unit: Floats, lone: bool) -> float:
    """(x, y) projected on ``unit`` as numpy's product of a row's cells (``cells @ unit``)
    works it out on this machine's BLAS: as gemv, ``fused(x, u, y * v)``; for a row of one
    cell (``lone``), as a dot product, ``fused(y, v, x * u)``."""
    if lone:
        return fused(y, unit[1], x * unit[0])
    return fused(x, unit[0], y * unit[1])


@compiled
def extreme(
    rows: Any, m: int, unit: Floats, direction: int, opposite: int, forward: bool
) -> tuple[int, int]:  # fmt: skip
    """The row and cell (its index in ``rows``' cells; ``rows`` as ``solver._Masks.rows``
    gives them) of the pose giving mask ``m`` whose plate reaches least far along ``unit``
    (``forward``; the plates' ``supports`` along ``direction``), or starts farthest along it
    (along ``opposite``): the first of equals, row by row, each cell :func:`projected`."""
    order, row_from, row_to, row_start, row_stop, row_k, t, supports = rows
    best, best_row, best_value = -1, -1, np.inf
    for g in range(row_from[m], row_to[m]):
        r = order[g]
        first, stop = row_start[r], row_stop[r]
        at, top = first, 0.0
        for j in range(first, stop):
            along = projected(t[j, 0], t[j, 1], unit, stop - first == 1)
            if j == first or (along < top if forward else along > top):
                at, top = j, along
        if forward:
            value = top + supports[row_k[r], direction]
        else:
            value = -(top - supports[row_k[r], opposite])
        if best < 0 or value < best_value:
            best, best_row, best_value = at, r, value
    return best_row, best


@compiled
def best_off(
    cells: Floats, angles: Floats, sides: Flags, values: Floats, outlines: Floats,
    corners: int, other_outline: Floats, other_pose: Floats, knobs: Floats,
) -> int:  # fmt: skip
    """The pose (its index: translation ``cells[p]``, turn ``angles[p]``, turned over where
    ``sides[p]``) of greatest value less what its plate's overlap with the other
    board's at ``other_pose`` costs (``solver._overlap_cost``), the first of equals. The
    cost only ever lowers a value, so a pose whose value cannot come level with the best so
    far is not weighed: from the pose of greatest value, then in order."""
    other, theirs = _other(other_outline, other_pose), int(other_pose[3])
    plate = np.empty((outlines.shape[1], 2))
    best, top = -1, -np.inf
    first = 0
    for p in range(1, len(values)):
        if values[p] > values[first]:
            first = p
    for step in range(len(values) + 1):
        p = first if step == 0 else step - 1
        if step > 0 and (values[p] < top or (values[p] == top and p > best)):
            continue
        turn = angles[p] * (math.pi / 180.0)
        outline = outlines[1 if sides[p] else 0]
        _plate(outline, corners, cells[p, 0], cells[p, 1], math.cos(turn), math.sin(turn), plate)
        depth = _overlap(plate, corners, other, theirs) + knobs[PLATE_GAP]
        weighed = values[p] - (
            knobs[OVERLAP_STEP] + knobs[OVERLAP_PER_MM] * depth if depth > 0 else 0.0
        )
        if weighed > top or (weighed == top and p < best):
            best, top = p, weighed
    return best
