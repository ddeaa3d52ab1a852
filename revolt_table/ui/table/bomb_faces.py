"""Revolución's look: card faces that a player can read (name, type, value, a short effect line), and
the tokens of the board (bomb, die, lieutenants per party, climate, support coins, the Palace).

Why its own painter: the shared FaceSpec shows a rank and a symbol, which is right for RevoltaaA but
cannot say "Fort: stop an attack, a massacre or the blast". The face here is painted at twice its
size and smooth-scaled down once, then cached per (card, height), like the shared faces. A FaceSpec
style is still registered for the "bomb" family so any generic code that asks for one gets a sane
card (id as rank, type colour, glyph).
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from revolt_table.ui import cards, i18n, theme
from revolt_table.ui.fonts import font

Color = tuple[int, int, int]

# card type -> (band colour, dark ink) ; colour is never the only cue: each type has its glyph
TYPE_COLOURS: dict[str, tuple[Color, Color]] = {
    "soldier": ((150, 64, 40), (92, 34, 20)),
    "mercenary": ((128, 30, 36), (80, 14, 20)),
    "equipment": ((70, 86, 110), (36, 46, 64)),
    "support": ((46, 120, 74), (22, 70, 40)),
    "tactic": ((150, 110, 30), (92, 64, 10)),
    "reaction": ((92, 62, 140), (54, 32, 92)),
    "after_fight": ((30, 120, 130), (12, 70, 78)),
    "interrupt": ((40, 130, 60), (16, 76, 30)),
    "disarm": ((200, 120, 30), (120, 66, 8)),
    "democracy": ((40, 90, 170), (18, 50, 110)),
    "revolution": ((180, 40, 40), (110, 18, 18)),
    "movement": ((44, 44, 50), (16, 16, 20)),
}

GLYPHS: dict[str, str] = {
    "T": "⚔", "M": "⚔", "E1": "▲", "E2": "▲", "E3": "✦", "S1": "☝", "S2": "☝",
    "FO": "♜", "AL": "⚐", "OA": "✖", "DR": "✚", "BG": "☂", "IG": "☘", "CW": "✂", "WW": "↯",
    "PO": "✉", "LE": "↺", "DT": "⚡", "EX": "✹", "OM": "☠", "DE": "☮", "RV": "★",
    "BL": "←", "BR": "→", "BX": "⇄",
}

# party colours and emblem shapes (shape tells parties apart without colour)
PARTY_COLOURS: list[Color] = [(214, 64, 58), (64, 124, 222), (236, 192, 52), (150, 84, 200), (236, 128, 40),
                              (70, 196, 190)]
PARTY_SHAPES = ["circle", "square", "triangle", "diamond", "hexagon", "star"]

CLIMATE_COLOURS: dict[str, Color] = {"democracy": (52, 110, 200), "revolution": (196, 48, 44),
                                     "dictatorship": (70, 70, 78)}
CLIMATE_GLYPHS = {"democracy": "☮", "revolution": "★", "dictatorship": "♚"}


def glyph_for(card_id: str) -> str:
    return GLYPHS.get(card_id) or GLYPHS.get(card_id[:1], "?")


def party_colour(seat: int) -> Color:
    return PARTY_COLOURS[seat % len(PARTY_COLOURS)]


def _t(key: str, default: str = "", **fmt) -> str:
    return i18n.t(key, **fmt) if i18n.has(key) else default


# ------------------------------------------------------------------------------------------ faces

class FacePainter:
    """Paints the faces of one rules file's cards: types and values come from the compiled rules
    (`rules.params`), names and effect lines from the translation files by card id (the rules
    file's name and text where a card has no translation)."""

    def __init__(self, rules) -> None:
        self.params = rules.params
        self.cards = self.params.cards

    def type_of(self, card_id: str) -> str:
        card = self.cards.get(card_id)
        return card.type if card is not None else ""

    def spec(self, card_id: str) -> cards.FaceSpec:
        """A FaceSpec for generic code (registered as the "bomb" family style)."""
        card = self.cards.get(card_id)
        colour, dark = TYPE_COLOURS.get(self.type_of(card_id), (cards.INK, (10, 10, 12)))
        rank = str(card.value) if card is not None and card.value else card_id
        return cards.FaceSpec(rank, colour, dark, "plain", glyph_for(card_id), glyph_for(card_id),
                              self.name(card_id) if card is not None else "")

    def name(self, card_id: str) -> str:
        card = self.cards.get(card_id)
        return _t(f"bomb.card.{card_id}", card.name if card is not None else card_id)

    def text(self, card_id: str) -> str:
        """The card's full effect (the rules file's text: the card list is part of the rules)."""
        card = self.cards.get(card_id)
        return card.text if card is not None else ""

    def short(self, card_id: str) -> str:
        return _t(f"bomb.short.{card_id}", self.text(card_id))

    def type_name(self, card_id: str) -> str:
        ctype = self.type_of(card_id)
        return _t(f"bomb.type.{ctype}", ctype.title())

    def climate_name(self, climate: str) -> str:
        spec = self.params.climates.get(climate)
        return _t(f"bomb.climate.{climate}", spec.name if spec is not None else climate)

    def value_text(self, card_id: str) -> str:
        card = self.cards.get(card_id)
        if card is None or not card.value:
            return ""
        return str(card.value) if card.fighter else f"+{card.value}"

    def face(self, card_id: str, height: int) -> pygame.Surface:
        return _face(self, card_id, max(16, int(height)))

    def paint(self, card_id: str, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        s = 2
        W, H = w * s, h * s
        big = pygame.Surface((W, H), pygame.SRCALPHA)
        colour, dark = TYPE_COLOURS.get(self.type_of(card_id), (cards.INK, (10, 10, 12)))
        radius = max(4, W // 11)
        pygame.draw.rect(big, theme.CARD_FACE, big.get_rect(), border_radius=radius)
        pad = max(3, int(W * 0.06))
        # header band: the card's name on the type colour
        band = pygame.Rect(pad, pad, W - 2 * pad, int(H * 0.19))
        pygame.draw.rect(big, colour, band, border_radius=max(3, radius // 2))
        name = self.name(card_id)
        _fit_lines(big, name, band.inflate(-pad, -max(2, pad // 3)), theme.CARD_FACE, bold=True, max_lines=2,
                   max_size=int(H * 0.085))
        # centre: big value (fight cards) or glyph, the type under it
        value = self.value_text(card_id)
        mid_top, mid_bottom = band.bottom + int(H * 0.02), int(H * 0.66)
        centre = (W // 2, (mid_top + mid_bottom) // 2)
        glyph = glyph_for(card_id)
        if value:
            gimg = font(int(H * 0.12), True).render(glyph, True, colour)
            vimg = font(int(H * 0.28), True).render(value, True, dark)
            total = gimg.get_width() + vimg.get_width() + pad
            x = W // 2 - total // 2
            big.blit(gimg, gimg.get_rect(midleft=(x, centre[1])))
            big.blit(vimg, vimg.get_rect(midleft=(x + gimg.get_width() + pad, centre[1])))
        else:
            ring = int(min(W, mid_bottom - mid_top) * 0.42)
            pygame.draw.circle(big, colour, centre, ring)
            pygame.draw.circle(big, dark, centre, ring, max(2, ring // 10))
            gimg = font(int(ring * 1.25), True).render(glyph, True, theme.CARD_FACE)
            big.blit(gimg, gimg.get_rect(center=(centre[0], centre[1] + ring // 20)))
        tname = self.type_name(card_id).upper()
        size = _fit_size(tname, int(H * 0.06), W - 2 * pad, True)
        timg = font(size, True).render(tname, True, dark)
        big.blit(timg, timg.get_rect(midtop=(W // 2, mid_bottom + int(H * 0.005))))
        # the short effect line(s)
        text_box = pygame.Rect(pad, mid_bottom + int(H * 0.075), W - 2 * pad, H - mid_bottom - int(H * 0.075) - pad)
        pygame.draw.line(big, theme.CARD_EDGE, (pad * 2, text_box.top - 2), (W - pad * 2, text_box.top - 2), 2)
        _fit_lines(big, self.short(card_id), text_box, theme.TEXT_DARK, bold=False, max_lines=3,
                   max_size=int(H * 0.072))
        # corner id (quick reading when the cards overlap in a fan)
        pygame.draw.rect(big, theme.CARD_EDGE, big.get_rect(), max(1, s), border_radius=radius)
        return pygame.transform.smoothscale(big, (w, h))


@lru_cache(maxsize=600)
def _face(painter: FacePainter, card_id: str, height: int) -> pygame.Surface:
    return cards._display_ready(painter.paint(card_id, cards.card_size(height)))


def _fit_size(text: str, size: int, width: int, bold: bool) -> int:
    size = max(8, size)
    while size > 8 and font(size, bold).size(text)[0] > width:
        size -= 1
    return size


def _wrap(text: str, size: int, width: int, bold: bool) -> list[str]:
    words, lines, line = text.split(), [], ""
    f = font(size, bold)
    for word in words:
        trial = f"{line} {word}".strip()
        if f.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def _fit_lines(surface: pygame.Surface, text: str, box: pygame.Rect, colour: Color, *, bold: bool,
               max_lines: int, max_size: int) -> None:
    """Draw `text` centred in `box`, wrapped into at most `max_lines`, as large as fits."""
    size = max(8, max_size)
    while True:
        lines = _wrap(text, size, box.width, bold)
        f = font(size, bold)
        height = len(lines) * f.get_linesize()
        fits = len(lines) <= max_lines and height <= box.height and all(f.size(x)[0] <= box.width for x in lines)
        if fits or size <= 8:
            break
        size -= 1
    f = font(size, bold)
    y = box.centery - len(lines) * f.get_linesize() // 2
    for line in lines:
        image = f.render(line, True, colour)
        surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
        y += f.get_linesize()


# ------------------------------------------------------------------------------------------ tokens

def _smooth(draw_fn, size: tuple[int, int]) -> pygame.Surface:
    s = 3
    big = pygame.Surface((size[0] * s, size[1] * s), pygame.SRCALPHA)
    draw_fn(big)
    return cards._display_ready(pygame.transform.smoothscale(big, size))


@lru_cache(maxsize=64)
def bomb_icon(size: int, lit: bool = True) -> pygame.Surface:
    """The bomb token: a black ball with a highlight, a brass cap and a fuse (a spark when lit)."""
    def paint(big: pygame.Surface) -> None:
        W = big.get_width()
        c = (int(W * 0.44), int(W * 0.58))
        r = int(W * 0.36)
        pygame.draw.circle(big, (0, 0, 0, 90), (c[0] + W // 30, c[1] + W // 24), r)
        pygame.draw.circle(big, (28, 28, 34), c, r)
        pygame.draw.circle(big, (80, 80, 92), (c[0] - r // 3, c[1] - r // 3), r // 4)
        cap = pygame.Rect(0, 0, int(W * 0.2), int(W * 0.12))
        cap.center = (c[0] + int(r * 0.62), c[1] - int(r * 0.74))
        pygame.draw.rect(big, (186, 150, 70), cap, border_radius=W // 40)
        start = (cap.centerx + W // 30, cap.top)
        pts = [(start[0] + int(W * 0.06 * math.sin(i * 0.9)), start[1] - int(W * 0.025 * i)) for i in range(6)]
        pts = [(x + int(W * 0.02 * i), y) for i, (x, y) in enumerate(pts)]
        pygame.draw.lines(big, (120, 96, 60), False, pts, max(2, W // 28))
        if lit:
            tip = pts[-1]
            for rr, col in ((W // 9, (255, 200, 60, 120)), (W // 14, (255, 150, 30)), (W // 28, (255, 250, 210))):
                pygame.draw.circle(big, col, tip, rr)
    return _smooth(paint, (size, size))


@lru_cache(maxsize=64)
def die_face(size: int, value: int, colour: Color = (250, 246, 236), pip: Color = (30, 30, 34)) -> pygame.Surface:
    """A die showing `value` pips."""
    spots = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
             5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}

    def paint(big: pygame.Surface) -> None:
        W = big.get_width()
        rect = big.get_rect().inflate(-W // 10, -W // 10)
        pygame.draw.rect(big, (0, 0, 0, 80), rect.move(W // 30, W // 24), border_radius=W // 6)
        pygame.draw.rect(big, colour, rect, border_radius=W // 6)
        pygame.draw.rect(big, (150, 140, 120), rect, max(2, W // 30), border_radius=W // 6)
        step = rect.width / 4
        for gx, gy in spots.get(value, []):
            pygame.draw.circle(big, pip, (round(rect.x + step * (gx + 1)), round(rect.y + step * (gy + 1))),
                               max(2, W // 11))
    return _smooth(paint, (size, size))


def _shape_points(shape: str, rect: pygame.Rect) -> list[tuple[float, float]] | None:
    cx, cy, r = rect.centerx, rect.centery, rect.width / 2
    if shape == "triangle":
        return [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape == "hexagon":
        return [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in (math.pi / 3 * i for i in range(6))]
    if shape == "star":
        pts = []
        for i in range(10):
            rr = r if i % 2 == 0 else r * 0.48
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        return pts
    return None


def draw_emblem(big: pygame.Surface, shape: str, rect: pygame.Rect, colour: Color, edge: Color, width: int) -> None:
    pts = _shape_points(shape, rect)
    if shape == "circle":
        pygame.draw.circle(big, colour, rect.center, rect.width // 2)
        pygame.draw.circle(big, edge, rect.center, rect.width // 2, width)
    elif shape == "square":
        pygame.draw.rect(big, colour, rect.inflate(-rect.width // 8, -rect.width // 8))
        pygame.draw.rect(big, edge, rect.inflate(-rect.width // 8, -rect.width // 8), width)
    elif pts:
        pygame.draw.polygon(big, colour, pts)
        pygame.draw.polygon(big, edge, pts, width)


@lru_cache(maxsize=128)
def lieutenant_icon(size: int, seat: int, alive: bool = True) -> pygame.Surface:
    """A lieutenant: a pawn in the party colour with the party's emblem shape on its chest."""
    colour = party_colour(seat) if alive else (70, 78, 72)
    edge = (20, 20, 24) if alive else (40, 46, 42)

    def paint(big: pygame.Surface) -> None:
        W = big.get_width()
        head = (W // 2, int(W * 0.24))
        pygame.draw.circle(big, edge, head, int(W * 0.19))
        pygame.draw.circle(big, colour, head, int(W * 0.16))
        body = pygame.Rect(int(W * 0.16), int(W * 0.42), int(W * 0.68), int(W * 0.54))
        pygame.draw.rect(big, edge, body, border_radius=int(W * 0.2))
        pygame.draw.rect(big, colour, body.inflate(-W // 12, -W // 12), border_radius=int(W * 0.18))
        mark = pygame.Rect(0, 0, int(W * 0.32), int(W * 0.32))
        mark.center = (body.centerx, body.centery + W // 40)
        draw_emblem(big, PARTY_SHAPES[seat % len(PARTY_SHAPES)], mark, theme.CARD_FACE if alive else colour,
                    edge, max(2, W // 30))
        if not alive:
            pygame.draw.line(big, (200, 70, 60), (W * 0.12, W * 0.12), (W * 0.88, W * 0.92), max(3, W // 12))
    return _smooth(paint, (size, size))


@lru_cache(maxsize=64)
def party_emblem(size: int, seat: int) -> pygame.Surface:
    def paint(big: pygame.Surface) -> None:
        W = big.get_width()
        draw_emblem(big, PARTY_SHAPES[seat % len(PARTY_SHAPES)], big.get_rect().inflate(-W // 6, -W // 6),
                    party_colour(seat), (20, 20, 24), max(2, W // 14))
    return _smooth(paint, (size, size))


@lru_cache(maxsize=32)
def coin_icon(size: int) -> pygame.Surface:
    """A political support token: a gold coin with a raised fist-star."""
    def paint(big: pygame.Surface) -> None:
        W = big.get_width()
        c = (W // 2, W // 2)
        pygame.draw.circle(big, theme.GOLD_DARK, c, W // 2 - 1)
        pygame.draw.circle(big, theme.GOLD, c, int(W * 0.42))
        pts = _shape_points("star", pygame.Rect(int(W * 0.22), int(W * 0.22), int(W * 0.56), int(W * 0.56)))
        pygame.draw.polygon(big, theme.GOLD_DARK, pts)
    return _smooth(paint, (size, size))


@lru_cache(maxsize=32)
def climate_token(size: int, climate: str) -> pygame.Surface:
    """The climate token: a round token in the climate's colour with its glyph."""
    colour = CLIMATE_COLOURS.get(climate, (90, 90, 90))

    def paint(big: pygame.Surface) -> None:
        W = big.get_width()
        c = (W // 2, W // 2)
        pygame.draw.circle(big, (0, 0, 0, 90), (c[0] + W // 30, c[1] + W // 24), W // 2 - W // 20)
        pygame.draw.circle(big, theme.GOLD, c, W // 2 - W // 20)
        pygame.draw.circle(big, colour, c, int(W * 0.40))
        g = font(int(W * 0.5), True).render(CLIMATE_GLYPHS.get(climate, "?"), True, theme.CARD_FACE)
        big.blit(g, g.get_rect(center=(c[0], c[1] + W // 40)))
    return _smooth(paint, (size, size))


@lru_cache(maxsize=16)
def palace_icon(size: int) -> pygame.Surface:
    """The Presidential Palace at the end of the timer track: columns under a pediment, a flag."""
    def paint(big: pygame.Surface) -> None:
        W = big.get_width()
        stone, dark = (236, 228, 206), (120, 106, 80)
        base = pygame.Rect(int(W * 0.08), int(W * 0.80), int(W * 0.84), int(W * 0.1))
        pygame.draw.rect(big, stone, base)
        pygame.draw.rect(big, dark, base, max(1, W // 40))
        for i in range(4):
            x = int(W * (0.18 + i * 0.21))
            col = pygame.Rect(x, int(W * 0.46), int(W * 0.1), int(W * 0.34))
            pygame.draw.rect(big, stone, col)
            pygame.draw.rect(big, dark, col, max(1, W // 50))
        roof = [(W * 0.04, W * 0.46), (W * 0.5, W * 0.22), (W * 0.96, W * 0.46)]
        pygame.draw.polygon(big, stone, roof)
        pygame.draw.polygon(big, dark, roof, max(1, W // 40))
        pygame.draw.line(big, dark, (W * 0.5, W * 0.22), (W * 0.5, W * 0.02), max(2, W // 40))
        pygame.draw.polygon(big, (200, 50, 50), [(W * 0.5, W * 0.02), (W * 0.74, W * 0.07), (W * 0.5, W * 0.13)])
    return _smooth(paint, (size, size))


@lru_cache(maxsize=16)
def burst(size: int) -> pygame.Surface:
    """An explosion: jagged orange and yellow star burst."""
    def paint(big: pygame.Surface) -> None:
        W = big.get_width()
        c = W / 2
        for rr, col, k in ((0.5, (200, 40, 20), 14), (0.4, (250, 140, 30), 12), (0.27, (255, 230, 120), 10)):
            pts = []
            for i in range(2 * k):
                r = W * rr * (1.0 if i % 2 == 0 else 0.62)
                a = i * math.pi / k + rr
                pts.append((c + r * math.cos(a), c + r * math.sin(a)))
            pygame.draw.polygon(big, col, pts)
    return _smooth(paint, (size, size))
