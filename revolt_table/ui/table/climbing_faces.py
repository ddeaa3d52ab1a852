"""Dou Dizhu card faces: standard suits (♠♥♦♣ from the shipped DejaVu font) and two distinct jokers.

Why its own painter: in an overlapped Dou Dizhu hand only a narrow strip of each card shows, so the
rank and suit must sit in that strip, large and bold ("10" squeezed to the width of one letter), and
the two jokers must be told apart at a glance: the big (red) joker in red with a filled star, the
small (black) joker in black with an outlined star, both with "JOKER" written down the corner
instead of a rank and their name under the star in the player's language (the table passes it:
`climbing.face.big` / `small`). Faces are painted at twice their size, smooth-scaled once, and cached.

The four-colour deck (Settings, issue 10: for players who tell suits apart better by colour than by
shape) paints spades black, hearts red, diamonds blue and clubs green; the jokers keep their colours.
The same blue and green as the rules' quick reference (revolt_table/ui/scenes/rules_table.py).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from revolt_table.ui import cards, theme
from revolt_table.ui.fonts import card_floor, font

RED = (200, 30, 40)
RED_DARK = (150, 18, 26)
BLACK = (24, 24, 30)
BLUE = (30, 90, 200)
GREEN = (20, 130, 60)
SUITS = {"S": ("♠", BLACK), "H": ("♥", RED), "D": ("♦", RED), "C": ("♣", BLACK)}
FOUR_COLOURS = {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN}
COURT_TINT = {"J": (232, 236, 246), "Q": (246, 232, 236), "K": (240, 236, 222)}


def rank_text(card_id: str) -> str:
    return "10" if card_id[0] == "T" else card_id[0]


def colour_of(card_id: str, four_colour: bool = False) -> tuple[int, int, int]:
    """The ink of a card: red or black, or with the four-colour deck one colour per suit."""
    if card_id == "RJ":
        return RED
    if card_id == "BJ":
        return BLACK
    if four_colour:
        return FOUR_COLOURS.get(card_id[-1:], BLACK)
    return SUITS.get(card_id[-1:], ("", BLACK))[1]


def spec(card_id: str) -> cards.FaceSpec:
    """A FaceSpec for generic code that asks the registered style (e.g. a results thumbnail)."""
    if card_id in ("BJ", "RJ"):
        c = colour_of(card_id)
        return cards.FaceSpec("JOKER", c, c, "plain", "★", "★")
    glyph, c = SUITS.get(card_id[-1:], ("", BLACK))
    return cards.FaceSpec(rank_text(card_id), c, RED_DARK if c == RED else BLACK, "plain", glyph, glyph)


def _text(text: str, px: int, colour, bold: bool = True, max_w: int | None = None) -> pygame.Surface:
    image = font(px, bold).render(text, True, colour)
    if max_w is not None and image.get_width() > max_w:
        image = pygame.transform.smoothscale(image, (max_w, image.get_height()))
    return image


def face(card_id: str, height: int, four_colour: bool = False, word: str = "") -> pygame.Surface:
    """The face of `card_id`, `height` pixels tall (cached), in two or four colours; `word` is a
    joker's name under its star ("BIG", "大王"), none if empty, never under the card floor (issue 28)."""
    return _face(card_id, height, four_colour, word, card_floor())


@lru_cache(maxsize=256)
def _face(card_id: str, height: int, four_colour: bool, word: str, floor: int) -> pygame.Surface:
    w, h = cards.card_size(height)
    s = 2
    W, H = w * s, h * s
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    radius = max(4, W // 11)
    pygame.draw.rect(big, theme.CARD_FACE, big.get_rect(), border_radius=radius)
    if card_id in ("BJ", "RJ"):
        _joker(big, card_id == "RJ", word, floor)
    else:
        _standard(big, card_id, four_colour)
    pygame.draw.rect(big, theme.CARD_EDGE, big.get_rect(), max(1, s), border_radius=radius)
    return cards._display_ready(pygame.transform.smoothscale(big, (w, h)))


def _corner_width(W: int) -> int:
    """Width of the corner index: what must show in the visible strip of an overlapped hand."""
    return int(W * 0.27)


def _standard(big: pygame.Surface, card_id: str, four_colour: bool = False) -> None:
    W, H = big.get_size()
    rank = rank_text(card_id)
    glyph = SUITS[card_id[-1]][0]
    colour = colour_of(card_id, four_colour)
    cw = _corner_width(W)
    rank_img = _text(rank, int(H * 0.2), colour, True, max_w=cw)
    suit_img = _text(glyph, int(H * 0.15), colour, False)
    x0, y0 = int(W * 0.05), int(H * 0.03)
    corner = pygame.Surface((cw, rank_img.get_height() + suit_img.get_height()), pygame.SRCALPHA)
    corner.blit(rank_img, rank_img.get_rect(midtop=(cw // 2, 0)))
    corner.blit(suit_img, suit_img.get_rect(midtop=(cw // 2, rank_img.get_height() - int(H * 0.025))))
    big.blit(corner, (x0, y0))
    big.blit(pygame.transform.rotate(corner, 180), (W - x0 - corner.get_width(), H - y0 - corner.get_height()))
    centre = (W // 2 + int(W * 0.06), H // 2)
    if rank in COURT_TINT:
        frame = pygame.Rect(0, 0, int(W * 0.5), int(H * 0.56))
        frame.center = centre
        pygame.draw.rect(big, COURT_TINT[rank], frame, border_radius=W // 20)
        pygame.draw.rect(big, colour, frame, max(2, W // 60), border_radius=W // 20)
        letter = _text(rank, int(H * 0.3), colour, True)
        big.blit(letter, letter.get_rect(center=(frame.centerx, frame.centery - int(H * 0.05))))
        small = _text(glyph, int(H * 0.13), colour, False)
        big.blit(small, small.get_rect(center=(frame.centerx, frame.bottom - int(H * 0.08))))
    else:
        pip = _text(glyph, int(H * (0.42 if rank == "A" else 0.34)), colour, False)
        big.blit(pip, pip.get_rect(center=centre))


def _joker(big: pygame.Surface, red: bool, word: str = "", floor: int = 8) -> None:
    W, H = big.get_size()
    colour = RED if red else BLACK
    cw = _corner_width(W)
    # "JOKER" down the left edge (and up the right edge, turned), one letter under the other
    size = int(H * 0.11)
    y = int(H * 0.04)
    column = pygame.Surface((cw, H), pygame.SRCALPHA)
    for ch in "JOKER":
        img = _text(ch, size, colour, True)
        column.blit(img, img.get_rect(midtop=(cw // 2, y)))
        y += int(size * 1.0)
    big.blit(column, (int(W * 0.04), 0))
    big.blit(pygame.transform.rotate(column, 180), (W - int(W * 0.04) - cw, 0))
    # centre: a big star (filled for the big joker, outlined for the small one) and the word BIG/SMALL
    cx, cy = W // 2 + int(W * 0.04), int(H * 0.48)
    r = int(W * 0.24)
    import math
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.45
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    if red:
        pygame.draw.polygon(big, (236, 180, 40), pts)
        pygame.draw.polygon(big, RED, pts, max(2, W // 40))
    else:
        pygame.draw.polygon(big, BLACK, pts, max(2, W // 30))
    if word:
        image = _text(word, max(int(H * 0.085), 2 * floor), colour, True, max_w=int(W * 0.46))   # painted 2x
        big.blit(image, image.get_rect(midtop=(W // 2, cy + r + int(H * 0.04))))     # clear of "JOKER"
