"""One move deeper than a bot: every legal move played out by that bot in the same worlds.

Monte Carlo policy improvement (Tesauro and Galperin, "On-line policy improvement using
Monte-Carlo search", NIPS 1996), made to respect hidden information the way ISMCTS does:
the bot never sees the true state. Each round it draws a *world* consistent with what its
seat knows (``decision.sample_world``), plays each legal move in a copy of that world, and
lets the *policy* bot (the game's heuristic bot) play every seat to the end from that
seat's own view. The move whose playouts do best is played — but only if it beats the
policy bot's own choice clearly; otherwise the bot plays what the policy would have.

Why this and not only ISMCTS: in these games a move's worth shows only many moves later,
random playouts misjudge it, and the heuristic bots' playouts are too costly for a tree
to be grown from them within a second (docs/lab/strength-history.md). Here every playout is spent on
the one question that matters — which of a handful of moves (3 to 7 on average) is best —
and the moves are compared on **common random numbers**: in one round every move meets the
same world (the same hidden cards, the same future draws, since a world's generator is
cloned with it) and the same playout bot (built afresh from the same seed). Most of the
luck of the draw then cancels out of the comparison, which a tree search cannot arrange.

- **The switch rule.** The round-by-round differences between a move and the policy's
  move are paired samples; the bot leaves the policy's move only when the best move's
  mean difference exceeds ``margin`` standard errors, over at least ``least`` rounds.
  With few rounds it therefore plays like its policy, never worse on noise; with more it
  plays better where the playouts agree. (Two rounds give a standard error of almost no
  worth: the best of several moves beats the policy's by one "standard error" of two
  rounds in about a quarter of positions where it is no better. Where playouts are dear,
  as in Laminate Rummy early on, ``least`` keeps such switches out.)
- **Time.** With ``seconds``, a round still being played at the deadline is dropped (its
  playout stops there, so a decision overruns by one policy move at most); and when the
  playouts so far say that ``least`` rounds cannot fit in the time, the bot stops at once
  and plays the policy's move rather than search for nothing.
- **Rewards** are those of ISMCTS: the share of the other seats a seat beats, a tie
  counting half (:func:`asobi.agents.ismcts.outcome_rewards`); alone, the score itself.
- **Short playouts** (``depth``): as in ISMCTS, a playout may stop ``depth`` moves on and
  rank the seats by ``State.standing`` where the game has one, or (``judge=policy``) by
  what the policy bot thinks each seat's position is worth (``worth(view, seat)``), which
  also counts the points on their way: papers under review, a hand close to a paper.
- **Fewer moves** (``top``): where the policy values a decision's moves on one scale
  (``values(decision)``), only its ``top`` best are played out, so a second holds more
  worlds. Laminate Rummy needs both: its greedy moves cost a millisecond, so whole
  playouts of every move leave 2–3 worlds a second (docs/lab/strength-history.md).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence

from asobi.agents.ismcts import Budget, OutOfBudget, bot_rollout, outcome_rewards, play_on, until
from asobi.core.actions import Action
from asobi.core.bots import (
    Bot,
    Decision,
    heuristic_bot,
    make_bot,
    no_more_params,
    take_param,
)
from asobi.core.errors import InvalidBot
from asobi.core.protocol import State

LEAST = 2
"""Rounds before the policy's move may be left, unless asked otherwise: a standard error
needs two."""


class Lookahead:
    """Play every legal move out with the bot ``policy(seed)`` builds, in up to ``worlds``
    sampled worlds a decision (and at most ``seconds`` of wall time, if given)."""

    def __init__(
        self,
        policy: Callable[[int], Bot],
        seed: int = 0,
        worlds: int = 100,
        seconds: float | None = None,
        depth: int | None = None,
        margin: float = 1.0,
        max_moves: int = 2000,
        name: str = "lookahead",
        top: int | None = None,
        judge: str = "standing",
        least: int = LEAST,
    ) -> None:
        self.policy = policy
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.seconds = seconds
        self.depth = depth
        self.margin = margin
        self.max_moves = max_moves
        self.name = name
        self.top = top
        self.judge = judge
        self.least = max(2, least)  # a standard error needs two rounds
        self.last_worlds = 0  # how many worlds the last decision compared (for benchmarks)

    def choose(self, decision: Decision) -> Action:
        legal = list(decision.legal)
        self.last_worlds = 0
        # The policy's own move first: it stands unless another clearly beats it.
        policy = self.policy(self.rng.getrandbits(32))
        mine = policy.choose(decision)
        if len(legal) == 1:
            return mine
        moves = [mine, *(a for a in self._candidates(policy, decision) if a != mine)]
        rewards: list[list[float]] = [[] for _ in moves]
        clock = _Clock(self.seconds, self.least * len(moves))
        while self.last_worlds < self.worlds:
            played = self._round(decision, moves, clock)
            if played is None:
                break  # out of time within a round: that round is not counted
            for i, reward in enumerate(played):
                rewards[i].append(reward)
            self.last_worlds += 1
        return moves[self._pick(rewards)]

    def _candidates(self, policy: Bot, decision: Decision) -> list[Action]:
        """The moves worth playing out: all, or the policy's ``top`` best where it values
        its moves (``values(decision)``): a second holds more worlds of fewer moves."""
        legal = list(decision.legal)
        values = getattr(policy, "values", None)
        if self.top is None or values is None or len(legal) <= self.top:
            return legal
        valued = values(decision)
        if valued is None:
            return legal
        order = sorted(range(len(legal)), key=lambda i: -valued[i])
        return [legal[i] for i in sorted(order[: self.top])]

    def _standing(self, policy: Bot) -> Callable[[State], Sequence[float] | None] | None:
        """How a playout cut short ranks the seats: by the game's standing (points scored),
        or with ``judge="policy"`` by what the policy thinks each seat's position is worth
        from its own view (``worth(view, seat)``), which also counts what is on its way."""
        if self.judge == "standing":
            return None
        worth = policy.worth  # type: ignore[attr-defined]  # checked when the bot is made

        def judged(world: State) -> list[float]:
            return [worth(world.view(seat), seat) for seat in range(world.players)]

        return judged

    def _round(self, decision: Decision, moves: list[Action], clock: _Clock) -> list[float] | None:
        """Each move's reward in one sampled world, all played out from one seed; None if
        the time runs out first."""
        world = decision.sample_world(self.rng)
        seed = self.rng.getrandbits(32)
        played = []
        for move in moves:
            if clock.over():
                return None
            try:
                played.append(self._play_out(world.clone(), decision.seat, move, seed, clock))
            except OutOfBudget:
                return None
            clock.playouts += 1
        return played

    def _pick(self, rewards: list[list[float]]) -> int:
        """The index of the move to play: the best by mean reward if it clearly beats the
        policy's move (index 0) on the paired rounds, else 0."""
        rounds = len(rewards[0])
        if rounds < self.least:
            return 0
        best = max(range(len(rewards)), key=lambda i: (statistics.fmean(rewards[i]), -i))
        if best == 0:
            return 0
        gains = [b - m for b, m in zip(rewards[best], rewards[0], strict=True)]
        mean = statistics.fmean(gains)
        error = statistics.stdev(gains) / math.sqrt(rounds)
        return best if mean > 0 and mean > self.margin * error else 0

    def _play_out(
        self, world: State, seat: int, move: Action, seed: int, clock: _Clock | None = None
    ) -> float:
        """``seat``'s reward after it plays ``move`` in ``world`` and the policy plays on
        (raising :class:`OutOfBudget` once the ``clock``'s time is up)."""
        world.resolve(seat, move)
        stop = None if self.depth is None else 1 + self.depth
        policy = self.policy(seed)
        rollout = bot_rollout(policy)
        if clock is not None and clock.deadline is not None:
            rollout = until(clock.spent, rollout)
        cut = play_on(world, rollout, self.rng, 1, stop, self.max_moves, self._standing(policy))
        if cut is not None:
            return cut[seat]
        outcome = world.outcome()
        assert outcome is not None
        return outcome_rewards(outcome)[seat]


class _Clock(Budget):
    """A decision's time: ``seconds`` from now (none: no limit), of which the first
    ``needed`` playouts (``least`` rounds of every move) must fit for the search to be
    worth its time."""

    def __init__(self, seconds: float | None, needed: int) -> None:
        super().__init__(seconds)
        self.needed = needed
        self.playouts = 0

    def over(self) -> bool:
        """Past the deadline, or sure to be past it before ``needed`` playouts are played
        (judged by the playouts so far)."""
        if self.deadline is None:
            return False
        if self.spent():
            return True
        if self.playouts == 0 or self.playouts >= self.needed:
            return False
        spent = time.perf_counter() - self.start
        return spent / self.playouts * self.needed > self.deadline - self.start


def make(game: str, seed: int, **params: str) -> Lookahead:
    """``lookahead`` with optional parameters, e.g. ``lookahead:seconds=0.8``:

    - ``bot=NAME``, the policy that plays the playouts and whose move stands by default
      (the game's heuristic bot, ``GameSpec.heuristic``, unless named);
    - ``worlds=N`` sampled worlds a decision (default 100; reproducible) and/or
      ``seconds=S`` of search;
    - ``depth=D``: stop playouts D moves on and rank by ``State.standing``;
    - ``margin=M``: how many standard errors a move must beat the policy's move by (1);
    - ``least=N``: how many worlds it must have played before it leaves the policy's move
      (2); with ``seconds``, it plays the policy's move at once when N will not fit;
    - ``top=K``: play out only the policy's K best moves where it values them
      (``values(decision)``, as Laminate's greedy bot values a turn's actions);
    - ``judge=policy``: rank playouts cut at ``depth`` by the policy's ``worth`` of each
      seat's position instead of ``State.standing``."""
    seconds = take_param(params, "seconds", float, None)
    worlds = take_param(params, "worlds", int, 100 if seconds is None else 10**9)
    depth = take_param(params, "depth", int, None, least=0)
    margin = take_param(params, "margin", float, 1.0, least=0)
    top = take_param(params, "top", int, None)
    asked = take_param(params, "least", int, None, least=1)
    judge = params.pop("judge", "standing")
    policy_name = params.pop("bot", None) or heuristic_bot(game, "lookahead")
    no_more_params("lookahead", params, "bot, worlds, seconds, depth, margin, least, top and judge")
    if worlds < 1 or (seconds is not None and seconds <= 0):
        raise InvalidBot("lookahead needs at least one world and a positive time")
    if asked is not None and asked > worlds:
        raise InvalidBot(f"lookahead least={asked} needs at least as many worlds (worlds={worlds})")
    least = LEAST if asked is None else asked
    if top is not None and top < 1:
        raise InvalidBot("lookahead top=N plays out at least one move (N >= 1)")
    # A bad policy fails now, not mid-game.
    sample = make_bot(policy_name, game, seed)
    if judge not in ("standing", "policy"):
        raise InvalidBot(f"lookahead judge={judge!r}: the judges are standing and policy")
    if judge == "policy" and not callable(getattr(sample, "worth", None)):
        raise InvalidBot(f"lookahead judge=policy: the {policy_name} bot values no positions")

    def policy(policy_seed: int) -> Bot:
        return make_bot(policy_name, game, policy_seed)

    return Lookahead(
        policy,
        seed=seed,
        worlds=worlds,
        seconds=seconds,
        depth=depth,
        margin=margin,
        top=top,
        judge=judge,
        least=least,
    )
