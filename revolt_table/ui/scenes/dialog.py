"""A small question over the current screen: a title, a sentence, maybe a text field, OK and Cancel.

Why one overlay for History's questions (export to which file, import which file, delete this game?):
they all ask one thing and either do it or say why not, in place: `on_ok(text)` returns None when
done (the dialog closes) or the sentence to show under the field (it stays open, the text kept).
A path is typed (or pasted with Ctrl+V): there is no file dialog in pygame and the program opens
no other window. Enter is OK, Esc is Cancel.
"""

from __future__ import annotations

from typing import Callable

import pygame

from revolt_table.ui import draw, theme
from revolt_table.ui.i18n import t
from revolt_table.ui.scenes.common import OverlayScene
from revolt_table.ui.widgets import Button, FocusGroup, TextField
from revolt_table.ui.scenes.rowtext import block_height, draw_block, lines_of
from revolt_table.ui.widgets.textfit import line

MAX_PATH = 400


class PathField(TextField):
    """A text field for a file path: long, and Ctrl+V pastes the clipboard's text."""

    def __init__(self, text: str = "", *, name: str = "path") -> None:
        super().__init__(text, max_length=MAX_PATH, name=name)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if (self.focused and self.enabled and event.type == pygame.KEYDOWN and event.key == pygame.K_v
                and event.mod & pygame.KMOD_CTRL):
            pasted = _clipboard_text()
            if pasted:
                self._edit(self.text + " ".join(pasted.split("\n")).strip())
            return True
        return super().handle_event(event)


def _clipboard_text() -> str:
    try:
        return "".join(ch for ch in (pygame.scrap.get_text() or "") if ch.isprintable() or ch == "\n")
    except (pygame.error, AttributeError):
        return ""


class Dialog(OverlayScene):
    def __init__(self, app, title: str, message: str, *, ok: str, on_ok: Callable[[str], str | None],
                 field: str | None = None, danger: bool = False) -> None:
        super().__init__(app)
        self.title = title
        self.message = message
        self.on_ok = on_ok
        self._error = ""
        self.error_lines: list[str] = []
        self.field = PathField(field) if field is not None else None
        self.ok_button = Button(ok, self.confirm, style="normal" if danger else "primary", name="ok")
        self.cancel_button = Button(t("common.cancel"), self.cancel, name="cancel")
        widgets = ([self.field] if self.field else []) + [self.ok_button, self.cancel_button]
        self.group = FocusGroup(widgets)
        self.group.focus(self.field or (self.cancel_button if danger else self.ok_button))
        self.danger = danger

    @property
    def error(self) -> str:
        """The sentence under the field saying why OK did nothing (a long path and its reason wrap:
        the dialog grows for them)."""
        return self._error

    @error.setter
    def error(self, text: str) -> None:
        self._error = text
        if hasattr(self, "panel_rect"):
            self.on_resize(self.app.size)

    # ---------------------------------------------------------------- actions
    def confirm(self) -> None:
        error = self.on_ok(self.field.text.strip() if self.field else "")
        if error:
            self.error = error
            return
        if self.app.top is self:
            self.app.pop()

    def cancel(self) -> None:
        if self.app.top is self:
            self.app.pop()

    back = cancel

    # ---------------------------------------------------------------- scene protocol
    def on_enter(self) -> None:
        super().on_enter()
        if self.field is not None:
            pygame.key.start_text_input()

    def on_resize(self, size: tuple[int, int]) -> None:
        m = self.metrics
        width = min(size[0] - 4 * m.pad, m.px(720))
        self.lines = lines_of(self.message, m.font_body, width - 2 * m.pad)
        self.error_lines = lines_of(self.error, m.font_small, width - 2 * m.pad) if self.error else []
        error_h = max(m.px(30), block_height(self.error_lines, m.font_small) + m.px(12))
        line_h = m.font_body + m.px(8)
        height = (m.pad + m.font_heading + m.px(18) + len(self.lines) * line_h + m.gap
                  + (m.row_height + error_h if self.field else m.px(14)) + m.button_height + m.pad)
        self.panel_rect = pygame.Rect(0, 0, width, height)
        self.panel_rect.center = (size[0] // 2, size[1] // 2)
        x, y = self.panel_rect.x + m.pad, self.panel_rect.y + m.pad
        self.title_y = y + m.font_heading // 2
        y += m.font_heading + m.px(18)
        self.text_y = y + line_h // 2
        y += len(self.lines) * line_h + m.gap
        if self.field is not None:
            self.field.set_rect(pygame.Rect(x, y, width - 2 * m.pad, m.row_height))
            y += m.row_height
            self.error_y = y + m.px(6)
            y += error_h
        else:
            self.error_y = y
            y += m.px(14)
        bw = min(m.px(220), (width - 2 * m.pad - m.gap) // 2)
        right = self.panel_rect.right - m.pad
        self.cancel_button.set_rect(pygame.Rect(right - bw, y, bw, m.button_height))
        self.ok_button.set_rect(pygame.Rect(right - 2 * bw - m.gap, y, bw, m.button_height))
        self.forget_beneath()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and self.group.focused is self.field):
            self.confirm()
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        self.draw_beneath(surface)
        p = self.panel_rect
        draw.panel(surface, p, m.radius * 2, alpha=245, edge=theme.DANGER if self.danger else theme.GOLD_DARK)
        inner = p.width - 2 * m.pad
        line(surface, self.title, m.font_heading, theme.GOLD_LIGHT, inner, bold=True,
             midleft=(p.x + m.pad, self.title_y))
        for i, text in enumerate(self.lines):
            draw.text(surface, text, m.font_body, theme.TEXT,
                      midleft=(p.x + m.pad, self.text_y + i * (m.font_body + m.px(8))))
        draw_block(surface, self.error_lines, m.font_small, theme.DANGER, p.x + m.pad, self.error_y)
        self.group.draw(surface)
