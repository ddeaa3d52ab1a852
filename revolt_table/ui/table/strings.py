"""Table text: `tt(key)` looks in the UI foundation's translation table first, then in the table's own
locale files (assets/locale/<lang>.table.yaml, English as fallback).

Why a second file: the table's strings are owned by the table code and ship beside the main locale
file; translators get one more YAML file with the same dotted keys.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import yaml

from revolt_table.resources import asset_path
from revolt_table.ui import i18n


@cache
def _table(lang: str) -> dict[str, str]:
    try:
        data = yaml.safe_load(asset_path("locale", f"{lang}.table.yaml").read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        return {}
    flat: dict[str, str] = {}

    def walk(prefix: str, node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                walk(f"{prefix}.{key}" if prefix else str(key), value)
        elif node is not None:
            flat[prefix] = str(node)

    walk("", data)
    return flat


def tt(key: str, **fmt: Any) -> str:
    """Translate a table key (`table.` prefix optional) and fill its {placeholders}."""
    if not key.startswith("table."):
        key = "table." + key
    if i18n.has(key):
        return i18n.t(key, **fmt)
    lang = i18n.language()
    text = _table(lang).get(key) or _table("en").get(key, key)
    if fmt:
        try:
            return text.format(**fmt)
        except (KeyError, IndexError, ValueError):
            return text
    return text
