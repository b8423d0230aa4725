"""No process outlives the server: after SIGTERM, SIGINT or ``kill -9`` of ``asobi serve``,
its bot workers and the multiprocessing resource tracker end too; and so do the processes
of ``asobi serve --workers 2`` (each with its own bots) when their parent is killed."""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from asobi.server.process import descendants, free_port

pytestmark = pytest.mark.slow  # real server processes (tools/check.py --fast leaves them out)

# A bound on each wait, not an expectation: every wait ends as soon as what it waits for
# happens. With the machine's two cores loaded to 18 by other work, starting the server took
# up to 80 s; a bot worker killed while still starting (importing, before it can ask to end
# with its parent) ends once it has imported, and the whole test took up to 51 s.
PATIENCE = 600.0


def _serve(db: str, log: Path, *extra: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    with log.open("a") as err:
        server = subprocess.Popen(
            [sys.executable, "-m", "asobi.cli", "serve", "--port", str(port), "--db", db, *extra],
            stdout=subprocess.DEVNULL, stderr=err,
        )  # fmt: skip
    url = f"http://127.0.0.1:{port}/api/games"
    deadline = time.monotonic() + PATIENCE
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return server, url
        except OSError:
            assert server.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)


def _helpers(server: subprocess.Popen[bytes], at_least: int) -> list[int]:
    """The processes under ``server`` once there are ``at_least`` of them."""
    deadline = time.monotonic() + PATIENCE
    while len(found := descendants(server.pid)) < at_least:
        assert time.monotonic() < deadline, f"only {found} under the server"
        time.sleep(0.1)
    return found


def _all_end(pids: list[int]) -> None:
    """Wait until every process of ``pids`` has ended, as the kernel tells it (a pidfd
    becomes readable when its process ends, zombie or not)."""
    ending: dict[int, int] = {}  # pidfd: pid
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):  # ended already
            ending[os.pidfd_open(pid)] = pid
    watch = select.poll()
    for fd in ending:
        watch.register(fd, select.POLLIN)
    deadline = time.monotonic() + PATIENCE
    try:
        while ending:
            left = deadline - time.monotonic()
            assert left > 0, f"left behind: {sorted(ending.values())}"
            for fd, _ in watch.poll(left * 1000):
                watch.unregister(fd)
                os.close(fd)
                del ending[fd]
    finally:
        for fd in ending:
            os.close(fd)


def _stop_then_none_left(
    server: subprocess.Popen[bytes], helpers: int, sig: signal.Signals
) -> None:
    """Once ``server`` has its ``helpers`` processes, signal it, then wait for every one
    of them to end."""
    try:
        started = _helpers(server, helpers)
        server.send_signal(sig)
        server.wait(timeout=PATIENCE)
    finally:
        server.kill()
    _all_end(started)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL])
def test_no_process_outlives_the_server(tmp_path: Path, sig: signal.Signals) -> None:
    server, _ = _serve(f"sqlite:///{tmp_path / 'asobi.db'}", tmp_path / "server.log",
                       "--bot-workers", "2")  # fmt: skip
    # Two bot workers and the resource tracker (started with the pool).
    _stop_then_none_left(server, 3, sig)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_no_process_outlives_serve_with_several_workers(
    tmp_path: Path, postgres: str, sig: signal.Signals
) -> None:
    server, _ = _serve(postgres, tmp_path / "server.log", "--workers", "2", "--bot-workers", "1")
    # Two server processes, each with a bot worker, and the resource tracker they share.
    _stop_then_none_left(server, 5, sig)
