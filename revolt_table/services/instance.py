"""One window at a time saves into the same folders; a second one says so and saves nothing.

Why (issue 28): two windows on one home each wrote the saved game (and the settings) after every
change, so the last writer's game silently replaced the other's. The first window to start takes an
exclusive lock on `<data folder>/.instance.lock` for as long as it runs (the operating system lets go
of it when the process ends, however it ends: no stale lock after a crash or a kill). A window that
cannot take it is the second one: it plays, but saves neither games nor settings, and tells the
player why (ui/launch.install). Where locking is not available (no data folder, a file system
without locks) every window saves as before; the session's compare-before-write (ui/session.Session.save)
is the second line of defence.

Holding the lock also proves that no other window is writing in the folders, so the start-up clears
the temporary files a killed writer left there (userdata.clean_temp_files).
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import IO

log = logging.getLogger(__name__)

LOCK_NAME = ".instance.lock"
_held: dict[Path, IO] = {}          # lock files this process holds, kept open for its whole life


def _try_lock(handle: IO) -> bool:
    if os.name == "nt":
        import msvcrt

        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def acquire(folder: Path) -> bool | None:
    """Take the lock of `folder` for this process: True when this process holds it (now or already),
    False when another process does, None when locking cannot be done here (no such folder, a file
    system without locks): then nobody can tell, and the caller goes on as the only window."""
    folder = Path(folder)
    key = folder.resolve()
    if key in _held:
        return True
    try:
        handle = open(folder / LOCK_NAME, "a+b")      # never truncated: another process may hold it
    except OSError as exc:
        log.warning("instance lock: cannot open it in %s: %s", folder, exc)
        return None
    try:
        if _try_lock(handle):
            release_all()                 # one home per process: the lock of another folder goes (tests)
            _held[key] = handle
            return True
        handle.close()
        return False
    except OSError as exc:                             # no locks on this file system
        log.warning("instance lock: locking is not available in %s: %s", folder, exc)
        handle.close()
        return None


def release_all() -> None:
    """Let go of every lock this process holds (tests; the operating system does it at exit)."""
    for handle in _held.values():
        try:
            handle.close()
        except OSError:
            pass
    _held.clear()
