"""The moments hooks of a family table handed to its moments object.

Why: a family table (ui/table/family.py FamilyTable) tells the deal and each move's events through
three hooks; a family whose story is long keeps it in a moments module of its own (climbing_moments,
majority_moments, tricks_moments: how a round is told, step by step) and its table only hands the hooks
over. This mixin is that handing over, written once. Put it before FamilyTable in the bases.
"""

from __future__ import annotations

from typing import Any


class ToldByMoments:
    """Mixin for a FamilyTable whose `self.moments` (built in its __init__) tells the story."""

    moments: Any

    def deal(self) -> None:
        self.moments.deal()

    def deal_hands(self) -> None:
        """The shared deal of every hand (FamilyTable.deal), for the moments to start with."""
        super().deal()      # type: ignore[misc]

    def on_events(self, seat, move, events) -> None:
        self.moments.on_events(seat, move, events)

    def push_end_beats(self) -> None:
        self.moments.push_end_beats()
