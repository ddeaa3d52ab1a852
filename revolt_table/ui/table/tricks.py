"""The Révolte! table (tricks family): how it looks, how a card is played, how the game ends.

Layout: the turn/trick box top-left (with the cut rule), the menu top-right, each seat's card lies in
front of its pod (the trick), the chosen family as a badge at the top of the middle, the general
supply (coins, coats of arms, the Revolt pile) in the bottom-right pod. Every pod shows its won tricks
(a small pile with a count), coins and coats of arms; tokens fly between the supply and the pods.
Playing: the shared gesture set (revolt_table/ui/table/hand.py): click a card to lift it, double-click it,
press Enter, drag it onto the table or press Play; a card the game refuses disables Play and says why.
A Blaggard that may cut asks "play it or cut with it?" (a ChoicePopup; C cuts at once); the Knave's
coin taken from another player is chosen with buttons beside Hint and Play. Hint proposes the normal
AI's card and says why (revolt_table/ai/tricks_hints.py).
What is its own: the sections in tricks_sections.py (pod rows, supply, empty spots, badge, cut coins,
call-outs, Revolt banner, verdict, token flights, the Blaggard's question) and the moments in
tricks_moments.py (deal, plays, verdicts, bonuses, sweeps, turn summaries, the end); the results.
"""

from __future__ import annotations

import pygame

from revolt_table.engine import Message, Move
from revolt_table.games.tricks import TricksParams
from revolt_table.ui import cards, draw, i18n, theme
from revolt_table.ui.fonts import font
from revolt_table.ui.table import tricks_faces as faces
from revolt_table.ui.table import tricks_sections as ts
from revolt_table.ui.table.actions import Action, wrap
from revolt_table.ui.table.family import FamilyTable
from revolt_table.ui.table.hand import NUMBER_KEYS, HandSection
from revolt_table.ui.table.layout import Placement, plate_band
from revolt_table.ui.table.moments import ToldByMoments
from revolt_table.ui.table.model import Sprite, ZoneModel
from revolt_table.ui.table.popups import Choice, SummaryPanel
from revolt_table.ui.table.render import panel_surface
from revolt_table.ui.table.section import Section
from revolt_table.ui.table.tokens import TokenFlights, TokenLedger
from revolt_table.ui.table.tricks_faces import rt
from revolt_table.ui.table.tricks_moments import TricksMoments

REASON = "tricks.reason"            # "Can't play: {reason}" around the game's refusal
TAKE_KEYS = list(NUMBER_KEYS)[:9]   # 1-9: the Knave's coin, from whom


class TricksHand(HandSection):
    """The shared hand, where playing a Blaggard that may cut first asks how (the table's popup), and
    C cuts: with the selected Blaggard at once, else it asks with the first one that may."""

    def play(self) -> bool:
        cards_ = tuple(self.selected_cards())
        move, _why = self.table.selection_state(cards_)
        s = self.scene
        if move is None or s.viewer is None or not s.may_act(s.viewer):
            return False
        if self.table.hinted_move() is None and self.table.may_cut(cards_[0]):
            self.table.ask_cut(self.selected[0], cards_[0])
            return False
        return super().play()

    def key(self, k: int) -> bool:
        if k == pygame.K_c:
            self.keyboard = True
            self.table.key_cut()
            return True
        return super().key(k)


class TricksTable(ToldByMoments, FamilyTable):
    family = "tricks"
    pod_height = 124          # name plate, then one row: won tricks, coins, coats of arms
    has_hud = True

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.params: TricksParams = scene.session.rules.params
        self.letters = list(self.params.letters)
        self.fam_names = {f.letter: f.name for f in self.params.families}    # when a letter has no translation
        self.trump = self.params.trump
        self.cut_cost = self.params.cut_cost
        self.ledger = TokenLedger(lambda: self.scene.model.info, self.info_count)   # counts shown
        self.tokens = TokenFlights(self.ledger, self.anchor, self.token_icon, lambda: self.sound("flip", 0.35))
        self.cuts: set[int] = set()             # seats whose card on the table is a cut
        self.badge: str | None = None           # chosen family letter shown
        self.badge_pop = 1.0
        self.verdict: dict | None = None        # {"lines": [(text, colour)]} while a verdict is told
        self.verdict_alpha = 0.0
        self.banner = 0.0                       # Revolt banner 0..1
        self.callouts: list[dict] = []          # "+1" pills over pods
        self.choice_prompt = ""                 # the Blaggard's question while its popup is open
        self.ending = False
        self._reconciled = False
        self.moments = TricksMoments(self)

    def make_sections(self) -> list[Section]:
        shared = super().make_sections()
        plain = self.hand
        self.hand = TricksHand(self)
        shared[shared.index(plain)] = self.hand
        self.summary_panel, self.choice = SummaryPanel(self), ts.CutChoicePopup(self)
        return shared + [ts.PodRowsSection(self), ts.SupplySection(self), ts.EmptySlotsSection(self),
                         ts.BadgeSection(self), ts.CutCoinsSection(self), ts.CalloutsSection(self),
                         ts.BannerSection(self), ts.VerdictSection(self), self.summary_panel,
                         ts.FlightsSection(self), self.choice, ts.ChoicePromptSection(self)]

    @property
    def turn_log(self):
        """The turns this table has seen end (TurnEnded events, in order)."""
        return self.moments.turn_log

    # ================================================================ look
    def card_image(self, card: str | None, h: int, face_up: bool) -> pygame.Surface:
        if face_up and card is not None:
            return faces.face(card, h, rt("pitchfork_short") if card == self.params.pitchfork else rt("citizen"),
                              self.params.pitchfork)
        return cards.back(h)

    def card_style(self) -> cards.CardStyle:
        return faces.style_with(self.params.pitchfork)

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

    def is_you(self, seat: int | None) -> bool:
        s = self.scene
        return seat is not None and seat == s.viewer and s.face_up and not s.session.hot_seat

    def name(self, seat: int | None) -> str:
        if seat is None:
            return ""
        return i18n.you(rt("you")) if self.is_you(seat) else self.scene.session.names[seat]

    # ================================================================ model helpers
    def ensure_zones(self) -> None:
        """The table's own zones: each seat's played card and the pile its won tricks fly to."""
        model = getattr(self.scene, "model", None)
        if model is None:
            return
        if not self._reconciled:
            self.reconcile()
        for seat in range(self.scene.session.players):
            for prefix in ("_played", "_sweep"):
                model.zones.setdefault(f"{prefix}:{seat}", ZoneModel(f"{prefix}:{seat}", "slot", seat))

    def reconcile(self) -> None:
        """When nothing is animating: the cards on the table are exactly the shown view's trick."""
        model = self.scene.model
        self._reconciled = True
        for seat in range(self.scene.session.players):
            for prefix in ("_played", "_sweep"):
                model.zones.setdefault(f"{prefix}:{seat}", ZoneModel(f"{prefix}:{seat}", "slot", seat))
        info = model.info
        trick = {e.seat: e for e in (info.trick if info else ())}
        self.cuts = {seat for seat, e in trick.items() if e.cut}
        for seat in range(self.scene.session.players):
            zone = model.zones[f"_played:{seat}"]
            want = trick.get(seat)
            have = zone.sprites[0].card if zone.sprites else None
            if (want.card if want else None) != have:
                zone.sprites = [Sprite(want.card, True)] if want else []
            model.zones[f"_sweep:{seat}"].sprites = []
        self.badge = info.chosen_family if info else None

    def info_count(self, key: str) -> int:
        """A token count in the shown info: coins:s, points:s, tricks:s, supply, arms_supply."""
        info = self.scene.model.info
        if not info:
            return 0
        if ":" in key:
            kind, seat = key.split(":")
            seq = getattr(info, {"coins": "coins", "points": "points", "tricks": "tricks_won"}[kind])
            return seq[int(seat)] if int(seat) < len(seq) else 0
        return getattr(info, key, 0)

    @staticmethod
    def token_icon(kind: str, size: int) -> pygame.Surface:
        return faces.coin_icon(size) if kind == "coin" else faces.arms_icon(size)

    def final_info(self):
        """The finished game's public info (the seat's view: all the table needs is public)."""
        return self.scene.session.state.view(self.scene.view_seat).info

    # ================================================================ geometry
    def pod_band(self, rect: pygame.Rect, band: int) -> pygame.Rect:
        """0 the name plate; 1 an opponent's hand (a small face-down pile at the plate's right); 2 the
        row of won tricks, coins and coats of arms."""
        return plate_band(rect, band, self.scene.metrics.px, self.plate_pile, 10, 20, 2, 8)

    def row_spots(self, rect: pygame.Rect) -> dict[str, pygame.Rect]:
        """Inside a pod's band 2: the won-tricks pile (its count beside it), the coin token, the
        coat-of-arms token, each token with room for a 2-3 digit count at its right."""
        px = self.scene.metrics.px
        band = self.pod_band(rect, 2)
        pile_h = min(band.height - px(6), px(58))
        pile = pygame.Rect(band.x + px(4), band.centery - pile_h // 2, cards.card_size(pile_h)[0], pile_h)
        icon = min(px(28), band.height - px(10))
        m = self.scene.metrics                                   # the trick count and its word first,
        word = font(max(11, m.font_small - px(1))).size(rt("tricks_word"))[0]    # the word at 11 px or more
        first = max(px(40), word + px(14))
        step = (band.right - pile.right - first) // 2
        coin = pygame.Rect(0, 0, icon, icon)
        coin.midleft = (pile.right + first, band.centery)
        arms = pygame.Rect(0, 0, icon, icon)
        arms.midleft = (coin.left + step, band.centery)
        return {"tricks": pile, "coins": coin, "points": arms}

    def supply_spots(self) -> dict[str, pygame.Rect]:
        px = self.scene.metrics.px
        band = self.pod_band(self.scene.geom.centre_pod, 2)
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
        s, g = self.scene, self.scene.geom
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
        n = len(zone.sprites) if zone else 0
        out["revolt"] = Placement("row", rp, h, z=15, max_step=0.55 if n < 6 else 0.3)
        w = cards.card_size(h)[0]
        if w > rp.width:
            out["revolt"] = Placement("row", rp, int(h * rp.width / w), z=15)
        return out

    def badge_rect(self) -> pygame.Rect:
        """Where the chosen family's badge is (the verdict goes under it)."""
        m, a = self.scene.metrics, self.scene.geom.arena
        if self.badge is None or self.badge not in self.fam_names:
            return pygame.Rect(a.centerx, a.top, 0, 0)
        title = draw.render_text(self.plural(self.badge), m.font_heading, theme.TEXT, True)
        small = draw.render_text(rt("chosen_family"), m.font_small, theme.TEXT_MUTED)
        box = pygame.Rect(0, 0, m.px(36) + m.px(10) + max(title.get_width(), small.get_width()) + m.px(30),
                          max(m.px(36), title.get_height() + small.get_height()) + m.px(12))
        box.midtop = (a.centerx, a.top + m.px(4))
        return box

    def banner_rect(self) -> pygame.Rect:
        m, a = self.scene.metrics, self.scene.geom.arena
        image = draw.render_text(rt("revolt_banner"), int(m.font_title * 1.4), theme.CARD_FACE, True)
        box = image.get_rect().inflate(m.px(60), m.px(10))
        box.midtop = (a.centerx, a.top + m.px(2))
        return box

    def draw_static(self, surface: pygame.Surface) -> None:
        super().draw_static(surface)
        g, m = self.scene.geom, self.scene.metrics
        surface.blit(panel_surface(g.centre_pod.size, m.radius, 150, theme.PANEL_EDGE), g.centre_pod)

    # ================================================================ pods and HUD
    def pod_subtitle(self, seat: int) -> str:
        view = self.scene.model.view
        if view is not None and not view.is_over and view.info.leader == seat and view.info.trick:
            return rt("leads") + " · " + super().pod_subtitle(seat)
        return super().pod_subtitle(seat)

    def pod_badge(self, surface: pygame.Surface, seat, head: pygame.Rect) -> int:
        s, m = self.scene, self.scene.metrics
        hand = s.model.zones.get(f"hand:{seat}")
        if hand is None or seat == s.geom.bottom_seat:
            return head.right - m.px(8)
        pile = self.pod_band(s.geom.pods[seat].rect, 1)
        return self.hand_count_badge(surface, hand.count, (pile.left - m.px(4), head.centery))

    def hud_title(self) -> str:
        info = self.scene.model.info
        return rt("turn", n=info.turn, total=info.turns) if info else ""

    def draw_hud(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The trick of the turn and who led it; the cut rule (the trump's emblem)."""
        s, m = self.scene, self.scene.metrics
        view = s.model.view
        if view is None:
            return
        info, x = view.info, rect.x + m.px(12)
        hand = self.params.hand_size(s.session.players)
        line = rt("trick", n=min(info.trick_no, hand), total=hand)
        if info.trick and not view.is_over:
            line += " · " + rt("led_by", name=self.name(info.leader))
        line, size = draw.fit_parts(line, m.font_small, rect.w - m.px(24), least=m.font_small)  # "· led by" goes first
        first = draw.text(surface, line, size, theme.TEXT, midleft=(x, rect.y + m.px(16)))
        icon = m.px(20)
        img = faces.emblem_icon(self.trump, icon)
        line = rt("cut_rule", family=self.singular(self.trump), n=self.cut_cost)
        size, lines = wrap(line, m.font_small - m.px(1), rect.w - m.px(30) - icon, False, 2, 11)   # 11 px least
        step = font(size).get_linesize()
        y = max(rect.y + m.px(42), first.bottom + (step * len(lines[:2])) // 2)    # under the first line, always
        surface.blit(img, img.get_rect(midleft=(x, y)))
        for k, part in enumerate(lines[:2]):
            draw.text(surface, part, size, theme.TEXT_MUTED,
                      midleft=(x + icon + m.px(6), y + int((k - (len(lines[:2]) - 1) / 2) * step)))

    # ================================================================ playing
    def card_move(self, card: str, kind: str) -> Move | None:
        """The viewer's legal move of this kind ("play" or "cut") with this card now, or None."""
        return next((i.move for i in self.move_infos() if i.kind == kind and i.cards == (card,)), None)

    def may_cut(self, card: str) -> bool:
        """May the viewer cut with this card now?"""
        return self.card_move(card, "cut") is not None

    def selection_move(self, selected: tuple[str, ...]) -> tuple[Move | None, Message | None]:
        """A card plays plainly, or, where only a cut is allowed, as a cut (the hand asks which when
        both are); else the game's refusal."""
        s = self.scene
        if len(selected) != 1 or s.viewer is None:
            return None, None
        card = selected[0]
        move = self.card_move(card, "play") or self.card_move(card, "cut")
        if move is not None:
            return move, None
        return None, Message(REASON, reason=s.session.state.cards_refusal(s.viewer, selected))

    def ask_cut(self, index: int, card: str) -> None:
        """Open the Blaggard's question over its card: play it (disabled, with why, when it must cut)
        or cut with it."""
        s = self.scene
        plain = self.card_move(card, "play")
        why = None if plain is not None else Message(REASON, reason=s.session.state.cards_refusal(s.viewer, (card,)))
        sprite = self.hand.sprites()[index]
        anchor = s.renderer.current_rect(sprite) or s.renderer.rect_of(sprite) or s.geom.hand
        choices = [Choice(rt("popup_play", card=self.card_name(card)), plain, plain is not None, why),
                   Choice(rt("popup_cut", n=self.cut_cost), self.card_move(card, "cut"))]
        self.choice_prompt = rt("prompt_popup" if plain is not None else "prompt_popup_cut")
        self.choice.open(anchor, choices, self.play_choice, self.hand.clear)
        hinted = self.describe(self.hinted[0]) if self.hinted is not None else None
        if hinted is not None and hinted.kind == "cut":
            self.choice.focus = 1

    def play_choice(self, move: Move) -> None:
        s = self.scene
        if s.viewer is not None and s.may_act(s.viewer) and s.play(s.viewer, move):
            self.hand.clear()

    def key_cut(self) -> None:
        """C: cut with the selected Blaggard at once, else ask with the first Blaggard that may cut."""
        s, hand = self.scene, self.hand
        if s.viewer is None or not s.may_act(s.viewer):
            return
        chosen = hand.selected_cards()
        if len(chosen) == 1 and self.may_cut(chosen[0]):
            self.play_choice(self.card_move(chosen[0], "cut"))
            return
        for i, sprite in enumerate(hand.sprites()):
            if sprite.card is not None and self.may_cut(sprite.card):
                hand.selected, hand.focus = [i], i
                self.ask_cut(i, sprite.card)
                self.choice.focus = 1
                return

    def pending_take(self):
        """The Knave's coin the viewer must take from someone, in the position shown (or None)."""
        s = self.scene
        view = s.model.view
        pend = view.info.pending_take if view is not None else None
        return pend if pend is not None and pend.seat == s.viewer else None

    def extra_actions(self) -> list[Action]:
        """The Knave's coin from an empty supply: one button per player it may be taken from; else Cut
        (key C) while a card of the cutting family is selected (disabled, with why, when it may not)."""
        pend = self.pending_take()
        if pend is None:
            return self.cut_action()
        names = self.scene.session.names
        return [Action(f"take:{seat}", rt("take_button", name=names[seat], n=self.ledger.value(f"coins:{seat}")),
                       primary=True, key=str(k + 1), hotkey=TAKE_KEYS[k] if k < len(TAKE_KEYS) else None)
                for k, seat in enumerate(pend.options)]

    def cut_action(self) -> list[Action]:
        s = self.scene
        chosen = self.hand.selected_cards()
        if len(chosen) != 1 or chosen[0][:1] != self.trump or s.viewer is None:
            return []
        refusal = None if self.may_cut(chosen[0]) else s.session.state.cards_refusal(s.viewer, chosen, "cut")
        return [Action("cut", rt("button_cut"), enabled=refusal is None, key="C", hotkey=pygame.K_c,
                       reason=None if refusal is None else Message(REASON, reason=refusal))]

    def keys_hint(self) -> str:
        """The keys line: with C for a cut, or only the number keys while the Knave's coin is chosen."""
        return rt("keys_take") if self.pending_take() is not None else rt("keys_hint")

    def do_action(self, action: str) -> None:
        s = self.scene
        if action == "cut":
            self.key_cut()
            return
        take = next((i.move for i in self.move_infos() if i.kind == "take" and f"take:{i.target}" == action), None)
        if take is not None and s.viewer is not None and s.may_act(s.viewer):
            s.play(s.viewer, take)

    def prompt_choose(self) -> str:
        """The next step in the position shown: whom to take the Knave's coin from, lead, follow;
        nothing while the viewer's own move is on its way (the position shown is from before it)."""
        s = self.scene
        view = s.model.view
        info = view.info
        if any(seat == s.viewer for seat, _ in s.session.state.history[s.model.shown_moves:]):
            return ""
        if self.pending_take() is not None:
            return rt("take_title", card=self.card_name(info.pending_take.card))
        if not info.trick:
            return rt("prompt_lead")
        if info.chosen_family is None:
            return rt("prompt_after_citizen")
        return rt("prompt_follow", family=self.plural(info.chosen_family))

    def same_decision(self, seen, live) -> bool:
        """Also the same trick of the same turn."""
        return (super().same_decision(seen, live) and seen.info.turn == live.info.turn
                and seen.info.trick_no == live.info.trick_no and seen.info.trick == live.info.trick)

    def reset_input(self) -> None:
        super().reset_input()
        self.choice_prompt = ""

    def update(self, dt: float) -> None:
        s = self.scene
        self.ensure_zones()
        if s.queue.idle and not self.ending:
            self.reconcile()
        if self.badge_pop < 1:
            self.badge_pop = min(1.0, self.badge_pop + dt * 4)
        if self.choice.shown() and (s.viewer is None or not s.may_act(s.viewer)):
            self.choice.close()

    def clear_trick_marks(self) -> None:
        """The trick has left the table: no verdict, banner, badge or cut marks any more."""
        self.verdict, self.verdict_alpha, self.banner, self.badge = None, 0.0, 0.0, None
        self.cuts.clear()
        for sprite in self.scene.model.all_sprites():
            sprite.dim = sprite.highlight = 0.0
            if sprite.lift and not sprite.face_up:
                sprite.lift = 0.0

    # ================================================================ results
    def results_data(self):
        """Per-turn points (from the game's record of finished turns), coins, the end bonus, the final points."""
        data = super().results_data()
        s = self.scene.session
        if not s.state.is_over:
            return data
        info = self.final_info()
        per_turn, bonus = self.turn_points(info)
        turns = info.turns
        data.detail_title = rt("results_detail")
        data.detail_columns = ([rt("col_turn", n=k + 1) for k in range(turns)]
                               + [rt("col_coins"), rt("col_coin_bonus"), rt("col_points")])
        data.match_title = rt("results_match")
        for seat, row in enumerate(data.rows):
            cells = [str(p[seat]) if seat < len(p) else "" for p in per_turn]
            cells += [""] * (turns - len(cells))
            row.detail = cells + [str(info.coins[seat]), f"+{bonus[seat]}" if bonus[seat] else "–",
                                  str(info.points[seat])]
        winners = info.winners
        data.winners = list(winners) if s.match.games == 1 else data.winners
        names = i18n.join_names(" & ", (s.names[w] for w in winners))
        data.subtitle = rt("results_subtitle", names=names) if len(winners) == 1 else rt("results_shared", names=names)
        data.footnote = rt("results_note")
        return data

    @staticmethod
    def turn_points(info) -> tuple[list[tuple[int, ...]], tuple[int, ...]]:
        """Coats of arms gained in each turn (tricks + bonuses), and the end-of-game coin bonus."""
        out, before = [], (0,) * len(info.points)
        for turn in info.turn_ends:
            out.append(tuple(p - b for p, b in zip(turn.points, before)))
            before = turn.points
        return out, tuple(f - b for f, b in zip(info.points, before))


FAMILY_TABLE = TricksTable
