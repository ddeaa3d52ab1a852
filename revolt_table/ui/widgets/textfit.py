"""One line of text that fits a width whatever the language or the name: smaller, then cut with "…".

Why not draw.fit_text alone: it shrinks a text but stops at the smallest readable size, and a player's
name or a long reason can still be wider than its cell (six seats side by side in a History row). Here
the text shrinks down to `smallest` and is then cut at the end with an ellipsis, so it always fits.
"""

from __future__ import annotations

import pygame

from revolt_table.ui import draw
from revolt_table.ui.fonts import font

ELLIPSIS = "…"


def fit_line(content: str, size: int, width: int, *, bold: bool = False, smallest: int = 11) -> tuple[str, int]:
    """(text, size): `content` at the largest size from `size` down to `smallest` that fits `width`,
    else cut with an ellipsis at `smallest` (or at `size` if that is smaller)."""
    smallest = min(size, smallest)
    s = size
    while s > smallest and font(s, bold).size(content)[0] > width:
        s -= 1
    face = font(s, bold)
    if face.size(content)[0] <= width:
        return content, s
    lo, hi = 0, len(content)
    while lo < hi:                                 # the longest head that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if face.size(content[:mid].rstrip() + ELLIPSIS)[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return (content[:lo].rstrip() + ELLIPSIS) if lo else "", s


def line(surface: pygame.Surface, content: str, size: int, color, width: int, *, bold: bool = False,
         smallest: int = 11, **anchor) -> pygame.Rect:
    """Draw `content` fitted to `width` (fit_line) at an anchor (draw.text's keywords)."""
    text, s = fit_line(content, size, width, bold=bold, smallest=smallest)
    if not text:
        return pygame.Rect(0, 0, 0, 0)
    return draw.text(surface, text, s, color, bold=bold, **anchor)


def wrap(content: str, size: int, width: int, *, bold: bool = False, max_lines: int = 3) -> list[str]:
    """`content` broken into lines of at most `width` pixels at `size` (at spaces, or anywhere for
    scripts without them), at most `max_lines`; the last line is cut with an ellipsis if text is left."""
    face = font(size, bold)
    lines: list[str] = []
    rest = content.strip()
    while rest and len(lines) < max_lines:
        if face.size(rest)[0] <= width:
            lines.append(rest)
            rest = ""
            break
        lo, hi = 1, len(rest)
        while lo < hi:                             # the longest head that fits
            mid = (lo + hi + 1) // 2
            if face.size(rest[:mid])[0] <= width:
                lo = mid
            else:
                hi = mid - 1
        cut = lo if rest[lo] == " " else rest.rfind(" ", 0, lo)
        if cut <= 0:                               # no space to break at (Chinese): break anywhere
            cut = lo
        lines.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest and lines:
        lines[-1] = fit_line(lines[-1] + " " + rest, size, width, bold=bold, smallest=size)[0]
    return lines
