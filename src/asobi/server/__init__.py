"""The multiplayer server (``asobi serve``): lobby, rooms, seats, websockets, persistence.

Needs the ``server`` extra (FastAPI, uvicorn, SQLAlchemy); the games and the terminal do not.
"""

# Per client address (here, so that ``asobi serve --help`` shows them without the extra):
MAX_SOCKETS = 64  # websockets open at once (a table, its spectators)
ROOMS_PER_MINUTE = 60.0  # rooms made, in bursts of a third of that
