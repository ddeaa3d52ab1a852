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
import re
from dataclasses import dataclass, replace
from functools import lru_cache

import pygame

from revolt_table.ui import cards, i18n, theme
from revolt_table.ui.fonts import card_faces, card_floor, font

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
TEXT_CARD_H = 90         # a face this tall (display px) or taller is read in the hand: its text is never tiny
TEXT_FLOOR = 11          # the smallest text on such a face (issue 11: 11 px anywhere at 1024x640)
TEXT_13_H = 104          # from this height the effect line is set at 13 px or more (issue 11, at 1280x720)
CONDENSE = 0.88          # a name line too wide for its band at TEXT_FLOOR px is drawn up to this much narrower
SOFT_HYPHEN = i18n.SOFT_HYPHEN   # a translator's break point in a card name: "-" only where the name breaks

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
        self._readable: dict[str, int] = {}

    def readable_height(self) -> int:
        """The least face height (TEXT_CARD_H or more) at which every card of the deck sets its whole
        effect text at TEXT_FLOOR px or more in the language shown: the hand never draws smaller faces
        (issue 11), it takes a second row instead (bomb_layout). Measured once per language."""
        lang = i18n.language()
        if lang not in self._readable:
            h = TEXT_CARD_H
            while h < 2 * TEXT_CARD_H and not all(self.text_layout(c, cards.card_size(h)).fits for c in self.cards):
                h += 1
            self._readable[lang] = h
        return self._readable[lang]

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

    def face_name(self, card_id: str) -> str:
        """The name as the face sets it: with the translator's soft hyphens, where a long word may break."""
        return i18n.face_text(i18n.language(), f"bomb.card.{card_id}") or self.name(card_id)

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

    def text_layout(self, card_id: str, size: tuple[int, int]) -> FaceText:
        """How the face's words are set at `size` (display px): the name in one or two lines on the band,
        the value or glyph row, the type's name on large faces, then the effect line. A hand-sized face
        (TEXT_CARD_H px or taller) sets the effect at 13 px from TEXT_13_H up, never under TEXT_FLOOR
        nor the window's card floor (issue 28: 13 px at 1280x720, fonts.card_floor); the text keeps its
        size before the glyph keeps its room: the row shrinks first. Measured as painted (card_faces)."""
        with card_faces():
            return self._text_layout(card_id, size)

    def _text_layout(self, card_id: str, size: tuple[int, int]) -> FaceText:
        w, h = size
        pad = max(2, round(w * 0.035))
        inner = w - 2 * pad
        readable = h >= TEXT_CARD_H
        if readable:
            target = 13 if h >= TEXT_13_H else TEXT_FLOOR + (h - TEXT_CARD_H) * 2 // (TEXT_13_H - TEXT_CARD_H)
            target = max(target, round(h * 0.095))
        else:
            target = max(5, round(h * 0.1))
        floor = max(TEXT_FLOOR, card_floor()) if readable else 5
        large = h >= 2 * TEXT_CARD_H
        rows = (0.2,) if large else ((0.3, 0.24, 0.18, 0.14, 0.11) if self.value_text(card_id)
                                     else (0.22, 0.16, 0.12, 0.08, 0.0))
        best = None
        for text_size in range(max(floor, target), floor - 1, -1):
            name_size, name_lines = _fit_name(self.face_name(card_id), min(text_size + 1, 16 if not large else 40),
                                              floor, inner - pad)
            band_h = len(name_lines) * font(name_size, True).get_linesize() + pad
            for frac in rows:
                row_h = round(h * frac)
                top = pad + band_h + pad // 2 + row_h + pad // 2
                if large:
                    top += font(text_size, True).get_linesize() + pad // 2
                room = h - top - pad
                lines = _wrap(self.short(card_id), text_size, inner, False)
                f = font(text_size, False)
                fits = len(lines) * f.get_linesize() <= room and all(f.size(x)[0] <= inner for x in lines)
                best = FaceText(pad, name_size, tuple(name_lines), band_h, row_h, large, text_size, tuple(lines), fits)
                if fits:
                    return best
        lines = _wrap(self.short(card_id), floor, inner, False, hyphen=True)       # the last resort
        f = font(floor, False)
        fits = len(lines) * f.get_linesize() <= room and all(f.size(x)[0] <= inner for x in lines)
        return replace(best, text_lines=tuple(lines), fits=fits)

    def face(self, card_id: str, height: int) -> pygame.Surface:
        return _face(self, card_id, max(16, int(height)), i18n.language())

    def paint(self, card_id: str, size: tuple[int, int]) -> pygame.Surface:
        """The face at `size` (see text_layout), painted at twice its size and smooth-scaled down."""
        w, h = size
        s = 2
        lay = self.text_layout(card_id, size)
        big = pygame.Surface((w * s, h * s), pygame.SRCALPHA)
        W, pad = w * s, lay.pad * s
        colour, dark = TYPE_COLOURS.get(self.type_of(card_id), (cards.INK, (10, 10, 12)))
        radius = max(4, W // 11)
        pygame.draw.rect(big, theme.CARD_FACE, big.get_rect(), border_radius=radius)
        # header band: the card's name on the type colour
        band = pygame.Rect(pad, pad, W - 2 * pad, lay.band_h * s)
        pygame.draw.rect(big, colour, band, border_radius=max(3, radius // 2))
        y = _draw_lines(big, lay.name_lines, lay.name_size * s, True, theme.CARD_FACE, band.centerx, band.y + pad // 2,
                        width=band.w - pad)
        # the value (fighters and their gear) or the glyph
        value, glyph = self.value_text(card_id), glyph_for(card_id)
        row = pygame.Rect(pad, band.bottom + pad // 2, W - 2 * pad, lay.row_h * s)
        if value:
            gimg = font(int(row.h * 0.6), True).render(glyph, True, colour)
            vimg = font(int(row.h * 0.95), True).render(value, True, dark)
            x = W // 2 - (gimg.get_width() + vimg.get_width() + pad) // 2
            big.blit(gimg, gimg.get_rect(midleft=(x, row.centery)))
            big.blit(vimg, vimg.get_rect(midleft=(x + gimg.get_width() + pad, row.centery)))
        elif row.h > 8:
            ring = int(row.h * 0.48)
            pygame.draw.circle(big, colour, row.center, ring)
            pygame.draw.circle(big, dark, row.center, ring, max(2, ring // 10))
            gimg = font(int(ring * 1.25), True).render(glyph, True, theme.CARD_FACE)
            big.blit(gimg, gimg.get_rect(center=(row.centerx, row.centery + ring // 20)))
        y = row.bottom + pad // 2
        if lay.type_line:                             # large faces (the enlarged card, banners): the type too
            tname = self.type_name(card_id).upper()
            timg = font(_fit_size(tname, lay.text_size * s, W - 2 * pad, True), True).render(tname, True, dark)
            big.blit(timg, timg.get_rect(midtop=(W // 2, y)))
            y += font(lay.text_size * s, True).get_linesize() + pad // 2
        pygame.draw.line(big, theme.CARD_EDGE, (pad * 2, y - 1), (W - pad * 2, y - 1), 2)
        _draw_lines(big, lay.text_lines, lay.text_size * s, False, theme.TEXT_DARK, W // 2, y)
        pygame.draw.rect(big, theme.CARD_EDGE, big.get_rect(), max(1, s), border_radius=radius)
        return pygame.transform.smoothscale(big, (w, h))


@dataclass(frozen=True)
class FaceText:
    """The words of one face at one size (display px): FacePainter.text_layout."""

    pad: int
    name_size: int
    name_lines: tuple[str, ...]
    band_h: int
    row_h: int
    type_line: bool
    text_size: int
    text_lines: tuple[str, ...]
    fits: bool                      # every line of the effect fits the face (nothing cut)


@lru_cache(maxsize=600)
def _face(painter: FacePainter, card_id: str, height: int, language: str) -> pygame.Surface:
    """Cached by language too: a face's name and text are the language's (switched mid-game, issue 28)."""
    return cards._display_ready(painter.paint(card_id, cards.card_size(height)))


def _fit_size(text: str, size: int, width: int, bold: bool) -> int:
    size = max(8, size)
    while size > 8 and font(size, bold).size(text)[0] > width:
        size -= 1
    return size


def _wrap(text: str, size: int, width: int, bold: bool, hyphen: bool = False, breaks: bool = False) -> list[str]:
    """Words into lines of `width`; a word wider than a line breaks anywhere in Chinese (no spaces),
    with `breaks` after its own hyphen or at a translator's soft hyphen (drawn "-" there), and
    elsewhere only with `hyphen` (with a hyphen: the last resort of a small face)."""
    f = font(size, bold)
    words, lines, line = [], [], ""
    for word in text.split():
        if f.size(word)[0] <= width:
            words.append(word.replace(SOFT_HYPHEN, ""))
            continue
        if breaks and re.search(f"[-{SOFT_HYPHEN}].", word):
            words.extend(_break_word(word, f, width))
            continue
        word = word.replace(SOFT_HYPHEN, "")
        cjk = any(ord(c) > 0x2E80 for c in word)
        if not cjk and not hyphen:
            words.append(word)               # a Latin word is not cut: the layout says it does not fit
            continue
        mark = "" if cjk else "-"
        piece = ""
        for ch in word:
            if piece and f.size(piece + ch + mark)[0] > width:
                words.append(piece + mark)
                piece = ""
            piece += ch
        words.append(piece)
    joiner = "" if any(ord(c) > 0x2E80 for c in text) else " "
    for word in words:
        trial = f"{line}{joiner}{word}".strip()
        if f.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def _break_word(word: str, f, width: int) -> list[str]:
    """A word too wide for a line in pieces of `width` broken only at its break points: after a hyphen
    ("Guarda-costas") or at a soft hyphen, which shows as "-" where it breaks ("Demo-cracia")."""
    def shown(piece: str) -> str:
        end = "-" if piece.endswith(SOFT_HYPHEN) else ""
        return piece.replace(SOFT_HYPHEN, "") + end
    pieces, piece = [], ""
    for chunk in re.split(f"(?<=[-{SOFT_HYPHEN}])", word):
        if piece and f.size(shown(piece + chunk))[0] > width:
            pieces.append(shown(piece))
            piece = ""
        piece += chunk
    return pieces + [shown(piece)]


def _fit_name(name: str, size: int, floor: int, width: int) -> tuple[int, list[str]]:
    """A card name's size and lines in a band `width` wide: wrapped at spaces into one or two lines, at
    the largest size from `size` down to `floor`; a word a few letters too wide at the floor keeps its
    line (drawn narrower: _draw_lines); only a word too wide even so breaks at its hyphen or the
    translator's soft hyphen."""
    name_size, lines, fits = _fit_wrap(name, size, floor, width, True, 2, 10 ** 6)
    if fits or max(font(name_size, True).size(x)[0] for x in lines) * CONDENSE <= width:
        return name_size, lines
    name_size, lines, _ = _fit_wrap(name, size, floor, width, True, 2, 10 ** 6, breaks=True)
    return name_size, lines


def _fit_wrap(text: str, size: int, floor: int, width: int, bold: bool, max_lines: int,
              height: int, breaks: bool = False) -> tuple[int, list[str], bool]:
    """The largest size from `size` down to `floor` at which `text` wraps into at most `max_lines`
    lines of `width` that stack within `height`; at the floor, the lines it takes (and False if they
    do not fit)."""
    for s in range(max(floor, size), floor - 1, -1):
        lines = _wrap(text, s, width, bold, breaks=breaks)
        f = font(s, bold)
        if (len(lines) <= max_lines and len(lines) * f.get_linesize() <= height
                and all(f.size(x)[0] <= width for x in lines)):
            return s, lines, True
    return floor, _wrap(text, floor, width, bold, breaks=breaks), False


def _draw_lines(surface: pygame.Surface, lines, size: int, bold: bool, colour: Color, centerx: int, y: int,
                width: int | None = None) -> int:
    """Draw `lines` centred on `centerx` from `y` down; a line wider than `width` is drawn narrower, to
    `width` if that takes no more than CONDENSE (a name a few letters too long for the band keeps every
    letter), else by CONDENSE. Returns the y under the last."""
    f = font(size, bold)
    for line in lines:
        image = f.render(line, True, colour)
        if width is not None and image.get_width() > width:
            narrow = max(width, round(image.get_width() * CONDENSE))
            image = pygame.transform.smoothscale(image, (narrow, image.get_height()))
        surface.blit(image, image.get_rect(midtop=(centerx, y)))
        y += f.get_linesize()
    return y


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
