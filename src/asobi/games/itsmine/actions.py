"""It's Mine! actions: dice bids, citizen picks, plays into columns, bonus decisions.

Every play any hand could make is computed once at import (about 660), so actions are
interned values and the action space is finite and dense.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from asobi.core.actions import ActionSpace
from asobi.core.cards import SEVEN, SEVEN_SUITS, Card, seven_suit_top
from asobi.core.errors import BadActionCode, InvalidSetup

# --- mines (鉱山): each suit's highest card, Heart 7 (smallest) ... Coffin K (largest) -------
SUITS = tuple(s.letter for s in SEVEN_SUITS)  # H O B C S T K, smallest mine first
MINES: tuple[Card, ...] = tuple(seven_suit_top(s) for s in SUITS)
MINE_OF: dict[str, Card] = dict(zip(SUITS, MINES, strict=True))
SUIT_INDEX: dict[str, int] = {s: i for i, s in enumerate(SUITS)}
FACES = (1, 2, 3, 4, 5, 6)
# The 42 cards that are dealt, taken and laid: the SEVEN deck without the mines.
PLAYING_CARDS: tuple[Card, ...] = tuple(c for c in SEVEN.cards if c not in MINES)


def mine_points(mine: Card) -> int:
    """補足9: "Kは,13点となります.それ以外は,そのまま" — a mine is worth its number."""
    return mine.rank


# --- actions ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Bid:
    """Phase 1: the face shown on your die (secret until both are in)."""

    face: int

    def encode(self) -> str:
        return f"bid {self.face}"


@dataclass(frozen=True, slots=True)
class Take:
    """Phase 1: take one citizen card (国民カード) into your hand."""

    card: Card

    def encode(self) -> str:
        return f"take {self.card.code}"


@dataclass(frozen=True, slots=True)
class Done:
    """Phase 1: the higher face stops taking citizens (after at least one)."""

    def encode(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Play:
    """Phase 3: lay hand cards into your columns, in the order given (one card; 2+
    consecutive ranks of one suit; or one rank in different suits)."""

    cards: tuple[Card, ...]

    @property
    def rank_sum(self) -> int:
        return sum(c.rank for c in self.cards)

    def encode(self) -> str:
        return "play " + " ".join(c.code for c in self.cards)


@dataclass(frozen=True, slots=True)
class Pass:
    """Phase 3, 補足7: lay nothing — only when no card can be laid."""

    def encode(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Bonus:
    """3枚ボーナス: keep the bonus card in hand (c) or remove it face down (d)."""

    keep: bool

    def encode(self) -> str:
        return "keep" if self.keep else "remove"


ItsMineAction = Bid | Take | Done | Play | Pass | Bonus

BIDS = {face: Bid(face) for face in FACES}
TAKE = {c: Take(c) for c in PLAYING_CARDS}
DONE = Done()
PASS = Pass()
KEEP, REMOVE = Bonus(True), Bonus(False)


def _all_plays() -> dict[tuple[Card, ...], Play]:
    plays: list[tuple[Card, ...]] = [(c,) for c in PLAYING_CARDS]
    for suit in SUITS:  # 特殊①: 2+ consecutive ranks of one suit, laid up or down
        ranks = sorted(c for c in PLAYING_CARDS if c.suit == suit)
        for length in range(2, len(ranks) + 1):
            for start in range(len(ranks) - length + 1):
                run = tuple(ranks[start : start + length])
                plays += [run, run[::-1]]
    for rank in range(1, 14):  # 特殊②: one rank across different suits
        same = [c for c in PLAYING_CARDS if c.rank == rank]
        for size in range(2, len(same) + 1):
            plays += list(combinations(same, size))
    return {cards: Play(cards) for cards in plays}


PLAYS: dict[tuple[Card, ...], Play] = _all_plays()


def _parse(code: str) -> ItsMineAction:
    """A code the interned list does not spell: a same-rank play in another order, else
    why the code names no action (which part of it is wrong, where one part is)."""
    words = code.split()
    verb = words[0].lower() if words else ""
    if verb == "bid" and len(words) == 2:
        _refuse_bid(words[1])
    if verb in ("take", "play") and len(words) >= 2:
        cards = _cards(words[1:])
        if verb == "take" and len(cards) == 1:
            _refuse_take(cards[0])
        if verb == "play":
            found = PLAYS.get(tuple(cards)) or _same_rank_play(cards)
            if found is not None:
                return found
            _refuse_play(cards)
    raise BadActionCode(
        f"{code!r} is not an It's Mine! action; try 'bid 3', 'take C7', 'done', "
        "'play S7 S8 S9', 'play B7 C7', 'pass', 'keep' or 'remove'",
        f"{code!r}はイッツマイン!の手ではありません。例:'bid 3'、'take C7'、'done'、"
        "'play S7 S8 S9'、'play B7 C7'、'pass'、'keep'、'remove'",
    )


def _refuse_bid(face: str) -> None:
    """``bid FACE`` with a face no die shows (a bid the list holds never comes here)."""
    raise BadActionCode(
        f"bid {face}: a bid is a die face, 1 to 6",
        f"bid {face}:出せるのはダイスの目(1〜6)です",
    )


def _cards(codes: Sequence[str]) -> list[Card]:
    """The cards ``codes`` name, or the first code that names none."""
    cards = []
    for code in codes:
        try:
            cards.append(SEVEN.card(code))
        except InvalidSetup:
            raise BadActionCode(
                f"{code!r} is not a card of the SEVEN deck",
                f"{code!r}はセブンのカードではありません",
            ) from None
    return cards


def _refuse_take(card: Card) -> None:
    """``take CARD`` of a card that is never a citizen: a mine's card."""
    raise BadActionCode(
        f"take {card.code}: {card.code} is a mine (鉱山), never a citizen card",
        f"take {card.code}:{card.code}は鉱山で、国民カードにはなりません",
    )


def _refuse_play(cards: Sequence[Card]) -> None:
    """``play CARDS`` that is no play: a mine's card, or cards that lay together no way."""
    mines = [c.code for c in cards if c in MINES]
    if mines:
        raise BadActionCode(
            f"play: {mines[0]} is a mine (鉱山), never in a hand",
            f"play:{mines[0]}は鉱山で、手札にはありません",
        )
    shown = " ".join(c.code for c in cards)
    raise BadActionCode(
        f"play {shown}: lay one card, a run of one suit in order, or one rank in different suits",
        f"play {shown}:出せるのは1枚、同じスートの連続した数字(順に)、"
        "または異なるスートの同じ数字です",
    )


def _same_rank_play(cards: Sequence[Card]) -> Play | None:
    """Cards of one rank may be typed in any order: the play lists them by suit. (A run's
    order is the order it is laid in, so a jumbled run is no play at all.)"""
    if not cards or len({c.rank for c in cards}) != 1:
        return None
    return PLAYS.get(tuple(sorted(cards, key=SEVEN.index)))


ACTION_SPACE: ActionSpace[ItsMineAction] = ActionSpace(
    [*BIDS.values(), *TAKE.values(), DONE, *PLAYS.values(), PASS, KEEP, REMOVE],
    parse=_parse,
)
