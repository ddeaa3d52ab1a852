"""The command line with unlucky folders and in the player's language (issue 28): `revolt-table history`
when the history folder, the data folder or the home is a file; errors in the language asked for."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(args: list[str], home: Path, **env: str) -> subprocess.CompletedProcess:
    """`python -m revolt_table ARGS` with its own home, as a player runs it."""
    import os

    environ = {**os.environ, "REVOLT_TABLE_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
               "SDL_AUDIODRIVER": "dummy", **env}
    return subprocess.run([sys.executable, "-m", "revolt_table", *args], capture_output=True, text=True,
                          cwd=ROOT, env=environ, timeout=120)


@pytest.mark.parametrize("where", ["history", "data", "home"])
def test_history_with_a_file_in_place_of_a_folder_says_so(tmp_path, where):
    home = tmp_path / "home"
    target = {"home": home, "data": home / "data", "history": home / "data" / "history"}[where]
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("I am a file\n")
    done = run(["history"], home)
    assert done.returncode == 1, done.stderr
    assert done.stdout.strip() == "The history folder cannot be used, so finished games are not being kept."
    assert "Traceback" not in done.stderr and "crash" not in done.stderr
    assert target.read_text() == "I am a file\n"
    done = run(["history", "--language", "pt"], home)
    assert done.returncode == 1 and done.stdout.startswith("Não é possível usar a pasta do histórico")
