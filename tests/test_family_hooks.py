"""Family knowledge lives in the family's modules, found through its registration (issue 27): the quick
reference, the statistics a game adds and the card style are hooks a Registration names, and no
generic module keeps a list of its own keyed by family name."""

from __future__ import annotations

import ast
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from revolt_table.engine.family import FAMILIES, registered, registrations
from tests.highcard import HIGHCARD
from tests.history_helpers import play

ROOT = Path(__file__).resolve().parents[1]
HIGHCARD_RULES = ROOT / "tests" / "data" / "highcard.yaml"
WITH_HOOKS = replace(HIGHCARD, rulebook="tests.highcard_hooks", records="tests.highcard_hooks")


def test_a_family_brings_its_quick_reference_through_its_registration():
    from revolt_table.rulebook import show

    with registered(HIGHCARD):
        assert "TABLE" not in show.render(str(HIGHCARD_RULES))        # none registered: full rules only
    with registered(WITH_HOOKS):
        text = show.render(str(HIGHCARD_RULES))
    assert "== High Card ==" in text and "2♠ < 3♠ < 4♠" in text and "3 cards each" in text


def test_a_family_brings_its_statistics_through_its_registration(tmp_path, monkeypatch):
    """A finished High Card game's facts come from the family's hooks, survive the facts cache, and sum
    up into the player's statistics with the family's own rows."""
    from revolt_table.records.history import entry_from_game
    from revolt_table.records.stats import collect_facts, statistics
    from revolt_table.records.store import HistoryStore
    from revolt_table.services.userdata import user_rules_dir

    monkeypatch.setenv("REVOLT_TABLE_HOME", str(tmp_path / "home"))
    shutil.copy(HIGHCARD_RULES, user_rules_dir() / "highcard.yaml")
    with registered(WITH_HOOKS):
        store = HistoryStore(tmp_path / "history")
        won = 0
        for seed in range(3):
            state = play("highcard", seed, players=3)          # random cards to the end
            won += state.scores[0]                      # a trick won is a point
            store.add(entry_from_game(state, ["human", "random", "random"], ["You", "A", "B"]))
        facts = collect_facts(store)
        assert collect_facts(store) == facts           # the second time from the cache
        s = statistics(facts, "highcard", "You")
        assert s.games == 3 and s.own.tricks == won and s.own.rows() == [("Tricks won", str(won))]
        assert s.own.heading("High Card") == "High Card: tricks"
    with registered(HIGHCARD):
        assert statistics(collect_facts(store), "highcard", "You").own is None   # none registered: none cached


def _family_modules() -> set[str]:
    """The files the registrations name (every part of every family), and the registry itself."""
    out = {"revolt_table/engine/family.py"}
    for entry in registrations():
        for part in ("game", "ai", "table", "rulebook", "records"):
            path = getattr(entry, part)
            if path and path.startswith("revolt_table."):
                out.add(path.replace(".", "/") + ".py")
    return out


def _family_keyed(tree: ast.AST, names: set[str]) -> list[int]:
    """Lines of dict displays keyed by a family name, and of comparisons of something called family
    with a family name."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            if any(isinstance(k, ast.Constant) and k.value in names for k in node.keys):
                lines.append(node.lineno)
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            named = any(isinstance(n, ast.Constant) and n.value in names for side in sides for n in ast.walk(side))
            about = any("family" in (getattr(n, "attr", "") or getattr(n, "id", "")) for side in sides
                        for n in ast.walk(side))
            if named and about:
                lines.append(node.lineno)
    return lines


def test_no_generic_module_keeps_a_list_keyed_by_family_name():
    names = set(FAMILIES)
    own = _family_modules()
    found = {}
    for path in sorted((ROOT / "revolt_table").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel in own or any(rel.startswith(m[:-3] + "_") for m in own if "/games/" in m or "/table/" in m):
            continue                                     # a family's modules and their helpers
        lines = _family_keyed(ast.parse(path.read_text(encoding="utf-8")), names)
        if lines:
            found[rel] = lines
    assert not found, f"lists keyed by family name outside the families' modules: {found}"


def test_the_check_finds_such_lists():
    """What the check above looks for, in the shapes the four it replaced had (quickref's builders,
    the statistics' facts, the card styles, the review's namers)."""
    names = set(FAMILIES)
    assert _family_keyed(ast.parse('BUILDERS = {"climbing": a, "majority": b}'), names) == [1]
    assert _family_keyed(ast.parse('if rules.family.name == "bomb":\n    pass'), names) == [1]
    assert _family_keyed(ast.parse('x = zone.kind in ("stacks", "tricks")'), names) == []


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_family_table_gives_its_card_style(family):
    """The generic faces (ui/cards.py) keep no style per family: each shipped table says how its cards
    look through its `card_style()` hook (the generic faces of a player's own family read card ids)."""
    from revolt_table.ui import cards
    from revolt_table.ui.table import table_for
    from revolt_table.ui.table.family import FamilyTable

    assert table_for(family).card_style is not FamilyTable.card_style
    assert not hasattr(cards, "register_style") and not hasattr(cards, "style_for")
