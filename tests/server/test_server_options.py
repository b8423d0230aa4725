"""Every option of every game is described in English and in Japanese, with its definition
(the options' JSON Schema, as ``/api/games`` gives it to the lobby): a page in Japanese
never shows an option's description in English only."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from asobi.core.registry import all_specs

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")  # kana or kanji


def test_every_option_of_every_game_is_described_in_both_languages(client: TestClient) -> None:
    games = client.get("/api/games").json()
    assert sorted(g["id"] for g in games) == sorted(spec.id for spec in all_specs())
    missing = []
    for game in games:
        properties = game["options"]["properties"]
        assert "players" in properties, game["id"]
        for name, option in properties.items():
            english, japanese = option.get("description", ""), option.get("description_ja", "")
            if not english.strip() or not JAPANESE.search(japanese):
                missing.append(f"{game['id']}.{name}")
    assert missing == [], f"options without a description in both languages: {missing}"
