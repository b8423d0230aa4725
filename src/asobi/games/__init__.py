"""One package per game; each registers its GameSpec through the ``asobi.games`` entry point."""
