"""Card faces and backs, drawn procedurally at the exact pixel size asked for, and cached per size.

Why procedural: a card must stay crisp from a 40 px stack marker to a 330 px hand card at 1440p,
and bitmaps would blur when scaled. Each face is drawn at twice its size and smooth-scaled down once
(cheap anti-aliasing), then cached, so drawing a frame is only blits.

Colour is never the only cue: every suit/colour has a `shape` ("round" frames and dots for Ducks,
"square" frames and rivets for Robots) and a symbol (duck silhouette, robot head, card suit glyph),
repeated as a small corner glyph under the value, so colour-blind players can tell cards apart.

A family tells this module how its cards look through a `CardStyle` (card id -> FaceSpec): its table's
`card_style()` hook (ui/table/family.py), passed to `face`; a card drawn without one (a family with no
table of its own) reads playing-card ids as cards and shows anything else as its text (`generic_style`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

import pygame

from revolt_table.ui import draw, i18n, theme
from revolt_table.ui.fonts import font

Color = tuple[int, int, int]

RED = (196, 44, 48)
RED_DARK = (132, 24, 30)
BLUE = (34, 86, 180)
BLUE_DARK = (18, 46, 110)
INK = (36, 36, 40)
BEAK = (238, 150, 36)

CARD_RATIO = 0.68   # width / height


@dataclass(frozen=True)
class FaceSpec:
    """What a card face shows: rank text, ink colour, frame shape, centre symbol, corner glyph."""

    rank: str
    colour: Color
    dark: Color
    shape: str = "plain"        # round | square | plain
    symbol: str = ""            # duck | robot | a text glyph (e.g. a suit "♠")
    corner: str = ""            # symbol name or glyph drawn small under the corner rank
    label: str = ""             # optional word at the bottom (e.g. "Ducks")


CardStyle = Callable[[str], FaceSpec]


_SUITS = {"S": ("♠", INK), "C": ("♣", INK), "H": ("♥", RED), "D": ("♦", RED)}


def generic_style(card_id: str) -> FaceSpec:
    """A fallback that reads playing-card ids like "TS" / "3H" and shows anything else as text."""
    if len(card_id) >= 2 and card_id[-1] in _SUITS:
        glyph, colour = _SUITS[card_id[-1]]
        rank = card_id[:-1].replace("T", "10")
        dark = RED_DARK if colour == RED else (10, 10, 12)
        return FaceSpec(rank, colour, dark, "plain", glyph, glyph)
    return FaceSpec(card_id, INK, (10, 10, 12), "plain", "", "")


def _display_ready(surface: pygame.Surface) -> pygame.Surface:
    """Convert to the display's pixel format when a window exists: such blits are several times faster."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def card_size(height: int) -> tuple[int, int]:
    """(width, height) of a card `height` pixels tall."""
    height = max(16, int(height))
    return max(11, round(height * CARD_RATIO)), height


# ------------------------------------------------------------------------------------------ symbols

def draw_duck(surface: pygame.Surface, rect: pygame.Rect, colour: Color, dark: Color) -> None:
    """A sitting duck facing right: round body, round head, flat beak, eye and a wing curve."""
    x, y, w, h = rect
    body = pygame.Rect(0, 0, int(w * 0.86), int(h * 0.52))
    body.midbottom = (x + int(w * 0.45), y + int(h * 0.96))
    tail = [(body.left + int(w * 0.02), body.top + int(h * 0.16)), (x, y + int(h * 0.40)),
            (body.left + int(w * 0.20), body.top + int(h * 0.10))]
    pygame.draw.polygon(surface, colour, tail)
    pygame.draw.ellipse(surface, colour, body)
    head_r = int(min(w, h) * 0.22)
    head_c = (x + int(w * 0.68), y + int(h * 0.34))
    neck = pygame.Rect(0, 0, int(head_r * 1.3), int(h * 0.30))
    neck.midtop = (head_c[0] - head_r // 4, head_c[1])
    pygame.draw.ellipse(surface, colour, neck)
    pygame.draw.circle(surface, colour, head_c, head_r)
    beak = pygame.Rect(0, 0, int(head_r * 1.25), int(head_r * 0.62))
    beak.midleft = (head_c[0] + int(head_r * 0.72), head_c[1] + int(head_r * 0.18))
    pygame.draw.ellipse(surface, BEAK, beak)
    pygame.draw.ellipse(surface, dark, beak, max(1, head_r // 9))
    eye = (head_c[0] + head_r // 3, head_c[1] - head_r // 4)
    pygame.draw.circle(surface, theme.CARD_FACE, eye, max(2, head_r // 3))
    pygame.draw.circle(surface, dark, eye, max(1, head_r // 6))
    wing = pygame.Rect(0, 0, int(body.width * 0.55), int(body.height * 0.55))
    wing.center = (body.centerx - int(w * 0.04), body.centery - int(h * 0.02))
    pygame.draw.arc(surface, dark, wing, 3.5, 6.1, max(2, int(w * 0.045)))


def draw_robot(surface: pygame.Surface, rect: pygame.Rect, colour: Color, dark: Color) -> None:
    """A robot head: square head with bolts, antenna, square eyes and a grille mouth."""
    x, y, w, h = rect
    head = pygame.Rect(0, 0, int(w * 0.78), int(h * 0.62))
    head.midbottom = (x + w // 2, y + int(h * 0.94))
    stroke = max(2, int(w * 0.045))
    pygame.draw.line(surface, dark, (head.centerx, head.top), (head.centerx, y + int(h * 0.14)), stroke)
    ball = max(3, int(w * 0.075))
    pygame.draw.rect(surface, colour, (head.centerx - ball, y + int(h * 0.14) - ball, 2 * ball, 2 * ball))
    ear_w, ear_h = int(w * 0.08), int(h * 0.22)
    pygame.draw.rect(surface, dark, (head.left - ear_w, head.centery - ear_h // 2, ear_w, ear_h))
    pygame.draw.rect(surface, dark, (head.right, head.centery - ear_h // 2, ear_w, ear_h))
    pygame.draw.rect(surface, colour, head, border_radius=max(1, int(w * 0.04)))
    eye = int(w * 0.16)
    for ex in (head.left + int(head.width * 0.27), head.left + int(head.width * 0.73)):
        r = pygame.Rect(0, 0, eye, eye)
        r.center = (ex, head.top + int(head.height * 0.36))
        pygame.draw.rect(surface, theme.CARD_FACE, r)
        pygame.draw.rect(surface, dark, r.inflate(-eye // 2, -eye // 2))
    mouth = pygame.Rect(0, 0, int(head.width * 0.62), int(head.height * 0.2))
    mouth.center = (head.centerx, head.top + int(head.height * 0.74))
    pygame.draw.rect(surface, theme.CARD_FACE, mouth)
    for i in range(1, 4):
        mx = mouth.left + mouth.width * i // 4
        pygame.draw.line(surface, dark, (mx, mouth.top), (mx, mouth.bottom - 1), max(1, stroke // 2))
    for bx in (head.left + stroke * 2, head.right - stroke * 2):
        for by in (head.top + stroke * 2, head.bottom - stroke * 2):
            pygame.draw.rect(surface, dark, (bx - stroke // 2 - 1, by - stroke // 2 - 1, stroke + 1, stroke + 1))


def draw_symbol(surface: pygame.Surface, name: str, rect: pygame.Rect, colour: Color, dark: Color) -> None:
    """Draw a named symbol (duck, robot) or a text glyph centred in `rect`."""
    if name == "duck":
        draw_duck(surface, rect, colour, dark)
    elif name == "robot":
        draw_robot(surface, rect, colour, dark)
    elif name:
        image = font(max(8, int(rect.height * 0.95)), True).render(name, True, colour)
        surface.blit(image, image.get_rect(center=rect.center))


@lru_cache(maxsize=64)
def symbol_icon(name: str, height: int, colour: Color, dark: Color) -> pygame.Surface:
    """A standalone anti-aliased symbol icon (for tallies and badges), cached."""
    scale = 3
    big = pygame.Surface((height * scale, height * scale), pygame.SRCALPHA)
    draw_symbol(big, name, big.get_rect(), colour, dark)
    return _display_ready(pygame.transform.smoothscale(big, (height, height)))


# ------------------------------------------------------------------------------------------ faces

def face(card_id: str, height: int, style: CardStyle = generic_style) -> pygame.Surface:
    """The face of `card_id` `height` pixels tall in `style` (cached per id, size, style and language: a
    style may set a name in the language shown, which can change mid-game, issue 28)."""
    return _face(card_id, height, style, i18n.language())


@lru_cache(maxsize=512)
def _face(card_id: str, height: int, style: CardStyle, language: str) -> pygame.Surface:
    return _display_ready(render_face(style(card_id), card_size(height)))


def render_face(spec: FaceSpec, size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    s = 2                                   # supersampling factor
    W, H = w * s, h * s
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    radius = max(4, W // 11)
    pygame.draw.rect(big, theme.CARD_FACE, big.get_rect(), border_radius=radius)
    # frame: the shape cue
    inset = max(3, int(W * 0.06))
    frame = big.get_rect().inflate(-2 * inset, -2 * inset)
    line = max(2, int(W * 0.022))
    if spec.shape == "round":
        pygame.draw.rect(big, spec.colour, frame, line, border_radius=int(frame.width * 0.22))
        dot = max(2, int(W * 0.025))
        for fx in (0.5,):
            pygame.draw.circle(big, spec.colour, (frame.left + int(frame.width * fx), frame.top), dot)
            pygame.draw.circle(big, spec.colour, (frame.left + int(frame.width * fx), frame.bottom), dot)
    elif spec.shape == "square":
        pygame.draw.rect(big, spec.colour, frame, line)
        rivet = max(3, int(W * 0.045))
        for cx, cy in ((frame.left, frame.top), (frame.right, frame.top), (frame.left, frame.bottom),
                       (frame.right, frame.bottom)):
            pygame.draw.rect(big, spec.colour, (cx - rivet // 2, cy - rivet // 2, rivet, rivet))
    # corner indices: rank large, glyph under it (top-left, and rotated at bottom-right)
    corner = _corner(spec, W, H)
    big.blit(corner, (int(W * 0.085), int(H * 0.045)))
    big.blit(pygame.transform.rotate(corner, 180), (W - int(W * 0.085) - corner.get_width(),
                                                  H - int(H * 0.045) - corner.get_height()))
    # centre: the symbol, with the value repeated big in its middle band
    sym = pygame.Rect(0, 0, int(W * 0.54), int(W * 0.54))
    sym.center = (W // 2, int(H * 0.49))
    if spec.symbol:
        draw_symbol(big, spec.symbol, sym, spec.colour, spec.dark)
    else:
        image = font(int(H * 0.34), True).render(spec.rank, True, spec.colour)
        big.blit(image, image.get_rect(center=(W // 2, H // 2)))
    pygame.draw.rect(big, theme.CARD_EDGE, big.get_rect(), max(1, s), border_radius=radius)
    return pygame.transform.smoothscale(big, (w, h))


def _corner(spec: FaceSpec, W: int, H: int) -> pygame.Surface:
    rank_px = max(8, int(H * 0.22))
    rank = font(rank_px, True).render(spec.rank, True, spec.dark)
    glyph_h = max(6, int(H * 0.10))
    gw = max(rank.get_width(), glyph_h)
    out = pygame.Surface((gw, rank.get_height() + glyph_h), pygame.SRCALPHA)
    out.blit(rank, rank.get_rect(midtop=(gw // 2, 0)))
    if spec.corner:
        box = pygame.Rect(0, 0, glyph_h, glyph_h)
        box.midtop = (gw // 2, rank.get_height() - int(rank_px * 0.12))
        draw_symbol(out, spec.corner, box, spec.colour, spec.dark)
    return out


@lru_cache(maxsize=32)
def back(height: int) -> pygame.Surface:
    """The shared card back (drawn by the UI foundation's draw.card_back), `height` pixels tall."""
    return _display_ready(draw.card_back(card_size(height)))


SHADOW_MIDDLE = 4        # straight pixels between the corners of a shadow template


@lru_cache(maxsize=64)
def shadow(size: tuple[int, int], alpha: int = 70) -> pygame.Surface:
    """A soft rounded shadow to put under a card of `size`.

    Why from a template: a card in flight needs a shadow of a new size nearly every frame (a deal flies a
    dozen at once). The shadow is nested rounded rectangles whose look depends on the card's width only
    through the spread and the corner radius; between the corners each row (column) repeats. So it is
    put together from a small template drawn once per spread and radius: its four corners, its middle
    row and column stretched, its centre filled. The pixels are those of `shadow_drawn` (a test compares
    them over a range of sizes) at half the cost."""
    w, h = size
    spread, radius = _shadow_spread(w), max(3, w // 10)
    c = radius + spread                              # the side of a corner
    W, H = w + 2 * spread, h + 2 * spread
    if W - 2 * c < 1 or H - 2 * c < 1:               # no straight part: drawn whole
        return _display_ready(shadow_drawn(size, alpha))
    t = _shadow_template(spread, radius, alpha)
    side, mid = t.get_width(), c + SHADOW_MIDDLE // 2
    out = pygame.Surface((W, H), pygame.SRCALPHA)
    out.fill(t.get_at((mid, mid)))                   # the centre, the darkest: black at alpha // 2
    # every other pixel is black and lighter, so the least of centre and template is the template's
    copy = pygame.BLEND_RGBA_MIN
    out.fblits([(t.subsurface((x, y, c, c)), (dx, dy))
                for (x, dx) in ((0, 0), (side - c, W - c)) for (y, dy) in ((0, 0), (side - c, H - c))], copy)
    out.fblits([(pygame.transform.scale(t.subsurface((mid, 0, 1, c)), (W - 2 * c, c)), (c, 0)),
                (pygame.transform.scale(t.subsurface((mid, side - c, 1, c)), (W - 2 * c, c)), (c, H - c)),
                (pygame.transform.scale(t.subsurface((0, mid, c, 1)), (c, H - 2 * c)), (0, c)),
                (pygame.transform.scale(t.subsurface((side - c, mid, c, 1)), (c, H - 2 * c)), (W - c, c))], copy)
    return _display_ready(out)


def _shadow_spread(w: int) -> int:
    return max(2, w // 14)


@lru_cache(maxsize=32)
def _shadow_template(spread: int, radius: int, alpha: int) -> pygame.Surface:
    """The smallest shadow with this spread and corner radius, and a few straight pixels between."""
    side = 2 * (radius + spread) + SHADOW_MIDDLE
    return _nested_rects((side, side), spread, radius, alpha)


def shadow_drawn(size: tuple[int, int], alpha: int = 70) -> pygame.Surface:
    """A shadow drawn whole, rectangle by rectangle (what `shadow` puts together from a template)."""
    w, h = size
    spread = _shadow_spread(w)
    return _nested_rects((w + 2 * spread, h + 2 * spread), spread, max(3, w // 10), alpha)


def _nested_rects(size: tuple[int, int], spread: int, radius: int, alpha: int) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    for i in range(spread, 0, -1):
        a = int(alpha * (1 - i / (spread + 1)) / 2)
        pygame.draw.rect(surf, (0, 0, 0, a), surf.get_rect().inflate(-2 * (spread - i), -2 * (spread - i)),
                         border_radius=radius + i)
    pygame.draw.rect(surf, (0, 0, 0, alpha // 2), surf.get_rect().inflate(-2 * spread, -2 * spread),
                     border_radius=radius)
    return surf


@lru_cache(maxsize=64)
def outline(size: tuple[int, int], colour: Color, width: int) -> pygame.Surface:
    """A glowing rounded outline around a card of `size` (selection / highlight)."""
    w, h = size
    surf = pygame.Surface((w + 4 * width, h + 4 * width), pygame.SRCALPHA)
    for i in range(width, 0, -1):
        a = int(200 * (1 - (i - 1) / width) ** 1.5)
        pygame.draw.rect(surf, (*colour, a), surf.get_rect().inflate(-2 * (width - i), -2 * (width - i)),
                         width=max(1, width // 2), border_radius=max(3, w // 10) + 2 * width)
    pygame.draw.rect(surf, (*colour, 255), surf.get_rect().inflate(-2 * width, -2 * width), width=max(2, width // 2),
                     border_radius=max(3, w // 10) + width)
    return _display_ready(surf)


def squeeze(surface: pygame.Surface, fraction: float) -> pygame.Surface:
    """The card narrowed to `fraction` of its width around its centre (a flip's half-turn)."""
    w, h = surface.get_size()
    return pygame.transform.scale(surface, (max(1, int(w * fraction)), h))
