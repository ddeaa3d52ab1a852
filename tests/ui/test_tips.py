"""First-game tips (ui/table/tips.py), driven with real events from the title screen: shown at the first
game of a rules id, one at a time with Next, dismissed by Got it, Esc or a click outside (never by a
click in their first moments); modal (the hand and the AI wait); not shown again after a restart once
closed on purpose; shown again after Settings -> Show again."""

from __future__ import annotations

import pygame
import pytest

from conftest import click, frames, key
from revolt_table.services import userdata
from revolt_table.ui import theme
from revolt_table.services.userdata import Settings


@pytest.fixture
def tips_home(home, monkeypatch):
    """Tips on (the suite switches them off elsewhere); pygame shut down after the test."""
    monkeypatch.setenv("REVOLT_TABLE_TIPS", "1")
    yield home
    pygame.quit()


def start_app(size=(1280, 720)):
    """A fresh App reading the settings saved in the test's home (a restart), fast AI and no animations
    (not saved: set after loading)."""
    from revolt_table.ui.app import App
    from revolt_table.ui.launch import install

    app = App(size=size)
    app.settings.ai_pace, app.settings.animation_speed = 0.0, 0.0
    install(app)
    from revolt_table.ui.scenes.title import TitleScene

    app.push(TitleScene(app))
    frames(app)
    return app


def start_revoltaaa(app):
    """Title -> New game -> Start (RevoltaaA is the default game); returns the table scene."""
    click(app, app.top.button("new_game").rect.center)
    assert app.top.game_selector.value == "revoltaaa"
    click(app, app.top.start_button.rect.center)
    if type(app.top).__name__ == "ReplaceSaveScene":          # a game from the last run is saved
        click(app, app.top.replace_button.rect.center)
    frames(app, 20)
    scene = app.top
    assert type(scene).__name__ == "TableScene"
    return scene


def test_tips_shown_once_modal_and_dismissed(tips_home):
    app = start_app()
    scene = start_revoltaaa(app)
    tips = scene.family.tips
    assert tips.shown() and [t for t, _ in tips.tips] == ["hand", "prompt", "score", "rules"]
    app.draw()
    outline = tips.target.inflate(scene.metrics.px(8), scene.metrics.px(8))
    assert tuple(app.screen.get_at((outline.x + outline.w // 5, outline.top + 1)))[:3] == theme.GOLD_LIGHT
    assert tips.box.colliderect(pygame.Rect((0, 0), app.size))

    moves = len(scene.session.state.history)
    frames(app, 30)                                             # the AI waits while a tip is up
    assert len(scene.session.state.history) == moves

    next_button = next(rect for rect, action in tips.buttons if action == "next")
    click(app, next_button.center)
    assert tips.shown() and tips.index == 1 and tips.current()[0] == "prompt"
    key(app, pygame.K_RETURN)
    assert tips.index == 2
    frames(app, 60)
    # a click on a hand card while a tip is up closes the tips and selects nothing
    hand = scene.model.zones[f"hand:{scene.viewer}"]
    card = scene.renderer.current_rect(hand.sprites[-1])
    click(app, card.center)
    assert not tips.shown()
    assert scene.family.hand.selected_cards() == []
    assert type(app.top).__name__ == "TableScene"
    # the prompt with its next step is back, and the table takes input again
    frames(app, 5)
    assert scene.family.actions.shown() and scene.family.actions.prompt()
    assert userdata.load_settings()[0].tips_seen == []          # closed by a click aside: back next table
    frames(app, 30)
    assert not tips.shown()                                     # once per table, not once per frame


def test_an_impatient_click_never_throws_the_tips_away(tips_home, monkeypatch):
    """The click that skips the deal opens the tips; the next click, a moment later and outside the box,
    must not close them, and they are remembered as seen only once closed on purpose (issue 28)."""
    monkeypatch.setenv("REVOLT_TABLE_ANIMATION", "1")
    app = start_app()
    app.settings.animation_speed = 1.0
    click(app, app.top.button("new_game").rect.center)
    click(app, app.top.start_button.rect.center)
    scene = app.top
    tips = scene.family.tips
    assert not scene.queue.idle and not tips.shown()            # the deal is being dealt
    aside = (app.size[0] // 2, app.size[1] // 3)
    for _ in range(3):                                          # click, click, click: the deal is skipped
        if tips.shown():
            break
        click(app, aside)
    assert tips.shown()
    frames(app, 20)                                             # a third of a second later: the table
    click(app, aside)                                           # takes clicks again; the next impatient
    click(app, aside)                                           # clicks land beside the box
    assert scene.has_seen()
    assert tips.shown() and tips.index == 0
    assert app.settings.tips_seen == [] and userdata.load_settings()[0].tips_seen == []
    frames(app, 30)
    done = next(rect for rect, action in tips.buttons if action == "done")
    click(app, done.center)
    assert not tips.shown() and userdata.load_settings()[0].tips_seen == ["revoltaaa"]


def test_esc_and_got_it_close_the_tips(tips_home):
    app = start_app()
    scene = start_revoltaaa(app)
    tips = scene.family.tips
    assert tips.shown()
    key(app, pygame.K_ESCAPE)
    assert not tips.shown()
    assert type(app.top).__name__ == "TableScene"               # Esc closed the tips, not opened the menu
    key(app, pygame.K_ESCAPE)
    assert type(app.top).__name__ == "PauseScene"


def test_not_shown_after_restart_and_shown_again_from_settings(tips_home):
    app = start_app()
    scene = start_revoltaaa(app)
    tips = scene.family.tips
    assert tips.shown()
    done = next(rect for rect, action in tips.buttons if action == "done")
    click(app, done.center)
    assert not tips.shown()
    pygame.quit()

    app = start_app()                                           # a restart: settings read from the file
    assert app.settings.tips_seen == ["revoltaaa"]
    scene = start_revoltaaa(app)
    frames(app, 30)
    assert not scene.family.tips.shown()
    key(app, pygame.K_ESCAPE)                                   # menu -> quit to the title
    click(app, app.top.button("quit").rect.center)
    assert type(app.top).__name__ == "TitleScene"

    click(app, app.top.button("settings").rect.center)
    button = app.top.tips_button
    assert button.enabled
    click(app, button.rect.center)
    assert app.settings.tips_seen == [] and userdata.load_settings()[0].tips_seen == []
    assert not button.enabled
    key(app, pygame.K_ESCAPE)
    scene = start_revoltaaa(app)
    assert scene.family.tips.shown()


def test_tips_setting_is_checked_like_the_others(home):
    folder = userdata.config_dir()
    (folder / "settings.yaml").write_text("volume: 30\ntips_seen: [revoltaaa, [1, 2]]\n", encoding="utf-8")
    settings, warning = userdata.load_settings()
    assert settings.tips_seen == [] and settings.volume == 30 and "tips_seen" in warning.args["fields"]
    (folder / "settings.yaml").write_text("tips_seen: [doudizhu, revolte]\n", encoding="utf-8")
    assert userdata.load_settings() == (Settings(tips_seen=["doudizhu", "revolte"], language="en"), None)
