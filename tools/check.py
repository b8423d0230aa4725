#!/usr/bin/env python3
"""Set up the project and run every check: the one test command, locally and in CI.

    python3 tools/check.py                 # everything (CI runs this)
    python3 tools/check.py --fast          # the fast lane, while editing
    python3 tools/check.py -k replay -x    # extra arguments go to pytest

Needs only Python 3.11+ (it looks for python3.13/3.12/3.11 if ``python3`` is older). It
creates ``.venv`` if it is missing, installs the project with its dev extra into it (again
whenever ``pyproject.toml`` changes, or with ASOBI_REINSTALL=1), then runs, stopping at
the first failure:

    ruff check · ruff format --check · mypy · pytest

``--fast`` leaves out the tests marked ``slow`` (whole games in a browser, server
processes, long fuzz runs, every game's settings but its first where a test goes through
every seat count) and runs the property tests with a tenth of their examples (hypothesis
profile ``quick``): the loop while editing. mypy checks the tests, benchmarks, examples and
tools as well as the package (pyproject.toml's ``[tool.mypy] files``).

pytest runs on every core (pytest-xdist, ``-n auto``; two cores take the suite from about
26 minutes to 17 at load 2); give ``-n 0`` to run it in one process, e.g. under a debugger.

Under CI (``CI=true``) or with ``ASOBI_SERVICES=1`` it first starts PostgreSQL and installs
Chromium (``tools/services.py``, Debian packages, root): the tests that need them then fail
rather than skip when they are missing.

Each command is printed before it runs; the exit code is that of the first failing one.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import NoReturn

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
STAMP = VENV / ".asobi-installed"
MIN_PYTHON = (3, 11)


def say(message: str) -> None:
    print(message, flush=True)


def run(cmd: list[str]) -> int:
    shown = [str(Path(c).relative_to(ROOT)) if c.startswith(f"{ROOT}{os.sep}") else c for c in cmd]
    say("$ " + " ".join(shlex.quote(c) for c in shown))
    return subprocess.call(cmd, cwd=ROOT)


def fail(message: str, code: int = 1) -> NoReturn:
    say(f"check: {message}")
    sys.exit(code)


def venv_python() -> Path:
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def base_python() -> str:
    """A Python new enough for the project: this one, or a python3.1x on PATH."""
    if sys.version_info >= MIN_PYTHON:
        return sys.executable
    for name in ("python3.13", "python3.12", "python3.11"):
        found = shutil.which(name)
        if found:
            return found
    fail(
        "asobi needs Python {}.{}+, this is {}; install a newer python3".format(
            *MIN_PYTHON, sys.version.split()[0]
        )
    )


def python_version(python: Path) -> tuple[int, int]:
    out = subprocess.check_output(
        [str(python), "-c", "import sys; print(sys.version_info[0], sys.version_info[1])"],
        text=True,
    )
    major, minor = out.split()
    return int(major), int(minor)


def pyproject_digest() -> str:
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def ensure_venv() -> Path:
    python = venv_python()
    if not python.exists():
        say(f"Creating {VENV.name} ...")
        if run([base_python(), "-m", "venv", str(VENV)]) != 0:
            fail("could not create .venv (on Debian/Ubuntu: apt install python3-venv)")
    version = python_version(python)
    if version < MIN_PYTHON:
        fail(
            f".venv runs Python {version[0]}.{version[1]}; asobi needs "
            "{}.{}+: remove .venv and run this again".format(*MIN_PYTHON)
        )
    digest = pyproject_digest()
    fresh = STAMP.exists() and STAMP.read_text().strip() == digest
    if fresh and not os.environ.get("ASOBI_REINSTALL"):
        probe = [str(python), "-c", "import asobi, pytest, mypy, ruff, hypothesis"]
        if subprocess.call(probe, cwd=ROOT, stderr=subprocess.DEVNULL) == 0:
            say("(.venv is up to date with pyproject.toml; ASOBI_REINSTALL=1 forces a reinstall)")
            return python
    pip = [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    if run([*pip, "-e", ".[dev]"]) != 0:
        fail("installing the project into .venv failed")
    STAMP.write_text(digest + "\n")
    return python


def start_services() -> None:
    """Under CI (or ASOBI_SERVICES=1): PostgreSQL and Chromium from Debian's packages, for
    the persistence and browser tests, which then fail rather than skip without them."""
    if os.environ.get("CI") != "true" and os.environ.get("ASOBI_SERVICES") != "1":
        return
    sys.path.insert(0, str(ROOT / "tools"))
    import services

    say("$ python3 tools/services.py")
    try:
        os.environ["ASOBI_TEST_POSTGRES"] = services.postgres()
        os.environ["ASOBI_TEST_CHROMIUM"] = str(services.chromium())
    except subprocess.CalledProcessError as exc:
        fail(f"starting the test services failed: {' '.join(exc.cmd)}: {exc.stderr}")
    os.environ["ASOBI_REQUIRE_SERVICES"] = "1"


def parallel(pytest_args: list[str]) -> list[str]:
    """pytest-xdist's options, unless the caller chose its own ``-n``. ``worksteal`` hands
    the long tests (whole games in a browser) out as workers come free."""
    if any(a.startswith(("-n", "--numprocesses")) for a in pytest_args):
        return []
    return ["-n", "auto", "--dist", "worksteal"]


def fast_lane(pytest_args: list[str]) -> list[str]:
    """``--fast`` taken out of the arguments and turned into pytest's and hypothesis's."""
    if "--fast" not in pytest_args:
        return pytest_args
    os.environ.setdefault("HYPOTHESIS_PROFILE", "quick")
    return ["-m", "not slow", *(a for a in pytest_args if a != "--fast")]


def main(pytest_args: list[str]) -> int:
    pytest_args = fast_lane(pytest_args)
    python = str(ensure_venv())
    start_services()
    steps = [
        ("ruff check", [python, "-m", "ruff", "check", "."]),
        ("ruff format", [python, "-m", "ruff", "format", "--check", "."]),
        ("mypy", [python, "-m", "mypy"]),
        ("pytest", [python, "-m", "pytest", *parallel(pytest_args), *pytest_args]),
    ]
    for name, cmd in steps:
        code = run(cmd)
        if code != 0:
            say(f"check: {name} failed (exit code {code})")
            return code
    say("check: all passed (ruff check, ruff format, mypy, pytest)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
