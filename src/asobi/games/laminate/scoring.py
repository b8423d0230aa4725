"""Scoring (【ゲームの終了と勝利条件】): complete papers only; ties go to fewer papers."""

from __future__ import annotations

from collections.abc import Sequence

from asobi.core.protocol import Outcome
from asobi.games.laminate.state import Paper


def complete_papers(papers: Sequence[Paper]) -> list[Paper]:
    """ "この状態で初めて論文の価値が認められ、勝利点を得られます": papers under review
    score nothing. The End Flag with its card is a complete paper worth 1 (ruling)."""
    return [p for p in papers if p.complete]


def points(papers: Sequence[Paper]) -> int:
    return sum(p.kind.points for p in complete_papers(papers))


def final_outcome(
    papers_by_seat: Sequence[Sequence[Paper]],
    reason: str,
    trigger: int | None,
    citations: Sequence[Sequence[int]] = (),
) -> Outcome:
    """The highest total wins; a tie goes to the fewest complete papers among the tied;
    still tied, all of them win ("その全員が勝利"). Ranks follow the same order."""
    scores = [points(papers) for papers in papers_by_seat]
    counts = [len(complete_papers(papers)) for papers in papers_by_seat]
    keys = [(s, -c) for s, c in zip(scores, counts, strict=True)]
    ranks = tuple(1 + sum(other > mine for other in keys) for mine in keys)
    details = {
        "reason": reason,
        "end_condition_met_by": trigger,
        "complete_papers": counts,
        "papers": [[p.kind.id for p in complete_papers(papers)] for papers in papers_by_seat],
        "under_review": [
            [p.kind.id for p in papers if not p.complete] for papers in papers_by_seat
        ],
        # citations[citer][author]: papers cited by each player, their own included
        "citations": [list(row) for row in citations],
    }
    return Outcome(tuple(float(s) for s in scores), ranks, details)
