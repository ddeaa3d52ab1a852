"""Settings are saved on change and survive a restart; a corrupt file is set aside with a warning."""

import pygame

from conftest import right_arrow, click, key
from revolt_table.services import userdata


def test_settings_saved_on_change(title_app, make_app):
    from revolt_table.ui.scenes.settings import SettingsScene

    app = title_app
    app.push(SettingsScene(app))
    scene = app.top
    click(app, right_arrow(scene.widget("animation_speed")))   # Normal -> Fast
    scene.group.focus(scene.widget("volume"))
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    loaded, warning = userdata.load_settings()
    assert warning is None
    assert loaded.animation_speed == 2.0
    assert loaded.volume == 60


def test_window_size_setting_resizes(title_app):
    from revolt_table.ui.scenes.settings import SettingsScene

    app = title_app
    app.push(SettingsScene(app))
    click(app, right_arrow(app.top.widget("window_size")))    # 1280x720 -> 1600x900
    assert app.size == (1600, 900)
    assert userdata.load_settings()[0].window_size == (1600, 900)


def test_corrupt_settings_set_aside_with_warning(home, make_app):
    path = userdata.settings_path()
    path.write_text("volume: [this is: not valid\n", encoding="utf-8")
    app = make_app()
    assert userdata.load_settings() == (app.settings, None)     # rewritten at once with what could be kept
    aside = list(path.parent.glob("settings.yaml.corrupt-*"))
    assert len(aside) == 1
    assert app.settings == userdata.Settings()
    assert app.toasts and "settings" in app.toasts[0][0].lower()
    app.step(1 / 60)          # the warning draws without error
