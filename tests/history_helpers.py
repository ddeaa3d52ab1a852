"""Shared by the history tests: finished games played by seeded random agents, and entries made from them."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone
from functools import cache

from revolt_table.engine import GameState, load_rules
from revolt_table.records.history import HistoryEntry, entry_from_game

PLAYERS = {"doudizhu": 3, "revoltaaa": 3, "revolte": 4, "revolucion": 3}
T0 = datetime(2026, 3, 1, 20, 0, tzinfo=timezone(timedelta(hours=1)))


@cache
def _rules(game: str, variant: str | None = None):
    return load_rules(game, variant=variant)


def play(game: str, seed: int, players: int | None = None, start_seat: int = 0,
         variant: str | None = None) -> GameState:
    """A finished game of seeded random moves."""
    rules = _rules(game, variant)
    state = rules.new_game(players or PLAYERS[game], seed=seed, start_seat=start_seat)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    return state


def entry(game: str = "doudizhu", seed: int = 1, *, seats=None, names=None, minutes: int = 0,
          start_seat: int = 0, variant: str | None = None, entry_id: str | None = None) -> HistoryEntry:
    """The history entry of `play(...)`, dated T0 + minutes."""
    state = play(game, seed, start_seat=start_seat, variant=variant)
    n = state.players
    seats = seats or ["human"] + ["ai:normal"] * (n - 1)
    names = names or ["You", "Anna", "Ben", "Clara", "David", "Eva"][:n]
    return entry_from_game(state, seats, names, date=T0 + timedelta(minutes=minutes), entry_id=entry_id)


def sample_history(store) -> list[HistoryEntry]:
    """A history with every kind of row the History screen shows: six seats with long names and every
    level, a variant, shared wins, a game whose rules no longer exist. Added to `store`, returned."""
    from dataclasses import replace

    long_names = ["Maximilian Groß", "Anna-Katharina", "Bartholomäus", "Clara", "Dmitri Ivanovich", "Eva"]
    six = play("revolucion", 11, players=6)
    games = [
        entry_from_game(six, ["human", "ai:hard", "ai:normal", "ai:easy", "random", "human"], long_names,
                        date=T0 + timedelta(minutes=50)),
        entry("doudizhu", seed=2, minutes=40),
        entry("revolte", seed=3, seats=["human", "ai:hard", "ai:easy", "random"], minutes=30),
        entry("revoltaaa", seed=4, variant="bananas", minutes=20),
        entry("doudizhu", seed=5, minutes=10),
        replace(entry("revoltaaa", seed=6, minutes=60), game="a-game-that-is-gone", id="gone-1"),
    ]
    return [store.add(e) for e in games]
