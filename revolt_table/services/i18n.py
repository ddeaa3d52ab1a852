"""Translation tables without pygame: every player-facing string goes through t(key, **fmt).

Why here and not in ui/: the CLI prints translated rules (`revolt-table rules show --language pt`) and
the settings loader picks the system language on a first start, and neither may import pygame.
revolt_table.ui.i18n re-exports this module, so UI code keeps writing `from revolt_table.ui.i18n import t`.

The game ships in six languages as plain YAML files (assets/locale/<lang>.yaml) that translators edit
without touching code. Parts of the program may ship their own fragment, <lang>.<part>.yaml (e.g.
en.table.yaml); fragments are merged in, and keys in the main file win on a clash. Only what is read
is loaded (issue 30: start-up): a language's main file when its first text is asked for, a fragment
when a key under one of its top-level names is (found by a glance at the file's unindented lines, not
by parsing it), with libyaml's safe loader when PyYAML has it. Keys are dotted paths
into the YAML ("title.new_game"). A missing key falls back to English, then to the key itself, so a gap
in a translation shows up as readable text rather than a crash (tests/test_translations.py makes sure
the shipped languages have no gaps).
"""

from __future__ import annotations

import locale
import os
import re
from functools import cache
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from revolt_table.services.resources import asset_path

if TYPE_CHECKING:
    from revolt_table.engine.message import Message

# The shipped languages, in the order the selectors offer them (each shown in its own name).
LANGUAGES: tuple[str, ...] = ("en", "pt", "de", "fr", "es", "zh")
DEFAULT = "en"

_language = DEFAULT
_PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}")


_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)        # the same safe loading, in C
_TOP_KEY = re.compile(r"^([A-Za-z_][\w-]*)\s*:", re.MULTILINE)


class _Texts(dict):
    """One language's {dotted.key: text}: the main file at once, a fragment when first needed.

    get() and `in` load the fragments whose top-level names include the key's first part, then, if
    the key is still missing, every fragment left (a key can live anywhere), so answers are exactly
    those of the whole table; table() loads everything."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        folder = asset_path("locale")
        self._main = set(self._merge(folder / f"{lang}.yaml"))
        self._pending: dict[Path, set[str]] = {}
        for path in sorted(folder.glob(f"{lang}.*.yaml")):
            try:
                self._pending[path] = set(_TOP_KEY.findall(path.read_text(encoding="utf-8")))
            except OSError:
                continue

    def _merge(self, path: Path) -> list[str]:
        """Add a file's texts (the main file's keys win over a fragment's); a broken file is skipped."""
        try:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=_SAFE_LOADER)
        except (OSError, yaml.YAMLError):
            return []
        flat = flatten(data)
        for key, text in flat.items():
            if key not in getattr(self, "_main", ()):
                self[key] = text
        return list(flat)

    def _fill(self, key: str) -> bool:
        """Load the fragments that may hold `key`; False when none is left to load."""
        if not self._pending:
            return False
        head = key.split(".", 1)[0]
        wanted = [path for path, heads in self._pending.items() if head in heads] or list(self._pending)
        for path in wanted:
            del self._pending[path]
            self._merge(path)
        return True

    def load_all(self) -> "_Texts":
        while self._pending:
            self._fill("")
        return self

    def get(self, key: str, default: Any = None) -> Any:
        while not dict.__contains__(self, key) and self._fill(key):
            pass
        return dict.get(self, key, default)

    def __contains__(self, key: object) -> bool:
        while not dict.__contains__(self, key) and isinstance(key, str) and self._fill(key):
            pass
        return dict.__contains__(self, key)

    # going through every text (tests, tools) reads every file first
    def __iter__(self):
        return dict.__iter__(self.load_all())

    def __len__(self) -> int:
        return dict.__len__(self.load_all())

    def keys(self):
        return dict.keys(self.load_all())

    def items(self):
        return dict.items(self.load_all())

    def values(self):
        return dict.values(self.load_all())


@cache
def _table(lang: str) -> _Texts:
    """One language's texts, loaded as they are asked for ({} if no file exists)."""
    return _Texts(lang)


def flatten(node: Any, prefix: str = "") -> dict[str, str]:
    """{dotted.key: text} for a parsed locale file (nested mappings become dotted keys)."""
    flat: dict[str, str] = {}
    if isinstance(node, dict):
        for key, value in node.items():
            flat.update(flatten(value, f"{prefix}.{key}" if prefix else str(key)))
    elif node is not None and prefix:
        flat[prefix] = str(node)
    return flat


def table(lang: str) -> dict[str, str]:
    """Every key of one language (a copy: tests and tools read it, nobody changes it)."""
    return dict(_table(lang).load_all())


def placeholders(text: str) -> set[str]:
    """The {names} a text expects ("{n} cards" -> {"n"}); format specs like {value:g} count by name."""
    return set(_PLACEHOLDER.findall(text))


def normalize(code: str | None) -> str | None:
    """A shipped language code for a locale name ("pt_BR.UTF-8", "de-AT", "Chinese_China"), or None."""
    if not code:
        return None
    text = str(code).strip().replace("-", "_").split(".")[0].split("@")[0]
    if not text or text in ("C", "POSIX"):
        return None
    match = re.match(r"[A-Za-z]+", text)
    head = match.group(0).lower() if match else ""
    if head in LANGUAGES:
        return head
    return _WINDOWS_NAMES.get(head)


_WINDOWS_NAMES = {"english": "en", "portuguese": "pt", "german": "de", "french": "fr", "spanish": "es",
                  "chinese": "zh"}


def system_language() -> str:
    """The language of this computer when we ship it, else English (used on the very first start)."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        for part in value.split(":"):               # LANGUAGE may list several: the first shipped wins
            found = normalize(part)
            if found:
                return found
        if value and var != "LANGUAGE":
            break                                    # a set LC_ALL/LANG that we do not ship: English
    try:
        found = normalize(locale.getlocale()[0])
    except (ValueError, TypeError):
        found = None
    if found is None and os.name == "nt":           # pragma: no cover - Windows only
        found = _windows_ui_language()
    return found or DEFAULT


def _windows_ui_language() -> str | None:  # pragma: no cover - Windows only
    try:
        import ctypes
        lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()
        return normalize(locale.windows_locale.get(lcid))
    except (AttributeError, OSError):
        return None


def set_language(lang: str) -> None:
    """Switch the language used by t(); unknown languages fall back to English key by key.

    The window switches with App.set_language, which also rebuilds the scenes' texts.
    """
    global _language
    _language = lang or DEFAULT


def language() -> str:
    return _language


def has(key: str) -> bool:
    """True if the key exists in the current language or in English."""
    return any(key in _table(lang) or _has_forms(_table(lang), key) for lang in (_language, DEFAULT))


def t(key: str, **fmt: Any) -> str:
    """Translate `key`, then fill {placeholders} from `fmt` (a bad placeholder leaves the text as is)."""
    return t_in(_language, key, **fmt)


def t_in(lang: str, key: str, **fmt: Any) -> str:
    """t() in a given language, whatever the current one is (the CLI, tests).

    A key written with plural forms (`key.one`, `key.other`) is chosen by its count, the first of the
    COUNT_NAMES placeholders given (`n`, else `count`...): t("tricks.plus_coin", n=1) says "+1 coin", n=2
    "+2 coins". So a text a player reads with a count gets its plural from the translation file alone;
    the code passes the count as for any other text. Without a count the `other` form is used (e.g. to
    measure the widest word).

    A key written with a `you` form is said to the player reading when its subject (the first of the
    SUBJECT_NAMES placeholders given: `name`, else `names`...) is a YouName: t("bomb.banner.wins",
    name=you("You")) says "You win the fight", not "You wins the fight"; `you_<arg>` when another
    argument is the reader ("{a} attacks you!"). The `you` form may have plural forms of its own. See
    docs/design.md, "Translations".
    """
    text = _lookup(lang, key, fmt).replace(SOFT_HYPHEN, "")     # break hints for card faces only
    if fmt:
        try:
            return text.format(**fmt)
        except (KeyError, IndexError, ValueError):
            return text
    return text


# A translator's break point inside a long card name ("Demo\u00ADcracia"): only a card face that is too
# narrow for the whole word reads it (revolt_table/ui/table/bomb_faces.py); t() never returns it.
SOFT_HYPHEN = "\u00ad"


def face_text(lang: str, key: str) -> str | None:
    """The text of `key` in `lang` (else English) with its soft hyphens: for a card face's name band."""
    for table_lang in (lang, DEFAULT):
        text = _table(table_lang).get(key)
        if text is not None:
            return text
    return None


def _lookup(lang: str, key: str, fmt: dict[str, Any]) -> str:
    """The text of `key` in `lang`, else in English, else the key; the form picked by its arguments."""
    for table_lang in (lang, DEFAULT):
        found = _table(table_lang)
        text = found.get(key)
        if text is not None:
            return text
        if _has_forms(found, key):
            return _form(found, table_lang, key, fmt)
    return key


def _has_forms(found: dict[str, str], key: str) -> bool:
    """Is `key` written as forms (`other`, and `one` and/or `you...`), not as one text?"""
    return f"{key}.other" in found


def _form(found: dict[str, str], lang: str, key: str, fmt: dict[str, Any]) -> str:
    """The form of `key` that fits `fmt`: first the person (a `you` branch when the subject is the
    player reading, `you_<arg>` when that argument is), then the plural by the count inside it."""
    for branch in _you_branches(fmt):
        if f"{key}.{branch}" in found or f"{key}.{branch}.other" in found:
            key = f"{key}.{branch}"
            break
    else:
        if f"{key}.one" not in found:
            key = f"{key}.other"        # the third-person form (a key with person forms only)
    if key in found:
        return found[key]
    if f"{key}.one" in found:
        count = next((fmt[name] for name in COUNT_NAMES if isinstance(fmt.get(name), int)), None)
        return found[f"{key}.{'other' if count is None else plural_form(lang, count)}"]
    return found.get(f"{key}.other", key)


def _you_branches(fmt: dict[str, Any]) -> list[str]:
    """The person forms a text's arguments ask for, in the order tried: `you` when its subject (the
    first SUBJECT_NAMES argument given) is the player reading, then `you_<arg>` for each other argument
    that is."""
    subject = next((name for name in SUBJECT_NAMES if name in fmt), None)
    branches = ["you"] if subject is not None and isinstance(fmt[subject], YouName) else []
    return branches + [f"you_{name}" for name, value in fmt.items()
                       if isinstance(value, YouName) and name != subject]


# The placeholder that holds a text's count, in the order looked for.
COUNT_NAMES: tuple[str, ...] = ("n", "count", "points", "cost", "score")

# The placeholder that holds a text's subject (the seat whose verb the sentence conjugates), in the
# order looked for: "{a} attacks {b}" conjugates for {a}; "{thief} steals a card from {victim}" for {thief}.
SUBJECT_NAMES: tuple[str, ...] = ("name", "names", "winner", "player", "players", "a", "thief")


class YouName(str):
    """A seat's name that is also the player reading the screen (the one human at the table).

    Why a str: it goes wherever a name goes (name plates, score rows, joined lists) and reads as the name
    itself; only t() looks closer. A text given a YouName as its subject is said in its `you` form
    ("You win the fight", "Vous gagnez le combat", "Du gewinnst") instead of conjugating the name in the
    third person ("You wins"). revolt_table.ui.session names the seats (Session.names).
    """

    __slots__ = ()


def you(name: str) -> YouName:
    """`name` marked as the player reading the screen."""
    return YouName(name)


def is_you(name: object) -> bool:
    return isinstance(name, YouName)


def join_names(separator: str, names: Any) -> str:
    """Names joined into one text ("You & Anna"); a YouName when the reader is among them, so a text
    about the group ("{names} won the match") is said to the reader too ("You won the match")."""
    names = list(names)
    joined = separator.join(names)
    return YouName(joined) if any(isinstance(n, YouName) for n in names) else joined


def is_plural(key: str, lang: str = DEFAULT) -> bool:
    """True if `key` is written with forms (plural `key.one`/`key.other`, or person `key.you`) in `lang`."""
    return _has_forms(_table(lang), key)


# Which form a count takes in each shipped language (the CLDR cardinal rules, reduced to the two forms
# our texts use): "one" for 1 in English, German, Spanish and Portuguese; for 0 and 1 in French ("0 coup
# joué"); never in Chinese, which has no plural. Other languages: as English. Portuguese players write
# zero with the plural ("0 trocadas", "zero graus"), as European Portuguese's CLDR rule has it; the
# Brazilian rule's "0 trocada" read as a mistake to them (issue 28).
_ONE = {"fr": (0, 1), "zh": ()}


def plural_form(lang: str, n: int) -> str:
    """"one" or "other": the form of a count `n` in `lang`."""
    return "one" if n in _ONE.get(lang, (1,)) else "other"


def tn(key: str, n: int, **fmt: Any) -> str:
    """A text about a count: `key.one` or `key.other` as the language says it, with {n} filled in
    ("1 player", "3 players"). Translators write both forms, even where they read the same."""
    return t(f"{key}.{plural_form(_language, n)}", n=n, **fmt)


def say(message: Message, names: Sequence[str] | None = None) -> str:
    """The sentence for an engine `Message` (a refusal, a verdict, a move's label) in the current language.

    Arguments that are Messages themselves (a card family's name, a reason inside a verdict) are
    translated first, so one sentence can be built from the pieces a game reports. A `Seat` argument
    becomes that seat's name in `names` (the table's names, "you" marks kept), else "Player N".
    """
    args = {k: _said(v, names) for k, v in message.params}
    return t(message.code, **args)


def _said(value: Any, names: Sequence[str] | None) -> Any:
    from revolt_table.engine.message import Message, Seat     # lazily, as at the top (issue 30)

    if isinstance(value, Message):
        return say(value, names)
    if isinstance(value, Seat):
        n = value.number
        if names is not None and 0 <= n < len(names) and names[n]:
            return names[n]
        return t("event.player", number=n + 1)
    return value


def reload() -> None:
    """Drop cached tables (after editing a locale file while the game runs)."""
    _table.cache_clear()
