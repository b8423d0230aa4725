"""``--save`` (and tournament's ``--out``) is checked before the game is played: a folder, or
a folder that refuses the file, was found only at the end, and the whole game was lost."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

import pytest

from tests.play.helpers import invoke
from tests.play.test_cli import assert_clean_error

WATCH = ["play", "itsmine", "--seat-types", "bot,bot", "--seed", "3"]


def assert_nothing_played(result: Any) -> None:
    assert result.output.strip().splitlines()[0].startswith("asobi: error:"), result.output


def test_a_folder_is_refused_before_the_game_with_a_file_to_name(tmp_path: Path) -> None:
    result = invoke([*WATCH, "--save", str(tmp_path)])
    assert_clean_error(
        result, f"--save {tmp_path}: that is a folder", f"--save {tmp_path / 'game.json'}"
    )
    assert_nothing_played(result)


def test_a_file_in_a_file_is_refused_before_the_game(tmp_path: Path) -> None:
    (tmp_path / "notes").write_text("")
    result = invoke([*WATCH, "--save", str(tmp_path / "notes" / "game.json")])
    assert_clean_error(result, f"{tmp_path / 'notes'} is a file, not a folder")
    assert_nothing_played(result)


def test_a_folder_that_refuses_the_file_is_refused_before_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As a read-only folder does (chmod would not stop root, who runs some test machines)."""
    opened = Path.open

    def refusing(path: Path, *args: Any, **kwargs: Any) -> Any:
        if path.parent == tmp_path:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return opened(path, *args, **kwargs)

    monkeypatch.setattr(Path, "open", refusing)
    result = invoke([*WATCH, "--save", str(tmp_path / "game.json")])
    assert_clean_error(result, "game.json: cannot be written (Permission denied)")
    assert_nothing_played(result)


def test_the_check_leaves_no_file_behind_and_the_game_saves_as_before(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    quit_at_once = invoke(["play", "itsmine", "--seed", "3", "--save", str(path)], "q\n")
    assert quit_at_once.exit_code == 0, quit_at_once.output
    assert path.read_text().startswith("{")  # the unfinished record
    path.unlink()
    # --lang is read after --save is checked: the file the check made is gone again
    assert_clean_error(invoke(["play", "itsmine", "--lang", "fr", "--save", str(path)]), "fr")
    assert not path.exists()
    watched = invoke([*WATCH, "--save", str(path)])
    assert watched.exit_code == 0, watched.output
    assert '"moves"' in path.read_text()


def test_a_tournaments_out_is_checked_before_its_games(tmp_path: Path) -> None:
    result = invoke(
        ["tournament", "itsmine", "--bots", "random,greedy", "--rounds", "1", "--out",
         str(tmp_path)]
    )  # fmt: skip
    assert_clean_error(result, f"--out {tmp_path}: that is a folder", "tournament.json")
    assert_nothing_played(result)
