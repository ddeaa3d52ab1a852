"""Every shipped language says everything English says: same keys, same {placeholders}, parseable files.

When this fails after you added English text: add the same keys, translated, to the files it names (one
per shipped language), with the same {placeholders}. Portuguese uses Cardavia's words (proprietário,
fazendeiros, bomba, foguete...), Chinese the standard Dou Dizhu terms (地主, 农民, 炸弹, 王炸...). Then run
`python tools/subset_cjk_font.py` if the Chinese uses a character outside the shipped font
(tests/test_glyphs.py says so).
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest
import yaml

from revolt_table import i18n
from revolt_table.resources import asset_path

LOCALE = asset_path("locale")
OTHERS = [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT]


def _files(lang: str) -> list[Path]:
    return sorted(LOCALE.glob(f"{lang}.*.yaml")) + [LOCALE / f"{lang}.yaml"]


def _keys_by_file(lang: str) -> dict[str, str]:
    """{key: the file that defines it} (the main file wins, as in i18n)."""
    where: dict[str, str] = {}
    for path in _files(lang):
        if path.exists():
            for key in i18n.flatten(yaml.safe_load(path.read_text(encoding="utf-8"))):
                where[key] = path.name
    return where


def _target_file(lang: str, english_file: str) -> str:
    return f"assets/locale/{lang}{english_file[len('en'):]}"


def _words(text: str) -> list[str]:
    """Real words of a text: placeholders and symbols left out."""
    return re.findall(r"[^\W\d_]{3,}", re.sub(r"\{[^}]*\}", "", text))


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_locale_file_parses(lang):
    for path in _files(lang):
        assert path.exists(), f"missing {path}"
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert isinstance(data, dict), f"{path.name} is not a mapping"


def test_every_language_has_every_english_key():
    english = _keys_by_file("en")
    problems = []
    for lang in OTHERS:
        have = _keys_by_file(lang)
        missing: dict[str, list[str]] = defaultdict(list)
        for key, source in sorted(english.items()):
            if key not in have:
                missing[_target_file(lang, source)].append(key)
        for target, keys in sorted(missing.items()):
            problems.append(f"{lang}: {len(keys)} key(s) English has are missing from {target}:\n    "
                            + "\n    ".join(keys))
    assert not problems, "\n".join(problems)


def test_placeholders_are_the_same_in_every_language():
    english = i18n.table("en")
    problems = []
    for lang in OTHERS:
        for key, text in sorted(i18n.table(lang).items()):
            if key in english and i18n.placeholders(text) != i18n.placeholders(english[key]):
                problems.append(f"{lang}: {key}: {sorted(i18n.placeholders(text))} but English has "
                                f"{sorted(i18n.placeholders(english[key]))}")
    assert not problems, "\n".join(problems)


def test_no_language_keeps_keys_english_dropped():
    english = set(i18n.table("en"))
    stale = {lang: sorted(set(_keys_by_file(lang)) - english) for lang in OTHERS}
    problems = [f"{lang}: keys English no longer has (remove them): {', '.join(keys)}"
                for lang, keys in stale.items() if keys]
    assert not problems, "\n".join(problems)


def test_translations_are_not_english_copies():
    """A translator who copied a file and forgot a section: long sentences identical to English."""
    english = i18n.table("en")
    problems = []
    for lang in OTHERS:
        same = [key for key, text in i18n.table(lang).items()
                if key in english and text == english[key] and len(_words(text)) >= 3]
        if same:
            problems.append(f"{lang}: still English: {', '.join(sorted(same))}")
    assert not problems, "\n".join(problems)
