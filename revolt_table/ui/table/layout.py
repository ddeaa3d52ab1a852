"""Generic table geometry: where seats, hands, played-card slots and the centre go at any window size.

Why generic: every game of the collection seats 3-6 players around one felt table, with the viewing
seat at the bottom and its hand fanned. A family module asks this geometry for the places and then
maps its zones onto them (a `Placement` per zone), so Dou Dizhu, Révolte! and Revolución only add what
is special to them. All sizes derive from the window height (theme.Metrics) so the layout re-flows.

Seats go clockwise seen from above: the viewer at the bottom, the next seat on the left, then the top,
then the right.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

import pygame

from revolt_table.ui.cards import card_size
from revolt_table.ui.theme import Metrics

# (x fraction, side) of each opponent position, by number of players, clockwise after the viewer.
OPPONENT_SPOTS: dict[int, list[tuple[float, str]]] = {
    2: [(0.5, "top")],
    3: [(0.28, "top"), (0.72, "top")],
    4: [(0.0, "left"), (0.5, "top"), (1.0, "right")],
    5: [(0.0, "left"), (0.34, "top"), (0.66, "top"), (1.0, "right")],
    6: [(0.0, "left"), (0.25, "top"), (0.5, "top"), (0.75, "top"), (1.0, "right")],
}


@dataclass
class Pod:
    """A seat's place at the table edge: nameplate, small hand, won cards. `slot` is its played card."""

    seat: int
    side: str                  # bottom | left | top | right
    rect: pygame.Rect          # the whole pod
    slot: pygame.Rect          # where its played card lies on the table


@dataclass
class Placement:
    """How to lay out one zone: `mode` fan | row | slot | pile | groups; card height in pixels."""

    mode: str
    rect: pygame.Rect
    card_h: int
    face_up: bool = True       # False: draw backs even for known cards
    arc: float = 0.0           # fan curvature in card heights
    z: int = 0                 # draw order (higher on top)
    max_step: float = 1.06     # widest spacing between cards, in card widths
    group_cols: int = 0        # groups: cards per row before wrapping (0 = fit)

    @property
    def card_wh(self) -> tuple[int, int]:
        return card_size(self.card_h)

    def rects(self, n: int) -> list[pygame.Rect]:
        """Resting rectangles of n cards in this zone, bottom-most first."""
        w, h = self.card_wh
        if n <= 0:
            return []
        if self.mode in ("fan", "row"):
            avail = self.rect.width - w
            step = min(w * self.max_step, avail / (n - 1)) if n > 1 else 0
            total = step * (n - 1) + w
            x0 = self.rect.centerx - total / 2
            out = []
            for i in range(n):
                r = pygame.Rect(round(x0 + i * step), 0, w, h)
                r.bottom = self.rect.bottom
                if self.arc and n > 1:
                    u = (i - (n - 1) / 2) / max(1.0, (n - 1) / 2)
                    r.y -= round(self.arc * h * (1 - u * u))   # the middle rises; the ends stay inside
                out.append(r)
            return out
        if self.mode == "pile":
            out = []
            for i in range(n):
                r = pygame.Rect(0, 0, w, h)
                r.center = self.rect.center
                lift = min(i, 12) // 2
                r.move_ip(-lift, -lift)
                out.append(r)
            return out
        # slot: all on one spot, tiny offsets so a heap looks like a heap
        r = pygame.Rect(0, 0, w, h)
        r.center = self.rect.center
        return [r.move(i * 2, -i * 2) for i in range(n)]

    def group_rects(self, sizes: list[int]) -> list[list[pygame.Rect]]:
        """For mode 'groups' (stacks, tricks): one spot per group, cards piled with a visible edge."""
        w, h = self.card_wh
        n = len(sizes)
        if n == 0:
            return []
        gap = max(3, w // 8)
        cols = self.group_cols or max(1, (self.rect.width + gap) // (w + gap))
        cols = min(cols, n)
        rows = math.ceil(n / cols)
        edge = max(1, h // 40)
        out = []
        for g, size in enumerate(sizes):
            col, row = g % cols, g // cols
            x = self.rect.x + col * (w + gap)
            y = self.rect.y + row * (h * 0.5 if rows > 1 else 0) + min(size, 6) * edge
            rects = []
            depth = min(size, 6)
            for i in range(size):
                k = min(i, depth - 1)
                rects.append(pygame.Rect(round(x + k * edge * 0.5), round(y - k * edge), w, h))
            out.append(rects)
        return out


@dataclass
class TableGeometry:
    """The fixed places of a table of `players` seats seen by `bottom_seat`, for one window size."""

    size: tuple[int, int]
    players: int
    bottom_seat: int
    m: Metrics
    pod_height: int = 158      # pod height at 720 px (a family with little in its pods asks for less)
    top_row: str = "spread"    # top pods: "spread" at their seat fractions, or "packed" side by side
    pods: dict[int, Pod] = field(default_factory=dict)
    hand: pygame.Rect = field(default_factory=pygame.Rect)
    arena: pygame.Rect = field(default_factory=pygame.Rect)
    centre: tuple[int, int] = (0, 0)
    centre_pod: pygame.Rect = field(default_factory=pygame.Rect)
    hud: pygame.Rect = field(default_factory=pygame.Rect)
    menu_button: pygame.Rect = field(default_factory=pygame.Rect)
    hand_h: int = 150
    table_h: int = 100
    stack_h: int = 58
    mini_h: int = 40
    pile_h: int = 80

    def __post_init__(self) -> None:
        self.reflow()

    def seat_at(self, relative: int) -> int:
        return (self.bottom_seat + relative) % self.players

    def reflow(self) -> None:
        w, h = self.size
        m = self.m
        px = m.px
        edge = px(14)
        self.hand_h = min(px(150), int(h * 0.23))
        self.table_h = px(100)
        self.stack_h = px(54)
        self.mini_h = px(34)
        self.pile_h = px(80)
        pod_w, pod_h = px(232), px(self.pod_height)
        # the viewer's hand along the bottom, between its own pod (left) and the centre pod (right)
        self.hand = pygame.Rect(edge + pod_w + edge, h - edge - self.hand_h, w - 2 * (2 * edge + pod_w), self.hand_h)
        self.menu_button = pygame.Rect(w - edge - px(44), edge, px(44), px(44))
        self.hud = pygame.Rect(edge, edge, m.box(214), px(92))     # wider with its text (plays sit under it)
        bottom = self.bottom_seat
        slot_w, slot_h = card_size(self.table_h)
        self.pods = {}
        bottom_pod = pygame.Rect(edge, h - edge - pod_h, pod_w, pod_h)
        hand_top = self.hand.top - int(self.hand_h * 0.22)
        slot = pygame.Rect(0, 0, slot_w, slot_h)
        slot.midbottom = (w // 2, hand_top - px(10))
        self.pods[bottom] = Pod(bottom, "bottom", bottom_pod, slot)
        self.centre_pod = pygame.Rect(w - edge - pod_w, h - edge - pod_h, pod_w, pod_h)
        spots = OPPONENT_SPOTS.get(self.players) or _spread(self.players - 1)
        side_y = int(h * 0.30)
        top_extent = edge
        for relative, (fx, side) in enumerate(spots, start=1):
            seat = self.seat_at(relative)
            rect = pygame.Rect(0, 0, pod_w, pod_h)
            slot = pygame.Rect(0, 0, slot_w, slot_h)
            if side == "left":
                rect.topleft = (edge, side_y)
                slot.midleft = (rect.right + px(16), rect.centery)
            elif side == "right":
                rect.topright = (w - edge, side_y)
                slot.midright = (rect.left - px(16), rect.centery)
            else:
                lo = self.hud.right + px(12) + pod_w // 2          # keep clear of the tally and the menu
                hi = self.menu_button.left - px(12) - pod_w // 2
                rect.midtop = (min(max(round(w * fx), lo), hi), edge)
                slot.midtop = (rect.centerx, rect.bottom + px(8))
                top_extent = max(top_extent, slot.bottom)
            self.pods[seat] = Pod(seat, side, rect, slot)
        self._fit_top_row()
        lefts = [p.slot.right for p in self.pods.values() if p.side == "left"]
        rights = [p.slot.left for p in self.pods.values() if p.side == "right"]
        ax0 = max(lefts) + px(10) if lefts else edge + pod_w
        ax1 = min(rights) - px(10) if rights else w - edge - pod_w
        ay0 = top_extent + px(6) if any(p.side == "top" for p in self.pods.values()) else self.hud.bottom
        ay1 = self.pods[bottom].slot.top - px(6)
        self.arena = pygame.Rect(ax0, ay0, max(10, ax1 - ax0), max(10, ay1 - ay0))
        self.centre = self.arena.center

    def pod(self, seat: int) -> Pod:
        return self.pods[seat]

    def _fit_top_row(self) -> None:
        """Top pods between the tally and the menu: packed side by side (narrowed if need be) when the
        family asks for it, or when spreading them would make neighbours touch (6 players on a narrow
        window). Their played-card slots follow them, kept clear of the side seats' slots."""
        px = self.m.px
        tops = sorted((p for p in self.pods.values() if p.side == "top"), key=lambda p: p.rect.x)
        if not tops:
            return
        gap = px(10)
        crowded = any(b.rect.left - a.rect.right < gap for a, b in zip(tops, tops[1:]))
        if self.top_row == "packed" or crowded:
            lo, hi = self.hud.right + px(12), self.menu_button.left - px(12)
            n = len(tops)
            width = min(tops[0].rect.w, (hi - lo - gap * (n - 1)) // n)
            span = width * n + gap * (n - 1)
            x = lo + (hi - lo - span) // 2
            for i, pod in enumerate(tops):
                pod.rect.w = width
                if n > 1:
                    pod.rect.x = x + i * (width + gap)
                else:
                    pod.rect.centerx = self.size[0] // 2
                pod.slot.centerx = pod.rect.centerx
        # their played cards stay clear of the side seats' played cards, which sit as high
        sides = [p.slot for p in self.pods.values() if p.side in ("left", "right")]
        lo = max([r.right for r in sides if r.centerx < self.size[0] // 2], default=0) + gap
        hi = min([r.left for r in sides if r.centerx >= self.size[0] // 2], default=self.size[0]) - gap
        for pod in tops:
            pod.slot.x = max(lo, min(pod.slot.x, hi - pod.slot.w))


PLATE_HEAD = 46      # design pixels: the name plate at the top of a pod


def plate_band(rect: pygame.Rect, band: int, px: Callable[[float], int], pile: Callable[[pygame.Rect], pygame.Rect],
               inset: int, narrower: int, drop: int, shorter: int) -> pygame.Rect:
    """A pod_band for the tables whose opponents' hands are a small face-down pile on the name plate
    (climbing, majority, tricks): 0 the plate, 1 that pile (`pile`, FamilyTable.plate_pile), 2 what
    lies under the plate: `inset` from the left, `narrower` than the pod, `drop` below the plate and
    `shorter` than what is left under it (design pixels; each family has its own air)."""
    head = px(PLATE_HEAD)
    if band == 0:
        return pygame.Rect(rect.x, rect.y, rect.w, head)
    if band == 1:
        return pile(rect)
    return pygame.Rect(rect.x + px(inset), rect.y + head + px(drop), rect.w - px(narrower),
                       max(4, rect.h - head - px(shorter)))


def _spread(opponents: int) -> list[tuple[float, str]]:
    """Fallback for unusual player counts: one left, one right, the rest spread along the top."""
    if opponents <= 2:
        return [(0.3, "top"), (0.7, "top")][:opponents]
    top = opponents - 2
    return [(0.0, "left")] + [((i + 1) / (top + 1), "top") for i in range(top)] + [(1.0, "right")]
