"""The Rules screen's two tabs with real events: Table (drawn quick reference) and Full rules."""

import pygame

from conftest import click, frames, key
from revolt_table.ui import i18n
from revolt_table.ui.catalog import load_catalog
from revolt_table.ui.scenes.rules import FULL, TABLE, RulesPageScene


def _page(app, game_id, lang="en"):
    app.settings.language = lang
    i18n.set_language(lang)
    game = next(g for g in load_catalog() if g.id == game_id)
    app.push(RulesPageScene(app, game))
    frames(app, 2)
    return app.top


def test_table_tab_first_then_full_rules_by_click_and_tab_key(app):
    try:
        page = _page(app, "doudizhu", "pt")
        assert page.tab == TABLE and page.panel is page.table
        assert page.widget("tab_table").text == "Tabela" and page.widget("tab_full").text == "Regras completas"
        before = app.screen.copy()
        click(app, page.widget("tab_full").rect.center)
        assert page.tab == FULL and page.panel is page.text
        texts = [b.text for b in page.text.blocks]
        assert "Esclarecimentos" in texts and any("proprietário" in t for t in texts)
        frames(app, 2)
        inner = page.panel_rect.inflate(-40, -40)
        after = app.screen.subsurface(inner).copy()
        assert pygame.image.tobytes(after, "RGB") != pygame.image.tobytes(before.subsurface(inner).copy(), "RGB")
        key(app, pygame.K_TAB)
        assert page.tab == TABLE
        key(app, pygame.K_2)
        assert page.tab == FULL
    finally:
        i18n.set_language("en")


def test_table_tab_draws_small_cards_and_scrolls(app):
    page = _page(app, "doudizhu")
    cards = [img for _, _, img in page.table._rendered if img.get_width() < img.get_height() < 80
             and img.get_at((img.get_width() // 2, 2))[:3] == (250, 245, 232)]
    assert len(cards) >= 30                             # every combination's example and the rank order
    key(app, pygame.K_END)
    frames(app, 60)
    assert page.table.scroll > 0 and page.table.scroll == page.table.max_scroll


def test_game_without_a_reference_opens_on_full_rules(app, rules_folder):
    (rules_folder / "odd.yaml").write_text("id: odd\nfamily: nosuch\nname: Odd\nplayers: {min: 3, max: 4}\n",
                                           encoding="utf-8")
    game = next(g for g in load_catalog(rules_folder) if g.broken)
    app.push(RulesPageScene(app, game))
    frames(app, 2)
    page = app.top
    assert page.tab == FULL and not page.reference and page.panel is page.text
    assert not page.widget("back").rect.colliderect(page.panel_rect)


def test_switching_language_retranslates_the_open_rules_page(app):
    try:
        page = _page(app, "revolte")
        app.set_language("de")
        assert page.title == "Spielregeln: Révolte!" and page.widget("tab_full").text == "Vollständige Regeln"
        assert any("Halunken" in b.text for b in page.text.blocks)
    finally:
        i18n.set_language("en")


def test_revolucion_card_list_pieces_never_overlap(app):
    """The count column fits its widest count: "×0–3" (Opponent Massacre, by the number of players)
    once ran into the card's name. No two pieces of the drawn reference overlap, in en and zh."""
    try:
        for lang in ("en", "zh"):
            page = _page(app, "revolucion", lang)
            rects = [pygame.Rect(x, y, img.get_width(), img.get_height()) for x, y, img in page.table._rendered]
            assert len(rects) > 60
            clashes = [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)]
            assert not clashes, clashes[:3]
            app.pop()
    finally:
        i18n.set_language("en")
