"""Reading a data file (TOML or JSON) named on the command line, with errors that say what
is wrong. Only front ends that may open files (the CLI) call this: games take data."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from asobi.core.errors import InvalidOptions


def read_data_file(path: str | Path, what: str) -> dict[str, Any]:
    """The table in ``path``: JSON if its name ends in .json, TOML otherwise."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else "not UTF-8 text"
        raise InvalidOptions(f"{what} {path}: {reason}") from None
    kind = "JSON" if path.suffix.lower() == ".json" else "TOML"
    try:
        data = json.loads(text) if kind == "JSON" else tomllib.loads(text)
    except (ValueError, RecursionError) as exc:  # TOMLDecodeError is a ValueError
        raise InvalidOptions(f"{what} {path}: not valid {kind}: {exc}") from None
    if not isinstance(data, dict):
        raise InvalidOptions(f"{what} {path}: expected a table of keys, not {type(data).__name__}")
    return data
