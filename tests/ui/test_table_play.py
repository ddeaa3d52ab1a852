"""More of the RevoltaaA table through the window: a full Bananas game, drag-to-play, which card is which,
the results breakdown and compact pods (headless, real pygame events)."""

from __future__ import annotations

import os
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui.test_table import card_point, face_pixels, make_table, post_click, run_frames  # noqa: E402


pytestmark = pytest.mark.usefixtures("table_home")


def test_a_full_bananas_game_through_the_window(tmp_path):
    """Cards played in turn, face up, from the leader: the human plays by clicks whenever it is its turn."""
    from revolt_table.ui.scenes.results import ResultsScene

    app, scene = make_table(seats=("human", "ai:normal", "ai:easy", "ai:normal"), seed=13, variant="bananas")
    assert not scene.family.simultaneous
    deadline = time.monotonic() + 60
    turns = 0
    seen_face_up_slot = False
    shot = None
    while not isinstance(app.top, ResultsScene):
        assert time.monotonic() < deadline, "the Bananas game did not reach the results"
        run_frames(app)
        state = scene.session.state
        if app.top is scene and scene.may_act(0):
            assert state.to_act == (0,)                  # in turn: only the human acts now
            post_click(card_point(scene, 0))
            post_click(card_point(scene, 0))
            run_frames(app)
            turns += 1
        for seat in range(1, 4):                         # played cards lie face up in the seats' slots
            zone = scene.model.zones.get(f"chosen:{seat}")
            if zone is not None and zone.sprites and zone.sprites[0].face_up and zone.sprites[0].progress >= 1:
                seen_face_up_slot = True
                if shot is None and turns >= 2:
                    app.draw()
                    shot = tmp_path / "bananas.png"
                    pygame.image.save(app.screen, str(shot))
    assert turns >= 4 and seen_face_up_slot
    assert shot is not None and shot.exists()
    history = scene.session.state.history
    assert any(seat == 0 for seat, _ in history)
    results = app.top
    assert results.data.detail_columns and len(results.data.rows) == 4     # no centre pile in Bananas
    assert [r.points[0] for r in results.data.rows[:4]] == list(scene.session.match.results[0])


def test_drag_a_card_onto_the_table_plays_it():
    app, scene = make_table(seed=17)
    scene.auto_ai = False                                  # the AI seats wait: only the human moves
    run_frames(app, 2)
    assert scene.may_act(0)
    hand = scene.model.zones["hand:0"]
    card = hand.sprites[2].card
    before = [sp.card for sp in hand.sprites].count(card)
    start = card_point(scene, 2)
    target = scene.geom.centre
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    run_frames(app)
    steps = 8
    for k in range(1, steps + 1):
        x = start[0] + (target[0] - start[0]) * k // steps
        y = start[1] + (target[1] - start[1]) * k // steps
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0)))
        run_frames(app)
    assert scene.family.hand.dragging is hand.sprites[2]
    dragged = scene.renderer.current_rect(hand.sprites[2])
    assert dragged.collidepoint(target[0], target[1]) or abs(dragged.centery - target[1]) < dragged.h
    assert all(seat != 0 for seat, _ in scene.session.state.history)   # nothing played before the release
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
    run_frames(app, 3)
    assert (0, card) in scene.session.state.history
    assert [sp.card for sp in scene.model.zones["hand:0"].sprites].count(card) == before - 1


def test_a_drag_dropped_back_on_the_hand_plays_nothing():
    app, scene = make_table(seed=18)
    run_frames(app, 2)
    start = card_point(scene, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for dx in (10, 20, 30, 40):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + dx, start[1]), rel=(0, 0),
                                             buttons=(1, 0, 0)))
    run_frames(app)
    assert scene.family.hand.dragging is not None
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0] + 40, start[1]), button=1))
    run_frames(app, 20)
    assert scene.family.hand.dragging is None and all(seat != 0 for seat, _ in scene.session.state.history)


def _label_texts(scene, monkeypatch):
    drawn = []
    real = scene.family.labels.card_label

    def spy(surface, rect, text, colour):
        drawn.append((text, rect))
        return real(surface, rect, text, colour)

    monkeypatch.setattr(scene.family.labels, "card_label", spy)
    scene.app.draw()
    return drawn


def test_centre_card_and_your_card_are_labelled(monkeypatch):
    app, scene = make_table(seed=19)
    scene.auto_ai = False
    run_frames(app, 2)
    labels = dict(_label_texts(scene, monkeypatch))
    assert "Centre card" in labels and "Your card" in labels     # the empty spot is named before choosing
    assert not labels["Centre card"].colliderect(labels["Your card"])
    post_click(card_point(scene, 0))
    post_click(card_point(scene, 0))
    run_frames(app, 2)
    labels = dict(_label_texts(scene, monkeypatch))
    mine = scene.model.zones["chosen:0"].sprites
    assert mine and "Your card" in labels
    assert labels["Your card"] == scene.renderer.current_rect(mine[0])


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_compact_pods_hold_their_cards(size):
    """Opponents' hands sit in the name plate, stacks in one row: nothing leaves its pod."""
    app, scene = make_table(size=size, seats=("human", "ai:normal", "ai:normal", "ai:normal", "ai:normal"), seed=2)
    s = scene.session
    while s.state.public_info()["round"] < 5 and not s.state.is_over:
        s.play_ai_now()
        if 0 in s.state.to_act:
            scene.play(0, s.state.legal_moves(0)[0])
        run_frames(app, 3)
    run_frames(app, 3)
    assert scene.geom.pods[1].rect.height < scene.metrics.px(130)
    for seat, pod in scene.geom.pods.items():
        for name in (f"hand:{seat}", f"stacks:{seat}"):
            zone = scene.model.zones[name]
            if seat == 0 and name.startswith("hand"):
                continue
            sprites = zone.sprites or [sp for g in zone.groups for sp in g]
            for sprite in sprites:
                rect = scene.renderer.rect_of(sprite)
                assert rect is not None and pod.rect.inflate(4, 4).contains(rect), f"{name} leaves its pod at {size}"
    assert face_pixels(app.screen) > 0
