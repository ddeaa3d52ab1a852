"""The table API before sections, for the tables not yet moved onto them (Dou Dizhu, Révolte!,
Revolución): draw_under / draw_over around the cards and one handle_event for all input.

Why it still exists: the tables move onto the shared sections one by one (issue 15); until a table has,
its class derives from ClassicTable, whose sections are just two whole-window layers calling those
hooks (under the cards, and over them with every event), plus the shared out-of-game panel. Moving a
table means deriving from FamilyTable, deleting these overrides and using the sections (docs/design.md,
"The table: sections"). Delete this module when no table uses it.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from revolt_table.ui import draw, theme
from revolt_table.ui.table.family import FamilyTable
from revolt_table.ui.table.hand import NUMBER_KEYS
from revolt_table.ui.table.layers import CardsSection, MenuSection, PodsSection
from revolt_table.ui.table.render import panel_surface
from revolt_table.ui.table.section import Z_OVER, Z_PODS, Section
from revolt_table.ui.table.strings import tt

CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_UP)


class ClassicLayer(Section):
    """The whole window: draws one of the table's two hooks; the upper one takes every event."""

    def __init__(self, table: "ClassicTable", over: bool) -> None:
        super().__init__(table, "classic_over" if over else "classic_under")
        self.over = over
        self.z = Z_OVER if over else Z_PODS
        self.mouse = self.keys = over

    def layout(self) -> None:
        self.rect = pygame.Rect((0, 0), self.geom.size)

    def hit(self, pos: tuple[int, int]) -> bool:
        return True

    def draw(self, surface: pygame.Surface) -> None:
        (self.table.draw_over if self.over else self.table.draw_under)(surface)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.table.handle_event(event)


class ClassicTable(FamilyTable):
    """A table still drawn and driven by its own draw_under / draw_over / handle_event."""

    def make_sections(self) -> list[Section]:
        from revolt_table.ui.table.watch import WatchSection

        self.pods, self.menu, self.watch = PodsSection(self), MenuSection(self), WatchSection(self)
        self.cards = CardsSection(self)
        return [ClassicLayer(self, False), self.cards, ClassicLayer(self, True), self.watch]

    def reset_input(self) -> None:
        """Forget selection and focus (the viewer changed, or the hand changed)."""

    def update(self, dt: float) -> None:
        """Per-frame input polish (hover lifts)."""

    # ---------------------------------------------------------------- drawing around the cards
    def draw_under(self, surface: pygame.Surface) -> None:
        """Pods and their nameplates, under the cards."""
        for seat, pod in self.scene.geom.pods.items():
            self.draw_pod(surface, seat, pod.rect)

    def draw_over(self, surface: pygame.Surface) -> None:
        """Overlays over the cards (prompts, verdicts). Generic: the prompt line."""
        self.draw_prompt(surface)

    def draw_pod(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        self.pods.draw_pod(surface, seat, rect)

    def draw_menu_button(self, surface: pygame.Surface) -> None:
        self.menu.layout()
        self.menu.draw(surface)

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

    # ---------------------------------------------------------------- input
    def menu_clicked(self, event: pygame.event.Event) -> bool:
        """A press on the menu button opens the Esc menu (True: the event is used)."""
        s = self.scene
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and s.geom.menu_button.collidepoint(event.pos):
            s.open_menu()
            return True
        return False

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
        """The keyboard of a one-card pick from an n-card hand: Left/Right move the focus, Enter/Space/Up
        confirm the focused card (no focus: focus the first), a number key focuses its card and a second
        press confirms it, Down drops the focus. True: the key was one of these."""
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
