"""In-game menu on Esc: an overlay over the table with Resume, Rules, Settings and Quit to title."""

from __future__ import annotations

from typing import Callable

import pygame

from revolt_table.ui import draw, theme
from revolt_table.ui.i18n import t
from revolt_table.ui.scenes.common import OverlayScene
from revolt_table.ui.widgets import Button, Menu


class PauseScene(OverlayScene):
    """Push it from the table on Esc. Esc or Resume closes it; the table below stays drawn (dimmed).

    on_quit runs before going back to the title (e.g. the table saves); game_id picks the rules page.
    """

    def __init__(self, app, game_id: str | None = None, on_quit: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.on_quit = on_quit
        self.group = Menu([
            Button(t("pause.resume"), self.resume, style="primary", name="resume"),
            Button(t("pause.rules"), self.rules, name="rules"),
            Button(t("pause.settings"), self.settings, name="settings"),
            Button(t("pause.quit"), self.quit_to_title, name="quit"),
        ])

    @property
    def menu(self) -> Menu:
        return self.group

    def on_language(self) -> None:
        """Another language: new button texts, and the table beneath is drawn again in it."""
        for button in self.menu.widgets:
            button.text = t(f"pause.{button.name}")
        self.forget_beneath()

    def button(self, name: str) -> Button:
        return next(b for b in self.menu.widgets if b.name == name)

    def resume(self) -> None:
        self.app.pop()

    back = resume

    def rules(self) -> None:
        from revolt_table.ui.scenes.rules import RulesScene
        self.app.push(RulesScene(self.app, self.game_id))

    def settings(self) -> None:
        from revolt_table.ui.scenes.settings import SettingsScene
        self.app.push(SettingsScene(self.app))

    def quit_to_title(self) -> None:
        from revolt_table.ui.scenes.title import TitleScene
        if self.on_quit is not None:
            self.on_quit()
        self.app.reset_to(TitleScene(self.app))

    def on_resize(self, size: tuple[int, int]) -> None:
        m = self.metrics
        n = len(self.menu.widgets)
        title_h = m.font_title + m.pad * 2 + m.px(10)
        height = title_h + self.menu.height_for(n, m.button_height, m.gap) + m.pad * 2
        width = m.button_width + 2 * m.pad * 2
        self.panel_rect = pygame.Rect(0, 0, width, height)
        self.panel_rect.center = (size[0] // 2, size[1] // 2)
        self.title_y = self.panel_rect.y + m.pad + m.font_title // 2 + m.px(4)
        self.menu.layout(size[0] // 2, self.panel_rect.y + title_h + m.pad // 2, m.button_width,
                         m.button_height, m.gap)
        self.forget_beneath()

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        self.draw_beneath(surface)
        draw.panel(surface, self.panel_rect, m.radius * 2, alpha=245, edge=theme.GOLD_DARK)
        title = draw.text(surface, t("pause.title"), m.font_title, theme.GOLD_LIGHT, bold=True,
                          center=(self.panel_rect.centerx, self.title_y), shadow=True)
        draw.gold_rule(surface, (self.panel_rect.centerx, title.bottom + m.px(8)), m.button_width - m.pad,
                       max(1, m.px(2)))
        self.menu.draw(surface)
