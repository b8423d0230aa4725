#!/usr/bin/env python3
"""Screenshots of every game in the middle of a game, at a desktop and a phone size, for the
README: ``docs/screenshots/<game>-desktop.png`` (English) and ``<game>-phone.png``
(Japanese).

    python3 tools/screenshots.py            # all five games
    python3 tools/screenshots.py itsmine    # one

Needs the project's ``.venv`` with its dev extra (``python3 tools/check.py`` makes it),
Chromium and Japanese fonts from Debian's packages (installed here if missing, as root). It
starts ``asobi serve`` on a scratch database, makes a room per game (you and bots, a fixed
seed), plays your seat's first moves over the websocket with a seeded random choice, and
then opens your seat's page in Chromium to take the pictures.
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the dev extra's: imported when the tool runs, after its check
    from playwright.sync_api import ViewportSize

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
PYTHON = ROOT / ".venv" / "bin" / "python"
# game: (players, your moves before the picture, seed)
GAMES = {
    "starmine": (2, 8, 3),
    "itsmine": (2, 10, 3),
    "laminate": (3, 12, 3),
    "rummycity": (2, 14, 3),
    "carrotein": (3, 3, 3),
}
SIZES: dict[str, tuple[ViewportSize, str]] = {
    "desktop": ({"width": 1280, "height": 900}, "en"),
    "phone": ({"width": 390, "height": 844}, "ja"),
}


def main(games: list[str]) -> None:
    # (a venv's python is a link to the system's: compare the environments, not the files)
    if Path(sys.prefix).resolve() != PYTHON.parent.parent.resolve() and PYTHON.exists():
        os.execv(PYTHON, [str(PYTHON), __file__, *games])  # the project's own environment
    sys.path.insert(0, str(ROOT / "tools"))
    import services

    chromium = services.chromium()
    services.japanese_fonts()
    import httpx
    from playwright.sync_api import sync_playwright
    from websockets.sync.client import connect

    from asobi.server.process import running_server

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        db = f"sqlite:///{scratch}/asobi.db"
        with running_server(db, Path(scratch) / "server.log") as site, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(chromium), args=["--no-sandbox"])
            for game in games:
                players, moves, seed = GAMES[game]
                seats = [{"name": "Ami"}] + [{"bot": "normal"}] * (players - 1)
                room = httpx.post(
                    site + "/api/rooms",
                    json={"game": game, "seats": seats, "seed": seed},
                    timeout=120,  # a game's first room loads its engine (Carrotein: seconds)
                ).json()
                token = room["invites"][0]["token"]
                _play_first_moves(connect, site, room["room"], token, moves, seed)
                for size, (viewport, lang) in SIZES.items():
                    page = browser.new_page(viewport=viewport)
                    page.add_init_script(f"localStorage.setItem('asobi-lang', '{lang}')")
                    page.goto(site + room["invites"][0]["link"])
                    page.wait_for_selector("#felt .plate")
                    page.wait_for_timeout(800)  # the last move's mark fades in
                    page.screenshot(path=str(OUT / f"{game}-{size}.png"), full_page=size == "phone")
                    page.close()
                    print(f"{OUT.relative_to(ROOT)}/{game}-{size}.png")
            browser.close()


def _play_first_moves(
    connect: Callable[[str], Any], site: str, room: str, token: str, moves: int, seed: int
) -> None:
    """Your seat's first ``moves`` moves, chosen at random (seeded), and then wait for your
    turn to come round again: the picture shows a table waiting for you."""
    rng = random.Random(seed)
    url = site.replace("http", "ws") + f"/api/rooms/{room}/ws?token={token}"
    with connect(url) as ws:
        made = 0
        while True:
            message = json.loads(ws.recv(timeout=60))
            state = message.get("state") if message["type"] != "state" else message
            if not state or state["outcome"] or not state["legal"]:
                continue
            if made == moves:
                return
            ws.send(json.dumps({"type": "act", "action": rng.choice(sorted(state["legal"]))}))
            made += 1


if __name__ == "__main__":
    chosen = sys.argv[1:] or list(GAMES)
    unknown = [g for g in chosen if g not in GAMES]
    if unknown:
        raise SystemExit(f"no game {', '.join(unknown)} (games: {', '.join(GAMES)})")
    main(chosen)
