"""Property tests run for every registered game (see hooks.py for per-game checks)."""
