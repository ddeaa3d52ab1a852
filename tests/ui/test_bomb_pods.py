"""Revolución's name plates light (gold edge, pulsing ring) on the seat to act in the position the player
sees: not while that seat's own move is still being told (animations on, a real table, AI seats moving)."""

from __future__ import annotations

import pygame
import pytest

from revolt_table.engine import load_rules
from revolt_table.ui import theme
from tests.ui.pixels import count_near
from tests.ui.table_helpers import open_table, run_frames

pytestmark = pytest.mark.usefixtures("table_home")


def lit_edge(app, scene, seat) -> int:
    """Gold pixels on the top edge of `seat`'s pod as drawn now (the shared pods draw a gold frame on
    the seat to act)."""
    app.draw()
    rect = scene.geom.pods[seat].rect
    edge = pygame.Rect(rect.x + rect.w // 4, rect.y, rect.w // 2, 2)
    return count_near(app.screen, theme.GOLD, 12, edge)


def test_a_pod_is_not_lit_to_act_while_its_own_move_is_told():
    rules = load_rules("revolucion")
    deal = {"hands": [["T3", "BL"], ["T4", "BR", "DE", "E1"], ["T2", "BL"]], "first": 1, "climate": "revolution",
            "start": "turn"}
    app, scene = open_table("revolucion", ["human", "ai:normal", "ai:normal"], size=(1280, 720), seed=4,
                            state=rules.new_game(3, seed=4, deal=deal), speed=1.0)
    scene.tips_allowed = False
    pods, state = scene.family.pods, scene.session.state
    told = []                    # (seat whose move is told, lit as to act?, gold edge pixels) at each frame
    for _ in range(900):
        run_frames(app)
        if state.is_over:
            break
        if scene.model.shown_moves < len(state.history) and scene.queue.current is not None:
            mover = state.history[scene.model.shown_moves][0]
            told.append((mover, pods.active(mover), lit_edge(app, scene, mover)))
    assert told, "no AI move was told"
    assert 1 in {seat for seat, _, _ in told}                     # Bo's turn, told with its moment
    assert all(not lit for _, lit, _ in told), told
    assert all(gold == 0 for _, _, gold in told), told             # on screen: no gold frame on the mover
    scene.auto_ai = False                                         # the AI seats wait from now on
    for _ in range(600):                                          # once told, the seat to act lights
        if scene.queue.idle and scene.model.shown_moves == len(state.history):
            break
        run_frames(app)
    seat = next(iter(scene.model.view.to_act))
    assert pods.active(seat) and lit_edge(app, scene, seat) > 0
