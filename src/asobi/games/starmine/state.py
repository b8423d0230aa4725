"""What lies on Starmine's table: the options, the phases, and every card wherever it lies.
The rules (``rules.py``), the views, the scenarios and the cautions all read this module; it
imports none of them, so the package has no import cycle.

Section numbers refer to the rulebook (``shared/rulebooks/000_b5645c75669ad107.txt``); the
rules that change this state are ``rules.StarmineRules``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

from pydantic import Field

from asobi.core.cards import Card
from asobi.core.protocol import (
    Chance,
    Copiers,
    GameSpec,
    Outcome,
    StartPlayerOptions,
    State,
    copy_each,
    copy_nested,
    lobby_choice,
)
from asobi.games.starmine.actions import OPENING, PER_MELD, BoostPenalty, Meld, StarmineAction
from asobi.games.starmine.cards import FIREWORKS, is_boost

FIREWORK_CARDS = tuple(c for c in FIREWORKS.cards if not is_boost(c))
BOOSTS = tuple(c for c in FIREWORKS.cards if is_boost(c))
SMALLEST_MELD = 2  # a pair (ペア)


class StarmineOptions(StartPlayerOptions):
    """``players``: 2 for the duel, 1 for the solo contest (ソロ用ルール)."""

    players: int = Field(
        default=2,
        description="2 for the duel, 1 for the solo contest (ソロ用ルール)",
        json_schema_extra={"description_ja": "2人で対戦、1人でソロ用ルール"},
    )
    hand_size: int = Field(
        default=3,
        ge=1,
        le=8,
        description="firework cards dealt to each hand",
        json_schema_extra={"description_ja": "各自に配る手札の花火カードの枚数"},
    )
    boost_penalty: BoostPenalty = Field(
        default=PER_MELD,
        description="what boost cards cost a meld: 1 point a meld made with them (the "
        "rulebook, §5), or 1 a boost (a house rule)",
        json_schema_extra=lobby_choice(
            "Boost cards",
            "ブーストカード",
            per_meld=("−1 a meld with boosts (rulebook)", "ブーストを使った役は−1(ルールブック)"),
            per_boost=("−1 each boost (house rule)", "ブースト1枚ごとに−1(ハウスルール)"),
        )
        | {
            "description_ja": "ブーストカードを使った役の評価点の下げ方:役ごとに−1(ルールブック、"
            "§5)か、ブースト1枚ごとに−1(ハウスルール)"
        },
    )


class Phase(StrEnum):
    TURN = "turn"  # choose action A or B (solo: B or C)
    DRAW = "draw"  # draw the cards the action owes, one at a time
    FLIP = "flip"  # solo: a card was turned up at the start of the turn
    FINAL = "final"  # section 6 / solo §4: one last meld each
    CHASE = "chase"  # section 8: 追い打ち
    OVER = "over"


# The phases as plain names, for the questions the rules ask at every move: Python 3.11 finds
# an enum member through its class at every ``Phase.X`` (about 0.3 µs, ten times a name).
TURN_PHASE, DRAW_PHASE, FLIP_PHASE, FINAL_PHASE, CHASE_PHASE, OVER_PHASE = (
    Phase.TURN,
    Phase.DRAW,
    Phase.FLIP,
    Phase.FINAL,
    Phase.CHASE,
    Phase.OVER,
)


class StarmineState(State[StarmineAction]):
    """The whole table. Lists hold cards in the order they lie; the deck's top is its end.
    The rules that change it are ``rules.StarmineRules``."""

    spec: ClassVar[GameSpec]
    copied: ClassVar[Copiers] = {
        "rng": Chance.copy,
        "hands": copy_each,
        "deck": list,
        "discards": list,
        "removed": list,
        "boxed": list,
        "rows": copy_nested,
        "known": copy_each,
        "queue": list,
    }

    def __init__(self, options: StarmineOptions, rng: Chance) -> None:
        super().__init__()
        self.options = options
        self.rng = rng
        self.solo = options.players == 1
        self.penalty: BoostPenalty = options.boost_penalty
        n = options.players
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.deck: list[Card] = []
        # Duel: the face-up discards (捨て札), side by side in the order they came.
        # Solo: the open cards (オープン札) that may be drawn.
        self.discards: list[Card] = []
        self.removed: list[Card] = []  # solo: removed from the game (廃棄札)
        self.boxed: list[Card] = []  # left in the box by a scenario, never in play
        self.rows: list[list[list[Meld]]] = [[[], [], []] for _ in range(n)]
        # Hand cards the other seat knows about: the boost each player starts with, and
        # any card taken from the face-up discards, until it leaves the hand again.
        self.known: list[set[Card]] = [set() for _ in range(n)]
        self.turn = 0
        self.phase = Phase.TURN
        self.draws_left = 0
        self.no_take: Card | None = None  # "この手番で捨てたカード以外であれば"
        self.flipped: Card | None = None  # solo: the turned-up card awaiting its area
        self.last_drawer: int | None = None  # who drew the deck's last card
        self.queue: list[int] = []  # seats still to act in the final phase / this 追い打ち
        self.placed_this_round = False
        self.chase_rounds = 0
        self.current_row = OPENING  # solo: rows below it are closed
        self.failure: str | None = None  # solo: why the launch failed
        self.result: Outcome | None = None

    @property
    def players(self) -> int:
        return self.options.players

    # --- accounting (for tests and tools) ----------------------------------------------
    def all_cards(self) -> list[Card]:
        """Every card wherever it lies: each of the 30 must appear exactly once."""
        cards = [c for h in self.hands for c in h] + self.deck + self.discards + self.removed
        cards += self.boxed + [c for rows in self.rows for r in rows for m in r for c in m.cards]
        if self.flipped is not None:
            cards.append(self.flipped)
        return cards
