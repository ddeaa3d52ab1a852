"""The keyboard's focus ring goes around the focused card, never over its text (issue 28: it was drawn
inside a fixed strip whose edge crossed Revolución's card titles and Dou Dizhu's 3♠). Checked on pixels:
the same frame drawn with the ring and without it differs only outside the card's visible part, and the
ring is there."""

from __future__ import annotations

import pygame
import pytest

from revolt_table.engine import load_rules
from tests.ui.table_helpers import open_table, press_key, run_frames

pytestmark = pytest.mark.usefixtures("fast_table")


def _doudizhu(size):
    from tests.ui.test_table_climbing import deal_state

    hands = [["3S", "TS", "TH", "5S", "6S", "7S", "8S", "9H", "JS", "QS", "KS", "AS", "2S", "4S", "4H", "JH", "9S"],
             ["3H", "3D", "5D", "6H", "7H", "8H", "TD", "JD", "QH", "KH", "AH", "2H", "4D", "6D", "7D", "8D", "QD"],
             ["9D", "3C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC", "2C", "4C", "KD", "AD", "5H"]]
    return open_table("doudizhu", ["human", "ai:normal", "ai:normal"], size=size, auto_ai=False, frames=3,
                      state=deal_state(hands, ["2D", "BJ", "RJ"], landlord=0, bid=2))


def _revolucion(size):
    deal = {"hands": [["M5", "E1", "DT", "BL", "T2"], ["T4", "BR"], ["T3", "BL"]], "first": 0,
            "climate": "democracy", "start": "turn"}
    return open_table("revolucion", ["human", "ai:normal", "ai:normal"], size=size, auto_ai=False, frames=3,
                      state=load_rules("revolucion").new_game(3, seed=4, deal=deal))


def visible_part(scene, index: int) -> pygame.Rect:
    """The part of the index-th hand card no later card covers (up to the next card of its row)."""
    sprites = scene.model.zones[f"hand:{scene.viewer}"].sprites
    rect = scene.renderer.current_rect(sprites[index])
    if index + 1 < len(sprites):
        nxt = scene.renderer.current_rect(sprites[index + 1])
        if rect.x < nxt.x < rect.right and nxt.top < rect.bottom and rect.top < nxt.bottom:
            return pygame.Rect(rect.x, rect.y, nxt.x - rect.x, rect.h)
    return rect


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
@pytest.mark.parametrize("game,steps", [("doudizhu", 1), ("doudizhu", 2), ("revolucion", 1), ("revolucion", 3)])
def test_the_focus_ring_is_drawn_around_the_card_not_over_its_text(game, steps, size):
    app, scene = (_doudizhu if game == "doudizhu" else _revolucion)(size)
    hand = scene.family.hand
    for _ in range(steps):
        press_key(app, pygame.K_RIGHT)
    press_key(app, pygame.K_SPACE)                       # the focused card picked (lifted), as in the report
    run_frames(app, 40)
    assert hand.keyboard and hand.focus == steps - 1 and hand.selected == [steps - 1]
    app.draw()
    ringed = app.screen.copy()
    hand.keyboard = False
    app.draw()
    plain = app.screen.copy()
    card = visible_part(scene, hand.focus)
    inside, corner = card.inflate(-2, -2), 8          # a card's rounded corners are felt, not its face
    changed_inside = [(x, y) for x in range(inside.left, inside.right) for y in range(inside.top, inside.bottom)
                      if ringed.get_at((x, y)) != plain.get_at((x, y))
                      and not (min(x - inside.left, inside.right - 1 - x) < corner
                               and min(y - inside.top, inside.bottom - 1 - y) < corner)]
    assert not changed_inside, f"{game}: the ring covers {len(changed_inside)} px of the card: {changed_inside[:3]}"
    around = card.inflate(12, 12)
    changed_around = sum(1 for x in range(around.left, around.right) for y in (around.top + 3, around.bottom - 4)
                         if 0 <= y < size[1] and ringed.get_at((x, y)) != plain.get_at((x, y)))
    assert changed_around > card.w, f"{game}: no ring around the focused card"
