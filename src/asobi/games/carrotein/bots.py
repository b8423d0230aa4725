"""Carrotein's solver bots, at three skill levels: ``perfect``, ``good_eye`` and ``beginner``
(``greedy``, the default opponent, is ``perfect``).

They read only ``decision.view`` (the chips on the mat, the boards left, who has passed) and
``decision.legal``; there is nothing hidden to cheat with anyway. Each level differs in how
finely its solver looks (:class:`~asobi.games.carrotein.solver.Eye`) and how many spots it
weighs; its own seeded ``random.Random`` picks the spots to weigh.

What they think
---------------
**Scatter time** (散らかしタイム). "自分の目測だと星座が作れるけど他の人は星座が作れないと
判断するであろう位置に置く": if its solver finds no two boards that hide the mat as it is, the
bot passes — whoever is left will fail, and failing would score for the others. Otherwise it
weighs a few open spots near the stars (closest first, a few random ones besides) and places
its chip on the first where the pair of boards that succeeds now still succeeds; if no spot
it weighs keeps the sky solvable, it passes rather than spoil it for itself.

**Constellation time** (星座作成タイム). It chooses the pair of boards its solver succeeds
with (leaving out its own chips rather than another's), else the pair that comes closest,
and lays them where its solver put them (the game's legal list offers only the boards laid
apart: finding a placement is the challenger's own work).

**Levels.** ``perfect`` looks with the game's own solver and weighs 6 spots. ``good_eye``
sees only a coarse search (15° turns, 4 mm cells): it passes on skies it cannot read and
weighs 4 spots. ``beginner`` looks coarser still (45°, 6 mm) and, one time in three, puts
its chip down anywhere without looking.

**In a hurry** (``perfect:seconds=0.75``, the ``hard`` level). A bot given a time budget
first looks as it would with all the time in the world, with its own eye, for the first
three quarters of the budget: most decisions take less, and then it moves exactly as the
untimed bot does. Cut short, it looks again with ``good_eye``'s coarse eye in the time left
(for the sky as it is, or for the spots it had not weighed yet): a coarse success is a real
one (the judge checks it) found in a fraction of the time. Out of time as a challenger, it
chooses its best pair so far. Out of time in scatter time on a sky it knows it can do, it
does not pass, which would hand that sky to the players left: it places its chip where the
boards that do the sky now already hide it, so the sky stays done (though such a chip seldom
scores for its owner). Out of time without knowing whether the sky can be done, it does not
pass either: it places its chip nearest the stars' middle. Answers found before, by any bot
or the game's own solver in the process, are taken as they are (the same as its own search
would give), so a sky seen before costs it nothing.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from asobi.core.actions import Action
from asobi.core.bots import Decision, no_more_params, take_param
from asobi.core.errors import InvalidBot
from asobi.games.carrotein.actions import PASS, Choose, Lay, Place
from asobi.games.carrotein.sky import Board, Pose, default_sky, judge
from asobi.games.carrotein.solver import (
    BEGINNER,
    GOOD_EYE,
    PERFECT,
    Attempt,
    Eye,
    Solver,
    prepare,
    shared_answers,
    shared_memo,
)
from asobi.games.carrotein.views import CarroteinView, read_view, weight

OWN_SHARE = 0.75  # of a hurried bot's budget, for its own eye (the rest: the coarse eye's)


class SolverBot:
    def __init__(
        self,
        name: str,
        eye: Eye,
        spots: int,
        careless: float = 0.0,
        seed: int = 0,
        seconds: float | None = None,
    ) -> None:
        self.name = name
        self.seconds = seconds  # a time budget a decision (hard level): its best by then
        # In a hurry, look with the bot's own eye first, as with all the time in the world,
        # and with the coarse good eye only in the time left when that was cut short: the
        # hard skies are the ones that decide a round, and only the own eye reads them as
        # the game's solver (which lays the boards) will. (Only an eye finer than the good
        # eye's: a beginner in a hurry sees no better.)
        hurried = seconds is not None and eye.cell < GOOD_EYE.cell
        self.eyes = (eye, GOOD_EYE) if hurried else (eye,)
        self._deadlines: dict[Eye, float] = {}  # each eye's, in this decision
        self.last_eye: Eye | None = None  # whose answer the last look took (for benchmarks)
        self.sky = default_sky()
        # Every board's bitmaps now (some seconds, once a process), not in a first decision.
        for each in self.eyes:
            prepare(self.sky, each)
        # Refinements shared by the bot's solvers: weighing a spot is the sky of a moment
        # ago and one chip more, and most of its refinements were made then (and by every
        # bot of the process: the other bots of a game, the games before, ask the same).
        self.memos = {each: shared_memo(self.sky, each) for each in self.eyes}
        # Whole answers too: the same skies come back round after round, game after game.
        self.answers = shared_answers(self.sky)
        self.spots = spots
        self.careless = careless
        self.rng = random.Random(seed)

    def choose(self, decision: Decision) -> Action:
        legal = decision.legal
        view = read_view(decision.view)
        if len(legal) == 1 and view["phase"] != "lay":  # (a lay is never forced: see _lay)
            return legal[0]
        if self.seconds is not None:
            start = time.perf_counter()
            shares = [OWN_SHARE] * (len(self.eyes) - 1) + [1.0]  # the last eye: to the end
            self._deadlines = {
                eye: start + share * self.seconds
                for eye, share in zip(self.eyes, shares, strict=True)
            }
        if view["phase"] == "scatter":
            return self._scatter(decision.seat, view, legal)
        if view["phase"] == "choose":
            return self._choose(decision.seat, view, legal)
        return self._lay(decision.seat, view, legal)

    def _solver(
        self,
        seat: int,
        view: CarroteinView,
        eye: Eye,
        extra: Place | None = None,
        base: Solver | None = None,
    ) -> Solver:
        centres = [(c["x"], c["y"]) for c in view["chips"]]
        weights = [weight(seat, view, c["kind"]) for c in view["chips"]]
        if extra is not None:
            centres.append((extra.x, extra.y))
            mine = view["seats"][seat]["in_hand"] > 0
            weights.append(1.0 if mine else 0.0)
        deadline = self._deadlines.get(eye)
        return Solver(self.sky, centres, eye, weights, deadline, self.memos[eye], base)

    def _late(self, eye: Eye) -> bool:
        deadline = self._deadlines.get(eye)
        return deadline is not None and time.perf_counter() > deadline

    def _any_pair(self, seat: int, view: CarroteinView) -> Attempt | None:
        """The answer of the bot's own eye, or where that was cut short, the coarse eye's
        (a success, or its best attempt, both cut short)."""
        return self._look(seat, view)[0]

    def _look(
        self, seat: int, view: CarroteinView
    ) -> tuple[Attempt | None, dict[Eye, Solver], Eye]:
        """:meth:`_any_pair`, the solvers it asked (a spot's solver grows from them) and the
        eye whose answer it is."""
        found: Attempt | None = None
        solvers: dict[Eye, Solver] = {}
        for eye in self.eyes:
            solver = solvers[eye] = self._solver(seat, view, eye)
            found = self.answers.any_pair(solver, self._boards(view))
            if not solver.cuts or (found is not None and found.success):
                break  # an answer, not a search cut short
        self.last_eye = eye
        return found, solvers, eye

    def _boards(self, view: CarroteinView) -> list[Board]:
        return [self.sky.board(b) for b in view["boards"]]

    def _scatter(self, seat: int, view: CarroteinView, legal: Sequence[Action]) -> Action:
        spots = [a for a in legal if isinstance(a, Place)]
        if self.careless and self.rng.random() < self.careless:
            return self.rng.choice(spots)
        now, solvers, eye = self._look(seat, view)
        if now is None or not now.success:
            if solvers[eye].cuts and spots:
                # Out of time without an answer is not "nobody can": passing would hand a
                # sky that may well be done to the player left, so it plays on, its chip
                # where the stars stay closest together.
                return self._nearest(view, spots)[0]
            return PASS
        # The pair that does it now is the one to keep doing it with (weighing every pair
        # for every spot would cost the bot seconds a move).
        a, b = (self.sky.board(i) for i in now.boards)
        laid = list(zip((a, b), now.poses, strict=True))
        weighed = self._weighed(view, spots)
        eyes = list(self.eyes[self.eyes.index(eye) :])  # the coarse eye only after a cut
        while weighed:
            spot, eye = weighed[0], eyes[0]
            if self._late(eye):
                if len(eyes) == 1:
                    return self._hidden(view, spots, laid)
                eyes.pop(0)  # the spots not weighed yet, through the next eye
                continue
            if self._still_done(view, spot, laid):
                return spot
            # The sky with the spot is the sky now and one chip: its solver grows the
            # cells of the solver of now (made now if this eye did not look) by the chip's.
            if eye not in solvers:
                solvers[eye] = self._solver(seat, view, eye)
            solver = self._solver(seat, view, eye, spot, solvers[eye])
            if self.answers.pair(solver, a, b, any_success=True).success:
                return spot
            if not solver.cuts:
                weighed.pop(0)  # weighed, and it would spoil the sky
        return PASS  # (hiding the chip here instead changes the game: docs/strength.md)

    def _still_done(self, view: CarroteinView, spot: Place, laid: list[tuple[Board, Pose]]) -> bool:
        """Whether the boards, where they do the sky now, still do it with a chip at ``spot``:
        judged as the solver judges its own answers, in a third of a millisecond, where a
        search for the pair takes tenths of a second to find what is already at hand."""
        centres = [(c["x"], c["y"]) for c in view["chips"]]
        return judge(self.sky, [*centres, (spot.x, spot.y)], laid).success

    def _hidden(
        self, view: CarroteinView, spots: list[Place], laid: list[tuple[Board, Pose]]
    ) -> Action:
        """Out of time on a sky it can do: a spot the boards that do it now (``laid``) already
        hide (nearest the stars' middle first), where the sky stays done; else a pass. Such a
        chip seldom scores for its owner, but passing would hand the sky to the players left."""
        hidden = judge(self.sky, [(p.x, p.y) for p in spots], laid).hidden
        covered = [spot for spot, h in zip(spots, hidden, strict=True) if h]
        return self._nearest(view, covered)[0] if covered else PASS

    def _weighed(self, view: CarroteinView, spots: list[Place]) -> list[Place]:
        """The spots worth weighing: the nearest to the stars' middle, and a random few."""
        near = self._nearest(view, spots)
        half = self.spots // 2 or 1
        rest = near[half:]
        return near[:half] + self.rng.sample(rest, min(len(rest), self.spots - half))

    def _nearest(self, view: CarroteinView, spots: list[Place]) -> list[Place]:
        """``spots``, the nearest to the stars' middle first."""
        chips = view["chips"]
        mx = sum(c["x"] for c in chips) / len(chips)
        my = sum(c["y"] for c in chips) / len(chips)
        return sorted(spots, key=lambda p: math.hypot(p.x - mx, p.y - my))

    def _lay(self, seat: int, view: CarroteinView, legal: Sequence[Action]) -> Action:
        """Where its eye lays the chosen boards: as it planned when it chose them (the same
        question to its solver, answered from memory), else by a search for this pair."""
        chosen = view["chosen"]
        assert chosen is not None  # the lay step follows the choice
        planned = self._any_pair(seat, view)
        if planned is not None and sorted(planned.boards) == sorted(chosen):
            poses = planned.poses if list(planned.boards) == chosen else planned.poses[::-1]
            return Lay(*poses)
        a, b = (self.sky.board(i) for i in chosen)
        for eye in self.eyes:
            solver = self._solver(seat, view, eye)
            found = self.answers.pair(solver, a, b)
            if not solver.cuts or found.success:
                break
        return Lay(*found.poses)

    def _choose(self, seat: int, view: CarroteinView, legal: Sequence[Action]) -> Action:
        best = self._any_pair(seat, view)
        if best is not None:
            for action in legal:
                if isinstance(action, Choose) and {action.first, action.second} == set(best.boards):
                    return action
        return legal[0]


def _maker(name: str, eye: Eye, spots: int, careless: float = 0.0) -> Callable[..., SolverBot]:
    def make(seed: int, **params: str) -> SolverBot:
        seconds = take_param(params, "seconds", float, None)
        if seconds is not None and seconds <= 0:
            raise InvalidBot(f"{name} seconds={seconds:g}: a time budget is more than 0")
        no_more_params(name, params, "seconds (a time budget a decision)")
        return SolverBot(name, eye, spots, careless, seed, seconds)

    return make


BOTS: dict[str, Callable[..., SolverBot]] = {
    "perfect": _maker("perfect", PERFECT, 6),
    "good_eye": _maker("good_eye", GOOD_EYE, 4),
    "beginner": _maker("beginner", BEGINNER, 2, careless=1 / 3),
    "greedy": _maker("greedy", PERFECT, 6),
}
