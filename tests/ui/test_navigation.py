"""Title -> settings/rules/new game and back, driven by posted mouse and key events."""

import pygame

from conftest import right_arrow, click, frames, key, scene_names, type_text


def test_title_to_settings_and_back_by_mouse(title_app):
    app = title_app
    click(app, app.top.button("settings").rect.center)
    assert scene_names(app) == ["TitleScene", "SettingsScene"]
    click(app, app.top.widget("back").rect.center)
    assert scene_names(app) == ["TitleScene"]


def test_title_to_settings_and_back_by_keyboard(title_app):
    app = title_app
    # New game is focused first; without a save the menu is New game, History, Rules, Settings, Quit
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert app.top.menu.focused.name == "settings"
    key(app, pygame.K_RETURN)
    assert scene_names(app) == ["TitleScene", "SettingsScene"]
    key(app, pygame.K_ESCAPE)
    assert scene_names(app) == ["TitleScene"]


def test_resume_shown_only_with_a_save(make_app):
    from revolt_table.ui.scenes.title import TitleScene

    app = make_app()
    app.push(TitleScene(app))
    assert "resume" not in [b.name for b in app.top.menu.widgets]
    app.has_saved_game = lambda: True
    resumed = []
    app.resume_game = lambda: resumed.append(True)
    app.push(TitleScene(app))
    frames(app)
    click(app, app.top.button("resume").rect.center)
    assert resumed == [True]


def test_quit_button_stops_the_loop(title_app):
    click(title_app, title_app.top.button("quit").rect.center)
    assert title_app.running is False


def test_rules_chooser_then_page_scrolls(title_app):
    app = title_app
    click(app, app.top.button("rules").rect.center)
    assert scene_names(app)[-1] == "RulesScene"
    key(app, pygame.K_RETURN)                       # first game in the chooser
    assert scene_names(app)[-1] == "RulesPageScene"
    page = app.top
    texts = [b.text for b in page.text.blocks]
    assert "Overview" in texts and "Rulings" in texts and "A plain ruling." in texts
    page.text.set_rect(pygame.Rect(0, 0, 400, 60), base_size=18)   # force a scrollable page
    page.select_tab("full")                          # the rules text (a game of a family opens on its Table tab)
    key(app, pygame.K_PAGEDOWN)
    frames(app, 30)
    assert page.text.scroll > 0
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert scene_names(app) == ["TitleScene"]


def test_new_game_setup_starts_with_chosen_seats_and_remembers(title_app):
    app = title_app
    started = []
    app.start_game = started.append
    click(app, app.top.button("new_game").rect.center)
    scene = app.top
    assert type(scene).__name__ == "NewGameScene"
    click(app, right_arrow(scene.widget("players")))       # 4 -> 5 players
    assert scene.setup.players == 5
    field = scene.widget("name2")
    click(app, field.rect.center)
    for _ in range(10):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Zoë")
    click(app, right_arrow(scene.widget("kind2")))          # ai:normal -> ai:hard
    click(app, scene.widget("start").rect.center)
    assert len(started) == 1
    setup = started[0]
    assert setup.players == 5 and setup.names[1] == "Zoë" and setup.seats[1] == "ai:hard"
    assert len(setup.seats) == len(setup.names) == 5
    # remembered in the settings file for next time
    from revolt_table.services import userdata
    saved, warning = userdata.load_settings()
    assert warning is None and saved.last_setup.names[1] == "Zoë" and saved.last_setup.players == 5


def test_setup_rules_button_opens_that_games_page_and_comes_back(title_app):
    app = title_app
    click(app, app.top.button("new_game").rect.center)
    click(app, app.top.widget("rules").rect.center)
    assert scene_names(app) == ["TitleScene", "NewGameScene", "RulesPageScene"]
    assert app.top.game.id == "demo"
    key(app, pygame.K_ESCAPE)
    assert scene_names(app) == ["TitleScene", "NewGameScene"]
