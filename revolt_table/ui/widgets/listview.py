"""A list of rows the scene draws itself: selection, whole-row scrolling, keyboard and mouse.

Why whole rows: a row of the History list holds several lines and cells; scrolling by whole rows
never shows half a row cut through its text, and the list's height is a whole number of rows.
The owner draws each row (`draw_row(surface, index, rect, selected, hovered)`), so the same widget
serves any list.

Keys (the scene routes them with `handle_key`, so Tab and Left/Right stay with the buttons):
Up/Down, PageUp/PageDown, Home/End. Mouse: a click selects, the wheel scrolls, dragging the
scrollbar's thumb or clicking its track scrolls.
"""

from __future__ import annotations

from typing import Callable

import pygame

from revolt_table.ui import theme
from revolt_table.ui.widgets.base import Widget

DrawRow = Callable[[pygame.Surface, int, pygame.Rect, bool, bool], None]


class ListView(Widget):
    focusable = False

    def __init__(self, draw_row: DrawRow, *, on_select: Callable[[int], None] | None = None,
                 name: str = "list") -> None:
        super().__init__()
        self.draw_row = draw_row
        self.on_select = on_select
        self.name = name
        self.count = 0
        self.selected = -1
        self.top = 0                      # the first row shown
        self.row_height = 40
        self.hover_index = -1
        self._dragging = False

    # ---------------------------------------------------------------- geometry
    def set_rect(self, rect: pygame.Rect | tuple[int, int, int, int], row_height: int | None = None) -> None:
        """Place the list; its height is cut to a whole number of rows."""
        rect = pygame.Rect(rect)
        if row_height is not None:
            self.row_height = max(8, row_height)
        rect.height = max(1, rect.height // self.row_height) * self.row_height
        super().set_rect(rect)
        self._clamp()

    @property
    def visible_rows(self) -> int:
        return max(1, self.rect.height // self.row_height)

    @property
    def scrollable(self) -> bool:
        return self.count > self.visible_rows

    @property
    def bar_rect(self) -> pygame.Rect:
        w = max(6, self.row_height // 8)
        return pygame.Rect(self.rect.right - w, self.rect.y, w, self.rect.height)

    @property
    def rows_width(self) -> int:
        """Width of a row (the scrollbar takes the right edge when the list scrolls)."""
        return self.rect.width - (self.bar_rect.width + 4 if self.scrollable else 0)

    def row_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x, self.rect.y + (index - self.top) * self.row_height,
                           self.rows_width, self.row_height)

    def index_at(self, pos: tuple[int, int]) -> int:
        if not self.rect.collidepoint(pos) or pos[0] >= self.rect.x + self.rows_width:
            return -1
        index = self.top + (pos[1] - self.rect.y) // self.row_height
        return index if 0 <= index < self.count else -1

    # ---------------------------------------------------------------- model
    def set_count(self, count: int, selected: int | None = None) -> None:
        self.count = max(0, count)
        if selected is not None:
            self.selected = selected
        self.selected = min(max(self.selected, 0 if self.count else -1), self.count - 1)
        self._clamp()
        self.show(self.selected)

    def select(self, index: int) -> None:
        """Select row `index` (clamped) and scroll it into view."""
        if not self.count:
            return
        index = min(max(index, 0), self.count - 1)
        changed = index != self.selected
        self.selected = index
        self.show(index)
        if changed and self.on_select is not None:
            self.on_select(index)

    def show(self, index: int) -> None:
        if index < 0:
            return
        if index < self.top:
            self.top = index
        elif index >= self.top + self.visible_rows:
            self.top = index - self.visible_rows + 1
        self._clamp()

    def scroll_by(self, rows: int) -> None:
        self.top += rows
        self._clamp()

    def _clamp(self) -> None:
        self.top = max(0, min(self.top, self.count - self.visible_rows))

    # ---------------------------------------------------------------- input
    def handle_key(self, key: int) -> bool:
        page = max(1, self.visible_rows - 1)
        moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page}
        if key in moves:
            self.select(self.selected + moves[key] if self.selected >= 0 else 0)
            return True
        if key == pygame.K_HOME:
            self.select(0)
            return True
        if key == pygame.K_END:
            self.select(self.count - 1)
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            self.hover_index = self.index_at(event.pos)
            if self._dragging:
                self._drag_to(event.pos[1])
                return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.scrollable and self.bar_rect.inflate(8, 0).collidepoint(event.pos):
                self._dragging = True
                self._drag_to(event.pos[1])
                return True
            index = self.index_at(event.pos)
            if index >= 0:
                self.select(index)
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dragging:
            self._dragging = False
            return True
        elif event.type == pygame.MOUSEWHEEL and self.hovered:
            self.scroll_by(-event.y)
            return True
        return False

    def _drag_to(self, y: int) -> None:
        span = max(1, self.rect.height)
        f = (y - self.rect.y) / span
        self.top = round(f * self.count - self.visible_rows / 2)
        self._clamp()

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        for index in range(self.top, min(self.count, self.top + self.visible_rows)):
            self.draw_row(surface, index, self.row_rect(index), index == self.selected, index == self.hover_index)
        surface.set_clip(clip)
        if self.scrollable:
            bar = self.bar_rect
            pygame.draw.rect(surface, theme.TRACK, bar, border_radius=bar.width // 2)
            thumb_h = max(bar.width * 3, bar.height * self.visible_rows // self.count)
            room = self.count - self.visible_rows
            thumb_y = bar.y + (bar.height - thumb_h) * self.top // max(1, room)
            pygame.draw.rect(surface, theme.GOLD_DARK, (bar.x, thumb_y, bar.width, thumb_h),
                             border_radius=bar.width // 2)
