"""``asobi rules GAME [--lang ja]``: each game's rules summary in English and in Japanese
(``GameSpec.summary``, ``summary_ja``), then its options, read from its options model; and
``rules`` typed during ``asobi play --lang ja``, in Japanese too."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest
from markdown_it import MarkdownIt

from asobi.cli.rules import options_page
from asobi.core.protocol import GameSpec
from asobi.core.registry import all_specs
from tests.core.simultaneous_game import SPEC as SIMULTANEOUS
from tests.core.simultaneous_game import registered
from tests.play.helpers import invoke

SPECS = pytest.mark.parametrize("spec", all_specs(), ids=lambda spec: spec.id)
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e]")  # kana, kanji, ！〜～


def plain(text: str) -> str:
    """Text as one line without spaces or Markdown's marks: a sentence of the summary reads
    the same in the terminal's output, however rich cut its lines and drew its marks."""
    return re.sub(r"[\s*`]", "", text)


def first_sentence(summary: str, stop: str) -> str:
    """The first sentence of the summary's first paragraph after its title and subtitle."""
    return plain(summary.split("\n\n")[2].split(stop)[0])


def japanese_share(text: str) -> float:
    """Of the letters in ``text`` outside code (which a player types, so stays English),
    the share that is Japanese."""
    prose = re.sub(r"`[^`]*`", "", text)
    japanese = len(JAPANESE.findall(prose))
    return japanese / (japanese + len(re.findall(r"[A-Za-z]", prose)))


def code_spans(text: str) -> set[str]:
    return {" ".join(code.split()) for code in re.findall(r"`([^`]+)`", text)}


@SPECS
def test_every_game_has_a_japanese_summary_equivalent_to_its_english_one(spec: GameSpec) -> None:
    text = spec.summary_ja
    assert text.startswith(f"# {spec.name_ja}"), text[:80]
    assert japanese_share(text) > 0.9
    # No heading left in English: every title and every bold heading holds Japanese.
    headings = re.findall(r"^#+ (.*)$", text, flags=re.M) + re.findall(r"\*\*(.+?)\*\*", text)
    assert headings
    for heading in headings:
        assert JAPANESE.search(heading), heading
    # The same page: as many bold parts, and every code a player types, in both languages.
    markdown = MarkdownIt("commonmark").enable("table")
    english, japanese = markdown.render(spec.summary), markdown.render(text)
    assert "*" not in japanese  # every bold part is read as one (not "**役。**" left as is)
    assert japanese.count("<strong>") == english.count("<strong>")
    assert japanese.count("<tr>") == english.count("<tr>")
    assert code_spans(text) == code_spans(spec.summary)


@SPECS
def test_rules_in_japanese_prints_the_japanese_summary_and_options(spec: GameSpec) -> None:
    result = invoke(["rules", spec.id, "--lang", "ja"])
    assert result.exit_code == 0, result.output
    assert first_sentence(spec.summary_ja, "。") in plain(result.output)
    assert "オプション" in result.output and "Options" not in result.output
    english = invoke(["rules", spec.id]).output
    assert "Options" in english and "オプション" not in english


def test_rules_in_japanese_of_a_game_without_a_japanese_summary_says_so_in_one_line() -> None:
    assert not SIMULTANEOUS.summary_ja
    with registered() as spec:
        result = invoke(["rules", spec.id, "--lang", "ja"])
    assert result.exit_code == 0, result.output
    note = "日本語版がまだありません"
    said = [line.strip() for line in result.output.splitlines() if note in line]
    assert len(said) == 1 and spec.name_ja in said[0], result.output
    assert spec.summary in result.output
    with registered() as spec:
        assert "日本語版" not in invoke(["rules", spec.id]).output


def test_rules_of_a_game_without_a_summary_says_so() -> None:
    with registered(dataclasses.replace(SIMULTANEOUS, summary="")) as spec:
        english = invoke(["rules", spec.id])
        japanese = invoke(["rules", spec.id, "--lang", "ja"])
    assert "has no rules summary yet" in english.output and "Options" in english.output
    assert "ルール要約はまだありません" in japanese.output


def test_rules_refuses_a_language_it_does_not_speak() -> None:
    result = invoke(["rules", "starmine", "--lang", "fr"])
    assert result.exit_code == 1 and "--lang fr" in result.output


def _items(page: str) -> dict[str, str]:
    """The options' items of an options page, by name: ``- **`name`** (...): ...``."""
    return dict(re.findall(r"^- \*\*`(\w+)`\*\*(.*)$", page, flags=re.M))


@SPECS
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_options_section_lists_every_field_of_the_options_model(
    spec: GameSpec, lang: Any
) -> None:
    """Its name, its default, the values it takes and what it does: the players and the
    first player (``GameOptions``, ``StartPlayerOptions``) as well as the game's own."""
    page = options_page(spec, lang)
    items = _items(page)
    fields = spec.options_model.model_fields
    assert list(items) == list(fields)
    assert f"asobi play {spec.id} -o" in page
    properties = spec.options_model.model_json_schema()["properties"]
    for name, field in fields.items():
        item, schema = items[name], properties[name]
        assert field.description, f"{spec.id}: option {name} has no description"
        if lang == "en":
            assert field.description in item
        else:  # every option is described in Japanese (json_schema_extra's description_ja)
            assert schema["description_ja"] in item
            assert field.description not in item
        default = spec.default_players if name == "players" else field.default
        unset = "unset" if lang == "en" else "未設定"
        assert (f"`{default}`" if default is not None else unset) in item
        if "minimum" in schema:
            dash = "–" if lang == "en" else "〜"
            assert f"{schema['minimum']}{dash}{schema['maximum']}" in item, item
        for value in schema.get("enum", []):
            assert f"`{value}`" in page
    seats = (", " if lang == "en" else "・").join(str(n) for n in sorted(spec.seat_counts))
    assert seats in items["players"]


def test_japanese_options_use_the_lobby_s_japanese_words() -> None:
    """An option the lobby offers as a choice of rules is described, and its values
    labelled, by the lobby's Japanese words (``description_ja``, ``lobby_choice``)."""
    for spec in all_specs():
        properties = spec.options_model.model_json_schema()["properties"]
        page = options_page(spec, "ja")
        for name, schema in properties.items():
            lobby = schema.get("lobby")
            if lobby:
                assert f"- **`{name}`**" in page and f":{schema['description_ja']}" in page
                for value, label in lobby["labels"].items():
                    assert f"  - `{value}`: {label['ja']}" in page


@SPECS
def test_rules_typed_while_playing_in_japanese_prints_the_japanese_summary(
    spec: GameSpec,
) -> None:
    result = invoke(["play", spec.id, "--lang", "ja", "--seed", "1"], input="rules\nq\n")
    assert result.exit_code == 0, result.output[-2000:]
    assert first_sentence(spec.summary_ja, "。") in plain(result.output)
    assert first_sentence(spec.summary, ".") not in plain(result.output)


def test_rules_typed_while_playing_in_japanese_a_game_without_one_says_so() -> None:
    with registered() as spec:
        result = invoke(["play", spec.id, "--lang", "ja", "--seed", "1"], input="rules\nq\n")
    assert "日本語版がまだありません" in result.output
    assert spec.summary in result.output
