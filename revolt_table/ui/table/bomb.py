"""The Revolución table (bomb family): the timer track to the Palace, the bomb, the parties, the duel.

Layout: opponents' pods around the edge (name plate, lieutenants as pawns in the party colour and
emblem, support coins, the bomb when they hold it, the cards a winning attacker left on the table);
the board in the middle with the timer track from the start to the Presidential Palace and the bomb
on it; the duel panel under the track while an attack runs; the round and the climate in the corner
box; deck, discard and support supply in the bottom-right pod; the viewer's hand at the bottom with
the prompt and the buttons over it (in two rows when one row of readable cards cannot hold it).
Playing: the shared gesture set (revolt_table/ui/table/hand.py): select cards (several where the step
combines them: a bomb card with its extras, a fighter with equipment and support), then click again,
press Enter, drag or press Play; the moves that need no card (Attack, Keep my hand, No, Dig) and the
plain bomb passes are buttons beside Hint and Play; a move with several targets or amounts asks in a
popup (revolt_table/ui/table/bomb_play.py). A card that cannot be used now says why (the engine's
refusal), and Play stays, disabled, with that reason.
What is its own: the sections in bomb_sections.py (pod tokens, supply, track, duel, the moments over
the cards), the moments in bomb_moments.py, the rectangles in bomb_layout.py, faces in bomb_faces.py.
"""

from __future__ import annotations


import pygame

from revolt_table.engine import Message, Move, MoveInfo
from revolt_table.games.bomb_info import PhaseContext
from revolt_table.ui import cards, draw, theme
from revolt_table.ui.anim import approach
from revolt_table.ui.fonts import font
from revolt_table.ui.table import bomb_faces as faces
from revolt_table.ui.table import bomb_play as play
from revolt_table.ui.table import bomb_sections as bs
from revolt_table.ui.table.bomb_layout import BombLayout
from revolt_table.ui.table.bomb_moments import BombMoments, bt
from revolt_table.ui.table.family import FamilyTable
from revolt_table.ui.table.layout import Placement
from revolt_table.ui.table.render import panel_surface
from revolt_table.ui.table.section import Section

ATTACK_PHASES = ("fort", "commit_a", "commit_d", "tactic_a", "tactic_d", "after_a", "after_d")
REACTION_PHASES = play.REACTION_PHASES
COMBINING_PHASES = ("turn", "commit_a", "commit_d")     # where several cards make one move
PROMPT_NAMED = {"commit_a": "defender", "commit_d": "attacker", "fort": "attacker", "massacre": "owner",
                "wrongwire": "disarmer", "irish": "owner"}


class BombTable(FamilyTable):
    family = "bomb"
    pod_height = 132
    top_row = "packed"         # the timer track spans under them
    has_hud = True

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.rules = scene.session.rules
        self.params = self.rules.params
        self.painter = faces.FacePainter(self.rules)
        self.order = dict(self.params.rank)
        self.layout = BombLayout(self)
        self.moments = BombMoments(self)
        self.shown: dict = {}
        self._shown_key = None
        self.banner: tuple[str, tuple[int, int, int]] | None = None
        self.banner_card: str | None = None
        self.banner_cards: tuple[str, ...] = ()     # cards drawn face up, shown in a row in the banner
        self.banner_fly = 1.0                       # 0..1 those cards flying in from the deck
        self.banner_from: tuple[int, int] = (0, 0)  # where they fly from
        self.flight: dict | None = None            # the bomb in the air between two seats
        self.track_pos: float | None = None        # animated bomb position on the track (steps taken)
        self.blast: dict | None = None             # an explosion on a seat
        self.flash: dict[int, float] = {}          # seat -> time a lieutenant fell
        self.duel: dict | None = None              # the last fight's result while it is shown
        self.duel_roll = 1.0                       # 0..1 dice rolling, totals shown at 1
        self.steal: dict | None = None
        self.climate_pulse = 0.0
        self.log: list[str] = []                   # the last announcements, shown while the table waits

    def build(self) -> None:
        self.refresh_shown(force=True)
        super().build()

    def make_sections(self) -> list[Section]:
        from revolt_table.ui.table.popups import ChoicePopup

        shared = super().make_sections()
        self.hand = play.BombHand(self)                       # the shared gestures, with popups for targets
        self.pods = bs.BombPodsSection(self, "PodsSection")   # lit as to act once its last move is told
        swap = {"HandSection": self.hand, "PodsSection": self.pods}
        shared = [swap.get(s.name, s) for s in shared]
        self.popup = ChoicePopup(self)
        return shared + [bs.PodTokensSection(self), bs.SupplySection(self), bs.TrackSection(self),
                         bs.DuelSection(self), bs.MomentsSection(self), play.CardZoomSection(self), self.popup]

    # ================================================================ the shown tokens
    def refresh_shown(self, force: bool = False) -> None:
        """The tokens drawn (timer, bomb, lieutenants, support, climate...) follow the shown position once
        the moments that tell the last move have played; while they play, the moments change them."""
        s = self.scene
        model = getattr(s, "model", None)
        if model is None or model.view is None:
            return
        if not force and (not s.queue.idle or self._shown_key == model.key):
            return
        info = model.info
        self._shown_key = model.key
        self.shown = {"timer": info.timer, "timer_start": info.timer_start, "bomb": info.bomb,
                      "lieutenants": list(info.lieutenants), "support": list(info.support), "supply": info.supply,
                      "climate": info.climate, "round": info.round_no, "phase": info.phase, "ctx": info.ctx,
                      "winner": info.winner}
        self.track_pos = None
        if info.phase not in ("after_a", "after_d"):
            self.duel = None

    def phase(self) -> str:
        """The step of the position shown (exchange, turn, commit_a, fort...)."""
        view = self.scene.model.view
        return view.info.phase if view is not None else ""

    def track_position(self) -> float:
        """Steps the bomb has taken along the track, as drawn now (between spots while it moves)."""
        if self.track_pos is not None:
            return self.track_pos
        return float(self.shown["timer_start"] - self.shown["timer"])

    def name(self, seat: int | None) -> str:
        s = self.scene
        if seat is None or not (0 <= seat < s.session.players):
            return "?"
        return s.session.names[seat]

    # ================================================================ look
    def on_language(self) -> None:
        self.banner = None
        self.log = []

    def card_image(self, card: str | None, h: int, face_up: bool) -> pygame.Surface:
        """Readable faces (see bomb_faces)."""
        if face_up and card is not None:
            return self.painter.face(card, h)
        return cards.back(h)

    def card_style(self) -> cards.CardStyle:
        return self.painter.spec

    def sort_key(self, card: str):
        return self.order.get(card, 99), card

    def board(self) -> pygame.Rect:
        return self.layout.fix().board

    def pod_band(self, rect: pygame.Rect, band: int) -> pygame.Rect:
        return self.layout.pod_rows(rect)[min(band, 2)]

    def placements(self) -> dict[str, Placement]:
        s, g, px = self.scene, self.scene.geom, self.scene.metrics.px
        out: dict[str, Placement] = {}
        over = s.session.state.is_over
        for seat, pod in g.pods.items():
            if seat == s.viewer or (s.viewer is None and seat == g.bottom_seat):
                out[f"hand:{seat}"] = self.layout.hand_placement(s.face_up or over)   # one row or two
            _, _, table = self.layout.pod_rows(pod.rect)
            h = max(16, min(g.mini_h + px(4), table.h))
            out[f"table:{seat}"] = Placement("row", table, h, z=15, max_step=0.6)
        a, d = self.duel_seats()
        if a is not None:
            for side, seat in enumerate((a, d)):
                row, _ = self.layout.duel_half(side)
                out[f"fight:{seat}"] = Placement("row", row, row.h, z=40, max_step=1.05)
        return out

    def duel_seats(self) -> tuple[int | None, int | None]:
        if self.duel is not None:
            return self.duel["attacker"], self.duel["defender"]
        ctx = self.shown.get("ctx") or PhaseContext()
        if self.shown.get("phase") in ATTACK_PHASES and ctx.attacker is not None:
            return ctx.attacker, ctx.defender
        return None, None

    def pod_centre(self, seat: int) -> tuple[int, int]:
        pod = self.scene.geom.pods.get(seat)
        return pod.rect.center if pod is not None else self.board().center

    def draw_static(self, surface: pygame.Surface) -> None:
        super().draw_static(surface)
        g, m = self.scene.geom, self.scene.metrics
        surface.blit(panel_surface(g.centre_pod.size, m.radius, 150, theme.PANEL_EDGE), g.centre_pod)

    # ---------------------------------------------------------------- pods and the corner box
    def pod_subtitle(self, seat: int) -> str:
        if self.shown["lieutenants"][seat] <= 0:
            return bt("pod.out")
        return super().pod_subtitle(seat)

    def hud_title(self) -> str:
        return bt("hud.round", n=self.shown["round"])

    def draw_hud(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The climate: its token, its name, and what it allows on the line under them."""
        m, px = self.scene.metrics, self.scene.metrics.px
        climate = self.shown["climate"]
        if not climate:
            return
        rule = bt(f"climate_rule.{climate}")
        # the rule on one line, or on two at the smallest size (German, French... at 1024x640)
        rule_size, rule_lines = draw.fit_lines(rule, bs.small(m, 2), rect.w - px(20), least=bs.MIN_TEXT)
        step = font(rule_size).get_linesize() - 1
        rule_y = rect.bottom - px(10) - step * (len(rule_lines) - 1)     # the first line's middle
        token_box = rule_y - px(10) - rect.y
        size = min(px(40), token_box) + round(px(8) * self.climate_pulse)
        token = faces.climate_token(size, climate)
        centre = (rect.x + px(10) + min(px(40), token_box) // 2, rect.y + token_box // 2 + px(2))
        surface.blit(token, token.get_rect(center=centre))
        x = rect.x + px(18) + min(px(40), token_box)
        width = rect.right - x - px(6)
        climate_name = self.painter.climate_name(climate)
        size = draw.fit_text(climate_name, m.font_body, width, bold=True)
        label, name_h = font(bs.small(m, 3)).get_height(), font(size, True).get_height()
        bottom = rule_y - font(rule_size).get_height() // 2                 # the name stays above the rule
        middle = min(centre[1], bottom - (label + name_h) // 2)
        if middle - (label + name_h) // 2 >= rect.y:
            label_y, name_y = draw.two_line_ys(middle, (bs.small(m, 3), False), (size, True))
            draw.text(surface, bt("hud.climate"), bs.small(m, 3), theme.TEXT_MUTED, midleft=(x, label_y))
        else:      # large text in a small window: the name alone (the token and the banner say "climate")
            name_y = min(centre[1], bottom - name_h // 2)
        draw.text(surface, climate_name, size, theme.TEXT, bold=True, midleft=(x, name_y))
        for i, line in enumerate(rule_lines):
            draw.text(surface, line, rule_size, theme.GOLD_LIGHT, midleft=(rect.x + px(10), rule_y + i * step))

    # ================================================================ playing
    @property
    def multi_select(self) -> bool:     # type: ignore[override]
        """Several cards make one move in a turn (a bomb card and its extras) and in a fight."""
        return self.phase() in COMBINING_PHASES

    def options(self, chosen) -> list[MoveInfo]:
        """The moves the selected cards make now (several: targets or support amounts to choose)."""
        return [i for i in self.move_infos() if i.uses(chosen)] if chosen else []

    def selection_move(self, selected: tuple[str, ...]) -> tuple[Move | None, Message | None]:
        hits = self.options(selected)
        if hits:
            return hits[0].move, None
        return None, play.refusal(self, selected)

    def card_reason(self, card: str) -> Message | None:
        """Why a hand card cannot be used now: the engine's refusal of the move it would make alone
        (in a turn or a fight, a card that is part of some legal move has none)."""
        s = self.scene
        if not s.shown_to_act(s.viewer):
            return None
        if self.multi_select:
            if any(card in info.cards for info in self.move_infos()):
                return None
            return play.refusal(self, (card,))
        return self.selection_state((card,))[1]

    def extra_actions(self):
        return play.extra_actions(self)

    def do_action(self, action: str) -> None:
        play.do_action(self, action)

    def is_target(self, seat: int) -> bool:
        """Is `seat` one a move being chosen now can name (its pod pulses)?"""
        return seat in play.targets_offered(self)

    def actions_area(self) -> tuple[pygame.Rect, pygame.Rect]:
        lay = self.layout.fix()
        return lay.prompt, lay.buttons

    def prompt_choose(self) -> str:
        view = self.scene.model.view
        phase, ctx = view.info.phase, view.info.ctx
        if phase == "exchange":
            return bt("prompt.exchange", n=ctx.swaps)
        if phase == "turn":
            return bt("prompt.turn_dig") if any(i.kind == "dig" for i in self.move_infos()) else bt("prompt.turn")
        if phase in ("tactic_a", "tactic_d"):
            question = bt("prompt.tactic")
        elif phase in PROMPT_NAMED:
            question = bt("prompt." + phase, name=self.name(getattr(ctx, PROMPT_NAMED[phase])))
        elif phase in ("after_a", "after_d", "explosion", "dig"):
            question = bt("prompt." + phase)
        else:
            return super().prompt_choose()
        if phase in REACTION_PHASES and all(i.kind == "pass" for i in self.move_infos()):
            # everyone who could answer is asked (issue 29): say plainly that this hand has nothing for it
            return bt("prompt.nothing", question=question)
        return question

    def out_of_game(self, seat: int) -> bool:
        view = self.scene.model.view
        return view is not None and not view.is_over and seat not in view.info.alive

    def same_decision(self, seen, live) -> bool:
        """Also the same step of the same round, the bomb at the same place."""
        a, b = seen.info, live.info
        return (super().same_decision(seen, live) and a.phase == b.phase and a.round_no == b.round_no
                and a.timer == b.timer and a.ctx == b.ctx)

    # ================================================================ per frame
    def update(self, dt: float) -> None:
        self.refresh_shown()
        self.climate_pulse = approach(self.climate_pulse, 0.0, 4.0, dt)
        if self.phase() not in REACTION_PHASES or not self.hand.active():
            return
        usable = {c for info in self.move_infos() for c in info.cards}
        glow = 0.55 + 0.3 * self.scene.wave(5)
        for i, sprite in enumerate(self.hand.sprites()):        # the cards that can answer now are lit
            if sprite.card in usable and i not in self.hand.selected:
                sprite.highlight = max(sprite.highlight, glow)

    # ================================================================ moments
    def deal(self) -> None:
        self.moments.deal()

    def on_events(self, seat, move, events) -> None:
        self.moments.on_events(seat, move, events)

    def push_end_beats(self) -> None:
        self.moments.push_end_beats()

    def close_duel(self) -> None:
        """The duel panel stays while the loser may still play a Doctor or a Bodyguard."""
        if self.scene.session.state.view(None).info.phase not in ("after_a", "after_d"):
            self.duel = None

    def results_data(self):
        data = super().results_data()
        s = self.scene.session
        winner = s.state.view(None).info.winner
        if 0 <= winner < s.players:
            data.title = bt("results.title", name=s.names[winner])
        data.subtitle = (bt("results.subtitle_single") if s.match.games == 1
                         else bt("results.subtitle", n=len(s.match.results), total=s.match.games))
        return data


FAMILY_TABLE = BombTable
