"""Print microseconds per Dou Dizhu move generation (revolt_table.games.doudizhu_combos).

    python benchmarks/doudizhu_combos_speed.py [--hands N] [--seed S]

Random 20-card (landlord) and 17-card (farmer) hands from a 54-card deck. "keys" are the fast
forms (leading_keys / response_keys: packed ints), "tuples" the public counts-tuple forms
(leading_moves / responses). Responses are measured against combinations drawn from the leading
moves of other random hands (so every type appears with realistic frequency).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from revolt_table.games import doudizhu_combos as dz  # noqa: E402

DECK = [r for r in range(15) for _ in range(4 if r < 13 else 1)]


def random_hand(rng: random.Random, n: int) -> tuple:
    c = [0] * 15
    for r in rng.sample(DECK, n):
        c[r] += 1
    return tuple(c)


def per_call_us(fn, args_list, min_time=0.5) -> float:
    """Best-of-3 microseconds per call over the argument list."""
    best = float("inf")
    for _ in range(3):
        calls = 0
        t0 = time.perf_counter()
        while True:
            for a in args_list:
                fn(*a)
            calls += len(args_list)
            el = time.perf_counter() - t0
            if el >= min_time / 3:
                break
        best = min(best, el / calls * 1e6)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)

    for size in (20, 17):
        hands = [random_hand(rng, size) for _ in range(a.hands)]
        keys = [dz.pack(h) for h in hands]
        n_moves = sum(len(dz.leading_keys(k)) for k in keys) / len(keys)
        us_k = per_call_us(dz.leading_keys, [(k,) for k in keys])
        us_t = per_call_us(dz.leading_moves, [(h,) for h in hands])
        print(f"leading, {size}-card hands: {us_k:7.1f} us/call (keys), {us_t:7.1f} us/call "
              f"(tuples), {n_moves:.0f} moves on average")

    # cold caches (first call on never-seen rank masks) and the slowest hands
    for d in (dz._SINGLES, dz._PAIRS, dz._TRIOS, dz._QUADS, dz._UNITS, dz._CHAINS, dz._PCHAINS,
              dz._PLANES, dz._TUPLE, dz._COMBO):
        d.clear()
    fresh = [dz.pack(random_hand(rng, 20)) for _ in range(a.hands)]
    t0 = time.perf_counter()
    for k in fresh:
        dz.leading_keys(k)
    cold = (time.perf_counter() - t0) / len(fresh) * 1e6
    worst = []
    for k in fresh:  # min over repeats, so that a busy machine does not pick the "slowest"
        best = float("inf")
        for _ in range(5):
            t0 = time.perf_counter()
            dz.leading_keys(k)
            best = min(best, time.perf_counter() - t0)
        worst.append((best * 1e6, k))
    worst.sort(reverse=True)
    us, k = worst[0]
    print(f"leading, 20-card hands, cold caches: {cold:.1f} us/call; slowest of {len(fresh)} "
          f"hands: {us:.1f} us ({dz.to_text(k)}, {len(dz.leading_keys(k))} moves)")
    for text in ("333444555666777TJQKA", "3333444455556666BR22", "33445566778899TTJJQQ"):
        k = dz.pack(dz.parse(text))
        print(f"  {text}: {per_call_us(dz.leading_keys, [(k,)], 0.15):7.1f} us/call, "
              f"{len(dz.leading_keys(k))} moves")

    # responses: 17-card hands against combos led from random 20-card hands
    targets = []
    for _ in range(a.hands):
        moves = dz.leading_keys(dz.pack(random_hand(rng, 20)))
        targets.append(dz.combo_of_key(rng.choice(moves)))
    hands = [dz.pack(random_hand(rng, 17)) for _ in range(a.hands)]
    pairs = list(zip(hands, targets))
    n_resp = sum(len(dz.response_keys(h, t)) for h, t in pairs) / len(pairs)
    us_k = per_call_us(dz.response_keys, pairs)
    us_t = per_call_us(dz.responses, [(dz.unpack(h), t) for h, t in pairs])
    print(f"responses, 17-card hands vs random led combos: {us_k:6.1f} us/call (keys), "
          f"{us_t:6.1f} us/call (tuples), {n_resp:.1f} moves on average")
    by_type: dict[str, list] = {}
    for h, t in pairs:
        by_type.setdefault(t.type, []).append((h, t))
    for t, lst in sorted(by_type.items(), key=lambda x: -len(x[1])):
        print(f"  vs {t:17s} ({len(lst):4d} cases): {per_call_us(dz.response_keys, lst, 0.15):6.1f} us/call")

    # classification of a packed key (cached) and of a text/tuple selection (uncached)
    moves = [m for h in hands[:200] for m in dz.leading_keys(h)]
    print(f"combo_of_key (cached): {per_call_us(dz.combo_of_key, [(m,) for m in moves]):.2f} us/call")
    tuples = [(dz.unpack(m),) for m in moves]
    print(f"classify(counts tuple): {per_call_us(dz.classify, tuples):.2f} us/call")


if __name__ == "__main__":
    main()
