"""Frame times while ai:hard thinks, in every game, with the budget a player gets (issue 16).

Each table is all ai:hard (default play-outs, the AI worker's wall-clock cap) and runs its animated
game headless; every frame (update + draw + flip) drawn while a search is running in the AI worker
process is timed. Aim: p99 <= 16 ms. (benchmarks/frame_time.py measures RevoltaaA's busiest moments
and start-up; this script only the frames during ai:hard searches, game by game.)

    nice -n 10 python benchmarks/frame_time_thinking.py [--seconds 8] [--size 1920x1080] [--only revolte]

Frames run back to back (no 60 FPS sleep), so the figures are the cost of a frame, not the frame rate;
the machine's load is printed with them, and the same table's frames while no search runs, for
comparison (on a busy machine both suffer; the search process itself needs the second core).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DT = 1 / 60
TABLES = [("RevoltaaA", "revoltaaa", None, 4), ("Bananas", "revoltaaa", "bananas", 4), ("Révolte!", "revolte", None, 4),
          ("Revolución", "revolucion", None, 4), ("Dou Dizhu", "doudizhu", None, 3)]


def p99(values: list[float]) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * 0.99))]


def while_thinking(label: str, game: str, variant: str | None, players: int, size, seconds: float) -> dict:
    import pygame

    from revolt_table.engine import load_rules
    from revolt_table.ui.app import App
    from revolt_table.ui.scenes.table import TableScene
    from revolt_table.ui.session import Session
    from revolt_table.services.userdata import Settings

    app = App(size=size, settings=Settings(animation_speed=1.0, ai_pace=0.0), save_settings=False)
    session = Session(load_rules(game, variant=variant), ["ai:hard"] * players, match_seed=3, ai_pace=0.0, save=False)
    scene = TableScene(app, session)
    app.push(scene)
    for _ in range(3):
        scene.update(DT)
        app.draw()
    thinking: list[float] = []
    idle: list[float] = []           # the same table's frames while no search runs: what the load costs anyway
    searches = 0
    was_busy = False
    start = time.perf_counter()
    while time.perf_counter() - start < seconds and not session.state.is_over:
        busy = any(job.in_process and not job.future.done() for job in session._jobs.values())
        searches += busy and not was_busy
        was_busy = busy
        t0 = time.perf_counter()
        scene.update(DT)
        app.draw()
        pygame.display.flip()
        took = (time.perf_counter() - t0) * 1000
        (thinking if busy else idle).append(took)
    in_process = session.uses_process
    session.close()
    app.close()
    return {"label": label, "frames": thinking, "idle": idle, "searches": searches, "process": in_process}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="seconds of play per table")
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--only", help="one game id or label")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("REVOLT_TABLE_HOME", tempfile.mkdtemp(prefix="rt-bench-"))
    sys.path.insert(0, str(ROOT))
    size = tuple(int(v) for v in args.size.lower().split("x"))
    print(f"Frames while ai:hard thinks in the AI worker process, {size[0]}x{size[1]} headless, "
          f"{args.seconds:.0f} s per table")
    worst = 0.0
    for label, game, variant, players in TABLES:
        if args.only and args.only not in (label, game, variant):
            continue
        out = while_thinking(label, game, variant, players, size, args.seconds)
        frames = out["frames"]
        if not frames:
            print(f"  {label:12s} no frame while a search ran")
            continue
        worst = max(worst, p99(frames))
        idle = out["idle"]
        where = "worker process" if out["process"] else "THREAD"
        print(f"  {label:12s} frames {len(frames):5d}  searches {out['searches']:4d}"
              f"  mean {statistics.mean(frames):6.2f}  p99 {p99(frames):6.2f}  max {max(frames):6.2f} ms  ({where})"
              f"   no search: {len(idle)} frames p99 {p99(idle) if idle else float('nan'):6.2f} ms")
    print(f"worst p99 {worst:.2f} ms (aim <= 16 ms); load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
