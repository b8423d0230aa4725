"""What a balance report counts in a Rummy City game: the buildings (建物) each town owns,
its tepu (テプ), and how long the game ran."""

from __future__ import annotations

from asobi.core.protocol import Facts, Outcome

# The length the building catalogue is tuned for (docs/rules/rummycity.md): a median game of
# 4 to 8 rounds.
TARGET_ROUNDS = range(4, 9)


def facts(outcome: Outcome) -> Facts:
    details = outcome.details
    return Facts(
        game={
            "rounds": details["rounds"],
            "rounds, against the 4–8 aimed at": _band(details["rounds"]),
            "ended by": _ending(details["reason"]),
        },
        seats=[
            {
                "tepu": tepu,
                "buildings": len(owned),
                "income, last round": settled["income"],
            }
            for tepu, owned, settled in zip(
                details["tepu"],
                details["buildings"],
                details["settlements"][-1]["towns"]
                if details["settlements"]
                else [{"income": 0}] * len(details["tepu"]),
                strict=True,
            )
        ],
        holdings=[list(owned) for owned in details["buildings"]],
        holding="building (建物)",
    )


def _ending(reason: str) -> str:
    """The kind of ending, without the figures that differ game by game."""
    if "tepu reached" in reason:
        return "the target tepu reached"
    if "round limit" in reason:
        return "the round limit (ruling)"
    return reason.split(" (")[0]


def _band(rounds: int) -> str:
    if rounds < TARGET_ROUNDS.start:
        return f"fewer than {TARGET_ROUNDS.start}"
    if rounds >= TARGET_ROUNDS.stop:
        return f"more than {TARGET_ROUNDS.stop - 1}"
    return f"{TARGET_ROUNDS.start}–{TARGET_ROUNDS.stop - 1}"
