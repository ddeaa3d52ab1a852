"""Option selector: a labelled row whose value cycles with Left/Right or the ‹ › arrows."""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from revolt_table.ui import draw, theme
from revolt_table.ui.widgets.base import Widget, approach, draw_focus_ring


class OptionSelector(Widget):
    """Pick one of `options` [(value, shown text), ...]. on_change(value) fires on every change."""

    def __init__(self, label: str, options: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], None] | None = None, *, label_ratio: float = 0.45,
                 name: str = "") -> None:
        super().__init__()
        self.label = label
        self.options = list(options)
        self.on_change = on_change
        self.label_ratio = label_ratio if label else 0.0
        self.name = name or label
        self.index = next((i for i, (v, _) in enumerate(self.options) if v == value), 0)
        self._glow = 0.0

    @property
    def value(self) -> Any:
        return self.options[self.index][0] if self.options else None

    def set_options(self, options: Sequence[tuple[Any, str]], value: Any) -> None:
        self.options = list(options)
        self.index = next((i for i, (v, _) in enumerate(self.options) if v == value), 0)

    def adjust(self, step: int) -> bool:
        if not self.enabled or len(self.options) < 2:
            return False
        self.index = (self.index + step) % len(self.options)
        if self.on_change is not None:
            self.on_change(self.value)
        return True

    def activate(self) -> bool:
        return self.adjust(+1)

    # geometry -----------------------------------------------------------------
    @property
    def control_rect(self) -> pygame.Rect:
        label_w = int(self.rect.width * self.label_ratio)
        return pygame.Rect(self.rect.x + label_w, self.rect.y, self.rect.width - label_w, self.rect.height)

    def _arrow_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        box = self.control_rect
        size = box.height
        return (pygame.Rect(box.x, box.y, size, size), pygame.Rect(box.right - size, box.y, size, size))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if self.pressed_on(event):
            left, right = self._arrow_rects()
            if left.collidepoint(event.pos):
                self.adjust(-1)
            elif self.control_rect.collidepoint(event.pos) or right.collidepoint(event.pos):
                self.adjust(+1)
            return True
        if event.type == pygame.MOUSEWHEEL and self.hovered:
            self.adjust(-1 if event.y > 0 else 1)
            return True
        return False

    def update(self, dt: float) -> None:
        self._glow = approach(self._glow, 1.0 if (self.hovered or self.focused) else 0.0, dt, 14.0)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        box = self.control_rect
        radius = max(4, box.height // 5)
        if self.label_ratio:
            size = draw.fit_text(self.label, self.font_size, self.rect.width - box.width - box.height // 3)
            draw.text(surface, self.label, size, theme.TEXT if self.enabled else theme.TEXT_MUTED,
                      midleft=(self.rect.x, self.rect.centery))
        fill = theme.lerp_color(theme.BUTTON_PRESSED, theme.BUTTON, self._glow)
        pygame.draw.rect(surface, fill, box, border_radius=radius)
        pygame.draw.rect(surface, theme.lerp_color(theme.PANEL_EDGE, theme.GOLD, self._glow), box,
                         width=max(1, box.height // 28), border_radius=radius)
        left, right = self._arrow_rects()
        arrow_color = theme.GOLD if self.enabled and len(self.options) > 1 else theme.BUTTON_DISABLED
        for rect, direction in ((left, -1), (right, 1)):
            cx, cy = rect.center
            s = rect.height // 6
            points = [(cx + direction * s, cy), (cx - direction * s, cy - s * 1.3), (cx - direction * s, cy + s * 1.3)]
            pygame.draw.polygon(surface, arrow_color, points)
        text = self.options[self.index][1] if self.options else "—"
        size = draw.fit_text(text, self.font_size, box.width - 2 * box.height, bold=True)
        draw.text(surface, text, size, theme.TEXT if self.enabled else theme.TEXT_MUTED, bold=True, center=box.center)
        if self.focused:
            draw_focus_ring(surface, box, radius)
