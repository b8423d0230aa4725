"""``asobi rules GAME``: a game's rules in a page, or the form of its scenario files."""

from __future__ import annotations

import inspect
import re
from typing import Annotated

import typer

from asobi.cli.common import GameArg, console, fail, game_spec
from asobi.core.protocol import GameSpec


def rules(
    game: GameArg,
    scenario: Annotated[
        bool,
        typer.Option(
            "--scenario",
            help="Instead of the rules: the form of the game's scenario files (`asobi play "
            "GAME --setup FILE`), every key with what it pins, and an example.",
        ),
    ] = False,
) -> None:
    """Print a game's rules summary: `asobi rules GAME`."""
    from rich.markdown import Markdown

    spec = game_spec(game)
    screen = console()
    if scenario:
        screen.print(Markdown(scenario_page(spec)))
        return
    if not spec.summary:
        screen.print(f"{spec.name_en} ({spec.name_ja}) has no rules summary yet.")
        return
    screen.print(Markdown(spec.summary))


def scenario_page(spec: GameSpec) -> str:
    """The form of ``spec``'s scenarios as Markdown, from its model: the model's docstring
    (with its example) and each key's, as written in the game's ``scenarios.py``."""
    from asobi.core.scenarios import scenario_model

    model = scenario_model(spec)
    if model is None:
        fail(f"{spec.name_en} ({spec.id}) starts only from a deal: it takes no scenario")
    lines = [f"# {spec.name_en} ({spec.name_ja}): scenario files", "", _markdown(model.__doc__)]
    lines += ["", "## Keys", ""]
    for key, field in model.model_fields.items():
        lines.append(f"- **{key}**: {_markdown(field.description or '')}")
    return "\n".join(lines)


def _markdown(docstring: str | None) -> str:
    """A docstring's reStructuredText, as the little Markdown it needs: ``code`` in single
    backticks, and a literal block's ``::`` a colon (its lines stay indented: code)."""
    text = inspect.cleandoc(docstring or "")
    return re.sub(r"::\n", ":\n", text.replace("``", "`"))
