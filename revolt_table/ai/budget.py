"""How much thinking one ai:hard decision gets, and the statistics that stop it early.

Two limits, for two reasons:
- `playouts`, a count of simulated continuations: deterministic, so the same arena arguments give the
  same table on any machine (what benchmarks and tests need), and calibrated per family so that a
  decision takes well under a second on one core of the reference machine;
- `seconds`, a wall-clock cap: what a player waits at most, whatever the machine or its load. The AI
  worker sets it (INTERACTIVE_SECONDS); the arena leaves it off, since a clock makes results depend on
  the machine's speed.
A search may stop before either limit when one candidate is clearly best (`clearly_best`): time a
player would spend waiting for nothing.
"""

from __future__ import annotations

import gc
import math
import time
from dataclasses import dataclass

INTERACTIVE_SECONDS = 0.9     # the AI worker's cap for ai:hard: under 1 s per decision on one core


def settle_after_decision() -> None:
    """What a process that does nothing but decide (the AI worker, a benchmark's worker) does once it
    has answered, while the table animates the move: collect the decision's cyclic garbage, then
    freeze everything still alive (`gc.freeze`) so that later collections skip it.

    Why: ai:hard's caches (hand plans, combination tables) grow to hundreds of thousands of entries,
    and every full collection re-scanned them: pauses of 0.3-0.4 s after a few hundred deals, which
    land inside a decision and push it past its clock (1.19 s of CPU under the 0.9 s cap in a ladder
    of 1,000 deals). After a freeze a collection scans only what was made since, a few milliseconds.
    Not for a process with a life of its own (the UI): a frozen cycle that dies later is never freed."""
    gc.collect()
    gc.freeze()


@dataclass(frozen=True)
class Budget:
    """playouts: simulations per decision (one candidate move on one determinization each);
    seconds: wall-clock cap or None; min_rounds: determinizations before an early stop may happen;
    z: how many standard errors make a candidate "clearly" worse than the leader (racing);
    keep_z: how clearly a challenger must beat the heuristic's own move to replace it."""

    playouts: int = 400
    seconds: float | None = None
    min_rounds: int = 8
    z: float = 2.5
    keep_z: float = 1.0

    def clock(self) -> Clock:
        return Clock(self.seconds)


class Clock:
    """A deadline that may be absent (then it never expires)."""

    __slots__ = ("deadline",)

    def __init__(self, seconds: float | None) -> None:
        self.deadline = None if seconds is None else time.perf_counter() + seconds

    def expired(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline


class Paired:
    """Running mean and variance of the paired difference between two candidates' results.

    Candidates are evaluated on the same determinizations with the same play-out seeds (common random
    numbers), so the difference of their results cancels most of the luck of the deal: a few dozen
    pairs tell two moves apart where independent samples would need hundreds.
    """

    __slots__ = ("m2", "mean", "n")

    def __init__(self) -> None:
        self.n = 0
        self.mean = 0.0
        self.m2 = 0.0

    def add(self, diff: float) -> None:
        """Welford's update."""
        self.n += 1
        delta = diff - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (diff - self.mean)

    def stderr(self) -> float:
        if self.n < 2:
            return math.inf
        return math.sqrt(max(self.m2 / (self.n - 1), 1e-12) / self.n)

    def clearly_positive(self, z: float) -> bool:
        """Is the first candidate better than the second by more than z standard errors?"""
        return self.mean - z * self.stderr() > 0
