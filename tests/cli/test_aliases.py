"""``-o`` on the command line: ``key=value``, and the aliases each game declares
(``GameSpec.option_aliases``), in ``play``, ``tournament`` and ``simulate`` alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from asobi.cli.options import parse_options
from asobi.core.protocol import GameSpec
from asobi.core.records import GameRecord
from asobi.core.registry import all_specs, get_spec
from oddsevens import SPEC as ODDSEVENS
from tests.core.simultaneous_game import registered
from tests.play.helpers import invoke
from tests.play.test_cli import assert_clean_error

DECLARED = [
    pytest.param(spec, word, id=f"{spec.id}-{word}")
    for spec in [*all_specs(), ODDSEVENS]
    for word in spec.option_aliases
]


@pytest.mark.parametrize(("spec", "word"), DECLARED)
def test_each_declared_alias_is_a_word_for_options_the_game_accepts(
    spec: GameSpec, word: str
) -> None:
    """A word, so that ``-o WORD`` cannot be read as ``key=value``, and not an option's own
    name; what it stands for is options the game takes."""
    assert word and "=" not in word and word.strip() == word
    assert word not in spec.options_model.model_fields
    expansion = dict(spec.option_aliases[word])
    assert expansion and set(expansion) <= set(spec.options_model.model_fields)
    options = spec.options(expansion)
    assert {key: getattr(options, key) for key in expansion} == expansion


@pytest.mark.parametrize(("spec", "word"), DECLARED)
def test_each_declared_alias_plays_the_game_with_its_options(
    spec: GameSpec, word: str, tmp_path: Path
) -> None:
    """``asobi play GAME -o WORD``: the game is played with the options the word stands for
    (the record says so; the player quits at the first decision)."""
    path = tmp_path / "game.json"
    with registered(spec):
        result = invoke(["play", spec.id, "-o", word, "--seed", "1", "--save", str(path)], "q\n")
    assert result.exit_code == 0, result.output[-2000:]
    record = GameRecord.load(path)
    for key, value in spec.option_aliases[word].items():
        assert record.options[key] == value


def test_an_alias_that_agrees_with_the_options_given_is_accepted() -> None:
    itsmine = get_spec("itsmine")
    assert parse_options(["simple", "variant=simple", "simple"], itsmine) == {"variant": "simple"}


@pytest.mark.parametrize(
    "args",
    [
        ["play", "itsmine", "-o", "simple", "-o", "variant=basic"],
        ["play", "itsmine", "-o", "variant=basic", "-o", "simple"],
        ["play", "itsmine", "-o", "simple", "-o", "basic"],
        ["tournament", "itsmine", "--bots", "greedy,random", "-o", "simple", "-o", "variant=basic"],
        ["simulate", "itsmine", "-o", "basic", "-o", "variant=simple"],
    ],
)
def test_an_alias_that_contradicts_an_option_is_refused(args: list[str]) -> None:
    """Neither is settled by order: the error names both and the option."""
    words = [args[i + 1] for i, arg in enumerate(args) if arg == "-o"]
    assert_clean_error(invoke(args, "q\n"), *words, "give variant once")


def test_the_same_option_given_twice_differently_is_refused() -> None:
    assert_clean_error(
        invoke(["play", "starmine", "-o", "hand_size=3", "-o", "hand_size=4"], "q\n"),
        "hand_size=4",
        "hand_size=3",
        "once",
    )


def test_an_unknown_alias_is_one_line_naming_the_aliases_there_are() -> None:
    assert_clean_error(
        invoke(["play", "itsmine", "-o", "fancy"], "q\n"),
        "'fancy'",
        "its aliases: simple, basic",
        "key=value",
    )
    assert_clean_error(
        invoke(["tournament", "itsmine", "--bots", "greedy,random", "-o", "fancy"]),
        "its aliases: simple, basic",
    )


def test_a_word_for_a_game_without_aliases_names_its_options() -> None:
    assert_clean_error(
        invoke(["play", "starmine", "-o", "simple"], "q\n"),
        "starmine declares no aliases",
        "key=value",
        "hand_size",
    )


def test_an_option_the_game_lacks_is_refused_in_every_command() -> None:
    for command in (["play"], ["tournament", "--bots", "greedy,random"], ["simulate"]):
        args = [command[0], "laminate", *command[1:], "-o", "variant=simple"]
        assert_clean_error(invoke(args, "q\n"), "laminate has no option 'variant'", "end_points")


def test_a_game_registered_later_brings_its_aliases() -> None:
    """Nothing in asobi.cli knows the example game: its alias works once it is registered."""
    assert_clean_error(invoke(["play", "oddsevens", "-o", "best_of_five"]), "oddsevens")
    with registered(ODDSEVENS):
        assert parse_options(["best_of_five"], ODDSEVENS) == {"rounds_to_win": 3}
        assert "-o best_of_five (rounds_to_win=3)" in invoke(["play", "--help"]).output


@pytest.mark.parametrize(
    ("args", "instead"),
    [
        (["play", "itsmine", "--variant", "simple"], "type -o variant=simple (or -o simple)"),
        (["play", "itsmine", "--variant", "odd"], "type -o variant=odd"),
        (["play", "rummycity", "--catalogue", "my city.toml"], "type -o 'catalogue=my city.toml'"),
        (["play", "starmine", "--variant", "simple"], "starmine has no option variant"),
    ],
)
def test_the_retired_flags_say_what_to_type_instead(args: list[str], instead: str) -> None:
    """``--variant`` and ``--catalogue`` were play's flags for one game's option each."""
    assert_clean_error(invoke(args, "q\n"), f"{args[2]} is no longer a flag", instead)
