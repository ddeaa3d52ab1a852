"""The RevoltaaA table (majority family): how it looks, how a card is chosen, how the match ends.

Layout: the colour tally in the HUD (top left, with the round and the game of the match), the menu in
the top-right, the centre pile (deck and the stacks it wins) in the bottom-right pod, the turned-up
centre card in the middle of the table, each seat's chosen card in front of its pod.
Playing: the shared gesture set (revolt_table/ui/table/hand.py): click a card to lift it, double-click it,
press Enter, drag it onto the table or press Play; Hint proposes the normal AI's card and says why
(revolt_table/ai/majority_ai.py, hint_with_reason).
What is its own: the sections in majority_sections.py (centre pod, empty spots, card labels, the fight
and its verdict, the end banner, the tally) and the moments in majority_moments.py (deal, choices, the
flip, the fight, the sweep, the end-of-game count); the results with each game's breakdown.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from revolt_table.engine import Message
from revolt_table.games.majority import colour_code
from revolt_table.ui import cards, draw, i18n, theme
from revolt_table.ui.table import majority_sections as ms
from revolt_table.ui.table.family import FamilyTable
from revolt_table.ui.table.layout import Placement, plate_band
from revolt_table.ui.table.moments import ToldByMoments
from revolt_table.ui.table.majority_moments import MajorityMoments
from revolt_table.ui.table.render import panel_surface
from revolt_table.ui.table.section import Section
from revolt_table.ui.table.strings import tt

FIGHT = ms.FIGHT


def revoltaaa_style(card_id: str) -> cards.FaceSpec:
    """RevoltaaA: R0..R5 are red Ducks (round shapes), B0..B5 blue Robots (square shapes)."""
    letter, rank = card_id[:1], card_id[1:]
    if letter == "R":
        return cards.FaceSpec(rank, cards.RED, cards.RED_DARK, "round", "duck", "duck")
    if letter == "B":
        return cards.FaceSpec(rank, cards.BLUE, cards.BLUE_DARK, "square", "robot", "robot")
    return cards.generic_style(card_id)


class MajorityTable(ToldByMoments, FamilyTable):
    family = "majority"
    pod_height = 118           # name plate with the hand as a small pile, then one row of stacks
    has_hud = True

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
        self.verdict: dict | None = None            # the fight's verdict while it is shown
        self.verdict_alpha = 0.0
        self.fight_owner: dict[int, object] = {}    # id(sprite) -> seat or "center"
        self.scores: dict[object, int] = {}         # shown end-of-game points per owner
        self.ending = False
        self.moments = MajorityMoments(self)

    def card_style(self) -> cards.CardStyle:
        return revoltaaa_style

    def make_sections(self) -> list[Section]:
        self.labels = ms.CardLabelsSection(self)
        return super().make_sections() + [ms.CentrePodSection(self), ms.EmptySlotsSection(self), self.labels,
                                          ms.FightSection(self), ms.VerdictSection(self), ms.EndBannerSection(self)]

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
        return plate_band(rect, band, self.scene.metrics.px, self.plate_pile, 10, 20, 0, 6)

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

    def draw_static(self, surface: pygame.Surface) -> None:
        super().draw_static(surface)
        g, m = self.scene.geom, self.scene.metrics
        if self.has_centre:
            surface.blit(panel_surface(g.centre_pod.size, m.radius, 150, theme.PANEL_EDGE), g.centre_pod)

    # ================================================================ what the sections ask
    def labels_shown(self) -> bool:
        """Are the centre card and the viewer's card labelled now (not during a fight or the end)?"""
        current = self.scene.queue.current
        return (self.verdict is None and not self.ending
                and (current is None or current.name in ("choose", "reveal", "shown")))

    def slot_waiting(self, seat: int) -> bool:
        """Does this seat still have to put a card on the table this round (its spot is shown empty)?"""
        zone = self.scene.model.zones.get(f"chosen:{seat}")
        return zone is not None and not zone.sprites and self.labels_shown()

    def hud_title(self) -> str:
        return tt("round", n=self.scene.model.info.round)

    def draw_hud(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        ms.draw_tally(self, surface, rect)

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

    # ================================================================ playing
    def same_decision(self, seen, live) -> bool:
        """Also the same round: a card chosen for one round is never played in the next."""
        return super().same_decision(seen, live) and seen.info.round == live.info.round

    def not_your_turn(self) -> Message:
        """In a simultaneous round, the viewer who has put its card down waits for the others."""
        s = self.scene
        view = s.model.view
        if self.simultaneous and view is not None and s.viewer is not None and view.info.chosen[s.viewer]:
            return Message("table.chosen_wait")
        return super().not_your_turn()

    def prompt_choose(self) -> str:
        return tt("prompt_choose_round") if self.simultaneous else tt("prompt_your_turn_in_turn")

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
        single = "_single" if games == 1 else ""      # one game: no "game 1 of 1"
        data.subtitle = tt(f"results.subtitle{single}", colour=colour, n=len(s.match.results), total=games,
                           beaten=beaten_text)
        breakdown = last.breakdown
        if not self.has_centre:
            data.subtitle = tt(f"results.subtitle{single}_no_centre", colour=colour, n=len(s.match.results),
                               total=games)
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
            data.title = self.match_title(data)
        return data

    def match_title(self, data) -> str:
        """What happened over the match, in one line: its winner(s) among the players, or, when the centre
        pile scored more than every player, that it did, and who of the players came closest."""
        s = self.scene.session
        names = i18n.join_names(" & ", (s.names[i] for i in data.winners))
        best = max(row.total for row in data.rows[:s.players])
        single = s.match.games == 1                   # one game is no match: "Ben wins!", not "Match over"
        if self.has_centre and data.rows[-1].total > best:
            return tt("results.centre_tops_single" if single else "results.centre_tops", centre=data.rows[-1].total,
                      names=names, points=best)
        if len(data.winners) == 1:
            return tt("results.single_over" if single else "results.match_over", names=names)
        return tt("results.single_shared" if single else "results.match_shared", names=names)



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
