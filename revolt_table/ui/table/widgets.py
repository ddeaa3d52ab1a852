"""Small drawn controls that several game tables share: action buttons (with a key letter), choice
buttons (pills, optionally with a token icon), a choice popup stacked above a card, a warning pill, and
the click-to-continue summary panel (a title, a table of rows, a few lines).

Why here and not in ui/widgets: these are immediate-mode drawings a FamilyTable repaints every frame
from its own layout (the table owns the rectangles and the input); ui/widgets holds retained controls
for the menus. They draw only; where a click lands is the table's business.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import pygame

from revolt_table.ui import draw, theme
from revolt_table.ui.table.render import panel_surface


MIN_TEXT = 11        # px: the smallest text any table draws (issue 11: readable at 1024x640)
_POINTER_OFF = 0     # > 0 inside no_pointer(): hover effects are off (screenshots)


def mouse_pos() -> tuple[int, int]:
    """The pointer, or a point off screen when the window has no mouse focus (no hover then).

    Every hover effect of a table reads the pointer here, so no_pointer() can switch them all off."""
    if _POINTER_OFF or not pygame.mouse.get_focused():
        return (-1, -1)
    return pygame.mouse.get_pos()


@contextmanager
def no_pointer() -> Iterator[None]:
    """Draw as if no pointer were over the window. Why: a screenshot must depend only on its arguments,
    and on a real display the pointer (wherever the user left it) would light up buttons."""
    global _POINTER_OFF
    _POINTER_OFF += 1
    try:
        yield
    finally:
        _POINTER_OFF -= 1


def action_button(surface: pygame.Surface, metrics, rect: pygame.Rect, label: str, *, primary: bool,
                  enabled: bool = True, hot: bool = False, focused: bool = False, key: str = "",
                  size: int | None = None) -> None:
    """A raised action button: gold when primary, dark otherwise, greyed when disabled; `hot` (hover or
    keyboard focus) lightens it, `focused` adds a paper-white ring, `key` prints the key that presses it
    in the top-right corner (the label then moves left to make room). `size`: label font (small)."""
    px = metrics.px
    if not enabled:
        base, fg, edge = theme.BUTTON_DISABLED, theme.TEXT_MUTED, theme.PANEL_EDGE
    elif primary:
        base, fg, edge = (theme.GOLD_LIGHT if hot else theme.GOLD), theme.TEXT_DARK, theme.GOLD_DARK
    else:
        base, fg, edge = (theme.BUTTON_HOVER if hot else theme.BUTTON), theme.TEXT, theme.PANEL_EDGE
    radius = rect.h // 3
    pygame.draw.rect(surface, theme.SHADOW, rect.move(0, px(3)), border_radius=radius)
    pygame.draw.rect(surface, base, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, max(1, px(2)), border_radius=radius)
    if focused:
        pygame.draw.rect(surface, theme.CARD_FACE, rect.inflate(px(6), px(6)), max(2, px(2)),
                         border_radius=radius + px(3))
    room, centre = rect.w - px(12), rect.center
    if key:       # the label stays clear of the key letter in the corner, whatever the text size
        key_left = rect.right - px(6) - draw.render_text(key, max(MIN_TEXT, metrics.tx(11)), fg).get_width()
        centre = (rect.centerx - px(4), rect.centery)
        room = min(room, 2 * (key_left - px(4) - centre[0]))
    text_size, lines = draw.fit_lines(label, size or metrics.font_small, room, True, MIN_TEXT)   # else 2 lines
    draw.lines_at(surface, lines, text_size, fg, centre, bold=True)
    if key:
        draw.text(surface, key, max(MIN_TEXT, metrics.tx(11)), fg,
                  midright=(rect.right - px(6), rect.y + max(px(10), MIN_TEXT // 2 + px(3))))


def choice_button(surface: pygame.Surface, metrics, rect: pygame.Rect, label: str, *, enabled: bool = True,
                  hot: bool = False, edge=theme.PANEL_EDGE, icon: pygame.Surface | None = None,
                  icon_left: bool = False) -> None:
    """A pill among a few choices ("1  Play …", "2  Cut …"): `hot` lightens it and gilds its edge
    (`edge` at rest), a disabled one is greyed; an optional icon sits at its right (or left, before
    the label)."""
    px = metrics.px
    fill = theme.BUTTON_DISABLED if not enabled else (theme.BUTTON_HOVER if hot else theme.BUTTON)
    pygame.draw.rect(surface, fill, rect, border_radius=rect.h // 2)
    pygame.draw.rect(surface, theme.GOLD_LIGHT if hot and enabled else edge, rect, 2, border_radius=rect.h // 2)
    x = rect.x + px(14)
    if icon is not None and icon_left:
        surface.blit(icon, icon.get_rect(midleft=(rect.x + px(8), rect.centery)))
        x += icon.get_width()
    elif icon is not None:
        surface.blit(icon, icon.get_rect(midright=(rect.right - px(10), rect.centery)))
    size = draw.fit_text(label, metrics.tx(16), rect.w - px(50), True)
    draw.text(surface, label, size, theme.TEXT if enabled else theme.TEXT_MUTED, bold=True,
              midleft=(x, rect.centery))


def stack_above(anchor: pygame.Rect, count: int, size: tuple[int, int], gap: int, lift: int,
                bounds: pygame.Rect) -> list[pygame.Rect]:
    """`count` rectangles of `size`, stacked `gap` apart, their bottom `lift` above `anchor`, centred on
    it and kept inside `bounds` (a popup of choices over a card)."""
    w, h = size
    top = anchor.top - lift - count * (h + gap)
    out = []
    for k in range(count):
        r = pygame.Rect(0, 0, w, h)
        r.midtop = (anchor.centerx, top + k * (h + gap))
        r.clamp_ip(bounds)
        out.append(r)
    return out


def panel_around(surface: pygame.Surface, metrics, rects: Sequence[pygame.Rect], pad: int) -> pygame.Rect:
    """A gold-edged panel behind a group of controls; returns its rectangle."""
    outer = rects[0].unionall(list(rects)).inflate(pad, pad)
    surface.blit(panel_surface(outer.size, metrics.radius, 235, theme.GOLD, edge_w=2), outer)
    return outer


def pill(surface: pygame.Surface, image: pygame.Surface, midbottom: tuple[int, int], pad: tuple[int, int],
         bounds: pygame.Rect, edge=theme.DANGER, fill=theme.PANEL, edge_w: int = 1) -> pygame.Rect:
    """A rounded tag holding `image` (a rendered line), its bottom centre at `midbottom`, kept inside
    `bounds`: why a card cannot be played, a warning over a popup."""
    box = image.get_rect().inflate(*pad)
    box.midbottom = midbottom
    box.clamp_ip(bounds)
    surface.blit(panel_surface(box.size, box.h // 2, 240, edge, fill, edge_w), box)
    surface.blit(image, image.get_rect(center=box.center))
    return box


def summary_panel(surface: pygame.Surface, metrics, screen: tuple[int, int], above: int, summary: dict,
                  hint: str) -> pygame.Rect:
    """A panel that waits for a click: `summary` = {"title", "columns", "rows": [{"name", "cells",
    "win"?}], "lines"?}; a name column then one column per entry, the winner's row gilded, every other
    row striped, the lines under the table and `hint` at the bottom. Centred on the screen, lifted to
    end near `above` (the top of the hand) when there is room. Returns the panel's rectangle."""
    m, px = metrics, metrics.px
    rows = summary["rows"]
    cols = summary["columns"]
    W, H = screen
    row_h = px(34)
    width = min(W - px(40), px(720))
    lines = summary.get("lines", [])
    height = px(70) + row_h * (len(rows) + 1) + len(lines) * px(28) + px(54)
    box = pygame.Rect(0, 0, width, min(H - px(20), height))
    box.center = (W // 2, min(H // 2, above - box.h // 2 + px(60)))
    box.clamp_ip(pygame.Rect(0, 0, W, H).inflate(-px(10), -px(10)))
    surface.blit(panel_surface(box.size, m.radius * 2, 240, theme.GOLD, edge_w=2), box)
    title = summary["title"]
    draw.text(surface, title, draw.fit_text(title, m.font_heading, box.w - px(30), True), theme.GOLD_LIGHT,
              bold=True, center=(box.centerx, box.y + px(30)), shadow=True)
    y = box.y + px(64)
    name_w = box.w * 0.3
    col_w = (box.w - px(30) - name_w) / len(cols)
    x0 = box.x + px(18)
    for k, col in enumerate(cols):
        cx = x0 + name_w + col_w * (k + 0.5)
        size, lines = draw.fit_lines(col, m.font_small, int(col_w - px(6)), True)     # wraps, never < 11 px
        draw.lines_at(surface, lines, size, theme.TEXT_MUTED, (int(cx), y + row_h // 2), bold=True)
    y += row_h
    for i, row in enumerate(rows):
        r = pygame.Rect(box.x + px(10), y, box.w - px(20), row_h - px(4))
        if row.get("win"):
            pygame.draw.rect(surface, theme.GOLD_DARK, r, border_radius=px(6))
        elif i % 2 == 0:
            pygame.draw.rect(surface, theme.BUTTON, r, border_radius=px(6))
        name = row["name"]
        draw.text(surface, name, draw.fit_text(name, m.font_body, int(name_w - px(10)), True),
                  theme.GOLD_LIGHT if row.get("win") else theme.TEXT, bold=True, midleft=(x0, r.centery))
        for k, cell in enumerate(row["cells"]):
            cx = x0 + name_w + col_w * (k + 0.5)
            draw.text(surface, str(cell), draw.fit_text(str(cell), m.font_body, int(col_w - px(6))),
                      theme.TEXT, center=(int(cx), r.centery))
        y += row_h
    y += px(6)
    for text in lines:
        draw.text(surface, text, draw.fit_text(text, m.font_small + px(1), box.w - px(30)), theme.TEXT,
                  center=(box.centerx, y + px(12)))
        y += px(28)
    draw.text(surface, hint, m.font_small, theme.TEXT_MUTED, center=(box.centerx, box.bottom - px(20)))
    return box
