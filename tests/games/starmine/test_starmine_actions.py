"""Action codes: what a player types (「配置する列を宣言してからカードを配置しましょう」)."""

from __future__ import annotations

import random
import re

import pytest

from asobi.core import BadActionCode
from asobi.games.starmine.actions import (
    ACTION_SPACE,
    DRAW_DECK,
    FINALE,
    FLIP_OPEN,
    FLIP_REMOVE,
    MAIN,
    OPENING,
    PASS,
    PER_BOOST,
    PER_MELD,
    Discard,
    Draw,
    Place,
)

from .starmine_helpers import duel


def test_every_action_code_round_trips_to_the_same_interned_action() -> None:
    for i, act in enumerate(ACTION_SPACE.actions):
        assert ACTION_SPACE.decode(act.encode()) is act
        assert ACTION_SPACE.index(act) == i
        assert ACTION_SPACE.action(i) is act


def test_place_code_names_the_row_the_meld_kind_and_its_cards() -> None:
    """§5 B: 「配置する列を宣言してからカードを配置」 — `place main seq R4 R5 W1`."""
    act = ACTION_SPACE.decode("place main seq R4 R5 W1")
    assert isinstance(act, Place)
    assert act.row == MAIN
    assert act.meld.kind == "seq"
    assert [c.code for c in act.meld.cards] == ["R4", "R5", "W1"]
    assert act.meld.points(PER_MELD) == act.meld.points(PER_BOOST) == 6
    assert act.encode() == "place main seq R4 R5 W1"
    assert ACTION_SPACE.decode("place opening pair R1 Y1").row == OPENING  # type: ignore[union-attr]
    assert ACTION_SPACE.decode("place finale three R7 Y7 G7").row == FINALE  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "code",
    [
        "place main seq W1 R5 R4",
        "place main seq R5 W1 R4",
        "PLACE MAIN SEQ r4 r5 w1",
        "Place Main Seq w1 R4 r5",
        "  place   main seq R4   R5 W1 ",
    ],
)
def test_cards_in_any_order_or_case_decode_to_the_same_action(code: str) -> None:
    assert ACTION_SPACE.decode(code) is ACTION_SPACE.decode("place main seq R4 R5 W1")


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("discard R4", Discard),
        ("DISCARD r4", Discard),
        ("draw Y2", Draw),
    ],
)
def test_card_actions_decode(code: str, expected: type) -> None:
    act = ACTION_SPACE.decode(code)
    assert isinstance(act, expected)
    assert act.encode().lower() == " ".join(code.split()).lower()


def test_word_actions_decode() -> None:
    assert ACTION_SPACE.decode("draw deck") is DRAW_DECK
    assert ACTION_SPACE.decode("pass") is PASS
    assert ACTION_SPACE.decode("open") is FLIP_OPEN
    assert ACTION_SPACE.decode("remove") is FLIP_REMOVE


@pytest.mark.parametrize(
    "code",
    [
        "place main seq R1 R2 R4",  # not consecutive
        "place main seq R6 R7 R1",  # 「1と7は繋がりません」
        "place main seq R1 Y2 G3",  # 「同色」
        "place main three R2 Y2 G2 B2",  # 「配置できるカードは3枚で1組」
        "place main pair W1 W2",  # ruling: at least one firework card
        "place main pair R1",
        "place middle pair R1 Y1",  # no such row
        "place main pair R1 Y1 extra",
        "place main pair R8 Y8",
        "discard R8",
        "draw",
        "stop",  # the deck's last card ends the action at once: there is nothing to stop
        "launch",
        "",
    ],
)
def test_codes_that_are_no_action_are_refused(code: str) -> None:
    with pytest.raises(BadActionCode):
        ACTION_SPACE.decode(code)


def test_action_indices_are_dense_and_masks_mark_the_legal_ones() -> None:
    state = duel(seed=1)
    (seat,) = state.active_seats()
    legal = state.legal_actions(seat)
    mask = ACTION_SPACE.mask(legal)
    assert len(mask) == ACTION_SPACE.size
    assert [ACTION_SPACE.action(i) for i, ok in enumerate(mask) if ok] == sorted(
        legal, key=ACTION_SPACE.index
    )


def test_legal_actions_are_listed_in_a_deterministic_order_without_repeats() -> None:
    rng = random.Random(2)
    a, b = duel(seed=8), duel(seed=8)
    while a.outcome() is None:
        (seat,) = a.active_seats()
        listed = a.legal_actions(seat)
        assert [x.encode() for x in listed] == [x.encode() for x in b.legal_actions(seat)]
        assert len(set(listed)) == len(listed)
        act = rng.choice(listed)
        a.apply(seat, act)
        b.apply(seat, ACTION_SPACE.decode(act.encode()))
    assert a.outcome() == b.outcome()


def test_a_meld_may_be_typed_by_the_name_the_table_and_the_rulebook_give_its_kind() -> None:
    """§5 B カードの役: the terminal lists "sequence", the rulebook says シーケンス, 3カード
    and ペア."""
    seq = ACTION_SPACE.decode("place main seq R1 R2 R3")
    assert ACTION_SPACE.decode("place main sequence R1 R2 R3") is seq
    assert ACTION_SPACE.decode("place main シーケンス r3 r2 r1") is seq
    assert ACTION_SPACE.decode("place finale ペア R2 Y2").encode() == "place finale pair R2 Y2"
    assert ACTION_SPACE.decode("place opening 3カード R2 Y2 G2").encode() == (
        "place opening three R2 Y2 G2"
    )


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        ("place main pair Y4 Y6", "Y4 Y6 is not a pair"),
        ("place main three R1 R2 R3", "R1 R2 R3 is not three of a kind (it is a sequence)"),
        ("place middle pair R5 W1", "'middle' is not a row: opening, main, finale"),
        ("place main run R1 R2 R3", "'run' is not a meld"),
        ("discard R9", "'R9' is not a card"),
        ("place main", "a meld is placed as 'place ROW KIND CARDS'"),
        ("flurb", "is not a Starmine action; try 'discard R4'"),
    ],
)
def test_a_code_that_names_no_action_says_what_is_wrong_with_it(code: str, reason: str) -> None:
    with pytest.raises(BadActionCode, match=re.escape(reason)):
        ACTION_SPACE.decode(code)
