"""Language selector (title first, and Settings), switching without restart, the look settings, text size."""

import pygame

from conftest import click, frames, right_arrow
from revolt_table.services import userdata
from revolt_table.ui import i18n


def _reset_language():
    i18n.set_language("en")


def test_title_language_selector_switches_at_once_and_is_remembered(title_app, make_app):
    app = title_app
    title = app.top
    selector = title.widget("language")
    assert title.menu.widgets[0] is selector                         # first in keyboard order
    try:
        click(app, right_arrow(selector))                              # English -> Português
        assert app.settings.language == "pt" and i18n.language() == "pt"
        assert app.top is title and title.button("new_game").text == "Novo jogo"
        assert title.widget("language").value == "pt"
        assert title.menu.focused is title.widget("language")        # the keyboard stays on the selector
        assert userdata.load_settings()[0].language == "pt"          # remembered
        app.close()
        again = make_app()
        assert again.settings.language == "pt" and i18n.t("title.rules") == "Regras"
    finally:
        _reset_language()


def test_settings_language_rebuilds_every_open_scene(title_app):
    from revolt_table.ui.scenes.settings import SettingsScene

    app = title_app
    app.push(SettingsScene(app))
    scene = app.top
    try:
        for _ in range(2):                                             # en -> pt -> de
            click(app, right_arrow(scene.widget("language")))
        assert app.settings.language == "de"
        assert scene.title == "Einstellungen" and scene.widget("volume").label == "Lautstärke"
        assert scene.group.focused is scene.widget("language")
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        frames(app, 2)
        assert app.top.button("settings").text == "Einstellungen"      # the title beneath speaks German too
    finally:
        _reset_language()


def _drag(app, slider, to_value):
    track = slider.track_rect
    x = track.x + int(track.width * to_value / 100)
    start = (track.x + track.width // 2, track.centery)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, track.centery), rel=(0, 0), buttons=(1, 0, 0)))
    frames(app, 1)


def test_look_sliders_change_the_window_while_dragging_and_save_on_release(title_app):
    from revolt_table.ui.scenes.settings import SettingsScene

    app = title_app
    app.push(SettingsScene(app))
    scene = app.top
    frames(app, 1)
    before = pygame.transform.average_color(app.screen)
    _drag(app, scene.widget("temperature"), 100)                        # still holding the mouse
    assert app.settings.temperature == 100
    assert userdata.load_settings()[0].temperature == 50              # not saved mid-drag
    frames(app, 1)
    warm = pygame.transform.average_color(app.screen)
    assert warm[0] > before[0] and warm[2] < before[2] - 3            # amber: more red, less blue
    pos = scene.widget("temperature").track_rect.midright
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 2)
    assert userdata.load_settings()[0].temperature == 100             # saved once let go
    click(app, scene.widget("reset_look").rect.center)
    assert (app.settings.contrast, app.settings.grain, app.settings.temperature) == (50, 50, 50)
    assert userdata.load_settings()[0].temperature == 50
    assert not app.look.active


def test_text_size_large_grows_type_and_controls(title_app):
    from revolt_table.ui.scenes.settings import SettingsScene

    app = title_app
    normal = app.metrics
    app.push(SettingsScene(app))
    click(app, right_arrow(app.top.widget("text_size")))
    assert app.settings.text_size == "large" and userdata.load_settings()[0].text_size == "large"
    assert app.metrics.font_body > normal.font_body and app.metrics.button_height > normal.button_height
    assert app.top.widget("volume").rect.height > 0


def test_four_colour_deck_setting_is_saved(title_app):
    from revolt_table.ui.scenes.settings import SettingsScene

    app = title_app
    app.push(SettingsScene(app))
    click(app, right_arrow(app.top.widget("four_colour_deck")))
    assert app.settings.four_colour_deck is True and userdata.load_settings()[0].four_colour_deck is True


def test_screenshot_uses_the_saved_look_and_language_with_overrides(home, tmp_path):
    from revolt_table.cli import main

    saved = userdata.Settings(language="de", contrast=20)
    userdata.save_settings(saved)
    pictures = {}
    try:
        for name, extra in (("saved", []), ("neutral", ["--contrast", "50", "--language", "en"]),
                            ("warm", ["--temperature", "100", "--contrast", "50"])):
            out = tmp_path / f"{name}.png"
            assert main(["screenshot", "revoltaaa", "--players", "3", "--size", "1024x640", "--out", str(out)]
                        + extra) == 0
            pictures[name] = pygame.image.load(str(out))
    finally:
        i18n.set_language("en")
        pygame.quit()
    avg = {name: pygame.transform.average_color(img) for name, img in pictures.items()}
    spread = {name: max(avg[name][:3]) - min(avg[name][:3]) for name in avg}
    assert spread["saved"] < spread["neutral"] - 5               # contrast 20: flatter than the neutral picture
    assert avg["warm"][0] > avg["neutral"][0] and avg["warm"][2] < avg["neutral"][2]
