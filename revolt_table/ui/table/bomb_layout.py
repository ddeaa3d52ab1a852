"""Where Revolución's own things go: the board between the pods, the timer track at its top (its
spots, the Palace past the last one, the bomb token on it), the duel panel under the track, and the
strip over the hand that holds the prompt and the buttons.

Why apart: the table's placements, its sections and the shared actions section all ask the same
rectangles, computed once per geometry (`scene.geom` is a new object after every resize or seat change).
"""

from __future__ import annotations

import math

import pygame


class BombLayout:
    """The rectangles of one table geometry (see the module docstring)."""

    def __init__(self, table) -> None:
        self.table = table
        self._key = None
        self.board = self.track = self.prompt = self.buttons = pygame.Rect(0, 0, 1, 1)

    @property
    def scene(self):
        return self.table.scene

    def fix(self) -> "BombLayout":
        """Recompute when the geometry changed; returns self (so `layout.fix().board` reads well)."""
        g = self.scene.geom
        if self._key is g:
            return self
        self._key = g
        px = self.scene.metrics.px
        w = g.size[0]
        left = max([p.rect.right for p in g.pods.values() if p.side == "left"] + [px(14)]) + px(14)
        right = min([p.rect.left for p in g.pods.values() if p.side == "right"] + [w - px(14)]) - px(14)
        top = max([p.rect.bottom for p in g.pods.values() if p.side == "top"] + [g.hud.bottom]) + px(10)
        lift = int(g.hand_h * 0.22)                  # a selected card rises this much
        strip_bottom = g.hand.top - lift - px(4)
        strip_h = px(92)                             # buttons, then up to two lines of reason under them
        strip_top = strip_bottom - strip_h
        beside = [p.rect for p in g.pods.values() if p.rect.bottom > strip_top and p.rect.top < strip_bottom]
        s_left = max([r.right for r in beside if r.centerx < w // 2] + [0]) + px(14)
        s_right = min([r.left for r in beside if r.centerx >= w // 2] + [w]) - px(14)
        split = s_left + int((s_right - s_left) * 0.42)
        self.prompt = pygame.Rect(s_left, strip_top, max(px(80), split - px(8) - s_left), px(44))
        self.buttons = pygame.Rect(split + px(8), strip_top, max(px(120), s_right - split - px(8)), strip_h)
        bottom = self.buttons.y - px(6)
        self.board = pygame.Rect(left, top, max(10, right - left), max(10, bottom - top))
        track_h = min(px(78), self.board.h // 3)
        self.track = pygame.Rect(self.board.x + px(8), self.board.y, self.board.w - px(16), track_h)
        return self

    # ---------------------------------------------------------------- the track
    def spots(self, timer_start: int) -> list[tuple[int, int]]:
        """The track's spots from the start (0 steps taken) to the last step (`timer_start` taken), which
        is the Palace's doorstep; the Palace itself stands past it."""
        tr, px = self.fix().track, self.scene.metrics.px
        x0, x1 = tr.x + px(34), tr.right - px(80)
        y = tr.y + px(30)
        n = max(1, timer_start)
        return [(round(x0 + (x1 - x0) * i / n), y) for i in range(timer_start + 1)]

    def palace_rect(self, timer_start: int) -> pygame.Rect:
        px = self.scene.metrics.px
        last = self.spots(timer_start)[-1]
        rect = pygame.Rect(0, 0, px(46), px(46))
        rect.center = (last[0] + px(50), last[1] - px(4))
        return rect

    def bomb_rect(self, timer_start: int, pos: float) -> pygame.Rect:
        """Where the bomb token stands `pos` steps along the track (it hops between spots)."""
        px = self.scene.metrics.px
        spots = self.spots(timer_start)
        n = len(spots) - 1
        k = max(0.0, min(float(n), pos))
        i0 = int(k)
        i1 = min(n, i0 + 1)
        f = k - i0
        bx = spots[i0][0] + (spots[i1][0] - spots[i0][0]) * f
        by = spots[i0][1] - px(4) - math.sin(math.pi * f) * px(12)
        rect = pygame.Rect(0, 0, px(40), px(40))
        rect.center = (round(bx), round(by))
        return rect

    # ---------------------------------------------------------------- the duel
    def duel(self) -> pygame.Rect:
        self.fix()
        px = self.scene.metrics.px
        b = self.board
        r = pygame.Rect(0, 0, min(b.w, px(660)), max(10, b.bottom - self.track.bottom - px(8)))
        r.midtop = (b.centerx, self.track.bottom + px(8))
        return r

    def duel_half(self, side: int) -> tuple[pygame.Rect, pygame.Rect]:
        """(cards row, numbers column) of one side of the duel panel: 0 attacker (left), 1 defender."""
        px = self.scene.metrics.px
        duel = self.duel()
        x = duel.x + px(14) if side == 0 else duel.centerx + px(34)
        w = duel.w // 2 - px(48)
        top = duel.y + px(32)
        h = max(20, min(px(112), duel.bottom - px(10) - top))
        numbers = pygame.Rect(x + w - px(96), top, px(96), h)
        cards_w = max(px(40), w - px(102))
        return pygame.Rect(x, top, cards_w, h), numbers

    # ---------------------------------------------------------------- pods
    def pod_rows(self, rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """A seat's pod: its name plate, its tokens (lieutenants, support), the cards it left on the table."""
        px = self.scene.metrics.px
        head = pygame.Rect(rect.x, rect.y, rect.w, px(46))
        tokens = pygame.Rect(rect.x + px(10), head.bottom, rect.w - px(20), px(34))
        table = pygame.Rect(rect.x + px(10), tokens.bottom + px(4), rect.w - px(20),
                            max(4, rect.bottom - tokens.bottom - px(8)))
        return head, tokens, table
