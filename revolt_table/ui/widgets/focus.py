"""FocusGroup and Menu: keyboard navigation across a scene's controls.

Why: every screen must work with arrows/Enter/Esc alone. Focus follows the mouse too, so the gold ring
always shows what Enter will do.
"""

from __future__ import annotations

import math

from typing import Iterable, Sequence

import pygame

from revolt_table.ui.widgets.base import Widget

_UP = (pygame.K_UP,)
_DOWN = (pygame.K_DOWN,)
_ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class FocusGroup:
    """Routes events to a list of widgets and moves focus with Up/Down/Tab (Left/Right adjust values)."""

    def __init__(self, widgets: Iterable[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.index = -1
        self.focus_first()

    def set_widgets(self, widgets: Sequence[Widget], keep: bool = True) -> None:
        current = self.focused
        self.widgets = list(widgets)
        self.index = -1
        if keep and current in self.widgets and self._can_focus(current):
            self.focus(current)
        else:
            self.focus_first()

    @property
    def focused(self) -> Widget | None:
        return self.widgets[self.index] if 0 <= self.index < len(self.widgets) else None

    @staticmethod
    def _can_focus(widget: Widget) -> bool:
        return widget.focusable and widget.enabled and widget.visible

    def focus(self, widget: Widget | None) -> None:
        for w in self.widgets:
            w.focused = w is widget
        self.index = self.widgets.index(widget) if widget in self.widgets else -1

    def focus_first(self) -> None:
        self.focus(next((w for w in self.widgets if self._can_focus(w)), None))

    def move(self, step: int) -> None:
        """Focus the next (step=+1) or previous (-1) focusable widget, wrapping around."""
        n = len(self.widgets)
        if n == 0:
            return
        i = self.index if self.index >= 0 else (-1 if step > 0 else 0)
        for _ in range(n):
            i = (i + step) % n
            if self._can_focus(self.widgets[i]):
                self.focus(self.widgets[i])
                return

    def handle_event(self, event: pygame.event.Event) -> bool:
        focused = self.focused
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            if focused is not None and focused.handle_event(event):
                return True
            if event.type != pygame.KEYDOWN:
                return False
            shift = bool(event.mod & pygame.KMOD_SHIFT)
            if event.key in _UP or (event.key == pygame.K_TAB and shift):
                self.move(-1)
                return True
            if event.key in _DOWN or event.key == pygame.K_TAB:
                self.move(+1)
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = -1 if event.key == pygame.K_LEFT else 1
                if focused is not None and focused.adjust(step):
                    return True
                self.move(step)
                return True
            if event.key in _ACTIVATE and focused is not None:
                return focused.activate()
            return False
        used = False
        for widget in list(self.widgets):
            if widget.visible and widget.handle_event(event):
                used = True
                if self._can_focus(widget) and event.type == pygame.MOUSEBUTTONDOWN:
                    self.focus(widget)
        if event.type == pygame.MOUSEMOTION:
            for widget in self.widgets:
                if widget.hovered and self._can_focus(widget):
                    self.focus(widget)
                    break
        return used

    def update(self, dt: float) -> None:
        for widget in self.widgets:
            widget.update(dt)

    def idle_for(self) -> float:
        """How long the group stays as drawn without input (a caret blinks; the rest waits): issue 30."""
        return min((w.idle_for() for w in self.widgets if w.visible), default=math.inf)

    def draw(self, surface: pygame.Surface) -> None:
        for widget in self.widgets:
            if widget.visible and not widget.focused:
                widget.draw(surface)
        if self.focused is not None and self.focused.visible:
            self.focused.draw(surface)     # last, so its focus ring is never covered


class Menu(FocusGroup):
    """A vertical column of buttons (title screen, Esc menu)."""

    def layout(self, center_x: int, top: int, width: int, item_height: int, gap: int) -> pygame.Rect:
        """Stack the visible items downward from `top`; returns the rect they occupy."""
        y = top
        for widget in self.widgets:
            if not widget.visible:
                continue
            widget.set_rect(pygame.Rect(center_x - width // 2, y, width, item_height))
            y += item_height + gap
        return pygame.Rect(center_x - width // 2, top, width, max(0, y - gap - top))

    @staticmethod
    def height_for(count: int, item_height: int, gap: int) -> int:
        return count * item_height + max(0, count - 1) * gap
