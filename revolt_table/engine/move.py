"""Moves: what a seat does, with a text notation that round-trips through `parse_move`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Move:
    """A move is identified by its text (`R3`, `333444`, `pass`, `cut:B7`).

    `payload` carries whatever the family needs to apply it fast (a card index, rank counts);
    it does not take part in equality, so two moves are equal exactly when their texts are.
    """

    text: str
    payload: Any = field(default=None, compare=False, hash=False)

    def __str__(self) -> str:
        return self.text
