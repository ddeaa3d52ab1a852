"""Hints with a reason: the move the normal AI would make for a seat, and one line a player understands.

`hint(rules, view, legal_moves) -> (move, reason)` is what every table's Hint (button and H) asks.
It dispatches to the family's own hint, found through the family registration (the `ai` module named
in revolt_table/engine/family.py): a function `hint_with_reason(rules, view, legal_moves)` returning
the move and a `Message` saying why, in the family's words ("Play your Ducks 1: ..."). A family
without one gets the normal AI's move (the first legal move for a family with no heuristic) and a
generic reason, so Hint works at every table from the day a family is registered.

Deterministic: the same view and legal moves give the same hint (the AI draws from a fixed seed), so
pressing Hint twice never changes the advice. Like every agent, a hint sees only the seat's view.
"""

from __future__ import annotations

import random

from ..engine.family import ai_module
from ..engine.message import Message
from ..engine.move import Move
from ..engine.rules import Rules
from ..engine.state import View
from .registry import family_heuristic

GENERIC = "hints.generic"           # "This is what the computer would play here."
CODES: tuple[str, ...] = (GENERIC,)
SEED = 0                            # the hint's own fixed seed (same advice every time)


def hint(rules: Rules, view: View, legal_moves: list[Move]) -> tuple[Move, Message]:
    """The hinted move for the seat of `view` (one of `legal_moves`, which must not be empty) and why."""
    if not legal_moves:
        raise ValueError("no legal move to hint")
    module = ai_module(rules.family.name)
    own = getattr(module, "hint_with_reason", None) if module is not None else None
    if own is not None:
        move, reason = own(rules, view, legal_moves)
        return move, reason
    return normal_move(rules, view, legal_moves), Message(GENERIC)


def normal_move(rules: Rules, view: View, legal_moves: list[Move]) -> Move:
    """What the normal AI plays here (the first legal move for a family without a heuristic)."""
    agent = family_heuristic(rules, "ai:normal")
    if agent is None:
        return legal_moves[0]
    return agent.choose(view, legal_moves, random.Random(SEED))
