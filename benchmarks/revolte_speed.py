"""Random-play speed of Révolte! through the public engine API (one core).

Prints games per second and moves per second at 3, 4 and 5 players, then the cost of clone() and
of a determinization (from_view), which bound how fast a search AI can think.
Usage: python benchmarks/revolte_speed.py [--games N]
"""

from __future__ import annotations

import argparse
import random
import time

from revolt_table.engine import load_rules


def play_random(rules, players: int, games: int, seed: int = 0) -> tuple[float, int]:
    rng = random.Random(seed)
    moves = 0
    started = time.perf_counter()
    for g in range(games):
        state = rules.new_game(players, seed=seed + g)
        while not state.is_over:
            for seat in state.to_act:
                legal = state.legal_moves(seat)
                state.apply(seat, legal[rng.randrange(len(legal))])
                moves += 1
    return time.perf_counter() - started, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3000)
    args = parser.parse_args()
    rules = load_rules("revolte")
    play_random(rules, 4, 100)  # warm-up
    for players in (3, 4, 5):
        elapsed, moves = play_random(rules, players, args.games)
        print(f"revolte {players} players: {args.games / elapsed:8.0f} games/s {moves / elapsed:9.0f} moves/s "
              f"({args.games} games in {elapsed:.2f} s)")
    state = rules.new_game(4, seed=1)
    n = 20000
    started = time.perf_counter()
    for _ in range(n):
        state.clone()
    print(f"clone: {1e6 * (time.perf_counter() - started) / n:.1f} us")
    view = state.view(0)
    rng = random.Random(0)
    n = 5000
    started = time.perf_counter()
    for _ in range(n):
        rules.from_view(view, rng)
    print(f"from_view: {1e6 * (time.perf_counter() - started) / n:.1f} us")


if __name__ == "__main__":
    main()
