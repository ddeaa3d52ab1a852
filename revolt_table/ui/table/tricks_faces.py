"""Révolte! card faces and the table's token icons (coins, coats of arms, family emblems).

Why each family has a colour AND an emblem AND a frame: a colour-blind player must tell Nobles,
Rascals and Blaggards apart at a glance. Nobles are blue with a crown and a round frame, Rascals
orange with a knight and no frame, Blaggards near-black with a skull and a square riveted
frame. Citizens are plain brown pawns with no value; the pitchfork Citizen carries a pitchfork (Ψ) and
its name.
"""

from __future__ import annotations

import math
from functools import lru_cache, partial

import pygame

from revolt_table.ui import cards, draw, i18n, theme
from revolt_table.ui.cards import FaceSpec
from revolt_table.ui.fonts import font


def rt(key: str, **fmt) -> str:
    """Révolte! table text: keys under `tricks.` in assets/locale/<lang>.tricks.yaml."""
    return i18n.t("tricks." + key, **fmt)


# letter -> (colour, dark, frame shape, emblem glyph)
FAMILY_LOOK = {
    "N": ((30, 86, 176), (14, 44, 110), "round", "♛"),
    "R": ((204, 108, 8), (120, 58, 0), "plain", "♞"),
    "B": ((40, 40, 46), (8, 8, 10), "square", "☠"),
}
CITIZEN = ((128, 104, 78), (78, 60, 42))
PITCHFORK = "Ψ"
COIN = (226, 178, 52)
COIN_DARK = (140, 98, 20)
ARMS = (168, 34, 46)
ARMS_DARK = (96, 14, 24)


def tricks_style(card_id: str, pitchfork: str | None = None) -> FaceSpec:
    """card id -> face: `N7` a Noble 7, the `pitchfork` id the pitchfork Citizen, any other a Citizen."""
    letter, rank = card_id[:1], card_id[1:]
    if letter in FAMILY_LOOK and rank.isdigit():
        colour, dark, shape, glyph = FAMILY_LOOK[letter]
        return FaceSpec(rank, colour, dark, shape, glyph, glyph)
    colour, dark = CITIZEN
    if card_id == pitchfork:
        return FaceSpec("", colour, dark, "plain", PITCHFORK, PITCHFORK)
    return FaceSpec("", colour, dark, "plain", "♟", "♟")


@lru_cache(maxsize=8)
def style_with(pitchfork: str | None) -> cards.CardStyle:
    """The faces of a game whose pitchfork Citizen is `pitchfork` (`rules.params.pitchfork`): one style
    object per id, so the faces' cache keeps them apart."""
    return partial(tricks_style, pitchfork=pitchfork)


@lru_cache(maxsize=256)
def face(card_id: str, height: int, word: str, pitchfork: str | None = None) -> pygame.Surface:
    """The face, plus the Citizen's name (`word`) along the bottom (Citizens have no value to read);
    `pitchfork`: the id of the Citizen drawn with the pitchfork."""
    image = cards.face(card_id, height, style_with(pitchfork)).copy()
    letter = card_id[:1]
    if not (letter in FAMILY_LOOK and card_id[1:].isdigit()):
        w, h = image.get_size()
        size = draw.fit_text(word, max(8, int(h * 0.1)), int(w * 0.86), True)
        text = draw.render_text(word, size, CITIZEN[1], True)
        image.blit(text, text.get_rect(midbottom=(w // 2, int(h * 0.93))))
    return image


def coin_icon(size: int) -> pygame.Surface:
    return _coin(max(6, int(size)))


@lru_cache(maxsize=32)
def _coin(size: int) -> pygame.Surface:
    s = 3
    big = pygame.Surface((size * s, size * s), pygame.SRCALPHA)
    c = big.get_width() // 2
    pygame.draw.circle(big, (60, 40, 8), (c + s, c + 2 * s), c - 2 * s)
    pygame.draw.circle(big, COIN_DARK, (c, c), c - 2 * s)
    pygame.draw.circle(big, COIN, (c, c), int((c - 2 * s) * 0.84))
    pygame.draw.circle(big, (250, 222, 120), (c, c), int((c - 2 * s) * 0.56), max(2, s * size // 14))
    return cards._display_ready(pygame.transform.smoothscale(big, (size, size)))


def arms_icon(size: int) -> pygame.Surface:
    return _arms(max(6, int(size)))


@lru_cache(maxsize=32)
def _arms(size: int) -> pygame.Surface:
    """A coat-of-arms token: a red shield with a gold rim and a fleur-de-lis."""
    s = 3
    W = size * s
    big = pygame.Surface((W, W), pygame.SRCALPHA)

    def shield(inset: float) -> list[tuple[float, float]]:
        x0, x1, y0 = W * 0.12 + inset, W * 0.88 - inset, W * 0.06 + inset
        ymid = W * 0.52
        pts = [(x0, y0), (x1, y0), (x1, ymid)]
        for k in range(1, 9):
            a = k / 9 * math.pi / 2
            pts.append((W / 2 + (x1 - W / 2) * math.cos(a), ymid + (W * 0.94 - inset - ymid) * math.sin(a)))
        pts.append((W / 2, W * 0.94 - inset))
        for k in range(8, 0, -1):
            a = k / 9 * math.pi / 2
            pts.append((W / 2 - (W / 2 - x0) * math.cos(a), ymid + (W * 0.94 - inset - ymid) * math.sin(a)))
        pts.append((x0, ymid))
        return pts

    pygame.draw.polygon(big, theme.GOLD_DARK, shield(0))
    pygame.draw.polygon(big, ARMS, shield(W * 0.07))
    image = font(int(W * 0.5), True).render("⚜", True, theme.GOLD_LIGHT)
    big.blit(image, image.get_rect(center=(W // 2, int(W * 0.47))))
    return cards._display_ready(pygame.transform.smoothscale(big, (size, size)))


def emblem_icon(letter: str, size: int) -> pygame.Surface:
    """A family's emblem in its colour on a small card-coloured disc (badges, legends)."""
    return _emblem(letter, max(8, int(size)))


@lru_cache(maxsize=32)
def _emblem(letter: str, size: int) -> pygame.Surface:
    colour, dark, _, glyph = FAMILY_LOOK.get(letter, (*CITIZEN, "plain", PITCHFORK))
    s = 3
    W = size * s
    big = pygame.Surface((W, W), pygame.SRCALPHA)
    pygame.draw.circle(big, theme.CARD_FACE, (W // 2, W // 2), W // 2 - s)
    pygame.draw.circle(big, colour, (W // 2, W // 2), W // 2 - s, max(2, W // 14))
    image = font(int(W * 0.6), True).render(glyph, True, colour)
    big.blit(image, image.get_rect(center=(W // 2, W // 2)))
    return cards._display_ready(pygame.transform.smoothscale(big, (size, size)))
