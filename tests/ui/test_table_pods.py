"""Every table's name plates light (gold edge, pulsing ring) on the seat to act in the position the player
sees, not while that seat's own move is still being told: the shown position is the one before the move
until its beats end, where the mover is still to act (the shared rule, PodsSection.active). Real tables,
animations on, AI seats playing. Revolución's case (its own deal) is tests/ui/test_bomb_pods.py."""

from __future__ import annotations

import time

import pygame
import pytest

from revolt_table.ui import theme
from tests.ui.pixels import count_near
from tests.ui.table_helpers import open_table, run_frames

pytestmark = pytest.mark.usefixtures("table_home")

TABLES = {                       # game: seats (all AI, so moves are told one after another)
    "doudizhu": ["ai:easy"] * 3,
    "revolte": ["ai:easy"] * 4,
    "revoltaaa": ["ai:easy"] * 4,
}


def frame(app) -> None:
    """One frame, and a short pause so the AI thread gets the core."""
    run_frames(app)
    time.sleep(0.002)


def lit_edge(app, scene, seat) -> int:
    """Gold pixels on the top edge of `seat`'s pod as drawn now (the shared pods draw a gold frame on
    the seat to act)."""
    app.draw()
    rect = scene.geom.pods[seat].rect
    edge = pygame.Rect(rect.x + rect.w // 4, rect.y, rect.w // 2, 2)
    return count_near(app.screen, theme.GOLD, 12, edge)


def watch_told(app, scene, frames: int, enough=lambda told: False) -> list[tuple[int, bool, bool, int]]:
    """Run frames while the AI seats play; at each frame where a played move is still being told, record
    (its mover, to act in the shown position?, its pod lit as to act?, gold pixels on its pod's edge).
    Stops when the game ends, after `frames`, or once `enough(told)`."""
    pods, state = scene.family.pods, scene.session.state
    told = []
    for _ in range(frames):
        frame(app)
        if state.is_over or enough(told):
            break
        if scene.model.shown_moves < len(state.history):
            mover = state.history[scene.model.shown_moves][0]
            told.append((mover, mover in scene.model.view.to_act, pods.active(mover), lit_edge(app, scene, mover)))
    return told


def assert_next_lights(app, scene) -> None:
    """Stop the AI seats, let the telling end: every seat to act in the shown position is lit, on screen too."""
    state = scene.session.state
    scene.auto_ai = False                                          # the AI seats wait from now on
    for _ in range(1200):
        if scene.queue.idle and scene.model.shown_moves == len(state.history):
            break
        frame(app)
    assert scene.model.shown_moves == len(state.history)
    assert scene.model.view.to_act
    for seat in scene.model.view.to_act:
        assert scene.family.pods.active(seat) and lit_edge(app, scene, seat) > 0, seat


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_pod_is_not_lit_to_act_while_its_own_move_is_told(game):
    app, scene = open_table(game, TABLES[game], seed=7, speed=1.0)
    scene.tips_allowed = False
    told = watch_told(app, scene, 3000, lambda told: len({t[0] for t in told}) >= 2 and scene.model.shown_moves >= 4)
    assert len({seat for seat, *_ in told}) >= 2, f"too few AI moves were told: {told}"
    assert any(was for _, was, _, _ in told)                       # the shown position had the mover to act
    assert all(not lit for _, _, lit, _ in told), told
    assert all(gold == 0 for *_, gold in told), told                # on screen: no gold frame on the mover
    assert_next_lights(app, scene)
