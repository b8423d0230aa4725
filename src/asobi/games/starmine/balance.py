"""What a balance report counts in a Starmine game: which rows decide it (the duel) and how
the fireworks rate (the solo contest)."""

from __future__ import annotations

from asobi.core.protocol import Facts, FactValue, Outcome
from asobi.games.starmine.actions import ROW_NAMES


def facts(outcome: Outcome) -> Facts:
    details = outcome.details
    if isinstance(details["rows"], dict):  # ソロ用ルール: one player's three rows
        rows = details["rows"]
        return Facts(
            game={
                "failed_launch": details["failed_launch"],
                "evaluation": details.get("evaluation"),
                "total_gap": details.get("total_gap"),
                "title": details.get("title_en") or "failed launch",
            },
            seats=[{f"{name} row": rows[name] for name in ROW_NAMES}],
        )
    return _duel(outcome)


def _duel(outcome: Outcome) -> Facts:
    """Section 7: the rows are compared one by one. For each row, did the game's winner
    win it, lose it, or did it tie? A row the winner wins far more often than it loses is
    the row that decides games."""
    details = outcome.details
    rows, failed = details["rows"], details["failed_launch"]
    winners = outcome.winners
    game: dict[str, FactValue] = {
        "decided by": (
            "a failed launch (打上げ失敗)"
            if any(failed)
            else "a draw"
            if len(winners) != 1
            else "追い打ち (chase)"
            if details["chase_rounds"]
            else "rows won"
        ),
        "chase rounds": details["chase_rounds"],
    }
    for name in ROW_NAMES:
        if len(winners) != 1 or any(failed):
            game[f"{name} row"] = "no single winner by rows"
            continue
        mine, theirs = rows[winners[0]][name], rows[1 - winners[0]][name]
        game[f"{name} row"] = (
            "won by the winner"
            if mine > theirs
            else "tied"
            if mine == theirs
            else "won by the loser"
        )
    seats = [
        {
            **{f"{name} row": row[name] for name in ROW_NAMES},
            "rows won": won,
            "failed launch": fail,
        }
        for row, won, fail in zip(rows, details["rows_won"], failed, strict=True)
    ]
    return Facts(game=game, seats=seats)
