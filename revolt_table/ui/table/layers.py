"""The plain sections every table has: the cards, the seat pods, the corner box (HUD) and the menu button.

Each draws what is shown (`scene.model`), never the live state; what goes inside a pod or the HUD that
is the game's own comes from the family table's hooks (pod_subtitle, pod_badge, hud_title, draw_hud).
"""

from __future__ import annotations

import pygame

from revolt_table.ui import draw, theme
from revolt_table.ui.fonts import font
from revolt_table.ui.table import widgets
from revolt_table.ui.table.render import avatar, panel_surface, thinking_dots
from revolt_table.ui.table.section import Z_CARDS, Z_HUD, Z_MENU, Z_PODS, Section
from revolt_table.ui.table.strings import tt


def count_badge(surface: pygame.Surface, metrics, count: int, midright: tuple[int, int]) -> int:
    """How many cards a hidden hand holds, on a small card-back coloured tag; returns its left x."""
    m = metrics
    r = pygame.Rect(0, 0, m.px(30), m.px(22))
    r.midright = midright
    pygame.draw.rect(surface, theme.CARD_BACK, r, border_radius=m.px(5))
    pygame.draw.rect(surface, theme.GOLD_DARK, r, 1, border_radius=m.px(5))
    draw.text(surface, str(count), m.font_small, theme.TEXT, bold=True, center=r.center)
    return r.left


def fit_line(text: str, size: int, width: int, least: int = 11) -> tuple[str, int]:
    """`text` at the largest size down to `least` px (the smallest text anywhere, issue 11) that fits in
    `width`; if even that is too wide, cut short with "…" (a status line never runs under a badge)."""
    size = max(least, draw.fit_text(text, size, width))
    f = font(size, False)
    if f.size(text)[0] <= width:
        return text, size
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…", size


class CardsSection(Section):
    """Every card of the model, where the family's placements put it (the renderer); no input."""

    z = Z_CARDS
    mouse = keys = False

    def layout(self) -> None:
        self.rect = pygame.Rect((0, 0), self.geom.size)

    def draw(self, surface: pygame.Surface) -> None:
        self.scene.renderer.draw(surface, self.scene.model, self.table.placements())


class PodsSection(Section):
    """Each seat's name plate: avatar (its ring pulses on the seat's turn), name, what plays it or
    "thinking", and the family's badge at the right (cards in hand, points)."""

    z = Z_PODS
    mouse = keys = False

    def draw(self, surface: pygame.Surface) -> None:
        for seat, pod in self.geom.pods.items():
            self.draw_pod(surface, seat, pod.rect)

    def active(self, seat: int) -> bool:
        """Is `seat` to act for the player watching: to act in the position shown, and none of its played
        moves still waiting to be shown? While a move is told (a card flight, a banner, a reveal) the shown
        position is the one before it, where the mover is still to act; a seat that has just played is not
        "to act" for the player watching it play. The seat to act next lights once the telling ends."""
        s = self.scene
        view = s.model.view
        if view is None or view.is_over or seat not in view.to_act:
            return False
        telling = s.session.state.history[s.model.shown_moves:]      # moves played, not yet shown
        return all(mover != seat for mover, _ in telling)

    def draw_pod(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        s, m, table = self.scene, self.metrics, self.table
        active = self.active(seat)
        if active:
            pygame.draw.rect(surface, theme.GOLD, rect, 2, border_radius=m.radius)
        head = table.pod_band(rect, 0)
        r = m.px(16)               # the plate's room goes to the name and its line; the initial grows
        centre = (head.x + m.px(10) + r, head.centery)
        name = s.session.names[seat]
        avatar(surface, centre, r, name, active=1.0 if active else 0.0, human=s.session.is_human(seat),
               pulse=s.wave(5.0) if active else 0.0, size=m.tx(17.6))
        x = centre[0] + r + m.px(8)
        right = table.pod_badge(surface, seat, head)
        width = max(20, right - x - m.px(4))
        size = draw.fit_text(name, m.font_body, width, bold=True)
        small = m.tx(12)
        name_y, sub_y = draw.two_line_ys(head.centery, (size, True), (small, False))
        draw.text(surface, name, size, theme.GOLD_LIGHT if seat == s.viewer else theme.TEXT, bold=True,
                  midleft=(x, name_y))
        if s.thinking_shown(seat):
            thinking_dots(surface, (x + m.px(10), sub_y), max(2, m.px(3)), s.time)
            draw.text(surface, tt("thinking"), small, theme.TEXT_MUTED, midleft=(x + m.px(24), sub_y))
        else:
            sub, kind = table.pod_subtitle(seat), table.seat_kind(seat)
            name_w = font(size, True).size(name)[0]
            if (font(small).size(sub)[0] > width and sub.endswith(" · " + kind)
                    and name_w + m.px(10) + font(small).size(kind)[0] <= width):
                # no room for it all under the name: who plays the seat goes beside the name (issue 28:
                # "Fazendeiro · IA · nor…"), the rest of the line stays whole under it
                draw.text(surface, kind, small, theme.TEXT_MUTED, midleft=(x + name_w + m.px(10), name_y + m.px(1)))
                sub = sub[:-len(" · " + kind)]
            sub, size = draw.fit_parts(sub, small, width)
            draw.text(surface, sub, size, theme.TEXT_MUTED, midleft=(x, sub_y))


class HudSection(Section):
    """The corner box: the family's title line at the left (a round number), the match's progress at
    the right ("Game 2 of 4", labelled), and under them the family's own facts (`draw_hud`)."""

    z = Z_HUD
    mouse = keys = False

    def layout(self) -> None:
        self.rect = pygame.Rect(self.geom.hud)
        if not self.table.has_hud:                  # the match's progress alone: one line
            self.rect.h = self.metrics.px(30)

    def shown(self) -> bool:
        return self.table.has_hud or self.scene.session.match.games > 1

    def progress(self) -> str:
        """The match's progress ("Game 2 of 4"; "" for a single game)."""
        s = self.scene.session
        games = s.match.games
        return tt("game_of", n=min(s.game_number, games), total=games) if games > 1 else ""

    def draw(self, surface: pygame.Surface) -> None:
        m, rect = self.metrics, self.rect
        surface.blit(panel_surface(rect.size, m.radius, 170, theme.PANEL_EDGE), rect)
        y = rect.y + m.px(15)
        title, progress = self.table.hud_title(), self.progress()
        right = rect.right - m.px(12)
        if progress and not self.table.has_hud:
            size = draw.fit_text(progress, m.font_small, rect.w - m.px(24), bold=True)
            draw.text(surface, progress, size, theme.GOLD, bold=True, midleft=(rect.x + m.px(12), y))
            return
        if progress:
            size = m.tx(14)                  # its size whatever the room: beside the title, or under the box
            room = right - rect.x - m.px(12) - font(size).size(progress)[0] - m.px(8)
            if not title or font(m.font_small, True).size(title)[0] <= room:
                shown = draw.text(surface, progress, size, theme.TEXT_MUTED, midright=(right, y))
                right = shown.left - m.px(8)
            else:      # no room beside the title at a readable size: on its own, just under the box (issue 28)
                self.table.draw_progress_under(surface, rect, progress, size)
        if title:
            size = draw.fit_text(title, m.font_small, right - rect.x - m.px(12), bold=True)
            draw.text(surface, title, size, theme.GOLD, bold=True, midleft=(rect.x + m.px(12), y))
        body = pygame.Rect(rect.x, rect.y + m.px(26), rect.w, rect.h - m.px(26))
        self.table.draw_hud(surface, body)


class MenuSection(Section):
    """The round ☰ button at the top right (geom.menu_button) that opens the Esc menu."""

    z = Z_MENU
    keys = False

    def layout(self) -> None:
        self.rect = pygame.Rect(self.geom.menu_button)

    def draw(self, surface: pygame.Surface) -> None:
        m, r = self.metrics, self.rect
        hover = r.collidepoint(widgets.mouse_pos())
        surface.blit(panel_surface(r.size, r.h // 2, 200, theme.GOLD if hover else theme.PANEL_EDGE), r)
        for k in (-1, 0, 1):
            y = r.centery + k * m.px(7)
            pygame.draw.line(surface, theme.GOLD_LIGHT, (r.centerx - m.px(10), y), (r.centerx + m.px(10), y),
                             max(2, m.px(3)))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.scene.open_menu()
            return True
        return False
