"""Scoring: section 7 (勝敗の決定), section 8 (引分け) and the solo evaluation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from asobi.core.protocol import Outcome
from asobi.games.starmine.actions import (
    FINALE,
    MAIN,
    OPENING,
    ROW_NAMES,
    ROWS,
    BoostPenalty,
    Meld,
)

Rows = Sequence[Sequence[Meld]]


def row_total(row: Sequence[Meld], penalty: BoostPenalty) -> int:
    """ "ある列に配置した役の評価点の合計が、その列の評価点になります" (an empty row is 0)."""
    return sum(m.points(penalty) for m in row)


def totals(rows: Rows, penalty: BoostPenalty) -> tuple[int, int, int]:
    return (
        row_total(rows[OPENING], penalty),
        row_total(rows[MAIN], penalty),
        row_total(rows[FINALE], penalty),
    )


def failed_launch(rows: Rows) -> bool:
    """Section 6 注意!: "各列に最低1つ以上のカードを配置していないと打上げは失敗"."""
    return any(not rows[r] for r in ROWS)


def rows_won(rows_by_seat: Sequence[Rows], penalty: BoostPenalty) -> tuple[int, int]:
    """Section 7 ①②: compare the rows one by one; a tied row is won by nobody."""
    a, b = totals(rows_by_seat[0], penalty), totals(rows_by_seat[1], penalty)
    return sum(x > y for x, y in zip(a, b, strict=True)), sum(
        y > x for x, y in zip(a, b, strict=True)
    )


def duel_tied(rows_by_seat: Sequence[Rows], penalty: BoostPenalty) -> bool:
    """True when the game goes to 追い打ち: nobody failed and the rows won are equal."""
    if any(failed_launch(r) for r in rows_by_seat):
        return False
    won = rows_won(rows_by_seat, penalty)
    return won[0] == won[1]


def duel_outcome(rows_by_seat: Sequence[Rows], chase_rounds: int, penalty: BoostPenalty) -> Outcome:
    failed = [failed_launch(r) for r in rows_by_seat]
    won = rows_won(rows_by_seat, penalty)
    if failed[0] and failed[1]:
        ranks, reason = (1, 1), "both launches failed: drawn (ruling)"
    elif failed[0] or failed[1]:
        loser = 0 if failed[0] else 1
        ranks = (2, 1) if loser == 0 else (1, 2)
        reason = f"seat {loser} left a row empty: 打上げ失敗"
    elif won[0] != won[1]:
        ranks = (1, 2) if won[0] > won[1] else (2, 1)
        reason = f"rows won {won[0]}-{won[1]}"
    else:
        ranks, reason = (1, 1), f"rows won {won[0]}-{won[1]} after 追い打ち: drawn"
    details: dict[str, Any] = {
        "rows": [dict(zip(ROW_NAMES, totals(r, penalty), strict=True)) for r in rows_by_seat],
        "rows_won": list(won),
        "failed_launch": failed,
        "chase_rounds": chase_rounds,
        "reason": reason,
    }
    return Outcome(scores=(float(won[0]), float(won[1])), ranks=ranks, details=details)


# --- solo ------------------------------------------------------------------------------
GAP_PENALTY = ((2, 0), (3, 1), (5, 3), (8, 6), (11, 10))  # ギャップペナルティ: from gap -> penalty
TITLES = (  # 評価と称号
    (26, "伝説の花火師", "Legendary pyrotechnist"),
    (23, "打ち上げ名人", "Master of the launch"),
    (20, "天才肌の職人", "Artisan of genius"),
    (16, "一流の花火職人", "First-rate fireworks maker"),
    (-1000, "駆け出しの花火職人", "Novice fireworks maker"),
)


def gap_penalty(total_gap: int) -> int:
    """Solo: 合計ギャップ 2 → 0, 3–4 → 1, 5–7 → 3, 8–10 → 6, 11+ → 10."""
    penalty = 0
    for lowest, value in GAP_PENALTY:
        if total_gap >= lowest:
            penalty = value
    return penalty


def title(evaluation: int) -> tuple[str, str]:
    for lowest, ja, en in TITLES:
        if evaluation >= lowest:
            return ja, en
    raise AssertionError("unreachable: the last title has no lower bound")


def rising(opening: int, main: int, finale: int) -> bool:
    """Solo §1: "上の列ほど評価点が高くなるように" (同点不可: strictly)."""
    return opening < main < finale


def solo_outcome(rows: Rows, failure: str | None, penalty: BoostPenalty) -> Outcome:
    opening, main, finale = totals(rows, penalty)
    if failure is None and not rising(opening, main, finale):
        failure = f"rows {opening}, {main}, {finale} do not rise strictly"
    details: dict[str, Any] = {"rows": dict(zip(ROW_NAMES, (opening, main, finale), strict=True))}
    if failure is not None:
        details.update(failed_launch=True, reason=f"打上げ失敗: {failure}", title=None)
        return Outcome(scores=(0.0,), ranks=(1,), details=details)
    total = opening + main + finale
    gap = (main - opening) + (finale - main)
    evaluation = total - gap_penalty(gap)
    ja, en = title(evaluation)
    details.update(
        failed_launch=False,
        total=total,
        total_gap=gap,
        gap_penalty=gap_penalty(gap),
        evaluation=evaluation,
        title=ja,
        title_en=en,
        reason=f"{total} - {gap_penalty(gap)} = {evaluation}: {ja} ({en})",
    )
    return Outcome(scores=(float(evaluation),), ranks=(1,), details=details)
