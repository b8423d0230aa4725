"""It's Mine!'s phrasebook (``asobi.games.itsmine.words``): every event the rules emit, every
move, every status and the end in English and Japanese, in the rulebook's terms; and the
words a seat is told never carry what the seat may not see (a bid's face, a secret play,
the other hand, a bonus card)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from asobi.core.cards import SEVEN, Card
from asobi.core.words import MARK, Words, fill
from asobi.games.itsmine.actions import MINES
from asobi.games.itsmine.scoring import final_outcome
from asobi.games.itsmine.state import ItsMineOptions, ItsMineState
from asobi.games.itsmine.words import phrasebook

from .itsmine_helpers import bids, duel, play

NAMES = ["Ami", "Ben"]  # no digits: a face in the words would show
KINDS = {
    "round", "bid_committed", "bid", "reveal", "tie_draw", "tie_draws", "auction_tied",
    "take", "done", "refill", "play", "pass", "play_committed", "play_chosen",
    "plays_revealed", "bonus", "bonus_card", "bonus_decided", "bonus_chosen", "game_over",
}  # fmt: skip
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
BOOK = phrasebook(ItsMineOptions())
SIMPLE_BOOK = phrasebook(ItsMineOptions(variant="simple"))


def readable(words: Words, lang: str = "en") -> str:
    """``words`` filled in as a reader sees them; asserts that they read as sentences."""
    for text in (words.en, words.ja):
        assert "_" not in MARK.sub("", text), text  # no internal names
    assert JAPANESE.search(words.ja), words  # Japanese, not the English again
    assert words.ja != words.en
    text = fill(words.get(lang), NAMES)
    assert "{" not in text and "}" not in text, text
    return text


def hidden_from(state: ItsMineState, seat: int) -> set[str]:
    """The cards ``seat`` cannot see now: the deck, the bonus pile, the other hand's unknown
    cards, what the other removed face down, a bonus card the other is looking at."""
    other = 1 - seat
    cards = {c.code for c in state.deck} | {c.code for c in state.bonus}
    cards |= {c.code for c in state.hands[other] if c not in state.known[other]}
    cards |= {c.code for c in state.bonus_removed[other]}
    if state.bonus_card is not None and state.bonus_seat == other:
        cards.add(state.bonus_card.code)
    return cards


def said(event: Any) -> list[Words]:
    words = BOOK.event(event.to_json())
    return [] if words is None else [words]


def marked_cards(words: Words) -> set[str]:
    return {value for kind, value in MARK.findall(words.en + words.ja) if kind == "c"}


def random_games(
    seeds: range, **options: Any
) -> Iterator[tuple[ItsMineState, int, str, list[Any]]]:
    """Every move of seeded random games: (the state after it, the mover, its code, its
    events)."""
    for seed in seeds:
        state = duel(seed=seed, **options)
        rng = random.Random(seed)
        while state.outcome() is None:
            seat = rng.choice(sorted(state.active_seats()))
            code = rng.choice(state.legal_actions(seat)).encode()
            events = play(state, seat, code)
            yield state, seat, code, events


# Short games reach the deck's end (and its tied auctions) often; the default deal the rest.
GAMES: list[tuple[range, dict[str, Any]]] = [
    (range(40), {}),
    (range(40), {"variant": "simple"}),
    (range(60), {"citizens": 3, "bonus_cards": 7, "hand_size": 1}),
]


@pytest.mark.slow
def test_every_event_kind_has_words_in_both_languages_for_every_seat_that_sees_it() -> None:
    """Every kind of event the rules emit in random games gets a sentence in English and
    Japanese for every seat that sees it (game_over alone says nothing: the end screen
    does), with every mark filled and no internal names."""
    seen: set[str] = set()
    for seeds, options in GAMES:
        book = phrasebook(ItsMineOptions(**options))
        for _state, _seat, _code, events in random_games(seeds, **options):
            for event in events:
                seen.add(event.kind)
                words = book.event(event.to_json())
                if event.kind == "game_over":
                    assert words is None
                    continue
                assert words is not None, event.kind
                readable(words, "en")
                readable(words, "ja")
    assert seen == KINDS


def told(state: ItsMineState, events: list[Any], viewer: int) -> list[Words]:
    """What ``viewer`` is told of a move: the words of the events it sees, then its status."""
    words = [w for e in events if e.visible_to(viewer) for w in said(e)]
    return [*words, BOOK.status(state.view(viewer))]


def test_no_seat_is_told_a_card_it_cannot_see() -> None:
    """The words of every event a seat sees, and its status line, never name a card that
    seat cannot see (the deck, the bonus pile, the other hand, a bonus card, a card removed
    face down: "相手に内容を明かすことなく")."""
    for seeds, options in GAMES:
        for state, _mover, code, events in random_games(seeds[:15], **options):
            for viewer in (0, 1):
                hidden = hidden_from(state, viewer)
                for words in told(state, events, viewer):
                    assert not marked_cards(words) & hidden, (code, words)


def test_a_secret_bid_or_play_changes_nothing_the_other_seat_is_told() -> None:
    """フェイズ1 1): "何の目を出すか相手に分からないよう隠し持つ"; after a tied auction the plays
    are chosen at once too. While the other has not chosen, whatever face or play a seat
    commits, the other seat is told the same words."""
    checked = {"bid": 0, "play": 0}
    for seeds, options in GAMES[:2]:
        for seed in seeds[:15]:
            state = duel(seed=seed, **options)
            rng = random.Random(seed)
            while state.outcome() is None:
                seat = rng.choice(sorted(state.active_seats()))
                choices = [a.encode() for a in state.legal_actions(seat)]
                if len(state.active_seats()) == 2:  # a secret commitment, the other to come
                    heard = set()
                    for choice in choices:
                        world = state.clone()
                        events = play(world, seat, choice)
                        heard.add(tuple(told(world, events, 1 - seat)))
                    assert len(heard) == 1, heard
                    checked["play" if state.phase == "play_together" else "bid"] += 1
                play(state, seat, rng.choice(choices))
    assert checked["bid"] > 50 and checked["play"] > 0, checked


def test_every_move_and_status_reads_in_both_languages() -> None:
    """Each legal move has a button's words, and each seat's status line says what the
    table waits for, in both languages, all game long."""
    for state, _seat, _code, _events in random_games(range(6)):
        for viewer in (0, 1, None):
            readable(BOOK.status(state.view(viewer)), "en")
            readable(BOOK.status(state.view(viewer)), "ja")
        for seat in state.active_seats():
            for action in state.legal_actions(seat):
                readable(BOOK.action(action.encode()))


def test_the_reveal_says_who_takes_exactly_and_who_lays_first() -> None:
    """フェイズ1 3): "小さい目のプレイヤー(先手)・必ず自分が出した目とぴったり同じ数の国民カード
    を取って手札にする" and "大きい目のプレイヤー(後手)・自分が出した目を上限として,1枚以上";
    5) "フェイズ1で「大きい目」を出したプレイヤーから先に…出す"."""
    state = duel(seed=1)
    events = bids(state, 2, 5)
    (reveal,) = [e for e in events if e.kind == "reveal"]
    words = BOOK.event(reveal.to_json())
    assert words is not None
    assert fill(words.en, NAMES) == (
        "The dice were revealed: Ami 2, Ben 5. The lower face (Ami) takes exactly 2 "
        "citizens, then the higher (Ben) takes 1 to 5 and lays first"
    )
    assert "小さい目のAmiが国民カードをちょうど2枚" in fill(words.ja, NAMES)
    assert fill(BOOK.status(state.view(0)).en, NAMES) == "Lower face: take exactly 2 more citizens"
    assert fill(BOOK.status(state.view(1)).en, NAMES) == "Ami is taking citizens"


def test_a_bid_in_is_all_the_other_seat_hears() -> None:
    """フェイズ1 1): "何の目を出すか相手に分からないよう隠し持つ": the other seat hears that a
    face is chosen; the bidder alone hears which."""
    state = duel(seed=1)
    events = play(state, 0, "bid 4")
    told = {
        viewer: [
            fill(w.en, NAMES)
            for e in events
            if e.visible_to(viewer) and (w := BOOK.event(e.to_json()))
        ]
        for viewer in (0, 1)
    }
    assert told[1] == ["Ami chose a die face in secret"]
    assert told[0] == [
        "Ami chose a die face in secret",
        "Ami will show 4 (hidden until both dice are in)",
    ]
    assert fill(BOOK.status(state.view(1)).en, NAMES).startswith("Auction: choose a die face")
    assert fill(BOOK.status(state.view(0)).en, NAMES) == (
        "Auction: waiting for Ben to choose a die face (your die: 4)"
    )


def test_the_end_screen_is_the_rulebooks_worked_example() -> None:
    """勝敗 7: "(例:得た鉱山は,K,9,8だったので,13+9+8=30で,勝利点は30点となった.しかし,手札が
    5枚余ってしまったので,5×3=15ほど引かなければならず…最終的に,勝利点は30―15=15点となった)"."""
    cards = SEVEN.parse
    columns: list[list[list[Card]]] = [[[] for _ in MINES] for _ in range(2)]
    columns[0][6] = cards("K7 K8")  # Coffin K
    columns[0][2] = cards("B3")  # Book 9
    columns[0][1] = cards("O2")  # Onion 8
    columns[1][0] = cards("H2")  # Heart 7, and leftovers that cancel nothing
    hands = [cards("H3 C4 S5 T6 T7"), []]  # five cards of suits seat 0 never laid
    outcome = final_outcome(hands, columns, simple=False).to_json()
    table = BOOK.outcome(outcome)
    rows = {fill(row[0].en, NAMES): [fill(c.en, NAMES) for c in row[1:]] for row in table.rows}
    assert rows["Mine points"] == ["30", "7", ""]
    assert rows["Leftovers × −3"] == ["−15", "0", ""]
    assert rows["Points (never below 0)"] == ["15", "7", ""]  # 7: 最低値は0
    assert rows["KK 13 points"] == ["2 cards", "0 cards", "Ami: more cards, 2 to 0"]
    assert rows["H7 7 points"] == ["0 cards", "1 card", "Ben: more cards, 1 to 0"]
    assert fill(table.headline.en, NAMES) == "Ami won, 15 to 7 points"
    assert fill(table.headline.ja, NAMES) == "Amiの勝ち(15対7点)"
    for row in table.rows:
        for cell in row:
            assert "{" not in fill(cell.ja, NAMES)


def _end_rows(hands: list[str], laid: dict[int, list[str]]) -> dict[str, tuple[str, ...]]:
    """The end screen's rows by mine code, each cell in English then Japanese, for the
    ``hands`` left at the end and the columns ``laid`` ({seat: ["H2 H3", ...] by mine})."""
    columns: list[list[list[Card]]] = [[[] for _ in MINES] for _ in range(2)]
    for s, cols in laid.items():
        for m, text in enumerate(cols):
            columns[s][m] = SEVEN.parse(text)
    outcome = final_outcome([SEVEN.parse(h) for h in hands], columns, simple=False).to_json()
    table = BOOK.outcome(outcome)
    assert table.columns[0].en == "Mine: cards that count"  # not "once leftovers cancel"
    assert table.columns[0].ja == "鉱山:数えるカード"
    return {
        fill(row[0].en, NAMES).split()[0]: (fill(row[-1].en, NAMES), fill(row[-1].ja, NAMES))
        for row in table.rows[:7]
    }


def test_the_end_screen_says_a_mine_the_hands_emptied_has_no_card_left_not_unused() -> None:
    """勝敗 4's example: "プレイヤーAは,『ハートの7』の鉱山にカードを2枚並べている.余った手札に
    ハートが3枚あったので,並べた2枚と手札2枚を一緒にゲームから除外した". The Heart 7 mine was
    used, and the hand emptied it: nobody takes it, for no card is left there (the engine's
    note "nobody used it" is not what a player reads), in both languages."""
    rows = _end_rows(["H3 H4 H5", ""], {0: ["HA H2", "", "", "", "", "", "K7"], 1: []})
    assert rows["H7"] == (
        "nobody: no card left in either column",
        "なし:どちらの列にもカードが残っていない",
    )
    assert rows["KK"] == ("Ami: more cards, 1 to 0", "Ami:枚数が多い(1対0)")
    assert all("used" not in en for en, _ in rows.values())


def test_the_end_screen_says_how_a_tie_was_decided_below() -> None:
    """勝敗 5's example: Coin 10 two each, Book 9 one each, nobody at the Onion 8: the player
    with the smaller number at the Book 9 mine (B) takes the Coin 10 and the Book 9."""
    laid = {0: ["", "", "B5", "C5 C6"], 1: ["", "", "B3", "C4 C7"]}
    rows = _end_rows(["", ""], laid)
    assert rows["C10"] == (
        "Ben: tied 2 to 2, decided at the Book 9 mine below",
        "Ben:2対2の同数で保留、下のブックの9の鉱山で決着",
    )
    assert rows["B9"][0] == "Ben: tied 1 to 1, laid the smaller number, and the tied mines above"
    assert rows["B9"][1] == "Ben:1対1の同数、より小さい数を並べている。保留していた上の鉱山も獲得"
    assert rows["O8"][0] == "nobody: no card left in either column"


@pytest.mark.parametrize("variant", ["basic", "simple"])
def test_the_end_screen_reads_in_both_languages(variant: str) -> None:
    """The breakdown: each mine from Coffin K down (as step 5 judges them) with each seat's
    cards and who took it, then the points; the simple variant has no leftover penalty
    (シンプル: "7:さらに余った手札の処理 は行いません")."""
    book = SIMPLE_BOOK if variant == "simple" else BOOK
    for state, _seat, _code, _events in random_games(range(3), variant=variant):
        outcome = state.outcome()
        if outcome is None:
            continue
        table = book.outcome(outcome.to_json())
        readable(table.headline, "en")
        readable(table.headline, "ja")
        assert [fill(r[0].en, NAMES).split()[0] for r in table.rows[:7]] == [
            m.code for m in reversed(MINES)
        ]
        labels = [r[0].en for r in table.rows[7:]]
        basic = variant == "basic"
        penalty = ["Leftovers × −3"] if basic else []
        total = "Points (never below 0)" if basic else "Points"  # 7: 最低値は0 (basic only)
        assert labels == ["Mine points", "Leftover cards", *penalty, total]
        for row in table.rows:
            assert len(row) == len(table.columns) == 4
            for cell in row:
                assert "{" not in fill(cell.en, NAMES) + fill(cell.ja, NAMES)
