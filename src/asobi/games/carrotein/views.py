"""What each seat may know: everything. Carrotein hides nothing — the mat, the chips at
hand and scored, the boards — so every seat's view and a spectator's are the same table
(``you`` aside), and a world sampled for a bot is the table itself."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asobi.games.carrotein.rules import COLOURS, chip_json
from asobi.games.carrotein.scoring import scores

if TYPE_CHECKING:
    from asobi.games.carrotein.rules import CarroteinState


def sky_json(state: CarroteinState) -> dict[str, Any]:
    sky = state.sky
    return {
        "width": sky.width,
        "height": sky.height,
        "chip_diameter": 2 * sky.chip_radius,
        "centre_diameter": 2 * sky.centre_radius,
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
