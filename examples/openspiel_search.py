"""OpenSpiel's own search algorithms on asobi's games, in matches OpenSpiel itself runs.

    .venv/bin/python examples/openspiel_search.py                        # Starmine, It's Mine!
    .venv/bin/python examples/openspiel_search.py --games laminate --matches 4

**The games** are asobi's, registered with OpenSpiel (``asobi.adapters.openspiel_game``,
``docs/rl.md``): chance deals at the root, every decision sequential (It's Mine!'s secret
dice bids one seat after the other, each hidden from the other seat), the return a place
from +1 to -1.

**Two families of search**, both OpenSpiel's code, both random rollouts to the end:

- *Information-set MCTS* (``open_spiel.python.algorithms.ismcts.ISMCTSBot``): one tree over
  the seat's information states (the information-state strings), each simulation in a fresh
  world drawn by ``resample_from_infostate``.
- *Determinized MCTS* (perfect-information Monte Carlo, :class:`DeterminizedMCTSBot` below):
  OpenSpiel's plain MCTS (``open_spiel.python.algorithms.mcts.MCTSBot``) searches several
  drawn worlds as if each were the truth; the action visited most over all of them is
  played. It never sees the true state: only worlds the seat cannot tell from it.

**The matches** are played by OpenSpiel's ``pyspiel.evaluate_bots`` (which deals from its
seed), seats rotated from game to game: each search against OpenSpiel's uniformly random
bot, then the two against each other. Every bot and the deals are seeded, so one run gives
one result. It prints each bot's mean return (place) with a 95% interval.
"""

from __future__ import annotations

import argparse
import math
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from asobi.adapters.openspiel_game import register, resampler, short_name

BotMaker = Callable[[pyspiel.Game, int, int], pyspiel.Bot]  # (game, seat, seed) -> bot


class DeterminizedMCTSBot(pyspiel.Bot):  # type: ignore[misc]
    """Perfect-information Monte Carlo: OpenSpiel's MCTS on ``worlds`` resampled worlds,
    ``simulations`` each; the most visited action over all of them (ties: the lowest)."""

    def __init__(self, game: pyspiel.Game, worlds: int, simulations: int, seed: int) -> None:
        pyspiel.Bot.__init__(self)
        rng = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        self.search = mcts.MCTSBot(
            game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator, random_state=rng
        )
        self.worlds = worlds
        self.resample = resampler(seed)

    def step(self, state: pyspiel.State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return int(legal[0])
        visits: Counter[int] = Counter()
        for _ in range(self.worlds):
            root = self.search.mcts_search(self.resample(state, state.current_player()))
            for child in root.children:
                visits[child.action] += child.explore_count
        return int(max(legal, key=lambda action: (visits[action], -action)))


def ismcts_bot(simulations: int) -> BotMaker:
    def make(game: pyspiel.Game, seat: int, seed: int) -> pyspiel.Bot:
        rng = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        bot = ismcts.ISMCTSBot(
            game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=rng
        )
        bot.set_resampler(resampler(seed))
        return bot

    return make


def determinized_bot(worlds: int, simulations: int) -> BotMaker:
    def make(game: pyspiel.Game, seat: int, seed: int) -> pyspiel.Bot:
        return DeterminizedMCTSBot(game, worlds, max(1, simulations // worlds), seed)

    return make


def random_bot(game: pyspiel.Game, seat: int, seed: int) -> pyspiel.Bot:
    return pyspiel.make_uniform_random_bot(seat, seed)


@dataclass(frozen=True)
class Result:
    """One pairing's games, from the first bot's side: its returns (places)."""

    game: str
    first: str
    second: str
    returns: tuple[float, ...]

    @property
    def mean(self) -> float:
        return sum(self.returns) / len(self.returns)

    @property
    def interval(self) -> float:
        """Half the width of a 95% interval of the mean (normal approximation)."""
        n = len(self.returns)
        if n < 2:
            return math.inf
        var = sum((r - self.mean) ** 2 for r in self.returns) / (n - 1)
        return 1.96 * math.sqrt(var / n)


def match(
    game_id: str, first: tuple[str, BotMaker], second: tuple[str, BotMaker], games: int, seed: int
) -> Result:
    """``games`` two-player games, the bots swapping seats each game, dealt by
    ``pyspiel.evaluate_bots`` from ``seed + i``."""
    game = pyspiel.load_game(short_name(game_id), {"players": 2})
    returns = []
    for i in range(games):
        swap = i % 2
        makers = [second[1], first[1]] if swap else [first[1], second[1]]
        bots = [make(game, seat, seed + 10 * i + seat) for seat, make in enumerate(makers)]
        outcome = pyspiel.evaluate_bots(game.new_initial_state(), bots, seed + i)
        returns.append(outcome[1] if swap else outcome[0])
    return Result(game_id, first[0], second[0], tuple(returns))


def run(games: list[str], matches: int, simulations: int, worlds: int, seed: int) -> list[Result]:
    register()
    searched = ismcts_bot(simulations)
    determinized = determinized_bot(worlds, simulations)
    pairings = [
        (("ismcts", searched), ("random", random_bot)),
        (("determinized mcts", determinized), ("random", random_bot)),
        (("ismcts", searched), ("determinized mcts", determinized)),
    ]
    return [match(g, a, b, matches, seed) for g in games for a, b in pairings]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="starmine,itsmine", help="comma-separated game ids")
    parser.add_argument("--matches", type=int, default=10, help="games per pairing")
    parser.add_argument("--simulations", type=int, default=100, help="per decision, per bot")
    parser.add_argument("--worlds", type=int, default=4, help="determinized MCTS: worlds")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.process_time()
    results = run(args.games.split(","), args.matches, args.simulations, args.worlds, args.seed)
    print(f"{'game':<10} {'bot':<18} {'against':<18} {'games':>5} {'mean return':>17}")
    for r in results:
        print(
            f"{r.game:<10} {r.first:<18} {r.second:<18} {len(r.returns):>5} "
            f"{r.mean:>+8.2f} ± {r.interval:.2f}"
        )
    print(f"{args.simulations} simulations a decision; {time.process_time() - start:.0f} s CPU")


if __name__ == "__main__":
    main()
