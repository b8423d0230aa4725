"""Ctrl-D (the end of input) at ``asobi replay``'s prompt stops the replay, as ``q`` does and
as Ctrl-D stops ``asobi play``: it printed all the rest of the game."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.play.helpers import invoke


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("replay") / "game.json"
    played = invoke(
        ["play", "itsmine", "--seat-types", "random,random", "--seed", "3", "--save", str(path)]
    )
    assert played.exit_code == 0, played.output
    return path


@pytest.mark.parametrize(("typed", "shown"), [("", 0), ("\n", 1), ("\n\n", 2)])
def test_the_end_of_input_stops_the_replay_where_it_is(saved: Path, typed: str, shown: int) -> None:
    result = invoke(["replay", str(saved)], input=typed)
    assert result.exit_code == 0, result.output
    assert "Replay stopped." in result.output
    assert f"Move {shown + 1}/" not in result.output
    if shown:
        assert f"Move {shown}/" in result.output
    assert "Result:" not in result.output  # the end of the game is not reached


def test_the_whole_game_is_still_shown_with_all_or_a(saved: Path) -> None:
    for args, typed in ((["--all"], None), ([], "a\n")):
        result = invoke(["replay", str(saved), *args], input=typed)
        assert result.exit_code == 0, result.output
        assert "Result:" in result.output and "Replay stopped." not in result.output
