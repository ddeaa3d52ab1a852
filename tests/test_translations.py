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

from revolt_table.services import i18n
from revolt_table.services.resources import asset_path

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


# ------------------------------------------------------------------------------------------ rules files

from revolt_table.rulebook import quickref  # noqa: E402
from revolt_table import rulebook  # noqa: E402
from revolt_table.services.resources import rules_dir  # noqa: E402

GAMES = rulebook.game_ids()


def _raw(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else None


def _shape(lines) -> list[str]:
    """A rules text's structure: which entries are headings and which are bullets."""
    shape = []
    for line in lines or []:
        stripped = str(line).lstrip()
        shape.append("heading" if stripped.startswith("#") else "bullet" if stripped.startswith("- ") else "text")
    return shape


def _rules_problems(game: str, lang: str) -> list[str]:
    path = rules_dir() / f"{game}.yaml"
    english = _raw(path)
    target = rulebook.translation_path(path, game, lang)
    where = f"{target.relative_to(rules_dir().parent)}"
    local = _raw(target)
    if not isinstance(local, dict):
        return [f"{where} is missing (translate name, summary, rules_text and rulings of {path.name})"]
    problems = []
    for key in ("name", "summary"):
        if english.get(key) and not local.get(key):
            problems.append(f"{where}: no {key}")
    if _shape(local.get("rules_text")) != _shape(english.get("rules_text")):
        problems.append(f"{where}: rules_text has {len(local.get('rules_text') or [])} entries shaped "
                        f"differently from English's {len(english.get('rules_text') or [])} (one per entry, "
                        f"headings and bullets in the same places)")
    if len(local.get("rulings") or []) != len(english.get("rulings") or []):
        problems.append(f"{where}: {len(local.get('rulings') or [])} rulings, English has "
                        f"{len(english.get('rulings') or [])} (one per ruling, same order)")
    for vid, overlay in (english.get("variants") or {}).items():
        mine = (local.get("variants") or {}).get(vid)
        if not isinstance(mine, dict) or not mine.get("name"):
            problems.append(f"{where}: variant {vid} has no name")
            continue
        if overlay.get("description") and not mine.get("description"):
            problems.append(f"{where}: variant {vid} has no description")
        if len(mine.get("rulings") or []) != len(overlay.get("rulings") or []):
            problems.append(f"{where}: variant {vid} has {len(mine.get('rulings') or [])} rulings, English "
                            f"has {len(overlay.get('rulings') or [])}")
    for card in english.get("deck") or [] if isinstance(english.get("deck"), list) else []:
        if card.get("text") and not (local.get("cards") or {}).get(card["id"]):
            problems.append(f"{where}: no text for card {card['id']}")
    return problems


def test_every_rules_file_is_translated_into_every_language():
    problems = [p for game in GAMES for lang in OTHERS for p in _rules_problems(game, lang)]
    assert not problems, "\n".join(problems)


# What players must never read: engine notation and implementation words (issue 10).
ENGINE_WORDS = [
    (re.compile(r"`"), "a backtick"),
    (re.compile(r"\bseeds?\b", re.I), "the word seed"),
    (re.compile(r"counted from 0|\bseats? [0-9]|\bseat number", re.I), "a seat number"),
    (re.compile(r"\bevents?\b", re.I), "an event name"),
    (re.compile(r"\b(?:take|cut|fight|swap|attack|dig|bid)[:][A-Za-z0-9]"), "move notation"),
    (re.compile(r"\bbid[123]\b"), "move notation"),
    (re.compile(r"(?<![-\w])[3-9TJQKA2]{4,}(?![-\w])"), "cards written as move text"),
    (re.compile(r"\b[A-Z][a-z]+[A-Z][A-Za-z]*(?:Event|Info|Params|State)\b"), "a type name"),
    (re.compile(r"\b(?:rules\.params|legal_moves|deal=|\.yaml)\b"), "a program name"),
]


def _shown_texts(book) -> list[str]:
    texts = [book.name, book.summary, *book.text, *book.rulings, *book.card_texts.values()]
    for notes in book.variants:
        texts += [notes.name, notes.description, *notes.rulings]
    for section in quickref.reference(book):
        texts += [section.title, section.note] + [f"{r.label} {r.text}" for r in section.rows]
    return texts


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_shown_rules_text_has_no_engine_words(lang):
    problems = []
    for game in GAMES:
        for text in _shown_texts(rulebook.load(game, lang)):
            for pattern, what in ENGINE_WORDS:
                if pattern.search(text):
                    problems.append(f"{game} ({lang}): {what} in: {text[:120]}")
    assert not problems, "\n".join(problems)


def test_engine_word_check_catches_what_issue_10_quoted():
    bad = ["the Bid event records it as a bid of 0", "`take:S` (S the seat number counted from 0)",
           "drawn from the game's seed", "a cut cut:B7", "333444555777 is not a combination"]
    for text in bad:
        assert any(p.search(text) for p, _ in ENGINE_WORDS), text
    fine = "A bomb beats every combination except a higher bomb and the rocket (3-3-3, 4-4-4)."
    assert not any(p.search(fine) for p, _ in ENGINE_WORDS)
