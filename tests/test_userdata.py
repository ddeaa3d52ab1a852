"""userdata: folders under REVOLT_TABLE_HOME, atomic writes, corrupt files set aside, settings round-trip."""

import os

import pytest

from revolt_table.services import i18n, userdata


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
    assert warning and "settings.yaml" in i18n.say(warning) and "rules file" not in i18n.say(warning)
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
    assert userdata.load_game_record() == ({**record, "format": 2}, None)     # 0.1.0's form, read as format 2
    userdata.save_path().write_text("rules: x\n")          # no seed, no moves
    loaded, warning = userdata.load_game_record()
    assert loaded is None and warning and not userdata.has_saved_game()
    userdata.delete_saved_game()                           # nothing left: no error


# ------------------------------------------------------------------------------ one bad value, one setting

GOOD = "volume: 40\ncontrast: 70\nlanguage: de\nlast_setup: {game_id: revolte, players: 3}\n"


@pytest.mark.parametrize("line, field", [
    ("grain: .nan\n", "grain"),                             # not a number
    ("grain: .inf\n", "grain"),
    ("grain: -.inf\n", "grain"),
    ("ai_pace: 1234567890123456789\n", "ai_pace"),          # 19 digits
    ("temperature: !!int 60\n", "temperature"),              # a tag
    ("fullscreen: !!python/name:os.system ''\n", "fullscreen"),
    ("window_size: &size [1600, 900]\n", "window_size"),     # an anchor
    ('one_click_play: "\\e[31m"\n', "one_click_play"),      # a control character, escaped
    ("grain: 30\ngrain: 60\n", "grain"),                    # a duplicate key
    ("last_setup: {names: [Ann, !!str Bob]}\n", "last_setup"),
])
def test_one_bad_value_resets_that_setting_only(home, line, field):
    """Issue 28: `.nan`, `.inf`, a 19-digit number or a tag used to reset every setting, though the README
    promises to keep the others; and the message called settings.yaml a rules file."""
    path = userdata.settings_path()
    path.write_text(GOOD + line, encoding="utf-8")
    settings, warning = userdata.load_settings()
    assert (settings.volume, settings.contrast, settings.language) == (40, 70, "de")
    if field != "last_setup":
        assert settings.last_setup.game_id == "revolte" and settings.last_setup.players == 3
    assert getattr(settings, field) == getattr(userdata.Settings(), field)
    said = i18n.say(warning)
    assert said.startswith(f"Some settings could not be used and are back to their defaults: {field}. ")
    assert "Your other settings are kept; the file as it was is kept as settings.yaml.corrupt-" in said
    assert "rules" not in said
    assert [p.read_text(encoding="utf-8") for p in path.parent.glob("settings.yaml.corrupt-*")] == [GOOD + line]
    i18n.set_language("pt")
    try:
        assert i18n.say(warning).startswith("Algumas configurações não puderam ser usadas")
    finally:
        i18n.set_language("en")


def test_a_file_that_cannot_be_read_as_a_whole_gives_the_defaults_and_says_why(home):
    path = userdata.settings_path()
    path.write_bytes(b"volume: 40\n\xff\xfe")
    settings, warning = userdata.load_settings()
    assert settings == userdata.Settings()
    assert i18n.say(warning).startswith("Your settings file could not be read (it is not text), so the settings "
                                        "are back to their defaults; the file as it was is kept as settings.yaml.")


def test_the_yaml_messages_never_call_settings_or_a_save_a_rules_file(home):
    from revolt_table.engine.yamlsource import load_located

    for limits in (userdata.SETTINGS_LIMITS, userdata.SAVE_LIMITS):
        located = load_located("a: &x 1\nb: *x\nc: !!int 3\nd: \"\\a\"\n---\n", "f.yaml", limits)
        assert located.diagnostics and not any("rules" in d.message for d in located.diagnostics)


def test_the_command_line_reads_the_language_without_setting_the_file_aside(home):
    path = userdata.settings_path()
    path.write_text("language: pt\ngrain: .nan\n", encoding="utf-8")
    settings, warning = userdata.load_settings(set_aside_bad=False)
    assert settings.language == "pt" and warning is not None
    assert path.read_text(encoding="utf-8") == "language: pt\ngrain: .nan\n"
