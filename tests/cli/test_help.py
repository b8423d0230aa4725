"""The command line's help comes from the registry: no module of ``asobi.cli`` names a
game, and each game's names, examples (``GameSpec.cli_examples``) and aliases reach the help
of the commands they belong to."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import typer

import asobi.cli
from asobi.cli import app
from asobi.cli.options import parse_options
from asobi.core.protocol import GameSpec
from asobi.core.registry import all_specs
from oddsevens import SPEC as ODDSEVENS
from tests.core.simultaneous_game import registered
from tests.play.helpers import invoke

CLI_SOURCES = sorted(Path(asobi.cli.__file__).parent.glob("*.py"))
EXAMPLES = [
    pytest.param(spec, line, id=f"{spec.id}: {line}")
    for spec in [*all_specs(), ODDSEVENS]
    for line, _ in spec.cli_examples
]


@pytest.mark.parametrize("spec", [*all_specs(), ODDSEVENS], ids=lambda spec: spec.id)
def test_no_module_of_the_command_line_names_a_game(spec: GameSpec) -> None:
    """Issue 33: "No generic module names a game" — not its id, nor its names."""
    assert len(CLI_SOURCES) >= 10  # the package, not a stray file
    for path in CLI_SOURCES:
        text = path.read_text(encoding="utf-8")
        for name in (spec.id, spec.name_en, spec.name_ja):
            assert not re.search(re.escape(name), text, re.IGNORECASE), f"{path.name}: {name}"


def _command(line: str) -> tuple[str, list[str]]:
    """``asobi play itsmine -o simple`` -> ``("play", ["itsmine", "-o", "simple"])``."""
    program, command, *args = shlex.split(line)
    assert program == "asobi"
    return command, args


def _file_options(spec: GameSpec) -> set[str]:
    return {
        name
        for name, field in spec.options_model.model_fields.items()
        if isinstance(field.json_schema_extra, dict) and field.json_schema_extra.get("file")
    }


@pytest.mark.parametrize(("spec", "line"), EXAMPLES)
def test_each_example_is_a_command_of_its_own_game_that_parses(spec: GameSpec, line: str) -> None:
    """Read as the shell and the command line would read it, without running it: its
    command exists, names the game, and its flags and game options are accepted (a file
    option's file is not read)."""
    name, args = _command(line)
    assert args[0] == spec.id
    command = typer.main.get_command(app).commands[name]  # type: ignore[attr-defined]
    with command.make_context(name, args) as ctx:
        params = ctx.params
    files = _file_options(spec)
    pairs = [pair for pair in params.get("option") or [] if pair.partition("=")[0] not in files]
    with registered(spec):
        options = parse_options(pairs, spec)
    if params.get("solo"):
        options["players"] = 1
    if params.get("players") is not None:
        options["players"] = params["players"]
    spec.options(options)


@pytest.mark.parametrize(("spec", "line"), EXAMPLES)
def test_each_example_is_in_the_help_of_its_command(spec: GameSpec, line: str) -> None:
    name, _ = _command(line)
    with registered(spec):
        assert line in invoke([name, "--help"]).output
        if name == "play":
            assert line in invoke(["--help"]).output


def test_the_main_help_names_every_game_in_english_and_japanese() -> None:
    with registered(ODDSEVENS):
        output = invoke(["--help"]).output
        for spec in all_specs():
            assert f"{spec.name_en} ({spec.name_ja})" in output


@pytest.mark.parametrize("command", ["play", "tournament", "simulate"])
def test_the_commands_that_take_options_list_every_games_aliases(command: str) -> None:
    with registered(ODDSEVENS):
        output = invoke([command, "--help"]).output
        for spec in all_specs():
            for word in spec.option_aliases:
                assert f"-o {word} (" in output


@pytest.mark.parametrize(
    "command", [[], *([name] for name in ("games", "rules", "play", "simulate", "report",
                                          "replay", "serve", "tournament"))],
    ids=lambda command: " ".join(["asobi", *command]),
)  # fmt: skip
def test_help_shows_no_python_types(command: list[str]) -> None:
    """A flag takes no value and an argument's name says what it is: the help prints no
    ``<bool>`` or ``<str>`` beside them (typer's Python types), only the metavars of the
    options that take a value (``N``, ``en|ja``)."""
    out = invoke([*command, "--help"]).output
    assert "Usage:" in out
    assert not re.search(r"<(bool|str|int|float|path)>", out), out
