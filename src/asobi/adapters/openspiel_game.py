"""Every asobi game as a Python OpenSpiel game (``asobi[rl]``), so that OpenSpiel's own
algorithms (MCTS, ISMCTS, CFR-style tools on small settings, ...) run on it.

    from asobi.adapters.openspiel_game import register
    register()                                   # every game, once a process
    game = pyspiel.load_game("python_asobi_laminate", {"players": 4})

**Chance is explicit at the root.** A new game starts at a chance node whose outcomes are
the deals (the asobi seed, ``deals`` of them, uniform); every later draw follows from the
deal, inside the state, as in asobi. Actions are the game's action coding
(``docs/rl.md``), so a Carrotein lay takes two actions of the same player (a pose for each
board).

**Every game is sequential.** A decision that several seats make at once (It's Mine!'s dice
bids, which its :class:`GameSpec` declares ``simultaneous``) is taken one seat at a time in
seat order, as asobi takes it: each bid stays hidden from the other seat until both are in,
so the later bidder knows only that the earlier one has bid. Such a game may instead be
loaded with ``{"simultaneous": True}``: its dynamics are then simultaneous and both seats
bid at one simultaneous node.

Observations and information states are those of the seat's view: the tensor is the
observer's vector, the string the view as JSON with the move number (the views hold what a
player keeps of the past: discards, citations, passes). ``resample_from_infostate`` is the
game's ``determinize``. Returns: the place, +1 first to -1 last (zero-sum with others);
alone, the score (general-sum). Game parameters: ``players``, ``options`` (the other
options as JSON), ``deals`` and, where the game declares simultaneous decisions,
``simultaneous``.

A search clones and queries a state thousands of times a decision, so a state keeps what it
has worked out (who acts, the legal actions, the information-state strings) until its next
action, and a clone copies the game, never the game's fixed parts (spec, observer, coding).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from asobi.adapters.table import Table
from asobi.core.protocol import GameSpec
from asobi.core.registry import all_specs, get_spec

DEALS = 100_000
PREFIX = "python_asobi_"
SOLO_BOUND = 1000.0  # |a solo score| is below this in every game (evaluation, tepu)

CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
SIMULTANEOUS = int(pyspiel.PlayerId.SIMULTANEOUS)


def short_name(game: str) -> str:
    return PREFIX + game


def parameters(spec: GameSpec) -> dict[str, Any]:
    """The game parameters and their defaults."""
    given: dict[str, Any] = {
        "players": spec.default_players or spec.seat_counts[0],
        "options": "{}",
        "deals": DEALS,
    }
    if spec.simultaneous:
        given["simultaneous"] = False
    return given


def game_type(
    game: str, players: int | None = None, simultaneous: bool = False
) -> pyspiel.GameType:
    """What OpenSpiel is told of the game at ``players`` seats (by default, its default
    count): zero-sum with others, where the returns are places; general-sum alone, where
    the return is the score. ``simultaneous`` only for a game that declares such decisions."""
    spec = get_spec(game)
    given = parameters(spec)
    players = int(given["players"]) if players is None else players
    if simultaneous and not spec.simultaneous:
        raise ValueError(f"{game} has no simultaneous decisions (GameSpec.simultaneous)")
    dynamics = pyspiel.GameType.Dynamics
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"{spec.name_en} ({spec.name_ja}) by asobi",
        dynamics=dynamics.SIMULTANEOUS if simultaneous else dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.GENERAL_SUM if players == 1 else utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(spec.seat_counts),
        min_num_players=min(spec.seat_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=given,
    )


class AsobiGame(pyspiel.Game):  # type: ignore[misc]
    """One asobi game under OpenSpiel, for the players and options of its parameters."""

    asobi_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = get_spec(self.asobi_id)
        given = {**parameters(spec), **(params or {})}
        options = {**json.loads(str(given["options"])), "players": int(given["players"])}
        self.table = Table(self.asobi_id, options)  # the fixed parts every state shares
        self.deals = int(given["deals"])
        self.simultaneous = bool(given.get("simultaneous", False))
        self._outcomes: list[tuple[int, float]] = []
        players = self.table.players
        solo = players == 1
        info = pyspiel.GameInfo(
            num_distinct_actions=self.table.coding.size,
            max_chance_outcomes=self.deals,
            num_players=players,
            min_utility=-SOLO_BOUND if solo else -1.0,
            max_utility=SOLO_BOUND if solo else 1.0,
            utility_sum=None if solo else 0.0,
            max_game_length=100_000,
        )
        super().__init__(game_type(self.asobi_id, players, self.simultaneous), info, given)

    def new_initial_state(self) -> AsobiState:
        return AsobiState(self)

    def outcomes(self) -> list[tuple[int, float]]:
        """The root's chance outcomes: every deal, uniform (made once, when first asked)."""
        if not self._outcomes:
            self._outcomes = [(deal, 1.0 / self.deals) for deal in range(self.deals)]
        return self._outcomes

    def deal(self, seed: int) -> Table:
        table = self.table.clone()
        table.reset(seed)
        return table

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> AsobiObserver:
        if params:
            raise ValueError(f"asobi observers take no parameters, not {params}")
        return AsobiObserver(self.table.observation_size)


class AsobiState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: a :class:`Table`, dealt by the root chance node (None before).

    ``player`` is worked out once per position (OpenSpiel asks for it several times for
    each action it applies), and the table keeps the legal choices; ``seen`` holds the
    information-state strings asked for at this position, by seat.
    """

    def __init__(self, game: AsobiGame, table: Table | None = None) -> None:
        super().__init__(game)
        self.table = table
        self.simultaneous = game.simultaneous
        self.player: int | None = None
        self.seen: dict[int, str] = {}

    def dealt(self) -> Table:
        if self.table is None:
            raise ValueError("the game is not dealt yet: the root is a chance node")
        return self.table

    def current_player(self) -> int:
        if self.player is None:
            self.player = self._who_acts()
        return self.player

    def _who_acts(self) -> int:
        if self.table is None:
            return CHANCE
        if self.table.is_over:
            return TERMINAL
        acting = self.table.to_act()
        if len(acting) > 1 and self.simultaneous:
            return SIMULTANEOUS
        return acting[0]  # several seats at once: one at a time, in seat order

    def _legal_actions(self, player: int) -> list[int]:
        return [] if self.table is None else self.table.legal(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        game: AsobiGame = self.get_game()
        return game.outcomes() if self.table is None else []

    def _apply_action(self, action: int) -> None:
        if self.table is None:
            game: AsobiGame = self.get_game()
            self.table = game.deal(int(action))
        else:
            self.table.choose(self.current_player(), int(action))
        self._moved()

    def _apply_actions(self, actions: list[int]) -> None:
        # every bidder's choice is made before any is revealed: asobi resolves the bids
        # once the last is in
        table = self.dealt()
        for seat in table.to_act():
            table.choose(seat, int(actions[seat]))
        self._moved()

    def _moved(self) -> None:
        self.player = None
        self.seen = {}

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"deal {action}"
        space = self.dealt().coding.space
        if action < space.size:
            return str(space.actions[action].encode())
        return f"choice {action}"

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def returns(self) -> list[float]:
        if self.table is None:
            return [0.0] * self.num_players()
        return list(self.table.returns())

    def information_state_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else player
        if seat not in self.seen:
            self.seen[seat] = super().information_state_string(seat)
        return self.seen[seat]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> AsobiState:
        """Another world the seat cannot tell from this one: the game's own determinize,
        drawn with a generator the sampler seeds. Another seat's unfinished action
        (Carrotein's first board pose) is its own secret, so the world has none."""
        table = self.dealt()
        rng = random.Random(int(probability_sampler() * 2**53))
        world = table.clone(table.state.determinize(player_id, rng))
        world.pending = {s: p for s, p in world.pending.items() if s == player_id}
        return AsobiState(self.get_game(), world)

    def __str__(self) -> str:
        if self.table is None:
            return "(not dealt)"
        return json.dumps(self.table.state.view(None), ensure_ascii=False, sort_keys=True)


def resampler(seed: int) -> Callable[[AsobiState, int], AsobiState]:
    """Worlds drawn from ``seed``, for OpenSpiel's ISMCTS (``bot.set_resampler``): by default
    it resamples with a generator seeded from the system, so its search never repeats."""
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)

    def resample(state: AsobiState, player: int) -> AsobiState:
        return state.resample_from_infostate(player, sampler)

    return resample


class AsobiObserver:
    """OpenSpiel's observer interface over the seat's view."""

    def __init__(self, size: int) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: AsobiState, player: int) -> None:
        self.tensor[:] = 0.0
        if state.table is not None:
            self.tensor[:] = state.table.observe(player)

    def string_from(self, state: AsobiState, player: int) -> str:
        table = state.table
        if table is None:
            return "(not dealt)"
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
