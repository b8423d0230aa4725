"""論文の引用 (citation): a publication may use the card left on a complete paper; one's own
for free, another's for a hand card given to its author; never citations only; one card
laid makes the paper complete at once; the gift is seen by giver and receiver only."""

from __future__ import annotations

import random

from asobi.games.laminate.rules import new_state
from asobi.games.laminate.state import LaminateOptions, LaminateState

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
    table,
    visible_strings,
)

HILBERT, BANACH, THIRD = 0, 1, 2


def hilbert_and_banach() -> LaminateState:
    """The rulebook's example. The SEVEN deck has a single Coin 7 (every suit holds one 7),
    yet the text puts one on Banach's paper and another in Hilbert's hand; here Banach's
    second paper holds the Star 7 (S7) instead. Hilbert also holds HA, K8 and T12 to give,
    Banach a Time 7."""
    return table(
        [["O7", "C7", "HA", "K8", "T12"], ["T7", "B4"], ["O3"]],
        [
            [paper("kind3", "H7")],
            [paper("sum49", "B7"), paper("straight5", "S7")],
            [],
        ],
        deck=["H2", "O2", "H3", "O4"],
    )


def test_citation_the_rulebook_example_hilbert_and_banach() -> None:
    """論文の引用 （例）: 「ヒルベルトの場にはハート7が残った論文があり、バナッハの場にはブック7が
    残った論文とコイン7が残った論文があります。ヒルベルトは手札のオニオン7とコイン7を場に出し、5カード
    の論文を発表しました。ハート7は自分の論文だったのでコストなしで引用できましたが、バナッハの論文を
    2本引用したので、手札から…2枚のカードを選び…バナッハに渡しました。ヒルベルトは合計で手札を4枚減
    らしました。この論文はあと1回の査読を経て完成となるでしょう」 (Banach's Coin 7 is a Star 7
    here: see ``hilbert_and_banach``)."""
    state = hilbert_and_banach()
    assert "publish kind5" in legal(state)
    play(state, HILBERT, "publish kind5", "lay O7", "lay C7", "cite H7", "cite B7", "cite S7")
    assert phase(state, HILBERT) == "gift"
    assert sorted(legal(state)) == ["give HA", "give K8", "give T12"], "a card of his choice"
    events = play(state, HILBERT, "give K8", "give T12")

    assert hand_size(state, HILBERT) == 5 - 4, "手札を4枚減らしました"
    assert hand(state, HILBERT) == ["HA"]
    assert sorted(hand(state, BANACH)) == sorted(["T7", "B4", "K8", "T12"])
    assert papers_of(state, HILBERT) == [("kind3", ["H7"], True), ("kind5", ["O7", "C7"], False)]
    assert papers_of(state, BANACH) == [("sum49", ["B7"], True), ("straight5", ["S7"], True)]
    (published,) = [e for e in seen_by(events, THIRD) if e["kind"] == "publish"]
    assert published["cited"] == [
        {"card": "H7", "author": HILBERT},
        {"card": "B7", "author": BANACH},
        {"card": "S7", "author": BANACH},
    ]
    assert [e["receiver"] for e in seen_by(events, THIRD) if e["kind"] == "thanks"] == [1, 1]

    # 「あと1回の査読を経て完成」
    assert points(state, HILBERT) == 1
    play(state, BANACH, "review C7")
    assert papers_of(state, HILBERT)[1] == ("kind5", ["O7"], True)
    assert points(state, HILBERT) == 1 + 4


def test_citation_the_gift_is_seen_by_giver_and_receiver_only() -> None:
    """Ruling: 「a card given for a citation is seen by giver and receiver only」."""
    state = hilbert_and_banach()
    play(state, HILBERT, "publish kind5", "lay O7", "lay C7", "cite H7", "cite B7", "cite S7")
    events = play(state, HILBERT, "give K8", "give T12")
    gifts = {"K8", "T12"}
    for party in (HILBERT, BANACH):
        received = [e["card"] for e in seen_by(events, party) if e["kind"] == "gift"]
        assert received == ["K8", "T12"]
    for other in (THIRD, None):
        assert not gifts & visible_strings(seen_by(events, other))
        assert not gifts & visible_strings(state.view(other))
    assert set(state.view(HILBERT)["seats"][BANACH]["known_cards"]) == gifts
    assert state.view(THIRD)["seats"][BANACH]["known_cards"] == []
    assert state.view(THIRD)["seats"][BANACH]["hand_size"] == 4, "only how many is public"


def test_citation_ones_own_paper_is_free() -> None:
    """論文の引用: 「自分の論文の引用はコストなしでできます」."""
    state = table([["O7", "C7", "HA"], ["B4"], ["O3"]], [[paper("sum49", "H7")], [], []])
    events = play(state, 0, "publish kind3", "cite H7", "lay O7", "lay C7")
    assert [e["kind"] for e in seen_by(events, None)] == ["publish", "turn"], "no gift"
    assert hand(state, 0) == ["HA"]
    assert papers_of(state, 0) == [("sum49", ["H7"], True), ("kind3", ["O7", "C7"], False)]
    assert hand_size(state, 1) == 1


def test_citation_another_players_paper_costs_a_card_for_its_author() -> None:
    """論文の引用: 「他人の論文を引用するときは、お礼として、引用する論文1つにつき手札のカードを1枚
    選び、論文の執筆者に渡さなければなりません」: one card to each author, in the order cited."""
    state = table(
        [["O7", "HA", "O2", "B3"], ["B4"], ["O3"]],
        [[], [paper("sum49", "B7")], [paper("straight5", "C7")]],
    )
    play(state, 0, "publish kind3", "lay O7", "cite C7", "cite B7")
    assert phase(state, 0) == "gift"
    assert state.view(0)["draft"]["thanks_due"] == 2
    play(state, 0, "give B3")
    assert legal(state) == ["give HA", "give O2"]
    refused(state, 0, "give B3", "論文の引用")  # given already
    refused(state, 0, "give O7", "論文の引用")  # laid
    play(state, 0, "give HA")
    assert sorted(hand(state, 2)) == sorted(["O3", "B3"]), "the first cited is seat 2's"
    assert sorted(hand(state, 1)) == sorted(["B4", "HA"])
    assert hand(state, 0) == ["O2"]
    assert papers_of(state, 0) == [("kind3", ["O7"], True)]


def test_citation_impossible_without_a_card_to_give() -> None:
    """論文の引用: 「カードを渡すことができない場合は論文を引用することができません」: with both
    7s laid, the own Heart 7 may complete the paper, Banach's Book 7 may not."""
    state = table(
        [["O7", "C7"], ["B4"], ["O3"]],
        [[paper("sum49", "H7")], [paper("straight5", "B7")], []],
    )
    play(state, 0, "publish kind3", "lay O7", "lay C7")
    assert legal(state) == ["cite H7"]
    error = refused(state, 0, "cite B7", "論文の引用")
    assert "カードを渡すことができない場合は論文を引用することができません" in str(error)


def test_citation_a_paper_that_needs_an_unaffordable_citation_is_not_offered() -> None:
    state = table([["O7", "C7"], ["B4"], ["O3"]], [[], [paper("straight5", "B7")], []])
    assert "publish kind3" not in legal(state)
    refused(state, 0, "publish kind3", "2. 論文発表")


def test_citation_at_least_one_card_from_the_hand() -> None:
    """論文の引用: 「自分の手札からカードを場に出すことなく、引用のみで論文を発表することはできま
    せん。（論文には新規性が求められるのです）」."""
    own = [paper("sum49", "H7"), paper("straight5", "B7"), paper("ak", "C7")]
    state = table([["O7", "HA"], ["B4"], ["O3"]], [own, [], []])
    play(state, 0, "publish kind3", "cite H7", "cite B7")
    assert legal(state) == ["lay O7"]
    error = refused(state, 0, "cite C7", "論文の引用")
    assert "引用のみで論文を発表することはできません" in str(error)

    state = table([["HA"], ["B4"], ["O3"]], [own, [], []])
    assert "publish kind3" not in legal(state)
    refused(state, 0, "publish kind3", "2. 論文発表")


def test_citation_100_plus_is_not_done_on_citations_only() -> None:
    """論文の引用 「引用のみ…できません」 for 100+ too: ``done`` needs a card from the hand."""
    own = [
        paper(k, c)
        for k, c in [
            ("straight11", "KK"),
            ("threes3", "K12"),
            ("flush6", "T12"),
            ("even", "K11"),
            ("pairs4", "S11"),
            ("kind5", "T11"),
            ("straight9", "K10"),
            ("flush4", "T10"),
            ("ak", "C10"),
        ]
    ]
    state = table([["HA"], ["B4"], ["O3"]], [own, [], []])  # fmt: skip
    play(state, 0, "publish sum100")
    for card in ["KK", "K12", "T12", "K11", "S11", "T11", "K10", "T10", "C10"]:
        play(state, 0, f"cite {card}")
    assert legal(state) == ["lay HA"]
    refused(state, 0, "done", "論文の引用")
    play(state, 0, "lay HA", "done")
    assert papers_of(state, 0)[-1] == ("sum100", ["HA"], True)


def test_citation_one_card_laid_the_paper_is_complete_at_once() -> None:
    """論文の引用: 「引用をした結果、自分の場に出すカードが1枚のみになった場合、査読なしで論文が完成
    となります」."""
    state = table([["HA", "O2"], ["B4"], ["O3"]], [[paper("kind3", "KK")], [], []])
    play(state, 0, "publish ak", "cite KK", "lay HA")
    assert papers_of(state, 0) == [("kind3", ["KK"], True), ("ak", ["HA"], True)]
    assert points(state, 0) == 1 + 2
    assert {"card": "HA", "author": 0} in state.view(None)["citable"]
    assert not [code for code in legal(state, 1) if code.startswith("review")]


def test_citation_one_card_laid_with_a_paid_citation() -> None:
    state = table([["HA", "O2"], ["B4"], ["O3"]], [[], [paper("kind3", "KK")], []])
    play(state, 0, "publish ak", "lay HA", "cite KK", "give O2")
    assert papers_of(state, 0) == [("ak", ["HA"], True)]
    assert hand(state, 0) == [] and sorted(hand(state, 1)) == sorted(["B4", "O2"])


def test_citation_the_cited_card_stays_and_can_be_cited_again() -> None:
    """論文の引用: 「完成した論文に残っているセブンのカードを利用する」: it stays on its paper
    (「場に並べられた先行論文の力を借りて」), so it may be cited again and again."""
    state = hilbert_and_banach()
    play(state, HILBERT, "publish kind5", "lay O7", "lay C7", "cite H7", "cite B7", "cite S7")
    play(state, HILBERT, "give K8", "give T12")
    # Banach cites Hilbert's Heart 7 and his own Book 7 again, with his Time 7.
    play(state, BANACH, "publish kind3", "lay T7", "cite B7", "cite H7", "give B4")
    assert papers_of(state, HILBERT)[0] == ("kind3", ["H7"], True)
    assert papers_of(state, BANACH)[0] == ("sum49", ["B7"], True)
    assert papers_of(state, BANACH)[2] == ("kind3", ["T7"], True)
    assert sorted(hand(state, HILBERT)) == sorted(["HA", "B4"])
    citable = state.view(None)["citable"]
    assert {"card": "H7", "author": HILBERT} in citable
    assert {"card": "B7", "author": BANACH} in citable


def test_citation_a_card_is_cited_once_per_paper() -> None:
    state = table([["O7", "C7", "HA"], ["B4"], ["O3"]], [[paper("sum49", "H7")], [], []])
    play(state, 0, "publish kind3", "cite H7")
    refused(state, 0, "cite H7", "論文の引用")


def test_citation_papers_under_review_cannot_be_cited() -> None:
    """論文の引用: 「（査読中）の論文は、まだ引用できません」."""
    state = table(
        [["O7", "C7", "T7"], ["B4"], ["O3"]],
        [[], [paper("straight5", "B7", "S8")], []],
    )
    play(state, 0, "publish kind3")
    assert not [code for code in legal(state) if code.startswith("cite")]
    error = refused(state, 0, "cite B7", "論文の引用")
    assert "まだ引用できません" in str(error)
    refused(state, 0, "cite HA", "論文の引用")  # on no paper at all


def test_citation_a_paper_completed_by_review_may_be_cited_from_then_on() -> None:
    """3. 査読: 「完成した論文は以後、引用することが出来ます」."""
    state = table(
        [["O7", "C7", "HA"], ["B4"], ["O3"]],
        [[], [paper("straight5", "B7", "S8")], []],
        deck=["H2", "H3", "H4"],
    )
    assert "publish kind3" not in legal(state)
    play(state, 0, "review S8")
    play(state, 1, "draw", "keep H2")
    play(state, 2, "draw", "keep H4")
    assert "publish kind3" in legal(state)
    play(state, 0, "publish kind3", "lay O7", "lay C7", "cite B7", "give HA")
    assert papers_of(state, 0)[-1] == ("kind3", ["O7", "C7"], False)
    assert active(state) == [1]


def test_citations_are_tallied_for_the_score_breakdown() -> None:
    """論文の引用: Hilbert cites his own Heart 7 and Banach's two papers; the final breakdown
    (and a balance report) counts citations[citer][author]."""
    state = hilbert_and_banach()
    play(state, HILBERT, "publish kind5", "lay O7", "lay C7", "cite H7", "cite B7", "cite S7")
    assert state.citations == ((0, 0, 0),) * 3, "nothing counts until the paper is out"
    play(state, HILBERT, "give K8", "give T12")
    assert state.citations == ((1, 2, 0), (0, 0, 0), (0, 0, 0))


def test_what_is_read_off_the_papers_stays_true_move_by_move() -> None:
    """引用できる, 査読 and the points of complete papers: ``citable``, ``reviewable``, each
    seat's ``cite_pool`` and ``points`` are worked out once and kept until a paper changes
    (all but ``reviewable`` only when a paper is completed, the pools then take its card);
    at every move of seeded random games at 3–5 players they equal what a clone works out
    afresh (the pools in any order)."""
    for players in (3, 4, 5):
        for seed in range(6):
            state = new_state(LaminateOptions(players=players), seed)
            rng = random.Random(seed)
            while not state.is_over:
                (seat,) = state.active_seats()
                state.apply(seat, rng.choice(state.legal_actions(seat)))
                fresh = state.clone()  # a clone forgets them
                assert state.citable() == fresh.citable()
                assert list(state.citable()) == list(fresh.citable())  # the same order
                assert state.reviewable() == fresh.reviewable()
                for s in range(players):
                    kept, afresh = state.cite_pool(s), fresh.cite_pool(s)
                    assert [sorted(cards) for cards in kept.cards] == [
                        sorted(cards) for cards in afresh.cards
                    ]
                    assert (kept.mask, kept.ranks, kept.count, kept.total) == (
                        afresh.mask,
                        afresh.ranks,
                        afresh.count,
                        afresh.total,
                    )
                    assert state.points(s) == fresh.points(s)
