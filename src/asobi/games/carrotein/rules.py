"""星をなくしたキャロテイン (Carrotein, who lost the stars): the rules as a state machine.

A round (ラウンド) is scatter time (散らかしタイム: place a chip or pass, until one player is
left, the challenger), constellation time (星座作成タイム: the challenger chooses two boards,
then lays them; the judge decides) and clean-up (後片付けタイム). Everything is public;
the only chance is who starts ("ジャンケンなど"), drawn from the seed.

The table itself (the chips, the boards, what each seat holds) is ``state.py``'s; this
module adds the rules to it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from itertools import combinations
from typing import Any, Self

from asobi.core.actions import Action
from asobi.core.errors import IllegalAction
from asobi.core.events import Event, public
from asobi.core.protocol import Chance, Outcome
from asobi.core.turns import NOBODY, just, next_seat
from asobi.core.words import Words
from asobi.games.carrotein import scoring
from asobi.games.carrotein.actions import PASS, CarroteinAction, Choose, Lay, Pass, Place
from asobi.games.carrotein.scenarios import apply_setup
from asobi.games.carrotein.sky import Board, Pose, Verdict, chip_refusal, judge
from asobi.games.carrotein.state import (
    FIRST_STAR,
    CarroteinOptions,
    CarroteinState,
    Challenge,
    Chip,
    Phase,
)
from asobi.games.carrotein.views import view_of

# The lay the legal list offers (ruling 8: a board may lie anywhere): the two boards side by
# side across the mat's middle, unturned. They cannot overlap (their centres lie 350 mm
# apart; no board reaches 120 mm from its centre), both poses are on the RL coding's grid,
# and the judge decides what they hide like any other lay.
APART = Lay(Pose(125.0, 225.0, 0.0), Pose(475.0, 225.0, 0.0))
FAR_OFF = 100_000.0  # mm (and degrees): a board's pose is a finite number below this
LEGAL = Words("", "")  # no reason to refuse: the move is legal


class CarroteinRules(CarroteinState):
    """Carrotein: who acts, what they may do, and what each move does to the table."""

    # --- who acts, and what they may do -----------------------------------------------------
    def who_acts(self) -> frozenset[int]:
        return NOBODY if self.phase is Phase.OVER else just(self.turn)

    def list_legal(self, seat: int) -> list[CarroteinAction]:
        if self.phase is Phase.SCATTER:
            if self.next_chip(seat) is None:
                return [PASS]  # "自分が置ける…星チップが手元からなくなる": nothing to place
            return [PASS, *self.open_spots()]
        if self.phase is Phase.CHOOSE:
            return [Choose(a, b) for a, b in combinations(self.boards, 2)]
        # Any lay of the two boards that do not overlap is legal, and the judge decides it;
        # the list holds one that needs no search. Finding a good one is the challenger's
        # job (a bot's search, the front ends' hint: ``solver_lay``), not the rules'.
        return [APART]

    def check(self, seat: int, action: Action) -> None:
        rule, reason = self._why_not(seat, action)
        if rule:
            # ("actions": an object that is no Carrotein action; the other rules are named in
            # the rulebook's Japanese already)
            rule_ja = "ルール" if rule == "actions" else rule
            raise IllegalAction(rule, reason.en, ja=reason.ja, rule_ja=rule_ja)

    def _why_not(self, seat: int, action: Action) -> tuple[str, Words]:
        """The rule that forbids ``action`` now and why, in both languages; or ("", LEGAL)."""
        phase = self.phase
        if isinstance(action, Pass | Place) and phase is not Phase.SCATTER:
            return "散らかしタイム", Words(
                "chips are placed (or passes made) only in scatter time",
                "星チップを置く(かパスする)のは散らかしタイムだけです",
            )
        if isinstance(action, Place):
            if self.next_chip(seat) is None:
                return "例外処理: 星チップが尽きた場合", Words(
                    "you have no chip left to place (nor any spare): you must pass",
                    "置ける星チップがありません(予備もありません):パスします",
                )
            if self.on_open_spot(action):
                return "", LEGAL  # an open grid spot (the same rule, already asked of it)
            refusal = chip_refusal(self.sky, action.x, action.y, self.centres())
            if refusal is None:
                return "", LEGAL
            return refusal.rule, Words(refusal.reason, refusal.ja or refusal.reason)
        if isinstance(action, Pass):
            return "", LEGAL
        if isinstance(action, Choose):
            if phase is not Phase.CHOOSE:
                return "星座作成タイム 1", Words(
                    "boards are chosen once, by the challenger, first",
                    "星座ボードを選ぶのは挑戦プレイヤーで、最初に1回だけです",
                )
            for board in (action.first, action.second):
                if board not in self.boards:
                    known = self._known(board)
                    where = "scored by a player" if known else "not a board"
                    where_ja = (
                        "もう誰かが獲得した星座ボード" if known else "星座ボードではありません"
                    )
                    return "星座作成タイム 1", Words(
                        f"{board!r} is {where}; on the mat: {self.boards}",
                        f"{board!r}は{where_ja}。夜空のマットにあるのは:{'、'.join(self.boards)}",
                    )
            if action.first == action.second:
                return "星座作成タイム 1", Words(
                    "choose two different boards", "違う星座ボードを2枚選びます"
                )
            return "", LEGAL
        if isinstance(action, Lay):
            if phase is not Phase.LAY:
                return "星座作成タイム 2", Words(
                    "boards are laid after the two are chosen",
                    "星座ボードを置くのは2枚を選んだ後です",
                )
            for pose in (action.first, action.second):
                if not all(abs(v) < FAR_OFF for v in (pose.x, pose.y, pose.angle)):
                    return "星座作成タイム 2", Words(
                        f"a board lies on the table: {pose.encode()}",
                        f"星座ボードはテーブルの上にあります:{pose.encode()}",
                    )
            try:
                self._judge(action)
            except IllegalAction as exc:
                reason, _ = exc.said("ja")
                return exc.rule, Words(exc.reason, reason)
            return "", LEGAL
        return "actions", Words(
            f"{action!r} is not a Carrotein action", f"{action!r}はキャロテインの手ではありません"
        )

    def _known(self, board: str) -> bool:
        return any(b.id == board for b in self.sky.boards)

    def _judge(self, action: Lay) -> Verdict:
        """The judge's verdict on ``action`` (``IllegalAction`` if the boards overlap), kept
        with the question it answers (the boards, the chips, the lay): ``check`` asks it, and
        the challenge then scores the same question."""
        assert self.chosen is not None
        question = (self.chosen, tuple(self.chips), action)
        if self._judged is not None and self._judged[0] == question:
            return self._judged[1]
        placements: list[tuple[Board, Pose]] = [
            (self.sky.board(self.chosen[0]), action.first),
            (self.sky.board(self.chosen[1]), action.second),
        ]
        verdict = judge(self.sky, self.centres(), placements)
        self._judged = (question, verdict)
        return verdict

    # --- the one place the state changes ----------------------------------------------------
    def carry_out(self, seat: int, action: CarroteinAction) -> list[Event]:
        if isinstance(action, Place):
            return self._place(seat, action)
        if isinstance(action, Pass):
            return self._pass(seat)
        if isinstance(action, Choose):
            self.chosen = (action.first, action.second)
            self.phase = Phase.LAY
            self._attempt = None
            return [public("choose", seat, boards=[action.first, action.second])]
        assert isinstance(action, Lay)
        return self._challenge(seat, action)

    # --- scatter time ---------------------------------------------------------------------
    def _place(self, seat: int, action: Place) -> list[Event]:
        kind = self.next_chip(seat)
        assert kind is not None
        self.put_on_mat(Chip(action.x, action.y, kind))
        events = [public("place", seat, x=action.x, y=action.y, chip=kind)]
        return events + self._next_turn(seat)

    def _pass(self, seat: int) -> list[Event]:
        self.passed.add(seat)
        events = [public("pass", seat)]
        left = [s for s in range(self.players) if s not in self.passed]
        if len(left) == 1:  # "誰かひとりを残して他の全てのプレイヤーが【パス】を宣言した場合"
            self.turn = left[0]
            self.phase = Phase.CHOOSE
            return [*events, public("challenger", left[0])]
        return events + self._next_turn(seat)

    def _next_turn(self, seat: int) -> list[Event]:
        nxt = next_seat(seat, self.players)
        while nxt in self.passed:
            nxt = next_seat(nxt, self.players)
        self.turn = nxt
        return []

    # --- constellation time ---------------------------------------------------------------
    def _challenge(self, seat: int, action: Lay) -> list[Event]:
        assert self.chosen is not None
        verdict = self._judge(action)
        gained = scoring.challenge_gains(self, seat, verdict)
        for s, k in enumerate(gained):
            self.scored[s] += k
        if verdict.success:  # the boards leave the mat for the challenger's hand
            self.won[seat].extend(self.chosen)
            self.boards = [b for b in self.boards if b not in self.chosen]
        done = Challenge(
            self.round,
            seat,
            self.chosen,
            (action.first, action.second),
            tuple(self.chips),
            verdict,
            tuple(gained),
        )
        self.challenges.append(done)
        events = [public("challenge", seat, **done.to_json())]
        # 後片付けタイム: the chips go back (the scored ones turned over, the rest to hand),
        # the first star to the centre; the challenge keeps the picture of the mat.
        self.clear_mat()
        self.put_on_mat(Chip(*self.sky.middle, FIRST_STAR))
        reason = scoring.end_reason(self)
        if reason:
            self.phase = Phase.OVER
            self.result = scoring.outcome(self, reason)
            return [*events, public("game_over", None, **self.result.to_json())]
        return events + self._new_round(next_seat(seat, self.players))

    # --- rounds ---------------------------------------------------------------------------
    def _new_round(self, first: int) -> list[Event]:
        """A round on a cleared mat (the first star at its centre); after a challenge, the
        player after the challenger starts ("挑戦プレイヤーの左隣")."""
        self.round += 1
        self.first = self.turn = first
        self.clear_mat()
        self.put_on_mat(Chip(*self.sky.middle, FIRST_STAR))
        self.passed = set()
        self.chosen = None
        self._attempt = None
        self.phase = Phase.SCATTER
        return [public("round", first, round=self.round)]

    def outcome(self) -> Outcome | None:
        return self.result

    # --- views ----------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return dict(view_of(self, seat))

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        """Nothing is hidden in Carrotein: every world is the table itself."""
        return self.clone()

    def take_back_rule(self, seat: int, action: Action) -> Words | None:
        if isinstance(action, Choose):
            return Words(
                "the boards chosen are final (選んだ【星座ボード】は…変更することはできません)",
                "選んだ【星座ボード】は…変更することはできません",
            )
        return None


def new_state(
    options: CarroteinOptions, seed: int, setup: Mapping[str, Any] | None = None
) -> CarroteinRules:
    """ゲームの準備, or a scenario (see ``scenarios.py``)."""
    state = CarroteinRules(options, Chance(seed))
    start = options.start_player
    first = start if start is not None else state.rng.randrange(options.players)
    state._new_round(first)
    if setup is not None:
        apply_setup(state, setup)
    return state
