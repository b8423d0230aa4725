"""Information-set Monte Carlo tree search (ISMCTS) for any game, through the protocol alone.

After Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE TCIAIG
2012). The bot never sees the true state: each iteration it draws a *world* consistent with
what its seat knows (``decision.sample_world``, i.e. ``state.determinize``), walks its tree in
that world, adds one node, plays the world out with a rollout policy and backs the result up.

How the tree is keyed
---------------------
A node is an information set *of the searching seat* (the observer; with multiple
observers, of the seat whose tree it is in). After a move, the child is keyed by what the
observer sees of it: the move's code when the observer made it, and the events of
``apply`` visible to the observer (``Event.visible_to``). So the tree
branches on the card the observer draws but not on the card an opponent draws, and an
opponent's secret bid joins its siblings until it is revealed: single-observer ISMCTS with
partially observable moves (SO-ISMCTS + POM in the paper), made generic by the protocol's
event visibility. Each seat's choices at a node keep their own statistics, keyed by the
seat and its move's code, so there the other seats choose knowing only what the observer
knows.

**Multiple observers** (``observer="multiple"``, MO-ISMCTS in the paper): one tree per
seat, each keyed by what *its* seat sees, walked together. Each seat chooses at its own
tree's node, so an opponent's later choices depend on the card it drew or the bid it made,
which the observer's tree cannot tell apart; this can matter where seats act on what the
others cannot see (measured against the single observer at equal iterations: level in
Starmine and It's Mine!, 0.59 [0.40, 0.76] in 24 Laminate Rummy games; the lab notebook
docs/lab/strength-history.md, the "observers" sections). The move played is the most
visited at the root of the observer's tree.

- **Availability.** A move legal in one world may not be in another (other hands); UCB uses
  how often each move was *available*, not the parent's visits (the paper's ISMCTS).
- **Simultaneous decisions** (It's Mine!'s bids: several active seats): decoupled UCT —
  each active seat chooses from its own statistics at the node, then the joint move is
  applied seat by seat.
- **Chance** lives inside ``apply`` (the world's own generator, reseeded by determinize),
  so outcomes differ between iterations and the statistics average over them.
- **Rewards**: the share of the other seats a seat beats, a tie counting half
  (:func:`outcome_rewards`: a two-player draw pays ½ each, not a win's 1); alone (solo
  modes), the score scaled to the lowest and highest seen in this search. A
  playout stopped at ``max_moves`` counts as ½ for everyone.
- **Expansion after visits** (``expand``): a node below the root joins the tree only on
  the ``expand``-th time the search reaches it (1: at once); until then the playout goes
  on from it with the rollout policy. With the heuristic bot's playouts and a few hundred
  iterations this matters: a node grown on its first visit has each reply tried once in
  turn, so the moves above it are judged against an opponent that answers at random for a
  while, not against the heuristic.
- **A prior** (``prior``, ``bias``): progressive bias (Chaslot et al., "Progressive
  strategies for Monte-Carlo tree search", 2008). At a node, the move a heuristic bot would
  make there (from the deciding seat's view of this world) is tried first and gets
  ``bias / (visits + 1)`` on top of its UCB value, so a short search plays the bot's move
  and leaves it only once the playouts keep finding another better. Without it, 100
  iterations over the twenty or so plays of an It's Mine! turn try each a handful of times
  and pick among them by noise, while the playouts assume the heuristic's moves for the
  searcher from then on, so the tree's values are too hopeful (docs/lab/strength-history.md,
  the "prior" sections).
- **Short playouts** (``depth``): where a game measures a score so far (``State.standing``),
  a playout may stop ``depth`` moves after the tree and reward the seats as if the game
  ended there. Many short looks instead of a few whole games: in Laminate Rummy and Rummy
  City a whole random game costs as much as a few hundred moves of anything else.

The rollout policy is pluggable: :func:`random_rollout`, or any :class:`~asobi.core.bots.Bot`
wrapped by :func:`bot_rollout` (the game's heuristic bot).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from asobi.core.actions import Action
from asobi.core.bots import Bot, Decision, make_bot, no_more_params, take_param
from asobi.core.errors import InvalidBot
from asobi.core.events import Event
from asobi.core.playouts import PlayoutFunction, compiled_playout, playout_seed
from asobi.core.protocol import Outcome, State

Rollout = Callable[[State, int, random.Random], Action]
"""A playout policy: the action ``seat`` takes in a world (which the search may change)."""


def random_rollout(world: State, seat: int, rng: random.Random) -> Action:
    """A uniformly random legal action."""
    legal: list[Action] = world.legal_actions(seat)
    return rng.choice(legal)


def bot_rollout(bot: Bot) -> Rollout:
    """Play out with ``bot`` (the game's heuristic bot) deciding for every seat from that
    seat's view of the world. Worlds are already sampled, so it gets no further samples."""

    def no_samples(rng: random.Random) -> State:
        raise RuntimeError("a rollout policy may not sample worlds")

    def policy(world: State, seat: int, rng: random.Random) -> Action:
        legal: list[Action] = world.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        view = world.view(seat)
        return bot.choose(Decision(world.spec.id, seat, view, legal, no_samples))

    return policy


class OutOfBudget(Exception):
    """A playout reached its decision's budget (its deadline, or its moves): its iteration
    (or round) is dropped."""


def until(spent: Callable[[], bool], rollout: Rollout) -> Rollout:
    """``rollout``, raising :class:`OutOfBudget` before any move once ``spent()`` is true."""

    def metered(world: State, seat: int, rng: random.Random) -> Action:
        if spent():
            raise OutOfBudget
        return rollout(world, seat, rng)

    return metered


class Budget:
    """A decision's budget besides its iterations (or worlds): wall time (``seconds`` from
    now) and the moves simulated in sampled worlds (``moves``: forward-model calls),
    whichever runs out first; None: no limit."""

    def __init__(self, seconds: float | None = None, moves: int | None = None) -> None:
        self.start = time.perf_counter()
        self.deadline = None if seconds is None else self.start + seconds
        self.moves = moves
        self.used = 0  # moves simulated so far
        self.limited = seconds is not None or moves is not None

    def spent(self) -> bool:
        if self.moves is not None and self.used >= self.moves:
            return True
        return self.deadline is not None and time.perf_counter() > self.deadline

    def counted(self, rollout: Rollout) -> Rollout:
        """``rollout``, counting its moves."""

        def move(world: State, seat: int, rng: random.Random) -> Action:
            self.used += 1
            return rollout(world, seat, rng)

        return move


@dataclass
class _Stats:
    visits: int = 0
    available: int = 0
    total: float = 0.0


@dataclass
class _Node:
    """An information set of the seat whose tree it is in (the observer's, unless there are
    multiple observers): the statistics of the moves chosen there, and the children by what
    that seat saw."""

    moves: dict[tuple[int, str], _Stats] = field(default_factory=dict)
    children: dict[Any, _Node] = field(default_factory=dict)
    reached: int = 0  # how often a search has come to it
    favoured: str | None = None  # the prior's move for the observer (the same in every world)


def _seen(events: Sequence[Event], observer: int) -> tuple[Any, ...]:
    """What ``observer`` sees of a move's events, as a hashable key."""
    return tuple(
        (e.kind, e.seat, repr(sorted(e.data.items()))) for e in events if e.visible_to(observer)
    )


class ISMCTS:
    """An ISMCTS bot: ``iterations`` per decision, and at most ``seconds`` of wall time and
    ``moves`` simulated, if given (iterations and moves keep a match reproducible, time keeps
    it responsive), exploring with constant ``c``. The first iteration is always played out;
    a later one still in its playout when the time or the moves run out is dropped. So a
    decision overruns ``seconds`` by its first iteration, or else by one world's sampling
    and tree walk plus one rollout move, at most (and ``moves`` by one tree walk)."""

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 1000,
        seconds: float | None = None,
        rollout: Rollout = random_rollout,
        c: float = 0.7,
        max_moves: int = 2000,
        name: str = "ismcts",
        depth: int | None = None,
        anchor: Bot | None = None,
        margin: float = 1.0,
        expand: int = 1,
        prior: Bot | None = None,
        bias: float = 1.0,
        moves: int | None = None,
        observer: str = "single",
        compiled: bool = True,
    ) -> None:
        if observer not in ("single", "multiple"):
            raise InvalidBot(f"ismcts observer={observer!r}: single or multiple")
        self.name = name
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        # Forward-model calls: reproducible like iterations, and like time they buy more
        # iterations where playouts are short (near the end of a long game).
        self.moves = moves
        self.rollout = rollout
        self.c = c
        self.max_moves = max_moves
        # Stop a playout after ``depth`` moves and rank the seats by ``world.standing()``
        # (where the game has one): more iterations, each a shorter look.
        self.depth = depth
        # The heuristic bot's move stands unless the search finds a better one by ``margin``
        # standard errors: a short search then never plays worse than the bot on noise.
        self.anchor = anchor
        self.margin = margin
        self.expand = expand
        self.multiple = observer == "multiple"  # a tree per seat (see the module docstring)
        # Progressive bias toward the move ``prior`` would make (see the module docstring).
        self.prior = None if prior is None else bot_rollout(prior)
        self.bias = bias
        # Whole random playouts in the game's compiled code where it has some
        # (``GameSpec.playout``): the same moves' odds, many times faster.
        self.compiled = compiled
        self.last_iterations = 0  # how many the last decision ran (for benchmarks)
        self.last_moves = 0  # and how many moves it simulated
        self._low = math.inf
        self._high = -math.inf

    def choose(self, decision: Decision) -> Action:
        legal = list(decision.legal)
        self.last_iterations = self.last_moves = 0
        if len(legal) == 1:
            return legal[0]  # nothing to weigh
        root = _Node()
        seat = decision.seat
        trees = {seat: root}  # and, with multiple observers, each other seat's
        budget = Budget(self.seconds, self.moves)
        done = 0
        while done < self.iterations:
            if done and budget.spent():
                break
            try:
                self._iterate(trees, decision.sample_world(self.rng), seat, budget, done > 0)
            except OutOfBudget:
                break  # the budget ran out within its playout: not backed up
            done += 1
        self.last_iterations, self.last_moves = done, budget.used
        codes = {a.encode(): a for a in legal}
        best = max(  # the most visited; on a tie the prior's move, then the first offered
            codes,
            key=lambda code: (
                root.moves.get((seat, code), _Stats()).visits,
                code == root.favoured,
                -legal.index(codes[code]),
            ),
        )
        if self.anchor is not None:
            kept = self.anchor.choose(decision).encode()
            if not self._clearly_better(root.moves, (seat, best), (seat, kept)):
                return codes[kept]
        return codes[best]

    def _clearly_better(
        self, moves: dict[tuple[int, str], _Stats], best: tuple[int, str], kept: tuple[int, str]
    ) -> bool:
        """Does ``best`` beat ``kept`` by ``margin`` standard errors of their mean rewards?
        (Rewards lie in [0, 1], so a variance is at most 1/4.)"""
        b, k = moves.get(best, _Stats()), moves.get(kept, _Stats())
        if best == kept or b.visits == 0 or k.visits == 0:
            return False  # no evidence against the bot's move
        error = math.sqrt(0.25 / b.visits + 0.25 / k.visits)
        return b.total / b.visits - k.total / k.visits > self.margin * error

    # --- one iteration ---------------------------------------------------------------
    def _iterate(
        self,
        trees: dict[int, _Node],
        world: State,
        observer: int,
        budget: Budget,
        drop_if_spent: bool = False,
    ) -> None:
        """One iteration down the observer's tree (``trees[observer]``) or, with multiple
        observers, every seat's tree at once; its moves counted in ``budget``. With
        ``drop_if_spent`` its playout stops (:class:`OutOfBudget`) once the budget is spent,
        and nothing is backed up."""
        if self.multiple:
            for seat in range(world.players):
                trees.setdefault(seat, _Node())

        def tree(seat: int) -> int:  # whose tree a seat chooses in
            return seat if self.multiple else observer

        at = dict(trees)  # each tree's node, as the walk goes down
        path: list[tuple[_Node, list[tuple[int, str]]]] = []
        moves = 0
        while not world.is_over:
            for node in at.values():
                node.reached += 1
            acting = sorted(world.active_seats())
            if any(
                at[tree(seat)] is not trees[tree(seat)] and at[tree(seat)].reached < self.expand
                for seat in acting
            ):
                break  # not yet in the tree: the rollout policy plays on from here
            chosen: dict[int, list[tuple[int, str]]] = {owner: [] for owner in at}
            events: list[Event] = []
            expanded = False
            for seat in acting:
                action, new = self._select(at[tree(seat)], world, seat, seat == observer)
                expanded = expanded or new
                chosen[tree(seat)].append((seat, action.encode()))
                events += world.resolve(seat, action)
                moves += 1
                budget.used += 1
            for owner, node in at.items():
                if chosen[owner]:
                    path.append((node, chosen[owner]))
                key = (
                    tuple(code for seat, code in chosen[owner] if seat == owner),
                    _seen(events, owner),
                )
                child = node.children.get(key)
                if child is None:  # (not setdefault: no node built on every step)
                    child = node.children[key] = _Node()
                at[owner] = child
            if expanded:
                break  # a move tried for the first time: play the rest out
        fast = self._compiled(world)
        if fast is None:
            rewards = self._playout(world, moves, self._metered(budget, drop_if_spent))
        else:
            rewards = self._compiled_playout(fast, world, moves, budget, drop_if_spent)
        for node, chosen_there in path:
            for seat, code in chosen_there:
                stats = node.moves[(seat, code)]
                stats.visits += 1
                stats.total += rewards[seat]

    def _select(self, node: _Node, world: State, seat: int, observing: bool) -> tuple[Action, bool]:
        """UCB over the moves available in this world; an untried one first (expansion),
        the prior's move before the others."""
        legal = world.legal_actions(seat)
        favoured = None
        if self.prior is not None and len(legal) > 1:
            favoured = self._favoured(node, world, seat, observing)
        untried: list[Action] = []
        first = None  # the prior's move, untried
        best, best_value = legal[0], -math.inf
        for action in legal:
            move = action.encode()
            code = (seat, move)
            stats = node.moves.get(code)
            if stats is None:
                stats = node.moves[code] = _Stats()
            stats.available += 1
            if stats.visits == 0:
                if move == favoured:
                    first = action
                untried.append(action)
                continue
            value = stats.total / stats.visits + self.c * math.sqrt(
                math.log(stats.available) / stats.visits
            )
            if move == favoured:
                value += self.bias / (stats.visits + 1)
            if value > best_value:
                best, best_value = action, value
        if first is not None:
            return first, True
        if untried:
            return self.rng.choice(untried), True
        return best, False

    def _favoured(self, node: _Node, world: State, seat: int, observing: bool) -> str:
        """The code of the move the prior makes for ``seat`` here. The observer's view is
        the same in every world that reaches its node, so its move is asked once a node."""
        assert self.prior is not None
        if observing and node.favoured is not None:
            return node.favoured
        move = self.prior(world, seat, self.rng).encode()
        if observing:
            node.favoured = move
        return move

    def _metered(self, budget: Budget, drop_if_spent: bool) -> Rollout:
        """The rollout policy, its moves counted in ``budget`` and, with ``drop_if_spent``,
        stopped (:class:`OutOfBudget`) once the budget is spent."""
        rollout = budget.counted(self.rollout)
        if drop_if_spent and budget.limited:  # (unlimited, ``spent`` is never true)
            rollout = until(budget.spent, rollout)
        return rollout

    def _playout(self, world: State, moves: int, rollout: Rollout) -> list[float]:
        stop = None if self.depth is None else moves + self.depth
        cut = play_on(world, rollout, self.rng, moves, stop, self.max_moves)
        if cut is not None:
            return cut
        outcome = world.outcome()
        assert outcome is not None
        return self._rewards(outcome.scores, outcome.ranks)

    def _compiled(self, world: State) -> PlayoutFunction | None:
        """The game's compiled playout, where it stands for this search's: whole playouts
        with random moves (``compiled=no`` keeps them in Python)."""
        if not self.compiled or self.rollout is not random_rollout or self.depth is not None:
            return None
        return compiled_playout(world)

    def _compiled_playout(
        self, fast: PlayoutFunction, world: State, moves: int, budget: Budget, drop_if_spent: bool
    ) -> list[float]:
        """A whole random playout in compiled code (``asobi.core.playouts``), its moves
        counted in ``budget``. Dropped (:class:`OutOfBudget`) where the playout through the
        protocol would have been: the budget spent before its last move."""
        before = budget.used
        played = fast(world, playout_seed(self.rng), self.max_moves - moves, False)
        if played is None:  # options the compiled code does not play
            return self._playout(world, moves, self._metered(budget, drop_if_spent))
        budget.used += played.moves
        if drop_if_spent and budget.limited and played.moves:
            over_moves = budget.moves is not None and before + played.moves - 1 >= budget.moves
            if over_moves or budget.spent():
                raise OutOfBudget
        if played.scores is None or played.ranks is None:
            return [0.5] * world.players  # cut at max_moves, as play_on cuts it
        return self._rewards(played.scores, played.ranks)

    def _rewards(self, scores: Sequence[float], ranks: Sequence[int]) -> list[float]:
        """Each seat's reward for a finished playout; alone, its score scaled between the
        lowest and highest this search has seen."""
        if len(ranks) == 1:
            score = float(scores[0])
            self._low, self._high = min(self._low, score), max(self._high, score)
            spread = self._high - self._low
            return [0.5 if spread == 0 else (score - self._low) / spread]
        return rank_rewards([-rank for rank in ranks])  # rank 1 is best


def play_on(
    world: State, rollout: Rollout, rng: random.Random, moves: int, stop: int | None,
    max_moves: int, standing: Callable[[State], Sequence[float] | None] | None = None,
) -> list[float] | None:  # fmt: skip
    """Play ``world`` on with ``rollout`` for every active seat, ``moves`` already played.
    Cut short, the seats' rewards: ½ each at ``max_moves``, or ranked by ``standing``
    (``State.standing`` unless given) from ``stop`` moves on where it ranks the seats.
    None once the game is over (its outcome decides)."""
    while not world.is_over:
        if moves >= max_moves:
            return [0.5] * world.players
        if stop is not None and moves >= stop:
            ranks = world.standing() if standing is None else standing(world)
            if ranks is not None:
                return rank_rewards(ranks)
        for seat in sorted(world.active_seats()):
            world.resolve(seat, rollout(world, seat, rng))
            moves += 1
    return None


def outcome_rewards(outcome: Outcome) -> list[float]:
    """Each seat's reward for a finished game: the share of the other seats it beats, a
    tie counting half; alone (a solo mode), its score."""
    if len(outcome.ranks) == 1:
        return [float(outcome.scores[0])]
    return rank_rewards([-rank for rank in outcome.ranks])  # rank 1 is best


def rank_rewards(scores: Sequence[float]) -> list[float]:
    """The reward the seats would get if ``scores`` were final: the share of the other seats
    each beats, a tie counting half (``(n - rank) / (n - 1)``, shared ranks averaged)."""
    n = len(scores)
    if n == 1:
        return [0.5]
    beaten = [sum(1.0 if a > b else 0.5 if a == b else 0.0 for b in scores) - 0.5 for a in scores]
    return [x / (n - 1) for x in beaten]


def make(game: str, seed: int, **params: str) -> ISMCTS:
    """``ismcts`` with optional parameters, e.g. ``ismcts:seconds=0.8:rollout=greedy``:

    - ``iterations=N`` a decision (default 1,000; reproducible) and/or ``seconds=S`` of
      search (alone: search for that long, which depends on the machine) and/or
      ``moves=M`` simulated (forward-model calls, in the tree and the playouts;
      reproducible, and like time it buys more iterations where playouts are short);
    - ``c=C``, the exploration constant (0.7);
    - ``rollout=random`` (default) or a bot's name, such as ``greedy``, to play out with;
    - ``depth=D``: stop playouts D moves after the tree and rank by ``State.standing``;
    - ``anchor=BOT`` (with ``margin=M`` standard errors, default 1): play that bot's move
      unless the search clearly finds a better one;
    - ``expand=T``: a node below the root joins the tree on its T-th visit (1: the first);
    - ``prior=BOT`` (with ``bias=W``, default 1): try that bot's move first at every node
      and add ``W / (visits + 1)`` to its value (progressive bias);
    - ``observer=multiple``: a tree per seat, each keyed by what its seat sees (MO-ISMCTS;
      the default ``single`` searches the observer's tree alone);
    - ``compiled=no``: random playouts through the protocol even where the game has them
      compiled (``GameSpec.playout``; the same odds for every move, drawn from another
      generator, so another search for the same seed).

    Alone, 1,000 iterations with random rollouts: the plain baseline a researcher expects."""
    seconds = take_param(params, "seconds", float, None)
    moves = take_param(params, "moves", int, None)
    unbounded = seconds is None and moves is None
    iterations = take_param(params, "iterations", int, 1000 if unbounded else 10**9)
    c = take_param(params, "c", float, 0.7, least=0)
    depth = take_param(params, "depth", int, None, least=0)
    margin = take_param(params, "margin", float, 1.0, least=0)
    expand = take_param(params, "expand", int, 1)
    bias = take_param(params, "bias", float, 1.0)
    rollout_bot = params.pop("rollout", "random")
    anchor_bot = params.pop("anchor", None)
    prior_bot = params.pop("prior", None)
    observer = params.pop("observer", "single")
    compiled = params.pop("compiled", "yes")
    if compiled not in ("yes", "no"):
        raise InvalidBot(f"ismcts compiled={compiled!r}: yes or no")
    no_more_params(
        "ismcts",
        params,
        "iterations, seconds, moves, c, depth, rollout, anchor, margin, expand, prior, bias, "
        "observer and compiled",
    )
    if (
        iterations < 1
        or (seconds is not None and seconds <= 0)
        or (moves is not None and moves < 1)
    ):
        raise InvalidBot("ismcts needs at least one iteration, a positive time and a move")
    if expand < 1:
        raise InvalidBot("ismcts expand=T grows a node after T >= 1 visits")
    if bias < 0:
        raise InvalidBot("ismcts bias=W favours the prior's move by W >= 0")
    rollout = (
        random_rollout
        if rollout_bot == "random"
        else bot_rollout(make_bot(rollout_bot, game, seed + 1))
    )
    anchor = None if anchor_bot is None else make_bot(anchor_bot, game, seed + 2)
    prior = None if prior_bot is None else make_bot(prior_bot, game, seed + 3)
    return ISMCTS(
        seed=seed,
        iterations=iterations,
        seconds=seconds,
        moves=moves,
        rollout=rollout,
        c=c,
        depth=depth,
        anchor=anchor,
        margin=margin,
        expand=expand,
        prior=prior,
        bias=bias,
        observer=observer,
        compiled=compiled == "yes",
    )
