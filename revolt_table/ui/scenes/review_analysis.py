"""The Review's analysis, off the frame loop: one decision at a time in the AI worker process.

Why one at a time and in this order: a player asks (A) while looking at a move, so that move comes
first, then the ones after it (where the player will step next), then the earlier ones; moving to
another move while the analysis runs puts that one next. A decision costs up to about four seconds
(ai/analysis.py), so a long game fills in over a minute or two while the player reads.

Where: the AI worker process (ai/worker.py, `AIWorker.call(analysis.analyse_job, ...)`), as the table's
ai:hard seats think, so the window never waits for a search; if the process cannot start, a thread
does the work (slower frames, same answers). Answers are ai.analysis.Analysis records.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future, ThreadPoolExecutor

from revolt_table.ai import analysis
from revolt_table.ai.budget import INTERACTIVE_SECONDS
from revolt_table.ai.worker import AIWorker, WorkerUnavailable
from revolt_table.ui.scenes.review_model import Decision

log = logging.getLogger(__name__)

#: the window's budget per decision: ai:hard's own cap, then at most 960 play-outs or three seconds
WINDOW_BUDGET = analysis.AnalysisBudget(playouts=960, seconds=3.0, hard_seconds=INTERACTIVE_SECONDS)


def decision_seed(game_seed: int, step: int) -> int:
    """A decision's seed: the same game analysed twice gives the same answers (without a clock)."""
    return (game_seed * 1_000_003 + step * 7_919) % (2**32)


class AnalysisRunner:
    """Analyse `decisions` (step -> Decision) on request; `results`, `failed`, `pending` for the screen."""

    def __init__(self, rules, decisions: dict[int, Decision], game_seed: int,
                 budget: analysis.AnalysisBudget = WINDOW_BUDGET, use_process: bool = True) -> None:
        self.rules = rules
        self.decisions = decisions
        self.game_seed = game_seed
        self.budget = budget
        self.use_process = use_process
        self.results: dict[int, analysis.Analysis] = {}
        self.failed: set[int] = set()
        self.started = False
        self._queue: list[int] = []
        self._job: tuple[int, Future] | None = None
        self._worker: AIWorker | None = None
        self._executor: ThreadPoolExecutor | None = None

    # ---------------------------------------------------------------- state
    @property
    def total(self) -> int:
        return len(self.decisions)

    @property
    def done(self) -> int:
        return len(self.results) + len(self.failed)

    @property
    def running(self) -> bool:
        return self.started and self.done < self.total

    def working_on(self) -> int | None:
        return self._job[0] if self._job is not None else None

    # ---------------------------------------------------------------- driving
    def start(self, current: int) -> None:
        """Analyse every decision, from `current` on (see the module docstring)."""
        if self.started:
            return
        self.started = True
        self._queue = sorted(self.decisions)
        self.poll(current)

    def poll(self, current: int) -> None:
        """Collect a finished job and start the next one (called every frame)."""
        if self._job is not None:
            step, future = self._job
            if not future.done():
                return
            self._job = None
            try:
                self.results[step] = future.result()
            except Exception as exc:  # noqa: BLE001 - a failed analysis is said, never a crash
                log.warning("review: analysing move %d failed: %s", step, exc)
                self.failed.add(step)
        if not self._queue:
            return
        later = [s for s in self._queue if s >= current]
        step = later[0] if later else self._queue[0]
        self._queue.remove(step)
        self._job = (step, self._submit(self.decisions[step]))

    def _submit(self, d: Decision) -> Future:
        args = (str(self.rules.path), self.rules.variant, d.view, list(d.legal), d.played, self.budget,
                decision_seed(self.game_seed, d.step))
        if self.use_process:
            try:
                if self._worker is None:
                    self._worker = AIWorker()
                return self._worker.call(analysis.analyse_job, *args)
            except WorkerUnavailable:
                log.warning("review: the AI worker process is not available; analysing in a thread")
                self.use_process = False
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="revolt-review")
        return self._executor.submit(analysis.analyse_job, *args)

    def wait(self, timeout: float = 120.0) -> None:
        """Block until every decision is analysed (tests, screenshots)."""
        import time

        deadline = time.monotonic() + timeout
        while self.running and time.monotonic() < deadline:
            if self._job is not None:
                try:
                    self._job[1].result(max(0.0, deadline - time.monotonic()))
                except Exception:  # noqa: BLE001 - poll records it
                    pass
            self.poll(0)

    def close(self) -> None:
        """Stop: cancel what is queued, stop the process (never waits for a search)."""
        self._queue.clear()
        if self._job is not None:
            self._job[1].cancel()
            self._job = None
        if self._worker is not None:
            self._worker.shutdown()
            self._worker = None
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
