"""Frame times of the RevoltaaA table at 1920x1080 headless: the busiest moments, and while ai:hard thinks.

Prints mean and p99 milliseconds per phase (update + draw + flip of one frame). Run:
    python benchmarks/table_frame_time.py
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("REVOLT_TABLE_HOME", tempfile.mkdtemp(prefix="rt-bench-"))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pygame  # noqa: E402

from revolt_table.engine import load_rules  # noqa: E402
from revolt_table.ui.app import App  # noqa: E402
from revolt_table.ui.scenes.table import TableScene  # noqa: E402
from revolt_table.ui.session import Session  # noqa: E402
from revolt_table.userdata import Settings  # noqa: E402

DT = 1 / 60


CPU: list[float] = []     # main-thread CPU ms of the same frames (robust on a loaded machine)


def frame(app, scene) -> float:
    t0, c0 = time.perf_counter(), time.thread_time()
    scene.update(DT)
    app.draw()
    pygame.display.flip()
    CPU.append((time.thread_time() - c0) * 1000)
    return (time.perf_counter() - t0) * 1000


def _p99(values: list[float]) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * 0.99))]


def report(name: str, times: list[float], cpu: list[float] | None = None) -> None:
    if not times:
        print(f"{name:24s} (no frames)")
        return
    line = (f"{name:24s} frames {len(times):5d}  wall mean {statistics.mean(times):6.2f} p99 {_p99(times):6.2f}"
            f" max {max(times):6.2f} ms")
    if cpu:
        line += f"  | main-thread cpu mean {statistics.mean(cpu):5.2f} p99 {_p99(cpu):6.2f} ms"
    print(line)


def main(size=(1920, 1080)) -> None:
    app = App(size=size, settings=Settings(animation_speed=1.0, ai_pace=0.0), save_settings=False)
    rules = load_rules("revoltaaa")
    session = Session(rules, ["ai:normal"] * 5, ["Ann", "Bo", "Cy", "Di", "Ed"], match_seed=7, ai_pace=0.0,
                      save=False)
    scene = TableScene(app, session)
    app.push(scene)
    for _ in range(3):                                 # warm the caches (faces at each size)
        frame(app, scene)
    phases: dict[str, list[float]] = {}
    cpus: dict[str, list[float]] = {}
    while not session.state.is_over or not scene.queue.idle:
        beat = scene.queue.current
        name = beat.name if beat is not None else "idle"
        phases.setdefault(name, []).append(frame(app, scene))
        cpus.setdefault(name, []).append(CPU[-1])
        if sum(len(v) for v in phases.values()) > 20000:
            break
    print(f"RevoltaaA table, 5 players, {size[0]}x{size[1]}, headless")
    for name in ("deal", "choose", "reveal", "fight", "sweep", "count", "idle"):
        report(name, phases.get(name, []), cpus.get(name))
    report("all frames", [t for v in phases.values() for t in v], [t for v in cpus.values() for t in v])
    session.close()

    # ai:hard thinking in the worker thread while the table animates
    session = Session(rules, ["human"] + ["ai:hard"] * 4, ["You", "Bo", "Cy", "Di", "Ed"], match_seed=3,
                      ai_pace=0.0, save=False, hard_iterations=6000)
    scene = TableScene(app, session)
    app.reset_to(scene)
    thinking, thinking_cpu = [], []
    start = time.perf_counter()
    while time.perf_counter() - start < 4.0:
        busy = any(not job.future.done() for job in session._jobs.values())
        t = frame(app, scene)
        if busy:
            thinking.append(t)
            thinking_cpu.append(CPU[-1])
        if session.state.to_act == (0,):              # everyone else has chosen: the human moves
            events = session.apply(0, session.state.legal_moves(0)[0])
            scene._feed(0, None, events)
    report("while ai:hard thinks", thinking, thinking_cpu)
    print(f"(load average now: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")
    session.close()


if __name__ == "__main__":
    main()
