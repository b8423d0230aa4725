"""Cautions (``State.caution``): the legal moves whose consequence is a failed launch
(打上げ失敗), for the front ends to say beside the move before the player makes it.

A move is cautioned only when the failure is certain whatever cards come and whatever the
player does next, judged from what the player sees: the rows, the deck's size, the face-up
cards it may draw and the draws still owed (never the deck's order). That happens when

- the move fails the launch at once: in the solo contest, a meld that closes the main row
  at or below the opening (solo §3 C ③);
- the move is the player's last placement or pass and leaves the rows failing: the solo
  rows not rising (solo §4), a row of the duel empty (§6 注意!);
- the move leaves too few placements to make the rows good: in the solo contest, the most
  turns the deck can still allow (each turns up two cards first, and a turn's draws may
  come from the open cards) and the final meld, each adding at most a sequence's 7 points,
  cannot make the rows rise; in the duel, the action draws the deck's last card for
  certain while two rows or more are empty, with one last meld to come (§6).
"""

from __future__ import annotations

import math
from typing import Any

from asobi.core.words import Words
from asobi.games.starmine import scoring
from asobi.games.starmine.actions import (
    FINALE,
    MAIN,
    MELD_POINTS,
    MELDS,
    OPENING,
    PER_BOOST,
    PER_MELD,
    ROW_NAMES,
    ROW_NAMES_JA,
    ROWS,
    Discard,
    Draw,
    Flip,
    Place,
)
from asobi.games.starmine.state import (
    DRAW_PHASE,
    FINAL_PHASE,
    TURN_PHASE,
    StarmineState,
)

MOST_POINTS = max(MELD_POINTS.values())  # a sequence: no meld adds more to a row
LEAST_POINTS = min(m.points(p) for m in MELDS for p in (PER_MELD, PER_BOOST))  # a boosted pair

ENDS = Words("ends the launch: failure — ", "打上げ失敗で終わります：")
DOOMED = Words("the launch can no longer succeed: ", "打上げ失敗が確定します：")


def caution(state: StarmineState, seat: int, action: Any) -> Words | None:
    if not state.is_listed(seat, action):
        return None
    if state.solo:
        # A failed launch says the most; else a last meld that costs more than it adds.
        return _solo(state, action) or _lowered_evaluation(state, seat, action)
    return _duel(state, seat, action)


# --- the deck ------------------------------------------------------------------------------
def deck_at_action_end(state: StarmineState, action: Discard | Place | Draw) -> int:
    """The most cards the deck can still hold when the action that ``action`` begins or
    continues is over: its draws take what they can from the face-up cards. 0: the action
    certainly draws the deck's last card, and the game goes to its end (§6, solo §4 ①)."""
    deck = len(state.deck)
    drawable = sum(1 for c in state.discards if c is not state.no_take)
    if isinstance(action, Discard):
        owed = 2  # the card discarded now may not be drawn back (§5 A; solo: it is removed)
    elif isinstance(action, Place):
        owed = len(action.meld.cards)
    else:
        owed = state.draws_left - 1
        if action.card is None:
            deck -= 1
        else:
            drawable -= 1
    return max(0, deck - max(0, owed - drawable))


def solo_turns_after(deck: int) -> int:
    """The most solo turns (B or C) still to come when a turn ends with ``deck`` cards in
    the deck: each turns up two cards first, and the game ends when that empties it."""
    return max(0, (deck - 1) // 2)


# --- the solo contest -------------------------------------------------------------------------
def _solo(state: StarmineState, action: Any) -> Words | None:
    rows = list(scoring.totals(state.rows[0], state.penalty))
    if state.phase is FINAL_PHASE:  # the game's last move
        if isinstance(action, Place):
            rows[FINALE] += action.meld.points(state.penalty)
        if scoring.rising(*rows):
            return None
        opening, main, finale = rows
        return ENDS + Words(
            f"rows {opening}, {main}, {finale} do not rise",
            f"列の評価点 {opening}・{main}・{finale} が上へ行くほど大きくなっていません",
        )
    current = state.current_row
    if isinstance(action, Flip):  # the second card turned up may be the deck's last
        deck = len(state.deck)
        turns = 0 if deck <= 1 else 1 + solo_turns_after(deck - 1)
    else:
        if isinstance(action, Place):
            opening, main = rows[OPENING], rows[MAIN]
            if current <= MAIN < action.row and main <= opening:
                return ENDS + Words(
                    f"the main row closes at {main}, not above the opening's {opening}",
                    f"メイン（{main}点）がオープニング（{opening}点）を超えないまま完成します",
                )
            rows[action.row] += action.meld.points(state.penalty)
            current = max(current, action.row)
        turns = solo_turns_after(deck_at_action_end(state, action))
    return _solo_doomed(rows, current, turns)


def _solo_doomed(rows: list[int], current: int, turns: int) -> Words | None:
    """Why rows ``rows``, built from row ``current`` up, can no longer rise with at most
    ``turns`` more melds placed in turns and the final meld onto the finale; None if they
    still can. Every meld is taken as the best that could come (at most 7 points, and
    exactly what the main row needs to pass the opening)."""
    opening, main, finale = rows
    if opening == 0:  # solo §3 C ②: the first meld goes onto the opening
        if turns == 0:
            return DOOMED + Words(
                "no turn is left to place a meld on the opening (the last goes on the finale)",
                "オープニングに配置する手番が残っていません（最後の1組はフィナーレへ）",
            )
        opening, turns = LEAST_POINTS, turns - 1
    if main <= opening:
        needed = math.ceil((opening + 1 - main) / MOST_POINTS)  # melds to pass the opening
        if current > MAIN or needed > turns:
            return DOOMED + Words(
                f"the main row ({rows[MAIN]}) can no longer end above the opening "
                f"({rows[OPENING]})",
                f"メイン（{rows[MAIN]}点）がオープニング（{rows[OPENING]}点）を超えられません",
            )
        main, turns = max(opening + 1, main + LEAST_POINTS * needed), turns - needed
    if finale + MOST_POINTS * (turns + 1) <= main:
        return DOOMED + Words(
            f"the finale ({finale}) can no longer end above the main row",
            f"フィナーレ（{finale}点）がメインを超えられません",
        )
    return None


# --- the duel ---------------------------------------------------------------------------------
def _duel(state: StarmineState, seat: int, action: Any) -> Words | None:
    empty = [r for r in ROWS if not state.rows[seat][r]]
    if isinstance(action, Place) and action.row in empty:
        empty.remove(action.row)
    if not empty:
        return None
    if state.phase is FINAL_PHASE:  # the seat's last placement: 追い打ち follows no failure
        return Words("the launch fails: ", "打上げ失敗になります：") + _stay_empty(empty)
    if (state.phase is TURN_PHASE or state.phase is DRAW_PHASE) and len(empty) >= 2:
        assert isinstance(action, Discard | Place | Draw)
        if deck_at_action_end(state, action) == 0:
            return DOOMED + Words(
                f"this action draws the deck's last card, leaving one last meld for "
                f"{len(empty)} empty rows",
                f"この行動で山札が尽き、空の列{len(empty)}つに最後の1組しか置けません",
            )
    return None


def _stay_empty(rows: list[int]) -> Words:
    names = [ROW_NAMES[r] for r in rows]
    en = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    plural = "row stays" if len(names) == 1 else "rows stay"
    return Words(
        f"the {en} {plural} empty", "・".join(ROW_NAMES_JA[r] for r in rows) + "が空のまま"
    )


# --- the solo evaluation a last meld lowers ------------------------------------------------
def _lowered_evaluation(state: StarmineState, seat: int, action: Any) -> Words | None:
    """Solo §4 ② and スターマインの評価: the final meld is optional (ruling 19), and one that
    widens the total gap (合計ギャップ) can cost more in gap penalty (ギャップペナルティ) than
    it adds: say by how much it lowers the evaluation (評価点) against passing. Only for the
    game's last move, when the evaluation after it is certain and is read from the player's
    own rows alone; None where it does not lower it, or where either way fails the launch
    (the failure's caution says that)."""
    if state.phase is not FINAL_PHASE or not isinstance(action, Place):
        return None
    rows = state.rows[seat]
    passed = scoring.solo_outcome(rows, None, state.penalty).details
    placed_rows = [list(row) for row in rows]
    placed_rows[action.row].append(action.meld)
    placed = scoring.solo_outcome(placed_rows, None, state.penalty).details
    if passed["failed_launch"] or placed["failed_launch"]:
        return None
    lost = passed["evaluation"] - placed["evaluation"]
    if lost <= 0:
        return None
    total, penalty, evaluation = placed["total"], placed["gap_penalty"], placed["evaluation"]
    return Words(
        f"lowers your evaluation by {lost} (gap penalty): "
        f"{total} − {penalty} = {evaluation}, {passed['evaluation']} if you pass",
        f"最終評価点が{lost}点下がります（ギャップペナルティ）："
        f"{total}−{penalty}={evaluation}（パスなら{passed['evaluation']}点）",
    )
