"""Every way to start the program runs inside the crash handler, the installed command included.

The installed `revolt-table` command is whatever pyproject's [project.scripts] names: a console-script
wrapper does `sys.exit(function())`. The tests call that very function in a fresh process, with a
forced crash, and look for the log and the friendly message.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def console_script() -> tuple[str, str]:
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    module, function = scripts["revolt-table"].split(":")
    return module, function


def run_entry(tmp_path: Path, body: str, **env: str) -> subprocess.CompletedProcess:
    module, function = console_script()
    script = (f"import sys, importlib\n{body}\n"
              f"entry = getattr(importlib.import_module({module!r}), {function!r})\n"
              "sys.exit(entry())\n")                  # what pip's generated wrapper does
    environment = dict(os.environ, REVOLT_TABLE_HOME=str(tmp_path), REVOLT_TABLE_NO_CRASH_WINDOW="1",
                       SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT), **env)
    return subprocess.run([sys.executable, "-c", script], env=environment, cwd=tmp_path, capture_output=True,
                          text=True, timeout=60)


def test_the_console_script_is_a_function_that_returns_an_exit_code():
    module, function = console_script()
    entry = getattr(importlib.import_module(module), function)
    assert callable(entry) and entry.__module__ == "revolt_table.__main__"


def test_installed_command_crash_writes_a_log_and_a_friendly_message(tmp_path):
    """A forced crash deep inside the CLI (not the self-test switch): the handler must be around it."""
    proc = run_entry(tmp_path, "import revolt_table.cli as cli\n"
                               "def boom(argv=None):\n    raise RuntimeError('forced crash in the CLI')\n"
                               "cli.main = boom")
    assert proc.returncode == 1
    logs = list((tmp_path / "logs").glob("crash-*.log"))
    assert len(logs) == 1
    text = logs[0].read_text(encoding="utf-8")
    assert "RuntimeError: forced crash in the CLI" in text and "Revolt Table crash report" in text
    assert "Revolt Table stopped because of an error: RuntimeError: forced crash in the CLI" in proc.stderr
    assert f"A crash report was written to: {logs[0]}" in proc.stderr


def test_installed_command_self_test_switch(tmp_path):
    proc = run_entry(tmp_path, "", REVOLT_TABLE_CRASH_SELFTEST="1")
    assert proc.returncode == 1
    assert len(list((tmp_path / "logs").glob("crash-*.log"))) == 1


def test_installed_command_runs_the_cli(tmp_path):
    proc = run_entry(tmp_path, "sys.argv = ['revolt-table', 'rules', 'check', 'revoltaaa']")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "revoltaaa: ok"
