"""The Dou Dizhu table (climbing family): how it looks, how a combination is chosen, how a deal ends.

Layout: the two opponents at the top (name plate with the landlord's crown, a small face-down pile,
cards left and a warning at one or two), each one's last play (or bid, or "Pass") laid out in front of
it with its type named; the three bottom cards between them, face down until the landlord takes them;
bid and multiplier in the corner box; you at the bottom-left, your 17/20 cards sorted (3 low ... 2,
jokers high) and overlapped along the bottom, your last play above them, or the prompt and buttons.
Playing: the shared gesture set for combinations (revolt_table/ui/table/hand.py, `multi_select`): click
cards to select them, double-click, Enter, drag or Play plays the selection; a selection that cannot be
played disables Play with the game's reason under it; the bids and Pass are buttons beside Hint and Play
(keys 1-3, 0 and P). Hint selects the normal AI's move and says why (revolt_table/ai/climbing_hints.py);
pressed again at the same position it proposes the next play, cheapest first.
What is its own: the sections in climbing_sections.py (bottom cards' label, crowns and card counts in
the pods, the rows of last plays, banners and the bomb's flash, the deal's result), the moments in
climbing_moments.py, the selection logic in climbing_select.py, the faces in climbing_faces.py.

Shown state: rows, bids and the multiplier follow the events (the moments tell the story), and are
rebuilt from the shown position's info (`scene.model.info`, a `ClimbingInfo`) whenever the queue is
idle, so a resumed game or a skipped moment never leaves the table wrong. Every sentence is made from
the game's Messages and `climbing.*` in assets/locale/<lang>.climbing.yaml, at draw time.
"""

from __future__ import annotations

import math

import pygame

from revolt_table.ai import hints
from revolt_table.ai.climbing_hints import other_reason
from revolt_table.engine import Message, Move
from revolt_table.ui import cards, i18n
from revolt_table.ui.anim import approach
from revolt_table.ui.table import climbing_faces as faces
from revolt_table.ui.table import climbing_sections as cs
from revolt_table.ui.table import climbing_select as sel
from revolt_table.games import climbing_moves
from revolt_table.ui.table.actions import Action
from revolt_table.ui.table.climbing_moments import BOTTOM, ROW, ClimbingMoments
from revolt_table.ui.table.climbing_sections import ct
from revolt_table.ui.table.family import FamilyTable
from revolt_table.ui.table.layout import Placement, plate_band
from revolt_table.ui.table.moments import ToldByMoments
from revolt_table.ui.table.model import Sprite, ZoneModel
from revolt_table.ui.table.section import Section

BID_KEYS = {1: pygame.K_1, 2: pygame.K_2, 3: pygame.K_3}




class ClimbingTable(ToldByMoments, FamilyTable):
    family = "climbing"
    pod_height = 92            # name plate and one line of cards left: the cards live on the table
    multi_select = True
    has_hud = True

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.rows: dict[int, dict] = {}             # seat -> {"kind": play|pass|bid|hand, ...}
        self.shown_mult = 1
        self.shown_bid = 0
        self.landlord_shown: int | None = None
        self.banner: dict | None = None             # {title, sub, colour, t0, size}
        self.flash = 0.0                            # white flash 0..1 (bomb, rocket)
        self.shake = 0.0                            # shake amplitude 0..1
        self.mult_pulse = 0.0
        self.fresh: set[str] = set()                # bottom cards just taken: glow in the landlord's hand
        self.fresh_time = 0.0
        self.result: dict | None = None             # the deal result panel
        self.ending = False
        self.new_trick = False                      # a LeadRegained was shown: the next play clears the rows
        self.scored = None                          # the DealScored event, for the end show
        self._synced_key = -1
        self._cycle: tuple[int, list[Move], int] | None = None   # (model key, hint order, index)
        self.first_reason: Message | None = None    # the reason of the first hint at that position
        self._g: dict = {}
        self._gkey = None
        self.moments = ClimbingMoments(self)

    def make_sections(self) -> list[Section]:
        return super().make_sections() + [cs.BidKeysSection(self), cs.PodMarksSection(self),
                                          cs.BottomLabelSection(self),
                                          cs.RowsSection(self), cs.BannerSection(self), cs.ResultSection(self),
                                          cs.FlashSection(self)]

    # ================================================================ look
    def on_language(self) -> None:
        self.banner = None

    def card_image(self, card: str | None, h: int, face_up: bool) -> pygame.Surface:
        if face_up and card is not None:
            word = ct("face.big") if card == "RJ" else ct("face.small") if card == "BJ" else ""
            return faces.face(card, h, bool(getattr(self.scene.app.settings, "four_colour_deck", False)), word)
        return cards.back(h)

    def card_style(self) -> cards.CardStyle:
        return faces.spec

    def sort_key(self, card: str):
        return sel.sort_key(card)

    def name(self, seat: int | None) -> str:
        s = self.scene.session
        return s.names[seat] if seat is not None and 0 <= seat < s.players else "?"

    @property
    def info(self):
        """The shown position's public info (a `ClimbingInfo`)."""
        return self.scene.model.info

    def geo(self) -> dict:
        """Our places, derived from the generic geometry (cached per layout)."""
        g, px = self.scene.geom, self.scene.metrics.px
        key = (id(g), g.size)
        if key == self._gkey:
            return self._g
        self._gkey = key
        w, h = g.size
        edge = px(14)
        bottom_pod = g.pods[g.bottom_seat].rect
        hand = pygame.Rect(bottom_pod.right + edge, h - edge - g.hand_h, w - bottom_pod.right - 2 * edge, g.hand_h)
        band_bottom = hand.top - int(g.hand_h * 0.18) - px(6)
        band = pygame.Rect(edge, band_bottom - px(84), w - 2 * edge, px(84))
        split = hand.x + int(hand.w * 0.3)
        out: dict = {"hand": hand, "prompt": pygame.Rect(edge, band.y, split - px(12) - edge, band.h),
                     "buttons": pygame.Rect(split, band.y, hand.right - split, band.h)}
        row_h, label_h = px(76), px(22)
        tops = sorted((p for p in g.pods.values() if p.side == "top"), key=lambda p: p.rect.x)
        gap_between = (tops[1].rect.centerx - tops[0].rect.centerx) if len(tops) > 1 else px(460)
        row_w = min(px(470), gap_between - px(24))
        rows: dict[int, pygame.Rect] = {}
        labels: dict[int, pygame.Rect] = {}
        for p in tops:
            r = pygame.Rect(0, 0, row_w, row_h)
            r.midtop = (p.rect.centerx, p.rect.bottom + px(8) + label_h)
            r.clamp_ip(pygame.Rect(edge, 0, w - 2 * edge, h))
            rows[p.seat], labels[p.seat] = r, pygame.Rect(r.x, r.y - label_h, r.w, label_h)
        me = g.bottom_seat
        r = pygame.Rect(0, 0, min(px(560), out["buttons"].w), row_h)
        r.midbottom = (out["buttons"].centerx, band.bottom)
        rows[me], labels[me] = r, pygame.Rect(r.x, r.y - label_h, r.w, label_h)
        out["rows"], out["labels"] = rows, labels
        bh = px(62)                 # the bottom cards between the two opponents
        bottom = pygame.Rect(0, 0, 3 * cards.card_size(bh)[0] + 2 * px(6), bh)
        bottom.midtop = (w // 2, edge + px(20))
        out["bottom"], out["bottom_h"] = bottom, bh
        top = max(rr.bottom for s_, rr in rows.items() if s_ != me)
        out["middle"] = pygame.Rect(edge, top + px(8), w - 2 * edge, max(px(60), labels[me].top - top - px(16)))
        self._g = out
        return out

    def placements(self) -> dict[str, Placement]:
        s, g = self.scene, self.scene.geom
        G = self.geo()
        out: dict[str, Placement] = {}
        shake = self.shake_offset()
        for seat, pod in g.pods.items():
            if seat == g.bottom_seat:
                out[f"hand:{seat}"] = Placement("fan", G["hand"], g.hand_h, face_up=s.face_up or self.ending,
                                                z=50, max_step=0.52)
            elif not self.ending:     # at the end the hand is laid out face up in the seat's row
                pile = self.pod_band(pod.rect, 1)
                out[f"hand:{seat}"] = Placement("pile", pile, pile.h, face_up=False, z=20)
            row = G["rows"][seat].move(*shake)
            zone = s.model.zones.get(ROW + str(seat))
            n = len(zone.sprites) if zone is not None else 0
            w = cards.card_size(row.h)[0]
            r = pygame.Rect(0, 0, max(w, min(row.w, w + max(0, n - 1) * int(w * 0.5))), row.h)
            r.midbottom = row.midbottom
            out[ROW + str(seat)] = Placement("row", r, row.h, z=40, max_step=0.5)
        out[BOTTOM] = Placement("row", G["bottom"], G["bottom_h"], z=30, max_step=1.1)
        return out

    def pod_band(self, rect: pygame.Rect, band: int) -> pygame.Rect:
        """0 the name plate; 1 an opponent's hand, a small face-down pile at the plate's right end;
        2 the line under the plate (cards left, the warning)."""
        return plate_band(rect, band, self.scene.metrics.px, self.plate_pile, 12, 22, 0, 4)

    def shake_offset(self) -> tuple[int, int]:
        if self.shake <= 0.01:
            return 0, 0
        a = self.scene.metrics.px(9) * self.shake
        t = self.scene.time
        return round(a * math.sin(t * 61)), round(a * 0.6 * math.cos(t * 47))

    # ================================================================ shown state
    def refresh(self, force: bool = False) -> None:
        """Rebuild rows, bids, multiplier and the bottom cards from the shown info (queue idle)."""
        s = self.scene
        if not force and (not s.queue.idle or self._synced_key == s.model.key):
            return
        self._synced_key = s.model.key
        info = self.info
        self.shown_mult = info.multiplier
        self.shown_bid = info.bid or info.current_bid
        self.landlord_shown = info.landlord
        rows: dict[int, dict] = {}
        if info.phase == "bidding":
            for seat, amount in info.bids:
                rows[seat] = {"kind": "bid", "amount": amount}
        elif info.lead.to_beat is not None or info.phase == "over":
            for seat, lp in enumerate(info.last_plays):
                if lp is not None:
                    rows[seat] = {"kind": "pass"} if lp.type == "pass" else \
                        {"kind": "play", "cards": lp.cards, "label": lp.describe}
        if info.phase == "over":
            for seat in range(s.session.players):
                if seat != s.viewer and info.cards_left[seat] > 0:
                    rows[seat] = {"kind": "hand", "n": info.cards_left[seat]}
        self.rows = rows
        for seat in range(s.session.players):
            self.fill_row(seat)
        zone = s.model.zones.setdefault(BOTTOM, ZoneModel(BOTTOM, "row", None))
        ids = info.bottom_cards
        if ids:
            if tuple(sp.card for sp in zone.sprites) != ids or not all(sp.face_up for sp in zone.sprites):
                zone.sprites = [Sprite(c, True) for c in ids]
        else:
            n = s.model.zones["bottom"].count if "bottom" in s.model.zones else 3
            if len(zone.sprites) != n or any(sp.face_up for sp in zone.sprites):
                zone.sprites = [Sprite(None, False) for _ in range(n)]

    def fill_row(self, seat: int) -> None:
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

    def clear_rows(self) -> None:
        self.rows = {}
        for seat in range(self.scene.session.players):
            self.fill_row(seat)

    def row_hidden(self, seat: int) -> bool:
        """The viewer's row gives way to the prompt and the buttons while the viewer chooses."""
        s = self.scene
        return seat == s.geom.bottom_seat and s.viewer is not None and s.face_up and (
            s.shown_to_act(s.viewer) or bool(self.hand.selected))

    # ================================================================ pods and HUD
    def pod_subtitle(self, seat: int) -> str:
        base = super().pod_subtitle(seat)
        if self.landlord_shown is None:
            return base
        role = ct("role.landlord") if seat == self.landlord_shown else ct("role.farmer")
        return f"{role} · {base}" if seat != self.scene.viewer else role

    def pod_badge(self, surface: pygame.Surface, seat: int, head: pygame.Rect) -> int:
        """Opponents: the small face-down pile (drawn by the renderer); the count is on the line below."""
        s, m = self.scene, self.scene.metrics
        if seat == s.geom.bottom_seat:
            return head.right - m.px(8)
        return self.pod_band(s.geom.pods[seat].rect, 1).left - m.px(6)

    def hud_title(self) -> str:
        if self.landlord_shown is None:
            bid = ct("hud.bid", n=self.shown_bid) if self.shown_bid else ct("hud.no_bid")
            return f"{ct('hud.bidding')} · {bid}"
        return ct("hud.bid", n=self.shown_bid)

    def draw_hud(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        cs.draw_multiplier(self, surface, rect)

    # ================================================================ playing
    def selection_note(self, move: Move) -> str | None:
        """What the selected cards play, named ("Pair of 9s"), before the player commits."""
        info = self.describe(move)
        return cs.label(info.label) if info is not None and info.kind == "play" else None

    def extra_actions(self) -> list[Action]:
        """Bidding: No bid and the legal bids (keys 0, 1-3); playing: Pass (P) when it is allowed."""
        infos = self.move_infos() if self.scene.may_act(self.scene.viewer) else []
        hinted = self.hinted[0] if self.hint_reason() is not None else None   # Hint lights its button
        passes = [i for i in infos if i.kind == "pass"]
        if self.info.phase == "bidding":
            hinted_pass = bool(passes) and hinted == passes[0].move
            out = [Action("pass", ct("button.bid_pass"), enabled=bool(infos), primary=hinted_pass, key="0",
                          hotkey=pygame.K_0)]
            for info in infos:
                if info.kind == "bid" and info.amount in BID_KEYS:
                    out.append(Action(self.action_id(info), ct("button.bid", n=info.amount),
                                      primary=hinted in (None, info.move), key=str(info.amount),
                                      hotkey=BID_KEYS[info.amount]))
            return out
        if passes:
            return [Action("pass", ct("button.pass"), primary=hinted == passes[0].move, key="P", hotkey=pygame.K_p)]
        return []

    @staticmethod
    def action_id(info) -> str:
        """The button of a move without cards: "pass", or "bid" and its amount."""
        return "pass" if info.kind == "pass" else f"bid{info.amount}"

    def keys_hint(self) -> str:
        return ct("keys.bid") if self.info.phase == "bidding" else super().keys_hint()

    def do_action(self, action: str) -> None:
        s = self.scene
        move = next((i.move for i in self.move_infos() if self.action_id(i) == action), None)
        if move is not None and s.viewer is not None and s.may_act(s.viewer) and s.play(s.viewer, move):
            self.hand.clear()

    def prompt_choose(self) -> str:
        """The next step, said with the position: bid, lead, beat what, or pass."""
        info = self.info
        if info.phase == "bidding":
            if info.current_bid:
                return ct("status.bid_over", n=info.current_bid, name=self.name(info.high_bidder))
            return ct("status.bid_first")
        lead = info.lead
        if lead.to_beat is None:
            return ct("status.lead_first") if sum(info.plays) == 0 else ct("status.lead")
        what = i18n.say(lead.describe)
        if all(i.kind == "pass" for i in self.move_infos()):
            return ct("status.nothing", what=what)
        return ct("status.follow", what=what, name=self.name(lead.owner))

    def hint(self) -> None:
        """The first press: the normal AI's move and why (revolt_table/ai/climbing_hints.py); pressed
        again at the same position, the next play the hand can make, cheapest first."""
        s = self.scene
        if s.viewer is None or not s.may_act(s.viewer):
            return
        state = s.session.state
        cycle = self._cycle
        if cycle is not None and cycle[0] == s.model.key and self.hinted is not None:
            order, index = cycle[1], (cycle[2] + 1) % len(cycle[1])
            move = order[index].move
            reason = self.first_reason if index == 0 else other_reason(order[index])
        else:
            move, reason = hints.hint(s.session.rules, state.view(s.viewer), state.legal_moves(s.viewer))
            first = self.describe(move)
            order = climbing_moves.hint_order(first, self.move_infos()) if first is not None else []
            index, self.first_reason = 0, reason
        self._cycle = (s.model.key, order, index)
        self.show_hint(move, reason)

    def same_decision(self, seen, live) -> bool:
        """Also the same phase and trick: a bid is never played into the play, nor a play into a new trick."""
        return (super().same_decision(seen, live) and seen.info.phase == live.info.phase
                and seen.info.trick == live.info.trick)

    def actions_area(self) -> tuple[pygame.Rect, pygame.Rect]:
        G = self.geo()
        return G["prompt"], G["buttons"]

    # ================================================================ per frame
    def update(self, dt: float) -> None:
        s = self.scene
        self.flash = approach(self.flash, 0.0, 5.0, dt)
        self.shake = approach(self.shake, 0.0, 4.0, dt)
        self.mult_pulse = approach(self.mult_pulse, 0.0, 4.0, dt)
        self.refresh()
        if self.fresh:
            self.fresh_time -= dt
            if self.fresh_time <= 0:
                self.fresh = set()
            zone = self.hand_zone()
            for sprite in zone.sprites if zone is not None else ():
                if sprite.card in self.fresh:
                    sprite.highlight = 1.0 if s.queue.speed <= 0 else max(sprite.highlight, min(1.0, self.fresh_time))

    def reset_input(self) -> None:
        super().reset_input()
        self._cycle = None

    def results_data(self):
        return cs.results_data(self)


FAMILY_TABLE = ClimbingTable
