"""Where Revolución's own things go: the viewer's hand (one row, or two when it is long), the board
between the pods, the timer track at its top (its spots, the Palace past the last one, the bomb token
on it), the duel panel under the track, and the strip over the hand that holds the prompt and the
buttons.

Why apart: the table's placements, its sections and the shared actions section all ask the same
rectangles, computed once per geometry (`scene.geom` is a new object after every resize or seat change)
and hand shape. Why two rows: a card's text is read in the hand (issue 11: 11 px at least, nothing
covered, nothing cut), so cards lie side by side at the painter's readable height or taller (every
card's text fits: FacePainter.readable_height); a hand too long for one such row (9 to 12 cards at
1024x640, 11 or 12 at 1280x720) takes a second row, and the board over it gives up that height.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from revolt_table.ui import cards
from revolt_table.ui.table.layout import Placement

MAX_ROWS = 3


@dataclass
class RowsPlacement(Placement):
    """A hand laid out in `rows` rows of side-by-side cards, `gap` px apart, the top row the fullest
    (cards in reading order: number keys and the sort order go left to right, top to bottom)."""

    rows: int = 1
    gap: int = 0

    def rects(self, n: int) -> list[pygame.Rect]:
        if self.rows <= 1 or n <= 1:
            return super().rects(n)
        rows = min(self.rows, n)
        per = math.ceil(n / rows)
        h = self.card_h
        out: list[pygame.Rect] = []
        for row in range(rows):
            count = min(per, n - row * per)
            if count <= 0:
                break
            bottom = self.rect.bottom - (rows - 1 - row) * (h + self.gap)
            line = pygame.Rect(self.rect.x, bottom - h, self.rect.w, h)
            out += Placement(self.mode, line, h, max_step=self.max_step).rects(count)
        return out


class BombLayout:
    """The rectangles of one table geometry (see the module docstring)."""

    def __init__(self, table) -> None:
        self.table = table
        self._key = None
        self.board = self.track = self.prompt = self.buttons = self.hand = pygame.Rect(0, 0, 1, 1)
        self.rows, self.card_h, self.gap = 1, 1, 0

    @property
    def scene(self):
        return self.table.scene

    def hand_shape(self, n: int) -> tuple[int, int]:
        """(rows, card height) of an n-card hand: one row as tall as the hand's room allows while the
        cards fit side by side at the readable height or taller, else the fewest rows of cards of the
        readable height that fit (issue 11: no card covers another's text, no text cut or under 11 px)."""
        g = self.scene.geom
        least = self.table.painter.readable_height()
        for rows in range(1, MAX_ROWS + 1):
            per = math.ceil(max(1, n) / rows)
            fit = int(g.hand.w / per / cards.CARD_RATIO) - 1
            if fit >= least:
                break
        if rows == 1:
            return 1, max(least, min(g.hand_h, fit))
        return rows, least

    def hand_count(self) -> int:
        """Cards in the hand drawn at the bottom (the viewer's, or the bottom seat's for a spectator)."""
        s = self.scene
        seat = s.viewer if s.viewer is not None else s.geom.bottom_seat
        zone = s.model.zones.get(f"hand:{seat}")
        return len(zone.sprites) if zone is not None else 0

    def fix(self) -> "BombLayout":
        """Recompute when the geometry or the number of hand rows changed; returns self (so
        `layout.fix().board` reads well). A change of rows alone lays the table's sections out again."""
        g = self.scene.geom
        rows, card_h = self.hand_shape(self.hand_count())
        shape = (rows, card_h if rows > 1 else 0)       # one row: the strip stands where it always does
        same_geom = self._key is not None and self._key[0] is g
        if same_geom and self._key[1] == shape:
            self.card_h = card_h
            return self
        self._key = (g, shape)
        self.rows, self.card_h = rows, card_h
        px = self.scene.metrics.px
        w = g.size[0]
        left = max([p.rect.right for p in g.pods.values() if p.side == "left"] + [px(14)]) + px(14)
        right = min([p.rect.left for p in g.pods.values() if p.side == "right"] + [w - px(14)]) - px(14)
        top = max([p.rect.bottom for p in g.pods.values() if p.side == "top"] + [g.hud.bottom]) + px(10)
        if rows == 1:
            self.hand, self.gap = pygame.Rect(g.hand), 0
            lift = int(g.hand_h * 0.22)              # a selected card rises this much
        else:                                        # rows of readable cards; a card rises into the gap
            self.gap = lift = px(10)
            tall = rows * card_h + (rows - 1) * self.gap
            self.hand = pygame.Rect(g.hand.x, g.hand.bottom - tall, g.hand.w, tall)
        strip_bottom = self.hand.top - lift - px(4)
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
        if same_geom:
            self.table.sections.layout(g, force=True)
        return self

    def hand_placement(self, face_up: bool) -> RowsPlacement:
        """Where the viewer's hand goes (see hand_shape)."""
        self.fix()
        return RowsPlacement("fan", self.hand, self.card_h, face_up=face_up, arc=0.0, z=50, max_step=1.04,
                             rows=self.rows, gap=self.gap)

    def lift_cap(self) -> float | None:
        """How far (in card heights) a card of a hand of several rows may rise: within the gap, never
        over the card above it; None for one row."""
        self.fix()
        if self.rows <= 1:
            return None
        return max(0.0, (self.gap - self.scene.metrics.px(2)) / self.card_h)

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
