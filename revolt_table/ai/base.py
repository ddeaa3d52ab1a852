"""The agent interface: an agent sees one seat's view and the legal moves, never the state.

The same view, legal moves and rng state must give the same move whatever the hidden cards are;
this is what makes AI seats fair and games reproducible.
"""

from __future__ import annotations

import random
from typing import Protocol

from ..engine.move import Move
from ..engine.state import View


class Agent(Protocol):
    name: str

    def choose(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move:
        """Pick one of `legal_moves` for the seat `view.seat`."""


class RandomAgent:
    """Uniformly random legal moves: the baseline every other agent must beat."""

    name = "random"

    def choose(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move:
        return legal_moves[rng.randrange(len(legal_moves))]


class HeuristicAgent:
    """Base of the family heuristics: a forced move needs no thought, and `noise` (ai:easy) is the
    chance of a random legal move instead of a considered one. Subclasses implement `decide`."""

    name = "ai:normal"
    noise = 0.0

    def choose(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        if self.noise and rng.random() < self.noise:
            return legal_moves[rng.randrange(len(legal_moves))]
        return self.decide(view, legal_moves, rng)

    def decide(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move:
        raise NotImplementedError
