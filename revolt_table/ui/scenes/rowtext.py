"""Texts in a list's row or a panel that wrap instead of being cut (issue 28): History, Review, Statistics.

Why: a player's name, a German label or a move sentence has no fixed length; a row cut with "…" hides
what the player must read. These wrap a text at spaces (anywhere in scripts without them) into as many
lines as it needs, so the caller grows its row to `block_height` and draws the lines with `draw_block`.
"""

from __future__ import annotations

import pygame

from revolt_table.ui import draw
from revolt_table.ui.widgets.textfit import wrap

MANY = 64                      # more lines than any row or panel text needs: never cut


def lines_of(content: str, size: int, width: int, *, bold: bool = False) -> list[str]:
    """`content` wrapped to `width` pixels at `size`, every word kept (a width under two glyphs, before
    a layout, is taken as two glyphs)."""
    return wrap(content, size, max(2 * size, width), bold=bold, max_lines=MANY) or [""]


def step(size: int) -> int:
    """The distance from one line to the next at `size`."""
    return int(size * 1.3)


def block_height(lines: list[str], size: int) -> int:
    """The height of `lines` drawn by draw_block."""
    return len(lines) * step(size)


def draw_block(surface: pygame.Surface, lines: list[str], size: int, color, x: int, y: int, *,
               bold: bool = False, align: str = "left", width: int = 0) -> int:
    """Draw `lines` from (x, y) down: left aligned, or centred in `width` (align "center") or right
    aligned to x + width ("right"). Returns the y under the last line."""
    h = step(size)
    for text in lines:
        mid = y + h // 2
        if text:
            if align == "center":
                draw.text(surface, text, size, color, bold=bold, center=(x + width // 2, mid))
            elif align == "right":
                draw.text(surface, text, size, color, bold=bold, midright=(x + width, mid))
            else:
                draw.text(surface, text, size, color, bold=bold, midleft=(x, mid))
        y += h
    return y
