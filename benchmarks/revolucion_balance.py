"""Self-play balance figures for Revolución (not a timed test).

For each player count it plays N seeded games and prints: the median number of bomb moves and
rounds, each seat's win rate against the fair share, how often each card is played, and how often a
card that took part in a fight was on the winning side. A second table mixes ai:normal with random
seats to check that the heuristic beats random play.

    python benchmarks/revolucion_balance.py --games 1000 [--players 3,4,5,6] [--seats ai:normal] [--jobs 4]
        [--rules path/to/variant.yaml] [--brief]

`--brief` prints one line per table (for tuning loops); `--rules` plays a variant rules file.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from revolt_table.ai.registry import make_agent  # noqa: E402
from revolt_table.engine import Played, load_rules  # noqa: E402
from revolt_table.games.bomb_events import AttackResolved, FightCommitted  # noqa: E402


RULES = "revolucion"   # id or path of the rules file played (set by --rules)


def play_batch(args: tuple[int, list[str], int, int]) -> dict:
    players, seats, start, count = args
    rules = load_rules(RULES)
    agents = {name: make_agent(name, rules) for name in set(seats)}
    out = {"bomb_moves": [], "rounds": [], "seat_wins": Counter(), "agent_wins": Counter(),
           "agent_seats": Counter(), "played": Counter(), "fights": Counter(), "fight_wins": Counter(),
           "attacker_wins": 0, "n_fights": 0, "moves": 0, "att_fights": Counter(), "bare_defences": 0}
    for g in range(start, start + count):
        state = rules.new_game(players, seed=g, start_seat=g % players)
        names = [seats[(j + g) % len(seats)] for j in range(players)]
        rngs = [random.Random(f"{g}:{j}") for j in range(players)]
        while not state.is_over:
            seat = state.to_act[0]
            move = agents[names[seat]].choose(state.view(seat), state.legal_moves(seat), rngs[seat])
            for event in state.apply(seat, move):
                if isinstance(event, Played):
                    out["played"].update(event.cards)
                elif isinstance(event, FightCommitted):
                    out["played"].update(event.cards)
                elif isinstance(event, AttackResolved):
                    out["n_fights"] += 1
                    out["attacker_wins"] += event.winner == event.attacker
                    out["bare_defences"] += not event.defender_cards
                    out["att_fights"].update(set(event.attacker_cards))
                    for side, cards in ((event.attacker, event.attacker_cards), (event.defender, event.defender_cards)):
                        for c in set(cards):
                            out["fights"][c] += 1
                            out["fight_wins"][c] += side == event.winner
            out["moves"] += 1
        out["bomb_moves"].append(state.bomb_moves)
        out["rounds"].append(state.round_no)
        out["seat_wins"][state.winner] += 1
        out["agent_wins"][names[state.winner]] += 1
        for name in names:
            out["agent_seats"][name] += 1
    return out


def merge(parts: list[dict]) -> dict:
    total = {"bomb_moves": [], "rounds": [], "seat_wins": Counter(), "agent_wins": Counter(),
             "agent_seats": Counter(), "played": Counter(), "fights": Counter(), "fight_wins": Counter(),
             "attacker_wins": 0, "n_fights": 0, "moves": 0, "att_fights": Counter(), "bare_defences": 0}
    for p in parts:
        for k, v in p.items():
            total[k] = total[k] + v
    return total


def run(players: int, seats: list[str], games: int, jobs: int, seed: int = 0) -> dict:
    chunk = max(1, games // (jobs * 4))
    batches = [(players, seats, seed + s, min(chunk, games - s)) for s in range(0, games, chunk)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(play_batch, batches))
    else:
        parts = [play_batch(b) for b in batches]
    return merge(parts)


def fight_cards(rules) -> list[str]:
    t = rules.params
    return [c for c in t.order if t.cards[c].type in ("soldier", "mercenary", "equipment", "support")]


def report(players: int, seats: list[str], games: int, r: dict, rules, brief: bool = False) -> None:
    t = rules.params
    fair = 100 / players
    worst = max(abs(100 * r["seat_wins"][s] / games - fair) for s in range(players))
    att = 100 * r["attacker_wins"] / max(1, r["n_fights"])
    rates = {c: 100 * r["fight_wins"][c] / r["fights"][c] for c in fight_cards(rules) if r["fights"][c]}
    per_copy = {c: r["played"][c] / games / t.cards[c].count for c in t.order if t.cards[c].count}
    if brief:
        lo, hi = min(rates, key=rates.get), max(rates, key=rates.get)
        rare = sorted(per_copy, key=per_copy.get)[:4]
        agents = ""
        if len(set(seats)) > 1:
            agents = " " + " ".join(f"{a}={100 * r['agent_wins'][a] / r['agent_seats'][a] * players:.0f}%fair"
                                    for a in sorted(set(seats)))
        print(f"{players}p {','.join(seats)}: moves {statistics.median(r['bomb_moves'])} rounds "
              f"{statistics.median(r['rounds'])} fights {r['n_fights'] / games:.1f} att {att:.1f}% "
              f"gap {worst:.1f} fightwin {lo}:{rates[lo]:.0f}..{hi}:{rates[hi]:.0f} rare/copy "
              + " ".join(f"{c}:{per_copy[c]:.2f}" for c in rare) + agents, flush=True)
        return
    print(f"\n=== {players} players, {games} games, seats {','.join(seats)} ===")
    print(f"median bomb moves {statistics.median(r['bomb_moves'])}, median rounds {statistics.median(r['rounds'])}, "
          f"max rounds {max(r['rounds'])}, fights {r['n_fights'] / games:.1f}/game, attacker wins {att:.1f}%, "
          f"defences with no card {100 * r['bare_defences'] / max(1, r['n_fights']):.1f}%")
    line = "seat win %: " + "  ".join(f"{s}:{100 * r['seat_wins'][s] / games:5.1f}" for s in range(players))
    print(f"{line}   (fair {fair:.1f}, worst gap {worst:.1f})")
    if len(set(seats)) > 1:
        print("agent win % per seat taken: " + "  ".join(
            f"{a}:{100 * r['agent_wins'][a] / r['agent_seats'][a] * players:5.1f}% of fair"
            for a in sorted(set(seats))))
    print(f"{'card':<5}{'name':<28}{'count':>6}{'played/game':>13}{'per copy':>10}{'fights':>8}{'as att %':>10}"
          f"{'fight win %':>12}")
    for cid in t.order:
        c = t.cards[cid]
        fights = r["fights"][cid]
        win = f"{rates[cid]:.1f}" if cid in rates else "-"
        share = f"{100 * r['att_fights'][cid] / fights:.0f}" if fights else "-"
        copy_rate = f"{per_copy[cid]:.2f}" if cid in per_copy else "-"
        print(f"{cid:<5}{c.name:<28}{c.count:>6}{r['played'][cid] / games:>13.2f}{copy_rate:>10}{fights / games:>8.2f}"
              f"{share:>10}{win:>12}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", default="3,4,5,6")
    parser.add_argument("--seats", default="ai:normal")
    parser.add_argument("--mixed", default="ai:normal,random", help="second table's seats ('' to skip)")
    parser.add_argument("--jobs", type=int, default=4)
    parser.add_argument("--rules", default="revolucion", help="rules id or path of a variant file")
    parser.add_argument("--brief", action="store_true", help="one line per table")
    args = parser.parse_args()
    global RULES
    RULES = args.rules
    rules = load_rules(RULES)
    for n in (int(x) for x in args.players.split(",")):
        seats = args.seats.split(",")
        report(n, seats, args.games, run(n, seats, args.games, args.jobs), rules, args.brief)
        if args.mixed:
            mixed = args.mixed.split(",")
            report(n, mixed, args.games, run(n, mixed, args.games, args.jobs, seed=10**6), rules, args.brief)


if __name__ == "__main__":
    main()
