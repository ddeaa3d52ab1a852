"""The Revolución table (bomb family): the timer track to the Palace, the bomb, the parties, the duel.

Layout: opponents' pods around the edge (name, lieutenants as pawns in the party colour and emblem,
support coins, cards in hand, the bomb when they hold it, the cards a winning attacker left on the
table); the board in the middle with the timer track from the start spot to the Presidential Palace
and the bomb token on it; the duel panel under the track while an attack runs; the climate token and
the round in the top-left corner; deck, discard and support supply in the bottom-right pod; the
viewer's hand at the bottom with the prompt and the action buttons above it.
Input: click cards to select them (number keys, arrows + Space too), then a button (Enter plays the
focused one, Up/Down move the focus) or a seat when the move needs a target; Tab opens the list of
every legal move. Reactions come as buttons ("Play Fort" / "No") with the card that allows them lit.
Moments: the bomb flies from seat to seat while it steps along the track, climates and rounds are
announced, played cards are shown large, the duel rolls its dice and counts its totals, explosions
burst on the victim's seat, lost lieutenants fall.
"""

from __future__ import annotations

import math
import random

import pygame

from revolt_table.engine import Event, Move, Played
from revolt_table.games.bomb_info import BombInfo, PhaseContext
from revolt_table.games.bomb_events import (AttackDeclared, AttackResolved, BombMoved, CardStolen, ClimateChanged,
                                            Disarmed, Eliminated, Exploded, LieutenantLost, LieutenantSaved,
                                            RoundStarted, SupportChanged, TimerAdvanced)
from revolt_table.ui import cards, draw, i18n, theme
from revolt_table.ui.anim import Beat, Tween, approach, ease_in_out_cubic, ease_out_cubic
from revolt_table.ui.table import bomb_faces as faces
from revolt_table.ui.table import bomb_moves, widgets
from revolt_table.ui.table.classic import NUMBER_KEYS, ClassicTable
from revolt_table.ui.table.layout import Placement
from revolt_table.ui.table.model import Sprite
from revolt_table.ui.table.render import avatar, panel_surface, thinking_dots

ATTACK_PHASES = ("fort", "commit_a", "commit_d", "tactic_a", "tactic_d", "after_a", "after_d")
REACTION_PHASES = ("fort", "tactic_a", "tactic_d", "after_a", "after_d", "massacre", "explosion", "wrongwire",
                   "irish", "dig")
BEAT = "reveal"          # the scene's skippable beat names: a click or key skips our moments
DUEL_BEAT = "fight"


def bt(key: str, **fmt) -> str:
    """Revolución table text: keys under `bomb.` in assets/locale/<lang>.bomb.yaml."""
    return i18n.t("bomb." + key, **fmt)


class BombTable(ClassicTable):
    family = "bomb"
    pod_height = 132
    top_row = "packed"         # the timer track spans under them

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.rules = scene.session.rules
        self.params = self.rules.params
        self.painter = faces.FacePainter(self.rules)
        cards.register_style("bomb", self.painter.spec)
        self.order = dict(self.params.rank)
        self._info_key: tuple | None = None
        self._info: BombInfo | None = None
        self.shown: dict = {}
        self._shown_at = -1
        self.refresh_shown(force=True)
        self.selected: list[int] = []
        self._selected_hand: tuple = ()             # the hand the selected indices point into
        self.hover: int | None = None
        self.focus_card: int | None = None
        self.button_focus = 0
        self.buttons: list[tuple[pygame.Rect, bomb_moves.MoveInfo | None]] = []
        self.list_open = False
        self.list_focus = 0
        self.list_scroll = 0
        self.list_rows: list[tuple[pygame.Rect, int]] = []
        self.banner: tuple[str, tuple[int, int, int]] | None = None
        self.banner_card: str | None = None
        self.flight: dict | None = None            # the bomb in the air between two seats
        self.track_pos: float | None = None        # animated bomb position on the track (steps taken)
        self.blast: dict | None = None             # an explosion on a seat
        self.flash: dict[int, float] = {}          # seat -> time a lieutenant fell
        self.duel: dict | None = None              # the last fight's result while it is shown
        self.duel_roll = 1.0                       # 0..1 dice rolling, totals shown at 1
        self.steal: dict | None = None
        self.climate_pulse = 0.0
        self.log: list[str] = []                   # the last announcements, shown while the table waits
        self._geom_key = None
        self._board = self._track = self._prompt = self._actions = self._hint = pygame.Rect(0, 0, 1, 1)

    # ================================================================ shown state
    def info(self) -> BombInfo:
        """The game's public info as it is now (a spectator's view), read once per move."""
        state = self.scene.session.state
        key = (id(state), len(state.history))
        if self._info_key != key or self._info is None:
            self._info_key, self._info = key, state.view(None).info
        return self._info

    def refresh_shown(self, force: bool = False) -> None:
        """Keep the displayed tokens equal to the game once the animations have caught up."""
        state = self.scene.session.state
        if force or (self.scene.queue.idle and self._shown_at != len(state.history)):
            info = self.info()
            self.shown = {"timer": info["timer"], "timer_start": info["timer_start"], "bomb": info["bomb"],
                          "lieutenants": list(info["lieutenants"]), "support": list(info["support"]),
                          "supply": info["supply"], "climate": info["climate"], "round": info["round_no"],
                          "phase": info["phase"], "ctx": info["ctx"], "winner": info["winner"]}
            self._shown_at = len(state.history)
            self.track_pos = None
            if info["phase"] not in ("after_a", "after_d"):
                self.duel = None

    def card_image(self, card: str | None, h: int, face_up: bool) -> pygame.Surface:
        """Readable faces (see bomb_faces)."""
        if face_up and card is not None:
            return self.painter.face(card, h)
        return cards.back(h)

    def sort_key(self, card: str):
        return self.order.get(card, 99), card

    def say(self, key: str, subject: int | None, **fmt) -> str:
        """An announcement; when its subject is the one human at the table, the "you" form of it."""
        s = self.scene
        if (subject is not None and subject == s.viewer and not s.session.hot_seat
                and i18n.has(f"bomb.{key}_you")):
            key += "_you"
        return bt(key, **fmt)

    def _sound(self, name: str, gain: float = 1.0) -> None:
        play = getattr(self, "sound", None)         # the shared table sounds, where the base has them
        if play is not None:
            play(name, gain)

    def name(self, seat: int | None) -> str:
        s = self.scene
        if seat is None or not (0 <= seat < s.session.players):
            return "?"
        return s.session.names[seat]

    # ================================================================ geometry
    def fix_geometry(self) -> None:
        """Our board and button strip (the top pods come packed side by side: top_row = "packed")."""
        g, px = self.scene.geom, self.scene.metrics.px
        key = (id(g), g.size)
        if self._geom_key == key:
            return
        self._geom_key = key
        w = g.size[0]
        left = max([p.rect.right for p in g.pods.values() if p.side == "left"] + [px(14)]) + px(14)
        right = min([p.rect.left for p in g.pods.values() if p.side == "right"] + [w - px(14)]) - px(14)
        top = max([p.rect.bottom for p in g.pods.values() if p.side == "top"] + [g.hud.bottom]) + px(10)
        lift = int(g.hand_h * 0.27)                  # a selected card rises this much
        self._actions = pygame.Rect(g.hand.x, g.hand.top - lift - px(46), g.hand.w, px(40))
        self._prompt = pygame.Rect(g.hand.x, self._actions.top - px(34), g.hand.w, px(30))
        self._hint = pygame.Rect(g.hand.x, self._prompt.top - px(22), g.hand.w, px(20))
        bottom = self._hint.top - px(4)
        self._board = pygame.Rect(left, top, max(10, right - left), max(10, bottom - top))
        track_h = min(px(78), self._board.h // 3)
        self._track = pygame.Rect(self._board.x + px(8), self._board.y, self._board.w - px(16), track_h)

    def board(self) -> pygame.Rect:
        self.fix_geometry()
        return self._board

    def duel_rect(self) -> pygame.Rect:
        self.fix_geometry()
        px = self.scene.metrics.px
        b = self._board
        r = pygame.Rect(0, 0, min(b.w, px(660)), b.bottom - self._track.bottom - px(8))
        r.midtop = (b.centerx, self._track.bottom + px(8))
        return r

    def pod_rows(self, rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        px = self.scene.metrics.px
        head = pygame.Rect(rect.x, rect.y, rect.w, px(46))
        tokens = pygame.Rect(rect.x + px(10), head.bottom, rect.w - px(20), px(34))
        table = pygame.Rect(rect.x + px(10), tokens.bottom + px(4), rect.w - px(20),
                            max(4, rect.bottom - tokens.bottom - px(8)))
        return head, tokens, table

    def placements(self) -> dict[str, Placement]:
        s, g, px = self.scene, self.scene.geom, self.scene.metrics.px
        self.fix_geometry()
        out: dict[str, Placement] = {}
        over = s.session.state.is_over
        for seat, pod in g.pods.items():
            if seat == s.viewer or (s.viewer is None and seat == g.bottom_seat):
                out[f"hand:{seat}"] = Placement("fan", g.hand, g.hand_h, face_up=s.face_up or over, arc=0.04,
                                                z=50, max_step=1.04)
            _, _, table = self.pod_rows(pod.rect)
            h = max(16, min(g.mini_h + px(4), table.h))
            out[f"table:{seat}"] = Placement("row", table, h, z=15, max_step=0.6)
        a, d = self.duel_seats()
        if a is not None:
            for side, seat in enumerate((a, d)):
                row, _ = self.duel_half(side)
                out[f"fight:{seat}"] = Placement("row", row, row.h, z=40, max_step=1.05)
        return out

    def duel_half(self, side: int) -> tuple[pygame.Rect, pygame.Rect]:
        """(cards row, numbers column) of one side of the duel panel: 0 attacker (left), 1 defender."""
        px = self.scene.metrics.px
        duel = self.duel_rect()
        x = duel.x + px(14) if side == 0 else duel.centerx + px(34)
        w = duel.w // 2 - px(48)
        top = duel.y + px(32)
        h = max(20, min(px(112), duel.bottom - px(10) - top))
        numbers = pygame.Rect(x + w - px(96), top, px(96), h)
        cards_w = max(px(40), w - px(102))
        return pygame.Rect(x, top, cards_w, h), numbers

    def duel_seats(self) -> tuple[int | None, int | None]:
        if self.duel is not None:
            return self.duel["attacker"], self.duel["defender"]
        ctx = self.shown.get("ctx") or PhaseContext()
        if self.shown.get("phase") in ATTACK_PHASES and ctx.attacker is not None:
            return ctx.attacker, ctx.defender
        return None, None

    # ================================================================ drawing
    def draw_static(self, surface: pygame.Surface) -> None:
        self.fix_geometry()
        g, m = self.scene.geom, self.scene.metrics
        for pod in g.pods.values():
            surface.blit(panel_surface(pod.rect.size, m.radius, 150, theme.PANEL_EDGE), pod.rect)
        surface.blit(panel_surface(g.centre_pod.size, m.radius, 150, theme.PANEL_EDGE), g.centre_pod)
        surface.blit(panel_surface(g.hud.size, m.radius, 170, theme.PANEL_EDGE), g.hud)
        surface.blit(panel_surface(self._track.size, m.radius, 170, theme.GOLD_DARK), self._track)

    def draw_under(self, surface: pygame.Surface) -> None:
        self.fix_geometry()
        for seat, pod in self.scene.geom.pods.items():
            self.draw_pod(surface, seat, pod.rect)
        self.draw_hud(surface)
        self.draw_supply(surface)
        self.draw_menu_button(surface)
        self.draw_track(surface)
        if self.duel_seats()[0] is not None:
            self.draw_duel_panel(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        self.draw_flight(surface)
        self.draw_blast(surface)
        self.draw_steal(surface)
        if self.duel is not None:
            self.draw_duel_numbers(surface)
        if self.banner is None and self.duel_seats()[0] is None:
            self.draw_log(surface)
        self.draw_banner(surface)
        s = self.scene
        if s.session.state.is_over and s.queue.idle:
            return
        self.draw_prompt_and_actions(surface)
        if self.list_open:
            self.draw_move_list(surface)

    # ---------------------------------------------------------------- pods
    def pod_subtitle(self, seat: int) -> str:
        if self.shown["lieutenants"][seat] <= 0:
            return bt("pod.out")
        return super().pod_subtitle(seat)

    def draw_pod(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        s, m, px = self.scene, self.scene.metrics, self.scene.metrics.px
        state = s.session.state
        alive = self.shown["lieutenants"][seat] > 0
        acting = seat in state.to_act and not state.is_over and s.queue.idle
        if acting:
            pygame.draw.rect(surface, theme.GOLD, rect, max(2, px(2)), border_radius=m.radius)
        if self.is_target(seat):
            pulse = 0.5 + 0.5 * math.sin(s.time * 6)
            colour = theme.lerp_color(theme.GOLD_DARK, theme.GOLD_LIGHT, pulse)
            pygame.draw.rect(surface, colour, rect.inflate(px(6), px(6)), max(2, px(3)), border_radius=m.radius + px(3))
        head, tokens, _ = self.pod_rows(rect)
        r = px(16)
        centre = (head.x + px(10) + r, head.centery)
        name = s.session.names[seat]
        avatar(surface, centre, r, name, active=1.0 if acting else 0.0, human=s.session.is_human(seat), time=s.time)
        emblem = faces.party_emblem(px(16), seat)
        surface.blit(emblem, emblem.get_rect(center=(centre[0] + r - px(2), centre[1] + r - px(2))))
        x = centre[0] + r + px(8)
        right = self.pod_badge(surface, seat, head)
        size = draw.fit_text(name, m.font_body, max(20, right - x - px(4)), bold=True)
        colour = theme.GOLD_LIGHT if seat == s.viewer else (theme.TEXT if alive else theme.TEXT_MUTED)
        draw.text(surface, name, size, colour, bold=True, midleft=(x, head.centery - px(8)))
        if seat in s.session.thinking and s.queue.idle and not state.is_over:
            thinking_dots(surface, (x + px(10), head.centery + px(10)), max(2, px(3)), s.time)
            draw.text(surface, i18n.t("table.thinking"), m.font_small - px(2), theme.TEXT_MUTED,
                      midleft=(x + px(24), head.centery + px(10)))
        else:
            draw.text(surface, self.pod_subtitle(seat), m.font_small - px(2), theme.TEXT_MUTED,
                      midleft=(x, head.centery + px(10)))
        # lieutenants, then support coins
        total = self.params.lieutenants
        left = self.shown["lieutenants"][seat]
        size = min(tokens.h, px(30))
        for k in range(total):
            icon = faces.lieutenant_icon(size, seat, k < left)
            pos = (tokens.x + k * (size + px(2)), tokens.centery - size // 2)
            if k == left and seat in self.flash:          # the one that just fell: shake and fade
                age = s.time - self.flash[seat]
                if age < 1.2:
                    pos = (pos[0] + round(math.sin(age * 40) * px(3) * (1.2 - age)), pos[1])
                    glow = faces.burst(size + px(10))
                    glow.set_alpha(int(255 * max(0.0, 1 - age)))
                    surface.blit(glow, glow.get_rect(center=(pos[0] + size // 2, pos[1] + size // 2)))
            surface.blit(icon, pos)
        sp = self.shown["support"][seat]
        cx = tokens.x + total * (size + px(2)) + px(10)
        coin = faces.coin_icon(px(22))
        surface.blit(coin, coin.get_rect(midleft=(cx, tokens.centery)))
        draw.text(surface, f"×{sp}", m.font_small, theme.GOLD_LIGHT if sp else theme.TEXT_MUTED, bold=True,
                  midleft=(cx + px(24), tokens.centery))
        # the bomb on its holder's pod (not while it flies)
        if self.shown.get("bomb") == seat and self.flight is None and not state.is_over:
            big = px(48)
            wobble = math.sin(s.time * 7) * px(2)
            icon = faces.bomb_icon(big)
            surface.blit(icon, icon.get_rect(center=(rect.right - px(30), tokens.centery + px(6) + wobble)))
        if not alive:
            surface.blit(panel_surface(rect.size, m.radius, 120, theme.PANEL, theme.SHADOW), rect)

    def pod_badge(self, surface: pygame.Surface, seat: int, head: pygame.Rect) -> int:
        s, m, px = self.scene, self.scene.metrics, self.scene.metrics.px
        hand = s.model.zones.get(f"hand:{seat}")
        if hand is None or seat == s.viewer:
            return head.right - px(8)
        w, h = cards.card_size(px(26))
        back = cards.back(px(26))
        r = pygame.Rect(0, 0, w + px(28), h)
        r.midright = (head.right - px(8), head.centery)
        surface.blit(back, back.get_rect(midleft=r.midleft))
        draw.text(surface, str(hand.count), m.font_small, theme.TEXT, bold=True, midleft=(r.x + w + px(4), r.centery))
        return r.left

    def pod_centre(self, seat: int) -> tuple[int, int]:
        pod = self.scene.geom.pods.get(seat)
        return pod.rect.center if pod is not None else self.board().center

    def is_target(self, seat: int) -> bool:
        return self.can_choose() and any(info.target == seat for info in self.actions()[0])

    # ---------------------------------------------------------------- HUD, supply, menu
    def draw_hud(self, surface: pygame.Surface) -> None:
        s, g, m, px = self.scene, self.scene.geom, self.scene.metrics, self.scene.metrics.px
        rect = g.hud
        draw.text(surface, bt("hud.round", n=self.shown["round"]), m.font_small, theme.GOLD, bold=True,
                  midleft=(rect.x + px(12), rect.y + px(15)))
        count = f"{s.session.game_number}/{s.session.match.games}" if s.session.match.games else ""
        if count:
            draw.text(surface, count, m.font_small, theme.TEXT_MUTED, midright=(rect.right - px(12), rect.y + px(15)))
        climate = self.shown["climate"]
        if not climate:
            return
        size = px(44) + round(px(10) * self.climate_pulse)
        token = faces.climate_token(size, climate)
        tc = (rect.x + px(10) + px(22), rect.y + px(58))
        surface.blit(token, token.get_rect(center=tc))
        climate_name = self.painter.climate_name(climate)
        x = rect.x + px(62)
        width = rect.right - x - px(6)
        label = bt("hud.climate")
        draw.text(surface, label, m.font_small - px(3), theme.TEXT_MUTED, midleft=(x, rect.y + px(38)))
        nsize = draw.fit_text(climate_name, m.font_body, width, bold=True)
        draw.text(surface, climate_name, nsize, theme.TEXT, bold=True, midleft=(x, rect.y + px(57)))
        rule = bt(f"climate_rule.{climate}")
        rsize = draw.fit_text(rule, m.font_small - px(3), width)
        draw.text(surface, rule, rsize, theme.GOLD_LIGHT, midleft=(x, rect.y + px(77)))

    def draw_supply(self, surface: pygame.Surface) -> None:
        """Bottom-right pod: the deck, the discard pile's top card and the support supply."""
        s, g, m, px = self.scene, self.scene.geom, self.scene.metrics, self.scene.metrics.px
        rect = g.centre_pod
        deck = s.model.zones.get("deck")
        discard = s.model.zones.get("discard")
        ch = min(px(84), rect.h - px(44))
        w, h = cards.card_size(ch)
        top = rect.y + px(12)
        x = rect.x + px(14)
        n = deck.count if deck is not None else 0
        for k in range(min(4, max(1, n // 12))):
            back = cards.back(ch)
            surface.blit(back, (x + k * 2, top - k * 2))
        draw.text(surface, bt("hud.deck", n=n), m.font_small - px(2), theme.TEXT, bold=True,
                  center=(x + w // 2, top + h + px(14)))
        x2 = x + w + px(18)
        if discard is not None and discard.sprites and discard.sprites[0].card:
            face = self.painter.face(discard.sprites[0].card, ch)
            surface.blit(cards.shadow((w, h)), (x2 - 2, top - 2))
            surface.blit(face, (x2, top))
        else:
            pygame.draw.rect(surface, theme.PANEL_EDGE, (x2, top, w, h), 1, border_radius=max(3, w // 10))
        draw.text(surface, bt("hud.discard"), m.font_small - px(2), theme.TEXT_MUTED,
                  center=(x2 + w // 2, top + h + px(14)))
        x3 = x2 + w + px(16)
        coin = faces.coin_icon(px(34))
        cx = (x3 + rect.right - px(8)) // 2
        surface.blit(coin, coin.get_rect(center=(cx, top + h // 2 - px(8))))
        draw.text(surface, bt("hud.supply", n=self.shown["supply"]), m.font_small - px(2), theme.GOLD_LIGHT, bold=True,
                  center=(cx, top + h // 2 + px(22)))

    # ---------------------------------------------------------------- the timer track
    def track_spots(self) -> list[tuple[int, int]]:
        self.fix_geometry()
        tr = self._track
        n = self.shown["timer_start"]
        px = self.scene.metrics.px
        x0, x1 = tr.x + px(34), tr.right - px(48)
        y = tr.y + px(30)
        return [(round(x0 + (x1 - x0) * i / max(1, n)), y) for i in range(n + 1)]

    def draw_track(self, surface: pygame.Surface) -> None:
        m, px = self.scene.metrics, self.scene.metrics.px
        spots = self.track_spots()
        n = len(spots) - 1
        danger = self.params.disarm_steps
        pygame.draw.line(surface, theme.GOLD_DARK, spots[0], spots[-1], max(3, px(5)))
        taken = n - self.shown["timer"]
        pos = self.track_pos if self.track_pos is not None else taken
        fill_to = spots[0][0] + (spots[-1][0] - spots[0][0]) * min(1.0, max(0.0, pos / max(1, n)))
        pygame.draw.line(surface, (226, 120, 50), spots[0], (round(fill_to), spots[0][1]), max(3, px(5)))
        r = max(5, min(px(11), (spots[1][0] - spots[0][0]) // 3 if n else px(11)))
        for i, (x, y) in enumerate(spots[:-1]):
            left = n - i
            hot = left <= danger
            fill = (120, 46, 36) if hot else theme.PANEL
            if i < pos:
                fill = (92, 70, 40)
            pygame.draw.circle(surface, fill, (x, y), r)
            pygame.draw.circle(surface, (230, 110, 80) if hot else theme.GOLD, (x, y), r, max(1, px(2)))
            here = i == round(pos)
            draw.text(surface, str(left), m.font_small - (px(1) if here else px(3)),
                      theme.GOLD_LIGHT if here else (theme.TEXT if not hot else (255, 190, 170)), bold=here,
                      center=(x, y + r + px(10)))
        palace = faces.palace_icon(px(46))
        surface.blit(palace, palace.get_rect(center=(spots[-1][0] + px(6), spots[-1][1] - px(4))))
        draw.text(surface, bt("hud.palace"), m.font_small - px(3), theme.GOLD_LIGHT, bold=True,
                  center=(spots[-1][0] + px(6), spots[-1][1] + r + px(10)))
        # the bomb token on the track
        k = max(0.0, min(float(n), pos))
        i0 = int(k)
        i1 = min(n, i0 + 1)
        f = k - i0
        bx = spots[i0][0] + (spots[i1][0] - spots[i0][0]) * f
        by = spots[i0][1] - px(4) - math.sin(math.pi * f) * px(12)
        icon = faces.bomb_icon(px(40))
        surface.blit(icon, icon.get_rect(center=(round(bx), round(by))))

    # ---------------------------------------------------------------- the duel
    def draw_duel_panel(self, surface: pygame.Surface) -> None:
        s, m, px = self.scene, self.scene.metrics, self.scene.metrics.px
        rect = self.duel_rect()
        surface.blit(panel_surface(rect.size, m.radius * 2, 225, theme.GOLD_DARK, edge_w=2), rect)
        a, d = self.duel_seats()
        for seat, role, x in ((a, "duel.attacker", rect.x + px(14)), (d, "duel.defender", rect.centerx + px(34))):
            text = f"{bt(role)}: {self.name(seat)}"
            size = draw.fit_text(text, m.font_small, rect.w // 2 - px(50), bold=True)
            draw.text(surface, text, size, faces.party_colour(seat) if seat is not None else theme.TEXT, bold=True,
                      midleft=(x, rect.y + px(18)))
            zone = s.model.zones.get(f"fight:{seat}")
            if (zone is None or not zone.sprites) and self.duel is None:
                draw.text(surface, "…", m.font_heading, theme.TEXT_MUTED, midleft=(x + px(10), rect.centery))
        draw.text(surface, "VS", m.font_heading, theme.GOLD_LIGHT, bold=True,
                  center=(rect.centerx, rect.centery + px(8)), shadow=True)

    def draw_duel_numbers(self, surface: pygame.Surface) -> None:
        """Dice (rolling, then settled), ally dice, support and totals beside each side's cards."""
        s, m, px = self.scene, self.scene.metrics, self.scene.metrics.px
        d = self.duel
        rolling = self.duel_roll < 1.0
        rng = random.Random(int(s.time * 14))
        for side in (0, 1):
            _, col = self.duel_half(side)
            size = px(34)
            x, y = col.x, col.y + size // 2
            jump = abs(math.sin(self.duel_roll * math.pi * 3)) * px(8) if rolling else 0
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
                draw.text(surface, f"+{d['support'][side]}", m.font_small - px(2), theme.GOLD_LIGHT, bold=True,
                          midleft=(x + px(20), y))
                x += px(46)
            modifier = d.get("modifiers", (0, 0))[side]
            if modifier:  # the defender's +1, Out of Ammo's -1: shown so the total adds up on screen
                draw.text(surface, f"{modifier:+d}", m.font_small, theme.TEXT if modifier > 0 else (240, 150, 140),
                          bold=True, midleft=(x, y))
            if rolling:
                continue
            won = d["winner_side"] == side
            colour = theme.GOLD_LIGHT if won else theme.TEXT_MUTED
            ty = col.y + size + px(18)
            draw.text(surface, f"= {d['totals'][side]}", m.font_heading, colour, bold=True,
                      midleft=(col.x, ty), shadow=True)
            if won:
                tag = bt("duel.wins").upper()
                image = draw.render_text(tag, m.font_small - px(2), theme.TEXT_DARK, True)
                box = image.get_rect().inflate(px(12), px(4))
                box.midleft = (col.x, ty + px(26))
                pygame.draw.rect(surface, theme.GOLD_LIGHT, box, border_radius=box.h // 2)
                surface.blit(image, image.get_rect(center=box.center))

    # ---------------------------------------------------------------- moments drawn over the table
    def draw_flight(self, surface: pygame.Surface) -> None:
        f = self.flight
        if f is None:
            return
        px = self.scene.metrics.px
        p = f["t"]
        (x0, y0), (x1, y1) = f["from"], f["to"]
        cx, cy = self.board().center            # the flight bends through the middle of the table
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        kx, ky = mx + (cx - mx) * 0.7, my + (cy - my) * 0.7
        x = (1 - p) ** 2 * x0 + 2 * (1 - p) * p * kx + p * p * x1
        y = (1 - p) ** 2 * y0 + 2 * (1 - p) * p * ky + p * p * y1
        size = px(48) + round(math.sin(math.pi * p) * px(26))
        icon = faces.bomb_icon(size)
        surface.blit(icon, icon.get_rect(center=(round(x), round(y))))

    def draw_blast(self, surface: pygame.Surface) -> None:
        b = self.blast
        if b is None:
            return
        px = self.scene.metrics.px
        p = b["t"]
        size = max(8, round(px(60) + px(170) * ease_out_cubic(min(1.0, p * 1.6))))
        img = faces.burst(size)
        if p > 0.6:
            img = img.copy()
            img.set_alpha(int(255 * max(0.0, 1 - (p - 0.6) / 0.4)))
        surface.blit(img, img.get_rect(center=b["at"]))
        spots = self.track_spots()
        small = faces.burst(max(8, size // 3))
        surface.blit(small, small.get_rect(center=spots[-1]))
        if b.get("word"):
            m = self.scene.metrics
            draw.text(surface, b["word"], m.font_title, (255, 244, 200), bold=True, center=b["at"], shadow=True)

    def draw_steal(self, surface: pygame.Surface) -> None:
        st = self.steal
        if st is None:
            return
        px = self.scene.metrics.px
        p = st["t"]
        (x0, y0), (x1, y1) = st["from"], st["to"]
        back = cards.back(px(48))
        cx, cy = self.board().center
        kx, ky = (x0 + x1) / 2 + (cx - (x0 + x1) / 2) * 0.5, (y0 + y1) / 2 + (cy - (y0 + y1) / 2) * 0.5
        x = (1 - p) ** 2 * x0 + 2 * (1 - p) * p * kx + p * p * x1
        y = (1 - p) ** 2 * y0 + 2 * (1 - p) * p * ky + p * p * y1
        surface.blit(back, back.get_rect(center=(round(x), round(y))))

    def draw_log(self, surface: pygame.Surface) -> None:
        """What just happened (the last announcements), faint, in the middle of the board."""
        if not self.log:
            return
        m, px = self.scene.metrics, self.scene.metrics.px
        area = self.duel_rect()
        lines = self.log[-3:]
        step = m.font_small + px(6)
        y = area.centery - (len(lines) - 1) * step // 2
        for k, text in enumerate(lines):
            newest = k == len(lines) - 1
            colour = theme.TEXT if newest else theme.TEXT_MUTED
            size = draw.fit_text(text, m.font_small + (px(2) if newest else 0), area.w - px(20), bold=newest)
            draw.text(surface, text, size, colour, bold=newest, center=(area.centerx, y + k * step), shadow=True)

    def draw_banner(self, surface: pygame.Surface) -> None:
        if self.banner is None:
            return
        m, px = self.scene.metrics, self.scene.metrics.px
        text, colour = self.banner
        board = self.board()
        width = board.w - px(20)
        size = draw.fit_text(text, m.font_heading, width - px(40), bold=True)
        image = draw.render_text(text, size, colour, True)
        card_h = px(120) if self.banner_card else 0
        cw = cards.card_size(card_h)[0] if card_h else 0
        box = pygame.Rect(0, 0, min(width, image.get_width() + px(40) + (cw + px(16) if cw else 0)),
                          max(image.get_height() + px(18), card_h + px(16)))
        box.center = (board.centerx, self.duel_rect().centery if self.duel_seats()[0] is None
                      else self._track.bottom + box.h // 2 + px(4))
        surface.blit(panel_surface(box.size, min(box.h // 2, px(22)), 235, theme.GOLD, edge_w=2), box)
        if cw:
            face = self.painter.face(self.banner_card, card_h)
            surface.blit(face, face.get_rect(midleft=(box.x + px(12), box.centery)))
            surface.blit(image, image.get_rect(midleft=(box.x + px(12) + cw + px(16), box.centery)))
        else:
            surface.blit(image, image.get_rect(center=box.center))

    # ---------------------------------------------------------------- prompt, buttons, move list
    def can_choose(self) -> bool:
        s = self.scene
        return (s.viewer is not None and s.face_up and s.queue.idle and s.may_act(s.viewer)
                and not s.session.state.is_over)

    def selected_cards(self) -> list[str]:
        zone = self.hand_zone()
        if zone is None:
            return []
        return [zone.sprites[i].card for i in self.selected if i < len(zone.sprites) and zone.sprites[i].card]

    def move_infos(self) -> list[bomb_moves.MoveInfo]:
        s = self.scene
        if s.viewer is None:
            return []
        state = s.session.state
        key = (len(state.history), s.viewer)
        if getattr(self, "_infos_key", None) != key:
            self._infos_key = key
            live = self.info()
            self._infos = bomb_moves.infos(state.legal_moves(s.viewer), live.phase, s.session.names,
                                           self.painter.name)
            if live.phase == "turn" and len(live.alive) > 1:     # say who Bomb Left / Right reach
                for k, info in enumerate(self._infos):
                    if info.kind == "send" and info.target is None and info.cards:
                        reach = self.params.receiver(s.viewer, info.cards[0], None, live.alive, s.session.players)
                        head, _, tail = info.label.partition(" + ")
                        label = f"{head} → {self.name(reach)}" + (f" + {tail}" if tail else "")
                        self._infos[k] = bomb_moves.MoveInfo(info.move, info.kind, info.cards, None, 0, label)
        return self._infos

    def actions(self) -> tuple[list[bomb_moves.MoveInfo], str]:
        """The buttons for the current selection, and a hint when the selection is not a move yet."""
        infos = self.move_infos()
        phase = self.info().phase
        chosen = self.selected_cards()
        if phase in REACTION_PHASES:
            if chosen:
                hits = bomb_moves.matching(infos, chosen)
                if hits:
                    return hits + [i for i in infos if i.kind == "pass"], ""
            return sorted(infos, key=lambda i: i.kind == "pass"), ""
        if not chosen:
            free = [i for i in infos if not i.cards]
            if phase == "turn":          # the plain bomb passes come first, one click away
                free = [i for i in infos if i.kind == "send" and len(i.cards) == 1 and i.target is None] + free
            return free, ""
        hits = bomb_moves.matching(infos, chosen)
        if phase == "exchange":
            hits += [i for i in infos if i.kind == "keep"]
        if hits:
            return hits, ""
        if bomb_moves.extendable(infos, chosen):
            return [], bt("prompt.pick_more")
        return [], self.refusal_hint(phase, chosen)

    def refusal_hint(self, phase: str, chosen: list[str]) -> str:
        """Why the selected cards make no move now (the game's refusal of the move they suggest)."""
        ordered = sorted(chosen, key=self.sort_key)
        if phase in ("commit_a", "commit_d"):
            text = "fight:" + "+".join(ordered)
        elif phase == "turn":
            text = "+".join(ordered)
        else:
            return ""
        refusal = self.scene.session.state.refusal(self.scene.viewer, text)
        if refusal is None or not refusal.code.startswith("bomb."):
            return ""
        return i18n.say(refusal)

    def prompt_text(self) -> str:
        s = self.scene
        state = s.session.state
        if state.is_over:
            return ""
        if not s.queue.idle:
            return ""
        phase = self.info().phase
        ctx = self.info().ctx
        if not self.can_choose():
            waiting = [self.name(x) for x in state.to_act]
            return bt("prompt.wait", name=", ".join(waiting)) if waiting else ""
        if phase == "exchange":
            return bt("prompt.exchange", n=ctx.swaps)
        if phase == "turn":
            if any(i.kind == "dig" for i in self.move_infos()):
                return bt("prompt.turn_dig")
            return bt("prompt.turn")
        if phase == "commit_a":
            return bt("prompt.commit_a", name=self.name(ctx.defender))
        if phase == "commit_d":
            return bt("prompt.commit_d", name=self.name(ctx.attacker))
        if phase in ("tactic_a", "tactic_d"):
            return bt("prompt.tactic")
        if phase == "fort":
            return bt("prompt.fort", name=self.name(ctx.attacker))
        if phase == "massacre":
            return bt("prompt.massacre", name=self.name(ctx.owner))
        if phase == "wrongwire":
            return bt("prompt.wrongwire", name=self.name(ctx.disarmer))
        if phase == "irish":
            return bt("prompt.irish", name=self.name(ctx.owner))
        if phase in ("after_a", "after_d", "explosion", "dig"):
            return bt("prompt." + phase)
        return ""

    def layout_buttons(self) -> tuple[list[tuple[pygame.Rect, bomb_moves.MoveInfo | None]], str]:
        """Button rectangles in the action strip: one per move of the selection, then the move list."""
        m, px = self.scene.metrics, self.scene.metrics.px
        self.fix_geometry()
        if not self.can_choose():
            return [], ""
        infos, hint = self.actions()
        strip = self._actions
        size = m.font_small
        pad = px(22)
        widths = [min(px(300), draw.render_text(i.label, size, theme.TEXT, True).get_width() + pad) for i in infos]
        more_w = draw.render_text(bt("move.moves"), size - px(2), theme.TEXT, False).get_width() + pad
        gap = px(8)
        avail = strip.w - more_w - gap
        shown, used = [], 0
        for info, w in zip(infos, widths):
            if used + w > avail:
                break
            shown.append((info, w))
            used += w + gap
        total = used + more_w
        x = strip.centerx - total // 2
        out: list[tuple[pygame.Rect, bomb_moves.MoveInfo | None]] = []
        for info, w in shown:
            out.append((pygame.Rect(x, strip.y, w, strip.h), info))
            x += w + gap
        out.append((pygame.Rect(x, strip.y + px(6), more_w, strip.h - px(12)), None))
        return out, hint

    def draw_prompt_and_actions(self, surface: pygame.Surface) -> None:
        m, px = self.scene.metrics, self.scene.metrics.px
        self.fix_geometry()
        self.buttons, hint = self.layout_buttons()
        main = self.prompt_text()
        if main:
            size = draw.fit_text(main, m.font_body, self._prompt.w - px(30), bold=True)
            image = draw.render_text(main, size, theme.GOLD_LIGHT, True)
            box = image.get_rect().inflate(px(28), px(10))
            box.center = self._prompt.center
            surface.blit(panel_surface(box.size, box.height // 2, 210, theme.GOLD_DARK), box)
            surface.blit(image, image.get_rect(center=box.center))
        mouse = widgets.mouse_pos()
        real = [b for b in self.buttons if b[1] is not None]
        self.button_focus = min(self.button_focus, max(0, len(real) - 1))
        for rect, info in self.buttons:
            hover = rect.collidepoint(mouse)
            if info is None:
                edge = theme.GOLD if hover else theme.PANEL_EDGE
                surface.blit(panel_surface(rect.size, rect.h // 2, 180, edge), rect)
                draw.text(surface, bt("move.moves"), m.font_small - px(2), theme.TEXT_MUTED, center=rect.center)
                continue
            focused = real.index((rect, info)) == self.button_focus
            widgets.action_button(surface, m, rect, info.label, primary=info.kind != "pass", hot=hover or focused,
                                  focused=focused)
        line = hint or self.card_hint()
        if line:
            size = draw.fit_text(line, m.font_small - px(1), self._actions.w)
            y = self._hint.centery
            draw.text(surface, line, size, theme.TEXT_MUTED, center=(self._actions.centerx, y), shadow=True)

    def card_hint(self) -> str:
        """The full text of the hovered (or last selected) card, else the keys."""
        zone = self.hand_zone()
        if zone is None or not self.scene.face_up:
            return ""
        index = self.hover if self.hover is not None else (self.selected[-1] if self.selected else None)
        if index is not None and index < len(zone.sprites) and zone.sprites[index].card:
            card = zone.sprites[index].card
            return f"{self.painter.name(card)}: {self.painter.text(card)}"
        return bt("prompt.hint") if self.can_choose() else ""

    def list_rect(self) -> pygame.Rect:
        px = self.scene.metrics.px
        b = self.board()
        r = pygame.Rect(0, 0, min(b.w, px(520)), b.h)
        r.midtop = (b.centerx, b.y)
        return r

    def draw_move_list(self, surface: pygame.Surface) -> None:
        m, px = self.scene.metrics, self.scene.metrics.px
        infos = self.move_infos()
        rect = self.list_rect()
        surface.blit(panel_surface(rect.size, m.radius, 240, theme.GOLD, edge_w=2), rect)
        draw.text(surface, bt("move.moves"), m.font_small, theme.GOLD_LIGHT, bold=True,
                  midleft=(rect.x + px(14), rect.y + px(16)))
        row_h = px(26)
        top = rect.y + px(32)
        rows = max(1, (rect.bottom - px(8) - top) // row_h)
        self.list_focus = max(0, min(self.list_focus, len(infos) - 1))
        if self.list_focus < self.list_scroll:
            self.list_scroll = self.list_focus
        elif self.list_focus >= self.list_scroll + rows:
            self.list_scroll = self.list_focus - rows + 1
        self.list_scroll = max(0, min(self.list_scroll, max(0, len(infos) - rows)))
        self.list_rows = []
        for k in range(self.list_scroll, min(len(infos), self.list_scroll + rows)):
            r = pygame.Rect(rect.x + px(8), top + (k - self.list_scroll) * row_h, rect.w - px(16), row_h - px(2))
            if k == self.list_focus:
                pygame.draw.rect(surface, theme.BUTTON_HOVER, r, border_radius=px(5))
                pygame.draw.rect(surface, theme.GOLD, r, 1, border_radius=px(5))
            label = f"{k + 1}. {infos[k].label}"
            size = draw.fit_text(label, m.font_small, r.w - px(12))
            draw.text(surface, label, size, theme.TEXT, midleft=(r.x + px(8), r.centery))
            self.list_rows.append((r, k))
        if len(infos) > rows:
            draw.text(surface, f"{self.list_scroll + 1}-{min(len(infos), self.list_scroll + rows)} / {len(infos)}",
                      m.font_small - px(3), theme.TEXT_MUTED, midright=(rect.right - px(14), rect.y + px(16)))

    # ================================================================ input
    def toggle(self, index: int) -> None:
        zone = self.hand_zone()
        if zone is None or not (0 <= index < len(zone.sprites)):
            return
        phase = self.info().phase
        if index in self.selected:
            self.selected.remove(index)
        else:
            if phase in ("exchange",) or phase in REACTION_PHASES:
                self.selected = []
            elif phase in ("commit_a", "commit_d"):       # one card of each type (rulebook line 27)
                kind = self.fight_slot(zone.sprites[index].card)
                self.selected = [i for i in self.selected if self.fight_slot(zone.sprites[i].card) != kind]
            self.selected.append(index)
        self._selected_hand = tuple(sp.card for sp in zone.sprites)
        self.button_focus = 0

    def fight_slot(self, card: str | None) -> str:
        return self.painter.type_of(card or "")

    def play_info(self, info: bomb_moves.MoveInfo) -> None:
        s = self.scene
        self.selected = []
        self.hover = None
        self.list_open = False
        self.button_focus = 0
        s.play(s.viewer, info.move)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.menu_clicked(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.card_at(event.pos) if self.can_choose() else None
            return False
        if not self.can_choose():
            return False
        if event.type == pygame.MOUSEWHEEL and self.list_open:
            self.list_focus = max(0, self.list_focus - event.y)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.click(event.pos)
        if event.type == pygame.KEYDOWN:
            return self.key(event.key)
        return False

    def click(self, pos) -> bool:
        s = self.scene
        if self.list_open:
            for rect, k in self.list_rows:
                if rect.collidepoint(pos):
                    self.play_info(self.move_infos()[k])
                    return True
            if self.list_rect().collidepoint(pos):
                return True
            self.list_open = False
        buttons, _ = self.layout_buttons()
        for rect, info in buttons:
            if rect.collidepoint(pos):
                if info is None:
                    self.list_open = True
                    self.list_focus = 0
                else:
                    self.play_info(info)
                return True
        index = self.card_at(pos)
        if index is not None:
            self.toggle(index)
            return True
        for seat, pod in s.geom.pods.items():
            if pod.rect.collidepoint(pos):
                hits = [info for info in self.actions()[0] if info.target == seat]
                if len(hits) >= 1:
                    self.play_info(hits[0])
                    return True
        return False

    def key(self, k: int) -> bool:
        infos = self.move_infos()
        if k == pygame.K_TAB:
            self.list_open = not self.list_open
            self.list_focus = 0
            return True
        if self.list_open:
            if k in (pygame.K_UP, pygame.K_DOWN):
                self.list_focus = max(0, min(len(infos) - 1, self.list_focus + (1 if k == pygame.K_DOWN else -1)))
                return True
            if k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.list_focus = max(0, min(len(infos) - 1, self.list_focus + (10 if k == pygame.K_PAGEDOWN else -10)))
                return True
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and infos:
                self.play_info(infos[self.list_focus])
                return True
            if k == pygame.K_BACKSPACE:
                self.list_open = False
                return True
            return True
        zone = self.hand_zone()
        n = len(zone.sprites) if zone is not None else 0
        if k in NUMBER_KEYS:
            if NUMBER_KEYS[k] < n:
                self.toggle(NUMBER_KEYS[k])
                self.focus_card = NUMBER_KEYS[k]
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and n:
            step = -1 if k == pygame.K_LEFT else 1
            cur = self.focus_card if self.focus_card is not None else (-1 if step > 0 else n)
            self.focus_card = max(0, min(n - 1, cur + step))
            self.hover = self.focus_card
            return True
        if k == pygame.K_SPACE and self.focus_card is not None:
            self.toggle(self.focus_card)
            return True
        real = [info for _, info in self.layout_buttons()[0] if info is not None]
        if k in (pygame.K_UP, pygame.K_DOWN) and real:
            self.button_focus = (self.button_focus + (1 if k == pygame.K_DOWN else -1)) % len(real)
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and real:
            self.play_info(real[min(self.button_focus, len(real) - 1)])
            return True
        if k in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.selected = []
            return True
        if k == pygame.K_n:
            passes = [i for i in infos if i.kind in ("pass", "keep")]
            if passes:
                self.play_info(passes[0])
            return True
        return False

    def reset_input(self) -> None:
        self.selected = []
        self.hover = self.focus_card = None
        self.list_open = False
        self.button_focus = 0

    def update(self, dt: float) -> None:
        self.refresh_shown()
        self.climate_pulse = approach(self.climate_pulse, 0.0, 4.0, dt)
        zone = self.hand_zone()
        if zone is None:
            return
        active = self.can_choose()
        if self.selected and tuple(sp.card for sp in zone.sprites) != self._selected_hand:
            self.selected = []          # the hand changed under the selection (indices would point elsewhere)
        usable: set[str] = set()
        phase = self.info().phase
        if active:
            for info in self.move_infos():
                usable.update(info.cards)
        for i, sprite in enumerate(zone.sprites):
            target = 0.0
            if active and i in self.selected:
                target = 0.2
            elif active and (i == self.hover or i == self.focus_card):
                target = 0.08
            sprite.lift = approach(sprite.lift, target, 18.0, dt)
            glow = 0.0
            if active and i in self.selected:
                glow = 1.0
            elif active and phase in REACTION_PHASES and sprite.card in usable:
                glow = 0.55 + 0.3 * math.sin(self.scene.time * 5)
            sprite.highlight = approach(sprite.highlight, glow, 14.0, dt)
            dim = 0.35 if active and phase in REACTION_PHASES + ("commit_a", "commit_d", "exchange") \
                and sprite.card not in usable else 0.0
            sprite.dim = approach(sprite.dim, dim, 10.0, dt)

    # ================================================================ moments
    def deal(self) -> None:
        """The opening: every hand flies in from the deck, then the first round is announced."""
        s = self.scene
        self.fix_geometry()
        pod = s.geom.centre_pod
        deck = pygame.Rect((0, 0), cards.card_size(s.geom.pile_h))
        deck.topleft = (pod.x + s.metrics.px(14), pod.y + s.metrics.px(12))
        hands = [z for z in s.model.zones.values() if z.kind == "hand"]
        beat = Beat(BEAT)
        k = 0
        for i in range(max((len(z.sprites) for z in hands), default=0)):
            for zone in hands:
                if i < len(zone.sprites):
                    beat.tweens.append(self.fly_tween(zone.sprites[i], deck, 0.34, delay=k * 0.035,
                                                      flip_after=zone.sprites[i].face_up))
                    k += 1
        beat.on_start = lambda _beat: self._sound("deal", 0.7)
        s.queue.push(beat)
        info = self.info()
        self.push_banner(self.say("banner.round", info.first, n=info.round_no, name=self.name(info.first)), hold=1.0)
        if info.climate:
            self.push_banner(bt("banner.climate", climate=self.painter.climate_name(info.climate)), hold=0.8,
                             start=lambda: setattr(self, "climate_pulse", 1.0))

    def push_banner(self, text: str, colour=theme.GOLD_LIGHT, hold: float = 1.0, card: str | None = None,
                    start=None, name: str = BEAT, tweens=None, end=None, log: bool = True) -> Beat:
        def on_start(beat: Beat) -> None:
            self.banner = (text, colour)
            self.banner_card = card
            if log:
                self.log = (self.log + [text])[-6:]
            if start:
                start()
            for tw in (tweens() if tweens else []):
                beat.tweens.append(tw)

        def on_end() -> None:
            self.banner = None
            self.banner_card = None
            if end:
                end()

        return self.scene.queue.push(Beat(name, on_start=on_start, on_end=on_end, hold=hold))

    def on_events(self, seat: int | None, move: Move | None, events: list[Event]) -> None:
        for event in events:
            handler = getattr(self, "ev_" + type(event).__name__, None)
            if handler is not None:
                handler(event)

    def set_shown(self, key: str, value, index: int | None = None) -> None:
        if index is None:
            self.shown[key] = value
        else:
            self.shown[key][index] = value

    def ev_RoundStarted(self, e: RoundStarted) -> None:
        def start() -> None:
            self.shown.update(round=e.round, timer=e.timer, bomb=e.first, phase="exchange", ctx=PhaseContext())
            self.duel = None
            self.track_pos = None
        self.push_banner(self.say("banner.round", e.first, n=e.round, name=self.name(e.first)), hold=1.1, start=start)

    def ev_ClimateChanged(self, e: ClimateChanged) -> None:
        climate = self.painter.climate_name(e.climate)
        text = (bt("banner.climate_by", name=self.name(e.by), card=self.painter.name(e.card), climate=climate)
                if e.by is not None else bt("banner.climate", climate=climate))

        def start() -> None:
            self.shown["climate"] = e.climate
            self.climate_pulse = 1.0
        self.push_banner(text, hold=0.9, start=start, card=e.card or None)

    def ev_Played(self, e: Played) -> None:
        card = e.cards[0] if e.cards else ""
        spec = self.params.cards.get(card)
        if spec is not None and (spec.type == "movement" or spec.effect("turn", "set_climate")):
            return                         # the bomb flight / the climate banner shows these
        head, _, target = e.text.partition(":")
        if target.isdigit():
            text = self.say("banner.react_on", e.seat, name=self.name(e.seat), card=self.painter.name(card),
                     target=self.name(int(target)))
        else:
            text = self.say("banner.react", e.seat, name=self.name(e.seat), card=self.painter.name(card))
        self.push_banner(text, hold=1.2, card=card, start=lambda: self._sound("flip"))

    def ev_BombMoved(self, e: BombMoved) -> None:
        extras = " + ".join(self.painter.name(x) for x in e.extras)
        text = self.say("banner.passes", e.source, a=self.name(e.source), b=self.name(e.target))
        if extras:
            text += f" (+ {extras})"

        def tweens():
            self.flight = {"from": self.pod_centre(e.source), "to": self.pod_centre(e.target), "t": 0.0}
            self._sound("sweep")
            return [Tween(0.7, lambda p: self.flight and self.flight.__setitem__("t", p), ease_in_out_cubic)]

        def end() -> None:
            self.flight = None
            self.shown["bomb"] = e.target
        self.push_banner(text, hold=0.25, tweens=tweens, end=end, card=e.card or None)

    def ev_TimerAdvanced(self, e: TimerAdvanced) -> None:
        n = self.shown["timer_start"]

        def tweens():
            before = n - self.shown["timer"]
            after = n - e.left
            self.track_pos = float(before)

            def upd(p: float) -> None:
                self.track_pos = before + (after - before) * p

            def done() -> None:
                self.shown["timer"] = e.left
                self.track_pos = None
            return [Tween(0.45 if e.steps > 0 else 0.6, upd, ease_in_out_cubic, on_done=done)]

        text = bt("hud.steps_left", n=e.left) if e.steps > 0 else bt("banner.timer_back", n=-e.steps)
        self.push_banner(text, colour=(255, 190, 150) if e.left <= 3 else theme.TEXT, hold=0.2, tweens=tweens,
                         log=e.steps < 0)

    def ev_AttackDeclared(self, e: AttackDeclared) -> None:
        def start() -> None:
            self.shown.update(phase="commit_a", ctx=PhaseContext(attacker=e.attacker, defender=e.defender))
        self.push_banner(self.say("banner.attack", e.attacker, a=self.name(e.attacker), b=self.name(e.defender)),
                         colour=(255, 196, 160), hold=1.0, start=start)

    def ev_AttackResolved(self, e: AttackResolved) -> None:
        s = self.scene

        def start(beat: Beat) -> None:
            self.duel = {"attacker": e.attacker, "defender": e.defender, "dice": e.dice, "ally_dice": e.ally_dice,
                         "support": e.support, "totals": e.totals, "modifiers": e.modifiers,
                         "winner_side": 0 if e.winner == e.attacker else 1}
            for side, seat in enumerate((e.attacker, e.defender)):
                zone = s.model.zones.get(f"fight:{seat}")
                cards_ = (e.attacker_cards, e.defender_cards)[side]
                if zone is not None and tuple(sp.card for sp in zone.sprites) != tuple(cards_):
                    zone.sprites = [Sprite(c, True) for c in cards_]
            self.duel_roll = 0.0
            self._sound("chime", 0.8)
            beat.tweens.append(Tween(0.9, lambda p: setattr(self, "duel_roll", p if p < 1 else 1.0), on_done=lambda:
                                     setattr(self, "duel_roll", 1.0)))
            self.banner = None

        s.queue.push(Beat(DUEL_BEAT, on_start=start, on_end=lambda: setattr(self, "duel_roll", 1.0), hold=1.6))
        winner = e.winner
        self.push_banner(self.say("banner.wins", winner, name=self.name(winner)), hold=0.8, end=self.close_duel)

    def close_duel(self) -> None:
        """The duel panel stays while the loser may still play a Doctor or a Bodyguard."""
        if self.info().phase not in ("after_a", "after_d"):
            self.duel = None

    def ev_CardStolen(self, e: CardStolen) -> None:
        def tweens():
            self.steal = {"from": self.pod_centre(e.victim), "to": self.pod_centre(e.thief), "t": 0.0}
            return [Tween(0.6, lambda p: self.steal and self.steal.__setitem__("t", p), ease_in_out_cubic)]
        text = self.say("banner.stolen", e.thief, thief=self.name(e.thief), victim=self.name(e.victim))
        self.push_banner(text, hold=0.5, tweens=tweens, end=lambda: setattr(self, "steal", None))

    def ev_Exploded(self, e: Exploded) -> None:
        if e.protected_by:
            text = self.say("banner.sheltered", e.seat, name=self.name(e.seat), card=self.painter.name(e.protected_by))
            self.push_banner(text, hold=1.2, card=e.protected_by)
            return

        def tweens():
            self.blast = {"at": self.pod_centre(e.seat), "t": 0.0, "word": bt("hud.boom")}
            self._sound("sweep", 1.0)
            self._sound("deal", 1.0)
            return [Tween(1.3, lambda p: self.blast and self.blast.__setitem__("t", p), lambda x: x)]
        self.push_banner(self.say("banner.explode", e.seat, name=self.name(e.seat)), colour=(255, 170, 120), hold=0.5,
                         tweens=tweens, end=lambda: setattr(self, "blast", None))

    def ev_Disarmed(self, e: Disarmed) -> None:
        key = "banner.disarmed" if e.success else "banner.wrong_wire"
        text = self.say(key, e.seat, name=self.name(e.seat))
        self.push_banner(text, hold=1.2, card=e.card or None)

    def ev_LieutenantLost(self, e: LieutenantLost) -> None:
        def start() -> None:
            self.shown["lieutenants"][e.seat] = e.left
            self.flash[e.seat] = self.scene.time
        text = self.say("banner.lost", e.seat, name=self.name(e.seat), n=e.left)
        self.push_banner(text, colour=(255, 170, 150), hold=1.2, start=start)

    def ev_LieutenantSaved(self, e: LieutenantSaved) -> None:
        text = self.say("banner.saved", e.seat, name=self.name(e.seat), card=self.painter.name(e.card))
        self.push_banner(text, hold=1.0, card=e.card)

    def ev_SupportChanged(self, e: SupportChanged) -> None:
        def start() -> None:
            self.shown["support"][e.seat] = e.total
            self.shown["supply"] = max(0, self.shown["supply"] - e.delta)
        self.push_banner(self.say("banner.support", e.seat, name=self.name(e.seat), n=e.delta), hold=0.7, start=start)

    def ev_Eliminated(self, e: Eliminated) -> None:
        text = self.say("banner.eliminated", e.seat, name=self.name(e.seat))
        self.push_banner(text, colour=(255, 150, 130), hold=1.4)

    def push_end_beats(self) -> None:
        winner = self.info().winner
        self.push_banner(self.say("banner.game_over", winner, name=self.name(winner)), hold=2.5, name="end_hold",
                         start=lambda: self._sound("fanfare"))

    def results_data(self):
        data = super().results_data()
        s = self.scene.session
        winner = self.info().winner
        if 0 <= winner < s.players:
            data.title = bt("results.title", name=s.names[winner])
        data.subtitle = bt("results.subtitle", n=len(s.match.results), total=s.match.games)
        return data


FAMILY_TABLE = BombTable
