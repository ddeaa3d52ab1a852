"""The Rules screen's "Table" tab: a game's quick reference (revolt_table/rulebook/quickref.py) drawn, not prose.

Why a RichTextPanel subclass: it scrolls, fades and shows a scrollbar exactly like the "Full rules" tab;
only the pre-rendering differs. Each section is a gold heading and rows of label, small drawn cards
(a combination's example, a family's cards) and a line of explanation; Dou Dizhu's rank order is a row
of cards from low to high; Revolución's card list shows each card's count.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from revolt_table.rulebook import quickref
from revolt_table.ui import theme
from revolt_table.ui.fonts import font
from revolt_table.ui.widgets import RichTextPanel

Colour = tuple[int, int, int]

_SUIT = {"S": ("♠", (24, 24, 28)), "H": ("♥", (196, 30, 40)), "D": ("♦", (196, 30, 40)),
         "C": ("♣", (24, 24, 28))}
_FOUR_COLOUR = {"D": (30, 90, 200), "C": (20, 130, 60)}          # the four-colour deck setting
_MAJORITY = {"red": (196, 52, 44), "blue": (36, 88, 184)}
_FAMILY = {"N": ((30, 86, 176), "♛"), "R": ((204, 108, 8), "♞"), "B": ((40, 40, 46), "☠")}
_CITIZEN = (128, 104, 78)
_COIN = (226, 178, 52)


@lru_cache(maxsize=256)
def mini_card(code: str, height: int, four_colour: bool = False) -> pygame.Surface:
    """A small card face for a quickref code (see revolt_table/rulebook/quickref.py for the codes)."""
    w, h = max(8, int(height * 0.7)), height
    card = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(2, w // 7)
    if code == "coin":
        pygame.draw.circle(card, _COIN, (w // 2, h // 2), w // 2 - 1)
        pygame.draw.circle(card, (140, 98, 20), (w // 2, h // 2), w // 2 - 1, max(1, w // 12))
        return card
    face, ink = theme.CARD_FACE, (24, 24, 28)
    top, bottom = code, ""
    if code in ("BJ", "RJ"):
        ink = (196, 30, 40) if code == "RJ" else (24, 24, 28)
        top, bottom = "★", "JK"
    elif ":" in code:
        kind, value = code.split(":", 1)
        if kind in _MAJORITY:
            face, ink, top = _MAJORITY[kind], theme.CARD_FACE, value
        elif kind in _FAMILY:
            face, glyph = _FAMILY[kind]
            ink, top, bottom = theme.CARD_FACE, value, glyph
    elif code in ("C", "CP"):
        face, ink, top, bottom = _CITIZEN, theme.CARD_FACE, "♟", "Ψ" if code == "CP" else ""
    elif len(code) == 2 and code[1] in _SUIT:
        sign, ink = _SUIT[code[1]]
        if four_colour:
            ink = _FOUR_COLOUR.get(code[1], ink)
        top, bottom = ("10" if code[0] == "T" else code[0]), sign
    elif len(code) == 1:
        top = "10" if code == "T" else code
    pygame.draw.rect(card, face, card.get_rect(), border_radius=radius)
    pygame.draw.rect(card, theme.CARD_EDGE, card.get_rect(), width=1, border_radius=radius)
    size = int(h * (0.42 if bottom else 0.5))
    if len(top) > 1 and top != "★":
        size = int(size * 0.8)
    # the index sits in the left part, so cards fanned over each other (62 % showing) stay readable
    cx = int(w * 0.32) if code not in ("C", "CP") and (bottom or len(top) == 1) else w // 2
    image = font(size, True).render(top, True, ink)
    card.blit(image, image.get_rect(center=(cx, int(h * (0.32 if bottom else 0.5)))))
    if bottom:
        small = font(int(h * (0.22 if bottom == "JK" else 0.34)), True).render(bottom, True, ink)
        card.blit(small, small.get_rect(center=(cx, int(h * 0.68))))
    return card


class QuickRefPanel(RichTextPanel):
    """The quick reference in a scrollable panel (wheel, arrows, PageUp/PageDown, Home/End)."""

    def __init__(self, sections: list[quickref.Section], *, base_size: int = 18, four_colour: bool = False,
                 lang: str = "en") -> None:
        super().__init__([], base_size=base_size)
        self.sections = sections
        self.four_colour = four_colour
        self.lang = lang
        self.label_ratio = 0.3

    def _render(self) -> None:
        s = self.base_size
        width = self.rect.width - int(s * 1.6)
        if width <= 0:
            self._rendered, self.content_height = [], 0
            return
        out: list[tuple[int, int, pygame.Surface]] = []
        y = 0
        card_h = int(s * 2.1)
        label_w = int(width * self.label_ratio)
        for section in self.sections:
            y += int(s * 1.1) if out else 0
            title = font(int(s * 1.35), True).render(section.title, True, theme.GOLD_LIGHT, None, width)
            out.append((0, y, title))
            y += title.get_height() + int(s * 0.2)
            rule = pygame.Surface((min(width, int(s * 8)), max(1, s // 9)))
            rule.fill(theme.GOLD_DARK)
            out.append((0, y, rule))
            y += int(s * 0.7)
            if section.order:
                y = self._order_row(out, section.order, y, width, card_h) + int(s * 0.5)
            fan = max((self._fan_width(len(r.cards), card_h) for r in section.rows if r.cards), default=0)
            # the label column is as wide as this section's longest label (a step number needs little)
            widest = max((font(s, True).size(r.label)[0] for r in section.rows if r.label), default=0)
            # the count column fits its widest count ("×0–3" for a card whose copies vary with the players)
            counts = [font(s, True).size(f"×{r.count}")[0] for r in section.rows if r.count is not None]
            count_w = max(int(s * 2.4), max(counts) + int(s * 0.7)) if counts else 0
            column = min(label_w, count_w + widest + s)
            for row in section.rows:
                y = self._row(out, row, y, width, column, card_h, fan, count_w) + int(s * 0.5)
            if section.note:
                note = font(s - 1).render(section.note, True, theme.TEXT_MUTED, None, width)
                out.append((0, y, note))
                y += note.get_height() + int(s * 0.3)
        self._rendered = out
        self.content_height = y

    @staticmethod
    def _step(n: int, card_h: int) -> int:
        """How far apart n small cards sit: side by side when few, fanned like a hand when more."""
        cw = max(8, int(card_h * 0.7))
        return cw + max(2, card_h // 12) if n <= 3 else int(cw * 0.62)

    @classmethod
    def _fan_width(cls, n: int, card_h: int) -> int:
        cw = max(8, int(card_h * 0.7))
        return cw + cls._step(n, card_h) * max(0, n - 1) if n else 0

    def _row(self, out, row: quickref.Row, y: int, width: int, label_w: int, card_h: int, fan: int,
             count_w: int = 0) -> int:
        """One line of the reference: [count] label | small cards | explanation, vertically centred."""
        s = self.base_size
        parts: list[tuple[int, pygame.Surface]] = []           # (x, image); y is set once the height is known
        x = 0
        if row.count is not None:
            count = font(s, True).render(f"×{row.count}", True, theme.GOLD)
            parts.append((0, count))
            x = count_w or int(s * 2.4)
        if row.label:
            label = font(s, True).render(row.label, True, theme.TEXT, None, max(10, label_w - x - s // 2))
            parts.append((x, label))
            x = label_w
        if row.cards:
            step = self._step(len(row.cards), card_h)
            for i, code in enumerate(row.cards):
                parts.append((x + i * step, mini_card(code, card_h, self.four_colour)))
            x += fan + s
        elif fan and row.label:
            x += fan + s
        if row.text:
            if not row.label and not row.cards and row.count is None:
                parts.append((int(s * 0.3), font(s, True).render("•", True, theme.GOLD)))
                x = int(s * 1.3)
            colour = theme.TEXT if row.label else theme.TEXT
            parts.append((x, font(s).render(row.text, True, colour, None, max(10, width - x))))
        height = max((image.get_height() for _, image in parts), default=0)
        for px, image in parts:
            out.append((px, y + (height - image.get_height()) // 2 if image.get_height() < height else y, image))
        return y + height

    def _order_row(self, out, codes, y: int, width: int, card_h: int) -> int:
        """Cards from lowest to highest with "<" between them (wrapping); returns the y below them."""
        gap = max(2, card_h // 10)
        sep = font(int(card_h * 0.4), True).render("<", True, theme.GOLD)
        x, top = 0, y
        for i, code in enumerate(codes):
            card = mini_card(code, card_h, self.four_colour)
            if x > 0 and x + card.get_width() > width:
                x, top = 0, top + card_h + gap * 2
            out.append((x, top, card))
            x += card.get_width()
            if i < len(codes) - 1:
                out.append((x + gap, top + card_h // 2 - sep.get_height() // 2, sep))
                x += sep.get_width() + 2 * gap
        return top + card_h
