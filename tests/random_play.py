"""Seeded random play for tests that want positions: the seat to act plays any legal move.

Why one place: the AI, hint and view tests all walk a new game a random number of moves in before
looking at the position; this is that walk."""

from __future__ import annotations

import random

from revolt_table.engine import GameState


def random_moves(state: GameState, rng: random.Random, count: int) -> GameState:
    """Up to `count` random legal moves (fewer when the game ends first); returns the state."""
    for _ in range(count):
        if state.is_over:
            break
        seat = state.to_act[0]
        moves = state.legal_moves(seat)
        state.apply(seat, moves[rng.randrange(len(moves))])
    return state
