"""What a balance report counts in a Rummy City game: the buildings (建物) each town owns,
its tepu (テプ), and how long the game ran."""

from __future__ import annotations

from asobi.core.protocol import Facts, GameOptions, Outcome
from asobi.core.words import Words
from asobi.games.rummycity.buildings import catalogue_of, default_data
from asobi.games.rummycity.state import RummyCityOptions

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


def holding_names(options: GameOptions) -> dict[str, Words]:
    """The buildings (建物) of the game's catalogue (asobi's, or the one given as an
    option), without those the solo game leaves out, by their names on the cards."""
    given = options.catalogue if isinstance(options, RummyCityOptions) else None
    catalogue = catalogue_of(given or default_data())
    if options.players == 1:
        catalogue = catalogue.for_solo()
    return {b.id: Words(b.en, b.ja) for b in catalogue.buildings}
