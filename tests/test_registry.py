"""The one registration point of families: a closed list that rules files can name but never extend."""

from __future__ import annotations

import pytest

from revolt_table.ai.registry import family_ai_module, make_agent
from revolt_table.engine import RulesError, load_rules
from revolt_table.engine.family import (FAMILIES, Registration, ai_module, available_families, get_family,
                                        register_family, registered, registration, table_module)

BUNDLED = {"revoltaaa": "majority", "doudizhu": "climbing", "revolte": "tricks", "revolucion": "bomb"}


def test_every_bundled_game_names_a_registered_family():
    assert set(BUNDLED.values()) == set(FAMILIES)
    for game, family in BUNDLED.items():
        rules = load_rules(game)
        assert rules.family is get_family(family) and rules.family.name == family


def test_ai_and_table_modules_are_found_through_the_registration():
    for name, entry in FAMILIES.items():
        assert ai_module(name).__name__ == entry.ai
        assert table_module(name).__name__ == entry.table
        assert family_ai_module(load_rules(next(g for g, f in BUNDLED.items() if f == name))).__name__ == entry.ai


def test_unknown_family_is_a_lookup_error_listing_the_known_ones():
    with pytest.raises(LookupError, match="majority"):
        registration("os.system")
    with pytest.raises(LookupError):
        get_family("revolt_table.games.majority")


def test_a_rules_file_cannot_name_code(tmp_path):
    path = tmp_path / "evil.yaml"
    path.write_text("id: evil\nfamily: os\nname: Evil\nplayers: {min: 2, max: 4}\n", encoding="utf-8")
    with pytest.raises(RulesError, match="unknown family 'os'"):
        load_rules(path)


def test_python_code_may_register_a_family_for_a_while():
    entry = Registration("probe", "revolt_table.games.majority")
    with registered(entry):
        assert "probe" in available_families()
        assert get_family("probe") is get_family("majority")
        assert ai_module("probe") is None and table_module("probe") is None
    assert "probe" not in available_families()
    with pytest.raises(ValueError, match="built in"):
        register_family(Registration("majority", "revolt_table.games.tricks"))


def test_a_family_without_ai_module_gets_random_and_generic_search():
    rules = load_rules("revoltaaa")
    with registered(Registration("bare", "revolt_table.games.majority")):
        rules.family = type("Bare", (), {"name": "bare"})()      # the family object only names itself
        assert type(make_agent("ai:normal", rules)).__name__ == "RandomAgent"
        assert type(make_agent("ai:hard", rules)).__name__ == "DeterminizedSearchAgent"


def test_a_missing_module_is_absent_but_a_broken_one_raises():
    with registered(Registration("ghost", "revolt_table.games.no_such_module", ai="revolt_table.ai.nothing")):
        with pytest.raises(LookupError, match="not available"):
            get_family("ghost")
        assert ai_module("ghost") is None
