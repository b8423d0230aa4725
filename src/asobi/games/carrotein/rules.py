"""星をなくしたキャロテイン (Carrotein, who lost the stars): the rules as a state machine.

A round (ラウンド) is scatter time (散らかしタイム: place a chip or pass, until one player is
left, the challenger), constellation time (星座作成タイム: the challenger chooses two boards,
then lays them; the judge decides) and clean-up (後片付けタイム). Everything is public;
the only chance is who starts ("ジャンケンなど"), drawn from the seed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Any, Self

import numpy as np
from numpy.typing import NDArray

from asobi.core.actions import Action
from asobi.core.errors import IllegalAction
from asobi.core.events import Event, public
from asobi.core.protocol import Outcome, StartPlayerOptions, State, copy_rng
from asobi.core.turns import NOBODY, just, next_seat
from asobi.games.carrotein import scoring
from asobi.games.carrotein.actions import (
    PASS,
    CarroteinAction,
    Choose,
    Lay,
    Pass,
    Place,
    grid_spots,
)
from asobi.games.carrotein.sky import Board, Pose, Sky, Verdict, chip_refusal, default_sky, judge
from asobi.games.carrotein.solver import Attempt, placement

if TYPE_CHECKING:
    from asobi.games.carrotein.views import ChallengeView, ChipView

CHIPS_EACH = 10  # 星チップ 60 = 6 colours × 10
COLOURLESS = 10  # 無色の星チップ
# The rulebook does not name its six colours; the first star is yellow, so no seat is.
COLOURS: tuple[tuple[str, str], ...] = (
    ("red", "赤"),
    ("blue", "青"),
    ("green", "緑"),
    ("purple", "紫"),
    ("orange", "橙"),
    ("pink", "桃"),
)
FIRST_STAR = "first"  # いちばん星チップ
CLEAR = "colourless"  # 無色の星チップ
# The lay the legal list offers (ruling 8: a board may lie anywhere): the two boards side by
# side across the mat's middle, unturned. They cannot overlap (their centres lie 350 mm
# apart; no board reaches 120 mm from its centre), both poses are on the RL coding's grid,
# and the judge decides what they hide like any other lay.
APART = Lay(Pose(125.0, 225.0, 0.0), Pose(475.0, 225.0, 0.0))
NEW_MAT: tuple[int, NDArray[np.bool_]] = (0, np.zeros(0, dtype=np.bool_))  # (no spot worked out)
CLOSE_CALL = 1e-6  # mm: a spot this near touching is left to chip_refusal to decide
FAR_OFF = 100_000.0  # mm (and degrees): a board's pose is a finite number below this


class CarroteinOptions(StartPlayerOptions):
    """``players``: 2–6, each with the ten chips of a colour (seat 0 red, 1 blue, ...)."""

    players: int = 3


@dataclass(frozen=True, slots=True)
class Chip:
    """A chip on the mat: its centre, and its kind: a colour, ``first`` or ``colourless``."""

    x: float
    y: float
    kind: str

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x, self.y)


class Phase(StrEnum):
    SCATTER = "scatter"  # 散らかしタイム
    CHOOSE = "choose"  # 星座作成タイム 1: choose two boards
    LAY = "lay"  # 星座作成タイム 2: lay them
    OVER = "over"


@dataclass(frozen=True)
class Challenge:
    """A finished challenge, as everyone saw it judged."""

    round: int
    challenger: int
    boards: tuple[str, str]
    poses: tuple[Pose, Pose]
    chips: tuple[Chip, ...]
    verdict: Verdict
    scored: tuple[int, ...]  # chips each seat scored
    _json: ChallengeView | None = field(default=None, compare=False, repr=False)

    def to_json(self) -> ChallengeView:
        """The challenge as views and events show it: worked out once (every view of the
        rest of the game lists it), so a reader must not change it."""
        if self._json is None:
            object.__setattr__(self, "_json", self._as_json())
        assert self._json is not None
        return self._json

    def _as_json(self) -> ChallengeView:
        return {
            "round": self.round,
            "challenger": self.challenger,
            "boards": list(self.boards),
            "poses": [p.to_json() for p in self.poses],
            "chips": [chip_json(c) for c in self.chips],
            "hidden": list(self.verdict.hidden),
            "shown": self.verdict.shown,
            "success": self.verdict.success,
            "scored": list(self.scored),
        }


def chip_json(chip: Chip) -> ChipView:
    return {"x": chip.x, "y": chip.y, "kind": chip.kind}


class CarroteinState(State):
    """The table: the mat's chips (the first star first), the boards still on the mat, and
    what each seat has scored."""

    def __init__(self, options: CarroteinOptions, rng: random.Random) -> None:
        self.options = options
        self.rng = rng
        self.sky: Sky = default_sky()
        self._spots = _grid(self.sky)  # the chip spots offered, and their (x, y) (mm)
        n = options.players
        self.colours = tuple(c for c, _ in COLOURS[:n])
        # Colours nobody plays, then the colourless chips: a seat out of its own may use them.
        self.spares: tuple[str, ...] = (
            *(c for c, _ in COLOURS[n:] for _ in range(CHIPS_EACH)),
            *([CLEAR] * COLOURLESS),
        )
        self.boards: list[str] = [b.id for b in self.sky.boards]  # still on the mat
        self.won: list[list[str]] = [[] for _ in range(n)]  # boards scored
        self.scored = [0] * n  # own chips scored (turned over)
        self.chips: list[Chip] = []
        self.passed: set[int] = set()
        self.round = 0
        self.first = 0  # who starts this round
        self.turn = 0
        self.phase = Phase.SCATTER
        self.chosen: tuple[str, str] | None = None
        self.challenges: list[Challenge] = []
        self.result: Outcome | None = None
        self._attempt: Attempt | None = None  # the solver's lay for the challenger (cached)
        # The legal list by seat, until the next move: a bot's decision, the RL mask and the
        # front ends all ask for it, and the open spots take a grid's distances to work out.
        self._legal: dict[int, list[CarroteinAction]] = {}
        # The open grid spots (``open_mask``) and how many of the mat's chips they allow for.
        self._open: tuple[int, NDArray[np.bool_]] = NEW_MAT
        self._kinds: tuple[int, Counter[str]] = (0, Counter())  # (``on_mat``) the same way
        self._spare_kinds = tuple(Counter(self.spares).items())  # in the box's order

    # --- protocol -------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.options.players

    def active_seats(self) -> frozenset[int]:
        return NOBODY if self.phase is Phase.OVER else just(self.turn)

    def legal_actions(self, seat: int) -> list[CarroteinAction]:  # type: ignore[override]
        listed = self._legal.get(seat)
        if listed is None:
            listed = self._legal[seat] = self._list_legal(seat)
        return list(listed)

    def _list_legal(self, seat: int) -> list[CarroteinAction]:
        if seat not in self.active_seats():
            return []
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

    def open_spots(self) -> list[Place]:
        """The grid spots where a chip may lie now (any other legal spot may be played)."""
        spots, _ = self._spots
        return [spots[i] for i in np.flatnonzero(self.open_mask()).tolist()]

    def open_mask(self) -> NDArray[np.bool_]:
        """Which grid spots are open, in the grid's order (read only). Kept between moves
        and brought up to date with the chips placed since: a chip only closes spots."""
        seen, mask = self._open
        if seen == 0 or seen > len(self.chips):
            seen, mask = 0, np.ones(len(self._spots[0]), dtype=np.bool_)
        if seen < len(self.chips):
            mask = mask & self._clear_of(self.chips[seen:])
            mask.flags.writeable = False
            self._open = (len(self.chips), mask)
        return mask

    def _clear_of(self, chips: list[Chip]) -> NDArray[np.bool_]:
        """The grid spots a chip may lie on with ``chips`` on the mat (and nothing else)."""
        spots, xy = self._spots
        centres = np.array([c.centre for c in chips])
        gaps = np.hypot(*(xy[:, None, :] - centres[None, :, :]).transpose(2, 0, 1)).min(axis=1)
        # numpy's distances settle the clear cases; chip_refusal, the rule, the close calls.
        touch = 2 * self.sky.chip_radius
        clear: NDArray[np.bool_] = gaps > touch + CLOSE_CALL
        for i in np.flatnonzero(~clear & (gaps > touch - CLOSE_CALL)).tolist():
            refusal = chip_refusal(self.sky, spots[i].x, spots[i].y, [c.centre for c in chips])
            clear[i] = refusal is None
        return clear

    def solver_lay(self) -> Lay:
        """The game's solver's placement of the chosen boards, on request: the RL coding's
        ``SOLVER`` choice and the front ends' hint (``views.insight``). Seconds of work on a
        crowded mat, so no rule and no legal list asks for it."""
        attempt = self.attempt()
        return Lay(*attempt.poses)

    def attempt(self) -> Attempt:
        """The solver's best placement of the chosen boards for the challenger (its own chips
        left out rather than others'), worked out once per challenge."""
        assert self.chosen is not None
        if self._attempt is None:
            a, b = (self.sky.board(i) for i in self.chosen)
            self._attempt = placement(self.sky, self.centres(), self.weights(self.turn), a, b)
        return self._attempt

    def centres(self) -> list[tuple[float, float]]:
        return [c.centre for c in self.chips]

    def weights(self, challenger: int) -> list[float]:
        """How much the challenger gains from a chip left out: its own scores for it, another
        player's scores for them."""
        return [
            1.0 if self.owner(c) == challenger else -1.0 if self.owner(c) is not None else 0.0
            for c in self.chips
        ]

    def owner(self, chip: Chip) -> int | None:
        """The seat whose colour the chip is; None for the first star, colourless chips and
        colours nobody plays ("誰の色でもないので得点に変えることができません")."""
        try:
            return self.colours.index(chip.kind)
        except ValueError:
            return None

    def in_hand(self, seat: int) -> int:
        """Own chips still at hand: ten, less those scored and those on the mat."""
        return CHIPS_EACH - self.scored[seat] - self.on_mat()[self.colours[seat]]

    def on_mat(self) -> Counter[str]:
        """The chips on the mat by kind (read only). Kept between moves and brought up to
        date with the chips placed since, as the open spots are."""
        seen, kinds = self._kinds
        if seen == 0 or seen > len(self.chips):
            seen, kinds = 0, Counter()
        if seen < len(self.chips):
            kinds = kinds + Counter(c.kind for c in self.chips[seen:])
            self._kinds = (len(self.chips), kinds)
        return kinds

    def spares_left(self) -> list[str]:
        """Spare chips still in the box (unused colours first, then colourless)."""
        on_mat = self.on_mat()
        return [kind for kind, n in self._spare_kinds for _ in range(n - on_mat[kind])]

    def next_chip(self, seat: int) -> str | None:
        """The chip ``seat`` would place: its own colour, else a spare (ruling), else None."""
        if self.in_hand(seat) > 0:
            return self.colours[seat]
        on_mat = self.on_mat()
        # The first spare kind (in the box's order) with more in the box than on the mat.
        return next((k for k, n in self._spare_kinds if n > on_mat[k]), None)

    def check(self, seat: int, action: Any) -> None:
        rule, reason = self._why_not(seat, action)
        if rule:
            raise IllegalAction(rule, reason)

    def _why_not(self, seat: int, action: Any) -> tuple[str, str]:
        """The rule that forbids ``action`` now, or ("", "")."""
        phase = self.phase
        if isinstance(action, Pass | Place) and phase is not Phase.SCATTER:
            return "散らかしタイム", "chips are placed (or passes made) only in scatter time"
        if isinstance(action, Place):
            if self.next_chip(seat) is None:
                return (
                    "例外処理: 星チップが尽きた場合",
                    "you have no chip left to place (nor any spare): you must pass",
                )
            spot = _spot_numbers(self._spots[0]).get(action)
            if spot is not None and self.open_mask()[spot]:
                return "", ""  # an open grid spot (the same rule, already asked of it)
            refusal = chip_refusal(self.sky, action.x, action.y, self.centres())
            return (refusal.rule, refusal.reason) if refusal else ("", "")
        if isinstance(action, Pass):
            return "", ""
        if isinstance(action, Choose):
            if phase is not Phase.CHOOSE:
                return "星座作成タイム 1", "boards are chosen once, by the challenger, first"
            for board in (action.first, action.second):
                if board not in self.boards:
                    where = "scored by a player" if self._known(board) else "not a board"
                    return "星座作成タイム 1", f"{board!r} is {where}; on the mat: {self.boards}"
            if action.first == action.second:
                return "星座作成タイム 1", "choose two different boards"
            return "", ""
        if isinstance(action, Lay):
            if phase is not Phase.LAY:
                return "星座作成タイム 2", "boards are laid after the two are chosen"
            for pose in (action.first, action.second):
                if not all(abs(v) < FAR_OFF for v in (pose.x, pose.y, pose.angle)):
                    return "星座作成タイム 2", f"a board lies on the table: {pose.encode()}"
            try:
                self._judge(action)
            except IllegalAction as exc:
                return exc.rule, exc.reason
            return "", ""
        return "actions", f"{action!r} is not a Carrotein action"

    def _known(self, board: str) -> bool:
        return any(b.id == board for b in self.sky.boards)

    def _judge(self, action: Lay) -> Verdict:
        assert self.chosen is not None
        placements: list[tuple[Board, Pose]] = [
            (self.sky.board(self.chosen[0]), action.first),
            (self.sky.board(self.chosen[1]), action.second),
        ]
        return judge(self.sky, self.centres(), placements)

    def resolve(self, seat: int, action: Any) -> list[Event]:
        self._legal = {}
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
        self.chips.append(Chip(action.x, action.y, kind))
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
        self.chips = [Chip(*self.sky.middle, FIRST_STAR)]
        self._open, self._kinds = NEW_MAT, (0, Counter())  # worked out from the start
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
        self.chips = [Chip(*self.sky.middle, FIRST_STAR)]
        self._open, self._kinds = NEW_MAT, (0, Counter())  # worked out from the start
        self.passed = set()
        self.chosen = None
        self._attempt = None
        self.phase = Phase.SCATTER
        return [public("round", first, round=self.round)]

    def outcome(self) -> Outcome | None:
        return self.result

    # --- views ----------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        from asobi.games.carrotein.views import view_of

        return dict(view_of(self, seat))

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        """Nothing is hidden in Carrotein: every world is the table itself."""
        return self.clone()

    def take_back_rule(self, seat: int, action: Action) -> str | None:
        if isinstance(action, Choose):
            return "the boards chosen are final: 選んだ【星座ボード】は…変更することはできません"
        return None

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.rng = copy_rng(self.rng)
        other.boards = list(self.boards)
        other.won = [list(w) for w in self.won]
        other.scored = list(self.scored)
        other.chips = list(self.chips)
        other.passed = set(self.passed)
        other.challenges = list(self.challenges)
        other._legal = {}
        other._kinds = (self._kinds[0], self._kinds[1].copy())
        return other

    # --- accounting -----------------------------------------------------------------------
    def chip_count(self) -> dict[str, int]:
        """Every chip wherever it is, by kind (at hand, on the mat, scored, in the box)."""
        count: dict[str, int] = {}
        for c in self.chips:
            count[c.kind] = count.get(c.kind, 0) + 1
        for seat, colour in enumerate(self.colours):
            count[colour] = count.get(colour, 0) + self.in_hand(seat) + self.scored[seat]
        for kind in self.spares_left():
            count[kind] = count.get(kind, 0) + 1
        return count


@cache
def _grid(sky: Sky) -> tuple[tuple[Place, ...], NDArray[np.float64]]:
    """The chip spots offered, and their (x, y) (read only: every game of the sky shares them)."""
    spots = tuple(grid_spots(sky.width, sky.height, sky.chip_radius))
    xy = np.array([(p.x, p.y) for p in spots], dtype=float)
    xy.flags.writeable = False
    return spots, xy


_NUMBERS: dict[int, tuple[tuple[Place, ...], dict[Place, int]]] = {}


def _spot_numbers(spots: tuple[Place, ...]) -> dict[Place, int]:
    """Each grid spot's place in the grid (kept by the grid itself: hashing a sky to find it
    in a cache would cost more than the look-up saves)."""
    kept = _NUMBERS.get(id(spots))
    if kept is None or kept[0] is not spots:
        kept = _NUMBERS[id(spots)] = (spots, {spot: i for i, spot in enumerate(spots)})
    return kept[1]


def new_state(
    options: CarroteinOptions, seed: int, setup: Mapping[str, Any] | None = None
) -> CarroteinState:
    """ゲームの準備, or a scenario (see ``scenarios.py``)."""
    state = CarroteinState(options, random.Random(seed))
    start = options.start_player
    first = start if start is not None else state.rng.randrange(options.players)
    state._new_round(first)
    if setup is not None:
        from asobi.games.carrotein.scenarios import apply_setup

        apply_setup(state, setup)
    return state
