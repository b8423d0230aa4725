"""What a balance report counts in a Laminate Rummy game: the papers each player completed
and left under review, and the citations (論文の引用) made and received."""

from __future__ import annotations

from asobi.core.protocol import Facts, GameOptions, Outcome
from asobi.core.words import Words
from asobi.games.laminate.actions import PAPER_TYPES


def facts(outcome: Outcome) -> Facts:
    details = outcome.details
    citations = details["citations"]
    n = len(details["papers"])
    return Facts(
        game={
            "ended by": details["reason"],
            "citations": sum(map(sum, citations)),
            "citations of another's paper": sum(
                citations[a][b] for a in range(n) for b in range(n) if a != b
            ),
        },
        seats=[
            {
                "complete papers": details["complete_papers"][seat],
                "papers under review": len(details["under_review"][seat]),
                "cited another's paper": sum(citations[seat]) - citations[seat][seat],
                "cited own paper": citations[seat][seat],
                "cited by others": sum(citations[o][seat] for o in range(n))
                - citations[seat][seat],
                "met the end condition": details["end_condition_met_by"] == seat,
            }
            for seat in range(n)
        ],
        holdings=[list(papers) for papers in details["papers"]],
        holding="complete paper (論文)",
    )


def holding_names(options: GameOptions) -> dict[str, Words]:
    """The kinds of paper (論文カード), by the names of the table 【役の補足説明】."""
    return {paper.id: Words(paper.en, paper.ja) for paper in PAPER_TYPES}
