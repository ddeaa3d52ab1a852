"""In-game menu on Esc: an overlay over the table with Resume, Rules, Settings and Quit to title."""

from __future__ import annotations

from typing import Callable

import pygame

from revolt_table.ui import draw, theme
from revolt_table.ui.i18n import t
from revolt_table.ui.scene import Scene
from revolt_table.ui.widgets import Button, Menu


class PauseScene(Scene):
    """Push it from the table on Esc. Esc or Resume closes it; the table below stays drawn (dimmed).

    on_quit runs before going back to the title (e.g. the table saves); game_id picks the rules page.
    """

    opaque = False

    def __init__(self, app, game_id: str | None = None, on_quit: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.on_quit = on_quit
        self.menu = Menu([
            Button(t("pause.resume"), self.resume, style="primary", name="resume"),
            Button(t("pause.rules"), self.rules, name="rules"),
            Button(t("pause.settings"), self.settings, name="settings"),
            Button(t("pause.quit"), self.quit_to_title, name="quit"),
        ])
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self._veil: pygame.Surface | None = None
        self._snapshot: pygame.Surface | None = None

    def on_language(self) -> None:
        """Another language: new button texts, and the table beneath is drawn again in it."""
        for button in self.menu.widgets:
            button.text = t(f"pause.{button.name}")
        self._snapshot = None
        self.opaque = False

    def button(self, name: str) -> Button:
        return next(b for b in self.menu.widgets if b.name == name)

    def on_enter(self) -> None:
        self._snapshot = None          # settings may have changed what is underneath
        self.opaque = False

    def resume(self) -> None:
        self.app.pop()

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
        self._veil = pygame.Surface(size, pygame.SRCALPHA)
        self._veil.fill(theme.DIM)
        self._snapshot = None
        self.opaque = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume()
            return True
        return self.menu.handle_event(event)

    def update(self, dt: float) -> None:
        self.menu.update(dt)

    def idle_for(self) -> float:
        return self.menu.idle_for()       # drawn only when something changed (issue 30)

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        if self._snapshot is not None:
            surface.blit(self._snapshot, (0, 0))
        elif self._veil is not None:
            # The scene below is frozen while we are up (only the top scene updates), so dim it once,
            # keep the picture and stop redrawing what is underneath (cheap frames over a busy table).
            surface.blit(self._veil, (0, 0))
            self._snapshot = surface.copy()
            self.opaque = True
        draw.panel(surface, self.panel_rect, m.radius * 2, alpha=245, edge=theme.GOLD_DARK)
        title = draw.text(surface, t("pause.title"), m.font_title, theme.GOLD_LIGHT, bold=True,
                          center=(self.panel_rect.centerx, self.title_y), shadow=True)
        draw.gold_rule(surface, (self.panel_rect.centerx, title.bottom + m.px(8)), m.button_width - m.pad,
                       max(1, m.px(2)))
        self.menu.draw(surface)
