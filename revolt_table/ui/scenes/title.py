"""Title screen: the logo over a felt table with a few card backs drifting by, and the main menu.

The language selector comes first (as in Cardavia): a player who cannot read the current language
finds theirs at the top, each language written in its own name, and the whole screen switches at once.
Resume names the game it resumes on a second line ("Révolte! · 4 players · Game 2 of 4").
"""

from __future__ import annotations

import math
import random

import pygame

from revolt_table import __version__
from revolt_table.ui import draw, recorder, theme
from revolt_table.ui.anim import approach
from revolt_table.ui.i18n import t
from revolt_table.ui.scene import Scene
from revolt_table.ui.scenes.common import draw_backdrop
from revolt_table.ui.widgets import Button, Menu, OptionSelector


class DriftingCards:
    """A handful of card backs gliding slowly across the felt (pre-rotated once per size: cheap).

    They glide while the player is about (DRIFT_SECONDS after the last input) and then slow to a stop,
    so a title left open costs nothing (issue 30); the next input sets them going again."""

    COUNT = 7
    DRIFT_SECONDS = 6.0
    EASE = 2.0                 # rate at which the drift speeds up and slows down

    def __init__(self, seed: int = 3) -> None:
        rng = random.Random(seed)
        self.cards = []
        for i in range(self.COUNT):
            depth = 0.6 + 0.4 * (i / (self.COUNT - 1))               # far cards smaller and slower
            side = i % 2                                               # keep the middle (logo, menu) clear
            self.cards.append({
                "x": rng.uniform(0.04, 0.16) + side * 0.80, "y": rng.random(), "depth": depth,
                "vy": rng.uniform(0.012, 0.024) * rng.choice((-1, 1)), "sway": rng.uniform(0.004, 0.012),
                "angle": rng.uniform(-30, 30), "phase": rng.random() * 6.28,
            })
        self.cards.sort(key=lambda c: c["depth"])
        self.size = (0, 0)
        self.images: list[pygame.Surface] = []
        self.time = 0.0            # the drift's own clock: stands still with the cards
        self.motion = 1.0          # 0 (at rest) .. 1 (gliding)
        self.lively = self.DRIFT_SECONDS

    def stir(self) -> None:
        """Input: glide (again) for DRIFT_SECONDS."""
        self.lively = self.DRIFT_SECONDS

    @property
    def moving(self) -> bool:
        return self.motion > 0.0 or self.lively > 0.0

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        h = size[1]
        self.images = []
        for card in self.cards:
            ch = int(h * 0.22 * card["depth"])
            back = draw.card_back((int(ch * 0.7), ch))
            framed = pygame.Surface((back.get_width() + 12, back.get_height() + 12), pygame.SRCALPHA)
            pygame.draw.rect(framed, (0, 0, 0, 70), framed.get_rect().move(4, 6).inflate(-8, -8),
                             border_radius=back.get_width() // 10)
            framed.blit(back, (4, 2))
            image = pygame.transform.rotozoom(framed, card["angle"], 1.0)
            shade = int(150 + 105 * (card["depth"] - 0.6) / 0.4)           # far cards sink into the felt
            image.fill((shade, shade, shade, 255), special_flags=pygame.BLEND_RGBA_MULT)
            self.images.append(image)

    def update(self, dt: float) -> None:
        self.lively = max(0.0, self.lively - dt)
        self.motion = approach(self.motion, 1.0 if self.lively > 0 else 0.0, self.EASE, dt)
        if self.lively <= 0 and self.motion < 0.01:
            self.motion = 0.0
        step = dt * self.motion
        self.time += step
        for card in self.cards:
            card["y"] = (card["y"] + card["vy"] * card["depth"] * step) % 1.0

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        for card, image in zip(self.cards, self.images):
            iw, ih = image.get_size()
            sway = math.sin(self.time * 0.35 + card["phase"]) * w * card["sway"]
            # travel over a band taller than the window so cards enter and leave off-screen
            x = card["x"] * w - iw / 2 + sway
            y = card["y"] * (h + ih) - ih
            surface.blit(image, (x, y))


class ResumeButton(Button):
    """"Resume game" over a smaller line naming the saved game (nothing when it cannot be read: Resume
    then sets it aside and says why)."""

    def __init__(self, text: str, detail: str, on_click, **kwargs) -> None:
        super().__init__(text, on_click, **kwargs)
        self.detail = detail

    def draw(self, surface: pygame.Surface) -> None:
        if not self.detail:
            super().draw(surface)
            return
        text, self.text = self.text, ""                    # the frame and states, then two lines of our own
        super().draw(surface)
        self.text = text
        rect = self.rect.move(0, 1) if self.pressed else self.rect
        room = rect.width - rect.height // 2
        main = draw.fit_text(text, self.label_size(0.36), room, bold=True)
        detail, small = draw.fit_parts(self.detail, self.label_size(0.25), room)   # whole parts
        fg = theme.TEXT if self.enabled else theme.TEXT_MUTED
        main_y, detail_y = draw.two_line_ys(rect.centery, (main, True), (small, False))
        draw.text(surface, text, main, fg, bold=True, center=(rect.centerx, main_y))
        draw.text(surface, detail, small, theme.GOLD_LIGHT, center=(rect.centerx, detail_y))


class TitleScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.cards = DriftingCards()
        self.menu = Menu()
        self._build()
        self._background: pygame.Surface | None = None
        self._footer: pygame.Surface | None = None

    def _build(self) -> None:
        from revolt_table.ui.scenes.settings import language_options

        if not hasattr(self, "language"):     # one selector for the scene's life: a click on it keeps focus
            self.language = OptionSelector("", [], "", self.app.set_language, name="language")
        self.language.set_options(language_options(), self.app.settings.language)
        items = [self.language, Button(t("title.new_game"), self.new_game, style="primary", name="new_game")]
        if self.app.has_saved_game():
            from revolt_table.ui.scenes.confirm import saved_game_line
            items.append(ResumeButton(t("title.resume"), saved_game_line(), self.resume, name="resume"))
        items += [Button(t("title.history"), self.history, name="history"),
                  Button(t("title.rules"), self.rules, name="rules"),
                  Button(t("title.settings"), self.settings, name="settings"),
                  Button(t("title.quit"), self.app.quit, name="quit")]
        self.menu.set_widgets(items, keep=False)
        self.menu.focus(items[1])                        # Enter starts a new game, as before

    def on_language(self) -> None:
        """Another language: rebuild the menu in it and keep the keyboard on the selector."""
        self._build()
        self.menu.focus(self.language)

    def button(self, name: str) -> Button:
        return next(b for b in self.menu.widgets if b.name == name)

    def widget(self, name: str):
        """A menu item by name (the language selector included)."""
        return next(w for w in self.menu.widgets if w.name == name)

    # actions
    def new_game(self) -> None:
        from revolt_table.ui.scenes.newgame import NewGameScene
        self.app.push(NewGameScene(self.app))

    def resume(self) -> None:
        self.app.resume_game()
        if self.app.top is self:          # not resumed: the save was set aside (and said), so Resume goes
            self.on_enter()

    def history(self) -> None:
        from revolt_table.ui.scenes.history import HistoryScene
        self.app.push(HistoryScene(self.app))

    def rules(self) -> None:
        from revolt_table.ui.scenes.rules import RulesScene
        self.app.push(RulesScene(self.app))

    def settings(self) -> None:
        from revolt_table.ui.scenes.settings import SettingsScene
        self.app.push(SettingsScene(self.app))

    # scene protocol
    def on_enter(self) -> None:
        self.cards.stir()
        had_resume = any(b.name == "resume" for b in self.menu.widgets)
        if had_resume != self.app.has_saved_game() or self.language.value != self.app.settings.language:
            self._build()
            self.on_resize(self.size)

    def on_resize(self, size: tuple[int, int]) -> None:
        m = self.metrics
        self.cards.layout(size)
        buttons = [w for w in self.menu.widgets if w is not self.language]
        bh, gap = m.button_height, m.gap
        self.logo_y = int(size[1] * 0.24)
        bottom = size[1] - m.pad * 3 - m.font_small                                  # clear of the footer
        below_tagline = self._tagline_bottom() + m.gap
        columns = 1
        if self.menu.height_for(len(buttons), bh, gap) > bottom - below_tagline:     # small window, large text:
            columns = 2 if 2 * m.button_width + gap <= size[0] - 2 * m.pad else 1     # two columns, row by row
        rows = -(-len(buttons) // columns)
        if self.menu.height_for(rows, bh, gap) > bottom - below_tagline:             # still too tall: lower
            bh = max(m.px(34), (bottom - below_tagline - (rows - 1) * gap) // rows)
        height = self.menu.height_for(rows, bh, gap)
        top = min(int(size[1] * 0.45), bottom - height)
        left = size[0] // 2 - (columns * m.button_width + (columns - 1) * gap) // 2
        for i, button in enumerate(buttons):
            row, column = divmod(i, columns)
            button.set_rect(pygame.Rect(left + column * (m.button_width + gap), top + row * (bh + gap),
                                        m.button_width, bh))
        # the language selector: top right, first in keyboard order
        lw, lh = m.box(230), m.box(40)
        self.language.set_rect(pygame.Rect(size[0] - m.pad - lw, m.pad, lw, lh))
        # felt + the soft dark band behind logo and menu: static, so composed once per size
        self._background = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
        draw_backdrop(self._background)
        veil = self._make_veil(size)
        self._background.blit(veil, veil.get_rect(center=(size[0] // 2, size[1] // 2)))
        self._footer = self._make_footer(size, m.pad * 4)

    def _tagline_bottom(self) -> int:
        """Where the tagline under the logo ends (as draw() places it)."""
        m = self.metrics
        logo_h = draw.render_text(t("app.title"), m.font_logo, theme.GOLD_LIGHT, True).get_height()
        tagline_h = draw.render_text(t("title.tagline"), m.font_body, theme.TEXT_MUTED).get_height()
        return self.logo_y + logo_h // 2 + m.px(16) + m.px(32) + tagline_h // 2

    @staticmethod
    def _make_veil(size: tuple[int, int]) -> pygame.Surface:
        """A soft dark band behind logo and menu so drifting cards never fight the text."""
        small = pygame.Surface((32, 32), pygame.SRCALPHA)
        for y in range(32):
            for x in range(32):
                d = math.hypot((x - 15.5) / 16, (y - 15.5) / 16)
                f = max(0.0, 1.0 - d) ** 0.8
                small.set_at((x, y), (*theme.FELT_DARK, int(120 * f)))
        return pygame.transform.smoothscale(small, (int(size[0] * 0.75), int(size[1] * 1.1)))

    @staticmethod
    def _make_footer(size: tuple[int, int], height: int) -> pygame.Surface:
        """A dark strip fading upward so the footer text stays readable over passing cards."""
        small = pygame.Surface((1, 16), pygame.SRCALPHA)
        for y in range(16):
            small.set_at((0, y), (*theme.FELT_DARK, int(235 * (y / 15) ** 1.2)))
        return pygame.transform.smoothscale(small, (size[0], height))

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.cards.stir()
        return self.menu.handle_event(event)

    def update(self, dt: float) -> None:
        self.cards.update(dt)
        self.menu.update(dt)
        recorder.show_notices(self.app)           # what recording the last game had to say

    def idle_for(self) -> float:
        return 0.0 if self.cards.moving else math.inf

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        w, h = surface.get_size()
        surface.blit(self._background, (0, 0))
        self.cards.draw(surface)
        logo = draw.text(surface, t("app.title"), m.font_logo, theme.GOLD_LIGHT, bold=True,
                         center=(w // 2, self.logo_y), shadow=True)
        rule_y = logo.bottom + m.px(16)
        suits = draw.text(surface, "♠  ♥  ♦  ♣", m.font_body, theme.GOLD, center=(w // 2, rule_y))
        half = min(logo.width, w - 2 * m.pad) // 2
        for x0, x1 in ((w // 2 - half, suits.left - m.px(12)), (suits.right + m.px(12), w // 2 + half)):
            pygame.draw.line(surface, theme.GOLD_DARK, (x0, rule_y), (x1, rule_y), max(1, m.px(2)))
        draw.text(surface, t("title.tagline"), m.font_body, theme.TEXT_MUTED, center=(w // 2, rule_y + m.px(32)))
        self.menu.draw(surface)
        if self._footer is not None:
            surface.blit(self._footer, (0, h - self._footer.get_height()))
        draw.text(surface, t("title.version", version=__version__), m.font_small, theme.TEXT_MUTED,
                  midright=(w - m.pad, h - m.pad))
        draw.text(surface, t("title.hint"), m.font_small, theme.TEXT_MUTED, midleft=(m.pad, h - m.pad))
