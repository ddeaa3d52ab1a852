"""A small chart of recent results: one bar per game (its share of the win) and the running win rate.

Why bars and a line: a bar says how each game went (a whole win, a shared one, a loss shown as a
small red tick so a run of losses is visible, not an empty space); the line is the win rate over the
last `window` games at each of them (stats.Statistics.trend), which is what "how am I doing lately"
means. Axis labels come from the caller (translated), so the widget knows no language.
"""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from revolt_table.ui import theme
from revolt_table.ui.fonts import font
from revolt_table.ui.widgets.base import Widget
from revolt_table.ui.widgets.textfit import line


class WinRateChart(Widget):
    focusable = False

    def __init__(self, percent: Callable[[int], str] = lambda v: f"{v} %") -> None:
        super().__init__()
        self.percent = percent                 # 0..100 -> the axis label ("50 %")
        self.shares: tuple[float, ...] = ()
        self.trend: tuple[float, ...] = ()
        self.caption = ""                      # under the x axis ("oldest -> newest")
        self.text_size = 12

    def set_data(self, shares: Sequence[float], trend: Sequence[float], caption: str = "") -> None:
        self.shares, self.trend, self.caption = tuple(shares), tuple(trend), caption

    def plot_rect(self) -> pygame.Rect:
        """The area inside the axes (labels to the left and below)."""
        size = self.text_size
        label_w = font(size).size(self.percent(100))[0] + size // 2
        return pygame.Rect(self.rect.x + label_w, self.rect.y + size // 2,
                           self.rect.width - label_w - size // 2, self.rect.height - size // 2 - int(size * 3.4))

    def points(self) -> list[tuple[int, int]]:
        """Where the trend line passes, one point per game (for drawing and tests)."""
        plot = self.plot_rect()
        n = len(self.trend)
        step = plot.width / max(1, n)
        return [(round(plot.x + step * (i + 0.5)), round(plot.bottom - v * plot.height))
                for i, v in enumerate(self.trend)]

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        size = self.text_size
        plot = self.plot_rect()
        for value in (0, 50, 100):
            y = round(plot.bottom - value / 100 * plot.height)
            pygame.draw.line(surface, theme.GOLD_DARK if value == 0 else theme.TRACK, (plot.x, y), (plot.right, y),
                             2 if value == 0 else 1)
            line(surface, self.percent(value), size, theme.TEXT_MUTED, plot.x - self.rect.x - size // 3,
                 midright=(plot.x - size // 3, y))
        pygame.draw.line(surface, theme.GOLD_DARK, plot.topleft, plot.bottomleft, 2)
        n = len(self.shares)
        step = plot.width / max(1, n)
        bar_w = max(2, int(step * 0.6))
        for i, share in enumerate(self.shares):
            cx = plot.x + step * (i + 0.5)
            if share > 0:
                h = max(2, round(share * plot.height))
                colour = theme.GOLD_DARK if share >= 1 else theme.PANEL_EDGE
                pygame.draw.rect(surface, colour, (round(cx - bar_w / 2), plot.bottom - h, bar_w, h))
            else:
                pygame.draw.rect(surface, theme.DANGER, (round(cx - bar_w / 2), plot.bottom - 4, bar_w, 4))
        points = self.points()
        if len(points) >= 2:
            pygame.draw.lines(surface, theme.GOLD_LIGHT, False, points, max(2, size // 5))
        for point in points:
            pygame.draw.circle(surface, theme.GOLD_LIGHT, point, max(3, size // 4))
        label_y = plot.bottom + size
        if n:
            line(surface, "1", size, theme.TEXT_MUTED, plot.width // 4, center=(round(plot.x + step / 2), label_y))
            if n > 1:
                line(surface, str(n), size, theme.TEXT_MUTED, plot.width // 4,
                     center=(round(plot.x + step * (n - 0.5)), label_y))
        if self.caption:
            line(surface, self.caption, size, theme.TEXT_MUTED, plot.width - 2 * size * 2,
                 center=(plot.centerx, plot.bottom + size * 2 + size // 3))
