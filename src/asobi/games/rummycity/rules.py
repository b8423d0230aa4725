"""RUMMY CITY (ラミーシティ): two neighbouring towns, and the solo score attack.

Section names refer to the rulebook (``shared/rulebooks/003_48bc01829b2ac84d.txt``):
準備 (setup), プレーの手順 (a turn), ラウンドの終了 (round end), 決算 (settlement),
ゲームの終了 (the end), ソロプレイルール (solo 1–5) and 詳細な建物カードの説明 (the
building notes). Rulings are in ``docs/rules/rummycity.md``.

The table itself (the options, the phases, what the state holds) is ``state.py``'s; this
module adds the rules to it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Self

from asobi.core.actions import Action
from asobi.core.cards import FRENCH52, Card
from asobi.core.errors import IllegalAction
from asobi.core.events import Event, private, public
from asobi.core.protocol import Chance, Outcome
from asobi.core.turns import NOBODY, just
from asobi.core.words import Words
from asobi.games.rummycity import scoring
from asobi.games.rummycity.actions import (
    DONE,
    DRAW,
    END,
    LAY,
    LAY_OFF,
    LOOK,
    MELD,
    PASS,
    TAKE,
    Build,
    Done,
    Draw,
    End,
    Lay,
    LayOff,
    Look,
    Meld,
    Pass,
    Place,
    Return,
    RummyCityAction,
    Take,
)
from asobi.games.rummycity.buildings import (
    DEPOSITS,
    DIAMOND_SUIT,
    DIAMOND_TEPU,
    MARKET,
    MINE,
    POST_OFFICE,
    POST_OFFICE_TEPU,
    SCHOOL,
    STATION,
    STATION_DRAW,
    STATION_FARE,
)
from asobi.games.rummycity.combos import (
    KIND_NAMES_JA,
    KINDS,
    LONGEST,
    Combination,
    Recipe,
    lay_choices,
    lay_offs,
    meld_recipes,
)
from asobi.games.rummycity.scenarios import apply_setup
from asobi.games.rummycity.state import (
    BUILD_PHASE,
    FACE_DOWN,
    HAND_SIZE,
    LAY_PHASE,
    MOST_BUILDS,
    OVER_PHASE,
    PICK_PHASE,
    RETURN_PHASE,
    SETTLE_PHASE,
    SOLO_MOST_BUILDINGS,
    SOLO_PASS_DISCARDS,
    TURN_PHASE,
    RummyCityOptions,
    RummyCityState,
)
from asobi.games.rummycity.views import determinize, view_of


class RummyCityRules(RummyCityState):
    """Rummy City's rules: who acts, what they may do, and what each move does to the table."""

    # --- who acts, and what they may do -----------------------------------------------------
    def who_acts(self) -> frozenset[int]:
        return NOBODY if self.phase is OVER_PHASE else just(self.turn)

    def list_legal(self, seat: int) -> list[RummyCityAction]:
        phase = self.phase
        if phase is LAY_PHASE:
            return self._next_lays(seat)
        if phase is PICK_PHASE:
            out: list[RummyCityAction] = [DONE] if self.taken else []
            return out + [TAKE[p] for p in range(1, len(self.looked) + 1) if p not in self.taken]
        if phase is RETURN_PHASE:
            return [Return(b) for b in self.owned[seat]]
        places: list[RummyCityAction] = [*self._places(seat)]
        if phase is SETTLE_PHASE:
            return [END, *self._lay_offs(seat), *places]
        if phase is BUILD_PHASE:
            melds = [MELD[k] for k in self._meldable(seat)] if self.final else []
            return [END, *self._buildable(seat), *melds, *places]
        # TURN_PHASE
        draws: list[RummyCityAction]
        if self._owns_effect(seat, SCHOOL):
            draws = [LOOK]
        else:
            draws = [DRAW[n] for n in range(1, min(self.draw_limit(seat), len(self.row)) + 1)]
        if self._may_pass(seat):
            draws.append(PASS)
        return draws + self._buildable(seat) + places

    def _may_pass(self, seat: int) -> bool:
        """♠: the owner may pass, unless every player has just passed in turn: solo 5
        "連続でパスは行えません" (one player: no pass right after a pass); with two, ruling 11."""
        return self.catalogue.holdings(self.owned[seat]).spade and self.passes < self.players

    def _owns_effect(self, seat: int, effect: str) -> bool:
        return effect in self.catalogue.holdings(self.owned[seat]).effects

    def owner(self, building: str) -> int | None:
        for seat, owned in enumerate(self.owned):
            if building in owned:
                return seat
        return None

    def _buildable(self, seat: int) -> list[RummyCityAction]:
        """Buildings a combination from hand can claim now ("自分が既に立てている建物の組み
        合わせを出しても意味がありません。出すこともできません")."""
        if self.builds >= MOST_BUILDS:
            return []
        goals = self.catalogue.holdings(self.owned[seat]).goals
        builds = self._builds
        pool = self.hand_summary(seat)
        if pool.jokers:  # a combination takes a card a place: too few cards settle it
            size = len(self.hands[seat])
            return [builds[i] for i, r in goals if r.size <= size and pool.can_make(r)]
        # Without a joker, a recipe is made if the hand's longest combination of its kind
        # (and suit) is long enough: one answer serves each kind's buildings.
        reach = pool.reaches()
        return [builds[i] for i, r in goals if reach[r.reach_at] >= r.size]

    def _meldable(self, seat: int) -> list[str]:
        pool = self.hand_summary(seat)
        return [k for k in KINDS if any(pool.can_make(r) for r in self._meld_recipes(seat, k))]

    def _meld_recipes(self, seat: int, kind: str) -> tuple[Recipe, ...]:
        return meld_recipes(kind, (self.catalogue[b].recipe for b in self.owned[seat]))

    def _next_lays(self, seat: int) -> list[RummyCityAction]:
        done, pieces = lay_choices(self.recipes, self.chosen, self.hand_summary(seat))
        # In the deck's order: the cards that may come next, a few of the hand, sorted.
        cards = FRENCH52.sort(p.card for p in pieces)
        lays: list[RummyCityAction] = [LAY[c] for c in cards]
        return [DONE, *lays] if done else lays

    def _open_spots(self, seat: int) -> list[str]:
        """The seat's Bank or Police station with no card on it yet."""
        held = self.catalogue.holdings(self.owned[seat]).holds_card
        return [b for b in held if b not in self.deposits]

    def _places(self, seat: int) -> list[Place]:
        spots = self._open_spots(seat)
        if not spots:  # the usual case: no hand to sort
            return []
        hand = FRENCH52.sort(self.hands[seat])
        return [Place(b, c) for b in spots for c in hand]

    def _lay_offs(self, seat: int) -> list[LayOff]:
        """付け札 onto the other's combinations, card by card (in deck order)."""
        pool = self.pool(seat, FRENCH52.sort(self.hands[seat]))
        # Each card's targets, numbered from 1 (a card is looked up once per fit found).
        at = {p: i for i, p in enumerate(pool.pieces)}
        targets: list[list[int]] = [[] for _ in pool.pieces]
        for t, combo in enumerate(self.laid[1 - seat], start=1):
            for p in lay_offs(combo, pool):
                targets[at[p]].append(t)
        return [
            LAY_OFF[(p.card, t)] for p, ts in zip(pool.pieces, targets, strict=True) for t in ts
        ]

    # --- check -----------------------------------------------------------------------------
    def check(self, seat: int, action: Action) -> None:
        # Arenas, bots and searches pass a move taken from the legal list itself: found there
        # by identity, it costs no hashing of every listed move (a dataclass hashes in
        # Python); any other value is looked up by equality.
        for listed in self.legal_actions(seat):
            if listed is action:
                return
        if not self.is_listed(seat, action):
            rule, reason = self._why_not(seat, action)
            raise IllegalAction(rule, reason.en, ja=reason.ja, rule_ja=_rule_ja(rule))

    def _why_not(self, seat: int, action: Any) -> tuple[str, Words]:
        """The rule that forbids an action the legal list does not hold, and why, in both
        languages."""
        phase = self.phase
        code = action.encode() if hasattr(action, "encode") else repr(action)
        if phase is LAY_PHASE and not isinstance(action, Lay | Done):
            return "プレーの手順 2", Words(
                "finish the combination under way first (lay cards, done)",
                "先に出している途中の組み合わせを終えます(lay でカードを出し、done)",
            )
        if phase is PICK_PHASE and not isinstance(action, Take | Done):
            return "学校 (School)", Words(
                "take cards from the range looked at, then done",
                "見た範囲からカードを取り、done で終えます",
            )
        if phase is RETURN_PHASE and not isinstance(action, Return):
            return "solo 2", Words(
                "you own 7 buildings: return one to the supply first",
                "建物が7つあります:先に1つを場に返します",
            )
        if isinstance(action, Draw | Look):
            if phase is not TURN_PHASE:
                return "プレーの手順", Words(
                    "drawing is a whole turn: not now", "引くのは手番の行動です:今はできません"
                )
            if isinstance(action, Look):
                return "学校 (School)", Words(
                    "only the School's owner looks before drawing",
                    "引く前に見られるのは学校の持ち主だけです",
                )
            if self._owns_effect(seat, SCHOOL):
                return "学校 (School)", Words(
                    "with the School, look at the range first (look)",
                    "学校があるので、先に範囲のカードを見ます(look)",
                )
            limit = min(self.draw_limit(seat), len(self.row))
            return "プレーの手順 1", Words(
                f"draw 1 to {limit} cards (the draw limit; cards in the row)",
                f"引けるのは1〜{limit}枚です(引ける上限と山札の枚数)",
            )
        if isinstance(action, Pass):
            if phase is not TURN_PHASE:
                return "♠について", Words(
                    "passing replaces a whole turn: not now", "パスは手番の行動です:今はできません"
                )
            if self.passes >= self.players:
                if self.solo:
                    return "solo 5", Words(
                        "no pass right after a pass (連続でパスは行えません)",
                        "連続でパスは行えません",
                    )
                return "ruling 11", Words(
                    "both players just passed: draw or build (the table repeats)",
                    "2人とも続けてパスしました:引くか建てます(同じ局面の繰り返しになるため)",
                )
            return "♠について", Words(
                "only the owner of a ♠ building may pass", "パスができるのは♠の建物の持ち主だけです"
            )
        if isinstance(action, Build):
            if action.building not in self.catalogue:
                return "建物カード", Words(
                    f"there is no building {action.building!r} in this game",
                    f"このゲームに建物{action.building!r}はありません",
                )
            if phase not in (TURN_PHASE, BUILD_PHASE):
                return "プレーの手順 2", Words(
                    "building is a turn's action: not now",
                    "建てるのは手番の行動です:今はできません",
                )
            if self.builds >= MOST_BUILDS:
                return "プレーの手順 2", Words(
                    "at most 3 buildings a turn (建物を3つまで)", "1手番に建物を3つまでです"
                )
            b = self.catalogue[action.building]
            if action.building in self.owned[seat]:
                return "プレーの手順 2", Words(
                    f"you already own the {b.en}", f"{b.ja}はもう持っています"
                )
            if b.recipe in {self.catalogue[o].recipe for o in self.owned[seat]}:
                return "プレーの手順 2", Words(
                    f"you own a {b.recipe} building: 出すこともできません",
                    f"{b.recipe}の建物はもう持っています:出すこともできません",
                )
            return "プレーの手順 2", Words(
                f"your hand makes no {b.recipe} for the {b.en}",
                f"手札では{b.ja}の{b.recipe}を作れません",
            )
        if isinstance(action, Meld):
            if not self.final or phase is not BUILD_PHASE:
                return "ruling 2", Words(
                    "every combination claims a building, except in the final turns",
                    "最後の手番のほかは、組み合わせは必ず建物を建てるために出します",
                )
            kind = KIND_NAMES_JA.get(action.kind, action.kind)
            return "ラウンドの終了", Words(
                f"your hand makes no {action.kind} to lay", f"手札では{kind}を作れません"
            )
        if isinstance(action, Lay):
            if phase is not LAY_PHASE:
                return "プレーの手順 2", Words(
                    "choose a building (build X) before laying cards",
                    "カードを出す前に建物を選びます(build X)",
                )
            if action.card not in self.hands[seat]:
                return "プレーの手順 2", _not_in_hand(action.card)
            making = self._making()
            return "組み合わせ", Words(
                f"{action.card} cannot complete this {making.en}",
                f"{action.card}ではこの{making.ja}を完成できません",
            )
        if isinstance(action, Done):
            if phase is LAY_PHASE:
                making = self._making()
                return "組み合わせ", Words(
                    f"the cards laid are not yet a {making.en}",
                    f"出したカードはまだ{making.ja}になっていません",
                )
            if phase is PICK_PHASE:
                return "プレーの手順 1", Words(
                    "take at least one card (1 to the draw limit)",
                    "1枚以上取ります(1枚から引ける上限まで)",
                )
            return "プレーの手順", Words(
                "nothing is under way to finish", "終える途中の手はありません"
            )
        if isinstance(action, Take):
            if phase is not PICK_PHASE:
                return "学校 (School)", Words("look at the range first", "先に範囲のカードを見ます")
            return "学校 (School)", Words(
                f"position {action.position} is not an untaken card looked at",
                f"{action.position}枚目は、見たカードのうちまだ取っていないカードではありません",
            )
        if isinstance(action, End):
            if phase is TURN_PHASE:
                return "プレーの手順", Words(
                    "a turn draws or builds (or passes with ♠)",
                    "手番では引くか建てます(♠があればパス)",
                )
            return "プレーの手順", Words("nothing to end now", "今は終えるものがありません")
        if isinstance(action, Place):
            b = self.catalogue.by_id.get(action.building)  # type: ignore[attr-defined]
            if b is None or b.effect not in DEPOSITS:
                return "銀行/警察署", Words(
                    f"{action.building!r} takes no card",
                    f"{action.building!r}にはカードを置けません",
                )
            if action.building not in self.owned[seat]:
                return "銀行/警察署", Words(f"you do not own the {b.en}", f"{b.ja}を持っていません")
            if action.building in self.deposits:
                return "銀行/警察署", Words(
                    "置いたカードを変更することはできません: it already has one",
                    "置いたカードを変更することはできません:もう1枚置いてあります",
                )
            if action.card not in self.hands[seat]:
                return "銀行/警察署", _not_in_hand(action.card)
            return "銀行/警察署", Words(
                "not while a combination or a draw is under way",
                "組み合わせや引く途中にはできません",
            )
        if isinstance(action, LayOff):
            if phase is not SETTLE_PHASE:
                return "決算", Words(
                    "lay-offs (付け札) come at settlement", "付け札は決算のときにします"
                )
            if action.card not in self.hands[seat]:
                return "決算", _not_in_hand(action.card)
            if not 1 <= action.target <= len(self.laid[1 - seat]):
                return "決算", Words(
                    f"the other player has no combination {action.target}",
                    f"相手に組み合わせ{action.target}はありません",
                )
            return "決算", Words(
                f"{action.card} does not extend that combination",
                f"{action.card}はその組み合わせに付け札できません",
            )
        if isinstance(action, Return):
            if phase is not RETURN_PHASE:
                return "solo 2", Words(
                    "a building goes back only when a 7th is built",
                    "建物を場に返すのは7つ目を建てたときだけです",
                )
            return "solo 2", Words(
                f"you do not own {action.building!r}", f"{action.building!r}を持っていません"
            )
        return "プレーの手順", Words(
            f"{code!r} is not a Rummy City action", f"{code!r}はラミーシティの手ではありません"
        )

    def _making(self) -> Words:
        """The combination under way: "♠3Run for the Park" / 「公園の♠3Run」."""
        if self.target is None:
            kind = KIND_NAMES_JA.get(self.kind, self.kind)
            return Words(
                f"{self.kind} matching no building you own (no building)", f"建物なしの{kind}"
            )
        target = self.catalogue[self.target]
        return Words(f"{self.recipes[0]} for the {target.en}", f"{target.ja}の{self.recipes[0]}")

    # --- carry out -------------------------------------------------------------------------
    def _idle(self, seat: int) -> bool:
        """Whether ``end`` is ``seat``'s only move now whatever its hand holds; then the game
        moves on by itself (ruling 21). It is decided from what everyone sees (the hand's
        size, the buildings, the combinations on the table), so moving on tells the others
        nothing of the hand; a seat that might have a move acts, if only to ``end``."""
        size = len(self.hands[seat])
        if size and self._open_spots(seat):
            return False
        if self.phase is SETTLE_PHASE:
            return size == 0 or all(len(c.cards) >= LONGEST[c.kind] for c in self.laid[1 - seat])
        goals = self.catalogue.holdings(self.owned[seat]).goals
        may_build = self.builds < MOST_BUILDS and any(r.size <= size for _, r in goals)
        may_meld = self.final and any(
            r.size <= size for k in KINDS for r in self._meld_recipes(seat, k)
        )
        return not (may_build or may_meld)

    def carry_out(self, seat: int, action: RummyCityAction) -> list[Event]:
        # The most frequent moves first (a random game's: lay, draw, take, done, end).
        if isinstance(action, Lay):
            self.chosen.append(self.take_from_hand(seat, action.card))
            self._forget(seat, [action.card])
            return [public("lay", seat, card=action.card.code)]
        if isinstance(action, Draw):
            return self._draw(seat, action.count)
        if isinstance(action, Take):
            return self._take(seat, action.position)
        if isinstance(action, Done):
            if self.phase is PICK_PHASE:
                return self._finish_pick(seat)
            return self._complete(seat)
        if isinstance(action, End):
            # Said to everyone: the table's log would otherwise show only that a move was made.
            of = "layoffs" if self.phase is SETTLE_PHASE else "turn"
            return [public("end", seat, of=of), *self._end(seat)]
        if isinstance(action, Build | Meld):
            return self._start_combination(seat, action)
        if isinstance(action, Pass):
            return self._pass(seat)
        if isinstance(action, Look):
            return self._look(seat)
        if isinstance(action, Place):
            self.take_from_hand(seat, action.card)
            self._forget(seat, [action.card])
            self.deposits[action.building] = action.card
            return [public("place", seat, building=action.building, card=action.card.code)]
        if isinstance(action, LayOff):
            return self._lay_off(seat, action)
        assert isinstance(action, Return)
        return self._return(seat, action.building)

    # --- drawing ------------------------------------------------------------------------------
    def _draw(self, seat: int, count: int) -> list[Event]:
        cards = self.row[:count]
        del self.row[:count]
        return self._into_hand(seat, cards)

    def _look(self, seat: int) -> list[Event]:
        """学校: "山札から引くときに、いらないカードは残し、要るカードをもらう"."""
        self.looked = self.row[: self.draw_limit(seat)]
        self.taken = []
        self.seen[seat].update(c for c in self.looked if c in self.face_down)
        self.phase = PICK_PHASE
        return [
            public("look", seat, count=len(self.looked)),
            private("looked", seat, just(seat), cards=[c.code for c in self.looked]),
        ]

    def _take(self, seat: int, position: int) -> list[Event]:
        self.taken.append(position)
        events = [public("take", seat, position=position)]
        if len(self.taken) < len(self.looked):
            return events
        return events + self._finish_pick(seat)

    def _finish_pick(self, seat: int) -> list[Event]:
        cards = [self.looked[p - 1] for p in sorted(self.taken)]
        for c in cards:
            self.row.remove(c)
        self.looked, self.taken = [], []
        return self._into_hand(seat, cards)

    def _into_hand(self, seat: int, cards: list[Card]) -> list[Event]:
        """The drawn cards go to hand; the other player keeps knowing the face-up ones
        ("表向き") and any face-down one it had looked at."""
        hidden = [c for c in cards if c in self.face_down]
        face_up = [c for c in cards if c not in self.face_down]
        events = [
            public(
                "draw",
                seat,
                count=len(cards),
                face_up=[c.code for c in face_up],
                face_down=len(hidden),
            )
        ]
        if hidden:
            events.append(private("drew", seat, just(seat), cards=[c.code for c in hidden]))
        self.add_to_hand(seat, cards)
        for viewer, known in enumerate(self.known):
            if viewer != seat:
                known[seat].update(face_up)
                if hidden:
                    seen = self._seen_by(viewer)
                    known[seat].update(c for c in hidden if c in seen)
        self._leave_row(cards)
        if len(cards) >= STATION_DRAW and not self.solo:
            events += self._fare(seat)
        if self.solo:
            events += self._discard_from_row(seat, len(cards))
        return events + self._end_turn(seat, passed=False)

    def _leave_row(self, cards: list[Card]) -> None:
        for c in cards:
            self.face_down.discard(c)
            for seen in self.seen:
                seen.discard(c)

    def _discard_from_row(self, seat: int, count: int) -> list[Event]:
        """Solo 1 and 5: "引いた枚数と同じだけ上からカードを捨て札にします"."""
        gone = self.row[:count]
        del self.row[:count]
        self._leave_row(gone)
        self.discards.extend(gone)
        return [public("discard", seat, cards=[c.code for c in gone])] if gone else []

    def _fare(self, seat: int) -> list[Event]:
        """Our Station: the other player's big draws pay a fare (運賃)."""
        other = 1 - seat
        if not self._owns_effect(other, STATION) or self.tepu[seat] == 0:
            return []
        fare = min(STATION_FARE, self.tepu[seat])
        self.tepu[seat] -= fare
        self.tepu[other] += fare
        return [public("fare", seat, to=other, tepu=fare)]

    def _gain(self, seat: int, tepu: int, why: str) -> list[Event]:
        self.tepu[seat] += tepu
        return [public("gain", seat, tepu=tepu, why=why)]

    def _pass(self, seat: int) -> list[Event]:
        events = [public("pass", seat)]
        if self.solo:
            events += self._discard_from_row(seat, SOLO_PASS_DISCARDS)
        return events + self._end_turn(seat, passed=True)

    # --- building ------------------------------------------------------------------------------
    def _start_combination(self, seat: int, action: Build | Meld) -> list[Event]:
        if isinstance(action, Build):
            self.target = action.building
            self.recipes = (self.catalogue[action.building].recipe,)
            self.kind = self.recipes[0].kind
        else:
            self.target = None
            self.kind = action.kind
            self.recipes = self._meld_recipes(seat, action.kind)
        self.chosen = []
        self.phase = LAY_PHASE
        return [public("start", seat, building=self.target, combination=self.kind)]

    def _complete(self, seat: int) -> list[Event]:
        combo = Combination(self.kind, tuple(self.chosen), self.target)
        self.laid[seat].append(combo)
        self.chosen, self.recipes = [], ()
        events = [
            public("combination", seat, combination=combo.kind, cards=[c.code for c in combo.cards])
        ]
        other = 1 - seat
        if combo.is_mix3 and not self.solo and self._owns_effect(other, POST_OFFICE):
            events += self._gain(other, POST_OFFICE_TEPU, "post_office")
        if self.target is not None:
            events += self._claim(seat, self.target)
            self.target = None
            if self.solo and len(self.owned[seat]) > SOLO_MOST_BUILDINGS:
                self.phase = RETURN_PHASE
                return events
        return events + self._between_combinations(seat)

    def _claim(self, seat: int, building: str) -> list[Event]:
        """ "場から、または「相手から」自分の前に動かす"."""
        owner = self.owner(building)
        if owner is None:
            self.supply.remove(building)
        else:
            self.owned[owner].remove(building)
        self.owned[seat].append(building)
        self.builds += 1
        return [public("build", seat, building=building, taken_from=owner)]

    def _return(self, seat: int, building: str) -> list[Event]:
        self.owned[seat].remove(building)
        self.supply.append(building)
        self.supply.sort(key=[b.id for b in self.catalogue.buildings].index)
        return [public("return", seat, building=building), *self._between_combinations(seat)]

    def _between_combinations(self, seat: int) -> list[Event]:
        self.phase = BUILD_PHASE
        if self._idle(seat):
            return self._end(seat)
        return []

    def _end(self, seat: int) -> list[Event]:
        """End a turn of building (or a final turn), or one's lay-offs."""
        if self.phase is SETTLE_PHASE:
            return self._next_settler()
        if self.final:
            return self._next_final_turn()
        return self._end_turn(seat, passed=False)

    def _end_turn(self, seat: int, passed: bool) -> list[Event]:
        # "パスをすると、♦️の効果は無くなってしまいます"
        events = [] if passed else self._diamond_effects(seat)
        self.passes = self.passes + 1 if passed else 0
        self.builds = 0
        if not self.row:  # "山札が無くなると、ラウンド終了の合図"
            return events + self._start_final_turns(seat)
        self.turn = (seat + 1) % self.players
        self.phase = TURN_PHASE
        return events

    def _diamond_effects(self, seat: int) -> list[Event]:
        """Our ♦ buildings (ruling 12), at the end of a turn their owner did not pass: the
        row's top card, as everyone sees it, pays the Market if it is a face-up ♦, the Mine if
        it lies face down."""
        if not self.row:
            return []
        top = self.row[0]
        pays = MINE if top in self.face_down else MARKET if top.suit == DIAMOND_SUIT else None
        if pays is None or not self._owns_effect(seat, pays):
            return []
        return self._gain(seat, DIAMOND_TEPU, pays)

    # --- the round's end ----------------------------------------------------------------------
    def _start_final_turns(self, last: int) -> list[Event]:
        """ "最後のカードを引いた後、次のプレイヤー(相手)は組み合わせをいくらでも出す事が
        できます…最後のカードを引いた方も同様にプレー"."""
        self.last_drawer = last
        self.final = True
        self.queue = [(last + 1 + i) % self.players for i in range(self.players)]
        return [public("round_end", last), *self._next_final_turn(first=True)]

    def _next_final_turn(self, first: bool = False) -> list[Event]:
        if not first:
            self.queue.pop(0)
        self.builds = 0
        while self.queue:
            self.turn = self.queue[0]
            self.phase = BUILD_PHASE
            if not self._idle(self.turn):
                return [public("final_turn", self.turn)]
            self.queue.pop(0)
        self.final = False
        return self._start_settlement()

    def _start_settlement(self) -> list[Event]:
        if self.solo:  # ruling: the solo settlement has no lay-offs
            return self._pay()
        assert self.last_drawer is not None
        self.queue = [1 - self.last_drawer, self.last_drawer]
        return [public("settlement", None), *self._next_settler(first=True)]

    def _next_settler(self, first: bool = False) -> list[Event]:
        if not first:
            self.queue.pop(0)
        while self.queue:
            self.turn = self.queue[0]
            self.phase = SETTLE_PHASE
            if not self._idle(self.turn):
                return []
            self.queue.pop(0)
        return self._pay()

    def _lay_off(self, seat: int, action: LayOff) -> list[Event]:
        other = 1 - seat
        piece = self.take_from_hand(seat, action.card)
        combos = self.laid[other]
        combos[action.target - 1] = combos[action.target - 1].with_piece(piece)
        self._forget(seat, [action.card])
        events = [public("layoff", seat, card=action.card.code, target=action.target)]
        if self._idle(seat):
            events += self._next_settler()
        return events

    def _pay(self) -> list[Event]:
        """決算: pay 1 tepu per card in hand (all you have if short), then gain 1 per
        combination laid this round, then the buildings' income (ours)."""
        record = scoring.settle(self)
        self.settlements.append(record)
        events = [public("settled", None, **record)]
        return events + self._after_settlement()

    def _after_settlement(self) -> list[Event]:
        opts = self.options
        if self.solo:
            if self.round >= opts.solo_rounds:
                return self._finish("three rounds played (ソロ 4)")
            return self._new_round()
        top = max(self.tepu)
        if self.overtime:
            return self._finish("the extra round (延長戦) is over")
        if top >= opts.target:
            if self.tepu[0] == self.tepu[1]:
                self.overtime = True
                return [public("overtime", None, tepu=list(self.tepu)), *self._new_round()]
            return self._finish(f"{top} tepu reached ({opts.target}+)")
        if self.round >= opts.round_limit:
            return self._finish(f"round limit {opts.round_limit} reached (ruling)")
        return self._new_round()

    def _finish(self, reason: str) -> list[Event]:
        self.phase = OVER_PHASE
        self.queue = []
        self.result = scoring.outcome(self, reason)
        return [public("game_over", None, **self.result.to_json())]

    def outcome(self) -> Outcome | None:
        return self.result

    def standing(self) -> tuple[float, ...]:
        """Tepu held, plus one settlement's income from the buildings owned (a building's
        worth is what it will pay)."""
        return tuple(
            float(self.tepu[seat] + sum(self.building(b).income for b in self.owned[seat]))
            for seat in range(self.players)
        )

    # --- rounds -----------------------------------------------------------------------------
    def _new_round(self) -> list[Event]:
        """準備: deal 2 each; of the rest, 12 face down and the others face up, mixed into a
        row. Buildings stay (and the cards on the Bank and the Police station with them)."""
        self.round += 1
        self.last_laid, self.last_hands, self.last_discards = self.laid, self.hands, self.discards
        self.hands = [[] for _ in range(self.players)]
        if self.round == 1:
            start = self.options.start_player
            self.first = start if start is not None else self.rng.randrange(self.players)
        else:
            self.first = (self.first + 1) % self.players  # ruling: the first player alternates
        out_of_play = set(self.deposits.values()) | set(self.boxed)
        cards = [c for c in FRENCH52.cards if c not in out_of_play]
        self.rng.shuffle(cards)
        for i in range(self.players):
            seat = (self.first + i) % self.players
            self.hands[seat] = cards[HAND_SIZE * i : HAND_SIZE * (i + 1)]
        rest = cards[HAND_SIZE * self.players :]
        self.face_down = set(rest[:FACE_DOWN])
        self.rng.shuffle(rest)  # "裏向きのカードと表にしたカードをよく混ぜます"
        self.begin_round(rest)
        return [public("round", self.first, round=self.round, row=self.row_codes(None))]

    def _forget(self, seat: int, cards: list[Card]) -> None:
        for known in self.known:
            known[seat].difference_update(cards)

    # --- views --------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return dict(view_of(self, seat))

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        return determinize(self, seat, rng)


def _rule_ja(rule: str) -> str:
    """A rule's name in Japanese: the rulebook's sections are already (学校 less its English),
    the solo rules are its ソロプレイルール, a ruling is the project's (docs/rules), and the
    moves' order is its プレーの手順."""
    return (
        rule.replace(" (School)", "")
        .replace("solo ", "ソロプレイルール ")
        .replace("ruling ", "裁定 ")
    )


def _not_in_hand(card: Card) -> Words:
    return Words(f"{card} is not in your hand", f"{card}は手札にありません")


def new_state(
    options: RummyCityOptions, seed: int, setup: Mapping[str, Any] | None = None
) -> RummyCityState:
    """準備, or a scenario (see ``scenarios.py``)."""
    state = RummyCityRules(options, Chance(seed))
    if setup is not None:
        apply_setup(state, setup)
        state.opening_tepu = tuple(state.tepu)
        return state
    state._new_round()
    return state
