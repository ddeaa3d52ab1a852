"""The Review's analysis, off the frame loop: one decision at a time in the AI worker process.

Why it starts by itself and in this order (issue 30: the review answers at once): the player opens the
Review to read it, so the analysis starts with the screen, at the move shown, then works outward from
wherever the player is looking (the nearest decision next, later ones before earlier ones at the same
distance); stepping elsewhere moves the work there. Why two passes: a first pass with a small budget
(QUICK_BUDGET: about half a second a decision at most, so a whole Dou Dizhu deal is read in well under
20 s on one core and the move shown within 2 s of opening), then a second that refines every answer
with the full budget (WINDOW_BUDGET) while the player reads; each answer replaces the one before it as
it arrives. Leaving the Review stops the work (close()).

Where: the AI worker process (ai/worker.py, `AIWorker.call(analysis.analyse_job, ...)`), as the table's
ai:hard seats think, so the window never waits for a search; if the process cannot start, a thread
does the work (slower frames, same answers). Answers are ai.analysis.Analysis records; `on_answer`
(any thread) is told when one arrives, so a sleeping window wakes at once.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Callable

from revolt_table.ai import analysis
from revolt_table.ai.budget import INTERACTIVE_SECONDS
from revolt_table.ai.worker import AIWorker, WorkerUnavailable, stop_thinking
from revolt_table.ui.scenes.review_model import Decision

log = logging.getLogger(__name__)

#: the first pass: ai:hard at a third of a second, then at most 240 play-outs or 0.35 s per decision
QUICK_BUDGET = analysis.AnalysisBudget(playouts=240, seconds=0.35, hard_seconds=0.3)
#: the second pass: ai:hard's own cap, then at most 960 play-outs or three seconds
WINDOW_BUDGET = analysis.AnalysisBudget(playouts=960, seconds=3.0, hard_seconds=INTERACTIVE_SECONDS)


def decision_seed(game_seed: int, step: int) -> int:
    """A decision's seed: the same game analysed twice gives the same answers (without a clock)."""
    return (game_seed * 1_000_003 + step * 7_919) % (2**32)


class AnalysisRunner:
    """Analyse `decisions` (step -> Decision) in passes, one budget each (`quick` first unless None, then
    `budget`); `results`, `failed`, `done`, `total`, `refining`, `working_on()` for the screen."""

    def __init__(self, rules, decisions: dict[int, Decision], game_seed: int,
                 budget: analysis.AnalysisBudget = WINDOW_BUDGET, use_process: bool = True,
                 quick: analysis.AnalysisBudget | None = QUICK_BUDGET) -> None:
        self.rules = rules
        self.decisions = decisions
        self.game_seed = game_seed
        self.budgets: tuple[analysis.AnalysisBudget, ...] = (quick, budget) if quick is not None else (budget,)
        self.use_process = use_process
        self.results: dict[int, analysis.Analysis] = {}
        self.failed: set[int] = set()
        self.started = False
        self.on_answer: Callable[[], None] | None = None
        self._pass = 0
        self._finished: set[int] = set()          # decisions done in this pass
        self._queue: list[int] = []
        self._at = 0                              # the move the player looks at, as last polled
        self._job: tuple[int, Future] | None = None
        self._worker: AIWorker | None = None
        self._executor: ThreadPoolExecutor | None = None

    @property
    def budget(self) -> analysis.AnalysisBudget:
        """The budget of the last pass (the answers a finished analysis shows)."""
        return self.budgets[-1]

    @budget.setter
    def budget(self, value: analysis.AnalysisBudget) -> None:
        """One pass at this budget (tests, tools)."""
        self.budgets = (value,)

    # ---------------------------------------------------------------- state
    @property
    def total(self) -> int:
        return len(self.decisions)

    @property
    def done(self) -> int:
        """Decisions finished in the pass under way (all of them once everything is done)."""
        return self.total if not self.running else len(self._finished)

    @property
    def refining(self) -> bool:
        """Is a pass after the first under way (every decision has a first answer)?"""
        return self.running and self._pass > 0

    @property
    def running(self) -> bool:
        return self.started and self._pass < len(self.budgets) and self.total > 0

    def working_on(self) -> int | None:
        return self._job[0] if self._job is not None else None

    # ---------------------------------------------------------------- driving
    def start(self, current: int) -> None:
        """Analyse every decision, from `current` outward (see the module docstring)."""
        if self.started:
            return
        self.started = True
        self._queue = sorted(self.decisions)
        self.poll(current)

    def poll(self, current: int) -> bool:
        """Collect a finished job and start the next one (called every frame); True if anything changed."""
        self._at = current
        changed = False
        if self._job is not None:
            step, future = self._job
            if not future.done():
                return False
            self._job = None
            self._finished.add(step)
            changed = True
            try:
                self.results[step] = future.result()
                self.failed.discard(step)
            except Exception as exc:  # noqa: BLE001 - a failed analysis is said, never a crash
                log.warning("review: analysing move %d failed: %s", step, exc)
                if step not in self.results:
                    self.failed.add(step)
        if not self._queue and self.running:
            self._pass += 1                          # this pass is over: the next one, if any
            self._finished = set()
            self._queue = sorted(self.decisions) if self.running else []
            changed = True
        if not self._queue:
            return changed
        step = min(self._queue, key=lambda s: (abs(s - current), s < current))
        self._queue.remove(step)
        self._job = (step, self._submit(self.decisions[step], self.budgets[self._pass]))
        return True

    def _submit(self, d: Decision, budget: analysis.AnalysisBudget) -> Future:
        args = (str(self.rules.path), self.rules.variant, d.view, list(d.legal), d.played, budget,
                decision_seed(self.game_seed, d.step))
        future = None
        if self.use_process:
            try:
                if self._worker is None:
                    self._worker = AIWorker()
                future = self._worker.call(analysis.analyse_job, *args)
            except WorkerUnavailable:
                log.warning("review: the AI worker process is not available; analysing in a thread")
                self.use_process = False
        if future is None:
            if self._executor is None:
                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="revolt-review")
            future = self._executor.submit(analysis.analyse_job, *args)
        future.add_done_callback(self._answered)
        return future

    def _answered(self, _future: Future) -> None:
        if self.on_answer is not None:
            self.on_answer()

    def wait(self, timeout: float = 120.0) -> None:
        """Block until every decision is analysed in every pass, outward from the move last looked at
        (tests, screenshots)."""
        import time

        deadline = time.monotonic() + timeout
        while self.running and time.monotonic() < deadline:
            if self._job is not None:
                try:
                    self._job[1].result(max(0.0, deadline - time.monotonic()))
                except Exception:  # noqa: BLE001 - poll records it
                    pass
            self.poll(self._at)

    def close(self) -> None:
        """Stop: cancel what is queued, stop the process (never waits for a search)."""
        self._queue.clear()
        self._pass = len(self.budgets)
        self.on_answer = None
        if self._job is not None:
            self._job[1].cancel()
            self._job = None
        self._worker, self._executor = stop_thinking(self._worker, self._executor)
