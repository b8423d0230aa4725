#!/usr/bin/env python3
"""Services the tests need that pip cannot install, from Debian's packages (root only):

- **PostgreSQL**, started on loopback with a role and database for the persistence tests;
  prints the SQLAlchemy URL, which ``tools/check.py`` hands to the tests as
  ``ASOBI_TEST_POSTGRES``.
- **Chromium** (``/usr/bin/chromium``) for the browser tests (Playwright drives it; its own
  browser download cannot be used here).

    python3 tools/services.py            # both; prints ASOBI_TEST_POSTGRES=... on success

``tools/check.py`` runs this itself under CI (``CI=true``) or with ``ASOBI_SERVICES=1``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROLE = DATABASE = "asobi_test"
PASSWORD = "asobi_test"  # a throwaway role on a loopback-only test server
CHROMIUM = Path("/usr/bin/chromium")


def say(message: str) -> None:
    print(f"services: {message}", flush=True)


def run(cmd: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, check=True, text=True, capture_output=True, **kwargs)  # type: ignore[call-overload, no-any-return]


_updated = False


def apt_install(*packages: str) -> None:
    global _updated
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        raise SystemExit(f"services: {', '.join(packages)} missing and apt-get is not usable here")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    if not _updated:
        say("apt-get update")
        run(["apt-get", "update", "-q"], env=env)
        _updated = True
    say(f"apt-get install {' '.join(packages)}")
    run(["apt-get", "install", "-y", "-q", "--no-install-recommends", *packages], env=env)


def postgres() -> str:
    """A running PostgreSQL cluster with the test role and database; its URL."""
    if not shutil.which("pg_lsclusters"):
        apt_install("postgresql")
    rows = [line.split() for line in run(["pg_lsclusters", "--no-header"]).stdout.splitlines()]
    if not rows:
        version = sorted(os.listdir("/usr/lib/postgresql"))[-1]
        run(["pg_createcluster", version, "main"])
        rows = [line.split() for line in run(["pg_lsclusters", "--no-header"]).stdout.splitlines()]
    version, cluster, port, status = rows[0][:4]
    if status != "online":
        say(f"starting PostgreSQL {version}/{cluster} on port {port}")
        run(["pg_ctlcluster", version, cluster, "start"])

    def psql(sql: str, database: str = "postgres") -> str:
        cmd = ["runuser", "-u", "postgres", "--", "psql", "-p", port, "-d", database, "-tAc", sql]
        return run(cmd, cwd="/").stdout.strip()

    if psql(f"SELECT 1 FROM pg_roles WHERE rolname = '{ROLE}'") != "1":
        psql(f"CREATE ROLE {ROLE} LOGIN PASSWORD '{PASSWORD}'")
    if psql(f"SELECT 1 FROM pg_database WHERE datname = '{DATABASE}'") != "1":
        psql(f"CREATE DATABASE {DATABASE} OWNER {ROLE}")
    return f"postgresql+psycopg://{ROLE}:{PASSWORD}@127.0.0.1:{port}/{DATABASE}"


def chromium() -> Path:
    if not CHROMIUM.exists():
        apt_install("chromium")
    return CHROMIUM


def japanese_fonts() -> None:
    """Fonts for Japanese text in screenshots (Noto CJK); the tests do not need them."""
    if not Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc").exists():
        apt_install("fonts-noto-cjk")


def main() -> int:
    try:
        url = postgres()
        chromium()
    except subprocess.CalledProcessError as exc:
        say(f"{' '.join(exc.cmd)} failed: {exc.stderr or exc.stdout}")
        return 1
    print(f"ASOBI_TEST_POSTGRES={url}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
