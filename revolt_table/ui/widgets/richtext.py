"""Scrollable rich text: headings, paragraphs and bullet lists (the rules pages).

Why pre-rendered blocks: rules pages are long; each block is wrapped and rendered once per width, and
only blocks inside the viewport are blitted each frame. Scrolling eases toward its target.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

import pygame

from revolt_table.ui import theme
from revolt_table.ui.fonts import font
from revolt_table.ui.widgets.base import Widget, approach

HEADING, SUBHEADING, PARAGRAPH, BULLET, NOTE = "heading", "subheading", "paragraph", "bullet", "note"
_BULLET_RE = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
_EMPHASIS_RE = re.compile(r"(\*\*|__|`)")


@dataclass(frozen=True)
class Block:
    kind: str
    text: str


def parse_markdownish(lines: Iterable[str]) -> list[Block]:
    """Turn markdown-ish text lines into blocks.

    "# x" heading, "## x" subheading, "- x"/"* x"/"1. x" bullet; consecutive plain lines join into one
    paragraph; a blank line ends a paragraph. Emphasis markers (** __ `) are dropped, not shown.
    """
    blocks: list[Block] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(Block(PARAGRAPH, " ".join(para)))
            para.clear()

    for raw in lines:
        for line in str(raw).splitlines() or [""]:
            line = _EMPHASIS_RE.sub("", line.rstrip())
            stripped = line.strip()
            if not stripped:
                flush()
            elif stripped.startswith("#"):
                flush()
                level = len(stripped) - len(stripped.lstrip("#"))
                blocks.append(Block(HEADING if level == 1 else SUBHEADING, stripped.lstrip("#").strip()))
            elif _BULLET_RE.match(line):
                flush()
                blocks.append(Block(BULLET, _BULLET_RE.sub("", line, count=1).strip()))
            else:
                para.append(stripped)
        flush()   # each list item (or YAML paragraph) ends a paragraph
    return blocks


class RichTextPanel(Widget):
    """Shows blocks in its rect with a scrollbar. Wheel, Up/Down, PageUp/PageDown, Home/End scroll."""

    def __init__(self, blocks: list[Block] | None = None, *, base_size: int = 18) -> None:
        super().__init__()
        self.blocks = list(blocks or [])
        self.base_size = base_size
        self.scroll = 0.0          # shown offset (eased)
        self.target = 0.0          # wanted offset
        self._rendered: list[tuple[int, int, pygame.Surface]] = []   # (x, y, image)
        self.content_height = 0

    def set_blocks(self, blocks: list[Block]) -> None:
        self.blocks = list(blocks)
        self.scroll = self.target = 0.0
        self._render()

    def set_rect(self, rect: pygame.Rect | tuple[int, int, int, int], base_size: int | None = None) -> None:
        super().set_rect(rect)
        if base_size is not None:
            self.base_size = base_size
        self._render()
        self.target = min(self.target, self.max_scroll)
        self.scroll = min(self.scroll, self.max_scroll)

    @property
    def line_step(self) -> int:
        return int(self.base_size * 2.4)

    @property
    def max_scroll(self) -> float:
        return max(0.0, self.content_height - self.rect.height)

    def _render(self) -> None:
        s = self.base_size
        width = self.rect.width - int(s * 1.6)        # room for the scrollbar
        out: list[tuple[int, int, pygame.Surface]] = []
        y = 0
        previous = None
        for block in self.blocks:
            if block.kind == HEADING:
                y += int(s * 1.2) if out else 0
                image = font(int(s * 1.45), True).render(block.text, True, theme.GOLD_LIGHT, None, width)
                out.append((0, y, image))
                y += image.get_height() + int(s * 0.2)
                rule = pygame.Surface((min(width, int(s * 8)), max(1, s // 9)))
                rule.fill(theme.GOLD_DARK)
                out.append((0, y, rule))
                y += int(s * 0.7)
            elif block.kind == SUBHEADING:
                y += int(s * 0.8) if out else 0
                image = font(int(s * 1.15), True).render(block.text, True, theme.GOLD, None, width)
                out.append((0, y, image))
                y += image.get_height() + int(s * 0.45)
            elif block.kind == BULLET:
                indent = int(s * 1.5)
                if previous not in (BULLET, None, HEADING, SUBHEADING):
                    y += int(s * 0.1)
                image = font(s).render(block.text, True, theme.TEXT, None, width - indent)
                dot = font(s, True).render("•", True, theme.GOLD)
                out.append((int(s * 0.4), y, dot))
                out.append((indent, y, image))
                y += image.get_height() + int(s * 0.35)
            else:
                color = theme.TEXT_MUTED if block.kind == NOTE else theme.TEXT
                image = font(s).render(block.text, True, color, None, width)
                out.append((0, y, image))
                y += image.get_height() + int(s * 0.75)
            previous = block.kind
        self._rendered = out
        self.content_height = y

    def _fade(self) -> pygame.Surface:
        """A strip fading into the panel colour: cut-off lines dissolve instead of being sliced."""
        key = (self.rect.width, self.base_size)
        if getattr(self, "_fade_key", None) != key:
            height = int(self.base_size * 2.2)
            small = pygame.Surface((1, 16), pygame.SRCALPHA)
            for y in range(16):
                small.set_at((0, y), (*theme.PANEL, int(255 * (y / 15) ** 1.4)))
            width = self.rect.width - int(self.base_size * 1.2)
            self._fade_surface = pygame.transform.smoothscale(small, (width, height))
            self._fade_key = key
        return self._fade_surface

    def scroll_by(self, pixels: float) -> None:
        self.target = min(max(self.target + pixels, 0.0), self.max_scroll)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.line_step * 1.5)
            return True
        if event.type == pygame.KEYDOWN:
            page = self.rect.height * 0.9
            moves = {pygame.K_UP: -self.line_step, pygame.K_DOWN: self.line_step,
                     pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page,
                     pygame.K_HOME: -1e9, pygame.K_END: 1e9}
            if event.key in moves:
                self.scroll_by(moves[event.key])
                return True
        return False

    def update(self, dt: float) -> None:
        self.scroll = approach(self.scroll, self.target, dt, 16.0)
        if abs(self.scroll - self.target) < 0.5:
            self.scroll = self.target

    def draw(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        top = int(self.scroll)
        for x, y, image in self._rendered:
            sy = self.rect.y + y - top
            if sy + image.get_height() < self.rect.y or sy > self.rect.bottom:
                continue
            surface.blit(image, (self.rect.x + x, sy))
        surface.set_clip(clip)
        fade = self._fade()
        if self.scroll > 1:
            surface.blit(pygame.transform.flip(fade, False, True), (self.rect.x, self.rect.y))
        if self.scroll < self.max_scroll - 1:
            surface.blit(fade, (self.rect.x, self.rect.bottom - fade.get_height()))
        if self.max_scroll > 0:
            bar = pygame.Rect(self.rect.right - max(4, self.base_size // 3), self.rect.y,
                              max(4, self.base_size // 3), self.rect.height)
            pygame.draw.rect(surface, theme.TRACK, bar, border_radius=bar.width // 2)
            visible = self.rect.height / self.content_height
            thumb_h = max(bar.width * 3, int(bar.height * visible))
            thumb_y = bar.y + int((bar.height - thumb_h) * (self.scroll / self.max_scroll))
            pygame.draw.rect(surface, theme.GOLD_DARK, (bar.x, thumb_y, bar.width, thumb_h),
                             border_radius=bar.width // 2)
