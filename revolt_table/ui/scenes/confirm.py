"""The question before a new game replaces the saved one: "Replace your saved game?"

Why ask rather than keep several saves: Resume then always means one game, named on its button, and
nothing piles up unseen; the question names the game that would be lost ("Révolte! · 4 players ·
Game 2 of 4"), and keeping it is the default answer (focused first, and Esc).
"""

from __future__ import annotations

from typing import Callable

import pygame

from revolt_table.services import userdata
from revolt_table.ui import draw, theme
from revolt_table.ui.fonts import font
from revolt_table.ui.i18n import t
from revolt_table.ui.scenes.common import OverlayScene
from revolt_table.ui.widgets import Button, FocusGroup


def saved_game_line() -> str:
    """The saved game as Resume names it, or "" when it cannot be read (Resume will say why)."""
    from revolt_table.ui.session import describe_record

    record = userdata.peek_game_record()
    return describe_record(record) if record is not None else ""


def ask_before_replacing(app, start: Callable[[], None]) -> None:
    """Run `start` (a table that will be saved in the one slot) now, or, with a game saved, after the
    player says to replace it: New game and History's Replay this deal both ask so. A second window
    saves nothing (services/instance.py), so it replaces nothing and asks nothing."""
    if app.has_saved_game() and app.saves_games:
        app.push(ReplaceSaveScene(app, on_replace=start))
    else:
        start()


class ReplaceSaveScene(OverlayScene):
    """An overlay: Keep (back to the scene below, Esc too) or Start the new game (on_replace)."""

    def __init__(self, app, on_replace: Callable[[], None]) -> None:
        super().__init__(app)
        self.on_replace = on_replace
        self.line = saved_game_line()
        self.keep_button = Button(t("save.ask_keep"), self.keep, style="primary", name="keep")
        self.replace_button = Button(t("save.ask_start"), self.replace, name="replace")
        self.group = FocusGroup([self.keep_button, self.replace_button])
        self.group.focus(self.keep_button)

    def keep(self) -> None:
        self.app.pop()

    def replace(self) -> None:
        self.app.pop()
        self.on_replace()

    def on_resize(self, size: tuple[int, int]) -> None:
        m = self.metrics
        width = min(size[0] - 2 * m.pad, m.box(680))
        room = width - 2 * m.pad
        self.blocks = []                          # (lines, size, colour, bold, centre y): a long line wraps
        y = m.pad
        for content, px, colour, bold, air in ((t("save.ask_title"), m.font_heading, theme.GOLD_LIGHT, True, m.px(8)),
                                               (t("save.ask_body"), m.font_body, theme.TEXT, False, 0),
                                               (self.line, m.font_body, theme.GOLD, True, 0)):
            px, lines = draw.fit_lines(content, px, room, bold=bold, least=px) if content else (px, [""])
            height = len(lines) * (font(px, bold).get_linesize() - 1)
            self.blocks.append((lines, px, colour, bold, y + height // 2))
            y += height + m.gap + air
        buttons_top = y + m.pad // 2
        height = buttons_top + m.button_height + m.pad
        self.panel_rect = pygame.Rect(0, 0, width, height)
        self.panel_rect.center = (size[0] // 2, size[1] // 2)
        self.blocks = [(lines, px, c, b, self.panel_rect.y + cy) for lines, px, c, b, cy in self.blocks]
        bw = (width - 2 * m.pad - m.gap) // 2
        x = self.panel_rect.x + m.pad
        for button in (self.keep_button, self.replace_button):
            button.set_rect(pygame.Rect(x, self.panel_rect.y + buttons_top, bw, m.button_height))
            x += bw + m.gap
        self.forget_beneath()

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        self.draw_beneath(surface)
        draw.panel(surface, self.panel_rect, m.radius * 2, alpha=245, edge=theme.GOLD_DARK)
        for lines, px, colour, bold, y in self.blocks:
            draw.lines_at(surface, lines, px, colour, (self.panel_rect.centerx, y), bold=bold)
        self.group.draw(surface)
