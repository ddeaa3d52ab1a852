"""A family's table: the hooks that say what is the game's own, over sections every table shares.

Why hooks and sections, not one class per table that does everything: the TableScene owns the loop,
the session, the hand-over logic, the animation queue and the menu; the shared sections
(revolt_table/ui/table/section.py and the modules it lists) own the hand and its gestures, the seat
pods, the HUD box, the prompt with the Play and Hint buttons, the panel of a human who is out, popups
and the menu button. A family's table says only what is its own:

  look        card_image, sort_key, placements (where each zone of the model goes), pod_band
  pods / HUD  pod_subtitle, pod_badge; has_hud and draw_hud (its tally in the corner box)
  playing     multi_select; selection_move (what the selected cards play, or the game's refusal);
              cards_of (the hand cards a move uses: Hint selects them); extra_actions / do_action
              (buttons beside Play: Pass, bids); prompt_choose; out_of_game; same_decision

Moves reach a table typed (engine/move.py): `move_infos()` describes the viewer's legal moves (kind,
cards, target, label), `describe(move)` one of them, `words(info)` says its label with the seats' names.
A table never takes a move's text apart or makes one (tests/test_move_texts.py); a selection of cards
becomes a move through the game (`state.moves_with_cards`, `state.cards_refusal`). Hint then Enter, or
Hint then Play, plays exactly the hinted move, with cards (selected by Hint) or without (a bid, Keep my
hand: the Play button is shown for it and the prompt names it).
  sections    make_sections: the shared ones plus its own (its centre, its verdicts, its end show)
  moments     deal, on_events (engine events -> beats), push_end_beats, results_data

A new game family writes one FamilyTable subclass (`FAMILY_TABLE` in its table module) and names that
module in its registration (revolt_table/engine/family.py); a family with none gets GenericTable.
Everything drawn reads the shown position (`scene.model.view`, revolt_table/ui/table/model.py), never
the live state; a human move goes through `scene.play`, which accepts it only for the position shown.

What a family can use from `self.scene` (revolt_table.ui.scenes.table.TableScene):
  session (ui.session.Session), model (TableModel), geom (TableGeometry), renderer (TableRenderer),
  queue (AnimationQueue), viewer (seat at the bottom), face_up (may the viewer's hand be shown),
  time (seconds since start), metrics, play(seat, move) to submit a human move, may_act(seat).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from revolt_table.ai import hints
from revolt_table.engine import Event, Message, Move, MoveInfo, View
from revolt_table.engine import IllegalMove
from revolt_table.engine.message import NOT_YOUR_TURN, Refusal
from revolt_table.ui import cards, draw, i18n, theme
from revolt_table.ui.anim import Beat, Tween, ease_in_out_cubic, ease_out_cubic
from revolt_table.ui.table.layout import Placement
from revolt_table.ui.table.model import Sprite, ZoneModel
from revolt_table.ui.table.render import panel_surface
from revolt_table.ui.table.section import Section, SectionManager
from revolt_table.ui.table.strings import tt

if TYPE_CHECKING:
    from revolt_table.ui.scenes.results import ResultsData
    from revolt_table.ui.scenes.table import TableScene
    from revolt_table.ui.table.actions import Action


class FamilyTable:
    """Base hooks with sensible generic behaviour (used as is by the generic fallback)."""

    family = "generic"
    #: pod (seat panel) height at 720 px: name plate, small hand, won cards
    pod_height = 158
    #: top pods: "spread" at their seat fractions (packed only when they would touch), or "packed"
    top_row = "spread"
    #: may several cards be selected at once (a combination)?
    multi_select = False
    #: does the corner box show the family's own facts (draw_hud)? It shows the match's progress anyway.
    has_hud = False

    def __init__(self, scene: "TableScene") -> None:
        self.scene = scene
        self.sections = SectionManager()
        self.hinted: tuple[Move, Message, tuple[str, ...]] | None = None   # (move, reason, its cards)
        self._selection_cache: tuple = ((), None)
        self._infos: tuple = (None, [])
        self._hint_at: tuple = (None, 0)           # (the game's state, its moves) when the hint was given

    def build(self) -> None:
        """Assemble the sections (the scene calls this once its geometry exists)."""
        self.sections = SectionManager(self.make_sections())
        self.sections.layout(self.scene.geom, force=True)

    def make_sections(self) -> list[Section]:
        """The table's sections. Generic: pods, HUD, cards, hand, prompt and actions, the out-of-game
        panel and the menu button. A family adds its own: `super().make_sections() + [...]`."""
        from revolt_table.ui.table.actions import ActionsSection
        from revolt_table.ui.table.hand import HandSection
        from revolt_table.ui.table.layers import CardsSection, HudSection, MenuSection, PodsSection
        from revolt_table.ui.table.tips import TipsSection
        from revolt_table.ui.table.watch import WatchSection

        self.pods, self.hud = PodsSection(self), HudSection(self)
        self.cards, self.hand = CardsSection(self), HandSection(self)
        self.actions, self.watch, self.menu = ActionsSection(self), WatchSection(self), MenuSection(self)
        self.tips = TipsSection(self)
        return [self.pods, self.hud, self.cards, self.hand, self.actions, self.watch, self.menu, self.tips]

    def tips_open(self) -> bool:
        """Are the first-game tips shown (the table waits: ui/table/tips.py)?"""
        tips = getattr(self, "tips", None)
        return tips is not None and tips.shown()

    def tip_targets(self) -> dict[str, pygame.Rect]:
        """What the first-game tips point at (ui/table/tips.py), as drawn now: "hand" (the viewer's cards),
        "prompt" (the next step), "score" (the corner box) and "rules" (the menu button; F1). A family
        whose score is elsewhere overrides this; a key it adds with a text `tips.<game>.<key>` in the
        translation files becomes one more tip."""
        s, g, px = self.scene, self.scene.geom, self.scene.metrics.px
        out = {"hand": pygame.Rect(g.hand), "score": pygame.Rect(g.hud), "rules": pygame.Rect(g.menu_button)}
        zone = self.hand_zone()
        drawn = [s.renderer.current_rect(sp) for sp in zone.sprites] if zone is not None else []
        drawn = [r for r in drawn if r is not None]
        if drawn:
            out["hand"] = drawn[0].unionall(drawn[1:])
        actions = getattr(self, "actions", None)
        prompt = getattr(actions, "prompt_box", None)
        if prompt is not None and prompt.w > 0:
            out["prompt"] = pygame.Rect(prompt)
        else:
            slot = g.pods[g.bottom_seat].slot
            out["prompt"] = pygame.Rect(slot.x - px(18) - px(300), slot.y, px(300), slot.h)
        return out

    def on_language(self) -> None:
        """The player changed the language mid-game (Settings over the table): texts made in the old
        language and kept (a banner on show, the last announcements) are dropped, never drawn again
        in it (issue 28); what is drawn from the position or translated each frame needs nothing."""

    def sound(self, name: str, gain: float = 1.0) -> None:
        """Play a table sound (deal, flip, sweep, chime, fanfare) at the volume setting; silent while
        animations are off (everything happens at once) or without an audio device."""
        s = self.scene
        if s.queue.speed > 0:
            s.app.play_sound(name, gain)

    # ---------------------------------------------------------------- static look
    def card_image(self, card: str | None, h: int, face_up: bool) -> pygame.Surface:
        """How one card looks at height `h` (the renderer calls this for every card it draws).
        Generic: the face in `card_style()`, the shared back. A family with its own face painter
        overrides this; `card` is None for unknown cards."""
        if face_up and card is not None:
            return cards.face(card, h, self.card_style())
        return cards.back(h)

    def card_style(self) -> cards.CardStyle:
        """What a card's face shows (card id -> `cards.FaceSpec`), for the generic faces. Generic:
        playing-card ids ("TS", "3H") as cards, anything else as its text."""
        return cards.generic_style

    def sort_key(self, card: str):
        """How the viewer's hand is sorted (a key for sorted())."""
        return card

    def placements(self) -> dict[str, Placement]:
        """Where each zone of the model goes. Generic: hands in pods, per-seat zones by the slot,
        table zones in the middle."""
        s, g = self.scene, self.scene.geom
        out: dict[str, Placement] = {}
        table_zones = []
        for name, zone in s.model.zones.items():
            if name.startswith("_") or name == "box":
                continue
            if zone.owner is None:
                table_zones.append(name)
                continue
            pod = g.pods.get(zone.owner)
            if pod is None:
                continue
            if zone.kind == "hand":
                if zone.owner == s.viewer:
                    out[name] = Placement("fan", g.hand, g.hand_h, face_up=s.face_up, arc=0.05, z=50)
                else:
                    out[name] = Placement("row", self.pod_band(pod.rect, 1), g.mini_h, face_up=False, z=20,
                                          max_step=0.35)
            elif zone.kind in ("stacks", "trick", "tricks"):
                out[name] = Placement("groups", self.pod_band(pod.rect, 2), g.stack_h, z=10)
            else:
                out[name] = Placement("slot", pod.slot, g.table_h, z=30)
        for i, name in enumerate(sorted(table_zones)):
            rect = pygame.Rect(0, 0, g.table_h, g.table_h)
            rect.center = (g.centre[0] + (i - (len(table_zones) - 1) / 2) * g.table_h * 0.9, g.centre[1])
            kind = s.model.zones[name].kind
            out[name] = Placement("groups" if kind == "stacks" else ("pile" if kind == "pile" else "slot"),
                                  rect, g.table_h, face_up=kind != "pile", z=25)
        return out

    def pod_band(self, rect: pygame.Rect, band: int) -> pygame.Rect:
        """Sub-areas of a pod: 0 the nameplate, 1 the small hand, 2 the won cards."""
        g, px = self.scene.geom, self.scene.metrics.px
        head = px(46)
        if band == 0:
            return pygame.Rect(rect.x, rect.y, rect.w, head)
        if band == 1:
            return pygame.Rect(rect.x + px(10), rect.y + head, rect.w - px(20), g.mini_h)
        top = rect.y + head + (g.mini_h + px(4) if self.scene.pod_has_hand(rect) else 0)
        return pygame.Rect(rect.x + px(10), top + px(4), rect.w - px(20), max(4, rect.bottom - top - px(8)))

    def plate_pile(self, rect: pygame.Rect) -> pygame.Rect:
        """Room for an opponent's hand drawn as a small face-down pile at the right end of its pod's
        name plate (a pod_band 1 for tables whose pods show no fanned hand)."""
        g, px = self.scene.geom, self.scene.metrics.px
        w, h = cards.card_size(g.mini_h)
        r = pygame.Rect(0, 0, w + px(6), h)
        r.midright = (rect.right - px(8), rect.y + px(46) // 2 + px(2))
        return r

    def draw_static(self, surface: pygame.Surface) -> None:
        """What never changes during a game at one size (pod panels): drawn once into the background."""
        m = self.scene.metrics
        for pod in self.scene.geom.pods.values():
            surface.blit(panel_surface(pod.rect.size, m.radius, 150, theme.PANEL_EDGE), pod.rect)

    # ---------------------------------------------------------------- pods and HUD (content hooks)
    def draw_progress_under(self, surface: pygame.Surface, hud: pygame.Rect, progress: str, size: int) -> None:
        """The match's progress ("Game 1 of 3") on a small pill just under the corner box, where it
        does not fit beside the family's title (German's "Durchgang 1 von 3" at 1024x640)."""
        m = self.scene.metrics
        image = draw.render_text(progress, size, theme.TEXT)
        box = image.get_rect().inflate(m.px(16), m.px(6))
        box.topleft = (hud.x, hud.bottom + m.px(4))
        surface.blit(panel_surface(box.size, box.h // 2, 170, theme.PANEL_EDGE), box)
        surface.blit(image, image.get_rect(center=box.center))

    def pod_subtitle(self, seat: int) -> str:
        """The small line under a seat's name (who plays it; the pods section shows "thinking")."""
        return self.seat_kind(seat)

    def seat_kind(self, seat: int) -> str:
        """Who plays a seat, in words ("AI · normal"): the end of its pod's subtitle."""
        kind = self.scene.session.seats[seat]
        return tt("seat_human") if kind == "human" else tt("seat_" + kind.replace("ai:", "ai_"))

    def pod_badge(self, surface: pygame.Surface, seat: int, head: pygame.Rect) -> int:
        """Draw a small badge at the right of the nameplate; return the x where the name must stop."""
        s, m = self.scene, self.scene.metrics
        hand = s.model.zones.get(f"hand:{seat}")
        if hand is None or seat == s.viewer:
            return head.right - m.px(8)
        return self.hand_count_badge(surface, hand.count, (head.right - m.px(8), head.centery))

    def hand_count_badge(self, surface: pygame.Surface, count: int, midright: tuple[int, int]) -> int:
        """How many cards a hidden hand holds, on a small card-back coloured tag; returns its left x."""
        from revolt_table.ui.table.layers import count_badge
        return count_badge(surface, self.scene.metrics, count, midright)

    def draw_hud(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The family's facts in the corner box, under its title line (`rect` is the room left)."""

    def hud_title(self) -> str:
        """The left of the corner box's title line (the match's progress is at its right)."""
        return ""

    # ---------------------------------------------------------------- playing: what the game says
    def hand_zone(self) -> ZoneModel | None:
        """The viewer's hand in the model (None for a spectator)."""
        s = self.scene
        return s.model.zones.get(f"hand:{s.viewer}") if s.viewer is not None else None

    # ---------------------------------------------------------------- playing: typed moves
    def move_infos(self) -> list[MoveInfo]:
        """The viewer's legal moves, described by the game (engine/move.py), while the position shown has
        the viewer to act; [] otherwise. Cached per position."""
        s = self.scene
        if s.viewer is None or not s.shown_to_act(s.viewer):
            return []
        state = s.session.state
        key = (len(state.history), s.viewer, s.model.key)
        if self._infos[0] != key:
            self._infos = (key, state.describe_moves(s.viewer))
        return self._infos[1]

    def describe(self, move: Move) -> MoveInfo | None:
        """What `move`, one of the viewer's legal moves now, is (None if it is not one)."""
        found = next((info for info in self.move_infos() if info.move == move), None)
        if found is not None:
            return found
        s = self.scene
        try:
            return s.session.state.describe(s.viewer, move) if s.viewer is not None else None
        except IllegalMove:
            return None

    def words(self, info: MoveInfo) -> str:
        """A move's label in the player's language, the seats named as this table names them."""
        return i18n.say(info.label, self.scene.session.names)

    def selection_move(self, selected: tuple[str, ...]) -> tuple[Move | None, Message | None]:
        """The move the selected hand cards make now, or why they cannot be played (the game's refusal):
        the game says which of its legal moves use exactly these cards (`state.moves_with_cards`)."""
        s = self.scene
        if not selected or s.viewer is None:
            return None, None
        state = s.session.state
        hits = state.moves_with_cards(s.viewer, selected)
        if hits:
            return hits[0].move, None
        return None, state.cards_refusal(s.viewer, selected)

    def selection_state(self, selected: tuple[str, ...]) -> tuple[Move | None, Message | None]:
        """What the selection plays now, or why not (the Play button, the reason beside it, the prompt):
        the hinted move while the hint stands (its cards selected, or none for a move without cards);
        "not your turn" while the position shown does not have the viewer to act; else the family's
        selection_move (cached per selection and position)."""
        s = self.scene
        hinted = self.hinted_move()
        if hinted is not None and sorted(selected) == sorted(self.hinted[2]):
            return hinted, None
        key = (selected, s.model.key, len(s.session.state.history))
        if self._selection_cache[0] == key:
            return self._selection_cache[1]
        if not selected:
            answer = (None, None)
        elif not s.shown_to_act(s.viewer):
            answer = (None, self.not_your_turn())
        else:
            answer = self.selection_move(selected)
        self._selection_cache = (key, answer)
        return answer

    def hinted_move(self) -> Move | None:
        """The hinted move while the hint stands (the hand holds exactly its cards) and the viewer may
        still play it in the position shown; Enter and Play then play it."""
        if self.hint_reason() is None:
            return None
        s = self.scene
        if s.viewer is None or not s.shown_to_act(s.viewer):
            return None
        move = self.hinted[0]
        return move if any(info.move == move for info in self.move_infos()) else None

    def play_words(self, move: Move) -> str | None:
        """What the prompt names before Enter plays `move`: None for a plain play of the selected cards
        ("Click it again or press Enter"), else the move's label ("Discard Rifles and dig", "Bid 2")."""
        info = self.describe(move)
        if info is None or (info.kind == "play" and info.target is None and info.cards):
            return None
        return self.words(info)

    def not_your_turn(self) -> Message:
        """Why nothing can be played while the viewer is not to act (a selection made while waiting)."""
        return Refusal(NOT_YOUR_TURN)

    def card_reason(self, card: str) -> Message | None:
        """Why this hand card cannot be played now (the hand shows it over a hovered or focused card);
        None if it can, or, where cards make combinations, if it may be part of one."""
        if self.multi_select or not self.scene.shown_to_act(self.scene.viewer):
            return None
        return self.selection_state((card,))[1]

    def cards_of(self, move: Move) -> tuple[str, ...]:
        """The hand cards `move` uses (Hint selects them): its descriptor's."""
        info = self.describe(move)
        return info.cards if info is not None else ()

    def selection_note(self, move: Move) -> str | None:
        """A word on what a playable selection plays, under the buttons (a combination's name); None:
        nothing (the hint's reason or the keys show there)."""
        return None

    def keys_hint(self) -> str:
        """The keys line under the buttons while the viewer may act."""
        return tt("keys_hint_multi") if self.multi_select else tt("keys_hint")

    def extra_actions(self) -> list["Action"]:
        """Buttons beside Hint and Play (Pass, bids): revolt_table.ui.table.actions.Action."""
        return []

    def do_action(self, action: str) -> None:
        """One of extra_actions was pressed."""

    def actions_area(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """(prompt, buttons) rectangles of the actions section; None: left and right of the viewer's
        played-card spot."""
        return None

    def prompt_choose(self) -> str:
        """The prompt when the viewer is to act and nothing is selected."""
        return tt("prompt_choose")

    def out_of_game(self, seat: int) -> bool:
        """Is this seat out of the game while it goes on (a human then watches, skips or leaves)?
        Generic: nobody ever is."""
        return False

    def same_decision(self, seen, live) -> bool:
        """May a move the viewer chose in the shown view `seen` be played in the `live` view (the
        viewer still to act, its hand unchanged)? A family with rounds also compares the round."""
        seat = live.seat
        return (seat in seen.to_act and seat in live.to_act
                and seen.zones[f"hand:{seat}"].cards == live.zones[f"hand:{seat}"].cards)

    def hint(self) -> None:
        """Hint (button and H): select the normal AI's move for the live position and say why."""
        s = self.scene
        if s.viewer is None or not s.may_act(s.viewer):
            return
        state = s.session.state
        move, reason = hints.hint(s.session.rules, state.view(s.viewer), state.legal_moves(s.viewer))
        self.show_hint(move, reason)

    def show_hint(self, move: Move, reason: Message) -> None:
        """Select the hinted move's cards (none for a bid, Keep my hand...) and keep the hint standing:
        Enter and Play now play exactly `move` (selection_state), until the selection changes."""
        self.hand.select_cards(self.cards_of(move))
        self.hinted = (move, reason, tuple(self.hand.selected_cards()))
        state = self.scene.session.state
        self._hint_at = (state, len(state.history))     # the state itself: an id() may be reused by the next game

    def hint_reason(self) -> Message | None:
        """The reason of the hint shown, while the selection is still the hinted one and the viewer has not
        played since (a hint without cards would otherwise outlive its move; others' moves in a
        simultaneous round leave it standing)."""
        if self.hinted is None:
            return None
        state, viewer = self.scene.session.state, self.scene.viewer
        game, moves = self._hint_at
        if (sorted(self.hand.selected_cards()) != sorted(self.hinted[2]) or game is not state
                or any(seat == viewer for seat, _ in state.history[moves:])):
            self.hinted = None
            return None
        return self.hinted[1]

    def update(self, dt: float) -> None:
        """Per frame, after the sections (a family's glows and pulses)."""

    def reset_input(self) -> None:
        """Forget selection and focus (the viewer changed, or the hand changed)."""
        self.hinted = None
        self.sections.reset()

    # ---------------------------------------------------------------- moments
    def deal(self) -> None:
        """The opening of a game: every card flies from a deck in the middle to where it belongs."""
        s = self.scene
        deck = pygame.Rect((0, 0), (s.geom.table_h * 0.68, s.geom.table_h))
        deck.center = s.geom.centre
        sprites = self.hands_in_deal_order()
        for zone in s.model.zones.values():
            if zone.kind == "pile" and not zone.name.startswith("_") and zone.name != "box":
                sprites.extend(zone.sprites)
        beat = Beat("deal")
        step = min(0.03, 1.6 / max(1, len(sprites)))
        for k, sprite in enumerate(sprites):
            beat.tweens.append(self.fly_tween(sprite, deck, 0.34, delay=k * step, flip_after=sprite.face_up))
        s.queue.push(beat)

    def hands_in_deal_order(self) -> list[Sprite]:
        """The cards of every hand, one round of the table at a time (the order a dealer gives them)."""
        hands = [z for z in self.scene.model.zones.values() if z.kind == "hand"]
        longest = max((len(z.sprites) for z in hands), default=0)
        return [zone.sprites[i] for i in range(longest) for zone in hands if i < len(zone.sprites)]

    def fly_tween(self, sprite: Sprite, origin: pygame.Rect, duration: float, *, delay: float = 0.0,
                  flip_after: bool = False, arc: float = 0.12) -> Tween:
        """A tween carrying `sprite` from `origin` to its resting place (optionally flipping it up)."""
        target_face = sprite.face_up
        sprite.hidden = True

        def start() -> None:
            sprite.hidden = False
            self.sound("deal", 0.7)
            sprite.fly_from(origin, arc)
            if flip_after:
                sprite.flip = 0.0

        def update(t: float) -> None:
            sprite.progress = t
            if flip_after:
                sprite.flip = max(0.0, (t - 0.55) / 0.45)

        def done() -> None:
            sprite.hidden = False
            sprite.land()
            sprite.flip = 1.0 if target_face else 0.0

        return Tween(duration, update, ease_in_out_cubic, delay=delay, on_start=start, on_done=done)

    def take_from_hand(self, seat: int, card: str | None) -> tuple[Sprite, pygame.Rect]:
        """A card leaving `seat`'s hand in the model: the sprite showing `card` (any sprite of a hidden
        hand: its middle one) taken out of the zone, and where it was drawn (a flight starts there)."""
        s = self.scene
        hand = s.model.zones.get(f"hand:{seat}")
        sprites = hand.sprites if hand is not None else []
        sprite = next((sp for sp in sprites if sp.card == card), None) if card is not None else None
        if sprite is None and sprites:
            sprite = sprites[len(sprites) // 2]
        if sprite is None:
            return Sprite(card, card is not None), pygame.Rect(s.geom.pods[seat].rect.center, (1, 1))
        rect = s.renderer.current_rect(sprite) or s.renderer.rect_of(sprite) or pygame.Rect(s.geom.pods[seat].rect)
        sprites.remove(sprite)
        sprite.lift = sprite.highlight = sprite.dim = 0.0
        return sprite, rect

    def push_end_beats(self) -> None:
        """The end of a game (before the results): push its beats here. The scene calls this once, right
        after on_events of the move that ended the game (or on opening a game already over), so a family
        never starts its end show from on_events. Generic: nothing special."""

    def on_events(self, seat: int | None, move: Move | None, events: list[Event]) -> None:
        """Turn engine events into beats. Generic: no special moments; the scene re-syncs the model."""

    @staticmethod
    def game_note(view: View) -> dict:
        """What to keep of a finished game (its final public `view`) for the results of the games after
        it: small, flat, plain data (ints, strings, lists of them), since it is saved with the match
        (userdata.RECORD_SCHEMA checks it). Generic: nothing beyond the scores the match keeps."""
        return {}

    def results_data(self) -> "ResultsData":
        from revolt_table.ui.scenes.results import ResultRow, ResultsData
        s = self.scene.session
        games = s.match.games
        cols = [tt("results.game", n=i + 1) for i in range(games)]
        rows = []
        for seat in range(s.players):
            pts = [r[seat] for r in s.match.results] + [None] * (games - len(s.match.results))
            rows.append(ResultRow(s.names[seat], pts, sum(p for p in pts if p is not None)))
        return ResultsData(cols, rows)


class GenericTable(FamilyTable):
    """Any family without its own table module: its zones, drawn generically, and the shared gestures
    (select a card, then double-click it, press Enter, drag it or press Play)."""


def settle_tween(duration: float, on_update, delay: float = 0.0) -> Tween:
    return Tween(duration, on_update, ease_out_cubic, delay=delay)
