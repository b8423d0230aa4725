"""It's Mine! (イッツマイン! / 双子姫と7つの鉱山): the basic rules and the simple variant.

References are to the rulebook (``shared/rulebooks/001_84159862272e4dbd.txt``): フェイズ1
(steps 1–3, 補足2–6), フェイズ2 (step 4), フェイズ3 (steps 5–6, 基本①–③, 特殊①②, 補足7,
レアなケース), 3枚ボーナス (補足8, 注意), 終わり (A, B), 勝敗 (4–7) and シンプル.
Rulings are in ``docs/rules/itsmine.md``.

The table itself (the options, the phases, the columns, the state's attributes) is
``state.py``'s; this module adds the rules to it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any, Self

from asobi.core.actions import Action
from asobi.core.cards import SEVEN, Card
from asobi.core.errors import IllegalAction
from asobi.core.events import Event, private, public
from asobi.core.protocol import Chance, Outcome
from asobi.core.turns import NOBODY, just
from asobi.games.itsmine import scoring
from asobi.games.itsmine.actions import (
    BIDS,
    DONE,
    FACES,
    KEEP,
    MINES,
    PASS,
    PLAYING_CARDS,
    PLAYS,
    REMOVE,
    SUIT_INDEX,
    TAKE,
    Bid,
    Bonus,
    Done,
    ItsMineAction,
    Pass,
    Play,
    Take,
)
from asobi.games.itsmine.scenarios import apply_setup
from asobi.games.itsmine.state import (
    BID_PHASE,
    BONUS_PHASE,
    OVER_PHASE,
    PLAY_PHASE,
    PLAY_TOGETHER_PHASE,
    TAKE_PHASE,
    ItsMineOptions,
    ItsMineState,
    accepts,
    direction,
)
from asobi.games.itsmine.views import determinize, view_of

BOTH = frozenset({0, 1})
BONUS_AT = 3  # 3枚ボーナス


# A card's place in the SEVEN deck's fixed order, as a sort key (a dict look-up: cheaper
# than calling SEVEN.index once per card).
deck_order = {card: i for i, card in enumerate(SEVEN.cards)}.__getitem__


def run_bounds(col: Sequence[Card]) -> tuple[int, int]:
    """Which runs of its suit a column takes (基本①②, 特殊①): laid upwards, a run whose
    lowest rank is above the first bound; laid downwards, one whose highest is below the
    second. An empty column takes either; one card, a run that moves away from it (the
    run's second card sets the direction, which its first must follow); a column with its
    direction, a run that goes on that way past its last card."""
    if not col:
        return 0, 99
    last = col[-1].rank
    if len(col) == 1:
        return last, last
    return (last, 0) if col[1].rank > col[0].rank else (99, last)


def legal_plays(hand: Sequence[Card], cols: Sequence[Sequence[Card]]) -> list[Play]:
    """Every play the hand can make (one card; 特殊① a run of one suit, up or down;
    特殊② one rank in several suits), each card respecting its column's direction."""
    ordered = sorted(hand, key=deck_order)
    singles = []
    for card in ordered:  # ``fits``, written out: this is the game's busiest loop
        col = cols[SUIT_INDEX[card.suit]]
        if len(col) < 2 or (col[1].rank > col[0].rank) == (card.rank > col[-1].rank):
            singles.append(card)
    plays = [PLAYS[(c,)] for c in singles]
    start, count = 0, len(ordered)
    while start < count - 1:  # runs: consecutive ranks of one suit, in the deck's order
        end = start + 1
        while (
            end < count
            and ordered[end].suit == ordered[end - 1].suit
            and ordered[end].rank == ordered[end - 1].rank + 1
        ):
            end += 1
        if end - start >= 2:
            up_above, down_below = run_bounds(cols[SUIT_INDEX[ordered[start].suit]])
            for i in range(start, end - 1):
                for j in range(i + 2, end + 1):
                    run = tuple(ordered[i:j])
                    if run[0].rank > up_above:
                        plays.append(PLAYS[run])
                    if run[-1].rank < down_below:
                        plays.append(PLAYS[run[::-1]])
        start = end
    if len({c.rank for c in singles}) < len(singles):  # one rank, different suits
        by_rank: dict[int, list[Card]] = {}
        for c in singles:  # each must fit its own column
            by_rank.setdefault(c.rank, []).append(c)
        for rank in sorted(by_rank):
            same = by_rank[rank]
            for size in range(2, len(same) + 1):
                plays += [PLAYS[combo] for combo in combinations(same, size)]
    return plays


class ItsMineRules(ItsMineState):
    """It's Mine!: who acts, what they may do, and what each move does to the table."""

    # --- who acts, and what they may do -----------------------------------------------
    def who_acts(self) -> frozenset[int]:
        phase = self.phase
        if phase is BID_PHASE:
            return self._uncommitted(self.bids)
        if phase is PLAY_TOGETHER_PHASE:
            return self._uncommitted(self.pending)
        if phase is TAKE_PHASE:
            return just(self.take_plan[0][0])
        if phase is PLAY_PHASE:
            return just(self.play_queue[0])
        if phase is BONUS_PHASE:
            return just(self.bonus_seat)
        return NOBODY

    @staticmethod
    def _uncommitted(commitments: Sequence[object]) -> frozenset[int]:
        if commitments[0] is None:
            return BOTH if commitments[1] is None else just(0)
        return just(1) if commitments[1] is None else NOBODY

    def list_legal(self, seat: int) -> list[ItsMineAction]:
        phase = self.phase
        if phase is BID_PHASE:
            return [BIDS[f] for f in FACES if f not in self.forbidden[seat]]
        if phase is TAKE_PHASE:
            takes: list[ItsMineAction] = [TAKE[c] for c in sorted(self.citizens, key=deck_order)]
            return [*takes, DONE] if self.take_must == 0 else takes
        if phase is BONUS_PHASE:
            return [KEEP, REMOVE]
        plays: list[ItsMineAction] = list(legal_plays(self.hands[seat], self.columns[seat]))
        return plays or [PASS]

    def check(self, seat: int, action: Action) -> None:
        phase = self.phase
        if isinstance(action, Bid):
            if phase is not BID_PHASE:
                raise IllegalAction(
                    "フェイズ1 1)", "no auction is under way", ja="今はオークションではありません"
                )
            if action.face not in FACES:
                raise IllegalAction("フェイズ1 2)", "a die shows 1 to 6", ja="ダイスの目は1〜6です")
            if action.face in self.forbidden[seat]:
                if self.ties and action.face == self.last_face[seat]:
                    rule, why = "フェイズ1 3) あいこ", "the tied face may not be shown again"
                    why_ja = "あいこの目はもう出せません"
                elif self.round == 1 and action.face == 1:
                    # No round came before the first: 1 is barred because the dice start on it.
                    rule, why = "補足2", "the dice start on 1, so 1 may not be shown in round 1"
                    why_ja = "ダイスは1の目から始まるので、第1ラウンドでは1を出せません"
                else:
                    rule, why = "フェイズ1 2) 注意", "the face you showed last round is barred"
                    why_ja = "前のラウンドに出した目は出せません"
                raise IllegalAction(rule, f"{action.face}: {why}", ja=f"{action.face}:{why_ja}")
            return
        if isinstance(action, Take):
            if phase is not TAKE_PHASE:
                raise IllegalAction(
                    "フェイズ1 3)",
                    "citizens are taken only after the auction",
                    ja="国民カードを取るのはオークションの後です",
                )
            if action.card not in self.citizens:
                raise IllegalAction(
                    "フェイズ1 3)",
                    f"{action.card} is not a citizen card on the table",
                    ja=f"{action.card}は場の国民カードではありません",
                )
            return
        if isinstance(action, Done):
            if phase is not TAKE_PHASE:
                raise IllegalAction(
                    "フェイズ1 3)", "nothing is being taken", ja="今は国民カードを取っていません"
                )
            if self.take_must:
                raise IllegalAction(
                    "フェイズ1 3)",
                    f"take {self.take_must} more: the lower face takes exactly its number, "
                    "the higher at least 1",
                    ja=f"あと{self.take_must}枚取ります:小さい目はその数ちょうど、"
                    "大きい目は1枚以上取ります",
                )
            return
        if isinstance(action, Play):
            self._check_play(seat, action)
            return
        if isinstance(action, Pass):
            if phase is not PLAY_PHASE and phase is not PLAY_TOGETHER_PHASE:
                raise IllegalAction("フェイズ3", "nothing to pass on now", ja="今はパスできません")
            if legal_plays(self.hands[seat], self.columns[seat]):
                raise IllegalAction(
                    "補足7 / パス(0枚)はできない",
                    "you can lay a card, so you must",
                    ja="出せるカードがあるので、出さなければなりません",
                )
            return
        if isinstance(action, Bonus):
            if phase is not BONUS_PHASE:
                raise IllegalAction(
                    "3枚ボーナス",
                    "no bonus card is waiting for you",
                    ja="あなたを待つボーナスカードはありません",
                )
            return
        raise IllegalAction(
            "ルール",
            f"{action!r} is not an It's Mine! action",
            ja=f"{action!r}はイッツマイン!の手ではありません",
        )

    def _check_play(self, seat: int, play: Play) -> None:
        if self.phase is not PLAY_PHASE and self.phase is not PLAY_TOGETHER_PHASE:
            raise IllegalAction(
                "フェイズ3 5)",
                "cards are laid in phase 3 only",
                ja="カードを出すのはフェイズ3だけです",
            )
        if PLAYS.get(play.cards) != play:
            raise IllegalAction(
                "基本① / 特殊①②",
                "lay one card, a run of one suit, or one rank in different suits — never a mix",
                ja="出せるのは1枚、同じスートの連続した数字、または異なるスートの同じ数字です"
                "(混ぜられません)",
            )
        hand = self.hands[seat]
        missing = [c for c in play.cards if c not in hand]
        if missing:
            shown = " ".join(map(str, missing))
            raise IllegalAction(
                "フェイズ3 5)", f"{shown} not in your hand", ja=f"{shown}は手札にありません"
            )
        for card in play.cards:
            col = self.columns[seat][SUIT_INDEX[card.suit]]
            laid = [c for c in play.cards if c.suit == card.suit]
            if not accepts(col, laid):
                way = {1: "ascending", -1: "descending"}.get(direction(col), "")
                way_ja = {1: "昇順", -1: "降順"}.get(direction(col), "")
                shown, column = " ".join(map(str, laid)), " ".join(map(str, col))
                raise IllegalAction(
                    "基本②",
                    f"{shown} breaks your {card.suit} column ({column}{', ' + way if way else ''})",
                    ja=f"{shown}はあなたの{SEVEN.suit(card.suit).ja}の列({column}"
                    f"{'、' + way_ja if way_ja else ''})に続きません",
                )

    # --- the one place the state changes ----------------------------------------------
    def carry_out(self, seat: int, action: ItsMineAction) -> list[Event]:
        if isinstance(action, Bid):
            return self._bid(seat, action.face)
        if isinstance(action, Take):
            return self._take(seat, action.card)
        if isinstance(action, Done):
            self.take_plan.pop(0)
            return [public("done", seat), *self._next_taker()]
        if isinstance(action, Play | Pass):
            play = action if isinstance(action, Play) else None
            if self.phase is PLAY_TOGETHER_PHASE:
                return self._commit_play(seat, action, play)
            self.play_queue.pop(0)
            self.to_lay.append((seat, play))
            return self._continue_phase3()
        assert isinstance(action, Bonus)
        return self._decide_bonus(seat, action.keep)

    # --- phase 1: the auction -----------------------------------------------------------
    def _start_round(self) -> list[Event]:
        self.phase = BID_PHASE
        self.bids = [None, None]
        self.ties = 0
        self.higher = None
        self.round_face = self.last_face
        self.forbidden = (frozenset({self.last_face[0]}), frozenset({self.last_face[1]}))
        return [public("round", None, round=self.round, final=self.final_round)]

    def _bid(self, seat: int, face: int) -> list[Event]:
        self.bids[seat] = face
        events = [
            public("bid_committed", seat),
            private("bid", seat, just(seat), face=face),
        ]
        if self.bids[0] is None or self.bids[1] is None:
            return events
        return events + self._reveal(self.bids[0], self.bids[1])

    def _reveal(self, a: int, b: int) -> list[Event]:
        self.last_face = (a, b)
        self.bids = [None, None]
        events = [public("reveal", None, faces=[a, b])]
        if a != b:
            lower, higher = (0, 1) if a < b else (1, 0)
            self.higher = higher
            self.take_plan = [(lower, min(a, b), True), (higher, max(a, b), False)]
            return events + self._next_taker()
        # あいこ: each draws a card face down and both bid again — unless the deck is low.
        if len(self.deck) <= 1:
            return [*events, public("auction_tied", None, deck=len(self.deck)), *self._refill()]
        self.ties += 1
        for seat in (0, 1):
            card = self.deck.pop()
            self.hands[seat].append(card)
            events.append(private("tie_draw", seat, just(seat), card=card.code))
        events.append(public("tie_draws", None, deck=len(self.deck)))
        if len(self.deck) <= 1:
            return [*events, public("auction_tied", None, deck=len(self.deck)), *self._refill()]
        # Ruling: the tied face and the face shown in the previous round are both barred.
        self.forbidden = (frozenset({self.round_face[0], a}), frozenset({self.round_face[1], a}))
        return events

    def _next_taker(self) -> list[Event]:
        while self.take_plan:
            _seat, face, exact = self.take_plan[0]
            most = min(face, len(self.citizens))  # 補足4: "取れるだけ取る"
            if most == 0:
                self.take_plan.pop(0)
                continue
            self.phase = TAKE_PHASE
            self.take_left = most
            self.take_must = most if exact else 1
            return []
        return self._refill()

    def _take(self, seat: int, card: Card) -> list[Event]:
        self.citizens.remove(card)
        self.hands[seat].append(card)
        self.known[seat].add(card)
        self.take_left -= 1
        self.take_must = max(0, self.take_must - 1)
        events = [public("take", seat, card=card.code)]
        if self.take_left == 0:
            self.take_plan.pop(0)
            events += self._next_taker()
        return events

    # --- phase 2: refill ----------------------------------------------------------------
    def _refill(self) -> list[Event]:
        wanted = min(self.options.citizens - len(self.citizens), len(self.deck))
        added = [self.deck.pop() for _ in range(wanted)]
        self.citizens += added
        events = [public("refill", None, cards=[c.code for c in added], deck=len(self.deck))]
        if self.higher is None:  # レアなケース: the auction ended tied
            self.phase = PLAY_TOGETHER_PHASE
            self.pending = [None, None]
        else:
            self.phase = PLAY_PHASE
            self.play_queue = [self.higher, 1 - self.higher]
        return events

    # --- phase 3: laying cards, bonuses -------------------------------------------------
    def _commit_play(self, seat: int, action: ItsMineAction, play: Play | None) -> list[Event]:
        self.pending[seat] = action
        events = [
            public("play_committed", seat),
            private("play_chosen", seat, just(seat), play=action.encode()),
        ]
        if self.pending[0] is None or self.pending[1] is None:
            return events
        plays = [p if isinstance(p, Play) else None for p in self.pending]
        self.pending = [None, None]
        order = sorted((0, 1), key=lambda s: _play_order_key(plays[s]))
        self.higher = order[0]
        self.to_lay = [(s, plays[s]) for s in order]
        for s, laid in enumerate(plays):  # revealed together: the second play is public
            if laid is not None:  # while the first is laid (and a bonus decided)
                self.known[s].update(laid.cards)
        codes = [(p or PASS).encode() for p in plays]
        events.append(public("plays_revealed", None, first=order[0], plays=codes))
        return events + self._continue_phase3()

    def _continue_phase3(self) -> list[Event]:
        events: list[Event] = []
        while True:
            if self.bonus_queue:
                if (
                    not self.bonus
                ):  # "ボーナスの山にカードがない場合は…誰もボーナスを得ることができない"
                    self.bonus_queue.clear()
                    continue
                mine = self.bonus_queue.pop(0)
                self.bonus_card = self.bonus.pop()
                self.phase = BONUS_PHASE
                return [
                    *events,
                    public("bonus", self.bonus_seat, mine=MINES[mine].code, pile=len(self.bonus)),
                    private(
                        "bonus_card",
                        self.bonus_seat,
                        just(self.bonus_seat),
                        card=self.bonus_card.code,
                    ),
                ]
            if self.to_lay:
                seat, play = self.to_lay.pop(0)
                events += self._lay(seat, play)
                continue
            if self.play_queue:
                self.phase = PLAY_PHASE
                return events
            return events + self._end_round()

    def _lay(self, seat: int, play: Play | None) -> list[Event]:
        if play is None:
            return [public("pass", seat)]
        hand, cols = self.hands[seat], self.columns[seat]
        for card in play.cards:
            hand.remove(card)
            self.known[seat].discard(card)
            cols[SUIT_INDEX[card.suit]].append(card)
        # 3枚ボーナス, largest mine first (注意: "大きい数の鉱山から順番に")
        for m in reversed(range(len(MINES))):
            if len(cols[m]) >= BONUS_AT and not self.bonus_claimed[m]:
                self.bonus_claimed[m] = True
                self.bonus_queue.append(m)
        self.bonus_seat = seat
        return [public("play", seat, cards=[c.code for c in play.cards])]

    def _decide_bonus(self, seat: int, keep: bool) -> list[Event]:
        card = self.bonus_card
        assert card is not None
        self.bonus_card = None
        if keep:
            self.hands[seat].append(card)
        else:
            self.bonus_removed[seat].append(card)
        # Which card, to its taker alone; that it went into the hand or out face down, to
        # the other too (the hand's size and the removed count show it anyway).
        events = [
            private("bonus_decided", seat, just(seat), card=card.code, keep=keep),
            private("bonus_chosen", seat, just(1 - seat), keep=keep),
        ]
        return events + self._continue_phase3()

    # --- the end ------------------------------------------------------------------------
    def _end_round(self) -> list[Event]:
        if self.final_round:
            return self._finish()
        if not self.deck or not self.bonus:  # 終わり A / B
            self.final_round = True
            self.end_reason = "deck" if not self.deck else "bonus"
        elif self.round >= self.options.round_limit:
            # Ruling (ours): ties with one card left in the deck can repeat for ever; the round
            # limit ends such a game the way A and B do.
            self.final_round = True
            self.end_reason = "round_limit"
        self.round += 1
        return self._start_round()

    def _finish(self) -> list[Event]:
        self.phase = OVER_PHASE
        self.result = scoring.final_outcome(self.hands, self.columns, self.simple)
        return [public("game_over", None, **self.result.to_json())]

    def outcome(self) -> Outcome | None:
        return self.result

    def standing(self) -> tuple[float, ...]:
        """The points the columns would score if the game ended now, hands left out (cards
        still in hand are to be laid, not leftovers yet)."""
        return scoring.final_outcome([[], []], self.columns, self.simple).scores

    # --- views and worlds ---------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return dict(view_of(self, seat))

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        return determinize(self, seat, rng)


def _play_order_key(play: Play | None) -> tuple[int, int, int]:
    """レアなケース: the larger sum plays first; then the play holding a card of the smaller
    mine; then the smaller rank in that mine. (A pass sums to 0 and holds no mine.)"""
    if play is None:
        return (0, len(MINES), 99)
    smallest = min(SUIT_INDEX[c.suit] for c in play.cards)
    rank = min(c.rank for c in play.cards if SUIT_INDEX[c.suit] == smallest)
    return (-play.rank_sum, smallest, rank)


def new_state(
    options: ItsMineOptions, seed: int, setup: Mapping[str, Any] | None = None
) -> ItsMineRules:
    """ゲームの準備: mines out, 42 cards shuffled, 3 each, 8 citizens, 5 bonus cards (or
    the table a scenario describes); then the first round's auction."""
    state = ItsMineRules(options, Chance(seed))
    if setup is not None:
        apply_setup(state, setup)
    else:
        cards = list(PLAYING_CARDS)
        state.rng.shuffle(cards)
        state.deck = cards
        for seat in (0, 1):
            state.hands[seat] = [state.deck.pop() for _ in range(options.hand_size)]
        state.citizens = [state.deck.pop() for _ in range(options.citizens)]
        state.bonus = [state.deck.pop() for _ in range(options.bonus_cards)]
    state._start_round()
    return state
