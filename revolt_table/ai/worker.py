"""AI thinking in a separate worker PROCESS, so a search never shares the interpreter with the frame loop.

Why a process and not a thread: a search is pure Python and holds the GIL; even with a short switch
interval the frame loop waited up to ~150 ms for it (p99 at 1920x1080 while ai:hard thought). A process
has its own interpreter: the window only waits for a pipe.

Protocol (plain picklable data, nothing from pygame):
    request  = (job id, rules path, variant, agent spec, iterations, time budget, View, legal move texts, seed)
    response = (job id, chosen move text, None) or (job id, None, error text)
    or, for other work (the Review's analysis, ai/analysis.py): request = (job id, CALL, a module-level
    function, its arguments), response = (job id, what it returned, None)
The worker rebuilds the Rules and the agent once per (rules, variant, spec, iterations, budget) and keeps
them; ai:hard without a time budget gets the interactive cap (budget.INTERACTIVE_SECONDS), so a player
never waits more than about a second whatever the machine's speed; after each answer it collects and
freezes its heap (`budget.settle_after_decision`), so no garbage-collector pause over the AI's caches
lands inside a decision. It rebuilds Move objects (with their
payloads) from the texts via a determinization of the view, which is consistent with the seat's own
hand, so the seat's legal moves are the same.

`AIWorker` is started lazily on the first submit (spawn context: the only start method on Windows and
the default on macOS; frozen builds call multiprocessing.freeze_support() in revolt_table/__main__.py),
stays alive across moves, and is stopped with shutdown(). It answers with concurrent.futures.Future
objects resolved by a small reader thread that only blocks on the pipe. If the process cannot start,
submit() raises WorkerUnavailable and the caller thinks in a thread instead; if it dies later, pending
futures fail with WorkerUnavailable.
"""

from __future__ import annotations

import itertools
import logging
import multiprocessing
import queue
import random
import threading
from concurrent.futures import Executor, Future
from typing import Any

from .budget import INTERACTIVE_SECONDS, settle_after_decision

log = logging.getLogger(__name__)


class WorkerUnavailable(RuntimeError):
    """The worker process could not start or died: think somewhere else."""


# ------------------------------------------------------------------------------ inside the worker

_AGENTS: dict[tuple, tuple[Any, Any]] = {}       # (path, variant, spec, iterations, budget) -> (rules, agent)
_RULES: dict[tuple[str, str | None], Any] = {}    # (path, variant) -> Rules, for CALL jobs
CALL = "call"                                     # a request that runs a function (AIWorker.call)


def cached_rules(rules_path: str, variant: str | None, load) -> Any:
    """The Rules of a file and variant, loaded once per worker (`load` is engine.load_rules)."""
    key = (rules_path, variant)
    if key not in _RULES:
        _RULES[key] = load(rules_path, variant=variant)
    return _RULES[key]


def choose_move(rules_path: str, variant: str | None, spec: str, iterations: int | None,
                time_budget: float | None, view, legal_texts: list[str], seed: int) -> str:
    """The move text the agent `spec` picks for `view` (what the worker process runs per request).

    Also callable in-process: the same arguments give the same answer in a thread or a process.
    """
    from revolt_table.ai.registry import make_agent
    from revolt_table.engine import Move, load_rules

    if spec == "ai:hard" and time_budget is None:
        time_budget = INTERACTIVE_SECONDS
    key = (rules_path, variant, spec, iterations, time_budget)
    if key not in _AGENTS:
        rules = load_rules(rules_path, variant=variant)
        _AGENTS[key] = (rules, make_agent(spec, rules, iterations=iterations, time_budget=time_budget))
    rules, agent = _AGENTS[key]
    if len(legal_texts) == 1:
        return legal_texts[0]
    state = rules.from_view(view, random.Random(0))
    by_text = {m.text: m for m in state.legal_moves(view.seat)}
    missing = [t for t in legal_texts if t not in by_text]
    if missing:
        raise ValueError(f"moves {missing[:5]} are not legal in the rebuilt state")
    legal = [by_text[t] for t in legal_texts]
    move: Move = agent.choose(view, legal, random.Random(seed))
    return move.text


def _serve(conn) -> None:
    """The worker process's loop: answer requests until the pipe closes or a None arrives."""
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        job_id, *args = request
        try:
            answer = args[1](*args[2]) if args and args[0] == CALL else choose_move(*args)
            conn.send((job_id, answer, None))
        except Exception as exc:  # noqa: BLE001 - report any agent error to the caller, keep serving
            try:
                conn.send((job_id, None, f"{type(exc).__name__}: {exc}"))
            except (OSError, EOFError):
                return
        settle_after_decision()      # answered: tidy the heap while the table animates (ai/budget.py)


# ------------------------------------------------------------------------------ in the app

class AIWorker:
    """One long-lived worker process answering AI requests in order.

    Nothing here blocks the caller: starting the process (~40 ms of spawn set-up) and sending requests
    happen on a small sender thread, answers arrive on a reader thread.
    """

    def __init__(self, start_method: str = "spawn") -> None:
        self.start_method = start_method
        self._process = None
        self._conn = None
        self._outbox: queue.SimpleQueue = queue.SimpleQueue()
        self._sender: threading.Thread | None = None
        self._reader: threading.Thread | None = None
        self._pending: dict[int, Future] = {}
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._closed = False
        self.broken = False
        self.started = threading.Event()        # set once the process runs (or failed to start)

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def start(self, background: bool = True) -> None:
        """Start the process: in the background (what submit() does), or now (background=False: ~40 ms,
        for a moment when no frame is running, e.g. while a table is being set up)."""
        if self.broken or self._closed:
            raise WorkerUnavailable("the AI worker process is not available")
        if self._sender is None:
            launched = None if background else self._launch()
            if launched is False:
                raise WorkerUnavailable("the AI worker process is not available")
            self._sender = threading.Thread(target=self._send_loop, args=(launched is None,),
                                            name="revolt-ai-sender", daemon=True)
            self._sender.start()

    def _launch(self) -> bool:
        try:
            ctx = multiprocessing.get_context(self.start_method)
            parent, child = ctx.Pipe()
            process = ctx.Process(target=_serve, args=(child,), name="revolt-ai-worker", daemon=True)
            process.start()
            child.close()
        except Exception as exc:  # noqa: BLE001 - any failure to start means: fall back to a thread
            log.warning("cannot start the AI worker process (%s); thinking in a thread", exc)
            self._fail_all(f"cannot start the AI worker process: {exc}")
            return False
        finally:
            self.started.set()
        with self._lock:
            if self._closed:                      # shut down while starting
                process.terminate()
                return False
            self._process, self._conn = process, parent
            # Started inside the lock: a shutdown (which takes the lock) then finds either no process or a
            # reader it can join; published before start(), a stop thread could join a thread not yet started.
            self._reader = threading.Thread(target=self._read, args=(parent,), name="revolt-ai-reader",
                                            daemon=True)
            self._reader.start()
        return True

    def _send_loop(self, launch: bool) -> None:
        if launch and not self._launch():
            return
        while True:
            request = self._outbox.get()
            conn = self._conn
            if request is None or conn is None:
                return
            try:
                conn.send(request)
            except (OSError, EOFError, ValueError) as exc:
                self._fail_all(f"send failed: {exc}")
                return

    def submit(self, rules_path: str, variant: str | None, spec: str, iterations: int | None,
               time_budget: float | None, view, legal_texts: list[str], seed: int) -> Future:
        """Ask for a move; the Future resolves to the chosen move text (or fails with WorkerUnavailable)."""
        future: Future = Future()
        job_id = next(self._ids)
        with self._lock:
            if self.broken or self._closed:
                raise WorkerUnavailable("the AI worker process is not available")
            self._pending[job_id] = future       # from here on, a failure to start fails this future too
        self.start()
        self._outbox.put((job_id, rules_path, variant, spec, iterations, time_budget, view, list(legal_texts), seed))
        return future

    def call(self, function, *args) -> Future:
        """Run `function(*args)` in the worker process (a module-level function: it is pickled by name);
        the Future resolves to what it returns (or fails with WorkerUnavailable / RuntimeError)."""
        future: Future = Future()
        job_id = next(self._ids)
        with self._lock:
            if self.broken or self._closed:
                raise WorkerUnavailable("the AI worker process is not available")
            self._pending[job_id] = future
        self.start()
        self._outbox.put((job_id, CALL, function, args))
        return future

    def _read(self, conn) -> None:
        while True:
            try:
                job_id, text, error = conn.recv()
            except (EOFError, OSError, TypeError, ValueError):
                if not self._closed:
                    self._fail_all("the AI worker process stopped")
                return
            with self._lock:
                future = self._pending.pop(job_id, None)
            if future is None or not future.set_running_or_notify_cancel():
                continue
            if error is None:
                future.set_result(text)
            else:
                future.set_exception(RuntimeError(error))

    def _fail_all(self, why: str) -> None:
        with self._lock:
            self.broken = True
            pending, self._pending = self._pending, {}
        for future in pending.values():
            if not future.done():
                future.set_exception(WorkerUnavailable(why))

    def shutdown(self, wait: bool = False, timeout: float = 1.0) -> None:
        """Stop the process; a search still running is abandoned. wait=False returns at once (the
        process is reaped by a background thread), so quitting a table never stalls a frame."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            pending, self._pending = self._pending, {}
            process, conn = self._process, self._conn
        for future in pending.values():
            future.cancel()
        self._outbox.put(None)
        if wait:
            self._stop(process, conn, timeout)
        else:
            threading.Thread(target=self._stop, args=(process, conn, timeout), name="revolt-ai-stop",
                             daemon=True).start()

    def _stop(self, process, conn, timeout: float) -> None:
        if process is None and self._sender is not None:     # still starting: let the sender see _closed
            self._sender.join(timeout)
            process, conn = self._process, self._conn
        if process is not None:
            process.terminate()
            process.join(timeout)
            if process.is_alive():
                process.kill()
                process.join(timeout)
        if self._reader is not None:
            self._reader.join(timeout)
        if conn is not None:
            try:
                conn.close()
            except OSError:
                pass


def stop_thinking(worker: AIWorker | None, executor: Executor | None) -> tuple[None, None]:
    """Stop what thinks for a table or a review, the worker process and the thread beside it (either
    may be None), waiting for neither: a search still running is abandoned. Returns (None, None) for
    the caller's two fields."""
    if worker is not None:
        worker.shutdown()
    if executor is not None:
        executor.shutdown(wait=False, cancel_futures=True)
    return None, None
