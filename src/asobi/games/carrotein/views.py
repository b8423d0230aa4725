"""What each seat may know: everything. Carrotein hides nothing — the mat, the chips at
hand and scored, the boards — so every seat's view and a spectator's are the same table
(``you`` aside), and a world sampled for a bot is the table itself."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter
from typing_extensions import TypedDict  # pydantic reads TypedDicts from here on 3.11

from asobi.core.protocol import GameOptions
from asobi.core.typed import GameOver, OutcomeJSON, closed, outcome_json
from asobi.games.carrotein.actions import Lay
from asobi.games.carrotein.scoring import scores
from asobi.games.carrotein.sky import Sky, default_sky, figure_polygons
from asobi.games.carrotein.solver import hindsight, placement
from asobi.games.carrotein.state import (
    COLOURS,
    CarroteinState,
    ChallengeView,
    ChipView,
    chip_json,
)


# --- the view's type: one definition, read by the bot, the observer and the renderer ---------
# A chip's, a pose's and a challenge's JSON (``ChipView``, ``PoseView``, ``ChallengeView``) are
# defined beside the chip (``state.py``), the pose (``sky.py``) and the challenge, which
# write them.
@closed
class MatView(TypedDict):
    """夜空のマット and the sizes that decide touching and hiding (mm)."""

    width: float
    height: float
    chip_diameter: float  # 星チップ
    centre_diameter: float  # a chip's 中心点, which a board must hide


@closed
class SeatView(TypedDict):
    colour: str  # its chips' colour
    colour_ja: str
    in_hand: int  # own chips at hand
    scored_chips: int  # own chips turned over (scored)
    boards: list[str]  # 星座ボード won
    passed: bool  # 【パス】 this round
    score: int


@closed
class CarroteinView(TypedDict):
    you: int | None  # whose view; None: a spectator's (the table is the same)
    phase: Literal["scatter", "choose", "lay", "over"]
    round: int
    first: int  # who began the round
    turn: int | None  # whose turn (the challenger's after scatter time); None when over
    mat: MatView
    chips: list[ChipView]  # the first star first
    boards: list[str]  # still on the mat
    chosen: list[str] | None  # the challenger's two boards, in the order chosen
    spares_left: int  # spare chips in the box (unplayed colours, colourless)
    seats: list[SeatView]
    challenges: list[ChallengeView]
    outcome: OutcomeJSON | None


VIEW = TypeAdapter(CarroteinView)
"""The view's validator and JSON Schema."""


def read_view(view: Mapping[str, Any]) -> CarroteinView:
    """A view as its type: checked, so a reader handed something else fails at once."""
    return VIEW.validate_python(view)


# --- the events, as ``Event.to_json`` writes them -------------------------------------------
@closed
class Placed(TypedDict):
    """A chip placed in scatter time: where, and which (the seat's colour or a spare)."""

    kind: Literal["place"]
    seat: int
    x: float
    y: float
    chip: str


@closed
class Passed(TypedDict):
    kind: Literal["pass"]
    seat: int


@closed
class Challenger(TypedDict):
    """All but ``seat`` have passed: it is the challenger (挑戦プレイヤー)."""

    kind: Literal["challenger"]
    seat: int


@closed
class Chosen(TypedDict):
    kind: Literal["choose"]
    seat: int
    boards: list[str]


@closed
class Challenged(ChallengeView):
    """The challenge judged (its seat is the challenger's)."""

    kind: Literal["challenge"]
    seat: int


@closed
class RoundBegins(TypedDict):
    """A new round on a cleared mat; ``seat`` begins it."""

    kind: Literal["round"]
    seat: int
    round: int


EVENT = TypeAdapter(
    Annotated[
        Placed | Passed | Challenger | Chosen | Challenged | RoundBegins | GameOver,
        Field(discriminator="kind"),
    ]
)
"""An event's validator and JSON Schema, one definition per ``kind``."""


def sky_json(state: CarroteinState) -> MatView:
    return mat_json(state.sky)


def mat_json(sky: Sky) -> MatView:
    return {
        "width": sky.width,
        "height": sky.height,
        "chip_diameter": 2 * sky.chip_radius,
        "centre_diameter": 2 * sky.centre_radius,
    }


def assets(options: GameOptions) -> dict[str, Any]:
    """The mat and every board's plate and figure in its own frame (mm), for drawing and for
    a front end's live preview of the centre points a placement hides (the judge decides)."""
    sky = default_sky()
    return {
        "mat": mat_json(sky),
        "boards": [
            {
                "id": b.id,
                "en": b.en,
                "ja": b.ja,
                "plate": [list(p) for p in b.plate.exterior.coords[:-1]],
                "figure": [
                    {
                        "exterior": [list(p) for p in part.exterior.coords[:-1]],
                        "holes": [[list(p) for p in ring.coords[:-1]] for ring in part.interiors],
                    }
                    for part in figure_polygons(b.figure)
                ],
            }
            for b in sky.boards
        ],
    }


def weight(seat: int, view: CarroteinView, kind: str) -> float:
    """What a chip of ``kind`` left out is worth to ``seat``: +1 its own (scored for it), -1
    another player's (scored for them), 0 a chip of nobody's colour."""
    colours = [s["colour"] for s in view["seats"]]
    if kind not in colours:
        return 0.0
    return 1.0 if colours.index(kind) == seat else -1.0


def insight(raw: Mapping[str, Any]) -> dict[str, Any]:
    """What the game's solver can tell, from the public view (Carrotein hides nothing):

    - ``hint``, while the challenger lays its boards (星座作成タイム): a placement of the two
      chosen, in the order chosen, leaving out the challenger's own chips rather than
      another's, with its move ``code``; a lay the solver cannot make succeed is its best try;
    - after a failed challenge, two of the boards then on the mat and a placement that would
      have worked (``hindsight``: None if it finds none either), from the challenge's chips
      and the boards still on the mat (a failure wins none).
    """
    view = read_view(raw)
    found: dict[str, Any] = {}
    if view["phase"] == "lay" and view["chosen"] and view["turn"] is not None:
        found["hint"] = _hint(view, view["turn"], view["chosen"])
    if view["challenges"] and not view["challenges"][-1]["success"]:
        found.update(_hindsight(view))
    return found


def _hint(view: CarroteinView, challenger: int, chosen: list[str]) -> dict[str, Any]:
    sky = default_sky()
    centres = [(c["x"], c["y"]) for c in view["chips"]]
    weights = [weight(challenger, view, c["kind"]) for c in view["chips"]]
    a, b = (sky.board(i) for i in chosen)
    attempt = placement(sky, centres, weights, a, b)
    return {
        "code": Lay(*attempt.poses).encode(),
        "boards": list(attempt.boards),
        "poses": [p.to_json() for p in attempt.poses],
        "hidden": list(attempt.verdict.hidden),
        "success": attempt.success,
    }


def _hindsight(view: CarroteinView) -> dict[str, Any]:
    last = view["challenges"][-1]
    centres = tuple((c["x"], c["y"]) for c in last["chips"])
    found = hindsight(centres, tuple(view["boards"]))
    if found is None:
        return {"round": last["round"], "hindsight": None}
    return {
        "round": last["round"],
        "hindsight": {
            "boards": list(found.boards),
            "poses": [p.to_json() for p in found.poses],
            "hidden": list(found.verdict.hidden),
        },
    }


def view_of(state: CarroteinState, seat: int | None) -> CarroteinView:
    ja = dict(COLOURS)
    points = scores(state)
    return {
        "you": seat,
        "phase": state.phase.value,
        "round": state.round,
        "first": state.first,
        "turn": None if state.result else state.turn,
        "mat": sky_json(state),
        "chips": [chip_json(c) for c in state.chips],
        "boards": list(state.boards),
        "chosen": list(state.chosen) if state.chosen else None,
        "spares_left": len(state.spares_left()),
        "seats": [
            {
                "colour": colour,
                "colour_ja": ja[colour],
                "in_hand": state.in_hand(s),
                "scored_chips": state.scored[s],
                "boards": list(state.won[s]),
                "passed": s in state.passed,
                "score": points[s],
            }
            for s, colour in enumerate(state.colours)
        ],
        "challenges": [c.to_json() for c in state.challenges],
        "outcome": outcome_json(state.result),
    }
