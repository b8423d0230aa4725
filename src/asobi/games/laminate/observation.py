"""Laminate Rummy observations: one seat's view as a fixed-size vector, for learning agents.

Built from ``State.view(seat)`` alone (``views.read_view``), so it holds nothing the seat may
not know: another hand's cards only where the seat saw them arrive, another researcher's two
drawn cards never, another's publication in progress never (it looks like an ordinary turn).
Seats are in the observing seat's perspective: "me" first, then the others in turn order
(時計回り), so block ``k`` of a per-seat feature is the ``k``-th player after me. Cards are
bags over the 49 SEVEN cards in the deck's fixed order ``HA H2 … K12 KK``; papers are in the
order of :data:`~asobi.games.laminate.actions.PAPER_TYPES` (``straight5`` … ``endflag``).
``Layout.describe()`` gives the table for the docs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from asobi.core.cards import SEVEN
from asobi.core.observation import Feature, Layout, Observer, Writer
from asobi.core.protocol import GameOptions
from asobi.games.laminate.actions import PAPER, PAPER_TYPES
from asobi.games.laminate.state import LaminateOptions, Phase
from asobi.games.laminate.views import read_view

CARD_INDEX: dict[str, int] = {c.code: i for i, c in enumerate(SEVEN.cards)}
RANK: dict[str, int] = {c.code: c.rank for c in SEVEN.cards}
N_CARDS = len(SEVEN.cards)  # 49
N_PAPERS = len(PAPER_TYPES)  # 16
PAPER_INDEX: dict[str, int] = {p.id: i for i, p in enumerate(PAPER_TYPES)}
PHASES: tuple[str, ...] = tuple(str(p) for p in Phase)
HAND_SCALE = 20  # hands seldom pass 20 cards (random play: 23 at most in 90 games)
TURN_SCALE = 120  # games of random play last 115–130 turns, real ones fewer
PAPER_SCALE = 12  # cards under one paper: at most 11 but for a 49 or a 100+ (13 seen)
COMPLETE_SCALE = 8  # complete papers of one player (8 at most in random play)
THANKS_SCALE = 8  # citations of other authors in one paper (9 at most in random play)
POINTS_SCALE = max(p.points for p in PAPER_TYPES)  # 11-straight: 9
SUM_SCALE = PAPER["sum100"].total  # 100


def _layout(n: int) -> Layout:
    cards, papers, others = N_CARDS, N_PAPERS, n - 1
    return Layout(
        [
            Feature(
                "phase",
                len(PHASES),
                "the decision now, one-hot: setup (準備 6: discard down to 3), turn (研究, "
                "査読, 論文発表 or パス), keep (研究: keep one of two drawn), publish (論文発表: "
                "lay or cite a card, done), gift (論文の引用: a card as お礼), flag (エンドフラグ: "
                "a card to lay with it), over",
            ),
            Feature("to_act", n, "who must act now, one-hot: me, then the others in turn order"),
            Feature(
                "turn", n, "whose turn (手番) it is, one-hot: me, then the others in turn order"
            ),
            Feature("turn_no", 1, "the turn number / 120"),
            Feature(
                "hand",
                cards,
                "my hand (手札), a bag over the 49 SEVEN cards HA … KK (cards laid in a "
                "publication in progress included)",
            ),
            Feature("hand_size", n, "cards in each hand / 20: me, then the others in turn order"),
            Feature(
                "known_cards",
                others * cards,
                "cards I know to be in each other hand (taken from the discards, reviewed "
                "from a paper, or given by me as お礼): the others in turn order",
            ),
            Feature(
                "unknown_cards",
                others,
                "cards of each other hand I do not know / 20: the others in turn order",
            ),
            Feature(
                "unseen",
                cards,
                "cards I cannot place: in the deck, in the other hands unknown to me, or drawn "
                "by another researcher",
            ),
            Feature("discards", cards, "the discard pile (捨て札), face up"),
            Feature("discard_top", cards, "the top of the discard pile, which 'take' takes"),
            Feature("deck", 1, "cards in the deck (山札) / 49"),
            Feature("drawing", 1, "cards drawn by the player to act and not yet kept / 2 (研究)"),
            Feature("drawn", cards, "the two cards I drew to choose from (研究)"),
            Feature(
                "supply",
                papers,
                "paper cards (論文カード) left in the centre / their copies, per paper "
                "straight5 … endflag",
            ),
            Feature(
                "papers_complete",
                n * papers,
                "the complete papers (完成) each player holds, per paper: me, then the others "
                "in turn order",
            ),
            Feature(
                "papers_review",
                n * papers,
                "the papers under review (査読中) each player holds, the cards still under "
                "each / 12, per paper: me, then the others in turn order",
            ),
            Feature(
                "paper_cards",
                n * cards,
                "the cards lying on each player's papers: me, then the others in turn order",
            ),
            Feature(
                "citable",
                cards,
                "cards left on a complete paper, which a paper may cite (引用できる)",
            ),
            Feature(
                "reviewable", cards, "cards on a paper under review (査読中), which 'review' takes"
            ),
            Feature(
                "review_completes",
                cards,
                "cards on a paper holding two: reviewing either completes that paper",
            ),
            Feature(
                "card_paper_points",
                cards,
                "for each card on a paper, the points of that paper / 9",
            ),
            Feature(
                "points",
                n,
                "points of complete papers / the end condition's points (15): me, then the "
                "others in turn order",
            ),
            Feature(
                "complete_papers",
                n,
                "complete papers (the tie-break: fewer wins) / 8: me, then the others in turn "
                "order",
            ),
            Feature(
                "end_condition",
                n,
                "who met the end condition (ゲーム終了条件), one-hot: me, then the others in "
                "turn order; zero before",
            ),
            Feature(
                "turns_left",
                1,
                "turns still to come after this one once the end condition is met / (2n − 1)",
            ),
            Feature("passes", 1, "passes in a row (パス) / the number of players"),
            Feature("draft_paper", papers, "the paper I am publishing (論文発表), one-hot"),
            Feature("draft_laid", cards, "the hand cards I laid in it so far"),
            Feature("draft_cited", cards, "the cards of complete papers I cited in it (引用)"),
            Feature("draft_thanks", cards, "the hand cards I chose as お礼 so far"),
            Feature(
                "draft_total", 1, "the rank total of the cards laid and cited / 100 (for 49, 100+)"
            ),
            Feature("thanks_due", 1, "お礼 still to give for this paper / 8"),
            Feature(
                "thanks_to",
                others,
                "who receives my next お礼, one-hot: the others in turn order",
            ),
        ]
    )


class LaminateObserver(Observer):
    """Laminate Rummy for given options: the layout's size depends on the player count."""

    def __init__(self, options: LaminateOptions) -> None:
        self.options = options
        self.players = options.players
        self.layout = _layout(options.players)

    def fill(self, out: Writer, raw: Mapping[str, Any]) -> None:
        view = read_view(raw)
        n = self.players
        me = view["seat"]
        if view["players"] != n:
            raise ValueError(f"a view of {view['players']} players, not {n}")
        if me is None or not 0 <= me < n:
            raise ValueError("a Laminate Rummy observation is of one seat's view")

        def place(seat: int) -> int:
            """Where a seat's block lies: 0 for me, then the others in turn order."""
            return (seat - me) % n

        order = [(me + k) % n for k in range(n)]
        seats = [view["seats"][s] for s in order]
        mine = seats[0]

        out.one_hot("phase", PHASES.index(view["phase"]))
        for seat in view["active"]:
            out.add("to_act", place(seat))
        out.one_hot("turn", place(view["turn"]))
        out.put("turn_no", view["turn_no"] / TURN_SCALE)

        out.bag("hand", mine["hand"], _index)
        out.put("hand_size", [s["hand_size"] / HAND_SCALE for s in seats])
        for k, entry in enumerate(seats[1:]):
            out.bag("known_cards", entry["known_cards"], _index, k * N_CARDS)
            unknown = entry["hand_size"] - len(entry["known_cards"])
            out.add("unknown_cards", k, unknown / HAND_SCALE)

        discards = view["discards"]
        out.bag("discards", discards, _index)
        if discards:
            out.bag("discard_top", discards[-1:], _index)
        out.put("deck", view["deck_size"] / N_CARDS)
        out.put("drawing", view["drawing"] / 2)
        drawn = view.get("drawn", [])
        out.bag("drawn", drawn, _index)

        out.put("supply", [view["supply"][p.id] / p.copies for p in PAPER_TYPES])
        on_papers: list[str] = []
        for k, entry in enumerate(seats):
            for paper in entry["papers"]:
                kind = PAPER_INDEX[paper["paper"]]
                cards = paper["cards"]
                on_papers += cards
                if paper["complete"]:
                    out.add("papers_complete", k * N_PAPERS + kind)
                else:
                    out.add("papers_review", k * N_PAPERS + kind, len(cards) / PAPER_SCALE)
                    out.bag("reviewable", cards, _index)
                    if len(cards) == 2:
                        out.bag("review_completes", cards, _index)
                out.bag("paper_cards", cards, _index, k * N_CARDS)
                worth = PAPER_TYPES[kind].points / POINTS_SCALE
                for code in cards:
                    out.add("card_paper_points", CARD_INDEX[code], worth)
        out.bag("citable", [c["card"] for c in view["citable"]], _index)

        end_points = view["end_points"]
        out.put("points", [s["points"] / end_points for s in seats])
        out.put("complete_papers", [s["complete_papers"] / COMPLETE_SCALE for s in seats])
        trigger = view["end_condition_met_by"]
        out.one_hot("end_condition", None if trigger is None else place(trigger))
        if view["turns_left"] is not None:
            out.put("turns_left", view["turns_left"] / (2 * n - 1))
        out.put("passes", view["passes_in_row"] / n)

        draft = view.get("draft")
        if draft is not None:
            out.one_hot("draft_paper", PAPER_INDEX[draft["paper"]])
            cited = [c["card"] for c in draft["cited"]]
            out.bag("draft_laid", draft["laid"], _index)
            out.bag("draft_cited", cited, _index)
            out.bag("draft_thanks", draft["thanks"], _index)
            total = sum(RANK[code] for code in [*draft["laid"], *cited])
            out.put("draft_total", total / SUM_SCALE)
            given = len(draft["thanks"])
            out.put("thanks_due", (draft["thanks_due"] - given) / THANKS_SCALE)
            # 論文の引用 (ruling 20): the thanks go to the cited authors in citation order.
            thanked = [c["author"] for c in draft["cited"] if c["author"] != me]
            if given < len(thanked):
                out.one_hot("thanks_to", place(thanked[given]) - 1)

        seen = set(mine["hand"]) | set(discards) | set(on_papers) | set(drawn)
        for entry in seats[1:]:
            seen.update(entry["known_cards"])
        out.bag("unseen", [c.code for c in SEVEN.cards if c.code not in seen], _index)


def _index(code: str) -> int:
    return CARD_INDEX[code]


def observer(options: GameOptions) -> Observer:
    if not isinstance(options, LaminateOptions):
        raise TypeError(f"Laminate Rummy options expected, not {type(options).__name__}")
    return LaminateObserver(options)
