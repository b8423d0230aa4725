"""The phrasebook (``asobi.games.laminate.words``): every event, move, status and outcome of
seeded random games has words in English and Japanese with every mark filled, no internal
name, and no card its reader may not see; the paper cards' words follow 【役の補足説明】."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from asobi.core.events import Event
from asobi.core.words import MARK, Words, fill, seat_names
from asobi.games.laminate import SPEC
from asobi.games.laminate.actions import PAPER_TYPES
from asobi.games.laminate.state import LaminateOptions, LaminateState
from asobi.games.laminate.words import LaminateWords, assets, phrasebook

from .laminate_helpers import game, play, table

BOOK = phrasebook(LaminateOptions(players=3))
NAMES = ["Hilbert", "Banach", "Noether", "Gauss", "Euler"]
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
# Every kind of event the rules emit (rules.py: public(...) and private(...)).
EVENT_KINDS = {
    "discard", "turn", "reshuffle", "draw", "drawn", "kept", "take", "review", "publish",
    "thanks", "gift", "pass", "end_triggered", "flag", "game_over",
}  # fmt: skip


def hidden_from(state: LaminateState, seat: int | None) -> set[str]:
    """The card codes ``seat`` may not see: the deck, the others' hands (but the cards seen
    arriving there), another researcher's two drawn cards."""
    me = state.n if seat is None else seat
    cards = list(state.deck)
    for other in range(state.n):
        if other != seat:
            cards += [c for c in state.hands[other] if c not in state.known[me][other]]
    if state.turn != seat:
        cards += state.drawn
    return {c.code for c in cards}


def named_cards(words: Words) -> set[str]:
    return {
        value for text in (words.en, words.ja) for kind, value in MARK.findall(text) if kind == "c"
    }


def check_words(words: Words, viewer: int | None, players: int) -> None:
    """Both languages, every mark filled, no internal name, Japanese that is Japanese."""
    for lang in ("en", "ja"):
        text = fill(words.get(lang), seat_names(NAMES[:players], viewer, lang))
        assert "{" not in text and "}" not in text, text
        assert "_" not in text, text  # no internal name (end_triggered, sum_100...)
        assert text.strip(), words
    assert words.ja != words.en or not re.search("[A-Za-z]{3}", words.en), words
    assert JAPANESE.search(words.ja) or not re.search("[A-Za-z]{3}", words.ja), words


def random_games(seeds: int) -> Iterator[tuple[LaminateState, int, str, list[Event]]]:
    """Every move of seeded random games of 3, 4 and 5 players, short and long: the state
    after the move, the mover, the move's code and its events."""
    rng = random.Random(29)
    for seed in range(seeds):
        state = game(seed=seed, players=3 + seed % 3, end_points=(6, 15)[seed % 2])
        while state.outcome() is None:
            (seat,) = state.active_seats()
            action = rng.choice(state.legal_actions(seat))
            events = state.apply(seat, action)
            yield state, seat, action.encode(), events


def test_words_every_event_in_both_languages_hiding_what_its_reader_may_not_see() -> None:
    """ゲームの進行 (研究, 論文発表, 査読, 論文の引用) and ゲームの終了: every event said, to each
    seat that sees it, in words that name only cards that seat may see once the move is made
    (the drawn and kept cards and a gift are private events; a public thanks names no card)."""
    said: dict[str, int] = {}
    for state, _, _, events in random_games(12):
        for event in events:
            words = BOOK.event(event.to_json())
            said[event.kind] = said.get(event.kind, 0) + 1
            if event.kind in ("game_over", "thanks"):
                assert words is None  # the end screen says it; the publication's line does
                continue
            assert words is not None, event
            for viewer in [None, *range(state.n)]:
                if not event.visible_to(viewer):
                    continue
                check_words(words, viewer, state.n)
                leaked = named_cards(words) & hidden_from(state, viewer)
                assert not leaked, (event, viewer, leaked)
    # The rarer kinds (a pass, the last card drawn alone) have their own tests below.
    assert EVENT_KINDS - {"pass"} <= set(said), set(said)


def test_words_a_public_event_never_names_a_card_its_json_does_not_show() -> None:
    """The words of an event are made from the event alone: every card they name is in its
    JSON (so a public event can tell no hidden card; the thanks names none at all)."""
    for _, _, _, events in random_games(6):
        for event in events:
            words = BOOK.event(event.to_json())
            if words is None:
                continue
            shown = set(re.findall(r"[HOBCSTK](?:A|K|1[0-2]|[2-9])", str(event.to_json())))
            assert named_cards(words) <= shown, (event, words)
            if event.kind == "thanks":
                assert not named_cards(words)


def test_words_every_legal_move_and_every_status_in_both_languages() -> None:
    """Each legal move as a button says it, and what the table waits for, in every phase
    (準備 6 the deal, 研究, 論文発表 and its thanks, エンドフラグ)."""
    phases: set[str] = set()
    codes: set[str] = set()
    for state, _, _, _ in random_games(6):
        for viewer in [None, *range(state.n)]:
            view = state.view(viewer)
            phases.add(str(view["phase"]))
            check_words(BOOK.status(view), viewer, state.n)
        for seat in state.active_seats():
            for action in state.legal_actions(seat):
                code = action.encode()
                if code not in codes:
                    codes.add(code)
                    check_words(BOOK.action(code), seat, state.n)
    assert {"setup", "turn", "keep", "publish", "gift", "flag", "over"} <= phases, phases
    verbs = {code.split()[0] for code in codes}
    assert {"draw", "keep", "take", "review", "publish", "lay", "cite", "give", "flag"} <= verbs


def test_words_the_outcome_as_a_table_in_words() -> None:
    """ゲームの終了と勝利条件: the most points wins, complete papers only; the breakdown
    names every paper, complete or under review, in words."""
    for state, _, _, _ in random_games(4):
        outcome = state.outcome()
        if outcome is None:
            continue
        score = BOOK.outcome(outcome.to_json())
        check_words(score.headline, None, state.n)
        assert len(score.rows) == state.n
        for cell in [*score.columns, *(cell for row in score.rows for cell in row)]:
            check_words(cell, None, state.n)
        winner = outcome.ranks.index(1)
        assert score.headline.en.startswith(f"{{s:{winner}}}")
        assert score.rows[0][0].en == f"{{s:{winner}}}"  # in order of places


def test_words_everyone_passes_the_game_ends() -> None:
    """補遺 パスに対する注意 / ゲームの終了: "全員が連続でパスをしたら、その場でゲーム終了です"."""
    state = table([["HA"], ["O2"], ["B3"]])
    events = []
    for seat in range(3):
        events += play(state, seat, "pass")
    said = [BOOK.event(e.to_json()) for e in events]
    assert said[0] == Words("{s:0} passed (1 in a row)", "{s:0}はパスした(連続1回)")
    outcome = state.outcome()
    assert outcome is not None
    headline = BOOK.outcome(outcome.to_json()).headline
    assert headline.en.endswith("(the game ended: everyone passed in a row)")
    assert headline.ja.endswith("(全員が連続でパスして終了)")


def test_the_headline_says_why_the_game_ended_and_how_a_tie_on_top_was_broken() -> None:
    """ゲームの終了と勝利条件: the end condition ends the game, it does not win it (the
    headline read "{s:1} won ({s:0} met the end condition)"); a tie on points goes to fewer
    complete papers ("同点なら完成した論文の数が少ない方")."""
    outcome = {
        "scores": [9, 13, 13],
        "ranks": [3, 1, 2],
        "details": {"end_condition_met_by": 0, "complete_papers": [3, 2, 3]},
    }
    headline = BOOK.outcome(outcome).headline
    assert headline.en.startswith("{s:1}")
    assert headline.en.endswith(
        "(the game ended: {s:0} met the end condition; 13 points each: fewer complete papers won)"
    )
    said = "{s:0}がゲーム終了条件を満たして終了。13点で同点、完成した論文の少ない方の勝ち"
    assert said in headline.ja


def test_words_the_last_card_there_is_and_a_reshuffle() -> None:
    """補遺 研究アクションに対する注意: "山札と捨て札が合わせて 1 枚しかないときは、その 1 枚を
    手札に加えます" and the reshuffle when a draw needs it."""
    state = table([["HA"], ["O2"], ["B3"]], deck=["S5"])
    (draw, drawn, *_) = play(state, 0, "draw")
    assert BOOK.event(draw.to_json()) == Words(
        "{s:0} researched: drew the last card there was", "{s:0}が研究:最後の1枚を山札から引いた"
    )
    assert BOOK.event(drawn.to_json()) == Words("the cards drawn: {c:S5}", "引いたカード:{c:S5}")
    state = table([["HA"], ["O2"], ["B3"]], discards=["S5", "S6", "S7"])
    reshuffle = play(state, 0, "draw")[0]
    assert reshuffle.kind == "reshuffle"
    assert BOOK.event(reshuffle.to_json()) == Words(
        "The discard pile was shuffled into a new deck (3 cards)",
        "捨て札をシャッフルして新しい山札にした(3枚)",
    )


HILBERT_AND_BANACH = {
    "hands": [["O7", "C7", "HA", "K8", "T12"], ["B4"], ["O3"]],
    "papers": [
        [{"paper": "kind3", "cards": ["H7"]}],
        [{"paper": "sum49", "cards": ["B7"]}, {"paper": "straight5", "cards": ["S7"]}],
        [],
    ],
    "rest": "box",
}


def test_words_the_rulebooks_citation_example() -> None:
    """論文の引用 (例): Hilbert lays オニオン7 and コイン7, cites his own ハート7 free and two
    of Banach's papers (ブック7 and, the book's second コイン7 being a card of his hand, a
    スター7), and gives Banach two hand cards as thanks: the table hears which cards were
    laid and cited, and that two cards went to Banach, never which."""
    state = game(HILBERT_AND_BANACH)
    for code in ("publish kind5", "lay O7", "lay C7", "cite H7", "cite B7", "cite S7"):
        assert play(state, 0, code) == []  # nothing is said until the paper is out
    play(state, 0, "give HA")
    events = play(state, 0, "give K8")
    said = {e.kind: BOOK.event(e.to_json()) for e in events if e.visible_to(2)}
    publish = said["publish"]
    assert publish is not None
    assert publish.en == (
        "{s:0} published “Five of a kind” (4 points): laid {c:O7} {c:C7}, cited {c:H7} "
        "(own paper), {c:B7} (by {s:1}), {c:S7} (by {s:1}) — under review; gave as thanks: "
        "2 cards to {s:1}"
    )
    assert publish.ja == (
        "{s:0}が論文「5カード」(4点)を発表:{c:O7} {c:C7}を出し、{c:H7}(自分の論文)、"
        "{c:B7}({s:1}の論文)、{c:S7}({s:1}の論文)を引用した(査読中)。お礼として{s:1}へ2枚を渡した"
    )
    assert "gift" not in said
    assert said["thanks"] is None  # the publication's line said it
    gifts = [BOOK.event(e.to_json()) for e in events if e.kind == "gift"]
    assert gifts[0] == Words("{s:1} received {c:HA}", "{s:1}が{c:HA}を受け取った")
    assert all(e.visible_to(1) and not e.visible_to(2) for e in events if e.kind == "gift")


def test_words_a_draft_in_the_publishers_status_only() -> None:
    """2. 論文発表: the paper being written is named in its author's status alone (the
    others see an ordinary turn)."""
    state = game(HILBERT_AND_BANACH)
    play(state, 0, "publish kind5")
    mine, theirs = BOOK.status(state.view(0)), BOOK.status(state.view(1))
    assert mine.en == "Publishing “Five of a kind” (4 points): lay or cite its next card"
    assert "5カード" in mine.ja
    assert theirs.en == "{s:0} to research, review or publish a paper"
    for code in ("lay O7", "lay C7", "cite H7", "cite B7", "cite S7"):
        play(state, 0, code)
    assert BOOK.status(state.view(0)).en == "{s:0} to give thanks: 2 more hand cards to give"
    assert BOOK.status(state.view(2)) == theirs


@pytest.mark.parametrize("paper", PAPER_TYPES, ids=lambda p: p.id)
def test_words_each_paper_card_in_both_languages(paper: Any) -> None:
    """役の補足説明: each paper's name as the rulebook prints it, its points and the
    combination it needs, for the browser's paper cards (GameSpec.assets)."""
    found = {p["id"]: p for p in assets()["papers"]}
    entry: Mapping[str, Any] = found[paper.id]
    assert entry["name"]["ja"] == paper.ja and entry["points"] == paper.points
    assert entry["copies"] == paper.copies
    check_words(Words(**entry["need"]), None, 3)
    check_words(
        BOOK.action(f"publish {paper.id}") if paper.id != "endflag" else Words("a", "あ"), 0, 3
    )


def test_words_the_combinations_read_as_the_rulebook_has_them() -> None:
    """役の補足説明: "5枚のシークエンス", "同ランクのカード3枚", "同ランクのカード2枚のセットを
    3種類", "同スートで4枚のシークエンス", "ランクの合計がちょうど49", "AとKを1枚ずつ"."""
    need = {p["id"]: p["need"] for p in assets()["papers"]}
    assert need["straight5"] == {"en": "5 in a row, any suits", "ja": "5枚のシークエンス"}
    assert need["kind3"]["ja"] == "同ランクのカード3枚"
    assert need["pairs3"]["ja"] == "同ランク2枚のセットを3種類"
    assert need["flush4"] == {"en": "4 in a row, one suit", "ja": "同スートで4枚のシークエンス"}
    assert need["sum49"]["ja"] == "ランクの合計がちょうど49"
    assert need["sum100"]["en"] == "ranks total 100 or more"
    assert need["ak"]["ja"] == "AとKを1枚ずつ"
    assert need["even"]["en"] == "one each of 2 4 6 8 10 12"


def test_words_the_game_declares_its_phrasebook_deck_and_paper_cards() -> None:
    assert isinstance(SPEC.phrasebook(SPEC.options({"players": 3})), LaminateWords)
    assert SPEC.deck is not None and SPEC.deck.name == "SEVEN"
    assert SPEC.assets is not None
    assert len(SPEC.assets(SPEC.options({}))["papers"]) == len(PAPER_TYPES) == 16


def test_words_a_review_of_ones_own_paper_is_said_as_such() -> None:
    """査読 of a paper of one's own: "You reviewed “49” (own paper)", not "… by you"; another's
    paper names its author."""
    book = phrasebook(LaminateOptions())
    own = {"kind": "review", "seat": 1, "author": 1, "paper": "KK", "card": "H5"}
    said = book.event(own)
    assert said is not None
    assert "(own paper)" in said.en and "by {s:1}" not in said.en and "自分の論文" in said.ja
    mine = fill(said.en, seat_names(["ami", "ben", "cai"], 1, "en"))
    assert mine.startswith("you reviewed") and "by you" not in mine
    other = book.event({**own, "author": 2})
    assert other is not None and "by {s:2}" in other.en


def test_words_the_thanks_for_citations_said_once_to_each_reader() -> None:
    """論文の引用's お礼 (a hand card for each citation of another's paper): the move's line
    says the thanks once, with how many cards went to whom, and the giver and receiver
    learn each card once. It read "{s:0} gave {s:1} a card as thanks for the citation · the
    card given to {s:1}: K8" for every card, and twice the same to a third player."""
    state = game(HILBERT_AND_BANACH)
    play(state, 0, "publish kind5", "lay O7", "lay C7", "cite H7", "cite B7", "cite S7")
    events = play(state, 0, "give HA", "give K8")
    for viewer in (0, 1, 2, None):
        shown = [e.to_json() for e in events if e.visible_to(viewer)]
        said = [w for w in map(BOOK.event, shown) if w is not None]
        for lang, thanks, count in (("en", "thanks", "2 cards to "), ("ja", "お礼", "へ2枚")):
            names = seat_names(NAMES[:3], viewer, lang)
            pieces = [fill(w.get(lang), names) for w in said]
            line = " · ".join(pieces)
            assert len(set(pieces)) == len(pieces), line
            assert line.count(thanks) == 1 and line.count(count) == 1, line
            marks = " ".join(w.get(lang) for w in said)
            for gift in ("{c:HA}", "{c:K8}"):
                assert marks.count(gift) == (viewer in (0, 1)), line
