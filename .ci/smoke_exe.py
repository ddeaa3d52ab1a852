"""Prove a PyInstaller build of Revolt Table works, headless, on Windows, macOS or Linux.

    python .ci/smoke_exe.py [--dist dist] [--platform windows|macos|linux] [--max-mb MB] [--workpath build]

.ci/build_exe.sh runs it on the Linux build here; the release workflow runs it on each platform's
build before anything is archived. One script for all three, in Python rather than shell, so that
the checks the Linux build passes are the checks the Windows and macOS builds pass.

Every check prints PASS, FAIL or SKIP (with the reason); any FAIL exits 1. Every run of the program
uses SDL's dummy video and audio drivers, a throw-away REVOLT_TABLE_HOME and an empty working
directory: the program must find its rules, assets and licences in its bundle, not where it is
started from. On Windows the windowed RevoltTable.exe has no console, so the commands that print run
its console twin RevoltTable-cli.exe, and the windowed one is started to its first frame.

The checks: the folder's size and contents (rules, fonts, the licences beside the program and at the
bundle root, nothing excluded bundled, every library and font named in THIRD-PARTY-NOTICES), every
module of ours in the bundle, `rules check` on the bundled rules, an `arena --json` run and one arena
game of every bundled game, the crash handler's log, spawned worker processes, the title's first
frame (probe and app loop), an AI-only `play --autoquit` game of every bundled game, a non-blank
screenshot, and nothing written inside the program's folder.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "packaging"))

import build_layout  # noqa: E402  (packaging/build_layout.py)
import bundle_notices  # noqa: E402  (packaging/bundle_notices.py)

NOTICE_FILES = ("LICENSE", "THIRD-PARTY-NOTICES")
# Parts the spec excludes; finding one means an exclusion stopped working.
UNWANTED = ("numpy", "tkinter", "_tk*", "tcl*", "pygame/examples", "pygame/tests", "pygame/docs",
            "libcrypto*", "libssl*", "*portmidi*", "pygame/freesansbold.ttf")
UNWANTED_LINUX = ("libstdc++*", "libgcc_s*")
# What players download, unpacked: the macOS app carries pygame-ce's universal2 libraries (two
# architectures), Windows the MSVC runtime and a console twin of the program.
SIZE_BUDGET_MB = {"linux": 60, "windows": 80, "macos": 120}
AUTOPLAY_SECONDS = 480       # a whole game animated in real time: Revolución's longest takes ~150 s here


@dataclass
class Report:
    fails: int = 0
    skips: int = 0
    lines: list[str] = field(default_factory=list)

    def say(self, status: str, message: str) -> None:
        line = f"{status:5} {message}"
        self.lines.append(line)
        print(line, flush=True)
        if status == "FAIL":
            self.fails += 1
        elif status == "SKIP":
            self.skips += 1

    def check(self, ok: bool, message: str, detail: str = "") -> bool:
        self.say("PASS" if ok else "FAIL", message)
        if not ok and detail:
            for line in detail.strip().splitlines()[-15:]:
                print(f"      | {line}", flush=True)
        return ok


@dataclass
class Run:
    code: int | None           # None: killed after the time limit
    out: str
    err: str

    @property
    def detail(self) -> str:
        return f"{self.err}\n{self.out}"


class Program:
    """Runs the build from an empty working directory with a throw-away home."""

    def __init__(self, build: build_layout.Build, work: Path) -> None:
        self.build = build
        self.cwd = work / "cwd"
        self.home = work / "home"
        self.cwd.mkdir(parents=True)
        self.home.mkdir(parents=True)
        self.env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
                        REVOLT_TABLE_HOME=str(self.home), REVOLT_TABLE_NO_CRASH_WINDOW="1")

    def run(self, seconds: float, *args: str, console: bool = True, **env: str) -> Run:
        exe = self.build.console_executable if console else self.build.executable
        return run([str(exe), *args], seconds, cwd=self.cwd, env=dict(self.env, **env))


def run(command: list[str], seconds: float, cwd: Path, env: dict[str, str]) -> Run:
    """Run `command`; after `seconds`, end it and everything it started (its process group)."""
    options: dict = {"start_new_session": True} if os.name != "nt" else {
        "creationflags": subprocess.CREATE_NEW_PROCESS_GROUP}
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        process = subprocess.Popen(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                   **options)
        try:
            code: int | None = process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            stop_tree(process)
            code = None
        out.seek(0)
        err.seek(0)
        return Run(code, out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace"))


def stop_tree(process: subprocess.Popen) -> None:
    """End a process and the ones it started (AI workers)."""
    if os.name == "nt":
        subprocess.run(["taskkill", "/F", "/T", "/PID", str(process.pid)], capture_output=True)
    else:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except OSError:
            pass
    process.wait()


def folder_size_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink()) / 2 ** 20


def largest(folder: Path, count: int = 8) -> list[tuple[float, str]]:
    sizes = [(p.stat().st_size / 2 ** 20, p.relative_to(folder).as_posix())
             for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]
    return sorted(sizes, reverse=True)[:count]


def unwanted_parts(bundle_root: Path, platform: str) -> list[str]:
    patterns = UNWANTED + (UNWANTED_LINUX if platform == "linux" else ())
    found = []
    for pattern in patterns:
        base, _, leaf = pattern.rpartition("/")
        folder = bundle_root.joinpath(*base.split("/")) if base else bundle_root
        if folder.is_dir():
            found += [p.relative_to(bundle_root).as_posix() for p in folder.glob(leaf)]
    return sorted(set(found))


def bundled_games(rules: Path) -> list[tuple[str, int]]:
    """(game id, default players) of every bundled rules file, read with this interpreter's PyYAML."""
    import yaml

    games = []
    for path in sorted(rules.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        players = data.get("players", {})
        games.append((data["id"], int(players.get("default") or players.get("min") or 3)))
    return games


def missing_modules(warn_file: Path) -> list[str]:
    """Modules of ours the build could not find although they are in the source tree."""
    import re

    lost = set()
    for module in re.findall(r"missing module named (revolt_table[A-Za-z0-9_.]*)", warn_file.read_text()):
        relative = ROOT.joinpath(*module.split("."))
        if relative.with_suffix(".py").is_file() or (relative / "__init__.py").is_file():
            lost.add(module)
    return sorted(lost)


def png_verdict(path: Path) -> tuple[bool, str]:
    """Is the PNG a real picture (many colours, no colour covering nearly all of it)?"""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    image = pygame.image.load(str(path))
    w, h = image.get_size()
    step = max(1, min(w, h) // 120)
    counts: dict[tuple[int, int, int], int] = {}
    for y in range(0, h, step):
        for x in range(0, w, step):
            colour = tuple(image.get_at((x, y)))[:3]
            counts[colour] = counts.get(colour, 0) + 1
    top = max(counts.values()) / sum(counts.values())
    return len(counts) >= 16 and top < 0.97, f"{w}x{h}, {len(counts)} colours sampled, most common covers {top:.0%}"


def files_newer_than(folder: Path, stamp: float) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*")
                  if p.is_file() and not p.is_symlink() and p.stat().st_mtime > stamp)


# ------------------------------------------------------------------------------------------- checks

def check_contents(report: Report, build: build_layout.Build, max_mb: float) -> None:
    size = folder_size_mb(build.shipped)
    report.check(size <= max_mb, f"size {size:.0f} MB (budget {max_mb:.0f} MB)")
    print("      largest items:")
    for mb, name in largest(build.shipped):
        print(f"        {mb:6.1f} MB  {name}")
    root = build.bundle_root
    missing = [name for name, ok in (("rules/*.yaml", any(root.joinpath("rules").glob("*.yaml"))),
                                     ("assets/fonts/DejaVuSans.ttf",
                                      root.joinpath("assets", "fonts", "DejaVuSans.ttf").is_file())) if not ok]
    report.check(not missing, "bundle holds rules/ and assets/ (fonts)", f"missing: {missing}")
    unwanted = unwanted_parts(root, build.platform)
    report.check(not unwanted, "bundle holds nothing the spec excludes (numpy, tkinter, OpenSSL, pygame's "
                 "examples/tests/docs, PortMidi, its fallback font)", f"found: {unwanted}")


def check_notices(report: Report, build: build_layout.Build) -> None:
    for where, folder in (("at the bundle root", build.bundle_root), ("beside the program", build.beside_executable)):
        differing = [name for name in NOTICE_FILES
                     if not folder.joinpath(name).is_file()
                     or folder.joinpath(name).read_bytes() != ROOT.joinpath(name).read_bytes()]
        report.check(not differing, f"LICENSE and THIRD-PARTY-NOTICES {where} ({folder.name})",
                     f"missing or not the repository's: {differing}")
    executables = tuple({build.executable, build.console_executable})
    uncovered = bundle_notices.check(build.bundle_root, executables)
    report.check(not uncovered, "every bundled library, font and executable is named in THIRD-PARTY-NOTICES",
                 "\n".join(f"not named: {name}" for name in uncovered))


def check_modules(report: Report, workpath: Path | None) -> None:
    warn = workpath / "build" / "warn-build.txt" if workpath else None
    if warn is None or not warn.is_file():
        report.say("SKIP", "module check: no warn-build.txt (give --workpath)")
        return
    lost = missing_modules(warn)
    report.check(not lost, "every revolt_table module the code imports is in the bundle",
                 f"missing (add them to hiddenimports in build.spec): {lost}")


def check_commands(report: Report, program: Program, games: list[tuple[str, int]]) -> None:
    rules = sorted(str(p) for p in program.build.bundle_root.joinpath("rules").glob("*.yaml"))
    result = program.run(60, "rules", "check", *rules)
    report.check(result.code == 0 and result.out.count(": ok") == len(rules),
                 f"rules check on the bundled rules ({len(rules)} files)", result.detail)

    result = program.run(120, "arena", "revoltaaa", "--players", "4", "--seats", "ai:normal,random", "--games", "3",
                         "--json")
    try:
        ok = result.code == 0 and json.loads(result.out)["games"] == 3
    except (ValueError, KeyError, TypeError):
        ok = False
    report.check(ok, "arena revoltaaa --json printed JSON", result.detail)

    for game, players in games:      # every game loads its family and AI in the frozen app (hidden imports)
        result = program.run(120, "arena", game, "--players", str(players), "--seats", "ai:normal,ai:easy,random",
                             "--games", "1", "--json")
        report.check(result.code == 0, f"arena {game} --players {players} (family + AI bundled)", result.detail)


def check_process_hooks(report: Report, program: Program) -> None:
    result = program.run(60, REVOLT_TABLE_CRASH_SELFTEST="1")
    logs = sorted(program.home.joinpath("logs").glob("crash-*.log"))
    text = logs[0].read_text(encoding="utf-8", errors="replace") if logs else ""
    report.check(result.code == 1 and bool(logs) and "frozen:      True" in text and "RuntimeError" in text
                 and str(logs[0]) in result.err if logs else False,
                 "crash self-test: exit 1, log in REVOLT_TABLE_HOME/logs, path told on stderr", result.detail)

    result = program.run(60, REVOLT_TABLE_MP_SELFTEST="1")
    report.check(result.code == 0 and "REVOLT_TABLE_MP_OK" in result.out,
                 "multiprocessing: spawned workers run inside the frozen app (freeze_support)", result.detail)

    result = program.run(60, REVOLT_TABLE_STARTUP_PROBE="1")
    report.check(result.code == 0 and "REVOLT_TABLE_FIRST_FRAME" in result.out,
                 "title screen draws its first frame (startup probe)", result.detail)

    result = program.run(30, REVOLT_TABLE_EXIT_AFTER_FIRST_FRAME="1")
    report.check(result.code == 0 and "REVOLT_TABLE_FIRST_FRAME" in result.out,
                 "app loop exits after the first title frame (REVOLT_TABLE_EXIT_AFTER_FIRST_FRAME)", result.detail)
    if program.build.console_executable != program.build.executable:
        result = program.run(30, console=False, REVOLT_TABLE_EXIT_AFTER_FIRST_FRAME="1")
        report.check(result.code == 0, f"the windowed {program.build.executable.name} starts and draws its first "
                     "frame (exit 0)", result.detail)


def check_autoplay(report: Report, program: Program, games: list[tuple[str, int]]) -> None:
    # fastest allowed animations and no "natural" pause before AI moves: same code paths, less waiting
    config = program.home / "config"
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.yaml").write_text("animation_speed: 2.0\nai_pace: 0.0\n", encoding="utf-8")
    for game, players in games:
        started = time.monotonic()
        seats = ",".join(["ai:normal"] * players)
        result = program.run(AUTOPLAY_SECONDS, "play", game, "--players", str(players), "--seats", seats, "--seed", "1",
                             "--autoquit")
        took = time.monotonic() - started
        if result.code is None:
            report.check(False, f"autoplay {game} did not finish within {AUTOPLAY_SECONDS} s", result.detail)
        else:
            report.check(result.code == 0, f"autoplay one AI-only game: {game} ({players} players, --autoquit, "
                         f"{took:.0f} s)", result.detail)


def check_screenshot(report: Report, program: Program, keep: Path | None) -> None:
    shot = program.cwd.parent / "shot.png"
    result = program.run(120, "screenshot", "revoltaaa", "--players", "4", "--seed", "1", "--moves", "8",
                         "--out", str(shot))
    if not report.check(result.code == 0 and shot.is_file() and shot.stat().st_size > 0,
                        "screenshot wrote a PNG", result.detail):
        return
    try:
        ok, verdict = png_verdict(shot)
    except ImportError:
        report.say("SKIP", "screenshot not looked at: pygame is not installed for the checker")
        return
    report.check(ok, f"screenshot PNG not blank ({verdict})")
    if ok and keep is not None:
        keep.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(shot, keep)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="PyInstaller's dist folder")
    parser.add_argument("--platform", choices=build_layout.PLATFORMS, help="default: this machine's")
    parser.add_argument("--max-mb", type=float, default=float(os.environ.get("REVOLT_MAX_MB", "0")) or None,
                        help="size budget of what players download, unpacked (default: 60 MB on Linux, "
                             "80 on Windows, 120 on macOS)")
    parser.add_argument("--workpath", type=Path, help="PyInstaller's work folder (for its missing-module list)")
    parser.add_argument("--keep-screenshot", type=Path, help="copy the smoke screenshot here")
    args = parser.parse_args(argv)
    # absolute: every run of the program starts in an empty working directory of its own
    build = build_layout.build_for(args.dist.resolve(), args.platform)
    workpath = args.workpath.resolve() if args.workpath else None
    keep = args.keep_screenshot.resolve() if args.keep_screenshot else None
    report = Report()
    if not build.executable.is_file():
        report.say("FAIL", f"no executable at {build.executable}")
        return 1
    check_contents(report, build, args.max_mb or SIZE_BUDGET_MB[build.platform])
    check_notices(report, build)
    check_modules(report, workpath)

    with tempfile.TemporaryDirectory(prefix="revolt-smoke-") as temp:
        program = Program(build, Path(temp))
        stamp = time.time()
        time.sleep(1.1)          # files the checks write are then strictly newer than the stamp
        games = bundled_games(build.bundle_root / "rules")
        check_commands(report, program, games)
        check_process_hooks(report, program)
        check_autoplay(report, program, games)
        check_screenshot(report, program, keep)
        written = files_newer_than(build.shipped, stamp)
        report.check(not written, "nothing written inside the program's folder (user files go to REVOLT_TABLE_HOME)",
                     f"written: {written[:5]}")

    print(f"\nsmoke_exe ({build.platform}): {report.fails} failed, {report.skips} skipped")
    return 1 if report.fails else 0


if __name__ == "__main__":
    sys.exit(main())
