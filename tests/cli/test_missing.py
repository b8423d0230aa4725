"""A required argument left out is one line saying which, what it takes and where to read
more: the line said only ``asobi: error: GAME: ``."""

from __future__ import annotations

import pytest

from asobi.core.registry import game_ids
from oddsevens import SPEC as ODDSEVENS
from tests.core.simultaneous_game import registered
from tests.play.helpers import invoke
from tests.play.test_cli import assert_clean_error


@pytest.mark.parametrize(
    "args",
    [["play"], ["rules"], ["simulate"], ["tournament", "--bots", "greedy,random"]],
    ids=" ".join,
)
def test_a_missing_game_lists_the_games(args: list[str]) -> None:
    result = invoke(args)
    assert_clean_error(
        result,
        f"missing GAME (one of: {', '.join(game_ids())})",
        f"asobi {args[0]} --help for more",
    )


def test_the_games_listed_are_the_registrys_now() -> None:
    """A game registered after the command line was imported is listed too."""
    with registered(ODDSEVENS):
        assert_clean_error(invoke(["play"]), "oddsevens", "itsmine")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        pytest.param(["replay"], "missing FILE (a record saved by asobi play", id="replay"),
        pytest.param(["report"], "missing RESULTS (a simulation folder: the --out", id="report"),
        pytest.param(["tournament", "itsmine"], "missing --bots (the bots,", id="tournament"),
    ],
)
def test_another_missing_parameter_says_what_it_takes(args: list[str], said: str) -> None:
    assert_clean_error(invoke(args), said, f"asobi {args[0]} --help for more")


def test_a_value_of_the_wrong_type_is_still_named_with_what_it_is_not() -> None:
    assert_clean_error(invoke(["play", "itsmine", "--seed", "x"]), "--seed x: not a whole number")
