"""The floor under any Python game in OpenSpiel's ISMCTS: a game that does nothing but count
its moves, searched as ``bench_openspiel.py`` searches asobi's.

A simulation of OpenSpiel's Python ``ISMCTSBot`` with ``RandomRolloutEvaluator`` costs some
microseconds a move of OpenSpiel's own (its loop, ``numpy``'s random choice, the calls from
C++ into the Python state) whatever the game does. A floor game as long as an asobi game's
simulations shows the rate that game would reach if listing and applying its moves cost
nothing: no engine, however fast, passes it through OpenSpiel's Python game interface.

Its positions mirror the asobi game's: a floor state has as many moves left as random
rollouts from the matching asobi position play on average, and as many legal actions a
decision as they meet on average (OpenSpiel's random choice and its tree cost more with
more); two seats take turns, and the returns are zero.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

NAME = "python_asobi_floor"
MOST_CHOICES = 1000  # legal actions a decision, at most

_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="a game that only counts its moves (the benchmark's floor)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification={},
)
_INFO = pyspiel.GameInfo(
    num_distinct_actions=MOST_CHOICES,
    max_chance_outcomes=0,
    num_players=2,
    min_utility=-1.0,
    max_utility=1.0,
    utility_sum=0.0,
    max_game_length=100_000,
)


class FloorGame(pyspiel.Game):  # type: ignore[misc]
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(_TYPE, _INFO, params or {})

    def new_initial_state(self) -> FloorState:
        return FloorState(self, 0, [0])

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        return _Observer()


class FloorState(pyspiel.State):  # type: ignore[misc]
    """``left`` moves to the end, each a choice among ``choices``; the seats take turns."""

    def __init__(self, game: FloorGame, left: int, choices: list[int]) -> None:
        super().__init__(game)
        self.left = left
        self.choices = choices

    def current_player(self) -> int:
        return int(pyspiel.PlayerId.TERMINAL) if self.left <= 0 else self.left % 2

    def is_terminal(self) -> bool:
        return self.left <= 0

    def _legal_actions(self, player: int) -> list[int]:
        return self.choices

    def _apply_action(self, action: int) -> None:
        self.left -= 1

    def returns(self) -> list[float]:
        return [0.0, 0.0]

    def information_state_string(self, player: int | None = None) -> str:
        # the moves made, as a real game's information grows with them: the search's tree
        # branches as it would (asked only at the tree's nodes, not in the rollouts)
        return str(self.history())

    def resample_from_infostate(self, player_id: int, sampler: Any) -> FloorState:
        world: FloorState = self.clone()  # nothing is hidden: the same moves
        return world

    def __str__(self) -> str:
        return str(self.history())


class _Observer:
    def __init__(self) -> None:
        self.tensor = np.zeros(1, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: FloorState, player: int) -> None:
        pass

    def string_from(self, state: FloorState, player: int) -> str:
        return str(state.history())


def register() -> pyspiel.Game:
    """The floor game (registered with OpenSpiel the first time)."""
    if NAME not in pyspiel.registered_names():
        pyspiel.register_game(_TYPE, FloorGame)
    return pyspiel.load_game(NAME)


def moves_left(
    state: pyspiel.State, rollouts: int, rng: np.random.RandomState
) -> tuple[float, float]:
    """How many decisions random rollouts from ``state`` make on average (chance moves,
    which the floor does not have, left out), and how many legal actions a decision has."""
    decisions = offered = 0
    for _ in range(rollouts):
        world = state.clone()
        while not world.is_terminal():
            if world.is_chance_node():
                actions, probs = zip(*world.chance_outcomes(), strict=True)
                world.apply_action(int(rng.choice(actions, p=probs)))
            else:
                legal = world.legal_actions()
                world.apply_action(int(rng.choice(legal)))
                decisions += 1
                offered += len(legal)
    return decisions / rollouts, offered / max(decisions, 1)


def mirror(
    game: pyspiel.Game, states: list[pyspiel.State], rollouts: int
) -> tuple[list[FloorState], float]:
    """Floor positions as long as ``states``' random rollouts and as wide, and their mean
    length."""
    rng = np.random.RandomState(2)
    floors: list[FloorState] = []
    lengths: list[float] = []
    for state in states:
        left, width = moves_left(state, rollouts, rng)
        choices = list(range(min(max(round(width), 1), MOST_CHOICES)))
        floors.append(FloorState(game, round(left), choices))
        lengths.append(left)
    return floors, float(np.mean(lengths))
