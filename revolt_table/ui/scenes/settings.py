"""Settings: display, animation speed, AI pace, volume and language; every change is saved at once."""

from __future__ import annotations

import pygame

from revolt_table import userdata
from revolt_table.ui import i18n
from revolt_table.ui.i18n import t
from revolt_table.ui.scenes.common import PageScene, header_bottom
from revolt_table.ui.widgets import Button, OptionSelector, Slider


def _speed_name(speed: float) -> str:
    return {0.0: t("settings.speed_off"), 0.5: t("settings.speed_slow"),
            1.0: t("settings.speed_normal"), 2.0: t("settings.speed_fast")}.get(speed, f"{speed:g}x")


def _pace_name(pace: float) -> str:
    names = {0.0: t("settings.pace_instant"), 0.4: t("settings.pace_quick"),
             0.8: t("settings.pace_natural"), 1.5: t("settings.pace_relaxed")}
    return names.get(pace, t("settings.seconds", value=f"{pace:g}"))


class SettingsScene(PageScene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.title = t("settings.title")
        s = app.settings
        sizes = list(userdata.WINDOW_SIZES)
        if tuple(s.window_size) not in sizes:
            sizes.append(tuple(s.window_size))
        paces = list(userdata.AI_PACES) + ([s.ai_pace] if s.ai_pace not in userdata.AI_PACES else [])
        self.rows = [
            OptionSelector(t("settings.display"), [(False, t("settings.windowed")), (True, t("settings.fullscreen"))],
                           s.fullscreen, self._set_fullscreen, name="fullscreen"),
            OptionSelector(t("settings.window_size"), [(size, f"{size[0]} × {size[1]}") for size in sizes],
                           tuple(s.window_size), self._set_window_size, name="window_size"),
            OptionSelector(t("settings.animation"), [(v, _speed_name(v)) for v in userdata.ANIMATION_SPEEDS],
                           s.animation_speed, self._setter("animation_speed"), name="animation_speed"),
            OptionSelector(t("settings.ai_pace"), [(v, _pace_name(v)) for v in sorted(paces)],
                           s.ai_pace, self._setter("ai_pace"), name="ai_pace"),
            Slider(t("settings.volume"), 0, 100, s.volume, self._setter("volume"), step=5, name="volume"),
            OptionSelector(t("settings.language"), [(code, t(f"languages.{code}")) for code in userdata.LANGUAGES],
                           s.language, self._set_language, name="language"),
        ]
        self.back_button = Button(t("common.back"), self.back, name="back")
        self.group.set_widgets(self.rows + [self.back_button], keep=False)

    def _setter(self, attr: str):
        def apply(value) -> None:
            setattr(self.app.settings, attr, value)
            self.app.save_settings()
        return apply

    def _set_fullscreen(self, on: bool) -> None:
        self.app.set_fullscreen(on)
        self.app.settings.fullscreen = on
        self.app.save_settings()

    def _set_window_size(self, size: tuple[int, int]) -> None:
        self.app.settings.window_size = tuple(size)
        if not self.app.fullscreen:
            self.app.resize(size)
        self.app.save_settings()

    def _set_language(self, code: str) -> None:
        self.app.settings.language = code
        i18n.set_language(code)
        self.app.save_settings()

    def on_enter(self) -> None:
        # F11 may have changed the display mode while we were covered or open
        self.rows[0].set_options(self.rows[0].options, self.app.fullscreen)

    def on_resize(self, size: tuple[int, int]) -> None:
        m = self.metrics
        top = header_bottom(m) + m.gap
        width = min(size[0] - 2 * m.pad, m.px(720))
        row_h = m.row_height
        gap = m.px(14)
        inner = m.pad
        height = len(self.rows) * (row_h + gap) - gap + 2 * inner
        block = height + m.pad * 2 + m.button_height             # panel + gap + Back
        top = max(top, top + (size[1] - m.pad - top - block) // 3)   # a little above centre
        self.panel_rect = pygame.Rect(0, 0, width, height)
        self.panel_rect.midtop = (size[0] // 2, top)
        x = self.panel_rect.x + inner
        y = self.panel_rect.y + inner
        for row in self.rows:
            row.set_rect(pygame.Rect(x, y, width - 2 * inner, row_h))
            y += row_h + gap
        bw = m.px(220)
        self.back_button.set_rect(pygame.Rect(size[0] // 2 - bw // 2,
                                              min(self.panel_rect.bottom + m.pad * 2, size[1] - m.pad - m.button_height),
                                              bw, m.button_height))
