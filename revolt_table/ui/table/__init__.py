"""The card table: generic zone layout and drawing, plus one module per game family.

`table_for(family_name)` returns the FamilyTable class (`FAMILY_TABLE` in ui/table/<family>.py) that lays out and animates that family;
families without their own module get GenericTable (every zone drawn, click a card to play it).
"""

from __future__ import annotations

import importlib

from revolt_table.ui.table.family import FamilyTable, GenericTable

def table_for(family: str) -> type[FamilyTable]:
    """The family's table class: `FAMILY_TABLE` in `revolt_table.ui.table.<family>`, else GenericTable.

    Convention over a shared registry: adding a game's table touches only its own module.
    """
    try:
        module = importlib.import_module(f"revolt_table.ui.table.{family}")
    except ModuleNotFoundError as exc:
        if exc.name == f"revolt_table.ui.table.{family}":
            return GenericTable
        raise
    return getattr(module, "FAMILY_TABLE", GenericTable)
