"""Rules: choose a game, then read its rules in our own words plus the rulings from its YAML."""

from __future__ import annotations

from typing import Any

import pygame

from revolt_table.ui import draw, theme
from revolt_table.ui.catalog import GameInfo, load_catalog, localized
from revolt_table.ui.i18n import t
from revolt_table.ui.scenes.common import PageScene, header_bottom
from revolt_table.ui.widgets import Block, Button, Menu, RichTextPanel, parse_markdownish
from revolt_table.ui.widgets.richtext import HEADING, NOTE, PARAGRAPH, SUBHEADING, BULLET


def rules_blocks(game: GameInfo) -> list[Block]:
    """The page for one game: its rules_text, then a "Rulings" section (a broken file: its problems)."""
    if game.broken:
        return ([Block(HEADING, t("rules.broken_heading")), Block(PARAGRAPH, t("rules.broken_help"))]
                + [Block(BULLET, problem) for problem in game.problems])
    blocks = parse_markdownish(game.rules_text)
    if not blocks:
        blocks = [Block(NOTE, t("rules.no_text"))]
    if game.rulings:
        blocks.append(Block(HEADING, t("rules.rulings")))
        for ruling in game.rulings:
            blocks.extend(_ruling_blocks(localized(ruling)))
    for variant_id, shown in game.variants:
        description, rulings = game.variant_notes.get(variant_id, ("", []))
        blocks.append(Block(HEADING, t("rules.variant", name=shown)))
        if description:
            blocks.append(Block(PARAGRAPH, description))
        for ruling in rulings:
            blocks.extend(_ruling_blocks(localized(ruling)))
    return blocks


def _ruling_blocks(ruling: Any) -> list[Block]:
    if isinstance(ruling, dict):
        question = ruling.get("q") or ruling.get("question") or ruling.get("title") or ruling.get("case")
        answer = ruling.get("a") or ruling.get("answer") or ruling.get("ruling") or ruling.get("text")
        if question or answer:
            out = [Block(SUBHEADING, str(localized(question)))] if question else []
            return out + ([Block(PARAGRAPH, str(localized(answer)))] if answer else [])
        return [Block(BULLET, "; ".join(f"{k}: {localized(v)}" for k, v in ruling.items()))]
    return [Block(BULLET, str(ruling))]


class RulesPageScene(PageScene):
    """One game's rules, scrollable with wheel, arrows, PageUp/PageDown, Home/End."""

    def __init__(self, app, game: GameInfo) -> None:
        super().__init__(app)
        self.game = game
        self.title = t("rules.title_for", game=game.name)
        self.text = RichTextPanel(rules_blocks(game))
        self.back_button = Button(t("common.back"), self.back, name="back")
        self.group.set_widgets([self.back_button], keep=False)

    def on_resize(self, size: tuple[int, int]) -> None:
        m = self.metrics
        top = header_bottom(m)
        width = min(size[0] - 2 * m.pad, m.px(980))
        bottom = size[1] - 2 * m.pad - m.button_height
        self.panel_rect = pygame.Rect(size[0] // 2 - width // 2, top, width, bottom - top)
        inner = self.panel_rect.inflate(-2 * m.pad, -2 * m.pad)
        self.text.set_rect(inner, base_size=m.font_body)
        bw = m.px(220)
        self.back_button.set_rect(pygame.Rect(size[0] // 2 - bw // 2, size[1] - m.pad - m.button_height,
                                              bw, m.button_height))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.text.handle_event(event):
            return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.text.update(dt)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.text.draw(surface)


class RulesScene(PageScene):
    """The game chooser. With game_id set (from setup or the in-game menu) it opens that page directly."""

    def __init__(self, app, game_id: str | None = None) -> None:
        super().__init__(app)
        self.title = t("rules.title")
        self.games = load_catalog(getattr(app, "rules_folder", None))
        self.back_button = Button(t("common.back"), self.back, name="back")
        self.menu = Menu([Button(t("setup.broken_game", name=g.name) if g.broken else g.name,
                                 lambda g=g: self.open(g), name=g.id) for g in self.games]
                         + [self.back_button])
        self.group = self.menu
        self._direct = next((g for g in self.games if g.id == game_id), None) if game_id else None

    def open(self, game: GameInfo) -> None:
        self.app.push(RulesPageScene(self.app, game))

    def on_enter(self) -> None:
        if self._direct is not None:          # opened for one game: show it, and come back past us
            game, self._direct = self._direct, None
            self.app.replace(RulesPageScene(self.app, game))

    def on_resize(self, size: tuple[int, int]) -> None:
        m = self.metrics
        n = max(1, len(self.games))
        width = min(size[0] - 2 * m.pad, m.px(420))
        caption = m.px(40)
        height = caption + self.menu.height_for(n, m.button_height, m.gap) + 2 * m.pad
        top = max(header_bottom(m) + m.gap, (size[1] - height - m.button_height - m.pad) // 2)
        self.panel_rect = pygame.Rect(size[0] // 2 - width // 2 - m.pad, top, width + 2 * m.pad, height)
        self.caption_y = top + m.pad + caption // 2 - m.px(6)
        y = top + m.pad + caption
        for button in self.menu.widgets[:-1]:
            button.set_rect(pygame.Rect(size[0] // 2 - width // 2, y, width, m.button_height))
            y += m.button_height + m.gap
        bw = m.px(220)
        self.back_button.set_rect(pygame.Rect(size[0] // 2 - bw // 2,
                                              min(self.panel_rect.bottom + m.pad, size[1] - m.pad - m.button_height),
                                              bw, m.button_height))

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.metrics
        caption = t("rules.choose") if self.games else t("rules.none")
        draw.text(surface, caption, m.font_body, theme.TEXT_MUTED, center=(m.width // 2, self.caption_y))
