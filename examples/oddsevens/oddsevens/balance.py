"""What a balance report (``asobi report oddsevens``) counts in a finished game, from its
outcome alone: how long it ran and whether odd or even won, so a report can show whether
the seed's draw of the odd seat matters."""

from __future__ import annotations

from asobi.core.protocol import Facts, Outcome


def facts(outcome: Outcome) -> Facts:
    odd_seat = outcome.details["odd_seat"]
    return Facts(
        game={
            "rounds": outcome.details["rounds"],
            "won by": "odd" if outcome.winners == (odd_seat,) else "even",
        },
    )
