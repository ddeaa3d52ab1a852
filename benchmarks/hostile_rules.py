"""Time and memory of `revolt-table rules check` on the worst rules files we know.

Why a fresh process per file, timed and measured from outside: what matters is what a player (or a
modder) gets from the real command: an answer within 2 s and 200 MB, whatever the file. Each child
runs `python -m revolt_table rules check FILE` under a hard address-space cap and a timeout (so a
"before" run of an old version on an alias bomb cannot take the machine down); the parent reads the
child's peak resident memory from os.wait4.

    python benchmarks/hostile_rules.py [--quick] [--repo PATH] [--timeout 30] [--json]

--repo measures another checkout (e.g. the main branch before the hardening). --quick skips the
50 MB file and the 1 MB files (for a test). Figures are printed per file: seconds, peak RSS (MB),
exit code and the first line of the answer.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ADDRESS_CAP = 4 * 1024 ** 3          # bytes of virtual memory a child may reserve before it is stopped
HEAD = (ROOT / "tests" / "data" / "hostile" / "01_anchor_on_scalar.yaml").read_text().split("summary:")[0]


def _bomb(levels: int, width: int = 9) -> str:
    lines = ["a0: &a0 [" + ", ".join(["lol"] * width) + "]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]" for i in range(1, levels + 1)]
    return "\n".join(lines) + "\n"


def worst_inputs(folder: Path, quick: bool = False, only: tuple[str, ...] = ()) -> list[Path]:
    """Write the worst cases into `folder`; return their paths (a FIFO among them where possible).

    quick: without the 1 MB and 50 MB files; only: just these cases (by name)."""
    cases: dict[str, str | bytes] = {
        "alias_bomb_9_7": _bomb(7),
        "alias_bomb_9_9": _bomb(9),
        "self_referencing_alias": "a: &a [*a]\n",
        "merge_key_alias": "base: &b {hand: 11}\ndeal:\n  <<: *b\n",
        "nesting_1000": "x: " + "[" * 1000 + "]" * 1000 + "\n",
        "number_5000_digits": HEAD.replace("max: 5", "max: " + "9" * 5000),
        "tag_bool_maybe": HEAD + "flag: !!bool maybe\n",
        "nul_byte": HEAD + "summary: a\x00b\n",
    }
    if not quick:
        cases["newlines_1mb"] = "\n" * (1024 * 1024 - len(HEAD) - 10) + HEAD
        cases["comment_lines_1mb"] = ("# " + "x" * 100 + "\n") * 9_900 + HEAD
        cases["one_line_1mb"] = HEAD + "summary: " + "x" * (1024 * 1024 - 1000) + "\n"
        cases["flow_list_1mb"] = "x: [" + "1," * (1024 * 1024 // 2 - 100) + "1]\n"
    paths = []
    if only:
        cases = {name: content for name, content in cases.items() if name in only}
    for name, content in cases.items():
        path = folder / f"{name}.yaml"
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        paths.append(path)
    if not quick and (not only or "file_50mb" in only):
        big = folder / "file_50mb.yaml"
        with big.open("wb") as handle:
            handle.write(HEAD.encode())
            handle.write((b"# " + b"x" * 1022 + b"\n") * (50 * 1024))
        paths.append(big)
    if hasattr(os, "mkfifo") and (not only or "fifo" in only):
        fifo = folder / "fifo.yaml"
        os.mkfifo(fifo)
        paths.append(fifo)
    return paths


def _cap() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_CAP, ADDRESS_CAP))


def measure(path: Path, repo: Path = ROOT, timeout: float = 30.0) -> dict:
    """Run `rules check path` in a child; return seconds, peak RSS in MB, exit code and first line."""
    env = dict(os.environ, PYTHONPATH=str(repo), PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = tempfile.TemporaryFile()
    started = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "revolt_table", "rules", "check", str(path)], cwd=repo,
                             env=env, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                             preexec_fn=_cap)
    status, usage, timed_out = None, None, False
    while True:
        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() - started > timeout:
            child.kill()
            _, status, usage = os.wait4(child.pid, 0)
            timed_out = True
            break
        time.sleep(0.01)
    seconds = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)   # reaped here; stop Popen from waiting again
    out.seek(0)
    text = out.read().decode("utf-8", errors="replace")
    lines = [line for line in text.splitlines() if line.strip()]
    first = lines[0] if lines else ""
    traceback = "Traceback (most recent call last)" in text
    return {"file": path.name, "seconds": round(seconds, 3),
            "cpu_seconds": round(usage.ru_utime + usage.ru_stime, 3), "peak_mb": round(usage.ru_maxrss / 1024, 1),
            "exit": None if timed_out else os.waitstatus_to_exitcode(status), "timed_out": timed_out,
            "traceback": traceback, "answer": first[:160], "lines": len(lines)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repo", type=Path, default=ROOT)
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        rows = [measure(path, args.repo.resolve(), args.timeout) for path in worst_inputs(Path(tmp), args.quick)]
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    print(f"{'file':<26}{'seconds':>9}{'cpu s':>7}{'peak MB':>9}{'exit':>6}  answer")
    for row in rows:
        exit_text = "T/O" if row["timed_out"] else str(row["exit"])
        answer = "TRACEBACK " if row["traceback"] else ""
        answer += row["answer"].replace(str(Path(tempfile.gettempdir())), "…")[:90]
        print(f"{row['file']:<26}{row['seconds']:>9.2f}{row['cpu_seconds']:>7.2f}{row['peak_mb']:>9.1f}"
              f"{exit_text:>6}  {answer}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
