"""The Dou Dizhu table (climbing family): bidding, the landlord, combinations, bombs and the deal result.

Layout: the two opponents at the top (nameplate with the landlord's crown, cards left, a warning at one
or two cards), each one's last play (or bid, or "Pass") laid out in front of it with its type named;
the three bottom cards between them, face down until the landlord takes them; bid and multiplier in
the top-left corner; you at the bottom-left, your 17/20 cards sorted (3 low ... 2, jokers high) and
overlapped along the bottom, your last play or the action buttons above them.
Input: click cards or drag across them to select (selected cards lift), right-click clears; Play /
Pass / Hint (Hint lifts the normal AI's proposal, again for the next one); a selection that cannot be
played says why before you try. Keys: left/right focus, Space toggles, Enter plays, P passes, H hints,
1-3 bid and 0 passes in the bidding, Backspace/Down clears.
Moments: the deal, bids, the landlord reveal (bottom cards flip for all), plays flying from the hands,
bomb/rocket (flash, shake, banner, the multiplier jumping), spring, and the deal result with the
multiplier breakdown (bid x bombs x spring) and each seat's points.

Shown state: rows, bids and the multiplier follow the events (so the animation tells the story), and
are rebuilt from the public info whenever the queue is idle (so a resumed game or a skipped moment
can never leave the table wrong).
What it knows of the game: the view's info (a `ClimbingInfo` record), the events, the legal moves and
the game's refusals; every sentence is made here from the game's Messages and the locale files
(`climbing.*` in assets/locale/<lang>.climbing.yaml), at draw time, so a language switch shows at once.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from revolt_table.ai import climbing_ai
from revolt_table.engine import Bid, Event, Message, Move, Passed, Played
from revolt_table.games import doudizhu_combos as dz
from revolt_table.ui import cards, draw, i18n, theme
from revolt_table.ui.anim import Beat, Tween, approach, ease_in_out_cubic, ease_out_back
from revolt_table.ui.table import climbing_faces as faces
from revolt_table.ui.table import climbing_select as sel
from revolt_table.ui.table import widgets
from revolt_table.ui.table.classic import ClassicTable
from revolt_table.ui.table.layout import Placement
from revolt_table.ui.table.model import Sprite, ZoneModel
from revolt_table.ui.table.render import avatar, panel_surface, thinking_dots
from revolt_table.ui.table.strings import tt

if TYPE_CHECKING:  # pragma: no cover
    from revolt_table.games.climbing import ClimbingInfo

ROW = "_row:"            # model zone of a seat's last play (ours: kept by model.sync)
BOTTOM = "_bottom"       # the three bottom cards shown between the opponents
MOMENT = "reveal"        # skippable beat name (the scene lets a click or key skip it)
WARN = (255, 120, 90)
REASON = (255, 160, 140)
BID_KEYS = {pygame.K_1: 1, pygame.K_2: 2, pygame.K_3: 3, pygame.K_KP1: 1, pygame.K_KP2: 2, pygame.K_KP3: 3}
PASS_KEYS = (pygame.K_p, pygame.K_0, pygame.K_KP0)


def ct(key: str, **fmt) -> str:
    """Dou Dizhu table text: keys under `climbing.` in assets/locale/<lang>.climbing.yaml."""
    return i18n.t("climbing." + key, **fmt)


def label(message: Message | None) -> str:
    """A combination's name shown on its own (over a play, naming the selection). The translations
    read as inside a sentence ("pair of 9s"), so the first letter is made upper case here."""
    text = i18n.say(message) if message is not None else ""
    return text[:1].upper() + text[1:]


class ClimbingTable(ClassicTable):
    family = "climbing"
    pod_height = 92            # name plate and one status line: the cards live on the table

    def __init__(self, scene) -> None:
        super().__init__(scene)
        cards.register_style("climbing", faces.spec)
        self.selected: set[int] = set()
        self.focus: int | None = None
        self.keyboard = False                      # the focus caret shows only while the keyboard is used
        self.hover: int | None = None
        self.drag: dict | None = None               # {start, value, before} while dragging across cards
        self.buttons: list[tuple[pygame.Rect, str, str, bool, bool]] = []   # rect, action, label, enabled, primary
        self.hints: list[Move] = []
        self.hint_at = -1
        self.hint_key = None
        self.rows: dict[int, dict] = {}             # seat -> {"kind": play|pass|bid|hand, "label": Message...}
        self.shown_mult = 1
        self.shown_bid = 0
        self.landlord_shown: int | None = None
        self.banner: dict | None = None             # {title, sub, colour, t0}
        self.flash = 0.0                            # white flash 0..1 (bomb, rocket)
        self.shake = 0.0                            # shake amplitude 0..1
        self.mult_pulse = 0.0
        self.fresh: set[str] = set()                # bottom cards just taken: glow in the landlord's hand
        self.fresh_time = 0.0
        self.result: dict | None = None             # the deal result panel
        self.ending = False
        self.scored = None                          # the DealScored event, for the end show
        self._synced_at = -1
        self.new_trick = False                      # a LeadRegained was shown: the next play clears the rows
        self._info_of: tuple = (None, -1)           # (state, moves) the cached info belongs to
        self._info: ClimbingInfo | None = None
        self._g = {}                                # geometry cache
        self._gkey = None

    # ================================================================ cards
    def card_image(self, card: str | None, h: int, face_up: bool) -> pygame.Surface:
        if face_up and card is not None:
            return faces.face(card, h)
        return cards.back(h)

    def sort_key(self, card: str):
        return sel.sort_key(card)

    def name(self, seat: int | None) -> str:
        s = self.scene.session
        return s.names[seat] if seat is not None and 0 <= seat < s.players else "?"

    @property
    def info(self) -> "ClimbingInfo":
        """The game's public info now (the viewer's view's record; computed once per move)."""
        s = self.scene
        state = s.session.state
        key = (state, len(state.history))
        if self._info is None or self._info_of[0] is not state or self._info_of[1] != key[1]:
            self._info_of = key
            self._info = state.view(s.viewer).info
        return self._info

    # ================================================================ geometry
    def geo(self) -> dict:
        """Our places, derived from the generic geometry (cached per layout)."""
        s, g, px = self.scene, self.scene.geom, self.scene.metrics.px
        key = (id(g), g.size)
        if key == self._gkey:
            return self._g
        self._gkey = key
        w, h = g.size
        edge = px(14)
        out: dict = {}
        bottom_pod = g.pods[g.bottom_seat].rect
        hand_h = g.hand_h
        hand = pygame.Rect(bottom_pod.right + edge, h - edge - hand_h, w - bottom_pod.right - 2 * edge, hand_h)
        out["hand"] = hand
        lift = int(hand_h * 0.18)
        btn_h = px(42)
        buttons = pygame.Rect(hand.x, hand.top - lift - px(8) - btn_h, hand.w, btn_h)
        out["buttons"] = buttons
        out["status"] = pygame.Rect(hand.x, buttons.top - px(30), hand.w, px(26))
        row_h = px(76)
        label_h = px(22)
        tops = sorted((p for p in g.pods.values() if p.side == "top"), key=lambda p: p.rect.x)
        gap_between = (tops[1].rect.centerx - tops[0].rect.centerx) if len(tops) > 1 else px(460)
        row_w = min(px(470), gap_between - px(24))
        rows: dict[int, pygame.Rect] = {}
        labels: dict[int, pygame.Rect] = {}
        for p in tops:
            r = pygame.Rect(0, 0, row_w, row_h)
            r.midtop = (p.rect.centerx, p.rect.bottom + px(8) + label_h)
            r.clamp_ip(pygame.Rect(edge, 0, w - 2 * edge, h))
            rows[p.seat] = r
            labels[p.seat] = pygame.Rect(r.x, r.y - label_h, r.w, label_h)
        me = g.bottom_seat
        r = pygame.Rect(0, 0, min(px(560), hand.w), row_h)
        r.midbottom = (hand.centerx, buttons.bottom)
        rows[me] = r
        labels[me] = pygame.Rect(r.x, r.y - label_h, r.w, label_h)
        out["rows"], out["labels"] = rows, labels
        # the bottom cards between the two opponents (or under the menu when they do not fit)
        bh = px(62)
        bw = cards.card_size(bh)[0]
        bottom = pygame.Rect(0, 0, 3 * bw + 2 * px(6), bh)
        bottom.midtop = (w // 2, edge + px(20))
        out["bottom"] = bottom
        out["bottom_h"] = bh
        # the middle of the table: banners, the result panel
        top = max(rr.bottom for s_, rr in rows.items() if s_ != me)
        out["middle"] = pygame.Rect(edge, top + px(8), w - 2 * edge, max(px(60), labels[me].top - top - px(16)))
        self._g = out
        return out

    # ================================================================ shown state
    def refresh(self, force: bool = False) -> None:
        """Rebuild rows, bids, multiplier and the bottom cards from the public info (queue idle)."""
        s = self.scene
        state = s.session.state
        if not force and (not s.queue.idle or self._synced_at == len(state.history)):
            return
        self._synced_at = len(state.history)
        info = self.info
        self.shown_mult = info.multiplier
        self.shown_bid = info.bid or info.current_bid
        self.landlord_shown = info.landlord
        rows: dict[int, dict] = {}
        if info.phase == "bidding":
            for seat, amount in info.bids:
                rows[seat] = {"kind": "bid", "amount": amount}
        else:
            if info.lead.to_beat is not None or info.phase == "over":
                for seat, lp in enumerate(info.last_plays):
                    if lp is None:
                        continue
                    if lp.type == "pass":
                        rows[seat] = {"kind": "pass"}
                    else:
                        rows[seat] = {"kind": "play", "cards": lp.cards, "label": lp.describe}
        if info.phase == "over":
            for seat in range(s.session.players):
                if seat != s.viewer and info.cards_left[seat] > 0:
                    rows[seat] = {"kind": "hand", "n": info.cards_left[seat]}
        self.rows = rows
        for seat in range(s.session.players):
            self._fill_row(seat)
        zone = s.model.zones.setdefault(BOTTOM, ZoneModel(BOTTOM, "row", None))
        ids = info.bottom_cards
        if ids:
            if tuple(sp.card for sp in zone.sprites) != ids or not all(sp.face_up for sp in zone.sprites):
                zone.sprites = [Sprite(c, True) for c in ids]
        else:
            n = s.model.zones["bottom"].count if "bottom" in s.model.zones else 3
            if len(zone.sprites) != n or any(sp.face_up for sp in zone.sprites):
                zone.sprites = [Sprite(None, False) for _ in range(n)]

    def _fill_row(self, seat: int) -> None:
        """Make the row zone of `seat` hold the cards of its row entry (keeps matching sprites)."""
        s = self.scene
        zone = s.model.zones.setdefault(ROW + str(seat), ZoneModel(ROW + str(seat), "row", seat))
        row = self.rows.get(seat)
        if row is None or row["kind"] in ("pass", "bid"):
            zone.sprites = []
            return
        if row["kind"] == "hand":
            hand = s.model.zones.get(f"hand:{seat}")
            ids = tuple(sp.card for sp in hand.sprites) if hand is not None else ()
        else:
            ids = row["cards"]
        if tuple(sp.card for sp in zone.sprites) != tuple(ids):
            zone.sprites = [Sprite(c, c is not None) for c in ids]

    # ================================================================ placements
    def placements(self) -> dict[str, Placement]:
        s, g, px = self.scene, self.scene.geom, self.scene.metrics.px
        G = self.geo()
        out: dict[str, Placement] = {}
        shake = self.shake_offset()
        for seat, pod in g.pods.items():
            if seat == g.bottom_seat:
                out[f"hand:{seat}"] = Placement("fan", G["hand"], g.hand_h, face_up=s.face_up or self.ending,
                                                z=50, max_step=0.52)
            elif not self.ending:     # at the end the hand is laid out face up in the seat's row
                pile = self.pile_rect(pod.rect)
                out[f"hand:{seat}"] = Placement("pile", pile, pile.h, face_up=False, z=20)
            row = G["rows"][seat].move(*shake)
            zone = s.model.zones.get(ROW + str(seat))
            n = len(zone.sprites) if zone is not None else 0
            h = row.h
            w = cards.card_size(h)[0]
            width = min(row.w, w + max(0, n - 1) * int(w * 0.5))
            r = pygame.Rect(0, 0, max(w, width), h)
            r.midbottom = row.midbottom
            out[ROW + str(seat)] = Placement("row", r, h, z=40, max_step=0.5)
        out[BOTTOM] = Placement("row", G["bottom"], G["bottom_h"], z=30, max_step=1.1)
        return out

    def pile_rect(self, pod: pygame.Rect) -> pygame.Rect:
        px = self.scene.metrics.px
        h = px(40)
        w = cards.card_size(h)[0]
        r = pygame.Rect(0, 0, w + px(4), h)
        r.midright = (pod.right - px(10), pod.y + px(30))
        return r

    def shake_offset(self) -> tuple[int, int]:
        if self.shake <= 0.01:
            return 0, 0
        a = self.scene.metrics.px(9) * self.shake
        t = self.scene.time
        return round(a * math.sin(t * 61)), round(a * 0.6 * math.cos(t * 47))

    # ================================================================ drawing
    def draw_static(self, surface: pygame.Surface) -> None:
        m, g = self.scene.metrics, self.scene.geom
        for pod in g.pods.values():
            surface.blit(panel_surface(pod.rect.size, m.radius, 150, theme.PANEL_EDGE), pod.rect)
        surface.blit(panel_surface(g.hud.size, m.radius, 170, theme.PANEL_EDGE), g.hud)

    def draw_under(self, surface: pygame.Surface) -> None:
        self.refresh()
        for seat, pod in self.scene.geom.pods.items():
            self.draw_pod(surface, seat, pod.rect)
        self.draw_hud(surface)
        self.draw_menu_button(surface)
        self.draw_bottom_label(surface)
        self.draw_rows(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        self.draw_focus(surface)
        self.draw_actions(surface)
        if self.result is not None and self.ending:
            self.draw_result(surface)
        if self.banner is not None:
            self.draw_banner(surface)
        if self.flash > 0.01:
            veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            veil.fill((255, 244, 220, int(150 * self.flash)))
            surface.blit(veil, (0, 0))

    # ---------------------------------------------------------------- pods
    def pod_subtitle(self, seat: int) -> str:
        landlord = self.landlord_shown
        base = super().pod_subtitle(seat)
        if landlord is None:
            return base
        role = ct("role.landlord") if seat == landlord else ct("role.farmer")
        return f"{role} · {base}" if seat != self.scene.viewer else role

    def draw_pod(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        s, m = self.scene, self.scene.metrics
        state = s.session.state
        active = seat in state.to_act and not state.is_over and s.queue.idle
        if active:
            pygame.draw.rect(surface, theme.GOLD, rect, 2, border_radius=m.radius)
        r = m.px(18)
        centre = (rect.x + m.px(12) + r, rect.y + m.px(30))
        avatar(surface, centre, r, self.name(seat), active=1.0 if active else 0.0, human=s.session.is_human(seat),
               time=s.time)
        if seat == self.landlord_shown:
            self.draw_crown(surface, (centre[0], centre[1] - r - m.px(2)), m.px(13))
        x = centre[0] + r + m.px(10)
        right = self.pod_badge(surface, seat, rect)
        name = self.name(seat)
        size = draw.fit_text(name, m.font_body, max(20, right - x - m.px(4)), bold=True)
        draw.text(surface, name, size, theme.GOLD_LIGHT if seat == s.viewer else theme.TEXT, bold=True,
                  midleft=(x, centre[1] - m.px(9)))
        if seat in s.session.thinking and s.queue.idle and not state.is_over:
            thinking_dots(surface, (x + m.px(10), centre[1] + m.px(11)), max(2, m.px(3)), s.time)
            draw.text(surface, tt("thinking"), m.font_small - m.px(2), theme.TEXT_MUTED,
                      midleft=(x + m.px(24), centre[1] + m.px(11)))
        else:
            sub = self.pod_subtitle(seat)
            colour = theme.GOLD if seat == self.landlord_shown else theme.TEXT_MUTED
            size = draw.fit_text(sub, m.font_small - m.px(2), max(20, right - x - m.px(4)))
            draw.text(surface, sub, size, colour, midleft=(x, centre[1] + m.px(11)))
        # the bottom line: cards left (and the warning at one or two)
        n = self.cards_left(seat)
        line_y = rect.bottom - m.px(16)
        if n is not None:
            text = ct("one_card") if n == 1 else ct("cards_count", n=n)
            draw.text(surface, text, m.font_small, theme.TEXT, midleft=(rect.x + m.px(14), line_y))
            if 0 < n <= 2 and self.info.phase == "play":
                pulse = 0.6 + 0.4 * math.sin(s.time * 6)
                warn = ct("warn_left", n=n)
                image = draw.render_text(warn, m.font_small, theme.TEXT_DARK, True)
                box = image.get_rect().inflate(m.px(14), m.px(4))
                box.midright = (rect.right - m.px(10), line_y)
                pygame.draw.rect(surface, theme.lerp_color(theme.DANGER, WARN, pulse), box, border_radius=box.h // 2)
                surface.blit(image, image.get_rect(center=box.center))

    def cards_left(self, seat: int) -> int | None:
        zone = self.scene.model.zones.get(f"hand:{seat}")
        return zone.count if zone is not None else None

    def pod_badge(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> int:
        """Opponents: a small face-down pile (drawn by the renderer) with the count on it."""
        s, m = self.scene, self.scene.metrics
        if seat == s.geom.bottom_seat:
            return rect.right - m.px(8)
        pile = self.pile_rect(rect)
        return pile.left - m.px(6)

    def draw_crown(self, surface: pygame.Surface, centre: tuple[int, int], size: int) -> None:
        cx, cy = centre
        w, h = size * 2, size
        pts = [(cx - w // 2, cy + h // 2), (cx - w // 2, cy - h // 3), (cx - w // 4, cy + h // 8), (cx, cy - h // 2),
               (cx + w // 4, cy + h // 8), (cx + w // 2, cy - h // 3), (cx + w // 2, cy + h // 2)]
        pygame.draw.polygon(surface, theme.GOLD_LIGHT, pts)
        pygame.draw.polygon(surface, theme.GOLD_DARK, pts, max(1, size // 7))

    # ---------------------------------------------------------------- HUD: deal, bid, multiplier
    def draw_hud(self, surface: pygame.Surface) -> None:
        s, m = self.scene, self.scene.metrics
        rect = s.geom.hud
        sess = s.session
        deal = ct("hud.deal", n=sess.game_number, total=sess.match.games)
        draw.text(surface, deal, m.font_small, theme.TEXT_MUTED, midleft=(rect.x + m.px(12), rect.y + m.px(16)))
        if self.landlord_shown is None:
            bid = ct("hud.bid", n=self.shown_bid) if self.shown_bid else ct("hud.no_bid")
            line = f"{ct('hud.bidding')} · {bid}"
        else:
            line = ct("hud.bid", n=self.shown_bid)
        size = draw.fit_text(line, m.font_small, rect.w - m.px(24), bold=True)
        draw.text(surface, line, size, theme.TEXT, bold=True, midleft=(rect.x + m.px(12), rect.y + m.px(38)))
        label = ct("hud.multiplier")
        draw.text(surface, label, m.font_small, theme.TEXT_MUTED, midleft=(rect.x + m.px(12), rect.y + m.px(68)))
        scale = 1.0 + 0.5 * self.mult_pulse
        text = f"×{self.shown_mult}"
        image = draw.render_text(text, int(m.font_heading * scale), theme.GOLD_LIGHT, True)
        surface.blit(image, image.get_rect(midright=(rect.right - m.px(14), rect.y + m.px(66))))

    def draw_bottom_label(self, surface: pygame.Surface) -> None:
        m = self.scene.metrics
        G = self.geo()
        draw.text(surface, ct("bottom_cards"), m.font_small - m.px(2), theme.TEXT_MUTED,
                  center=(G["bottom"].centerx, G["bottom"].top - m.px(10)), shadow=True)

    # ---------------------------------------------------------------- rows: last play, pass, bid
    def row_hidden(self, seat: int) -> bool:
        """The viewer's row gives way to the action buttons on the viewer's turn."""
        return seat == self.scene.geom.bottom_seat and self.can_act()

    def draw_rows(self, surface: pygame.Surface) -> None:
        s, m = self.scene, self.scene.metrics
        G = self.geo()
        shake = self.shake_offset()
        for seat in range(s.session.players):
            zone = s.model.zones.get(ROW + str(seat))
            if self.row_hidden(seat):
                if zone is not None:
                    for sp in zone.sprites:
                        sp.hidden = True
                continue
            if zone is not None:
                for sp in zone.sprites:
                    if sp.origin is None:
                        sp.hidden = False
            row = self.rows.get(seat)
            if row is None:
                continue
            area = G["rows"][seat].move(*shake)
            label_rect = G["labels"][seat].move(*shake)
            kind = row["kind"]
            if kind in ("pass", "bid"):
                if kind == "pass":
                    text, colour = ct("row.pass"), theme.TEXT
                elif row["amount"]:
                    text, colour = ct("row.bid", n=row["amount"]), theme.GOLD_LIGHT
                else:
                    text, colour = ct("row.no_bid"), theme.TEXT
                image = draw.render_text(text, m.font_heading, colour, True)
                box = image.get_rect().inflate(m.px(36), m.px(14))
                box.center = area.center
                surface.blit(panel_surface(box.size, box.h // 2, 200,
                                           theme.GOLD if colour == theme.GOLD_LIGHT else theme.PANEL_EDGE), box)
                surface.blit(image, image.get_rect(center=box.center))
                continue
            if kind == "hand":
                text = ct("row.in_hand", n=row["n"])
                colour = theme.TEXT_MUTED
            else:
                text = label(row.get("label"))
                colour = theme.GOLD_LIGHT if self._heavy(row) else theme.TEXT
            if text:
                size = draw.fit_text(text, m.font_body, label_rect.w, bold=True)
                draw.text(surface, text, size, colour, bold=True, center=label_rect.center, shadow=True)

    def _heavy(self, row: dict) -> bool:
        cards_ = row.get("cards") or ()
        c = dz.classify(sel.move_text(list(cards_))) if cards_ else None
        return c is not None and c.type in ("bomb", "rocket")

    # ---------------------------------------------------------------- actions, status, focus
    def can_act(self) -> bool:
        s = self.scene
        return (s.viewer is not None and s.face_up and s.may_act(s.viewer) and s.queue.idle
                and not s.session.state.is_over and not s.handover_open)

    def selected_cards(self) -> list[str]:
        zone = self.hand_zone()
        if zone is None:
            return []
        return [zone.sprites[i].card for i in sorted(self.selected) if i < len(zone.sprites) and zone.sprites[i].card]

    def legal(self) -> list[Move]:
        s = self.scene
        return s.session.state.legal_moves(s.viewer) if s.viewer is not None else []

    def selection_state(self) -> tuple[Move | None, Message | None]:
        """The legal move the selected cards make, or why they cannot be played (the game's refusal)."""
        s = self.scene
        state = s.session.state
        return sel.check(self.selected_cards(), self.legal(), lambda text: state.refusal(s.viewer, text))

    def action_list(self) -> list[tuple[str, str, bool, bool]]:
        """(action, label, enabled, primary) for the buttons shown now."""
        if not self.can_act():
            return []
        info = self.info
        legal = self.legal()
        if info.phase == "bidding":
            out = [("pass", ct("button.bid_pass"), True, False)]
            for mv in legal:
                if mv.text.startswith("bid"):
                    out.append((mv.text, ct("button.bid", n=mv.text[3:]), True, True))
            return out
        move, _ = self.selection_state()
        out = []
        if any(mv.text == "pass" for mv in legal):
            out.append(("pass", ct("button.pass"), True, False))
        out.append(("hint", ct("button.hint"), True, False))
        out.append(("play", ct("button.play"), move is not None, True))
        return out

    def layout_buttons(self) -> list[tuple[pygame.Rect, str, str, bool, bool]]:
        m = self.scene.metrics
        G = self.geo()
        acts = self.action_list()
        if not acts:
            return []
        strip = G["buttons"]
        bidding = acts[0][0] == "pass" and any(a[0].startswith("bid") for a in acts)
        width = m.px(120) if not bidding else m.px(96)
        gap = m.px(14)
        total = len(acts) * width + (len(acts) - 1) * gap
        x = strip.centerx - total // 2
        out = []
        for action, label, enabled, primary in acts:
            out.append((pygame.Rect(x, strip.y, width, strip.h), action, label, enabled, primary))
            x += width + gap
        return out

    def status(self) -> tuple[str, tuple[int, int, int]]:
        """The line above the buttons: what to do, what the selection is, or why it cannot be played."""
        s = self.scene
        if not self.can_act():
            return "", theme.TEXT
        info = self.info
        if info.phase == "bidding":
            if info.current_bid:
                return ct("status.bid_over", n=info.current_bid, name=self.name(info.high_bidder)), theme.TEXT
            return ct("status.bid_first"), theme.TEXT
        cards_ = self.selected_cards()
        lead = info.lead
        if cards_:
            move, reason = self.selection_state()
            if move is not None:
                return label(sel.describe(move.text)), theme.GOLD_LIGHT
            return i18n.say(reason), REASON
        if lead.to_beat is None:
            first = sum(info.plays) == 0
            return (ct("status.lead_first") if first else ct("status.lead")), theme.TEXT
        what = i18n.say(lead.describe)
        if all(mv.text == "pass" for mv in self.legal()):
            return ct("status.nothing", what=what), theme.TEXT_MUTED
        return ct("status.follow", what=what, name=self.name(lead.owner)), theme.TEXT

    def draw_actions(self, surface: pygame.Surface) -> None:
        s, m = self.scene, self.scene.metrics
        G = self.geo()
        self.buttons = self.layout_buttons()
        if not self.buttons:
            return
        text, colour = self.status()
        if text:
            size = draw.fit_text(text, m.font_body, G["status"].w - m.px(30), bold=True)
            image = draw.render_text(text, size, colour, True)
            box = image.get_rect().inflate(m.px(26), m.px(8))
            box.center = G["status"].center
            surface.blit(panel_surface(box.size, box.h // 2, 210, REASON if colour == REASON else theme.GOLD_DARK),
                         box)
            surface.blit(image, image.get_rect(center=box.center))
        mouse = widgets.mouse_pos()
        for rect, action, label, enabled, primary in self.buttons:
            key = {"play": "↵", "pass": "P", "hint": "H"}.get(action) or (action[3:] if action.startswith("bid") else "")
            if action == "pass" and self.info.phase == "bidding":
                key = "0"
            widgets.action_button(surface, m, rect, label, primary=primary, enabled=enabled,
                                  hot=enabled and rect.collidepoint(mouse), key=key, size=m.font_body)
        keys = ct("keys.bid") if self.info.phase == "bidding" else ct("keys.play")
        bottom = self.buttons[-1][0]
        room = G["buttons"].right - bottom.right - m.px(16)
        if room > m.px(120):      # one line, or two halves; left out rather than squeezed unreadable
            size = m.font_small - m.px(3)
            parts = keys.split(" · ")
            half = (len(parts) + 1) // 2
            lines = [keys] if draw.render_text(keys, size, theme.TEXT_MUTED).get_width() <= room else \
                [" · ".join(parts[:half]), " · ".join(parts[half:])]
            if all(draw.render_text(line, size, theme.TEXT_MUTED).get_width() <= room for line in lines):
                y = bottom.centery - (len(lines) - 1) * m.px(8)
                for line in lines:
                    draw.text(surface, line, size, theme.TEXT_MUTED, midleft=(bottom.right + m.px(16), y))
                    y += m.px(16)

    def draw_focus(self, surface: pygame.Surface) -> None:
        """A gold caret over the keyboard-focused card."""
        zone = self.hand_zone()
        if (self.focus is None or not self.keyboard or zone is None or not self.can_act()
                or self.focus >= len(zone.sprites)):
            return
        rect = self.scene.renderer.current_rect(zone.sprites[self.focus])
        if rect is None:
            return
        m = self.scene.metrics
        strip = pygame.Rect(rect.x, rect.y, min(rect.w, m.px(30)), rect.h)
        pygame.draw.rect(surface, theme.GOLD_LIGHT, strip.inflate(m.px(2), m.px(2)), max(2, m.px(3)),
                         border_radius=m.px(6))

    # ---------------------------------------------------------------- moments on screen
    def draw_banner(self, surface: pygame.Surface) -> None:
        s, m = self.scene, self.scene.metrics
        b = self.banner
        G = self.geo()
        age = s.time - b["t0"]
        grow = ease_out_back(min(1.0, age / 0.25)) if s.queue.speed > 0 else 1.0
        title_size = int(m.px(b.get("size", 44)) * max(0.3, grow))
        image = draw.render_text(b["title"], title_size, b["colour"], True)
        sub = b.get("sub", "")
        sub_img = draw.render_text(sub, m.font_body, theme.TEXT, False) if sub else None
        w = max(image.get_width(), sub_img.get_width() if sub_img else 0) + m.px(60)
        h = image.get_height() + (sub_img.get_height() + m.px(8) if sub_img else 0) + m.px(28)
        box = pygame.Rect(0, 0, min(w, G["middle"].w), h)
        box.center = G["middle"].center
        surface.blit(panel_surface(box.size, m.radius * 2, 225, b["colour"], edge_w=2), box)
        y = box.y + m.px(14)
        surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
        if sub_img is not None:
            surface.blit(sub_img, sub_img.get_rect(midtop=(box.centerx, y + image.get_height() + m.px(6))))

    def draw_result(self, surface: pygame.Surface) -> None:
        s, m = self.scene, self.scene.metrics
        r = self.result
        G = self.geo()
        lines: list[tuple[str, int, tuple, bool]] = []
        viewer = s.viewer if s.face_up or not s.session.hot_seat else None
        title = ct("end.landlord_wins") if r["side"] == "landlord" else ct("end.farmers_win")
        lines.append((title, m.font_title, theme.GOLD_LIGHT, True))
        if viewer is not None and len(s.session.humans) == 1:
            mine = r["deltas"][viewer]
            lines.append((ct("end.you_win") if mine > 0 else ct("end.you_lose"), m.font_body,
                          theme.TEXT if mine > 0 else REASON, True))
        lines.append((self.formula(r), m.font_body, theme.TEXT, False))
        per = "   ".join(ct("end.per_seat", name=self.name(i), delta=f"{d:+d}") for i, d in enumerate(r["deltas"]))
        lines.append((per, m.font_heading, theme.GOLD_LIGHT, True))
        if s.queue.idle:
            lines.append((ct("end.continue"), m.font_small, theme.TEXT_MUTED, False))
        width = min(G["middle"].w, m.px(720))
        heights = [size + m.px(10) for _, size, _, _ in lines]
        box = pygame.Rect(0, 0, width, sum(heights) + m.px(24))
        box.center = G["middle"].center
        if box.h > G["middle"].h:
            box.top = G["middle"].top
        surface.blit(panel_surface(box.size, m.radius * 2, 235, theme.GOLD, edge_w=2), box)
        y = box.y + m.px(12)
        for (text, size, colour, bold), hh in zip(lines, heights):
            size = draw.fit_text(text, size, box.w - m.px(28), bold)
            draw.text(surface, text, size, colour, bold=bold, center=(box.centerx, y + hh // 2), shadow=True)
            y += hh

    def formula(self, r: dict) -> str:
        """"Bid 2 × bomb ×2 × spring ×2 = 8" (the multiplier breakdown)."""
        parts = [f"{ct('hud.bid', n=r['bid'])}"]
        for reason, f in r["breakdown"]:
            parts.append(ct("end.reason." + reason, f=f))
        if len(parts) == 1:
            parts.append(ct("end.breakdown_none"))
        return ct("end.formula_line", parts=" × ".join(parts), unit=r["bid"] * r["multiplier"])

    # ================================================================ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        s = self.scene
        if self.menu_clicked(event):
            return True
        if not self.can_act():
            self.drag = None
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.keyboard = False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, action, _label, enabled, _p in self.buttons or self.layout_buttons():
                if rect.collidepoint(event.pos):
                    if enabled:
                        self.do(action)
                    return True
            index = self.card_at(event.pos)
            if index is None:
                return False
            value = index not in self.selected
            self.drag = {"start": index, "value": value, "before": set(self.selected), "last": index}
            self._apply_drag(index)
            self.focus = index
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected.clear()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.card_at(event.pos)
            if self.drag is not None and event.buttons and event.buttons[0]:
                index = self.card_at(event.pos)
                if index is not None and index != self.drag["last"]:
                    self.drag["last"] = index
                    self._apply_drag(index)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.drag is not None:
                self.drag = None
                return True
            return False
        if event.type == pygame.KEYDOWN:
            self.keyboard = True
            return self.key(event.key)
        return False

    def _apply_drag(self, index: int) -> None:
        d = self.drag
        lo, hi = sorted((d["start"], index))
        chosen = set(d["before"])
        for i in range(lo, hi + 1):
            if d["value"]:
                chosen.add(i)
            else:
                chosen.discard(i)
        self.selected = chosen
        self.hint_at = -1

    def key(self, k: int) -> bool:
        info = self.info
        zone = self.hand_zone()
        n = len(zone.sprites) if zone is not None else 0
        if info.phase == "bidding":
            if k in BID_KEYS and f"bid{BID_KEYS[k]}" in [mv.text for mv in self.legal()]:
                self.do(f"bid{BID_KEYS[k]}")
                return True
            if k in PASS_KEYS:
                self.do("pass")
                return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and n:
            step = -1 if k == pygame.K_LEFT else 1
            cur = self.focus if self.focus is not None else (-1 if step > 0 else n)
            self.focus = max(0, min(n - 1, cur + step))
            return True
        if k == pygame.K_SPACE and n:
            if self.focus is None:
                self.focus = 0
            else:
                self.selected ^= {self.focus}
                self.hint_at = -1
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.do("play")
            return True
        if k == pygame.K_p:
            if any(mv.text == "pass" for mv in self.legal()):
                self.do("pass")
            return True
        if k == pygame.K_h:
            self.do("hint")
            return True
        if k in (pygame.K_BACKSPACE, pygame.K_DOWN):
            self.selected.clear()
            return True
        if k == pygame.K_UP and self.focus is not None:
            self.selected.add(self.focus)
            return True
        return False

    def do(self, action: str) -> None:
        s = self.scene
        legal = self.legal()
        if action == "hint":
            self.hint()
            return
        if action == "play":
            move, _ = self.selection_state()
            if move is None:
                return
            zone = self.hand_zone()
            if zone is not None:          # the cards the player picked are the ones that fly
                hand = [sp.card for sp in zone.sprites]
                for sp, cid in zip(zone.sprites, sel.relabel(hand, sorted(self.selected), move.text)):
                    sp.card = cid
            self.submit(move)
            return
        move = next((mv for mv in legal if mv.text == action), None)
        if move is not None:
            self.submit(move)

    def submit(self, move: Move) -> None:
        s = self.scene
        self.selected.clear()
        self.hint_at = -1
        self.drag = None
        s.play(s.viewer, move)

    def hint(self) -> None:
        """Lift the normal AI's proposal; pressed again, the next legal play (cheapest first)."""
        s = self.scene
        state = s.session.state
        key = len(state.history)
        legal = self.legal()
        if self.hint_key != key or not self.hints:
            first = climbing_ai.hint(state.view(s.viewer), legal)
            self.hints = sel.hint_cycle(first, legal)
            self.hint_key = key
            self.hint_at = -1
        self.hint_at = (self.hint_at + 1) % len(self.hints)
        move = self.hints[self.hint_at]
        zone = self.hand_zone()
        if move.text == "pass" or zone is None:
            self.selected.clear()
            return
        self.selected = set(sel.pick([sp.card for sp in zone.sprites], move.text))

    def reset_input(self) -> None:
        self.selected.clear()
        self.focus = self.hover = None
        self.drag = None
        self.hint_at = -1

    # ================================================================ per frame
    def update(self, dt: float) -> None:
        s = self.scene
        self.flash = approach(self.flash, 0.0, 5.0, dt)
        self.shake = approach(self.shake, 0.0, 4.0, dt)
        self.mult_pulse = approach(self.mult_pulse, 0.0, 4.0, dt)
        if self.fresh:
            self.fresh_time -= dt
            if self.fresh_time <= 0:
                self.fresh = set()
        zone = self.hand_zone()
        if zone is None:
            return
        active = self.can_act()
        n = len(zone.sprites)
        self.selected = {i for i in self.selected if i < n}
        if not active and not self.fresh:
            self.selected.clear()
        if self.focus is not None and self.focus >= n:
            self.focus = n - 1 if n else None
        for i, sprite in enumerate(zone.sprites):
            if sprite.origin is not None:
                continue
            target = 0.18 if (active and i in self.selected) else (0.05 if active and i == self.hover else 0.0)
            sprite.lift = approach(sprite.lift, target, 20.0, dt) if s.queue.speed > 0 else target
            glow = 1.0 if sprite.card in self.fresh else 0.0
            sprite.highlight = approach(sprite.highlight, glow, 10.0, dt) if s.queue.speed > 0 else glow

    # ================================================================ moments
    def deal(self) -> None:
        """Deal the hands from the middle, then put the three bottom cards between the opponents."""
        s = self.scene
        self.refresh(force=True)
        G = self.geo()
        deck = pygame.Rect((0, 0), cards.card_size(s.geom.table_h))
        deck.center = G["middle"].center
        hands = [s.model.zones[f"hand:{i}"] for i in range(s.session.players) if f"hand:{i}" in s.model.zones]
        sprites = []
        for i in range(max((len(z.sprites) for z in hands), default=0)):
            for zone in hands:
                if i < len(zone.sprites):
                    sprites.append(zone.sprites[i])
        sprites += s.model.zones[BOTTOM].sprites
        beat = Beat("deal")
        step = min(0.025, 1.4 / max(1, len(sprites)))
        for k, sprite in enumerate(sprites):
            beat.tweens.append(self.fly_tween(sprite, deck, 0.32, delay=k * step, flip_after=sprite.face_up))
        s.queue.push(beat)

    def push_beat(self, name: str, start=None, hold: float = 0.0, end=None) -> None:
        def on_start(beat: Beat) -> None:
            if start is not None:
                start(beat)

        self.scene.queue.push(Beat(name, on_start=on_start, on_end=end, hold=hold))

    def show_banner(self, title: str, sub: str = "", colour=theme.GOLD_LIGHT, size: int = 44) -> None:
        self.banner = {"title": title, "sub": sub, "colour": colour, "t0": self.scene.time, "size": size}

    def clear_banner(self) -> None:
        self.banner = None

    def on_events(self, seat: int | None, move: Move | None, events: list[Event]) -> None:
        for e in events:
            name = type(e).__name__
            if isinstance(e, Bid):
                self.ev_bid(e)
            elif name == "Redeal":
                self.ev_redeal(e)
            elif name == "LandlordChosen":
                self.ev_landlord(e)
            elif isinstance(e, Played):
                self.ev_played(e)
            elif isinstance(e, Passed):
                self.ev_passed(e)
            elif name == "LeadRegained":
                self.ev_lead(e)
            elif name == "Doubled":
                self.ev_doubled(e)
            elif name == "DealScored":
                self.scored = e           # its show is the end show (push_end_beats)

    def ev_bid(self, e) -> None:
        def start(beat: Beat) -> None:
            self.sound("deal", 0.6)
            self.rows[e.seat] = {"kind": "bid", "amount": e.amount}
            if e.amount:
                self.shown_bid = e.amount
        self.push_beat("choose", start, hold=0.45)

    def ev_redeal(self, e) -> None:
        s = self.scene

        def start(beat: Beat) -> None:
            self.show_banner(ct("banner.redeal"), ct("banner.redeal_sub"))

        def end() -> None:
            self.clear_banner()
            s.model.sync(s.session.state.view(s.view_seat), self.sort_key)
            self.rows = {}
            self.refresh(force=True)
            self.deal()
        self.push_beat(MOMENT, start, hold=1.4, end=end)

    def ev_landlord(self, e) -> None:
        s = self.scene

        def start(beat: Beat) -> None:
            self.sound("flip")
            self.landlord_shown = e.seat
            self.shown_bid = e.bid
            you = e.seat == s.viewer and s.face_up and len(s.session.humans) == 1
            self.show_banner(ct("banner.landlord_you") if you else ct("banner.landlord", name=self.name(e.seat)),
                             ct("banner.landlord_sub", n=e.bid, name=self.name(e.seat)), size=36)
            zone = s.model.zones.setdefault(BOTTOM, ZoneModel(BOTTOM, "row", None))
            if len(zone.sprites) != len(e.bottom):
                zone.sprites = [Sprite(None, False) for _ in e.bottom]
            for k, (sprite, cid) in enumerate(zip(zone.sprites, e.bottom)):
                sprite.card, sprite.face_up, sprite.flip = cid, True, 0.0
                beat.tweens.append(Tween(0.45, lambda t, sp=sprite: setattr(sp, "flip", t), ease_in_out_cubic,
                                         delay=0.15 * k))

        def end() -> None:
            self.clear_banner()
            self.rows = {}
            for i in range(s.session.players):
                self._fill_row(i)
            s.model.sync(s.session.state.view(s.view_seat), self.sort_key)
            if e.seat == s.viewer and s.face_up:
                self.fresh = set(e.bottom)
                self.fresh_time = 2.5
        self.push_beat(MOMENT, start, hold=1.3, end=end)

    def _take_from_hand(self, seat: int, cards_: tuple[str, ...]) -> list[tuple[Sprite, pygame.Rect | None]]:
        """Sprites for `cards_` leaving `seat`'s hand (with where they are now), removed from the hand."""
        s = self.scene
        hand = s.model.zones.get(f"hand:{seat}")
        out = []
        for cid in cards_:
            sprite = None
            if hand is not None:
                sprite = next((sp for sp in hand.sprites if sp.card == cid), None)
                if sprite is None:
                    sprite = next((sp for sp in reversed(hand.sprites) if sp.card is None), None)
            if sprite is None:
                out.append((Sprite(cid, True), s.renderer.rect_of(hand.sprites[0]) if hand and hand.sprites else None))
                continue
            rect = s.renderer.current_rect(sprite) or s.renderer.rect_of(sprite)
            hand.sprites.remove(sprite)
            sprite.lift = 0.0
            sprite.highlight = 0.0
            out.append((sprite, rect))
        return out

    def ev_played(self, e: Played) -> None:
        s = self.scene
        name = sel.describe(e.text)

        def start(beat: Beat) -> None:
            self.sound("deal")
            if self.new_trick or not any(r["kind"] == "play" for r in self.rows.values()):
                self.rows = {}
                for i in range(s.session.players):
                    self._fill_row(i)
            self.new_trick = False
            self.rows[e.seat] = {"kind": "play", "cards": tuple(e.cards), "label": name}
            zone = s.model.zones.setdefault(ROW + str(e.seat), ZoneModel(ROW + str(e.seat), "row", e.seat))
            taken = self._take_from_hand(e.seat, tuple(e.cards))
            zone.sprites = []
            for (sprite, origin), cid in zip(taken, e.cards):
                was_up = sprite.face_up and sprite.flip >= 1
                sprite.card, sprite.face_up = cid, True
                sprite.hidden = False
                zone.sprites.append(sprite)
                sprite.fly_from(origin, 0.08)
                f0 = 1.0 if was_up else 0.0
                sprite.flip = f0

                def upd(t: float, sp=sprite, f0=f0) -> None:
                    sp.progress = t
                    sp.flip = f0 + (1.0 - f0) * t
                beat.tweens.append(Tween(0.34, upd, ease_in_out_cubic, on_done=sprite.land))
        self.push_beat("choose", start, hold=0.25)

    def ev_passed(self, e: Passed) -> None:
        def start(beat: Beat) -> None:
            self.sound("deal", 0.3)
            self.rows[e.seat] = {"kind": "pass"}
            self._fill_row(e.seat)
        self.push_beat("choose", start, hold=0.35)

    def ev_lead(self, e) -> None:
        s = self.scene

        def end() -> None:
            self.new_trick = True
            self.rows = {}
            for i in range(s.session.players):
                self._fill_row(i)
            self.sound("sweep", 0.5)
        self.push_beat("choose", None, hold=0.5, end=end)

    def ev_doubled(self, e) -> None:
        reason = e.reason

        def start(beat: Beat) -> None:
            colour = (255, 200, 80) if reason in ("bomb", "rocket") else theme.GOLD_LIGHT
            self.show_banner(ct("banner." + reason), ct("banner.doubled", n=e.multiplier), colour,
                             size=64 if reason in ("bomb", "rocket") else 52)
            self.shown_mult = e.multiplier
            self.mult_pulse = 1.0
            if reason in ("bomb", "rocket"):
                self.flash = 1.0
                self.shake = 1.0
                self.sound("fanfare", 0.8)
            else:
                self.sound("chime")

        self.push_beat(MOMENT, start, hold=1.2, end=self.clear_banner)

    def push_end_beats(self) -> None:
        """The deal's result: every hand turned up and the panel with the multiplier breakdown."""
        s, e = self.scene, self.scored
        if e is None:
            return

        def start(beat: Beat) -> None:
            self.ending = True
            self.result = {"side": e.side, "bid": e.bid, "multiplier": e.multiplier, "breakdown": e.breakdown,
                           "deltas": e.deltas, "winner": e.winner}
            self.sound("fanfare")
            s.model.sync(s.session.state.view(s.viewer), self.sort_key)
            self._synced_at = -1
            self.refresh(force=True)
            for seat in range(s.session.players):
                for sprite in s.model.zones[ROW + str(seat)].sprites:
                    if self.rows.get(seat, {}).get("kind") == "hand":
                        sprite.flip = 0.0
                        beat.tweens.append(Tween(0.4, lambda t, sp=sprite: setattr(sp, "flip", t)))
        s.queue.push(Beat("end_show", on_start=start, hold=4.0))

    # ================================================================ results
    def results_data(self):
        from revolt_table.ui.scenes.results import ResultRow, ResultsData
        sess = self.scene.session
        games = sess.match.games
        cols = [tt("results.game", n=i + 1) for i in range(games)]
        rows = []
        for seat in range(sess.players):
            pts = [r[seat] for r in sess.match.results] + [None] * (games - len(sess.match.results))
            rows.append(ResultRow(sess.names[seat], pts, sum(p for p in pts if p is not None)))
        data = ResultsData(cols, rows)
        state = sess.state
        info = self.info
        result = info.result
        if result is not None and info.landlord is not None:
            landlord = info.landlord
            side = ct("end.landlord_wins") if result.side == "landlord" else ct("end.farmers_win")
            parts = " × ".join(ct("end.reason." + r, f=f) for r, f in result.breakdown)
            if parts:
                data.subtitle = ct("results.subtitle", side=side, bid=info.bid, parts=parts, mult=info.multiplier)
            else:
                data.subtitle = ct("results.subtitle_plain", side=side, bid=info.bid)
            data.detail_title = ct("results.detail_title", n=len(sess.match.results))
            data.detail_columns = [ct("results.role"), ct("results.left"), ct("results.points")]
            data.match_title = ct("results.match_title")
            last = sess.match.results[-1] if sess.match.results else state.scores
            for seat, row in enumerate(data.rows):
                role = ct("role.landlord") if seat == landlord else ct("role.farmer")
                row.detail = [role, str(info.cards_left[seat]), f"{last[seat]:+d}"]
                row.marked = last[seat] < 0
        if sess.match.is_over:
            best = max(r.total for r in data.rows)
            data.winners = [i for i, r in enumerate(data.rows) if r.total == best]
            data.title = ct("results.match_over", names=" & ".join(data.rows[i].name for i in data.winners))
        return data


FAMILY_TABLE = ClimbingTable
