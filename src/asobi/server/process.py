"""``asobi serve`` in a process of its own, for the tests and the load benchmark: started on
a free loopback port, waited for, and killed (SIGKILL, as a crash would) at the end."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def running_server(
    db: str, log: Path, bot_workers: int = 0, extra: Sequence[str] = ()
) -> Iterator[str]:
    """A server on ``db`` logging to ``log`` (``extra``: more ``asobi serve`` options);
    yields its address."""
    port = free_port()
    with log.open("a") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "asobi.cli", "serve", "--port", str(port), "--db", db,
             "--bot-workers", str(bot_workers), *extra],
            stdout=subprocess.DEVNULL, stderr=err,
        )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(400):
            try:
                with urllib.request.urlopen(url + "/api/games", timeout=1):
                    break
            except OSError:
                if proc.poll() is not None:
                    raise RuntimeError(f"the server stopped: {log.read_text()}") from None
                time.sleep(0.05)
        yield url
    finally:
        proc.kill()
        proc.wait()
