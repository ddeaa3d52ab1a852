"""The Révolte! table (tricks family): hands, the trick, cuts, Revolts, bonuses and turn summaries.

Layout: the turn/trick tally top-left, the menu top-right, each seat's card lies in front of its pod
(the trick), the chosen family as a badge in the middle of the table, the general supply (coins,
coats of arms, the Revolt pile) in the bottom-right pod. Every pod shows its won tricks (a small pile
with a count), coins and coats of arms; tokens fly between the supply and the pods when they change.
Moments: a card flies from a hand to its seat's spot (a cut gets its coin), the verdict (winner
glows, the reason and any bonus spelled out), the sweep into the winner's pile or, for a Revolt, a
banner and the cards scattering to the Revolt pile; a turn summary after each turn; the game end.
Input: hover lifts a card (an unplayable one shows why), click plays it; a Blaggard that may cut opens
a small "Play / Cut" popup; ←/→ focus, Enter plays, 1-9/0 pick, C cuts; Knave's steal as buttons.
"""

from __future__ import annotations

import pygame

from revolt_table.engine import Event, Move, Played, ScoreChanged, TrickWon
from revolt_table.games.tricks import BonusAwarded, CoinPaid, Revolt, TricksParams, TurnEnded, TurnStarted
from revolt_table.ui import cards, draw, i18n, theme
from revolt_table.ui.anim import Beat, Tween, approach, ease_in_out_cubic, ease_out_back, ease_out_cubic
from revolt_table.ui.table import tricks_faces as faces
from revolt_table.ui.table import widgets
from revolt_table.ui.table.classic import NUMBER_KEYS, ClassicTable
from revolt_table.ui.table.layout import Placement
from revolt_table.ui.table.model import Sprite, ZoneModel
from revolt_table.ui.table.render import panel_surface
from revolt_table.ui.table.tokens import TokenFlights, TokenLedger

REASON_FILL = (112, 30, 30)


def rt(key: str, **fmt) -> str:
    """Révolte! table text: keys under `tricks.` in assets/locale/<lang>.tricks.yaml."""
    return i18n.t("tricks." + key, **fmt)


class TricksTable(ClassicTable):
    family = "tricks"
    pod_height = 124          # name plate, then one row: won tricks, coins, coats of arms

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.params: TricksParams = scene.session.rules.params
        self.letters = list(self.params.letters)
        self.fam_names = {f.letter: f.name for f in self.params.families}    # when a letter has no translation
        self.trump = self.params.trump
        self.cut_cost = self.params.cut_cost
        faces.use_pitchfork(self.params.pitchfork)
        self.focus: int | None = None
        self.hover: int | None = None
        self.press: int | None = None
        self.popup: dict | None = None          # {"index", "card", "buttons": [(rect, move|None, label, reason)]}
        self.take_buttons: list[tuple[pygame.Rect, Move]] = []
        self.reason: tuple[str, int, float] | None = None   # (text, hand index, time shown)
        self.ledger = TokenLedger(lambda: self.scene.model.info, self.info_count)   # counts shown
        self.tokens = TokenFlights(self.ledger, self.anchor, self.token_icon, lambda: self.sound("flip", 0.35))
        self.cuts: set[int] = set()             # seats whose card on the table is a cut
        self.badge: str | None = None           # chosen family letter shown
        self.badge_pop = 1.0
        self.verdict: dict | None = None
        self.verdict_alpha = 0.0
        self.banner = 0.0                       # Revolt banner 0..1
        self.callouts: list[dict] = []          # "+1" pills over pods
        self.summary: dict | None = None        # turn or game summary panel
        self.turn_log: list[TurnEnded] = []
        self.ending = False
        self._playable_key = None
        self._playable: dict[str, str | None] = {}         # card -> why it cannot be played plainly (text)
        self._cut_ok: dict[str, bool] = {}
        self._reconciled = False

    # ================================================================ look
    def card_image(self, card: str | None, h: int, face_up: bool) -> pygame.Surface:
        if face_up and card is not None:
            return faces.face(card, h, rt("pitchfork_short") if card == self.params.pitchfork else rt("citizen"))
        return cards.back(h)

    def sort_key(self, card: str):
        letter = card[:1]
        if letter in self.letters and card[1:].isdigit():
            return (self.letters.index(letter), int(card[1:]))
        return (len(self.letters), 0 if card == self.params.pitchfork else 1)

    def card_name(self, card: str, cut: bool = False) -> str:
        letter = card[:1]
        if letter in self.fam_names and card[1:].isdigit():
            text = rt("card_value", family=self.singular(letter), value=card[1:])
            return rt("card_cut", card=text) if cut else text
        return rt("pitchfork") if card == self.params.pitchfork else rt("citizen")

    def singular(self, letter: str) -> str:
        return rt(f"family_one.{letter}") if i18n.has(f"tricks.family_one.{letter}") else self.fam_names[letter][:-1]

    def plural(self, letter: str) -> str:
        return rt(f"family.{letter}") if i18n.has(f"tricks.family.{letter}") else self.fam_names[letter]

    def name(self, seat: int | None) -> str:
        s = self.scene
        if seat is None:
            return ""
        if seat == s.viewer and s.face_up and not s.session.hot_seat:
            return rt("you")
        return s.session.names[seat]

    # ================================================================ model helpers
    def ensure_zones(self) -> None:
        model = getattr(self.scene, "model", None)
        if model is None:
            return
        if not self._reconciled:
            self._reconciled = True
            self.reconcile()
        for seat in range(self.scene.session.players):
            for prefix in ("_played", "_sweep"):
                name = f"{prefix}:{seat}"
                if name not in model.zones:
                    model.zones[name] = ZoneModel(name, "slot", seat)

    def reconcile(self) -> None:
        """When nothing is animating: the cards on the table are exactly the view's trick."""
        model = self.scene.model
        self._reconciled = True
        for seat in range(self.scene.session.players):
            for prefix in ("_played", "_sweep"):
                model.zones.setdefault(f"{prefix}:{seat}", ZoneModel(f"{prefix}:{seat}", "slot", seat))
        trick = {e.seat: e for e in model.info.get("trick", ())}
        self.cuts = {seat for seat, e in trick.items() if e.cut}
        for seat in range(self.scene.session.players):
            zone = model.zones[f"_played:{seat}"]
            want = trick.get(seat)
            have = zone.sprites[0].card if zone.sprites else None
            if (want.card if want else None) != have:
                zone.sprites = [Sprite(want.card, True)] if want else []
            model.zones[f"_sweep:{seat}"].sprites = []
        self.badge = model.info.get("chosen_family")

    def info_count(self, key: str) -> int:
        """A token count in the model's info: coins:s, points:s, tricks:s, supply, arms_supply."""
        info = self.scene.model.info
        if ":" in key:
            kind, seat = key.split(":")
            table = {"coins": "coins", "points": "points", "tricks": "tricks_won"}[kind]
            seq = info.get(table, ())
            return seq[int(seat)] if int(seat) < len(seq) else 0
        return info.get(key, 0)

    @staticmethod
    def token_icon(kind: str, size: int) -> pygame.Surface:
        return faces.coin_icon(size) if kind == "coin" else faces.arms_icon(size)

    # ================================================================ geometry
    def pod_band(self, rect: pygame.Rect, band: int) -> pygame.Rect:
        """0 the name plate; 1 an opponent's hand (a small face-down pile at the plate's right); 2 the
        row of won tricks, coins and coats of arms."""
        g, px = self.scene.geom, self.scene.metrics.px
        head = px(46)
        if band == 0:
            return pygame.Rect(rect.x, rect.y, rect.w, head)
        if band == 1:
            return self.plate_pile(rect)
        return pygame.Rect(rect.x + px(10), rect.y + head + px(2), rect.w - px(20),
                           max(4, rect.bottom - rect.y - head - px(8)))

    def row_spots(self, rect: pygame.Rect) -> dict[str, pygame.Rect]:
        """Inside a pod's band 2: the won-tricks pile (its count beside it), the coin token, the
        coat-of-arms token, each token with room for a 2-3 digit count at its right."""
        px = self.scene.metrics.px
        band = self.pod_band(rect, 2)
        pile_h = min(band.height - px(6), px(58))
        pw = cards.card_size(pile_h)[0]
        pile = pygame.Rect(band.x + px(4), band.centery - pile_h // 2, pw, pile_h)
        icon = min(px(28), band.height - px(10))
        rest = band.right - pile.right - px(40)           # the trick count and its word
        step = rest // 2
        coin = pygame.Rect(0, 0, icon, icon)
        coin.midleft = (pile.right + px(40), band.centery)
        arms = pygame.Rect(0, 0, icon, icon)
        arms.midleft = (coin.left + step, band.centery)
        return {"tricks": pile, "coins": coin, "points": arms}

    def supply_spots(self) -> dict[str, pygame.Rect]:
        g, px = self.scene.geom, self.scene.metrics.px
        band = self.pod_band(g.centre_pod, 2)
        icon = min(px(30), band.height - px(10))
        coin = pygame.Rect(0, 0, icon, icon)
        coin.midleft = (band.x + px(2), band.centery - px(2))
        arms = pygame.Rect(0, 0, icon, icon)
        arms.midleft = (band.x + px(84), band.centery - px(2))
        pile = pygame.Rect(band.x + px(160), band.y + px(2), band.right - band.x - px(160), band.height - px(4))
        return {"supply": coin, "arms_supply": arms, "revolt": pile}

    def anchor(self, key: str) -> tuple[int, int]:
        """Screen point of a token zone (for flights)."""
        g = self.scene.geom
        if key.startswith(("coins:", "points:")):
            kind, seat = key.split(":")
            pod = g.pods.get(int(seat))
            if pod is not None:
                return self.row_spots(pod.rect)[kind].center
        if key in ("supply", "arms_supply"):
            return self.supply_spots()[key].center
        if key.startswith("slot:"):
            pod = g.pods.get(int(key[5:]))
            if pod is not None:
                return pod.slot.midbottom[0], pod.slot.bottom - pod.slot.h // 5
        return g.centre

    def placements(self) -> dict[str, Placement]:
        s, g, px = self.scene, self.scene.geom, self.scene.metrics.px
        self.ensure_zones()
        out: dict[str, Placement] = {}
        for seat, pod in g.pods.items():
            if seat == g.bottom_seat:
                out[f"hand:{seat}"] = Placement("fan", g.hand, g.hand_h, face_up=s.face_up or self.ending,
                                                arc=0.05, z=50, max_step=0.8)
            else:
                out[f"hand:{seat}"] = Placement("pile", self.pod_band(pod.rect, 1), g.mini_h, face_up=False, z=20)
            out[f"_played:{seat}"] = Placement("slot", pod.slot, g.table_h, z=30)
            pile = self.row_spots(pod.rect)["tricks"]
            out[f"_sweep:{seat}"] = Placement("pile", pile, pile.h, face_up=False, z=35)
        rp = self.supply_spots()["revolt"]
        zone = s.model.zones.get("revolt")
        h = max(16, rp.height)
        w = cards.card_size(h)[0]
        n = len(zone.sprites) if zone else 0
        out["revolt"] = Placement("row", rp, h, z=15, max_step=0.55 if n < 6 else 0.3)
        if w * 1.0 > rp.width:
            out["revolt"] = Placement("row", rp, int(h * rp.width / w), z=15)
        return out

    def arena(self) -> pygame.Rect:
        return self.scene.geom.arena

    # ================================================================ drawing
    def draw_static(self, surface: pygame.Surface) -> None:
        super().draw_static(surface)
        g, m = self.scene.geom, self.scene.metrics
        surface.blit(panel_surface(g.centre_pod.size, m.radius, 150, theme.PANEL_EDGE), g.centre_pod)
        surface.blit(panel_surface(g.hud.size, m.radius, 170, theme.PANEL_EDGE), g.hud)

    def draw_under(self, surface: pygame.Surface) -> None:
        super().draw_under(surface)
        s = self.scene
        for seat, pod in s.geom.pods.items():
            self.draw_pod_row(surface, seat, pod.rect)
        self.draw_empty_slots(surface)
        self.draw_supply(surface)
        self.draw_hud(surface)
        self.draw_menu_button(surface)
        self.draw_badge(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        self.draw_cut_coins(surface)
        self.draw_seat_labels(surface)
        self.draw_callouts(surface)
        if self.banner > 0.01:
            self.draw_banner(surface)
        if self.verdict is not None and self.verdict_alpha > 0.01:
            self.draw_verdict(surface)
        if self.summary is not None:
            self.draw_summary(surface)
            self.draw_flights(surface)
            return
        self.draw_flights(surface)
        self.draw_prompt(surface)
        self.draw_take_buttons(surface)
        self.draw_reason(surface)
        self.draw_popup(surface)

    # ---------------------------------------------------------------- pods
    def pod_subtitle(self, seat: int) -> str:
        info = self.scene.model.info
        if info.get("leader") == seat and info.get("trick") is not None and not self.scene.session.state.is_over:
            return rt("leads") + " · " + super().pod_subtitle(seat)
        return super().pod_subtitle(seat)

    def pod_badge(self, surface: pygame.Surface, seat, head: pygame.Rect) -> int:
        s, m = self.scene, self.scene.metrics
        hand = s.model.zones.get(f"hand:{seat}")
        if hand is None or seat == s.geom.bottom_seat:
            return head.right - m.px(8)
        pile = self.pod_band(s.geom.pods[seat].rect, 1)
        return self.hand_count_badge(surface, hand.count, (pile.left - m.px(4), head.centery))

    def draw_pod_row(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        m = self.scene.metrics
        spots = self.row_spots(rect)
        pile = spots["tricks"]
        n = self.ledger.value(f"tricks:{seat}")
        if n:
            back = cards.back(pile.h)
            for k in range(min(n, 4)):
                surface.blit(back, pile.move(k * m.px(2), -k * m.px(2)))
        else:
            pygame.draw.rect(surface, theme.PANEL_EDGE, pile, 1, border_radius=max(3, pile.w // 9))
        label = rt("tricks_n", n=n) if n != 1 else rt("tricks_one")
        size = draw.fit_text(label, m.font_small - m.px(1), spots["coins"].left - pile.right - m.px(12), True)
        draw.text(surface, str(n), m.font_body, theme.TEXT, bold=True,
                  midleft=(pile.right + m.px(8) + min(n, 4) * m.px(2), pile.centery - m.px(7)))
        draw.text(surface, rt("tricks_word"), size, theme.TEXT_MUTED,
                  midleft=(pile.right + m.px(8), pile.centery + m.px(11)))
        self.token(surface, faces.coin_icon(spots["coins"].h), spots["coins"], self.ledger.value(f"coins:{seat}"))
        self.token(surface, faces.arms_icon(spots["points"].h), spots["points"], self.ledger.value(f"points:{seat}"))

    def token(self, surface: pygame.Surface, icon: pygame.Surface, rect: pygame.Rect, n: int) -> None:
        m = self.scene.metrics
        surface.blit(icon, rect)
        draw.text(surface, str(n), m.font_body, theme.TEXT, bold=True, midleft=(rect.right + m.px(5), rect.centery))

    def draw_supply(self, surface: pygame.Surface) -> None:
        s, g, m = self.scene, self.scene.geom, self.scene.metrics
        head = self.pod_band(g.centre_pod, 0)
        draw.text(surface, rt("supply"), draw.fit_text(rt("supply"), m.font_body, head.w - m.px(24), True),
                  theme.TEXT, bold=True, midleft=(head.x + m.px(12), head.centery - m.px(8)))
        zone = s.model.zones.get("revolt")
        n = zone.count if zone else 0
        sub = rt("revolt_pile", n=n) if n else rt("revolt_pile_empty")
        draw.text(surface, sub, draw.fit_text(sub, m.font_small - m.px(2), head.w - m.px(24)), theme.TEXT_MUTED,
                  midleft=(head.x + m.px(12), head.centery + m.px(10)))
        spots = self.supply_spots()
        self.token(surface, faces.coin_icon(spots["supply"].h), spots["supply"], self.ledger.value("supply"))
        self.token(surface, faces.arms_icon(spots["arms_supply"].h), spots["arms_supply"], self.ledger.value("arms_supply"))
        if not n:
            r = spots["revolt"]
            h = max(16, r.height)
            slot = pygame.Rect((0, 0), cards.card_size(h))
            slot.midleft = (r.x + m.px(2), r.centery)
            pygame.draw.rect(surface, theme.PANEL_EDGE, slot, 1, border_radius=max(3, slot.w // 9))

    def draw_hud(self, surface: pygame.Surface) -> None:
        s, m = self.scene, self.scene.metrics
        rect = s.geom.hud
        info = s.model.info
        x = rect.x + m.px(12)
        draw.text(surface, rt("turn", n=info.get("turn", 1), total=info.get("turns", 3)), m.font_body, theme.GOLD,
                  bold=True, midleft=(x, rect.y + m.px(18)))
        hand = self.params.hand_size(s.session.players)
        line = rt("trick", n=min(info.get("trick_no", 1), hand), total=hand)
        leader = info.get("leader")
        if leader is not None and not s.session.state.is_over:
            line += " · " + rt("led_by", name=self.name(leader))
        draw.text(surface, line, draw.fit_text(line, m.font_small, rect.w - m.px(24)), theme.TEXT,
                  midleft=(x, rect.y + m.px(44)))
        icon = m.px(20)
        img = faces.emblem_icon(self.trump, icon)
        surface.blit(img, img.get_rect(midleft=(x, rect.y + m.px(70))))
        line = rt("cut_rule", family=self.singular(self.trump), n=self.cut_cost)
        draw.text(surface, line, draw.fit_text(line, m.font_small - m.px(1), rect.w - m.px(30) - icon), theme.TEXT_MUTED,
                  midleft=(x + icon + m.px(6), rect.y + m.px(70)))

    def draw_empty_slots(self, surface: pygame.Surface) -> None:
        """A faint outline where the seat to play will put its card (gold for you)."""
        s = self.scene
        if self.verdict is not None or s.session.state.is_over or self.summary is not None:
            return
        for seat in s.session.state.to_act:
            pod = s.geom.pods.get(seat)
            zone = s.model.zones.get(f"_played:{seat}")
            if pod is None or zone is None or zone.sprites or not s.queue.idle:
                continue
            if s.model.info.get("pending_take"):
                continue
            strong = seat == s.viewer and s.face_up
            image = pygame.Surface(pod.slot.size, pygame.SRCALPHA)
            radius = max(4, pod.slot.w // 9)
            pygame.draw.rect(image, (0, 0, 0, 40), image.get_rect(), border_radius=radius)
            colour = (*theme.GOLD_LIGHT, 170) if strong else (*theme.TEXT_MUTED, 90)
            pygame.draw.rect(image, colour, image.get_rect(), max(1, s.metrics.px(2)), border_radius=radius)
            surface.blit(image, pod.slot)

    def draw_seat_labels(self, surface: pygame.Surface) -> None:
        """The bottom seat's card on the table is named "You" (the others sit by their pods)."""

    def badge_rect(self) -> pygame.Rect:
        m = self.scene.metrics
        a = self.arena()
        if self.badge is None or self.badge not in self.fam_names:
            return pygame.Rect(a.centerx, a.top, 0, 0)
        title = draw.render_text(self.plural(self.badge), m.font_heading, theme.TEXT, True)
        small = draw.render_text(rt("chosen_family"), m.font_small, theme.TEXT_MUTED)
        w = m.px(36) + m.px(10) + max(title.get_width(), small.get_width()) + m.px(30)
        h = max(m.px(36), title.get_height() + small.get_height()) + m.px(12)
        box = pygame.Rect(0, 0, w, h)
        box.midtop = (a.centerx, a.top + m.px(4))
        return box

    def draw_badge(self, surface: pygame.Surface) -> None:
        """The chosen family: emblem + name in a pill in the middle of the table."""
        if self.badge is None or self.badge not in self.fam_names or self.summary is not None or self.banner > 0.01:
            return
        m = self.scene.metrics
        a = self.arena()
        scale = 0.6 + 0.4 * self.badge_pop
        icon_h = max(8, int(m.px(36) * scale))
        title = self.plural(self.badge)
        size = max(8, int(m.font_heading * scale))
        image = draw.render_text(title, size, theme.TEXT, True)
        small = draw.render_text(rt("chosen_family"), max(8, int(m.font_small * scale)), theme.TEXT_MUTED)
        w = icon_h + m.px(10) + max(image.get_width(), small.get_width()) + m.px(30)
        h = max(icon_h, image.get_height() + small.get_height()) + m.px(12)
        box = pygame.Rect(0, 0, w, h)
        box.midtop = (a.centerx, a.top + m.px(4))
        colour = faces.FAMILY_LOOK[self.badge][0]
        surface.blit(panel_surface(box.size, box.h // 2, 225, colour, edge_w=max(2, m.px(3))), box)
        icon = faces.emblem_icon(self.badge, icon_h)
        surface.blit(icon, icon.get_rect(midleft=(box.x + m.px(12), box.centery)))
        tx = box.x + m.px(12) + icon_h + m.px(10)
        surface.blit(small, small.get_rect(topleft=(tx, box.y + m.px(6))))
        surface.blit(image, image.get_rect(topleft=(tx, box.y + m.px(6) + small.get_height() - m.px(2))))

    def draw_cut_coins(self, surface: pygame.Surface) -> None:
        """A coin lies on every cut card (with "Cut" written under it)."""
        s, m = self.scene, self.scene.metrics
        for seat in self.cuts:
            zone = s.model.zones.get(f"_played:{seat}")
            if zone is None or not zone.sprites or zone.sprites[0].hidden:
                continue
            rect = s.renderer.current_rect(zone.sprites[0])
            if rect is None:
                continue
            size = max(10, rect.w // 2)
            icon = faces.coin_icon(size)
            centre = (rect.centerx, rect.centery + rect.h // 6)
            surface.blit(icon, icon.get_rect(center=centre))
            label = draw.render_text(rt("cut"), m.font_small - m.px(2), theme.TEXT_DARK, True)
            box = label.get_rect().inflate(m.px(10), m.px(2))
            box.midtop = (rect.centerx, rect.bottom - m.px(4))
            pygame.draw.rect(surface, faces.COIN, box, border_radius=box.h // 2)
            surface.blit(label, label.get_rect(center=box.center))

    # ---------------------------------------------------------------- flights and callouts
    def draw_flights(self, surface: pygame.Surface) -> None:
        m = self.scene.metrics
        self.tokens.draw(surface, m.px(28), m.px(60))

    def draw_callouts(self, surface: pygame.Surface) -> None:
        s, m = self.scene, self.scene.metrics
        for c in self.callouts:
            a = c["a"]
            if a <= 0.01:
                continue
            pod = s.geom.pods.get(c["seat"])
            if pod is None:
                continue
            spot = self.row_spots(pod.rect)["coins" if c["kind"] == "coin" else "points"]
            image = draw.render_text(c["text"], m.font_small, theme.TEXT_DARK, True)
            box = image.get_rect().inflate(m.px(14), m.px(6))
            box.midbottom = (spot.centerx, spot.top - m.px(2) - int(m.px(14) * a))
            box.clamp_ip(surface.get_rect())
            panel = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(panel, (*theme.GOLD_LIGHT, 240), panel.get_rect(), border_radius=box.h // 2)
            panel.blit(image, image.get_rect(center=panel.get_rect().center))
            panel.set_alpha(int(255 * min(1.0, a)))
            surface.blit(panel, box)

    def banner_rect(self) -> pygame.Rect:
        m = self.scene.metrics
        a = self.arena()
        image = draw.render_text(rt("revolt_banner"), int(m.font_title * 1.4), theme.CARD_FACE, True)
        box = image.get_rect().inflate(m.px(60), m.px(10))
        box.midtop = (a.centerx, a.top + m.px(2))
        return box

    def draw_banner(self, surface: pygame.Surface) -> None:
        m = self.scene.metrics
        size = int(m.font_title * 1.4 * (0.7 + 0.3 * min(1.0, self.banner)))
        image = draw.render_text(rt("revolt_banner"), size, theme.CARD_FACE, True)
        full = self.banner_rect()
        box = image.get_rect().inflate(m.px(60), m.px(10))
        box.center = full.center
        panel = panel_surface(box.size, box.h // 2, 235, theme.GOLD_LIGHT, (150, 30, 36), max(2, m.px(3)))
        panel = panel.copy()
        panel.set_alpha(int(255 * min(1.0, self.banner)))
        surface.blit(panel, box)
        image.set_alpha(int(255 * min(1.0, self.banner)))
        surface.blit(image, image.get_rect(center=box.center))

    def draw_verdict(self, surface: pygame.Surface) -> None:
        """The trick's result: who wins and why, and any bonus (who, why), under the badge."""
        m = self.scene.metrics
        a = self.arena()
        lines = self.verdict["lines"]
        sizes = []
        width = a.w - m.px(24)
        for i, (text, colour) in enumerate(lines):
            base = m.font_body if i == 0 else m.font_small
            sizes.append(draw.fit_text(text, base, width - m.px(20), i == 0))
        if len(sizes) > 1:
            sizes[1:] = [min(sizes[1:])] * (len(sizes) - 1)
        heights = [sz + m.px(8) for sz in sizes]
        box = pygame.Rect(0, 0, min(width, max(draw.render_text(t, sz, c, i == 0).get_width()
                                               for i, ((t, c), sz) in enumerate(zip(lines, sizes))) + m.px(40)),
                          sum(heights) + m.px(14))
        top = self.badge_rect().bottom + m.px(6) if self.banner <= 0.01 else self.banner_rect().bottom + m.px(6)
        box.midtop = (a.centerx, max(a.top, min(top, a.bottom - box.h)))
        panel = panel_surface(box.size, m.radius, 215, theme.GOLD_DARK).copy()
        panel.set_alpha(int(255 * self.verdict_alpha))
        surface.blit(panel, box)
        y = box.y + m.px(7)
        for i, ((text, colour), sz, h) in enumerate(zip(lines, sizes, heights)):
            img = draw.render_text(text, sz, colour, i == 0)
            img.set_alpha(int(255 * self.verdict_alpha))
            surface.blit(img, img.get_rect(center=(box.centerx, y + h // 2)))
            y += h

    # ---------------------------------------------------------------- choices: popup, take buttons, reasons
    def draw_reason(self, surface: pygame.Surface) -> None:
        s, m = self.scene, self.scene.metrics
        if self.reason is None or self.popup is not None:
            return
        text, index, _ = self.reason
        zone = self.hand_zone()
        if zone is None or not (0 <= index < len(zone.sprites)):
            return
        rect = s.renderer.current_rect(zone.sprites[index])
        if rect is None:
            return
        image = draw.render_text(text, m.font_small, theme.TEXT, True)
        widgets.pill(surface, image, (rect.centerx, rect.top - m.px(6)), (m.px(18), m.px(10)),
                     surface.get_rect().inflate(-m.px(8), -m.px(8)), fill=REASON_FILL, edge_w=2)

    def popup_layout(self) -> list[tuple[pygame.Rect, Move | None, str, str | None]]:
        s, m = self.scene, self.scene.metrics
        p = self.popup
        zone = self.hand_zone()
        if p is None or zone is None or not (0 <= p["index"] < len(zone.sprites)):
            return []
        rect = s.renderer.rect_of(zone.sprites[p["index"]]) or s.geom.hand
        card = p["card"]
        play_reason = self._playable.get(card)
        options = [(Move(card), rt("popup_play", card=self.card_name(card)), play_reason),
                   (Move(f"cut:{card}"), rt("popup_cut", n=self.cut_cost), None)]
        bounds = pygame.Rect(0, 0, *s.geom.size).inflate(-m.px(8), -m.px(8))
        rects = widgets.stack_above(rect, len(options), (m.px(200), m.px(40)), m.px(6), m.px(14), bounds)
        return [(r, None if reason else move, label, reason) for r, (move, label, reason) in zip(rects, options)]

    def draw_popup(self, surface: pygame.Surface) -> None:
        m = self.scene.metrics
        layout = self.popup_layout()
        if not layout:
            return
        outer = widgets.panel_around(surface, m, [r for r, *_ in layout], m.px(16))
        mouse = widgets.mouse_pos()
        for k, (r, move, label, reason) in enumerate(layout):
            hot = self.popup.get("focus") == k or (r.collidepoint(mouse) and move is not None)
            widgets.choice_button(surface, m, r, f"{k + 1}  {label}", enabled=move is not None, hot=hot,
                                  icon=faces.coin_icon(r.h - m.px(14)) if k == 1 else None)   # 2: the cut
        if layout[0][3]:
            reason = layout[0][3]
            size = draw.fit_text(reason, m.font_small - m.px(2), outer.w + m.px(120))
            widgets.pill(surface, draw.render_text(reason, size, theme.TEXT), (outer.centerx, outer.top - m.px(4)),
                         (m.px(12), m.px(6)), surface.get_rect(), fill=REASON_FILL)

    def take_layout(self) -> list[tuple[pygame.Rect, Move, str]]:
        s, m = self.scene, self.scene.metrics
        pend = s.model.info.get("pending_take")
        if not pend or s.viewer is None or pend.seat != s.viewer or not s.may_act(s.viewer):
            return []
        a = self.arena()
        opts = list(pend.options)
        w, h = m.px(170), m.px(42)
        gap = m.px(12)
        total = len(opts) * w + (len(opts) - 1) * gap
        x0 = a.centerx - total // 2
        y = a.centery + m.px(6)
        out = []
        for k, seat in enumerate(opts):
            r = pygame.Rect(x0 + k * (w + gap), y, w, h)
            label = f"{k + 1}  {s.session.names[seat]} ({self.ledger.value(f'coins:{seat}')})"
            out.append((r, Move(f"take:{seat}"), label))
        return out

    def draw_take_buttons(self, surface: pygame.Surface) -> None:
        m = self.scene.metrics
        layout = self.take_layout()
        self.take_buttons = [(r, mv) for r, mv, _ in layout]
        if not layout:
            return
        pend = self.scene.model.info["pending_take"]
        title = rt("take_title", card=self.card_name(pend.card))
        outer = layout[0][0].unionall([r for r, *_ in layout])
        size = draw.fit_text(title, m.font_body, max(outer.w, self.arena().w - m.px(20)), True)
        timg = draw.render_text(title, size, theme.GOLD_LIGHT, True)
        box = outer.union(timg.get_rect(midbottom=(outer.centerx, outer.top - m.px(8)))).inflate(m.px(24), m.px(20))
        surface.blit(panel_surface(box.size, m.radius, 235, theme.GOLD, edge_w=2), box)
        surface.blit(timg, timg.get_rect(midbottom=(outer.centerx, outer.top - m.px(8))))
        mouse = widgets.mouse_pos()
        for r, _, label in layout:
            widgets.choice_button(surface, m, r, label, hot=r.collidepoint(mouse), edge=theme.GOLD_DARK,
                                  icon=faces.coin_icon(r.h - m.px(14)), icon_left=True)

    # ---------------------------------------------------------------- summaries
    def draw_summary(self, surface: pygame.Surface) -> None:
        s = self.scene
        widgets.summary_panel(surface, s.metrics, s.geom.size, s.geom.hand.top, self.summary, rt("continue"))

    # ================================================================ prompt
    def prompt(self) -> tuple[str, str]:
        s = self.scene
        if s.session.state.is_over or self.summary is not None:
            return "", ""
        current = s.queue.current
        if current is not None and current.name not in ("choose", "deal"):
            return "", rt("skip_hint")
        info = s.model.info
        if s.viewer is not None and s.may_act(s.viewer):
            if info.get("pending_take"):
                return rt("prompt_take"), rt("keys_take")
            chosen = info.get("chosen_family")
            if not info.get("trick"):
                main = rt("prompt_lead")
            elif chosen is None:
                main = rt("prompt_after_citizen")
            else:
                main = rt("prompt_follow", family=self.plural(chosen))
            if self.popup is not None:
                only_cut = self._playable.get(self.popup["card"]) is not None
                return rt("prompt_popup_cut" if only_cut else "prompt_popup"), ""
            return main, rt("keys_hint")
        waiting = [s.session.names[x] for x in s.session.state.to_act]
        if waiting:
            return rt("prompt_wait", names=", ".join(waiting)), ""
        return "", ""

    # ================================================================ input
    def can_choose(self) -> bool:
        s = self.scene
        return (s.viewer is not None and s.face_up and s.may_act(s.viewer) and self.summary is None
                and not s.model.info.get("pending_take"))

    def refresh_playable(self) -> None:
        """Reasons per card id of the viewer's hand (None: playable), from the viewer's view."""
        s = self.scene
        key = (len(s.session.state.history), s.viewer, s.face_up)
        if key == self._playable_key:
            return
        self._playable_key = key
        self._playable, self._cut_ok = {}, {}
        if s.viewer is None or not s.face_up:
            return
        state = s.session.state
        hand = state.view(s.viewer).hand() or ()
        for card in set(hand):
            refusal = state.refusal(s.viewer, card)
            self._playable[card] = None if refusal is None else i18n.say(refusal)
            self._cut_ok[card] = self.params.is_numbered(card) and state.refusal(s.viewer, f"cut:{card}") is None

    def reason_for(self, card: str) -> str | None:
        """Why this card cannot be played at all (neither plainly nor as a cut)."""
        self.refresh_playable()
        if self._cut_ok.get(card):
            return None
        reason = self._playable.get(card)
        return rt("reason", reason=reason) if reason else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        s = self.scene
        if self.menu_clicked(event):
            return True
        if self.summary is not None:
            return False
        if self.take_buttons and s.viewer is not None and s.may_act(s.viewer):
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                for r, mv in self.take_buttons:
                    if r.collidepoint(event.pos):
                        s.play(s.viewer, mv)
                        return True
            if event.type == pygame.KEYDOWN and event.key in NUMBER_KEYS:
                k = NUMBER_KEYS[event.key]
                if k < len(self.take_buttons):
                    s.play(s.viewer, self.take_buttons[k][1])
                    return True
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        zone = self.hand_zone()
        if not self.can_choose() or zone is None or not zone.sprites:
            return False
        if self.popup is not None:
            return self.handle_popup(event)
        n = len(zone.sprites)
        if event.type == pygame.MOUSEMOTION:
            index = self.card_at(event.pos)
            if index != self.hover:
                self.hover = index
                self.reason = None
                if index is not None:
                    why = self.reason_for(zone.sprites[index].card)
                    if why:
                        self.reason = (why, index, s.time)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press = self.card_at(event.pos)
            return self.press is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            press, self.press = self.press, None
            index = self.card_at(event.pos)
            if index is None or index != press:
                return False
            self.focus = index
            self.choose(index)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_c:
                self.key_cut()
                return True
            return self.pick_key(event.key, n, self.focus, set_focus=self._focus_card, confirm=self.choose)
        return False

    def _focus_card(self, index: int | None) -> None:
        self.focus = index
        self.show_reason_for_focus()

    def show_reason_for_focus(self) -> None:
        zone = self.hand_zone()
        self.reason = None
        if zone is not None and self.focus is not None and self.focus < len(zone.sprites):
            why = self.reason_for(zone.sprites[self.focus].card)
            if why:
                self.reason = (why, self.focus, self.scene.time)

    def key_cut(self) -> None:
        """C: cut with the focused Blaggard, else focus the lowest Blaggard that may cut and ask."""
        zone = self.hand_zone()
        self.refresh_playable()
        if zone is None:
            return
        if self.focus is not None and self.focus < len(zone.sprites):
            card = zone.sprites[self.focus].card
            if self._cut_ok.get(card):
                self.play_move(Move(f"cut:{card}"))
                return
        for i, sp in enumerate(zone.sprites):
            if self._cut_ok.get(sp.card):
                self.focus = i
                self.popup = {"index": i, "card": sp.card, "focus": 1}
                return
        self.reason = (rt("reason", reason=rt("no_cut")), self.focus or 0, self.scene.time)

    def choose(self, index: int) -> None:
        """A card was clicked / Entered: play it, open the Play/Cut popup, or say why not."""
        zone = self.hand_zone()
        if zone is None or not (0 <= index < len(zone.sprites)):
            return
        card = zone.sprites[index].card
        self.refresh_playable()
        if self._cut_ok.get(card):
            self.popup = {"index": index, "card": card, "focus": 0 if self._playable.get(card) is None else 1}
            self.reason = None
            return
        why = self._playable.get(card)
        if why is not None:
            self.reason = (rt("reason", reason=why), index, self.scene.time)
            self.sound("flip", 0.3)
            return
        self.play_move(Move(card))

    def handle_popup(self, event: pygame.event.Event) -> bool:
        layout = self.popup_layout()
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for r, mv, _, _ in layout:
                if r.collidepoint(event.pos):
                    if mv is not None:
                        self.play_move(mv)
                    return True
            self.popup = None
            index = self.card_at(event.pos)
            if index is not None:
                self.focus = index
                self.choose(index)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in NUMBER_KEYS and NUMBER_KEYS[event.key] < len(layout):
                mv = layout[NUMBER_KEYS[event.key]][1]
                if mv is not None:
                    self.play_move(mv)
                return True
            if event.key == pygame.K_c:
                self.play_move(layout[1][1])
                return True
            if event.key == pygame.K_p and layout[0][1] is not None:
                self.play_move(layout[0][1])
                return True
            if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                f = self.popup.get("focus", 0)
                f = 1 - f
                if layout[f][1] is not None:
                    self.popup["focus"] = f
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                mv = layout[self.popup.get("focus", 0)][1]
                if mv is not None:
                    self.play_move(mv)
                return True
            if event.key in (pygame.K_BACKSPACE, pygame.K_LEFT, pygame.K_RIGHT):
                self.popup = None
                return True
        return False

    def play_move(self, move: Move | None) -> None:
        s = self.scene
        if move is None or s.viewer is None:
            return
        if move not in s.session.state.legal_moves(s.viewer):
            return
        self.popup = None
        self.reason = None
        self.focus = None
        self.hover = None
        s.play(s.viewer, move)

    def handle_escape(self) -> bool:
        if self.popup is not None:
            self.popup = None
            return True
        return False

    def reset_input(self) -> None:
        self.focus = self.hover = self.press = None
        self.popup = None
        self.reason = None
        self._playable_key = None

    def update(self, dt: float) -> None:
        s = self.scene
        self.ensure_zones()
        if s.queue.idle and not self.ending:
            self.reconcile()
        for c in self.callouts:
            c["age"] += dt
            c["a"] = min(1.0, c["age"] * 4) if c["age"] < 2.2 else max(0.0, 1 - (c["age"] - 2.2) * 2)
        self.callouts = [c for c in self.callouts if c["age"] < 2.8]
        if self.badge_pop < 1:
            self.badge_pop = min(1.0, self.badge_pop + dt * 4)
        zone = self.hand_zone()
        if zone is None or self.ending:
            return
        active = self.can_choose()
        if not active:
            self.popup = None
            if self.reason is not None and not s.face_up:
                self.reason = None
        self.refresh_playable()
        if self.focus is not None and self.focus >= len(zone.sprites):
            self.focus = None
        popup_index = self.popup["index"] if self.popup else None
        for i, sprite in enumerate(zone.sprites):
            target = 0.0
            blocked = active and self.reason_for(sprite.card or "") is not None
            if active and (i == self.focus or i == popup_index):
                target = 0.16
            elif active and i == self.hover and not blocked:
                target = 0.08
            sprite.lift = approach(sprite.lift, target, 18.0, dt)
            glow = 1.0 if active and (i == self.focus or i == popup_index) and not blocked else 0.0
            sprite.highlight = approach(sprite.highlight, glow, 14.0, dt)
            sprite.dim = approach(sprite.dim, 0.6 if blocked else 0.0, 14.0, dt)

    # ================================================================ moments
    def deal(self) -> None:
        super().deal()
        self.scene.queue.push(self.beat_pitchfork())

    def beat_pitchfork(self) -> Beat:
        """Who holds the pitchfork Citizen leads the turn: said in the middle for a moment."""
        s = self.scene

        def start(beat: Beat) -> None:
            info = s.session.state.view(s.view_seat).info if not s.session.state.history else s.model.info
            holder, leader = info.get("pitchfork_holder"), info.get("leader")
            if holder is None or leader is None:
                return
            self.verdict = {"lines": [(rt("pitchfork_leads", name=self.name(holder), n=info.get("turn", 1)),
                                       theme.GOLD_LIGHT)]}
            beat.tweens.append(Tween(0.25, lambda t: setattr(self, "verdict_alpha", t)))

        def end() -> None:
            self.verdict = None
            self.verdict_alpha = 0.0

        return Beat("reveal", on_start=start, on_end=end, hold=1.4)

    def on_events(self, seat: int | None, move: Move | None, events: list[Event]) -> None:
        q = self.scene.queue
        back: list = []
        sweep: Beat | None = None          # pushed after the trick's bonuses
        took = False
        for event in events:
            if sweep is not None and not isinstance(event, (BonusAwarded, CoinPaid, ScoreChanged)):
                q.push(sweep)
                sweep = None
            if isinstance(event, Played):
                q.push(self.beat_play(event))
            elif isinstance(event, CoinPaid):
                if event.source == "trick_coins":
                    back = [(f"slot:{st}", "supply", "coin", 1) for st in sorted(self.cuts_in_play(events))]
            elif isinstance(event, Revolt):
                q.push(self.beat_verdict(None, event, back))
                sweep = self.beat_revolt_sweep(event, back)
                back = []
            elif isinstance(event, TrickWon):
                q.push(self.beat_verdict(event, None, back))
                sweep = self.beat_sweep(event, back)
                back = []
            elif isinstance(event, BonusAwarded):
                q.push(self.beat_bonus(event))
                took = took or sweep is None
            elif isinstance(event, TurnEnded):
                self.turn_log.append(event)
                q.push(self.beat_turn_summary(event, events))
            elif isinstance(event, TurnStarted):
                if event.turn > 1:
                    q.push(self.beat_redeal())
                    q.push(self.beat_pitchfork())
        if sweep is not None:
            q.push(sweep)
        elif took:          # a Knave's coin taken after a choice: clear its call-out panel
            q.push(Beat("sweep", on_end=self._clear_trick_marks, hold=0.05))

    def cuts_in_play(self, events: list[Event]) -> set[int]:
        """Seats that cut in the trick being resolved (from the table before this move, plus this move)."""
        seats = {e.seat for e in self.scene.model.info.get("trick", ()) if e.cut}
        for e in events:
            if isinstance(e, Played) and e.text.startswith("cut:"):
                seats.add(e.seat)
        return seats

    def _take_from_hand(self, seat: int, card: str) -> tuple[Sprite, pygame.Rect]:
        s = self.scene
        hand = s.model.zones[f"hand:{seat}"]
        sprite = next((sp for sp in hand.sprites if sp.card == card), None)
        if sprite is None and hand.sprites:
            sprite = hand.sprites[len(hand.sprites) // 2]
        if sprite is None:
            return Sprite(card, True), pygame.Rect(s.geom.pods[seat].rect.center, (1, 1))
        rect = s.renderer.current_rect(sprite) or s.renderer.rect_of(sprite) or pygame.Rect(s.geom.pods[seat].rect)
        hand.sprites.remove(sprite)
        sprite.lift = sprite.highlight = sprite.dim = 0.0
        return sprite, rect

    def beat_play(self, event: Played) -> Beat:
        s = self.scene
        card = event.cards[0]
        cut = event.text.startswith("cut:")

        def start(beat: Beat) -> None:
            self.sound("deal")
            self.ensure_zones()
            sprite, origin = self._take_from_hand(event.seat, card)
            was_up = sprite.face_up and sprite.flip >= 1
            sprite.card, sprite.face_up = card, True
            s.model.zones[f"_played:{event.seat}"].sprites = [sprite]
            sprite.fly_from(origin, 0.1)
            sprite.flip = 1.0 if was_up else 0.0
            if cut:       # the coin leaves the pod and lands on the card
                self.tokens.add(beat, [(f"coins:{event.seat}", f"slot:{event.seat}", "coin", self.cut_cost)],
                                 land=False, delay=0.2)
                beat.tweens.append(Tween(0.01, None, delay=0.72, on_done=lambda: self.cuts.add(event.seat)))
            letter = self.trump if cut else card[:1]
            if self.badge is None and letter in self.fam_names:
                self.badge = letter
                self.badge_pop = 0.0

            def update(t: float) -> None:
                sprite.progress = t
                if not was_up:
                    sprite.flip = t

            beat.tweens.append(Tween(0.36, update, ease_in_out_cubic, on_done=sprite.land))

        return Beat("choose", on_start=start, hold=0.05)

    def verdict_lines(self, win: TrickWon | None, revolt: Revolt | None,
                      bonuses: list[BonusAwarded]) -> list[tuple[str, tuple[int, int, int]]]:
        s = self.scene
        if revolt is not None:
            return [(rt("revolt_line", n=revolt.citizens, m=revolt.most), theme.GOLD_LIGHT),
                    (rt("revolt_rule", name=self.name(revolt.leader)), theme.TEXT)]
        seat = win.seat
        played = {}
        for st in range(s.session.players):
            zone = s.model.zones.get(f"_played:{st}")
            if zone is not None and zone.sprites and zone.sprites[0].card:
                played[st] = (zone.sprites[0].card, st in self.cuts)
        card, cut = played.get(seat, ("", False))
        if not card[:1] in self.fam_names:      # (never: a Citizen cannot win) name the trick's best card
            card = next((c for c in win.cards if c[:1] in self.fam_names), card)
        cuts = [st for st, (_, ct) in played.items() if ct]
        if cut:
            why = rt("why_cut_many", card=self.card_name(card)) if len(cuts) > 1 else rt("why_cut",
                                                                                        card=self.card_name(card))
        else:
            why = rt("why_high", card=self.card_name(card), family=self.plural(card[:1]))
        if seat == s.viewer and s.face_up and not s.session.hot_seat:
            head = rt("you_win", why=why)
        else:
            head = rt("wins", name=s.session.names[seat], why=why)
        return [(head, theme.GOLD_LIGHT)]

    def bonus_line(self, b: BonusAwarded) -> str:
        card = self.card_name(b.card)
        if b.bonus == "noble":
            return rt("noble_line", name=self.name(b.seat), card=card, n=b.amount)
        if b.source.startswith("coins:"):
            return rt("knave_steal_line", name=self.name(b.seat), card=card,
                      victim=self.name(int(b.source.split(":")[1])))
        return rt("knave_line", name=self.name(b.seat), card=card, n=b.amount)

    def beat_verdict(self, win: TrickWon | None, revolt: Revolt | None, back, bonuses=None) -> Beat:
        """The whole trick is on the table: the winner's card glows (or the Revolt banner), the reason."""
        s = self.scene

        def start(beat: Beat) -> None:
            self.sound("chime", 0.7)
            self.verdict = {"lines": self.verdict_lines(win, revolt, [])}
            if revolt is not None:
                beat.tweens.append(Tween(0.35, lambda t: setattr(self, "banner", t), ease_out_back))
                for seat in range(s.session.players):
                    zone = s.model.zones.get(f"_played:{seat}")
                    for sp in zone.sprites if zone else ():
                        if sp.card in (self.params.citizen, self.params.pitchfork):
                            beat.tweens.append(Tween(0.3, lambda t, sp=sp: setattr(sp, "highlight", t), delay=0.2))
            else:
                zone = s.model.zones.get(f"_played:{win.seat}")
                winner = zone.sprites[0] if zone and zone.sprites else None
                for seat in range(s.session.players):
                    z = s.model.zones.get(f"_played:{seat}")
                    for sp in z.sprites if z else ():
                        if sp is winner:
                            beat.tweens.append(Tween(0.35, lambda t, sp=sp: (setattr(sp, "highlight", t),
                                                                             setattr(sp, "lift", 0.1 * t)),
                                                     ease_out_back, delay=0.1))
                        else:
                            beat.tweens.append(Tween(0.3, lambda t, sp=sp: setattr(sp, "dim", 0.45 * t), delay=0.1))
            beat.tweens.append(Tween(0.25, lambda t: setattr(self, "verdict_alpha", t)))

        return Beat("fight", on_start=start, hold=1.3 if revolt is None else 1.6)

    def beat_bonus(self, b: BonusAwarded) -> Beat:
        """A bonus: called out (who, why) in the verdict panel and over the pod, the token flies."""
        def start(beat: Beat) -> None:
            self.sound("chime", 0.5)
            line = self.bonus_line(b)
            if self.verdict is None:
                self.verdict = {"lines": []}
                self.verdict_alpha = 1.0
            self.verdict["lines"] = self.verdict["lines"] + [(line, theme.TEXT)]
            target = f"points:{b.seat}" if b.token == "arms" else f"coins:{b.seat}"
            self.tokens.add(beat, [(b.source, target, "arms" if b.token == "arms" else "coin", b.amount)])
            text = rt("plus_arms" if b.token == "arms" else "plus_coin", n=b.amount)
            self.callouts.append({"seat": b.seat, "text": text, "kind": "points" if b.token == "arms" else "coin",
                                  "age": 0.0, "a": 0.0})

        return Beat("fight", on_start=start, hold=1.0)

    def _clear_trick_marks(self) -> None:
        self.verdict = None
        self.verdict_alpha = 0.0
        self.banner = 0.0
        self.badge = None
        self.cuts.clear()
        for sprite in self.scene.model.all_sprites():
            sprite.dim = 0.0
            sprite.highlight = 0.0
            if sprite.lift and not sprite.face_up:
                sprite.lift = 0.0

    def beat_sweep(self, event: TrickWon, back=()) -> Beat:
        """The trick's cards fly face down onto the winner's pile; its count goes up; cut coins go
        back to the supply."""
        s = self.scene

        def start(beat: Beat) -> None:
            self.sound("sweep")
            self.return_cut_coins(beat, back)
            target = s.model.zones[f"_sweep:{event.seat}"]
            k = 0
            for seat in range(s.session.players):
                zone = s.model.zones.get(f"_played:{seat}")
                if zone is None:
                    continue
                for sp in zone.sprites:
                    origin = s.renderer.current_rect(sp)
                    sp.face_up = False
                    sp.dim = sp.highlight = sp.lift = 0.0
                    sp.flip = 1.0
                    target.sprites.append(sp)
                    sp.fly_from(origin, 0.12)
                    beat.tweens.append(Tween(0.45, lambda t, sp=sp: (setattr(sp, "progress", t),
                                                                     setattr(sp, "flip", 1 - t)),
                                             ease_in_out_cubic, delay=k * 0.04, on_done=sp.land))
                    k += 1
                zone.sprites = []
            beat.tweens.append(Tween(0.3, lambda t: setattr(self, "verdict_alpha", 1 - t)))

        def end() -> None:
            s.model.zones[f"_sweep:{event.seat}"].sprites = []
            self.ledger.land(f"tricks:{event.seat}", 1)
            self._clear_trick_marks()

        return Beat("sweep", on_start=start, on_end=end, hold=0.05)

    def return_cut_coins(self, beat: Beat, back) -> None:
        if back:
            self.tokens.add(beat, back, land=True)
        self.cuts.clear()

    def beat_revolt_sweep(self, event: Revolt, back=()) -> Beat:
        """The Revolt's cards scatter to the Revolt pile beside the supply, face up; cut coins go back."""
        s = self.scene

        def start(beat: Beat) -> None:
            self.sound("sweep")
            self.return_cut_coins(beat, back)
            pile = s.model.zones.get("revolt")
            if pile is None:
                pile = s.model.zones["revolt"] = ZoneModel("revolt", "pile", None)
            k = 0
            for seat in range(s.session.players):
                zone = s.model.zones.get(f"_played:{seat}")
                if zone is None:
                    continue
                for sp in zone.sprites:
                    origin = s.renderer.current_rect(sp)
                    sp.dim = sp.highlight = sp.lift = 0.0
                    pile.sprites.append(sp)
                    sp.fly_from(origin, 0.35 + 0.1 * (k % 3))
                    beat.tweens.append(Tween(0.6, lambda t, sp=sp: setattr(sp, "progress", t), ease_out_cubic,
                                             delay=k * 0.07, on_done=sp.land))
                    k += 1
                zone.sprites = []
            beat.tweens.append(Tween(0.4, lambda t: (setattr(self, "verdict_alpha", 1 - t),
                                                     setattr(self, "banner", 1 - t)), delay=0.4))

        return Beat("sweep", on_start=start, on_end=self._clear_trick_marks, hold=0.05)

    def summary_waits(self) -> bool:
        """A summary waits for a click while a human is at the table (else it shows for 4 s)."""
        return bool(self.scene.session.humans)

    def beat_turn_summary(self, event: TurnEnded, events: list[Event]) -> Beat:
        """After each turn: tricks won, points for them, coins and coats of arms so far."""
        s = self.scene
        gains = {seat: n for seat, n in enumerate(event.trick_points) if n}
        k = self.turn_log.index(event) if event in self.turn_log else -1
        before = self.turn_log[k - 1].points if k > 0 else None
        if before is None and event.turn == 1:
            before = (0,) * len(event.points)

        def start(beat: Beat) -> None:
            self.sound("chime")
            rows = []
            for seat in range(s.session.players):
                bonus = "" if before is None else event.points[seat] - before[seat] - gains.get(seat, 0)
                rows.append({"name": s.session.names[seat],
                             "cells": [event.tricks_won[seat], f"+{gains.get(seat, 0)}",
                                       f"+{bonus}" if bonus != "" else "", event.coins[seat], event.points[seat]]})
            flights = [("arms_supply", f"points:{seat}", "arms", n) for seat, n in sorted(gains.items()) if n]
            self.tokens.add(beat, flights, land=True, delay=0.3)
            last = event.turn >= s.model.info.get("turns", 3)
            self.summary = {"title": rt("turn_over", n=event.turn, total=s.model.info.get("turns", 3)),
                            "columns": [rt("col_tricks"), rt("col_trick_points"), rt("col_bonuses"), rt("col_coins"),
                                        rt("col_points")],
                            "rows": rows,
                            "lines": [rt("turn_rule", n=self.params.points_per_trick)]
                            + ([] if last else [rt("next_turn", n=event.turn + 1)])}

        def end() -> None:
            self.summary = None

        return Beat("reveal", on_start=start, on_end=end, hold=4.0, wait_for_click=self.summary_waits())

    def beat_redeal(self) -> Beat:
        """A new turn: the cards are shuffled and dealt again."""
        s = self.scene

        def start(beat: Beat) -> None:
            s.model.sync(s.session.state.view(s.view_seat), self.sort_key)
            self.ensure_zones()
            self.reconcile()
            deck = pygame.Rect((0, 0), cards.card_size(s.geom.table_h))
            deck.center = s.geom.centre
            sprites = self.hands_in_deal_order()
            step = min(0.03, 1.4 / max(1, len(sprites)))
            for k, sp in enumerate(sprites):
                beat.tweens.append(self.fly_tween(sp, deck, 0.32, delay=k * step, flip_after=sp.face_up))

        return Beat("deal", on_start=start, hold=0.1)

    # ---------------------------------------------------------------- the end
    def final_info(self):
        """The finished game's public info (the seat's view: all the table needs is public)."""
        return self.scene.session.state.view(self.scene.view_seat).info

    def push_end_beats(self) -> None:
        s = self.scene
        info = self.final_info()

        def start(beat: Beat) -> None:
            self.sound("fanfare")
            self.ending = True
            coins = info["coins"]
            richest = max(coins)
            rich = [x for x in range(s.session.players) if coins[x] == richest]
            bonus = self.params.richest_alone if len(rich) == 1 else self.params.richest_tied
            winners = set(info.get("winners", ()))
            rows = []
            order = sorted(range(s.session.players), key=lambda x: (-info["points"][x], -coins[x]))
            for seat in order:
                rows.append({"name": s.session.names[seat], "win": seat in winners,
                             "cells": [coins[seat], f"+{bonus}" if seat in rich and bonus else "–",
                                       info["points"][seat]]})
            names = " & ".join(s.session.names[w] for w in sorted(winners))
            title = rt("game_won", names=names) if len(winners) == 1 else rt("game_shared", names=names)
            lines = [rt("coin_bonus_alone", name=s.session.names[rich[0]], n=bonus) if len(rich) == 1
                     else rt("coin_bonus_tied", names=", ".join(s.session.names[x] for x in rich), n=bonus)]
            top = max(info["points"])
            tied = [x for x in range(s.session.players) if info["points"][x] == top]
            if len(tied) > 1:
                lines.append(rt("tie_break", names=", ".join(s.session.names[x] for x in tied)))
            if bonus:
                self.tokens.add(beat, [("arms_supply", f"points:{x}", "arms", bonus) for x in rich], delay=0.3)
            self.summary = {"title": title, "columns": [rt("col_coins"), rt("col_coin_bonus"), rt("col_points")],
                            "rows": rows, "lines": lines, "final": True}

        s.queue.push(Beat("end_show", on_start=start, hold=4.0, wait_for_click=self.summary_waits()))

    def results_data(self):
        """Per-turn points (from the game's record of finished turns), coins, the end bonus, the final points."""
        data = super().results_data()
        s = self.scene.session
        if not s.state.is_over:
            return data
        info = self.final_info()
        per_turn, bonus = self.turn_points(info)
        turns = info.get("turns", 3)
        data.detail_title = rt("results_detail")
        data.detail_columns = ([rt("col_turn", n=k + 1) for k in range(turns)]
                               + [rt("col_coins"), rt("col_coin_bonus"), rt("col_points")])
        data.match_title = rt("results_match")
        for seat, row in enumerate(data.rows):
            cells = [str(p[seat]) if seat < len(p) else "" for p in per_turn]
            cells += [""] * (turns - len(cells))
            row.detail = cells + [str(info["coins"][seat]), f"+{bonus[seat]}" if bonus[seat] else "–",
                                  str(info["points"][seat])]
        winners = info.get("winners", ())
        data.winners = list(winners) if s.match.games == 1 else data.winners
        names = " & ".join(s.names[w] for w in winners)
        data.subtitle = rt("results_subtitle", names=names) if len(winners) == 1 else rt("results_shared", names=names)
        data.footnote = rt("results_note")
        return data

    @staticmethod
    def turn_points(info) -> tuple[list[tuple[int, ...]], tuple[int, ...]]:
        """Coats of arms gained in each turn (tricks + bonuses), and the end-of-game coin bonus."""
        out, before = [], (0,) * len(info["points"])
        for turn in info["turn_ends"]:
            out.append(tuple(p - b for p, b in zip(turn.points, before)))
            before = turn.points
        return out, tuple(f - b for f, b in zip(info["points"], before))


FAMILY_TABLE = TricksTable
