"""Helpers shared by the 星をなくしたキャロテイン (Carrotein) rule tests in this folder.

Positions are set up with scenarios (see ``asobi/games/carrotein/scenarios.py``): the chips
on the mat besides the first star, what each seat has scored, who acts, who passed, the
challenger and the boards chosen. Moves are played by their text codes, as a player would type
them (``place 120 85``, ``pass``, ``choose sitting sleeping``), or as actions.

The layouts use asobi's sizes (``sky.toml``): a 600 × 450 mm mat, 20 mm chips with 6 mm
centre points, the first star at (300, 225). The sitting rabbit laid at ``ON_STAR`` has its
round body centred on the first star and hides every centre point in ``UNDER``; a board at
``FAR`` hides nothing; the spots in ``SHOWING`` lie far from both.

Rulebook: ``shared/rulebooks/004_4fa3aa93e5494d4f.txt``.
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Sequence
from typing import Any

import pytest

from asobi.core.errors import IllegalAction
from asobi.core.events import Event
from asobi.core.registry import get_spec
from asobi.games.carrotein.actions import CarroteinAction, Lay
from asobi.games.carrotein.sky import Pose
from asobi.games.carrotein.state import CarroteinState

SPEC = get_spec("carrotein")

MIDDLE = (300.0, 225.0)  # いちばん星チップ: "【夜空のマット】の中央"
ON_STAR = Pose(300, 245)  # the sitting rabbit's body (52 × 48 around (0, -20)) on the first star
FAR = Pose(-500, -500)  # off the mat, hiding nothing
# Centre points the sitting rabbit at ON_STAR hides (each more than 20 mm from the others and
# from the first star).
UNDER: tuple[tuple[float, float], ...] = (
    (270, 225),
    (330, 225),
    (300, 195),
    (300, 255),
    (275, 250),
    (325, 250),
    (275, 200),
    (325, 200),
)
# Spots far from the sitting rabbit's plate at ON_STAR ([222, 378] × [165, 325]).
SHOWING: tuple[tuple[float, float], ...] = (
    (100, 100),
    (500, 100),
    (100, 350),
    (500, 350),
    (50, 225),
    (550, 225),
)


def game(
    setup: dict[str, Any] | None = None, players: int = 3, start: int = 0, seed: int = 1
) -> CarroteinState:
    """A game of ``players`` seats, ``start`` placing first, set up as in ゲームの準備 or from
    the scenario ``setup``."""
    state = SPEC.new_game({"players": players, "start_player": start}, seed, setup=setup)
    assert isinstance(state, CarroteinState)
    return state


def chips(*entries: tuple[float, float, str]) -> list[list[Any]]:
    """Scenario chips: (x, y, kind) each."""
    return [[x, y, kind] for x, y, kind in entries]


def at(spots: Sequence[tuple[float, float]], kind: str) -> list[list[Any]]:
    """Scenario chips of one ``kind`` at each of ``spots``."""
    return [[x, y, kind] for x, y in spots]


def lay_phase(
    entries: list[list[Any]],
    challenger: int = 0,
    chosen: Sequence[str] = ("sitting", "sleeping"),
    players: int = 3,
    **more: Any,
) -> CarroteinState:
    """星座作成タイム 2: these chips on the mat (the first star too), everyone but
    ``challenger`` passed, and ``chosen`` chosen."""
    setup = {"chips": entries, "challenger": challenger, "chosen": list(chosen), **more}
    return game(setup, players=players)


def lay(state: CarroteinState, first: Pose = ON_STAR, second: Pose = FAR) -> list[Event]:
    """The challenger lays the two chosen boards (in the order chosen) and the judge rules."""
    return state.apply(acting(state), Lay(first, second))


def play(state: CarroteinState, seat: int, *codes: str) -> list[Event]:
    """``seat`` plays each code in turn; returns every event."""
    events: list[Event] = []
    for code in codes:
        events += state.apply(seat, SPEC.action_space.decode(code))
    return events


def acting(state: CarroteinState) -> int:
    (seat,) = state.active_seats()
    return seat


def phase(state: CarroteinState) -> str:
    return str(state.view(None)["phase"])


def seat_view(state: CarroteinState, seat: int) -> dict[str, Any]:
    seats: list[dict[str, Any]] = state.view(None)["seats"]
    return seats[seat]


def in_hand(state: CarroteinState) -> list[int]:
    return [s["in_hand"] for s in state.view(None)["seats"]]


def kinds(state: CarroteinState) -> list[str]:
    """The kinds of the chips on the mat, the first star first."""
    return [c.kind for c in state.chips]


def grid(count: int, step: float = 30) -> list[tuple[float, float]]:
    """``count`` chip spots on a ``step`` mm lattice, wholly on the mat, none touching another
    or the first star."""
    spots = [
        (20 + i * step, 20 + j * step)
        for j in range(int(410 // step) + 1)
        for i in range(int(560 // step) + 1)
    ]
    free = [p for p in spots if math.dist(p, MIDDLE) > 20]
    assert len(free) >= count
    return free[:count]


def snapshot(state: CarroteinState) -> dict[str, Any]:
    """Everything observable about a state, as ``tests/rule_checks.py: snapshot`` takes it
    (every view, the internals but the private caches, the RNG, the legal actions)."""
    seats = range(state.players)
    internals = {k: v for k, v in vars(state).items() if k != "rng" and not k.startswith("_")}
    views = [state.view(None), *(state.view(s) for s in seats)]
    taken: dict[str, Any] = {
        "views": json.dumps(views, ensure_ascii=False, sort_keys=True),
        "internals": copy.deepcopy(internals),
        "rng": state.rng.getstate(),
    }
    taken["legal"] = [[a.encode() for a in state.legal_actions(s)] for s in seats]
    return taken


def refused(
    state: CarroteinState,
    seat: int,
    act: CarroteinAction | str,
    rule: str,
    reason: str = "",
) -> IllegalAction:
    """Assert that ``seat`` may not do ``act`` (an action or its code): IllegalAction naming
    ``rule`` (and saying ``reason``), and the state exactly as it was."""
    before = snapshot(state)
    action = SPEC.action_space.decode(act) if isinstance(act, str) else act
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, action)
    assert info.value.rule == rule, f"refused under {info.value.rule!r}, expected {rule!r}"
    assert rule in str(info.value), "the message must name the rule"
    assert reason in info.value.reason, info.value.reason
    assert snapshot(state) == before, "an illegal action must leave the state untouched"
    return info.value


TOUCH_RULE = "散らかしタイム 1: 他の【星チップ】に触ってはいけません"
CHOOSE_RULE = "星座作成タイム 1"
LAY_RULE = "星座作成タイム 2"
