"""Tweens, easing and the event animation queue of the table.

Why a queue of "beats": engine events arrive in bursts (one human click can resolve a whole round:
chosen, revealed, verdict, stack taken, next centre card). The table turns each event into a Beat (a
group of tweens that run together plus what to change when it starts and ends) and plays beats one
after another. Every beat can be skipped (click or key), and the animation speed setting scales all
durations; speed 0 plays every beat instantly, so the same code path runs with animations off (tests).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable


# ------------------------------------------------------------------------------------------ easing

def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def approach(current: float, target: float, rate: float, dt: float) -> float:
    """Frame-rate independent exponential approach (hover lifts, focus glows)."""
    if rate <= 0:
        return target
    return target + (current - target) * math.exp(-rate * dt)


# ------------------------------------------------------------------------------------------ tweens

@dataclass
class Tween:
    """Calls on_update(eased progress 0..1) over `duration` seconds after `delay`; on_done once at the end."""

    duration: float
    on_update: Callable[[float], None] | None = None
    ease: Callable[[float], float] = ease_out_cubic
    delay: float = 0.0
    on_done: Callable[[], None] | None = None
    on_start: Callable[[], None] | None = None
    elapsed: float = 0.0
    started: bool = False
    done: bool = False

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        local = self.elapsed - self.delay
        if local < 0:
            return
        if not self.started:
            self.started = True
            if self.on_start:
                self.on_start()
        t = 1.0 if self.duration <= 0 else min(1.0, local / self.duration)
        if self.on_update:
            self.on_update(self.ease(t))
        if t >= 1.0:
            self.finish()

    def finish(self) -> None:
        """Jump to the end (used when a beat is skipped)."""
        if self.done:
            return
        if not self.started:
            self.started = True
            if self.on_start:
                self.on_start()
        if self.on_update:
            self.on_update(self.ease(1.0))
        self.done = True
        if self.on_done:
            self.on_done()

    @property
    def total(self) -> float:
        return self.delay + self.duration


#: standard beat names a click or key cuts short (Beat.skippable's default). While one plays the table takes
#: no move (a press only skips it); "choose" flights let input through, for the decision shown (TableScene)
SKIPPABLE = frozenset({"deal", "reveal", "fight", "sweep", "count", "end_show", "end_hold"})
#: standard names of the end-of-game show (Beat.end's default)
END_BEATS = frozenset({"end_show", "count"})


@dataclass
class Beat:
    """One step of the show: tweens that run together, plus a hold so text can be read.

    on_start runs when the beat begins (change the table model here so layouts know the targets);
    on_end runs once every tween is done (or skipped). `hold` keeps the beat on screen after its tweens
    (a verdict to read).

    How the table treats a beat is said by three flags (a family sets them on its own beats; left as
    None, the first two follow the standard names in SKIPPABLE and END_BEATS):
      skippable       a click or key ends it at once, and the viewer cannot play while it runs
                      (False: "choose" flights and the like, which let input through);
      end             part of the end-of-game show: skipping one skips the end beats right after it,
                      up to a beat that waits for a click;
      wait_for_click  it stays after its tweens until skipped (a summary to read); `hold` is ignored.
    """

    name: str
    tweens: list[Tween] = field(default_factory=list)
    hold: float = 0.0
    on_start: Callable[["Beat"], None] | None = None
    on_end: Callable[[], None] | None = None
    skippable: bool | None = None
    end: bool | None = None
    wait_for_click: bool = False
    started: bool = False
    elapsed: float = 0.0
    finished: bool = False
    data: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.skippable is None:
            self.skippable = self.name in SKIPPABLE or self.wait_for_click
        if self.end is None:
            self.end = self.name in END_BEATS

    @property
    def length(self) -> float:
        """Seconds it plays by itself (tweens and hold; a beat that waits for a click: its tweens)."""
        return max((t.total for t in self.tweens), default=0.0) + (0.0 if self.wait_for_click else self.hold)

    def start(self) -> None:
        if not self.started:
            self.started = True
            if self.on_start:
                self.on_start(self)

    def update(self, dt: float) -> None:
        self.start()
        self.elapsed += dt
        for tween in self.tweens:
            tween.update(dt)
        if self.elapsed >= self.length and all(t.done for t in self.tweens) and not self.wait_for_click:
            self.finish()

    def finish(self) -> None:
        if self.finished:
            return
        self.start()
        for tween in self.tweens:
            tween.finish()
        self.finished = True
        if self.on_end:
            self.on_end()

    @property
    def progress(self) -> float:
        return 1.0 if self.length <= 0 else min(1.0, self.elapsed / self.length)


class AnimationQueue:
    """Plays beats in order. `speed` multiplies time (2 = twice as fast); 0 plays everything at once."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self.beats: list[Beat] = []
        self.ambient: list[Tween] = []      # tweens that run beside the queue (hover, pulses)

    @property
    def idle(self) -> bool:
        return not self.beats

    @property
    def current(self) -> Beat | None:
        return self.beats[0] if self.beats else None

    def push(self, beat: Beat) -> Beat:
        self.beats.append(beat)
        if self.speed <= 0:
            self.flush()
        return beat

    def update(self, dt: float) -> None:
        if self.speed <= 0:
            self.flush()
        else:
            budget = dt * self.speed
            # a finished beat hands the rest of the frame to the next one, so queues never stutter
            while self.beats and budget >= 0:
                beat = self.beats[0]
                before = beat.elapsed
                beat.update(budget)
                if beat.finished:
                    self.beats.pop(0)
                    budget -= max(0.0, beat.length - before)
                    if budget <= 0:
                        break
                else:
                    break
        for tween in self.ambient:
            tween.update(dt)
        self.ambient = [t for t in self.ambient if not t.done]

    def skip(self) -> bool:
        """Finish the current beat at once (a click or key); True if something was skipped."""
        if self.beats and self.beats[0].skippable:
            beat = self.beats.pop(0)
            beat.finish()
            return True
        return False

    def skip_all(self) -> None:
        """Finish every queued beat, including ones pushed while finishing (used by speed 0)."""
        guard = 0
        while self.beats and guard < 10000:
            self.beats.pop(0).finish()
            guard += 1

    flush = skip_all
