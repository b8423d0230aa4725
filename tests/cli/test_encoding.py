"""An output that is not UTF-8 (Japanese Windows writes cp932 to a pipe) gets "?" for a
character its encoding lacks, never a traceback: ``asobi --help`` died on '•', and a game in
Japanese on '·'."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


def asobi(*args: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": "cp932", "COLUMNS": "100", "NO_COLOR": "1"}
    command = [sys.executable, "-m", "asobi", *args]
    return subprocess.run(
        command, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=120
    )


@pytest.mark.parametrize(
    ("args", "seen"),
    [
        (["--help"], "Usage:"),
        (["play", "itsmine", "--seat-types", "random,random", "--seed", "3", "--lang", "ja"],
         "結果:"),
    ],
    ids=["help", "play ja"],
)  # fmt: skip
def test_a_cp932_output_is_written_without_a_traceback(args: list[str], seen: str) -> None:
    done = asobi(*args)
    out, err = done.stdout.decode("cp932"), done.stderr.decode("cp932")
    assert done.returncode == 0, err
    assert "Traceback" not in err and "codec can't encode" not in out + err
    assert seen in out  # the Japanese that cp932 has is written as it is
