"""Startup time: launch to the first interactive title frame, from source and from the one-folder build.

Why a fresh process per run and a parent-side clock: what a player feels is cold start (bootloader,
interpreter, imports, pygame, fonts, first felt render), and the same stopwatch must time both the
source run and the frozen executable. The child prints a marker line right after its first title frame
has been flipped; the time is taken when that line reaches this process.

Which hook starts the child:
1. REVOLT_TABLE_EXIT_AFTER_FIRST_FRAME=1 with no arguments: the real app loop (ui/app.py) prints
   REVOLT_TABLE_FIRST_FRAME after its first frame and quits - preferred, when the app has it;
2. otherwise REVOLT_TABLE_STARTUP_PROBE=1 (revolt_table/__main__.py): builds the same App and
   TitleScene, draws one frame, prints the marker and exits.

    python benchmarks/startup.py [--runs 5] [--exe dist/RevoltTable/RevoltTable] [--json]
    python benchmarks/startup.py --runs 15 --tree . --tree /path/to/old/checkout     # side by side

Headless (SDL dummy drivers) with a throw-away REVOLT_TABLE_HOME; prints median/min/max per target and
the peak memory (the child's maximum resident set). With --tree (repeatable) the source run of each
checkout is measured instead, the runs interleaved (one of each in turn, so a busy shared machine weighs
on all alike), with a bare pygame window (init, set_mode, one flip) beside them as the floor.
Aims: (issue 7) under 1 s for both; (issue 30) under 200 ms median and 50 MB peak for the source run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARKER = "REVOLT_TABLE_FIRST_FRAME"
DEFAULT_EXE = ROOT / "dist" / "RevoltTable" / ("RevoltTable.exe" if sys.platform == "win32" else "RevoltTable")
TIMEOUT = 30.0          # one timed run
DETECT_TIMEOUT = 8.0    # a target without the hook loops forever: give up on that hook after this


def _env(home: str, hook: str) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", REVOLT_TABLE_HOME=home)
    env.pop("REVOLT_TABLE_EXIT_AFTER_FIRST_FRAME", None)
    env.pop("REVOLT_TABLE_STARTUP_PROBE", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)     # an installed program has its bytecode: let the warm-up write it
    env[hook] = "1"
    return env


BARE_WINDOW = ("import pygame; pygame.init(); pygame.display.set_mode((1280, 720)); pygame.display.flip(); "
               "print('REVOLT_TABLE_FIRST_FRAME', flush=True)")
LAST_PEAK: list[float] = [0.0, 0.0]   # the last child measured: peak resident MB, CPU seconds (user + system)


def measure_once(command: list[str], env: dict[str, str], cwd: Path, timeout: float = TIMEOUT) -> float | None:
    """Seconds from Popen to the marker line; None if the marker never came (hook missing). The child's
    peak memory is left in LAST_PEAK."""
    start = time.perf_counter()
    proc = subprocess.Popen(command, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, bufsize=1)
    elapsed = None
    try:
        deadline = start + timeout
        assert proc.stdout is not None
        # readline blocks; the hooks exit right after the marker, and without a hook the app loops
        # forever, so a watchdog kills the child at the deadline.
        watchdog = threading.Timer(timeout, proc.kill)
        watchdog.start()
        try:
            for line in proc.stdout:
                if line.strip() == MARKER:
                    elapsed = time.perf_counter() - start
                    break
                if time.perf_counter() > deadline:
                    break
        finally:
            watchdog.cancel()
    finally:
        LAST_PEAK[0] = _reap(proc)
    return elapsed


def _reap(proc: subprocess.Popen) -> float:
    """Wait for the child (kill it after 10 s) and return its peak resident memory in MB (0 if unknown)."""
    if not hasattr(os, "wait4"):
        proc.wait()
        return 0.0
    deadline = time.monotonic() + 10
    while True:
        try:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        except ChildProcessError:                    # reaped elsewhere
            return 0.0
        if pid:
            proc.returncode = os.waitstatus_to_exitcode(status)
            LAST_PEAK[1] = usage.ru_utime + usage.ru_stime
            return usage.ru_maxrss / (1024 * 1024 if sys.platform == "darwin" else 1024)
        if time.monotonic() > deadline:
            proc.kill()
            deadline = time.monotonic() + 10
        time.sleep(0.005)


def pick_hook(command: list[str], home: str, cwd: Path) -> str | None:
    """The first hook the target answers to (one untimed warm-up run, which also fills disk caches)."""
    for hook in ("REVOLT_TABLE_EXIT_AFTER_FIRST_FRAME", "REVOLT_TABLE_STARTUP_PROBE"):
        if measure_once(command, _env(home, hook), cwd, DETECT_TIMEOUT) is not None:
            return hook
    return None


def bench(name: str, command: list[str], runs: int) -> dict:
    with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as cwd:
        # run from an empty working directory: the program must not depend on it
        hook = pick_hook(command, home, Path(cwd))
        if hook is None:
            return {"target": name, "error": "no first-frame marker (neither hook answered)"}
        times, peaks = [], []
    for _ in range(runs):
        times.append(measure_once(command, _env(home, hook), Path(cwd)))
        peaks.append(LAST_PEAK[0])
    if any(t is None for t in times):
        return {"target": name, "hook": hook, "error": "a run produced no marker"}
    return {"target": name, "hook": hook, "runs": runs, "median_s": round(statistics.median(times), 3),
            "min_s": round(min(times), 3), "max_s": round(max(times), 3), "peak_mb": round(max(peaks), 1)}


def side_by_side(trees: list[Path], runs: int) -> list[dict]:
    """The source run of each checkout and a bare pygame window, interleaved run by run."""
    targets = [("bare pygame window", [sys.executable, "-c", BARE_WINDOW], None)]
    targets += [(f"source {tree}", [sys.executable, "-m", "revolt_table"], tree) for tree in trees]
    times: dict[str, list[float]] = {name: [] for name, _, _ in targets}
    peaks: dict[str, list[float]] = {name: [] for name, _, _ in targets}
    cpus: dict[str, list[float]] = {name: [] for name, _, _ in targets}
    hook = "REVOLT_TABLE_EXIT_AFTER_FIRST_FRAME"
    with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as cwd:
        for run in range(runs + 1):                   # the first round warms the disk caches: not counted
            for name, command, tree in targets:
                env = _env(home, hook)
                env.pop("PYTHONPATH", None)
                if tree is not None:
                    env["PYTHONPATH"] = str(tree)
                took = measure_once(command, env, Path(cwd))
                if run and took is not None:
                    times[name].append(took)
                    peaks[name].append(LAST_PEAK[0])
                    cpus[name].append(LAST_PEAK[1])
    return [{"target": name, "hook": hook, "runs": len(times[name]),
             "median_s": round(statistics.median(times[name]), 3), "min_s": round(min(times[name]), 3),
             "max_s": round(max(times[name]), 3), "peak_mb": round(max(peaks[name]), 1),
             "cpu_s": round(statistics.median(cpus[name]), 3)}
            if times[name] else {"target": name, "error": "no first-frame marker"} for name, _, _ in targets]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--exe", type=Path, default=DEFAULT_EXE, help="the one-folder executable")
    parser.add_argument("--tree", type=Path, action="append", help="a checkout's source run, side by side; repeat")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.tree:
        results = side_by_side([t.resolve() for t in args.tree], args.runs)
        return _print(results, args.json)

    results = []
    env_path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")]))
    os.environ["PYTHONPATH"] = env_path        # source run works from any working directory
    results.append(bench("source (python -m revolt_table)", [sys.executable, "-m", "revolt_table"], args.runs))
    if args.exe.exists():
        results.append(bench(f"build ({args.exe.relative_to(ROOT) if args.exe.is_relative_to(ROOT) else args.exe})",
                             [str(args.exe)], args.runs))
    else:
        results.append({"target": "one-folder build", "error": f"{args.exe} not built (run .ci/build_exe.sh)"})

    return _print(results, args.json)


def _print(results: list[dict], as_json: bool) -> int:
    if as_json:
        print(json.dumps(results))
    else:
        print("startup: launch to first title frame (headless, median of runs)")
        for r in results:
            if "error" in r:
                print(f"  {r['target']}: {r['error']}")
            else:
                print(f"  {r['target']}: median {r['median_s'] * 1000:.0f} ms "
                      f"(min {r['min_s'] * 1000:.0f}, max {r['max_s'] * 1000:.0f}, {r['runs']} runs, "
                      f"hook {r['hook']}), peak {r.get('peak_mb', 0):.1f} MB"
                      + (f", CPU {r['cpu_s'] * 1000:.0f} ms (median: what a busy shared machine distorts least)"
                         if "cpu_s" in r else ""))
        print(f"  (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")
    return 1 if any("error" in r for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
