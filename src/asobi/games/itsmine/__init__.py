"""It's Mine! (イッツマイン! / 双子姫と7つの鉱山), by 忍野凛也 & yio.

Two princesses bid dice for citizens and send them down seven mines. See
``docs/rules/itsmine.md``.
"""

from pathlib import Path

from asobi.core.cards import SEVEN
from asobi.core.lazy import Lazy
from asobi.core.protocol import GameSpec
from asobi.games.itsmine.actions import ACTION_SPACE
from asobi.games.itsmine.balance import facts, holding_names
from asobi.games.itsmine.bots import make_greedy
from asobi.games.itsmine.observation import observer
from asobi.games.itsmine.rules import new_state
from asobi.games.itsmine.state import ItsMineOptions, ItsMineState

SPEC = GameSpec(
    id="itsmine",
    name_en="It's Mine!",
    name_ja="イッツマイン!",
    seat_counts=(2,),
    options_model=ItsMineOptions,
    action_space=ACTION_SPACE,
    factory=new_state,
    summary=(Path(__file__).with_name("rules.md")).read_text(encoding="utf-8"),
    summary_ja=(Path(__file__).with_name("rules.ja.md")).read_text(encoding="utf-8"),
    default_players=2,
    bots={"greedy": make_greedy},
    heuristic="greedy",
    # Hard looks one move ahead of the heuristic bot in 8 sampled worlds (at most 0.8 s):
    # it beat the heuristic bot where ISMCTS within a second did not (docs/strength.md).
    levels={"hard": "lookahead:worlds=8:seconds=0.8"},
    facts=facts,
    holding_names=holding_names,
    observer=observer,
    deck=SEVEN,
    words=Lazy("asobi.games.itsmine.words:phrasebook"),
    view_type=Lazy("asobi.games.itsmine.views:VIEW"),  # what bots, observers and renderers read
    event_type=Lazy("asobi.games.itsmine.views:EVENT"),  # and what the events say
    render="asobi.games.itsmine.render",
    browser="asobi.games.itsmine:table.js",
    scenario=Lazy("asobi.games.itsmine.scenarios:ItsMineScenario"),
    simultaneous=True,  # the dice bids (ダイスアクション): both princesses at once
    # The command line (asobi.cli): -o simple for the simple variant (シンプル), -o basic
    # for the basic rules; example commands for its help.
    option_aliases={"simple": {"variant": "simple"}, "basic": {"variant": "basic"}},
    cli_examples=(
        ("asobi play itsmine", "against the bot, dice bids chosen in secret"),
        ("asobi play itsmine -o simple --hotseat", "its simple variant (シンプル), two people"),
        (
            "asobi tournament itsmine --bots greedy,ismcts:iterations=300 --out duel.json",
            "the heuristic bot against a search, every game written out",
        ),
        ("asobi simulate itsmine --games 10000 --workers 2", "the heuristic bot against itself"),
        (
            "asobi simulate itsmine --games 2000 --sweep variant=basic,simple",
            "both variants on the same deals",
        ),
    ),
)
ItsMineState.spec = SPEC

__all__ = ["SPEC", "ItsMineOptions", "ItsMineState"]
