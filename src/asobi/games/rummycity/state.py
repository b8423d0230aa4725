"""What lies on the table in Rummy City: the options, the phases of a turn, the rule
constants, and the state's attributes with the queries the views, the scenarios and the
settlement read. The rules that change it are ``rules.RummyCityRules``; this module
imports neither them nor the views or scenarios, so the package has no import cycle.

Section names refer to the rulebook (``shared/rulebooks/003_48bc01829b2ac84d.txt``).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from pathlib import Path
from typing import Any, ClassVar

from pydantic import Field, field_validator

from asobi.core.cards import Card
from asobi.core.errors import InvalidOptions
from asobi.core.protocol import (
    Chance,
    Copiers,
    GameSpec,
    Outcome,
    StartPlayerOptions,
    State,
    copy_each,
    copy_each_row,
    copy_nested,
)
from asobi.games.rummycity.actions import Build, RummyCityAction
from asobi.games.rummycity.buildings import (
    BANK,
    Building,
    Catalogue,
    CatalogueData,
    catalogue_data,
    catalogue_of,
    default_data,
)
from asobi.games.rummycity.combos import (
    Combination,
    Piece,
    Pool,
    Recipe,
    hand_pool,
    pieces_for,
)

# A hand's summary as its owner uses it: the ranks on its Bank and Police station
# (``deposit_ranks``) and the summary of the hand's cards read with them.
HandSummary = tuple[tuple[int, int], Pool]

HAND_SIZE = 2  # "手札として2枚ずつ配った後"
FACE_DOWN = 12  # "残った48枚のカードのうち、12枚を裏向きに"
DRAW_LIMIT = 3  # "カードを山札から3枚まで引く"
MOST_BUILDS = 3  # "建物を3つまで建てる"
SOLO_MOST_BUILDINGS = 6  # solo 2: "建物は、最大6個まで"
SOLO_PASS_DISCARDS = 4  # solo 5: "パスした場合、山札から4枚捨てます"


class RummyCityOptions(StartPlayerOptions):
    """``players``: 2 for the game between two towns, 1 for the solo score attack."""

    players: int = Field(
        default=2,
        description="2 for the game between two towns, 1 for the solo score attack",
        json_schema_extra={
            "description_ja": "2人でふたつの街の対戦、1人でソロプレイのスコアアタック"
        },
    )
    start_tepu: int = Field(
        default=7,
        ge=0,
        le=1000,
        description="tepu each town starts with",
        json_schema_extra={"description_ja": "各街が開始時に持っているテプ"},
    )
    target: int = Field(
        default=50,
        ge=1,
        le=10_000,
        description="tepu that ends the game",
        json_schema_extra={"description_ja": "決算の後、この額のテプを持っていればゲーム終了"},
    )
    solo_rounds: int = Field(
        default=3,
        ge=1,
        le=50,
        description="rounds of the solo game",
        json_schema_extra={"description_ja": "ソロプレイで行うラウンドの数"},
    )
    round_limit: int = Field(
        default=30,
        ge=1,
        le=1000,
        description="two players: the game ends after this round",
        json_schema_extra={"description_ja": "2人用:このラウンドの後にゲームは終わります"},
    )
    catalogue: CatalogueData | None = Field(
        default=None,
        description="the building cards: a catalogue's contents (the command line reads "
        "them from a TOML/JSON file); unset: asobi's reconstruction",
        json_schema_extra={
            "file": True,
            "description_ja": "建物カード:カード一覧の内容(コマンドラインは"
            "TOML/JSONファイルから読み込みます)。指定しなければasobiによる再現",
        },
    )

    @field_validator("catalogue", mode="before")
    @classmethod
    def _data_only(cls, value: Any) -> Any:
        # Never a file name: options come from the server's API too, and a game that opened
        # the files it was named would let anyone read the server's disk.
        if isinstance(value, str | Path):
            raise InvalidOptions(
                "catalogue: give the building cards themselves, not a file name "
                "(asobi play/simulate -o catalogue=FILE reads a file)"
            )
        if isinstance(value, Mapping):
            return catalogue_data(value)
        return value


class Phase(StrEnum):
    TURN = "turn"  # draw, pass or start building
    PICK = "pick"  # the School: take cards from the range looked at
    LAY = "lay"  # laying the cards of one combination
    BUILD = "build"  # between combinations: build again, or end the turn
    RETURN = "return"  # solo: a 7th building sends one back
    SETTLE = "settle"  # 決算: lay-offs
    OVER = "over"


# The phases as plain names, for the questions the rules ask at every move: Python 3.11 finds
# an enum member through its class at every ``Phase.X`` (about 0.3 µs, ten times a name).
TURN_PHASE, PICK_PHASE, LAY_PHASE, BUILD_PHASE, RETURN_PHASE, SETTLE_PHASE, OVER_PHASE = (
    Phase.TURN,
    Phase.PICK,
    Phase.LAY,
    Phase.BUILD,
    Phase.RETURN,
    Phase.SETTLE,
    Phase.OVER,
)


class RummyCityState(State[RummyCityAction]):
    """The table. The row (山札) lies top first: ``row[0]`` is drawn next."""

    spec: ClassVar[GameSpec]  # set by the package, once its SPEC exists

    copied: ClassVar[Copiers] = {
        "rng": Chance.copy,
        "tepu": list,
        "owned": copy_each,
        "supply": list,
        "deposits": dict,
        "hands": copy_each,
        "_hand_summaries": lambda kept: [None] * len(kept),  # a clone reads its hands anew
        "row": list,
        "face_down": set,
        "seen": copy_each,
        "known": copy_each_row,
        "laid": copy_each,
        "last_laid": copy_each,
        "last_hands": copy_each,
        "last_discards": list,
        "discards": list,
        "boxed": list,
        "queue": list,
        "looked": list,
        "taken": list,
        "chosen": list,
        "settlements": copy_nested,
    }

    def __init__(self, options: RummyCityOptions, rng: Chance) -> None:
        super().__init__()
        self.options = options
        self.rng = rng
        self.solo = options.players == 1
        n = options.players
        full = catalogue_of(options.catalogue or default_data())
        self.catalogue: Catalogue = full.for_solo() if self.solo else full
        self.tepu = [options.start_tepu] * n
        # Each town's tepu as the game began (a scenario's own, else the start): the first
        # settlement's row follows on from it (scoring.gained_in_rounds). Never changes.
        self.opening_tepu: tuple[int, ...] = tuple(self.tepu)
        self.owned: list[list[str]] = [[] for _ in range(n)]  # in the order claimed
        self.supply: list[str] = [b.id for b in self.catalogue.buildings]
        # Each building's build action, in catalogue order (``Holdings.goals`` numbers them).
        self._builds: tuple[Build, ...] = tuple(Build(b.id) for b in self.catalogue.buildings)
        self.deposits: dict[str, Card] = {}  # Bank / Police station: the card put on it
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        # Each hand's summary, kept move by move as cards come and go (``add_to_hand``,
        # ``take_from_hand``); None until asked (``hand_summary``). A hand dealt or set
        # anew (a round, a scenario, a determinized world) forgets it (``new_hands``), and
        # so does a clone: a state shares no mutable part with its clones.
        self._hand_summaries: list[HandSummary | None] = [None] * n
        self.row: list[Card] = []
        self.face_down: set[Card] = set()  # the row's cards lying face down
        # Face-down row cards a seat has looked at (the School), until they leave the row.
        self.seen: list[set[Card]] = [set() for _ in range(n)]
        # known[viewer][owner]: cards of owner's hand that viewer saw go in (a face-up card
        # drawn, a face-down card it had looked at). Row ``n`` is a spectator's.
        self.known: list[list[set[Card]]] = [[set() for _ in range(n)] for _ in range(n + 1)]
        self.laid: list[list[Combination]] = [[] for _ in range(n)]  # this round's
        # The round before, as it ended: combinations (public), hands (each to its owner),
        # solo discards (public).
        self.last_laid: list[list[Combination]] = [[] for _ in range(n)]
        self.last_hands: list[list[Card]] = [[] for _ in range(n)]
        self.last_discards: list[Card] = []
        self.discards: list[Card] = []  # solo: face up
        self.boxed: list[Card] = []  # left out of play by a scenario
        self.round = 0
        self.first = 0  # who starts this round
        self.turn = 0
        self.phase = Phase.TURN
        self.builds = 0  # buildings built this turn
        self.final = False  # this is a final turn (ラウンドの終了)
        self.queue: list[int] = []  # seats still to take a final turn / settle
        self.last_drawer: int | None = None
        self.passes = 0  # passes in a row just before this turn
        self.looked: list[Card] = []  # the School's range, as looked at
        self.taken: list[int] = []  # positions (1-based) taken from it
        self.target: str | None = None  # the building the combination under way claims
        # What the combination under way may become (a building's recipe; in the final turns,
        # the combinations of its kind matching no building owned) and its kind.
        self.recipes: tuple[Recipe, ...] = ()
        self.kind = ""
        self.chosen: list[Piece] = []
        self.overtime = False  # the extra round after a tie (延長戦)
        self.settlements: list[dict[str, Any]] = []
        self.result: Outcome | None = None

    @property
    def players(self) -> int:
        return self.options.players

    # --- a round laid out -----------------------------------------------------------------
    def begin_round(self, row: list[Card]) -> None:
        """Lay out ``row`` (dealt, or a scenario's) and clear what the last round left on the
        table: this round's combinations, what anyone looked at or saw; ``first`` starts."""
        n = self.players
        self.new_hands()
        self.row = row
        self.discards = []
        self.laid = [[] for _ in range(n)]
        self.seen = [set() for _ in range(n)]
        self.known = [[set() for _ in range(n)] for _ in range(n + 1)]
        self.turn = self.first
        self.phase = Phase.TURN
        self.builds = 0
        self.final = False
        self.last_drawer = None
        self.passes = 0
        # A scenario lays a round out outside any move (``resolve`` forgets who acts and the
        # legal moves before each one): forget them here too.
        self.changed()

    # --- what the views, the scenarios and the settlement read ------------------------------
    def draw_limit(self, seat: int) -> int:
        """♥: "1枚上限が増えると、4枚まで引けることになります"."""
        return DRAW_LIMIT + self.catalogue.holdings(self.owned[seat]).hearts

    def pieces(self, seat: int, cards: list[Card]) -> list[Piece]:
        """Cards as ``seat`` may use them: its Bank and Police station decide their standing."""
        table = pieces_for(*self.deposit_ranks(seat))
        return [table[c] for c in cards]

    def pool(self, seat: int, cards: list[Card]) -> Pool:
        """``Pool(self.pieces(seat, cards))``, the summary the finder reads."""
        return hand_pool(tuple(cards), *self.deposit_ranks(seat))

    def hand_summary(self, seat: int) -> Pool:
        """``pool(seat, hands[seat])``: the summary of ``seat``'s hand, which the rules
        ask at nearly every decision, kept from the moves that changed the hand."""
        ranks = self.deposit_ranks(seat)
        kept = self._hand_summaries[seat]
        hand = self.hands[seat]
        # A Bank or Police station claimed, returned or given a card reads the hand anew.
        if kept is None or kept[0] != ranks or len(kept[1].pieces) != len(hand):
            kept = self._hand_summaries[seat] = (ranks, hand_pool(tuple(hand), *ranks))
        return kept[1]

    def new_hands(self) -> None:
        """The hands were dealt or set anew: their summaries are worked out again."""
        self._hand_summaries = [None] * self.players

    def add_to_hand(self, seat: int, cards: list[Card]) -> None:
        """``cards`` join ``seat``'s hand, at its end; so does their summary."""
        self.hands[seat].extend(cards)
        kept = self._hand_summaries[seat]
        if kept is not None:
            ranks, pool = kept
            table = pieces_for(*ranks)
            self._hand_summaries[seat] = (ranks, pool.plus([table[c] for c in cards]))

    def take_from_hand(self, seat: int, card: Card) -> Piece:
        """``card`` leaves ``seat``'s hand (laid, or laid off): the card as the seat uses
        it (its Bank and Police station decide). Its summary leaves the hand's too."""
        ranks = self.deposit_ranks(seat)
        piece = pieces_for(*ranks)[card]
        self.hands[seat].remove(card)
        kept = self._hand_summaries[seat]
        if kept is not None and kept[0] == ranks:
            self._hand_summaries[seat] = (ranks, kept[1].minus(piece))
        else:
            self._hand_summaries[seat] = None
        return piece

    def deposit_ranks(self, seat: int) -> tuple[int, int]:
        """The ranks of the cards on ``seat``'s Bank and on its Police station (bit r set
        for rank r): its suitless cards and its jokers."""
        bank = police = 0
        owned = self.owned[seat]
        for b, card in self.deposits.items():
            if b in owned:
                if b in self.catalogue.with_effect[BANK]:
                    bank |= 1 << card.rank
                else:
                    police |= 1 << card.rank
        return bank, police

    def _seen_by(self, viewer: int) -> set[Card]:
        """The face-down row cards ``viewer`` looked at (none for a spectator, ``players``)."""
        return self.seen[viewer] if viewer < self.players else set()

    def row_codes(self, seat: int | None) -> list[str | None]:
        """The row as ``seat`` sees it, top first: a face-down card it has not looked at is
        None."""
        seen = self._seen_by(seat) if seat is not None else set()
        return [c.code if c not in self.face_down or c in seen else None for c in self.row]

    def building(self, building_id: str) -> Building:
        return self.catalogue[building_id]

    def all_cards(self) -> list[Card]:
        """Every card wherever it lies: each of the 52 exactly once."""
        cards = [c for h in self.hands for c in h] + self.row + self.discards + self.boxed
        cards += [c for combos in self.laid for combo in combos for c in combo.cards]
        cards += [p.card for p in self.chosen] + list(self.deposits.values())
        return cards
