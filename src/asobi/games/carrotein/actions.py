"""Carrotein actions and their text codes.

散らかしタイム (scatter time): ``place 120 85.5`` puts a star chip with its centre at
(120, 85.5) mm on the mat (x from the left edge, y from the bottom edge), or ``pass``.
星座作成タイム (constellation time): the challenger ``choose sitting sleeping`` (final), then
``lay 150,200,30 400,210,-15,flip``: where the two chosen boards lie, in the order chosen —
each ``x,y,turn`` (the board's centre in mm, its turn in degrees anticlockwise) and ``,flip``
when it is turned over.

Positions are continuous, so the finite action space (for masks and bots) holds ``pass``,
every pair of boards and a grid of chip spots; any other spot or pose is decoded by ``parse``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from itertools import combinations

from asobi.core.actions import ActionSpace
from asobi.core.errors import BadActionCode
from asobi.games.carrotein.sky import Pose, default_sky

GRID = 50.0  # mm between the chip spots a bot or a mask is offered


@dataclass(frozen=True, slots=True)
class Place:
    """Put a star chip (星チップ) with its centre here (mm; to a tenth of a mm)."""

    x: float
    y: float

    def encode(self) -> str:
        return f"place {self.x:g} {self.y:g}"


@dataclass(frozen=True, slots=True)
class Pass:
    """【パス】: out of this round's challenge, and skipped until it ends."""

    def encode(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Choose:
    """The challenger's two boards (選んだ【星座ボード】は…変更することはできません)."""

    first: str
    second: str

    def encode(self) -> str:
        return f"choose {self.first} {self.second}"


@dataclass(frozen=True, slots=True)
class Lay:
    """Where the two chosen boards lie, in the order chosen."""

    first: Pose
    second: Pose

    def encode(self) -> str:
        return f"lay {self.first.encode()} {self.second.encode()}"


CarroteinAction = Place | Pass | Choose | Lay

PASS = Pass()


# A number as a person types one: ASCII digits (Python's float() also takes "1_00" and
# other scripts' digits, "١٥٠", which the log would then show as some other number).
NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?", re.ASCII)


def _number(text: str, what: str) -> float:
    if not NUMBER.fullmatch(text.strip()):
        raise BadActionCode(
            f"{what} {text!r} is not a number (write it as 120 or 85.5)",
            f"{what} {text!r}は数ではありません(120や85.5のように書きます)",
        )
    value = float(text)
    if not math.isfinite(value):
        raise BadActionCode(
            f"{what} {text!r} is not a finite number", f"{what} {text!r}は有限の数ではありません"
        )
    return round(value, 1)


def parse_pose(text: str) -> Pose:
    parts = text.split(",")
    flip = len(parts) == 4 and parts[3].strip().lower() in ("flip", "f", "m")
    if len(parts) not in (3, 4) or (len(parts) == 4 and not flip):
        raise BadActionCode(
            f"{text!r} is not a board pose: write x,y,turn or x,y,turn,flip",
            f"{text!r}は星座ボードの置き方ではありません:x,y,turn か x,y,turn,flip と書きます",
        )
    x, y, turn = (_number(p, w) for p, w in zip(parts[:3], ("x", "y", "turn"), strict=True))
    return Pose(x, y, turn, flip).rounded()


def _parse(code: str) -> CarroteinAction:
    words = code.strip().split()
    verb = words[0].lower() if words else ""
    if verb == "place" and len(words) == 3:
        return Place(_number(words[1], "x"), _number(words[2], "y"))
    if verb == "choose" and len(words) == 3:
        return Choose(words[1].lower(), words[2].lower())
    if verb == "lay" and len(words) == 3:
        return Lay(parse_pose(words[1]), parse_pose(words[2]))
    raise BadActionCode(
        f"{code!r} is not a Carrotein action; try 'place 120 85', 'pass', "
        "'choose sitting sleeping' or 'lay 150,200,30 400,210,-15,flip'",
        f"{code!r}はキャロテインの手ではありません。例:'place 120 85'、'pass'、"
        "'choose sitting sleeping'、'lay 150,200,30 400,210,-15,flip'",
    )


def grid_spots(width: float, height: float, margin: float) -> list[Place]:
    """The chip spots on a ``GRID`` mm lattice, centred on the mat, ``margin`` from its edges."""
    across = int((width - 2 * margin) // GRID)
    up = int((height - 2 * margin) // GRID)
    x0 = (width - across * GRID) / 2
    y0 = (height - up * GRID) / 2
    return [Place(x0 + i * GRID, y0 + j * GRID) for j in range(up + 1) for i in range(across + 1)]


def _default_spots() -> list[Place]:
    sky = default_sky()
    return grid_spots(sky.width, sky.height, sky.chip_radius)


def _default_pairs() -> list[Choose]:
    return [Choose(a.id, b.id) for a, b in combinations(default_sky().boards, 2)]


ACTION_SPACE: ActionSpace[CarroteinAction] = ActionSpace(
    [PASS, *_default_pairs(), *_default_spots()], parse=_parse
)
