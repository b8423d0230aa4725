"""asobi: five Japanese indie tabletop games, one game protocol.

The public surface is :mod:`asobi.core` (the protocol every game speaks) and the games
registered under the ``asobi.games`` entry-point group.
"""

__version__ = "0.1.0"
