"""What lies on the table in Carrotein: the options, the chips and where they lie, the boards,
the challenges judged, and the questions the table answers (whose chip is this, what is at
hand, where may a chip lie). The rules (``rules.py``), the views (``views.py``), the
scenarios and the scoring all read this module; it imports none of them, so the package has
no import cycle.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import ClassVar

import numpy as np
from numpy.typing import NDArray
from pydantic import Field
from typing_extensions import TypedDict  # pydantic reads TypedDicts from here on 3.11

from asobi.core.protocol import (
    Chance,
    Copiers,
    GameSpec,
    Outcome,
    StartPlayerOptions,
    State,
    copy_each,
)
from asobi.core.typed import closed
from asobi.games.carrotein.actions import CarroteinAction, Lay, Place, grid_spots
from asobi.games.carrotein.sky import Pose, PoseView, Sky, Verdict, default_sky, touching
from asobi.games.carrotein.solver import Attempt, placement

CHIPS_EACH = 10  # 星チップ 60 = 6 colours × 10
COLOURLESS = 10  # 無色の星チップ
# The rulebook does not name its six colours; the first star is yellow, so no seat is.
COLOURS: tuple[tuple[str, str], ...] = (
    ("red", "赤"),
    ("blue", "青"),
    ("green", "緑"),
    ("purple", "紫"),
    ("orange", "橙"),
    ("pink", "桃"),
)
FIRST_STAR = "first"  # いちばん星チップ
CLEAR = "colourless"  # 無色の星チップ
NEAR = 1.0  # mm: spots this much past touching distance are still asked (the rule decides)


class CarroteinOptions(StartPlayerOptions):
    """``players``: 2–6, each with the ten chips of a colour (seat 0 red, 1 blue, ...)."""

    players: int = Field(
        default=3,
        description="the seats, each with the ten star chips of a colour (seat 0 red, 1 blue, "
        "2 green, 3 purple, 4 orange, 5 pink)",
        json_schema_extra={
            "description_ja": "席の数。各自が1色の星チップ10個を持ちます"
            "(席0 赤、1 青、2 緑、3 紫、4 橙、5 桃)"
        },
    )


@closed
class ChipView(TypedDict):
    """A star chip on the mat: its centre (mm from the bottom-left corner) and its kind, a
    seat's colour, ``first`` (いちばん星チップ) or ``colourless`` (無色の星チップ)."""

    x: float
    y: float
    kind: str


@dataclass(frozen=True, slots=True)
class Chip:
    """A chip on the mat: its centre, and its kind: a colour, ``first`` or ``colourless``."""

    x: float
    y: float
    kind: str

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x, self.y)


def chip_json(chip: Chip) -> ChipView:
    return {"x": chip.x, "y": chip.y, "kind": chip.kind}


class Phase(StrEnum):
    SCATTER = "scatter"  # 散らかしタイム
    CHOOSE = "choose"  # 星座作成タイム 1: choose two boards
    LAY = "lay"  # 星座作成タイム 2: lay them
    OVER = "over"


@closed
class ChallengeView(TypedDict):
    """A finished challenge as everyone saw it judged: the mat as it was, where the boards
    lay, which centre points they hid, and the chips each seat scored."""

    round: int
    challenger: int
    boards: list[str]
    poses: list[PoseView]
    chips: list[ChipView]
    hidden: list[bool]  # per chip of ``chips``
    shown: int  # centre points left showing (at most 2 is a success)
    success: bool
    scored: list[int]


@dataclass(frozen=True)
class Challenge:
    """A finished challenge, as everyone saw it judged. A value like a chip: a state and its
    clones share it."""

    round: int
    challenger: int
    boards: tuple[str, str]
    poses: tuple[Pose, Pose]
    chips: tuple[Chip, ...]
    verdict: Verdict
    scored: tuple[int, ...]  # chips each seat scored
    # Its JSON, written when the challenge is judged: the event tells it, and every view of
    # the rest of the game lists it again (an RL observer reads a view every step).
    _json: ChallengeView = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_json", self._as_json())

    def to_json(self) -> ChallengeView:
        """The challenge as views and events show it: the same for every reader (every view
        lists it), so a reader must not change it."""
        return self._json

    def _as_json(self) -> ChallengeView:
        return {
            "round": self.round,
            "challenger": self.challenger,
            "boards": list(self.boards),
            "poses": [p.to_json() for p in self.poses],
            "chips": [chip_json(c) for c in self.chips],
            "hidden": list(self.verdict.hidden),
            "shown": self.verdict.shown,
            "success": self.verdict.success,
            "scored": list(self.scored),
        }


@dataclass(frozen=True, eq=False)
class Grid:
    """The chip spots offered on a sky (the legal list's, the RL mask's): the spots, row by
    row from the bottom, each left to right; each spot's number (its place among them); and
    the lattice's columns (x) and rows (y), mm. Read only: every game of the sky shares one
    (``grid_of``)."""

    sky: Sky
    spots: tuple[Place, ...]
    numbers: Mapping[Place, int]
    columns: tuple[float, ...]
    rows: tuple[float, ...]

    def touched_by(self, x: float, y: float) -> list[int]:
        """The spots a chip at (x, y) touches (a chip may no longer lie there), by number:
        those of the lattice within reach of it, each asked of the rule."""
        reach = 2 * self.sky.chip_radius + NEAR
        columns, rows = self.columns, self.rows
        near_x = range(bisect_left(columns, x - reach), bisect_right(columns, x + reach))
        near_y = range(bisect_left(rows, y - reach), bisect_right(rows, y + reach))
        return [
            j * len(columns) + i
            for j in near_y
            for i in near_x
            if touching(self.sky, columns[i], rows[j], x, y)
        ]


@cache
def grid_of(sky: Sky) -> Grid:
    """The sky's grid of chip spots, worked out once a sky."""
    spots = tuple(grid_spots(sky.width, sky.height, sky.chip_radius))
    columns = tuple(sorted({p.x for p in spots}))
    rows = tuple(sorted({p.y for p in spots}))
    assert spots == tuple(Place(x, y) for y in rows for x in columns), "a lattice, row by row"
    return Grid(sky, spots, {spot: i for i, spot in enumerate(spots)}, columns, rows)


# What a verdict depends on: the boards chosen, the chips on the mat and the lay.
Question = tuple[tuple[str, str], tuple[Chip, ...], Lay]


class CarroteinState(State[CarroteinAction]):
    """The table: the mat's chips (the first star first), the boards still on the mat, and
    what each seat has scored. The rules that change it are ``rules.CarroteinRules``."""

    spec: ClassVar[GameSpec]  # set by the package, once its SPEC exists

    # The open spots (``_open``, ``_open_spots``), the solver's lay (``_attempt``), the last
    # verdict (``_judged``), the challenges and the grid are values a clone shares; the legal
    # lists are the core's.
    copied: ClassVar[Copiers] = {
        "rng": Chance.copy,
        "boards": list,
        "won": copy_each,
        "scored": list,
        "chips": list,
        "passed": set,
        "challenges": list,
        "_on_mat": Counter.copy,
    }

    def __init__(self, options: CarroteinOptions, rng: Chance) -> None:
        super().__init__()
        self.options = options
        self.rng = rng
        self.sky: Sky = default_sky()
        self._grid = grid_of(self.sky)  # the chip spots offered
        n = options.players
        self.colours = tuple(c for c, _ in COLOURS[:n])
        # Colours nobody plays, then the colourless chips: a seat out of its own may use them.
        self.spares: tuple[str, ...] = (
            *(c for c, _ in COLOURS[n:] for _ in range(CHIPS_EACH)),
            *([CLEAR] * COLOURLESS),
        )
        self.boards: list[str] = [b.id for b in self.sky.boards]  # still on the mat
        self.won: list[list[str]] = [[] for _ in range(n)]  # boards scored
        self.scored = [0] * n  # own chips scored (turned over)
        self.chips: list[Chip] = []  # put there by ``put_on_mat``, cleared by ``clear_mat``
        self.passed: set[int] = set()
        self.round = 0
        self.first = 0  # who starts this round
        self.turn = 0
        self.phase = Phase.SCATTER
        self.chosen: tuple[str, str] | None = None
        self.challenges: list[Challenge] = []
        self.result: Outcome | None = None
        # The solver's lay for the challenger, worked out once a challenge (``attempt``).
        self._attempt: Attempt | None = None
        # The last lay judged, with what it was judged on (``rules._judge``).
        self._judged: tuple[Question, Verdict] | None = None
        # Kept up to date chip by chip (``put_on_mat``, ``clear_mat``), not worked out again
        # from the chips: the open grid spots, as bits by spot number (``_open``) and as the
        # spots in the grid's order (``_open_spots``), and the chips on the mat by kind.
        self._open = 0
        self._open_spots: tuple[Place, ...] = ()
        self._on_mat: Counter[str] = Counter()
        self._spare_kinds = tuple(Counter(self.spares).items())  # in the box's order
        self.clear_mat()

    # --- the chips on the mat ---------------------------------------------------------------
    def clear_mat(self) -> None:
        """No chip on the mat: every grid spot open."""
        self.chips = []
        self._on_mat = Counter()
        self._open = (1 << len(self._grid.spots)) - 1
        self._open_spots = self._grid.spots

    def put_on_mat(self, chip: Chip) -> None:
        """A chip placed (where ``chip_refusal`` allows it): it closes the open spots it
        touches. Every chip reaches the mat here, so what is kept stays up to date."""
        self.chips.append(chip)
        self._on_mat[chip.kind] += 1
        bits, spots = self._open, self._open_spots
        for number in self._grid.touched_by(chip.x, chip.y):
            if bits >> number & 1:
                at = (bits & ((1 << number) - 1)).bit_count()  # open spots before it
                spots = spots[:at] + spots[at + 1 :]
                bits ^= 1 << number
        self._open, self._open_spots = bits, spots

    @property
    def players(self) -> int:
        return self.options.players

    # --- where a chip may lie ---------------------------------------------------------------
    def open_spots(self) -> tuple[Place, ...]:
        """The grid spots where a chip may lie now, in the grid's order (any other legal spot
        may be played too)."""
        return self._open_spots

    def on_open_spot(self, place: Place) -> bool:
        """Whether ``place`` is one of the open grid spots (a spot off the grid is for
        ``chip_refusal`` to decide)."""
        number = self._grid.numbers.get(place)
        return number is not None and bool(self._open >> number & 1)

    def open_mask(self) -> NDArray[np.bool_]:
        """Which grid spots are open, in the grid's order."""
        count, bits = len(self._grid.spots), self._open
        return np.fromiter((bits >> i & 1 for i in range(count)), dtype=np.bool_, count=count)

    # --- the challenger's lay ---------------------------------------------------------------
    def solver_lay(self) -> Lay:
        """The game's solver's placement of the chosen boards, on request: the RL coding's
        ``SOLVER`` choice and the front ends' hint (``views.insight``). Seconds of work on a
        crowded mat, so no rule and no legal list asks for it."""
        attempt = self.attempt()
        return Lay(*attempt.poses)

    def attempt(self) -> Attempt:
        """The solver's best placement of the chosen boards for the challenger (its own chips
        left out rather than others'), worked out once per challenge."""
        assert self.chosen is not None
        if self._attempt is None:
            a, b = (self.sky.board(i) for i in self.chosen)
            self._attempt = placement(self.sky, self.centres(), self.weights(self.turn), a, b)
        return self._attempt

    def centres(self) -> list[tuple[float, float]]:
        return [c.centre for c in self.chips]

    def weights(self, challenger: int) -> list[float]:
        """How much the challenger gains from a chip left out: its own scores for it, another
        player's scores for them."""
        return [
            1.0 if self.owner(c) == challenger else -1.0 if self.owner(c) is not None else 0.0
            for c in self.chips
        ]

    # --- the chips, wherever they are -------------------------------------------------------
    def owner(self, chip: Chip) -> int | None:
        """The seat whose colour the chip is; None for the first star, colourless chips and
        colours nobody plays ("誰の色でもないので得点に変えることができません")."""
        try:
            return self.colours.index(chip.kind)
        except ValueError:
            return None

    def in_hand(self, seat: int) -> int:
        """Own chips still at hand: ten, less those scored and those on the mat."""
        return CHIPS_EACH - self.scored[seat] - self.on_mat()[self.colours[seat]]

    def on_mat(self) -> Counter[str]:
        """The chips on the mat by kind (read only)."""
        return self._on_mat

    def spares_left(self) -> list[str]:
        """Spare chips still in the box (unused colours first, then colourless)."""
        on_mat = self.on_mat()
        return [kind for kind, n in self._spare_kinds for _ in range(n - on_mat[kind])]

    def next_chip(self, seat: int) -> str | None:
        """The chip ``seat`` would place: its own colour, else a spare (ruling), else None."""
        if self.in_hand(seat) > 0:
            return self.colours[seat]
        on_mat = self.on_mat()
        # The first spare kind (in the box's order) with more in the box than on the mat.
        return next((k for k, n in self._spare_kinds if n > on_mat[k]), None)

    def chip_count(self) -> dict[str, int]:
        """Every chip wherever it is, by kind (at hand, on the mat, scored, in the box)."""
        count: dict[str, int] = {}
        for c in self.chips:
            count[c.kind] = count.get(c.kind, 0) + 1
        for seat, colour in enumerate(self.colours):
            count[colour] = count.get(colour, 0) + self.in_hand(seat) + self.scored[seat]
        for kind in self.spares_left():
            count[kind] = count.get(kind, 0) + 1
        return count
