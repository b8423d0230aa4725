"""The night sky in geometry: the mat, the star chips, the constellation boards, and the judge.

Everything physical is data (``sky.toml``, checked on load): the mat's size, the chips' and
their centre points' diameters, and the seven boards, each a transparent plate with an opaque
rabbit figure made of ellipses and polygons. Shapely does the geometry.

The judge (``judge``) is the authority on a challenge (星座作成タイム): given the centre
points on the mat and two boards placed (position, turn, turned over or not), it says which
centre points are hidden — a centre point is hidden when its whole disc lies under the
figure of one board — and refuses boards that overlap ("【星座ボード】の上に【星座ボード】を
重ねて置かないこと") with a clear error.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import NamedTuple

import numpy as np
import shapely
from numpy.typing import NDArray
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from shapely import affinity
from shapely.geometry import MultiPolygon, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union
from typing_extensions import TypedDict  # pydantic reads TypedDicts from here on 3.11

from asobi.core.errors import IllegalAction, InvalidOptions
from asobi.core.typed import closed

ELLIPSE_SEGMENTS = 64  # an ellipse becomes a polygon of this many sides (inscribed)
TOUCH = 1e-9  # lengths closer than this are equal (mm)


# --- the data ------------------------------------------------------------------------------
class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class MatData(_Model):
    width: float = Field(gt=0)
    height: float = Field(gt=0)


class ChipData(_Model):
    diameter: float = Field(gt=0)
    centre: float = Field(gt=0)

    @model_validator(mode="after")
    def _centre_inside(self) -> ChipData:
        if self.centre >= self.diameter:
            raise ValueError("the centre point must be smaller than the chip")
        return self


class PartData(_Model):
    ellipse: tuple[float, float, float, float, float] | None = None
    polygon: tuple[tuple[float, float], ...] | None = None

    @model_validator(mode="after")
    def _one_shape(self) -> PartData:
        if (self.ellipse is None) == (self.polygon is None):
            raise ValueError("a part is either an ellipse or a polygon")
        if self.ellipse is not None and min(self.ellipse[2:4]) <= 0:
            raise ValueError("an ellipse's radii must be positive")
        if self.polygon is not None and not Polygon(self.polygon).is_valid:
            raise ValueError("a part's polygon must be simple (no self-crossing)")
        return self


class BoardData(_Model):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=24)
    en: str = Field(min_length=1)
    ja: str = Field(min_length=1)
    plate: tuple[tuple[float, float], ...] = Field(min_length=3)
    parts: tuple[PartData, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _figure_on_plate(self) -> BoardData:
        plate = Polygon(self.plate)
        if not plate.is_valid:
            raise ValueError(f"{self.id}: the plate must be a simple polygon")
        if not plate.buffer(TOUCH).covers(_figure(self.parts)):
            raise ValueError(f"{self.id}: the rabbit figure reaches past its plate")
        return self


class SkyData(_Model):
    mat: MatData
    chips: ChipData
    board: tuple[BoardData, ...] = Field(min_length=2)

    @model_validator(mode="after")
    def _distinct(self) -> SkyData:
        ids = [b.id for b in self.board]
        if len(set(ids)) != len(ids):
            raise ValueError("board ids must differ")
        return self


def _part(part: PartData) -> Polygon:
    if part.polygon is not None:
        return Polygon(part.polygon)
    assert part.ellipse is not None
    cx, cy, rx, ry, turn = part.ellipse
    points = [
        (
            rx * math.cos(2 * math.pi * k / ELLIPSE_SEGMENTS),
            ry * math.sin(2 * math.pi * k / ELLIPSE_SEGMENTS),
        )
        for k in range(ELLIPSE_SEGMENTS)
    ]
    shape = affinity.rotate(Polygon(points), turn, origin=(0, 0))
    return affinity.translate(shape, cx, cy)


def _figure(parts: Sequence[PartData]) -> BaseGeometry:
    return unary_union([_part(p) for p in parts])


# --- the boards as the rules use them -------------------------------------------------------------
@dataclass(frozen=True)
class Board:
    """A constellation board (星座ボード) in its own frame: origin at its centre."""

    id: str
    en: str
    ja: str
    plate: Polygon
    figure: BaseGeometry  # a Polygon or MultiPolygon
    # Worked out with the board (not on first use: a board never changes once made): the
    # plate's farthest point from the origin (how far a placement can matter), and the
    # figure's edges (the judge measures a centre point's distance to them).
    reach: float = field(init=False)
    edges: BaseGeometry = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        reach = max(math.hypot(x, y) for x, y in self.plate.exterior.coords)
        object.__setattr__(self, "reach", reach)
        object.__setattr__(self, "edges", self.figure.boundary)


def cos_sin(degrees: float) -> tuple[float, float]:
    """A turn's cosine and sine as ``shapely.affinity.rotate`` works them out, values within
    2.5e-16 of zero made zero (so a quarter turn is exact)."""
    radians = degrees * math.pi / 180.0
    cos, sin = math.cos(radians), math.sin(radians)
    return (0.0 if abs(cos) < 2.5e-16 else cos, 0.0 if abs(sin) < 2.5e-16 else sin)


@closed
class PoseView(TypedDict):
    """Where a board lies: its centre (mm), its turn (degrees anticlockwise), turned over."""

    x: float
    y: float
    angle: float
    mirrored: bool


@dataclass(frozen=True)
class Pose:
    """Where a board lies: its origin at (x, y) on the mat, turned ``angle`` degrees
    anticlockwise, after being turned over (mirrored left to right) when ``mirrored``."""

    x: float
    y: float
    angle: float = 0.0
    mirrored: bool = False

    def place(self, shape: BaseGeometry) -> BaseGeometry:
        return self.place_all(shape)[0]

    def place_all(self, *shapes: BaseGeometry) -> list[BaseGeometry]:
        """The shapes (in the board's frame) lying at this pose, moved in one step."""
        moved: list[BaseGeometry] = shapely.transform(np.array(shapes), self._move).tolist()
        return moved

    def _move(self, xy: NDArray[np.float64]) -> NDArray[np.float64]:
        """Points in the board's frame to the mat: turned over, turned, moved. One matrix for
        the three steps of shapely's ``affinity`` (scale by -1, rotate about the origin,
        translate), worked out with its arithmetic in its order, so the points come out to
        the same bits as from the three calls one after the other: turning over only
        negates, the turn about the origin adds 0, the move adds last."""
        cos, sin = cos_sin(self.angle)
        flip = -1.0 if self.mirrored else 1.0
        x, y = xy.T
        moved: NDArray[np.float64] = np.stack(
            [(flip * cos) * x + -sin * y + self.x, (flip * sin) * x + cos * y + self.y]
        ).T
        return moved

    def rounded(self) -> Pose:
        """To a tenth of a millimetre and of a degree (turn within 0–360), as codes write it."""
        return Pose(
            round(self.x, 1), round(self.y, 1), round(self.angle % 360, 1) % 360, self.mirrored
        )

    def encode(self) -> str:
        """``x,y,angle`` and ``,flip`` when turned over: ``120.5,200,30,flip``."""
        out = f"{self.x:g},{self.y:g},{self.angle:g}"
        return out + ",flip" if self.mirrored else out

    def to_json(self) -> PoseView:
        return {"x": self.x, "y": self.y, "angle": self.angle, "mirrored": self.mirrored}


@dataclass(frozen=True)
class Sky:
    """The mat, the chips and the boards of one game."""

    width: float
    height: float
    chip_radius: float
    centre_radius: float
    boards: tuple[Board, ...]

    def board(self, board_id: str) -> Board:
        for b in self.boards:
            if b.id == board_id:
                return b
        raise KeyError(board_id)

    @property
    def middle(self) -> tuple[float, float]:
        """Where the first star (いちばん星チップ) goes: "【夜空のマット】の中央"."""
        return (self.width / 2, self.height / 2)


def sky_of(data: SkyData) -> Sky:
    boards = tuple(Board(b.id, b.en, b.ja, Polygon(b.plate), _figure(b.parts)) for b in data.board)
    return Sky(
        data.mat.width, data.mat.height, data.chips.diameter / 2, data.chips.centre / 2, boards
    )


DEFAULT_FILE = Path(__file__).with_name("sky.toml")


def read_sky_file(path: str | Path) -> SkyData:
    path = Path(path)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise InvalidOptions(f"sky {path}: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise InvalidOptions(f"sky {path}: not valid TOML: {exc}") from None
    try:
        return SkyData.model_validate(raw)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'sky'}: {err['msg']}" for err in exc.errors()
        )
        raise InvalidOptions(f"sky {path}: {problems}") from None


@cache
def default_sky() -> Sky:
    return sky_of(read_sky_file(DEFAULT_FILE))


# --- chips on the mat -------------------------------------------------------------------------
class Refusal(NamedTuple):
    """Why a chip may not lie somewhere: the rule, and the reason in words (``ja``: the
    same in Japanese)."""

    rule: str
    reason: str
    ja: str = ""

    def __str__(self) -> str:
        return self.reason


ON_THE_MAT = "散らかしタイム 1: 【夜空のマット】の上の好きな場所に"
NOT_TOUCHING = "散らかしタイム 1: 他の【星チップ】に触ってはいけません"


def chip_refusal(
    sky: Sky, x: float, y: float, others: Sequence[tuple[float, float]]
) -> Refusal | None:
    """Why a chip may not lie with its centre at (x, y), or None: it must lie wholly on the
    mat (a ruling) and not touch another chip ("他の【星チップ】に触ってはいけません")."""
    r = sky.chip_radius
    if not (r <= x <= sky.width - r and r <= y <= sky.height - r):  # NaN fails too
        mat = f"0–{sky.width:g} × 0–{sky.height:g} mm"
        return Refusal(
            ON_THE_MAT,
            f"a chip at ({x:g}, {y:g}) would reach past the mat ({mat})",
            f"({x:g}, {y:g})の星チップは夜空のマットからはみ出します({mat})",
        )
    for ox, oy in others:
        if touching(sky, x, y, ox, oy):
            return Refusal(
                NOT_TOUCHING,
                f"a chip at ({x:g}, {y:g}) would touch the chip at ({ox:g}, {oy:g})",
                f"({x:g}, {y:g})の星チップは({ox:g}, {oy:g})の星チップに触れます",
            )
    return None


def touching(sky: Sky, x: float, y: float, ox: float, oy: float) -> bool:
    """Whether chips centred at (x, y) and (ox, oy) touch (or lie on each other)."""
    return math.hypot(x - ox, y - oy) <= 2 * sky.chip_radius + TOUCH


# --- the judge ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Verdict:
    """Which centre points two placed boards hide (in the order given), and the result."""

    hidden: tuple[bool, ...]

    @property
    def shown(self) -> int:
        return sum(1 for h in self.hidden if not h)

    @property
    def success(self) -> bool:
        """ "2つだけ隠せない【中心点】があったがそれ以外は全て隠せた" still succeeds."""
        return self.shown <= 2


def placed(board: Board, pose: Pose) -> tuple[BaseGeometry, BaseGeometry]:
    """The plate and the figure of ``board`` lying at ``pose``."""
    plate, figure = pose.place_all(board.plate, board.figure)
    return plate, figure


def hides(figure: BaseGeometry, edges: BaseGeometry, x: float, y: float, radius: float) -> bool:
    """The whole disc of ``radius`` around (x, y) lies under ``figure`` (exact for polygons:
    its centre inside, and every edge, ``figure.boundary``, at least ``radius`` away)."""
    point = Point(x, y)
    return bool(figure.covers(point)) and edges.distance(point) >= radius - TOUCH


OVERLAP = "the boards overlap: 【星座ボード】の上に【星座ボード】を重ねて置かないこと"
OVERLAP_JA = "星座ボードが重なっています:【星座ボード】の上に【星座ボード】を重ねて置かないこと"


def overlap_refusal(plates: Sequence[BaseGeometry]) -> str | None:
    """Boards may touch but not lie on each other."""
    for i, a in enumerate(plates):
        for b in plates[i + 1 :]:
            # Plates that do not meet cannot overlap: the cheap question first.
            if a.intersects(b) and a.intersection(b).area > TOUCH:
                return OVERLAP
    return None


def judge(
    sky: Sky, centres: Sequence[tuple[float, float]], placements: Sequence[tuple[Board, Pose]]
) -> Verdict:
    """Which centre points the boards hide; ``IllegalAction`` if the boards overlap."""
    # Each board's plate, figure and the figure's edges, moved to where it lies at once.
    shapes = [pose.place_all(board.plate, board.figure, board.edges) for board, pose in placements]
    refusal = overlap_refusal([plate for plate, _, _ in shapes])
    if refusal is not None:
        ja = OVERLAP_JA if refusal == OVERLAP else None
        raise IllegalAction("星座作成タイム 2", refusal, ja=ja)
    if not centres:
        return Verdict(())
    # ``hides`` for every centre point at once: shapely's vectorised predicates ask GEOS the
    # same questions about the same points (the distance to the edges only of those under
    # the figure: it decides nothing for the others).
    points: NDArray[np.object_] = np.asarray(shapely.points(np.asarray(centres, dtype=np.float64)))
    hidden = np.zeros(len(centres), dtype=np.bool_)
    for _, figure, edges in shapes:
        under = np.flatnonzero(shapely.covers(figure, points))
        if under.size:
            clear = shapely.distance(edges, points[under]) >= sky.centre_radius - TOUCH
            hidden[under[clear]] = True
    return Verdict(tuple(hidden.tolist()))


def figure_polygons(figure: BaseGeometry) -> list[Polygon]:
    """The separate parts of a figure (for drawing)."""
    if isinstance(figure, MultiPolygon):
        return list(figure.geoms)
    assert isinstance(figure, Polygon)
    return [figure]
