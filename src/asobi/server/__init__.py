"""The multiplayer server (``asobi serve``): lobby, rooms, seats, websockets, persistence.

Needs the ``server`` extra (FastAPI, uvicorn, SQLAlchemy); the games and the terminal do not.
"""
