"""What each seat may know, and worlds consistent with it.

Hidden: hands (except citizens a player was seen to take), the deck, the bonus pile, the
bonus card being decided, what a player removed face down, and a bid or a simultaneous play
until both are in. Public: mines, columns, citizens, dice faces shown and the faces they bar,
pile sizes, hand sizes, how many cards each removed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Annotated, Any, Literal, NotRequired, TypeVar, cast

from pydantic import Field, TypeAdapter
from typing_extensions import TypedDict  # pydantic reads TypedDicts from here on 3.11

from asobi.core.cards import SEVEN
from asobi.core.protocol import Chance
from asobi.core.typed import GameOver, OutcomeJSON, closed, outcome_json
from asobi.games.itsmine.actions import FACES, MINES
from asobi.games.itsmine.state import EndReason, ItsMineState

S = TypeVar("S", bound=ItsMineState)

PhaseName = Literal["bid", "take", "play", "play_together", "bonus", "over"]  # state.Phase


# --- the view: a key not declared here is refused (``closed``) ------------------------------
@closed
class SeatView(TypedDict):
    """One princess (姫) as the viewer sees her."""

    hand_size: int
    known_cards: list[str]  # cards of this hand everyone saw go in (citizens taken, plays shown)
    columns: dict[str, list[str]]  # by mine code (``mines``): the cards sent there, in order
    die: int  # the face her die shows: the start's 「1」, then her last face shown
    forbidden_faces: list[int]  # the faces she may not bid now (last round's, a tied face)
    removed_count: int  # bonus cards she removed face down: how many, never which
    committed: bool  # has she bid (phase 1) or chosen her play (after a tie) this time?
    # the viewer's own seat only
    hand: NotRequired[list[str]]
    removed_bonus: NotRequired[list[str]]  # which bonus cards she removed
    bid: NotRequired[int]  # her secret face, once bid and until both are shown
    play: NotRequired[str]  # her secret play (an action code), until both are shown


@closed
class ItsMineView(TypedDict):
    """The table as ``seat`` sees it."""

    game: Literal["itsmine"]
    variant: Literal["basic", "simple"]  # the rules played: basic, or シンプル
    seat: int | None  # whose view this is; None: a spectator's
    phase: PhaseName
    round: int
    final_round: bool  # this round is the last (終わり A / B, or the round limit)
    end_reason: EndReason | None  # why the final round came (None: not yet, or a scenario's)
    active: list[int]  # the seats to act now
    mines: list[str]  # the seven mines' codes, smallest first
    bonus_claimed: list[str]  # mines whose 3枚ボーナス has been claimed
    citizens: list[str]  # the citizens (市民) face up to be taken
    deck_size: int
    bonus_pile: int  # cards left in the bonus pile
    ties: int  # あいこ so far in this round's auction
    higher: int | None  # who showed the higher face this round (plays first), once known
    take_left: int  # citizens the taker may still take (0 outside the take phase)
    take_must: int  # of which she must still take (0 outside the take phase)
    seats: list[SeatView]
    outcome: OutcomeJSON | None  # None while the game goes on
    bonus_card: NotRequired[str]  # the bonus card being decided, to its drawer alone


VIEW = TypeAdapter(ItsMineView)
"""The view's validator and JSON Schema (``VIEW.json_schema()``)."""


def read_view(view: Mapping[str, Any]) -> ItsMineView:
    """A view as its type: checked, so a reader that gets something else fails at once."""
    return VIEW.validate_python(view)


# --- the events ``apply`` returns, as ``Event.to_json`` writes them ----------------------
@closed
class RoundBegins(TypedDict):
    """Round ``round`` begins; ``final``: it is the last."""

    kind: Literal["round"]
    seat: None
    round: int
    final: bool


@closed
class BidCommitted(TypedDict):
    """Everyone learns that ``seat`` has bid, never which face."""

    kind: Literal["bid_committed"]
    seat: int


@closed
class BidFace(TypedDict):
    """``seat``'s own face, to that seat alone."""

    kind: Literal["bid"]
    seat: int
    face: int


@closed
class Revealed(TypedDict):
    """Both dice shown together: ``faces`` by seat."""

    kind: Literal["reveal"]
    seat: None
    faces: list[int]


@closed
class TieDraw(TypedDict):
    """あいこ: the card ``seat`` draws face down, to that seat alone."""

    kind: Literal["tie_draw"]
    seat: int
    card: str


@closed
class TieDraws(TypedDict):
    """あいこ: each has drawn a card face down; ``deck`` cards are left."""

    kind: Literal["tie_draws"]
    seat: None
    deck: int


@closed
class AuctionTied(TypedDict):
    """The auction ends tied, the deck too low to bid again (レアなケース): nobody takes."""

    kind: Literal["auction_tied"]
    seat: None
    deck: int


@closed
class Took(TypedDict):
    """``seat`` takes the citizen ``card``."""

    kind: Literal["take"]
    seat: int
    card: str


@closed
class DoneTaking(TypedDict):
    """``seat`` takes no more citizens."""

    kind: Literal["done"]
    seat: int


@closed
class Refilled(TypedDict):
    """Phase 2: ``cards`` from the deck join the citizens; ``deck`` cards are left."""

    kind: Literal["refill"]
    seat: None
    cards: list[str]
    deck: int


@closed
class PlayCommitted(TypedDict):
    """After a tied auction, everyone learns that ``seat`` has chosen a play, never which."""

    kind: Literal["play_committed"]
    seat: int


@closed
class PlayChosen(TypedDict):
    """``seat``'s own play (an action code), to that seat alone."""

    kind: Literal["play_chosen"]
    seat: int
    play: str


@closed
class PlaysRevealed(TypedDict):
    """Both plays shown together (action codes by seat); ``first`` lays first."""

    kind: Literal["plays_revealed"]
    seat: None
    first: int
    plays: list[str]


@closed
class Played(TypedDict):
    """``seat`` lays ``cards`` in her mines' columns."""

    kind: Literal["play"]
    seat: int
    cards: list[str]


@closed
class Passed(TypedDict):
    """``seat`` lays no card."""

    kind: Literal["pass"]
    seat: int


@closed
class BonusDrawn(TypedDict):
    """3枚ボーナス: ``seat`` draws a bonus card for ``mine``; ``pile`` cards are left."""

    kind: Literal["bonus"]
    seat: int
    mine: str
    pile: int


@closed
class BonusCard(TypedDict):
    """The bonus card drawn, to its drawer alone."""

    kind: Literal["bonus_card"]
    seat: int
    card: str


@closed
class BonusDecided(TypedDict):
    """``seat`` keeps the bonus card or removes it face down; to that seat alone."""

    kind: Literal["bonus_decided"]
    seat: int
    card: str
    keep: bool


@closed
class BonusChosen(TypedDict):
    """``seat`` kept a bonus card or removed it face down, which one not said; to the other
    seat (its taker is told :class:`BonusDecided`)."""

    kind: Literal["bonus_chosen"]
    seat: int
    keep: bool


Events = Annotated[
    RoundBegins
    | BidCommitted
    | BidFace
    | Revealed
    | TieDraw
    | TieDraws
    | AuctionTied
    | Took
    | DoneTaking
    | Refilled
    | PlayCommitted
    | PlayChosen
    | PlaysRevealed
    | Played
    | Passed
    | BonusDrawn
    | BonusCard
    | BonusDecided
    | BonusChosen
    | GameOver,
    Field(discriminator="kind"),
]
EVENT = TypeAdapter(Events)
"""An event's validator and JSON Schema, one definition per ``kind``."""


def _codes(cards: Any) -> list[str]:
    return [c.code for c in SEVEN.sort(cards)]


def view_of(state: ItsMineState, seat: int | None) -> ItsMineView:
    seats: list[SeatView] = []
    for s in (0, 1):
        entry: SeatView = {
            "hand_size": len(state.hands[s]),
            "known_cards": _codes(state.known[s]),
            "columns": {
                m.code: [c.code for c in col]
                for m, col in zip(MINES, state.columns[s], strict=True)
            },
            "die": state.last_face[s],
            # Public: last round's face and a tied face are both shown on the dice.
            "forbidden_faces": sorted(state.forbidden[s]),
            # How many cards were removed face down is seen; which ones is not.
            "removed_count": len(state.bonus_removed[s]),
            "committed": (state.bids[s] if state.phase == "bid" else state.pending[s]) is not None,
        }
        if s == seat:
            entry["hand"] = _codes(state.hands[s])
            entry["removed_bonus"] = [c.code for c in state.bonus_removed[s]]
            bid = state.bids[s]
            if bid is not None:
                entry["bid"] = bid
            pending = state.pending[s]
            if pending is not None:
                entry["play"] = pending.encode()
        seats.append(entry)
    view: ItsMineView = {
        "game": "itsmine",
        "variant": state.options.variant,
        "seat": seat,
        "phase": cast(PhaseName, str(state.phase)),
        "round": state.round,
        "final_round": state.final_round,
        "end_reason": state.end_reason,
        "active": sorted(state.active_seats()),
        "mines": [m.code for m in MINES],
        "bonus_claimed": [
            m.code for m, done in zip(MINES, state.bonus_claimed, strict=True) if done
        ],
        "citizens": _codes(state.citizens),
        "deck_size": len(state.deck),
        "bonus_pile": len(state.bonus),
        "ties": state.ties,
        "higher": state.higher,
        "take_left": state.take_left if state.phase == "take" else 0,
        "take_must": state.take_must if state.phase == "take" else 0,
        "seats": seats,
        "outcome": outcome_json(state.outcome()),
    }
    if state.bonus_card is not None and seat == state.bonus_seat:
        view["bonus_card"] = state.bonus_card.code
    return view


def determinize(state: S, seat: int | None, rng: random.Random) -> S:
    """A copy in which every card ``seat`` cannot see is dealt again at random (the deck,
    the bonus pile, the other hand's unknown cards, what the other removed face down, a
    bonus card the other is looking at), and the other's secret bid or play is chosen again."""
    world = state.clone()
    hidden = [s for s in (0, 1) if s != seat]
    pool = list(world.deck) + list(world.bonus)
    for s in hidden:
        pool += [c for c in world.hands[s] if c not in world.known[s]]
        pool += world.bonus_removed[s]
    card_hidden = world.bonus_card is not None and world.bonus_seat != seat
    if card_hidden:
        pool.append(world.bonus_card)  # type: ignore[arg-type]
    pool = SEVEN.sort(pool)  # the world depends on what the seat knows, not the true order
    rng.shuffle(pool)
    for s in hidden:
        unknown = len(world.hands[s]) - len(world.known[s])
        known = SEVEN.sort(c for c in world.hands[s] if c in world.known[s])
        world.hands[s] = known + [pool.pop() for _ in range(unknown)]
        world.bonus_removed[s] = [pool.pop() for _ in world.bonus_removed[s]]
    if card_hidden:
        world.bonus_card = pool.pop()
    world.bonus = [pool.pop() for _ in world.bonus]
    world.deck = pool
    for s in hidden:  # a secret commitment the seat has not seen
        if world.bids[s] is not None:
            world.bids[s] = rng.choice([f for f in FACES if f not in world.forbidden[s]])
        if world.pending[s] is not None:
            world.pending[s] = rng.choice(world.list_legal(s))
    world.rng = Chance(rng.getrandbits(64))
    return world
