"""What lies on the table in It's Mine!: the options, the phases, the columns' geometry and
the state's attributes. The rules (``rules.py``), the views (``views.py``) and the scenarios
all read this module; it imports none of them, so the package has no import cycle.

References are to the rulebook (``shared/rulebooks/001_84159862272e4dbd.txt``), as in
``rules.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import ClassVar, Literal

from pydantic import Field

from asobi.core.cards import Card
from asobi.core.protocol import (
    Chance,
    Copiers,
    GameOptions,
    GameSpec,
    Outcome,
    State,
    copy_each,
    copy_each_row,
    lobby_choice,
)
from asobi.games.itsmine.actions import MINES, ItsMineAction, Play

# Why the final round came: 終わり A (the deck ran out), 終わり B (the bonus pile did), or the
# round limit (ours: ties with one card left could repeat for ever).
EndReason = Literal["deck", "bonus", "round_limit"]


class ItsMineOptions(GameOptions):
    """Two players; ``variant`` "basic" or "simple" (シンプル); the rest are the rule's
    constants, exposed so that simulations can sweep them. Their bounds keep the deal within
    the 42 playing cards (at most 2 × 8 + 12 + 7 = 35)."""

    players: int = Field(
        default=2,
        description="the two princesses: a duel",
        json_schema_extra={"description_ja": "双子姫の2人で対戦します"},
    )
    variant: Literal["basic", "simple"] = Field(
        default="basic",
        description="the basic rules or the simple variant (シンプル)",
        json_schema_extra=lobby_choice(
            "Rules",
            "ルール",
            basic=("basic rules", "基本ルール"),
            simple=("simple variant", "シンプル"),
        )
        | {"description_ja": "基本ルールか、シンプルルールか"},
    )
    hand_size: int = Field(
        default=3,
        ge=0,
        le=8,
        description="cards dealt to each hand",
        json_schema_extra={"description_ja": "各自に配る手札の枚数"},
    )
    citizens: int = Field(
        default=8,
        ge=1,
        le=12,
        description="face-up citizen cards (国民カード)",
        json_schema_extra={"description_ja": "おもて向きに置く国民カードの枚数"},
    )
    bonus_cards: int = Field(
        default=5,
        ge=0,
        le=7,
        description="cards in the bonus pile",
        json_schema_extra={"description_ja": "ボーナスの山のカードの枚数"},
    )
    round_limit: int = Field(
        default=30,
        ge=2,
        le=1000,
        description="ruling: after this round the next is the last, as under 終わり A/B",
        json_schema_extra={
            "description_ja": "asobiの裁定:このラウンドの後、"
            "終わりA/Bと同じく次のラウンドが最後になります"
        },
    )


class Phase(StrEnum):
    BID = "bid"  # phase 1: both choose a face at once
    TAKE = "take"  # phase 1: the lower face, then the higher, take citizens
    PLAY = "play"  # phase 3: the higher face plays, then the lower
    PLAY_TOGETHER = "play_together"  # phase 3 after a tied auction: both play at once
    BONUS = "bonus"  # 3枚ボーナス: keep or remove the bonus card just drawn
    OVER = "over"


# The phases as plain names, for the questions the rules ask at every move: Python 3.11 finds
# an enum member through its class at every ``Phase.X`` (about 0.3 µs, ten times a name).
BID_PHASE, TAKE_PHASE, PLAY_PHASE, PLAY_TOGETHER_PHASE, BONUS_PHASE, OVER_PHASE = (
    Phase.BID,
    Phase.TAKE,
    Phase.PLAY,
    Phase.PLAY_TOGETHER,
    Phase.BONUS,
    Phase.OVER,
)


# --- a column: the cards one princess sent down one mine --------------------------------
def direction(col: Sequence[Card]) -> int:
    """基本②: +1 ascending, -1 descending, 0 while the column has fewer than 2 cards."""
    if len(col) < 2:
        return 0
    return 1 if col[1].rank > col[0].rank else -1


def accepts(col: Sequence[Card], laid: Sequence[Card]) -> bool:
    """Whether the cards can be laid on the column in this order (基本①–③: any first card;
    the second sets ascending or descending; gaps are allowed)."""
    count = len(col)
    last = col[-1].rank if count else 0
    ascending = count >= 2 and col[1].rank > col[0].rank
    for card in laid:
        rank = card.rank
        if count >= 2:
            if ascending != (rank > last):
                return False
        elif count == 1:
            ascending = rank > last  # the second card sets the direction
        count += 1
        last = rank
    return True


class ItsMineState(State[ItsMineAction]):
    """The table: piles, hands, columns, dice, and where the round stands. The rules that
    change it are ``rules.ItsMineRules``."""

    spec: ClassVar[GameSpec]  # set by the package, once its SPEC exists

    # The piles, hands, columns and the round's queues change in place, so a clone copies
    # them; every other attribute holds an immutable value (the options, tuples of faces,
    # frozensets, cards) that the rules rebind, and is shared.
    copied: ClassVar[Copiers] = {
        "rng": Chance.copy,
        "hands": copy_each,
        "deck": list,
        "citizens": list,
        "bonus": list,
        "columns": copy_each_row,
        "bonus_removed": copy_each,
        "bonus_claimed": list,
        "known": copy_each,
        "bids": list,
        "take_plan": list,
        "play_queue": list,
        "pending": list,
        "to_lay": list,
        "bonus_queue": list,
    }

    def __init__(self, options: ItsMineOptions, rng: Chance) -> None:
        super().__init__()
        self.options = options
        self.rng = rng
        self.simple = options.variant == "simple"
        self.hands: list[list[Card]] = [[], []]
        self.deck: list[Card] = []  # top is the end
        self.citizens: list[Card] = []  # 国民カード, face up
        self.bonus: list[Card] = []  # ボーナスの山, face down, top is the end
        self.columns: list[list[list[Card]]] = [[[] for _ in MINES] for _ in range(2)]
        self.bonus_removed: list[list[Card]] = [[], []]  # removed face down (d), by whom
        self.boxed: tuple[Card, ...] = ()  # a scenario's cards out of play
        self.bonus_claimed = [False] * len(MINES)  # 補足8: once per mine per game
        # Hand cards the other player saw arrive: citizens taken from the table.
        self.known: list[set[Card]] = [set(), set()]
        self.last_face: tuple[int, int] = (1, 1)  # "「1」の目を上にして", then the face shown
        self.round_face: tuple[int, int] = (1, 1)  # the face shown in the previous round
        self.forbidden = (frozenset({1}), frozenset({1}))  # the faces each may not bid now
        self.bids: list[int | None] = [None, None]
        self.ties = 0  # あいこ in this round's auction
        self.higher: int | None = None  # who showed the higher face (plays first)
        self.take_plan: list[tuple[int, int, bool]] = []  # (seat, face, exactly that many)
        self.take_left = 0  # citizens the taker may still take
        self.take_must = 0  # of which the taker still must take
        self.play_queue: list[int] = []
        self.pending: list[ItsMineAction | None] = [None, None]  # simultaneous plays
        self.to_lay: list[tuple[int, Play | None]] = []
        self.bonus_queue: list[int] = []  # mines whose bonus the layer still gets
        self.bonus_seat = 0
        self.bonus_card: Card | None = None
        self.round = 1
        self.final_round = False
        self.end_reason: EndReason | None = None
        self.phase = Phase.BID
        self.result: Outcome | None = None

    @property
    def players(self) -> int:
        return 2

    def all_cards(self) -> list[Card]:
        """Every one of the 42 non-mine cards, wherever it lies, each exactly once."""
        cards = [c for h in self.hands for c in h] + self.deck + self.citizens + self.bonus
        cards += [c for cols in self.columns for col in cols for c in col]
        cards += [c for r in self.bonus_removed for c in r]
        cards += self.boxed
        if self.bonus_card is not None:
            cards.append(self.bonus_card)
        return cards
