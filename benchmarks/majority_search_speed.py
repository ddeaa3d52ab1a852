"""RevoltaaA ai:hard's speed (one core) and a fingerprint of its decisions, on seeded positions.

For each rules set (RevoltaaA, Bananas) and table size (3, 4, 5) it builds `--positions` positions (from
seeded games of ai:normal, the seat to decide holding two card types or more) and times ai:hard's
decision at each with its default budget and no clock (CPU time of this thread, steady on a shared
machine): decisions and play-outs per second, mean and slowest decision. Then a digest of every card
chosen: two checkouts that print the same digest made the same decisions on every position, so a
change meant to keep the search's behaviour (issue 27: the play-outs moved onto the game's own
simulation) can be checked to keep its strength exactly, not only statistically.

    nice -n 10 python benchmarks/majority_search_speed.py [--positions 40] [--players 3 4 5] [--only bananas]

Only public names are used (load_rules, make_agent, views, legal moves), so the same script measures
any checkout.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from revolt_table.ai.registry import make_agent  # noqa: E402
from revolt_table.engine import load_rules  # noqa: E402

RUNS = (("RevoltaaA", None), ("Bananas", "bananas"))
STRIDE = 3          # keep every third decision: positions from every part of a game, from many games


def positions(rules, players: int, count: int, seed: int) -> list:
    """(state, seat) pairs ai:hard meets at a table: seeded games of ai:normal at every seat, each
    decision with two card types or more kept, every `STRIDE`-th of them, until `count`."""
    normal = make_agent("ai:normal", rules)
    out: list = []
    game = seen = 0
    while len(out) < count:
        state = rules.new_game(players, seed=seed * 1000 + game, start_seat=game % players)
        rng = random.Random(game)
        while not state.is_over and len(out) < count:
            actor = state.to_act[0]
            legal = state.legal_moves(actor)
            if len(legal) > 1:
                seen += 1
                if seen % STRIDE == 0:
                    out.append((state.clone(), actor))
            state.apply(actor, normal.choose(state.view(actor), legal, rng))
        game += 1
    return out


def measure(rules, players: int, count: int, seed: int) -> dict:
    hard = make_agent("ai:hard", rules)
    chosen, playouts, times = [], 0, []
    for k, (state, seat) in enumerate(positions(rules, players, count, seed)):
        view, legal = state.view(seat), state.legal_moves(seat)
        started = time.thread_time()
        move = hard.choose(view, legal, random.Random(k))
        times.append(time.thread_time() - started)
        playouts += (hard.last or {}).get("playouts", 0)
        chosen.append(move.text)
    total = sum(times)
    return {"decisions": len(times), "seconds": total, "playouts": playouts, "max": max(times),
            "digest": hashlib.sha256(" ".join(chosen).encode()).hexdigest()[:12]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40, help="positions per rules set and table size")
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 5])
    parser.add_argument("--only", help="RevoltaaA or bananas")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"{'game':<10} {'seats':>5} {'decisions/s':>12} {'play-outs/s':>12} {'mean ms':>8} {'max ms':>7}  digest")
    every = hashlib.sha256()
    for label, variant in RUNS:
        if args.only and args.only.lower() not in (label.lower(), str(variant)):
            continue
        rules = load_rules("revoltaaa", variant=variant)
        for players in args.players:
            r = measure(rules, players, args.positions, args.seed * 10 + players)
            every.update(r["digest"].encode())
            seconds = r["seconds"]
            print(f"{label:<10} {players:>5} {r['decisions'] / seconds:>12.2f} {r['playouts'] / seconds:>12.0f} "
                  f"{1000 * seconds / r['decisions']:>8.0f} {1000 * r['max']:>7.0f}  {r['digest']}")
    print(f"all decisions: {every.hexdigest()[:12]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
