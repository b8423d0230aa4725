"""Laminate Rummy actions and the paper (論文) catalogue.

A turn is one of research (研究: ``draw`` then ``keep X``, or ``take``), review (査読:
``review X``) or publishing (論文発表), which is a short sequence of decisions: ``publish
<paper>``, then the cards one at a time (``lay X`` from the hand, ``cite X`` for the card
left on a complete paper), ``done`` (only 100+ needs it: the others finish when their
combination is complete), then ``give X`` for each paper of another author cited. Every
card of the SEVEN deck is unique, so a card names the paper it lies on.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from asobi.core.actions import ActionSpace
from asobi.core.cards import SEVEN, Card
from asobi.core.errors import BadActionCode, InvalidSetup


class Shape(StrEnum):
    """How a paper's combination (役) is built."""

    STRAIGHT = "straight"  # N consecutive ranks, any suits (※1, K and A do not connect)
    GROUPS = "groups"  # sets of one rank: 3カード, 5カード, スリーペア, フォーペア, トリプルスリー
    FLUSH = "flush"  # ストフラ: N consecutive ranks of one suit
    SUM = "sum"  # 49 (exactly) and 100+ (at least), any number of cards (※2)
    CARDS = "cards"  # named ranks one card each: AK, オールイーブン
    FLAG = "flag"  # エンドフラグ: not published, taken at the end


@dataclass(frozen=True, slots=True, eq=False)
class PaperType:
    """One kind of paper card (論文カード), from the table 【役の補足説明】.

    Interned: there is one value per kind (in :data:`PAPER_TYPES`), compared and hashed by
    identity (cheap as a dict key), and copying or unpickling one gives back the same."""

    id: str  # the code used in actions: ``publish pairs3``
    ja: str
    en: str
    points: int
    copies: int
    shape: Shape
    size: int = 0  # cards in the combination (0: any number, the sum papers)
    groups: int = 0  # GROUPS: how many ranks; size // groups cards of each
    ranks: tuple[int, ...] = ()  # CARDS: the ranks named, one card each
    total: int = 0  # SUM: the rank total (exactly, or at least for 100+)
    at_least: bool = False  # SUM: 100+ ("100以上")

    def __str__(self) -> str:
        return f"{self.en} ({self.ja})"

    def __copy__(self) -> PaperType:
        return self

    def __deepcopy__(self, memo: object) -> PaperType:
        return self

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (paper_named, (self.id,))


PAPER_TYPES: tuple[PaperType, ...] = (
    PaperType("straight5", "5ストレート", "5-straight", 1, 4, Shape.STRAIGHT, 5),
    PaperType("straight7", "7ストレート", "7-straight", 3, 3, Shape.STRAIGHT, 7),
    PaperType("straight9", "9ストレート", "9-straight", 5, 2, Shape.STRAIGHT, 9),
    PaperType("straight11", "11ストレート", "11-straight", 9, 1, Shape.STRAIGHT, 11),
    PaperType("kind3", "3カード", "three of a kind", 1, 4, Shape.GROUPS, 3, groups=1),
    PaperType("kind5", "5カード", "five of a kind", 4, 3, Shape.GROUPS, 5, groups=1),
    PaperType("pairs3", "スリーペア", "three pairs", 2, 3, Shape.GROUPS, 6, groups=3),
    PaperType("pairs4", "フォーペア", "four pairs", 5, 2, Shape.GROUPS, 8, groups=4),
    PaperType("threes3", "トリプルスリー", "triple three", 7, 1, Shape.GROUPS, 9, groups=3),
    PaperType("flush4", "4ストフラ", "4-straight flush", 4, 2, Shape.FLUSH, 4),
    PaperType("flush6", "6ストフラ", "6-straight flush", 7, 2, Shape.FLUSH, 6),
    PaperType("sum49", "49", "49", 2, 4, Shape.SUM, total=49),
    PaperType("sum100", "100+", "100+", 6, 1, Shape.SUM, total=100, at_least=True),
    PaperType("ak", "AK", "AK", 2, 1, Shape.CARDS, 2, ranks=(1, 13)),
    PaperType(
        "even", "オールイーブン", "all even", 6, 1, Shape.CARDS, 6, ranks=(2, 4, 6, 8, 10, 12)
    ),
    PaperType("endflag", "エンドフラグ", "End Flag", 1, 1, Shape.FLAG),
)
PAPER: dict[str, PaperType] = {p.id: p for p in PAPER_TYPES}
END_FLAG = PAPER["endflag"]
# The papers a player can publish (the End Flag is only ever taken).
PUBLISHABLE: tuple[PaperType, ...] = tuple(p for p in PAPER_TYPES if p is not END_FLAG)
assert sum(p.copies for p in PAPER_TYPES) == 35  # 【ゲームの内容物】 論文カード 35枚


def paper_named(name: str) -> PaperType:
    """A paper type by its id, its Japanese name or its English name."""
    key = name.strip().lower()
    for p in PAPER_TYPES:
        if key in (p.id, p.ja.lower(), p.en.lower(), p.en.lower().replace(" ", "")):
            return p
    raise BadActionCode(
        f"{name!r} is not a paper; papers: {', '.join(f'{p.id} ({p.ja})' for p in PAPER_TYPES)}",
        f"{name!r}は論文ではありません。論文:{'、'.join(f'{p.id}({p.ja})' for p in PAPER_TYPES)}",
    )


# --- actions ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Discard:
    """ゲームの準備 6: from the third seat on, discard a dealt card face up (down to 3)."""

    card: Card

    def encode(self) -> str:
        return f"discard {self.card.code}"


@dataclass(frozen=True, slots=True)
class Draw:
    """研究: draw two from the deck (then keep one), or the last card there is."""

    def encode(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Keep:
    """研究: keep one of the two cards drawn; the other is discarded face up."""

    card: Card

    def encode(self) -> str:
        return f"keep {self.card.code}"


@dataclass(frozen=True, slots=True)
class Take:
    """研究: take the top card of the discard pile."""

    def encode(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class Review:
    """査読: take this card from a paper under review that holds 2+ cards."""

    card: Card

    def encode(self) -> str:
        return f"review {self.card.code}"


@dataclass(frozen=True, slots=True)
class Publish:
    """論文発表: take this paper card from the centre and start laying its cards."""

    paper: PaperType

    def encode(self) -> str:
        return f"publish {self.paper.id}"


@dataclass(frozen=True, slots=True)
class Lay:
    """論文発表: lay this hand card under the paper being published."""

    card: Card

    def encode(self) -> str:
        return f"lay {self.card.code}"


@dataclass(frozen=True, slots=True)
class Cite:
    """論文の引用: use the card left on a complete paper; it stays where it is."""

    card: Card

    def encode(self) -> str:
        return f"cite {self.card.code}"


@dataclass(frozen=True, slots=True)
class Done:
    """論文発表 of 100+: the cards laid so far are the paper (they total 100 or more)."""

    def encode(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Give:
    """論文の引用: give this hand card to the author of a cited paper, as thanks."""

    card: Card

    def encode(self) -> str:
        return f"give {self.card.code}"


@dataclass(frozen=True, slots=True)
class Flag:
    """ゲームの終了: lay this hand card with the End Flag (エンドフラグ)."""

    card: Card

    def encode(self) -> str:
        return f"flag {self.card.code}"


@dataclass(frozen=True, slots=True)
class Pass:
    """パス: only when neither research nor review is possible."""

    def encode(self) -> str:
        return "pass"


LaminateAction = (
    Discard | Draw | Keep | Take | Review | Publish | Lay | Cite | Done | Give | Flag | Pass
)

DRAW, TAKE, DONE, PASS = Draw(), Take(), Done(), Pass()
DISCARD = {c: Discard(c) for c in SEVEN.cards}
KEEP = {c: Keep(c) for c in SEVEN.cards}
REVIEW = {c: Review(c) for c in SEVEN.cards}
PUBLISH = {p: Publish(p) for p in PUBLISHABLE}
LAY = {c: Lay(c) for c in SEVEN.cards}
CITE = {c: Cite(c) for c in SEVEN.cards}
GIVE = {c: Give(c) for c in SEVEN.cards}
FLAG = {c: Flag(c) for c in SEVEN.cards}


# The moves that name one card: ``review S9``, ``lay O7``...
CARD_VERBS = ("discard", "keep", "review", "lay", "cite", "give", "flag")


def _parse(code: str) -> LaminateAction:
    """Codes the interned list does not spell: ``publish 5カード``, ``publish three pairs``;
    else why the code names no action (which part of it is wrong, where one part is)."""
    word, _, rest = code.strip().partition(" ")
    verb, rest = word.lower(), rest.strip()
    if verb == "publish" and rest:
        return PUBLISH.get(paper_named(rest)) or _unknown(code)
    if verb in CARD_VERBS and rest:
        if " " in rest:
            raise BadActionCode(
                f"{verb} names one card: '{verb} {rest.split()[0]}'",
                f"{verb}はカード1枚を指定します:'{verb} {rest.split()[0]}'",
            )
        try:
            SEVEN.card(rest)
        except InvalidSetup:
            raise BadActionCode(
                f"{verb} {rest}: {rest!r} is not a card of the SEVEN deck",
                f"{verb} {rest}:{rest!r}はセブンのカードではありません",
            ) from None
    return _unknown(code)


def _unknown(code: str) -> LaminateAction:
    raise BadActionCode(
        f"{code!r} is not a Laminate Rummy action; try 'draw', 'keep C7', 'take', "
        "'review S9', 'publish kind3', 'lay O7', 'cite H7', 'done', 'give T12', 'flag B4', "
        "'pass' or 'discard K9'",
        f"{code!r}はラミネートラミーの手ではありません。例:'draw'、'keep C7'、'take'、"
        "'review S9'、'publish kind3'、'lay O7'、'cite H7'、'done'、'give T12'、'flag B4'、"
        "'pass'、'discard K9'",
    )


ACTION_SPACE: ActionSpace[LaminateAction] = ActionSpace(
    [
        DRAW,
        TAKE,
        DONE,
        PASS,
        *PUBLISH.values(),
        *DISCARD.values(),
        *KEEP.values(),
        *REVIEW.values(),
        *LAY.values(),
        *CITE.values(),
        *GIVE.values(),
        *FLAG.values(),
    ],
    parse=_parse,
)
