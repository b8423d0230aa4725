"""A game's options on the command line: ``-o KEY=VALUE``, and ``-o WORD`` for an alias the
game declares (``GameSpec.option_aliases``), which stands for some of its options.

One flag for every option keeps the commands the same for every game: a game's option is
never a flag of its own (``play`` once had ``--variant`` and ``--catalogue``, each for one
game), and what ``play`` accepts, ``tournament`` and ``simulate`` accept too."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Annotated, Any

import typer

from asobi.cli.common import fail
from asobi.core.errors import InvalidOptions
from asobi.core.protocol import GameSpec

GameOptionArgs = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="KEY=VALUE|ALIAS",
        help="A game option as key=value (repeatable), checked by the game, e.g. "
        "-o start_player=0, -o hand_size=4 or -o end_points=10; or an alias the game "
        "declares for some of its options (listed above), e.g. -o simple.",
        show_default=False,
    ),
]
"""``-o KEY=VALUE`` or ``-o ALIAS`` (repeatable): a game option, checked by the game."""


def parse_options(pairs: list[str], spec: GameSpec | None = None) -> dict[str, Any]:
    """``key=value`` pairs, values read as JSON where they can be (3, true, null); with the
    game's ``spec``, also its aliases, each expanded into the options it stands for.

    An option given twice must say the same thing both times, whether given by key or
    through an alias: ``-o simple -o variant=basic`` is refused, not settled by order. With
    ``spec``, a key the game does not have is refused, and an option the game declares as
    read from a file (``json_schema_extra={"file": True}``, e.g. a catalogue of cards) is
    given as a file name and read here, on the command line's side: the game itself takes
    only data, so no other front end (the server's API) can make it open a file."""
    given: dict[str, Any] = {}
    said: dict[str, str] = {}  # which -o gave each option, to name both in a contradiction
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        key = key.strip().replace("-", "_")
        if not sep:
            expansion = _alias(pair.strip(), spec)
        elif key:
            expansion = {key: _value(raw)}
        else:
            fail(f"-o {pair!r}: expected key=value, e.g. -o start_player=0")
        for name, value in expansion.items():
            if name in given and given[name] != value:
                fail(f"-o {pair} contradicts -o {said[name]}: give {name} once")
            given[name] = value
            said[name] = pair
    if spec is None:
        return given
    _check_names(spec, given)
    return _read_option_files(spec, given)


def _value(raw: str) -> Any:
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):  # not JSON (or too deep, too long to read)
        return raw.strip()


def _alias(word: str, spec: GameSpec | None) -> Mapping[str, Any]:
    """The options an alias stands for; a word that is none is one line saying what is."""
    if spec is None:
        fail(f"-o {word!r}: expected key=value, e.g. -o start_player=0")
    if word in spec.option_aliases:
        return spec.option_aliases[word]
    if spec.option_aliases:
        fail(
            f"-o {word!r}: {spec.id} has no alias {word!r} (its aliases: "
            f"{', '.join(spec.option_aliases)}); options are key=value, e.g. "
            f"-o {_example(spec)}"
        )
    fail(
        f"-o {word!r}: {spec.id} declares no aliases; options are key=value "
        f"(its options: {option_names(spec)})"
    )


def _example(spec: GameSpec) -> str:
    name, value = next(iter(next(iter(spec.option_aliases.values())).items()))
    return f"{name}={value}"


def alias_meaning(options: Mapping[str, Any]) -> str:
    """What an alias stands for, as the ``-o`` options it replaces: ``variant=simple``."""
    return " ".join(f"{k}={v if isinstance(v, str) else json.dumps(v)}" for k, v in options.items())


def option_names(spec: GameSpec) -> str:
    return ", ".join(spec.options_model.model_fields)


def _check_names(spec: GameSpec, options: Mapping[str, Any]) -> None:
    unknown = sorted(set(options) - set(spec.options_model.model_fields))
    if unknown:
        fail(
            f"{spec.id} has no option {', '.join(map(repr, unknown))} "
            f"(its options: {option_names(spec)})"
        )


def _read_option_files(spec: GameSpec, options: dict[str, Any]) -> dict[str, Any]:
    from asobi.core.datafile import read_data_file

    for name, field in spec.options_model.model_fields.items():
        extra = field.json_schema_extra
        if isinstance(extra, dict) and extra.get("file") and isinstance(options.get(name), str):
            path = options[name]
            try:
                options[name] = read_data_file(path, name)
                spec.options({name: options[name]})  # its contents' errors name the file
            except InvalidOptions as exc:
                fail(f"{path}: {exc}" if path not in str(exc) else str(exc))
    return options


def parse_sweep(pairs: list[str]) -> dict[str, list[Any]]:
    """``key=v1,v2,...`` pairs; each value read as JSON where it can be, like ``-o``."""
    sweep: dict[str, list[Any]] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        key = key.strip().replace("-", "_")
        values = [v.strip() for v in raw.split(",") if v.strip()]
        if not sep or not key or not values:
            fail(f"--sweep {pair!r}: expected key=value,value,..., e.g. --sweep hand_size=2,3,4")
        if key in sweep:
            fail(f"--sweep {key}: swept twice; list all its values in one --sweep")
        sweep[key] = [_value(v) for v in values]
    return sweep
