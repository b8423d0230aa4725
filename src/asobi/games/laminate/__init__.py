"""Laminate Rummy (ラミネートラミー), design りかち, for 3–5 players.

Researchers of the SEVEN world publish papers (論文) from rummy combinations, cite each
other's complete papers and review papers under review. See ``docs/rules/laminate.md``.
"""

from pathlib import Path

from asobi.core.cards import SEVEN
from asobi.core.lazy import Lazy
from asobi.core.protocol import GameSpec
from asobi.games.laminate.actions import ACTION_SPACE
from asobi.games.laminate.balance import facts, holding_names
from asobi.games.laminate.bots import make_greedy
from asobi.games.laminate.observation import observer
from asobi.games.laminate.rules import new_state
from asobi.games.laminate.state import LaminateOptions, LaminateState

SPEC = GameSpec(
    id="laminate",
    name_en="Laminate Rummy",
    name_ja="ラミネートラミー",
    seat_counts=(3, 4, 5),
    options_model=LaminateOptions,
    action_space=ACTION_SPACE,
    factory=new_state,
    summary=(Path(__file__).with_name("rules.md")).read_text(encoding="utf-8"),
    summary_ja=(Path(__file__).with_name("rules.ja.md")).read_text(encoding="utf-8"),
    default_players=4,
    bots={"greedy": make_greedy},
    heuristic="greedy",
    # Hard looks one move ahead of the heuristic bot (its three best actions of a turn) where
    # six worlds of whole playouts fit in 0.8 s, which is towards the end of the game, and
    # plays the heuristic bot's move at once where they do not: it beat the heuristic bot
    # (docs/strength.md, Laminate "endgame").
    levels={"hard": "lookahead:seconds=0.8:top=3:least=6"},
    facts=facts,
    holding_names=holding_names,
    observer=observer,
    deck=SEVEN,
    words=Lazy("asobi.games.laminate.words:phrasebook"),
    render="asobi.games.laminate.render",
    browser="asobi.games.laminate:table.js",
    scenario=Lazy("asobi.games.laminate.scenarios:LaminateScenario"),
    # The paper cards (論文カード) as the browser draws them: names, points, combinations.
    assets=Lazy("asobi.games.laminate.words:assets"),
    # The command line (asobi.cli): example commands for its help.
    cli_examples=(
        ("asobi play laminate --players 3", "you and two bots (3–5 players)"),
        ("asobi play laminate --players 5 --hotseat", "five people sharing one screen"),
        (
            "asobi tournament laminate -n 4 --bots greedy,random --rounds 20 --workers 2",
            "four seats, 20 deals, on two processes",
        ),
        (
            "asobi simulate laminate -n 4 --games 200 --backend ray --workers 2",
            "four seats on Ray (pip install 'asobi[dist]')",
        ),
    ),
    # ISMCTS's whole random playouts, compiled (issue 31): proven equal to the engine by
    # tests/properties/test_playouts.py
    playout=Lazy("asobi.games.laminate.playout:playout"),
    view_type=Lazy("asobi.games.laminate.views:VIEW"),  # what bots, observers and renderers read
    event_type=Lazy("asobi.games.laminate.views:EVENT"),  # and what the events say
)
LaminateState.spec = SPEC

__all__ = ["SPEC", "LaminateOptions", "LaminateState"]
