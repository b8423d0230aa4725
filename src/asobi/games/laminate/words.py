"""What Laminate Rummy says to people, in English and Japanese: its events, moves, the table's
state and the end of a game (``asobi.core.words``), for the terminal and the browser alike;
and the paper cards (論文カード) as the browser draws them (:func:`assets`).

The rulebook's terms are used: 研究者 researcher, 研究 research, 論文 paper, 論文発表
publishing, 査読 review, 査読中 under review, 完成 complete, 引用 citation, お礼 thanks, 山札
deck, 捨て札 discard pile, 手札 hand, ゲーム終了条件 end condition, エンドフラグ End Flag, パス
pass.

Secrets stay secret because every sentence is made from its event alone, and the rules give
each event only to those who may know it: the two cards a researcher drew and the one kept
("drawn", "kept"), and the card given as thanks ("gift", seen by giver and receiver), are
private events; the publication's line says how many cards went to whom as thanks, never
which (its public "thanks" events, one a card, say nothing more: the log said the thanks
twice over). A publication in progress has no events at all until the paper is on the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from asobi.core.words import (
    PLAYER,
    ScoreTable,
    Words,
    card,
    cards,
    plural,
    ranks_headline,
    same,
    seat,
)
from asobi.games.laminate.actions import PAPER, PAPER_TYPES, PaperType, Shape
from asobi.games.laminate.state import LaminateOptions
from asobi.games.laminate.views import LaminateView


def _title(kind: PaperType) -> str:
    """A paper's English name as on its card: "Three pairs", "5-straight", "AK"."""
    return kind.en[:1].upper() + kind.en[1:]


# Each paper's name, as printed on its card (役の補足説明 役).
PAPER_NAME: dict[str, Words] = {p.id: Words(_title(p), p.ja) for p in PAPER_TYPES}


def _need(kind: PaperType) -> Words:
    """The combination a paper needs, in a few words (役の補足説明 説明)."""
    if kind.shape is Shape.STRAIGHT:
        return Words(f"{kind.size} in a row, any suits", f"{kind.size}枚のシークエンス")
    if kind.shape is Shape.FLUSH:
        return Words(f"{kind.size} in a row, one suit", f"同スートで{kind.size}枚のシークエンス")
    if kind.shape is Shape.GROUPS:
        per = kind.size // kind.groups
        if kind.groups == 1:
            return Words(f"{per} of one rank", f"同ランクのカード{per}枚")
        if per == 2:
            return Words(
                f"{kind.groups} pairs of {kind.groups} ranks",
                f"同ランク2枚のセットを{kind.groups}種類",
            )
        return Words(
            f"{kind.groups} sets of {per}, {kind.groups} ranks",
            f"同ランク{per}枚のセットを{kind.groups}種類",
        )
    if kind.shape is Shape.SUM:
        if kind.at_least:
            return Words(f"ranks total {kind.total} or more", f"ランクの合計が{kind.total}以上")
        return Words(f"ranks total exactly {kind.total}", f"ランクの合計がちょうど{kind.total}")
    if kind.shape is Shape.CARDS:
        if kind.ranks == (1, 13):
            return Words("an A and a K", "AとKを1枚ずつ")
        listed = " ".join(str(r) for r in kind.ranks)
        return Words(f"one each of {listed}", f"{'・'.join(str(r) for r in kind.ranks)}を1枚ずつ")
    return Words("taken on meeting the end condition", "ゲーム終了条件を満たした人が獲得")


NEED: dict[str, Words] = {p.id: _need(p) for p in PAPER_TYPES}


def points(n: Any) -> Words:
    return Words(plural(n, "point"), f"{n}点")


def paper_name(paper_id: Any) -> Words:
    return PAPER_NAME.get(str(paper_id), same(str(paper_id)))


def _paper(paper_id: Any) -> Words:
    """A paper in a sentence, with its points: “Three pairs” (2 points) / 「スリーペア」(2点)."""
    kind = PAPER.get(str(paper_id))
    name = paper_name(paper_id)
    if kind is None:
        return name
    worth = points(kind.points)
    return Words(f"“{name.en}” ({worth.en})", f"「{name.ja}」({worth.ja})")


def _cited(entries: Sequence[Mapping[str, Any]], citer: Any) -> Words:
    """Cited cards and whose papers they lie on: "{c:H7} (own paper), {c:B7} (by {s:1})"."""
    parts = []
    for entry in entries:
        mark, author = card(str(entry["card"])), int(entry["author"])
        if author == citer:
            parts.append(Words(f"{mark} (own paper)", f"{mark}(自分の論文)"))
        else:
            parts.append(Words(f"{mark} (by {seat(author)})", f"{mark}({seat(author)}の論文)"))
    return Words.join(parts, ", ", "、")


def _thanks(entries: Sequence[Mapping[str, Any]], citer: Any) -> Words:
    """The thanks for a publication, said once for all its citations of others' papers (a
    hand card each, お礼): "; gave as thanks: 2 cards to {s:1}, 1 card to {s:2}". The public
    "thanks" events (one a card) say nothing more; a "gift" tells its two parties the card."""
    counts: dict[int, int] = {}
    for entry in entries:
        author = int(entry["author"])
        if author != citer:
            counts[author] = counts.get(author, 0) + 1
    if not counts:
        return Words("", "")
    listed = Words.join(
        (
            Words(f"{plural(n, 'card')} to {seat(a)}", f"{seat(a)}へ{n}枚")
            for a, n in counts.items()
        ),
        ", ",
        "、",
    )
    return Words(f"; gave as thanks: {listed.en}", f"。お礼として{listed.ja}を渡した")


class LaminateWords:
    """The same words for every number of players: nothing in them depends on the options."""

    milestones = frozenset({"end_triggered", "flag"})  # the game's end on its way
    said_elsewhere = frozenset({"thanks"})  # a publication's line counts the cards given

    # --- events --------------------------------------------------------------------------
    def event(self, event: Mapping[str, Any]) -> Words | None:
        kind = event.get("kind")
        who = seat(event["seat"]) if isinstance(event.get("seat"), int) else ""
        c = card(str(event.get("card", "")))
        if kind == "discard":
            return Words(f"{who} discarded {c} face up", f"{who}が{c}を捨て札にした")
        if kind == "turn":
            n = event.get("turn")
            return Words(f"Turn {n}: {who}", f"ターン{n}:{who}の番")
        if kind == "reshuffle":
            n = event.get("deck")
            return Words(
                f"The discard pile was shuffled into a new deck ({n} cards)",
                f"捨て札をシャッフルして新しい山札にした({n}枚)",
            )
        if kind == "draw":
            left = event.get("deck")
            if event.get("count") == 1:
                return Words(
                    f"{who} researched: drew the last card there was",
                    f"{who}が研究:最後の1枚を山札から引いた",
                )
            return Words(
                f"{who} researched: drew 2 cards from the deck to keep one ({left} left)",
                f"{who}が研究:山札から2枚引いた(1枚を残す、山札残り{left}枚)",
            )
        if kind == "drawn":  # told to the drawer alone
            drawn = cards(str(x) for x in event.get("cards") or [])
            return Words(f"the cards drawn: {drawn}", f"引いたカード:{drawn}")
        if kind == "kept":  # told to the drawer alone
            return Words(f"{who} kept {c}", f"{who}は{c}を手札に残した")
        if kind == "take":
            return Words(
                f"{who} researched: took {c} from the discard pile",
                f"{who}が研究:捨て札から{c}を取った",
            )
        if kind == "review":
            return self._review(event, who, c)
        if kind == "publish":
            return self._publish(event, who)
        if kind == "thanks":  # public, a card a citation: the publication's line counts them
            return None
        if kind == "gift":  # told to the giver and the receiver alone: which card it was
            to = seat(int(event["receiver"]))
            return Words(f"{to} received {c}", f"{to}が{c}を受け取った")
        if kind == "pass":
            n = event.get("in_a_row")
            return Words(f"{who} passed ({n} in a row)", f"{who}はパスした(連続{n}回)")
        if kind == "end_triggered":
            return self._end_triggered(event, who)
        if kind == "flag":
            return Words(
                f"{who} laid {c} with the End Flag (a complete paper, 1 point)",
                f"{who}が{c}をエンドフラグと一緒に出した(完成した論文、1点)",
            )
        return None  # game_over: the end screen says it

    def _review(self, event: Mapping[str, Any], who: str, c: str) -> Words:
        author, paper = int(event["author"]), _paper(event.get("paper"))
        own = author == event.get("seat")
        whose = "自分" if own else seat(author)
        # (Not "You reviewed “49” by you": a reviewer's own paper said as such, in any person.)
        by = "(own paper)" if own else f"by {seat(author)}"
        said = Words(
            f"{who} reviewed {paper.en} {by} and took {c}",
            f"{who}が{whose}の論文{paper.ja}を査読し、{c}を取った",
        )
        if event.get("complete"):
            said += Words(": it is complete now", ":論文が完成した")
        return said

    def _publish(self, event: Mapping[str, Any], who: str) -> Words:
        paper = _paper(event.get("paper"))
        laid = cards(str(x) for x in event.get("cards") or [])
        said = Words(
            f"{who} published {paper.en}: laid {laid}", f"{who}が論文{paper.ja}を発表:{laid}を出し"
        )
        cited = list(event.get("cited") or [])
        if cited:
            quoted = _cited(cited, event.get("seat"))
            said += Words(f", cited {quoted.en}", f"、{quoted.ja}を引用した")
        else:
            said += Words("", "た")
        if event.get("complete"):
            said += Words(" — complete at once, no review needed", "(査読なしで完成)")
        else:
            said += Words(" — under review", "(査読中)")
        return said + _thanks(cited, event.get("seat"))

    def _end_triggered(self, event: Mapping[str, Any], who: str) -> Words:
        n = event.get("points")
        said = Words(
            f"{who} met the end condition with {n} points: one more turn for {who}, "
            "two for everyone else",
            f"{who}が{n}点でゲーム終了条件を満たした:本人はあと1回、ほかの人はあと2回の手番",
        )
        if event.get("flag"):
            return said + Words(f"; the End Flag goes to {who}", "。エンドフラグを獲得する")
        return said + Words("; no hand card, so no End Flag", "。手札がないのでエンドフラグはなし")

    # --- moves ---------------------------------------------------------------------------
    def action(self, code: str) -> Words:
        verb, _, rest = code.partition(" ")
        c = card(rest)
        if code == "draw":
            return Words(
                "Research: draw 2 from the deck, keep 1", "研究:山札から2枚引いて1枚を残す"
            )
        if code == "take":
            return Words("Research: take the top discard", "研究:捨て札の一番上を取る")
        if code == "done":
            return Words("Publish with these cards", "このカードで論文を発表する")
        if code == "pass":
            return Words("Pass", "パス")
        if verb == "publish":
            paper = _paper(rest)
            return Words(f"Publish {paper.en}", f"論文{paper.ja}を発表する")
        said = {
            "keep": Words(f"Keep {c} (the other is discarded)", f"{c}を残す(もう1枚は捨て札へ)"),
            "review": Words(f"Review: take {c}", f"査読:{c}を取る"),
            "lay": Words(f"Lay {c} from your hand", f"手札から{c}を出す"),
            "cite": Words(f"Cite {c}", f"{c}を引用する"),
            "give": Words(f"Give {c} as thanks", f"お礼に{c}を渡す"),
            "flag": Words(f"Lay {c} with the End Flag", f"{c}をエンドフラグと一緒に出す"),
            "discard": Words(f"Discard {c}", f"{c}を捨てる"),
        }.get(verb)
        return said if said is not None else same(code)

    # --- the table now ---------------------------------------------------------------------
    def status(self, raw: Mapping[str, Any]) -> Words:
        # Only read, never kept: the rules' own view as its type, without read_view's
        # checked copy (10-55 µs, on the server twice a move).
        view = cast(LaminateView, raw)
        phase = view["phase"]
        active = [seat(s) for s in view["active"]]
        if phase == "over" or not active:
            return Words("The game is over", "ゲーム終了")
        who = active[0]
        said = self._doing(phase, who, view)
        trigger = view["end_condition_met_by"]
        if trigger is not None:
            left = view["turns_left"]
            said += Words(
                f" · end condition met by {seat(trigger)}: {left} more turns after this one",
                f" ・{seat(trigger)}がゲーム終了条件を満たした:この後あと{left}手番",
            )
        return said

    def _doing(self, phase: str, who: str, view: LaminateView) -> Words:
        if phase == "setup":
            return Words(
                f"Dealing: {who} to discard face up down to 3 cards",
                f"準備:{who}が手札3枚になるまで捨て札にする",
            )
        if phase == "keep":
            return Words(
                f"{who} to keep one of the two cards drawn; the other goes on the discards",
                f"{who}が引いた2枚から1枚を残す(もう1枚は捨て札へ)",
            )
        draft = view.get("draft")
        if phase == "publish" and draft is not None:
            paper = _paper(draft["paper"])
            return Words(
                f"Publishing {paper.en}: lay or cite its next card",
                f"論文{paper.ja}を発表中:次のカードを出すか引用する",
            )
        if phase == "gift" and draft is not None:
            due = draft["thanks_due"] - len(draft["thanks"])
            return Words(
                f"{who} to give thanks: {plural(due, 'more hand card')} to give",
                f"{who}がお礼をする:あと{due}枚の手札を渡す",
            )
        if phase == "flag":
            return Words(
                f"{who} to lay a hand card with the End Flag",
                f"{who}が手札1枚をエンドフラグと一緒に出す",
            )
        return Words(
            f"{who} to research, review or publish a paper",
            f"{who}が研究、査読、論文発表のどれかを行う",
        )

    # --- the end ---------------------------------------------------------------------------
    def outcome(self, outcome: Mapping[str, Any]) -> ScoreTable:
        details = outcome.get("details") or {}
        scores = list(outcome.get("scores") or [])
        ranks = list(outcome.get("ranks") or [])
        headline = ranks_headline(ranks)
        trigger = details.get("end_condition_met_by")
        # Why the game ended, not why its winner won (it read "Bot 2 won (you met the end
        # condition)"); and where the top score was tied, the tie-break that decided it.
        if details.get("reason") == "everyone passed in a row":
            why = Words("the game ended: everyone passed in a row", "全員が連続でパスして終了")
        elif isinstance(trigger, int):
            why = Words(
                f"the game ended: {seat(trigger)} met the end condition",
                f"{seat(trigger)}がゲーム終了条件を満たして終了",
            )
        else:
            why = None
        counts = list(details.get("complete_papers") or [])
        top = [s for s, r in enumerate(ranks) if r == 1]
        if top and counts and len(scores) == len(ranks):
            best = scores[top[0]]
            behind = [s for s in range(len(scores)) if s not in top and scores[s] == best]
            if behind:
                broken = Words(
                    f"{best:g} points each: fewer complete papers won",
                    f"{best:g}点で同点、完成した論文の少ない方の勝ち",
                )
                why = (
                    broken
                    if why is None
                    else Words(f"{why.en}; {broken.en}", f"{why.ja}。{broken.ja}")
                )
        if why is not None:
            headline = Words(f"{headline.en} ({why.en})", f"{headline.ja}({why.ja})")
        complete = list(details.get("papers") or [])
        review = list(details.get("under_review") or [])
        citations = list(details.get("citations") or [])
        columns = (
            PLAYER,
            Words("Points", "得点"),
            Words("Complete papers", "完成した論文"),
            Words("Papers (points)", "論文(点)"),
            Words("Under review (no points)", "査読中(0点)"),
            Words("Cited by others", "ほかの人からの引用"),
            Words("Place", "順位"),
        )
        rows = []
        for s in sorted(range(len(scores)), key=lambda s: (ranks[s], s)):
            cited_by_others = sum(
                row[s] for citer, row in enumerate(citations) if citer != s and s < len(row)
            )
            rows.append(
                (
                    Words(seat(s), seat(s)),
                    same(f"{scores[s]:g}"),
                    same(str(counts[s]) if s < len(counts) else "0"),
                    self._papers(complete[s] if s < len(complete) else [], True),
                    self._papers(review[s] if s < len(review) else [], False),
                    same(str(cited_by_others)),
                    same(str(ranks[s])),
                )
            )
        return ScoreTable(headline, columns, tuple(rows))

    @staticmethod
    def _papers(ids: Sequence[Any], with_points: bool) -> Words:
        if not ids:
            return Words("none", "なし")
        parts = []
        for paper_id in ids:
            name, kind = paper_name(paper_id), PAPER.get(str(paper_id))
            if with_points and kind is not None:
                parts.append(Words(f"{name.en} {kind.points}", f"{name.ja} {kind.points}"))
            else:
                parts.append(name)
        return Words.join(parts, ", ", "、")


def phrasebook(options: LaminateOptions) -> LaminateWords:
    return LaminateWords()


def assets(options: object = None) -> dict[str, Any]:
    """The paper cards (論文カード) for the browser to draw: each kind's names, points,
    copies and the combination it needs, in both languages, in the rulebook's order."""
    return {
        "papers": [
            {
                "id": p.id,
                "name": PAPER_NAME[p.id].to_json(),
                "need": NEED[p.id].to_json(),
                "points": p.points,
                "copies": p.copies,
                "shape": str(p.shape),
                "size": p.size,
                "total": p.total,
            }
            for p in PAPER_TYPES
        ]
    }
