"""Table text: `tt(key)` is `i18n.t` under the `table.` prefix.

The table's strings ship in their own fragment, assets/locale/<lang>.table.yaml (owned by the table
code; translators get one more YAML file with the same dotted keys), which ui/i18n.py merges with the
other <lang>.*.yaml fragments under the main file, English as fallback key by key.
"""

from __future__ import annotations

from typing import Any

from revolt_table.ui import i18n


def tt(key: str, **fmt: Any) -> str:
    """Translate a table key (`table.` prefix optional) and fill its {placeholders}."""
    if not key.startswith("table."):
        key = "table." + key
    return i18n.t(key, **fmt)
