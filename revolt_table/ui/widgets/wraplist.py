"""A ListView whose rows are as tall as their texts: a row that wraps grows, nothing is cut (issue 28).

Why: History's rows, the Review's moves hold player names and sentences whose length depends on the
player and the language ("Maximilian Groß", a German move); cutting them with "…" hid what a player
must read. Here the owner says how tall each row is at a width (`height_of(index, width)`), and
every piece of geometry follows the real rows: which rows are shown (whole rows from `top`, never a
row cut through its text), where each one is (`row_rect`), which one the mouse is over (`index_at`),
how far a page and the end go. Keys, wheel, the scrollbar and the drawing are ListView's, which go
through these.

The scrollbar's room is always kept at the right, so a row's width, and so its height, does not
depend on whether the list scrolls. Heights are remembered per row until `forget_heights()` (the
owner calls it when a row's texts change: language, text size, a reason read later).
"""

from __future__ import annotations

from typing import Callable

import pygame

from revolt_table.ui.widgets.listview import DrawRow, ListView

HeightOf = Callable[[int, int], int]


class WrapList(ListView):
    def __init__(self, draw_row: DrawRow, height_of: HeightOf, *,
                 on_select: Callable[[int], None] | None = None, name: str = "list") -> None:
        self.height_of = height_of
        self._heights: dict[int, int] = {}
        super().__init__(draw_row, on_select=on_select, name=name)

    # ---------------------------------------------------------------- heights
    def forget_heights(self) -> None:
        self._heights.clear()
        self._clamp()

    def height(self, index: int) -> int:
        """Row `index`'s height at the rows' width (at least 8 px, at most the list's height)."""
        if self.rect.height <= 0:
            return 8                        # not placed yet
        h = self._heights.get(index)
        if h is None:
            h = self._heights[index] = max(8, min(self.rect.height, self.height_of(index, self.rows_width)))
        return h

    # ---------------------------------------------------------------- geometry
    def set_rect(self, rect: pygame.Rect | tuple[int, int, int, int], row_height: int | None = None) -> None:
        """Place the list; its height is kept (rows are not one height). `row_height` only sizes the
        scrollbar."""
        if row_height is not None:
            self.row_height = max(8, row_height)
        self._heights.clear()
        self.rect = pygame.Rect(rect)
        self._clamp()

    @property
    def visible_rows(self) -> int:
        """Whole rows shown from `top` (at least one)."""
        return max(1, self._fit_from(self.top))

    def _fit_from(self, top: int) -> int:
        used, n = 0, 0
        for index in range(top, self.count):
            used += self.height(index)
            if used > self.rect.height:
                break
            n += 1
        return n

    @property
    def scrollable(self) -> bool:
        return self.count > 0 and (self.top > 0 or self._fit_from(0) < self.count)

    @property
    def rows_width(self) -> int:
        return self.rect.width - self.bar_rect.width - 4

    def row_rect(self, index: int) -> pygame.Rect:
        y = self.rect.y
        if index >= self.top:
            for i in range(self.top, index):
                y += self.height(i)
        else:
            for i in range(index, self.top):
                y -= self.height(i)
        return pygame.Rect(self.rect.x, y, self.rows_width, self.height(index) if 0 <= index < self.count else 0)

    def index_at(self, pos: tuple[int, int]) -> int:
        if not self.rect.collidepoint(pos) or pos[0] >= self.rect.x + self.rows_width:
            return -1
        y = self.rect.y
        for index in range(self.top, self.top + self.visible_rows):
            y += self.height(index)
            if pos[1] < y:
                return index
        return -1

    # ---------------------------------------------------------------- model
    def show(self, index: int) -> None:
        if index < 0 or not self.count:
            return
        if index < self.top:
            self.top = index
        else:
            while self.top < index and index >= self.top + self._fit_from(self.top):
                self.top += 1
        self._clamp()

    def _last_top(self) -> int:
        """The first row of the last page: the rows from there to the end fill the list."""
        used, top = 0, self.count
        while top > 0 and used + self.height(top - 1) <= self.rect.height:
            top -= 1
            used += self.height(top)
        return min(top, self.count - 1) if self.count else 0

    def _clamp(self) -> None:
        if self.rect.height <= 0 or not self.count:
            self.top = 0
            return
        self.top = max(0, min(self.top, self._last_top()))

    def _drag_to(self, y: int) -> None:
        f = (y - self.rect.y) / max(1, self.rect.height)
        self.top = round(f * self.count - self.visible_rows / 2)
        self._clamp()
