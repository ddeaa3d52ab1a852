"""The rules engine: pure Python, no pygame. docs/design.md describes it (the contract, the boundary).

The names below are imported when first used (PEP 562), so a program that needs one small part (the
window's start-up reads settings through engine.schema) does not load the whole engine (issue 30).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover - for readers and type checkers: the same names, eagerly
    from .errors import Diagnostic, IllegalMove, RulesError
    from .events import (Bid, CardChosen, Dealt, Event, GameOver, Passed, Played, Revealed, RoundResolved,
                         ScoreChanged, StackTaken, TrickWon)
    from .info import Info
    from .match import Match
    from .message import Message, Refusal, Seat
    from .move import Move, MoveInfo, describe, describe_all
    from .rules import Rules, load_rules, validate_file
    from .state import GameState, View, Zone, ZoneView, replay

_WHERE = {
    **dict.fromkeys(("Diagnostic", "IllegalMove", "RulesError"), ".errors"),
    **dict.fromkeys(("Bid", "CardChosen", "Dealt", "Event", "GameOver", "Passed", "Played", "Revealed",
                     "RoundResolved", "ScoreChanged", "StackTaken", "TrickWon"), ".events"),
    "Info": ".info", "Match": ".match", "Message": ".message", "Refusal": ".message", "Seat": ".message",
    **dict.fromkeys(("Move", "MoveInfo", "describe", "describe_all"), ".move"),
    **dict.fromkeys(("Rules", "load_rules", "validate_file"), ".rules"),
    **dict.fromkeys(("GameState", "View", "Zone", "ZoneView", "replay"), ".state"),
}

__all__ = [
    "Bid", "CardChosen", "Dealt", "Diagnostic", "Event", "GameOver", "GameState", "IllegalMove", "Info", "Match",
    "Message", "Move", "MoveInfo", "Passed", "Played", "Refusal", "Revealed", "RoundResolved", "Rules", "RulesError",
    "ScoreChanged", "Seat", "StackTaken", "TrickWon", "View", "Zone", "ZoneView", "describe", "describe_all",
    "load_rules", "replay", "validate_file",
]


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(where, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
