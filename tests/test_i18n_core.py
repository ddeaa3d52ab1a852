"""The translation machinery without a window: language codes, the first-start choice, placeholders."""

import pytest

from revolt_table.services import i18n
from revolt_table.services import userdata


@pytest.mark.parametrize("name, code", [
    ("pt_BR.UTF-8", "pt"), ("de-AT", "de"), ("fr_FR@euro", "fr"), ("es", "es"), ("zh_CN.UTF-8", "zh"),
    ("Chinese (Simplified)_China", "zh"), ("Portuguese_Brazil", "pt"), ("en_GB", "en"),
    ("ja_JP.UTF-8", None), ("C", None), ("POSIX", None), ("", None), (None, None),
])
def test_locale_names_map_to_shipped_languages(name, code):
    assert i18n.normalize(name) == code


def test_system_language_is_the_first_shipped_one(monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.system_language() == "de"
    monkeypatch.setenv("LANGUAGE", "ja:fr:en")               # GNU's priority list: the first we ship
    assert i18n.system_language() == "fr"
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "ja_JP.UTF-8")                # a language we do not ship: English
    assert i18n.system_language() == "en"


def test_first_start_uses_the_system_language(tmp_path, monkeypatch):
    monkeypatch.setenv("REVOLT_TABLE_HOME", str(tmp_path))
    monkeypatch.setenv("LANGUAGE", "es")
    settings, warning = userdata.load_settings()
    assert warning is None and settings.language == "es"
    userdata.save_settings(settings)
    monkeypatch.setenv("LANGUAGE", "de")                       # later starts keep the saved choice
    assert userdata.load_settings()[0].language == "es"


def test_placeholders_and_t_in():
    assert i18n.placeholders("{n} cards, {name:>4} and {value:g} %") == {"n", "name", "value"}
    assert i18n.placeholders("no {{braces}} here") == set()
    assert i18n.t_in("pt", "title.new_game") == "Novo jogo"
    assert i18n.t_in("de", "handover.pass_to", name="Anna") == "Weitergeben an Anna"
    assert i18n.t_in("xx", "title.new_game") == "New game"     # unknown language: English
    assert i18n.language() == "en"                             # t_in never switches the current one


def test_look_and_deck_settings_validate(tmp_path):
    s = userdata.Settings.from_dict({"contrast": 80, "grain": 0, "temperature": 100, "four_colour_deck": True,
                                     "text_size": "large", "language": "zh"})
    assert (s.contrast, s.grain, s.temperature, s.four_colour_deck, s.text_size, s.language) == \
        (80, 0, 100, True, "large", "zh")
    assert userdata.Settings.from_dict({"language": "xx"}).language == "en"
    for bad in ({"contrast": 101}, {"grain": -1}, {"temperature": "warm"}, {"four_colour_deck": "yes"},
                {"text_size": "huge"}):
        with pytest.raises(ValueError):
            userdata.Settings.from_dict(bad)
    again = userdata.Settings.from_dict(s.to_dict())
    assert again == s
