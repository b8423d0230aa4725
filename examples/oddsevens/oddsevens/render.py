"""The terminal's picture of odds and evens (rich), for ``asobi play`` and ``asobi replay``.

The front end (``asobi.play``) finds this module through ``GameSpec.render`` and calls:

- ``render(view, console)``: the table as the view's seat sees it;
- ``public_code(code, hidden)``: a move as a seat that did not make it may know it. Here
  every move is secret until the round is shown, so it is "a secret choice", never the code.

The events' sentences come from the phrasebook (``words.py``). Like every reader of views it
reads only the JSON view (``read_view``), never the state, so it cannot show a secret.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from oddsevens.views import read_view
from oddsevens.words import EVEN, ODD, parity


def _who(seat: int, viewer: int | None) -> str:
    return f"seat {seat} (you)" if seat == viewer else f"seat {seat}"


def render(raw: Mapping[str, Any], console: Console) -> None:
    view = read_view(raw)
    me, odd = view["seat"], view["odd_seat"]
    console.print(
        Text.assemble(
            ("Odds and evens 丁半", "bold"),
            f" · first to {view['rounds_to_win']} rounds · ",
            f"{ODD.en} {ODD.ja}: {_who(odd, me)} · {EVEN.en} {EVEN.ja}: {_who(1 - odd, me)}",
        )
    )
    if view["rounds"]:
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        for heading in ("round", "seat 0", "seat 1", "sum", "won by"):
            table.add_column(heading)
        for number, played in enumerate(view["rounds"], start=1):
            total = played["sum"]
            table.add_row(
                str(number),
                *(str(f) for f in played["fingers"]),
                f"{total} {parity(total).en} {parity(total).ja}",
                _who(played["winner"], me),
            )
        console.print(table)
    wins = " · ".join(f"{_who(s, me)}: {w}" for s, w in enumerate(view["wins"]))
    console.print(f"Rounds won: {wins}", highlight=False)
    if view["outcome"] is not None:
        return
    chosen = " · ".join(
        f"{_who(s, me)}: {'chosen' if done else 'choosing'}"
        for s, done in enumerate(view["chosen"])
    )
    console.print(f"This round: {chosen}", highlight=False)
    if view["my_choice"] is not None:
        console.print(f"You will show {view['my_choice']}.", highlight=False)


def public_code(code: str, hidden: Sequence[str]) -> str:
    """``code`` as a seat that may not see the events of kinds ``hidden`` may know it."""
    return "a secret choice" if "showing" in hidden else code
