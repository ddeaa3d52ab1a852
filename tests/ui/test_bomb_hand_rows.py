"""Revolución's long hands (issue 11: card text "never cut at 1024x640"): real tables with hands of 8, 10,
11 and 12 cards at 1024x640 and 1280x720, 3 to 6 players. Every card's words are drawn whole: no other
card and no other table element (pods, corner box, menu, supply, board, track, Palace, prompt, buttons)
covers them, each card sets its whole text at 11 px or more (its name drawn a little narrower where it
is a few letters too wide, never cut), and on screen each face's words are the painter's own pixels."""

from __future__ import annotations

import pygame
import pytest

from revolt_table.engine import load_rules
from revolt_table.ui import cards
from revolt_table.ui.fonts import font
from revolt_table.ui.table import bomb_faces
from tests.ui.table_helpers import open_table, post_move, run_frames

pytestmark = pytest.mark.usefixtures("fast_table")

# the longest texts of the deck first (and names that wrap), then the rest of a twelve-card hand
LONG_HAND = ["PO", "OM", "BG", "DT", "FO", "M6", "IG", "WW", "T3", "BX", "E2", "AL"]
OTHERS = [["T4", "BR"], ["T2", "BL"], ["T2", "BR"], ["T3", "BL"], ["T3", "BR"]]


def long_hand(players: int, n: int) -> list[str]:
    """The first n cards of LONG_HAND; a 3-player deck has no Opponent Massacre: Late Explosion instead."""
    return [("LE" if card == "OM" and players == 3 else card) for card in LONG_HAND[:n]]


def long_hand_table(size, players, n, first=0):
    rules = load_rules("revolucion")
    deal = {"hands": [long_hand(players, n)] + OTHERS[:players - 1], "first": first, "climate": "revolution",
            "start": "turn"}
    app, scene = open_table("revolucion", ["human"] + ["ai:normal"] * (players - 1), size=size, seed=4,
                            state=rules.new_game(players, seed=4, deal=deal), auto_ai=False)
    scene.tips_allowed = False
    scene.model.settle()
    run_frames(app, 3)
    post_move((2, 2))                          # the pointer off the hand: nothing enlarged
    run_frames(app)
    return app, scene


def words(scene, sprite, rect) -> pygame.Rect:
    """The part of a face that holds its words (name band, value row, effect lines): inside its margin."""
    pad = scene.family.painter.text_layout(sprite.card, rect.size).pad
    return rect.inflate(-2 * pad, -2 * pad)


def table_elements(scene) -> dict[str, pygame.Rect]:
    """Everything else drawn on the table that could stand over the hand, as laid out now."""
    g, fam = scene.geom, scene.family
    lay = fam.layout.fix()
    out = {f"pod {seat}": pod.rect for seat, pod in g.pods.items()}
    out |= {"corner box": g.hud, "menu": g.menu_button, "supply": g.centre_pod, "board": lay.board,
            "track": lay.track, "palace": lay.palace_rect(fam.shown["timer_start"]), "duel": lay.duel(),
            "prompt": lay.prompt, "buttons": lay.buttons, "prompt drawn": fam.actions.prompt_box}
    out |= {f"button {action.id}": rect for rect, action in fam.actions.layout_buttons()}
    return {name: rect for name, rect in out.items() if rect.w > 0 and rect.h > 0}


CASES = [pytest.param(size, players, n, id=f"{size[0]}x{size[1]}-{players}p-{n}cards")
         for size, counts in (((1024, 640), (3, 4, 6)), ((1280, 720), (3, 6)))
         for players in counts for n in (8, 10, 11, 12)]


@pytest.mark.parametrize("size,players,n", CASES)
def test_every_card_of_a_long_hand_reads_whole(size, players, n):
    app, scene = long_hand_table(size, players, n)
    app.draw()
    fam = scene.family
    zone = scene.model.zones["hand:0"]
    assert sorted(sp.card for sp in zone.sprites) == sorted(long_hand(players, n))
    rects = [scene.renderer.current_rect(sp) for sp in zone.sprites]
    screen = pygame.Rect((0, 0), size)
    others = table_elements(scene)
    least = 13 if size == (1280, 720) and n <= 8 else 11
    for i, (sprite, rect) in enumerate(zip(zone.sprites, rects)):
        lay = fam.painter.text_layout(sprite.card, rect.size)
        assert lay.fits and lay.text_size >= least and lay.name_size >= bomb_faces.TEXT_FLOOR, (sprite.card, lay)
        band = rect.w - 3 * lay.pad                   # the name's room; a name a little wider is drawn narrower
        wide = max(font(lay.name_size, True).size(line)[0] for line in lay.name_lines)
        assert wide * bomb_faces.CONDENSE <= band, (sprite.card, lay.name_lines, wide, band)
        text = words(scene, sprite, rect)
        assert screen.contains(text), (sprite.card, text)
        for j, other in enumerate(rects):
            assert j == i or not other.colliderect(text), f"{zone.sprites[j].card} {other} covers {sprite.card} {text}"
        for name, other in others.items():
            assert not other.colliderect(text), f"{name} {other} covers {sprite.card} {text} ({size}, {players}p)"


@pytest.mark.parametrize("size,n", [((1024, 640), 12), ((1024, 640), 10), ((1280, 720), 12)])
def test_a_long_hand_shows_every_face_untouched_on_screen(size, n):
    """On screen, the words of every face are the painter's pixels (another card, a shadow or a panel
    over them would change them), the cards undimmed for the comparison."""
    app, scene = long_hand_table(size, 6, n)
    zone = scene.model.zones["hand:0"]
    for sprite in zone.sprites:
        sprite.dim = sprite.highlight = 0.0
    app.draw()
    for sprite in zone.sprites:
        rect = scene.renderer.current_rect(sprite)
        face = scene.family.painter.face(sprite.card, rect.h)
        assert face.get_size() == rect.size == cards.card_size(rect.h)
        text = words(scene, sprite, rect)
        differ = 0
        for x in range(text.left, text.right):
            for y in range(text.top, text.bottom):
                want = face.get_at((x - rect.x, y - rect.y))
                got = app.screen.get_at((x, y))
                differ += max(abs(a - b) for a, b in zip(want[:3], got[:3])) > 24
        assert differ <= text.w * text.h // 200, (sprite.card, differ, text)


def test_the_hand_takes_a_second_row_and_the_board_gives_way():
    """At 1024x640 an eight-card hand is one row under the prompt; twelve cards make two rows of faces as
    tall as the eight's (every card's text fits), and the prompt, the buttons and the board move up."""
    app, scene = long_hand_table((1024, 640), 4, 8)
    lay = scene.family.layout.fix()
    one_row = (lay.rows, lay.card_h, pygame.Rect(lay.buttons), pygame.Rect(lay.board))
    app, scene = long_hand_table((1024, 640), 4, 12)
    lay = scene.family.layout.fix()
    assert one_row[0] == 1 and lay.rows == 2
    assert lay.card_h >= scene.family.painter.readable_height() and lay.card_h <= one_row[1]
    assert lay.buttons.bottom < one_row[2].bottom and lay.board.h < one_row[3].h
    assert scene.family.actions.buttons_rect == lay.buttons          # the shared actions follow
    tops = sorted({scene.renderer.current_rect(sp).top for sp in scene.model.zones["hand:0"].sprites})
    assert len(tops) == 2


def drag(app, start, end) -> None:
    """A real press at `start`, the pointer moving with the button down, the release at `end`."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for k in range(1, 6):
        post_move((start[0] + (end[0] - start[0]) * k // 5, start[1] + (end[1] - start[1]) * k // 5),
                  buttons=(1, 0, 0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    run_frames(app, 2)


def test_a_card_dropped_on_the_hands_own_top_row_goes_home():
    """Dragging a card of the lower row up onto the upper row is no play (that row is the hand, though it
    stands over the one-row hand's place); dragging it on up to the board plays it (here: asks on whom)."""
    app, scene = long_hand_table((1024, 640), 4, 12)
    zone = scene.model.zones["hand:0"]
    index = next(i for i, sp in enumerate(zone.sprites) if sp.card == "OM")         # Opponent Massacre
    home = scene.renderer.current_rect(zone.sprites[index])
    top_row = min(scene.renderer.current_rect(sp).top for sp in zone.sprites)
    assert home.top > top_row                                                       # it is in the lower row
    above = (home.centerx, top_row + home.h // 2)
    drag(app, home.center, above)
    run_frames(app, 20)
    assert scene.session.state.history == [] and not scene.family.popup.shown()
    sprite = zone.sprites[index]
    assert sprite.origin is None and scene.renderer.rect_of(sprite) == home        # back in its place
    drag(app, home.center, (home.centerx, scene.family.layout.fix().board.centery))
    assert scene.family.popup.shown()                                               # on whom? (two rivals)
