"""Resizing re-flows every scene: widgets stay inside the window and never overlap."""

import itertools

import pygame
import pytest

from conftest import frames
from revolt_table.ui.scenes.handover import HandoverScene
from revolt_table.ui.scenes.newgame import NewGameScene
from revolt_table.ui.scenes.pause import PauseScene
from revolt_table.ui.scenes.results import ResultRow, ResultsData, ResultsScene
from revolt_table.ui.scenes.rules import RulesScene
from revolt_table.ui.scenes.settings import SettingsScene
from revolt_table.ui.scenes.title import TitleScene

SIZES = [(1024, 640), (1280, 720), (1920, 1080), (2560, 1440), (1400, 640), (1024, 900)]


def _widgets(scene):
    group = getattr(scene, "menu", None) or getattr(scene, "group", None)
    return [w for w in group.widgets if w.visible]


def _results(app):
    data = ResultsData(["Game 1", "Game 2"], [ResultRow(f"P{i}", [i, None], i) for i in range(6)])
    return ResultsScene(app, data, on_play_again=lambda: None, on_next_game=lambda: None)


def _newgame_six(app):
    scene = NewGameScene(app)
    scene._set_players(6)
    return scene


FACTORIES = {
    "title": TitleScene, "settings": SettingsScene, "rules": RulesScene,
    "newgame": _newgame_six, "pause": PauseScene, "results": _results,
}


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_resize_keeps_widgets_inside_and_apart(make_app, name):
    app = make_app((1280, 720))
    app.push(FACTORIES[name](app))
    for size in SIZES:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        frames(app, 1)
        assert app.size == size
        window = pygame.Rect((0, 0), size)
        rects = [w.rect for w in _widgets(app.top)]
        assert rects, name
        for rect in rects:
            assert window.contains(rect), (name, size, rect)
        for a, b in itertools.combinations(rects, 2):
            assert not a.colliderect(b), (name, size, a, b)
        panel = getattr(app.top, "panel_rect", None)
        if panel is not None:
            assert window.contains(panel), (name, size, panel)


def test_resize_is_clamped_to_supported_range(app):
    app.push(TitleScene(app))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=600, h=400, size=(600, 400)))
    frames(app)
    assert app.size == (1024, 640)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=4000, h=3000, size=(4000, 3000)))
    frames(app)
    assert app.size == (2560, 1440)


def test_f11_toggles_fullscreen(app):
    app.push(TitleScene(app))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    frames(app)
    assert app.fullscreen and app.settings.fullscreen
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    frames(app)
    assert not app.fullscreen and app.size == (1280, 720)


def test_handover_fills_any_window(make_app):
    for size in ((1024, 640), (2560, 1440)):
        app = make_app(size)
        app.push(HandoverScene(app, "Anna"))
        frames(app)
        assert app.size == size
