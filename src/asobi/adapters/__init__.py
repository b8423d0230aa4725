"""Adapters for learning agents and research frameworks (the optional extra ``asobi[rl]``).

- ``table``: one game played by choice indices, with observations and legal masks;
  everything below builds on it, and needs only the core.
- ``pettingzoo_env``: PettingZoo AEC and Parallel environments (``asobi/<game>_v0``).
- ``gymnasium_env``: a single-agent Gymnasium environment, the other seats asobi bots.
- ``openspiel_game``: every game registered as a Python OpenSpiel game.

See ``docs/rl.md`` for each game's observation layout and action coding.
"""
