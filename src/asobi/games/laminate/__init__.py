"""Laminate Rummy (ラミネートラミー), design りかち, for 3–5 players.

Researchers of the SEVEN world publish papers (論文) from rummy combinations, cite each
other's complete papers and review papers under review. See ``docs/rules/laminate.md``.
"""

from pathlib import Path

from asobi.core.protocol import GameSpec
from asobi.games.laminate.actions import ACTION_SPACE
from asobi.games.laminate.balance import facts
from asobi.games.laminate.bots import make_greedy
from asobi.games.laminate.observation import observer
from asobi.games.laminate.rules import LaminateOptions, LaminateState, new_state

SPEC = GameSpec(
    id="laminate",
    name_en="Laminate Rummy",
    name_ja="ラミネートラミー",
    seat_counts=(3, 4, 5),
    options_model=LaminateOptions,
    action_space=ACTION_SPACE,
    factory=new_state,
    summary=(Path(__file__).with_name("rules.md")).read_text(encoding="utf-8"),
    default_players=4,
    bots={"greedy": make_greedy},
    # No search within a second a move beats the heuristic bot here yet: its playouts cost
    # some 3 ms a move (docs/strength.md), so hard is the heuristic bot, not a weaker search.
    levels={"hard": "greedy"},
    facts=facts,
    observer=observer,
)
LaminateState.spec = SPEC

__all__ = ["SPEC", "LaminateOptions", "LaminateState"]
