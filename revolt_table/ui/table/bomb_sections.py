"""Revolución's own sections: the tokens on each seat's pod (party emblem, lieutenants, support, the
bomb its holder keeps), the supply pod (deck, discard, support supply), the timer track with the
Palace and the bomb, the duel panel, and what the moments draw over the cards (the bomb in flight, the
blast, a stolen card, the dice and totals, the log of the last announcements, the banner, and the cards a
dig drew face up flying from the deck into a banner of their own).

They read the shown tokens (`table.shown`, kept by the moments and re-read from the shown position)
and the moment state the moments set on the table (revolt_table/ui/table/bomb_moments.py).
"""

from __future__ import annotations

import math
import random

import pygame

from revolt_table.ui import cards, draw, theme
from revolt_table.ui.anim import ease_out_cubic
from revolt_table.ui.fonts import font
from revolt_table.ui.table import bomb_faces as faces
from revolt_table.ui.table.bomb_moments import bt
from revolt_table.ui.table.layers import PodsSection
from revolt_table.ui.table.render import panel_surface
from revolt_table.ui.table.section import Z_OVER, Z_PODS, Z_TABLE, Section

MIN_TEXT = 11          # the smallest text anywhere at 1024x640 (issue 11)


def small(metrics, less: int = 0) -> int:
    """The small type size minus `less` (at 720), never under MIN_TEXT."""
    return max(MIN_TEXT, metrics.font_small - metrics.px(less))


class BombPodsSection(PodsSection):
    """The shared name plates (lit on the seat to act once its own moves are told: the rule lives in
    PodsSection.active, shared by every table); Revolución's tokens on them are PodTokensSection's."""


class PodTokensSection(Section):
    """Over each pod's panel, beside the shared name plate: the party emblem on the avatar, the
    lieutenants (the one that just fell shakes), the support coins, the bomb on its holder, a pulse on
    the seats a move may target, and a veil over a party that is out."""

    z = Z_PODS + 1
    mouse = keys = False

    def draw(self, surface: pygame.Surface) -> None:
        for seat, pod in self.geom.pods.items():
            self.draw_tokens(surface, seat, pod.rect)

    def draw_tokens(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        s, table, m, px = self.scene, self.table, self.metrics, self.metrics.px
        shown = table.shown
        if table.is_target(seat):
            pulse = 0.5 + 0.5 * s.wave(6)
            colour = theme.lerp_color(theme.GOLD_DARK, theme.GOLD_LIGHT, pulse)
            pygame.draw.rect(surface, colour, rect.inflate(px(6), px(6)), max(2, px(3)), border_radius=m.radius + px(3))
        head, tokens, _ = table.layout.pod_rows(rect)
        r = px(16)
        centre = (head.x + px(10) + r, head.centery)
        emblem = faces.party_emblem(px(16), seat)
        surface.blit(emblem, emblem.get_rect(center=(centre[0] + r - px(2), centre[1] + r - px(2))))
        total = table.params.lieutenants
        left = shown["lieutenants"][seat]
        size = min(tokens.h, px(30))
        for k in range(total):
            icon = faces.lieutenant_icon(size, seat, k < left)
            pos = (tokens.x + k * (size + px(2)), tokens.centery - size // 2)
            if k == left and seat in table.flash:          # the one that just fell: shake and fade
                age = s.time - table.flash[seat]
                if age < 1.2:
                    pos = (pos[0] + round(math.sin(age * 40) * px(3) * (1.2 - age)), pos[1])
                    glow = faces.burst(size + px(10))
                    glow.set_alpha(int(255 * max(0.0, 1 - age)))
                    surface.blit(glow, glow.get_rect(center=(pos[0] + size // 2, pos[1] + size // 2)))
            surface.blit(icon, pos)
        sp = shown["support"][seat]
        cx = tokens.x + total * (size + px(2)) + px(10)
        coin = faces.coin_icon(px(22))
        surface.blit(coin, coin.get_rect(midleft=(cx, tokens.centery)))
        draw.text(surface, f"×{sp}", m.font_small, theme.GOLD_LIGHT if sp else theme.TEXT_MUTED, bold=True,
                  midleft=(cx + px(24), tokens.centery))
        if shown.get("bomb") == seat and table.flight is None and not s.session.state.is_over:
            wobble = s.wave(7) * px(2)
            icon = faces.bomb_icon(px(48))
            surface.blit(icon, icon.get_rect(center=(rect.right - px(30), tokens.centery + px(6) + wobble)))
        if left <= 0:
            surface.blit(panel_surface(rect.size, m.radius, 120, theme.PANEL, theme.SHADOW), rect)


class SupplySection(Section):
    """The bottom-right pod: the deck, the discard pile's top card and the support supply."""

    z = Z_TABLE
    mouse = keys = False

    def layout(self) -> None:
        self.rect = pygame.Rect(self.geom.centre_pod)

    def draw(self, surface: pygame.Surface) -> None:
        s, table, m, px = self.scene, self.table, self.metrics, self.metrics.px
        rect = self.rect
        deck = s.model.zones.get("deck")
        discard = s.model.zones.get("discard")
        ch = min(px(84), rect.h - px(44))
        w, h = cards.card_size(ch)
        top = rect.y + px(12)
        x = rect.x + px(14)
        n = deck.count if deck is not None else 0
        for k in range(min(4, max(1, n // 12))):
            surface.blit(cards.back(ch), (x + k * 2, top - k * 2))
        label = small(m, 2)
        x2 = x + w + px(18)
        if discard is not None and discard.sprites and discard.sprites[0].card:
            surface.blit(cards.shadow((w, h)), (x2 - 2, top - 2))
            surface.blit(table.painter.face(discard.sprites[0].card, ch), (x2, top))
        else:
            pygame.draw.rect(surface, theme.PANEL_EDGE, (x2, top, w, h), 1, border_radius=max(3, w // 10))
        x3 = x2 + w + px(16)
        draw.labels_row(surface, [(bt("hud.deck", n=n), label, theme.TEXT, True, x + w // 2),
                                  (bt("hud.discard"), label, theme.TEXT_MUTED, False, x2 + w // 2)],
                        top + h + px(14), rect.x + px(6), rect.right - px(6))
        coin = faces.coin_icon(px(34))
        cx = (x3 + rect.right - px(8)) // 2
        surface.blit(coin, coin.get_rect(center=(cx, top + h // 2 - px(8))))
        text = bt("hud.supply", n=table.shown["supply"])
        size = draw.fit_text(text, label, max(20, rect.right - x3 - px(4)), bold=True)
        draw.text(surface, text, max(MIN_TEXT, size), theme.GOLD_LIGHT, bold=True, center=(cx, top + h // 2 + px(22)))


class TrackSection(Section):
    """The timer track: a spot per step with the steps left under it (the last ones hot), the fuse
    burnt so far, the Palace past the last spot, and the bomb token hopping along (never on the Palace)."""

    z = Z_TABLE
    mouse = keys = False

    def layout(self) -> None:
        self.rect = pygame.Rect(self.table.layout.fix().track)

    def draw(self, surface: pygame.Surface) -> None:
        table, m, px = self.table, self.metrics, self.metrics.px
        lay = table.layout.fix()
        surface.blit(panel_surface(lay.track.size, m.radius, 170, theme.GOLD_DARK), lay.track)   # moves with the hand
        start = table.shown["timer_start"]
        spots = lay.spots(start)
        n = len(spots) - 1
        danger = table.params.reach          # one move with an extra card can end it from here
        pygame.draw.line(surface, theme.GOLD_DARK, spots[0], spots[-1], max(3, px(5)))
        pos = table.track_position()
        fill_to = spots[0][0] + (spots[-1][0] - spots[0][0]) * min(1.0, max(0.0, pos / max(1, n)))
        pygame.draw.line(surface, (226, 120, 50), spots[0], (round(fill_to), spots[0][1]), max(3, px(5)))
        r = max(5, min(px(11), (spots[1][0] - spots[0][0]) // 3 if n else px(11)))
        for i, (x, y) in enumerate(spots):
            left = n - i
            hot = left <= danger
            fill = (92, 70, 40) if i < pos else ((120, 46, 36) if hot else theme.PANEL)
            pygame.draw.circle(surface, fill, (x, y), r)
            pygame.draw.circle(surface, (230, 110, 80) if hot else theme.GOLD, (x, y), r, max(1, px(2)))
            if left == 0:
                continue                                   # the Palace's doorstep: the Palace names it
            here = i == round(pos)
            draw.text(surface, str(left), small(m, 1 if here else 3),
                      theme.GOLD_LIGHT if here else (theme.TEXT if not hot else (255, 190, 170)), bold=here,
                      center=(x, y + r + px(10)))
        palace = lay.palace_rect(start)
        surface.blit(faces.palace_icon(palace.h), palace)
        draw.text(surface, bt("hud.palace"), small(m, 3), theme.GOLD_LIGHT, bold=True,
                  center=(palace.centerx, spots[-1][1] + r + px(10)))
        bomb = lay.bomb_rect(start, pos)
        surface.blit(faces.bomb_icon(bomb.h), bomb)


class DuelSection(Section):
    """The duel panel under the track while an attack runs: who attacks whom, "VS"; the fighters'
    cards are the model's fight zones (drawn by the cards section over it)."""

    z = Z_TABLE + 1
    mouse = keys = False

    def shown(self) -> bool:
        return self.table.duel_seats()[0] is not None

    def layout(self) -> None:
        self.rect = self.table.layout.duel()

    def draw(self, surface: pygame.Surface) -> None:
        s, table, m, px = self.scene, self.table, self.metrics, self.metrics.px
        rect = self.rect = table.layout.duel()
        surface.blit(panel_surface(rect.size, m.radius * 2, 225, theme.GOLD_DARK, edge_w=2), rect)
        a, d = table.duel_seats()
        for seat, role, x in ((a, "duel.attacker", rect.x + px(14)), (d, "duel.defender", rect.centerx + px(34))):
            text = f"{bt(role)}: {table.name(seat)}"
            size = draw.fit_text(text, m.font_small, rect.w // 2 - px(50), bold=True)
            draw.text(surface, text, max(MIN_TEXT, size), faces.party_colour(seat) if seat is not None else theme.TEXT,
                      bold=True, midleft=(x, rect.y + px(18)))
            zone = s.model.zones.get(f"fight:{seat}")
            if (zone is None or not zone.sprites) and table.duel is None:
                draw.text(surface, "…", m.font_heading, theme.TEXT_MUTED, midleft=(x + px(10), rect.centery))
        draw.text(surface, "VS", m.font_heading, theme.GOLD_LIGHT, bold=True,
                  center=(rect.centerx, rect.centery + px(8)), shadow=True)


class MomentsSection(Section):
    """What the moments draw over the cards: the bomb in flight, the blast, a stolen card, the duel's
    dice and totals, the last announcements (while nothing else is said) and the banner."""

    z = Z_OVER
    mouse = keys = False

    def layout(self) -> None:
        self.rect = pygame.Rect((0, 0), self.geom.size)

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        self.draw_flight(surface)
        self.draw_blast(surface)
        self.draw_steal(surface)
        if table.duel is not None:
            self.draw_duel_numbers(surface)
        if table.banner is None and table.duel_seats()[0] is None:
            self.draw_log(surface)
        self.draw_banner(surface)

    def along(self, start, end, p: float, bend: float) -> tuple[int, int]:
        """A point `p` of the way from `start` to `end` on a curve bent toward the board's middle."""
        (x0, y0), (x1, y1) = start, end
        cx, cy = self.table.layout.fix().board.center
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        kx, ky = mx + (cx - mx) * bend, my + (cy - my) * bend
        x = (1 - p) ** 2 * x0 + 2 * (1 - p) * p * kx + p * p * x1
        y = (1 - p) ** 2 * y0 + 2 * (1 - p) * p * ky + p * p * y1
        return round(x), round(y)

    def draw_flight(self, surface: pygame.Surface) -> None:
        f = self.table.flight
        if f is None:
            return
        px = self.metrics.px
        icon = faces.bomb_icon(px(48) + round(math.sin(math.pi * f["t"]) * px(26)))
        surface.blit(icon, icon.get_rect(center=self.along(f["from"], f["to"], f["t"], 0.7)))

    def draw_blast(self, surface: pygame.Surface) -> None:
        b = self.table.blast
        if b is None:
            return
        px, p = self.metrics.px, b["t"]
        size = max(8, round(px(60) + px(170) * ease_out_cubic(min(1.0, p * 1.6))))
        img = faces.burst(size)
        if p > 0.6:
            img = img.copy()
            img.set_alpha(int(255 * max(0.0, 1 - (p - 0.6) / 0.4)))
        surface.blit(img, img.get_rect(center=b["at"]))
        palace = self.table.layout.palace_rect(self.table.shown["timer_start"])
        spark = faces.burst(max(8, size // 3))
        surface.blit(spark, spark.get_rect(center=palace.center))
        if b.get("word"):
            draw.text(surface, b["word"], self.metrics.font_title, (255, 244, 200), bold=True, center=b["at"],
                      shadow=True)

    def draw_steal(self, surface: pygame.Surface) -> None:
        st = self.table.steal
        if st is None:
            return
        back = cards.back(self.metrics.px(48))
        surface.blit(back, back.get_rect(center=self.along(st["from"], st["to"], st["t"], 0.5)))

    def draw_duel_numbers(self, surface: pygame.Surface) -> None:
        """Dice (rolling, then settled), ally dice, support and totals beside each side's cards."""
        s, table, m, px = self.scene, self.table, self.metrics, self.metrics.px
        d = table.duel
        rolling = table.duel_roll < 1.0
        rng = random.Random(int(s.time * 14))
        for side in (0, 1):
            _, col = table.layout.duel_half(side)
            size = px(34)
            x, y = col.x, col.y + size // 2
            jump = abs(math.sin(table.duel_roll * math.pi * 3)) * px(8) if rolling else 0
            img = faces.die_face(size, d["dice"][side] if not rolling else rng.randint(1, 6))
            surface.blit(img, img.get_rect(midleft=(x, y - jump)))
            x += size + px(4)
            if d["ally_dice"][side]:
                ally = faces.die_face(px(26), d["ally_dice"][side] if not rolling else rng.randint(1, 6),
                                      (226, 234, 252))
                surface.blit(ally, ally.get_rect(midleft=(x, y - jump)))
                x += px(30)
            if d["support"][side]:
                coin = faces.coin_icon(px(20))
                surface.blit(coin, coin.get_rect(midleft=(x, y)))
                draw.text(surface, f"+{d['support'][side]}", small(m, 2), theme.GOLD_LIGHT, bold=True,
                          midleft=(x + px(20), y))
                x += px(46)
            modifier = d.get("modifiers", (0, 0))[side]
            if modifier:  # the defender's +1, Out of Ammo's -1: shown so the total adds up on screen
                draw.text(surface, f"{modifier:+d}", m.font_small, theme.TEXT if modifier > 0 else (240, 150, 140),
                          bold=True, midleft=(x, y))
            if rolling:
                continue
            won = d["winner_side"] == side
            ty = col.y + size + px(18)
            draw.text(surface, f"= {d['totals'][side]}", m.font_heading, theme.GOLD_LIGHT if won else theme.TEXT_MUTED,
                      bold=True, midleft=(col.x, ty), shadow=True)
            if won:
                image = draw.render_text(bt("duel.wins").upper(), small(m, 2), theme.TEXT_DARK, True)
                box = image.get_rect().inflate(px(12), px(4))
                box.midleft = (col.x, ty + px(26))
                pygame.draw.rect(surface, theme.GOLD_LIGHT, box, border_radius=box.h // 2)
                surface.blit(image, image.get_rect(center=box.center))

    def draw_log(self, surface: pygame.Surface) -> None:
        """What just happened (the last announcements), faint, in the middle of the board."""
        log = self.table.log
        if not log:
            return
        m, px = self.metrics, self.metrics.px
        area = self.table.layout.duel()
        said = log[-3:]
        step = m.font_small + px(6)
        rows: list[tuple[str, int, bool]] = []       # a line too long (a dig's cards named) takes two
        for k, text in enumerate(said):
            newest = k == len(said) - 1
            size, lines = draw.fit_lines(text, m.tx(17) if newest else m.font_small, area.w - px(20), bold=newest,
                                         least=MIN_TEXT)
            rows += [(line, max(MIN_TEXT, size), newest) for line in lines]
        y = area.centery - (len(rows) - 1) * step // 2
        for k, (text, size, newest) in enumerate(rows):
            draw.text(surface, text, size, theme.TEXT if newest else theme.TEXT_MUTED, bold=newest,
                      center=(area.centerx, y + k * step), shadow=True)

    def draw_banner(self, surface: pygame.Surface) -> None:
        table = self.table
        if table.banner is None:
            return
        if table.banner_cards:
            self.draw_cards_banner(surface)
            return
        m, px = self.metrics, self.metrics.px
        text, colour = table.banner
        lay = table.layout.fix()
        width = lay.board.w - px(20)
        card_h = px(120) if table.banner_card else 0
        cw = cards.card_size(card_h)[0] if card_h else 0
        size = draw.fit_text(text, m.font_heading, width - px(40) - (cw + px(16) if cw else 0), bold=True)
        image = draw.render_text(text, max(MIN_TEXT, size), colour, True)
        box = pygame.Rect(0, 0, min(width, image.get_width() + px(40) + (cw + px(16) if cw else 0)),
                          max(image.get_height() + px(18), card_h + px(16)))
        box.center = (lay.board.centerx, lay.duel().centery if table.duel_seats()[0] is None
                      else lay.track.bottom + box.h // 2 + px(4))
        surface.blit(panel_surface(box.size, min(box.h // 2, px(22)), 235, theme.GOLD, edge_w=2), box)
        if cw:
            surface.blit(table.painter.face(table.banner_card, card_h), (box.x + px(12), box.centery - card_h // 2))
            surface.blit(image, image.get_rect(midleft=(box.x + px(12) + cw + px(16), box.centery)))
        else:
            surface.blit(image, image.get_rect(center=box.center))

    def cards_banner(self) -> tuple[pygame.Rect, list[pygame.Rect], int, list[str]]:
        """The banner of cards drawn face up, under the track: its box, a rectangle per card (side by side,
        overlapping only when too many for the board's width), and the sentence's size and lines over them
        (wrapped rather than shrunk out of reach: it names every card). The sentence on top, the cards
        under it: the deck is below the board (the supply pod), so a card flying up into its place never
        crosses the sentence (issue 29)."""
        table, m, px = self.table, self.metrics, self.metrics.px
        text, _ = table.banner
        lay = table.layout.fix()
        area = lay.duel()
        width = lay.board.w - px(20)
        readable = table.painter.readable_height()          # every effect text set at the floor size or more
        for start in (m.font_heading, m.font_body):         # the sentence smaller before the faces are
            size, lines = draw.fit_lines(text, start, width - px(40), bold=True,
                                         least=max(MIN_TEXT, m.font_small), max_lines=3)
            text_h = font(size, True).get_linesize() * len(lines)
            card_h = min(max(px(120), readable), area.h - text_h - px(24))
            if card_h >= readable:
                break
        cw, ch = cards.card_size(max(px(56), card_h))
        n, gap, room = len(table.banner_cards), px(10), width - px(24)
        step = cw + gap if n * cw + (n - 1) * gap <= room else (room - cw) / max(1, n - 1)
        row_w = round(cw + step * (n - 1))
        text_w = max(font(size, True).size(line)[0] for line in lines)
        box = pygame.Rect(0, 0, min(width, max(row_w, text_w) + px(40)), px(8) + text_h + px(6) + ch + px(10))
        box.center = (lay.board.centerx, area.centery)
        x0, y = box.centerx - row_w // 2, box.y + px(8) + text_h + px(6)
        return box, [pygame.Rect(round(x0 + k * step), y, cw, ch) for k in range(n)], size, lines

    def draw_cards_banner(self, surface: pygame.Surface) -> None:
        """The cards a dig drew face up fly one after another from the deck up to their places in the banner;
        the sentence over them names them from the start (the log keeps it once the banner goes). A flight
        starts no higher than its place (a deck left above by a resize): a card stays under the sentence's
        line all the way, never over its words."""
        table, px = self.table, self.metrics.px
        text, colour = table.banner
        box, rects, size, lines = self.cards_banner()
        surface.blit(panel_surface(box.size, px(22), 235, theme.GOLD, edge_w=2), box)
        n = len(rects)
        for k, (card, rect) in enumerate(zip(table.banner_cards, rects)):
            begin = 0.5 * k / (n - 1) if n > 1 else 0.0
            p = ease_out_cubic(min(1.0, max(0.0, (table.banner_fly - begin) / 0.5)))
            (x0, y0), (x1, y1) = table.banner_from, rect.center
            y0 = max(y0, y1)
            at = (round(x0 + (x1 - x0) * p), round(y0 + (y1 - y0) * p))
            face = table.painter.face(card, rect.h)
            shade = cards.shadow(rect.size)
            surface.blit(shade, shade.get_rect(center=(at[0] + 2, at[1] + 2)))
            surface.blit(face, face.get_rect(center=at))
        line_h = font(size, True).get_linesize()
        top = rects[0].y - px(6) - line_h * len(lines)
        for k, line in enumerate(lines):
            draw.text(surface, line, size, colour, bold=True, center=(box.centerx, top + line_h * k + line_h // 2))
