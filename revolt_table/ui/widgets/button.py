"""Push button with hover, pressed and keyboard-focus states."""

from __future__ import annotations

from typing import Callable

import pygame

from revolt_table.ui import draw, theme
from revolt_table.ui.fonts import font, text_scale
from revolt_table.ui.widgets.base import Widget, approach, draw_focus_ring


class Button(Widget):
    """A labelled button. style "primary" is the gold call to action, "normal" the quiet one."""

    def __init__(self, text: str, on_click: Callable[[], None] | None = None, *, style: str = "normal",
                 name: str = "") -> None:
        super().__init__()
        self.text = text
        self.on_click = on_click
        self.style = style
        self.name = name or text          # stable handle for tests and lookups
        self.pressed = False
        self._glow = 0.0                  # eased hover highlight 0..1

    def activate(self) -> bool:
        if self.enabled and self.on_click is not None:
            self.on_click()
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if self.pressed_on(event):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_pressed, self.pressed = self.pressed, False
            if was_pressed and self.rect.collidepoint(event.pos):
                self.activate()
                return True
        return False

    def update(self, dt: float) -> None:
        target = 1.0 if (self.hovered or self.focused) and self.enabled else 0.0
        self._glow = approach(self._glow, target, dt, 14.0)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        rect = self.rect.move(0, 1) if self.pressed else self.rect
        radius = max(4, rect.height // 5)
        if self.style == "primary":
            base = theme.lerp_color(theme.GOLD, theme.GOLD_LIGHT, self._glow)
            fg = theme.TEXT_DARK
            edge = theme.GOLD_DARK
        else:
            base = theme.lerp_color(theme.BUTTON, theme.BUTTON_HOVER, self._glow)
            fg = theme.TEXT
            edge = theme.lerp_color(theme.PANEL_EDGE, theme.GOLD, self._glow)
        if self.pressed:
            base = theme.lerp_color(base, theme.BUTTON_PRESSED if self.style != "primary" else theme.GOLD_DARK, 0.4)
        if not self.enabled:
            base, fg, edge = theme.BUTTON_DISABLED, theme.TEXT_MUTED, theme.BUTTON_DISABLED
        shadow = rect.move(0, max(2, rect.height // 14))
        pygame.draw.rect(surface, theme.SHADOW, shadow, border_radius=radius)
        pygame.draw.rect(surface, base, rect, border_radius=radius)
        pygame.draw.rect(surface, edge, rect, width=max(1, rect.height // 28), border_radius=radius)
        size = draw.fit_text(self.text, self.font_size, rect.width - rect.height // 2, bold=True)
        draw.text(surface, self.text, size, fg, bold=True, center=rect.center)
        if self.focused and self.enabled:
            draw_focus_ring(surface, rect, radius)


def button_grid(buttons: list[Button], width: int, widest: int, height: int, gap: int) -> tuple[int, int]:
    """(rows, button width) for a row of buttons `height` high in `width`: one row of buttons at most
    `widest` wide if every label fits its button whole, else two rows (large text in German: "Nochmal
    spielen" keeps its size rather than shrinking, issue 28)."""
    n = max(1, len(buttons))
    need = max((label_width(b.text, height) for b in buttons), default=0)
    one = min(widest, (width - (n - 1) * gap) // n)
    if need <= one or n == 1:
        return 1, one
    per_row = -(-n // 2)
    return 2, min(max(need, widest), (width - (per_row - 1) * gap) // per_row)


def label_width(text: str, height: int) -> int:
    """The width a button `height` high needs to show `text` whole at its label size."""
    return font(theme.label_px(height, 0.40, text_scale()), True).size(text)[0] + height // 2 + 4
