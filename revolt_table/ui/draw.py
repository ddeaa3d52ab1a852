"""Drawing helpers shared by scenes: the felt background, panels, shadowed text and card backs.

Why here: these are the look of the product. Expensive pieces (the vignetted felt, card backs) are
rendered once per size and cached, so scenes can redraw every frame cheaply.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from revolt_table.ui import fonts, theme
from revolt_table.ui.fonts import font


_felt = [1.0]          # strength of the felt's woven specks (the look's grain below 50 %: ui/look.py)


def set_felt_texture(strength: float) -> None:
    """How strong the felt's woven specks are drawn from now on: 0 smooth .. 1 as designed."""
    _felt[0] = round(min(1.0, max(0.0, strength)), 3)


def felt_texture() -> float:
    """The felt's texture strength now (scenes that keep a background key it by this)."""
    return _felt[0]


def felt_background(size: tuple[int, int]) -> pygame.Surface:
    """A felt table: radial light in the middle, darker edges, a faint woven grain."""
    return _felt_background(size, _felt[0])


@lru_cache(maxsize=4)
def _felt_background(size: tuple[int, int], texture: float) -> pygame.Surface:
    w, h = size
    small_w, small_h = 64, 40
    small = pygame.Surface((small_w, small_h))
    cx, cy = (small_w - 1) / 2, (small_h - 1) * 0.45
    max_d = math.hypot(cx, cy)
    for y in range(small_h):
        for x in range(small_w):
            d = math.hypot(x - cx, (y - cy) * 1.25) / max_d
            f = min(1.0, d) ** 1.6
            small.set_at((x, y), theme.lerp_color(theme.FELT_LIGHT, theme.FELT_DARK, f))
    if pygame.display.get_init() and pygame.display.get_surface():
        small = small.convert()        # the big copy is made in the window's format, never converted
    surface = pygame.transform.smoothscale(small, (w, h))     # (a window-sized copy is 3.7 MB at 1280x720)
    tile = _grain_tile(texture)
    tw, th = tile.get_size()
    for ty in range(0, h, th):
        for tx in range(0, w, tw):
            surface.blit(tile, (tx, ty))
    return surface


@lru_cache(maxsize=2)
def _grain_tile(texture: float = 1.0) -> pygame.Surface:
    """A small seamless tile of faint light and dark specks that reads as cloth (`texture` scales them)."""
    rng = random.Random(1234)
    tile = pygame.Surface((96, 96), pygame.SRCALPHA)
    for _ in range(900):
        x, y = rng.randrange(96), rng.randrange(96)
        shade = 255 if rng.random() < 0.5 else 0
        tile.set_at((x, y), (shade, shade, shade, round(rng.randrange(6, 16) * texture)))
    return tile


def text(surface: pygame.Surface, content: str, size: int, color: theme.Color, *, bold: bool = False,
         center: tuple[int, int] | None = None, topleft: tuple[int, int] | None = None,
         midleft: tuple[int, int] | None = None, midright: tuple[int, int] | None = None,
         shadow: bool = False) -> pygame.Rect:
    """Render one line of text at an anchor point and return its rectangle."""
    image = render_text(content, size, color, bold)
    rect = image.get_rect()
    if center is not None:
        rect.center = center
    elif midleft is not None:
        rect.midleft = midleft
    elif midright is not None:
        rect.midright = midright
    elif topleft is not None:
        rect.topleft = topleft
    if shadow:
        offset = max(1, size // 18)
        surface.blit(render_text(content, size, theme.SHADOW, bold), rect.move(offset, offset))
    surface.blit(image, rect)
    return rect


def render_text(content: str, size: int, color: theme.Color, bold: bool = False) -> pygame.Surface:
    """Cached single-line text image (labels repeat every frame). Cached by the size drawn: a size under
    the window's floor is drawn at the floor, which changes with the text size."""
    return _render_text(content, max(int(size), fonts.floor()), color, bold)


@lru_cache(maxsize=512)
def _render_text(content: str, size: int, color: theme.Color, bold: bool = False) -> pygame.Surface:
    return font(size, bold).render(content, True, color)


render_text.cache_clear = _render_text.cache_clear      # type: ignore[attr-defined]  (as when it was cached)


def fit_text(content: str, size: int, max_width: int, bold: bool = False) -> int:
    """Largest font size <= size at which `content` fits in max_width (so long names never spill), but
    never under the window's smallest text (fonts.floor): there it may still be too wide."""
    return _fitted(content, size, max_width, bold)


def _fitted(content: str, size: int, max_width: int, bold: bool = False) -> int:
    while size > fonts.floor() and font(size, bold).size(content)[0] > max_width:
        size -= 1
    return size


def fit_parts(text: str, size: int, width: int, sep: str = " · ", least: int = 0) -> tuple[str, int]:
    """A line of parts ("Farmer · AI · normal") that fits `width`: whole, smaller down to `least` (the
    window's smallest text at most), else without its last parts, whole ones (issue 28: "Fazendeiro ·
    IA · nor…" cut a word); cut with "…" only if even its first part is too wide."""
    parts = text.split(sep)
    while len(parts) > 1:
        line = sep.join(parts)
        fitted = _fitted(line, size, width)
        if fitted >= min(least, size) and font(fitted).size(line)[0] <= width:
            return line, fitted
        parts.pop()
    if font(_fitted(parts[0], size, width)).size(parts[0])[0] <= width:
        return parts[0], _fitted(parts[0], size, width)
    head = parts[0]
    while head and font(fonts.floor()).size(head + "…")[0] > width:     # the last resort: cut
        head = head[:-1]
    return head.rstrip() + "…", fonts.floor()


def fit_lines(content: str, size: int, max_width: int, bold: bool = False, least: int = 11,
              max_lines: int = 2) -> tuple[int, list[str]]:
    """`content` on one line at the largest size down to `least` px (the smallest text anywhere at
    1024x640) that fits in max_width, else wrapped at `least` px into at most `max_lines` lines: a
    column heading ("Bônus de moedas") takes two lines rather than shrinking out of reach."""
    least = max(fonts.floor(), min(least, size))     # never under the window's smallest text (issue 28)
    fitted = _fitted(content, size, max_width, bold)
    if fitted >= least and font(fitted, bold).size(content)[0] <= max_width:
        return fitted, [content]
    face = font(least, bold)
    wrapped = face.wrap(content, max_width)[:max_lines]
    lines = [piece for line in wrapped for piece in hyphenate(line, face, max_width)]   # a word too wide: hyphen
    return least, lines


def hyphenate(line: str, face, max_width: int) -> list[str]:
    """`line` as is if it fits, else broken inside its words, each piece but the last ending in "-"
    ("Münz-", "bonus"): a heading is never cut, nor run into its neighbour."""
    if face.size(line)[0] <= max_width or len(line) < 4:
        return [line]
    out, rest = [], line
    while rest and face.size(rest)[0] > max_width:
        cut = len(rest) - 1
        while cut > 2 and face.size(rest[:cut] + "-")[0] > max_width:
            cut -= 1
        if " " not in rest.strip() and len(rest) - cut < 4:      # one word: halves ("Durch-gang", not "Durchg-ang")
            cut = min(cut, max(3, (len(rest) + 1) // 2))
        cut = max(cut, 1)          # a box narrower than one letter: a letter a line, never a stall (issue 29)
        head = rest[:cut]
        out.append(head if head.endswith((" ", "-")) else head + "-")
        rest = rest[cut:].lstrip()
    return out + ([rest] if rest else [])


def two_line_ys(centery: int, top: tuple[int, bool], bottom: tuple[int, bool]) -> tuple[int, int]:
    """Middles of a title line over a small line (a name plate: the name, then who plays it), the pair
    centred on `centery` and spaced by their fonts' heights: at any text size the lines never overlap
    (fixed offsets put large text's lines onto each other, issue 28). Each is (size, bold)."""
    h1, h2 = font(top[0], top[1]).get_height(), font(bottom[0], bottom[1]).get_height()
    y = centery - (h1 + h2) // 2
    return y + h1 // 2, y + h1 + h2 // 2


def labels_row(surface: pygame.Surface, labels: list[tuple[str, int, theme.Color, bool, int]], y: int,
               left: int, right: int, gap: int = 6) -> None:
    """Labels on one line, each centred under its own thing (text, size, colour, bold, centre x) where
    there is room, else pushed apart, inside [left, right]: two wide labels side by side ("Baralho 79",
    "Descarte" in large text) never run into each other (issue 28)."""
    widths = [font(size, bold).size(content)[0] for content, size, _c, bold, _x in labels]
    lefts = [x - w // 2 for (_t, _s, _c, _b, x), w in zip(labels, widths)]
    for i in range(1, len(lefts)):               # push apart, half each way
        clash = lefts[i - 1] + widths[i - 1] + gap - lefts[i]
        if clash > 0:
            lefts[i - 1] -= clash // 2
            lefts[i] += clash - clash // 2
    shift = max(0, left - lefts[0]) if lefts else 0
    lefts = [x + shift for x in lefts]
    for i in range(len(lefts) - 1, -1, -1):      # the last within `right`, the others before it
        limit = right if i == len(lefts) - 1 else lefts[i + 1] - gap
        lefts[i] = min(lefts[i], limit - widths[i])
    for (content, size, colour, bold, _x), x in zip(labels, lefts):
        text(surface, content, size, colour, bold=bold, midleft=(max(left, x), y))


def lines_at(surface: pygame.Surface, lines: list[str], size: int, color: theme.Color, center: tuple[int, int],
             *, bold: bool = False) -> None:
    """Lines from fit_lines, one under the other, their block centred on `center`."""
    step = font(size, bold).get_linesize() - 1
    for i, line in enumerate(lines):
        text(surface, line, size, color, bold=bold,
             center=(center[0], center[1] + int((i - (len(lines) - 1) / 2) * step)))


def panel(surface: pygame.Surface, rect: pygame.Rect, radius: int, *, alpha: int = 235,
          edge: theme.Color = theme.PANEL_EDGE) -> None:
    """A dark translucent rounded panel with a thin light edge and a soft drop shadow."""
    image = _panel_image(rect.size, radius, alpha, edge)
    surface.blit(image, rect.topleft)


@lru_cache(maxsize=32)
def _panel_image(size: tuple[int, int], radius: int, alpha: int, edge: theme.Color) -> pygame.Surface:
    """Panel plus its drop shadow (drawn below/right of `size`), built once per size."""
    drop = max(2, radius // 2)
    w, h = size
    image = pygame.Surface((w + drop, h + drop), pygame.SRCALPHA)
    pygame.draw.rect(image, (0, 0, 0, 55), pygame.Rect(drop // 3, drop, w, h), border_radius=radius)
    body = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(body, (*theme.PANEL, alpha), body.get_rect(), border_radius=radius)
    pygame.draw.rect(body, (*edge, 255), body.get_rect(), width=max(1, radius // 6), border_radius=radius)
    image.fill((0, 0, 0, 0), pygame.Rect(0, 0, w, h))   # the body replaces, not darkens, the shadow
    image.blit(body, (0, 0))
    return image


def gold_rule(surface: pygame.Surface, center: tuple[int, int], width: int, thickness: int = 2) -> None:
    """A thin gold ornament line with a diamond in the middle (section divider)."""
    cx, cy = center
    pygame.draw.line(surface, theme.GOLD_DARK, (cx - width // 2, cy), (cx + width // 2, cy), thickness)
    d = thickness * 3
    pygame.draw.polygon(surface, theme.GOLD, [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)])


@lru_cache(maxsize=16)
def card_back(size: tuple[int, int]) -> pygame.Surface:
    """A card back: off-white border, wine field with a gold lattice and an oval medallion."""
    w, h = size
    radius = max(3, w // 12)
    surface = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surface, theme.CARD_FACE, surface.get_rect(), border_radius=radius)
    pygame.draw.rect(surface, theme.CARD_EDGE, surface.get_rect(), width=1, border_radius=radius)
    inset = max(3, w // 14)
    field = surface.get_rect().inflate(-2 * inset, -2 * inset)
    inner = pygame.Surface(field.size, pygame.SRCALPHA)
    pygame.draw.rect(inner, theme.CARD_BACK, inner.get_rect(), border_radius=max(2, radius - inset // 2))
    step = max(6, w // 6)
    fw, fh = field.size
    for k in range(-fh, fw + fh, step):
        pygame.draw.line(inner, theme.CARD_BACK_LIGHT, (k, 0), (k + fh, fh), 1)
        pygame.draw.line(inner, theme.CARD_BACK_LIGHT, (k, fh), (k + fh, 0), 1)
    mask = pygame.Surface(field.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(2, radius - inset // 2))
    inner.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    oval = pygame.Rect(0, 0, fw * 0.62, fh * 0.42)
    oval.center = (fw // 2, fh // 2)
    pygame.draw.ellipse(inner, theme.CARD_BACK, oval)
    pygame.draw.ellipse(inner, theme.GOLD, oval, max(1, w // 40))
    pygame.draw.rect(inner, theme.GOLD, inner.get_rect(), width=max(1, w // 50),
                     border_radius=max(2, radius - inset // 2))
    glyph = font(max(8, int(fh * 0.2)), True, ornament=True).render("R", True, theme.GOLD)
    inner.blit(glyph, glyph.get_rect(center=oval.center))
    surface.blit(inner, field)
    return surface


def veil(surface: pygame.Surface, rgba: tuple[int, int, int, int] = theme.DIM) -> None:
    """Darken everything drawn so far (behind an overlay)."""
    surface.blit(_cover(surface.get_size(), tuple(rgba)), (0, 0))


@lru_cache(maxsize=4)
def _cover(size: tuple[int, int], rgba: tuple[int, ...]) -> pygame.Surface:
    """One veil per size and colour (a look maps a picture once, not every frame)."""
    cover = pygame.Surface(size, pygame.SRCALPHA)
    cover.fill(rgba)
    return cover
