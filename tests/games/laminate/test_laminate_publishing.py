"""2. 論文発表 (publishing) with 【役の補足説明】 and 【補遺】 その他: one paper per turn, one of
each kind per player, the limited supply, only the cards the combination needs (but 100+), and
publishing as a sequence of decisions (publish → lay / cite → done for 100+ → give) whose
every legal step leads to a published paper."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from asobi.core.cards import SEVEN, Card
from asobi.games.laminate.actions import PAPER, PUBLISHABLE
from asobi.games.laminate.state import LaminateState

from .laminate_helpers import (
    active,
    hand,
    hand_size,
    legal,
    paper,
    papers_of,
    phase,
    play,
    points,
    refused,
    seen_by,
    supply,
    table,
)

# 【役の補足説明】: for each 役, a hand that makes it exactly, and one that just misses it.
COMBINATIONS = [
    # 5ストレート 「5枚のシークエンス」 of any suits
    ("straight5", ["HA", "O2", "B3", "C4", "S5"], ["HA", "O2", "B3", "C4", "S6"]),
    # 「KとAはつながりません」
    ("straight5", ["C10", "S11", "T12", "KK", "K9"], ["C10", "S11", "T12", "KK", "HA"]),
    ("straight7", ["O2", "B3", "C4", "S5", "T6", "K7", "O8"], ["O2", "B3", "C4", "S5", "T6",
                                                              "K7", "K9"]),
    ("straight9", ["HA", "O2", "B3", "C4", "S5", "T6", "K7", "O8", "B9"],
     ["HA", "O2", "B3", "C4", "S5", "T6", "K7", "O8", "C10"]),
    ("straight11", ["HA", "O2", "B3", "C4", "S5", "T6", "K7", "O8", "B9", "C10", "S11"],
     ["B9", "C10", "S11", "T12", "KK", "HA", "O2", "B3", "C4", "S5", "T6"]),
    # 3カード 「同ランクのカード3枚」
    ("kind3", ["O7", "C7", "B7"], ["O7", "C7", "B6"]),
    ("kind5", ["H7", "O7", "B7", "C7", "S7"], ["H7", "O7", "B7", "C7", "S8"]),
    # スリーペア 「同ランクのカード2枚のセットを3種類(3種類のランクで)」: four 7s are not two pairs
    ("pairs3", ["O7", "C7", "O6", "T6", "S5", "C5"], ["O7", "C7", "B7", "S7", "O6", "T6"]),
    ("pairs4", ["O7", "C7", "O6", "T6", "S5", "C5", "B4", "C4"],
     ["H7", "O7", "B7", "C7", "O6", "T6", "S5", "C5"]),
    # トリプルスリー 「同ランクのカード3枚のセットを3種類(3種類のランクで)」
    ("threes3", ["O7", "C7", "B7", "O6", "T6", "S6", "S5", "C5", "B5"],
     ["H7", "O7", "B7", "C7", "S7", "T7", "O6", "T6", "S6"]),
    # 4ストフラ 「同スートで4枚のシークエンス」
    ("flush4", ["C4", "C5", "C6", "C7"], ["C4", "C5", "C6", "S7"]),
    ("flush6", ["S5", "S6", "S7", "S8", "S9", "S10"], ["S5", "S6", "S7", "S8", "S9", "T10"]),
    # 49 「何枚でもよいのでランクの合計がちょうど49」 (※2 Aは1、Kは13)
    ("sum49", ["KK", "T12", "S11", "C10", "B3"], ["KK", "T12", "S11", "C10", "O2"]),
    ("sum49", ["KK", "K12", "K11", "K10", "HA", "O2"], ["KK", "K12", "K11", "K10", "HA"]),
    # 100+ 「何枚でもよいのでランクの合計が100以上」
    ("sum100", ["KK", "K12", "T12", "K11", "S11", "T11", "K10", "T10", "C10"],
     ["KK", "K12", "T12", "K11", "S11", "T11", "K10", "T10", "B9"]),
    # AK 「AとKを1枚ずつ」
    ("ak", ["HA", "KK"], ["HA", "K12"]),
    # オールイーブン 「偶数6種類(2、4、6、8、10、12)を1枚ずつ」
    ("even", ["O2", "C4", "S6", "O8", "C10", "T12"], ["O2", "C4", "S6", "O8", "C10", "S11"]),
]  # fmt: skip


def alone(cards: list[str], papers: list[list[dict[str, Any]]] | None = None) -> LaminateState:
    """Seat 0 holds ``cards``; nothing to draw, nothing else on the table."""
    return table([cards, ["H3"], ["H4"]], papers)


@pytest.mark.parametrize(("kind", "makes", "misses"), COMBINATIONS)
def test_combinations_of_the_table(kind: str, makes: list[str], misses: list[str]) -> None:
    """【役の補足説明】: each 役 is published from exactly its cards, and not from a near miss."""
    state = alone(makes)
    assert f"publish {kind}" in legal(state)
    play(state, 0, f"publish {kind}", *(f"lay {c}" for c in makes))
    if kind == "sum100":
        play(state, 0, "done")
    ((published, cards, complete),) = papers_of(state, 0)
    assert published == kind and sorted(cards) == sorted(makes) and complete is False
    assert hand(state, 0) == []
    assert supply(state)[kind] == PAPER[kind].copies - 1
    assert active(state) == [1]

    state = alone(misses)
    assert f"publish {kind}" not in legal(state)
    refused(state, 0, f"publish {kind}", "2. 論文発表")


def test_publishing_lays_the_cards_in_a_row_under_the_paper_under_review() -> None:
    """2. 論文発表: 「必要なセブンのカードを自分の手札から公開し、自分の場に表向きに1列に並べます。
    そして、その一番先頭(論文の表紙)に、論文カードを置きます。論文カードは中央の場から持ってきて
    (査読中)の面を表にして置きます」."""
    state = alone(["O7", "C7", "B7", "HA"], [[paper("ak", "KK")], [], []])
    events = play(state, 0, "publish kind3", "lay O7", "lay B7", "lay C7")
    assert papers_of(state, 0) == [("ak", ["KK"], True), ("kind3", ["O7", "B7", "C7"], False)]
    assert hand(state, 0) == ["HA"]
    assert points(state, 0) == 2, "under review it scores nothing yet"
    assert supply(state)["kind3"] == 3
    assert seen_by(events, 2)[0] == {
        "kind": "publish",
        "seat": 0,
        "paper": "kind3",
        "cards": ["O7", "B7", "C7"],
        "cited": [],
        "complete": False,
    }


def test_publishing_one_paper_per_turn() -> None:
    """2. 論文発表: 「1手番に発表できる論文は1枚だけです」; 【ゲームの進行】 one action a turn."""
    state = alone(["O7", "C7", "B7", "HA", "KK"])
    assert {"publish kind3", "publish ak"} <= set(legal(state))
    play(state, 0, "publish kind3", "lay O7", "lay C7", "lay B7")
    assert active(state) == [1]
    refused(state, 0, "publish ak", "turn order")
    refused(state, 0, "lay HA", "turn order")


def test_publishing_one_paper_of_each_kind_per_player() -> None:
    """2. 論文発表: 「同じ論文カードを1人で2枚以上入手することはできません」, whether the paper
    held is under review or complete."""
    for held in (paper("kind3", "H7", "T7"), paper("kind3", "H7")):
        state = table([["O7", "C7", "B7"], ["S7"], ["H4"]], [[held], [], []])
        assert "publish kind3" not in legal(state)
        error = refused(state, 0, "publish kind3", "2. 論文発表")
        assert "同じ論文カードを1人で2枚以上入手することはできません" in str(error)


def test_publishing_another_player_may_hold_the_same_kind() -> None:
    state = table([["O7", "C7", "B7"], [], []], [[], [paper("kind3", "H7", "T7")], []])
    assert "publish kind3" in legal(state)


def test_publishing_the_limited_papers_are_first_come_first_served() -> None:
    """2. 論文発表: 「枚数に限りがある論文カードは早い者勝ちです」: one オールイーブン only."""
    hands = [["O2", "C4", "S6", "O8", "C10", "T12"], ["H2", "B4", "T6", "K8", "T10", "K12"], []]
    second = table(hands, turn=1)
    assert "publish even" in legal(second), "seat 1 could publish it first"
    state = table(hands)
    play(state, 0, "publish even", *(f"lay {c}" for c in hands[0]))
    assert supply(state)["even"] == 0
    assert "publish even" not in legal(state, 1)
    error = refused(state, 1, "publish even", "2. 論文発表")
    assert "早い者勝ち" in str(error)


def test_publishing_a_paper_that_cannot_be_made_is_refused() -> None:
    state = alone(["HA", "O2", "B3"])
    assert not [code for code in legal(state) if code.startswith("publish")]
    refused(state, 0, "publish kind3", "2. 論文発表")
    refused(state, 0, "publish sum49", "2. 論文発表")


def test_publishing_only_the_cards_the_combination_needs() -> None:
    """補遺 その他: 「論文発表時、役に関係ないカードを一緒に場に出すことはできません。
    (100+をのぞく)」."""
    state = alone(["O7", "C7", "B7", "S7", "B4"])
    play(state, 0, "publish kind3")
    assert legal(state) == ["lay O7", "lay B7", "lay C7", "lay S7"]
    refused(state, 0, "lay B4", "補遺 その他")
    play(state, 0, "lay O7", "lay C7", "lay S7")
    assert papers_of(state, 0) == [("kind3", ["O7", "C7", "S7"], False)]
    assert sorted(hand(state, 0)) == sorted(["B7", "B4"]), "a fourth 7 is not laid"


def test_publishing_a_straight_takes_no_stray_card() -> None:
    state = alone(["O2", "B3", "C4", "S5", "T6", "K9"])
    play(state, 0, "publish straight5")
    assert "lay K9" not in legal(state)
    refused(state, 0, "lay K9", "補遺 その他")
    play(state, 0, "lay C4", "lay B3")
    refused(state, 0, "lay C4", "2. 論文発表")  # laid already
    assert set(legal(state)) == {"lay O2", "lay S5", "lay T6"}


def test_publishing_49_is_exact() -> None:
    """49: 「ランクの合計がちょうど49」: a card that would pass 49 is refused."""
    state = alone(["KK", "T12", "S11", "C10", "B3", "K9"])
    play(state, 0, "publish sum49", "lay KK", "lay T12", "lay S11", "lay C10")
    assert legal(state) == ["lay B3"]
    refused(state, 0, "lay K9", "補遺 その他")
    play(state, 0, "lay B3")
    assert papers_of(state, 0) == [("sum49", ["KK", "T12", "S11", "C10", "B3"], False)]


def test_publishing_100_plus_may_take_more_cards_and_ends_with_done() -> None:
    """100+: 「何枚でもよいのでランクの合計が100以上」 and 補遺 「(100+をのぞく)」: cards beyond the
    100 may be laid; the publisher says when the paper is done."""
    big = ["KK", "K12", "T12", "K11", "S11", "T11", "K10", "T10", "C10"]
    state = alone([*big, "HA", "O2"])
    play(state, 0, "publish sum100", "lay HA")
    refused(state, 0, "done", "役の補足説明 100+")
    play(state, 0, *(f"lay {c}" for c in big[:-1]))
    assert "done" not in legal(state)
    play(state, 0, f"lay {big[-1]}")  # 1 + 100 = 101
    assert "done" in legal(state) and "lay O2" in legal(state)
    assert phase(state, 0) == "publish"
    play(state, 0, "lay O2", "done")
    ((kind, cards, complete),) = papers_of(state, 0)
    assert kind == "sum100" and len(cards) == 11 and complete is False
    assert sum(c.rank for c in SEVEN.parse(cards)) == 103
    assert hand(state, 0) == []


def test_publishing_done_is_for_100_plus_only() -> None:
    state = alone(["O7", "C7", "B7"])
    refused(state, 0, "done", "2. 論文発表")
    play(state, 0, "publish kind3", "lay O7")
    refused(state, 0, "done", "2. 論文発表")


def test_publishing_step_codes_outside_a_publication_are_refused() -> None:
    state = alone(["O7", "C7", "B7"], [[paper("ak", "KK")], [], []])
    refused(state, 0, "lay O7", "2. 論文発表")
    refused(state, 0, "cite KK", "2. 論文発表")
    refused(state, 0, "give O7", "論文の引用")
    play(state, 0, "publish kind3")
    refused(state, 0, "draw", "ゲームの進行")
    refused(state, 0, "publish ak", "ゲームの進行")
    refused(state, 0, "pass", "ゲームの進行")
    refused(state, 0, "give O7", "論文の引用")
    refused(state, 0, "flag O7", "ゲームの終了と勝利条件")
    refused(state, 0, "lay HA", "2. 論文発表")  # not in the hand


def test_publishing_is_one_decision_at_a_time_and_shown_when_done() -> None:
    """The paper, then its cards one by one; nothing is shown before the paper is on the table."""
    state = alone(["O7", "C7", "B7"])
    assert play(state, 0, "publish kind3") == []
    assert play(state, 0, "lay O7") == [] and play(state, 0, "lay C7") == []
    assert phase(state, 0) == "publish" and active(state) == [0]
    assert hand_size(state, 0) == 3, "the cards leave the hand when the paper is published"
    events = play(state, 0, "lay B7")
    assert [e["kind"] for e in seen_by(events, 1)] == ["publish", "turn"]


# --- never a dead end ----------------------------------------------------------------------
def is_combination(kind: str, cards: list[Card]) -> bool:
    """【役の補足説明】 and the issue's rulings, written out independently of the engine."""
    p = PAPER[kind]
    ranks = sorted(c.rank for c in cards)
    if kind == "sum49":
        return sum(ranks) == 49
    if kind == "sum100":
        return sum(ranks) >= 100
    if len(cards) != p.size:
        return False
    if kind.startswith("straight"):
        return ranks == list(range(ranks[0], ranks[0] + len(ranks)))
    if kind.startswith("flush"):
        same_suit = len({c.suit for c in cards}) == 1
        return same_suit and ranks == list(range(ranks[0], ranks[0] + len(ranks)))
    if kind in ("ak", "even"):
        return tuple(ranks) == p.ranks
    counts = Counter(ranks)
    per = {"kind3": 3, "kind5": 5, "pairs3": 2, "pairs4": 2, "threes3": 3}[kind]
    return len(counts) == p.size // per and set(counts.values()) == {per}


def random_position(rng: random.Random) -> LaminateState:
    """Seat 0 with 5–10 random cards; every seat with 0–3 complete papers (free and paid
    citations), perhaps a paper under review; nothing to draw."""
    cards = list(SEVEN.cards)
    rng.shuffle(cards)
    left = dict((p.id, p.copies) for p in PUBLISHABLE)
    papers: list[list[dict[str, Any]]] = [[], [], []]
    for seat in range(3):
        kinds = rng.sample([k for k, n in left.items() if n], rng.randint(0, 3))
        for kind in kinds:
            left[kind] -= 1
            papers[seat].append(paper(kind, cards.pop().code))
    if rng.random() < 0.5:
        held = {entry["paper"] for entry in papers[1]}
        kind = rng.choice([k for k, n in left.items() if n and k not in held])
        papers[1].append(paper(kind, cards.pop().code, cards.pop().code))
    hands = [[cards.pop().code for _ in range(rng.randint(5, 10))], [], []]
    return table(hands, papers)


def test_publishing_every_legal_step_leads_to_a_published_paper() -> None:
    """A publication is a sequence of decisions; each one offered keeps it completable, so
    a player never gets stuck halfway (and the paper made is the 役 named)."""
    rng = random.Random(2016)
    tried = 0
    for _ in range(40):
        start = random_position(rng)
        for code in legal(start):
            if not code.startswith("publish"):
                continue
            for _walk in range(2):
                tried += 1
                state = start.clone()
                check_walk(state, code, rng)
    assert tried > 100


def check_walk(state: LaminateState, publish: str, rng: random.Random) -> None:
    kind = publish.split()[1]
    before = [hand_size(state, seat) for seat in range(3)]
    citable = {e["card"]: e["author"] for e in state.view(None)["citable"]}
    events = play(state, 0, publish)
    for _ in range(40):
        if active(state) != [0] or phase(state, 0) not in ("publish", "gift"):
            break
        options = legal(state)
        assert options, f"dead end while publishing {kind}: {state.view(0)['draft']}"
        events += play(state, 0, rng.choice(options))
    published = [e for e in seen_by(events, None) if e["kind"] == "publish"]
    assert len(published) == 1, f"{publish} never finished"
    (event,) = published
    laid = SEVEN.parse(event["cards"])
    cited = SEVEN.parse([c["card"] for c in event["cited"]])
    assert laid, "at least one card from the hand (引用のみで論文を発表することはできません)"
    assert is_combination(kind, laid + cited)
    assert papers_of(state, 0)[-1] == (kind, event["cards"], len(laid) == 1)
    paid = [citable[c.code] for c in cited if citable[c.code] != 0]
    assert hand_size(state, 0) == before[0] - len(laid) - len(paid)
    for seat in (1, 2):
        assert hand_size(state, seat) == before[seat] + paid.count(seat)
