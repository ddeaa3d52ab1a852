"""Dou Dizhu: our AIs against RLCard 1.2.0's rule agent (DouDizhuRuleAgentV1), both roles.

The deals run on our engine; an RLCard seat gets the raw observation its rule agent reads (its hand,
the trace of plays, the legal actions, the landlord and its own seat) in RLCard's card strings
('3456789TJQKA2BR', rank order), and its answer is played back as our move. Seat 0 is the landlord
at bid 1 on every deal (landlord fixed: no bidding), and every pairing plays the same deals:
    ai:normal / ai:hard landlord against two rule agents, rule-agent landlord against two of ours,
    and the rule agent against itself for reference.
The win rate of our side is printed with its 95 % Wilson interval, and our decision times.

The one documented difference in legal moves: RLCard's action list also has airplanes with single
wings that contain a trio (333444555777), which Cardavia rules out (rules/doudizhu.yaml, rulings;
tests/test_doudizhu_combos.py). It never reaches the bridge: the rule agent chooses among OUR legal
actions when it answers, and leads only rockets, bombs, bare trios and airplanes, chains, pairs and
singles, all legal here; every combination we allow is in RLCard's list. Any answer not legal here
would be counted and replaced by our first legal move (the report prints that count; it stays 0).

RLCard is an optional extra (`pip install revolt-table[rlcard]`, which brings numpy); without it the
script says so and exits 0.

    nice -n 10 python benchmarks/doudizhu_vs_rlcard.py [--deals 1000] [--workers 2] [--iterations N]
        [--time-cap S]

`--time-cap 0.9` plays ai:hard as the game's AI worker does (budget.INTERACTIVE_SECONDS: a wall-clock
cap on every decision, what a player waits at most); without it, the play-out count alone decides,
so two runs give the same table on any machine, at the price of a few slow decisions.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.ai_ladder import Timing, _worker_start, doudizhu_deal, timed, wilson  # noqa: E402
from revolt_table.ai.registry import make_agent  # noqa: E402
from revolt_table.engine import load_rules  # noqa: E402

RULE = "rlcard-rule-v1"
ORDER = "3456789TJQKA2BR"


def rlcard_available() -> str | None:
    """None when RLCard's rule agent imports, else why not."""
    try:
        import rlcard  # noqa: F401
        from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1  # noqa: F401
    except Exception as exc:  # noqa: BLE001 - any import problem means "not measured"
        return f"{type(exc).__name__}: {exc}"
    return None


def rl_cards(ranks: str) -> str:
    """Our move text or rank letters -> RLCard's card string (ranks in order)."""
    return "".join(sorted(ranks, key=ORDER.index))


def rl_hand(hand: tuple[str, ...]) -> str:
    return rl_cards("".join("B" if c == "BJ" else "R" if c == "RJ" else c[0] for c in hand))


class RuleSeat:
    """RLCard's DouDizhuRuleAgentV1 at one of our seats."""

    def __init__(self) -> None:
        from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1
        self.agent = DouDizhuRuleAgentV1()
        self.illegal = 0

    def choose(self, state, seat: int):
        view = state.view(seat)
        legal = state.legal_moves(seat)
        by_cards = {("pass" if m.text == "pass" else rl_cards(m.text)): m for m in legal}
        trace = [(s, "pass" if t == "pass" else rl_cards(t)) for s, t in state.history
                 if not t.startswith("bid")]
        raw = {"current_hand": rl_hand(view.hand()), "trace": trace, "actions": list(by_cards),
               "landlord": view.info["landlord"], "self": seat}
        answer = self.agent.step({"raw_obs": raw})
        move = by_cards.get(answer)
        if move is None:
            self.illegal += 1
            move = legal[0]
        return move


def play_deals(task: tuple) -> tuple:
    """Deals start..stop with `landlord` at seat 0 and `farmer` at seats 1 and 2: (landlord wins,
    deals, our timing, illegal rule answers)."""
    landlord, farmer, start, stop, seed, iterations, time_cap = task
    import numpy as np
    rules = load_rules("doudizhu")
    ours = {name: make_agent(name, rules, iterations=iterations, time_budget=time_cap)
            for name in {landlord, farmer} if name != RULE}
    rule = RuleSeat()
    timing = Timing()
    wins = 0
    for d in range(start, stop):
        np.random.seed(seed * 100_003 + d)            # the rule agent's random fallback
        state = rules.new_game(3, seed=seed * 100_003 + d, deal=doudizhu_deal(seed, d))
        names = [landlord, farmer, farmer]
        rngs = [random.Random(f"{seed}:{d}:{s}") for s in range(3)]
        while not state.is_over:
            seat = state.to_act[0]
            name = names[seat]
            if name == RULE:
                move = rule.choose(state, seat)
            else:
                move = timed(ours[name], state.view(seat), state.legal_moves(seat), rngs[seat], timing, name)
            state.apply(seat, move)
        wins += state.scores[0] > 0
    return wins, stop - start, timing.as_dict(), rule.illegal


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals per role and pairing")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=25)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--iterations", type=int, help="ai:hard play-outs per decision (default: the family's)")
    parser.add_argument("--time-cap", type=float, help="ai:hard wall-clock cap per decision in seconds "
                        "(the game's AI worker uses 0.9)")
    parser.add_argument("--levels", default="ai:normal,ai:hard")
    args = parser.parse_args(argv)
    why = rlcard_available()
    if why is not None:
        print(f"RLCard is not installed ({why}): nothing measured. "
              f"Install the optional extra to measure: pip install 'revolt-table[rlcard]' (rlcard==1.2.0)")
        return 0
    pairings = [(RULE, RULE)]
    for level in args.levels.split(","):
        pairings += [(level, RULE), (RULE, level)]
    tasks = [(landlord, farmer, start, min(args.deals, start + args.chunk), args.seed, args.iterations,
              args.time_cap)
             for landlord, farmer in pairings for start in range(0, args.deals, args.chunk)]
    started = time.perf_counter()
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers, initializer=_worker_start) as pool:
            answers = list(pool.map(play_deals, tasks))
    else:
        answers = [play_deals(task) for task in tasks]
    totals: dict = {}
    timing = Timing()
    illegal = 0
    for task, (wins, deals, times, bad) in zip(tasks, answers):
        cell = totals.setdefault(task[:2], [0, 0])
        cell[0] += wins
        cell[1] += deals
        timing.merge(times)
        illegal += bad
    print(f"Dou Dizhu against RLCard 1.2.0's DouDizhuRuleAgentV1: landlord fixed (seat 0, bid 1), the same "
          f"{args.deals} deals for every pairing, seed {args.seed}; ai:hard time cap "
          f"{args.time_cap or 'none'}")
    print(f"  {'landlord':16s} {'farmers':16s} {'deals':>6s}  {'our side wins':>14s}  95 % Wilson")
    for (landlord, farmer), (wins, deals) in totals.items():
        ours = wins if landlord != RULE or farmer == RULE else deals - wins
        side = "landlord" if landlord != RULE or farmer == RULE else "farmers"
        lo, hi = wilson(ours, deals)
        print(f"  {landlord:16s} {farmer:16s} {deals:6d}  {ours / deals:8.3f} ({side:8s}) [{lo:.3f}, {hi:.3f}]")
    print(f"Our decision times (CPU of one core, and wall clock):\n  {'':12s} {'level':10s} {'decisions':>10s} "
          f"{'mean ms':>9s} {'max ms':>9s} {'wall mean':>10s} {'wall max':>9s}")
    print("\n".join(Timing.lines(timing.as_dict(), "Dou Dizhu")))
    print(f"Rule-agent answers not legal here: {illegal}")
    print(f"{time.perf_counter() - started:.0f} s with {args.workers} worker(s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
