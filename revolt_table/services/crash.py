"""Crash handler: an uncaught exception writes a readable log and tells the player where it is.

Why: a frozen, windowed app that hits a bug would otherwise vanish without a word (there is no
console on Windows and macOS). Instead the handler writes `crash-YYYYmmdd-HHMMSS.log` (traceback,
version, platform, command line) to the user's log folder, prints where it is to stderr when there is
one, and shows a small message window when a display is in use.

Rules this module keeps:
- it never raises: every step is guarded, and a failure only loses that step (a log that cannot be
  written falls back to the temp folder; a window that cannot open is skipped);
- it imports almost nothing at module level, so installing it cannot itself fail;
- its messages are plain English on purpose: the translation machinery may be what crashed.

The log folder is `revolt_table.services.userdata.log_dir()` (platformdirs user_log_dir "RevoltTable", or
$REVOLT_TABLE_HOME/logs); if userdata cannot be imported, the same rule is applied here.
"""

from __future__ import annotations

import os
import sys
import threading
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Callable

APP_NAME = "RevoltTable"
HOME_ENV = "REVOLT_TABLE_HOME"
NO_WINDOW_ENV = "REVOLT_TABLE_NO_CRASH_WINDOW"   # set to 1 to never open the message window
KEEP_LOGS = 20                                    # older crash logs are pruned

_installed = False


# ------------------------------------------------------------------------------------------ folders

def log_folder() -> Path:
    """The user's log folder (created); falls back to the temp folder if that cannot be made."""
    try:
        from revolt_table.services import userdata
        return userdata.log_dir()
    except Exception:  # noqa: BLE001 - userdata missing or broken: apply the same rule here
        pass
    try:
        home = os.environ.get(HOME_ENV)
        if home:
            path = Path(home) / "logs"
        else:
            import platformdirs
            path = Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))
        path.mkdir(parents=True, exist_ok=True)
        return path
    except Exception:  # noqa: BLE001
        import tempfile
        path = Path(tempfile.gettempdir()) / APP_NAME / "logs"
        path.mkdir(parents=True, exist_ok=True)
        return path


# ------------------------------------------------------------------------------------------- report

def format_report(exc_type: type[BaseException], exc: BaseException,
                  tb: TracebackType | None, *, thread: str | None = None) -> str:
    """The text of a crash log: what happened first, then where and on what."""
    import platform
    import traceback

    try:
        from revolt_table import __version__ as version
    except Exception:  # noqa: BLE001
        version = "unknown"
    lines = [
        "Revolt Table crash report",
        "=========================",
        f"time:        {datetime.now().isoformat(timespec='seconds')}",
        f"version:     {version}",
        f"error:       {exc_type.__name__}: {_one_line(exc)}",
    ]
    if thread:
        lines.append(f"thread:      {thread}")
    lines += [
        f"platform:    {_safe(platform.platform)}",
        f"machine:     {_safe(platform.machine)}",
        f"python:      {sys.version.split()[0]} ({_safe(platform.python_implementation)})",
        f"frozen:      {bool(getattr(sys, 'frozen', False))}",
        f"executable:  {sys.executable}",
        f"arguments:   {sys.argv!r}",
        f"cwd:         {_safe(os.getcwd)}",
    ]
    pygame = sys.modules.get("pygame")
    if pygame is not None:
        lines.append(f"pygame:      {getattr(pygame, 'version', None) and pygame.version.ver} "
                     f"(SDL {_safe(lambda: '.'.join(map(str, pygame.get_sdl_version())))})")
        lines.append(f"video:       {_safe(pygame.display.get_driver)}")
    for key in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", HOME_ENV):
        if os.environ.get(key):
            lines.append(f"env {key}={os.environ[key]}")
    lines += ["", "-" * 72, ""]
    lines.append("".join(traceback.format_exception(exc_type, exc, tb)).rstrip())
    lines.append("")
    return "\n".join(lines)


def write_report(exc_type: type[BaseException], exc: BaseException,
                 tb: TracebackType | None, *, thread: str | None = None) -> Path | None:
    """Write the crash log; return its path, or None if nothing could be written anywhere."""
    try:
        text = format_report(exc_type, exc, tb, thread=thread)
    except Exception as fmt_exc:  # noqa: BLE001 - still record the bare traceback
        import traceback
        text = ("Revolt Table crash report (details unavailable: "
                f"{type(fmt_exc).__name__})\n\n" + "".join(traceback.format_exception(exc_type, exc, tb)))
    for folder in (_guarded(log_folder), _guarded(_temp_folder)):
        if folder is None:
            continue
        try:
            path = _unique(folder / f"crash-{datetime.now():%Y%m%d-%H%M%S}.log")
            path.write_text(text, encoding="utf-8")
            _prune(folder)
            return path
        except Exception:  # noqa: BLE001
            continue
    return None


def handle(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None,
           *, thread: str | None = None, show_window: bool = True) -> Path | None:
    """Report one uncaught exception: log file, stderr, message window. Never raises."""
    try:
        if issubclass(exc_type, KeyboardInterrupt):
            return None
        path = write_report(exc_type, exc, tb, thread=thread)
        summary = f"{exc_type.__name__}: {_one_line(exc)}"
        where = str(path) if path else "(the report could not be written)"
        _to_stderr(exc_type, exc, tb, summary, where)
        if show_window and thread is None:
            _guarded(lambda: _message_window(summary, where))
        return path
    except Exception:  # noqa: BLE001 - the handler itself must never raise
        return None


# ------------------------------------------------------------------------------------------- hooks

def install() -> None:
    """Route uncaught exceptions (main and other threads) to handle(); idempotent."""
    global _installed
    if _installed:
        return
    _installed = True
    sys.excepthook = _excepthook

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is SystemExit:
            return
        name = args.thread.name if args.thread is not None else "?"
        handle(args.exc_type, args.exc_value or args.exc_type(), args.exc_traceback, thread=name)

    threading.excepthook = thread_hook


def run_guarded(main: Callable[[], int | None]) -> int:
    """Run `main`; an exception becomes a crash report and exit status 1 (Ctrl+C gives 130)."""
    try:
        result = main()
    except SystemExit as exc:
        code = exc.code
        if code is None:
            return 0
        if isinstance(code, int):
            return code
        _guarded(lambda: print(code, file=sys.stderr))
        return 1
    except KeyboardInterrupt:
        return 130
    except BaseException as exc:  # noqa: BLE001 - this is the last line of defence
        handle(type(exc), exc, exc.__traceback__)
        return 1
    return int(result or 0)


def _excepthook(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
    if issubclass(exc_type, KeyboardInterrupt):
        sys.__excepthook__(exc_type, exc, tb)
        return
    handle(exc_type, exc, tb)


# ------------------------------------------------------------------------------------- telling

def _to_stderr(exc_type, exc, tb, summary: str, where: str) -> None:
    stream = sys.stderr
    if stream is None:                     # windowed frozen app on Windows: no console at all
        return
    try:
        import traceback
        traceback.print_exception(exc_type, exc, tb, file=stream)
        print(f"\nRevolt Table stopped because of an error: {summary}\n"
              f"A crash report was written to: {where}\n"
              "Please attach it when you report the problem.", file=stream)
        stream.flush()
    except Exception:  # noqa: BLE001
        pass


def _message_window(summary: str, where: str) -> None:
    """A small pygame window with the message, when a real display is (or can be) used.

    Only if the app already had a display open, or there is no console to print to. Never on the
    dummy/offscreen drivers (tests, CI) and never when REVOLT_TABLE_NO_CRASH_WINDOW=1.
    """
    if os.environ.get(NO_WINDOW_ENV) == "1":
        return
    if os.environ.get("SDL_VIDEODRIVER", "").lower() in ("dummy", "offscreen"):
        return
    pygame = sys.modules.get("pygame")
    had_display = bool(pygame is not None and pygame.display.get_init() and pygame.display.get_surface())
    if not had_display and sys.stderr is not None:
        return                             # a console user has already read the message
    if not had_display and _windows_message_box(summary, where):
        return
    if pygame is None:
        import pygame  # noqa: PLC0415 - only now, and only for a windowed app
    pygame.display.init()
    if pygame.display.get_driver() in ("dummy", "offscreen"):
        return
    pygame.font.init()
    width, height = 760, 320
    screen = pygame.display.set_mode((width, height))
    pygame.display.set_caption("Revolt Table - error")
    font = _font(pygame, 18)
    bold = _font(pygame, 22, bold=True)
    lines = [(bold, "Revolt Table stopped because of an error.", (240, 200, 90)),
             (font, "", None)]
    lines += [(font, part, (235, 235, 225)) for part in _wrap(summary, 72)]
    lines += [(font, "", None), (font, "A crash report was saved to:", (235, 235, 225))]
    lines += [(font, part, (150, 210, 255)) for part in _wrap(where, 72)]
    lines += [(font, "", None), (font, "Please attach it when you report the problem.", (200, 200, 190)),
              (font, "Press any key or close this window.", (200, 200, 190))]
    clock = pygame.time.Clock()
    pygame.event.clear()                   # a key already pressed must not dismiss the message unread
    waited = 0.0
    while waited < 600:                    # ten minutes at most, then leave anyway
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (waited > 0.5 and event.type in (pygame.KEYDOWN,
                                                                              pygame.MOUSEBUTTONDOWN)):
                pygame.quit()
                return
        screen.fill((22, 58, 40))
        y = 24
        for face, text, colour in lines:
            if text:
                screen.blit(face.render(text, True, colour), (24, y))
            y += face.get_linesize()
        pygame.display.flip()
        waited += clock.tick(20) / 1000.0
    pygame.quit()


def _windows_message_box(summary: str, where: str) -> bool:
    """Native message box on Windows (works even before any window was opened)."""
    if sys.platform != "win32":
        return False
    try:
        import ctypes
        text = (f"Revolt Table stopped because of an error:\n{summary}\n\n"
                f"A crash report was saved to:\n{where}")
        ctypes.windll.user32.MessageBoxW(None, text, "Revolt Table - error", 0x10)
        return True
    except Exception:  # noqa: BLE001
        return False


def _font(pygame, size: int, bold: bool = False):
    try:
        from revolt_table.services.resources import asset_path
        path = asset_path("fonts", "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
        if path.is_file():
            return pygame.font.Font(str(path), size)
    except Exception:  # noqa: BLE001
        pass
    return pygame.font.Font(None, size + 6)


# ------------------------------------------------------------------------------------------ helpers

def _one_line(exc: BaseException) -> str:
    try:
        text = str(exc).strip().splitlines()
        return (text[0] if text else "")[:300]
    except Exception:  # noqa: BLE001
        return "?"


def _wrap(text: str, width: int) -> list[str]:
    return [text[i:i + width] for i in range(0, max(len(text), 1), width)]


def _safe(fn: Callable[[], object]) -> str:
    try:
        return str(fn())
    except Exception:  # noqa: BLE001
        return "?"


def _guarded(fn: Callable[[], object]):
    try:
        return fn()
    except Exception:  # noqa: BLE001
        return None


def _temp_folder() -> Path:
    import tempfile
    path = Path(tempfile.gettempdir()) / APP_NAME / "logs"
    path.mkdir(parents=True, exist_ok=True)
    return path


def _unique(path: Path) -> Path:
    candidate, counter = path, 1
    while candidate.exists():
        candidate = path.with_name(f"{path.stem}-{counter}{path.suffix}")
        counter += 1
    return candidate


def _prune(folder: Path) -> None:
    """Keep only the newest KEEP_LOGS crash logs."""
    logs = sorted(folder.glob("crash-*.log"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in logs[KEEP_LOGS:]:
        _guarded(old.unlink)
