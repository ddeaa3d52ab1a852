"""Pictures made faster for the frames where cards fly (issue 30) are the same pixels as before.

A deal draws a dozen cards at sizes never drawn before in every frame; each needs a shadow, and with a
look set each new picture is copied once and recoloured. `cards.shadow` now puts a shadow together from
a small template and `look.duplicate` copies by one blit; these tests hold them to the slow, obvious
way (`cards.shadow_drawn`, `Surface.copy`), pixel for pixel, so a speed-up can never change the picture.
"""

from __future__ import annotations

import random

import pygame
import pytest

from revolt_table.ui import cards
from revolt_table.ui.look import LookFilter, LookSettings, duplicate


@pytest.fixture
def window():
    pygame.display.init()
    yield pygame.display.set_mode((320, 200))
    pygame.display.quit()


def _rgba(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_a_shadow_from_its_template_is_the_shadow_drawn_whole(window):
    sizes = [(w, h) for w in range(1, 260, 3) for h in {1, 6, max(1, w // 2), w, w + 1, round(w * 1.47), 3 * w}]
    sizes += [(153, 225), (102, 150), (35, 52)]           # a deal at 1920x1080: the deck, a hand, a pod
    for alpha in (70, 120, 255):
        for size in sizes:
            made, drawn = cards.shadow.__wrapped__(size, alpha), cards.shadow_drawn(size, alpha)
            assert made.get_size() == drawn.get_size(), (size, alpha)
            assert _rgba(made) == _rgba(drawn), (size, alpha)


def test_the_template_shadow_is_not_the_whole_drawing(window, monkeypatch):
    """The test above compares two ways, not one way twice: a card-sized shadow is not drawn whole."""
    calls = []
    monkeypatch.setattr(cards, "shadow_drawn", lambda *a: calls.append(a) or pygame.Surface((1, 1)))
    cards.shadow.__wrapped__((102, 150))
    assert calls == []


def _kinds(window: pygame.Surface) -> dict[str, pygame.Surface]:
    rng = random.Random(5)
    rgba = bytes(rng.randrange(256) for _ in range(37 * 23 * 4))
    half = pygame.image.frombytes(rgba, (37, 23), "RGBA").convert_alpha()
    half.set_alpha(128)
    keyed = pygame.image.frombytes(rgba[:37 * 23 * 3], (37, 23), "RGB")
    keyed.set_colorkey((1, 2, 3))
    faded = pygame.image.frombytes(rgba[:37 * 23 * 3], (37, 23), "RGB").convert()
    faded.set_alpha(90)
    window.fill((20, 90, 40))
    return {"per-pixel alpha": pygame.image.frombytes(rgba, (37, 23), "RGBA"),
            "display alpha": pygame.image.frombytes(rgba, (37, 23), "RGBA").convert_alpha(),
            "24-bit": pygame.image.frombytes(rgba[:37 * 23 * 3], (37, 23), "RGB"),
            "display": pygame.image.frombytes(rgba[:37 * 23 * 3], (37, 23), "RGB").convert(),
            "alpha 128": half, "colour key": keyed, "opaque faded": faded,
            "palette": pygame.Surface((10, 10), 0, 8), "card face": cards.face("R5", 150, cards.generic_style),
            "shadow": cards.shadow((102, 150)), "window": window}


def test_duplicate_is_copy(window):
    for name, picture in _kinds(window).items():
        copied, made = picture.copy(), duplicate(picture)
        assert made is not picture, name
        assert (made.get_size(), made.get_flags(), made.get_bitsize(), made.get_masks()) == \
               (copied.get_size(), copied.get_flags(), copied.get_bitsize(), copied.get_masks()), name
        assert (made.get_alpha(), made.get_colorkey()) == (copied.get_alpha(), copied.get_colorkey()), name
        assert _rgba(made) == _rgba(copied), name


def test_a_card_picture_is_mapped_as_its_copy_would_be(window):
    """What the look does with a new picture (duplicate, recolour, grain) gives the pixels it gave with
    Surface.copy: the mapped copy equals the look applied to a plain copy."""
    look = LookFilter(LookSettings(80, 80, 30))
    look.canvas(window)
    for picture in (cards.face("R5", 150, cards.generic_style), cards.back(150), cards.shadow((102, 150))):
        expected = picture.copy()
        look.apply(expected)
        assert _rgba(look.mapped(picture)) == _rgba(expected)
