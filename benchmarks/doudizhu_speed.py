"""Dou Dizhu speed: random-play deals per second (with bidding), legal-move generation in microseconds,
and, when RLCard 1.2.0 is importable, its random play measured in the same run for a ratio.

    python benchmarks/doudizhu_speed.py [--seconds 5]

Our deals go through the public engine API only: `new_game`, `to_act`, `legal_moves`, `apply` (which
validates every move). A random deal includes the bidding (and any redeals). RLCard is measured two
ways: its raw `DoudizhuGame` (random legal action strings, no bidding: it fixes the landlord itself)
and its `env.run` with random agents (which also encodes observations), the figure the issue quoted.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from revolt_table.engine import load_rules  # noqa: E402
from revolt_table.games import doudizhu_combos as dz  # noqa: E402


def our_random_deals(seconds: float) -> tuple[float, float]:
    rules = load_rules("doudizhu")
    rng = random.Random(0)
    deals = moves = 0
    start = time.perf_counter()
    while True:
        state = rules.new_game(3, seed=deals)
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_moves(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
            moves += 1
        deals += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return deals / elapsed, moves / deals


def per_call_us(fn, args_list, repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        for args in args_list:
            fn(*args)
    return (time.perf_counter() - start) / (repeat * len(args_list)) * 1e6


def generation_figures() -> None:
    rules = load_rules("doudizhu")
    leading_hands, responses = [], []
    for seed in range(200):
        state = rules.new_game(3, seed=seed)
        seat = state.to_act[0]
        state.apply(seat, "bid3")                     # the landlord now holds 20 cards
        leading_hands.append((state, seat))
    for state, seat in leading_hands[:50]:
        # a response position: the landlord leads its lowest single, the next seat answers
        s = state.clone()
        low = min((m for m in s.legal_moves(seat) if len(m.text) == 1), key=lambda m: dz.RANKS.index(m.text))
        s.apply(seat, low)
        responses.append((s, s.to_act[0]))
    for state, seat in leading_hands:
        state.legal_moves(seat)                       # warm the memo tables (steady state of a search)

    def fresh(state, seat):
        state._legal = None                           # defeat the per-state cache: generate for real
        return state.legal_moves(seat)

    lead_moves = sum(len(fresh(s, p)) for s, p in leading_hands) / len(leading_hands)
    us_lead = per_call_us(fresh, leading_hands, 20)
    us_keys = per_call_us(lambda s, p: dz.leading_keys(s.keys[p]), leading_hands, 20)
    print(f"legal moves, 20-card leading hand: {us_lead:7.1f} us/call (Move lists; {lead_moves:.0f} moves "
          f"on average); packed keys only: {us_keys:.1f} us/call")
    # responses to every kind of combination a 17-card hand meets
    combos_rng = random.Random(1)
    resp_cases = []
    for state, seat in leading_hands:
        led = combos_rng.choice(dz.leading_keys(state.keys[seat]))
        other = (seat + 1) % 3
        resp_cases.append((state.keys[other], dz.combo_of_key(led)))
    us_resp_keys = per_call_us(dz.response_keys, resp_cases, 50)
    us_resp = per_call_us(fresh, responses, 200)
    print(f"legal moves, response to a led single (engine): {us_resp:6.1f} us/call; response keys vs random "
          f"led combinations: {us_resp_keys:.1f} us/call")


def rlcard_runner():
    """A function playing one RLCard random game (raw DoudizhuGame), or None if RLCard is missing."""
    try:
        from rlcard.games.doudizhu.game import DoudizhuGame
    except Exception as exc:  # noqa: BLE001 - any import problem means "not measured"
        print(f"RLCard not importable ({exc.__class__.__name__}): skipped")
        return None
    game = DoudizhuGame()
    rng = random.Random(0)

    def one() -> None:
        state, _ = game.init_game()
        while not game.is_over():
            actions = state["actions"]
            state, _ = game.step(actions[rng.randrange(len(actions))])
    return one


def our_runner():
    rules = load_rules("doudizhu")
    rng = random.Random(0)
    seeds = iter(range(10**9))

    def one() -> None:
        state = rules.new_game(3, seed=next(seeds))
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_moves(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
    return one


def interleaved(runners, seconds: float, slices: int = 10) -> list[float]:
    """Games per second of each runner, measured in alternating slices so that a change in machine
    load hits both sides alike (the ratio is what matters)."""
    counts = [0] * len(runners)
    times = [0.0] * len(runners)
    for _ in range(slices):
        for i, run in enumerate(runners):
            start = time.perf_counter()
            while time.perf_counter() - start < seconds / slices:
                run()
                counts[i] += 1
            times[i] += time.perf_counter() - start
    return [c / t for c, t in zip(counts, times)]


def rlcard_env_rate(seconds: float) -> float:
    import rlcard
    from rlcard.agents import RandomAgent
    env = rlcard.make("doudizhu", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(3)])
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.run(is_training=False)
        n += 1
    return n / (time.perf_counter() - start)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args(argv)
    our_random_deals(0.5)  # warm-up
    ours, moves = our_random_deals(args.seconds)
    print(f"random play with bidding: {ours:7.0f} deals/s ({moves:.0f} moves per deal, public API, validated)")
    generation_figures()
    rl = rlcard_runner()
    if rl is not None:
        ours_i, raw = interleaved([our_runner(), rl], 2 * args.seconds)
        env = rlcard_env_rate(args.seconds / 2)
        print(f"interleaved: ours {ours_i:.0f} deals/s; RLCard 1.2.0 raw DoudizhuGame {raw:.0f} games/s "
              f"(env.run with random agents: {env:.1f} games/s)")
        print(f"ratio (ours / RLCard raw game): {ours_i / raw:.1f}x; (ours / RLCard env.run): {ours_i / env:.0f}x "
              f"(aim: 10x)")


if __name__ == "__main__":
    main()
