"""Results: per-game points and match totals for each player, then Play again / Next game / Title.

Takes plain data (ResultsData) so any game family can fill it without the UI knowing its rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from revolt_table.ui import draw, theme
from revolt_table.ui.i18n import t
from revolt_table.ui.scenes.common import PageScene, header_bottom
from revolt_table.ui.widgets import Button


@dataclass
class ResultRow:
    name: str
    points: list[int | None]          # one entry per game of the match (None = not played yet)
    total: int


@dataclass
class ResultsData:
    columns: list[str]                # game headings, e.g. ["Game 1", "Game 2"]
    rows: list[ResultRow]
    title: str = ""                   # default: translated "Results"
    subtitle: str = ""                # e.g. the winner line or the game's explanation
    winners: list[int] = field(default_factory=list)   # row indices; default: highest total


class ResultsScene(PageScene):
    def __init__(self, app, data: ResultsData, *, on_play_again: Callable[[], None] | None = None,
                 on_next_game: Callable[[], None] | None = None, on_title: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.data = data
        self.title = data.title or t("results.title")
        best = max((r.total for r in data.rows), default=0)
        self.winners = set(data.winners) if data.winners else {i for i, r in enumerate(data.rows) if r.total == best}
        self.on_title = on_title
        self.buttons: list[Button] = []
        if on_play_again is not None:
            self.buttons.append(Button(t("results.play_again"), on_play_again, name="play_again"))
        if on_next_game is not None:
            self.buttons.append(Button(t("results.next_game"), on_next_game, style="primary", name="next_game"))
        self.buttons.append(Button(t("results.title_screen"), self.to_title, name="title"))
        self.group.set_widgets(self.buttons, keep=False)
        if on_next_game is not None:
            self.group.focus(self.widget("next_game"))

    def to_title(self) -> None:
        if self.on_title is not None:
            self.on_title()
            return
        from revolt_table.ui.scenes.title import TitleScene
        self.app.reset_to(TitleScene(self.app))

    def back(self) -> None:          # Esc: same as the Title button (never back into a finished table)
        self.to_title()

    def on_resize(self, size: tuple[int, int]) -> None:
        m = self.metrics
        top = header_bottom(m) + (m.px(44) if self.data.subtitle else m.px(8))
        n = len(self.data.rows)
        room = size[1] - top - 3 * m.pad - m.button_height
        self.row_h = min(m.px(52), max(m.px(28), (room - 2 * m.gap) // (n + 1)))
        cols = len(self.data.columns)
        width = min(size[0] - 2 * m.pad, m.px(360 + 120 * (cols + 1)))
        height = (n + 1) * self.row_h + 2 * m.gap
        top += max(0, (room - height) // 3)          # sit a little above centre when there is room
        self.panel_rect = pygame.Rect(size[0] // 2 - width // 2, top, width, height)
        bw, bh = m.px(220), m.button_height
        total = len(self.buttons) * bw + (len(self.buttons) - 1) * m.gap
        bx = size[0] // 2 - total // 2
        by = min(self.panel_rect.bottom + m.pad * 2, size[1] - m.pad - bh)
        for button in self.buttons:
            button.set_rect(pygame.Rect(bx, by, bw, bh))
            bx += bw + m.gap

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.metrics
        p = self.panel_rect
        if self.data.subtitle:
            size = draw.fit_text(self.data.subtitle, int(m.font_heading * 0.9), m.width - 2 * m.pad, bold=True)
            draw.text(surface, self.data.subtitle, size, theme.GOLD, bold=True,
                      center=(p.centerx, p.top - m.px(28)), shadow=True)
        cols = len(self.data.columns)
        name_w = int(p.width * (0.42 if cols else 0.6))
        col_w = (p.width - name_w - 2 * m.pad) // (cols + 1)
        x0 = p.x + m.pad
        y = p.y + m.gap
        size = max(10, int(self.row_h * 0.40))
        head = y + self.row_h // 2
        draw.text(surface, t("results.player"), m.font_small, theme.GOLD, bold=True, midleft=(x0, head))
        for c, heading in enumerate(self.data.columns + [t("results.total")]):
            cx = x0 + name_w + col_w * c + col_w // 2
            fit = draw.fit_text(heading, m.font_small, col_w - m.px(6), bold=True)
            draw.text(surface, heading, fit, theme.GOLD, bold=True, center=(cx, head))
        pygame.draw.line(surface, theme.GOLD_DARK, (x0, y + self.row_h - 1), (p.right - m.pad, y + self.row_h - 1), 1)
        for r, row in enumerate(self.data.rows):
            ry = y + self.row_h * (r + 1)
            band = pygame.Rect(p.x + m.px(6), ry + 2, p.width - m.px(12), self.row_h - 4)
            winner = r in self.winners
            if winner:
                pygame.draw.rect(surface, theme.BUTTON_HOVER, band, border_radius=m.radius)
                pygame.draw.rect(surface, theme.GOLD_DARK, band, 1, border_radius=m.radius)
            elif r % 2:
                pygame.draw.rect(surface, theme.BUTTON_PRESSED, band, border_radius=m.radius)
            mid = ry + self.row_h // 2
            label = ("★ " if winner else "") + row.name
            fit = draw.fit_text(label, size, name_w - m.pad, bold=winner)
            draw.text(surface, label, fit, theme.GOLD_LIGHT if winner else theme.TEXT, bold=winner, midleft=(x0, mid))
            cells = [("—" if v is None else str(v)) for v in row.points] + [str(row.total)]
            for c, cell in enumerate(cells):
                cx = x0 + name_w + col_w * c + col_w // 2
                last = c == len(cells) - 1
                draw.text(surface, cell, size, theme.GOLD_LIGHT if last else theme.TEXT, bold=last, center=(cx, mid))
