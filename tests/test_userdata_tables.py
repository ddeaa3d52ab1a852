"""userdata's declarative tables: every setting has its row, every row refuses a wrong value, the
writers never emit what the reader refuses, and a save's fields agree with each other."""

from __future__ import annotations

import dataclasses

import pytest

from revolt_table.services import userdata
from revolt_table.engine.yamlsource import Located


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("REVOLT_TABLE_HOME", str(tmp_path))
    return tmp_path


def test_every_setting_has_exactly_one_row():
    fields = {f.name for f in dataclasses.fields(userdata.Settings)}
    assert fields == set(userdata.SETTINGS_FIELDS)
    assert {f.name for f in dataclasses.fields(userdata.GameSetup)} == set(userdata.SETUP_FIELDS)


@pytest.mark.parametrize("name", sorted(userdata.SETTINGS_FIELDS))
def test_every_row_refuses_a_wrong_value_and_keeps_the_others(name):
    for bad in ([[[]]], 10**15):                 # wrong for every field: a nested list, a huge number
        settings, problems = userdata.Settings.parse(Located("s", {name: bad, "volume": 12} if name != "volume"
                                                             else {name: bad, "grain": 12}))
        assert problems and problems[0].message.startswith(f"{name}")
        assert getattr(settings, name) == getattr(userdata.Settings(), name)
        kept = "grain" if name == "volume" else "volume"
        assert getattr(settings, kept) == 12


def test_settings_round_trip_every_field(home):
    settings = userdata.Settings(fullscreen=True, window_size=(1600, 900), animation_speed=2.0, ai_pace=0.4,
                                 volume=5, language="de", contrast=10, grain=90, temperature=0,
                                 four_colour_deck=True, text_size="large")
    userdata.save_settings(settings)
    assert userdata.load_settings() == (settings, None)


def test_writers_never_emit_anchors(home):
    names = ["A", "B", "C"]
    record = {"rules": "revoltaaa", "players": 3, "seed": 1, "moves": [], "seats": ["human"] * 3,
              "names": names, "match": {"seed": 1, "games": 1, "results": [], "notes": []}, "again": names}
    userdata.save_game_record(record)
    text = userdata.save_path().read_text()
    assert "&" not in text and "*" not in text
    assert userdata.load_game_record()[0]["again"] == names          # unknown fields are kept


def test_unknown_settings_keys_are_ignored(home):
    userdata.settings_path().write_text("volume: 20\nfrom_a_newer_version: 3\n")
    settings, warning = userdata.load_settings()
    assert warning is None and settings.volume == 20


def test_empty_settings_file_is_not_a_problem(home):
    userdata.settings_path().write_text("# nothing yet\n")
    assert userdata.load_settings()[1] is None


def test_check_folders_is_quiet_when_all_is_well(home):
    assert userdata.check_folders() == []
    assert list((home / "config").iterdir()) == [] and list((home / "data").iterdir()) == []   # probes gone


def test_check_folders_names_a_file_in_the_way(tmp_path, monkeypatch):
    monkeypatch.setenv("REVOLT_TABLE_HOME", str(tmp_path / "home"))
    (tmp_path / "home").write_text("a file")
    problems = userdata.check_folders()
    assert [p.kind for p in problems] == ["settings", "data"]
    assert userdata.load_settings()[1] is None and userdata.load_game_record() == (None, None)
    assert not userdata.has_saved_game()
    userdata.delete_saved_game()                                      # nothing to do, no error
    with pytest.raises(OSError):
        userdata.save_settings(userdata.Settings())
