"""How fast the Review answers (issue 30): from the moment the analysis starts, when the move shown has
its answer, when every decision of a Dou Dizhu deal has one, and when the refining pass (if the version
has one) is over; the analysis runs as the window runs it (review_analysis.AnalysisRunner, in the AI
worker process), everything pinned to one core.

Why a child process per run: each checkout (`--tree`, repeatable: the runs are interleaved, so a busy
shared machine weighs on all alike) brings its own runner and budgets, and pinning the child to one
core (os.sched_setaffinity, which the worker process it spawns inherits) measures "on one core" on a
machine with more. The deal: Dou Dizhu played by ai:normal at every seat from `--seed`, the seat with
the most decisions taken as the human whose decisions are analysed; the analysis starts at the first
decision (a Review opening at the deal). An older runner that waits to be asked is simply started.

    nice -n 10 python benchmarks/review_speed.py [--seed 5] [--runs 3] [--tree . --tree /old/checkout]

Aims: the move shown within 2 s, the whole deal within 20 s.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, os, random, sys, time
from datetime import datetime, timezone

if hasattr(os, "sched_setaffinity"):
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})        # one core, for the worker too
from revolt_table.ai.registry import make_agent
from revolt_table.engine import load_rules
from revolt_table.records.history import entry_from_game
from revolt_table.ui.scenes.review_analysis import AnalysisRunner
from revolt_table.ui.scenes.review_model import ReviewModel

seed = int(sys.argv[1])
rules = load_rules("doudizhu")
state = rules.new_game(3, seed=seed)
agents = [make_agent("ai:normal", rules) for _ in range(3)]
rng = random.Random(seed)
while not state.is_over:
    seat = state.to_act[0]
    state.apply(seat, agents[seat].choose(state.view(seat), state.legal_moves(seat), rng))
models = []
for human in range(3):                                   # the seat with the most decisions is the human
    seats = ["ai:normal"] * 3
    seats[human] = "human"
    entry = entry_from_game(state, seats, ["A", "B", "C"], date=datetime(2026, 1, 1, tzinfo=timezone.utc))
    models.append((len(ReviewModel(entry).decisions), human, entry))
_, human, entry = max(models, key=lambda m: m[0])
model = ReviewModel(entry)
runner = AnalysisRunner(model.rules, model.decisions, entry.seed)
first = min(model.decisions)
start = time.perf_counter()
runner.start(first)
current = everything = None
seen = set()
while runner.running and time.perf_counter() - start < 600:
    runner.poll(first)
    now = time.perf_counter() - start
    seen |= set(runner.results) | set(runner.failed)
    if current is None and first in seen:
        current = now
    if everything is None and len(seen) == len(model.decisions):
        everything = now
    time.sleep(0.01)
finished = time.perf_counter() - start
runner.close()
print(json.dumps({"decisions": len(model.decisions), "moves": len(state.history), "current": current,
                  "all": everything, "finished": finished, "failed": len(runner.failed),
                  "passes": len(getattr(runner, "budgets", (None,)))}))
"""


def run(tree: Path, seed: int) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", CHILD, str(seed)], env=env, cwd=tree, capture_output=True, text=True,
                          timeout=900)
    if done.returncode != 0:
        raise SystemExit(f"{tree}: {done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--tree", type=Path, action="append", help="a checkout to measure (default: this one)")
    args = parser.parse_args(argv)
    trees = [t.resolve() for t in (args.tree or [ROOT])]
    runs: dict[Path, list[dict]] = {tree: [] for tree in trees}
    for _ in range(args.runs):
        for tree in trees:
            runs[tree].append(run(tree, args.seed))
    print(f"Review of a Dou Dizhu deal (seed {args.seed}), the analysis in the AI worker process, one core; "
          f"median of {args.runs} runs (seconds from the start of the analysis)")
    for tree in trees:
        rs = runs[tree]

        def med(name: str, rs: list[dict] = rs) -> str:
            values = [r[name] for r in rs if r[name] is not None]
            return f"{statistics.median(values):6.1f}" if values else "     -"

        print(f"  {str(tree):40s} {rs[0]['decisions']:3d} decisions of {rs[0]['moves']} moves, "
              f"{rs[0]['passes']} pass(es): move shown {med('current')} s, every decision {med('all')} s, "
              f"finished {med('finished')} s, failed {max(r['failed'] for r in rs)}")
    print(f"aims: move shown <= 2 s, whole deal <= 20 s; load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} CPUs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
