"""The fixed registry of game families: a rules file names one, and can never name code.

A family module interprets one kind of rules file (majority reveal, climbing, trick taking, bomb
passing). The registry maps the names a rules file may use to modules inside this package; nothing
else can be imported through a rules file. The engine imports family modules lazily so that
`revolt_table.engine` itself stays independent of `revolt_table.games`.
"""

from __future__ import annotations

import importlib
import random
from typing import TYPE_CHECKING, Any, Protocol

from .schema import Spec

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules
    from .state import GameState, View

FAMILY_MODULES: dict[str, str] = {
    "majority": "revolt_table.games.majority",
    "climbing": "revolt_table.games.climbing",
    "tricks": "revolt_table.games.tricks",
    "bomb": "revolt_table.games.bomb",
}


class Family(Protocol):
    """What a family module exposes as its module-level `FAMILY` object."""

    name: str
    fields: dict[str, Spec]          # the family's own top-level keys in a rules file
    required: tuple[str, ...]

    def check(self, data: dict[str, Any], report: "Report") -> None:
        """Semantic checks beyond types (e.g. the deck is large enough for the deal)."""

    def new_game(self, rules: "Rules", players: int, seed: int | None, deal: dict | None,
                 start_seat: int) -> "GameState":
        """A fresh game, dealt from a seeded shuffle or from the explicit `deal`."""

    def from_view(self, rules: "Rules", view: "View", rng: random.Random) -> "GameState":
        """A full state consistent with `view`, hidden cards re-dealt at random (for search)."""


class Report(Protocol):
    def __call__(self, path: tuple, message: str) -> None: ...


def available_families() -> tuple[str, ...]:
    return tuple(FAMILY_MODULES)


def get_family(name: str) -> Family:
    """Import the registered module for `name`; raise LookupError if it is unknown or not built yet."""
    module_name = FAMILY_MODULES.get(name)
    if module_name is None:
        raise LookupError(f"unknown family {name!r}; expected one of: {', '.join(FAMILY_MODULES)}")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:
            raise LookupError(f"family {name!r} is not available in this version") from None
        raise
    return module.FAMILY
