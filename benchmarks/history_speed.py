"""History speed: listing, loading, adding and the statistics' replays with a full history (500 games).

Why: the History screen lists every saved game when it opens, and a game's end adds one; both happen
on the frame loop's side of the program, so they must take milliseconds, not seconds. The store's
index (records/store.py) is what makes a listing one small file and 500 stats instead of 500 parses;
this script measures both paths (warm: the index is there; cold: it was lost and is rebuilt), and the
statistics' first run (every game replayed) against the cached one.

    nice -n 10 python benchmarks/history_speed.py [--entries 500] [--runs 7] [--quick] [--json]

The games are real: seeded random-move games of the four games (a quarter each), copied under fresh
ids and dates until the history is full. Prints medians in milliseconds.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics as stat
import sys
import tempfile
import time
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from revolt_table.records import stats  # noqa: E402
from revolt_table.engine import load_rules  # noqa: E402
from revolt_table.records.history import HistoryEntry, dump_entry, entry_from_game  # noqa: E402
from revolt_table.records.store import INDEX, HistoryStore  # noqa: E402

GAMES = {"doudizhu": 3, "revoltaaa": 4, "revolte": 4, "revolucion": 4}


def sample_games(per_game: int) -> list[HistoryEntry]:
    """`per_game` finished games of each game, random moves from fixed seeds."""
    out = []
    t0 = datetime(2026, 1, 1, tzinfo=timezone.utc)
    for game, players in GAMES.items():
        rules = load_rules(game)
        for seed in range(per_game):
            state = rules.new_game(players, seed=seed, start_seat=seed % players)
            rng = random.Random(seed)
            while not state.is_over:
                seat = state.to_act[0]
                state.apply(seat, rng.choice(state.legal_moves(seat)))
            seats = ["human"] + ["ai:normal", "ai:hard", "ai:easy"][:players - 1]
            out.append(entry_from_game(state, seats, ["You", "Anna", "Ben", "Clara"][:players], date=t0,
                                       entry_id=f"{game}-{seed}"))
    return out


def fill(folder: Path, samples: list[HistoryEntry], n: int) -> None:
    """Write n game files directly (copies of the samples under fresh ids and dates)."""
    folder.mkdir(parents=True, exist_ok=True)
    t0 = datetime(2026, 1, 1, tzinfo=timezone.utc)
    for i in range(n):
        e = replace(samples[i % len(samples)], id=f"20260101-000000-{i:06d}-0000",
                    date=(t0 + timedelta(minutes=i)).isoformat(timespec="seconds"))
        (folder / f"{e.id}.json").write_text(dump_entry(e), encoding="utf-8")


def timed(fn, runs: int) -> tuple[float, object]:
    """Median milliseconds of `runs` calls, and the last result."""
    times, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - start) * 1000)
    return stat.median(times), result


def measure(entries: int, runs: int) -> dict[str, float]:
    samples = sample_games(max(2, min(25, entries // 8)))
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "history"
        fill(folder, samples, entries)
        store = HistoryStore(folder)
        index = folder / INDEX

        def cold():
            index.unlink(missing_ok=True)
            return HistoryStore(folder).summaries()

        figures["list_cold_ms"], listed = timed(cold, runs)
        assert len(listed) == entries, len(listed)
        figures["list_warm_ms"], _ = timed(lambda: HistoryStore(folder).summaries(), runs)
        figures["list_again_ms"], _ = timed(store.summaries, runs)
        figures["index_kb"] = round(index.stat().st_size / 1024, 1)
        figures["load_one_ms"], _ = timed(lambda: store.load(listed[len(listed) // 2].id), runs)
        extra = replace(samples[0], date="2026-06-01T12:00:00+00:00")
        counter = iter(range(10**6))
        figures["add_one_full_ms"], _ = timed(
            lambda: store.add(replace(extra, id=f"20260601-120000-{next(counter):06d}-ffff")), runs)
        listed = store.summaries()
        facts_file = folder / stats.FACTS_FILE

        def facts_cold():
            facts_file.unlink(missing_ok=True)
            return stats.collect_facts(store)

        figures["facts_cold_ms"], facts = timed(facts_cold, max(1, runs // 3))
        figures["facts_warm_ms"], facts = timed(lambda: stats.collect_facts(store), runs)
        figures["statistics_ms"], _ = timed(lambda: stats.statistics(facts, "doudizhu", "You"), runs)
        figures["entries"] = len(listed)
    return {k: round(v, 2) if isinstance(v, float) else v for k, v in figures.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=500)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--quick", action="store_true", help="50 games, 1 run (for the tests)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    entries, runs = (50, 1) if args.quick else (args.entries, args.runs)
    figures = measure(entries, runs)
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"history of {figures['entries']} games (index {figures['index_kb']} kB), medians of {runs} runs:")
        for key, label in (("list_again_ms", "list again (same store)"),
                           ("list_warm_ms", "list, index read"), ("list_cold_ms", "list, index rebuilt"),
                           ("load_one_ms", "load one game"), ("add_one_full_ms", "add one (cap applied)"),
                           ("facts_cold_ms", "statistics facts, all replayed"),
                           ("facts_warm_ms", "statistics facts, cached"), ("statistics_ms", "statistics of one game")):
            print(f"  {label:<32}{figures[key]:>10.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
