"""What each seat may know, typed once and read by everyone; and worlds consistent with it.

Hidden: the other hand, except the cards seen going in (drawn face up, or face down after
this seat looked at them with the School); the face-down cards of the row, except those this
seat looked at; the School's range to everyone but its looker. Public: the row's face-up
cards and where the face-down ones lie, the buildings and the cards on them, the
combinations, the tepu, hand sizes and who looked at which cards.

``view_of(state, seat)`` is the only place where the state becomes what a seat sees. The
bot, the RL observer, the terminal renderer and the phrasebook read that view through
``read_view``, which checks it against :class:`RummyCityView`; the events ``apply`` returns
are typed here too (``EVENT``). Cards are French-deck codes (``SA`` … ``CK``), buildings
are the catalogue's ids.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Annotated, Any, Literal, NotRequired, TypeVar, cast

from pydantic import ConfigDict, Field, TypeAdapter
from typing_extensions import TypedDict  # pydantic reads TypedDicts from here on 3.11

from asobi.core.cards import FRENCH52, Card
from asobi.core.protocol import Chance
from asobi.core.typed import GameOver, OutcomeJSON, closed, outcome_json
from asobi.games.rummycity.combos import (
    STANDING_NAMES,
    Combination,
    fits,
    is_complete,
    next_pieces_towards,
)
from asobi.games.rummycity.scoring import gained_in_rounds
from asobi.games.rummycity.state import Phase, RummyCityState

S = TypeVar("S", bound=RummyCityState)

PhaseName = Literal["turn", "pick", "lay", "build", "return", "settle", "over"]
"""``state.Phase`` as the view shows it."""

Kind = Literal["run", "mix", "set"]
"""The rulebook's three kinds of combination (ラン, MIX, セット)."""


# A key that is not declared here is refused (``closed``): a view cannot grow a field (a
# secret, say) that no reader and no schema knows of.
@closed
class CombinationView(TypedDict):
    """A combination (組み合わせ) on the table."""

    kind: Kind
    cards: list[str]  # as laid
    building: str | None  # the building it claimed; None: laid in the final turns without one
    # cards that stand for another (the Bank's "any suit (銀行)", the Police's "wild (警察署)")
    standing: NotRequired[dict[str, str]]


@closed
class SeatView(TypedDict):
    """One town as the viewer sees it."""

    tepu: int  # テプ held
    hand_size: int
    known_cards: NotRequired[list[str]]  # cards of this hand the viewer knows (not its own)
    buildings: list[str]  # buildings owned, in the order claimed
    combinations: list[CombinationView]  # laid this round
    last_round_combinations: list[CombinationView]
    draw_limit: int  # most cards it may draw in a turn (♥ buildings add one each)
    hand: NotRequired[list[str]]  # the viewer's own hand (手札), in its own entry only
    last_round_hand: NotRequired[list[str]]  # and what it held at the end of last round


@closed
class RowCard(TypedDict):
    """A place in the row (山札), top first."""

    card: str | None  # None: face down and not looked at by the viewer
    face_up: bool
    looked_at_by: list[int]  # the seats that looked at it (the School)


@closed
class BuildingView(TypedDict):
    """A building (建物) of the game's catalogue."""

    id: str
    en: str
    ja: str
    mark: Literal["♠", "♥", "♦", "♣"]
    recipe: str  # the combination that builds it, as the rulebook writes it
    effect: str  # its effect beyond its mark's ("" for none)
    income: int  # tepu it pays at each settlement (決算)
    text: str  # what it does, in English


@closed
class TownSettled(TypedDict):
    """One town's settlement (決算): paid 1 per card in hand, gained 1 per combination laid
    and the buildings' income."""

    hand: int
    paid: int
    combinations: int
    income: int
    income_from: dict[str, int]  # the income by the building that paid it (by id)
    tepu: int  # held after it


@closed
class TownRecorded(TownSettled):
    """A town's settlement as the table keeps it: with what it gained during the round."""

    gained: int  # tepu gained (below 0: paid) in the round before it (scoring.gained_in_rounds)


@closed
class Settlement(TypedDict):
    round: int
    towns: list[TownRecorded]  # by seat


@closed
class Making(TypedDict):
    """The combination being laid."""

    building: str | None  # the building it will claim; None: a meld of the final turns
    kind: Kind
    cards: list[str]  # laid so far
    complete: bool  # the cards laid make it already: "done" finishes it


@closed
class Looking(TypedDict):
    """The School's range being looked at."""

    count: int  # cards in the range
    taken: list[int]  # positions (from 1) taken so far
    cards: list[str] | None  # the range, to the looker only


# Closed like the parts, and built on first use: the bot and the observer import this module
# with the game, and importing a game does not build its validators.
@closed
class RummyCityView(TypedDict):
    game: Literal["rummycity"]
    mode: Literal["solo", "duel"]
    seat: int | None  # whose view this is; None: a spectator's
    round: int
    first_player: int  # who started this round
    phase: PhaseName
    turn: int  # whose turn it is
    active: list[int]  # the seats to act now
    final_turn: bool  # a final turn of the round (ラウンドの終了)
    builds_this_turn: int
    passes_in_a_row: int
    last_drawer: int | None  # who drew the row's last card this round
    overtime: bool  # the extra round after a tie (延長戦)
    target: int  # tepu that end the game
    round_limit: int
    row: list[RowCard]
    supply: list[str]  # buildings nobody owns
    deposits: dict[str, str]  # the card put on the Bank or the Police station, by building
    seats: list[SeatView]  # by seat
    catalogue: list[BuildingView]
    settlements: list[Settlement]  # every settlement so far, in order
    outcome: OutcomeJSON | None
    making: NotRequired[Making]  # while a combination is being laid
    looking: NotRequired[Looking]  # while the School's range is looked at
    discards: NotRequired[list[str]]  # solo only: the discards of this round
    last_round_discards: NotRequired[list[str]]  # solo only
    rounds: NotRequired[int]  # solo only: the rounds of the score attack


VIEW = TypeAdapter(RummyCityView)
"""The view's validator and JSON Schema (``VIEW.json_schema()``)."""


def read_view(view: Mapping[str, Any]) -> RummyCityView:
    """A view as its type: checked, so a reader that gets something else fails at once."""
    return VIEW.validate_python(view)


# --- the events ``resolve`` returns, as ``Event.to_json`` writes them ----------------------
@closed
class NewRound(TypedDict):
    """A round begins (準備); ``seat`` starts it. The row as everyone sees it."""

    kind: Literal["round"]
    seat: int
    round: int
    row: list[str | None]


@closed
class Looked(TypedDict):
    """``seat`` looks at the School's range of ``count`` cards (everyone sees this)."""

    kind: Literal["look"]
    seat: int
    count: int


@closed
class LookedAt(TypedDict):
    """The School's range itself, to the looker alone."""

    kind: Literal["looked"]
    seat: int
    cards: list[str]


@closed
class Took(TypedDict):
    """``seat`` took the card at ``position`` (from 1) of the School's range."""

    kind: Literal["take"]
    seat: int
    position: int


@closed
class Drew(TypedDict):
    """``seat`` drew ``count`` cards: these face up, ``face_down`` more unseen."""

    kind: Literal["draw"]
    seat: int
    count: int
    face_up: list[str]
    face_down: int


@closed
class DrewFaceDown(TypedDict):
    """The face-down cards ``seat`` drew, to that seat alone."""

    kind: Literal["drew"]
    seat: int
    cards: list[str]


@closed
class Discarded(TypedDict):
    """Solo: cards off the top of the row to the discards."""

    kind: Literal["discard"]
    seat: int
    cards: list[str]


@closed
class FarePaid(TypedDict):
    """``seat`` paid ``tepu`` fare (運賃) to the Station's owner ``to``."""

    kind: Literal["fare"]
    seat: int
    to: int
    tepu: int


@closed
class Gained(TypedDict):
    """``seat`` gained ``tepu`` from a building's effect ``why`` (post_office, market, mine)."""

    kind: Literal["gain"]
    seat: int
    tepu: int
    why: str


@closed
class Passed(TypedDict):
    kind: Literal["pass"]
    seat: int


@closed
class Ended(TypedDict):
    """``seat`` ended its turn (a final turn too), or its lay-offs at the settlement."""

    kind: Literal["end"]
    seat: int
    of: Literal["turn", "layoffs"]


@closed
class Started(TypedDict):
    """``seat`` starts laying a ``combination`` for ``building`` (None: a meld)."""

    kind: Literal["start"]
    seat: int
    building: str | None
    combination: Kind


@closed
class Laid(TypedDict):
    """A card of the combination under way."""

    kind: Literal["lay"]
    seat: int
    card: str


@closed
class Completed(TypedDict):
    """The combination is complete."""

    kind: Literal["combination"]
    seat: int
    combination: Kind
    cards: list[str]


@closed
class Built(TypedDict):
    """``seat`` built ``building``, from the supply or taken from a seat."""

    kind: Literal["build"]
    seat: int
    building: str
    taken_from: int | None


@closed
class Placed(TypedDict):
    """``seat`` put ``card`` on the Bank or the Police station ``building``."""

    kind: Literal["place"]
    seat: int
    building: str
    card: str


@closed
class Returned(TypedDict):
    """Solo: ``seat`` sent ``building`` back to the supply (a 7th building)."""

    kind: Literal["return"]
    seat: int
    building: str


@closed
class RoundEnded(TypedDict):
    """``seat`` drew the row's last card: the final turns begin (ラウンドの終了)."""

    kind: Literal["round_end"]
    seat: int


@closed
class FinalTurn(TypedDict):
    kind: Literal["final_turn"]
    seat: int


@closed
class SettlementBegan(TypedDict):
    """The settlement (決算) begins with lay-offs."""

    kind: Literal["settlement"]
    seat: None


@closed
class LaidOff(TypedDict):
    """``seat`` laid ``card`` off (付け札) onto the other's ``target``-th combination."""

    kind: Literal["layoff"]
    seat: int
    card: str
    target: int


@closed
class Settled(TypedDict):
    """The settlement's accounts, town by town."""

    kind: Literal["settled"]
    seat: None
    round: int
    towns: list[TownSettled]


@closed
class Overtime(TypedDict):
    """A tie at the target: an extra round (延長戦)."""

    kind: Literal["overtime"]
    seat: None
    tepu: list[int]


Events = Annotated[
    NewRound
    | Looked
    | LookedAt
    | Took
    | Drew
    | DrewFaceDown
    | Discarded
    | FarePaid
    | Gained
    | Passed
    | Ended
    | Started
    | Laid
    | Completed
    | Built
    | Placed
    | Returned
    | RoundEnded
    | FinalTurn
    | SettlementBegan
    | LaidOff
    | Settled
    | Overtime
    | GameOver,
    Field(discriminator="kind"),
]
EVENT = TypeAdapter(Events, config=ConfigDict(defer_build=True))  # built on first use
"""An event's validator and JSON Schema, one definition per ``kind``."""


# --- the view -------------------------------------------------------------------------------
def _combination_json(combo: Combination) -> CombinationView:
    out: CombinationView = {
        "kind": cast(Kind, combo.kind),
        "cards": [p.card.code for p in combo.pieces],
        "building": combo.building,
    }
    wild = {p.card.code: STANDING_NAMES[p.standing] for p in combo.pieces if p.standing}
    if wild:
        out["standing"] = wild
    return out


def _laid_of(state: RummyCityState) -> list[tuple[list[CombinationView], list[CombinationView]]]:
    """Each seat's combinations on the table, this round's and the last's, as everyone sees
    them: worked out once a position, however many seats are told of it."""
    return [
        ([_combination_json(c) for c in now], [_combination_json(c) for c in last])
        for now, last in zip(state.laid, state.last_laid, strict=True)
    ]


def _seat_view(state: RummyCityState, s: int, seat: int | None) -> SeatView:
    viewer = state.players if seat is None else seat
    laid, last_laid = state.kept("laid", lambda: _laid_of(state))[s]
    entry: SeatView = {
        "tepu": state.tepu[s],
        "hand_size": len(state.hands[s]),
        "known_cards": [c.code for c in FRENCH52.sort(state.known[viewer][s])],
        "buildings": list(state.owned[s]),
        "combinations": laid,
        "last_round_combinations": last_laid,
        "draw_limit": state.draw_limit(s),
    }
    if s == seat:
        entry["hand"] = [c.code for c in FRENCH52.sort(state.hands[s])]
        entry["last_round_hand"] = [c.code for c in FRENCH52.sort(state.last_hands[s])]
        del entry["known_cards"]
    return entry


def _settlements(state: RummyCityState) -> list[Settlement]:
    """Every settlement so far, each town with what it gained during the round."""
    gains = gained_in_rounds(state.settlements, state.opening_tepu)
    out = []
    for record, gained in zip(state.settlements, gains, strict=True):
        towns = [{**town, "gained": g} for town, g in zip(record["towns"], gained, strict=True)]
        out.append(cast(Settlement, {**record, "towns": towns}))
    return out


def view_of(state: RummyCityState, seat: int | None) -> RummyCityView:
    n = state.players
    row: list[RowCard] = [
        {
            "card": code,
            "face_up": card not in state.face_down,
            "looked_at_by": [s for s in range(n) if card in state.seen[s]],
        }
        for card, code in zip(state.row, state.row_codes(seat), strict=True)
    ]
    view: RummyCityView = {
        "game": "rummycity",
        "mode": "solo" if state.solo else "duel",
        "seat": seat,
        "round": state.round,
        "first_player": state.first,
        "phase": cast(PhaseName, str(state.phase)),
        "turn": state.turn,
        "active": sorted(state.active_seats()),
        "final_turn": state.final,
        "builds_this_turn": state.builds,
        "passes_in_a_row": state.passes,
        "last_drawer": state.last_drawer,
        "overtime": state.overtime,
        "target": state.options.target,
        "round_limit": state.options.round_limit,
        "row": row,
        "supply": list(state.supply),
        "deposits": {b: c.code for b, c in state.deposits.items()},
        "seats": [_seat_view(state, s, seat) for s in range(n)],
        "catalogue": cast(list[BuildingView], state.catalogue.to_json()),
        "settlements": _settlements(state),
        "outcome": outcome_json(state.outcome()),
    }
    if state.phase is Phase.LAY:
        view["making"] = {
            "building": state.target,
            "kind": cast(Kind, state.kind),
            "cards": [p.card.code for p in state.chosen],
            "complete": any(is_complete(r, state.chosen) for r in state.recipes),
        }
    if state.looked:
        view["looking"] = {
            "count": len(state.looked),
            "taken": sorted(state.taken),
            "cards": [c.code for c in state.looked] if seat == state.turn else None,
        }
    if state.solo:
        view["discards"] = [c.code for c in state.discards]
        view["last_round_discards"] = [c.code for c in state.last_discards]
        view["rounds"] = state.options.solo_rounds
    return view


def determinize(state: S, seat: int | None, rng: random.Random) -> S:
    """A copy in which every card ``seat`` cannot see is dealt again at random: the other
    hand's unknown cards and the row's face-down cards it has not looked at (which lie
    where they lay: their places are public). Another seat's knowledge follows the cards by
    place: what it looked at in the row is whatever now lies there; what it knew of a hand
    it no longer knows, unless ``seat`` knows it too (only a spectator's worlds lose any).
    A hand laying a combination keeps cards that can finish it (everyone saw it start)."""
    world = state.clone()
    n = state.players
    viewer = n if seat is None else seat
    sees = world.seen[seat] if seat is not None else set()
    hidden_seats = [s for s in range(n) if s != seat]
    slots = [i for i, c in enumerate(world.row) if c in world.face_down and c not in sees]
    kept = {
        s: FRENCH52.sort(c for c in world.hands[s] if c in world.known[viewer][s])
        for s in hidden_seats
    }
    # Sorting first makes the world depend only on what the seat knows (and ``rng``).
    old = FRENCH52.sort(
        [world.row[i] for i in slots]
        + [c for s in hidden_seats for c in world.hands[s] if c not in world.known[viewer][s]]
    )
    new = list(old)
    rng.shuffle(new)
    dealt: dict[int, list[Card]] = {}
    layer = world.turn if world.phase is Phase.LAY and world.turn in hidden_seats else None
    if layer is not None:
        share = len(world.hands[layer]) - len(kept[layer])
        forced = _completion(state, layer, kept[layer], old, share, rng)
        new = [c for c in new if c not in forced]
        dealt[layer] = forced + new[: share - len(forced)]
        del new[: share - len(forced)]
    for s in hidden_seats:
        if s not in dealt:
            share = len(world.hands[s]) - len(kept[s])
            dealt[s], new = new[:share], new[share:]
        world.hands[s] = kept[s] + dealt[s]
    world.new_hands()
    now_at: dict[Card, Card] = {}
    for i in slots:
        now_at[world.row[i]] = card = new.pop()
        world.row[i] = card
    resampled = set(old)
    world.face_down = (world.face_down - resampled) | set(now_at.values())
    off_the_row = resampled - now_at.keys()
    for s in range(n):  # what each other seat looked at: the cards now in those places
        world.seen[s] = {now_at.get(c, c) for c in world.seen[s] if c not in off_the_row}
    world.looked = [now_at.get(c, c) for c in world.looked]
    for row in world.known:
        for known in row:
            known.difference_update(resampled)
    for s in hidden_seats:  # what another hand held last round is not this seat's to know
        world.last_hands[s] = []
    # The true generator's state would betray the shuffle it made: the world gets its own.
    world.rng = Chance(rng.getrandbits(64))
    return world


def _completion(
    state: RummyCityState,
    layer: int,
    kept: list[Card],
    unseen: list[Card],
    share: int,
    rng: random.Random,
) -> list[Card]:
    """Cards among ``unseen`` that, with the ``kept`` ones, finish the combination ``layer``
    is laying, at most ``share`` of them: a random finish, the kept cards first. The true
    hand holds one, so one exists; the rare finish that needs more unseen cards than the
    hand has room for is drawn again, and after 50 draws the hand keeps its own cards."""
    recipes, chosen = state.recipes, state.chosen
    if any(fits(r, chosen, state.pieces(layer, kept)) for r in recipes):
        return []
    mine = set(kept)
    for _ in range(50):
        laid = list(chosen)
        rest = state.pieces(layer, kept + unseen)
        picked: list[Card] = []
        while not any(is_complete(r, laid) for r in recipes):
            choices = next_pieces_towards(recipes, laid, rest)
            own = [p for p in choices if p.card in mine]
            piece = own[0] if own else rng.choice(choices)
            laid.append(piece)
            rest.remove(piece)
            if piece.card not in mine:
                picked.append(piece.card)
        if len(picked) <= share:
            return picked
    return [c for c in state.hands[layer] if c not in mine]
