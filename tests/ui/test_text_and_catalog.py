"""Translation fallbacks, the shipped English table, and reading game info from rules YAML."""

import re
from pathlib import Path


from revolt_table.ui import i18n
from revolt_table.ui.catalog import load_catalog

UI_DIR = Path(__file__).resolve().parents[2] / "revolt_table" / "ui"


def test_t_formats_and_falls_back():
    i18n.set_language("xx")                       # no such file: English, then the key
    try:
        assert i18n.t("handover.pass_to", name="Anna") == "Pass to Anna"
        assert i18n.t("no.such.key") == "no.such.key"
        assert i18n.t("handover.pass_to") == "Pass to {name}"          # missing placeholder: left as is
    finally:
        i18n.set_language("en")


def test_every_key_used_in_the_ui_exists_in_english():
    """Keys from en.yaml and the fragments merged into it (en.<part>.yaml, e.g. a table family's)."""
    i18n.reload()
    flat = set(i18n._table("en"))
    flat |= {key[:-len(".other")] for key in flat if key.endswith(".other")}  # a text with forms (plural, you)

    used = set()
    for path in UI_DIR.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if re.search(r"^def t\(", text, re.M):
            continue              # a module with its own prefixing t() (a family table): its own tests check it
        used |= set(re.findall(r'\bt\(\s*"([a-z_]+\.[a-z_.0-9]+)"', text))
    assert used, "expected t() calls in the UI"
    assert sorted(used - flat) == []


def test_catalog_reads_names_players_variants(rules_folder):
    """The catalog reads through the engine: what it lists as playable, the engine can start."""
    from conftest import DEMO_RULES

    (rules_folder / "broken.yaml").write_text("id: [unclosed\n")
    (rules_folder / "other.yaml").write_text(
        DEMO_RULES.replace("id: demo", "id: other").replace("name: Demo Game", "name: Another")
        .replace("{min: 3, max: 6}", "{min: 3, max: 5}").replace("variants:\n  fast: {name: Fast}",
        "summary: Short.\nvariants:\n  quick: {name: Quick, description: Fewer cards., rulings: [Be quick.]}"))
    games = load_catalog(rules_folder, own=False)
    assert [g.id for g in games] == ["other", "demo", "broken.yaml"]   # playable by name, then broken
    other = games[0]
    assert other.name == "Another" and (other.min_players, other.max_players) == (3, 5)
    assert other.variants == [("quick", "Quick")]
    assert other.describe("quick") == "Fewer cards." and other.describe("") == "Short."
    assert other.variant_notes["quick"][1] == ["Be quick."]
    broken = games[2]
    assert broken.broken and broken.name == "broken.yaml"
    assert broken.problems == ["broken.yaml:2:1: YAML syntax error: expected ',' or ']', but got '<stream end>'"]


def test_locale_fragments_are_merged(tmp_path, monkeypatch):
    (tmp_path / "locale").mkdir()
    (tmp_path / "locale" / "en.yaml").write_text("a: {b: main}\n")
    (tmp_path / "locale" / "en.part.yaml").write_text("a: {b: fragment, c: extra}\n")
    monkeypatch.setattr(i18n, "asset_path", lambda *parts: tmp_path.joinpath(*parts))
    i18n.reload()
    try:
        assert i18n.t("a.b") == "main" and i18n.t("a.c") == "extra"
    finally:
        monkeypatch.undo()
        i18n.reload()
