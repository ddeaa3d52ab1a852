"""Token counts that change as tokens land, and tokens (coins, points) flying between named spots.

Why: the engine's numbers change at once when a move is applied, but on the table a coin should leave
one count and add to another only when it arrives. A table shows `ledger.value(key)` (the model's
number plus what has landed since the model last synced) and lets `TokenFlights.add` move tokens in
a beat; a new game family with tokens reuses both and only says where each key sits on screen.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

import pygame

from revolt_table.ui.anim import Beat, Tween, ease_in_out_cubic

#: (source key, target key, kind, amount)
TokenMove = tuple[str, str, str, int]


class TokenLedger:
    """Shown counts per key: `base(key)` (read from the model's info) plus the deltas landed since that
    info object was made; a fresh info (the model re-synced) forgets the deltas, its numbers hold them."""

    def __init__(self, info: Callable[[], object], base: Callable[[str], int]) -> None:
        self.info = info
        self.base = base
        self.deltas: dict[str, int] = {}
        self._info = None

    def _fresh(self) -> None:
        info = self.info()
        if self._info is not info:
            self.deltas = {}
            self._info = info

    def value(self, key: str) -> int:
        self._fresh()
        return self.base(key) + self.deltas.get(key, 0)

    def land(self, key: str, delta: int) -> None:
        self._fresh()
        self.deltas[key] = self.deltas.get(key, 0) + delta


class TokenFlights:
    """Tokens in the air: each arcs from the anchor of its source key to its target's in 0.5 s (at
    most six drawn per move, a larger amount counted in one go at the end) and lands in the ledger.
    Keys starting with one of `uncounted` (e.g. "slot:" for a coin lying on a card) are places
    without a count."""

    def __init__(self, ledger: TokenLedger, anchor: Callable[[str], tuple[int, int]],
                 icon: Callable[[str, int], pygame.Surface], sound: Callable[[], None] = lambda: None,
                 uncounted: tuple[str, ...] = ("slot:",)) -> None:
        self.ledger = ledger
        self.anchor = anchor
        self.icon = icon
        self.sound = sound
        self.uncounted = uncounted
        self.flights: list[dict] = []

    def counted(self, key: str) -> bool:
        return not key.startswith(self.uncounted)

    def add(self, beat: Beat, moves: Iterable[TokenMove], land: bool = True, delay: float = 0.0) -> None:
        """Add the flights of `moves` to `beat`, one every 0.08 s from `delay`. With land=False only
        the source counts down (as each token takes off); the target is left to the caller."""
        k = 0
        for source, target, kind, amount in moves:
            for _ in range(max(1, min(amount, 6))):
                f = {"from": self.anchor(source), "to": self.anchor(target), "kind": kind, "t": 0.0}
                self.flights.append(f)
                per = amount if amount <= 6 else 0

                def update(t: float, f=f) -> None:
                    f["t"] = t

                def done(f=f, source=source, target=target, per=per) -> None:
                    if f in self.flights:
                        self.flights.remove(f)
                    if land:
                        for key, sign in ((source, -1), (target, 1)):
                            if self.counted(key):
                                self.ledger.land(key, sign * (1 if per else 0))

                def take_off(source=source) -> None:
                    if not land and self.counted(source):
                        self.ledger.land(source, -1)
                    self.sound()

                beat.tweens.append(Tween(0.5, update, ease_in_out_cubic, delay=delay + 0.08 * k,
                                         on_start=take_off, on_done=done))
                k += 1
            if amount > 6 and land:        # many at once: count them in one go at the end
                def bulk(source=source, target=target, amount=amount) -> None:
                    for key, sign in ((source, -1), (target, 1)):
                        if self.counted(key):
                            self.ledger.land(key, sign * amount)
                beat.tweens.append(Tween(0.01, None, delay=delay + 0.6, on_done=bulk))

    def draw(self, surface: pygame.Surface, size: int, arc: int) -> None:
        """Every token in the air, `size` px, on a path bowed `arc` px upwards."""
        for f in self.flights:
            t = f["t"]
            if t <= 0:
                continue
            (x0, y0), (x1, y1) = f["from"], f["to"]
            x = x0 + (x1 - x0) * t
            y = y0 + (y1 - y0) * t - math.sin(math.pi * t) * arc
            icon = self.icon(f["kind"], size)
            surface.blit(icon, icon.get_rect(center=(round(x), round(y))))
