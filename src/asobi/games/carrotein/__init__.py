"""星をなくしたキャロテイン (Carrotein, who lost the stars), Pubits, for 2–6 players.

So far: the physical model (``sky.toml``: the mat, the star chips, the seven constellation
boards) and the judge of a challenge (``sky.py``). The rules engine, the solver, the bots
and the front end come next (issue 6); until then the game is not registered.
"""
