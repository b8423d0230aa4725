"""``asobi serve`` in a process of its own, for the tests and the load benchmark: started on
a free loopback port, waited for, and killed (SIGKILL, as a crash would) at the end."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass(frozen=True)
class Served:
    """A running ``asobi serve``: its address and its process."""

    url: str
    process: subprocess.Popen[bytes]
    workers: bool = False  # started with --workers above 1: uvicorn's processes under it

    def tree(self) -> list[int]:
        """The server's process and every process under it (workers, bots, helpers)."""
        return [self.process.pid, *descendants(self.process.pid)]

    def serving(self) -> list[int]:
        """The processes that serve, without the bots' workers and the resource tracker:
        the server's own and, with ``--workers``, the processes uvicorn starts under it (its
        children but the tracker; the bots' workers are under those)."""
        if not self.workers:
            return [self.process.pid]
        workers = [pid for pid in children(self.process.pid) if not _resource_tracker(pid)]
        return [self.process.pid, *workers]


@contextmanager
def serving(
    db: str, log: Path, bot_workers: int | None = 0, extra: Sequence[str] = ()
) -> Iterator[Served]:
    """A server on ``db`` logging to ``log`` (``extra``: more ``asobi serve`` options; bots
    in ``bot_workers`` processes, 0: a thread, None: the server's default)."""
    port = free_port()
    bots = [] if bot_workers is None else ["--bot-workers", str(bot_workers)]
    # The server's log in UTF-8, whatever the machine's locale: read back as such.
    utf8 = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    with log.open("ab") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "asobi.cli", "serve", "--port", str(port), "--db", db,
             *bots, *extra],
            stdout=subprocess.DEVNULL, stderr=err, env=utf8,
        )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(1200):
            try:
                with urllib.request.urlopen(url + "/api/games", timeout=1):
                    break
            except OSError:
                if proc.poll() is not None:
                    told = log.read_text(encoding="utf-8", errors="replace")
                    raise RuntimeError(f"the server stopped: {told}") from None
                time.sleep(0.05)
        several = "--workers" in extra and extra[list(extra).index("--workers") + 1] != "1"
        yield Served(url, proc, several)
    finally:
        proc.kill()
        proc.wait()


@contextmanager
def running_server(
    db: str, log: Path, bot_workers: int = 0, extra: Sequence[str] = ()
) -> Iterator[str]:
    """A server on ``db`` logging to ``log`` (``extra``: more ``asobi serve`` options);
    yields its address."""
    with serving(db, log, bot_workers, extra) as served:
        yield served.url


def _parents() -> dict[int, list[int]]:
    """Every process's children, by parent (Linux: read from /proc)."""
    found: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", encoding="ascii") as f:
                parent = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue  # gone meanwhile
        found.setdefault(parent, []).append(int(entry.name))
    return found


def children(pid: int) -> list[int]:
    """The processes ``pid`` started."""
    return _parents().get(pid, [])


def descendants(pid: int) -> list[int]:
    """The processes under ``pid``, children first."""
    parents = _parents()
    found: list[int] = []
    todo = list(parents.get(pid, []))
    while todo:
        child = todo.pop(0)
        found.append(child)
        todo.extend(parents.get(child, []))
    return found


def _resource_tracker(pid: int) -> bool:
    """Whether ``pid`` is multiprocessing's resource tracker (started with the bots' pool)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return b"multiprocessing.resource_tracker" in f.read()
    except OSError:
        return False


def cpu_seconds(pids: Sequence[int]) -> float:
    """User and system CPU time the processes ``pids`` have used so far (Linux: /proc)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    return total / ticks


def resident_mb(pids: Sequence[int]) -> float:
    """The memory the processes ``pids`` hold (resident set, MB; Linux: /proc)."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/statm", encoding="ascii") as f:
                total += int(f.read().split()[1])
        except OSError:
            continue
    return total * os.sysconf("SC_PAGE_SIZE") / 1e6
