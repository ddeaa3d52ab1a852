"""Single-line text field (player names): click or focus, type, Backspace; caret blinks."""

from __future__ import annotations

import math
from typing import Callable

import pygame

from revolt_table.ui import draw, theme
from revolt_table.ui.fonts import font
from revolt_table.ui.widgets.base import Widget, draw_focus_ring


class TextField(Widget):
    """Editable text of at most `max_length` characters; on_change(text) after every edit."""

    def __init__(self, text: str = "", on_change: Callable[[str], None] | None = None, *,
                 max_length: int = 16, placeholder: str = "", name: str = "") -> None:
        super().__init__()
        self.text = text[:max_length]
        self.on_change = on_change
        self.max_length = max_length
        self.placeholder = placeholder
        self.name = name
        self._blink = 0.0

    def _edit(self, text: str) -> None:
        text = text[: self.max_length]
        if text != self.text:
            self.text = text
            if self.on_change is not None:
                self.on_change(text)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.rect.collidepoint(event.pos)
        elif self.focused and event.type == pygame.TEXTINPUT:
            printable = "".join(ch for ch in event.text if ch.isprintable())  # not a move: typed keyboard input
            if printable:
                self._edit(self.text + printable)
                self._blink = 0.0
            return True
        elif self.focused and event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                if event.mod & pygame.KMOD_CTRL:
                    self._edit(self.text.rstrip().rpartition(" ")[0])
                else:
                    self._edit(self.text[:-1])
                self._blink = 0.0
                return True
            if event.unicode and event.unicode.isprintable() and event.key not in (pygame.K_SPACE,):
                return True  # typed characters arrive as TEXTINPUT; swallow the KEYDOWN
            if event.key == pygame.K_SPACE:
                return True  # the TEXTINPUT carries the space; don't let it activate anything
        return False

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % 1.0

    def idle_for(self) -> float:
        """The caret blinks while focused: the next frame when it shows or hides."""
        if not self.focused:
            return math.inf
        return (0.55 - self._blink) if self._blink < 0.55 else (1.0 - self._blink)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        radius = max(4, self.rect.height // 5)
        pygame.draw.rect(surface, theme.BUTTON_PRESSED, self.rect, border_radius=radius)
        edge = theme.GOLD if self.focused else (theme.GOLD_DARK if self.hovered else theme.PANEL_EDGE)
        pygame.draw.rect(surface, edge, self.rect, width=max(1, self.rect.height // 28), border_radius=radius)
        pad = self.rect.height // 3
        size = self.font_size
        shown = self.text or self.placeholder
        color = theme.TEXT if self.text else theme.TEXT_MUTED
        f = font(size)
        while shown and f.size(shown)[0] > self.rect.width - 2 * pad:
            shown = shown[1:]   # keep the end (where the caret is) visible
        rect = draw.text(surface, shown, size, color, midleft=(self.rect.x + pad, self.rect.centery)) if shown \
            else pygame.Rect(self.rect.x + pad, self.rect.centery, 0, 0)
        if self.focused and self._blink < 0.55:
            x = (rect.right + 2) if self.text else self.rect.x + pad
            h = int(self.rect.height * 0.5)
            pygame.draw.line(surface, theme.GOLD_LIGHT, (x, self.rect.centery - h // 2),
                             (x, self.rect.centery + h // 2), max(2, self.rect.height // 20))
        if self.focused:
            draw_focus_ring(surface, self.rect, radius)
