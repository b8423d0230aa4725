"""What a balance report counts in a Carrotein game: challenges made and how many succeeded,
and each player's points from constellation boards (星座ボード) against star chips (星チップ)."""

from __future__ import annotations

from asobi.core.protocol import Facts, GameOptions, Outcome
from asobi.core.words import Words
from asobi.games.carrotein.sky import default_sky


def facts(outcome: Outcome) -> Facts:
    details = outcome.details
    challenges, successes = details["challenges"], details["successes"]
    return Facts(
        game={
            # 終了条件: the last board, or one colour's ten chips all scored
            "ended by": (
                "a player scored all ten chips"
                if "all ten" in details["reason"]
                else details["reason"]
            ),
            "rounds": details["rounds"],
            "challenges": challenges,
            "successful challenges": successes,
            "challenge success rate": successes / challenges if challenges else None,
        },
        seats=[
            {"points from boards": len(boards), "points from chips": chips}
            for boards, chips in zip(details["boards"], details["chips"], strict=True)
        ],
        holdings=[list(boards) for boards in details["boards"]],
        holding="constellation board (星座ボード)",
    )


def holding_names(options: GameOptions) -> dict[str, Words]:
    """The seven constellation boards (星座ボード), by their names."""
    return {board.id: Words(board.en, board.ja) for board in default_sky().boards}
