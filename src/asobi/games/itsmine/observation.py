"""It's Mine! observations: one seat's view as a fixed-size vector, for learning agents.

Built from ``State.view(seat)`` alone (see ``views.py``), so it holds nothing the seat may
not know: the other princess's committed bid or simultaneous play is absent from the view,
and so from the vector, until both are revealed. Seats are in the observing seat's
perspective: "me" first, then the other. Cards are bags over the 42 playing cards (the SEVEN
deck without the seven mines), in the deck's fixed order ``HA H2 … K11 K12``; mines are in
the order ``H7 O8 B9 C10 S11 T12 KK``. ``Layout.describe()`` gives the table for the docs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from asobi.core.cards import SEVEN, Card
from asobi.core.observation import Feature, Layout, Observer, Writer
from asobi.core.protocol import GameOptions
from asobi.games.itsmine.actions import FACES, MINES, PLAYING_CARDS, SUIT_INDEX, mine_points
from asobi.games.itsmine.scoring import SIMPLE_MINE_POINTS, award_basic, award_simple
from asobi.games.itsmine.state import ItsMineOptions, Phase, direction
from asobi.games.itsmine.views import SeatView, read_view

CARD_INDEX: dict[str, int] = {c.code: i for i, c in enumerate(PLAYING_CARDS)}
N_CARDS = len(PLAYING_CARDS)  # 42
N_MINES = len(MINES)  # 7
N_FACES = len(FACES)  # 6
PHASES: tuple[str, ...] = tuple(str(p) for p in Phase)
COLUMN_MAX = N_CARDS // N_MINES  # a suit has 6 playing cards
HAND_SCALE = 20  # hands seldom pass 20 cards (random play: at most 20 in 600 games)
ROUND_SCALE = 10  # "a real game lasts 4–8 rounds"; a longer one reads as 1
TIE_SCALE = 5  # あいこ in one auction: each draws a card, so the deck allows a few at most
MAX_POINTS = sum(mine_points(m) for m in MINES)  # 70; the simple variant's 7 × 10 too


def _layout() -> Layout:
    cards = N_CARDS
    return Layout(
        [
            Feature(
                "phase",
                len(PHASES),
                "the decision now, one-hot: bid (フェイズ1 オークション, both dice at once), "
                "take (国民カードを取る), play (フェイズ3), play_together (レアなケース: both "
                "lay at once after a tied auction), bonus (3枚ボーナス: keep or remove), over",
            ),
            Feature("to_act", 2, "who must act now: [me, the other]"),
            Feature("variant", 1, "1 in the simple variant (シンプル), 0 in the basic rules"),
            Feature("round", 1, "the round number / 10 (a real game lasts 4–8), at most 1"),
            Feature("final_round", 1, "1 in the last round (終わり A or B, or the round limit)"),
            Feature("deck", 1, "cards in the deck (山札) / the deck after the setup"),
            Feature("bonus_pile", 1, "cards in the bonus pile (ボーナスの山) / its size at setup"),
            Feature("ties", 1, "あいこ so far in this round's auction / 5"),
            Feature(
                "higher",
                2,
                "who lays first this round: [me, the other]; the higher face, or after a "
                "tied auction the larger play once revealed (レアなケース); zero before",
            ),
            Feature(
                "take",
                2,
                "citizens the taker may still take, and of those must take / 6 (フェイズ1 3)",
            ),
            Feature(
                "dice",
                2 * N_FACES,
                "the face each die shows (the last revealed; 1 at the start), one-hot 1–6: "
                "mine, then the other's",
            ),
            Feature(
                "barred_faces",
                N_FACES,
                "faces 1–6 I may not bid now (前のラウンドで出した目, あいこの目)",
            ),
            Feature(
                "committed",
                2,
                "[me, the other] committed a secret bid or simultaneous play not yet revealed "
                "(never which)",
            ),
            Feature("my_bid", N_FACES, "the face I committed in this auction, one-hot 1–6"),
            Feature(
                "my_play",
                cards,
                "the cards of the simultaneous play I committed (レアなケース), not yet revealed",
            ),
            Feature("hand", cards, "my hand (手札), a bag over the 42 playing cards HA … K12"),
            Feature("hand_size", 2, "cards in hand [me, the other] / 20"),
            Feature(
                "hand_seen",
                cards,
                "cards of my hand the other knows of (citizens it saw me take, a simultaneous play "
                "revealed), until laid",
            ),
            Feature(
                "other_known",
                cards,
                "cards of the other's hand I know of (citizens I saw it take, a simultaneous play "
                "revealed), until laid",
            ),
            Feature("other_unknown", 1, "cards of the other's hand I do not know / 20"),
            Feature("citizens", cards, "the citizen cards (国民カード) face up on the table"),
            Feature(
                "unseen",
                cards,
                "cards I cannot place: in the deck, the bonus pile, the other's hand unknown "
                "to me, removed face down by the other, or the bonus card it is deciding on",
            ),
            Feature(
                "columns",
                2 * cards,
                "the cards in the columns under the mines (鉱山): mine, then the other's",
            ),
            Feature(
                "column_top",
                2 * cards,
                "the last card laid in each column, which the next must follow (基本②): "
                "mine, then the other's",
            ),
            Feature(
                "column_size",
                2 * N_MINES,
                "cards in each column / 6, per mine H7 O8 B9 C10 S11 T12 KK: mine, then the "
                "other's",
            ),
            Feature(
                "column_direction",
                4 * N_MINES,
                "each column's direction, [ascending 昇順, descending 降順] per mine (zero "
                "below 2 cards): mine, then the other's",
            ),
            Feature("bonus_claimed", N_MINES, "mines whose 3枚ボーナス is spent (補足8)"),
            Feature(
                "mine_lead",
                2 * N_MINES,
                "who would take each mine if the game ended now, hands aside (勝敗 5, or "
                "シンプル): my mines, then the other's",
            ),
            Feature(
                "standing",
                2,
                "points of the mines [me, the other] would take if the game ended now, hands "
                "aside / 70",
            ),
            Feature("removed_bonus", cards, "the bonus cards I removed face down (3枚ボーナス d)"),
            Feature("bonus_card", cards, "the bonus card I am deciding on, keep or remove"),
        ]
    )


class ItsMineObserver(Observer):
    """It's Mine! for given options: the layout is the same for every option (two seats,
    42 cards, 7 mines); the options only set the scales of the pile sizes."""

    def __init__(self, options: ItsMineOptions) -> None:
        self.options = options
        self.layout = _layout()
        dealt = 2 * options.hand_size + options.citizens + options.bonus_cards
        self.deck_scale = max(1, N_CARDS - dealt)
        self.bonus_scale = max(1, options.bonus_cards)

    def fill(self, out: Writer, raw: Mapping[str, Any]) -> None:
        view = read_view(raw)
        me = view["seat"]
        if me is None or me not in (0, 1):
            raise ValueError("an It's Mine! observation is of one seat's view (seat 0 or 1)")
        seats = [view["seats"][me], view["seats"][1 - me]]  # me first, then the other
        mine, other = seats

        out.one_hot("phase", PHASES.index(view["phase"]))
        active = view["active"]
        out.put("to_act", [float(me in active), float((1 - me) in active)])
        out.put("variant", float(view["variant"] == "simple"))
        out.put("round", min(view["round"], ROUND_SCALE) / ROUND_SCALE)
        out.put("final_round", float(view["final_round"]))
        out.put("deck", view["deck_size"] / self.deck_scale)
        out.put("bonus_pile", view["bonus_pile"] / self.bonus_scale)
        out.put("ties", view["ties"] / TIE_SCALE)
        higher = view["higher"]
        out.one_hot("higher", None if higher is None else int(higher != me))
        out.put("take", [view["take_left"] / N_FACES, view["take_must"] / N_FACES])

        for i, seat in enumerate(seats):
            out.add("dice", i * N_FACES + seat["die"] - 1)
            out.add("committed", i, float(seat["committed"]))
        for face in mine["forbidden_faces"]:
            out.add("barred_faces", face - 1)
        if "bid" in mine:
            out.add("my_bid", mine["bid"] - 1)
        if "play" in mine:  # "play H2 O2" or "pass"
            out.bag("my_play", mine["play"].split()[1:], _index)

        out.bag("hand", mine["hand"], _index)
        out.put("hand_size", [s["hand_size"] / HAND_SCALE for s in seats])
        out.bag("hand_seen", mine["known_cards"], _index)
        out.bag("other_known", other["known_cards"], _index)
        unknown = other["hand_size"] - len(other["known_cards"])
        out.put("other_unknown", unknown / HAND_SCALE)
        out.bag("citizens", view["citizens"], _index)
        out.bag("removed_bonus", mine["removed_bonus"], _index)
        drawn = view.get("bonus_card")
        if drawn is not None:
            out.bag("bonus_card", [drawn], _index)

        columns = [_columns(s) for s in seats]
        for i, cols in enumerate(columns):
            for m, col in enumerate(cols):
                out.bag("columns", [c.code for c in col], _index, i * N_CARDS)
                if col:
                    out.bag("column_top", [col[-1].code], _index, i * N_CARDS)
                out.add("column_size", i * N_MINES + m, len(col) / COLUMN_MAX)
                way = direction(col)
                if way:
                    out.add("column_direction", 2 * (i * N_MINES + m) + int(way < 0))
        for claimed in view["bonus_claimed"]:
            out.add("bonus_claimed", SUIT_INDEX[SEVEN.card(claimed).suit])

        # The award rules do not favour seat 0 (a tie goes to a rank, and ranks in one
        # column are distinct), so the columns can be judged in my perspective directly.
        simple = view["variant"] == "simple"
        award = award_simple(columns) if simple else award_basic(columns)
        standing = [0.0, 0.0]
        for m, owner in enumerate(award.owner):
            if owner is not None:
                out.add("mine_lead", owner * N_MINES + m)
                standing[owner] += SIMPLE_MINE_POINTS if simple else mine_points(MINES[m])
        out.put("standing", [p / MAX_POINTS for p in standing])

        seen = set(mine["hand"]) | set(other["known_cards"]) | set(view["citizens"])
        seen |= {c.code for cols in columns for col in cols for c in col}
        seen |= set(mine["removed_bonus"])
        if drawn is not None:
            seen.add(drawn)
        out.bag("unseen", [c.code for c in PLAYING_CARDS if c.code not in seen], _index)


def _index(code: str) -> int:
    return CARD_INDEX[code]


def _columns(seat: SeatView) -> list[list[Card]]:
    """A seat's columns as cards in laid order, one list per mine (smallest mine first)."""
    by_mine = seat["columns"]
    return [SEVEN.parse(by_mine[m.code]) for m in MINES]


def observer(options: GameOptions) -> Observer:
    if not isinstance(options, ItsMineOptions):
        raise TypeError(f"It's Mine! options expected, not {type(options).__name__}")
    return ItsMineObserver(options)
