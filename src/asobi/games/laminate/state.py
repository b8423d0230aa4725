"""What lies on the Laminate Rummy table: the options, the hands, the deck and the discards,
the papers (論文) with their cards, a publication in progress, what each seat knows of the
others' hands, and the phase of the turn. The rules (``rules.py``), the views
(``views.py``), the scoring and the scenarios all read this module; it imports none of
them, so the package has no import cycle.

References are to the rulebook sections named in ``rules.py``; rulings are in
``docs/rules/laminate.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar

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
)
from asobi.games.laminate.actions import PAPER_TYPES, LaminateAction, PaperType
from asobi.games.laminate.papers import FOREIGN, OWN, Pool

START_HAND = 3  # 準備 6: "ゲーム開始時の初期手札は3枚"


class LaminateOptions(GameOptions):
    """3–5 players. ``end_points`` is the rule's constant (15), exposed for simulations."""

    players: int = Field(
        default=4,
        description="researchers at the table",
        json_schema_extra={"description_ja": "テーブルにつく研究者の人数"},
    )
    end_points: int = Field(
        default=15,
        ge=1,
        le=100,
        description="complete papers worth this many end the game",
        json_schema_extra={
            "description_ja": "完成した論文の合計がこの点数以上になるとゲーム終了条件を満たします"
        },
    )


class Phase(StrEnum):
    SETUP = "setup"  # 準備 6: from the third seat on, discard down to 3 cards
    TURN = "turn"  # choose research, review or publishing (or pass)
    KEEP = "keep"  # 研究: keep one of the two cards drawn
    PUBLISH = "publish"  # 論文発表: the paper's cards, one by one (private until done)
    GIFT = "gift"  # 論文の引用: a hand card for each author cited (private until done)
    FLAG = "flag"  # ゲームの終了: a hand card to lay with the End Flag
    OVER = "over"


# The phases the rules ask about at every move, as plain names: Python 3.11 finds an enum
# member through its class at every ``Phase.X`` (about 0.2 us, ten times a plain name).
(
    SETUP_PHASE,
    TURN_PHASE,
    KEEP_PHASE,
    PUBLISH_PHASE,
    GIFT_PHASE,
    FLAG_PHASE,
    OVER_PHASE,
) = (
    Phase.SETUP,
    Phase.TURN,
    Phase.KEEP,
    Phase.PUBLISH,
    Phase.GIFT,
    Phase.FLAG,
    Phase.OVER,
)

# What the other seats see of a publication in progress: an ordinary turn.
PUBLIC_PHASE = {Phase.PUBLISH: Phase.TURN, Phase.GIFT: Phase.TURN}


@dataclass(slots=True)
class Paper:
    """A paper on the table: its card (論文カード) and the SEVEN cards still under it."""

    kind: PaperType
    cards: list[Card]

    @property
    def complete(self) -> bool:
        """査読: "セブンのカードが残り1枚になった論文は晴れて完成です"."""
        return len(self.cards) == 1

    def copy(self) -> Paper:
        return Paper(self.kind, list(self.cards))


@dataclass(slots=True)
class Draft:
    """A publication in progress: the paper chosen, the hand cards laid, the cards cited,
    and the hand cards chosen as thanks (one per citation of another author)."""

    paper: PaperType
    laid: list[Card] = field(default_factory=list)
    cited: list[Card] = field(default_factory=list)
    thanks: list[Card] = field(default_factory=list)

    def copy(self) -> Draft:
        return Draft(self.paper, list(self.laid), list(self.cited), list(self.thanks))


# --- how ``clone`` copies the table (``LaminateState.copied``) ------------------------------
def copy_papers(papers: list[list[Paper]]) -> list[list[Paper]]:
    return [[p.copy() for p in held] for held in papers]


def copy_draft(draft: Draft | None) -> Draft | None:
    return None if draft is None else draft.copy()


def forgotten(cache: object) -> None:
    """A cache that the rules keep up to date move by move rather than forget at every
    move: a clone works it out afresh."""
    return None


class LaminateState(State[LaminateAction]):
    """The table. The rules that change it are ``rules.LaminateRules``."""

    spec: ClassVar[GameSpec]  # set by the package, once its SPEC exists

    copied: ClassVar[Copiers] = {
        "rng": Chance.copy,
        "hands": copy_each,
        "deck": list,
        "discards": list,
        "papers": copy_papers,
        "supply": dict,
        "boxed": list,
        "known": copy_each_row,
        "drawn": list,
        "draft": copy_draft,
        "_cites": forgotten,
        "_reviewable": forgotten,
        "_cite_pools": forgotten,
        "_points": forgotten,
        "_dpool": forgotten,
    }

    def __init__(self, options: LaminateOptions, rng: Chance) -> None:
        super().__init__()
        n = options.players
        self.options = options
        self.rng = rng
        self.n = n
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.deck: list[Card] = []  # top is the end
        self.discards: list[Card] = []  # in the order discarded; top is the end
        self.papers: list[list[Paper]] = [[] for _ in range(n)]
        self.supply: dict[PaperType, int] = {p: p.copies for p in PAPER_TYPES}
        self.boxed: list[Card] = []  # a scenario's cards out of play
        # known[viewer][owner]: cards ``viewer`` knows to be in ``owner``'s hand (taken from
        # the discards or a paper, or given by ``viewer``); viewer ``n`` is a spectator.
        self.known: list[list[set[Card]]] = [[set() for _ in range(n)] for _ in range(n + 1)]
        self.turn = 0
        self.turn_no = 1
        self.phase = Phase.SETUP
        self.drawn: list[Card] = []  # 研究: the two cards to choose from
        self.draft: Draft | None = None
        # citations[citer][author]: papers cited, for the score breakdown and balance reports
        # (a tuple, replaced not changed, so clones share it safely)
        self.citations: tuple[tuple[int, ...], ...] = ((0,) * n,) * n
        self.passes = 0  # passes in a row
        self.trigger: int | None = None  # who met the end condition
        self.turns_left = 0  # turns still to come after the current one, once triggered
        self.end_reason: str | None = None
        self.result: Outcome | None = None
        # citable(), worked out again once a paper is complete (a review, a publication, a
        # flag: paper_completed): other moves leave it standing
        self._cites: dict[Card, int] | None = None
        # reviewable(), worked out again whenever the papers change (reviews_changed)
        self._reviewable: list[Card] | None = None
        # cite_pool() of each seat (None: not worked out yet), kept up to date as papers
        # are completed
        self._cite_pools: list[Pool | None] | None = None
        # the rules' points() of every seat, as citable() (None: not worked out since)
        self._points: list[int] | None = None
        # (pool, budget) of the publication in progress, kept up to date card by card
        self._dpool: tuple[Pool, int] | None = None

    @property
    def players(self) -> int:
        return self.n

    def citable(self) -> dict[Card, int]:
        """The card left on every complete paper, and its author (引用できる)."""
        if self._cites is None:
            self._cites = {
                p.cards[0]: author
                for author, papers in enumerate(self.papers)
                for p in papers
                if len(p.cards) == 1
            }
        return self._cites

    def reviewable(self) -> list[Card]:
        """Every card on a paper under review (they all hold 2+ cards), seat by seat: what
        査読 may take."""
        if self._reviewable is None:
            self._reviewable = [
                c for papers in self.papers for p in papers if len(p.cards) > 1 for c in p.cards
            ]
        return self._reviewable

    def cite_pool(self, seat: int) -> Pool:
        """The cards ``seat`` may cite, its own papers' and the others' (a pool with no hand
        cards): a turn's pool is this one with the hand."""
        pools = self._cite_pools
        if pools is None:
            pools = self._cite_pools = [None] * self.n
        pool = pools[seat]
        if pool is None:
            own: list[Card] = []
            foreign: list[Card] = []
            for card, author in self.citable().items():
                (own if author == seat else foreign).append(card)
            pool = pools[seat] = Pool((), own, foreign)
        return pool

    def papers_changed(self) -> None:
        """Forget everything read off the papers (a scenario laid them out)."""
        self._reviewable = None
        self._cites = None
        self._cite_pools = None
        self._points = None

    def reviews_changed(self) -> None:
        """A card left a paper under review, or a paper was laid under review: forget
        ``reviewable``. What is read off the complete papers stands, as a complete paper
        never changes (査読 takes from papers under review)."""
        self._reviewable = None

    def paper_completed(self, author: int, card: Card) -> None:
        """A paper of ``author`` is complete, ``card`` left on it (a review took its last
        but one, or it was laid or flagged with one card): forget ``reviewable``,
        ``citable`` and the points; add ``card`` to the citation pools worked out (a pool's
        order does not matter to the rules)."""
        self._reviewable = None
        self._cites = None
        self._points = None
        pools = self._cite_pools
        if pools is not None:
            for seat, pool in enumerate(pools):
                if pool is not None:
                    pools[seat] = pool.with_card(card, OWN if seat == author else FOREIGN)

    def public_phase(self, seat: int | None) -> Phase:
        """The phase as ``seat`` sees it: another's publication in progress is just a turn."""
        if seat == self.turn:
            return self.phase
        return PUBLIC_PHASE.get(self.phase, self.phase)

    def all_cards(self) -> list[Card]:
        """Every one of the 49 cards, wherever it lies, each exactly once."""
        cards = [c for h in self.hands for c in h] + self.deck + self.discards + self.drawn
        cards += [c for papers in self.papers for p in papers for c in p.cards]
        return cards + self.boxed
