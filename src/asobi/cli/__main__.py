"""``python -m asobi.cli``: the ``asobi`` command (the server starts its processes so)."""

from asobi.cli import main

if __name__ == "__main__":
    main()
