"""Random-play speed of the rules engine through its public API (one core).

Prints games per second and moves per second for RevoltaaA (classic and Bananas) at 4 players.
Each game: new_game, then legal_moves + apply for every seat to act until the game is over.
Usage: python benchmarks/engine_speed.py [--games N]
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
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    for variant in (None, "bananas"):
        rules = load_rules("revoltaaa", variant=variant)
        play_random(rules, args.players, 200)  # warm-up
        elapsed, moves = play_random(rules, args.players, args.games)
        name = "revoltaaa" + (f"/{variant}" if variant else "")
        print(f"{name:<20} {args.players} players: {args.games / elapsed:8.0f} games/s "
              f"{moves / elapsed:9.0f} moves/s  ({args.games} games in {elapsed:.2f} s)")
    rules = load_rules("revoltaaa")
    state = rules.new_game(args.players, seed=1)
    n = 20000
    started = time.perf_counter()
    for _ in range(n):
        state.clone()
    print(f"clone: {1e6 * (time.perf_counter() - started) / n:.1f} us")
    rng = random.Random(0)
    started = time.perf_counter()
    for _ in range(n // 4):
        state.determinize(0, rng)
    print(f"determinize: {1e6 * (time.perf_counter() - started) / (n // 4):.1f} us")


if __name__ == "__main__":
    main()
