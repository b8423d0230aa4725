"""Seat-rotated round-robin tournaments: who beats whom, how surely, and ratings.

**Lineups.** With at least as many bots as seats, every set of ``players`` bots plays in
every cyclic rotation of its seats, so each bot sits in each seat equally often, and from
three seats up, in every rotation of the reverse order too, so each bot plays right after
each other as often as right before it: in a game where turn order matters (a Carrotein
round goes to whoever is left when the others have passed), a fixed order would otherwise
decide the score between two bots as much as their play. With fewer
bots than seats, each pair plays one against the field: one bot in one seat, the other in
all the rest, the lone seat going round the table, then the other way about. Every round
plays every lineup on the same deal (seed), so luck of the deal cancels between bots.

**Pairwise score.** In a game, each seat of bot A is compared with each seat of bot B: 1
if A ranked better, ½ on a tie, 0 if worse; the game's score for A against B is the mean.
Equal bots score ½ whatever the lineup. The 95% interval is Wilson's on the games' mean
(conservative when a game holds several comparisons).

**Ratings.** Bradley–Terry on the Elo scale, fitted by maximum likelihood to the same
comparisons as the pairwise scores (each game's score of A against B a fractional win), so
the ratings agree with the table and do not depend on the order the games were played in.
(An online rating such as openskill's does: 116 wins of 200 played first and the 84 losses
after rate the winner of the match far below the loser.) One drawn game between every pair
of bots is added as a prior, so a clean sweep still has a finite rating; the bots' mean is
0, and the ± is a 95% interval from the fit's curvature (about a mean of 0).

**Alone** (the solo modes: one seat). Every bot plays every round's deal on its own, and
the bots meet deal by deal, as duplicate bridge compares tables: on one deal, the bot that
scored more ranks better (an equal score ties). The pairwise scores and the ratings are
then worked out from these meetings as from games.
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from asobi.arena.backends import run_jobs
from asobi.arena.matches import GameResult, play_game
from asobi.core.words import plural


def lineups(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The seatings one round plays (see the module docstring)."""
    if len(set(bots)) != len(bots) or len(bots) < 2:
        raise ValueError("a tournament needs at least two different bots")
    if len(bots) >= players:
        seatings: list[tuple[str, ...]] = []
        for group in itertools.combinations(bots, players):
            backwards = group[:1] + group[:0:-1]  # (the same as the group with two seats)
            for order in dict.fromkeys((group, backwards)):
                seatings += [order[r:] + order[:r] for r in range(players)]
        return seatings
    seatings = []
    for a, b in itertools.combinations(bots, 2):
        for lone, field_bot in ((a, b), (b, a)):
            for seat in range(players):
                seatings.append(tuple(lone if s == seat else field_bot for s in range(players)))
    return seatings


@dataclass(frozen=True)
class Pairing:
    """How bot ``a`` did against bot ``b`` over the games both played."""

    a: str
    b: str
    games: int
    score: float  # mean game score of a against b (½: even)
    low: float  # 95% interval
    high: float


def wilson(mean: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for a proportion ``mean`` over ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    centre = (mean + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Meeting:
    """Bots compared in one game, or on one deal played alone by each (see the docstring)."""

    index: int
    lineup: tuple[str, ...]
    ranks: tuple[int, ...]


def meetings(results: Iterable[GameResult]) -> list[Meeting]:
    """The games as meetings of bots, in order; solo games put together deal by deal, each
    bot ranked by its score on the deal."""
    games = sorted(results, key=lambda r: r.index)
    if any(len(g.lineup) > 1 for g in games):
        return [Meeting(g.index, g.lineup, g.ranks) for g in games]
    deals: dict[int, list[GameResult]] = {}
    for g in games:
        deals.setdefault(g.seed, []).append(g)
    met = []
    for alone in deals.values():
        scores = [g.scores[0] for g in alone]
        ranks = tuple(1 + sum(other > mine for other in scores) for mine in scores)
        met.append(Meeting(alone[0].index, tuple(g.lineup[0] for g in alone), ranks))
    return met


def game_score(result: Meeting | GameResult, a: str, b: str) -> float | None:
    """A's score against B in one game (None if they did not both play)."""
    mine = [r for bot, r in zip(result.lineup, result.ranks, strict=True) if bot == a]
    theirs = [r for bot, r in zip(result.lineup, result.ranks, strict=True) if bot == b]
    if not mine or not theirs:
        return None
    points = [1.0 if x < y else 0.5 if x == y else 0.0 for x in mine for y in theirs]
    return sum(points) / len(points)


def pairwise(results: Iterable[GameResult], bots: Sequence[str]) -> list[Pairing]:
    """Every ordered pair of bots: A's score against B with its interval."""
    met = meetings(results)
    table = []
    for a, b in itertools.permutations(bots, 2):
        scores = [s for m in met if (s := game_score(m, a, b)) is not None]
        mean = statistics.fmean(scores) if scores else 0.5
        low, high = wilson(mean, len(scores))
        table.append(Pairing(a, b, len(scores), mean, low, high))
    return table


@dataclass(frozen=True)
class Rating:
    """A bot's Bradley–Terry rating on the Elo scale (the bots' mean is 0) with the half
    width of its 95% interval."""

    bot: str
    elo: float
    error: float


ELO = 400 / math.log(10)  # Elo points per unit of log-strength: 400 a factor of 10 in odds


def ratings(pairings: Iterable[Pairing], bots: Sequence[str]) -> list[Rating]:
    """Bradley–Terry ratings fitted to the pairwise scores, strongest first.

    Each game in which A met B counts as A's score against B (1, ½, 0, or a fraction where a
    bot had several seats) of a win. Hunter's MM iteration ("MM algorithms for generalized
    Bradley–Terry models", Ann. Statist. 2004) finds the strengths; one drawn game between
    every pair is the prior."""
    import numpy as np  # a core dependency, only needed here

    index = {bot: i for i, bot in enumerate(bots)}
    k = len(bots)
    if k < 2:
        return [Rating(bot, 0.0, 0.0) for bot in bots]  # no one to compare with
    games = np.ones((k, k)) - np.eye(k)  # the prior: one game a pair...
    wins = 0.5 * games  # ...drawn
    for p in pairings:
        i, j = index[p.a], index[p.b]
        if i < j:  # each pair once: (b, a) is the same games seen from the other side
            games[i, j] += p.games
            games[j, i] += p.games
            wins[i, j] += p.score * p.games
            wins[j, i] += (1 - p.score) * p.games
    strength = np.ones(k)
    won = wins.sum(axis=1)
    for _ in range(10_000):
        fresh = won / (games / (strength[:, None] + strength[None, :])).sum(axis=1)
        fresh /= np.exp(np.log(fresh).mean())
        done = np.abs(fresh - strength).max() < 1e-12
        strength = fresh
        if done:
            break
    theta = np.log(strength)
    # The curvature of the log-likelihood in log-strength; its null direction (everyone
    # stronger by the same amount) is fixed by the mean of 0, hence the pseudo-inverse.
    p_win = strength[:, None] / (strength[:, None] + strength[None, :])
    weight = games * p_win * p_win.T
    information = np.diag(weight.sum(axis=1)) - weight
    variance = np.diag(np.linalg.pinv(information))
    table = [
        Rating(bot, float(ELO * theta[i]), float(1.96 * ELO * math.sqrt(max(variance[i], 0.0))))
        for bot, i in index.items()
    ]
    return sorted(table, key=lambda r: -r.elo)


@dataclass
class Tournament:
    """A tournament's plan and, once run, its games."""

    game: str
    bots: tuple[str, ...]
    players: int
    rounds: int
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 0
    results: list[GameResult] = field(default_factory=list)

    def plan(self) -> list[tuple[int, int, tuple[str, ...]]]:
        """(index, deal seed, lineup) of every game, in order."""
        seatings = lineups(self.bots, self.players)
        return [
            (r * len(seatings) + k, self.seed + r, lineup)
            for r in range(self.rounds)
            for k, lineup in enumerate(seatings)
        ]

    def summary(self) -> dict[str, Any]:
        per_bot: dict[str, dict[str, Any]] = {}
        n = self.players
        met = meetings(self.results)  # alone, a bot's rank is its place on the deal
        table = pairwise(self.results, self.bots)
        for bot in self.bots:
            seats = [(r, s) for r in self.results for s, name in enumerate(r.lineup) if name == bot]
            decisions = sum(r.decisions[s] for r, s in seats)
            places = [(m, s) for m in met for s, name in enumerate(m.lineup) if name == bot]
            # A win is first place; a tie for first shares it.
            wins = sum(1 / m.ranks.count(1) for m, s in places if m.ranks[s] == 1)
            per_bot[bot] = {
                "seats": len(seats),
                "win_share": wins / len(places) if places else 0.0,
                "mean_rank": statistics.fmean(m.ranks[s] for m, s in places) if places else 0.0,
                "mean_score": statistics.fmean(r.scores[s] for r, s in seats) if seats else 0.0,
                "seconds_per_decision": (
                    sum(r.seconds[s] for r, s in seats) / decisions if decisions else 0.0
                ),
                "slowest_decision": max((r.slowest[s] for r, s in seats), default=0.0),
            }
        return {
            "game": self.game,
            "players": n,
            "options": dict(self.options),
            "bots": list(self.bots),
            "rounds": self.rounds,
            "games": len(self.results),
            "seed": self.seed,
            "per_bot": per_bot,
            "pairwise": [p.__dict__ for p in table],
            "ratings": [
                {"bot": r.bot, "elo": r.elo, "error": r.error} for r in ratings(table, self.bots)
            ],
        }


def _play(args: tuple[str, Mapping[str, Any], int, tuple[str, ...], int, int]) -> GameResult:
    game, options, seed, lineup, index, base = args
    return play_game(game, options, seed, lineup, index=index, bot_seed_base=base)


def run_tournament(
    tournament: Tournament,
    workers: int = 1,
    progress: Callable[[GameResult], None] | None = None,
    *,
    backend: str = "local",
    address: str | None = None,
) -> Tournament:
    """Play every planned game; the results are the same whatever the number of workers
    or the backend (bots with a time budget aside: how far they search depends on the
    machine)."""
    jobs = [
        (tournament.game, tournament.options, seed, lineup, index, tournament.seed)
        for index, seed, lineup in tournament.plan()
    ]
    results: list[GameResult] = []
    for result in run_jobs(_play, jobs, workers=workers, backend=backend, address=address):
        results.append(result)
        if progress:
            progress(result)
    tournament.results = results
    return tournament


def markdown(summary: Mapping[str, Any]) -> str:
    """The tables of a tournament summary, in Markdown."""
    bots = summary["bots"]
    alone = summary["players"] == 1
    table = "each bot alone on every deal, met deal by deal" if alone else "every seating"
    n, many = summary["players"], len(bots)
    if 3 <= n <= many and summary["games"] == summary["rounds"] * math.comb(many, n) * n:
        table = "every rotation of one order round the table"  # (tournaments before both ways)
    lines = [
        f"**{summary['game']}**, {plural(summary['players'], 'player')}, {summary['games']} games "
        f"({summary['rounds']} rounds × {table}; seed {summary['seed']}).",
        "",
        "| bot | Elo (mean 0), 95% | win share | mean rank | mean score | s/decision | slowest s |",
        "|---|---|---|---|---|---|---|",
    ]
    # Fitted afresh from the pairwise scores, so summaries written before the ratings were
    # Bradley–Terry's read the same way.
    pairings = [Pairing(**p) for p in summary["pairwise"]]
    for r in ratings(pairings, bots):
        b = summary["per_bot"][r.bot]
        score = f"{b['mean_score']:.2f}" if "mean_score" in b else "—"  # not kept before
        lines.append(
            f"| `{r.bot}` | {r.elo:+.0f} ± {r.error:.0f} "
            f"| {b['win_share']:.1%} | {b['mean_rank']:.2f} | {score} "
            f"| {b['seconds_per_decision']:.3f} | {b['slowest_decision']:.2f} |"
        )
    lines += [
        "",
        "Score of the row's bot against the column's (½ = even), with its 95% interval:",
        "",
        "| | " + " | ".join(f"`{b}`" for b in bots) + " |",
        "|---|" + "---|" * len(bots),
    ]
    cell = {(p["a"], p["b"]): p for p in summary["pairwise"]}
    for a in bots:
        row = [
            "—"
            if a == b
            else f"{cell[a, b]['score']:.2f} [{cell[a, b]['low']:.2f}, {cell[a, b]['high']:.2f}]"
            for b in bots
        ]
        lines.append(f"| `{a}` | " + " | ".join(row) + " |")
    return "\n".join(lines) + "\n"
