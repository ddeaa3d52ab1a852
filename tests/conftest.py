"""Shared test set-up: never touch the real user folders, never open a real window or sound card."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# The UI's language on a first start is the system's: tests read English whatever this machine speaks.
os.environ["LANGUAGE"] = "en"
# The first-game tips wait for a click at every new table: only the tests about them switch them on
# (tests/ui/test_tips.py, tests/ui/test_newcomer.py: monkeypatch.setenv("REVOLT_TABLE_TIPS", "1")).
os.environ["REVOLT_TABLE_TIPS"] = "0"
