"""Finished games into the history, off the frame loop; what went wrong, for the next screen to say.

Why a thread: adding a game writes its file and brings the history's index up to date (about 35 ms,
more on a slow disk or with many games), too long for a frame, and the table must never wait for the
history nor fail because of it. A game that cannot be kept (a folder that cannot be written, a game
dealt by hand with no seed to replay it from) is logged; the player is told once per run when the
folder is the problem (the app already said at start-up when the data folder cannot be used).

Why a queue of Messages and not app.notify from the thread: toasts belong to the frame loop. The
scenes a player sees after a game (results, title, History, Statistics) call `show_notices(app)`
every frame, which turns the waiting Messages (files set aside, the folder problem) into toasts in
the current language, once.

The threads are daemons that the program waits for at exit (at most EXIT_WAIT seconds): a window
closed right at the end of a game (`play --autoquit`) still keeps that game.
"""

from __future__ import annotations

import atexit
import logging
import threading
from typing import TYPE_CHECKING, Any, Callable, Sequence

from revolt_table.engine.message import Message

if TYPE_CHECKING:
    from revolt_table.records.store import HistoryStore

log = logging.getLogger(__name__)

NOT_KEPT = "history.screen.not_kept"      # the folder could not be written: this game is not in History
EXIT_WAIT = 5.0

_lock = threading.Lock()
_notices: list[Message] = []
_threads: list[threading.Thread] = []
_told_folder = False

StoreFactory = Callable[[], "HistoryStore"]


def record_game(state: Any, seats: Sequence[str], names: Sequence[str],
                store: StoreFactory | None = None) -> threading.Thread:
    """Add the finished game `state` to the history in a new thread; returns the thread (tests join it)."""
    if store is None:
        from revolt_table.records.store import HistoryStore as store   # not at start-up (issue 30)
    thread = threading.Thread(target=_add, args=(state, list(seats), list(names), store),
                              name="revolt-history", daemon=True)
    with _lock:
        _threads[:] = [t for t in _threads if t.is_alive()]
        _threads.append(thread)
    thread.start()
    return thread


def _add(state: Any, seats: list[str], names: list[str], factory: StoreFactory) -> None:
    global _told_folder
    said: list[Message] = []
    try:
        store = factory()
        store.add_game(state, seats, names)
        said = store.take_warnings()
    except OSError as exc:
        log.warning("history: the finished game could not be kept: %s", exc)
        with _lock:
            if not _told_folder:
                _told_folder = True
                said = [Message(NOT_KEPT)]
    except ValueError as exc:            # not over, no seed (deal=), seats that do not fit
        log.warning("history: the finished game is not kept: %s", exc)
    except Exception:  # noqa: BLE001 - the history must never take the table down
        log.exception("history: adding the finished game failed")
    if said:
        with _lock:
            _notices.extend(said)


def take_notices() -> list[Message]:
    """What the recording threads have to say since the last call."""
    with _lock:
        out = list(_notices)
        _notices.clear()
    return out


def show_notices(app: Any) -> None:
    """Toast every waiting notice in the current language (called from scenes' update)."""
    if not _notices:
        return
    from revolt_table.services import i18n

    for message in take_notices():
        app.notify(i18n.say(message))


def wait(timeout: float = EXIT_WAIT) -> bool:
    """Wait for the recording threads (tests, and the end of the program); True if none is left."""
    import time

    deadline = time.monotonic() + timeout
    with _lock:
        threads = list(_threads)
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    return not any(t.is_alive() for t in threads)


def reset() -> None:
    """Forget notices and the told-once flag (tests)."""
    global _told_folder
    with _lock:
        _notices.clear()
        _told_folder = False


atexit.register(wait)
