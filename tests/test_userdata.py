"""userdata: folders under REVOLT_TABLE_HOME, atomic writes, corrupt files set aside, settings round-trip."""

import os

import pytest

from revolt_table.services import userdata


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("REVOLT_TABLE_HOME", str(tmp_path))
    return tmp_path


def test_folders_live_under_home(home):
    assert userdata.config_dir() == home / "config"
    assert userdata.data_dir() == home / "data"
    assert userdata.log_dir() == home / "logs"
    assert all(p.is_dir() for p in (home / "config", home / "data", home / "logs"))


def test_atomic_write_replaces_and_leaves_no_temp(home):
    path = home / "x" / "file.txt"
    userdata.atomic_write_text(path, "one")
    userdata.atomic_write_text(path, "two")
    assert path.read_text() == "two"
    assert os.listdir(path.parent) == ["file.txt"]


def test_atomic_write_failure_keeps_old_file(home, monkeypatch):
    path = home / "file.txt"
    userdata.atomic_write_text(path, "old")

    def boom(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(userdata.os, "replace", boom)
    with pytest.raises(OSError):
        userdata.atomic_write_text(path, "new")
    assert path.read_text() == "old"
    assert os.listdir(home) == ["file.txt"]


def test_settings_round_trip(home):
    settings = userdata.Settings(fullscreen=True, window_size=(1600, 900), animation_speed=0.5, ai_pace=1.5,
                                 volume=35, last_setup=userdata.GameSetup("revolte", "", 3,
                                                                          ["human", "human", "ai:hard"],
                                                                          ["Anna", "Ben", "Cleo"]))
    userdata.save_settings(settings)
    loaded, warning = userdata.load_settings()
    assert warning is None and loaded == settings


def test_missing_settings_give_defaults_without_warning(home):
    assert userdata.load_settings() == (userdata.Settings(), None)


@pytest.mark.parametrize("text", [
    "fullscreen: [unclosed\n",                 # not YAML
    "- a list\n- not a mapping\n",             # wrong shape
    "volume: 500\n",                           # out of range
    "animation_speed: 3\n",                    # not an offered value
    "last_setup: {seats: [robot]}\n",          # unknown seat kind
])
def test_corrupt_settings_set_aside(home, text):
    path = userdata.settings_path()
    path.write_text(text, encoding="utf-8")
    settings, warning = userdata.load_settings()
    assert settings == userdata.Settings()
    assert warning and "settings.yaml" in warning
    assert not path.exists()
    aside = list(path.parent.glob("settings.yaml.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == text


def test_window_size_is_clamped(home):
    userdata.settings_path().write_text("window_size: [100, 5000]\n")
    settings, warning = userdata.load_settings()
    assert warning is None and settings.window_size == (1024, 1440)


def test_game_record_save_load_and_corrupt(home):
    assert userdata.load_game_record() == (None, None) and not userdata.has_saved_game()
    record = {"rules": "revoltaaa", "variant": "", "players": 3, "seed": 7, "moves": [[0, "R3"], [1, "B0"]]}
    userdata.save_game_record(record)
    assert userdata.has_saved_game()
    assert userdata.load_game_record() == (record, None)
    userdata.save_path().write_text("rules: x\n")          # no seed, no moves
    loaded, warning = userdata.load_game_record()
    assert loaded is None and warning and not userdata.has_saved_game()
    userdata.delete_saved_game()                           # nothing left: no error
