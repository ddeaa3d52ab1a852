"""Shared scene chrome: felt backdrop, page header, a panel scene with keyboard focus and the modal
overlay over a frozen scene.

Why: Settings, Rules, New game and Results look like pages of one product, and all of them go back
with Esc; the pause menu, the dialogs and the replace-save question are one kind of panel over the
table or page beneath. Subclasses build widgets once and only re-place them in layout().
"""

from __future__ import annotations

import math

import pygame

from revolt_table.ui import draw, recorder, theme
from revolt_table.ui.scene import Scene
from revolt_table.ui.theme import Metrics
from revolt_table.ui.widgets import FocusGroup


def draw_backdrop(surface: pygame.Surface) -> None:
    surface.blit(draw.felt_background(surface.get_size()), (0, 0))


def draw_header(surface: pygame.Surface, m: Metrics, title: str) -> int:
    """Page title centred near the top with a gold rule under it; returns the y below it."""
    y = m.pad + m.font_title // 2 + m.px(8)
    size = draw.fit_text(title, m.font_title, m.width - 2 * m.pad, bold=True)      # a long verdict fits
    rect = draw.text(surface, title, size, theme.GOLD_LIGHT, bold=True,
                     center=(m.width // 2, y), shadow=True)
    rule_y = rect.bottom + m.px(10)
    draw.gold_rule(surface, (m.width // 2, rule_y), min(m.width - 2 * m.pad, m.px(420)), max(1, m.px(2)))
    return rule_y + m.px(14)


def header_bottom(m: Metrics) -> int:
    """Where draw_header's content ends, without drawing (for layout)."""
    y = m.pad + m.font_title // 2 + m.px(8)
    text_h = draw.render_text("Ag", m.font_title, theme.GOLD_LIGHT, True).get_height()
    return y + text_h // 2 + m.px(10) + m.px(22)


class FocusScene(Scene):
    """A scene whose widgets share one focus group (`self.group`, a FocusGroup or a Menu): Esc is its
    way back (`back`), every other event goes to the group, and the group animates.

    A scene that sets `quiet` is drawn only when something changed (issue 30): after input, and when a
    widget asks (a text field's caret blinks); one with other things moving by themselves leaves it
    False (drawn every frame) or says so in its own idle_for."""

    quiet: bool = True
    group: FocusGroup

    def back(self) -> None:
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return self.group.handle_event(event)

    def update(self, dt: float) -> None:
        self.group.update(dt)

    def idle_for(self) -> float:
        return self.group.idle_for() if self.quiet else 0.0


class OverlayScene(FocusScene):
    """A modal panel over the scene beneath (pause menu, dialogs, the replace-save question). Only the
    top scene updates, so what is beneath is frozen while the overlay is up: the first frame dims it
    once and keeps the picture, later frames start from that picture and stop redrawing what is
    underneath (cheap frames over a busy table). Anything that may change what is beneath (on_enter
    after a scene above closes, a resize, another language) calls `forget_beneath`."""

    opaque = False

    def __init__(self, app) -> None:
        super().__init__(app)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self._snapshot: pygame.Surface | None = None

    def forget_beneath(self) -> None:
        self._snapshot = None
        self.opaque = False

    def on_enter(self) -> None:
        self.forget_beneath()

    def draw_beneath(self, surface: pygame.Surface) -> None:
        """The dimmed scene beneath: drawn by the App under us the first time, then our kept copy."""
        if self._snapshot is not None:
            surface.blit(self._snapshot, (0, 0))
            return
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill(theme.DIM)
        surface.blit(veil, (0, 0))
        self._snapshot = surface.copy()
        self.opaque = True


class PageScene(FocusScene):
    """A full-screen page: felt, a header, an optional panel and a FocusGroup of widgets (drawn every
    frame unless it sets `quiet`)."""

    title: str = ""
    quiet: bool = False

    def __init__(self, app) -> None:
        super().__init__(app)
        self.group = FocusGroup()
        self.panel_rect: pygame.Rect | None = None

    def draw(self, surface: pygame.Surface) -> None:
        key = (surface.get_size(), self.title, tuple(self.panel_rect) if self.panel_rect else None,
               draw.felt_texture())
        if getattr(self, "_background_key", None) != key:
            # felt + header + panel never change between layouts: compose them once (one opaque blit a frame)
            background = pygame.Surface(surface.get_size()).convert(surface)
            draw_backdrop(background)
            draw_header(background, self.metrics, self.title)
            if self.panel_rect is not None:
                draw.panel(background, self.panel_rect, self.metrics.radius * 2)
            self._background, self._background_key = background, key
        surface.blit(self._background, (0, 0))
        self.draw_content(surface)
        self.group.draw(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Extra drawing between the panel and the widgets (labels, tables)."""

    def widget(self, name: str):
        """Find a widget by its name (tests and scripted input use this)."""
        for w in self.group.widgets:
            if getattr(w, "name", None) == name:
                return w
        raise KeyError(name)


class ReadingPage(PageScene):
    """A page showing what a background reader of the history (ui/history_loader.py, `self.loader`)
    finds: each update takes its answers (`take_answers`) and shows the recorder's notices; while it
    still reads, a frame comes every READING_POLL seconds so its answers appear without input (issue
    30); `wait_loaded` blocks until it is done (tests, screenshots, the CLI's window)."""

    quiet = True

    def still_reading(self) -> bool:
        raise NotImplementedError

    def take_answers(self) -> None:
        raise NotImplementedError

    def wait_loaded(self, timeout: float = 30.0) -> None:
        self.loader.wait(timeout)
        self.take_answers()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.take_answers()
        recorder.show_notices(self.app)

    def idle_for(self) -> float:
        return min(READING_POLL if self.still_reading() else math.inf, super().idle_for())


READING_POLL = 0.1         # seconds between frames while the history is read (issue 30)
