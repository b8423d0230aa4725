"""Starmine Rummy Pocket as a vector: one seat's view, for learning agents.

Cards are bags over the 30 distinct cards (the 28 firework cards ``R1``…``B7``, then the
boosts ``W1`` ``W2``, in :data:`FIREWORKS` order). Seats are seen from the observer: the
observing seat first, then the others in turn order. The duel and the solo contest share
the blocks that mean the same; the duel adds the discards and what each seat knows of the
other's hand, the solo contest its open, removed and turned-up cards and the current row.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from asobi.core.observation import Feature, Layout, Observer, Writer
from asobi.core.protocol import GameOptions
from asobi.games.starmine.actions import MELD_POINTS, ROW_NAMES, ROW_NAMES_JA
from asobi.games.starmine.cards import FIREWORKS
from asobi.games.starmine.state import Phase, StarmineOptions
from asobi.games.starmine.views import read_view

CARDS = len(FIREWORKS)  # 30: the size of every bag of cards
PHASES = tuple(Phase)
MELD_KINDS = tuple(MELD_POINTS)  # seq, three, pair
ROWS = len(ROW_NAMES)
# Scales that keep the numbers near [0, 1] in real games (a larger value is still finite).
HAND_SCALE = 15  # hands start at 4 and grow by one per turn of action A
DRAWS_SCALE = 3  # a meld of 3 owes 3 draws; a discard 2
ROW_SCALE = 20  # a row's points; the solo titles top out near 26 for all three rows
MELDS_SCALE = 4  # melds of one kind in one row
CHASE_SCALE = 5  # rounds of 追い打ち

_ROWS_TEXT = ", ".join(f"{en} {ja}" for en, ja in zip(ROW_NAMES, ROW_NAMES_JA, strict=True))


class StarmineObserver(Observer):
    """A seat's view of a duel (2 players) or of the solo contest (1 player)."""

    def __init__(self, options: StarmineOptions) -> None:
        self.players = options.players
        self.solo = options.players == 1
        n = self.players
        features = [
            Feature(
                "phase", len(PHASES), f"phase one-hot: {', '.join(PHASES)} (what the mask is for)"
            ),
            Feature("to_act", n, "who acts now, one-hot by seat from the observer (0 = self)"),
            Feature("turn", n, "whose turn (手番) it is, one-hot by seat from the observer"),
            Feature("last_drawer", n, "who drew the deck's last card, by seat; zeros: nobody yet"),
            Feature("deck_size", 1, f"cards in the deck (山札) / {CARDS}"),
            Feature("draws_left", 1, f"draws the action still owes / {DRAWS_SCALE}"),
            Feature("hand", CARDS, "own hand (手札): a bag of cards"),
            Feature("hand_size", n, f"hand sizes by seat from the observer / {HAND_SCALE}"),
        ]
        if not self.solo:
            features += [
                Feature("chase_rounds", 1, f"rounds of 追い打ち (chase) so far / {CHASE_SCALE}"),
                Feature(
                    "known_cards",
                    n * CARDS,
                    "per seat from the observer, its hand cards the other seat saw go in "
                    "(its starting boost, cards taken from the discards): bags of cards; "
                    "the observer's own block is what the opponent knows of its hand",
                ),
            ]
        features += [
            Feature(
                "rows",
                n * ROWS * CARDS,
                f"cards placed in each row (列: {_ROWS_TEXT}): per seat from the observer, "
                "per row, a bag of cards",
            ),
            Feature(
                "row_totals",
                n * ROWS,
                f"each row's points (評価点), per seat from the observer, per row / {ROW_SCALE}",
            ),
            Feature(
                "row_melds",
                n * ROWS * len(MELD_KINDS),
                "melds (役) in each row by kind (sequence シーケンス, three of a kind 3カード, "
                f"pair ペア), per seat from the observer, per row / {MELDS_SCALE}",
            ),
        ]
        if self.solo:
            features += [
                Feature("open_cards", CARDS, "the open cards (オープン札), drawable: a bag"),
                Feature("removed_cards", CARDS, "the removed cards (廃棄札): a bag"),
                Feature(
                    "flipped",
                    CARDS,
                    "the card turned up, awaiting open/remove (or the deck's last card, on "
                    "which the game ended): one-hot",
                ),
                Feature(
                    "current_row",
                    ROWS,
                    "the lowest row still open (rows below it are closed), one-hot by row",
                ),
            ]
        else:
            features += [
                Feature("discards", CARDS, "the face-up discards (捨て札): a bag of cards"),
                Feature(
                    "discarded_this_turn",
                    CARDS,
                    "the discard made this turn, which may not be drawn back: one-hot",
                ),
            ]
        features.append(
            Feature(
                "unseen",
                CARDS,
                "cards this seat sees nowhere: in the deck, unknown in another hand, or out of "
                "play (a bag)",
            )
        )
        self.layout = Layout(features)

    def fill(self, out: Writer, raw: Mapping[str, Any]) -> None:
        view = read_view(raw)
        n = self.players
        me = view["seat"]
        if me is None:
            raise ValueError("an observation is a seat's: a spectator's view has no 'me'")
        order = [(me + k) % n for k in range(n)]  # seats as the observer sees them
        place = {seat: k for k, seat in enumerate(order)}

        out.one_hot("phase", PHASES.index(Phase(view["phase"])))
        for seat in view["active"]:
            out.add("to_act", place[seat])
        out.one_hot("turn", place[view["turn"]])
        if view["last_drawer"] is not None:
            out.one_hot("last_drawer", place[view["last_drawer"]])
        out.put("deck_size", view["deck_size"] / CARDS)
        out.put("draws_left", view["draws_left"] / DRAWS_SCALE)

        seen: set[str] = set()
        own = view["seats"][me]
        out.bag("hand", own["hand"], _index, seen=seen)
        for k, seat in enumerate(order):
            entry = view["seats"][seat]
            out.add("hand_size", k, entry["hand_size"] / HAND_SCALE)
            if not self.solo:
                out.bag("known_cards", entry["known_cards"], _index, k * CARDS, seen=seen)
            for r, name in enumerate(ROW_NAMES):
                slot = k * ROWS + r
                for meld in entry["rows"][name]:
                    out.bag("rows", meld["cards"], _index, slot * CARDS, seen=seen)
                    kind = MELD_KINDS.index(meld["kind"])
                    out.add("row_melds", slot * len(MELD_KINDS) + kind, 1 / MELDS_SCALE)
                out.add("row_totals", slot, entry["row_totals"][name] / ROW_SCALE)

        if self.solo:
            out.bag("open_cards", view["open_cards"], _index, seen=seen)
            out.bag("removed_cards", view["removed_cards"], _index, seen=seen)
            flipped = view["flipped"]
            if flipped is not None:
                out.bag("flipped", [flipped], _index, seen=seen)
            out.one_hot("current_row", ROW_NAMES.index(view["current_row"]))
        else:
            out.put("chase_rounds", view["chase_rounds"] / CHASE_SCALE)
            out.bag("discards", view["discards"], _index, seen=seen)
            just_discarded = view["discarded_this_turn"]
            if just_discarded is not None:
                out.one_hot("discarded_this_turn", _index(just_discarded))

        for i, card in enumerate(FIREWORKS.cards):
            if card.code not in seen:
                out.add("unseen", i)


def _index(code: str) -> int:
    return FIREWORKS.index(FIREWORKS.card(code))


def observer(options: GameOptions) -> Observer:
    assert isinstance(options, StarmineOptions)
    return StarmineObserver(options)
