"""Révolte!'s own sections: each pod's row (won tricks, coins, coats of arms), the general supply with
the Revolt pile, the empty spots still to be filled, the chosen family's badge, the coin on a cut card,
the "+1" call-outs, the Revolt banner, the verdict, the token flights, and the Blaggard's "play or
cut" question (a ChoicePopup that also takes C and P, with its prompt drawn over it).

They read what the moments (revolt_table/ui/table/tricks_moments.py) put on the table object
(`verdict`, `verdict_alpha`, `banner`, `callouts`, `cuts`, `badge`, `badge_pop`, `ending`), the counts
the token ledger shows, and the position shown (`scene.model`).
"""

from __future__ import annotations

import pygame

from revolt_table.ui import cards, draw, theme
from revolt_table.ui.table import tricks_faces as faces
from revolt_table.ui.table.actions import wrap
from revolt_table.ui.table.popups import ChoicePopup
from revolt_table.ui.table.render import panel_surface
from revolt_table.ui.table.section import Z_END, Z_OVER, Z_PODS, Z_POPUP, Z_TABLE, Section
from revolt_table.ui.table.tricks_faces import rt


def token(surface: pygame.Surface, metrics, icon: pygame.Surface, rect: pygame.Rect, n: int) -> None:
    """A token icon with its count at its right."""
    m = metrics
    surface.blit(icon, rect)
    draw.text(surface, str(n), m.font_body, theme.TEXT, bold=True, midleft=(rect.right + m.px(5), rect.centery))


class PodRowsSection(Section):
    """Under each name plate: the won tricks (a small pile and its count), coins, coats of arms."""

    z = Z_PODS + 1
    mouse = keys = False

    def draw(self, surface: pygame.Surface) -> None:
        for seat, pod in self.geom.pods.items():
            self.draw_row(surface, seat, pod.rect)

    def draw_row(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        table, m = self.table, self.metrics
        spots = table.row_spots(rect)
        pile = spots["tricks"]
        n = table.ledger.value(f"tricks:{seat}")
        if n:
            back = cards.back(pile.h)
            for k in range(min(n, 4)):
                surface.blit(back, pile.move(k * m.px(2), -k * m.px(2)))
        else:
            pygame.draw.rect(surface, theme.PANEL_EDGE, pile, 1, border_radius=max(3, pile.w // 9))
        word = rt("tricks_word", n=n)          # "1 Stich", "2 Stiche"
        size = max(11, draw.fit_text(word, m.font_small - m.px(1), spots["coins"].left - pile.right - m.px(12)))
        draw.text(surface, str(n), m.font_body, theme.TEXT, bold=True,
                  midleft=(pile.right + m.px(8) + min(n, 4) * m.px(2), pile.centery - m.px(7)))
        draw.text(surface, word, size, theme.TEXT_MUTED, midleft=(pile.right + m.px(8), pile.centery + m.px(11)))
        token(surface, m, faces.coin_icon(spots["coins"].h), spots["coins"], table.ledger.value(f"coins:{seat}"))
        token(surface, m, faces.arms_icon(spots["points"].h), spots["points"], table.ledger.value(f"points:{seat}"))


class SupplySection(Section):
    """The general supply's pod: its coins and coats of arms, and the Revolt pile beside them."""

    z = Z_TABLE
    mouse = keys = False

    def layout(self) -> None:
        self.rect = pygame.Rect(self.geom.centre_pod)

    def draw(self, surface: pygame.Surface) -> None:
        table, s, m = self.table, self.scene, self.metrics
        head = table.pod_band(self.rect, 0)
        title = rt("supply")
        zone = s.model.zones.get("revolt")
        n = zone.count if zone else 0
        sub = rt("revolt_pile", n=n) if n else rt("revolt_pile_empty")
        size, small = draw.fit_text(title, m.font_small, head.w - m.px(24), True), draw.fit_text(
            sub, m.font_small - m.px(2), head.w - m.px(24))
        title_y, sub_y = draw.two_line_ys(head.centery, (size, True), (small, False))
        draw.text(surface, title, size, theme.TEXT, bold=True, midleft=(head.x + m.px(12), title_y))
        draw.text(surface, sub, small, theme.TEXT_MUTED, midleft=(head.x + m.px(12), sub_y))
        spots = table.supply_spots()
        token(surface, m, faces.coin_icon(spots["supply"].h), spots["supply"], table.ledger.value("supply"))
        token(surface, m, faces.arms_icon(spots["arms_supply"].h), spots["arms_supply"],
              table.ledger.value("arms_supply"))
        if not n:
            r = spots["revolt"]
            slot = pygame.Rect((0, 0), cards.card_size(max(16, r.height)))
            slot.midleft = (r.x + m.px(2), r.centery)
            pygame.draw.rect(surface, theme.PANEL_EDGE, slot, 1, border_radius=max(3, slot.w // 9))


class EmptySlotsSection(Section):
    """A faint outline where the seat to play (in the position shown) will put its card (gold for you)."""

    z = Z_TABLE
    mouse = keys = False

    def shown(self) -> bool:
        table, s = self.table, self.scene
        view = s.model.view
        return (view is not None and not view.is_over and table.verdict is None and s.queue.idle
                and not table.summary_panel.shown() and view.info.pending_take is None)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scene
        for seat in s.model.view.to_act:
            pod = s.geom.pods.get(seat)
            zone = s.model.zones.get(f"_played:{seat}")
            if pod is None or zone is None or zone.sprites:
                continue
            strong = seat == s.viewer and s.face_up
            image = pygame.Surface(pod.slot.size, pygame.SRCALPHA)
            radius = max(4, pod.slot.w // 9)
            pygame.draw.rect(image, (0, 0, 0, 40), image.get_rect(), border_radius=radius)
            colour = (*theme.GOLD_LIGHT, 170) if strong else (*theme.TEXT_MUTED, 90)
            pygame.draw.rect(image, colour, image.get_rect(), max(1, self.metrics.px(2)), border_radius=radius)
            surface.blit(image, pod.slot)


class BadgeSection(Section):
    """The chosen family: emblem and name in a pill at the top of the middle of the table."""

    z = Z_TABLE
    mouse = keys = False

    def shown(self) -> bool:
        table = self.table
        return (table.badge in table.fam_names and not table.summary_panel.shown() and table.banner <= 0.01)

    def draw(self, surface: pygame.Surface) -> None:
        table, m = self.table, self.metrics
        a = self.geom.arena
        scale = 0.6 + 0.4 * table.badge_pop
        icon_h = max(8, int(m.px(36) * scale))
        image = draw.render_text(table.plural(table.badge), max(8, int(m.font_heading * scale)), theme.TEXT, True)
        small = draw.render_text(rt("chosen_family"), max(11, int(m.font_small * scale)), theme.TEXT_MUTED)
        w = icon_h + m.px(10) + max(image.get_width(), small.get_width()) + m.px(30)
        h = max(icon_h, image.get_height() + small.get_height()) + m.px(12)
        box = pygame.Rect(0, 0, w, h)
        box.midtop = (a.centerx, a.top + m.px(4))
        colour = faces.FAMILY_LOOK[table.badge][0] if table.badge in faces.FAMILY_LOOK else theme.GOLD_DARK
        surface.blit(panel_surface(box.size, box.h // 2, 225, colour, edge_w=max(2, m.px(3))), box)
        if table.badge in faces.FAMILY_LOOK:
            icon = faces.emblem_icon(table.badge, icon_h)
            surface.blit(icon, icon.get_rect(midleft=(box.x + m.px(12), box.centery)))
        tx = box.x + m.px(12) + icon_h + m.px(10)
        surface.blit(small, small.get_rect(topleft=(tx, box.y + m.px(6))))
        surface.blit(image, image.get_rect(topleft=(tx, box.y + m.px(6) + small.get_height())))   # not onto it


class CutCoinsSection(Section):
    """A coin lies on every cut card, with "CUT" written under it."""

    z = Z_OVER
    mouse = keys = False

    def draw(self, surface: pygame.Surface) -> None:
        s, m = self.scene, self.metrics
        for seat in self.table.cuts:
            zone = s.model.zones.get(f"_played:{seat}")
            if zone is None or not zone.sprites or zone.sprites[0].hidden:
                continue
            rect = s.renderer.current_rect(zone.sprites[0])
            if rect is None:
                continue
            icon = faces.coin_icon(max(10, rect.w // 2))
            surface.blit(icon, icon.get_rect(center=(rect.centerx, rect.centery + rect.h // 6)))
            label = draw.render_text(rt("cut"), m.font_small - m.px(2), theme.TEXT_DARK, True)
            box = label.get_rect().inflate(m.px(10), m.px(2))
            box.midtop = (rect.centerx, rect.bottom - m.px(4))
            pygame.draw.rect(surface, faces.COIN, box, border_radius=box.h // 2)
            surface.blit(label, label.get_rect(center=box.center))


class CalloutsSection(Section):
    """"+1 coin" / "+1 coat of arms" pills rising over a pod's token when a bonus lands."""

    z = Z_OVER
    mouse = keys = False

    def update(self, dt: float) -> None:
        table = self.table
        for c in table.callouts:
            c["age"] += dt
            c["a"] = min(1.0, c["age"] * 4) if c["age"] < 2.2 else max(0.0, 1 - (c["age"] - 2.2) * 2)
        table.callouts = [c for c in table.callouts if c["age"] < 2.8]

    def draw(self, surface: pygame.Surface) -> None:
        s, m = self.scene, self.metrics
        for c in self.table.callouts:
            a = c["a"]
            pod = s.geom.pods.get(c["seat"])
            if a <= 0.01 or pod is None:
                continue
            spot = self.table.row_spots(pod.rect)["coins" if c["kind"] == "coin" else "points"]
            image = draw.render_text(c["text"], m.font_small, theme.TEXT_DARK, True)
            box = image.get_rect().inflate(m.px(14), m.px(6))
            box.midbottom = (spot.centerx, spot.top - m.px(2) - int(m.px(14) * a))
            box.clamp_ip(surface.get_rect())
            panel = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(panel, (*theme.GOLD_LIGHT, 240), panel.get_rect(), border_radius=box.h // 2)
            panel.blit(image, image.get_rect(center=panel.get_rect().center))
            panel.set_alpha(int(255 * min(1.0, a)))
            surface.blit(panel, box)


class BannerSection(Section):
    """"REVOLT!" over the middle of the table while a Revolt is told."""

    z = Z_OVER
    mouse = keys = False

    def shown(self) -> bool:
        return self.table.banner > 0.01

    def draw(self, surface: pygame.Surface) -> None:
        m, banner = self.metrics, self.table.banner
        size = int(m.font_title * 1.4 * (0.7 + 0.3 * min(1.0, banner)))
        image = draw.render_text(rt("revolt_banner"), size, theme.CARD_FACE, True)
        box = image.get_rect().inflate(m.px(60), m.px(10))
        box.center = self.table.banner_rect().center
        panel = panel_surface(box.size, box.h // 2, 235, theme.GOLD_LIGHT, (150, 30, 36), max(2, m.px(3))).copy()
        panel.set_alpha(int(255 * min(1.0, banner)))
        surface.blit(panel, box)
        image.set_alpha(int(255 * min(1.0, banner)))
        surface.blit(image, image.get_rect(center=box.center))


class VerdictSection(Section):
    """The trick's result: who wins and why, any bonus (who, why), under the badge or the banner."""

    z = Z_OVER
    mouse = keys = False

    def shown(self) -> bool:
        return self.table.verdict is not None and self.table.verdict_alpha > 0.01

    def draw(self, surface: pygame.Surface) -> None:
        table, m = self.table, self.metrics
        a = self.geom.arena
        lines = table.verdict["lines"]
        if not lines:
            return
        width = a.w - m.px(24)
        sizes = [draw.fit_text(text, m.font_body if i == 0 else m.font_small, width - m.px(20), i == 0)
                 for i, (text, _) in enumerate(lines)]
        if len(sizes) > 1:
            sizes[1:] = [min(sizes[1:])] * (len(sizes) - 1)
        images = [draw.render_text(text, sz, colour, i == 0)
                  for i, ((text, colour), sz) in enumerate(zip(lines, sizes))]
        heights = [sz + m.px(8) for sz in sizes]
        box = pygame.Rect(0, 0, min(width, max(img.get_width() for img in images) + m.px(40)), sum(heights) + m.px(14))
        top = (table.badge_rect() if table.banner <= 0.01 else table.banner_rect()).bottom + m.px(6)
        box.midtop = (a.centerx, max(a.top, min(top, a.bottom - box.h)))
        panel = panel_surface(box.size, m.radius, 215, theme.GOLD_DARK).copy()
        alpha = int(255 * table.verdict_alpha)
        panel.set_alpha(alpha)
        surface.blit(panel, box)
        y = box.y + m.px(7)
        for img, h in zip(images, heights):
            img.set_alpha(alpha)
            surface.blit(img, img.get_rect(center=(box.centerx, y + h // 2)))
            y += h


class FlightsSection(Section):
    """Coins and coats of arms in flight (over a summary panel too: the panel's points arrive)."""

    z = Z_END + 1
    mouse = keys = False

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        self.table.tokens.draw(surface, m.px(28), m.px(60))


class CutChoicePopup(ChoicePopup):
    """The Blaggard's question, "play it or cut with it?": the shared modal popup, with C choosing the
    cut and P the plain play (the keys the table has always had)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_c, pygame.K_p):
            index = 1 if event.key == pygame.K_c else 0
            if index < len(self.choices):
                self._choose(index)
            return True
        return super().handle_event(event)


class ChoicePromptSection(Section):
    """The prompt while the Blaggard's question is open ("Play it, or cut with it?"): drawn over the
    popup's layer where the actions' prompt sits, so the question is never hidden under the popup."""

    z = Z_POPUP + 1
    mouse = keys = False

    def shown(self) -> bool:
        return self.table.choice.shown() and bool(self.table.choice_prompt)

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        area = self.table.actions.prompt_rect
        size, lines = wrap(self.table.choice_prompt, m.font_body, area.w - m.px(34), True, 2,
                           max(11, m.font_small - m.px(2)))
        images = [draw.render_text(line, size, theme.GOLD_LIGHT, True) for line in lines[:3]]
        box = pygame.Rect(0, 0, max(i.get_width() for i in images) + m.px(28),
                          sum(i.get_height() for i in images) + m.px(14))
        box.midright = (area.right, area.centery)
        box = self.place(box)
        self.rect = box
        surface.blit(panel_surface(box.size, box.h // 2 if len(images) == 1 else m.radius, 200, theme.GOLD), box)
        y = box.y + m.px(7)
        for img in images:
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()

    def place(self, box: pygame.Rect) -> pygame.Rect:
        """Where the prompt sits: the actions' place, else beside or above the popup (never on it)."""
        m = self.metrics
        popup = self.table.choice.rect.inflate(m.px(36), m.px(36))
        screen = pygame.Rect((0, 0), self.geom.size)
        left, right, above = box.copy(), box.copy(), box.copy()
        left.midright = (popup.left, popup.centery)
        right.midleft = (popup.right, popup.centery)
        above.midbottom = (popup.centerx, popup.top)
        for spot in (box, left, right, above):
            if screen.contains(spot) and not spot.colliderect(popup):
                return spot
        return above.clamp(screen)
