"""Every bot plays the same moves from the same seed in another process and under another
``PYTHONHASHSEED`` (set iteration orders, ``hash()`` of strings): the searches with counted
budgets (a time budget depends on the machine, so it is left out here by design)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from asobi.core.registry import game_ids, get_spec

pytestmark = pytest.mark.slow  # two fresh processes a game, each playing searches

# Every bot of a game (its own, then these) plays seat 0 of a game of its own, the other
# seats random, for its first DECISIONS decisions.
GENERIC = ["ismcts:iterations=12", "lookahead:worlds=3", "careless:p=0.5", "random"]
DECISIONS = 5

SCRIPT = """
import sys
from asobi.core.bots import choose_for, make_bot
from asobi.core.records import Match

game, bots, decisions = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3])
for bot in bots:
    match = Match(game, {}, 7)  # the game's default seat count
    names = [bot] + ["random"] * (match.state.players - 1)
    seats = [make_bot(name, game, 100 + s) for s, name in enumerate(names)]
    made = 0
    while made < decisions and not match.state.is_over:
        seat = min(match.state.active_seats())
        action = choose_for(seats[seat], match.state, seat)
        print(bot, seat, action.encode())
        made += seat == 0
        match.play(seat, action.encode())
"""


# A Carrotein playout runs the constellation solver at every challenge: a search's decision
# takes minutes there, so its searches are checked through its own solver bots only.
SEARCHES_TOO_SLOW = {"carrotein": {"ismcts:iterations=12", "lookahead:worlds=3"}}


def _bots(game: str) -> list[str]:
    own = [b for b in sorted(get_spec(game).bots) if b != "greedy"]
    generic = [b for b in GENERIC if b not in SEARCHES_TOO_SLOW.get(game, set())]
    return [*own, "greedy", *generic]


def _moves(game: str, hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, game, ",".join(_bots(game)), str(DECISIONS)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("game", sorted(game_ids()))
def test_every_bot_plays_the_same_moves_in_another_process_and_hash_seed(game: str) -> None:
    first = _moves(game, "0")
    assert {line.split()[0] for line in first.splitlines()} == set(_bots(game))
    assert _moves(game, "4242") == first
