"""Random-play speed of the rules engine through its public API (one core), for every game.

For each game (and player count) it prints games and moves per second, where a game is new_game, then
legal_moves + apply for every seat to act until it is over; then the cost of clone() and of a
determinization, which bound how fast a search AI can think.
Usage: python benchmarks/engine_speed.py [--game revoltaaa] [--variant bananas] [--players 4] [--games N]
Without --game it measures RevoltaaA (classic and Bananas, 4 players) and Révolte! (3, 4, 5 players);
benchmarks/doudizhu_speed.py covers Dou Dizhu in depth.
"""

from __future__ import annotations

import argparse
import random
import time

from revolt_table.engine import load_rules

DEFAULT_RUNS = [("revoltaaa", None, 4, 20000), ("revoltaaa", "bananas", 4, 20000),
                ("revolte", None, 3, 3000), ("revolte", None, 4, 3000), ("revolte", None, 5, 3000)]


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


def per_call_us(fn, n: int) -> float:
    started = time.perf_counter()
    for _ in range(n):
        fn()
    return 1e6 * (time.perf_counter() - started) / n


def measure(game: str, variant: str | None, players: int, games: int) -> None:
    rules = load_rules(game, variant=variant)
    play_random(rules, players, max(1, games // 50))  # warm-up
    elapsed, moves = play_random(rules, players, games)
    name = game + (f"/{variant}" if variant else "")
    state = rules.new_game(players, seed=1)
    rng = random.Random(0)
    clone_us = per_call_us(state.clone, 20000)
    determinize_us = per_call_us(lambda: state.determinize(0, rng), 2000)
    print(f"{name:<20} {players} players: {games / elapsed:8.0f} games/s {moves / elapsed:9.0f} moves/s "
          f"({games} games in {elapsed:.2f} s); clone {clone_us:.1f} us, determinize {determinize_us:.0f} us")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game")
    parser.add_argument("--variant")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=5000)
    args = parser.parse_args()
    runs = [(args.game, args.variant, args.players, args.games)] if args.game else DEFAULT_RUNS
    for game, variant, players, games in runs:
        measure(game, variant, players, games)


if __name__ == "__main__":
    main()
