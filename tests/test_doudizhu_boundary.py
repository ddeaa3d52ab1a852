"""The Dou Dizhu AI and table stay behind the typed boundary (docs/design.md): they read views, events,
legal moves, refusals and params, never the raw YAML, a state's internals or private names of games/."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from revolt_table.engine import load_rules

ROOT = Path(__file__).resolve().parents[1]
CONSUMERS = ["revolt_table/ai/climbing_ai.py", "revolt_table/ai/climbing_hints.py",
             "revolt_table/ai/climbing_endgame.py", "revolt_table/ai/climbing_style.py",
             "revolt_table/ui/table/climbing.py",
             "revolt_table/ui/table/climbing_sections.py", "revolt_table/ui/table/climbing_moments.py",
             "revolt_table/ui/table/climbing_select.py", "revolt_table/ui/table/climbing_faces.py"]
# the engine's public state API, plus seat_facts (the climbing family's documented playout interface)
STATE_API = {"legal_moves", "refusal", "apply", "view", "is_over", "to_act", "scores", "history", "clone",
             "seat_facts"}


def _dotted(node: ast.AST) -> str:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    return ".".join(reversed(parts))


@pytest.mark.parametrize("path", CONSUMERS)
def test_consumers_use_only_the_boundary(path):
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    games_aliases = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and "games" in node.module:
            for alias in node.names:
                assert not alias.name.startswith("_"), f"{path} imports the private {alias.name}"
                if node.module.endswith("games"):
                    games_aliases.add(alias.asname or alias.name)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        owner = _dotted(node.value)
        assert not (node.attr == "data" and owner.endswith("rules")), f"{path} reads {owner}.data"
        if owner == "state" or owner.endswith(".state"):
            assert node.attr in STATE_API, f"{path} reads {owner}.{node.attr}"
        if owner in games_aliases:
            assert not node.attr.startswith("_"), f"{path} uses the private {owner}.{node.attr}"


def test_seat_facts_tell_no_more_than_the_view():
    from revolt_table.ai.climbing_ai import _key_of_cards
    from revolt_table.games import doudizhu_combos as dz
    rules = load_rules("doudizhu")
    rng = random.Random(3)
    for seed in range(25):
        state = rules.new_game(3, seed=seed)
        while not state.is_over:
            seat = state.to_act[0]
            facts, info = state.seat_facts(seat), state.view(seat).info
            assert facts.hand == _key_of_cards(state.view(seat).hand())
            assert (facts.phase, facts.cards_left, facts.current_bid, facts.landlord, facts.lead_owner) == \
                (info.phase, info.cards_left, info.current_bid, info.landlord, info.lead.owner)
            assert facts.to_beat == (dz.classify(info.lead.to_beat) if info.lead.to_beat else None)
            moves = state.legal_moves(seat)
            state.apply(seat, moves[rng.randrange(len(moves))])
