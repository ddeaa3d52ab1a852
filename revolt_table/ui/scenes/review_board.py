"""The Review's board: the table as it stood after the move shown, every hand face up.

One band per seat (name, level, the hand face up, then the seat's cards on the table, smaller, after a
rule) and a band for the shared cards (a big pile shows its size and its top cards); the move's seat is
outlined and the cards it moved are ringed in gold. A section of the Review (review_sections.py) that
only draws: stepping is the stepper's, the position the page's (`scene.position`). Cards are drawn with
the family table's own faces (review_cards.ReviewCards), so the Review looks like the table.
"""

from __future__ import annotations

import pygame

from revolt_table.services.i18n import tn
from revolt_table.ui import cards, draw, theme
from revolt_table.ui.i18n import t
from revolt_table.ui.scenes.history import level_name
from revolt_table.ui.scenes.review_model import Position, ZoneShown
from revolt_table.ui.scenes.review_sections import R, Z_BOARD, ReviewSection
from revolt_table.ui.fonts import font
from revolt_table.ui.scenes.rowtext import block_height, draw_block, lines_of
from revolt_table.ui.widgets.textfit import line

PILE_SHOWN = 10                  # a pile on the table shows its top cards and its size


class BoardSection(ReviewSection):
    """The left panel: seat bands and the shared cards' band (see the module docstring)."""

    z = Z_BOARD

    def layout(self) -> None:
        self.rect = self.geom.board

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        draw.panel(surface, self.rect, m.radius * 2)
        self.draw_board(surface, self.rect.inflate(-m.px(12), -m.px(12)))

    def draw_board(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        m = self.metrics
        review = self.scene
        pos = review.position
        players = review.entry.players
        shared = [z for z in pos.zones if z.owner is None and z.cards]
        any_shared = any(z.owner is None for z in pos.zones)
        bands = players + (1 if any_shared else 0)
        band_h = rect.height // max(1, bands)
        move = review.model.move(review.k)
        for seat in range(players):
            band = pygame.Rect(rect.x, rect.y + band_h * seat, rect.width, band_h - m.px(4))
            self.draw_seat(surface, band, seat, pos, active=move is not None and move.seat == seat)
        if any_shared:
            band = pygame.Rect(rect.x, rect.y + band_h * players, rect.width, band_h - m.px(4))
            pygame.draw.rect(surface, theme.BUTTON_PRESSED, band, border_radius=m.radius)
            label_w = self._label_w(rect)
            line(surface, t(R + "table"), m.font_small, theme.GOLD, label_w - m.px(12), bold=True,
                 midleft=(band.x + m.px(10), band.centery))
            self.draw_groups(surface, pygame.Rect(band.x + label_w, band.y + m.px(4), band.width - label_w - m.px(6),
                                                  band.height - m.px(8)), shared)

    def _label_w(self, rect: pygame.Rect) -> int:
        """The seats' labels' column: as wide as the longest name or level needs, from a fifth to a third
        of the board (past that, a label wraps)."""
        m = self.metrics
        need = max((font(size, bold).size(text)[0] for seat in range(self.scene.entry.players)
                    for text, size, bold in self._label(seat)), default=0) + m.px(14) + m.px(10)
        return max(min(int(rect.width * 0.2), m.px(180)), min(need, int(rect.width * 0.34)))

    def _label(self, seat: int) -> list[tuple[str, int, bool]]:
        """A seat's label: its name (a star once it won, ▸ when it is to act) over its level (and its
        points at the end), as (text, size, bold)."""
        m = self.metrics
        review = self.scene
        pos = review.position
        end = review.k == review.model.steps
        won = end and seat in review.entry.winners
        name = ("★ " if won else "") + ("▸ " if seat in pos.to_act else "") + review.name(seat)
        sub = level_name(review.entry.seats[seat].kind)
        if end:
            sub = tn(R + "points", review.entry.scores[seat], level=sub)
        return [(name, m.font_small, True), (sub, m.tx(14), False)]

    def draw_seat(self, surface: pygame.Surface, band: pygame.Rect, seat: int, pos: Position, active: bool) -> None:
        m = self.metrics
        review = self.scene
        pygame.draw.rect(surface, theme.BUTTON if active else theme.BUTTON_PRESSED, band, border_radius=m.radius)
        if active:
            pygame.draw.rect(surface, theme.GOLD, band, max(1, m.px(2)), border_radius=m.radius)
        label_w = self._label_w(band)
        won = review.k == review.model.steps and seat in review.entry.winners
        (name, size, _bold), (sub, sub_size, _b) = self._label(seat)
        names = lines_of(name, size, label_w - m.px(14), bold=True)
        subs = lines_of(sub, sub_size, label_w - m.px(14))
        y = band.centery - (block_height(names, size) + block_height(subs, sub_size)) // 2
        y = draw_block(surface, names, size, theme.GOLD_LIGHT if won or active else theme.TEXT, band.x + m.px(10), y,
                       bold=True)
        draw_block(surface, subs, sub_size, theme.TEXT_MUTED, band.x + m.px(10), y)
        hand = next((z for z in pos.zones if z.name == f"hand:{seat}"), None)
        others = [z for z in pos.zones if z.owner == seat and z.name != f"hand:{seat}" and z.cards]
        area = pygame.Rect(band.x + label_w, band.y + m.px(4), band.width - label_w - m.px(6), band.height - m.px(8))
        zones = ([hand] if hand is not None else []) + others
        if hand is not None:
            hand = ZoneShown(hand.name, hand.owner, tuple(review.cards.sorted(hand.cards)), hand.fresh, ())
            zones[0] = hand
        self.draw_groups(surface, area, zones, first_apart=hand is not None)

    def draw_groups(self, surface: pygame.Surface, area: pygame.Rect, zones: list[ZoneShown],
                    first_apart: bool = False) -> None:
        """The zones' cards left to right, each zone (or each group of a grouped zone) as a fan that
        overlaps as much as it must; a zone's new cards ringed in gold. first_apart: the first zone is
        the hand, drawn full size, and the rest (the seat's cards on the table) smaller after a rule.
        Drawn clipped to `area`: a crowded seat never spills over its neighbours."""
        m = self.metrics
        fans: list[tuple[tuple[str | None, ...], tuple[str, ...], bool]] = []
        for i, z in enumerate(zones):
            small = first_apart and i > 0
            if z.groups:
                fans += [(g, z.fresh, small) for g in z.groups]
            else:
                fans.append((z.cards, z.fresh, small))
        hand_fans = 1 if first_apart and zones and not zones[0].groups else 0
        fans = [f for f in fans if f[0]]
        counts = [len(f[0]) for f in fans]            # a pile shows its top cards and how many it holds
        fans = [(f[0][-PILE_SHOWN:], f[1], f[2]) if (i >= hand_fans and len(f[0]) > PILE_SHOWN) else f
                for i, f in enumerate(fans)]
        badged = {id(fans[i]): counts[i] for i in range(len(fans)) if counts[i] > len(fans[i][0])}
        if not fans or area.width <= 0:
            return
        h_big = max(m.px(24), min(area.height, m.px(120)))
        h_small = max(m.px(20), int(h_big * 0.78))
        gap = m.px(10)
        divider = m.px(18) if hand_fans and len(fans) > 1 else 0

        badge_w = m.px(40)

        def width_of(fan, overlap: float) -> float:
            w = cards.card_size(h_small if fan[2] else h_big)[0]
            return w + (len(fan[0]) - 1) * w * overlap + (badge_w if fan[0] is not None and id(fan) in badged else 0)

        while True:                           # drop the oldest groups on the table until the rest fits
            need = [width_of(f, 0.55) for f in fans]
            room = area.width - gap * (len(fans) - 1) - divider
            scale = min(1.0, room / max(1.0, sum(need)))
            used = sum(max(width_of(f, 0.0), n * scale) for f, n in zip(fans, need))
            drop = next((i for i, f in enumerate(fans) if f[2]), None)
            if used <= room or drop is None or drop == len(fans) - 1:
                break
            fans.pop(drop)
        clip = surface.get_clip()
        surface.set_clip(area)
        x = float(area.x)
        for i, ((group, fresh, small), natural) in enumerate(zip(fans, need)):
            h = h_small if small else h_big
            w = cards.card_size(h)[0]
            if divider and i == 1:
                lx = round(x + divider / 2 - gap / 2)
                pygame.draw.line(surface, theme.PANEL_EDGE, (lx, area.y + m.px(6)), (lx, area.bottom - m.px(6)),
                                 max(1, m.px(2)))
                x += divider
            total = badged.get(id(fans[i]))
            if total is not None:                        # the pile's size, then its top cards
                line(surface, str(total), m.font_small, theme.TEXT_MUTED, badge_w - m.px(4), bold=True,
                     midleft=(round(x), area.centery))
                x += badge_w
                natural -= badge_w
            width = max(float(w), natural * scale)
            count = len(group)
            stepx = (width - w) / (count - 1) if count > 1 else 0
            y = area.centery - h // 2
            new = list(fresh)
            for j, card in enumerate(group):
                cx = round(x + j * stepx)
                surface.blit(self.scene.cards.image(card, h, card is not None), (cx, y))
                if card is not None and card in new:
                    new.remove(card)
                    pygame.draw.rect(surface, theme.GOLD, pygame.Rect(cx, y, w, h).inflate(m.px(3), m.px(3)),
                                     max(2, m.px(3)), border_radius=m.px(6))
            x += width + gap
        surface.set_clip(clip)
