"""Widget base class and the keyboard focus ring drawing shared by all widgets.

Why a tiny base: scenes treat every control the same way (rect, events, update, draw), and a FocusGroup
can move keyboard focus across any mix of buttons, selectors, sliders and text fields.
"""

from __future__ import annotations

import math

import pygame

from revolt_table.ui import theme
from revolt_table.ui.fonts import floor, font, text_scale


class Widget:
    focusable: bool = True

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.focused = False
        self.hovered = False
        self.enabled = True
        self.visible = True
        self.design_height = 0            # the height the layout meant, when it squeezed the widget (below)

    def set_rect(self, rect: pygame.Rect | tuple[int, int, int, int]) -> None:
        """Place the widget; fonts and inner parts scale with the rect's height."""
        self.rect = pygame.Rect(rect)

    @property
    def font_size(self) -> int:
        return self.label_size(0.40)

    def label_size(self, share: float) -> int:
        """A label's size: `share` of the height the control has at normal text (theme.Metrics.box grows
        controls less than text), times the player's text size: large labels are 1.2 times larger.
        A layout that squeezed the control into less height than designed (a small window) sets
        `design_height`: the label keeps the designed size as long as its line fits the height, so large
        text stays 1.2 times larger where rows had to tighten (issue 28)."""
        size = theme.label_px(max(self.rect.height, self.design_height), share, text_scale())
        return fitting_height(size, self.rect.height) if self.design_height > self.rect.height else size

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


def fitting_height(size: int, height: int) -> int:
    """`size`, or less, so a line of text at it keeps a margin inside `height` (never under the floor)."""
    while size > floor() and font(size).get_height() > height - max(4, height // 8):
        size -= 1
    return size


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
    """A gold outline just outside `rect`: where the keyboard is."""
    width = max(2, rect.height // 16)
    pygame.draw.rect(surface, theme.GOLD_LIGHT, rect.inflate(2 * width + 2, 2 * width + 2),
                     width=width, border_radius=radius + width)


def approach(value: float, target: float, dt: float, rate: float = 12.0) -> float:
    """Ease `value` toward `target` (frame-rate independent exponential smoothing)."""
    return target + (value - target) * math.exp(-rate * dt)
