"""The one registration point of game families: a closed list; a rules file names one, never code.

A family is a module per layer that needs to know it, each named by its `Registration`: the game
(`revolt_table/games/<x>.py`, its module-level `FAMILY` object interprets one kind of rules file and
makes states) and, optionally, its AI (`make_heuristic`, `make_hard`, `hint_with_reason`), its table
(`FAMILY_TABLE`, a FamilyTable subclass: drawing, input, `card_style`), its quick reference
(`quick_reference(book, rules, t)`, the Rules screen's Table tab and `rules show`) and its statistics
(`STATISTICS`, what a finished game adds to a player's figures). `FAMILIES` below maps each name a
rules file may use in `family:` to those module paths, and everything that needs a family's code
finds it here: the engine (`get_family`), the AI registry (`ai_module`), the table
(`revolt_table.ui.table.table_for`), the quick reference and the statistics (`family_module`).
Generic layers keep no list of their own keyed by family name: adding a family is one entry here
plus its modules.

Why a closed list: a rules file is data and may come from anywhere; the worst it can do is name a
family that exists. `register_family` adds one from Python (tests register a tiny family of their
own); nothing a rules file says can reach it.

Modules are imported lazily by name, so `revolt_table.engine` stays independent of
`revolt_table.games` and never imports the AI or the UI.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

from .schema import Spec

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules
    from .state import GameState, View


@dataclass(frozen=True)
class Registration:
    """Where a family's code lives, one module per layer (module paths). Only the game is required:
    `ai` None plays at random with the generic search; `table` None gets the generic table (every zone
    drawn, click a card to play it); `rulebook` None has no quick reference (the Rules screen shows the
    full rules); `records` None adds nothing to the statistics every game has."""

    name: str
    game: str                       # games/: FAMILY, its GameState, CODES
    ai: str | None = None           # ai/: make_heuristic, make_hard, hint_with_reason
    table: str | None = None        # ui/table/: FAMILY_TABLE
    rulebook: str | None = None     # rulebook/: quick_reference(book, rules, t)
    records: str | None = None      # records/: STATISTICS


FAMILIES: dict[str, Registration] = {r.name: r for r in (
    Registration("majority", "revolt_table.games.majority", ai="revolt_table.ai.majority_ai",
                 table="revolt_table.ui.table.majority", rulebook="revolt_table.rulebook.majority"),
    Registration("climbing", "revolt_table.games.climbing", ai="revolt_table.ai.climbing_ai",
                 table="revolt_table.ui.table.climbing", rulebook="revolt_table.rulebook.climbing",
                 records="revolt_table.records.climbing"),
    Registration("tricks", "revolt_table.games.tricks", ai="revolt_table.ai.tricks_ai",
                 table="revolt_table.ui.table.tricks", rulebook="revolt_table.rulebook.tricks"),
    Registration("bomb", "revolt_table.games.bomb", ai="revolt_table.ai.bomb_ai",
                 table="revolt_table.ui.table.bomb", rulebook="revolt_table.rulebook.bomb"),
)}
_extra: dict[str, Registration] = {}     # registered from Python (tests, tools)


class Family(Protocol):
    """What a family's game module exposes as its module-level `FAMILY` object."""

    name: str
    fields: dict[str, Spec]          # the family's own top-level keys in a rules file
    required: tuple[str, ...]

    def check(self, data: dict[str, Any], report: "Report") -> None:
        """Semantic checks beyond types (e.g. the deck is large enough for the deal)."""

    def compile_params(self, rules: "Rules") -> Any:
        """The family's frozen params record for `rules` (`rules.params`, compiled once)."""

    def new_game(self, rules: "Rules", players: int, seed: int | None, deal: dict | None,
                 start_seat: int) -> "GameState":
        """A fresh game, dealt from a seeded shuffle or from the explicit `deal`."""

    def from_view(self, rules: "Rules", view: "View", rng: random.Random) -> "GameState":
        """A full state consistent with `view`, hidden cards re-dealt at random (for search)."""


class Report(Protocol):
    def __call__(self, path: tuple, message: str) -> None: ...


def registrations() -> tuple[Registration, ...]:
    """Every family this program knows (the built-in ones, then any registered from Python)."""
    return (*FAMILIES.values(), *_extra.values())


def available_families() -> tuple[str, ...]:
    return tuple(r.name for r in registrations())


def registration(name: str) -> Registration:
    """The registration of family `name`; LookupError naming the known ones if there is none."""
    found = FAMILIES.get(name) or _extra.get(name)
    if found is None:
        raise LookupError(f"unknown family {name!r}; expected one of: {', '.join(available_families())}")
    return found


def register_family(entry: Registration) -> None:
    """Add a family from Python code (tests, tools). A built-in name cannot be replaced."""
    if entry.name in FAMILIES:
        raise ValueError(f"family {entry.name!r} is built in")
    _extra[entry.name] = entry


def unregister_family(name: str) -> None:
    _extra.pop(name, None)


@contextmanager
def registered(entry: Registration) -> Iterator[Registration]:
    """`register_family` for the duration of a `with` block."""
    register_family(entry)
    try:
        yield entry
    finally:
        unregister_family(entry.name)


def get_family(name: str) -> Family:
    """The `FAMILY` object of family `name`; LookupError if it is unknown or not built yet."""
    module = _import(registration(name).game, name)
    if module is None:
        raise LookupError(f"family {name!r} is not available in this version")
    return module.FAMILY


def family_module(name: str, part: str) -> ModuleType | None:
    """The module family `name` registered as `part` ("ai", "table", "rulebook" or "records"), or None
    if it has none (each part's default then applies: see `Registration`)."""
    path = getattr(registration(name), part)
    return _import(path, name) if path else None


def ai_module(name: str) -> ModuleType | None:
    """The AI module of family `name`, or None if it has none (random play, generic search)."""
    return family_module(name, "ai")


def table_module(name: str) -> ModuleType | None:
    """The table module of family `name` (imports pygame), or None for the generic table."""
    return family_module(name, "table")


def _import(path: str, family: str) -> ModuleType | None:
    """Import a registered module; None only if that very module is missing (a broken import inside
    it is a bug and propagates)."""
    try:
        return importlib.import_module(path)
    except ModuleNotFoundError as exc:
        if exc.name == path:
            return None
        raise
