"""Rummy City actions and their text codes.

A turn is a short sequence of small decisions, so that every legal list stays short:
``draw 3`` (or, with the School, ``look`` then ``take 2`` … ``done``), ``pass``, or
``build school`` followed by ``lay H4`` … ``done`` for each building, then ``end``. In the
final turns ``meld run`` lays a combination that claims no building. At settlement,
``layoff H5 2`` puts a card on the other player's 2nd combination. ``place bank S7`` puts a
hand card on your Bank or Police station at any point where you are to act.
"""

from __future__ import annotations

from dataclasses import dataclass

from asobi.core.actions import ActionSpace
from asobi.core.cards import FRENCH52, Card
from asobi.core.errors import BadActionCode, InvalidSetup
from asobi.games.rummycity.buildings import DEPOSITS, default_data
from asobi.games.rummycity.combos import KINDS

MOST_DRAWN = 16  # a draw limit above 3 + every ♥ building any catalogue will print
MOST_COMBINATIONS = 17  # 52 cards make at most 17 combinations of 3


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw ``count`` cards from the top of the row (1 to the draw limit)."""

    count: int

    def encode(self) -> str:
        return f"draw {self.count}"


@dataclass(frozen=True, slots=True)
class Look:
    """School (学校): look at the cards in range before taking the ones you want."""

    def encode(self) -> str:
        return "look"


@dataclass(frozen=True, slots=True)
class Take:
    """School: take the card at this position of the range looked at (1 = top)."""

    position: int

    def encode(self) -> str:
        return f"take {self.position}"


@dataclass(frozen=True, slots=True)
class Pass:
    """♠: neither draw nor build."""

    def encode(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Build:
    """Start a combination that claims this building (from the supply or the other city)."""

    building: str

    def encode(self) -> str:
        return f"build {self.building}"


@dataclass(frozen=True, slots=True)
class Meld:
    """Final turns only: start a combination of this kind that claims no building."""

    kind: str

    def encode(self) -> str:
        return f"meld {self.kind}"


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay the next card of the combination being made."""

    card: Card

    def encode(self) -> str:
        return f"lay {self.card.code}"


@dataclass(frozen=True, slots=True)
class Done:
    """Finish what is under way: the combination (it is complete), or the School's taking."""

    def encode(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class End:
    """End a turn of building, or your lay-offs at settlement."""

    def encode(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Place:
    """Bank / Police station: put a hand card on it, face up, for good."""

    building: str
    card: Card

    def encode(self) -> str:
        return f"place {self.building} {self.card.code}"


@dataclass(frozen=True, slots=True)
class LayOff:
    """付け札 at settlement: a hand card onto the other player's ``target``-th combination
    of this round (1 = the first laid)."""

    card: Card
    target: int

    def encode(self) -> str:
        return f"layoff {self.card.code} {self.target}"


@dataclass(frozen=True, slots=True)
class Return:
    """Solo: a 7th building sends one of your buildings back to the supply."""

    building: str

    def encode(self) -> str:
        return f"return {self.building}"


RummyCityAction = (
    Draw | Look | Take | Pass | Build | Meld | Lay | Done | End | Place | LayOff | Return
)

LOOK, PASS, DONE, END = Look(), Pass(), Done(), End()
DRAW = tuple(Draw(n) for n in range(MOST_DRAWN + 1))  # DRAW[n]; DRAW[0] is never legal
TAKE = tuple(Take(n) for n in range(MOST_DRAWN + 1))
LAY = {c: Lay(c) for c in FRENCH52.cards}
MELD = {k: Meld(k) for k in KINDS}
LAY_OFF = {(c, t): LayOff(c, t) for c in FRENCH52.cards for t in range(1, MOST_COMBINATIONS + 1)}


def _words(code: str) -> list[str]:
    return code.strip().split()


def _parse(code: str) -> RummyCityAction:
    """Codes naming a building of any catalogue (the finite list knows the default one)."""
    words = _words(code)
    verb = words[0].lower() if words else ""
    try:
        if verb == "build" and len(words) == 2:
            return Build(words[1].lower())
        if verb == "return" and len(words) == 2:
            return Return(words[1].lower())
        if verb == "place" and len(words) == 3:
            return Place(words[1].lower(), FRENCH52.card(words[2]))
        if verb in ("draw", "take") and len(words) == 2 and words[1].isdigit():
            # Past any draw limit or range: well written, and the rules say why not.
            return (Draw if verb == "draw" else Take)(int(words[1]))
    except InvalidSetup as exc:
        ja = f"{words[2]!r}はトランプ(52枚)のカードではありません" if verb == "place" else None
        raise BadActionCode(str(exc), ja) from None
    if verb in EXAMPLES:  # a move of the game, written without (or with wrong) words after it
        raise BadActionCode(
            f"{code!r} is not written as the game reads it; for example {EXAMPLES[verb]!r}",
            f"{code!r}はこのゲームの書き方ではありません。例:{EXAMPLES[verb]!r}",
        )
    raise BadActionCode(
        f"{code!r} is not a Rummy City action; try "
        + ", ".join(repr(e) for e in EXAMPLES.values()),
        f"{code!r}はラミーシティの手ではありません。例:" + "、".join(map(repr, EXAMPLES.values())),
    )


EXAMPLES = {
    "draw": "draw 3",
    "look": "look",
    "take": "take 2",
    "done": "done",
    "pass": "pass",
    "build": "build park",
    "meld": "meld run",
    "lay": "lay S4",
    "end": "end",
    "place": "place bank S7",
    "layoff": "layoff H5 1",
    "return": "return park",
}
"""Each move's word, with an example of it as typed."""


def _default_buildings() -> list[str]:
    return [b.id for b in default_data().building]


def _default_deposits() -> list[str]:
    return [b.id for b in default_data().building if b.effect in DEPOSITS]


ACTION_SPACE: ActionSpace[RummyCityAction] = ActionSpace(
    [
        LOOK,
        PASS,
        DONE,
        END,
        *DRAW[1:],
        *TAKE[1:],
        *MELD.values(),
        *LAY.values(),
        *(Build(b) for b in _default_buildings()),
        *(Return(b) for b in _default_buildings()),
        *(Place(b, c) for b in _default_deposits() for c in FRENCH52.cards),
        *LAY_OFF.values(),
    ],
    parse=_parse,
)
