"""Show a folder in the system's file manager: Explorer (os.startfile), Finder (`open`), or `xdg-open`.

Why a module of its own: Settings opens the player's rules folder and About opens five folders, and
both must behave the same way on every platform: never through a shell (a path is one argument, never
parsed), never blocking the window (the opener runs detached), and never crashing when a system has
no file manager (a bare Linux box without xdg-open) or the opener fails. `available()` says in
advance whether there is one, so a screen can say so instead of offering a button that cannot work;
`open_folder()` raises OSError when starting the opener fails, and returns the running opener so a
screen can look at its exit status a moment later (xdg-open exits non-zero when it finds nothing to
open the folder with).

A frozen build (PyInstaller) points LD_LIBRARY_PATH at its own bundled libraries; a system program
started with that would load them instead of the system's and may fail, so the opener gets the
environment the program was started with (PyInstaller keeps it as LD_LIBRARY_PATH_ORIG).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

_LIBRARY_PATHS = ("LD_LIBRARY_PATH", "DYLD_LIBRARY_PATH", "DYLD_FRAMEWORK_PATH")


def opener() -> str | None:
    """The command that opens a folder here ("startfile" on Windows), or None when there is none."""
    if sys.platform == "win32":
        return "startfile" if hasattr(os, "startfile") else None
    command = "open" if sys.platform == "darwin" else "xdg-open"
    return command if shutil.which(command) else None


def available() -> bool:
    """Can this system show a folder in a file manager?"""
    return opener() is not None


def system_environment() -> dict[str, str]:
    """The environment for a system program: a frozen build's library paths put back as they were."""
    env = dict(os.environ)
    if getattr(sys, "frozen", False):
        for name in _LIBRARY_PATHS:
            original = env.pop(name + "_ORIG", None)
            if original is not None:
                env[name] = original
            else:
                env.pop(name, None)
    return env


def open_folder(path: Path | str) -> subprocess.Popen | None:
    """Show `path` in the file manager (made first if missing). Raises OSError when that cannot start.

    Returns the opener's process on macOS and Linux (poll it to learn whether it failed), None on
    Windows, where os.startfile itself raises when it fails."""
    path = Path(path)
    path.mkdir(parents=True, exist_ok=True)
    if sys.platform == "win32":
        os.startfile(str(path))  # type: ignore[attr-defined]  # noqa: S606 - a local folder
        return None
    command = "open" if sys.platform == "darwin" else "xdg-open"
    try:
        return subprocess.Popen([command, str(path)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True, env=system_environment())
    except FileNotFoundError:
        raise OSError(f"no {command} on this system") from None
