"""``asobi serve``: the web server, every game in the browser."""

from __future__ import annotations

import errno
import json
import logging
import os
from typing import Annotated, Any

import typer

from asobi.cli.common import console, fail
from asobi.server import MAX_LINE, MAX_SOCKETS, ROOMS_PER_MINUTE, WORKER_HEALTHCHECK


def serve(
    host: Annotated[
        str, typer.Option("--host", metavar="ADDR", help="Address to listen on.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", "-p", metavar="N", help="Port.")] = 8000,
    db: Annotated[
        str,
        typer.Option(
            "--db",
            metavar="URL",
            help="Where rooms are kept: a SQLAlchemy URL, e.g. "
            "postgresql+psycopg://user:pass@host/asobi (default: asobi.db here, SQLite).",
        ),
    ] = "sqlite:///asobi.db",
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            metavar="N",
            min=1,
            help="Server processes on this port, any of them serving any room (more than one "
            "needs a PostgreSQL --db). Several asobi serve on one PostgreSQL database, on "
            "one machine or several, work the same way: see docs/deploy.md.",
        ),
    ] = 1,
    bot_workers: Annotated[
        int | None,
        typer.Option(
            "--bot-workers",
            metavar="K",
            min=0,
            help="Processes the bots think in, per server process (0: a thread; default: "
            "the CPUs, shared among the --workers).",
        ),
    ] = None,
    max_sockets: Annotated[
        int,
        typer.Option(
            "--max-sockets",
            metavar="N",
            min=1,
            help="Websockets one address may hold open at once (raise it behind a proxy).",
        ),
    ] = MAX_SOCKETS,
    rooms_per_minute: Annotated[
        float,
        typer.Option(
            "--rooms-per-minute",
            metavar="R",
            min=0.1,
            help="Rooms one address may make a minute, in bursts of a third of that.",
        ),
    ] = ROOMS_PER_MINUTE,
) -> None:
    """Start the web server: open the printed address to play any game in the browser,
    against bots or with friends (invite links), or to watch.

    Every move is saved before it is acknowledged, and unfinished games are brought back
    when the server starts again, so a restart loses nothing. The HTTP API is described at
    /docs. Needs the server extra: `pip install -e '.[server]'`.
    """
    # Before websockets is imported: the longest opening request line it reads (the address
    # with its token: one too long is then refused by the server, 4403, not left unanswered).
    os.environ.setdefault("WEBSOCKETS_MAX_LINE_LENGTH", str(MAX_LINE))
    try:
        import uvicorn

        from asobi.server.app import MAX_FRAME, SETTINGS, WebSocketProtocol, create_app
        from asobi.server.bots import default_workers
    except ImportError as exc:
        fail(f"the server needs its extra: pip install -e '.[server]' ({exc})")
    if workers > 1 and not db.startswith("postgresql"):
        fail(
            "--workers above 1 needs a PostgreSQL --db (postgresql+psycopg://...): the "
            "processes tell each other of every move through it; SQLite serves one process"
        )
    settings: dict[str, Any] = {
        "db": db,
        "bot_workers": default_workers(workers) if bot_workers is None else bot_workers,
        "max_sockets": max_sockets,
        "rooms_per_minute": rooms_per_minute,
    }
    free(host, port)
    console().print(f"asobi: open http://{host}:{port}/ to play (Ctrl+C stops)")
    # Plain logging for uvicorn and asobi alike (uvicorn's own config would silence the
    # loggers made before it, asobi.server's among them).
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s: %(message)s")
    # A frame past MAX_FRAME closes its connection before it is even read (the server's own
    # limit, with a clear error, is far lower: asobi.server.app.MAX_MESSAGE). No compression:
    # a message is a few KB, and deflating each one for each connection cost more CPU than
    # anything else the server does for a move.
    options: dict[str, Any] = {
        "host": host, "port": port, "log_config": None, "log_level": "warning",
        "ws": WebSocketProtocol, "ws_max_size": MAX_FRAME, "ws_per_message_deflate": False,
    }  # fmt: skip
    if workers == 1:
        uvicorn.run(create_app(**settings), **options)
        return
    # uvicorn starts the processes (each calls app_from_environment) and restarts one that
    # dies; each ends when this one does, however it ends. uvicorn also kills a process that
    # does not answer its health check in time, and a new process answers only once it has
    # imported asobi: by default (5 s) a busy machine had every process killed as it started,
    # again and again, and nothing served. A process hung for WORKER_HEALTHCHECK is replaced.
    os.environ[SETTINGS] = json.dumps({**settings, "parent": os.getpid()})
    uvicorn.run(
        "asobi.server.app:app_from_environment",
        factory=True,
        workers=workers,
        timeout_worker_healthcheck=WORKER_HEALTHCHECK,
        **options,
    )


# The codes of an address in use (Windows gives its own).
IN_USE = {errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", errno.EADDRINUSE)}


def free(host: str, port: int) -> None:
    """Refuse an address uvicorn could not listen on before saying to open it: uvicorn found
    it only after "open http://...", and said so in a raw log line ("[Errno 98] ...").
    The address is bound as uvicorn binds it (``Config.bind_socket``: IPv6 for a host with
    a colon, SO_REUSEADDR, so a port left in TIME_WAIT by a server just stopped is free),
    then let go at once."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OverflowError:
            fail(f"--port {port}: ports are 0 to 65535")
        except OSError as exc:
            if exc.errno in IN_USE:
                fail(
                    f"port {port} on {host} is in use (another asobi serve?); "
                    "choose another with --port"
                )
            fail(f"--host {host} --port {port}: {exc.strerror or exc}")
