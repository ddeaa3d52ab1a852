"""The card table: generic zone layout and drawing, plus one module per game family.

`table_for(family_name)` returns the family's FamilyTable class: `FAMILY_TABLE` in the table module its
registration names (revolt_table/engine/family.py, the one list of families); a family registered
without a table gets GenericTable (every zone drawn, click a card to play it).
"""

from __future__ import annotations

from revolt_table.engine.family import table_module
from revolt_table.ui.table.family import FamilyTable, GenericTable


def table_for(family: str) -> type[FamilyTable]:
    """The table class of family `family` (GenericTable if it registered none)."""
    module = table_module(family)
    return getattr(module, "FAMILY_TABLE", GenericTable) if module is not None else GenericTable
