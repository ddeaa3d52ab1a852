"""Headless UI test fixtures: dummy video/audio drivers, a temp user folder, event helpers."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

DEMO_RULES = """\
id: demo
family: majority
name: Demo Game
players: {min: 3, max: 6}
colours:
  - {id: red, letter: R, name: Ducks}
  - {id: blue, letter: B, name: Robots}
deck:
  red: {0: 7, 1: 6, 2: 5, 3: 5, 4: 5, 5: 5}
  blue: {0: 7, 1: 6, 2: 5, 3: 5, 4: 5, 5: 5}
deal: {hand: 8, center_pile: 8}
round: {reveal: simultaneous, colour_tie: center_card, no_unique_value: center_pile}
end: {stacks_of_one_colour: 4}
scoring: {per_stack: 1, per_card_in_hand: 1}
variants:
  fast: {name: Fast}
rules_text:
  - "# Overview"
  - "A short game used by the UI tests."
  - "- first bullet"
  - "- second bullet"
rulings:
  - "A plain ruling."
"""


@pytest.fixture
def home(tmp_path, monkeypatch):
    """REVOLT_TABLE_HOME in a temp folder: settings, saves and logs never touch the real user folders."""
    folder = tmp_path / "home"
    monkeypatch.setenv("REVOLT_TABLE_HOME", str(folder))
    return folder


@pytest.fixture
def table_home(home):
    """`home`, and pygame shut down after the test (a table test opens its own window)."""
    yield home
    pygame.quit()


@pytest.fixture
def fast_table(table_home, monkeypatch):
    """`table_home` with the AI pace and the animations at 0, whatever a table's settings say."""
    monkeypatch.setenv("REVOLT_TABLE_AI_PACE", "0")
    monkeypatch.setenv("REVOLT_TABLE_ANIMATION", "0")
    return table_home


@pytest.fixture
def rules_folder(tmp_path):
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "demo.yaml").write_text(DEMO_RULES, encoding="utf-8")
    return folder


@pytest.fixture
def make_app(home, rules_folder):
    """Factory for an App at a given size; every app made is shut down after the test."""
    from revolt_table.ui.app import App

    made = []

    def factory(size=(1280, 720), **kwargs):
        app = App(size=size, **kwargs)
        app.rules_folder = rules_folder
        made.append(app)
        return app

    yield factory
    pygame.quit()


@pytest.fixture
def app(make_app):
    return make_app()


@pytest.fixture
def title_app(app):
    from revolt_table.ui.scenes.title import TitleScene

    app.push(TitleScene(app))
    app.step(1 / 60)
    return app


def frames(app, n=1, dt=1 / 60):
    for _ in range(n):
        app.step(dt)


def click(app, pos, button=1):
    """Post a real mouse move, press and release at `pos` and run frames to process them."""
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    frames(app, 2)


def key(app, k, mod=0, unicode=""):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))
    frames(app, 1)


def type_text(app, text):
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app, 1)


def scene_names(app):
    return [type(s).__name__ for s in app.scenes]


def right_arrow(selector):
    """Centre of an OptionSelector's right arrow (Rect.midright lies just outside the rect)."""
    box = selector.control_rect
    return (box.right - box.height // 2, box.centery)
