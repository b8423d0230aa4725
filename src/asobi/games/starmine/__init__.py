"""Starmine Rummy Pocket (スターマイン・ラミー ポケット), design Yu Maruno.

Two fireworks makers (花火職人) build three rows of melds; or one alone in the solo
contest. See ``docs/rules/starmine.md``.
"""

from pathlib import Path

from asobi.core.lazy import Lazy
from asobi.core.protocol import GameSpec
from asobi.games.starmine.actions import ACTION_SPACE
from asobi.games.starmine.balance import facts
from asobi.games.starmine.bots import make_greedy
from asobi.games.starmine.cards import FIREWORKS
from asobi.games.starmine.observation import observer
from asobi.games.starmine.rules import new_state
from asobi.games.starmine.state import StarmineOptions, StarmineState

SPEC = GameSpec(
    id="starmine",
    name_en="Starmine Rummy Pocket",
    name_ja="スターマイン・ラミー ポケット",
    seat_counts=(2, 1),
    options_model=StarmineOptions,
    action_space=ACTION_SPACE,
    factory=new_state,
    summary=(Path(__file__).with_name("rules.md")).read_text(encoding="utf-8"),
    summary_ja=(Path(__file__).with_name("rules.ja.md")).read_text(encoding="utf-8"),
    default_players=2,
    bots={"greedy": make_greedy},
    heuristic="greedy",
    facts=facts,
    observer=observer,
    deck=FIREWORKS,
    words=Lazy("asobi.games.starmine.words:phrasebook"),
    assets=Lazy("asobi.games.starmine.words:assets"),
    # The command line (asobi.cli): example commands for its help.
    cli_examples=(
        ("asobi play starmine", "a duel against the bot"),
        ("asobi play starmine --level hard", "against the strongest bot (it searches)"),
        (
            "asobi play starmine --solo",
            "the solo contest, ending with your title (ソロ用ルール, 称号)",
        ),
        ("asobi play starmine --hotseat", "two people sharing one screen"),
        ("asobi play starmine --seed 7 --save game.json", "a fixed deal, saved for asobi replay"),
        ("asobi tournament starmine --bots random,easy,normal", "the levels against each other"),
        (
            "asobi simulate starmine --bots greedy,random --games 500 --out duel",
            "500 duels, the heuristic bot against random, kept in duel/",
        ),
    ),
    view_type=Lazy("asobi.games.starmine.views:VIEW"),  # what bots, observers and renderers read
    event_type=Lazy("asobi.games.starmine.views:EVENT"),  # and what the events say
    render="asobi.games.starmine.render",
    browser="asobi.games.starmine:table.js",
    scenario=Lazy("asobi.games.starmine.scenarios:StarmineScenario"),
)
StarmineState.spec = SPEC

__all__ = ["SPEC", "StarmineOptions", "StarmineState"]
