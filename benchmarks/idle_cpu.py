"""CPU used by the program while nothing happens on screen: the title, each table waiting for its
player, the results screen; with the look neutral and with it on (issue 30).

Why a separate process per screen and a clock read from /proc: what a player's laptop pays is the whole
program's CPU time (every thread) while the window sits there, so each screen is the real program
started as a player starts it, left alone, and measured from outside over `--seconds` of wall time.

How the program is started (`--how`):
- `venv` (default): `pip install --no-deps .` of the tree (`--tree`, default this checkout) into a
  throw-away virtual environment that sees this interpreter's packages through a .pth file (pygame-ce,
  PyYAML, platformdirs), then its `revolt-table` console script: the installed program;
- `source`: `python -m revolt_table` from the tree, which is what the console script runs.
A fresh REVOLT_TABLE_HOME per screen holds the settings (the look) and nothing else; tips are off
(REVOLT_TABLE_TIPS=0: their callout waits for a click like the table does). SDL's dummy video and
audio drivers, default window size (1280x720).

When to measure: the program prints "REVOLT_TABLE_STILL <scene>" when REVOLT_TABLE_TRACE_STILL=1 and
its top scene has come to rest (nothing to draw until input); the clock starts `--after` seconds later
(a program that never comes to rest is measured from `--give-up` seconds after start, and marked).
A table waits for the human at its first decision (the deal and any AI bids before it played); the
results come from an all-AI Dou Dizhu deal played at the fastest pace.

    nice -n 10 python benchmarks/idle_cpu.py [--seconds 20] [--how venv|source] [--only title] [--look on]
    nice -n 10 python benchmarks/idle_cpu.py --tree . --tree /path/to/old/checkout    # side by side

With several --tree, each screen is measured for each tree in turn (interleaved, so a busy shared
machine weighs on both alike); a tree without the REVOLT_TABLE_STILL marker (older versions) is measured
from --give-up seconds after start.

Aim (issue 30): every screen <= 2 % of one core. Linux only (/proc).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOOK_ON = (80, 80, 30)         # contrast, grain, temperature (issue 30's figures)
SCREENS = [
    ("title", [], {}),
    ("RevoltaaA table", ["play", "revoltaaa", "--players", "4", "--seats", "human,ai:normal,ai:normal,ai:normal",
                         "--seed", "7"], {}),
    ("Dou Dizhu table", ["play", "doudizhu", "--players", "3", "--seats", "human,ai:normal,ai:normal",
                         "--seed", "7"], {}),
    ("Révolte! table", ["play", "revolte", "--players", "4", "--seats", "human,ai:normal,ai:normal,ai:normal",
                        "--seed", "7"], {}),
    ("Revolución table", ["play", "revolucion", "--players", "4",
                          "--seats", "human,ai:normal,ai:normal,ai:normal", "--seed", "7"], {}),
    ("results", ["play", "doudizhu", "--players", "3", "--seats", "ai:normal,ai:normal,ai:normal", "--seed", "7"],
     {"REVOLT_TABLE_AI_PACE": "0", "REVOLT_TABLE_ANIMATION": "4"}),
]
MARKER = "REVOLT_TABLE_STILL"


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (all its threads), from /proc."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def installed_program(tree: Path, where: Path) -> list[str]:
    """`pip install --no-deps TREE` into a new virtual environment at `where` that also sees this
    interpreter's packages (a .pth file: pygame-ce, PyYAML, platformdirs); its console script."""
    venv.EnvBuilder(with_pip=True).create(where)
    python = where / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    Path(site, "_benchmark_parent.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--no-deps", str(tree)],
                   check=True, cwd=where)
    return [str(where / "bin" / "revolt-table")]


def write_look(home: Path, look: tuple[int, int, int] | None, tree: Path) -> None:
    """Settings with this look (None: neutral) in a fresh user folder, written by the tree's own code."""
    if look is None:
        return
    code = ("from revolt_table.services import userdata as u; s = u.Settings(); "
            f"s.contrast, s.grain, s.temperature = {look[0]}, {look[1]}, {look[2]}; u.save_settings(s)")
    env = dict(os.environ, REVOLT_TABLE_HOME=str(home), PYTHONPATH=str(tree))
    subprocess.run([sys.executable, "-c", code], env=env, check=True, cwd=home)


def measure(command: list[str], args: list[str], extra_env: dict[str, str], look, tree: Path, seconds: float,
            after: float, give_up: float, expect: str) -> dict:
    with tempfile.TemporaryDirectory(prefix="rt-idle-") as home:
        write_look(Path(home), look, tree)
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
                   REVOLT_TABLE_HOME=home, REVOLT_TABLE_TIPS="0", REVOLT_TABLE_TRACE_STILL="1",
                   REVOLT_TABLE_NO_CRASH_WINDOW="1", **extra_env)
        env.pop("PYTHONPATH", None)
        if command[0] == sys.executable:                     # --how source: the tree's own package
            env["PYTHONPATH"] = str(tree)
        start = time.monotonic()
        proc = subprocess.Popen(command + args, env=env, cwd=home, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True)
        still = threading.Event()
        seen: list[str] = []

        def read() -> None:
            for line in proc.stdout:                         # type: ignore[union-attr]
                if line.startswith(MARKER):
                    seen.append(line.split()[1])
                    if seen[-1] == expect:
                        still.set()

        threading.Thread(target=read, daemon=True).start()
        rested = still.wait(give_up)
        time.sleep(after)
        try:
            c0, t0 = cpu_seconds(proc.pid), time.monotonic()
            time.sleep(seconds)
            c1, t1 = cpu_seconds(proc.pid), time.monotonic()
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        return {"cpu": 100.0 * (c1 - c0) / (t1 - t0), "rested": rested, "waited": t0 - start,
                "scenes": seen}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="wall seconds measured per screen")
    parser.add_argument("--after", type=float, default=1.0, help="seconds after the scene rests before measuring")
    parser.add_argument("--give-up", type=float, default=30.0, help="measure anyway this long after start")
    parser.add_argument("--how", choices=("venv", "source"), default="venv")
    parser.add_argument("--tree", type=Path, action="append", help="a checkout to run (default: this one); repeat")
    parser.add_argument("--only", help="one screen (title, results, or a game's name)")
    parser.add_argument("--look", choices=("both", "neutral", "on"), default="both")
    args = parser.parse_args(argv)
    trees = [t.resolve() for t in (args.tree or [ROOT])]
    with tempfile.TemporaryDirectory(prefix="rt-idle-venv-") as where:
        commands = {}
        for i, tree in enumerate(trees):
            if args.how == "venv":
                commands[tree] = installed_program(tree, Path(where) / str(i))
            else:
                commands[tree] = [sys.executable, "-m", "revolt_table"]
        how = ("installed: pip install --no-deps TREE into a temporary venv, its revolt-table script"
               if args.how == "venv" else f"source: {sys.executable} -m revolt_table with PYTHONPATH=TREE")
        looks = {"both": [None, LOOK_ON], "neutral": [None], "on": [LOOK_ON]}[args.look]
        print(f"CPU of one core while nothing happens, {args.seconds:.0f} s per screen, 1280x720 headless ({how})")
        worst = {tree: 0.0 for tree in trees}
        for name, cli, extra in SCREENS:
            if args.only and args.only.lower() not in name.lower():
                continue
            expect = "TitleScene" if not cli else ("ResultsScene" if name == "results" else "TableScene")
            for look in looks:
                label = "neutral" if look is None else "look {},{},{}".format(*look)
                for tree in trees:
                    out = measure(commands[tree], cli, extra, look, tree, args.seconds, args.after, args.give_up,
                                  expect)
                    worst[tree] = max(worst[tree], out["cpu"])
                    note = (f"rested after {out['waited'] - args.after:5.1f} s" if out["rested"]
                            else f"no rest marker: measured from {args.give_up:.0f} s")
                    print(f"  {name:18s} {label:15s} {out['cpu']:6.2f} %   {tree.name:16s} ({note})", flush=True)
    for tree in trees:
        print(f"worst {worst[tree]:6.2f} %  {tree}  (aim <= 2 %)")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
