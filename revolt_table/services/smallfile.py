"""Read a small text file without ever blocking, hanging or swallowing gigabytes.

Why one function for rules files, settings and saves: every file the program reads may have been
replaced by something hostile or unlucky (a 50 MB log pasted over settings.yaml, a FIFO that blocks
the first reader forever, a folder, a device). So: look first (stat), refuse anything that is not a
regular file or is over the size limit without opening it, then open without blocking, look again at
what was really opened (a file can be swapped between the two looks), and read at most limit + 1
bytes. Standard library only, so the crash handler and the CLI can use it before anything else loads.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class FileRefused(OSError):
    """The file was not read. `reason` is one of "missing", "not_regular", "too_big", "unreadable"."""

    def __init__(self, path: Path, reason: str, detail: str = "", size: int | None = None):
        self.path = Path(path)
        self.reason = reason
        self.detail = detail
        self.size = size
        super().__init__(detail or reason)


def read_small_bytes(path: str | Path, limit: int) -> bytes:
    """The content of the regular file at `path` if it holds at most `limit` bytes; else FileRefused."""
    path = Path(path)
    try:
        before = os.stat(path)
    except FileNotFoundError:
        raise FileRefused(path, "missing", "no such file") from None
    except OSError as exc:
        raise FileRefused(path, "unreadable", exc.strerror or str(exc)) from None
    _check(path, before, limit)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise FileRefused(path, "unreadable", exc.strerror or str(exc)) from None
    try:
        _check(path, os.fstat(fd), limit)           # what was opened, not what was looked at
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except BlockingIOError:
        raise FileRefused(path, "not_regular", "the file would block") from None
    except FileRefused:
        raise
    except OSError as exc:
        raise FileRefused(path, "unreadable", exc.strerror or str(exc)) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:                           # it grew while we read
        raise FileRefused(path, "too_big", f"larger than {limit} bytes", len(data))
    return data


def _check(path: Path, info: os.stat_result, limit: int) -> None:
    if not stat.S_ISREG(info.st_mode):
        kind = ("it is a folder, not a file" if stat.S_ISDIR(info.st_mode)
                else "not a regular file (a pipe, a device or a socket)")
        raise FileRefused(path, "not_regular", kind)
    if info.st_size > limit:
        raise FileRefused(path, "too_big", f"larger than {limit} bytes", info.st_size)
