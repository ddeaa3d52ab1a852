"""Rules: choose a game, then read it in two tabs, "Table" and "Full rules", in the player's language.

"Table" is the quick reference a player glances at mid-game, drawn (revolt_table/rulebook/quickref.py, drawn by
rules_table.QuickRefPanel); "Full rules" is the rules text followed by the rulings and the variants.
Both come from revolt_table/rulebook/__init__.py, which reads the rules file and its translation beside it, so
the screen reads the same in every shipped language. Tab (or 1/2, or a click on a tab) switches.
"""

from __future__ import annotations

import pygame

from revolt_table.rulebook import quickref
from revolt_table import rulebook
from revolt_table.services.i18n import language
from revolt_table.ui import draw, theme
from revolt_table.ui.catalog import GameInfo, load_catalog
from revolt_table.ui.fonts import font
from revolt_table.ui.i18n import t
from revolt_table.ui.scenes.common import PageScene, header_bottom
from revolt_table.ui.scenes.rules_table import QuickRefPanel
from revolt_table.ui.widgets import Block, Button, Menu, RichTextPanel, parse_markdownish
from revolt_table.ui.widgets.richtext import BULLET, HEADING, NOTE, PARAGRAPH

TABLE, FULL = "table", "full"


def book_for(game: GameInfo) -> rulebook.Rulebook:
    """A game's rulebook in the current language (from what the catalog read if the file is unreadable)."""
    fallback = rulebook.Rulebook(game.id, "", language(), game.name, game.summary, tuple(game.rules_text),
                                 tuple(str(r) for r in game.rulings))
    if getattr(game, "broken", False):
        return fallback
    try:
        return rulebook.load(game.path or game.id, language())
    except (OSError, ValueError):
        return fallback


def rules_blocks(book: rulebook.Rulebook, game: GameInfo | None = None) -> list[Block]:
    """The "Full rules" page: the rules text, then a "Rulings" section, then each variant's notes.

    For a rules file that cannot be used, its problems instead (what the player has to fix)."""
    if game is not None and getattr(game, "broken", False):
        return ([Block(HEADING, t("rules.broken_heading")), Block(PARAGRAPH, t("rules.broken_help"))]
                + [Block(BULLET, problem) for problem in game.problems])
    blocks = parse_markdownish(book.text)
    if not blocks:
        blocks = [Block(NOTE, t("rules.no_text"))]
    if book.rulings:
        blocks.append(Block(HEADING, t("rules.rulings")))
        blocks.extend(Block(BULLET, ruling) for ruling in book.rulings)
    for notes in book.variants:
        blocks.append(Block(HEADING, t("rules.variant", name=notes.name)))
        if notes.description:
            blocks.append(Block(PARAGRAPH, notes.description))
        blocks.extend(Block(BULLET, ruling) for ruling in notes.rulings)
    return blocks


class RulesPageScene(PageScene):
    """One game's rules in two tabs, each scrollable with wheel, arrows, PageUp/PageDown, Home/End."""

    quiet = True                # drawn only when something changed (issue 30)

    def __init__(self, app, game: GameInfo, tab: str = TABLE) -> None:
        super().__init__(app)
        self.game = game
        self.back_button = Button("", self.back, name="back")
        self.tab_buttons = {TABLE: Button("", lambda: self.select_tab(TABLE), name="tab_table"),
                            FULL: Button("", lambda: self.select_tab(FULL), name="tab_full")}
        self.tab = tab
        self._build()

    def _build(self) -> None:
        self.book = book_for(self.game)
        self.title = t("rules.title_for", game=self.book.name)
        self.reference = [] if getattr(self.game, "broken", False) else quickref.reference(self.book)
        self.text = RichTextPanel(rules_blocks(self.book, self.game))
        four_colour = bool(getattr(self.app.settings, "four_colour_deck", False))
        self.table = QuickRefPanel(self.reference, four_colour=four_colour, lang=self.book.language)
        self.tab_buttons[TABLE].text = t("rules.tab_table")
        self.tab_buttons[FULL].text = t("rules.tab_full")
        self.back_button.text = t("common.back")
        if not self.reference:
            self.tab = FULL
        tabs = [self.tab_buttons[TABLE], self.tab_buttons[FULL]] if self.reference else []
        self.group.set_widgets(tabs + [self.back_button], keep=False)
        self._style_tabs()

    def on_language(self) -> None:
        self._build()

    @property
    def panel(self) -> RichTextPanel:
        """The tab being read."""
        return self.table if self.tab == TABLE and self.reference else self.text

    def select_tab(self, tab: str) -> None:
        if tab == TABLE and not self.reference:
            return
        self.tab = tab
        self._style_tabs()

    def _style_tabs(self) -> None:
        for name, button in self.tab_buttons.items():
            button.style = "primary" if name == self.tab else "normal"

    def on_resize(self, size: tuple[int, int]) -> None:
        m = self.metrics
        top = header_bottom(m)
        width = min(size[0] - 2 * m.pad, m.px(1000))
        bottom = size[1] - 2 * m.pad - m.button_height
        x0 = size[0] // 2 - width // 2
        if self.reference:
            tab_h = m.box(40)
            tab_w = min(m.box(260), (width - m.gap) // 2)
            for i, name in enumerate((TABLE, FULL)):
                self.tab_buttons[name].set_rect(pygame.Rect(x0 + i * (tab_w + m.gap), top, tab_w, tab_h))
            top += tab_h + m.gap
        self.panel_rect = pygame.Rect(x0, top, width, bottom - top)
        inner = self.panel_rect.inflate(-2 * m.pad, -2 * m.pad)
        self.text.set_rect(inner, base_size=m.font_body)
        self.table.set_rect(inner, base_size=m.font_body)
        bw = m.px(220)
        self.back_button.set_rect(pygame.Rect(size[0] // 2 - bw // 2, size[1] - m.pad - m.button_height,
                                              bw, m.button_height))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self.reference:
            keys = {pygame.K_1: TABLE, pygame.K_2: FULL}
            if event.key == pygame.K_TAB:
                self.select_tab(FULL if self.tab == TABLE else TABLE)
                return True
            if event.key in keys:
                self.select_tab(keys[event.key])
                return True
        if self.panel.handle_event(event):
            return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.panel.update(dt)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.panel.draw(surface)


class RulesScene(PageScene):
    """The game chooser. With game_id set (from setup or the in-game menu) it opens that page directly."""

    quiet = True                # drawn only when something changed (issue 30)

    def __init__(self, app, game_id: str | None = None) -> None:
        super().__init__(app)
        self.games = load_catalog(getattr(app, "rules_folder", None))
        self.back_button = Button("", self.back, name="back")
        self.menu = Menu([Button("", lambda g=g: self.open(g), name=g.id) for g in self.games]
                         + [self.back_button])
        self.group = self.menu
        self._direct = next((g for g in self.games if g.id == game_id), None) if game_id else None
        self.on_language()

    def on_language(self) -> None:
        self.title = t("rules.title")
        names = {g.id: t("setup.broken_game", name=g.name) if getattr(g, "broken", False) else book_for(g).name
                 for g in self.games}
        for button in self.menu.widgets[:-1]:
            button.text = names.get(button.name, button.name)
        self.back_button.text = t("common.back")

    def open(self, game: GameInfo) -> None:
        self.app.push(RulesPageScene(self.app, game))

    def on_enter(self) -> None:
        if self._direct is not None:          # opened for one game: show it, and come back past us
            game, self._direct = self._direct, None
            self.app.replace(RulesPageScene(self.app, game))

    def on_resize(self, size: tuple[int, int]) -> None:
        m = self.metrics
        n = max(1, len(self.games))
        said = t("rules.choose") if self.games else t("rules.none")      # the caption whole, not smaller
        width = min(size[0] - 4 * m.pad, max(m.box(420), font(m.font_body).size(said)[0]))
        caption = m.px(40)
        height = caption + self.menu.height_for(n, m.button_height, m.gap) + 2 * m.pad
        top = max(header_bottom(m) + m.gap, (size[1] - height - m.button_height - m.pad) // 2)
        self.panel_rect = pygame.Rect(size[0] // 2 - width // 2 - m.pad, top, width + 2 * m.pad, height)
        self.caption_y = top + m.pad + caption // 2 - m.px(6)
        y = top + m.pad + caption
        for button in self.menu.widgets[:-1]:
            button.set_rect(pygame.Rect(size[0] // 2 - width // 2, y, width, m.button_height))
            y += m.button_height + m.gap
        bw = m.box(220)
        self.back_button.set_rect(pygame.Rect(size[0] // 2 - bw // 2,
                                              min(self.panel_rect.bottom + m.pad, size[1] - m.pad - m.button_height),
                                              bw, m.button_height))

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.metrics
        caption = t("rules.choose") if self.games else t("rules.none")
        size = draw.fit_text(caption, m.font_body, self.panel_rect.width - 2 * m.pad)
        draw.text(surface, caption, size, theme.TEXT_MUTED, center=(m.width // 2, self.caption_y))
