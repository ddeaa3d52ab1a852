"""Dou Dizhu speed: random-play deals per second (with bidding), legal-move generation in microseconds,
and, when RLCard 1.2.0 is importable, its random play measured in the same run for a ratio.

    python benchmarks/doudizhu_speed.py [--seconds 5] [--against DIR]

Our deals go through the public engine API only: `new_game`, `to_act`, `legal_moves`, `apply` (which
validates every move). A random deal includes the bidding (and any redeals). RLCard is measured two
ways: its raw `DoudizhuGame` (random legal action strings, no bidding: it fixes the landlord itself)
and its `env.run` with random agents (which also encodes observations), the figure the issue quoted.

`--against DIR` compares this checkout with another one (DIR: a checkout or an exported commit, e.g.
`git archive main | tar -x -C /tmp/base`) in the same run: each side plays random deals in its own
process, in alternating slices, so a change in the machine's load hits both alike (issue 27: the
validated apply must keep today's deals per second).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from pathlib import Path

# `--side ROOT` (one side of --against, below) plays the checkout at ROOT: it must be on the path first
ROOT = Path(sys.argv[sys.argv.index("--side") + 1]) if "--side" in sys.argv else Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from revolt_table.engine import load_rules  # noqa: E402
from revolt_table.games import doudizhu_combos as dz  # noqa: E402


def random_deal(rules, seed: int, rng: random.Random) -> int:
    """One random deal (bidding included) through the public API; returns its moves."""
    state = rules.new_game(3, seed=seed)
    moves = 0
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_moves(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
        moves += 1
    return moves


def our_random_deals(seconds: float) -> tuple[float, float]:
    rules = load_rules("doudizhu")
    rng = random.Random(0)
    deals = moves = 0
    start = time.perf_counter()
    while True:
        moves += random_deal(rules, deals, rng)
        deals += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return deals / elapsed, moves / deals


def side() -> None:
    """One side of --against: for each number of seconds read from stdin, random deals for that long;
    prints how many and the time they took."""
    rules = load_rules("doudizhu")
    rng = random.Random(0)
    deals = 0
    for line in sys.stdin:
        seconds, done, start = float(line), 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            random_deal(rules, deals, rng)
            deals += 1
            done += 1
        print(done, time.perf_counter() - start, flush=True)


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


def against(other: Path, seconds: float, slices: int = 20) -> tuple[float, float]:
    """Deals per second of this checkout and of `other`, measured in alternating slices (see the module
    docstring); the first slice of each side is a warm-up and is not counted."""
    here = Path(__file__).resolve().parents[1]
    sides = [subprocess.Popen([sys.executable, __file__, "--side", str(root)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True) for root in (here, other.resolve())]
    totals = [[0, 0.0], [0, 0.0]]
    try:
        for k in range(slices + 1):
            for i, side in enumerate(sides if k % 2 == 0 else sides[::-1]):
                side.stdin.write(f"{seconds / slices}\n")
                side.stdin.flush()
                done, took = side.stdout.readline().split()
                if k:
                    index = i if k % 2 == 0 else 1 - i
                    totals[index][0] += int(done)
                    totals[index][1] += float(took)
    finally:
        for side in sides:
            side.stdin.close()
            side.wait()
    return totals[0][0] / totals[0][1], totals[1][0] / totals[1][1]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--against", type=Path, metavar="DIR", help="another checkout to compare with (see above)")
    parser.add_argument("--side", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.side is not None:
        side()
        return
    if args.against is not None:
        ours, theirs = against(args.against, 2 * args.seconds)
        print(f"random play with bidding, interleaved: this checkout {ours:.0f} deals/s, {args.against} "
              f"{theirs:.0f} deals/s (ratio {ours / theirs:.3f})")
        return
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
