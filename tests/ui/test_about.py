"""About (Settings > About): the version, the licences readable and scrolling, the five folders each
opened in the file manager, and every failure said on screen instead of crashing."""

from __future__ import annotations

import pygame
import pytest

from pathlib import Path

from conftest import click, frames, key
from revolt_table import __version__
from revolt_table.services import filemanager, notices
from revolt_table.ui import draw, i18n
from revolt_table.ui.scenes import about as about_module
from revolt_table.ui.scenes.about import AboutScene
from revolt_table.ui.scenes.settings import SettingsScene
from revolt_table.ui.widgets import textfit


FOLDERS = about_module.FOLDER_KEYS


def toasts(app) -> str:
    return " | ".join(message for message, _ in app.toasts)


@pytest.fixture
def opened(monkeypatch):
    """A file manager that records what it was asked to open (and a system that has one)."""
    calls = []
    monkeypatch.setattr(filemanager, "available", lambda: True)
    monkeypatch.setattr(filemanager, "open_folder", lambda path: calls.append(path))
    return calls


def open_about(app) -> AboutScene:
    app.push(SettingsScene(app))
    frames(app, 2)
    click(app, app.top.widget("about").rect.center)
    assert isinstance(app.top, AboutScene)
    frames(app, 2)
    return app.top


def drawn_texts(app, monkeypatch) -> list[str]:
    """The texts the next frame draws (through draw.text, which textfit.line uses too)."""
    texts = []
    real = draw.text

    def spy(surface, content, size, color, **kwargs):
        texts.append(content)
        return real(surface, content, size, color, **kwargs)

    monkeypatch.setattr(draw, "text", spy)
    monkeypatch.setattr(textfit.draw, "text", spy)
    frames(app, 1)
    monkeypatch.setattr(draw, "text", real)
    return texts


def test_settings_opens_about_and_back_returns(app, opened):
    scene = open_about(app)
    click(app, scene.widget("back").rect.center)
    assert isinstance(app.top, SettingsScene)
    app.push(AboutScene(app))
    frames(app, 1)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, SettingsScene)


@pytest.fixture
def short_home(monkeypatch):
    """A home with a path as short as a player's usually is (pytest's own are ~90 characters)."""
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="rt"))
    monkeypatch.setenv("REVOLT_TABLE_HOME", str(folder))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_about_shows_the_version_and_the_folders(app, opened, monkeypatch, short_home):
    home = short_home
    scene = open_about(app)
    texts = drawn_texts(app, monkeypatch)
    assert f"Revolt Table {__version__}" in texts
    paths = (home / "config", home / "data", home / "data" / "history", home / "data" / "rules", home / "logs")
    for path, lines in zip(paths, scene.path_lines):
        assert "".join(lines) == str(path)                 # whole, on one or two lines
        assert all(line in texts for line in lines)
    for label in ("Settings", "Saved game", "History", "Your rules files", "Logs", "Licences"):
        assert label in texts


def test_a_long_path_keeps_its_start_and_its_folders_name(app, opened, tmp_path, monkeypatch):
    home = tmp_path / ("a-very-long-folder-name-" * 4) / "home"          # too long for two lines here
    monkeypatch.setenv("REVOLT_TABLE_HOME", str(home))
    scene = open_about(app)
    lines = scene.path_lines[FOLDERS.index("history")]
    assert str(home / "data" / "history").startswith(lines[0])
    assert lines[-1].endswith("…" + str(Path("data", "history"))) and len(lines) == 2


def test_each_open_button_opens_its_folder(app, opened, home):
    scene = open_about(app)
    for name in ("settings", "saves", "history", "rules", "logs"):
        click(app, scene.widget(f"open_{name}").rect.center)
    assert opened == [home / "config", home / "data", home / "data" / "history", home / "data" / "rules",
                      home / "logs"]
    assert toasts(app) == ""


def test_a_folder_that_cannot_be_opened_is_said_with_its_path(app, monkeypatch, home):
    def fail(path):
        raise OSError("no xdg-open on this system")

    monkeypatch.setattr(filemanager, "available", lambda: True)
    monkeypatch.setattr(filemanager, "open_folder", fail)
    scene = open_about(app)
    click(app, scene.widget("open_logs").rect.center)
    assert f"The folder could not be opened. You will find it here: {home / 'logs'}" in toasts(app)
    frames(app, 2)                                          # the toast draws, nothing breaks


def test_an_opener_that_fails_later_is_said_too(app, monkeypatch, home):
    """xdg-open starts, then exits 4 (nothing to open the folder with): said once, within seconds."""
    class Opener:
        def __init__(self):
            self.polls = 0

        def poll(self):
            self.polls += 1
            return None if self.polls < 5 else 4

    started = []
    monkeypatch.setattr(filemanager, "available", lambda: True)
    monkeypatch.setattr(filemanager, "open_folder", lambda path: started.append(Opener()) or started[-1])
    scene = open_about(app)
    click(app, scene.widget("open_history").rect.center)
    assert toasts(app) == ""
    frames(app, 6)
    assert toasts(app).count(str(home / "data" / "history")) == 1
    frames(app, 6)
    assert toasts(app).count(str(home / "data" / "history")) == 1  # said once
    assert scene._watching == []


def test_an_opener_that_succeeds_is_forgotten_quietly(app, monkeypatch):
    class Opener:
        def poll(self):
            return 0

    monkeypatch.setattr(filemanager, "available", lambda: True)
    monkeypatch.setattr(filemanager, "open_folder", lambda path: Opener())
    scene = open_about(app)
    click(app, scene.widget("open_settings").rect.center)
    frames(app, 3)
    assert toasts(app) == "" and scene._watching == []


def test_without_a_file_manager_the_buttons_are_off_and_the_screen_says_so(app, monkeypatch):
    calls = []
    monkeypatch.setattr(filemanager, "available", lambda: False)
    monkeypatch.setattr(filemanager, "open_folder", calls.append)
    scene = open_about(app)
    assert not any(scene.widget(f"open_{name}").enabled for name in about_module.FOLDER_KEYS)
    click(app, scene.widget("open_settings").rect.center)
    assert calls == []
    texts = drawn_texts(app, monkeypatch)
    note = " ".join(scene.note_lines)
    assert note == i18n.t("about.no_file_manager") and all(line in texts for line in scene.note_lines)


def test_a_folder_that_cannot_be_made_is_said_and_not_offered(app, opened, monkeypatch):
    def broken():
        raise PermissionError(13, "Permission denied")

    monkeypatch.setitem(about_module.FOLDER_GETTERS, "settings", broken)
    scene = open_about(app)
    assert not scene.widget("open_settings").enabled and scene.widget("open_saves").enabled
    texts = drawn_texts(app, monkeypatch)
    assert "This folder cannot be used (Permission denied)." in texts


def test_the_licences_are_readable_and_scroll(app, opened, monkeypatch):
    scene = open_about(app)
    view = scene.licences
    lines = [line.text for line in view.lines]
    assert any("MIT License" in line for line in lines[:12])
    assert lines[0].startswith("Free software under the MIT License")        # the player's language first
    assert any(line.startswith("Component: pygame-ce") for line in lines)
    assert any("GNU LESSER GENERAL PUBLIC LICENSE" in line for line in lines)
    assert len(lines) > 1500
    box = view.rect.copy()
    before = app.screen.subsurface(box).copy()
    shown = view.visible_lines()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0))
    frames(app, 30)
    assert view.scroll > 0 and view.visible_lines() != shown
    after = app.screen.subsurface(box).copy()
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(after, "RGB")      # the text moved
    key(app, pygame.K_END)
    frames(app, 40)
    assert view.scroll == view.max_scroll and view.visible_lines()[-1] == len(view.lines) - 1
    assert "Apache" in " ".join(line.text for line in view.lines[-400:])
    key(app, pygame.K_HOME)
    frames(app, 40)
    assert view.scroll == 0
    key(app, pygame.K_PAGEDOWN)
    frames(app, 40)
    assert 0 < view.scroll < view.max_scroll


def test_only_the_lines_in_view_are_rendered(app, opened):
    """Scrolling through all 2,700 lines keeps a bounded cache of line images."""
    from revolt_table.ui.widgets import longtext

    scene = open_about(app)
    view = scene.licences
    while view.scroll < view.max_scroll:
        view.page(1)
        view.scroll = view.target
        app.step(1 / 60)
    assert len(view._images) <= longtext._CACHE_LINES
    assert len(view.visible_lines()) <= view.rect.height // view.line_height + 1


def test_the_scroll_bar_thumb_drags(app, opened):
    scene = open_about(app)
    view = scene.licences
    thumb = view._thumb()
    start = (thumb.centerx, thumb.centery)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0], view.rect.bottom), rel=(0, 0),
                                         buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0], view.rect.bottom), button=1))
    frames(app, 2)
    assert view.scroll == view.max_scroll


def test_keyboard_reaches_the_licences_and_leaves_them(app, opened):
    scene = open_about(app)
    view = scene.licences
    scene.group.focus(scene.widget("open_logs"))
    key(app, pygame.K_DOWN)
    assert scene.group.focused is view
    key(app, pygame.K_DOWN)
    frames(app, 20)
    assert view.scroll > 0 and scene.group.focused is view          # Down scrolls while it has the keys
    key(app, pygame.K_HOME)
    frames(app, 20)
    key(app, pygame.K_UP)                                            # at the top, Up moves the focus on
    assert scene.group.focused is scene.widget("open_logs")


def test_a_missing_licence_file_is_said(app, opened, monkeypatch):
    real = notices.find
    monkeypatch.setattr(notices, "find", lambda name: None if name == notices.THIRD_PARTY else real(name))
    scene = open_about(app)
    text = scene.licences.text
    assert "MIT License" in text
    assert "The file THIRD-PARTY-NOTICES is missing from this copy of the game." in text


@pytest.mark.parametrize("lang", ["de", "zh"])
def test_about_speaks_the_players_language(app, opened, monkeypatch, lang):
    app.set_language(lang)
    try:
        scene = open_about(app)
        texts = drawn_texts(app, monkeypatch)
        assert i18n.t("about.title") == scene.title != "About Revolt Table"
        assert i18n.t("about.folder.logs") in texts and i18n.t("about.open") == scene.widget("open_logs").text
        assert scene.licences.lines[0].text.startswith(i18n.t("about.summary")[:4])
    finally:
        i18n.set_language("en")


def test_a_path_too_long_for_its_lines_keeps_its_start_and_its_end():
    from revolt_table.ui.fonts import font

    path = "/home/" + "very-long-folder-name/" * 8 + "RevoltTable/logs"
    lines = about_module.fit_path(path, 13, 260, 2)
    assert len(lines) == 2 and path.startswith(lines[0])
    assert lines[1].endswith("…RevoltTable/logs") or lines[1].endswith("RevoltTable/logs") and "…" in lines[1]
    assert all(font(13).size(line)[0] <= 260 for line in lines)
    assert about_module.fit_path("/short/path", 13, 260, 2) == ["/short/path"]
