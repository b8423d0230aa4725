"""What each seat may know, and worlds consistent with it.

Hidden: the hands (except the cards the other seat saw go in: each player's starting
boost, and cards taken from the face-up discards) and the deck's order. Public: the
discards, open and removed cards, rows, hand sizes and the deck's size.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Annotated, Any, Literal, NotRequired, TypeVar, cast

from pydantic import Field, TypeAdapter
from typing_extensions import TypedDict  # pydantic reads TypedDicts from here on 3.11

from asobi.core.protocol import Chance
from asobi.core.typed import GameOver, OutcomeJSON, closed, outcome_json
from asobi.games.starmine import scoring
from asobi.games.starmine.actions import ROW_NAMES, BoostPenalty, Meld, MeldKind, RowName
from asobi.games.starmine.cards import FIREWORKS
from asobi.games.starmine.state import StarmineState

S = TypeVar("S", bound="StarmineState")

PhaseName = Literal["turn", "draw", "flip", "final", "chase", "over"]  # rules.Phase's values


# --- the view: a key not declared here is refused (``closed``) ------------------------------
@closed
class MeldView(TypedDict):
    """A meld (役) placed in a row."""

    kind: MeldKind  # seq, three, pair: シーケンス, 3カード, ペア
    cards: list[str]  # card codes, in deck order
    points: int  # its score under the game's boost penalty


@closed
class RowsView(TypedDict):
    """A seat's three rows (列), each its melds in the order they were placed."""

    opening: list[MeldView]
    main: list[MeldView]
    finale: list[MeldView]


@closed
class RowTotalsView(TypedDict):
    """Each row's points (評価点)."""

    opening: int
    main: int
    finale: int


@closed
class SeatView(TypedDict):
    """One fireworks maker (花火職人) as the viewer sees them."""

    hand_size: int
    known_cards: list[str]  # cards of this hand everyone saw go in (starting boost, discards)
    rows: RowsView
    row_totals: RowTotalsView
    hand: NotRequired[list[str]]  # the whole hand: in the viewer's own seat only


@closed
class StarmineView(TypedDict):
    """The table as ``seat`` sees it. The duel (``mode`` "duel") has the discards; the solo
    contest (``mode`` "solo") has the open and removed cards, the card turned up and the
    row being built instead."""

    game: Literal["starmine"]
    mode: Literal["duel", "solo"]
    boost_penalty: BoostPenalty  # how boosts cost points: an option, public
    seat: int | None  # whose view this is; None: a spectator's
    phase: PhaseName
    turn: int  # the seat whose turn it is
    active: list[int]  # the seats to act now
    deck_size: int  # cards left in the deck (山札)
    draws_left: int  # cards the current action still owes the drawer
    last_drawer: int | None  # who drew the deck's last card (§6), once someone has
    chase_rounds: int  # rounds of 追い打ち (§8) begun
    seats: list[SeatView]
    outcome: OutcomeJSON | None  # None while the game goes on
    # the duel only
    discards: NotRequired[list[str]]  # the face-up discards (捨て札), oldest first
    discarded_this_turn: NotRequired[str | None]  # the card just discarded: not drawable now
    # the solo contest only
    open_cards: NotRequired[list[str]]  # オープン札: drawable
    removed_cards: NotRequired[list[str]]  # 廃棄札: out of the game
    flipped: NotRequired[str | None]  # the card turned up this turn, until it has an area
    current_row: NotRequired[RowName]  # the row being built; the earlier ones are closed


VIEW = TypeAdapter(StarmineView)
"""The view's validator and JSON Schema (``VIEW.json_schema()``)."""


def read_view(view: Mapping[str, Any]) -> StarmineView:
    """A view as its type: checked, so a reader that gets something else fails at once."""
    return VIEW.validate_python(view)


# --- the events ``apply`` returns, as ``Event.to_json`` writes them ----------------------
@closed
class Passed(TypedDict):
    """``seat`` passes its one meld of the final phase or of a 追い打ち round."""

    kind: Literal["pass"]
    seat: int


@closed
class Discarded(TypedDict):
    """Action A (solo: B): ``card`` from ``seat``'s hand to the discards (solo: removed)."""

    kind: Literal["discard"]
    seat: int
    card: str


@closed
class Placed(TypedDict):
    """``seat`` places ``meld`` (its code) in ``row``, worth ``points``."""

    kind: Literal["place"]
    seat: int
    row: RowName
    meld: str
    points: int


@closed
class LaunchFailed(TypedDict):
    """Solo §3 C ③: the main row closed no higher than the opening; ``reason`` says so."""

    kind: Literal["launch_failed"]
    seat: int
    reason: str


@closed
class DrawFromDeck(TypedDict):
    """``seat`` draws the deck's top card, unseen by others; ``deck`` cards are left."""

    kind: Literal["draw"]
    seat: int
    source: Literal["deck"]
    deck: int


@closed
class DrawFaceUp(TypedDict):
    """``seat`` takes ``card`` from the discards (solo: the open cards), for all to see."""

    kind: Literal["draw"]
    seat: int
    source: Literal["discards"]
    card: str


@closed
class Drew(TypedDict):
    """The card ``seat`` drew from the deck, to that seat alone."""

    kind: Literal["drew"]
    seat: int
    card: str


@closed
class Flipped(TypedDict):
    """Solo §3 A: ``card`` turned up from the deck; ``deck`` cards are left."""

    kind: Literal["flip"]
    seat: int
    card: str
    deck: int


@closed
class FlippedTo(TypedDict):
    """Solo §3 A: ``card`` goes to the open cards or out of the game."""

    kind: Literal["flip_to"]
    seat: int
    card: str
    area: Literal["open", "removed"]


@closed
class FinalPhase(TypedDict):
    """§6 (solo §4): the deck's last card is drawn by ``seat``; one last meld each."""

    kind: Literal["final_phase"]
    seat: int


@closed
class Chase(TypedDict):
    """§8: the rows tie; 追い打ち ``round`` begins."""

    kind: Literal["chase"]
    seat: None
    round: int


# A draw says where it came from; each source has its own payload.
Draw = Annotated[DrawFromDeck | DrawFaceUp, Field(discriminator="source")]
Events = Annotated[
    Passed
    | Discarded
    | Placed
    | LaunchFailed
    | Draw
    | Drew
    | Flipped
    | FlippedTo
    | FinalPhase
    | Chase
    | GameOver,
    Field(discriminator="kind"),
]
EVENT = TypeAdapter(Events)
"""An event's validator and JSON Schema, one definition per ``kind`` (two for ``draw``)."""


def _meld_json(meld: Meld, penalty: BoostPenalty) -> MeldView:
    return {
        "kind": meld.kind,
        "cards": [c.code for c in meld.cards],
        "points": meld.points(penalty),
    }


def _rows_json(rows: Any, penalty: BoostPenalty) -> RowsView:
    opening, main, finale = ([_meld_json(m, penalty) for m in rows[r]] for r in range(3))
    return {"opening": opening, "main": main, "finale": finale}


def view_of(state: StarmineState, seat: int | None) -> StarmineView:
    seats: list[SeatView] = []
    for s in range(state.players):
        rows = state.rows[s]
        opening, main, finale = scoring.totals(rows, state.penalty)
        entry: SeatView = {
            "hand_size": len(state.hands[s]),
            "known_cards": [c.code for c in FIREWORKS.sort(state.known[s])],
            "rows": _rows_json(rows, state.penalty),
            "row_totals": {"opening": opening, "main": main, "finale": finale},
        }
        if s == seat:
            entry["hand"] = [c.code for c in FIREWORKS.sort(state.hands[s])]
        seats.append(entry)
    view: StarmineView = {
        "game": "starmine",
        "mode": "solo" if state.solo else "duel",
        "boost_penalty": state.penalty,
        "seat": seat,
        "phase": cast(PhaseName, str(state.phase)),
        "turn": state.turn,
        "active": sorted(state.active_seats()),
        "deck_size": len(state.deck),
        "draws_left": state.draws_left,
        "last_drawer": state.last_drawer,
        "chase_rounds": state.chase_rounds,
        "seats": seats,
        "outcome": outcome_json(state.outcome()),
    }
    if state.solo:
        view["open_cards"] = [c.code for c in state.discards]
        view["removed_cards"] = [c.code for c in state.removed]
        view["flipped"] = state.flipped.code if state.flipped is not None else None
        view["current_row"] = ROW_NAMES[state.current_row]
    else:
        view["discards"] = [c.code for c in state.discards]
        view["discarded_this_turn"] = state.no_take.code if state.no_take is not None else None
    return view


def determinize(state: S, seat: int | None, rng: random.Random) -> S:
    """A copy in which every card ``seat`` cannot see is dealt again at random: the deck's
    order and, in the duel, the other hand's unknown cards (its known cards stay put)."""
    world = state.clone()
    hidden_seats = [s for s in range(state.players) if s != seat]
    pool = list(world.deck)
    for s in hidden_seats:
        pool += [c for c in world.hands[s] if c not in world.known[s]]
    # Sorting first makes the world depend only on what the seat knows (and ``rng``), not
    # on the order in which the hidden cards really lie.
    pool = FIREWORKS.sort(pool)
    rng.shuffle(pool)
    for s in hidden_seats:
        unknown = len(world.hands[s]) - len(world.known[s])
        known = FIREWORKS.sort(c for c in world.hands[s] if c in world.known[s])
        world.hands[s] = known + pool[:unknown]
        del pool[:unknown]
    world.deck = pool
    # The true generator's state would betray the shuffle it made (Mersenne Twister can be
    # run backwards): the world gets a generator of its own.
    world.rng = Chance(rng.getrandbits(64))
    return world
