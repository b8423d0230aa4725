"""asobi.core.actions: ActionSpace indices, text codes, decoding and masks."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from asobi.core import ActionSpace, BadActionCode
from asobi.core.actions import normalise_code


@dataclass(frozen=True)
class Move:
    to: str

    def encode(self) -> str:
        return f"move {self.to}"


@dataclass(frozen=True)
class Bid:
    amount: int

    def encode(self) -> str:
        return f"bid {self.amount}"


MOVES = [Move("north"), Move("south"), Move("east")]


def space() -> ActionSpace[Move]:
    return ActionSpace(MOVES)


def test_index_and_action_round_trip() -> None:
    s = space()
    assert s.size == 3
    for i, action in enumerate(MOVES):
        assert s.index(action) == i
        assert s.action(i) is action
        assert s.index(s.action(i)) == i


def test_an_action_made_anew_has_the_index_of_its_equal_in_the_space() -> None:
    """The space finds its own objects by identity and any other equal action by its
    fields: both give the same indices, in increasing order."""
    s = space()
    anew = [Move("east"), Move("north")]
    assert anew[0] is not MOVES[2]
    assert s.indices(anew) == s.indices([MOVES[2], MOVES[0]]) == [0, 2]
    assert s.indices(iter(anew)) == [0, 2]  # any iterable, read once
    with pytest.raises(BadActionCode, match="not in this game's action space"):
        s.indices([MOVES[0], Move("west")])


def test_decode_returns_the_interned_action() -> None:
    s = space()
    for action in MOVES:
        assert s.decode(action.encode()) is action
    assert s.decode("  MOVE   North ") is MOVES[0]  # case and spaces do not matter
    assert normalise_code(" Move \t SOUTH\n") == "move south"


@pytest.mark.parametrize("index", [-1, 3, 10**6])
def test_index_outside_the_space_raises(index: int) -> None:
    with pytest.raises(BadActionCode, match=rf"action index {index} is outside 0\.\.2"):
        space().action(index)


def test_unknown_action_and_code_raise() -> None:
    s = space()
    with pytest.raises(BadActionCode, match="not in this game's action space"):
        s.index(Move("west"))
    with pytest.raises(BadActionCode, match="'move west' is not an action code"):
        s.decode("move west")
    with pytest.raises(BadActionCode):
        s.decode("")


def test_parse_decodes_parametrised_codes_the_list_lacks() -> None:
    def parse(code: str) -> Move | Bid:
        word, _, amount = code.partition(" ")
        if word == "bid" and amount.isdigit():
            return Bid(int(amount))
        raise BadActionCode(f"{code!r}: try 'bid 3'")

    s: ActionSpace[Move | Bid] = ActionSpace([*MOVES, Bid(1)], parse=parse)
    assert s.decode("bid 1") is s.action(3)  # listed: the interned one
    assert s.decode("bid 40") == Bid(40)  # parsed
    with pytest.raises(BadActionCode, match="try 'bid 3'"):
        s.decode("bid lots")
    with pytest.raises(BadActionCode):
        s.index(Bid(40))  # parsed actions have no dense index


def test_every_action_listed_once_with_its_own_code() -> None:
    with pytest.raises(ValueError, match="exactly once"):
        ActionSpace([Move("north"), Move("north")])

    @dataclass(frozen=True)
    class Shout:
        word: str

        def encode(self) -> str:
            return self.word.lower()

    with pytest.raises(ValueError, match="share one text code"):
        ActionSpace([Shout("Hey"), Shout("hey")])


def test_mask_marks_exactly_the_legal_actions() -> None:
    s = space()
    assert s.mask([]) == [False, False, False]
    assert s.mask([MOVES[2], MOVES[0]]) == [True, False, True]
    assert s.mask(MOVES) == [True, True, True]


def test_mask_of_an_action_outside_the_space_raises_bad_action_code() -> None:
    with pytest.raises(BadActionCode):
        space().mask([Move("west")])
