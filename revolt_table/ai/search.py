"""A generic determinized Monte-Carlo search that works for any game through the engine API.

For each iteration it samples a full state consistent with the seat's view (`rules.from_view`),
plays one candidate move, plays the game out with a fast policy, and records the result. The move
with the best mean result wins. It needs nothing from a family but the engine contract, which is
the point: it proves the API is complete and fast enough for search. Stronger, family-aware search
(ISMCTS) can replace it per family later.
"""

from __future__ import annotations

import random
import time
from typing import Callable

from ..engine.move import Move
from ..engine.rules import Rules
from ..engine.state import GameState, View

RolloutPolicy = Callable[[GameState, int, random.Random], Move]


def random_rollout_policy(state: GameState, seat: int, rng: random.Random) -> Move:
    moves = state.legal_moves(seat)
    return moves[rng.randrange(len(moves))]


def outcome_for(state: GameState, seat: int) -> float:
    """1 for a sole win (shared on a tie), plus a small share for the point margin."""
    scores = state.scores
    top = state.winners
    win = 1.0 / len(top) if seat in top else 0.0
    others = [p for s, p in enumerate(scores) if s != seat]
    spread = max(1, max(scores) - min(scores))
    return win + 0.25 * (scores[seat] - max(others)) / spread


class DeterminizedSearchAgent:
    """Flat Monte-Carlo over determinizations, with an iteration and a time budget."""

    name = "ai:hard"

    def __init__(self, rules: Rules, iterations: int = 300, time_budget: float | None = None,
                 rollout_policy: RolloutPolicy = random_rollout_policy, max_rollout_moves: int = 2000):
        self.rules = rules
        self.iterations = iterations
        self.time_budget = time_budget
        self.rollout_policy = rollout_policy
        self.max_rollout_moves = max_rollout_moves

    def choose(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        seat = view.seat
        totals = [0.0] * len(legal_moves)
        visits = [0] * len(legal_moves)
        deadline = time.perf_counter() + self.time_budget if self.time_budget else None
        for iteration in range(self.iterations):
            index = iteration % len(legal_moves)
            state = self.rules.from_view(view, rng)
            state.apply(seat, legal_moves[index])
            self._rollout(state, rng)
            totals[index] += outcome_for(state, seat)
            visits[index] += 1
            if deadline is not None and index == len(legal_moves) - 1 and time.perf_counter() > deadline:
                break
        means = [totals[i] / visits[i] if visits[i] else float("-inf") for i in range(len(legal_moves))]
        best = max(means)
        return legal_moves[means.index(best)]

    def _rollout(self, state: GameState, rng: random.Random) -> None:
        policy = self.rollout_policy
        for _ in range(self.max_rollout_moves):
            if state.is_over:
                return
            for actor in state.to_act:
                state.apply(actor, policy(state, actor, rng))
                if state.is_over:
                    return
