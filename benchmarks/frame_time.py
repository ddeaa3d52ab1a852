"""Frame-time figures for the UI. For now: process start to the first title frame drawn (headless).

Why a fresh process per run: the figure players feel is cold start (interpreter, pygame, fonts, first
felt render), which an in-process loop would hide behind warm caches. Prints the median of 5 runs.
Usage: python benchmarks/frame_time.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import time
from revolt_table.ui.app import App
from revolt_table.ui.scenes.title import TitleScene
app = App(size=(1280, 720), save_settings=False)
app.push(TitleScene(app))
app.step(0.0)
print(time.time())
"""


def measure_once(env: dict[str, str]) -> float:
    """Seconds from launching `python -c` to the child's first flipped title frame."""
    start = time.time()
    out = subprocess.run([sys.executable, "-c", CHILD], env=env, cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    return float(out.strip().splitlines()[-1]) - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1", REVOLT_TABLE_HOME=home,
                   PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")])))
        runs = [measure_once(env) for _ in range(args.runs)]
    print(f"start to first title frame (headless, 1280x720): median {statistics.median(runs) * 1000:.0f} ms "
          f"over {len(runs)} runs (min {min(runs) * 1000:.0f}, max {max(runs) * 1000:.0f})")


if __name__ == "__main__":
    main()
