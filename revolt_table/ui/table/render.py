"""Generic drawing of a table model: any family's zones (hands, piles, slots, stacks, tricks) as cards.

Why one renderer: the family decides WHERE a zone goes (a Placement) and this module decides HOW cards
look at rest, in flight, flipping, lifted, glowing or dimmed. Everything expensive (faces, backs,
shadows, panels) is cached per size, so a frame is a list of blits.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable, Optional

import pygame

from revolt_table.ui import cards, draw, theme
from revolt_table.ui.fonts import card_faces
from revolt_table.ui.table.layout import Placement
from revolt_table.ui.table.model import Sprite, TableModel

DOT_STEPS = 3            # steps a second of the thinking dots

@lru_cache(maxsize=64)
def panel_surface(size: tuple[int, int], radius: int, alpha: int = 215,
                  edge: tuple[int, int, int] = theme.PANEL_EDGE, fill: tuple[int, int, int] = theme.PANEL,
                  edge_w: int = 1) -> pygame.Surface:
    """A translucent rounded panel with a thin edge, cached per size (drawn every frame)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (*fill, alpha), surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, (*edge, 255), surf.get_rect(), width=max(1, edge_w), border_radius=radius)
    return cards._display_ready(surf)


@lru_cache(maxsize=32)
def dim_overlay(size: tuple[int, int], alpha: int, radius: int) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (10, 20, 15, alpha), surf.get_rect(), border_radius=radius)
    return cards._display_ready(surf)


def lerp_rect(a: pygame.Rect, b: pygame.Rect, t: float) -> pygame.Rect:
    return pygame.Rect(round(a.x + (b.x - a.x) * t), round(a.y + (b.y - a.y) * t),
                       max(1, round(a.w + (b.w - a.w) * t)), max(1, round(a.h + (b.h - a.h) * t)))


CardPainter = Callable[[Optional[str], int, bool], pygame.Surface]


class TableRenderer:
    """Draws a TableModel through a placement per zone (`family`: the family's name). `painter`
    (normally the family table's `card_image` hook) draws a card at a height, face up or down; without
    one, the generic faces (ui/cards.py)."""

    def __init__(self, family: str, painter: CardPainter | None = None) -> None:
        self.family = family
        self.painter = painter
        self.rest: dict[int, pygame.Rect] = {}      # id(sprite) -> resting rect this frame
        self.hits: list[tuple[pygame.Rect, str, int]] = []   # (rect, zone, index) top-most last

    # -------------------------------------------------------------------- images
    def image(self, sprite: Sprite, h: int, face: bool) -> pygame.Surface:
        face = face and sprite.card is not None
        with card_faces():                         # a face's text: the card floor at any text size
            if self.painter is not None:
                return self.painter(sprite.card, h, face)
            return cards.face(sprite.card, h) if face else cards.back(h)

    # -------------------------------------------------------------------- layout
    def resting(self, model: TableModel, placements: dict[str, Placement]) -> None:
        """Compute where every placed sprite rests this frame (and the click targets)."""
        self.rest = {}
        self.hits = []
        for name, place in placements.items():
            zone = model.zones.get(name)
            if zone is None:
                continue
            if zone.groups:
                for group, rects in zip(zone.groups, place.group_rects([len(g) for g in zone.groups])):
                    # rects go from the bottom card up; group lists are top card first
                    for sprite, rect in zip(reversed(group), rects):
                        self.rest[id(sprite)] = rect
            else:
                for i, (sprite, rect) in enumerate(zip(zone.sprites, place.rects(len(zone.sprites)))):
                    self.rest[id(sprite)] = rect
                    self.hits.append((rect, name, i))

    def rect_of(self, sprite: Sprite) -> pygame.Rect | None:
        return self.rest.get(id(sprite))

    def current_rect(self, sprite: Sprite) -> pygame.Rect | None:
        """Where the sprite is drawn now (in flight: between its origin and its resting place)."""
        rest = self.rest.get(id(sprite))
        if rest is None:
            return None
        r = rest
        if sprite.origin is not None and sprite.progress < 1.0:
            r = lerp_rect(sprite.origin, rest, sprite.progress)
            r.y -= round(sprite.arc * rest.h * math.sin(math.pi * sprite.progress))
        if sprite.lift:
            r = r.move(0, -round(sprite.lift * rest.h))
        return r

    # -------------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, model: TableModel, placements: dict[str, Placement]) -> None:
        """Draw every placed zone in z order, then every card in flight on top of everything."""
        self.resting(model, placements)
        flying: list[tuple[Sprite, Placement]] = []
        for name, place in sorted(placements.items(), key=lambda kv: kv[1].z):
            zone = model.zones.get(name)
            if zone is None:
                continue
            if zone.groups:
                for group in zone.groups:
                    depth = len(group)
                    for i, sprite in enumerate(reversed(group)):
                        if sprite.hidden or (i < depth - 4 and sprite.progress >= 1):
                            continue          # covered by the cards above it: only 4 edges show
                        if sprite.origin is not None and sprite.progress < 1:
                            flying.append((sprite, place))
                        else:
                            self.draw_sprite(surface, sprite, place, shadow=(i == 0), badge=None)
                    if depth > 1 and group and not group[0].hidden and group[0].progress >= 1:
                        top = self.current_rect(group[0])
                        if top is not None:
                            self.count_badge(surface, top, depth)
            else:
                for sprite in zone.sprites:
                    if sprite.hidden:
                        continue
                    if sprite.origin is not None and sprite.progress < 1:
                        flying.append((sprite, place))
                    else:
                        shadow = place.mode in ("fan", "slot") or (place.mode == "row" and place.z >= 40)
                        self.draw_sprite(surface, sprite, place, shadow=shadow)
        for sprite, place in flying:
            self.draw_sprite(surface, sprite, place, shadow=True)

    def draw_sprite(self, surface: pygame.Surface, sprite: Sprite, place: Placement, *, shadow: bool = True,
                    badge: int | None = None) -> None:
        rect = self.current_rect(sprite)
        if rect is None:
            return
        flip = sprite.flip if (place.face_up or sprite.flip < 1) else 0.0
        if not place.face_up and sprite.flip >= 1:
            flip = 0.0
        face = flip >= 0.5
        squeeze = abs(math.cos(math.pi * flip)) if 0.0 < flip < 1.0 else 1.0
        rest = self.rest.get(id(sprite))
        h = rest.h if rest is not None else rect.h       # faces are cached at resting sizes only
        image = self.image(sprite, h, face)
        if image.get_size() != rect.size and rect.w > 4:
            image = pygame.transform.smoothscale(image, rect.size)
        if squeeze < 0.999:
            image = cards.squeeze(image, max(0.02, squeeze))
        if shadow and sprite.lift >= 0:
            sh = cards.shadow((rect.w, rect.h))
            off = max(2, rect.h // 40) + round(sprite.lift * rect.h * 0.25)
            surface.blit(sh, sh.get_rect(center=(rect.centerx + off // 2, rect.centery + off)))
        if sprite.highlight > 0.01:
            glow = cards.outline((rect.w, rect.h), theme.GOLD_LIGHT, max(3, rect.w // 18))
            glow.set_alpha(int(255 * min(1.0, sprite.highlight)))
            surface.blit(glow, glow.get_rect(center=rect.center))
        dest = image.get_rect(center=rect.center)
        surface.blit(image, dest)
        if sprite.dim > 0.01:
            veil = dim_overlay(image.get_size(), int(150 * min(1.0, sprite.dim)), max(3, rect.w // 11))
            surface.blit(veil, dest)

    def count_badge(self, surface: pygame.Surface, card: pygame.Rect, count: int) -> None:
        """A small round number on a stack's corner: how many cards it holds."""
        r = max(10, card.w // 5)                    # room for two digits at 11 px, the least anywhere
        centre = (card.right - r // 3, card.bottom - r // 3)
        pygame.draw.circle(surface, theme.SHADOW, (centre[0] + 1, centre[1] + 2), r)
        pygame.draw.circle(surface, theme.PANEL, centre, r)
        pygame.draw.circle(surface, theme.GOLD, centre, r, max(1, r // 6))
        draw.text(surface, str(count), max(11, int(r * 1.15)), theme.GOLD_LIGHT, bold=True, center=centre)

    def hit(self, pos: tuple[int, int], zone: str) -> int | None:
        """Index of the top-most card of `zone` under `pos` (using drawn positions, lift included)."""
        for rect, name, index in reversed(self.hits):
            if name == zone and rect.collidepoint(pos):
                return index
        return None


def thinking_dots(surface: pygame.Surface, centre: tuple[int, int], size: int, time: float,
                  colour=theme.GOLD_LIGHT) -> None:
    """Three dots, one raised and lit after another: the AI-is-thinking cue. It moves in DOT_STEPS
    a second, whole steps only, so a table whose AI thinks draws a few frames a second, not 60 (issue 30)."""
    lit = int(time * DOT_STEPS) % 3
    for i in range(3):
        x = centre[0] + (i - 1) * size * 2.2
        y = centre[1] - (size * 1.2 if i == lit else 0)
        shade = colour if i == lit else theme.lerp_color(colour, theme.PANEL, 0.45)
        pygame.draw.circle(surface, shade, (round(x), round(y)), max(2, size))


def next_dot_step(time: float) -> float:
    """Seconds from `time` until the thinking dots move again."""
    return (math.floor(time * DOT_STEPS) + 1) / DOT_STEPS - time


def avatar(surface: pygame.Surface, centre: tuple[int, int], radius: int, name: str, *, active: float = 0.0,
           human: bool = True, pulse: float = 0.0, size: int | None = None) -> None:
    """A round avatar with the player's initial; a gold ring while `active` (their turn) that pulses
    with `pulse` (-1..1: the table's `wave`, which comes to rest when nothing happens). `size`: the
    initial's type size (the text scale's; else from the radius)."""
    cx, cy = centre
    pygame.draw.circle(surface, theme.SHADOW, (cx + 1, cy + 2), radius)
    pygame.draw.circle(surface, theme.BUTTON if human else (52, 56, 80), centre, radius)
    ring = theme.lerp_color(theme.PANEL_EDGE, theme.GOLD_LIGHT, active * (0.7 + 0.3 * pulse))
    pygame.draw.circle(surface, ring, centre, radius, max(2, radius // 8))
    initial = (name.strip()[:1] or "?").upper()
    draw.text(surface, initial, size or int(radius * 1.1), theme.TEXT, bold=True, center=(cx, cy + 1))
