"""The card table: generic zone layout and drawing, plus one module per game family.

`table_for(family_name)` returns the FamilyTable class that lays out and animates that family;
families without their own module get GenericTable (every zone drawn, click a card to play it).
"""

from __future__ import annotations

import importlib

from revolt_table.ui.table.family import FamilyTable, GenericTable

_MODULES = {"majority": ("revolt_table.ui.table.majority", "MajorityTable")}


def register(family: str, module: str, class_name: str) -> None:
    """Point a family at its table module (e.g. register("tricks", "revolt_table.ui.table.tricks", "TricksTable"))."""
    _MODULES[family] = (module, class_name)


def table_for(family: str) -> type[FamilyTable]:
    entry = _MODULES.get(family)
    if entry is None:
        return GenericTable
    module = importlib.import_module(entry[0])
    return getattr(module, entry[1])
