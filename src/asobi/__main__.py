"""``python -m asobi``: the ``asobi`` command."""

from asobi.cli import main

if __name__ == "__main__":
    main()
