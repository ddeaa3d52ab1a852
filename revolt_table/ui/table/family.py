"""The per-family hooks of the table, and a generic fallback that can show any game's zones.

Why hooks and not subclasses of the scene: the TableScene owns the loop, the session, the hand-over
logic, the animation queue and the menu; a family module only says where its zones go (placements),
what is drawn around the cards (pods, HUD, verdicts), how clicks and keys become moves, and which
beats an engine event plays. A new game family writes one FamilyTable subclass (`FAMILY_TABLE` in its
table module) and names that module in its registration (revolt_table/engine/family.py).

What a family can use from `self.scene` (revolt_table.ui.scenes.table.TableScene):
  session (ui.session.Session), model (TableModel), geom (TableGeometry), renderer (TableRenderer),
  queue (AnimationQueue), viewer (seat at the bottom), face_up (may the viewer's hand be shown),
  time (seconds since start), metrics, play(seat, move) to submit a human move, may_act(seat).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from revolt_table.engine import Event, Move, View
from revolt_table.ui import cards, draw, theme
from revolt_table.ui.anim import Beat, Tween, ease_in_out_cubic, ease_out_cubic
from revolt_table.ui.table import widgets
from revolt_table.ui.table.layout import Placement
from revolt_table.ui.table.model import Sprite, ZoneModel
from revolt_table.ui.table.render import avatar, panel_surface, thinking_dots
from revolt_table.ui.table.strings import tt

if TYPE_CHECKING:
    from revolt_table.ui.scenes.results import ResultsData
    from revolt_table.ui.scenes.table import TableScene

# 1-9 then 0 (main row and keypad) pick the first ten cards of a hand
NUMBER_KEYS = {getattr(pygame, f"K_{i}"): i - 1 for i in range(1, 10)} | {pygame.K_0: 9}
NUMBER_KEYS |= {getattr(pygame, f"K_KP{i}"): i - 1 for i in range(1, 10)} | {pygame.K_KP0: 9}
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_UP)


class FamilyTable:
    """Base hooks with sensible generic behaviour (used as is by the generic fallback)."""

    family = "generic"
    #: pod (seat panel) height at 720 px: name plate, small hand, won cards
    pod_height = 158
    #: top pods: "spread" at their seat fractions (packed only when they would touch), or "packed"
    top_row = "spread"

    def __init__(self, scene: "TableScene") -> None:
        self.scene = scene

    def sound(self, name: str, gain: float = 1.0) -> None:
        """Play a table sound (deal, flip, sweep, chime, fanfare) at the volume setting; silent while
        animations are off (everything happens at once) or without an audio device."""
        s = self.scene
        if s.queue.speed > 0:
            s.app.play_sound(name, gain)

    # ---------------------------------------------------------------- static look
    def card_image(self, card: str | None, h: int, face_up: bool) -> pygame.Surface:
        """How one card looks at height `h` (the renderer calls this for every card it draws).
        Generic: the style registered with `cards.register_style(family, ...)`, the shared back.
        A family with its own face painter overrides this; `card` is None for unknown cards."""
        if face_up and card is not None:
            return cards.face(card, h, self.scene.session.rules.family.name)
        return cards.back(h)

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

    # ---------------------------------------------------------------- drawing around the cards
    def draw_static(self, surface: pygame.Surface) -> None:
        """What never changes during a game at one size (pod panels): drawn once into the background."""
        m = self.scene.metrics
        for pod in self.scene.geom.pods.values():
            surface.blit(panel_surface(pod.rect.size, m.radius, 150, theme.PANEL_EDGE), pod.rect)

    def draw_under(self, surface: pygame.Surface) -> None:
        """Pods and their nameplates, under the cards."""
        for seat, pod in self.scene.geom.pods.items():
            self.draw_pod(surface, seat, pod.rect)

    def draw_over(self, surface: pygame.Surface) -> None:
        """Overlays over the cards (prompts, verdicts). Generic: the prompt line."""
        self.draw_prompt(surface)

    def pod_subtitle(self, seat: int) -> str:
        s = self.scene
        kind = s.session.seats[seat]
        return tt("seat_human") if kind == "human" else tt("seat_" + kind.replace("ai:", "ai_"))

    def draw_pod(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        s, m = self.scene, self.scene.metrics
        active = seat in s.session.state.to_act and not s.session.state.is_over
        if active:
            pygame.draw.rect(surface, theme.GOLD, rect, 2, border_radius=m.radius)
        head = self.pod_band(rect, 0)
        r = m.px(16)
        centre = (head.x + m.px(10) + r, head.centery)
        name = s.session.names[seat]
        avatar(surface, centre, r, name, active=1.0 if active else 0.0, human=s.session.is_human(seat), time=s.time)
        x = centre[0] + r + m.px(8)
        right = self.pod_badge(surface, seat, head)
        width = max(20, right - x - m.px(4))
        size = draw.fit_text(name, m.font_body, width, bold=True)
        draw.text(surface, name, size, theme.GOLD_LIGHT if seat == s.viewer else theme.TEXT, bold=True,
                  midleft=(x, head.centery - m.px(8)))
        if seat in s.session.thinking and s.queue.idle and not s.session.state.is_over:
            thinking_dots(surface, (x + m.px(10), head.centery + m.px(10)), max(2, m.px(3)), s.time)
            draw.text(surface, tt("thinking"), m.font_small - m.px(2), theme.TEXT_MUTED,
                      midleft=(x + m.px(24), head.centery + m.px(10)))
        else:
            sub = self.pod_subtitle(seat)
            draw.text(surface, sub, m.font_small - m.px(2), theme.TEXT_MUTED, midleft=(x, head.centery + m.px(10)))

    def pod_badge(self, surface: pygame.Surface, seat: int, head: pygame.Rect) -> int:
        """Draw a small badge at the right of the nameplate; return the x where the name must stop."""
        s, m = self.scene, self.scene.metrics
        hand = s.model.zones.get(f"hand:{seat}")
        if hand is None or seat == s.viewer:
            return head.right - m.px(8)
        return self.hand_count_badge(surface, hand.count, (head.right - m.px(8), head.centery))

    def hand_count_badge(self, surface: pygame.Surface, count: int, midright: tuple[int, int]) -> int:
        """How many cards a hidden hand holds, on a small card-back coloured tag; returns its left x."""
        m = self.scene.metrics
        r = pygame.Rect(0, 0, m.px(30), m.px(22))
        r.midright = midright
        pygame.draw.rect(surface, theme.CARD_BACK, r, border_radius=m.px(5))
        pygame.draw.rect(surface, theme.GOLD_DARK, r, 1, border_radius=m.px(5))
        draw.text(surface, str(count), m.font_small, theme.TEXT, bold=True, center=r.center)
        return r.left

    def prompt(self) -> tuple[str, str]:
        """(main line, hint line) under the table."""
        s = self.scene
        if s.session.state.is_over:
            return "", ""
        current = s.queue.current
        if current is not None and current.name not in ("choose", "deal"):
            return "", tt("skip_hint")
        if s.viewer is not None and s.may_act(s.viewer):
            return tt("prompt_choose"), tt("keys_hint")
        waiting = [s.session.names[x] for x in s.session.state.to_act]
        if waiting:
            return tt("prompt_wait", names=", ".join(waiting)), ""
        return "", ""

    def draw_prompt(self, surface: pygame.Surface) -> None:
        s, m = self.scene, self.scene.metrics
        main, hint = self.prompt()
        if not s.queue.idle and s.queue.current is not None and s.queue.current.name == "deal":
            main = tt("dealing")
        slot = s.geom.pods[s.geom.bottom_seat].slot
        if not main and hint:
            draw.text(surface, hint, m.font_small, theme.TEXT_MUTED,
                      midleft=(slot.right + m.px(18), slot.centery), shadow=True)
            return
        if not main:
            return
        slot = s.geom.pods[s.geom.bottom_seat].slot
        size = draw.fit_text(main, m.font_body, max(40, slot.left - s.geom.hand.left - m.px(40)), bold=True)
        image = draw.render_text(main, size, theme.GOLD_LIGHT, True)
        box = image.get_rect().inflate(m.px(28), m.px(14))
        box.midright = (slot.left - m.px(18), slot.centery)
        surface.blit(panel_surface(box.size, box.height // 2, 200, theme.GOLD_DARK), box)
        surface.blit(image, image.get_rect(center=box.center))
        if hint:
            hsize = draw.fit_text(hint, m.font_small, max(40, s.geom.hand.right - slot.right - m.px(24)))
            draw.text(surface, hint, hsize, theme.TEXT_MUTED, midleft=(slot.right + m.px(18), slot.centery),
                      shadow=True)

    def draw_menu_button(self, surface: pygame.Surface) -> None:
        """The round ☰ button at the top right (geom.menu_button) that opens the Esc menu."""
        s, m = self.scene, self.scene.metrics
        r = s.geom.menu_button
        hover = r.collidepoint(widgets.mouse_pos())
        surface.blit(panel_surface(r.size, r.h // 2, 200, theme.GOLD if hover else theme.PANEL_EDGE), r)
        for k in (-1, 0, 1):
            y = r.centery + k * m.px(7)
            pygame.draw.line(surface, theme.GOLD_LIGHT, (r.centerx - m.px(10), y), (r.centerx + m.px(10), y),
                             max(2, m.px(3)))

    # ---------------------------------------------------------------- input
    def menu_clicked(self, event: pygame.event.Event) -> bool:
        """A press on the menu button opens the Esc menu (True: the event is used)."""
        s = self.scene
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and s.geom.menu_button.collidepoint(event.pos):
            s.open_menu()
            return True
        return False

    def hand_zone(self) -> ZoneModel | None:
        """The viewer's hand in the model (None for a spectator)."""
        s = self.scene
        return s.model.zones.get(f"hand:{s.viewer}") if s.viewer is not None else None

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """Index of the top-most visible card of the viewer's hand under `pos`, where it is drawn now."""
        zone = self.hand_zone()
        if zone is None:
            return None
        for i in range(len(zone.sprites) - 1, -1, -1):
            sprite = zone.sprites[i]
            rect = self.scene.renderer.current_rect(sprite)
            if rect is not None and rect.collidepoint(pos) and not sprite.hidden:
                return i
        return None

    def pick_key(self, key: int, n: int, focus: int | None, *, set_focus: Callable[[int | None], None],
                 confirm: Callable[[int], None]) -> bool:
        """The keyboard of a one-card pick from an n-card hand, the same at every table that has one:
        Left/Right move the focus (from outside the hand: the end nearest the key), Enter/Space/Up confirm
        the focused card (no focus: focus the first), a number key focuses its card and a second press
        confirms it, Down drops the focus. The table says what focusing (`set_focus`, None = no focus)
        and confirming (`confirm`, an index) mean. True: the key was one of these."""
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            cur = focus if focus is not None else (-1 if step > 0 else n)
            set_focus(max(0, min(n - 1, cur + step)))
        elif key in CONFIRM_KEYS:
            if focus is not None and focus < n:
                confirm(focus)
            else:
                set_focus(0)
        elif key in NUMBER_KEYS:
            index = NUMBER_KEYS[key]
            if index < n:
                if focus == index:
                    confirm(index)
                else:
                    set_focus(index)
        elif key == pygame.K_DOWN:
            set_focus(None)
        else:
            return False
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Generic input: click a card of your hand to play the move with that card's id."""
        s = self.scene
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and s.viewer is not None and s.may_act(s.viewer):
            index = s.renderer.hit(event.pos, f"hand:{s.viewer}")
            if index is not None:
                card = s.model.zones[f"hand:{s.viewer}"].sprites[index].card
                for move in s.session.state.legal_moves(s.viewer):
                    if move.text == card:
                        s.play(s.viewer, move)
                        return True
        return False

    def update(self, dt: float) -> None:
        """Per-frame input polish (hover lifts)."""

    def reset_input(self) -> None:
        """Forget selection and focus (the viewer changed, or the hand changed)."""

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
    """Any family without its own table module: its zones, drawn generically, click a card to play it."""


def settle_tween(duration: float, on_update, delay: float = 0.0) -> Tween:
    return Tween(duration, on_update, ease_out_cubic, delay=delay)
