"""Slider: a labelled horizontal track for a whole-number value (volume)."""

from __future__ import annotations

from typing import Callable

import pygame

from revolt_table.ui import draw, theme
from revolt_table.ui.fonts import font
from revolt_table.ui.widgets.base import Widget, draw_focus_ring


class Slider(Widget):
    """Value from `minimum` to `maximum` in `step`s; drag, click, wheel or Left/Right."""

    def __init__(self, label: str, minimum: int, maximum: int, value: int,
                 on_change: Callable[[int], None] | None = None, *, step: int = 5,
                 label_ratio: float = 0.45, name: str = "", fmt: Callable[[int], str] = str) -> None:
        super().__init__()
        self.fmt = fmt                     # the value as shown at the right ("50 %")
        self.label = label
        self.minimum, self.maximum, self.step = minimum, maximum, step
        self.value = min(max(value, minimum), maximum)
        self.on_change = on_change
        self.label_ratio = label_ratio if label else 0.0
        self.name = name or label
        self.dragging = False

    @property
    def track_rect(self) -> pygame.Rect:
        label_w = int(self.rect.width * self.label_ratio)
        value_w = int(self.rect.height * (2.0 if self.fmt is not str else 1.6))
        widest = font(self.font_size, True).size(self.fmt(self.maximum))[0]     # "1087/1087": clear of the knob
        value_w = max(value_w, widest + self.rect.height // 2)
        x = self.rect.x + label_w + self.rect.height // 3
        return pygame.Rect(x, self.rect.centery - self.rect.height // 10,
                           self.rect.right - value_w - x, max(4, self.rect.height // 5))

    def set_value(self, value: int) -> bool:
        value = min(max(int(round(value)), self.minimum), self.maximum)
        if value == self.value:
            return False
        self.value = value
        if self.on_change is not None:
            self.on_change(value)
        return True

    def adjust(self, step: int) -> bool:
        return self.set_value(self.value + step * self.step)

    def _value_at(self, x: int) -> int:
        track = self.track_rect
        f = (x - track.x) / max(1, track.width)
        raw = self.minimum + f * (self.maximum - self.minimum)
        return int(round(raw / self.step) * self.step)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            if self.dragging:
                self.set_value(self._value_at(event.pos[0]))
                return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.track_rect.inflate(self.rect.height // 2, self.rect.height).collidepoint(event.pos):
                self.dragging = True
                self.set_value(self._value_at(event.pos[0]))
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        elif event.type == pygame.MOUSEWHEEL and self.hovered:
            self.adjust(1 if event.y > 0 else -1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        if self.label_ratio:
            room = self.track_rect.x - self.rect.x - self.rect.height // 3
            size = draw.fit_text(self.label, self.font_size, room)
            draw.text(surface, self.label, size, theme.TEXT, midleft=(self.rect.x, self.rect.centery))
        track = self.track_rect
        radius = track.height // 2
        pygame.draw.rect(surface, theme.TRACK, track, border_radius=radius)
        f = (self.value - self.minimum) / max(1, self.maximum - self.minimum)
        filled = track.copy()
        filled.width = max(track.height, int(track.width * f))
        pygame.draw.rect(surface, theme.GOLD_DARK if not (self.hovered or self.focused) else theme.GOLD,
                         filled, border_radius=radius)
        knob_r = max(6, self.rect.height // 4)
        knob = (track.x + int(track.width * f), track.centery)
        pygame.draw.circle(surface, theme.SHADOW, (knob[0], knob[1] + 2), knob_r)
        pygame.draw.circle(surface, theme.GOLD_LIGHT, knob, knob_r)
        pygame.draw.circle(surface, theme.GOLD_DARK, knob, knob_r, max(1, knob_r // 5))
        draw.text(surface, self.fmt(self.value), self.font_size, theme.TEXT, bold=True,
                  midright=(self.rect.right, self.rect.centery))
        if self.focused:
            ring = pygame.Rect(track.x - knob_r, self.rect.y, track.width + 2 * knob_r, self.rect.height)
            draw_focus_ring(surface, ring, self.rect.height // 5)
