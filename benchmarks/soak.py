"""Soak: many seeded random games of every bundled game (variants too) at every player count, checking
the engine's invariants on each, spread over processes. Issue 13: hostile or unlucky input never breaks
a rule; this is the long run behind the quick per-family tests.

Per game (seeded: game g of a cell uses seed g, start seat g mod N; a failure names its cell and seed):
  - every game ends (within a generous move limit), with exactly one GameOver whose scores are the
    state's; where a family reports ScoreChanged events, each seat's running total adds up its deltas
    and ends at its final score;
  - cards are conserved: the zones hold the same multiset of cards as at the deal (checked with the
    other expensive checks and at the end: a card lost or made stays so);
  - only legal moves are played: each move played is one `refusal` accepts (None), recorded once in
    the history, and a move text that is not legal (or a seat not to act) raises IllegalMove and
    changes nothing; every --replay-every-th game replays from its record to the same end;
  - views are isolated: writing into one seat's view (its info, when a family still hands out dicts)
    changes neither the state nor another seat's view, and a view's zones cannot be written;
  - forged moves: a Move with a legal text and another move's (or a made-up) payload plays exactly
    what its text says: same events, history and views as the engine's own Move;
  - typed moves (issue 27): every legal move is described (engine/move.py `MoveInfo`) with a kind its
    phase table declares and only cards of the seat's hand, its label is said in English without error,
    and a seat given as 1.0 or True, or a move given as None, 3 or bytes, gets an IllegalMove.
The expensive checks (illegal moves, views, forged moves) run every --check-every moves.

    nice -n 10 python benchmarks/soak.py [--games 100000 | --total 100000] [--only revolte] [--workers N]
        [--check-every 32] [--replay-every 10] [--quick]

`--games` is per cell; `--total` spreads that many games over all cells (issue 27: 100,000 in all).

Prints per cell (game, players): games, moves, games per CPU second and failed games (with the first distinct
findings and their seeds), then the totals; exit 1 on any failure. --quick plays 4 games a cell in
this process (a test runs it).
"""

from __future__ import annotations

import argparse
import copy
import os
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from revolt_table.engine import (GameOver, IllegalMove, Info, Move, ScoreChanged, describe_all, load_rules,  # noqa: E402
                                 replay)
from revolt_table.services import i18n  # noqa: E402
from revolt_table.services.resources import rules_dir  # noqa: E402

MAX_MOVES = 20_000
CHUNK = 250                   # games per task sent to a worker process
SHOWN_FAILURES = 3            # failures kept per cell (with their seeds)


@dataclass
class Tally:
    """What one cell (game, variant, players) produced: counts, time and the first failures."""

    games: int = 0
    moves: int = 0
    seconds: float = 0.0
    failures: int = 0
    examples: list[str] = field(default_factory=list)

    def add(self, other: "Tally") -> None:
        self.games += other.games
        self.moves += other.moves
        self.seconds += other.seconds
        self.failures += other.failures
        self.examples += other.examples[:max(0, SHOWN_FAILURES - len(self.examples))]


class Failure(AssertionError):
    pass


def check(condition: bool, what: str) -> None:
    if not condition:
        raise Failure(what)


def cells(only: str | None = None) -> list[tuple[str, str | None, int]]:
    """(game id, variant, players) for every bundled game, each of its variants, every player count."""
    out = []
    for path in sorted(rules_dir().glob("*.yaml")):
        base = load_rules(path)
        if only and base.id != only:
            continue
        for variant in [None, *base.variants]:
            rules = load_rules(base.id, variant=variant)
            out += [(base.id, variant, n) for n in range(rules.min_players, rules.max_players + 1)]
    return out


_rules_cache: dict = {}


def rules_for(game: str, variant: str | None):
    key = (game, variant)
    if key not in _rules_cache:
        _rules_cache[key] = load_rules(game, variant=variant)
    return _rules_cache[key]


# ------------------------------------------------------------------------------------------ the checks

def vandalise(value, depth: int = 0) -> None:
    """Write into every mutable thing reachable from a view's info, as a careless consumer would (the
    engine API tests use it too)."""
    if depth > 6:
        return
    if isinstance(value, dict):
        for key in list(value):
            vandalise(value[key], depth + 1)
            value[key] = None
        value["vandal"] = 1
    elif isinstance(value, list):
        for item in value:
            vandalise(item, depth + 1)
        value.append(None)
    elif isinstance(value, tuple):
        for item in value:
            vandalise(item, depth + 1)


def check_views(state, seat: int) -> None:
    other = (seat + 1) % state.players
    mine = state.view(seat)
    # independent snapshots: a view that shares an object with the state would change along with it
    mine_again, theirs = copy.deepcopy(state.view(seat)), copy.deepcopy(state.view(other))
    cards = state.card_count()
    try:
        mine.zones[f"hand:{seat}"] = None
        raise Failure("a view's zones can be written")
    except TypeError:
        pass
    if isinstance(mine.info, Info):
        try:
            object.__getattribute__(mine.info, "__dataclass_fields__")
            setattr(mine.info, next(iter(mine.info.keys())), None)
            raise Failure("a view's info record can be written")
        except AttributeError:
            pass
    vandalise(mine.info)
    check(state.view(seat) == mine_again, "writing into a view changed the state's next view")
    check(state.view(other) == theirs, "writing into one seat's view changed another seat's view")
    check(state.card_count() == cards, "writing into a view moved cards")


def check_illegal(state, seat: int, texts: list[str], rng: random.Random) -> None:
    """An illegal text, a seat not to act, a bool seat and None are refused and change nothing (tried on
    a clone: a failure must not spoil the rest of the game)."""
    state = state.clone()
    legal = {m.text for m in state.legal_moves(seat)}
    history = list(state.history)
    wrong = [t for t in texts if t not in legal]
    attempts: list[tuple[object, object]] = [(seat, rng.choice(wrong))] if wrong else []
    attempts += [(s, next(iter(legal))) for s in range(state.players) if s not in state.to_act][:1]
    attempts += [(True, next(iter(legal))), (float(seat), next(iter(legal))), (seat, None), (seat, 3), (seat, b"x")]
    for who, move in attempts:
        try:
            state.apply(who, move)
        except IllegalMove:
            pass
        except Exception as exc:  # noqa: BLE001 - the finding is which exception it was
            raise Failure(f"apply({who!r}, {move!r}) raised {type(exc).__name__}, not IllegalMove") from None
        else:
            raise Failure(f"apply({who!r}, {move!r}) was accepted")
        check(state.history == history, f"a refused apply({who!r}, {move!r}) changed the history")
    check(all(state.refusal(seat, t) is None for t in legal), "refusal() refuses a legal move")


def check_forged(state, seat: int, move: Move, legal: list[Move]) -> None:
    others = [m.payload for m in legal if m.payload is not None and m.payload != move.payload]
    for payload in others[:1] or [object()]:
        honest, forged = state.clone(), state.clone()
        want = honest.apply(seat, move)
        got = forged.apply(seat, Move(move.text, payload))
        check(got == want, f"a forged payload played other events for {move.text}")
        check(forged.history == honest.history, "a forged payload changed the history")
        check(forged.view(seat) == honest.view(seat),
              f"a forged payload for {move.text} left another state than the engine's own Move")


def check_described(state, seat: int, legal: list[Move]) -> None:
    """Every legal move has a descriptor: a kind its phase declares, only the seat's hand cards, a label."""
    view = state.view(seat)
    phases = getattr(state.rules.family, "phases", None)
    hand = Counter(view.hand() or ())
    infos = describe_all(state.rules, view, legal)
    check([i.move for i in infos] == legal, "the descriptors are not of the legal moves, in order")
    for info in infos:
        if phases is not None:
            check(info.phase in phases and info.kind in phases[info.phase].kinds,
                  f"{info.text}: kind {info.kind!r} is not declared by phase {info.phase!r}")
        check(not Counter(info.cards) - hand, f"{info.text} uses cards the seat does not hold")
        check(bool(i18n.say(info.label, [f"P{k}" for k in range(state.players)])), f"{info.text} has no label")


def check_end(state, events: list) -> None:
    overs = [e for e in events if isinstance(e, GameOver)]
    check(len(overs) == 1 and events and events[-1] is overs[0], "not exactly one GameOver, at the end")
    check(tuple(overs[0].scores) == tuple(state.scores), "GameOver's scores are not the state's")
    running: dict[int, int] = {}
    for e in events:
        if isinstance(e, ScoreChanged) and e.seat is not None:
            running[e.seat] = running.get(e.seat, 0) + e.delta
            check(running[e.seat] == e.total, f"seat {e.seat}'s running total does not add up its deltas")
    for seat, total in running.items():
        check(total == state.scores[seat], f"seat {seat}'s score changes do not add up to its score")


def soak_game(rules, players: int, seed: int, check_every: int, do_replay: bool,
              problems: list[str]) -> int:
    """Play one seeded random game with every check; return its moves. A failed side check (illegal
    input, views, forged moves) is added to `problems` and the game goes on; a broken invariant of the
    game itself raises Failure."""
    state = rules.new_game(players, seed=seed, start_seat=seed % players)
    rng = random.Random(seed)
    start = Counter(state.card_count())
    events = list(getattr(state, "opening_events", ()))
    texts: list[str] = []
    moves = 0
    while not state.is_over:
        check(moves < MAX_MOVES, "the game did not end")
        seat = state.to_act[rng.randrange(len(state.to_act))]
        legal = state.legal_moves(seat)
        check(bool(legal), f"seat {seat} is to act with no legal move")
        move = legal[rng.randrange(len(legal))]
        if moves % check_every == 0:
            if len(texts) < 200:
                texts.extend(m.text for m in legal[:5])
            for side_check, args in ((check_illegal, (texts, rng)), (check_views, ()),
                                     (check_forged, (move, legal)), (check_described, (legal,))):
                try:
                    side_check(state, seat, *args)
                except Exception as exc:  # noqa: BLE001 - every exception is a finding
                    problems.append(f"{type(exc).__name__}: {str(exc)[:160]}")
        check(state.refusal(seat, move) is None, f"the legal move {move.text} is refused")
        before = len(state.history)
        events += state.apply(seat, move)
        check(len(state.history) == before + 1 and state.history[-1] == (seat, move.text),
              "the history did not record the move once")
        if moves % check_every == 0:
            check(Counter(state.card_count()) == start, f"cards not conserved after move {moves} ({move.text})")
        moves += 1
    check(Counter(state.card_count()) == start, "cards not conserved at the end")
    check_end(state, events)
    if do_replay:
        again, _ = replay(rules, state.record())
        check(again.is_over and again.scores == state.scores and again.history == state.history,
              "the record does not replay to the same end")
    return moves


def soak_chunk(game: str, variant: str | None, players: int, first: int, count: int, check_every: int,
               replay_every: int) -> tuple[tuple[str, str | None, int], Tally]:
    rules = rules_for(game, variant)
    tally = Tally()
    started = time.process_time()        # CPU time: the rate does not depend on how busy the machine is
    for seed in range(first, first + count):
        problems: list[str] = []
        try:
            tally.moves += soak_game(rules, players, seed, check_every, replay_every and seed % replay_every == 0,
                                     problems)
        except Exception as exc:  # noqa: BLE001 - any exception is a finding: report it with its seed
            problems.append(f"{type(exc).__name__}: {str(exc)[:200]}")
        if problems:
            tally.failures += 1
            for problem in dict.fromkeys(problems):
                if len(tally.examples) < SHOWN_FAILURES and not any(problem in e for e in tally.examples):
                    tally.examples.append(f"seed {seed}: {problem}")
        tally.games += 1
    tally.seconds = time.process_time() - started
    return (game, variant, players), tally


# ------------------------------------------------------------------------------------------ running

def label(cell: tuple[str, str | None, int]) -> str:
    game, variant, players = cell
    return f"{game}{'/' + variant if variant else ''} {players}p"


def run(games: int, only: str | None, workers: int, check_every: int, replay_every: int) -> dict:
    tasks = [(game, variant, players, first, min(CHUNK, games - first), check_every, replay_every)
             for game, variant, players in cells(only) for first in range(0, games, CHUNK)]
    results: dict[tuple, Tally] = {}
    started = time.perf_counter()
    if workers <= 1:
        done = (soak_chunk(*task) for task in tasks)
        for cell, tally in done:
            results.setdefault(cell, Tally()).add(tally)
    else:
        with ProcessPoolExecutor(max_workers=workers, initializer=os.nice, initargs=(5,)) as pool:
            for future in as_completed([pool.submit(soak_chunk, *task) for task in tasks]):
                cell, tally = future.result()
                results.setdefault(cell, Tally()).add(tally)
    return {"cells": results, "wall": time.perf_counter() - started, "workers": workers}


def report(outcome: dict) -> str:
    lines = [f"{'game':<24}{'games':>10}{'moves':>13}{'games/cpu-s':>14}{'failures':>10}"]
    total = Tally()
    for cell in sorted(outcome["cells"], key=lambda c: (c[0], c[1] or "", c[2])):
        tally = outcome["cells"][cell]
        total.add(tally)
        rate = tally.games / tally.seconds if tally.seconds else 0.0
        lines.append(f"{label(cell):<24}{tally.games:>10}{tally.moves:>13}{rate:>14.0f}{tally.failures:>10}")
        lines += [f"    {example}" for example in tally.examples]
    wall = outcome["wall"]
    lines.append(f"{'total':<24}{total.games:>10}{total.moves:>13}{'':>14}{total.failures:>10}")
    lines.append(f"{total.games / wall:.0f} games/s over {outcome['workers']} process(es), "
                 f"{wall:.1f} s wall clock; {total.moves / wall:.0f} moves/s")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100_000, help="games per game and player count")
    parser.add_argument("--total", type=int, help="games in all, spread evenly over every cell")
    parser.add_argument("--only", help="one game id (its variants included)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--check-every", type=int, default=32, help="illegal/view/forged checks every N moves")
    parser.add_argument("--replay-every", type=int, default=10, help="replay every N-th game from its record")
    parser.add_argument("--quick", action="store_true", help="4 games a cell, in this process")
    args = parser.parse_args(argv)
    if args.total:
        args.games = -(-args.total // len(cells(args.only)))
    if args.quick:
        args.games, args.workers, args.check_every, args.replay_every = 4, 1, 2, 2
    outcome = run(max(1, args.games), args.only, args.workers, max(1, args.check_every), args.replay_every)
    print(report(outcome))
    return 1 if any(t.failures for t in outcome["cells"].values()) else 0


if __name__ == "__main__":
    sys.exit(main())
