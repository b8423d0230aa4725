"""Scoring (勝敗): steps 4–7 of the basic rules and the simple variant (シンプル).

Step 4 removes leftover hand cards against the columns; step 5 awards the mines from
Coffin K down to Heart 7; step 6 adds their points; step 7 subtracts 3 per leftover card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from asobi.core.cards import Card
from asobi.core.protocol import Outcome
from asobi.games.itsmine.actions import MINES, SUIT_INDEX, mine_points

Columns = Sequence[Sequence[Card]]  # one list per suit (mine), in laid order
LEFTOVER_COST = 3  # 7: "余った手札の枚数×3点"
SIMPLE_MINE_POINTS = 10  # シンプル 6: "鉱山は,1枚10勝利点"


def remove_leftovers(hand: Sequence[Card], columns: Columns) -> tuple[list[list[Card]], list[Card]]:
    """Step 4: each hand card goes out of the game together with the top card of its suit's
    column, one for one, from the top; what cannot be matched stays as leftover."""
    cols = [list(col) for col in columns]
    leftover = []
    for card in hand:
        col = cols[SUIT_INDEX[card.suit]]
        if col:
            col.pop()
        else:
            leftover.append(card)
    return cols, leftover


def _lowest(col: Sequence[Card]) -> int:
    return min(c.rank for c in col)


def _smaller_rank_wins(cols: Sequence[Columns], mine: int) -> int:
    """The player whose column holds the smaller number (both columns hold cards)."""
    return 0 if _lowest(cols[0][mine]) < _lowest(cols[1][mine]) else 1


@dataclass
class MineAward:
    owner: list[int | None]  # by mine index, smallest mine first
    ties: list[list[int]]  # each tie chain (mine indexes, largest first) and how it ended
    notes: list[str]


def award_basic(cols: Sequence[Columns]) -> MineAward:
    """Step 5, from Coffin K down to Heart 7, with deferred ties (保留)."""
    owner: list[int | None] = [None] * len(MINES)
    deferred: list[int] = []
    chains: list[list[int]] = []
    notes: list[str] = []
    heart = 0

    def give(seat: int | None, mines: list[int], why: str) -> None:
        for m in mines:
            owner[m] = seat
        if len(mines) > 1:
            chains.append(list(mines))
        names = ", ".join(MINES[m].code for m in mines)
        notes.append(f"{names}: {'nobody' if seat is None else f'seat {seat}'} ({why})")

    for m in reversed(range(len(MINES))):
        a, b = len(cols[0][m]), len(cols[1][m])
        if a == 0 and b == 0:
            if deferred and m == heart:
                # rare case: "『ハートの7』の鉱山を含め…誰も取ることができない"
                give(None, [*deferred, m], "tie chain reached an empty Heart 7")
            elif deferred:
                # "お互いにカードを並べていない鉱山の1つ上の鉱山で,より小さい数を含む…"
                winner = _smaller_rank_wins(cols, deferred[-1])
                give(winner, deferred, f"tie met an empty {MINES[m].code}: smaller rank")
                give(None, [m], "nobody used it")
            else:
                give(None, [m], "nobody used it")
            deferred = []
        elif a != b:
            give(0 if a > b else 1, [*deferred, m], f"{a} to {b} cards")
            deferred = []
        else:
            deferred.append(m)
            if m == heart:  # rare case: a tie at Heart 7 goes to the smaller rank
                give(_smaller_rank_wins(cols, heart), deferred, "tie at Heart 7: smaller rank")
                deferred = []
    return MineAward(owner, chains, notes)


def award_simple(cols: Sequence[Columns]) -> MineAward:
    """シンプル step 5: no deferring; ties in 7–9 go to the smaller rank, in 11–K to the
    larger rank, in the Coin 10 to nobody; an unused mine goes to nobody."""
    owner: list[int | None] = [None] * len(MINES)
    notes: list[str] = []
    for m in reversed(range(len(MINES))):
        a, b = len(cols[0][m]), len(cols[1][m])
        mine = MINES[m]
        if a != b:
            owner[m] = 0 if a > b else 1
            why = f"{a} to {b} cards"
        elif a == 0 or mine.rank == 10:
            why = "nobody used it" if a == 0 else "tie at the Coin 10"
        elif mine.rank <= 9:
            owner[m] = _smaller_rank_wins(cols, m)
            why = "tie: smaller rank"
        else:
            highest = [max(c.rank for c in cols[s][m]) for s in (0, 1)]
            owner[m] = 0 if highest[0] > highest[1] else 1
            why = "tie: larger rank"
        who = "nobody" if owner[m] is None else f"seat {owner[m]}"
        notes.append(f"{mine.code}: {who} ({why})")
    return MineAward(owner, [], notes)


def final_outcome(
    hands: Sequence[Sequence[Card]], columns: Sequence[Columns], simple: bool
) -> Outcome:
    reduced, leftovers = [], []
    for hand, cols in zip(hands, columns, strict=True):
        c, left = remove_leftovers(hand, cols)
        reduced.append(c)
        leftovers.append(left)
    award = award_simple(reduced) if simple else award_basic(reduced)
    mines = [[MINES[m] for m in range(len(MINES)) if award.owner[m] == s] for s in (0, 1)]
    if simple:
        points = [SIMPLE_MINE_POINTS * len(mines[s]) for s in (0, 1)]
        raw = list(points)
    else:
        raw = [sum(mine_points(m) for m in mines[s]) for s in (0, 1)]
        points = [max(0, raw[s] - LEFTOVER_COST * len(leftovers[s])) for s in (0, 1)]
    ranks, reason = _decide(points, [len(x) for x in leftovers], mines, simple)
    details: dict[str, Any] = {
        "variant": "simple" if simple else "basic",
        "mines": [[m.code for m in ms] for ms in mines],
        "mine_points": raw,
        "leftover": [[c.code for c in left] for left in leftovers],
        "points": points,
        "columns_scored": [[len(col) for col in cols] for cols in reduced],
        "tie_chains": [[MINES[m].code for m in chain] for chain in award.ties],
        "awards": award.notes,
        "reason": reason,
    }
    return Outcome(scores=(float(points[0]), float(points[1])), ranks=ranks, details=details)


def _decide(
    points: list[int], leftover: list[int], mines: list[list[Card]], simple: bool
) -> tuple[tuple[int, int], str]:
    if points[0] != points[1]:
        return _winner(0 if points[0] > points[1] else 1), f"{points[0]} to {points[1]} points"
    if simple and not mines[0] and not mines[1]:
        return (1, 1), "neither took a mine: drawn (相当レアなケース)"
    if leftover[0] != leftover[1]:
        seat = 0 if leftover[0] < leftover[1] else 1
        return _winner(seat), f"level on points; fewer leftover cards ({leftover[seat]})"
    if simple:
        smallest = [min(m.rank for m in ms) for ms in mines]
        seat = 0 if smallest[0] < smallest[1] else 1
        return _winner(seat), "level on points and leftovers; holds the smaller mine"
    return (1, 1), "level on points and leftover cards: drawn"


def _winner(seat: int) -> tuple[int, int]:
    return (1, 2) if seat == 0 else (2, 1)
