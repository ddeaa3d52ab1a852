"""Settings in two columns: the game (language, text, pace, sound, deck, one-click play) and the window
(display and look).

Every change applies at once and is saved: the language re-translates every open scene, the text size
re-lays them out, and the look sliders (contrast, grain, colour temperature) change the whole window
while the slider moves; a dragged slider is saved when it is let go.

Below the game column, "Your rules files" opens the player's rules folder in the platform's file
manager (files there appear in New game); the folder's path is written under the panel. Below the
window column, About (ui/scenes/about.py) shows the version, the licences and every folder.
"""

from __future__ import annotations

import pygame

from revolt_table.services import userdata
from revolt_table.ui import draw, theme
from revolt_table.ui.fonts import font
from revolt_table.ui.i18n import t
from revolt_table.ui.scenes.common import PageScene, header_bottom
from revolt_table.ui.widgets import Button, OptionSelector, Slider
from revolt_table.ui.widgets.base import Widget
from revolt_table.ui.widgets.button import label_width

LOOK = ("contrast", "grain", "temperature")


def _speed_name(speed: float) -> str:
    return {0.0: t("settings.speed_off"), 0.5: t("settings.speed_slow"),
            1.0: t("settings.speed_normal"), 2.0: t("settings.speed_fast")}.get(speed, f"{speed:g}x")


def _pace_name(pace: float) -> str:
    names = {0.0: t("settings.pace_instant"), 0.4: t("settings.pace_quick"),
             0.8: t("settings.pace_natural"), 1.5: t("settings.pace_relaxed")}
    return names.get(pace, t("settings.seconds", value=f"{pace:g}"))


def _percent(value: int) -> str:
    return t("settings.percent", value=value)


def language_options() -> list[tuple[str, str]]:
    """Each shipped language in its own name (a player who cannot read the current one finds theirs)."""
    return [(code, t(f"languages.{code}")) for code in userdata.LANGUAGES]


class SettingsScene(PageScene):
    quiet = True                # drawn only when something changed (issue 30)

    def __init__(self, app) -> None:
        super().__init__(app)
        self._look_unsaved = False
        self._build()

    # ---------------------------------------------------------------- widgets
    def _build(self) -> None:
        """Make the widgets once (their texts come from _texts, again after a language switch)."""
        s = self.app.settings
        self._initial = {"language": s.language, "text_size": s.text_size, "animation_speed": s.animation_speed,
                         "ai_pace": s.ai_pace, "four_colour_deck": s.four_colour_deck,
                         "one_click_play": s.one_click_play,
                         "fullscreen": self.app.fullscreen, "window_size": self._window_size()}
        self.game_rows: list[Widget] = [
            OptionSelector("", [], s.language, self._set_language, name="language"),
            OptionSelector("", [], s.text_size, self._set_text_size, name="text_size"),
            OptionSelector("", [], s.animation_speed, self._setter("animation_speed"), name="animation_speed"),
            OptionSelector("", [], s.ai_pace, self._setter("ai_pace"), name="ai_pace"),
            Slider("", 0, 100, s.volume, self._setter("volume"), step=5, name="volume"),
            OptionSelector("", [], s.four_colour_deck, self._setter("four_colour_deck"), name="four_colour_deck"),
            OptionSelector("", [], s.one_click_play, self._setter("one_click_play"), name="one_click_play"),
        ]
        self.window_rows: list[Widget] = [
            OptionSelector("", [], self.app.fullscreen, self._set_fullscreen, name="fullscreen"),
            OptionSelector("", [], self._window_size(), self._set_window_size, name="window_size"),
        ] + [Slider("", 0, 100, getattr(s, name), self._look_setter(name), step=5, name=name, fmt=_percent)
             for name in LOOK]
        self.reset_look_button = Button("", self._reset_look, name="reset_look")
        self.rows = self.game_rows + self.window_rows
        self.back_button = Button("", self.back, name="back")
        self.rules_folder_button = Button("", self._open_rules_folder, name="rules_folder")
        self.tips_button = Button("", self._show_tips_again, name="tips_again")
        self.about_button = Button("", self._open_about, name="about")
        try:
            self.rules_folder, self.rules_folder_problem = userdata.user_rules_dir(create=False), ""
        except OSError as exc:
            self.rules_folder, self.rules_folder_problem = None, exc.strerror or type(exc).__name__
        self.rules_folder_button.enabled = self.rules_folder is not None
        self.tips_button.enabled = bool(s.tips_seen)
        self.group.set_widgets(self.rows + [self.rules_folder_button, self.tips_button, self.reset_look_button,
                                            self.about_button, self.back_button],
                               keep=False)
        self._texts()

    def _texts(self) -> None:
        """Every label and option text in the current language."""
        self.title = t("settings.title")
        s = self.app.settings
        paces = list(userdata.AI_PACES) + ([s.ai_pace] if s.ai_pace not in userdata.AI_PACES else [])
        on_off = [(False, t("settings.off")), (True, t("settings.on"))]
        options = {
            "language": language_options(),
            "text_size": [(v, t(f"settings.text_{v}")) for v in userdata.TEXT_SIZES],
            "animation_speed": [(v, _speed_name(v)) for v in userdata.ANIMATION_SPEEDS],
            "ai_pace": [(v, _pace_name(v)) for v in sorted(paces)],
            "four_colour_deck": on_off,
            "one_click_play": on_off,
            "fullscreen": [(False, t("settings.windowed")), (True, t("settings.fullscreen"))],
        }
        labels = {"language": "language", "text_size": "text_size", "animation_speed": "animation",
                  "ai_pace": "ai_pace", "volume": "volume", "four_colour_deck": "four_colour",
                  "one_click_play": "one_click",
                  "fullscreen": "display", "window_size": "window_size", "contrast": "contrast",
                  "grain": "grain", "temperature": "temperature"}
        for row in self.rows:
            row.label = t(f"settings.{labels[row.name]}")
            if row.name in options:
                current = row.value if row.options else self._initial[row.name]
                row.set_options(options[row.name], current)
        self._show_window_size()
        self.reset_look_button.text = t("settings.reset_look")
        self.rules_folder_button.text = t("settings.open_folder")
        self.tips_button.text = t("settings.tips_again")
        self.about_button.text = t("about.settings_button")
        self.back_button.text = t("common.back")

    def _window_size(self) -> tuple[int, int]:
        """The window's size as it is now (dragging its edge changes it too); in full screen, the size
        the window takes when full screen is left."""
        if self.app.fullscreen:
            return tuple(self.app.settings.window_size)
        return tuple(self.app.size)

    def _show_window_size(self) -> None:
        """The Window size row shows the current size, offered among the usual ones if it is not one."""
        row = self.widget("window_size")
        sizes = list(userdata.WINDOW_SIZES)
        current = self._window_size()
        if current not in sizes:
            sizes.append(current)
        row.set_options([(size, f"{size[0]} × {size[1]}") for size in sorted(sizes)], current)

    def on_language(self) -> None:
        """The language changed (here or below us): every text again, same widgets, same focus."""
        self._texts()

    # ---------------------------------------------------------------- changes
    def _setter(self, attr: str):
        def apply(value) -> None:
            setattr(self.app.settings, attr, value)
            self.app.save_settings()
        return apply

    def _look_setter(self, attr: str):
        def apply(value: int) -> None:
            self.app.set_look(**{attr: value})          # the next frame shows it, even mid-drag
            self._look_unsaved = True
        return apply

    def _reset_look(self) -> None:
        self.app.set_look(**{name: userdata.LOOK_NEUTRAL for name in LOOK})
        for name in LOOK:
            self.widget(name).value = userdata.LOOK_NEUTRAL
        self.app.save_settings()

    def _show_tips_again(self) -> None:
        """Every game shows its first-game tips again (ui/table/tips.py) the next time it is played."""
        self.app.settings.tips_seen = []
        self.app.save_settings()
        self.tips_button.enabled = False
        self.app.notify(t("settings.tips_reset"))

    def _open_about(self) -> None:
        from revolt_table.ui.scenes.about import AboutScene

        self.app.push(AboutScene(self.app))

    def _open_rules_folder(self) -> None:
        """Show the player's rules folder in the file manager (made first); if that fails, say where it is."""
        try:
            userdata.open_in_file_manager(userdata.user_rules_dir())
        except OSError as exc:
            self.app.notify(t("settings.rules_folder_failed", folder=str(self.rules_folder)))
            import logging
            logging.getLogger(__name__).warning("cannot open the rules folder: %s", exc)

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
        self.app.set_language(code)

    def _set_text_size(self, size: str) -> None:
        self.app.set_text_size(size)

    def on_enter(self) -> None:
        # F11 may have changed the display mode while we were covered or open
        row = self.widget("fullscreen")
        row.set_options(row.options, self.app.fullscreen)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._look_unsaved and not any(getattr(w, "dragging", False) for w in self.window_rows):
            self._look_unsaved = False                   # saved once the slider is let go
            self.app.save_settings()

    def back(self) -> None:
        if self._look_unsaved:
            self._look_unsaved = False
            self.app.save_settings()
        super().back()

    # ---------------------------------------------------------------- layout
    def on_resize(self, size: tuple[int, int]) -> None:
        self._show_window_size()
        m = self.metrics
        top = header_bottom(m) + m.gap
        width = min(size[0] - 2 * m.pad, m.px(1180))
        inner = m.gap if m.text > 1.0 else m.pad           # large text: the panel's margins give way
        gap_x = m.pad
        row_h = m.row_height
        gap = m.px(12)
        caption_h = m.px(30)
        n = max(len(self.game_rows) + 2, len(self.window_rows) + 1)    # + rules folder, tips / Reset buttons
        self.panel_rect = pygame.Rect(0, 0, width, 0)                  # the folder line's width is known first
        folder_px, folder = self.folder_lines()
        folder_h = len(folder) * (font(folder_px).get_linesize() - 1)
        bottom_limit = size[1] - 2 * m.pad - m.button_height - (m.gap + folder_h + m.px(4))  # + the folder line
        available = bottom_limit - top - 2 * inner - caption_h
        if n * (row_h + gap) - gap > available:                        # small windows: tighten evenly
            gap = m.px(6)
            row_h = max(m.px(30), (available + gap) // n - gap)
        height = caption_h + n * (row_h + gap) - gap + 2 * inner
        self.panel_rect = pygame.Rect(0, 0, width, height)
        self.panel_rect.midtop = (size[0] // 2, top)
        col_w = (width - 2 * inner - gap_x) // 2
        self.columns = []
        for c, rows in enumerate((self.game_rows, self.window_rows)):
            x = self.panel_rect.x + inner + c * (col_w + gap_x)
            y = self.panel_rect.y + inner
            self.columns.append(pygame.Rect(x, y, col_w, caption_h))
            y += caption_h
            label_px = m.label(m.row_height)                      # the labels' share: room for the longest whole
            face = font(label_px)
            widest = max(face.size(getattr(row, "label", ""))[0] for row in rows) + row_h // 3 + 4
            ratio = min(0.66, max(0.5, widest / col_w))
            for row in rows:
                row.label_ratio = ratio
                row.set_rect(pygame.Rect(x, y, col_w, row_h))
                y += row_h + gap
            # a button beside its label: as wide as a control, its label whole, the row's label whole
            beside = [(self.rules_folder_button, "settings.rules_folder"), (self.tips_button, "settings.tips")] \
                if c == 0 else [(self.reset_look_button, ""), (self.about_button, "about.settings_label")]
            for i, (button, key) in enumerate(beside):
                least = m.box(260) if not key else int(col_w * (1 - ratio))
                bw = max(least, label_width(button.text, m.row_height))
                if key:
                    bw = min(bw, max(label_width(button.text, m.row_height), col_w - face.size(t(key))[0] - m.gap))
                bw = min(col_w, bw)
                button.set_rect(pygame.Rect(x + col_w - bw, y + i * (row_h + gap), bw, row_h))
        for widget in (*self.game_rows, *self.window_rows, self.rules_folder_button, self.tips_button,
                       self.reset_look_button, self.about_button):
            widget.design_height = m.row_height          # squeezed rows keep their text's size (issue 28)
        bw = m.box(220)
        half = folder_h // 2
        self.folder_line_y = self.panel_rect.bottom + m.gap + half + m.px(4)
        self.back_button.set_rect(pygame.Rect(size[0] // 2 - bw // 2,
                                              min(self.folder_line_y + half + m.pad,
                                                  size[1] - m.pad - m.button_height),
                                              bw, m.button_height))

    def folder_lines(self) -> tuple[int, list[str]]:
        """The line under the panel saying where the rules folder is: a long folder takes two lines at
        the small type's size rather than shrinking (never cut)."""
        m = self.metrics
        if self.rules_folder is not None:
            line = t("settings.rules_folder_at", folder=str(self.rules_folder))
        else:
            line = t("settings.rules_folder_unavailable", reason=self.rules_folder_problem)
        width = min(self.panel_rect.width, m.width - 2 * m.px(8))
        return draw.fit_lines(line, m.font_small, width, least=m.font_small)

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.metrics
        for rect, key in zip(self.columns, ("settings.section_game", "settings.section_window")):
            caption = t(key)
            size = draw.fit_text(caption, m.font_small, rect.width, bold=True)
            shown = draw.text(surface, caption, size, theme.GOLD, bold=True, midleft=(rect.x, rect.centery - m.px(4)))
            pygame.draw.line(surface, theme.GOLD_DARK, (shown.right + m.gap, rect.centery - m.px(4)),
                             (rect.right, rect.centery - m.px(4)), 1)
        for button, key, column in ((self.rules_folder_button, "settings.rules_folder", 0),
                                    (self.tips_button, "settings.tips", 0),
                                    (self.about_button, "about.settings_label", 1)):
            label = t(key)                                    # its row's label, like a selector's
            room = button.rect.x - self.columns[column].x - m.gap
            draw.text(surface, label, draw.fit_text(label, button.font_size, room), theme.TEXT,
                      midleft=(self.columns[column].x, button.rect.centery))
        size, lines = self.folder_lines()
        draw.lines_at(surface, lines, size, theme.TEXT_MUTED, (self.panel_rect.centerx, self.folder_line_y))
