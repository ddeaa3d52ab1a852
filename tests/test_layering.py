"""The engine, the games and the AI never load the UI: they run headless, in the AI worker process, in
benchmarks and the CLI without pygame. Checked in a fresh interpreter, every module of those packages
imported, every bundled game played a little (lazy imports count too)."""

from __future__ import annotations

import json
import subprocess
import sys

CODE = r"""
import importlib, json, pkgutil, random, sys
import revolt_table.engine, revolt_table.games, revolt_table.ai
for package in (revolt_table.engine, revolt_table.games, revolt_table.ai):
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(info.name)
from revolt_table.ai.registry import make_agent
from revolt_table.engine import load_rules
from revolt_table.services.resources import rules_dir
for path in sorted(rules_dir().glob("*.yaml")):
    rules = load_rules(path)
    state = rules.new_game(rules.min_players, seed=1)
    agent = make_agent("ai:normal", rules)
    for _ in range(20):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(seat, agent.choose(state.view(seat), state.legal_moves(seat), random.Random(1)))
print(json.dumps(sorted(m for m in sys.modules if m == "pygame" or m.startswith(("pygame.", "revolt_table.ui")))))
"""


def test_engine_games_and_ai_load_neither_pygame_nor_the_ui():
    done = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, encoding="utf-8",
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []
