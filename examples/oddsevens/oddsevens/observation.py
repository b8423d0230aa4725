"""Odds and evens for learning agents: one seat's view as a fixed-size vector.

Built from the view alone (``read_view``), so it holds nothing the seat may not know: the
other seat's number is absent until it is shown. Seats are from the observer's side: "me"
first, then the other. ``OddsEvensObserver.layout.describe()`` prints it as a table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from asobi.core.observation import Feature, Layout, Observer, Writer
from asobi.core.protocol import GameOptions
from oddsevens.actions import FINGERS
from oddsevens.views import read_view

LAST = 3  # the rounds an agent sees in detail, latest first (a game has at most 9)


class OddsEvensObserver(Observer):
    layout = Layout(
        [
            Feature("odd", 1, "1 if I play odd (半), 0 if even (丁)"),
            Feature("to_act", 2, "who must still choose this round: [me, the other]"),
            Feature("my_choice", len(FINGERS), "my number this round once chosen, one-hot"),
            Feature("wins", 2, "rounds won / rounds to win: [me, the other]"),
            Feature(
                "last_rounds",
                LAST * 2 * len(FINGERS),
                f"the last {LAST} rounds, latest first: my number, then the other's, one-hot",
            ),
        ]
    )

    def fill(self, out: Writer, raw: Mapping[str, Any]) -> None:
        view = read_view(raw)
        me = view["seat"]
        if me is None:
            raise ValueError("an observation is a seat's: a spectator's view has no 'me'")
        order = (me, 1 - me)
        out.put("odd", float(view["odd_seat"] == me))
        for i, s in enumerate(order):
            if s in view["active"]:
                out.add("to_act", i)
            out.add("wins", i, view["wins"][s] / view["rounds_to_win"])
        out.one_hot("my_choice", view["my_choice"])
        for age, played in enumerate(reversed(view["rounds"][-LAST:])):
            for i, s in enumerate(order):
                out.add("last_rounds", (age * 2 + i) * len(FINGERS) + played["fingers"][s])


def observer(options: GameOptions) -> Observer:
    return OddsEvensObserver()
