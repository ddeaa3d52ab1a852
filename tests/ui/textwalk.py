"""Measure every text a frame draws (issue 28): its size, whether it overlaps another text, whether it is cut.

How: fonts.render_observers tells us each text image the moment it is rendered (text, px size), so every
text of every screen is known whatever module drew it; a frame is then drawn into `Screen`, a window-sized
surface that notes where each known text image lands (and every other image: a panel or a card drawn
later over a text hides it, so that text overlaps nothing). Texts drawn into an image first (a card
face, a button made once) are checked for size when rendered; their place on screen is the image's.

Findings, one sentence each:
- a text below the floor for the window: 13 px at 1280x720 (any window 720 px high or more), 11 px below;
- two different texts whose inked pixels overlap (a text and its own shadow are one text);
- a text cut: ending in "…" (unless after a space, "Bomb Express → …", or a button's own label,
  "Export…": those ask for a choice), leaving the window, or blitted with only part of its image (a
  scrolled page's viewport, set_clip, is not a cut).
"""

from __future__ import annotations

import sys
from contextlib import contextmanager

import pygame

from revolt_table.ui import fonts

ELLIPSIS = "…"


def floor_px(size: tuple[int, int]) -> int:
    """The smallest text a player must read in a window of `size`."""
    return 13 if size[1] >= 720 else 11


class TextLog:
    """Every text image rendered while watching: id(image) -> (image, text, px size)."""

    def __init__(self) -> None:
        self.images: dict[int, tuple[pygame.Surface, str, int]] = {}
        self.bold: dict[int, bool] = {}                   # id(image) -> drawn in bold
        self.rendered: list[tuple[str, int]] = []        # (text, px) in render order, since the last take()

    def __call__(self, text: str, face: fonts.TextFont, image: pygame.Surface) -> None:
        if face.ornament or fonts.drawing_cards:        # a monogram; a card face (its own type: see below)
            return
        self.images[id(image)] = (image, text, face.size_px)
        self.bold[id(image)] = bool(face.bold_face)
        self.rendered.append((text, face.size_px))

    def take(self) -> list[tuple[str, int]]:
        out, self.rendered = self.rendered, []
        return out


def clear_ui_caches() -> None:
    """Forget every cached image of the UI (texts, faces, panels), so the texts of what comes next are
    rendered, and so seen, while watching."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("revolt_table.ui") or module is None:
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()


@contextmanager
def watching():
    """Yields the TextLog of every text rendered inside."""
    log = TextLog()
    clear_ui_caches()
    fonts.render_observers.append(log)
    try:
        yield log
    finally:
        fonts.render_observers.remove(log)


class Screen(pygame.Surface):
    """A window-sized surface that notes where each blit lands, and which are known texts."""

    def __init__(self, size: tuple[int, int], log: TextLog) -> None:
        super().__init__(size)
        self.log = log
        # (content, px, rect, ink, order, drawn in part)
        self.texts: list[tuple[str, int, pygame.Rect, pygame.Rect, int, bool]] = []
        self.bold: list[bool] = []                             # texts[i] drawn in bold
        self.covers: list[tuple[pygame.Rect, int]] = []      # non-text images: (rect, order)
        self.order = 0
        self._ink: dict[int, pygame.Rect] = {}

    def _note(self, source, dest, area) -> None:
        self.order += 1
        if isinstance(dest, pygame.Rect):
            x, y = dest.x, dest.y
        else:
            x, y = int(dest[0]), int(dest[1])
        w, h = source.get_size()
        part = False
        if area is not None:
            area = pygame.Rect(area)
            part = area.w < w or area.h < h
            w, h = min(w, area.w), min(h, area.h)
        rect = pygame.Rect(x, y, w, h)
        clip = self.get_clip()                  # a scrolled page shows its lines through a viewport
        known = self.log.images.get(id(source))
        if known is not None and known[0] is source:
            ink = self._ink.get(id(source))
            if ink is None:
                ink = self._ink[id(source)] = source.get_bounding_rect()
            self.texts.append((known[1], known[2], rect, ink.move(x, y).clip(rect).clip(clip), self.order, part))
            self.bold.append(self.log.bold.get(id(source), False))
        elif w * h >= 400:
            self.covers.append((rect.clip(clip), self.order))

    def blit(self, source, dest=(0, 0), area=None, special_flags=0):
        self._note(source, dest, area)
        return super().blit(source, dest, area, special_flags)

    def blits(self, blit_sequence, doreturn=True):
        out = []
        for item in blit_sequence:
            out.append(self.blit(*item))
        return out if doreturn else None

    def fblits(self, blit_sequence, special_flags=0):
        for source, dest in blit_sequence:
            self.blit(source, dest, None, special_flags)


def _hidden(screen: Screen, ink: pygame.Rect, order: int, until: int) -> bool:
    """Is this text covered by an image drawn after it (and before `until`)?"""
    return any(order < o < until and rect.collidepoint(ink.center) for rect, o in screen.covers)


def frame_findings(screen: Screen, choices: tuple[str, ...] = ()) -> list[str]:
    """What is wrong with the texts of one frame drawn into `screen`. `choices` are rectangles' texts
    whose "…" asks for a choice (a button label), not a cut."""
    size = screen.get_size()
    window = pygame.Rect((0, 0), size)
    least = floor_px(size)
    out: list[str] = []
    shown = [t for t in screen.texts if t[0].strip() and t[3].w > 0 and t[3].h > 0]
    for content, px, rect, ink, _order, part in shown:
        if px < least:
            out.append(f"{content!r} is {px} px (< {least})")
        if content.rstrip().endswith(ELLIPSIS) and not content.rstrip()[:-1].endswith(" ") and content not in choices:
            out.append(f"{content!r} is cut with {ELLIPSIS}")
        if not window.contains(ink):
            out.append(f"{content!r} leaves the window at {tuple(ink)}")
        if part:
            out.append(f"{content!r} is drawn only in part at {tuple(rect)}")
    for i, (a, _pa, _ra, ink_a, order_a, _x) in enumerate(shown):
        for b, _pb, _rb, ink_b, order_b, _y in shown[i + 1:]:
            if a == b or not ink_a.colliderect(ink_b):
                continue
            overlap = ink_a.clip(ink_b)
            if overlap.w < 2 or overlap.h < 2:
                continue                                # touching by an antialiased pixel
            if _hidden(screen, ink_a, order_a, order_b):
                continue
            out.append(f"{a!r} {tuple(ink_a)} overlaps {b!r} {tuple(ink_b)}")
    return out


def size_findings(rendered: list[tuple[str, int]], size: tuple[int, int]) -> list[str]:
    """Texts rendered (into a card face, a button image...) below the floor for the window."""
    least = floor_px(size)
    return [f"{text!r} rendered at {px} px (< {least})" for text, px in rendered if text.strip() and px < least]
