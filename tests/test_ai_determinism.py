"""The same arena arguments give the same table in any process (issue 16).

Python randomises the hash of strings per process (PYTHONHASHSEED), so iterating over a set of card
ids gives a different order in each process; an AI that does so plays differently from run to run even
with the same seed. Each game's arena runs in two fresh interpreters with different hash seeds, with
every agent level at the table, and the reports must agree (timings aside).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# (game, variant, players, games): small tables so the whole file runs in seconds
ARENAS = [("revoltaaa", None, 4, 6), ("revoltaaa", "bananas", 3, 6), ("revolte", None, 3, 3),
          ("revolucion", None, 3, 3), ("doudizhu", None, 3, 6)]
SEATS = "ai:hard,ai:normal,ai:easy,random"


def arena_in_fresh_process(game: str, variant: str | None, players: int, games: int, hash_seed: str) -> dict:
    args = [sys.executable, "-m", "revolt_table", "arena", game, "--players", str(players),
            "--seats", ",".join(SEATS.split(",")[:players]), "--games", str(games), "--seed", "7",
            "--iterations", "6", "--json"]
    if variant:
        args += ["--variant", variant]
    env = dict(os.environ, PYTHONHASHSEED=hash_seed,
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    out = subprocess.run(args, env=env, cwd=ROOT, capture_output=True, text=True, timeout=300, check=True).stdout
    report = json.loads(out)
    report.pop("elapsed_s")
    report.pop("moves_per_s")
    return report


@pytest.mark.parametrize("game,variant,players,games", ARENAS)
def test_same_arena_in_two_processes_with_different_hash_seeds(game, variant, players, games):
    first = arena_in_fresh_process(game, variant, players, games, "1")
    second = arena_in_fresh_process(game, variant, players, games, "2")
    assert first == second
    assert sum(s["wins"] for s in first["seats"]) == pytest.approx(games, abs=1e-3)
