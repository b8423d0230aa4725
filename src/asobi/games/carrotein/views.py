"""What each seat may know: everything. Carrotein hides nothing — the mat, the chips at
hand and scored, the boards — so every seat's view and a spectator's are the same table
(``you`` aside), and a world sampled for a bot is the table itself."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from asobi.core.protocol import GameOptions
from asobi.games.carrotein.rules import COLOURS, chip_json
from asobi.games.carrotein.scoring import scores
from asobi.games.carrotein.sky import Sky, default_sky, figure_polygons
from asobi.games.carrotein.solver import hindsight

if TYPE_CHECKING:
    from asobi.games.carrotein.rules import CarroteinState


def sky_json(state: CarroteinState) -> dict[str, Any]:
    return mat_json(state.sky)


def mat_json(sky: Sky) -> dict[str, Any]:
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


def insight(view: Mapping[str, Any]) -> dict[str, Any]:
    """After a failed challenge, two of the boards then on the mat and a placement that would
    have worked, by the game's solver ("hindsight": None if it finds none either); nothing
    otherwise. From the public view: the challenge's chips, and the boards still on the mat
    (a failure wins none)."""
    if not view["challenges"] or view["challenges"][-1]["success"]:
        return {}
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


def view_of(state: CarroteinState, seat: int | None) -> dict[str, Any]:
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
        "outcome": state.result.to_json() if state.result else None,
    }
