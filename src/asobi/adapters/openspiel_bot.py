"""OpenSpiel's Python ISMCTS (``open_spiel.python.algorithms.ismcts.ISMCTSBot``) as an asobi
bot, so that it takes a seat in asobi's arena (``asobi.arena``, ``benchmarks/strength.py``)
beside asobi's own bots (``asobi[rl]``).

    from asobi.adapters.openspiel_bot import register
    register()                  # the bot "openspiel_ismcts", once a process
    make_bot("openspiel_ismcts:seconds=0.2", "starmine", seed)

**The bot sees what an asobi bot sees**: a :class:`Decision`, never the true state. It draws
one world the seat cannot tell from the true one (``decision.sample_world``) and hands it to
OpenSpiel as the root of its search, a state of the registered ``python_asobi_<game>``
(:mod:`asobi.adapters.openspiel_game`); ISMCTS then draws a fresh world for every simulation
(``resample_from_infostate``), so the root's hidden cards are no more than the first of many.
A world's record starts empty, so the move number in its information-state strings counts
from the decision, the same in every world of one search.

**OpenSpiel's usual settings**: one random rollout to the end of the game per simulation
(``mcts.RandomRolloutEvaluator(n_rollouts=1)``), ``uct_c=2``, unlimited world samples, the
most visited move played. The budget is ``simulations`` a decision (reproducible from the
seed) or ``seconds`` of wall time (:class:`TimedISMCTSBot`; asobi's timed bots count wall
time too, so at one budget both have the same clock). A whole asobi action that takes
several choices (Carrotein's lay: two board poses) is one decision: its time is shared
between the searches of its choices.
"""

from __future__ import annotations

import json
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from asobi.adapters.openspiel_game import AsobiGame, AsobiState, resampler, short_name
from asobi.adapters.openspiel_game import register as register_games
from asobi.core.actions import Action
from asobi.core.bots import Decision, no_more_params, register_bot, take_param
from asobi.core.errors import InvalidBot
from asobi.core.protocol import GameOptions, State

NAME = "openspiel_ismcts"
UCT_C = 2.0  # OpenSpiel's examples and tests of ISMCTS


class TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTSBot searching until a deadline, and for at most ``simulations``:
    ``run_search``'s loop with a clock; the simulations themselves are OpenSpiel's."""

    def __init__(
        self,
        game: pyspiel.Game,
        evaluator: mcts.Evaluator,
        seconds: float | None,
        simulations: int | None,
        random_state: np.random.RandomState,
    ) -> None:
        super().__init__(
            game, evaluator, UCT_C, max_simulations=simulations or 0, random_state=random_state
        )
        self.seconds = seconds  # of the next search; set by the caller before each
        self.simulations = 0  # run by the last search (for benchmarks)

    def run_search(self, state: pyspiel.State) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self.reset()
        self._root_node = self.create_new_node(state)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        cap = self._max_simulations or None
        self.simulations = 0
        # The first simulation only evaluates the root; a move is chosen from the second on.
        while self._root_node.total_visits <= 0 or (
            (cap is None or self.simulations < cap)
            and (deadline is None or time.perf_counter() < deadline)
        ):
            self.run_simulation(self.sample_root_state(state))
            self.simulations += 1
        return list(self.get_final_policy(state, self._root_node))


class OpenSpielISMCTS:
    """An asobi bot that decides with OpenSpiel's ISMCTS (see the module docstring)."""

    def __init__(self, seed: int, seconds: float | None, simulations: int | None) -> None:
        self.name = NAME
        self.seconds = seconds
        self.rng = random.Random(seed)  # the root worlds
        random_state = np.random.RandomState(seed % 2**32)  # the tree and the rollouts
        self.evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
        self.random_state = random_state
        self.resample = resampler(seed % 2**31)
        self.simulations = simulations
        self.searches: dict[str, tuple[AsobiGame, TimedISMCTSBot]] = {}  # by the game's parameters
        self.last_simulations = 0  # run for the last decision, all its choices together

    def choose(self, decision: Decision) -> Action:
        self.last_simulations = 0
        # (No shortcut for one legal action: the coded choices can be more — Carrotein's
        # lay lists one, and any pose is legal. The search returns at once where they are not.)
        start = time.perf_counter()
        world = decision.sample_world(self.rng)
        game, search = self._search_for(world)
        table = game.table.clone(world)  # nothing pending: the decision starts an action
        while True:
            state = AsobiState(game, table)
            if state.current_player() != decision.seat:
                raise InvalidBot(
                    f"{NAME} decides only where its seat is the next to choose in seat order "
                    f"(seat {decision.seat} asked before seat {state.current_player()})"
                )
            if self.seconds is not None:
                # a choice that may be followed by another (Carrotein's first pose) gets
                # half of what is left, the last the rest
                left = self.seconds - (time.perf_counter() - start)
                first = table.coding.pending_size > 0 and not table.pending.get(decision.seat)
                search.seconds = max(0.0, left / 2 if first else left)
            index = int(search.step(state))
            self.last_simulations += search.simulations
            made = table.choose(decision.seat, index)
            if made is not None:
                return made

    def _search_for(self, world: State) -> tuple[AsobiGame, TimedISMCTSBot]:
        """The OpenSpiel game of the world's options (made once) and its search."""
        # every game's state keeps its options, though the protocol does not promise it
        options: GameOptions | None = getattr(world, "options", None)
        given = {} if options is None else options.model_dump(mode="json")
        given.pop("players", None)
        params = {"players": world.players, "options": json.dumps(given, sort_keys=True)}
        key = json.dumps(params, sort_keys=True)
        if key not in self.searches:
            register_games(world.spec.id)
            game = pyspiel.load_game(short_name(world.spec.id), params)
            search = TimedISMCTSBot(
                game, self.evaluator, self.seconds, self.simulations, self.random_state
            )
            search.set_resampler(self.resample)
            self.searches[key] = (game, search)
        return self.searches[key]


def _make(game: str, seed: int, **params: str) -> OpenSpielISMCTS:
    """``openspiel_ismcts:seconds=S`` (wall time a decision) or ``:simulations=N`` (a
    decision; reproducible), or both (whichever ends first); by default 100 simulations."""
    seconds = take_param(params, "seconds", float, None)
    simulations = take_param(params, "simulations", int, None, least=1)
    no_more_params(NAME, params, "seconds and simulations")
    if seconds is not None and seconds <= 0:
        raise InvalidBot(f"{NAME} needs a positive time (seconds={seconds:g})")
    if seconds is None and simulations is None:
        simulations = 100
    return OpenSpielISMCTS(seed, seconds, simulations)


def register() -> None:
    """Make ``openspiel_ismcts`` a bot of every game, beside asobi's own generic bots."""
    register_bot(NAME, _make)
