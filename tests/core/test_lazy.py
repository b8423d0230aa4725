"""``asobi.core.lazy``: references and modules imported on first use (start-up stays quick)."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from asobi.core.lazy import Lazy, LazyModule


def run(code: str) -> str:
    """``code`` run by a fresh interpreter (nothing imported yet): what it prints."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_a_lazy_module_is_imported_when_a_name_of_it_is_first_read() -> None:
    printed = run(
        "import sys\n"
        "from asobi.core.lazy import LazyModule\n"
        "wave = LazyModule('wave')\n"
        "print('wave' in sys.modules, repr(wave))\n"
        "print(wave.Wave_read.__name__, 'wave' in sys.modules)\n"
    )
    assert printed.splitlines() == ["False LazyModule('wave')", "Wave_read True"]


def test_a_lazy_module_is_not_imported_by_tools_that_look_through_every_module() -> None:
    """``inspect.getmodule`` reads each module's ``__file__`` (pydantic calls it for
    docstrings): a stand-in kept out of ``sys.modules`` is not imported by it."""
    printed = run(
        "import inspect, sys\n"
        "from asobi.core.lazy import LazyModule\n"
        "wave = LazyModule('wave')\n"
        "inspect.getmodule(lambda: None)\n"
        "print('wave' in sys.modules)\n"
    )
    assert printed == "False"


def test_a_lazy_module_asks_the_import_system_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Then it keeps the module: a search reads the solver's kernels through one some
    hundred thousand times, and each question to the import system costs microseconds."""
    asked: list[str] = []
    real = importlib.import_module

    def counted(name: str) -> object:
        asked.append(name)
        return real(name)

    monkeypatch.setattr(importlib, "import_module", counted)
    json = LazyModule("json")
    assert json.dumps([1]) == "[1]" and json.loads("2") == 2 and json.dumps({}) == "{}"
    assert asked == ["json"]


def test_a_missing_module_is_an_import_error_when_first_used() -> None:
    missing = LazyModule("asobi.no_such_module")
    with pytest.raises(ModuleNotFoundError):
        missing.anything  # noqa: B018


def test_a_lazy_reference_names_module_and_name() -> None:
    with pytest.raises(ValueError, match="module:name"):
        Lazy("asobi.core.lazy")
