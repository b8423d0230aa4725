"""Helpers for driving the terminal front end from tests."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from typer.testing import CliRunner

from asobi.cli import app

# Wide enough that rich never wraps a result line or a prompt.
ENV = {"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"}
runner = CliRunner()


# A Starmine solo hand whose finale three (R5 Y5 G5) would close the main row under the
# opening's three: ソロ §3 C ③'s failed launch, the placement the game cautions against.
FINALE_UNDER_THE_OPENING = {
    "hands": [["R5", "Y5", "G5", "B4", "W1"]],
    "rows": [{"opening": ["three R1 Y1 G1"], "main": ["pair R2 Y2"]}],
    "current_row": "main",
    "deck": ["B1", "B2", "B3", "B5", "B6", "B7", "G7", "Y7"],
    "rest": "box",
}


def invoke(args: Sequence[str], input: str | None = None) -> Any:
    return runner.invoke(app, list(args), input=input, env=ENV)


def ones(n: int = 2000) -> str:
    """Scripted input that always picks option 1 (also presses Enter at hand-overs)."""
    return "1\n" * n


def card_words(text: str) -> set[str]:
    """Every Starmine card code that appears as a word in ``text``."""
    return set(re.findall(r"\b[RYGBW][1-7]\b", text))


MELD_POINTS = {"seq": 7, "three": 5, "pair": 3}


def place_points(code: str) -> int:
    """Points of the meld a ``place ROW KIND CARDS`` code puts down (a meld made with boosts
    loses 1, the rulebook's default)."""
    words = code.split()
    return MELD_POINTS[words[2]] - any(w.startswith("W") for w in words[3:])


def decision_screens(text: str) -> list[str]:
    """What the terminal printed for each of the human's decisions, in order: everything
    from the decision before (its move's events, the others' moves, the table or the parts
    of it that changed, the moves listed) up to the decision's prompt. A move refused and
    asked again is the same decision; what follows the last prompt is left out."""
    screens: list[str] = []
    current: list[str] = []
    for line in text.splitlines():
        if "› number " in line:
            if current:
                screens.append("\n".join(current))
                current = []
        elif not line.startswith("Refused: "):
            current.append(line)
    return screens


def table_lines(screen: str) -> str:
    """``screen`` without its event lines (``• ...``): the table's parts and the moves."""
    return "\n".join(line for line in screen.splitlines() if "• " not in line)


class _Card(Protocol):
    @property
    def code(self) -> str: ...


class _Dealt(Protocol):
    @property
    def hands(self) -> Sequence[Sequence[_Card]]: ...


S = TypeVar("S", bound=_Dealt)


def assert_screens_show_only_visible_cards(
    screens: Sequence[str],
    states: Sequence[S],
    seat: int,
    card_words: Callable[[str], set[str]],
    visible: Callable[[S, int], set[str]],
) -> None:
    """Each decision's screen (the table, or the parts of it that changed, and the moves)
    names only cards ``seat`` may see then (``card_words`` reads a screen's card codes,
    ``visible`` says which the seat may see), and shows its hand whenever the hand changed
    since the decision before."""
    assert len(screens) == len(states), (len(screens), len(states))
    before: list[str] | None = None
    for screen, state in zip(screens, states, strict=True):
        shown = card_words(table_lines(screen))
        leaked = shown - visible(state, seat)
        assert not leaked, (seat, leaked, screen)
        hand = sorted(c.code for c in state.hands[seat])
        if hand != before:
            assert f"Your hand 手札 ({len(hand)}): " in screen, screen
            assert set(hand) <= shown
        before = hand
