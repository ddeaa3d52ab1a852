"""RevoltaaA's own sections: the centre pile's pod, the empty spots still to be filled, the labels of the
two cards in the middle, the fight with its verdict, the end banner; and the colour tally of the HUD.

They read what the moments (revolt_table/ui/table/majority_moments.py) put on the table object
(`verdict`, `verdict_alpha`, `fight_owner`, `scores`, `ending`) and the position shown.
"""

from __future__ import annotations

import pygame

from revolt_table.engine import Message
from revolt_table.ui import cards, draw, i18n, theme
from revolt_table.ui.table.render import panel_surface
from revolt_table.ui.table.section import Z_CARDS, Z_END, Z_OVER, Z_TABLE, Section
from revolt_table.ui.table.strings import tt

FIGHT = "_fight"
TALLY_COLOURS = ((cards.RED, cards.RED_DARK), (cards.BLUE, cards.BLUE_DARK))


def draw_tally(table, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """For each colour, `target` pips filled by the stacks it tops (round for the first, square for the
    second: the tally reads without colour too)."""
    m = table.scene.metrics
    tally = table.scene.model.info.tally
    for i in range(2):
        y = rect.y + m.px(14) + i * m.px(30)
        fill, _dark = TALLY_COLOURS[i]
        icon = cards.symbol_icon(table.symbols[i] or "", m.px(24), *TALLY_COLOURS[i])
        surface.blit(icon, icon.get_rect(midleft=(rect.x + m.px(10), y)))
        pips_left = rect.right - m.px(16) - (table.target - 1) * m.px(24) - m.px(9)
        name = table.colour_name(i)
        size = draw.fit_text(name, m.font_small, pips_left - rect.x - m.px(46), bold=True)
        draw.text(surface, name, size, theme.TEXT, bold=True, midleft=(rect.x + m.px(40), y))
        pip = m.px(9)
        for k in range(table.target):
            cx = rect.right - m.px(16) - (table.target - 1 - k) * m.px(24)
            filled = k < tally[i]
            edge = theme.CARD_FACE if filled else theme.TEXT_MUTED
            if i == 0:
                if filled:
                    pygame.draw.circle(surface, fill, (cx, y), pip)
                pygame.draw.circle(surface, edge, (cx, y), pip, 2)
            else:
                box = pygame.Rect(0, 0, 2 * pip, 2 * pip)
                box.center = (cx, y)
                if filled:
                    pygame.draw.rect(surface, fill, box)
                pygame.draw.rect(surface, edge, box, 2)


class CentrePodSection(Section):
    """The centre pile's pod: its name, the cards left in the pile, its points at the end."""

    z = Z_TABLE
    mouse = keys = False

    def shown(self) -> bool:
        return self.table.has_centre

    def layout(self) -> None:
        self.rect = pygame.Rect(self.geom.centre_pod)

    def draw(self, surface: pygame.Surface) -> None:
        table, m = self.table, self.metrics
        head = table.pod_band(self.rect, 0)
        right = table.score_badge(surface, table.scores["center"], head) if "center" in table.scores else head.right
        title = tt("centre_pile")
        size = draw.fit_text(title, m.font_body, right - head.x - m.px(20), bold=True)
        small = m.font_small - m.px(2)
        title_y, sub_y = draw.two_line_ys(head.centery, (size, True), (small, False))
        draw.text(surface, title, size, theme.TEXT, bold=True, midleft=(head.x + m.px(12), title_y))
        pile = self.scene.model.zones.get("center")
        if pile is not None:
            draw.text(surface, tt("cards_left", n=pile.count), small, theme.TEXT_MUTED,
                      midleft=(head.x + m.px(12), sub_y))


class EmptySlotsSection(Section):
    """A faint card outline where each seat that has still to choose will put its card (the viewer's
    own in gold)."""

    z = Z_TABLE
    mouse = keys = False

    def __init__(self, table, name: str | None = None) -> None:
        super().__init__(table, name)
        self._outlines: dict = {}

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scene
        for seat, pod in s.geom.pods.items():
            if self.table.slot_waiting(seat):
                surface.blit(self.outline(pod.slot.size, seat == s.viewer and s.face_up), pod.slot)

    def outline(self, size: tuple[int, int], strong: bool) -> pygame.Surface:
        key = (size, strong)
        if key not in self._outlines:
            image = pygame.Surface(size, pygame.SRCALPHA)
            radius = max(4, size[0] // 9)
            pygame.draw.rect(image, (0, 0, 0, 40), image.get_rect(), border_radius=radius)
            colour = (*theme.GOLD_LIGHT, 150) if strong else (*theme.TEXT_MUTED, 70)
            pygame.draw.rect(image, colour, image.get_rect(), max(1, self.metrics.px(2)), border_radius=radius)
            self._outlines[key] = image
        return self._outlines[key]


class CardLabelsSection(Section):
    """Name the two cards in the middle: the turned-up centre card and the viewer's own card."""

    z = Z_OVER
    mouse = keys = False

    def shown(self) -> bool:
        return self.table.labels_shown()

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scene
        centre = s.model.zones.get("center_card")
        if centre is not None and centre.sprites and not centre.sprites[0].hidden:
            rect = s.renderer.current_rect(centre.sprites[0])
            if rect is not None:
                self.card_label(surface, rect, tt("centre_card"), theme.TEXT)
        seat = s.viewer
        if seat is None or not s.face_up:
            return
        zone = s.model.zones.get(f"chosen:{seat}")
        if zone is not None and zone.sprites and not zone.sprites[0].hidden:
            rect = s.renderer.current_rect(zone.sprites[0]) or s.geom.pods[seat].slot
        elif self.table.slot_waiting(seat):
            rect = s.geom.pods[seat].slot
        else:
            return
        self.card_label(surface, rect, tt("your_card"), theme.GOLD_LIGHT)

    def card_label(self, surface: pygame.Surface, rect: pygame.Rect, text: str, colour) -> None:
        """A small pill just above a card."""
        m = self.metrics
        size = m.font_small - m.px(1)
        image = draw.render_text(text, size, colour, True)
        box = image.get_rect().inflate(m.px(14), m.px(4))
        box.midbottom = (rect.centerx, rect.top - m.px(3))
        surface.blit(panel_surface(box.size, box.height // 2, 190, theme.PANEL_EDGE), box)
        surface.blit(image, image.get_rect(center=box.center))


class FightSection(Section):
    """The fight under the cards: a panel, each card's owner under it, each colour's total over its
    group (the winning colour gilded)."""

    z = Z_CARDS - 5
    mouse = keys = False

    def shown(self) -> bool:
        return self.table.verdict is not None and self.table.verdict_alpha > 0.01

    def draw(self, surface: pygame.Surface) -> None:
        table, s, m = self.table, self.scene, self.metrics
        area = table.verdict_rect()
        panel = panel_surface(area.size, m.radius * 2, 225, theme.GOLD_DARK, edge_w=2)
        panel.set_alpha(int(255 * table.verdict_alpha))
        surface.blit(panel, area)
        fight = s.model.zones.get(FIGHT)
        if fight is None:
            return
        groups: dict[int, list[pygame.Rect]] = {}
        for sprite in fight.sprites:
            rect = s.renderer.rect_of(sprite)
            if rect is None:
                continue
            owner = table.fight_owner.get(id(sprite))
            name = tt("centre_card") if owner == "center" else s.session.names[owner] if owner is not None else ""
            size = draw.fit_text(name, m.font_small - m.px(1), int(rect.w * 1.1))
            draw.text(surface, name, size, theme.TEXT, center=(rect.centerx, rect.bottom + m.px(12)))
            groups.setdefault(table.colour_of(sprite.card), []).append(rect)
        totals = dict(table.verdict.get("totals", ()))
        for colour, rects in groups.items():
            if colour < 0:
                continue
            left, right = min(r.left for r in rects), max(r.right for r in rects)
            top = rects[0].top - m.px(16)
            label = f"{table.colour_name(colour)} {totals.get(table.colour_ids[colour], 0)}"
            win = table.colour_ids[colour] == table.verdict["colour"]
            rgb = theme.GOLD_LIGHT if win else theme.TEXT_MUTED
            pygame.draw.line(surface, rgb, (left, top + m.px(8)), (right, top + m.px(8)), max(1, m.px(2)))
            draw.text(surface, label, m.font_small, rgb, bold=True, center=((left + right) // 2, top - m.px(2)))


class VerdictSection(Section):
    """The verdict over the fight: why the colour won, the value shown once, who takes the stack."""

    z = Z_OVER
    mouse = keys = False

    def shown(self) -> bool:
        return self.table.verdict is not None and self.table.verdict_alpha > 0.01

    def lines(self) -> list[tuple[str, int, tuple[int, int, int], bool]]:
        table, m, s = self.table, self.metrics, self.scene
        v = table.verdict
        ci = table.colour_ids.index(v["colour"]) if v["colour"] in table.colour_ids else 0
        name = table.colour_name(ci)
        why = i18n.say(Message(f"majority.reason.{v['reason']}"))
        line1 = tt("verdict.colour_wins_why", colour=name, why=why)
        if v.get("unique_value") is not None:
            line2 = tt("verdict.unique", value=v["unique_value"])
        else:
            line2 = tt("verdict.no_unique", colour=name)
        if v.get("winner") is None:
            line3 = tt("verdict.centre_takes")
        else:
            line3 = tt("verdict.takes", name=s.session.names[v["winner"]])
        return [(line1, m.font_body, theme.TEXT, True), (line2, m.font_body, theme.TEXT_MUTED, False),
                (line3, m.font_heading, theme.GOLD_LIGHT, True)]

    def draw(self, surface: pygame.Surface) -> None:
        m, table = self.metrics, self.table
        rect = table.verdict_rect()
        fight = self.scene.model.zones.get(FIGHT)
        row = table.fight_row(len(fight.sprites) if fight else 4)
        y = row.bottom + m.px(34)
        for text, size, colour, bold in self.lines():
            size = draw.fit_text(text, size, rect.width - m.px(24), bold)
            r = draw.text(surface, text, size, colour, bold=bold, center=(rect.centerx, y + size // 2), shadow=True)
            y = r.bottom + m.px(6)


class EndBannerSection(Section):
    """The victorious colour over the table at the end, who the centre pile beat, and (once the count is
    done) that a click or Enter goes on to the results."""

    z = Z_END
    mouse = keys = False

    def shown(self) -> bool:
        table = self.table
        return table.ending and not (table.verdict is not None and table.verdict_alpha > 0.01)

    def draw(self, surface: pygame.Surface) -> None:
        table, s, m = self.table, self.scene, self.metrics
        info = s.session.state.view(s.viewer).info
        if info.victorious is None:
            return
        st = table.stage()
        title = tt("end.title", colour=table.colour_name(info.victorious))
        beaten = [s.session.names[x] for x in info.beaten_by_center]
        sub = tt("end.beaten", names=", ".join(beaten)) if beaten else tt("end.nobody_beaten")
        if not table.has_centre:
            sub = ""
        box = pygame.Rect(0, 0, min(st.width, m.px(560)), m.px(118) if sub or s.queue.idle else m.px(70))
        box.center = (st.centerx, st.centery)
        surface.blit(panel_surface(box.size, m.radius * 2, 230, theme.GOLD, edge_w=2), box)
        size = draw.fit_text(title, m.font_title, box.width - m.px(24), True)
        draw.text(surface, title, size, theme.GOLD_LIGHT, bold=True, center=(box.centerx, box.y + m.px(32)),
                  shadow=True)
        size = draw.fit_text(sub, m.font_body, box.width - m.px(24))
        draw.text(surface, sub, size, theme.TEXT, center=(box.centerx, box.y + m.px(70)))
        if s.queue.idle:
            draw.text(surface, tt("end.continue"), m.font_small, theme.TEXT_MUTED,
                      center=(box.centerx, box.y + m.px(98)))
