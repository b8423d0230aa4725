"""``asobi simulate --out`` naming a file: one sentence saying it is a file, not a folder
(it was "[Errno 17] File exists")."""

from __future__ import annotations

from pathlib import Path

from tests.play.helpers import invoke
from tests.play.test_cli import assert_clean_error

SIMULATE = ["simulate", "itsmine", "-b", "random", "-g", "1", "--out"]


def test_an_out_that_is_a_file_is_named_and_left_alone(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("mine\n")
    assert_clean_error(
        invoke([*SIMULATE, str(notes)]),
        f"--out {notes}: that is a file, not a folder; name a folder for the games",
    )
    assert notes.read_text() == "mine\n"


def test_an_out_inside_a_file_names_the_file(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("mine\n")
    out = notes / "run" / "one"
    assert_clean_error(invoke([*SIMULATE, str(out)]), f"--out {out}: {notes} is a file, not a")
