"""Every asobi game as a Python OpenSpiel game (``asobi[rl]``), so that OpenSpiel's own
algorithms (MCTS, ISMCTS, CFR-style tools on small settings, ...) run on it.

    from asobi.adapters.openspiel_game import register
    register()                                   # every game, once a process
    game = pyspiel.load_game("python_asobi_laminate", {"players": 4})

**Chance is explicit at the root.** A new game starts at a chance node whose outcomes are
the deals (the asobi seed, ``deals`` of them, uniform); every later draw follows from the
deal, inside the state, as in asobi. **It's Mine!'s dice bids are a simultaneous node**: the
game's dynamics are simultaneous and both seats bid at once; every other decision of every
game is a sequential node. Actions are the game's action coding (``docs/rl.md``), so a
Carrotein lay takes two actions of the same player (a pose for each board).

Observations and information states are those of the seat's view: the tensor is the
observer's vector, the string the view as JSON with the move number (the views hold what a
player keeps of the past: discards, citations, passes). ``resample_from_infostate`` is the
game's ``determinize``. Returns: the place, +1 first to -1 last (zero-sum); alone, the score.
Game parameters: ``players``, ``options`` (the other options as JSON) and ``deals``.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from asobi.adapters.table import Table, legal_indices
from asobi.core.registry import all_specs, get_spec

DEALS = 100_000
PREFIX = "python_asobi_"

_SIMULTANEOUS = {"itsmine"}  # games with a simultaneous decision (its dice bids)


def short_name(game: str) -> str:
    return PREFIX + game


def game_type(game: str) -> pyspiel.GameType:
    spec = get_spec(game)
    solo = 1 in spec.seat_counts
    dynamics = pyspiel.GameType.Dynamics
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"{spec.name_en} ({spec.name_ja}) by asobi",
        dynamics=dynamics.SIMULTANEOUS if game in _SIMULTANEOUS else dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        # alone, the return is the game's score: zero-sum only holds with others
        utility=(
            pyspiel.GameType.Utility.GENERAL_SUM if solo else pyspiel.GameType.Utility.ZERO_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(spec.seat_counts),
        min_num_players=min(spec.seat_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": spec.default_players or spec.seat_counts[0],
            "options": "{}",
            "deals": DEALS,
        },
    )


class AsobiGame(pyspiel.Game):  # type: ignore[misc]
    """One asobi game under OpenSpiel, for the players and options of its parameters."""

    asobi_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        kind = game_type(self.asobi_id)
        given = {**kind.parameter_specification, **(params or {})}
        options = {**json.loads(str(given["options"])), "players": int(given["players"])}
        self.table = Table(self.asobi_id, options)
        self.deals = int(given["deals"])
        players = self.table.players
        solo = players == 1
        info = pyspiel.GameInfo(
            num_distinct_actions=self.table.coding.size,
            max_chance_outcomes=self.deals,
            num_players=players,
            min_utility=-1.0 if not solo else -1000.0,
            max_utility=1.0 if not solo else 1000.0,
            utility_sum=0.0 if not solo else None,
            max_game_length=100_000,
        )
        super().__init__(kind, info, given)

    def new_initial_state(self) -> AsobiState:
        return AsobiState(self, self.table.clone())

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> AsobiObserver:
        if params:
            raise ValueError(f"asobi observers take no parameters, not {params}")
        return AsobiObserver(self.table.observation_size)


class AsobiState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: a :class:`Table`, dealt by the root chance node."""

    def __init__(self, game: AsobiGame, table: Table, dealt: bool = False) -> None:
        super().__init__(game)
        self.table = table
        self.dealt = dealt
        self.deals = game.deals

    def current_player(self) -> int:
        if not self.dealt:
            return int(pyspiel.PlayerId.CHANCE)
        if self.table.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        acting = self.table.to_act()
        return acting[0] if len(acting) == 1 else int(pyspiel.PlayerId.SIMULTANEOUS)

    def _legal_actions(self, player: int) -> list[int]:
        if not self.dealt or self.table.is_over:
            return []
        return legal_indices(self.table.mask(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.deals
        return [(deal, p) for deal in range(self.deals)]

    def _apply_action(self, action: int) -> None:
        if not self.dealt:
            self.table.reset(int(action))
            self.dealt = True
            return
        self.table.choose(self.current_player(), int(action))

    def _apply_actions(self, actions: list[int]) -> None:
        # every bidder's choice is made before any is revealed: asobi resolves the bids
        # once the last is in
        for seat in self.table.to_act():
            self.table.choose(seat, int(actions[seat]))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        if action < self.table.coding.space.size:
            return str(self.table.coding.space.actions[action].encode())
        return f"choice {action}"

    def is_terminal(self) -> bool:
        return self.dealt and self.table.is_over

    def returns(self) -> list[float]:
        return list(self.table.returns())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> AsobiState:
        """Another world the seat cannot tell from this one: the game's own determinize,
        drawn with a generator the sampler seeds."""
        rng = random.Random(int(probability_sampler() * 2**53))
        world = self.table.state.determinize(player_id, rng)
        return AsobiState(self.get_game(), self.table.clone(world), self.dealt)

    def __deepcopy__(self, memo: dict[int, Any]) -> AsobiState:
        return AsobiState(self.get_game(), self.table.clone(), self.dealt)

    def __str__(self) -> str:
        if not self.dealt:
            return "(not dealt)"
        return json.dumps(self.table.state.view(None), ensure_ascii=False, sort_keys=True)


class AsobiObserver:
    """OpenSpiel's observer interface over the seat's view."""

    def __init__(self, size: int) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: AsobiState, player: int) -> None:
        self.tensor[:] = 0.0
        if state.dealt:
            self.tensor[:] = state.table.observe(player)

    def string_from(self, state: AsobiState, player: int) -> str:
        if not state.dealt:
            return "(not dealt)"
        table = state.table
        seen = {
            "move": len(table.match.record.moves),
            "view": table.state.view(player),
            "pending": list(table.pending.get(player, ())),
        }
        return json.dumps(seen, ensure_ascii=False, sort_keys=True)


_registered: set[str] = set()


def register(game: str | None = None) -> None:
    """Register one game (or every game) with OpenSpiel, under ``python_asobi_<id>``."""
    for spec in [get_spec(game)] if game else all_specs():
        if spec.id in _registered:
            continue
        if spec.observer is None:
            if game:
                raise ValueError(f"{game} has no observation encoding (GameSpec.observer)")
            continue
        kind = type(f"Asobi_{spec.id}", (AsobiGame,), {"asobi_id": spec.id})
        pyspiel.register_game(game_type(spec.id), kind)
        _registered.add(spec.id)
