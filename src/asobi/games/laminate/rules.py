"""Laminate Rummy (ラミネートラミー), for 3–5 players.

References are to the rulebook (``shared/rulebooks/002_4d37ef8a11515e97.txt``):
【ゲームの準備】 1–6, 【ゲームの進行】 (1. 研究, 2. 論文発表, 3. 査読, 論文の引用),
【ゲームの終了と勝利条件】, 【役の補足説明】 and 【補遺】. Rulings are in
``docs/rules/laminate.md``.

Publishing is a sequence of decisions (the paper, its cards one by one, the thanks for
each citation) that the other players do not see until the paper is on the table: a
publication in progress is the publisher's private business, so a world resampled for
another seat starts that turn afresh.

The table itself (the options, the hands, the papers, the phase) is ``state.py``'s; this
module adds the rules to it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Self

from asobi.core.actions import Action
from asobi.core.cards import SEVEN, Card
from asobi.core.errors import IllegalAction
from asobi.core.events import Event, private, public
from asobi.core.protocol import Chance, Outcome
from asobi.core.turns import NOBODY, just, next_seat
from asobi.core.words import Words
from asobi.games.laminate import scoring
from asobi.games.laminate.actions import (
    CITE,
    DISCARD,
    DONE,
    DRAW,
    END_FLAG,
    FLAG,
    GIVE,
    KEEP,
    LAY,
    PASS,
    PUBLISH,
    PUBLISHABLE,
    REVIEW,
    TAKE,
    Cite,
    Discard,
    Done,
    Draw,
    Flag,
    Give,
    Keep,
    LaminateAction,
    Lay,
    PaperType,
    Pass,
    Publish,
    Review,
    Take,
)
from asobi.games.laminate.papers import (
    COST,
    FOREIGN,
    HAND,
    OWN,
    Pool,
    finished,
    min_cost,
    next_choices,
    publishable_papers,
)
from asobi.games.laminate.scenarios import apply_setup
from asobi.games.laminate.state import (
    FLAG_PHASE,
    GIFT_PHASE,
    KEEP_PHASE,
    OVER_PHASE,
    PUBLISH_PHASE,
    SETUP_PHASE,
    START_HAND,
    TURN_PHASE,
    Draft,
    LaminateOptions,
    LaminateState,
    Paper,
)
from asobi.games.laminate.views import determinize, view_of
from asobi.games.laminate.words import PAPER_NAME

DECK_ORDER = {card: i for i, card in enumerate(SEVEN.cards)}  # the order hands are listed in
DEAL = (3, 3, 4, 4, 5)  # 準備 5: cards drawn by the first, second, ... player


class LaminateRules(LaminateState):
    """Laminate Rummy: who acts, what they may do, and what each action does to the table."""

    # --- who acts, and what they may do -----------------------------------------------
    def who_acts(self) -> frozenset[int]:
        return NOBODY if self.phase is OVER_PHASE else just(self._actor())

    def _actor(self) -> int:
        if self.phase is SETUP_PHASE:
            return self._setup_seat()
        return self.turn

    def first_player(self) -> int | None:
        # 準備 6 has the third seat on discard first, but seat 0 takes the first turn.
        return 0

    def _setup_seat(self) -> int:
        """準備 6: "3番手から順に" — the first seat still holding more than three cards."""
        for seat in range(self.n):
            if len(self.hands[seat]) > START_HAND:
                return seat
        return 0

    def list_legal(self, seat: int) -> list[LaminateAction]:
        hand = self.hands[seat]
        phase = self.phase
        if phase is TURN_PHASE:
            return self._turn_options(seat)
        if phase is KEEP_PHASE:
            return [KEEP[c] for c in self.drawn]
        if phase is PUBLISH_PHASE:
            return self._publish_options(seat)
        if phase is GIFT_PHASE:
            return [GIVE[c] for c in SEVEN.sort(self._giftable(seat))]
        if phase is FLAG_PHASE:
            return [FLAG[c] for c in SEVEN.sort(hand)]
        if phase is SETUP_PHASE:
            return [DISCARD[c] for c in SEVEN.sort(hand)]
        return []

    def _turn_options(self, seat: int) -> list[LaminateAction]:
        options: list[LaminateAction] = []
        if self._can_draw():
            options.append(DRAW)
        if self.discards:
            options.append(TAKE)
        options += [REVIEW[c] for c in self.reviewable()]
        can_act = bool(options)
        held = self._held(seat)
        open_papers = [p for p in PUBLISHABLE if self.supply[p] and p not in held]
        pool, size = self._pool(seat), len(self.hands[seat])
        options += [PUBLISH[paper] for paper in publishable_papers(open_papers, pool, size)]
        if not can_act:  # パス: "研究か査読ができるときはパスはできません"
            options.append(PASS)
        return options

    def _publish_options(self, seat: int) -> list[LaminateAction]:
        draft = self.draft
        assert draft is not None
        pool, budget = self._draft_pool(seat, draft)
        steps = next_choices(draft.paper, draft.laid + draft.cited, pool, budget, not draft.laid)
        # Lays, then citations, each in deck order (a card is in one source only: one sort).
        by_deck = sorted(steps, key=lambda step: DECK_ORDER[step[0]])
        options: list[LaminateAction] = [LAY[c] for c, src in by_deck if src == HAND]
        options += [CITE[c] for c, src in by_deck if src != HAND]
        if self._may_finish_100(draft):
            options.append(DONE)
        return options

    def check(self, seat: int, action: Action) -> None:
        # A move is checked once: scanning its list costs less than hashing every action
        # into the set ``is_listed`` keeps for repeated questions.
        if action in self.legal_actions(seat):
            return
        rule, reason = self._why_illegal(seat, action)
        raise IllegalAction(rule, reason.en, ja=reason.ja)

    # --- what an action does ----------------------------------------------------------
    def carry_out(self, seat: int, action: LaminateAction) -> list[Event]:
        if isinstance(action, Review):
            self.passes = 0
            return self._review(seat, action.card) + self._end_turn(seat)
        if isinstance(action, Draw):
            self.passes = 0
            return self._draw(seat)
        if isinstance(action, Keep):
            return self._keep(seat, action.card) + self._end_turn(seat)
        if isinstance(action, Take):
            self.passes = 0
            return self._take(seat) + self._end_turn(seat)
        if isinstance(action, Publish):
            # (Passes in a row end once the paper is on the table: a draft in progress is
            # the drafter's secret, and so is that this turn is not a pass.)
            self.phase = PUBLISH_PHASE
            self.draft = Draft(action.paper)
            self._dpool = None
            return []  # the others see nothing until the paper is on the table
        if isinstance(action, Lay | Cite):
            return self._add_card(seat, action)
        if isinstance(action, Done):
            return self._cards_chosen(seat)
        if isinstance(action, Give):
            return self._give(seat, action.card)
        if isinstance(action, Flag):
            return self._flag(seat, action.card)
        if isinstance(action, Pass):
            return self._pass(seat)
        assert isinstance(action, Discard)
        return self._setup_discard(seat, action.card)

    # --- 準備 6 -----------------------------------------------------------------------
    def _setup_discard(self, seat: int, card: Card) -> list[Event]:
        self.hands[seat].remove(card)
        self.discards.append(card)
        events = [public("discard", seat, card=card.code)]
        if all(len(h) <= START_HAND for h in self.hands):
            self.phase = TURN_PHASE
            self.turn = 0
            events.append(public("turn", 0, turn=self.turn_no))
        return events

    # --- 1. 研究 ------------------------------------------------------------------------
    def _can_draw(self) -> bool:
        """補遺: two from the deck, refilled from the discards when it runs out midway;
        when deck and discards hold one card together, that card (a discard is taken)."""
        deck, discards = len(self.deck), len(self.discards)
        return deck + discards >= 2 or deck == 1

    def _reshuffle(self) -> Event:
        """補遺: "次に山札を引く必要が出来たタイミングで捨て札置き場のカードをシャッフル"."""
        self.deck = SEVEN.sort(self.discards)
        self.discards = []
        self.rng.shuffle(self.deck)
        return public("reshuffle", None, deck=len(self.deck))

    def _draw(self, seat: int) -> list[Event]:
        events: list[Event] = []
        drawn: list[Card] = []
        for _ in range(2):
            if not self.deck:
                if not self.discards:
                    break  # 補遺: deck and discards held one card together
                events.append(self._reshuffle())
            drawn.append(self.deck.pop())
        if len(drawn) == 1:  # "その1枚を手札に加えます"
            self.hands[seat].append(drawn[0])
            return [
                *events,
                public("draw", seat, count=1, deck=len(self.deck)),
                private("drawn", seat, just(seat), cards=[drawn[0].code]),
                *self._end_turn(seat),
            ]
        self.drawn = drawn
        self.phase = KEEP_PHASE
        return [
            *events,
            public("draw", seat, count=2, deck=len(self.deck)),
            private("drawn", seat, just(seat), cards=[c.code for c in drawn]),
        ]

    def _keep(self, seat: int, card: Card) -> list[Event]:
        (other,) = [c for c in self.drawn if c != card]
        self.drawn = []
        self.hands[seat].append(card)
        self.discards.append(other)
        return [
            private("kept", seat, just(seat), card=card.code),
            public("discard", seat, card=other.code),
        ]

    def _take(self, seat: int) -> list[Event]:
        card = self.discards.pop()
        self.hands[seat].append(card)
        self._seen_arrive(seat, card)
        return [public("take", seat, card=card.code)]

    # --- 3. 査読 ------------------------------------------------------------------------
    def _review(self, seat: int, card: Card) -> list[Event]:
        author, paper = self._paper_holding(card)
        paper.cards.remove(card)
        if paper.complete:
            self.paper_completed(author, paper.cards[0])
        else:
            self.reviews_changed()
        self.hands[seat].append(card)
        self._seen_arrive(seat, card)
        return [
            public(
                "review",
                seat,
                card=card.code,
                author=author,
                paper=paper.kind.id,
                complete=paper.complete,
            )
        ]

    def _paper_holding(self, card: Card) -> tuple[int, Paper]:
        for author, papers in enumerate(self.papers):
            for paper in papers:
                if card in paper.cards:
                    return author, paper
        raise KeyError(card)

    # --- 2. 論文発表 and 論文の引用 --------------------------------------------------------
    def _held(self, seat: int) -> set[PaperType]:
        return {p.kind for p in self.papers[seat]}

    def _pool(self, seat: int, draft: Draft | None = None) -> Pool:
        """What ``seat`` may publish from: its hand and the complete papers, less what a
        publication in progress has laid and cited."""
        hand = self.hands[seat]
        if draft is None:
            return self.cite_pool(seat).with_hand(hand)
        pool = self.cite_pool(seat).with_hand([c for c in hand if c not in draft.laid])
        for card in draft.cited:
            source = pool.source_of(card)
            assert source is not None
            pool = pool.without(card, source)
        return pool

    def _draft_pool(self, seat: int, draft: Draft) -> tuple[Pool, int]:
        """What the draft may still use, and the hand cards it may still spend (each
        citation of another's paper keeps one back for thanks)."""
        if self._dpool is None:
            pool = self._pool(seat, draft)
            self._dpool = (pool, len(pool.cards[HAND]) - len(self._thanked(seat, draft)))
        return self._dpool

    def _thanked(self, seat: int, draft: Draft) -> list[int]:
        """The author of each paper of another player cited: one hand card each."""
        authors = self.citable()
        return [authors[c] for c in draft.cited if authors[c] != seat]

    def _may_finish_100(self, draft: Draft) -> bool:
        return (
            draft.paper.at_least
            and bool(draft.laid)
            and sum(c.rank for c in draft.laid + draft.cited) >= draft.paper.total
        )

    def _add_card(self, seat: int, action: Lay | Cite) -> list[Event]:
        draft = self.draft
        assert draft is not None
        card = action.card
        if isinstance(action, Lay):
            draft.laid.append(card)
            source = HAND
        else:
            draft.cited.append(card)
            source = OWN if self.citable()[card] == seat else FOREIGN
        if self._dpool is not None:  # neither the hand nor the papers change meanwhile
            pool, budget = self._dpool
            self._dpool = (pool.without(card, source), budget - COST[source])
        if finished(draft.paper, draft.laid + draft.cited):
            return self._cards_chosen(seat)
        return []

    def _cards_chosen(self, seat: int) -> list[Event]:
        draft = self.draft
        assert draft is not None
        if self._thanked(seat, draft):
            self.phase = GIFT_PHASE
            return []
        return self._publish(seat)

    def _giftable(self, seat: int) -> list[Card]:
        draft = self.draft
        assert draft is not None
        return [c for c in self.hands[seat] if c not in draft.laid and c not in draft.thanks]

    def _give(self, seat: int, card: Card) -> list[Event]:
        draft = self.draft
        assert draft is not None
        draft.thanks.append(card)
        if len(draft.thanks) < len(self._thanked(seat, draft)):
            return []
        return self._publish(seat)

    def _publish(self, seat: int) -> list[Event]:
        """The paper goes on the table with the cards laid from the hand; cited cards stay
        where they are; each cited author of another player receives a card."""
        draft = self.draft
        assert draft is not None
        self.passes = 0  # (not at the draft's first step, which nobody else sees)
        authors = self.citable()
        hand = self.hands[seat]
        for card in draft.laid:
            hand.remove(card)
        self._seen_leave(seat, draft.laid)
        paper = Paper(draft.paper, list(draft.laid))
        self.papers[seat].append(paper)
        self._tally_citations(seat, [authors[c] for c in draft.cited])
        if paper.complete:  # one card laid, the rest cited
            self.paper_completed(seat, paper.cards[0])
        else:
            self.reviews_changed()
        self.supply[draft.paper] -= 1
        events = [
            public(
                "publish",
                seat,
                paper=draft.paper.id,
                cards=[c.code for c in draft.laid],
                cited=[{"card": c.code, "author": authors[c]} for c in draft.cited],
                complete=paper.complete,
            )
        ]
        for card, author in zip(draft.thanks, self._thanked(seat, draft), strict=True):
            hand.remove(card)
            self.hands[author].append(card)
            self._seen_given(seat, author, card)
            events += [
                public("thanks", seat, receiver=author),
                private("gift", seat, frozenset({seat, author}), receiver=author, card=card.code),
            ]
        self.draft = None
        return events + self._end_turn(seat)

    def _tally_citations(self, citer: int, authors: list[int]) -> None:
        row = list(self.citations[citer])
        for author in authors:
            row[author] += 1
        self.citations = tuple(
            tuple(row) if seat == citer else counts for seat, counts in enumerate(self.citations)
        )

    # --- knowledge of hands -----------------------------------------------------------------
    def _seen_arrive(self, seat: int, card: Card) -> None:
        """A card taken in view of everyone (from the discards or a paper)."""
        for viewer in range(self.n + 1):
            if viewer != seat:
                self.known[viewer][seat].add(card)

    def _seen_leave(self, seat: int, cards: Sequence[Card]) -> None:
        for viewer in range(self.n + 1):
            self.known[viewer][seat].difference_update(cards)

    def _seen_given(self, giver: int, receiver: int, card: Card) -> None:
        """A card handed over in secret: the two know which; everyone else only learns
        that one of the giver's cards left, so what they knew of that hand is no longer sure."""
        for viewer in range(self.n + 1):
            if viewer == giver:
                self.known[viewer][receiver].add(card)
            elif viewer == receiver:
                self.known[viewer][giver].discard(card)
            else:
                self.known[viewer][giver].clear()

    # --- passing, the end of a turn, the end of the game ---------------------------------
    def _pass(self, seat: int) -> list[Event]:
        self.passes += 1
        events = [public("pass", seat, in_a_row=self.passes)]
        if self.passes >= self.n:  # "全員が連続でパスをしたら、その場でゲーム終了"
            return events + self._finish("everyone passed in a row")
        return events + self._end_turn(seat)

    def points(self, seat: int) -> int:
        """The points of ``seat``'s complete papers, asked at the end of every turn: worked
        out for every seat once a paper is completed (``paper_completed``)."""
        if self._points is None:
            self._points = [scoring.points(papers) for papers in self.papers]
        return self._points[seat]

    def _end_turn(self, seat: int) -> list[Event]:
        """ゲームの終了: at the end of one's own turn, complete papers worth 15+ meet the
        end condition; the End Flag is taken with a hand card (none: no flag)."""
        self.draft = None
        if self.trigger is None and self.points(seat) >= self.options.end_points:
            self.trigger = seat
            self.turns_left = 2 * self.n - 1  # one more turn for them, two for the others
            flag = bool(self.hands[seat]) and self.supply[END_FLAG] > 0
            events = [public("end_triggered", seat, points=self.points(seat), flag=flag)]
            if flag:
                self.phase = FLAG_PHASE
                return events
            return events + self._next_turn()
        return self._next_turn()

    def _flag(self, seat: int, card: Card) -> list[Event]:
        self.hands[seat].remove(card)
        self._seen_leave(seat, [card])
        self.papers[seat].append(Paper(END_FLAG, [card]))
        self.paper_completed(seat, card)
        self.supply[END_FLAG] -= 1
        return [public("flag", seat, card=card.code), *self._next_turn()]

    def _next_turn(self) -> list[Event]:
        if self.trigger is not None:
            if self.turns_left == 0:  # the player to the trigger's right has played
                return self._finish("the end condition was met")
            self.turns_left -= 1
        self.turn = next_seat(self.turn, self.n)
        self.turn_no += 1
        self.phase = TURN_PHASE
        return [public("turn", self.turn, turn=self.turn_no)]

    def _finish(self, reason: str) -> list[Event]:
        self.phase = OVER_PHASE
        self.end_reason = reason
        self.result = scoring.final_outcome(self.papers, reason, self.trigger, self.citations)
        return [public("game_over", None, **self.result.to_json())]

    def outcome(self) -> Outcome | None:
        return self.result

    def standing(self) -> tuple[float, ...]:
        """Points of complete papers: what each seat would score if the game ended now."""
        return tuple(float(scoring.points(papers)) for papers in self.papers)

    # --- refusals -----------------------------------------------------------------------------
    def _why_illegal(self, seat: int, action: Any) -> tuple[str, Words]:
        """The rule that forbids ``action`` now, and why, in both languages."""
        phase = self.phase
        waiting = {
            SETUP_PHASE: Words(
                "discarding dealt cards down to three ('discard X')",
                "配られた手札を3枚になるまで捨てるところです('discard X')",
            ),
            TURN_PHASE: Words(
                "choosing this turn's action", "この手番のアクションを選ぶところです"
            ),
            KEEP_PHASE: Words(
                "keeping one of the two cards drawn ('keep X')",
                "引いた2枚から1枚を残すところです('keep X')",
            ),
            PUBLISH_PHASE: Words(
                "laying the cards of your paper ('lay X', 'cite X')",
                "論文のカードを出すところです('lay X'、'cite X')",
            ),
            GIFT_PHASE: Words(
                "giving a card for each paper of another player cited ('give X')",
                "引用したほかの人の論文1つにつき1枚、お礼のカードを渡すところです('give X')",
            ),
            FLAG_PHASE: Words(
                "laying a hand card with the End Flag ('flag X')",
                "手札1枚をエンドフラグと一緒に出すところです('flag X')",
            ),
            OVER_PHASE: Words("nothing: the game is over", "ゲームは終了しています"),
        }[phase]
        now = Words(f"now the game is waiting for {waiting.en}", f"今は{waiting.ja}")
        if isinstance(action, Discard):
            if phase is not SETUP_PHASE:
                return "ゲームの準備 6", Words(
                    f"cards are discarded so only while dealing; {now.en}",
                    f"この捨て方は準備のときだけです。{now.ja}",
                )
            return "ゲームの準備 6", _not_in_hand(action.card)
        if isinstance(action, Draw | Take | Review | Publish | Pass) and phase is not TURN_PHASE:
            return "ゲームの進行", Words(
                f"one action per turn, chosen at its start; {now.en}",
                f"アクションは手番に1つだけ、手番の初めに選びます。{now.ja}",
            )
        if isinstance(action, Draw):
            if not self.deck and not self.discards:
                return "1. 研究", Words(
                    "the deck and the discard pile are both empty", "山札も捨て札もありません"
                )
            return "補遺 研究アクションに対する注意", Words(
                "the deck is empty and the discard pile holds one card: take it ('take')",
                "山札がなく、捨て札は1枚です:それを取ります('take')",
            )
        if isinstance(action, Take):
            return "1. 研究", Words("the discard pile is empty", "捨て札がありません")
        if isinstance(action, Keep):
            if phase is not KEEP_PHASE:
                return "1. 研究", Words(
                    f"you have not drawn two cards to choose from; {now.en}",
                    f"選ぶための2枚を引いていません。{now.ja}",
                )
            drawn = " ".join(c.code for c in self.drawn)
            return "1. 研究", Words(
                f"{action.card} is not one of the cards you drew ({drawn})",
                f"{action.card}は引いたカード({drawn})ではありません",
            )
        if isinstance(action, Review):
            if action.card in self.citable():
                return "3. 査読", Words(
                    f"{action.card} is the last card of a complete paper; only papers "
                    "holding 2 or more cards are reviewed",
                    f"{action.card}は完成した論文の最後のカードです。査読できるのは"
                    "セブンのカードが2枚以上ある(査読中)の論文だけです",
                )
            return "3. 査読", Words(
                f"{action.card} is not on a paper under review (査読中)",
                f"{action.card}は(査読中)の論文にありません",
            )
        if isinstance(action, Publish):
            return self._why_not_publish(seat, action.paper)
        if isinstance(action, Pass):
            return "補遺 パスに対する注意", Words(
                "研究か査読ができるときはパスはできません: you can research or review",
                "研究か査読ができるときはパスはできません",
            )
        if isinstance(action, Lay | Cite | Done):
            if phase is not PUBLISH_PHASE or self.draft is None:
                return "2. 論文発表", Words(
                    f"you are not laying a paper's cards; {now.en}",
                    f"論文のカードを出しているところではありません。{now.ja}",
                )
            if isinstance(action, Done):
                return self._why_not_done(self.draft)
            if isinstance(action, Lay):
                return self._why_not_lay(seat, self.draft, action.card)
            return self._why_not_cite(seat, self.draft, action.card)
        if isinstance(action, Give):
            if phase is not GIFT_PHASE:
                return "論文の引用", Words(
                    f"no citation is waiting for its thanks; {now.en}",
                    f"お礼を待つ引用はありません。{now.ja}",
                )
            return "論文の引用", _not_left_in_hand(action.card, "to give", "渡せる")
        if isinstance(action, Flag):
            if phase is not FLAG_PHASE:
                return "ゲームの終了と勝利条件", Words(
                    f"the End Flag is taken by the player who meets the end condition; {now.en}",
                    f"エンドフラグはゲーム終了条件を満たした人が獲得します。{now.ja}",
                )
            return "ゲームの終了と勝利条件", _not_in_hand(action.card)
        return "ゲームの進行", Words(
            f"{action!r} is not a Laminate Rummy action",
            f"{action!r}はラミネートラミーの手ではありません",
        )

    def _why_not_publish(self, seat: int, paper: PaperType) -> tuple[str, Words]:
        name = PAPER_NAME[paper.id].ja
        if paper in self._held(seat):
            return "2. 論文発表", Words(
                f"you already have a {paper} paper: "
                "同じ論文カードを1人で2枚以上入手することはできません",
                f"「{name}」の論文はもう持っています:"
                "同じ論文カードを1人で2枚以上入手することはできません",
            )
        if not self.supply[paper]:
            return "2. 論文発表", Words(
                f"no {paper} paper is left: 論文カードは早い者勝ち",
                f"「{name}」の論文カードは残っていません:論文カードは早い者勝ち",
            )
        return "2. 論文発表", Words(
            f"your hand and the complete papers you may cite cannot make a {paper}",
            f"手札と引用できる完成した論文では「{name}」を作れません",
        )

    def _why_not_done(self, draft: Draft) -> tuple[str, Words]:
        name = PAPER_NAME[draft.paper.id].ja
        if not draft.paper.at_least:
            return "2. 論文発表", Words(
                f"a {draft.paper} is published as soon as its combination is complete",
                f"「{name}」は組み合わせがそろった時点で発表されます",
            )
        if not draft.laid:
            return "論文の引用", Words(
                "引用のみで論文を発表することはできません: lay a hand card",
                "引用のみで論文を発表することはできません:手札のカードを出します",
            )
        total = sum(c.rank for c in draft.laid + draft.cited)
        return "役の補足説明 100+", Words(
            f"the cards total {total}, not 100 or more",
            f"カードの合計は{total}で、100以上ではありません",
        )

    def _why_not_lay(self, seat: int, draft: Draft, card: Card) -> tuple[str, Words]:
        if card not in self.hands[seat] or card in draft.laid:
            return "2. 論文発表", _not_left_in_hand(card)
        return "補遺 その他", Words(
            f"{card} cannot be part of this {draft.paper} with the cards chosen so far: "
            "役に関係ないカードを一緒に場に出すことはできません",
            f"{card}はここまでに選んだカードと「{PAPER_NAME[draft.paper.id].ja}」を作れません:"
            "役に関係ないカードを一緒に場に出すことはできません",
        )

    def _why_not_cite(self, seat: int, draft: Draft, card: Card) -> tuple[str, Words]:
        authors = self.citable()
        if card not in authors:
            try:
                self._paper_holding(card)
            except KeyError:
                return "論文の引用", Words(
                    f"{card} is not the card of a complete paper",
                    f"{card}は完成した論文のカードではありません",
                )
            return "論文の引用", Words(
                f"{card} is on a paper under review: まだ引用できません",
                f"{card}は(査読中)の論文のカードです:まだ引用できません",
            )
        if card in draft.cited:
            return "論文の引用", Words(f"{card} is cited already", f"{card}はもう引用しています")
        pool, budget = self._draft_pool(seat, draft)
        source = pool.source_of(card)
        assert source is not None
        step = 0 if authors[card] == seat else 1
        chosen = [*draft.laid, *draft.cited, card]
        rest = pool.without(card, source)
        if step and budget < 1:
            return "論文の引用", Words(
                "カードを渡すことができない場合は論文を引用することができません: "
                "no hand card would be left to give its author",
                "カードを渡すことができない場合は論文を引用することができません:"
                "執筆者に渡す手札が残りません",
            )
        if min_cost(draft.paper, chosen, rest, budget - step, False) is not None:
            return "論文の引用", Words(
                "引用のみで論文を発表することはできません: with this citation no card "
                "from your hand could complete the paper",
                "引用のみで論文を発表することはできません:この引用では手札のカードで"
                "論文を完成させられません",
            )
        if min_cost(draft.paper, chosen, rest, 99, not draft.laid) is not None:
            return "論文の引用", Words(
                "カードを渡すことができない場合は論文を引用することができません: "
                "your hand could not both complete the paper and thank every author cited",
                "カードを渡すことができない場合は論文を引用することができません:"
                "手札では論文の完成と、引用したすべての執筆者へのお礼を両立できません",
            )
        return "補遺 その他", Words(
            f"{card} cannot be part of this {draft.paper} with the cards chosen so far",
            f"{card}はここまでに選んだカードと「{PAPER_NAME[draft.paper.id].ja}」を作れません",
        )

    # --- what is known, and by whom ----------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return dict(view_of(self, seat))

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        return determinize(self, seat, rng)


def _not_in_hand(card: Card) -> Words:
    return Words(f"{card} is not in your hand", f"{card}は手札にありません")


def _not_left_in_hand(card: Card, en: str = "", ja: str = "") -> Words:
    """A card not (or no longer) in the hand: laid in the paper already, or never there."""
    return Words(
        f"{card} is not a card left in your hand{' ' + en if en else ''}",
        f"{card}は手札に残っている{ja}カードではありません",
    )


def new_state(
    options: LaminateOptions, seed: int, setup: Mapping[str, Any] | None = None
) -> LaminateRules:
    """ゲームの準備: the SEVEN deck shuffled, 3, 3, 4, 4, 5 cards dealt in seat order."""
    state = LaminateRules(options, Chance(seed))
    if setup is not None:
        apply_setup(state, setup)
        return state
    state.deck = list(SEVEN.cards)
    state.rng.shuffle(state.deck)
    for seat in range(options.players):
        state.hands[seat] = [state.deck.pop() for _ in range(DEAL[seat])]
    state.phase = SETUP_PHASE if any(len(h) > START_HAND for h in state.hands) else TURN_PHASE
    return state


__all__ = ["LaminateRules", "new_state"]
