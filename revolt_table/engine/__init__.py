"""The rules engine: pure Python, no pygame. docs/design.md describes it (the contract, the boundary)."""

from .errors import Diagnostic, IllegalMove, RulesError
from .events import (Bid, CardChosen, Dealt, Event, GameOver, Passed, Played, Revealed, RoundResolved,
                     ScoreChanged, StackTaken, TrickWon)
from .info import Info
from .match import Match
from .message import Message, Refusal, Seat
from .move import Move, MoveInfo, describe, describe_all
from .rules import Rules, load_rules, validate_file
from .state import GameState, View, Zone, ZoneView, replay

__all__ = [
    "Bid", "CardChosen", "Dealt", "Diagnostic", "Event", "GameOver", "GameState", "IllegalMove", "Info", "Match",
    "Message", "Move", "MoveInfo", "Passed", "Played", "Refusal", "Revealed", "RoundResolved", "Rules", "RulesError",
    "ScoreChanged", "Seat", "StackTaken", "TrickWon", "View", "Zone", "ZoneView", "describe", "describe_all",
    "load_rules", "replay", "validate_file",
]
