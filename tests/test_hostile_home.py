"""The player's own files at their worst (issue 28): tests/data/hostile_home holds hostile settings,
saves, history entries and exported games, with the program's answer for each in EXPECTED.yaml. Each
file is met where the program meets it; then a home made of all of them at once must start, say what
it set aside, and play (the window part is tests/ui/test_hostile_home_window.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from revolt_table.services import i18n, savegame, userdata
from revolt_table.services.names import visible_name

CORPUS = Path(__file__).resolve().parent / "data" / "hostile_home"
EXPECTED = yaml.safe_load((CORPUS / "EXPECTED.yaml").read_text(encoding="utf-8"))


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("REVOLT_TABLE_HOME", str(tmp_path / "home"))
    i18n.set_language("en")
    return tmp_path / "home"


def test_every_file_of_the_corpus_has_its_answer():
    for kind in ("settings", "saves", "history", "exports"):
        assert sorted(p.name for p in (CORPUS / kind).iterdir()) == sorted(EXPECTED[kind]), kind


@pytest.mark.parametrize("name", sorted(EXPECTED["settings"]))
def test_hostile_settings(home, name):
    expected = EXPECTED["settings"][name]
    shutil.copyfile(CORPUS / "settings" / name, userdata.settings_path())
    settings, message = userdata.load_settings()
    if expected == "file":
        assert message.code == "files.settings.file" and settings == userdata.Settings(language="en")
    elif expected:
        assert message.code == "files.settings.fields" and message.args["fields"] == ", ".join(expected)
        assert settings.volume == 40                           # the good setting is kept
    else:
        assert message is None and settings.volume == 40
    if message is not None:
        said = i18n.say(message)
        assert "rules" not in said and "settings.yaml.corrupt-" in said
    assert all(n == visible_name(n) for n in settings.last_setup.names)    # nothing invisible kept
    userdata.save_settings(settings)                           # what the app writes back reads cleanly
    assert userdata.load_settings() == (settings, None)


@pytest.mark.parametrize("name", sorted(EXPECTED["saves"]))
def test_hostile_saves(home, name):
    expected = EXPECTED["saves"][name]
    shutil.copyfile(CORPUS / "saves" / name, userdata.save_path())
    opened, message = savegame.load()
    if expected == "ok":
        assert message is None and opened.state is not None
        return
    assert opened is None
    if expected == "newer":
        assert message.code == "files.save.newer" and userdata.save_path().exists()     # left as it is
        return
    assert message.code == "files.save.unusable" and message.args["reason"].code == expected
    assert message.args["kept"].code == "files.kept_as" and not userdata.save_path().exists()
    assert i18n.say(message).startswith("Your saved game could not be resumed (")


def test_hostile_history_entries(home):
    from revolt_table.records.stats import collect_facts
    from revolt_table.records.store import HistoryStore

    folder = userdata.data_dir() / "history"
    shutil.copytree(CORPUS / "history", folder)
    store = HistoryStore()
    listed = {s.id: s for s in store.summaries()}
    reasons = {f.id: f.unreplayable for f in collect_facts(store)}
    warned = {m.args.get("file"): m.code for m in store.take_warnings()}
    for name, outcome in EXPECTED["history"].items():
        stem = name[:-len(".json")]
        if outcome == "set_aside":
            assert stem not in listed and warned.get(name) == "history.warning.corrupt", name
            assert len(list(folder.glob(f"{name}.corrupt-*"))) == 1, name
        elif outcome == "left":
            assert stem not in listed and warned.get(name) == "history.warning.newer" and (folder / name).exists()
        elif outcome.startswith("unreplayable:"):
            assert stem in listed and reasons[stem].code == outcome.split(":", 1)[1], name
        elif outcome == "ok":
            assert stem in listed and reasons[stem] is None
    assert set(listed) == {"good-game", "forged-scores", "illegal-moves"}


@pytest.mark.parametrize("name", sorted(EXPECTED["exports"]))
def test_hostile_exports_are_refused_in_one_sentence(home, name):
    from revolt_table.records.replay_text import import_problem
    from revolt_table.records.store import HistoryStore

    expected = EXPECTED["exports"][name]
    path = CORPUS / "exports" / name
    store = HistoryStore()
    before = path.read_bytes()
    try:
        entry = store.import_file(path)
    except (OSError, ValueError) as exc:
        said = import_problem(path, exc)
        assert expected != "ok", said
        start = i18n.t(expected, file=str(path), reason="@").split("@")[0]
        assert said.startswith(start) and "\n" not in said
        assert store.summaries() == []
    else:
        assert expected == "ok" and [s.id for s in store.summaries()] == [entry.id]
    assert path.read_bytes() == before                         # the player's file is never changed
