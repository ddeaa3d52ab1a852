"""Play many seeded AI-only games and report how each seat's agent did.

Seats rotate through the start positions: in game g the agent listed j-th sits at seat (j + g) mod N,
so no agent profits from a seat. A game's seed is derived from the arena seed, so the same arguments
give the same table (apart from the timings).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from .ai.registry import make_agent
from .engine.rules import load_rules


@dataclass
class SeatResult:
    agent: str
    wins: float = 0.0
    points: int = 0

    def as_dict(self, games: int) -> dict[str, Any]:
        return {"agent": self.agent, "wins": round(self.wins, 4), "mean_points": round(self.points / games, 4)}


def run_arena(game: str, players: int, seats: list[str], games: int, seed: int = 0,
              variant: str | None = None, iterations: int | None = None,
              time_budget: float | None = None) -> dict[str, Any]:
    """Play `games` games; `seats` names one agent per seat (a shorter list is repeated)."""
    rules = load_rules(game, variant=variant)
    if games < 1:
        raise ValueError("play at least one game")
    if not seats:
        raise ValueError("give at least one agent in --seats")
    if len(seats) > players:
        raise ValueError(f"{len(seats)} agents given for {players} players")
    names = [seats[i % len(seats)] for i in range(players)]
    agents = [make_agent(name, rules, iterations=iterations, time_budget=time_budget) for name in names]
    results = [SeatResult(name) for name in names]
    moves = 0
    started = time.perf_counter()
    for g in range(games):
        state = rules.new_game(players, seed=seed * 100_003 + g, start_seat=g % players)
        seat_of = [(j + g) % players for j in range(players)]
        agent_at = {seat_of[j]: j for j in range(players)}
        rngs = [random.Random(f"{seed}:{g}:{j}") for j in range(players)]
        while not state.is_over:
            for seat in state.to_act:
                j = agent_at[seat]
                legal = state.legal_moves(seat)
                move = agents[j].choose(state.view(seat), legal, rngs[j])
                state.apply(seat, move)
                moves += 1
        scores = state.scores
        winners = state.winners
        for j in range(players):
            results[j].points += scores[seat_of[j]]
            if seat_of[j] in winners:
                results[j].wins += 1 / len(winners)
    elapsed = time.perf_counter() - started
    return {"game": rules.id, "variant": variant, "players": players, "games": games, "seed": seed,
            "seats": [r.as_dict(games) for r in results], "elapsed_s": round(elapsed, 3),
            "moves_per_s": round(moves / elapsed, 1) if elapsed else None}


def format_table(report: dict[str, Any]) -> str:
    title = report["game"] + (f" ({report['variant']})" if report["variant"] else "")
    lines = [f"{title}: {report['games']} games, {report['players']} players, seed {report['seed']}",
             f"{'seat':<6}{'agent':<12}{'wins':>10}{'win %':>8}{'mean points':>14}"]
    for i, seat in enumerate(report["seats"]):
        share = 100 * seat["wins"] / report["games"] if report["games"] else 0
        lines.append(f"{i + 1:<6}{seat['agent']:<12}{seat['wins']:>10.2f}{share:>7.1f}%{seat['mean_points']:>14.2f}")
    lines.append(f"{report['elapsed_s']} s, {report['moves_per_s']} moves/s")
    return "\n".join(lines)
