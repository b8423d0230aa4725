"""A typed move with a wrong part says which part is wrong (a face no die shows, a card
that is no card), in both languages, as Starmine's ``'Z9' is not a card ...`` does."""

from __future__ import annotations

import pytest

from asobi.core.errors import BadActionCode
from asobi.core.registry import get_spec

from .helpers import invoke


@pytest.mark.parametrize(
    ("game", "code", "en", "ja"),
    [
        ("itsmine", "bid 9", "bid 9: a bid is a die face, 1 to 6", "ダイスの目(1〜6)"),
        ("itsmine", "bid x", "a bid is a die face", "ダイスの目"),
        (
            "itsmine",
            "take Z1",
            "'Z1' is not a card of the SEVEN deck",
            "セブンのカードではありません",
        ),
        ("itsmine", "take C10", "C10 is a mine (鉱山), never a citizen card", "C10は鉱山"),
        ("itsmine", "play S7 S9", "play S7 S9: lay one card, a run of one suit", "play S7 S9:"),
        ("itsmine", "play Z1", "'Z1' is not a card of the SEVEN deck", "'Z1'はセブンの"),
        ("laminate", "review Z9", "review Z9: 'Z9' is not a card of the SEVEN deck", "'Z9'は"),
        ("laminate", "lay O7 O8", "lay names one card: 'lay O7'", "カード1枚"),
        ("laminate", "publish foo", "'foo' is not a paper", "'foo'は論文ではありません"),
    ],
)
def test_a_wrong_part_of_a_move_is_named(game: str, code: str, en: str, ja: str) -> None:
    with pytest.raises(BadActionCode) as refused:
        get_spec(game).action_space.decode(code)
    assert en in str(refused.value)
    assert "is not an" not in str(refused.value)  # not the catch-all "is not a ... action"
    assert ja in refused.value.said("ja")


@pytest.mark.parametrize(
    ("args", "typed", "said"),
    [
        (["itsmine", "--seed", "1"], "bid 9", "bid 9: a bid is a die face, 1 to 6"),
        (
            ["itsmine", "--seed", "1", "--lang", "ja"],
            "take Z1",
            "'Z1'はセブンのカードではありません",
        ),
        (["laminate", "--seed", "2"], "review Z9", "'Z9' is not a card of the SEVEN deck"),
    ],
)
def test_the_terminal_says_which_part_is_wrong(args: list[str], typed: str, said: str) -> None:
    result = invoke(["play", *args], input=f"{typed}\nq\n")
    assert said in result.output, result.output
