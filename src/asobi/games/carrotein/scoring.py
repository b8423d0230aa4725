"""Scoring (得点と勝敗): what a challenge scores, when the game ends, and who wins."""

from __future__ import annotations

from asobi.core.protocol import Outcome, ranks_from_scores
from asobi.games.carrotein.sky import Verdict
from asobi.games.carrotein.state import CarroteinState

MOST_OWN = 2  # "自分の色の【星チップ】を最大2枚まで獲得"


def challenge_gains(state: CarroteinState, challenger: int, verdict: Verdict) -> list[int]:
    """The chips each seat scores from a judged challenge.

    Success: every chip whose centre point is not hidden scores for its colour's player
    (the challenger's own too), and the challenger scores up to 2 of its own hidden chips.
    Failure: every other player scores up to 2 of its own chips on the mat.
    """
    gains = [0] * state.players
    if verdict.success:
        hidden_own = 0
        for chip, hidden in zip(state.chips, verdict.hidden, strict=True):
            owner = state.owner(chip)
            if owner is None:
                continue
            if not hidden:
                gains[owner] += 1
            elif owner == challenger:
                hidden_own += 1
        gains[challenger] += min(MOST_OWN, hidden_own)
        return gains
    for seat in range(state.players):
        if seat != challenger:
            on_mat = sum(1 for chip in state.chips if state.owner(chip) == seat)
            gains[seat] = min(MOST_OWN, on_mat)
    return gains


def end_reason(state: CarroteinState) -> str:
    """終了条件, checked the moment a challenge is scored ("" while the game goes on)."""
    if len(state.boards) <= 1:
        return "one constellation board is left on the mat"
    for seat, scored in enumerate(state.scored):
        if scored >= 10:
            return f"{state.colours[seat]} has scored all ten of its chips"
    return ""


def scores(state: CarroteinState) -> list[int]:
    """Boards plus scored chips."""
    return [len(state.won[s]) + state.scored[s] for s in range(state.players)]


def outcome(state: CarroteinState, reason: str) -> Outcome:
    """Most points wins; a tie goes to more boards; still tied is a draw (shared rank)."""
    points = scores(state)
    # Points first, boards to break a tie (a player holds at most 6 boards, fewer than 100).
    keys = [points[s] * 100 + len(state.won[s]) for s in range(state.players)]
    return Outcome(
        scores=tuple(float(p) for p in points),
        ranks=ranks_from_scores(keys),
        details={
            "reason": reason,
            "boards": [list(w) for w in state.won],
            "chips": list(state.scored),
            "rounds": state.round,
            "challenges": len(state.challenges),
            "successes": sum(1 for c in state.challenges if c.verdict.success),
        },
    )
