"""A long plain text (the licences) in a scrolling box: only the lines in view are rendered.

Why not RichTextPanel: that one renders every block once per width, which is right for a rules page
and wrong for THIRD-PARTY-NOTICES (2,700 lines: one surface per paragraph would hold hundreds of MB).
Here the text is wrapped into lines once per width (measuring, not rendering), and each frame renders
only the dozen or two lines in view, keeping the most recent few hundred as images.

Scrolling: the wheel (anywhere on the page: it is its one scrolling box), Up/Down while it has the
keyboard (at either end they move the focus on, so the keyboard never gets stuck in it), Page Up/Page
Down/Home/End from the scene, and the scroll bar's thumb dragged or its track clicked. Lines that start
a section ("Component: ...", a title over a rule of "=") are drawn in gold; a rule of "=" or "-" is
drawn as a line; a paragraph its author wrapped at ~72 columns is joined and wrapped again to the box
(reflow). At rest the box shows whole lines only.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass

import pygame

from revolt_table.ui import theme
from revolt_table.ui.fonts import font
from revolt_table.ui.widgets.base import Widget, approach

PLAIN, HEADING, RULE = "plain", "heading", "rule"
_CACHE_LINES = 240
_ITEM = re.compile(r"^\s*(?:[-*•](?:\s|$)|\d+[.)]\s|[a-z][.)]\s|\([a-z0-9]{1,4}\)\s|copyright\b|\(c\)|©)", re.I)
_FILLED = 60                 # a source line this long was wrapped by its author: the next one continues it


@dataclass(frozen=True)
class Line:
    kind: str
    text: str
    indent: int = 0


def classify(lines: list[str]) -> list[tuple[str, str]]:
    """(kind, text) per source line: rules of = or -, and the lines a reader scans for, as headings."""
    out: list[tuple[str, str]] = []
    for i, raw in enumerate(lines):
        text = raw.rstrip()
        stripped = text.strip()
        if len(stripped) >= 8 and set(stripped) <= {"=", "-"}:
            out.append((RULE, ""))
        elif stripped.startswith("Component:") or (
                stripped and i + 1 < len(lines) and len(lines[i + 1].strip()) >= 4
                and set(lines[i + 1].strip()) <= {"=", "-"} and len(lines[i + 1].strip()) >= len(stripped) // 2):
            out.append((HEADING, stripped))
        else:
            out.append((PLAIN, text))
    return out


def reflow(lines: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Join the lines of a paragraph its author wrapped at ~72 columns, so that the box wraps it to
    its own width: a plain line continues the one before when that one was long, is indented the
    same, and the new one does not start a list item or a copyright line."""
    out: list[tuple[str, str]] = []
    last = ""                                         # the previous source line, as written
    for kind, text in lines:
        joins = (out and kind == PLAIN and out[-1][0] == PLAIN and text.strip() and last.strip()
                 and len(last) >= _FILLED and _indent(last) == _indent(text) and not _ITEM.match(text))
        if joins:
            out[-1] = (PLAIN, out[-1][1] + " " + text.strip())
        else:
            out.append((kind, text))
        last = text
    return out


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


class LongTextView(Widget):
    """Plain text, wrapped to the box, scrolled; a focusable widget (it takes Up/Down when focused)."""

    def __init__(self, text: str = "", *, base_size: int = 15, name: str = "") -> None:
        super().__init__()
        self.name = name
        self.text = text
        self.base_size = base_size
        self.lines: list[Line] = []
        self.scroll = 0.0
        self.target = 0.0
        self._images: OrderedDict[tuple[int, bool], pygame.Surface] = OrderedDict()
        self._dragging: int | None = None          # the mouse's offset into the thumb while dragging it
        self._layout_key: tuple | None = None

    # ---------------------------------------------------------------- content and layout
    def set_text(self, text: str) -> None:
        self.text = text
        self.scroll = self.target = 0.0
        self._layout_key = None
        self._wrap()

    def set_rect(self, rect, base_size: int | None = None) -> None:
        super().set_rect(rect)
        self.base_size = base_size or self.base_size
        self._wrap()
        self.scroll_to(self.target)                 # kept in range, on a whole line of the new layout

    @property
    def line_height(self) -> int:
        return font(self.base_size).get_linesize() + max(1, self.base_size // 8)

    @property
    def bar_width(self) -> int:
        return max(6, self.base_size // 2)

    @property
    def padding(self) -> int:
        return max(4, self.base_size // 2)

    @property
    def text_width(self) -> int:
        return max(40, self.rect.width - self.bar_width - 2 * self.padding - self.base_size // 2)

    @property
    def content_height(self) -> int:
        return len(self.lines) * self.line_height

    @property
    def view_height(self) -> int:
        """Whole lines only: at rest, no line is cut at the top or the bottom of the box."""
        step = self.line_height
        return max(step, (self.rect.height - 2 * self.padding) // step * step)

    @property
    def max_scroll(self) -> float:
        return float(max(0, self.content_height - self.view_height))

    def _wrap(self) -> None:
        key = (self.text_width, self.base_size, id(self.text), len(self.text))
        if key == self._layout_key or self.rect.width <= 0:
            return
        self._layout_key = key
        self._images.clear()
        plain, bold = font(self.base_size), font(self.base_size, True)
        width = self.text_width
        out: list[Line] = []
        for kind, text in reflow(classify(self.text.splitlines())):
            if kind == RULE or not text:
                out.append(Line(kind, ""))
                continue
            face = bold if kind == HEADING else plain
            indent_chars = len(text) - len(text.lstrip(" "))
            indent = face.size(" " * min(indent_chars, 12))[0]
            body = text.lstrip(" ")
            for piece in self._wrap_line(face, body, width - indent):
                out.append(Line(kind, piece, indent))
        self.lines = out

    @staticmethod
    def _wrap_line(face, text: str, width: int) -> list[str]:
        if face.size(text)[0] <= width:
            return [text]
        pieces, current = [], ""
        for word in text.split(" "):
            trial = f"{current} {word}" if current else word
            if face.size(trial)[0] <= width or not current:
                current = trial
            else:
                pieces.append(current)
                current = word
        pieces.append(current)
        return pieces

    # ---------------------------------------------------------------- scrolling
    def _snap(self, pixels: float) -> float:
        """The nearest whole-line offset within range (the end itself is one: the last line shows)."""
        step = self.line_height
        return min(max(round(pixels / step) * step, 0.0), self.max_scroll)

    def scroll_by(self, pixels: float) -> None:
        self.target = self._snap(self.target + pixels)

    def scroll_to(self, pixels: float) -> None:
        self.target = self.scroll = self._snap(pixels)

    def page(self, pages: float) -> None:
        self.scroll_by(pages * self.view_height * 0.9)

    def _track(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - self.bar_width, self.rect.y, self.bar_width, self.rect.height)

    def _thumb(self) -> pygame.Rect:
        track = self._track()
        if self.max_scroll <= 0:
            return track
        height = max(self.bar_width * 3, int(track.height * self.view_height / self.content_height))
        y = track.y + int((track.height - height) * (self.scroll / self.max_scroll))
        return pygame.Rect(track.x, y, track.width, height)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEWHEEL:          # the page's one scrolling box: the wheel anywhere
            self.scroll_by(-event.y * self.line_height * 3)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            thumb, track = self._thumb(), self._track().inflate(self.bar_width, 0)
            if thumb.inflate(self.bar_width, 0).collidepoint(event.pos):
                self._dragging = event.pos[1] - thumb.y
            elif track.collidepoint(event.pos):
                self.page(1 if event.pos[1] > thumb.centery else -1)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dragging is not None:
            self._dragging = None
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            if self._dragging is not None:
                track, thumb = self._track(), self._thumb()
                room = max(1, track.height - thumb.height)
                self.scroll_to((event.pos[1] - self._dragging - track.y) / room * self.max_scroll)
                return True
            return False
        if event.type == pygame.KEYDOWN and self.focused:
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1}.get(event.key)
            if step is None:
                return False
            at_end = self.target <= 0 if step < 0 else self.target >= self.max_scroll
            if at_end:
                return False                      # the focus moves on
            self.scroll_by(step * self.line_height * 2)
            return True
        return False

    def update(self, dt: float) -> None:
        eased = approach(self.scroll, self.target, dt, 16.0)          # glides, then lands on the line
        self.scroll = self.target if abs(eased - self.target) < 0.5 else eased

    # ---------------------------------------------------------------- drawing
    def visible_lines(self) -> range:
        """Indices of the lines inside the box at the current scroll."""
        step = self.line_height
        first = max(0, int(self.scroll) // step)
        last = min(len(self.lines), (int(self.scroll) + self.view_height) // step + 1)
        return range(first, last)

    def _image(self, index: int) -> pygame.Surface:
        line = self.lines[index]
        key = (index, line.kind == HEADING)
        image = self._images.get(key)
        if image is None:
            colour = theme.GOLD_LIGHT if line.kind == HEADING else theme.TEXT
            image = font(self.base_size, line.kind == HEADING).render(line.text, True, colour)
            self._images[key] = image
            if len(self._images) > _CACHE_LINES:
                self._images.popitem(last=False)
        else:
            self._images.move_to_end(key)
        return image

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        pygame.draw.rect(surface, theme.FELT_DARK, self.rect, border_radius=max(4, self.base_size // 3))
        view = pygame.Rect(self.rect.x + self.padding, self.rect.y + self.padding, self.rect.width - 2 * self.padding,
                           self.view_height)
        clip = surface.get_clip()
        surface.set_clip(view.clip(clip) if clip else view)
        top, step = int(self.scroll), self.line_height
        for index in self.visible_lines():
            line = self.lines[index]
            y = view.y + index * step - top
            if line.kind == RULE:
                mid = y + step // 2
                pygame.draw.line(surface, theme.GOLD_DARK, (view.x, mid), (view.x + self.text_width, mid), 1)
            elif line.text:
                surface.blit(self._image(index), (view.x + line.indent, y))
        surface.set_clip(clip)
        track, thumb = self._track(), self._thumb()
        if self.max_scroll > 0:
            pygame.draw.rect(surface, theme.TRACK, track, border_radius=track.width // 2)
            colour = theme.GOLD if self._dragging is not None or self.hovered else theme.GOLD_DARK
            pygame.draw.rect(surface, colour, thumb, border_radius=thumb.width // 2)
        if self.focused:                              # a thin ring: the box is tall
            width = max(2, self.base_size // 8)
            pygame.draw.rect(surface, theme.GOLD_LIGHT, self.rect.inflate(4 * width, 4 * width), width=width,
                             border_radius=max(4, self.base_size // 3))
