"""Translation table: every player-facing string goes through t(key, **fmt).

Why: the game ships in English first and other languages later as plain YAML files
(assets/locale/<lang>.yaml) that translators can edit without touching code. Parts of the program may
ship their own fragment, <lang>.<part>.yaml (e.g. en.table.yaml); fragments are merged in, and keys
in the main file win on a clash. Keys are dotted paths
into the YAML ("title.new_game"). A missing key falls back to English, then to the key itself, so a
gap in a translation shows up as readable text rather than a crash.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import yaml

from revolt_table.engine.message import Message
from revolt_table.resources import asset_path

_language = "en"


@cache
def _table(lang: str) -> dict[str, str]:
    """Flattened {dotted.key: text} for one language; {} if no file exists (a broken file is skipped)."""
    folder = asset_path("locale")
    paths = sorted(folder.glob(f"{lang}.*.yaml")) + [folder / f"{lang}.yaml"]   # main file last: it wins
    flat: dict[str, str] = {}

    def walk(prefix: str, node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                walk(f"{prefix}.{key}" if prefix else str(key), value)
        elif node is not None:
            flat[prefix] = str(node)

    for path in paths:
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError):
            continue
        walk("", data)
    return flat


def set_language(lang: str) -> None:
    """Switch the language used by t(); unknown languages fall back to English key by key."""
    global _language
    _language = lang or "en"


def language() -> str:
    return _language


def has(key: str) -> bool:
    """True if the key exists in the current language or in English."""
    return key in _table(_language) or key in _table("en")


def t(key: str, **fmt: Any) -> str:
    """Translate `key`, then fill {placeholders} from `fmt` (a bad placeholder leaves the text as is)."""
    text = _table(_language).get(key)
    if text is None:
        text = _table("en").get(key, key)
    if fmt:
        try:
            return text.format(**fmt)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def say(message: Message) -> str:
    """The sentence for an engine `Message` (a refusal, a verdict) in the current language.

    Arguments that are Messages themselves (a card family's name, a reason inside a verdict) are
    translated first, so one sentence can be built from the pieces a game reports.
    """
    args = {k: say(v) if isinstance(v, Message) else v for k, v in message.params}
    return t(message.code, **args)


def reload() -> None:
    """Drop cached tables (after editing a locale file while the game runs)."""
    _table.cache_clear()
