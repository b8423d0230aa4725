"""Odds and evens (丁半): a small complete game for asobi, the example of
``docs/adding-a-game.md``.

Everything the game provides is declared here, on its :class:`GameSpec`; the entry point in
``pyproject.toml`` names ``SPEC``, and that is how asobi finds the game.
"""

from pathlib import Path

from asobi.core.lazy import Lazy
from asobi.core.protocol import GameSpec
from oddsevens.actions import ACTION_SPACE
from oddsevens.balance import facts
from oddsevens.bots import make_reader
from oddsevens.observation import observer
from oddsevens.rules import new_state
from oddsevens.state import OddsEvensOptions, OddsEvensState

SPEC = GameSpec(
    # required: who the game is, how many play, its options, its moves, how to start one
    id="oddsevens",
    name_en="Odds and evens",
    name_ja="丁半",
    seat_counts=(2,),
    options_model=OddsEvensOptions,
    action_space=ACTION_SPACE,
    factory=new_state,
    # optional: each unlocks something
    summary=Path(__file__).with_name("rules.md").read_text(encoding="utf-8"),  # asobi rules
    default_players=2,
    bots={"reader": make_reader},  # --bot reader
    heuristic="reader",  # the levels: easy is the reader careless, normal the reader...
    # ...and hard a search over it, unless the game says otherwise: no search beats the
    # reader (against a random opponent nothing can), so hard is the reader too.
    levels={"hard": "reader"},
    simultaneous=True,  # both seats choose at once: the RL adapters may offer one joint move
    observer=observer,  # the RL adapters (Gymnasium, PettingZoo, OpenSpiel)
    facts=facts,  # asobi report
    words=Lazy("oddsevens.words:phrasebook"),  # the sentences both front ends show
    render="oddsevens.render",  # the terminal's picture of the table, and public_code
    view_type=Lazy("oddsevens.views:VIEW"),  # what bots, observers and renderers read
    event_type=Lazy("oddsevens.views:EVENT"),  # and what the events say
    option_aliases={"best_of_five": {"rounds_to_win": 3}},  # -o best_of_five
    cli_examples=(  # shown in the help of asobi play (and of any command a line starts with)
        ("asobi play oddsevens", "you against its bot"),
        ("asobi play oddsevens -o best_of_five --hotseat", "two people, first to three rounds"),
    ),
    scenario=Lazy("oddsevens.scenarios:OddsEvensScenario"),  # what a --setup may pin
)
OddsEvensState.spec = SPEC

__all__ = ["SPEC", "OddsEvensOptions", "OddsEvensState"]
