"""``asobi rules GAME``: a game's rules in a page, in English or Japanese, with its options
read from its options model; or the form of its scenario files."""

from __future__ import annotations

import inspect
import json
import re
from typing import Annotated, Any

import typer
from pydantic.fields import FieldInfo

from asobi.cli.common import GameArg, console, fail, game_spec, language
from asobi.core.protocol import GameSpec
from asobi.core.words import Lang, Words


def rules(
    game: GameArg,
    lang: Annotated[
        str,
        typer.Option(
            "--lang",
            metavar="en|ja",
            help="The language of the page: the rules summary and its options (ja: 日本語; a "
            "game without a Japanese summary shows its English one, and says so).",
        ),
    ] = "en",
    scenario: Annotated[
        bool,
        typer.Option(
            "--scenario",
            help="Instead of the rules: the form of the game's scenario files (`asobi play "
            "GAME --setup FILE`), every key with what it pins, and an example.",
        ),
    ] = False,
) -> None:
    """Print a game's rules summary and its options: `asobi rules GAME [--lang ja]`."""
    from rich.markdown import Markdown

    from asobi.play.summary import summary

    spec = game_spec(game)
    spoken = language(lang)
    screen = console()
    if scenario:
        screen.print(Markdown(scenario_page(spec)))
        return
    screen.print(Markdown(summary(spec, spoken) + "\n\n" + options_page(spec, spoken)))


# The option every game has (``GameOptions``): the seat count, whose values are the game's
# ``seat_counts`` and whose default is the one ``play`` sets, ``default_players``.
SEATS = "players"

# The words of the options' section, filled with str.format.
SAID = {
    "options": Words("Options", "オプション"),
    "how": Words(
        "Set one with `asobi play {game} -o NAME=VALUE` (repeatable); `asobi tournament` and "
        "`asobi simulate` take the same `-o`.",
        "`asobi play {game} -o 名前=値` で設定します(繰り返し指定できます)。"
        "`asobi tournament` と `asobi simulate` も同じ `-o` を受け付けます。",
    ),
    "aliases": Words("Aliases: {aliases}.", "別名:{aliases}。"),
    "none": Words("This game has no options.", "このゲームにオプションはありません。"),
    "default": Words("default {value}", "既定値 {value}"),
    "item": Words("- **`{name}`** ({facts}){text}", "- **`{name}`**({facts}){text}"),
    "text": Words(": {text}", ":{text}"),
    "and": Words("; ", "、"),
    "list": Words(", ", "・"),
    "or": Words(" or ", "・"),
    "one of": Words("{values}", "{values}のいずれか"),
    "or unset": Words("{values} or unset", "{values}、または未設定"),
    "unset": Words("unset", "未設定"),
    "required": Words("required", "必須"),
    "range": Words("{low}–{high}", "{low}〜{high}"),
    "at least": Words("{low} or more", "{low}以上"),
    "at most": Words("{high} or less", "{high}以下"),
    "integer": Words("an integer", "整数"),
    "number": Words("a number", "数"),
    "string": Words("text", "文字列"),
    "boolean": Words("`true` or `false`", "`true` か `false`"),
    "file": Words("a file name", "ファイル名"),
    "value": Words("a value", "値"),
    "allowed": Words("allowed: {values}", "指定できる値:{values}"),
    "also": Words("also `--players N`", "`--players N` でも指定できます"),
    "seats": Words("the number of players", "プレイ人数"),
}


def _said(key: str, lang: Lang, **filled: object) -> str:
    return SAID[key].get(lang).format(**filled)


def options_page(spec: GameSpec, lang: Lang) -> str:
    """The section that lists ``spec``'s options as Markdown, read from its options model:
    each option's name, its default, the values it takes (its constraints, its ``Literal``,
    the seat counts for ``players``) and its description; in Japanese, an option the lobby
    offers (``lobby_choice``) is named by the lobby's Japanese words."""
    from asobi.cli.helptext import alias_list

    model = spec.options_model
    schema = model.model_json_schema()
    lines = [f"## {_said('options', lang)}", ""]
    if not model.model_fields:
        return "\n".join([*lines, _said("none", lang)])
    lines += [_said("how", lang, game=spec.id), ""]
    if spec.option_aliases:
        lines += [_said("aliases", lang, aliases=alias_list(spec)), ""]
    for name, field in model.model_fields.items():
        lines += _option(spec, name, field, schema["properties"].get(name, {}), lang)
    return "\n".join(lines)


def _option(
    spec: GameSpec, name: str, field: FieldInfo, schema: dict[str, Any], lang: Lang
) -> list[str]:
    """One option's lines: its item, and its values' labels where the lobby names them."""
    lobby = schema.get("lobby") or {}
    labels: dict[str, dict[str, str]] = lobby.get("labels", {})
    text = _description(name, field, schema, lang)
    facts = [_said("default", lang, value=_default(spec, name, field, lang))]
    if not labels:
        facts.append(_said("allowed", lang, values=_values(spec, name, schema, lang)))
    if name == SEATS:
        facts.append(_said("also", lang))
    item = _said(
        "item",
        lang,
        name=name,
        facts=_said("and", lang).join(facts),
        text=_said("text", lang, text=text) if text else "",
    )
    values = schema.get("enum", list(labels))
    return [item] + [
        f"  - `{value}`: {labels[value].get(lang) or labels[value]['en']}"
        for value in values
        if value in labels
    ]


def _description(name: str, field: FieldInfo, schema: dict[str, Any], lang: Lang) -> str:
    """What an option does: its description, in Japanese its ``description_ja`` (else the
    lobby's Japanese word for it)."""
    if lang == "ja":
        said = schema.get("description_ja") or (schema.get("lobby") or {}).get("ja")
        if said:
            return str(said)
    return field.description or (_said("seats", lang) if name == SEATS else "")


def _default(spec: GameSpec, name: str, field: FieldInfo, lang: Lang) -> str:
    if name == SEATS:
        return f"`{spec.default_players or spec.seat_counts[0]}`"
    if field.is_required():
        return _said("required", lang)
    value = field.get_default(call_default_factory=True)
    if value is None:
        return _said("unset", lang)
    return _code(value)


def _code(value: Any) -> str:
    """A value as typed after ``-o NAME=``: a string as it is, anything else as JSON."""
    return f"`{value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)}`"


def _values(spec: GameSpec, name: str, schema: dict[str, Any], lang: Lang) -> str:
    """The values an option takes, from its JSON Schema; the seat counts for ``players``."""
    if name == SEATS:
        return _said("list", lang).join(str(n) for n in sorted(spec.seat_counts))
    if schema.get("file"):
        return _said("file", lang)
    kinds = schema.get("anyOf")
    if kinds is not None:
        values = _said("or", lang).join(
            _kind(kind, lang) for kind in kinds if kind.get("type") != "null"
        )
        if any(kind.get("type") == "null" for kind in kinds):
            return _said("or unset", lang, values=values)
        return values
    return _kind(schema, lang)


def _kind(schema: dict[str, Any], lang: Lang) -> str:
    """What one JSON Schema allows: its enum, its bounds, or its type."""
    if "enum" in schema:
        return _said("one of", lang, values=_said("or", lang).join(map(_code, schema["enum"])))
    kind = schema.get("type")
    low, high = schema.get("minimum"), schema.get("maximum")
    if kind in ("integer", "number") and low is not None and high is not None:
        return _said("range", lang, low=low, high=high)
    if kind in ("integer", "number") and low is not None:
        return _said("at least", lang, low=low)
    if kind in ("integer", "number") and high is not None:
        return _said("at most", lang, high=high)
    if kind in ("integer", "number", "string", "boolean"):
        return _said(kind, lang)
    return _said("value", lang)


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
