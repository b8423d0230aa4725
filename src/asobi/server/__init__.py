"""The multiplayer server (``asobi serve``): lobby, rooms, seats, websockets, persistence.

Needs the ``server`` extra (FastAPI, uvicorn, SQLAlchemy); the games and the terminal do not.
"""

# Per client address (here, so that ``asobi serve --help`` shows them without the extra):
MAX_SOCKETS = 64  # websockets open at once (a table, its spectators)
ROOMS_PER_MINUTE = 60.0  # rooms made, in bursts of a third of that
# The longest request line (the address, with its token) a websocket's opening may have;
# longer ones are answered 414 at once. `asobi serve` sets it through websockets' own setting
# (WEBSOCKETS_MAX_LINE_LENGTH: its default, 8 KiB, would leave a long token unanswered).
MAX_LINE = 65_536
# Seconds a process of `asobi serve --workers N` may leave uvicorn's health check unanswered
# before it is killed and replaced: a starting process answers only once it has imported
# asobi, which on a busy machine takes far longer than uvicorn's default of 5 s.
WORKER_HEALTHCHECK = 120
