"""The Scene base class: one screen of the game, driven by the App's loop.

Why this shape: the App owns the only loop, so a scene never blocks; it reacts to events, advances its
own animations by dt and draws itself. Scenes change the stack through app.push/pop/replace.

Why `idle_for` (issue 30): the App draws only when something changed, so a scene says when it next
needs a frame: 0 while something on it moves, the time until its next slow change (a caret's blink),
or `math.inf` when only input (or `app.invalidate()`) changes it. The App keeps drawing for a moment
after every event anyway (hover glows easing out), so a scene only speaks for what moves by itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from revolt_table.ui.theme import Metrics

if TYPE_CHECKING:
    from revolt_table.ui.app import App


class Scene:
    """Override what you need; every method has a harmless default."""

    #: False for overlays (Esc menu): the scene below is drawn first, then this one on top.
    opaque: bool = True

    def __init__(self, app: "App") -> None:
        self.app = app

    @property
    def metrics(self) -> Metrics:
        """Sizes for the current window (recomputed by the App on resize)."""
        return self.app.metrics

    @property
    def size(self) -> tuple[int, int]:
        return self.app.size

    def on_enter(self) -> None:
        """Called when the scene becomes the top of the stack (pushed, or uncovered by a pop)."""

    def on_exit(self) -> None:
        """Called when the scene stops being on top (popped, replaced or covered by a push)."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """Lay out for a window of `size`. Called once before the first frame and after every resize."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one event; return True if it was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations by dt seconds (only the top scene is updated)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene (or, for an overlay, just its layer)."""

    def idle_for(self) -> float:
        """Seconds until this scene needs its next frame drawn when no input comes: 0 while it animates
        (the default: a scene that says nothing is drawn every frame), math.inf when it is still. Its
        update still runs now and then (the App's IDLE_POLL) to look at background work."""
        return 0.0
