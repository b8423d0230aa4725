"""Starmine Rummy Pocket (スターマイン・ラミー ポケット): the duel and the solo contest.

Section numbers refer to the rulebook (``shared/rulebooks/000_b5645c75669ad107.txt``):
4 setup, 5 turns (A: 手札を増やす, B: 花火カードを配置する), 6 final phase, 7 scoring,
8 追い打ち; "solo §n" to the ソロ用ルール. Rulings are in ``docs/rules/starmine.md``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Self

from asobi.core.cards import Card
from asobi.core.errors import IllegalAction
from asobi.core.events import Event, private, public
from asobi.core.protocol import Chance, Outcome
from asobi.core.turns import NOBODY, just, order_from
from asobi.core.words import Words
from asobi.games.starmine import scoring
from asobi.games.starmine.actions import (
    DISCARD,
    DRAW,
    DRAW_DECK,
    FINALE,
    FLIP_OPEN,
    FLIP_REMOVE,
    MAIN,
    MELD_ORDER,
    OPENING,
    PASS,
    ROW_NAMES,
    ROW_NAMES_JA,
    ROWS,
    Discard,
    Draw,
    Flip,
    Pass,
    Place,
    StarmineAction,
    melds_in,
    place_actions,
)
from asobi.games.starmine.cards import FIREWORKS
from asobi.games.starmine.cautions import caution
from asobi.games.starmine.scenarios import apply_setup
from asobi.games.starmine.state import (
    BOOSTS,
    CHASE_PHASE,
    DRAW_PHASE,
    FINAL_PHASE,
    FIREWORK_CARDS,
    FLIP_PHASE,
    OVER_PHASE,
    SMALLEST_MELD,
    TURN_PHASE,
    StarmineOptions,
    StarmineState,
)
from asobi.games.starmine.views import determinize, view_of

# The phase rules' own words (``_phase_rule``) in Japanese; any other rule is a section
# number, the same in both languages but for the solo rules' name.
PHASE_RULES_JA = {
    "solo §3 B/C: finish drawing first": "ソロ §3 B/C:先に引き終えます",
    "solo §3 A: place the turned-up card first": "ソロ §3 A:先にめくったカードを置きます",
    "solo §4 ②: only the final meld or pass": "ソロ §4 ②:最後の役かパスだけです",
    "§5 A/B: finish drawing first": "§5 A/B:先に引き終えます",
    "§6: only one meld or pass": "§6:役を1つかパスだけです",
    "§8: only one meld or pass": "§8:役を1つかパスだけです",
}


def _refused(rule: str, reason: str, ja: str) -> IllegalAction:
    """The refusal of a move by ``rule``, its reason in English and Japanese."""
    rule_ja = PHASE_RULES_JA.get(rule, rule.replace("solo ", "ソロ "))
    return IllegalAction(rule, reason, ja=ja, rule_ja=rule_ja)


class StarmineRules(StarmineState):
    """Starmine's rules: who acts, what is legal, and what each move does to the table."""

    def who_acts(self) -> frozenset[int]:
        if self.phase is OVER_PHASE:
            return NOBODY
        if self.phase is FINAL_PHASE or self.phase is CHASE_PHASE:
            return just(self.queue[0])
        return just(self.turn)

    def list_legal(self, seat: int) -> list[StarmineAction]:
        hand = self.hands[seat]
        phase = self.phase
        if phase is DRAW_PHASE:  # the deck is never empty here: its last card ends the action
            return [DRAW_DECK, *(DRAW[c] for c in self.discards if c is not self.no_take)]
        if phase is FLIP_PHASE:
            return [FLIP_OPEN, FLIP_REMOVE]
        rows = self._open_rows()
        places: list[StarmineAction] = [*place_actions(melds_in(hand), rows)]
        if phase is TURN_PHASE:
            return [DISCARD[c] for c in FIREWORKS.sort(hand)] + places
        return [*places, PASS]  # FINAL or CHASE

    def _open_rows(self) -> tuple[int, ...]:
        if not self.solo:
            return ROWS
        if self.phase is FINAL_PHASE:
            return (FINALE,)  # solo §4 ②: "フィナーレの列へ加えます"
        if not self.rows[0][OPENING]:
            return (OPENING,)  # solo §3 C ②: "必ず一番下のオープニング列から配置していきます"
        return ROWS[self.current_row :]

    def check(self, seat: int, action: Any) -> None:
        phase = self.phase
        if isinstance(action, Draw):
            if phase is not DRAW_PHASE:
                raise _refused(
                    "§5 A/B",
                    "nothing is owed: draw only after a discard or a meld",
                    "今は引けません:引くのは捨てるか役を配置した後です",
                )
            if action.card is None:
                return  # the deck always holds a card while a draw is owed
            if action.card not in self.discards:
                if self.solo:
                    raise _refused(
                        "solo §3 B",
                        f"{action.card} is not among the open cards (オープン札)",
                        f"{action.card}はオープン札にありません",
                    )
                raise _refused(
                    "§5 A",
                    f"{action.card} is not among the face-up discards",
                    f"{action.card}は捨て札にありません",
                )
            elif action.card is self.no_take:
                raise _refused(
                    "§5 A",
                    f"{action.card} was discarded this turn: この手番で捨てたカード以外",
                    f"{action.card}はこの手番で捨てたカードです(この手番で捨てたカード以外)",
                )
            return
        if isinstance(action, Discard):
            if phase is not TURN_PHASE:
                raise _refused(
                    self._phase_rule(), f"no discarding now ({phase} phase)", "今は捨てられません"
                )
            if action.card not in self.hands[seat]:
                rule = "solo §3 B" if self.solo else "§5 A"
                raise _refused(
                    rule, f"{action.card} is not in your hand", f"{action.card}は手札にありません"
                )
            return
        if isinstance(action, Place):
            self._check_place(seat, action)
            return
        if isinstance(action, Pass):
            if phase is not FINAL_PHASE and phase is not CHASE_PHASE:
                if self.solo:
                    raise _refused(
                        "solo §3",
                        "a turn must take action B or C; no passing",
                        "手番ではBかCを行います。パスはできません",
                    )
                raise _refused(
                    "§5",
                    "a turn must take action A or B; passing is for §6/§8",
                    "手番ではAかBを行います。パスは§6/§8だけです",
                )
            return
        if isinstance(action, Flip):
            if phase is not FLIP_PHASE:
                raise _refused(
                    "solo §3 A",
                    "no turned-up card is waiting for its area",
                    "置き場所を待つめくったカードはありません",
                )
            return
        raise _refused(
            "§5",
            f"{action!r} is not a Starmine action",
            f"{action!r}はスターマインの手ではありません",
        )

    def _phase_rule(self) -> str:
        if self.solo:
            return {
                DRAW_PHASE: "solo §3 B/C: finish drawing first",
                FLIP_PHASE: "solo §3 A: place the turned-up card first",
                FINAL_PHASE: "solo §4 ②: only the final meld or pass",
            }.get(self.phase, "solo §3")
        return {
            DRAW_PHASE: "§5 A/B: finish drawing first",
            FINAL_PHASE: "§6: only one meld or pass",
            CHASE_PHASE: "§8: only one meld or pass",
        }.get(self.phase, "§5")

    def _check_place(self, seat: int, action: Place) -> None:
        phase = self.phase
        if phase is DRAW_PHASE or phase is FLIP_PHASE:
            raise _refused(self._phase_rule(), "no placing now", "今は配置できません")
        if action.meld not in MELD_ORDER or action.row not in ROWS:  # a hand-built action
            raise _refused(
                "§5 B",
                f"{action.meld.encode()!r} is not a meld (役) of 2 or 3 cards on a row",
                f"{action.meld.encode()!r}は列に置く2枚か3枚の役ではありません",
            )
        hand = self.hands[seat]
        missing = [c for c in action.meld.cards if c not in hand]
        if missing:
            shown = " ".join(map(str, missing))
            raise _refused("§5 B", f"{shown} not in your hand", f"{shown}は手札にありません")
        if action.row not in self._open_rows():
            if self.solo and phase is FINAL_PHASE:
                raise _refused(
                    "solo §4 ②",
                    "the last meld goes onto the finale",
                    "最後の役はフィナーレの列に配置します",
                )
            if self.solo and not self.rows[seat][OPENING]:
                raise _refused(
                    "solo §3 C ②",
                    "the first meld goes onto the opening: rows are built from it",
                    "最初の役はオープニングの列に配置します:列は下から作ります",
                )
            raise _refused(
                "solo §3 C ②",
                f"the {ROW_NAMES[action.row]} row is closed: rows are built from the bottom up",
                f"{ROW_NAMES_JA[action.row]}の列は完成しています:列は下から作ります",
            )

    def carry_out(self, seat: int, action: StarmineAction) -> list[Event]:
        if isinstance(action, Draw):
            return self._draw(seat, action.card)
        if isinstance(action, Discard):
            return self._discard(seat, action.card)
        if isinstance(action, Place):
            return self._place(seat, action)
        if isinstance(action, Pass):
            events = [public("pass", seat)]
            return events + self._next_in_queue()
        assert isinstance(action, Flip)
        return self._flip(seat, action.to_open)

    # --- turns ------------------------------------------------------------------------
    def _discard(self, seat: int, card: Card) -> list[Event]:
        self.hands[seat].remove(card)
        self.known[seat].discard(card)
        if self.solo:
            self.removed.append(card)  # solo §3 B: "ゲームから除外"
        else:
            self.discards.append(card)
            self.no_take = card
        self.draws_left = 2
        self.phase = DRAW_PHASE
        return [public("discard", seat, card=card.code)]

    def _place(self, seat: int, action: Place) -> list[Event]:
        meld, row = action.meld, action.row
        hand = self.hands[seat]
        for c in meld.cards:
            hand.remove(c)
            self.known[seat].discard(c)
        points = meld.points(self.penalty)
        events = [public("place", seat, row=ROW_NAMES[row], meld=meld.encode(), points=points)]
        if self.solo:
            events += self._close_rows_below(row)
        self.rows[seat][row].append(meld)
        if self.phase is TURN_PHASE:
            if self.failure is not None:
                return events + self._finish()
            self.draws_left = len(meld.cards)
            self.phase = DRAW_PHASE
            return events
        self.placed_this_round = True
        return events + self._next_in_queue()

    def _close_rows_below(self, row: int) -> list[Event]:
        """Solo §3 C ②③: a meld in a later row closes the earlier rows; the main row must
        close higher than the opening."""
        if row <= self.current_row:
            return []
        closes_main = self.current_row <= MAIN < row
        self.current_row = row
        if closes_main:
            opening, main = (
                scoring.row_total(self.rows[0][r], self.penalty) for r in (OPENING, MAIN)
            )
            if main <= opening:
                self.failure = f"the main row closed at {main}, not above the opening's {opening}"
                return [public("launch_failed", 0, reason=self.failure)]
        return []

    def _draw(self, seat: int, card: Card | None) -> list[Event]:
        if card is None:
            card = self.deck.pop()
            events = [
                public("draw", seat, source="deck", deck=len(self.deck)),
                private("drew", seat, just(seat), card=card.code),
            ]
            if not self.deck:
                self.last_drawer = seat
        else:
            self.discards.remove(card)
            self.known[seat].add(card)
            events = [public("draw", seat, source="discards", card=card.code)]
        self.hands[seat].append(card)
        self.draws_left -= 1
        # §6 "山札の最後のカードが引かれたら、即座に最終フェーズを行います" (solo §4 ①
        # "ゲームは終了します"): no draw the action still owed follows the deck's last card.
        if self.draws_left == 0 or not self.deck:
            events += self._end_action()
        return events

    def _end_action(self) -> list[Event]:
        self.draws_left = 0
        self.no_take = None
        if self.last_drawer is not None:  # §6: the deck's last card has been drawn
            return self._start_final()
        self.turn = (self.turn + 1) % self.players
        if self.solo:
            return self._start_solo_turn()
        self.phase = TURN_PHASE
        return []

    # --- solo turn start (solo §3 A) ----------------------------------------------------
    def _start_solo_turn(self) -> list[Event]:
        self.flipped = self.deck.pop()
        events = [public("flip", 0, card=self.flipped.code, deck=len(self.deck))]
        if not self.deck:
            # Solo §4 ①: "山札の最後のカードが引かれたら、ゲームは終了します": the game ends as
            # the last card is turned up, before it has an area (nothing is drawn again).
            self.last_drawer = 0
            return events + self._start_final()
        self.phase = FLIP_PHASE
        return events

    def _flip(self, seat: int, to_open: bool) -> list[Event]:
        first = self.flipped
        assert first is not None
        self.flipped = None
        (self.discards if to_open else self.removed).append(first)
        events = [public("flip_to", seat, card=first.code, area="open" if to_open else "removed")]
        second = self.deck.pop()  # the first card was not the last (see _start_solo_turn)
        (self.removed if to_open else self.discards).append(second)
        area = "removed" if to_open else "open"
        events.append(public("flip_to", seat, card=second.code, area=area))
        if not self.deck:  # solo §4 ①: the second card was the last: only the final meld
            self.last_drawer = seat
            return events + self._start_final()
        self.phase = TURN_PHASE
        return events

    # --- the end: final phase, scoring, 追い打ち --------------------------------------------
    def _start_final(self) -> list[Event]:
        assert self.last_drawer is not None
        self.phase = FINAL_PHASE
        self.queue = order_from(self.last_drawer, self.players)
        return [public("final_phase", self.last_drawer)]

    def _next_in_queue(self) -> list[Event]:
        self.queue.pop(0)
        if self.queue:
            return []
        if self.phase is CHASE_PHASE and not self.placed_this_round:
            return self._finish()  # §8 ③: nobody could add: the game is drawn
        return self._judge()

    def _judge(self) -> list[Event]:
        if self.solo or not scoring.duel_tied(self.rows, self.penalty):
            return self._finish()
        # §8 ①: 追い打ち, while a hand may still hold a meld. Whether one does is hidden, so
        # only the hands' sizes decide (every meld has 2 cards or more); a player without a
        # meld passes (ruling 14), and going on tells nobody what the other hand holds.
        if all(len(hand) < SMALLEST_MELD for hand in self.hands):
            return self._finish()
        assert self.last_drawer is not None
        self.phase = CHASE_PHASE
        self.chase_rounds += 1
        self.queue = order_from(self.last_drawer, self.players)
        self.placed_this_round = False
        return [public("chase", None, round=self.chase_rounds)]

    def _finish(self) -> list[Event]:
        self.phase = OVER_PHASE
        self.queue = []
        if self.solo:
            self.result = scoring.solo_outcome(self.rows[0], self.failure, self.penalty)
        else:
            self.result = scoring.duel_outcome(self.rows, self.chase_rounds, self.penalty)
        return [public("game_over", None, **self.result.to_json())]

    def outcome(self) -> Outcome | None:
        return self.result

    def caution(self, seat: int, action: Any) -> Words | None:
        return caution(self, seat, action)

    # --- views ------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return dict(view_of(self, seat))

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        return determinize(self, seat, rng)


def new_state(
    options: StarmineOptions, seed: int, setup: Mapping[str, Any] | None = None
) -> StarmineRules:
    """Section 4 (duel) / solo §2 setup, or a scenario (see ``scenarios.py``)."""
    state = StarmineRules(options, Chance(seed))
    if setup is not None:
        apply_setup(state, setup)
        if state.solo:
            state._start_solo_turn()
        return state
    fireworks = list(FIREWORK_CARDS)
    state.rng.shuffle(fireworks)
    state.deck = fireworks
    for seat in range(options.players):
        state.hands[seat] = [state.deck.pop() for _ in range(options.hand_size)]
        state.hands[seat].append(BOOSTS[seat])  # "更にブーストカード1枚を手札に加えます"
        state.known[seat].add(BOOSTS[seat])
    if state.solo:
        state.boxed.append(BOOSTS[1])  # solo §2: one boost card only
        state._start_solo_turn()
    else:
        state.discards.append(state.deck.pop())  # "山札から1枚カードをめくり、捨て札として"
        if options.start_player is not None:
            state.turn = options.start_player
        else:
            state.turn = state.rng.randrange(options.players)
    return state
