"""What a balance report counts in an It's Mine! game: the mines each player took, the
tie chains (同点の連鎖) that decided them, and how the game was decided."""

from __future__ import annotations

from asobi.core.cards import SEVEN_SUITS
from asobi.core.protocol import Facts, GameOptions, Outcome
from asobi.core.words import Words
from asobi.games.itsmine.actions import MINES


def facts(outcome: Outcome) -> Facts:
    details = outcome.details
    chains = details["tie_chains"]
    points, leftover = details["points"], [len(left) for left in details["leftover"]]
    return Facts(
        game={
            "tie chains": len(chains),
            "mines in tie chains": sum(len(chain) for chain in chains),
            "longest tie chain": max((len(chain) for chain in chains), default=0),
            "mines nobody took": len(MINES) - sum(len(mines) for mines in details["mines"]),
            # step 7 and its tie-breaks, in the order the rules apply them
            "decided by": (
                "points"
                if points[0] != points[1]
                else "a draw"
                if len(outcome.winners) != 1
                else "fewer leftover cards"
                if leftover[0] != leftover[1]
                else "the smaller mine"
            ),
        },
        seats=[
            {
                "mines": len(mines),
                "mine points": raw,
                "leftover cards": len(left),
                "cards in columns": sum(columns),
            }
            for mines, raw, left, columns in zip(
                details["mines"],
                details["mine_points"],
                details["leftover"],
                details["columns_scored"],
                strict=True,
            )
        ],
        holdings=[list(mines) for mines in details["mines"]],
        holding="mine (鉱山)",
    )


def holding_names(options: GameOptions) -> dict[str, Words]:
    """The seven mines (鉱山), each named as its card is printed: ``S11`` is Star 11
    (スター11), ``KK`` Coffin K (コフィンK)."""
    suits = {s.letter: s for s in SEVEN_SUITS}
    return {
        mine.code: Words(
            f"{suits[mine.suit].en} {mine.code[1:]}", f"{suits[mine.suit].ja}{mine.code[1:]}"
        )
        for mine in MINES
    }
