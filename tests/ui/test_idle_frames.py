"""A window where nothing moves draws nothing (issue 30): the title and a table waiting for its player
stop drawing once they have settled, with the look neutral or on; the first input after the idle spell
is handled, and drawn, on the very next frame; the real loop sleeps and an event wakes it."""

from __future__ import annotations

import threading
import time

import pygame
import pytest

from revolt_table.ui.app import IDLE_POLL
from tests.ui.conftest import frames
from tests.ui.table_helpers import card_point, open_table, post_click, run_frames

SECOND = 60                      # frames of 1/60 s


def drawn_during(app, n: int) -> int:
    before = app.frames_drawn
    frames(app, n)
    return app.frames_drawn - before


@pytest.mark.parametrize("look", [None, (80, 80, 30)])
def test_the_title_comes_to_rest_and_wakes_on_the_first_key(title_app, look):
    app = title_app
    if look is not None:
        app.set_look(contrast=look[0], grain=look[1], temperature=look[2])
    assert drawn_during(app, SECOND) == SECOND                   # the cards glide: every frame drawn
    frames(app, 12 * SECOND)                                      # nobody touches anything
    assert drawn_during(app, 5 * SECOND) == 0                    # at rest: not one frame
    scene = app.top
    before = scene.menu.focused
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    drawn = app.frames_drawn
    frames(app, 1)
    assert app.frames_drawn == drawn + 1                          # drawn on the next frame...
    assert scene.menu.focused is not before                       # ...with the key handled
    assert scene.cards.moving                                     # and the cards glide again


def _waiting_table(look=None):
    app, scene = open_table("revoltaaa", ["human", "ai:normal", "ai:normal", "ai:normal"], seed=11, speed=1.0)
    if look is not None:
        app.set_look(contrast=look[0], grain=look[1], temperature=look[2])
    for _ in range(40 * SECOND):                                  # the deal, then the AIs choose
        run_frames(app)
        if scene.queue.idle and scene.session.state.to_act == (0,) and scene.may_act(0):
            break
    assert scene.may_act(0)
    return app, scene


@pytest.mark.parametrize("look", [None, (80, 80, 30)])
def test_a_table_waiting_for_its_player_draws_nothing_and_the_first_click_is_handled_at_once(table_home, look):
    app, scene = _waiting_table(look)
    frames(app, 8 * SECOND)                  # the turn's ring pulses a while, then comes to rest
    assert drawn_during(app, 5 * SECOND) == 0
    assert scene.family.hand.selected == []
    post_click(card_point(scene, 2))
    drawn = app.frames_drawn
    run_frames(app)
    assert app.frames_drawn == drawn + 1
    assert scene.family.hand.selected == [2]                      # the card is picked on that frame


def test_an_ai_thinking_is_not_a_change_its_dots_step_a_few_times_a_second(table_home):
    app, scene = open_table("doudizhu", ["human", "ai:normal", "ai:normal"], seed=3, speed=1.0, auto_ai=False)
    for _ in range(30 * SECOND):
        run_frames(app)
        if scene.queue.idle and scene.session.thinking and not scene.session.is_human(scene.session.state.to_act[0]):
            break
    assert scene.session.thinking                                  # an AI to act, and it does not answer
    frames(app, 8 * SECOND)
    drawn = drawn_during(app, 3 * SECOND)
    assert 0 < drawn <= 3 * 4                                      # the dots' steps (3 a second), no more


def test_the_real_loop_sleeps_and_an_event_wakes_it_with_the_time_slept_already_counted(title_app):
    app = title_app
    frames(app, 12 * SECOND)                                      # settled
    scene = app.top
    drawn = app.frames_drawn
    start = time.perf_counter()
    app.step()                                                    # nothing happens: it sleeps, draws nothing
    assert time.perf_counter() - start >= IDLE_POLL * 0.5
    assert app.frames_drawn == drawn
    seen = []
    handle = scene.handle_event

    def spy(event):
        seen.append((event.type, app.time))
        return handle(event)

    scene.handle_event = spy
    before = app.time
    timer = threading.Timer(0.15, lambda: pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)))
    timer.start()
    app.step()
    timer.join()
    assert [kind for kind, _ in seen] == [pygame.KEYDOWN]
    assert seen[0][1] - before >= 0.1                             # the time slept reached the scene first
    assert app.frames_drawn == drawn + 1
