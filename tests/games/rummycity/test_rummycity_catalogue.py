"""The building catalogue (建物カード) as data: a file validated on load, and the
``catalogue`` option (issue 5: 「a file in the package (TOML or JSON, validated on load with
clear errors) that a user who owns the printed cards can replace」)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from asobi.core.datafile import read_data_file
from asobi.core.errors import InvalidOptions
from asobi.games.rummycity.buildings import DEFAULT_FILE, read_catalogue_file

from .rummycity_helpers import SPEC, build, buildings, game, legal, table

GOOD: list[dict[str, Any]] = [
    {"id": "hut", "en": "Hut", "ja": "小屋", "mark": "♠", "recipe": "♠3Run"},
    {"id": "well", "en": "Well", "ja": "井戸", "mark": "heart", "recipe": "MIX3", "income": 2},
    {"id": "vault", "en": "Vault", "ja": "金庫", "mark": "♣", "recipe": "Set3", "effect": "bank"},
]


def toml_text(entries: list[dict[str, Any]]) -> str:
    lines = []
    for entry in entries:
        lines.append("[[building]]")
        for key, value in entry.items():
            lines.append(f"{key} = {json.dumps(value, ensure_ascii=False)}")
        lines.append("")
    return "\n".join(lines)


def write(tmp_path: Path, entries: list[dict[str, Any]], suffix: str = ".toml") -> Path:
    path = tmp_path / f"catalogue{suffix}"
    if suffix == ".json":
        path.write_text(json.dumps({"building": entries}, ensure_ascii=False), encoding="utf-8")
    else:
        path.write_text(toml_text(entries), encoding="utf-8")
    return path


def contents(path: Path) -> dict[str, Any]:
    """A file's catalogue as the game takes it: data (the command line reads the file)."""
    return read_data_file(path, "catalogue")


def refused_catalogue(tmp_path: Path, entries: list[dict[str, Any]], *words: str) -> str:
    path = write(tmp_path, entries)
    with pytest.raises(InvalidOptions) as info:
        read_catalogue_file(path)
    message = str(info.value)
    assert str(path) in message, message
    for word in words:
        assert word in message, message
    return message


def test_the_default_catalogue_is_valid() -> None:
    data = read_catalogue_file(DEFAULT_FILE)
    assert len(data.building) >= 14


def test_a_toml_catalogue_file_replaces_the_buildings(tmp_path: Path) -> None:
    """Issue 5: 「replace with `--catalogue FILE`」: the game plays with the file's buildings."""
    path = write(tmp_path, GOOD)
    state = table(
        [["S3", "S4", "S5", "H9"], ["DK", "CQ"]], ["C10"], options={"catalogue": contents(path)}
    )
    assert [b["id"] for b in state.view(None)["catalogue"]] == ["hut", "well", "vault"]
    assert state.view(None)["supply"] == ["hut", "well", "vault"]
    assert "build hut" in legal(state)
    build(state, 0, "hut", "S3 S4 S5")
    assert buildings(state, 0) == ["hut"]


def test_a_json_catalogue_file_is_accepted(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD, ".json")
    state = SPEC.new_game({"players": 2, "catalogue": contents(path)}, 0)
    catalogue = state.view(None)["catalogue"]
    assert [b["id"] for b in catalogue] == ["hut", "well", "vault"]
    well = catalogue[1]
    assert (well["mark"], well["recipe"], well["income"]) == ("♥", "MIX3", 2)


def test_the_game_takes_a_catalogue_as_data_never_as_a_file_name(tmp_path: Path) -> None:
    """Options reach the game from the server's API too: a file name there would let anyone
    make the server open its files, so the game refuses one and reads nothing."""
    path = write(tmp_path, GOOD)
    for name in (str(path), path, "/etc/passwd"):
        with pytest.raises(InvalidOptions, match="not a file name"):
            SPEC.options({"players": 2, "catalogue": name})
    state = SPEC.new_game({"players": 2, "catalogue": {"building": GOOD}}, 0)
    assert len(state.view(None)["catalogue"]) == 3


def test_a_heart_building_of_a_custom_catalogue_raises_the_draw_limit(tmp_path: Path) -> None:
    """♥について: the mark, whatever the catalogue, raises the draw limit."""
    path = write(tmp_path, GOOD)
    state = table(
        [["S3", "H9"], ["DK", "CQ"]],
        ["C10", "C9", "C8", "C7"],
        buildings=[["well"], []],
        options={"catalogue": contents(path)},
    )
    assert state.view(None)["seats"][0]["draw_limit"] == 4


def test_unknown_mark_is_refused(tmp_path: Path) -> None:
    bad = [*GOOD[:2], {**GOOD[2], "mark": "★"}]
    refused_catalogue(tmp_path, bad, "mark", "★", "♠ ♥ ♦ ♣")


def test_bad_recipe_is_refused(tmp_path: Path) -> None:
    bad = [{**GOOD[0], "recipe": "Pair2"}, *GOOD[1:]]
    refused_catalogue(tmp_path, bad, "recipe", "Pair2", "♠4Run")


def test_duplicate_id_is_refused(tmp_path: Path) -> None:
    bad = [*GOOD, {**GOOD[0], "recipe": "♥3Run", "mark": "♥"}]
    refused_catalogue(tmp_path, bad, "hut", "twice")


def test_overlapping_recipes_are_refused(tmp_path: Path) -> None:
    """組み合わせ / プレーの手順 2: 「自分が既に立てている建物の組み合わせ」 must name one
    recipe: ♠3Run and 3Run (any suit) would both match ♠3-♠4-♠5."""
    bad = [*GOOD, {"id": "shed", "en": "Shed", "ja": "物置", "mark": "♣", "recipe": "3Run"}]
    refused_catalogue(tmp_path, bad, "overlap", "♠3Run", "3Run")


def test_overlapping_open_runs_are_refused(tmp_path: Path) -> None:
    bad = [
        {**GOOD[0], "recipe": "♠4+Run"},
        {"id": "shed", "en": "Shed", "ja": "物置", "mark": "♣", "recipe": "♠6Run"},
    ]
    refused_catalogue(tmp_path, bad, "overlap")


def test_set_twins_with_the_same_recipe_are_allowed(tmp_path: Path) -> None:
    """プレーの手順 2: 「セットについては、同じ組み合わせのものが2つずつあります」."""
    twins = [*GOOD, {"id": "inn", "en": "Inn", "ja": "宿", "mark": "♣", "recipe": "Set3"}]
    path = write(tmp_path, twins)
    state = SPEC.new_game({"players": 2, "catalogue": contents(path)}, 0)
    assert [b["recipe"] for b in state.view(None)["catalogue"]].count("Set3") == 2


def test_unknown_effect_and_effect_on_the_wrong_mark_are_refused(tmp_path: Path) -> None:
    bad = [*GOOD[:2], {**GOOD[2], "effect": "casino"}]
    refused_catalogue(tmp_path, bad, "casino")
    bad = [*GOOD[:2], {**GOOD[2], "effect": "school", "recipe": "♥4Run"}]
    refused_catalogue(tmp_path, bad, "school", "♥")


def test_unknown_keys_and_missing_fields_are_refused(tmp_path: Path) -> None:
    bad = [{**GOOD[0], "colour": "red"}, *GOOD[1:]]
    refused_catalogue(tmp_path, bad, "colour")
    incomplete = {k: v for k, v in GOOD[0].items() if k != "recipe"}
    refused_catalogue(tmp_path, [incomplete, *GOOD[1:]], "recipe")


def test_an_id_that_is_an_action_word_or_a_card_is_refused(tmp_path: Path) -> None:
    refused_catalogue(tmp_path, [{**GOOD[0], "id": "pass"}, *GOOD[1:]], "pass")
    refused_catalogue(tmp_path, [{**GOOD[0], "id": "s7"}, *GOOD[1:]], "card")


def test_a_missing_or_broken_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidOptions, match="catalogue"):
        read_catalogue_file(tmp_path / "nowhere.toml")
    broken = tmp_path / "broken.toml"
    broken.write_text("[[building]\nid = ", encoding="utf-8")
    with pytest.raises(InvalidOptions, match="not valid"):
        read_catalogue_file(broken)
    broken_json = tmp_path / "broken.json"
    broken_json.write_text("{", encoding="utf-8")
    with pytest.raises(InvalidOptions, match="not valid"):
        read_catalogue_file(broken_json)


def test_an_empty_catalogue_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "empty.json"
    path.write_text(json.dumps({"building": []}), encoding="utf-8")
    with pytest.raises(InvalidOptions, match="building"):
        SPEC.new_game({"players": 2, "catalogue": contents(path)}, 0)


def test_views_show_the_catalogue_as_its_buildings_describe_themselves() -> None:
    """Every view lists the catalogue (its list made once per catalogue, since a search builds
    a view per decision); each view gets its own copy, so a caller editing one changes no
    other."""
    state = game()
    first = state.view(0)["catalogue"]
    assert first == [b.to_json() for b in state.catalogue.buildings]
    first[0]["text"] = "scribbled on"
    first.pop()
    assert state.view(0)["catalogue"] == [b.to_json() for b in state.catalogue.buildings]
    assert state.view(1)["catalogue"][0]["text"] != "scribbled on"
