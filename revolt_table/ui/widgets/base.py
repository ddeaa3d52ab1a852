"""Widget base class and the keyboard focus ring drawing shared by all widgets.

Why a tiny base: scenes treat every control the same way (rect, events, update, draw), and a FocusGroup
can move keyboard focus across any mix of buttons, selectors, sliders and text fields.
"""

from __future__ import annotations

import math

import pygame

from revolt_table.ui import theme


class Widget:
    focusable: bool = True

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.focused = False
        self.hovered = False
        self.enabled = True
        self.visible = True

    def set_rect(self, rect: pygame.Rect | tuple[int, int, int, int]) -> None:
        """Place the widget; fonts and inner parts scale with the rect's height."""
        self.rect = pygame.Rect(rect)

    @property
    def font_size(self) -> int:
        return max(10, int(self.rect.height * 0.40))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Mouse (and, when focused, keyboard) input. Return True if used."""
        return False

    def pressed_on(self, event: pygame.event.Event) -> bool:
        """What every clickable widget's handle_event does first: the hover follows the pointer, and
        True says the event is a left-button press on the widget (what that does is the widget's)."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        return event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos)

    def activate(self) -> bool:
        """Enter/Space while focused. Return True if something happened."""
        return False

    def adjust(self, step: int) -> bool:
        """Left (-1) / Right (+1) while focused. Return True if the value changed."""
        return False

    def update(self, dt: float) -> None:
        pass

    def idle_for(self) -> float:
        """Seconds until it changes by itself (a blink); math.inf: only input changes it."""
        return math.inf

    def draw(self, surface: pygame.Surface) -> None:
        pass


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
    """A gold outline just outside `rect`: where the keyboard is."""
    width = max(2, rect.height // 16)
    pygame.draw.rect(surface, theme.GOLD_LIGHT, rect.inflate(2 * width + 2, 2 * width + 2),
                     width=width, border_radius=radius + width)


def approach(value: float, target: float, dt: float, rate: float = 12.0) -> float:
    """Ease `value` toward `target` (frame-rate independent exponential smoothing)."""
    return target + (value - target) * math.exp(-rate * dt)
