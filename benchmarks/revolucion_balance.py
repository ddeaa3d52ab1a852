"""Self-play balance figures for Revolución, against the targets of issue 12 (not a timed test).

Per player count it plays N seeded all-ai:normal games and prints: the median rounds and bomb moves,
what decided each elimination (a fight, the explosion, an Opponent Massacre), how often the attacker
wins a fight, each seat's win share against the fair one, and how each card fares. Then the simple
deviations: one seat that never attacks, always attacks, never exchanges, commits everything to every
fight, or never defends, against three ai:normal (4 players, the deviant's seat rotated), its win
share against the fair 25 % with a 95 % Wilson interval. Each target line ends in ok or MISS.

    nice -n 10 python benchmarks/revolucion_balance.py --games 1000 [--players 3,4,5,6] [--jobs 2]
        [--deviations 1000] [--rules path/to/variant.yaml] [--brief] [--quick]

`--quick` plays a few games of each kind (a test runs it); `--brief` prints one line per table (for
tuning loops); `--rules` plays another rules file (a variant under test); `--variant` a named one.

The strategy search (issue 29) looks for the deviation that wins most against ai:normal, per player
count: one seat plays a policy of benchmarks/revolucion_policies.py (which cards to keep in the
exchange, when to attack and with what, how many tokens to spend, when to defend, where to send the
bomb...), the others ai:normal, the policy's seat rotated game by game (seat g mod N). It screens
random policies and, by coordinate ascent from ai:normal, from the defensive policy issue 29 found
and from the best random ones, every policy one coordinate away, with successive halving (all on
`--screen` games, the best third on twice as many, and so on; the same seeds for every policy), then
confirms the best few on `--confirm` fresh seeds with a 95 % Wilson interval, in times the fair share:

    nice -n 10 python benchmarks/revolucion_balance.py --search [--players 3,4,5,6] [--screen 120]
        [--confirm 1000] [--passes 3] [--random 16] [--jobs 2]
    nice -n 10 python benchmarks/revolucion_balance.py --policy "keep=move+doctor+fort+bodyguard" \
        --confirm 1000 [--players 4]      (one policy, on the confirmation seeds)
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from revolt_table.ai.bomb_ai import BombHeuristicAgent  # noqa: E402
from revolt_table.ai.registry import make_agent  # noqa: E402
from revolt_table.ai.bomb_search import RolloutView  # noqa: E402
from revolt_table.engine import Played, describe_all, load_rules  # noqa: E402
from revolt_table.games.bomb_events import AttackResolved, Exploded, FightCommitted, LieutenantLost  # noqa: E402
from revolucion_policies import DEFENSIVE, Policy, PolicyAgent, neighbours, parse_policy, random_policy  # noqa: E402

RULES = ("revolucion", None)      # id or path of the rules file played, and its variant (set by the CLI)
CAUSES = {"bomb.reason.fight": "fight", "bomb.reason.explosion": "explosion", "bomb.reason.massacre": "massacre"}
DEVIATIONS = ("never_attack", "always_attack", "never_exchange", "commit_everything", "never_defend")
# issue 12's targets
MIN_BOMB_SHARE = 100 / 3          # explosions and massacres decide at least a third of eliminations
ATTACKER_WINS = (50.0, 62.0)      # % of fights
MAX_SEAT_GAP = 3.0                # points from the fair share
ROUNDS = (6, 10)                  # median rounds
MAX_DEVIANT = 1.3                 # times the fair share


class Deviant(BombHeuristicAgent):
    """ai:normal except in one respect (`kind`, one of DEVIATIONS)."""

    def __init__(self, rules, kind: str):
        super().__init__(rules)
        self.kind = kind
        self.name = kind

    def decide(self, view, legal_moves, rng):
        phase, kind = view.info.phase, self.kind
        infos = describe_all(self.rules, view, legal_moves)
        if kind == "never_attack" and phase == "turn":
            legal_moves = [i.move for i in infos if i.kind != "attack"]
        elif kind == "always_attack" and phase == "turn":
            attacks = [i for i in infos if i.kind == "attack"]
            if attacks:
                return self.aimed_at(attacks, self.victim(view, [i.target for i in attacks]))
        elif kind == "never_exchange" and phase == "exchange":
            return self.first(infos, "keep")
        elif kind == "commit_everything" and phase in ("commit_a", "commit_d"):
            return max(infos, key=lambda i: (self.fight_value(i), i.text)).move
        elif kind == "never_defend" and phase in ("commit_d", "fort"):
            return next(i.move for i in infos if i.kind == "pass" or (i.kind == "fight" and not i.cards
                                                                          and not i.amount))
        return super().decide(view, legal_moves, rng)

    def fight_value(self, info) -> int:
        return sum(self.card(c).value for c in info.cards) + info.amount


def agent(name: str, rules):
    return Deviant(rules, name) if name in DEVIATIONS else make_agent(name, rules)


def play_batch(args: tuple[int, list[str], int, int]) -> dict:
    """Games `start`..`start+count` with these seat names (rotated by the game number)."""
    players, seats, start, count = args
    rules = load_rules(*RULES)
    agents = {name: agent(name, rules) for name in set(seats)}
    out = empty()
    for g in range(start, start + count):
        state = rules.new_game(players, seed=g, start_seat=g % players)
        names = [seats[(j + g) % len(seats)] for j in range(players)]
        rngs = [random.Random(f"{g}:{j}") for j in range(players)]
        while not state.is_over:
            seat = state.to_act[0]
            move = agents[names[seat]].choose(state.view(seat), state.legal_moves(seat), rngs[seat])
            for event in state.apply(seat, move):
                if isinstance(event, (Played, FightCommitted)):
                    out["played"].update(event.cards)
                elif isinstance(event, LieutenantLost):
                    cause = CAUSES.get(event.reason.code, event.reason.code)
                    out["lost_by"][cause] += 1
                    if event.left == 0:
                        out["eliminated_by"][cause] += 1
                elif isinstance(event, Exploded):
                    out["explosions"] += 1
                    out["sheltered"] += bool(event.protected_by)
                elif isinstance(event, AttackResolved):
                    out["n_fights"] += 1
                    out["attacker_wins"] += event.winner == event.attacker
                    out["bare_defences"] += not event.defender_cards
                    for side, cards in ((event.attacker, event.attacker_cards), (event.defender, event.defender_cards)):
                        for c in set(cards):
                            out["fights"][c] += 1
                            out["fight_wins"][c] += side == event.winner
        info = state.view(None).info
        out["bomb_moves"].append(info.bomb_moves)
        out["rounds"].append(info.round_no)
        out["seat_wins"][info.winner] += 1
        out["agent_wins"][names[info.winner]] += 1
        out["agent_seats"].update(names)
        out["games"] += 1
    return out


def empty() -> dict:
    return {"bomb_moves": [], "rounds": [], "seat_wins": Counter(), "agent_wins": Counter(), "agent_seats": Counter(),
            "played": Counter(), "fights": Counter(), "fight_wins": Counter(), "eliminated_by": Counter(),
            "lost_by": Counter(), "attacker_wins": 0, "n_fights": 0, "bare_defences": 0, "games": 0,
            "explosions": 0, "sheltered": 0}


def merge(parts: list[dict]) -> dict:
    total = empty()
    for part in parts:
        for key, value in part.items():
            total[key] = total[key] + value
    return total


def run(players: int, seats: list[str], games: int, jobs: int, seed: int = 0) -> dict:
    chunk = max(1, min(50, games // (jobs * 4) or 1))
    batches = [(players, seats, seed + s, min(chunk, games - s)) for s in range(0, games, chunk)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            return merge(list(pool.map(play_batch, batches)))
    return merge([play_batch(b) for b in batches])


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def ok(flag: bool) -> str:
    return "ok" if flag else "MISS"


def figures(players: int, r: dict) -> dict:
    games = r["games"]
    fair = 100 / players
    elim = sum(r["eliminated_by"].values())
    return {
        "rounds": statistics.median(r["rounds"]), "moves": statistics.median(r["bomb_moves"]),
        "bomb_share": 100 * (r["eliminated_by"]["explosion"] + r["eliminated_by"]["massacre"]) / max(1, elim),
        "by": {k: 100 * v / max(1, elim) for k, v in r["eliminated_by"].items()},
        "attacker": 100 * r["attacker_wins"] / max(1, r["n_fights"]), "fights": r["n_fights"] / games,
        "gap": max(abs(100 * r["seat_wins"][s] / games - fair) for s in range(players)),
        "seats": [100 * r["seat_wins"][s] / games for s in range(players)],
        "lost": {k: v / games for k, v in r["lost_by"].items()},
        "explosions": r["explosions"] / games,
        "blast_kills": 100 * (r["explosions"] - r["sheltered"]) / max(1, r["explosions"]),
    }


def report(players: int, games: int, r: dict, rules, brief: bool) -> dict:
    f = figures(players, r)
    by = ", ".join(f"{k} {v:.0f}%" for k, v in sorted(f["by"].items()))
    if brief:
        print(f"{players}p: rounds {f['rounds']} (mean {statistics.mean(r['rounds']):.1f}) "
              f"bomb+massacre {f['bomb_share']:.0f}% att {f['attacker']:.1f}% "
              f"gap {f['gap']:.1f} fights {f['fights']:.1f}/game ({by}) explosions {f['explosions']:.1f}/game "
              f"{f['blast_kills']:.0f}% kill", flush=True)
        return f
    p = rules.params
    print(f"\n=== {players} players, {games} games, all ai:normal ===")
    shares = ", ".join(f"<={k} {100 * sum(x <= k for x in r['rounds']) / games:.0f}%" for k in (5, 6, 10, 11))
    print(f"median rounds {f['rounds']} (target {ROUNDS[0]}-{ROUNDS[1]}: {ok(ROUNDS[0] <= f['rounds'] <= ROUNDS[1])}), "
          f"median bomb moves {f['moves']}, max rounds {max(r['rounds'])}; games with {shares} rounds")
    lost = ", ".join(f"{k} {v:.1f}" for k, v in sorted(f["lost"].items()))
    print(f"lieutenants lost per game: {lost}; explosions {f['explosions']:.1f} per game, "
          f"{f['blast_kills']:.0f}% of them cost a lieutenant")
    print(f"eliminations: {by}; explosion + massacre {f['bomb_share']:.1f}% "
          f"(target >= {MIN_BOMB_SHARE:.1f}: {ok(f['bomb_share'] >= MIN_BOMB_SHARE)})")
    print(f"fights {f['fights']:.1f}/game, attacker wins {f['attacker']:.1f}% "
          f"(target {ATTACKER_WINS[0]:.0f}-{ATTACKER_WINS[1]:.0f}: "
          f"{ok(ATTACKER_WINS[0] <= f['attacker'] <= ATTACKER_WINS[1])}), "
          f"defences with no card {100 * r['bare_defences'] / max(1, r['n_fights']):.1f}%")
    print("seat win %: " + "  ".join(f"{s + 1}:{v:5.1f}" for s, v in enumerate(f["seats"]))
          + f"   (fair {100 / players:.1f}, worst gap {f['gap']:.1f}: {ok(f['gap'] <= MAX_SEAT_GAP)})")
    print(f"{'card':<5}{'name':<28}{'count':>6}{'played/game':>13}{'per copy':>10}{'fights':>8}{'fight win %':>12}")
    for cid in p.order:
        c = p.cards[cid]
        fights = r["fights"][cid]
        win = f"{100 * r['fight_wins'][cid] / fights:.1f}" if fights else "-"
        per_copy = f"{r['played'][cid] / games / c.count:.2f}" if c.count else "-"
        print(f"{cid:<5}{c.name:<28}{c.count:>6}{r['played'][cid] / games:>13.2f}{per_copy:>10}"
              f"{fights / games:>8.2f}{win:>12}")
    return f


def deviations(games: int, jobs: int, brief: bool, kinds=DEVIATIONS, seed: int = 2 * 10**6) -> dict[str, float]:
    """Each deviant in one seat of four, the others ai:normal, the deviant's seat rotated."""
    out = {}
    if not brief:
        print(f"\n=== deviations: one seat against three ai:normal, 4 players, {games} games each ===")
    for kind in kinds:
        r = run(4, [kind, "ai:normal", "ai:normal", "ai:normal"], games, jobs, seed=seed)
        wins, n = r["agent_wins"][kind], r["agent_seats"][kind]
        lo, hi = wilson(wins, n)
        ratio = 4 * wins / n
        out[kind] = ratio
        print(f"{kind:<18} wins {100 * wins / n:5.1f}% [{100 * lo:4.1f}, {100 * hi:4.1f}] = {ratio:.2f}x fair "
              f"(target <= {MAX_DEVIANT}: {ok(ratio <= MAX_DEVIANT)})", flush=True)
    return out


# --- the strategy search (issue 29) -------------------------------------------------------------------
MAX_POLICY = 1.25                 # times the fair share, for the best policy the search finds
MAX_POLICY_HIGH = 1.35            # ... and the upper end of its 95 % interval
CONFIRM_SEED = 5 * 10**6          # the confirmation's seeds, apart from the screening's (0, 1, ...)
_RULES_CACHE: dict = {}


def _rules():
    if RULES not in _RULES_CACHE:
        _RULES_CACHE[RULES] = load_rules(*RULES)
    return _RULES_CACHE[RULES]


def play_policy(args: tuple[int, Policy, int, int]) -> tuple[int, int, Counter]:
    """Games `start`..`start+count`, the policy at seat g mod N and ai:normal elsewhere: its wins, the
    games, and what decided each elimination. Views are the search's lazy RolloutView (the same
    answers as state.view, tests/test_revolucion_search.py), and a forced move is played unread."""
    players, policy, start, count = args
    rules = _rules()
    normal = BombHeuristicAgent(rules)
    mine = PolicyAgent(rules, policy)
    wins, causes = 0, Counter()
    for g in range(start, start + count):
        state = rules.new_game(players, seed=g, start_seat=g % players)
        me = g % players
        rng = random.Random(g)
        while not state.is_over:
            seat = state.to_act[0]
            moves = state.legal_moves(seat)
            if len(moves) == 1:
                move = moves[0]
            else:
                move = (mine if seat == me else normal).decide(RolloutView(state, seat), moves, rng)
            for event in state.apply(seat, move):
                if isinstance(event, LieutenantLost) and event.left == 0:
                    causes[CAUSES.get(event.reason.code, event.reason.code)] += 1
        wins += state.winner == me
    return wins, count, causes


class Evaluator:
    """Win counts per policy at one table size, games added on demand on the same seeds for every
    policy (common random numbers), in at most `jobs` worker processes."""

    def __init__(self, players: int, jobs: int, pool, seed: int = 0, chunk: int = 20):
        self.players, self.jobs, self.pool, self.seed, self.chunk = players, jobs, pool, seed, chunk
        self.wins: dict[Policy, int] = Counter()
        self.games: dict[Policy, int] = Counter()
        self.played = 0

    def ensure(self, policies, games: int) -> None:
        """Play each policy up to `games` games."""
        tasks = []
        for p in dict.fromkeys(policies):
            have = self.games[p]
            for s in range(have, games, self.chunk):
                tasks.append((self.players, p, self.seed + s, min(self.chunk, games - s)))
        results = self.pool.map(play_policy, tasks) if self.pool else map(play_policy, tasks)
        for (_, p, _, _), (wins, n, _) in zip(tasks, results):
            self.wins[p] += wins
            self.games[p] += n
            self.played += n

    def ratio(self, p: Policy) -> float:
        return self.players * self.wins[p] / max(1, self.games[p])


def halve(ev: Evaluator, candidates: list[Policy], screen: int, keep: int = 3) -> list[Policy]:
    """Successive halving: all on `screen` games, the best third on twice as many, ... down to `keep`."""
    pool, games = list(dict.fromkeys(candidates)), screen
    ev.ensure(pool, games)
    while len(pool) > keep:
        pool = sorted(pool, key=lambda p: (-ev.ratio(p), str(p)))[:max(keep, len(pool) // 3)]
        games *= 2
        ev.ensure(pool, games)
    return sorted(pool, key=lambda p: (-ev.ratio(p), str(p)))


def ascend(ev: Evaluator, start: Policy, screen: int, passes: int, log) -> Policy:
    """Coordinate ascent: move to the best neighbour (by successive halving) while one beats the policy."""
    current = start
    for k in range(passes):
        best = halve(ev, [current] + neighbours(current), screen)[0]
        log(f"    pass {k + 1}: {ev.ratio(best):.2f}x over {ev.games[best]} games  {best}")
        if best == current:
            break
        current = best
    return current


def confirm(players: int, policy: Policy, games: int, pool) -> tuple[int, int, Counter]:
    """The policy on `games` fresh seeds: wins, games, eliminations by cause."""
    tasks = [(players, policy, CONFIRM_SEED + s, min(20, games - s)) for s in range(0, games, 20)]
    wins, n, causes = 0, 0, Counter()
    for w, c, why in (pool.map(play_policy, tasks) if pool else map(play_policy, tasks)):
        wins, n, causes = wins + w, n + c, causes + why
    return wins, n, causes


def interval_line(players: int, policy: Policy, wins: int, n: int) -> str:
    lo, hi = wilson(wins, n)
    ratio = players * wins / n
    good = ratio <= MAX_POLICY and players * hi < MAX_POLICY_HIGH
    return (f"{ratio:.2f}x [{players * lo:.2f}, {players * hi:.2f}] ({100 * wins / n:.1f}% of {n} games, fair "
            f"{100 / players:.1f}%; target <= {MAX_POLICY}x, high end < {MAX_POLICY_HIGH}x: {ok(good)})  {policy}")


def strategy_search(players: int, args, pool) -> list[tuple[Policy, int, int]]:
    """The search at one table size; prints its steps and the confirmed best policies."""
    def log(line: str) -> None:
        print(line, flush=True)
    ev = Evaluator(players, args.jobs, pool, seed=args.seed)
    print(f"\n=== strategy search, {players} players: one policy against {players - 1} ai:normal ===", flush=True)
    rng = random.Random(f"policies:{args.seed}")
    randoms = [random_policy(rng) for _ in range(args.random)]
    top_random = halve(ev, randoms, args.screen, keep=2) if randoms else []
    if top_random:
        log(f"  random screen: best {ev.ratio(top_random[0]):.2f}x  {top_random[0]}")
    ends = []
    for start in [Policy(), DEFENSIVE] + top_random:
        log(f"  ascent from {start}")
        ends.append(ascend(ev, start, args.screen, args.passes, log))
    finalists = halve(ev, ends + [p for p in ev.games if ev.games[p] >= 4 * args.screen], args.screen, keep=3)
    log(f"  screened {len(ev.games)} policies in {ev.played} games; confirming the best {len(finalists)} "
        f"on {args.confirm} fresh seeds")
    out = []
    for p in finalists:
        wins, n, _ = confirm(players, p, args.confirm, pool)
        out.append((p, wins, n))
        log("  " + interval_line(players, p, wins, n))
    best = max(out, key=lambda r: r[1] / r[2])
    print(f"{players}p best: " + interval_line(players, *best), flush=True)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", default="3,4,5,6")
    parser.add_argument("--deviations", type=int, default=None, help="games per deviation (default: --games)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (at most 2 on a shared machine)")
    parser.add_argument("--rules", default="revolucion", help="rules id or path")
    parser.add_argument("--variant", default=None)
    parser.add_argument("--seed", type=int, default=0, help="first game seed (other samples of the same rules)")
    parser.add_argument("--brief", action="store_true", help="one line per table")
    parser.add_argument("--quick", action="store_true", help="a few games of each kind (for a test)")
    parser.add_argument("--search", action="store_true", help="the strategy search (issue 29) instead")
    parser.add_argument("--policy", default=None, help="confirm one policy (Policy text) instead")
    parser.add_argument("--screen", type=int, default=120, help="search: games per policy in the first screen")
    parser.add_argument("--confirm", type=int, default=1000, help="search: fresh games for each finalist")
    parser.add_argument("--passes", type=int, default=3, help="search: coordinate-ascent passes per start")
    parser.add_argument("--random", type=int, default=16, help="search: random policies screened first")
    args = parser.parse_args(argv)
    global RULES
    RULES = (args.rules, args.variant)
    rules = load_rules(*RULES)
    if args.search or args.policy is not None:
        if args.quick:
            args.screen, args.confirm, args.passes, args.random, args.jobs = 2, 4, 1, 2, 1
        counts = [int(x) for x in args.players.split(",") if x]
        pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
        try:
            for n in counts:
                if args.policy is not None:
                    policy = parse_policy(args.policy)
                    wins, games, causes = confirm(n, policy, args.confirm, pool)
                    print(f"{n}p: " + interval_line(n, policy, wins, games), flush=True)
                else:
                    strategy_search(n, args, pool)
        finally:
            if pool:
                pool.shutdown()
        return
    games = 4 if args.quick else args.games
    dev_games = 4 if args.quick else (args.deviations if args.deviations is not None else args.games)
    jobs = 1 if args.quick else max(1, args.jobs)
    for n in (int(x) for x in args.players.split(",") if x):
        report(n, games, run(n, ["ai:normal"], games, jobs, seed=args.seed), rules, args.brief)
    if dev_games:
        deviations(dev_games, jobs, args.brief, seed=2 * 10**6 + args.seed)


if __name__ == "__main__":
    main()
