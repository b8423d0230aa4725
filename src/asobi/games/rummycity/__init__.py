"""RUMMY CITY (ラミーシティ): rummy that builds a town, for two players or solo.

Two neighbouring towns lay rummy combinations (組み合わせ) to build buildings (建物), take
each other's, and settle their accounts in tepu (テプ) each round. See
``docs/rules/rummycity.md``.
"""

from pathlib import Path

from asobi.core.cards import FRENCH52
from asobi.core.lazy import Lazy
from asobi.core.protocol import GameSpec
from asobi.games.rummycity.actions import ACTION_SPACE
from asobi.games.rummycity.balance import facts, holding_names
from asobi.games.rummycity.bots import make_greedy
from asobi.games.rummycity.observation import observer
from asobi.games.rummycity.rules import new_state
from asobi.games.rummycity.state import RummyCityOptions, RummyCityState

SPEC = GameSpec(
    id="rummycity",
    name_en="Rummy City",
    name_ja="ラミーシティ",
    seat_counts=(2, 1),
    options_model=RummyCityOptions,
    action_space=ACTION_SPACE,
    factory=new_state,
    summary=(Path(__file__).with_name("rules.md")).read_text(encoding="utf-8"),
    summary_ja=(Path(__file__).with_name("rules.ja.md")).read_text(encoding="utf-8"),
    default_players=2,
    bots={"greedy": make_greedy},
    heuristic="greedy",
    # Hard looks one move ahead of the heuristic bot in 5 sampled worlds (at most 0.8 s; a
    # game has some 185 decisions a seat): it beat the heuristic bot (docs/strength.md).
    levels={"hard": "lookahead:worlds=5:seconds=0.8"},
    facts=facts,
    holding_names=holding_names,
    observer=observer,
    deck=FRENCH52,
    words=Lazy("asobi.games.rummycity.words:phrasebook"),
    render="asobi.games.rummycity.render",
    browser="asobi.games.rummycity:table.js",
    scenario=Lazy("asobi.games.rummycity.scenarios:RummyCityScenario"),
    # Random playouts in compiled code (issue 31), proven the engine's by
    # tests/properties/test_playouts.py.
    playout=Lazy("asobi.games.rummycity.playout:playout"),
    # The words that describe any catalogue's buildings in the browser (marks, effects).
    assets=Lazy("asobi.games.rummycity.words:assets"),
    # The command line (asobi.cli): example commands for its help.
    cli_examples=(
        ("asobi play rummycity", "your town against the bot's"),
        ("asobi play rummycity --solo", "the solo score attack, three rounds (ソロプレイルール)"),
        (
            "asobi play rummycity -o catalogue=my_buildings.toml",
            "with your own building cards (TOML or JSON, checked on load)",
        ),
        (
            "asobi tournament rummycity -n 1 --bots greedy,hard",
            "the solo score attack, deal by deal",
        ),
    ),
    view_type=Lazy("asobi.games.rummycity.views:VIEW"),  # what bots, observers and renderers read
    event_type=Lazy("asobi.games.rummycity.views:EVENT"),  # and what the events say
)
RummyCityState.spec = SPEC

__all__ = ["SPEC", "RummyCityOptions", "RummyCityState"]
