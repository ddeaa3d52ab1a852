"""Helpers shared by the table tests: open a game's table in a headless window, post real pygame events,
find a hand card on screen. The `table_home` and `fast_table` fixtures live in conftest.py."""

from __future__ import annotations

import pygame

from revolt_table.engine import load_rules
from revolt_table.services.userdata import Settings

DT = 1 / 60
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]


def open_table(game: str, seats, *, size=(1280, 720), seed=5, games=1, state=None, deal=None, speed=0.0,
               save=False, variant=None, auto_ai=True, frames=0, language="en"):
    """An App showing a TableScene for `game` with these seats (names Ann, Bo, ...); `state` or `deal`
    replaces the session's first game; `frames` are run before returning; `language` is the settings'
    (the table opens in it, card faces too). Returns (app, scene)."""
    from revolt_table.ui.app import App
    from revolt_table.ui.launch import install
    from revolt_table.ui.scenes.table import TableScene
    from revolt_table.ui.session import Session

    app = App(size=size, settings=Settings(animation_speed=speed, ai_pace=0.0, language=language), save_settings=False)
    install(app)
    rules = load_rules(game, variant=variant)
    session = Session(rules, list(seats), NAMES[:len(seats)], match_seed=seed, games=games, ai_pace=0.0, save=save)
    if deal is not None:
        state = rules.new_game(len(seats), seed=seed, deal=deal)
    if state is not None:
        session.state = state
    scene = TableScene(app, session)
    scene.auto_ai = auto_ai
    app.push(scene)
    run_frames(app, frames)
    return app, scene


def run_frames(app, n=1) -> None:
    for _ in range(n):
        app.step(DT)


def post_move(pos, buttons=(0, 0, 0)) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0),
                                         buttons=buttons))


def post_click(pos, button=1) -> None:
    """A real mouse move, press and release at `pos` (processed by the next frame)."""
    pos = (int(pos[0]), int(pos[1]))
    post_move(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def post_key(key, up=True) -> None:
    """A real key press (and release, unless up=False), processed by the next frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    if up:
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))


def click_at(app, pos, button=1) -> None:
    """post_click, then one frame."""
    post_click(pos, button)
    run_frames(app)


def press_key(app, key) -> None:
    """A key down, then one frame."""
    post_key(key, up=False)
    run_frames(app)


def card_rect(scene, index: int) -> pygame.Rect:
    """Where the viewer's index-th hand card is drawn now."""
    zone = scene.model.zones[f"hand:{scene.viewer}"]
    return scene.renderer.current_rect(zone.sprites[index])


def card_point(scene, index: int, inset: int = 8):
    """A point on the visible left strip of the viewer's index-th hand card (later cards overlap it)."""
    rect = card_rect(scene, index)
    return rect.x + max(3, scene.metrics.px(inset)), rect.centery
