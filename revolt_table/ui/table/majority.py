"""The RevoltaaA table (majority family): its layout, its input and its special moments.

Layout: the colour tally in the top-left corner, the menu in the top-right, the centre pile (deck and
the stacks it wins) in the bottom-right pod, the turned-up centre card in the middle of the table.
Moments: the deal, face-down choices, the simultaneous flip, the fight (revealed cards lined up by
colour with totals, the unique value and the winner: the round's verdict), the sweep of the cards
into the winner's stack, and the end-of-game count-up card by card.
Input: hover lifts a card, click selects, a second click / Enter / dragging it onto the table plays
it; left/right move the focus, 1-9 (and 0 for the tenth) pick by position.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from revolt_table.engine import (CardChosen, Event, Message, Move, Played, Revealed, RoundResolved,
                                 StackTaken)
from revolt_table.games.majority import colour_code
from revolt_table.ui import cards, draw, i18n, theme
from revolt_table.ui.anim import Beat, Tween, approach, ease_in_out_cubic, ease_out_back, ease_out_cubic
from revolt_table.ui.table.family import FamilyTable
from revolt_table.ui.table.layout import Placement
from revolt_table.ui.table.model import Sprite, ZoneModel
from revolt_table.ui.table.render import panel_surface
from revolt_table.ui.table.strings import tt

FIGHT = "_fight"


class MajorityTable(FamilyTable):
    family = "majority"
    pod_height = 118           # name plate with the hand as a small pile, then one row of stacks

    def __init__(self, scene) -> None:
        super().__init__(scene)
        params = scene.session.rules.params        # a games.majority.MajorityParams
        self.params = params
        self.game = scene.session.rules.id
        self.colour_ids = list(params.colour_ids)
        self.symbols = list(params.colour_symbols)
        self.fallback_names = params.colour_names  # a custom game's colours: its rules file names them
        self.simultaneous = params.simultaneous
        self.target = params.target
        self.has_centre = params.has_centre         # Bananas: no centre pile
        self.selected: int | None = None
        self.hover: int | None = None
        self.press: tuple[int, tuple[int, int]] | None = None   # (card index, mouse pos) of a button press
        self.dragging: Sprite | None = None
        self.drag_offset = (0, 0)
        self.verdict: dict | None = None
        self.verdict_alpha = 0.0
        self.fight_owner: dict[int, object] = {}               # id(sprite) -> seat or "center"
        self.scores: dict[object, int] = {}                    # shown end-of-game points per owner
        self.ending = False

    # ================================================================ look
    def colour_name(self, index: int) -> str:
        """A colour's name in the player's language, by game and colour id (`majority.colour.<game>.
        <colour>`); the rules file's own name for a colour the translation files do not know."""
        key = colour_code(self.game, self.colour_ids[index])
        return i18n.t(key) if i18n.has(key) else self.fallback_names[index]

    def colour_of(self, card: str | None) -> int:
        """The colour index of a card id (-1 for an unknown card)."""
        index = self.params.index.get(card) if card else None
        return -1 if index is None else self.params.colour[index]

    def sort_key(self, card: str):
        """Hands by colour, then value."""
        index = self.params.index.get(card)
        return (-1, 0) if index is None else (self.params.colour[index], self.params.value[index])

    def pod_band(self, rect: pygame.Rect, band: int) -> pygame.Rect:
        """0 the name plate; 1 an opponent's hand, a small face-down pile at the plate's right end (its
        count badge beside it); 2 the won stacks, one row under the plate."""
        px = self.scene.metrics.px
        head = px(46)
        if band == 0:
            return pygame.Rect(rect.x, rect.y, rect.w, head)
        if band == 1:
            return self.plate_pile(rect)
        return pygame.Rect(rect.x + px(10), rect.y + head, rect.w - px(20), max(4, rect.bottom - rect.y - head - px(6)))

    def stacks_placement(self, rect: pygame.Rect, groups: int) -> Placement:
        """One row of stacks: cards shrink when there are more stacks than fit the pod's width."""
        g, px = self.scene.geom, self.scene.metrics.px
        h = max(16, min(g.stack_h, rect.height - px(6)))
        w = cards.card_size(h)[0]
        gap = max(3, w // 8)
        if groups * (w + gap) - gap > rect.width:
            fit_w = (rect.width + gap) / groups - gap
            h = max(16, int(h * fit_w / w))
        return Placement("groups", rect, h, z=12)

    def placements(self) -> dict[str, Placement]:
        s, g, px = self.scene, self.scene.geom, self.scene.metrics.px
        over = self.ending         # the end layout waits for the last round's animation to finish
        out: dict[str, Placement] = {}
        for seat, pod in g.pods.items():
            tray = self.pod_band(pod.rect, 2)
            hand = s.model.zones.get(f"hand:{seat}")
            if seat == s.viewer or (s.viewer is None and seat == g.bottom_seat):
                out[f"hand:{seat}"] = Placement("fan", g.hand, g.hand_h, face_up=s.face_up or over, arc=0.05,
                                                z=50, max_step=0.9)
            elif over:      # the hand is shown for the scoring: a row left of the stacks
                out[f"hand:{seat}"], tray = self.split_tray(tray, len(hand.sprites) if hand else 0)
            else:
                out[f"hand:{seat}"] = Placement("pile", self.pod_band(pod.rect, 1), g.mini_h, face_up=False, z=20)
            out[f"chosen:{seat}"] = Placement("slot", pod.slot, g.table_h, z=30)
            stacks = s.model.zones.get(f"stacks:{seat}")
            out[f"stacks:{seat}"] = self.stacks_placement(tray, len(stacks.groups) if stacks else 0)
        cp = g.centre_pod
        tray = self.pod_band(cp, 2)
        pile = s.model.zones.get("center")
        if over:    # the rest of the centre pile is shown for the scoring, left of its stacks
            out["center"], tray = self.split_tray(tray, len(pile.sprites) if pile else 0)
        else:
            pile_h = min(g.pile_h, tray.height + px(2))
            pile_w = cards.card_size(pile_h)[0]
            pile_rect = pygame.Rect(tray.x + px(2), tray.y, pile_w + px(8), pile_h)
            out["center"] = Placement("pile", pile_rect, pile_h, face_up=False, z=12)
            tray = pygame.Rect(pile_rect.right + px(12), tray.y, tray.right - pile_rect.right - px(12), tray.height)
        stacks = s.model.zones.get("stacks:center")
        out["stacks:center"] = self.stacks_placement(tray, len(stacks.groups) if stacks else 0)
        out["center_card"] = Placement("slot", self.centre_card_rect(), g.table_h, z=30)
        fight = s.model.zones.get(FIGHT)
        if fight is not None:
            out[FIGHT] = Placement("row", self.fight_row(len(fight.sprites)), g.table_h, z=40, max_step=1.12)
        return out

    def split_tray(self, tray: pygame.Rect, n: int) -> tuple[Placement, pygame.Rect]:
        """At the end: a face-up row of `n` cards at the left of a pod's tray, and the tray left over."""
        g, px = self.scene.geom, self.scene.metrics.px
        h = max(16, min(g.stack_h, tray.height - px(6)))
        w = cards.card_size(h)[0]
        width = min(tray.width // 2, w + max(0, n - 1) * int(w * 0.5)) if n else 0
        row = pygame.Rect(tray.x, tray.y, max(w, width), tray.height - px(2))
        rest = pygame.Rect(row.right + px(10), tray.y, max(4, tray.right - row.right - px(10)), tray.height)
        return Placement("row", row, h, face_up=True, z=20, max_step=0.5), rest

    def centre_card_rect(self) -> pygame.Rect:
        g = self.scene.geom
        rect = pygame.Rect((0, 0), cards.card_size(g.table_h))
        rect.center = g.centre
        return rect

    def stage(self) -> pygame.Rect:
        """The free middle of the table during a fight: between the side pods and the top pods and hand."""
        g, px = self.scene.geom, self.scene.metrics.px
        left = max([p.rect.right for p in g.pods.values() if p.side == "left"] + [g.hud.right * 0]) + px(12)
        right = min([p.rect.left for p in g.pods.values() if p.side == "right"] + [g.size[0]]) - px(12)
        top = max([p.rect.bottom for p in g.pods.values() if p.side == "top"] + [g.hud.bottom]) + px(8)
        bottom = g.hand.top - int(g.hand_h * 0.1)
        if left < px(12):
            left = px(12)
        return pygame.Rect(left, top, max(10, right - left), max(10, bottom - top))

    def fight_row(self, n: int) -> pygame.Rect:
        g, px = self.scene.geom, self.scene.metrics.px
        st = self.stage()
        w, h = cards.card_size(g.table_h)
        width = min(st.width - px(20), n * w * 1.12 + px(30))
        rect = pygame.Rect(0, 0, width, h)
        rect.midtop = (st.centerx, st.top + px(34))
        return rect

    # ================================================================ drawing
    def draw_static(self, surface: pygame.Surface) -> None:
        super().draw_static(surface)
        g, m = self.scene.geom, self.scene.metrics
        if self.has_centre:
            surface.blit(panel_surface(g.centre_pod.size, m.radius, 150, theme.PANEL_EDGE), g.centre_pod)
        surface.blit(panel_surface(g.hud.size, m.radius, 170, theme.PANEL_EDGE), g.hud)

    def draw_under(self, surface: pygame.Surface) -> None:
        super().draw_under(surface)
        self.draw_empty_slots(surface)
        self.draw_centre_pod(surface)
        self.draw_hud(surface)
        self.draw_menu_button(surface)
        if self.verdict is not None and self.verdict_alpha > 0.01:
            self.draw_fight_panel(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        if self.verdict is not None and self.verdict_alpha > 0.01:
            self.draw_verdict_text(surface)
        elif self.ending:
            self.draw_end_banner(surface)
        else:
            self.draw_card_labels(surface)
            self.draw_prompt(surface)

    # ---------------------------------------------------------------- which card is which
    def labels_shown(self) -> bool:
        s = self.scene
        current = s.queue.current
        return (self.verdict is None and not self.ending
                and (current is None or current.name in ("choose", "reveal")))

    def slot_waiting(self, seat: int) -> bool:
        """Does this seat still have to put a card on the table this round (its spot is shown empty)?"""
        s = self.scene
        zone = s.model.zones.get(f"chosen:{seat}")
        return zone is not None and not zone.sprites and self.labels_shown()

    def draw_empty_slots(self, surface: pygame.Surface) -> None:
        """A faint card outline where each seat that has still to choose will put its card."""
        s = self.scene
        for seat, pod in s.geom.pods.items():
            if self.slot_waiting(seat):
                mine = seat == s.viewer and s.face_up
                surface.blit(self._outline(pod.slot.size, mine), pod.slot)

    def _outline(self, size: tuple[int, int], strong: bool) -> pygame.Surface:
        key = (size, strong)
        cache = self.__dict__.setdefault("_outlines", {})
        if key not in cache:
            m = self.scene.metrics
            image = pygame.Surface(size, pygame.SRCALPHA)
            radius = max(4, size[0] // 9)
            pygame.draw.rect(image, (0, 0, 0, 40), image.get_rect(), border_radius=radius)
            colour = (*theme.GOLD_LIGHT, 150) if strong else (*theme.TEXT_MUTED, 70)
            pygame.draw.rect(image, colour, image.get_rect(), max(1, m.px(2)), border_radius=radius)
            cache[key] = image
        return cache[key]

    def draw_card_labels(self, surface: pygame.Surface) -> None:
        """Name the two cards in the middle: the turned-up centre card and the viewer's own card."""
        if not self.labels_shown():
            return
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
        elif self.slot_waiting(seat):
            rect = s.geom.pods[seat].slot
        else:
            return
        self.card_label(surface, rect, tt("your_card"), theme.GOLD_LIGHT)

    def card_label(self, surface: pygame.Surface, rect: pygame.Rect, text: str, colour) -> None:
        """A small pill just above a card."""
        m = self.scene.metrics
        size = m.font_small - m.px(1)
        image = draw.render_text(text, size, colour, True)
        box = image.get_rect().inflate(m.px(14), m.px(4))
        box.midbottom = (rect.centerx, rect.top - m.px(3))
        surface.blit(panel_surface(box.size, box.height // 2, 190, theme.PANEL_EDGE), box)
        surface.blit(image, image.get_rect(center=box.center))

    def pod_subtitle(self, seat: int) -> str:
        zone = self.scene.model.zones.get(f"chosen:{seat}")
        if self.simultaneous and zone is not None and zone.sprites and not self.scene.session.state.is_over:
            return tt("chosen")
        return super().pod_subtitle(seat)

    def pod_badge(self, surface: pygame.Surface, seat, head: pygame.Rect) -> int:
        """The end-of-game points, or the number of cards in hand beside the small face-down pile."""
        s, m = self.scene, self.scene.metrics
        if seat in self.scores:
            return self.score_badge(surface, self.scores[seat], head)
        hand = s.model.zones.get(f"hand:{seat}")
        if hand is None or seat == s.viewer or (s.viewer is None and seat == s.geom.bottom_seat):
            return head.right - m.px(8)
        pile = self.pod_band(s.geom.pods[seat].rect, 1)
        return self.hand_count_badge(surface, hand.count, (pile.left - m.px(4), head.centery))

    def score_badge(self, surface: pygame.Surface, value: int, head: pygame.Rect) -> int:
        m = self.scene.metrics
        text = tt("end.point_one") if value == 1 else tt("end.points", n=value)
        image = draw.render_text(text, m.font_body, theme.TEXT_DARK, True)
        r = image.get_rect().inflate(m.px(14), m.px(6))
        r.midright = (head.right - m.px(8), head.centery)
        pygame.draw.rect(surface, theme.GOLD_LIGHT, r, border_radius=r.h // 2)
        surface.blit(image, image.get_rect(center=r.center))
        return r.left

    def draw_centre_pod(self, surface: pygame.Surface) -> None:
        s, g, m = self.scene, self.scene.geom, self.scene.metrics
        if not self.has_centre:
            return
        rect = g.centre_pod
        head = self.pod_band(rect, 0)
        right = self.score_badge(surface, self.scores["center"], head) if "center" in self.scores else head.right
        title = tt("centre_pile")
        size = draw.fit_text(title, m.font_body, right - head.x - m.px(20), bold=True)
        draw.text(surface, title, size, theme.TEXT, bold=True, midleft=(head.x + m.px(12), head.centery - m.px(8)))
        pile = s.model.zones.get("center")
        if pile is not None:
            draw.text(surface, tt("cards_left", n=pile.count), m.font_small - m.px(2), theme.TEXT_MUTED,
                      midleft=(head.x + m.px(12), head.centery + m.px(10)))

    def draw_hud(self, surface: pygame.Surface) -> None:
        """The tally: for each colour, `target` pips filled by the stacks it tops (round vs square)."""
        s, g, m = self.scene, self.scene.geom, self.scene.metrics
        rect = g.hud
        tally = s.model.info.tally
        rnd = s.model.info.round
        game = tt("round", n=rnd)
        draw.text(surface, game, m.font_small, theme.GOLD, bold=True, midleft=(rect.x + m.px(12), rect.y + m.px(15)))
        count = f"{s.session.game_number}/{s.session.match.games}"
        draw.text(surface, count, m.font_small, theme.TEXT_MUTED, midright=(rect.right - m.px(12), rect.y + m.px(15)))
        colours = [(cards.RED, cards.RED_DARK), (cards.BLUE, cards.BLUE_DARK)]
        for i in range(2):
            y = rect.y + m.px(40) + i * m.px(30)
            icon = cards.symbol_icon(self.symbols[i] or "", m.px(24), *colours[i])
            surface.blit(icon, icon.get_rect(midleft=(rect.x + m.px(10), y)))
            draw.text(surface, self.colour_name(i), m.font_small, theme.TEXT, bold=True,
                      midleft=(rect.x + m.px(40), y))
            pip = m.px(9)
            for k in range(self.target):
                cx = rect.right - m.px(16) - (self.target - 1 - k) * m.px(24)
                filled = k < tally[i]
                if i == 0:
                    if filled:
                        pygame.draw.circle(surface, colours[i][0], (cx, y), pip)
                    pygame.draw.circle(surface, theme.CARD_FACE if filled else theme.TEXT_MUTED, (cx, y), pip, 2)
                else:
                    box = pygame.Rect(0, 0, 2 * pip, 2 * pip)
                    box.center = (cx, y)
                    if filled:
                        pygame.draw.rect(surface, colours[i][0], box)
                    pygame.draw.rect(surface, theme.CARD_FACE if filled else theme.TEXT_MUTED, box, 2)

    # ---------------------------------------------------------------- the fight and its verdict
    def draw_fight_panel(self, surface: pygame.Surface) -> None:
        s, m = self.scene, self.scene.metrics
        area = self.verdict_rect()
        panel = panel_surface(area.size, m.radius * 2, 225, theme.GOLD_DARK, edge_w=2)
        panel.set_alpha(int(255 * self.verdict_alpha))
        surface.blit(panel, area)
        fight = s.model.zones.get(FIGHT)
        if fight is None:
            return
        # each card's owner under it, the colour totals above each colour group
        groups: dict[int, list[pygame.Rect]] = {}
        for sprite in fight.sprites:
            rect = s.renderer.rect_of(sprite)
            if rect is None:
                continue
            owner = self.fight_owner.get(id(sprite))
            name = tt("centre_card") if owner == "center" else s.session.names[owner] if owner is not None else ""
            size = draw.fit_text(name, m.font_small - m.px(1), int(rect.w * 1.1))
            draw.text(surface, name, size, theme.TEXT, center=(rect.centerx, rect.bottom + m.px(12)))
            groups.setdefault(self.colour_of(sprite.card), []).append(rect)
        totals = dict(self.verdict.get("totals", ()))
        for colour, rects in groups.items():
            if colour < 0:
                continue
            left, right = min(r.left for r in rects), max(r.right for r in rects)
            top = rects[0].top - m.px(16)
            label = f"{self.colour_name(colour)} {totals.get(self.colour_ids[colour], 0)}"
            win = self.colour_ids[colour] == self.verdict["colour"]
            colour_rgb = theme.GOLD_LIGHT if win else theme.TEXT_MUTED
            pygame.draw.line(surface, colour_rgb, (left, top + m.px(8)), (right, top + m.px(8)), max(1, m.px(2)))
            draw.text(surface, label, m.font_small, colour_rgb, bold=True, center=((left + right) // 2, top - m.px(2)))

    def verdict_rect(self) -> pygame.Rect:
        m = self.scene.metrics
        fight = self.scene.model.zones.get(FIGHT)
        n = len(fight.sprites) if fight is not None else 4
        row = self.fight_row(n)
        st = self.stage()
        lines_h = m.px(24) + m.px(24) + m.px(30)
        rect = pygame.Rect(0, 0, min(st.width, max(row.width + m.px(40), m.px(520))),
                           row.height + m.px(34) + m.px(22) + lines_h + m.px(26))
        rect.midtop = (row.centerx, row.top - m.px(34))
        return rect

    def verdict_lines(self) -> list[tuple[str, int, tuple[int, int, int], bool]]:
        v, m, s = self.verdict, self.scene.metrics, self.scene
        ci = self.colour_ids.index(v["colour"]) if v["colour"] in self.colour_ids else 0
        name = self.colour_name(ci)
        why = i18n.say(Message(f"majority.reason.{v['reason']}"))
        line1 = tt("verdict.colour_wins_why", colour=name, why=why)
        if v.get("unique_value") is not None:
            line2 = tt("verdict.unique", value=v["unique_value"])
        else:
            line2 = tt("verdict.no_unique", colour=name)
        if v.get("winner") is None:
            line3 = tt("verdict.centre_takes")
        else:
            line3 = (tt("verdict.you_take") if v["winner"] == s.viewer and s.face_up and not s.session.hot_seat
                     else tt("verdict.takes", name=s.session.names[v["winner"]]))
        return [(line1, m.font_body, theme.TEXT, True), (line2, m.font_body, theme.TEXT_MUTED, False),
                (line3, m.font_heading, theme.GOLD_LIGHT, True)]

    def draw_verdict_text(self, surface: pygame.Surface) -> None:
        m = self.scene.metrics
        rect = self.verdict_rect()
        fight = self.scene.model.zones.get(FIGHT)
        row = self.fight_row(len(fight.sprites) if fight else 4)
        y = row.bottom + m.px(34)
        for text, size, colour, bold in self.verdict_lines():
            size = draw.fit_text(text, size, rect.width - m.px(24), bold)
            r = draw.text(surface, text, size, colour, bold=bold, center=(rect.centerx, y + size // 2), shadow=True)
            y = r.bottom + m.px(6)

    def draw_end_banner(self, surface: pygame.Surface) -> None:
        s, m = self.scene, self.scene.metrics
        info = s.session.state.view(s.viewer).info
        if info.victorious is None:
            return
        colour = self.colour_name(info.victorious)
        st = self.stage()
        title = tt("end.title", colour=colour)
        beaten = [s.session.names[x] for x in info.beaten_by_center]
        sub = tt("end.beaten", names=", ".join(beaten)) if beaten else tt("end.nobody_beaten")
        if not self.has_centre:
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

    # ================================================================ input
    def can_choose(self) -> bool:
        s = self.scene
        return s.viewer is not None and s.face_up and s.may_act(s.viewer)

    def handle_event(self, event: pygame.event.Event) -> bool:
        s = self.scene
        if self.menu_clicked(event):
            return True
        zone = self.hand_zone()
        if not self.can_choose() or zone is None or not zone.sprites:
            return False
        n = len(zone.sprites)
        if event.type == pygame.MOUSEMOTION:
            if self.dragging is not None:
                rect = pygame.Rect(self.dragging.origin or s.renderer.rect_of(self.dragging))
                rect.topleft = (event.pos[0] - self.drag_offset[0], event.pos[1] - self.drag_offset[1])
                self.dragging.origin = rect
                self.dragging.progress = 0.0
                self.dragging.arc = 0.0
                return True
            if self.press is not None:
                index, start = self.press
                if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > s.metrics.px(12):
                    sprite = zone.sprites[index]
                    rect = s.renderer.current_rect(sprite)
                    if rect is not None:
                        self.dragging = sprite
                        self.selected = index
                        self.drag_offset = (start[0] - rect.x, start[1] - rect.y)
                        sprite.lift = 0.0
                        sprite.origin = rect.move(event.pos[0] - start[0], event.pos[1] - start[1])
                        sprite.progress = 0.0
                        sprite.arc = 0.0
                    return True
            self.hover = self.card_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.card_at(event.pos)
            if index is None:
                self.selected = None
                return False
            self.press = (index, event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            press, self.press = self.press, None
            if self.dragging is not None:
                sprite, self.dragging = self.dragging, None
                index = zone.sprites.index(sprite) if sprite in zone.sprites else None
                if index is not None and event.pos[1] < s.geom.hand.top - s.geom.hand_h * 0.15:
                    self.play_index(index)
                else:                                   # dropped back: glide home
                    sprite.arc = 0.0
                    s.queue.ambient.append(Tween(0.22, lambda t, sp=sprite: setattr(sp, "progress", t),
                                                 ease_out_cubic, on_done=sprite.land))
                return True
            if press is None:
                return False
            index = self.card_at(event.pos)
            if index is None or index != press[0]:
                return False
            if self.selected == index:
                self.play_index(index)
            else:
                self.selected = index
            return True
        if event.type == pygame.KEYDOWN:
            return self.pick_key(event.key, n, self.selected, set_focus=self._select, confirm=self.play_index)
        return False

    def _select(self, index: int | None) -> None:
        self.selected = index

    def play_index(self, index: int) -> None:
        s = self.scene
        zone = self.hand_zone()
        if zone is None or not (0 <= index < len(zone.sprites)):
            return
        card = zone.sprites[index].card
        move = next((mv for mv in s.session.state.legal_moves(s.viewer) if mv.text == card), None)
        if move is None:
            return
        self.selected = None
        self.hover = None
        s.play(s.viewer, move)

    def reset_input(self) -> None:
        self.selected = self.hover = None
        self.press = None
        self.dragging = None

    def update(self, dt: float) -> None:
        zone = self.hand_zone()
        if zone is None or self.ending:
            return
        active = self.can_choose()
        if self.selected is not None and self.selected >= len(zone.sprites):
            self.selected = None
        for i, sprite in enumerate(zone.sprites):
            if sprite is self.dragging:
                continue
            target = 0.0
            if active and i == self.selected:
                target = 0.2
            elif active and i == self.hover:
                target = 0.08
            sprite.lift = approach(sprite.lift, target, 18.0, dt)
            glow = 1.0 if active and i == self.selected else 0.0
            sprite.highlight = approach(sprite.highlight, glow, 14.0, dt)

    # ================================================================ moments
    def deal(self) -> None:
        """Deal, then turn up the first centre card from the centre pile."""
        s = self.scene
        slot = s.model.zones.get("center_card")
        sprite = slot.sprites[0] if slot is not None and slot.sprites else None
        if sprite is not None:
            sprite.hidden = True
        super().deal()
        if sprite is not None:
            def start(beat: Beat) -> None:
                pile = s.model.zones.get("center")
                origin = None
                if pile is not None and pile.sprites:
                    origin = s.renderer.rect_of(pile.sprites[0])
                beat.tweens.append(self.fly_tween(sprite, origin or pygame.Rect(s.geom.centre_pod), 0.5,
                                                  flip_after=True))
            s.queue.push(Beat("reveal", on_start=start, hold=0.2))

    def on_events(self, seat: int | None, move: Move | None, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, CardChosen):
                mine = move.text if (seat == event.seat and move) else None
                self.scene.queue.push(self.beat_to_slot(event.seat, mine, face_up=False))
            elif isinstance(event, Played):
                self.scene.queue.push(self.beat_to_slot(event.seat, event.cards[0], face_up=True))
            elif isinstance(event, Revealed):
                self.scene.queue.push(self.beat_reveal(event))
            elif isinstance(event, RoundResolved):
                self.scene.queue.push(self.beat_fight(event))
            elif isinstance(event, StackTaken):
                self.scene.queue.push(self.beat_sweep(event))

    def _take_from_hand(self, seat: int, card: str | None) -> tuple[Sprite, pygame.Rect]:
        s = self.scene
        hand = s.model.zones[f"hand:{seat}"]
        sprite = None
        if card is not None:
            sprite = next((sp for sp in hand.sprites if sp.card == card), None)
        if sprite is None and hand.sprites:
            sprite = hand.sprites[len(hand.sprites) // 2]
        if sprite is None:
            sprite = Sprite(card, card is not None)
            return sprite, pygame.Rect(s.geom.pods[seat].rect.center, (1, 1))
        rect = s.renderer.current_rect(sprite) or s.renderer.rect_of(sprite) or pygame.Rect(s.geom.pods[seat].rect)
        hand.sprites.remove(sprite)
        sprite.lift = 0.0
        sprite.highlight = 0.0
        return sprite, rect

    def beat_to_slot(self, seat: int, card: str | None, face_up: bool) -> Beat:
        """A card leaves a hand for the seat's slot: face down (a secret choice) or face up (played)."""
        s = self.scene

        def start(beat: Beat) -> None:
            self.sound("deal")
            sprite, origin = self._take_from_hand(seat, card)
            known = sprite.card is not None and (face_up or seat == s.viewer and s.face_up)
            if face_up and card is not None:
                sprite.card = card
            was_up = sprite.face_up and sprite.flip >= 1
            sprite.face_up = bool(known)
            slot = s.model.zones[f"chosen:{seat}"]
            slot.sprites = [sprite]
            sprite.fly_from(origin, 0.1)
            flip_from = 1.0 if was_up else 0.0
            flip_to = 1.0 if sprite.face_up else 0.0
            sprite.flip = flip_from

            def update(t: float) -> None:
                sprite.progress = t
                sprite.flip = flip_from + (flip_to - flip_from) * t

            beat.tweens.append(Tween(0.38, update, ease_in_out_cubic, on_done=sprite.land))

        return Beat("choose", on_start=start, hold=0.05)

    def beat_reveal(self, event: Revealed) -> Beat:
        """The simultaneous flip (or the centre card turned up from the deck)."""
        s = self.scene

        def start(beat: Beat) -> None:
            self.sound("flip")
            for owner, card in event.cards:
                if owner == "center":
                    pile = s.model.zones.get("center")
                    slot = s.model.zones["center_card"]
                    if pile is not None and pile.sprites:
                        sprite = pile.sprites.pop(0)
                        origin = s.renderer.rect_of(sprite) or pygame.Rect(s.geom.centre_pod)
                    else:
                        sprite, origin = Sprite(None, False), pygame.Rect(s.geom.centre_pod.center, (1, 1))
                    sprite.card = card
                    sprite.face_up = True
                    sprite.flip = 0.0
                    sprite.fly_from(origin, 0.12)
                    slot.sprites = [sprite]
                    beat.tweens.append(self._flip_tween(sprite, 0.5, fly=True))
                else:
                    zone = s.model.zones.get(f"chosen:{owner}")
                    if zone is None:
                        continue
                    if not zone.sprites:
                        zone.sprites = [Sprite(None, False)]
                    sprite = zone.sprites[0]
                    already = sprite.card == card and sprite.face_up
                    sprite.card = card
                    sprite.face_up = True
                    if not already:
                        sprite.flip = 0.0
                        beat.tweens.append(self._flip_tween(sprite, 0.42, delay=0.0))

        return Beat("reveal", on_start=start, hold=0.25)

    def _flip_tween(self, sprite: Sprite, duration: float, delay: float = 0.0, fly: bool = False) -> Tween:
        def update(t: float) -> None:
            sprite.flip = t
            if fly:
                sprite.progress = t

        def done() -> None:
            sprite.flip = 1.0
            sprite.land()

        return Tween(duration, update, ease_in_out_cubic, delay=delay, on_done=done)

    def beat_fight(self, event: RoundResolved) -> Beat:
        """Line the revealed cards up by colour and value, show totals, the unique value and the winner."""
        s = self.scene

        def start(beat: Beat) -> None:
            entries: list[tuple[object, Sprite]] = []
            centre = s.model.zones.get("center_card")
            if centre is not None and centre.sprites:
                entries.append(("center", centre.sprites.pop(0)))
            for seat in range(s.session.players):
                zone = s.model.zones.get(f"chosen:{seat}")
                if zone is not None and zone.sprites:
                    entries.append((seat, zone.sprites.pop(0)))
            entries.sort(key=lambda e: self.sort_key(e[1].card))
            fight = s.model.zones.setdefault(FIGHT, ZoneModel(FIGHT, "row", None))
            fight.sprites = []
            self.fight_owner = {}
            winning_colour = self.colour_ids.index(event.colour) if event.colour in self.colour_ids else -1
            origins = []
            for owner, sprite in entries:
                origins.append(s.renderer.current_rect(sprite) or s.renderer.rect_of(sprite))
                sprite.face_up, sprite.flip = True, 1.0
                fight.sprites.append(sprite)
                self.fight_owner[id(sprite)] = owner
            self.verdict = {"colour": event.colour, "totals": event.totals, "winner": event.winner,
                            "winning_card": event.winning_card, "reason": event.reason,
                            "unique_value": event.unique_value}
            winner_sprite = None
            if event.winning_card:
                owner_key = "center" if event.winner is None else event.winner
                winner_sprite = next((sp for o, sp in entries if sp.card == event.winning_card and o == owner_key),
                                     None) or next((sp for _, sp in entries if sp.card == event.winning_card), None)
            for (_, sprite), origin in zip(entries, origins):
                if origin is not None:
                    sprite.fly_from(origin, 0.08)
                beat.tweens.append(Tween(0.45, lambda t, sp=sprite: setattr(sp, "progress", t), ease_in_out_cubic,
                                         on_done=sprite.land))
                losing = self.colour_of(sprite.card) != winning_colour
                target_dim = 0.55 if losing else (0.0 if sprite is winner_sprite or winner_sprite is None else 0.25)
                beat.tweens.append(Tween(0.3, lambda t, sp=sprite, d=target_dim: setattr(sp, "dim", d * t),
                                         delay=0.5))
                if sprite is winner_sprite:
                    beat.tweens.append(Tween(0.35, lambda t, sp=sprite: (setattr(sp, "highlight", t),
                                                                         setattr(sp, "lift", 0.12 * t)),
                                             ease_out_back, delay=0.55))
            beat.tweens.append(Tween(0.25, lambda t: setattr(self, "verdict_alpha", t), delay=0.2,
                                     on_start=lambda: self.sound("chime", 0.8)))

        return Beat("fight", on_start=start, hold=2.0)

    def beat_sweep(self, event: StackTaken) -> Beat:
        """Sweep the fight into the winner's new stack (the winning colour on top)."""
        s = self.scene

        def start(beat: Beat) -> None:
            self.sound("sweep")
            fight = s.model.zones.get(FIGHT)
            pool = list(fight.sprites) if fight is not None else []
            origins = {id(sp): s.renderer.current_rect(sp) for sp in pool}
            group: list[Sprite] = []
            for card in event.cards:
                sprite = next((sp for sp in pool if sp.card == card), None)
                if sprite is None:
                    sprite = Sprite(card, True)
                else:
                    pool.remove(sprite)
                group.append(sprite)
            owner = "center" if event.owner is None else event.owner
            stacks = s.model.zones[f"stacks:{owner}"]
            stacks.groups.append(group)
            if fight is not None:
                fight.sprites = []
            for k, sprite in enumerate(reversed(group)):
                origin = origins.get(id(sprite))
                if origin is not None:
                    sprite.fly_from(origin, 0.18)
                sprite.lift = 0.0
                beat.tweens.append(Tween(0.5, lambda t, sp=sprite: (setattr(sp, "progress", t),
                                                                    setattr(sp, "dim", sp.dim * (1 - t)),
                                                                    setattr(sp, "highlight", sp.highlight * (1 - t))),
                                         ease_in_out_cubic, delay=k * 0.05, on_done=sprite.land))
            beat.tweens.append(Tween(0.3, lambda t: setattr(self, "verdict_alpha", 1 - t)))

        def end() -> None:
            self.verdict = None
            self.verdict_alpha = 0.0
            for sprite in s.model.all_sprites():
                sprite.dim = 0.0
                sprite.highlight = 0.0

        return Beat("sweep", on_start=start, on_end=end, hold=0.1)

    # ---------------------------------------------------------------- the end: count up card by card
    def push_end_beats(self) -> None:
        s = self.scene

        def show_hands(beat: Beat) -> None:
            self.ending = True
            self.sound("fanfare")
            view = s.session.state.view(s.viewer)
            before = {name: [sp for sp in z.sprites] for name, z in s.model.zones.items() if z.kind in ("hand", "pile")}
            s.model.sync(view, self.sort_key)
            for name, zone in s.model.zones.items():
                if name in before and zone.sprites:
                    for sprite in zone.sprites:
                        sprite.flip = 0.0
                        beat.tweens.append(self._flip_tween(sprite, 0.4, delay=0.02 * zone.sprites.index(sprite)))

        s.queue.push(Beat("end_show", on_start=show_hands, hold=0.3))
        colour = s.session.state.view(s.viewer).info.victorious or 0
        owners: list[object] = list(range(s.session.players)) + (["center"] if self.has_centre else [])
        for owner in owners:
            self.scores.setdefault(owner, 0)
        self.scores.clear()
        for owner in owners:
            s.queue.push(self.beat_count(owner, colour))
        s.queue.push(Beat("end_hold", hold=2.5))

    def beat_count(self, owner, colour: int) -> Beat:
        """Count one seat's (or the centre's) points: each winning stack, then each winning card."""
        s = self.scene

        def start(beat: Beat) -> None:
            self.scores[owner] = 0
            items: list[Sprite] = []
            stacks = s.model.zones.get(f"stacks:{owner}")
            if stacks is not None:
                items += [g[0] for g in stacks.groups if g and self.colour_of(g[0].card) == colour]
            hand = s.model.zones.get("center" if owner == "center" else f"hand:{owner}")
            if hand is not None:
                items += [sp for sp in hand.sprites if self.colour_of(sp.card) == colour]
            for k, sprite in enumerate(items):
                def tick(sp=sprite) -> None:
                    sp.highlight = 1.0
                    self.scores[owner] = self.scores.get(owner, 0) + 1
                beat.tweens.append(Tween(0.12, None, delay=0.16 * k, on_done=tick))

        return Beat("count", on_start=start, hold=0.35)

    @staticmethod
    def game_note(view) -> dict:
        """The centre pile's score, the victorious colour (index), the seats it beat and, per seat then
        the centre pile, [victorious stacks, victorious cards left] (the form userdata checks)."""
        info = view.info
        if info.victorious is None:
            return {}
        return {"center": info.center_score, "victorious": info.victorious, "beaten": list(info.beaten_by_center),
                "breakdown": [[row.stacks, row.cards] for row in info.breakdown]}

    def results_data(self):
        """Match points per game, plus the breakdown of the game just played: per player (and the centre
        pile) the stacks topped by the victorious colour and its cards left in hand, who was beaten."""
        from revolt_table.ui.scenes.results import ResultRow
        s = self.scene.session
        data = super().results_data()
        notes = [_facts(n) for n in s.notes]
        games = s.match.games
        centre = [n.centre for n in notes] + [None] * (games - len(notes))
        players = data.rows
        data.winners = [i for i, r in enumerate(players) if r.total == max(p.total for p in players)]
        if self.has_centre:
            data.rows = players + [ResultRow(tt("results.centre_row"),
                                             centre, sum(c for c in centre if c is not None))]
        last = notes[-1] if notes else _facts({})
        beaten = last.beaten
        if beaten:
            beaten_text = tt("end.beaten", names=", ".join(s.names[b] for b in beaten))
        else:
            beaten_text = tt("end.nobody_beaten")
        colour = self.colour_name(last.victorious or 0) if notes else ""
        data.subtitle = tt("results.subtitle", colour=colour, n=len(s.match.results), total=games, beaten=beaten_text)
        breakdown = last.breakdown
        if not self.has_centre:
            data.subtitle = tt("results.subtitle_no_centre", colour=colour, n=len(s.match.results), total=games)
        if breakdown and len(breakdown) == s.players + 1:
            data.detail_title = tt("results.detail_title", n=len(notes), colour=colour)
            data.detail_columns = [tt("results.stacks"), tt("results.in_hand"), tt("results.points")]
            data.match_title = tt("results.match_title")
            points = list(s.match.results[-1]) + [last.centre or 0] if s.match.results else []
            for i, row in enumerate(data.rows):
                stacks, in_hand = breakdown[i]
                row.detail = [str(stacks), str(in_hand), str(points[i]) if i < len(points) else ""]
                row.marked = i in beaten
            if beaten:
                data.footnote = tt("results.beaten_note", score=last.centre or 0)
        if s.match.is_over:
            data.title = tt("results.match_over", names=" & ".join(s.names[i] for i in data.winners))
        return data


@dataclass(frozen=True)
class _Facts:
    """What the results need from one finished game's note (MajorityTable.game_note)."""

    centre: int | None
    victorious: int | None
    beaten: tuple[int, ...]
    breakdown: tuple[tuple[int, int], ...]


def _facts(note: dict) -> _Facts:
    """Read a note (MajorityTable.game_note); anything of the wrong shape reads as absent."""
    def as_int(value) -> int | None:
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    rows = []
    for row in note.get("breakdown") or ():
        if isinstance(row, (list, tuple)) and len(row) == 2:
            rows.append((as_int(row[0]) or 0, as_int(row[1]) or 0))
    beaten = note.get("beaten") or ()
    return _Facts(as_int(note.get("center")), as_int(note.get("victorious")),
                  tuple(b for b in beaten if as_int(b) is not None), tuple(rows))


FAMILY_TABLE = MajorityTable
