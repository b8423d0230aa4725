"""星をなくしたキャロテイン (Carrotein, who lost the stars), for 2–6 players.

Scatter star chips on the night-sky mat, pass when you think nobody can cover them, and as
the last one in, hide all but two centre points under two rabbit constellation boards. The
physical model is data (``sky.toml``), the judge is geometry (``sky.py``), and the solver
(``solver.py``) finds placements. See ``docs/rules/carrotein.md``.
"""

from pathlib import Path

from asobi.core.lazy import Lazy
from asobi.core.protocol import GameSpec
from asobi.games.carrotein.actions import ACTION_SPACE
from asobi.games.carrotein.balance import facts, holding_names
from asobi.games.carrotein.bots import BOTS
from asobi.games.carrotein.observation import coding, observer
from asobi.games.carrotein.rules import new_state
from asobi.games.carrotein.state import CarroteinOptions, CarroteinState
from asobi.games.carrotein.views import assets, insight

SPEC = GameSpec(
    id="carrotein",
    name_en="Carrotein",
    name_ja="星をなくしたキャロテイン",
    seat_counts=(2, 3, 4, 5, 6),
    options_model=CarroteinOptions,
    action_space=ACTION_SPACE,
    factory=new_state,
    summary=(Path(__file__).with_name("rules.md")).read_text(encoding="utf-8"),
    summary_ja=(Path(__file__).with_name("rules.ja.md")).read_text(encoding="utf-8"),
    default_players=3,
    bots=BOTS,
    heuristic="perfect",  # the solver's own eye (``greedy`` is the same bot by another name)
    # The solver bots at the three levels. Hard is perfect given 0.75 s: its own eye first, the
    # coarse eye when cut short, within a second at worst (docs/strength.md, Carrotein).
    levels={"easy": "beginner", "normal": "good_eye", "hard": "perfect:seconds=0.75"},
    assets=assets,
    insight=insight,
    facts=facts,
    holding_names=holding_names,
    observer=observer,
    coding=coding,
    # No cards: the page draws the mat, the chips and the boards from ``assets`` (no deck).
    words=Lazy("asobi.games.carrotein.words:phrasebook"),
    # The command line (asobi.cli): example commands for its help.
    cli_examples=(
        ("asobi play carrotein --players 4", "you and three bots"),
        ("asobi play carrotein --players 6 --hotseat", "six people sharing one screen"),
    ),
    render="asobi.games.carrotein.render",
    browser="asobi.games.carrotein:table.js",
    scenario=Lazy("asobi.games.carrotein.scenarios:CarroteinScenario"),
    view_type=Lazy("asobi.games.carrotein.views:VIEW"),
    event_type=Lazy("asobi.games.carrotein.views:EVENT"),
)
CarroteinState.spec = SPEC

__all__ = ["SPEC", "CarroteinOptions", "CarroteinState"]
