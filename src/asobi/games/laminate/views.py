"""What each seat may know, typed once and read by everyone; and worlds consistent with it.

Hidden: the hands (except cards a seat saw arrive: taken from the discards or a paper, or
given by that seat), the deck, the two cards a researcher chooses between, and a
publication in progress (the others see an ordinary turn until the paper is on the table).
Public: the discard pile in order, every paper and its cards, the supply, hand sizes.

``view_of(state, seat)`` is the only place where the state becomes what a seat sees. The
bot, the RL observer, the terminal renderer and the phrasebook read that view through
``read_view``, which checks it against :class:`LaminateView`; the events ``apply`` returns
are typed here too (``EVENT``). Cards are SEVEN codes (``HA`` … ``KK``), papers are paper
card ids (``straight5`` … ``endflag``, :data:`~asobi.games.laminate.actions.PAPER_TYPES`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Annotated, Any, Literal, NotRequired, TypeVar, cast

from pydantic import ConfigDict, Field, TypeAdapter
from typing_extensions import TypedDict  # pydantic reads TypedDicts from here on 3.11

from asobi.core.cards import SEVEN, Card
from asobi.core.protocol import Chance
from asobi.core.typed import GameOver, OutcomeJSON, closed, outcome_json
from asobi.games.laminate.scoring import points
from asobi.games.laminate.state import LaminateState, Phase

S = TypeVar("S", bound=LaminateState)

PhaseName = Literal["setup", "turn", "keep", "publish", "gift", "flag", "over"]
"""``state.Phase`` as the view shows it; another's publish and gift show as "turn"."""


# A key that is not declared here is refused (``closed``): a view cannot grow a field (a
# secret, say) that no reader and no schema knows of.
@closed
class PaperView(TypedDict):
    """A paper on the table (論文カード with its cards)."""

    paper: str  # the paper card's id
    cards: list[str]  # the cards on it, in the order laid; one once complete (完成)
    complete: bool  # False: under review (査読中)


@closed
class Citation(TypedDict):
    """A card on a complete paper, which a paper may cite (引用), and that paper's author."""

    card: str
    author: int


@closed
class SeatView(TypedDict):
    """One researcher as the viewer sees them."""

    hand_size: int
    known_cards: list[str]  # cards of this hand the viewer knows (empty for the viewer's own)
    points: int  # points of complete papers
    complete_papers: int  # the tie-break: fewer wins
    papers: list[PaperView]
    hand: NotRequired[list[str]]  # the hand (手札), in the viewer's own entry only


@closed
class DraftView(TypedDict):
    """The viewer's own publication in progress (論文発表), unseen by the others."""

    paper: str  # the paper card being published
    laid: list[str]  # hand cards laid so far
    cited: list[Citation]  # cards of complete papers cited so far (引用)
    thanks: list[str]  # hand cards chosen as thanks (お礼) so far
    thanks_due: int  # thanks owed in all: one per citation of another author


# Closed like the parts, and built on first use: the bot and the observer import this module
# with the game, and importing a game does not build its validators.
@closed
class LaminateView(TypedDict):
    game: Literal["laminate"]
    seat: int | None  # whose view this is; None: a spectator's
    players: int
    phase: PhaseName
    active: list[int]  # the seats to act now
    turn: int  # whose turn (手番) it is
    turn_no: int
    deck_size: int  # cards in the deck (山札)
    discards: list[str]  # the discard pile (捨て札), bottom first
    drawing: int  # cards the researcher on turn drew and has not yet kept (研究)
    supply: dict[str, int]  # paper cards left in the centre, by paper id
    citable: list[Citation]  # every card a paper may cite now
    end_points: int  # the end condition's points (ゲーム終了条件)
    end_condition_met_by: int | None  # the seat that met it; None before
    turns_left: int | None  # turns to come after the current one, once it is met
    passes_in_row: int  # passes in a row (パス); everyone's ends the game
    end_reason: str | None  # why the game ended; None while it goes on
    seats: list[SeatView]  # by seat
    outcome: OutcomeJSON | None
    drawn: NotRequired[list[str]]  # the two cards to keep one of, to the researcher only
    draft: NotRequired[DraftView]  # the viewer's publication in progress, to its author only


VIEW = TypeAdapter(LaminateView)
"""The view's validator and JSON Schema (``VIEW.json_schema()``)."""


def read_view(view: Mapping[str, Any]) -> LaminateView:
    """A view as its type: checked, so a reader that gets something else fails at once."""
    return VIEW.validate_python(view)


# --- the events ``resolve`` returns, as ``Event.to_json`` writes them ----------------------
@closed
class Discarded(TypedDict):
    """A card to the discard pile, face up: in the deal (準備 6) or the one not kept (研究)."""

    kind: Literal["discard"]
    seat: int
    card: str


@closed
class TurnBegan(TypedDict):
    """``seat``'s turn (手番) begins; ``turn`` is its number."""

    kind: Literal["turn"]
    seat: int
    turn: int


@closed
class Reshuffled(TypedDict):
    """The discards shuffled into a new deck of ``deck`` cards (補遺)."""

    kind: Literal["reshuffle"]
    seat: None
    deck: int


@closed
class Drew(TypedDict):
    """``seat`` drew ``count`` cards (研究); ``deck`` are left. Everyone sees this."""

    kind: Literal["draw"]
    seat: int
    count: int
    deck: int


@closed
class Drawn(TypedDict):
    """The cards ``seat`` drew, to that seat alone."""

    kind: Literal["drawn"]
    seat: int
    cards: list[str]


@closed
class Kept(TypedDict):
    """The drawn card ``seat`` kept, to that seat alone (the other is discarded)."""

    kind: Literal["kept"]
    seat: int
    card: str


@closed
class Took(TypedDict):
    """``seat`` took the top discard (研究)."""

    kind: Literal["take"]
    seat: int
    card: str


@closed
class Reviewed(TypedDict):
    """``seat`` reviewed (査読) ``author``'s ``paper`` and took ``card`` from it."""

    kind: Literal["review"]
    seat: int
    card: str
    author: int
    paper: str
    complete: bool  # the review completed the paper


@closed
class Published(TypedDict):
    """``seat``'s paper is on the table (論文発表): its laid cards and citations."""

    kind: Literal["publish"]
    seat: int
    paper: str
    cards: list[str]
    cited: list[Citation]
    complete: bool  # one card in all: complete at once, no review needed


@closed
class Thanked(TypedDict):
    """``seat`` gave ``receiver`` a card of thanks (お礼), which the others do not see."""

    kind: Literal["thanks"]
    seat: int
    receiver: int


@closed
class Gave(TypedDict):
    """The card of thanks itself, to the giver and the receiver alone."""

    kind: Literal["gift"]
    seat: int
    receiver: int
    card: str


@closed
class Passed(TypedDict):
    """``seat`` passed (パス), the ``in_a_row``-th pass in a row."""

    kind: Literal["pass"]
    seat: int
    in_a_row: int


@closed
class EndTriggered(TypedDict):
    """``seat`` met the end condition with ``points``; ``flag``: it takes the End Flag."""

    kind: Literal["end_triggered"]
    seat: int
    points: int
    flag: bool


@closed
class Flagged(TypedDict):
    """``seat`` laid ``card`` with the End Flag (エンドフラグ)."""

    kind: Literal["flag"]
    seat: int
    card: str


Events = Annotated[
    Discarded
    | TurnBegan
    | Reshuffled
    | Drew
    | Drawn
    | Kept
    | Took
    | Reviewed
    | Published
    | Thanked
    | Gave
    | Passed
    | EndTriggered
    | Flagged
    | GameOver,
    Field(discriminator="kind"),
]
EVENT = TypeAdapter(Events, config=ConfigDict(defer_build=True))  # built on first use
"""An event's validator and JSON Schema, one definition per ``kind``."""


# --- the view -------------------------------------------------------------------------------
def _codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in SEVEN.sort(cards)]


def viewer_index(state: LaminateState, seat: int | None) -> int:
    """Row of ``state.known`` for ``seat`` (the last row is a spectator's)."""
    return state.n if seat is None else seat


def _papers_of(state: LaminateState) -> list[tuple[int, int, list[PaperView]]]:
    """Each seat's papers as everyone sees them (points, complete papers, the papers):
    worked out once a position, however many seats are told of it."""
    return [
        (
            points(papers),
            sum(p.complete for p in papers),
            [
                {"paper": p.kind.id, "cards": [c.code for c in p.cards], "complete": p.complete}
                for p in papers
            ],
        )
        for papers in state.papers
    ]


def _seat_view(state: LaminateState, s: int, seat: int | None) -> SeatView:
    score, complete, papers = state.kept("papers", lambda: _papers_of(state))[s]
    entry: SeatView = {
        "hand_size": len(state.hands[s]),
        "known_cards": _codes(state.known[viewer_index(state, seat)][s]) if s != seat else [],
        "points": score,
        "complete_papers": complete,
        "papers": papers,
    }
    if s == seat:
        entry["hand"] = _codes(state.hands[s])
    return entry


def view_of(state: LaminateState, seat: int | None) -> LaminateView:
    authors = state.citable()
    view: LaminateView = {
        "game": "laminate",
        "seat": seat,
        "players": state.n,
        "phase": cast(PhaseName, str(state.public_phase(seat))),
        "active": sorted(state.active_seats()),
        "turn": state.turn,
        "turn_no": state.turn_no,
        "deck_size": len(state.deck),
        "discards": [c.code for c in state.discards],
        "drawing": len(state.drawn),
        "supply": {p.id: n for p, n in state.supply.items()},
        "citable": [{"card": c.code, "author": a} for c, a in authors.items()],
        "end_points": state.options.end_points,
        "end_condition_met_by": state.trigger,
        "turns_left": state.turns_left if state.trigger is not None else None,
        "passes_in_row": state.passes,
        "end_reason": state.end_reason,
        "seats": [_seat_view(state, s, seat) for s in range(state.n)],
        "outcome": outcome_json(state.outcome()),
    }
    if seat is not None and seat == state.turn:
        if state.drawn:
            view["drawn"] = [c.code for c in state.drawn]
        draft = state.draft
        if draft is not None:
            view["draft"] = {
                "paper": draft.paper.id,
                "laid": [c.code for c in draft.laid],
                "cited": [{"card": c.code, "author": authors[c]} for c in draft.cited],
                "thanks": [c.code for c in draft.thanks],
                "thanks_due": sum(authors[c] != seat for c in draft.cited),
            }
    return view


def determinize(state: S, seat: int | None, rng: random.Random) -> S:
    """A copy in which every card ``seat`` cannot see is dealt again at random: the deck,
    the unknown cards of the other hands, and another researcher's two drawn cards. Another
    seat's publication in progress is unseen, so in the world its turn starts afresh.

    What the other seats know of the hands is reset to what everyone knows (their private
    knowledge is not ``seat``'s to use)."""
    world = state.clone()
    me = viewer_index(world, seat)
    others = [s for s in range(world.n) if s != seat]
    pool: list[Card] = list(world.deck)
    for s in others:
        pool += [c for c in world.hands[s] if c not in world.known[me][s]]
    drawn_hidden = bool(world.drawn) and world.turn != seat
    if drawn_hidden:
        pool += world.drawn
    pool = SEVEN.sort(pool)  # the world depends on what the seat knows, not the true order
    rng.shuffle(pool)
    for s in others:
        known = SEVEN.sort(c for c in world.hands[s] if c in world.known[me][s])
        world.hands[s] = known + [pool.pop() for _ in range(len(world.hands[s]) - len(known))]
    if drawn_hidden:
        world.drawn = [pool.pop() for _ in world.drawn]
    world.deck = pool
    if world.turn != seat and world.phase in (Phase.PUBLISH, Phase.GIFT):
        world.phase = Phase.TURN
        world.draft = None
    public = world.known[world.n]
    for viewer in range(world.n):
        if viewer != seat:
            world.known[viewer] = [
                set(k) if owner != viewer else set() for owner, k in enumerate(public)
            ]
    world.rng = Chance(rng.getrandbits(64))
    return world
